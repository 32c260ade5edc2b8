"""The registry of playable games: ``available()`` and ``get(id)``.

>>> from pygame_core import games
>>> "empires_end" in games.available()
True
>>> g = games.get("empires_end")
>>> s = g.new_game(players=3, seed=7)
>>> g.to_move(s)
[0]
"""

from __future__ import annotations

import importlib

from pygame_core.errors import OptionError
from pygame_core.kernel.game import Game

#: id -> module path that defines ``GAME``; listed in product order.
_REGISTRY: dict[str, str] = {
    "empires_end": "pygame_core.games.empires_end",
}
_cache: dict[str, Game] = {}


def available() -> list[str]:
    """Ids of the playable games."""
    return list(_REGISTRY)


def get(game_id: str) -> Game:
    """The game with this id; raises :class:`~pygame_core.errors.OptionError` if unknown."""
    if not isinstance(game_id, str) or game_id not in _REGISTRY:
        raise OptionError(f"unknown game {game_id!r}; available: {', '.join(available())}")
    if game_id not in _cache:
        _cache[game_id] = importlib.import_module(_REGISTRY[game_id]).GAME
    return _cache[game_id]
