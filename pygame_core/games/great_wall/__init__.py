"""The Great Wall (長城), seed 002_0500a7cf6a39c93f.txt: competitive 3-4 players (slice 1).

Registered with ``listed = False``: playable by address and in Python tests, no front end yet.
"""

from pygame_core.games.great_wall.game import GreatWall

GAME = GreatWall()
