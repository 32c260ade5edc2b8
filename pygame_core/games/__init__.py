"""The registry of games, discovered: every subpackage of ``pygame_core.games`` that defines ``GAME``.

Adding a game means adding its package here (``pygame_core/games/<id>/__init__.py`` exporting
``GAME``, a :class:`~pygame_core.kernel.game.Game` whose ``id`` is the package name); nothing else
names it. A game with ``listed = False`` (a test game such as ``toy``) is registered and playable by
id, but not offered in the production game list.

>>> from pygame_core import games
>>> "empires_end" in games.available()
True
>>> "toy" in games.available(), "toy" in games.registered()
(False, True)
>>> g = games.get("empires_end")
>>> s = g.new_game(players=3, seed=7)
>>> len(g.to_move(s))
1
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from typing import Any

from pygame_core.errors import OptionError, SaveError
from pygame_core.kernel.game import Game
from pygame_core.kernel.saves import SAVE_FORMAT, parse_save

_registry: dict[str, Game] | None = None
#: How a save written by ``Game.save`` starts, up to its game's id.
_SAVE_START = re.compile(rf'\{{"format":{SAVE_FORMAT},"engine_version":"[^"\\]*","rules":"[^"\\]*",'
                         r'"game":"([a-z_0-9]+)",')


def _discover() -> dict[str, Game]:
    """Import every game package once (sorted by id, so the order never depends on the file system)."""
    global _registry
    if _registry is None:
        found: dict[str, Game] = {}
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if not info.ispkg or info.name.startswith("_"):
                continue
            game = getattr(importlib.import_module(f"{__name__}.{info.name}"), "GAME", None)
            if isinstance(game, Game):
                if game.id != info.name:
                    raise RuntimeError(f"pygame_core.games.{info.name}.GAME has id {game.id!r}; "
                                       "a game's id must be its package name")
                found[game.id] = game
        _registry = found
    return _registry


def is_listed(game: Game) -> bool:
    """A production game (shown in game lists), as opposed to a test game."""
    return game.listed


def available() -> list[str]:
    """Ids of the listed (production) games, the ones a player is offered."""
    return [gid for gid, g in _discover().items() if is_listed(g)]


def registered() -> list[str]:
    """Ids of every registered game, test games included."""
    return list(_discover())


def get(game_id: str) -> Game:
    """The registered game with this id; raises :class:`~pygame_core.errors.OptionError` if unknown."""
    reg = _discover()
    if not isinstance(game_id, str) or game_id not in reg:
        raise OptionError(f"unknown game {game_id!r}; available: {', '.join(available())}")
    return reg[game_id]


def game_of(text: Any) -> Game:
    """The game a save's text is for (raises :class:`~pygame_core.errors.SaveError`).

    A save as this site writes it names its game near the start, and that is read without parsing
    the rest (the game's own load checks all of it); any other text is parsed to say what is wrong."""
    named = _SAVE_START.match(text[:400]) if isinstance(text, str) else None
    if named is not None and named.group(1) in _discover():
        return _discover()[named.group(1)]
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
