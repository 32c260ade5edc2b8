"""Bots that play any seat: ``random`` for every game, ``heuristic`` where a game has one, and the
search levels ``normal`` and ``hard`` (:mod:`pygame_core.bots.search`, information-set MCTS).

A bot sees only ``game.view(state, seat)`` information in principle; the random bot
needs nothing but the legal actions. Bots are deterministic: their choices depend on
their seed and the game position, so simulations replay exactly.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from pygame_core import games
from pygame_core.bots import search
from pygame_core.bots.seeds import _rng_for as _rng_for
from pygame_core.bots.seeds import rng_at as rng_at
from pygame_core.errors import OptionError
from pygame_core.kernel.game import Game
from pygame_core.kernel.state import Action, State


class Bot(Protocol):
    name: str

    def choose(self, game: Game, state: State, seat: int) -> Action: ...


class RandomBot:
    """Picks a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, state: State, seat: int) -> Action:
        actions = game.legal_actions(state, seat)
        if not actions:
            raise OptionError(f"seat {seat} has no legal action")
        return _rng_for(self.seed, state, seat).choice(actions)


class HeuristicBot:
    """Delegates to the game's ``heuristic`` module: ``choose(game, state, seat, rng)``."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.seed = seed
        package = type(game).__module__.rsplit(".", 1)[0]
        self._impl: Any = importlib.import_module(f"{package}.heuristic")

    def choose(self, game: Game, state: State, seat: int) -> Action:
        return self._impl.choose(game, state, seat, _rng_for(self.seed, state, seat))


def available(game_id: str) -> list[str]:
    """Bot kinds offered for this game: what the game declares (``Game.bots``)."""
    return list(games.get(game_id).bots)


#: The search levels: iterations from ``search.BUDGETS`` (deterministic), time in the browser.
SEARCH_KINDS = ("normal", "hard")


def best_kind(game: Game) -> str:
    """The kind webapi's ``"best"`` names: the game's fastest strong bot (``heuristic`` if it has one,
    never a search level), for a seat that hands one decision to a bot (a Reed Clan choice)."""
    kinds = [k for k in game.bots if k not in SEARCH_KINDS]
    return "heuristic" if "heuristic" in kinds else (kinds[-1] if kinds else "random")


def make(kind: str, game_id: str, seed: int = 0, iterations: int | None = None,
         time_ms: float | None = None) -> Bot:
    """A bot of ``kind`` ("random", "heuristic", "normal" or "hard", as the game offers; "best":
    :func:`best_kind`) for ``game_id``. For the search levels, ``iterations`` replaces the level's
    budget and ``time_ms`` caps its thinking time (in play; with neither, the level's iterations:
    deterministic)."""
    game = games.get(game_id)
    if kind == "best":  # what webapi's "best" names: the heuristic, never a search level
        kind = best_kind(game)
    if isinstance(kind, str) and kind in game.bots:
        if kind == "random":
            return RandomBot(seed)
        if kind == "heuristic":
            return HeuristicBot(game, seed)
        if kind in SEARCH_KINDS:
            return search.level(kind, game, seed, iterations, time_ms)
    shown = kind if isinstance(kind, str) and len(kind) < 40 else "?"
    raise OptionError(f"unknown bot {shown!r} for {game_id}; available: {', '.join(game.bots)}")
