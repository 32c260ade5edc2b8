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
#: Games imported one by one (``get``) before the whole registry was asked for.
_loaded: dict[str, Game] = {}
#: A game id (a package name).
_ID = re.compile(r"[a-z_0-9]+")
#: How a save written by ``Game.save`` starts, up to its game's id.
_SAVE_START = re.compile(rf'\{{"format":{SAVE_FORMAT},"engine_version":"[^"\\]*","rules":"[^"\\]*",'
                         r'"game":"([a-z_0-9]+)",')


def _packages() -> list[str]:
    """The game packages' names, sorted (so the order never depends on the file system); none imported."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg and not m.name.startswith("_"))


def _import(name: str) -> Game | None:
    """Import one game package; its ``GAME`` (None if it defines none)."""
    game = getattr(importlib.import_module(f"{__name__}.{name}"), "GAME", None)
    if not isinstance(game, Game):
        return None
    if game.id != name:
        raise RuntimeError(f"pygame_core.games.{name}.GAME has id {game.id!r}; "
                           "a game's id must be its package name")
    return game


def _discover() -> dict[str, Game]:
    """Import every game package once, in id order."""
    global _registry
    if _registry is None:
        found: dict[str, Game] = {}
        for name in _packages():
            game = _loaded.get(name) or _import(name)
            if game is not None:
                found[game.id] = game
        _registry = found
    return _registry


def _one(game_id: str) -> Game | None:
    """The game with this id, importing its package alone: a page that plays one game (the site's boot
    snapshot of that game, docs/architecture.md) never imports the others. None if there is none."""
    if _registry is not None:
        return _registry.get(game_id)
    if game_id not in _loaded:
        if game_id not in _packages():
            return None
        game = _import(game_id)
        if game is None:
            return None
        _loaded[game_id] = game
    return _loaded[game_id]


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
    game = _one(game_id) if isinstance(game_id, str) and _ID.fullmatch(game_id) else None
    if game is None:
        raise OptionError(f"unknown game {game_id!r}; available: {', '.join(available())}")
    return game


def game_of(text: Any) -> Game:
    """The game a save's text is for (raises :class:`~pygame_core.errors.SaveError`).

    A save as this site writes it names its game near the start, and that is read without parsing
    the rest (the game's own load checks all of it); any other text is parsed to say what is wrong."""
    named = _SAVE_START.match(text[:400]) if isinstance(text, str) else None
    game = _one(named.group(1)) if named is not None else None
    if game is not None:
        return game
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
