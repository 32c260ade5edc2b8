"""Brazil: Imperial (巴西帝國), seed 004_5d2e064babb0bb6e.txt: 2-4 players, solo as 1 human against bot
seats (issue 19 slice 1: engine and data).

Registered with ``listed = False``: playable by address and in Python tests; the board is a later slice.
"""

from pygame_core.games.brazil_imperial.game import BrazilImperial

GAME = BrazilImperial()
