"""Empire's End (終焉帝國), John D. Clair: the complete rules engine.

Rules from the seed rulebook ``003_812ab895ee4e74e5.txt``; data and rulings in README.md.
"""

from pygame_core.games.empires_end.game import GAME

__all__ = ["GAME"]
