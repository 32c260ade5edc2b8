"""Building Brazil: Imperial positions for rule tests without playing up to them.

- :func:`started` plays the setup (mission draft, monarchs, capitals) with the first legal choice of
  each seat and returns the first position of era I.
- :func:`edit` returns a new State whose data is a copy changed by a function (history empty), so a
  test sets exactly the fields it needs and then plays through the Game API.
- :func:`clear` empties every hand, supply and the map but for the capitals; :func:`fresh` also puts
  both seats on the green board with a monarch whose ability touches no rule test but the missions'.
- :func:`attack_position` builds the position most combat tests start from: seat 0's units beside
  seat 1's tile, far from everything else.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple

from pygame_core import games
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import model
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.state import State, copy_json

Data = dict[str, Any]
GAME = games.get("brazil_imperial")
BOARD = "green"  #: the board :func:`fresh` deals both seats: monarch, 2 archers, heavy cavalry, cannon
NEUTRAL = "dom_oba_ii"  #: the monarch it gives them: its ability (missions) touches no other rule test


def started(players: int = 2, seed: int = 1) -> State:
    s = GAME.new_game(players=players, seed=seed)
    while s.data["stage"] != "play" or s.data["pending"]:
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    return s


@cache
def base() -> State:
    """:func:`started` for 2 players, seed 1, made once (a State is never changed in place: ``GAME.apply``
    and :func:`edit` return new ones)."""
    return started(2, 1)


def edit(state: State, fn: Callable[[Data], None]) -> State:
    data = copy.deepcopy(state.data)
    fn(data)
    return State(state.game, state.players, state.seed, state.options, data, state.rng)


def clear(g: Data) -> None:
    for p in g["players"]:
        p.update({"supply": {}, "battle": [], "gold": [], "paintings": []})
    for u in g["units"].values():
        u.update({"state": "board", "hex": None})


def fresh(g: Data) -> None:
    """:func:`clear`, and both seats on :data:`BOARD` with the monarch :data:`NEUTRAL`."""
    clear(g)
    for p in g["players"]:
        p.update({"board": BOARD, "monarch": NEUTRAL})


def hx(g: Data, h: str) -> Mapping[str, Any]:
    """What hex ``h`` of the position ``g`` holds, every field named (None or False when it does not
    hold it): the state leaves out what a hex does not hold (model.py). Read-only: change a hex with
    ``model.put``; its building or city is the position's own (changed in place)."""
    return MappingProxyType({"building": None, "city": None, "capital": None, "explore": None,
                             "bandeiras": False, **model.at(g, h)})


def capital(g: Data, seat: int) -> str:
    return str(model.player(g, seat)["capital"])


def near(g: Data, h: str, terrain: str, *, exclude: tuple[str, ...] = ()) -> str:
    """A hex next to ``h`` with that static terrain, free of tiles and face-down tiles."""
    for n in bd.geometry(g["map"]).neighbours[h]:
        x = hx(g, n)
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
    b = {
        "kind": "building",
        "id": building,
        "tile": tile["id"],
        "side": list(tile["sides"]).index(building),
        "owner": owner,
        "goods": dict(goods or {}),
        "palace": None,
    }
    model.put(g, h, "building", b)
    model.put(g, h, "explore", None)


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


def doing(g: Data, seat: int, arch: str) -> None:
    """The seat's turn, in the middle of ``arch`` (its marker there, the arch's first step)."""
    to_turn(g, seat, "arch", arch)
    g["turn"].update({"doing": arch, "step": 0})


def far_plains(g: Data, gap: int = 3) -> str:
    """A face-up plains hex at least ``gap`` hexes from every capital and tile (the first in map order)."""
    geo = bd.geometry(g["map"])
    taken = [h for h in geo.order if model.owner(g, h) is not None]
    for h in geo.order:
        if (
            geo.terrain[h] == "plains"
            and hx(g, h)["explore"] is None
            and all(bd.distance(h, o) >= gap for o in taken)
        ):
            return h
    raise LookupError("no far plains")


def far_pair(g: Data) -> tuple[str, str]:
    """:func:`far_plains` and the first face-up plains or forest hex beside it."""
    spot = far_plains(g)
    geo = bd.geometry(g["map"])
    for n in geo.neighbours[spot]:
        if geo.terrain[n] in ("plains", "forest") and hx(g, n)["explore"] is None:
            return spot, n
    raise LookupError(f"no land beside {spot}")


def explore_pair(g: Data) -> tuple[str, str]:
    """The first hex with a face-down exploration tile, and a face-up plains or forest hex beside it
    that no one owns."""
    geo = bd.geometry(g["map"])
    spot = next(h for h in geo.order if hx(g, h)["explore"] is not None)
    for n in geo.neighbours[spot]:
        if (
            geo.terrain[n] in ("plains", "forest")
            and hx(g, n)["explore"] is None
            and model.owner(g, n) is None
        ):
            return spot, n
    raise LookupError(f"no free land beside {spot}")


class Attack(NamedTuple):
    state: State
    units: list[str]  #: seat 0's units on ``come``, in the order of ``attackers``
    spot: str  #: the hex attacked (:func:`far_pair`)
    come: str  #: the hex beside it the attackers stand on


def attack_position(
    attackers: tuple[str, ...] = ("cavalry",),
    *,
    tile: str | None = "farm",
    goods: dict[str, int] | None = None,
    arch: str = "build",
    then: Callable[[Data, str], None] | None = None,
) -> Attack:
    """Seat 0, in the movement phase with its marker on ``arch``, has units of the types ``attackers``
    on a land hex beside ``spot``, a plains hex 3+ hexes from every capital and tile (:func:`far_pair`),
    where seat 1 owns the building ``tile`` holding ``goods`` (no tile if None). Everything else is
    :func:`fresh` (green boards, empty hands, supplies and map). ``then(g, spot)`` makes the test's own
    changes (defenders, cards, paintings, markers) before the State is made. Attacking is then
    ``{"type": "move", "unit": units[0], "to": spot, "as": "free", "carry": units[1:]}``."""
    spot, come = far_pair(base().data)
    units: list[str] = []

    def prep(g: Data) -> None:
        fresh(g)
        if tile is not None:
            put_building(g, spot, tile, 1, goods)
        units.extend(put_unit(g, 0, kind, come) for kind in attackers)
        to_turn(g, 0, "movement", arch)
        if then is not None:
            then(g, spot)

    return Attack(edit(base(), prep), units, spot, come)


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return GAME.legal_actions(state, seat)


def board_with(unit_type: str) -> str:
    return next(b["colour"] for b in bd.BOARDS if any(u["type"] == unit_type for u in b["units"]))


def positions(players: int, seed: int, every: int, steps: int = 1500, last: bool = False) -> list[State]:
    """Positions of a random game (seat to move first, seeded choices), every ``every``-th action of
    at most ``steps``, as States; with ``last``, the position it ends on too."""
    po = Playout(GAME, GAME.new_game(players=players, seed=seed))
    pick = random.Random(seed)
    out = []
    for k in range(steps):
        seats = po.to_move()
        if not seats:
            break
        if k % every == 0:
            out.append(State(GAME.id, po.players, po.seed, po.options, copy_json(po.data), po.rng.state))
        po.play(seats[0], pick.choice(po.legal_actions(seats[0])))
    if last:
        out.append(State(GAME.id, po.players, po.seed, po.options, copy_json(po.data), po.rng.state))
    return out
