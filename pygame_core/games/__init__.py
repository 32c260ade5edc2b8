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
from typing import Any

from pygame_core.errors import OptionError, SaveError
from pygame_core.kernel.game import Game
from pygame_core.kernel.saves import parse_save

#: id -> module path that defines ``GAME``; listed in product order.
_REGISTRY: dict[str, str] = {
    "empires_end": "pygame_core.games.empires_end",
    "civilization": "pygame_core.games.civilization",
}
_cache: dict[str, Game] = {}


def registered() -> list[str]:
    """Ids of every registered game, test games included."""
    return list(_REGISTRY)


def available() -> list[str]:
    """Ids of the playable games of the production list (test games left out)."""
    return [gid for gid in _REGISTRY if get(gid).listed]


def get(game_id: str) -> Game:
    """The game with this id; raises :class:`~pygame_core.errors.OptionError` if unknown."""
    if not isinstance(game_id, str) or game_id not in _REGISTRY:
        raise OptionError(f"unknown game {game_id!r}; available: {', '.join(available())}")
    if game_id not in _cache:
        _cache[game_id] = importlib.import_module(_REGISTRY[game_id]).GAME
    return _cache[game_id]


def game_of(text: Any) -> Game:
    """The game a save's text is for (raises :class:`~pygame_core.errors.SaveError`)."""
    doc = parse_save(text)
    try:
        return get(doc["game"])
    except OptionError:
        name = doc["game"] if isinstance(doc["game"], str) and len(doc["game"]) < 40 else "?"
        raise SaveError(f"this save is for an unknown game {name!r}") from None


def load_any(text: Any) -> tuple[Game, Any]:
    """Load a save of any registered game: returns ``(game, state)`` (raises SaveError)."""
    game = game_of(text)
    return game, game.load(text)
