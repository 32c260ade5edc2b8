"""Moving clerks (文官, L298-304, L207).

One move takes a clerk from the seat's supply to an empty space of any location, or moves one of its
clerks already on a location to a space of another location. A regular location has as many spaces
as printed; a special one takes any number (L310-314). A clerk may not leave a regular location that
is full and about to activate (L304, ruling A25: it stays locked until its activation). "Move up to
2 clerks to 2 different locations" (L207): no two moves of one effect go to the same location, but a
location may already hold clerks, the seat's own included. A clerk the effect has just moved is not
moved again by it (up to n clerks, each moved once).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall import effects, model, steps
from pygame_core.games.great_wall.text import fmt, seat_name, t
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]


def locked(g: Data, loc: str) -> bool:
    """A full regular location: its clerks cannot leave before it activates (L304)."""
    return model.is_regular(g, loc) and model.is_full(g, loc)


def moves(g: Data, seat: int, used: list[str]) -> list[Action]:
    """The legal single clerk moves for ``seat`` when the effect has already sent clerks to ``used``."""
    sources: list[str] = []
    if g["players"][seat]["clerks"] > 0:
        sources.append("supply")
    # a clerk this effect has just sent somewhere stays there: the effect moves up to n clerks
    # (L207), so a location it sent one to gives a clerk only if the seat had another there before
    sources += [loc for loc in gdata.LOCATION_IDS
                if model.count_at(g, loc, seat) > (1 if loc in used else 0) and not locked(g, loc)]
    dests = [loc for loc in gdata.LOCATION_IDS if loc not in used and model.has_room(g, loc)]
    return [{"type": "clerk", "from": src, "to": dst} for src in sources for dst in dests if src != dst]


def move(ctx: Ctx, seat: int, src: str, dst: str) -> None:
    g = ctx.data
    if src == "supply":
        g["players"][seat]["clerks"] -= 1
    else:
        g["locations"][src].remove(seat)
    g["locations"][dst].append(seat)
    name = gdata.location(g["side"], dst)["name"]
    if src == "supply":
        ctx.log(fmt(t("{p} sends a clerk to the {l}.", "{p}派遣1個文官到{l}。"), p=seat_name(seat), l=name),
                seat=seat)
    else:
        ctx.log(fmt(t("{p} moves a clerk from the {a} to the {l}.", "{p}將1個文官從{a}移到{l}。"),
                p=seat_name(seat),
                    a=gdata.location(g["side"], src)["name"], l=name), seat=seat)


def start(ctx: Ctx, seat: int, n: int, different: bool = True) -> None:
    """The op ``move_clerks``: up to ``n`` moves, to different locations (L207)."""
    g = ctx.data
    if n > 0 and moves(g, seat, []):
        steps.ask(g, "clerks", seat, left=n, used=[], different=different)


@effects.op("move_clerks")
def _op_move(ctx: Ctx, seat: int, e: dict[str, Any]) -> None:
    n = int(e.get("n", 1))
    more = e.get("more_if_played")
    if more and played_by_another(ctx.data, seat, str(more["card"])):
        n += int(more["n"])  # Despotism against Economy (L801)
    start(ctx, seat, n, bool(e.get("different", True)))


def played_by_another(g: Data, seat: int, card: str) -> bool:
    """Another seat's ``card`` lies on the command track this Autumn."""
    return any(x is not None and x["seat"] != seat and x["card"] == card for x in g["command_track"])


def _legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [*moves(g, seat, d["used"] if d.get("different", True) else []), {"type": "stop"}]


@steps.decision("clerks", _legal)
def _decide(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if action["type"] == "stop":
        return
    move(ctx, seat, action["from"], action["to"])
    left = int(d["left"]) - 1
    used = [*d["used"], action["to"]]
    if left > 0 and moves(ctx.data, seat, used if d.get("different", True) else []):
        steps.ask(ctx.data, "clerks", seat, left=left, used=used, different=d.get("different", True))
