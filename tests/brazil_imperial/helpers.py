"""Building Brazil: Imperial positions for rule tests without playing up to them.

- :func:`started` plays the setup (mission draft, monarchs, capitals) with the first legal choice of
  each seat and returns the first position of era I.
- :func:`edit` returns a new State whose data is a copy changed by a function (history empty), so a
  test sets exactly the fields it needs and then plays through the Game API.
- :func:`clear` empties every hand, supply and the map but for the capitals.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from pygame_core import games
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import model
from pygame_core.kernel.state import State

Data = dict[str, Any]
GAME = games.get("brazil_imperial")


def started(players: int = 2, seed: int = 1) -> State:
    s = GAME.new_game(players=players, seed=seed)
    while s.data["stage"] != "play" or s.data["pending"]:
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    return s


def edit(state: State, fn: Callable[[Data], None]) -> State:
    data = copy.deepcopy(state.data)
    fn(data)
    return State(state.game, state.players, state.seed, state.options, data, state.rng)


def clear(g: Data) -> None:
    for p in g["players"]:
        p.update({"supply": {}, "battle": [], "gold": [], "paintings": []})
    for u in g["units"].values():
        u.update({"state": "board", "hex": None})


def capital(g: Data, seat: int) -> str:
    return str(model.player(g, seat)["capital"])


def near(g: Data, h: str, terrain: str, *, exclude: tuple[str, ...] = ()) -> str:
    """A hex next to ``h`` with that static terrain, free of tiles and face-down tiles."""
    for n in bd.geometry(g["map"]).neighbours[h]:
        x = g["hexes"][n]
        if (
            bd.geometry(g["map"]).terrain[n] == terrain
            and n not in exclude
            and x["building"] is None
            and x["city"] is None
            and x["capital"] is None
            and x["explore"] is None
        ):
            return n
    raise LookupError(f"no {terrain} next to {h}")


def put_building(g: Data, h: str, building: str, owner: int, goods: dict[str, int] | None = None) -> None:
    tile = next(x for x in bd.TILES if building in x["sides"])
    g["hexes"][h]["building"] = {
        "kind": "building",
        "id": building,
        "tile": tile["id"],
        "side": list(tile["sides"]).index(building),
        "owner": owner,
        "goods": dict(goods or {}),
        "palace": None,
    }
    g["hexes"][h]["explore"] = None


def put_unit(g: Data, seat: int, unit_type: str, h: str) -> str:
    """Deploy (by hand) the first unit of that type still on the seat's board."""
    for uid, u in g["units"].items():
        if (
            u["seat"] == seat
            and u["state"] == "board"
            and model.unit_slot(g, seat, u["slot"])["type"] == unit_type
        ):
            u.update({"state": "map", "hex": h})
            return uid
    raise LookupError(unit_type)


def to_turn(g: Data, seat: int, phase: str = "action", arch: str | None = None) -> None:
    g["turn"] = {"seat": seat, "phase": phase, "arch": arch, "free_used": 0, "bonus_used": False}
    if arch:
        model.player(g, seat)["marker"]["arch"] = arch


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return GAME.legal_actions(state, seat)


def board_with(unit_type: str) -> str:
    return next(b["colour"] for b in bd.BOARDS if any(u["type"] == unit_type for u in b["units"]))
