"""Helpers to build Through the Ages test positions: start a real game, then edit a copy of its
data into a new State (the kernel's State is treated as immutable)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame_core.games.through_the_ages import GAME
from pygame_core.kernel.state import State, copy_json


def edit(state: State, fn: Callable[[dict[str, Any]], None]) -> State:
    data = copy_json(state.data)
    fn(data)
    return State(state.game, state.players, state.seed, state.options, data, state.rng, state.history,
                 state.checkpoint, state.log, state.meta)


def fresh(players: int = 2, mode: str = "simple", round_: int = 1, **options: Any) -> State:
    """A new game with seat 0 as the starting player; with ``round_`` >= 2 every player has all
    their actions (4 CA, 2 MA) as at the start of a normal turn."""
    s = GAME.new_game(players=players, seed=5, options={"mode": mode, **options})

    def fn(d: dict[str, Any]) -> None:
        d["start"] = 0
        d["turn"] = 0
        d["order"] = list(range(players))
        for i, p in enumerate(d["p"]):
            p["order"] = i
            p["ca_used"] = p["ca_total"] - (i + 1) if round_ == 1 else 0
            p["ma_used"] = p["ma_total"] if round_ == 1 else 0
        d["round"] = round_
        if round_ >= 2:
            d["age"] = 1
    return edit(s, fn)


def legal(s: State, seat: int | None = None) -> list[dict[str, Any]]:
    return GAME.legal_actions(s, GAME.to_move(s)[0] if seat is None else seat)


def play(s: State, action: dict[str, Any], seat: int | None = None) -> State:
    return GAME.apply(s, GAME.to_move(s)[0] if seat is None else seat, action)


def p0(s: State) -> dict[str, Any]:
    return s.data["p"][0]
