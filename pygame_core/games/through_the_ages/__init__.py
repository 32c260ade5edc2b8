"""Through the Ages: A New Story of Civilization (历史巨轮：人类文明新篇章, 2015 edition).

Rules from the seed handbook ``001_226be1480c28be9b.txt``; data in ``data/``; rulings in README.md.
"""

from pygame_core.games.through_the_ages.game import GAME

__all__ = ["GAME"]
