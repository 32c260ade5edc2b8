"""The movement phase (L449-486): one free move and one bonus move, in any order, both optional.

- Free move: one unit to an adjacent hex (L451); it may enter water (B16, FAQ), not a map-edge hex
  (only Renovate's bonus reaches those, L474).
- Bonus move by the arch used this turn (L462-480): Deploy, one own unit any distance to the seat's
  capital or a city it built and controls; Paint, to an adjacent forest; Build, to an adjacent building
  or city tile; Renovate, to an adjacent map-edge hex or into/out of water; Manufacture, to an adjacent
  gold mine; Port and Trade give no move but +1 attack / +2 defence while the marker stays (L482-486,
  combat.py).
- Heavy cavalry may carry other units as it moves (L268; G14: one unit, authored).
- Cannons and grenadiers may spend the free move to attack an adjacent hex without entering (L494).
- A gold card's extra free move adds one free move (effects ``move``).
- Nobody enters an opponent's capital: it can be neither attacked nor occupied (L324, L509).
- Entering a hex with enemy units, or an enemy building or city, starts a battle (L489); entering a
  face-down exploration tile flips it (L251, combat.explore).
"""

from __future__ import annotations

import itertools
from typing import Any

from pygame_core.games.brazil_imperial import combat, model
from pygame_core.kernel import Ctx

Data = dict[str, Any]
Action = dict[str, Any]
RANGED = ("cannon", "grenadier")  # L269, L494, B12
CARRIER = "cavalry"  # L268
CARRY = 2  # G14, authored (data/README.md: up to 2 other units)


def unit_type(g: Data, uid: str) -> str:
    u = g["units"][uid]
    return str(model.unit_slot(g, u["seat"], u["slot"]).get("type"))


def free_left(g: Data) -> bool:
    turn = g["turn"]
    return int(turn.get("free_used", 0)) < 1 + int(turn.get("free_extra", 0))


def _enterable(g: Data, seat: int, h: str) -> bool:
    cap = model.capital(g, h)
    return cap is None or cap == seat


def free_targets(g: Data, uid: str) -> list[str]:
    h = g["units"][uid]["hex"]
    seat = g["units"][uid]["seat"]
    geo = model.geo(g)
    return [n for n in geo.neighbours[h] if geo.terrain[n] != "edge" and _enterable(g, seat, n)]


def bonus_targets(g: Data, uid: str, homes: dict[int, list[str]] | None = None) -> list[str]:
    """Where the Arch's bonus move takes unit ``uid``; ``homes``: a memo of :func:`_homes` by seat
    (one listing asks it for each unit of the seat)."""
    arch = g["turn"].get("arch")
    u = g["units"][uid]
    h, seat = u["hex"], u["seat"]
    geo = model.geo(g)
    near = [n for n in geo.neighbours[h] if _enterable(g, seat, n)]
    if arch == "deploy":
        found = None if homes is None else homes.get(seat)
        if found is None:
            found = _homes(g, seat)
            if homes is not None:
                homes[seat] = found
        return [x for x in found if x != h]
    if arch == "paint":
        return [n for n in near if model.terrain(g, n) == "forest"]
    if arch == "build":
        return [n for n in near if model.tile(g, n) is not None or model.capital(g, n) is not None]
    if arch == "renovate":
        return [
            n
            for n in near
            if geo.terrain[n] == "edge" or geo.terrain[n] == "water" or geo.terrain[h] == "water"
        ]
    if arch == "manufacture":
        return [n for n in near if model.terrain(g, n) == "gold_mine"]
    return []


def _homes(g: Data, seat: int) -> list[str]:
    """The hexes of the seat's capital and of the cities it owns and controls, in the map's order."""
    out = []
    for x in model.geo(g).order:
        c = model.city(g, x)
        own_city = c is not None and c["owner"] == seat and model.controller(g, x) == seat
        if model.capital(g, x) == seat or own_city:
            out.append(x)
    return out


def mine(g: Data, seat: int) -> list[str]:
    return [u for u, x in g["units"].items() if x["seat"] == seat and x["state"] == "map"]


def legal(g: Data, seat: int) -> list[Action]:
    out: list[Action] = []
    turn = g["turn"]
    free = free_left(g)
    bonus = not turn.get("bonus_used")
    homes: dict[int, list[str]] = {}
    for uid in mine(g, seat):
        kinds = [("free", free_targets(g, uid))] if free else []
        if bonus:
            kinds.append(("bonus", bonus_targets(g, uid, homes)))
        riders: list[list[str]] = [[]]
        if unit_type(g, uid) == CARRIER:
            with_me = [
                o for o in mine(g, seat) if o != uid and g["units"][o]["hex"] == g["units"][uid]["hex"]
            ]
            riders += [list(c) for n in range(1, CARRY + 1) for c in itertools.combinations(with_me, n)]
        for how, targets in kinds:
            for h in targets:
                out += [{"type": "move", "unit": uid, "to": h, "as": how, "carry": c} for c in riders]
        if free and unit_type(g, uid) in RANGED:
            h = g["units"][uid]["hex"]
            out += [
                {"type": "ranged", "unit": uid, "target": n}
                for n in model.geo(g).neighbours[h]
                if combat.defender_of(g, n, seat) is not None and _enterable(g, seat, n)
            ]
    return out


def apply(ctx: Ctx, seat: int, action: Action) -> None:
    g = ctx.data
    turn = g["turn"]
    if action["type"] == "ranged":
        turn["free_used"] = int(turn.get("free_used", 0)) + 1
        combat.start(ctx, seat, [action["unit"]], action["target"], ranged=True)
        return
    if action["as"] == "free":
        turn["free_used"] = int(turn.get("free_used", 0)) + 1
    else:
        turn["bonus_used"] = True
    movers = [action["unit"], *action.get("carry", [])]
    to = action["to"]
    if combat.defender_of(g, to, seat) is not None:
        combat.start(ctx, seat, movers, to)
        return
    for u in movers:
        g["units"][u]["hex"] = to
    combat.arrive(ctx, seat, movers, to)
