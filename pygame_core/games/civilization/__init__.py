"""Sid Meier's Civilization: The Board Game (席德梅爾的文明帝國), base game: the rules engine.

Rules from the seed rulebook ``000_fcd7daf2adb52f57.txt``; data in ``data/`` (see its README);
the view, the action types and the rulings in README.md.
"""

from pygame_core.games.civilization.game import GAME

__all__ = ["GAME"]
