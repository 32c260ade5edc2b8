"""Toy: a tiny sealed-bid test game (id ``toy``), registered but not listed.

It exists to test the kernel and the shell with something that is not a production game:
``games.get("toy")`` and ``play.html?game=toy`` work, ``games.available()`` and the home page's
game list leave it out (``listed = False``).
"""

from pygame_core.games.toy.game import GAME, TOY

__all__ = ["GAME", "TOY"]
