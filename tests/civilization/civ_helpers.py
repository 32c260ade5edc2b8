"""Helpers for Civilization rule tests: start a real game, finish setup, then edit a copy of its data
into a new State (the kernel's State is treated as immutable)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame_core.games.civilization import GAME, geo
from pygame_core.kernel.state import State, copy_json


def edit(state: State, fn: Callable[[dict[str, Any]], None]) -> State:
    data = copy_json(state.data)
    fn(data)
    return State(
        state.game,
        state.players,
        state.seed,
        state.options,
        data,
        state.rng,
        state.history,
        state.checkpoint,
        state.log,
        state.meta,
    )


def play(state: State, seat: int, action: dict[str, Any]) -> State:
    return GAME.apply(state, seat, action)


def after_setup(players: int = 2, seed: int = 1, **options: Any) -> State:
    """A new game played through setup with the first legal choice at every step (turn 1 begins)."""
    s = GAME.new_game(players=players, seed=seed, options=options or None)
    while s.data["phase"] == "setup":
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    return s


def square(data: dict[str, Any], x: int, y: int) -> int:
    sq = geo.at(data, x, y)
    assert sq is not None
    return sq


def flat_map(data: dict[str, Any], terrain: str = "grassland", **icons: int) -> None:
    """Every layout cell face up with one uniform terrain (a test fixture map, not the box's tiles)."""
    sq = {
        "terrain": terrain,
        "trade": 0,
        "production": 0,
        "culture": 0,
        "coin": 0,
        "resource": None,
        "hut": False,
        "village": False,
        **icons,
    }
    from pygame_core.games.civilization.data import TILES

    TILES["_test_flat_" + terrain + str(sorted(icons.items()))] = {
        "id": "_flat",
        "kind": "neutral",
        "squares": [dict(sq) for _ in range(16)],
    }
    tid = "_test_flat_" + terrain + str(sorted(icons.items()))
    for c in data["tiles"]:
        c.update({"tile": tid, "up": True, "arrow": "n"})
    data["marks"] = {}
    geo.grid_key(data)


def set_square(data: dict[str, Any], sq: int, **fields: Any) -> None:
    """Give one square its own terrain and icons (registers a one-off tile for its cell)."""
    from pygame_core.games.civilization.data import TILES

    i = geo.cell_of(data, sq)
    c = data["tiles"][i]
    base = list(geo.rotated(c["tile"], c["arrow"]))
    k = geo.cell_squares(data, i).index(sq)
    base[k] = {**base[k], **fields}
    tid = f"_test_{len(TILES)}"
    TILES[tid] = {"id": tid, "kind": "neutral", "squares": base}
    c.update({"tile": tid, "arrow": "n", "up": True})
    geo.grid_key(data)


def bare(data: dict[str, Any]) -> None:
    """No figures, cities or items on the map."""
    data["figs"] = {}
    data["cities"] = []
    data["items"] = {}
