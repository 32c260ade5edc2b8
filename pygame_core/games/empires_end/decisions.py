"""Empire's End on the kernel's pending-decision stack (:mod:`pygame_core.kernel.decisions`).

A seat's own steps are non-blocking decisions, answered one at a time while other seats go on:
``destroy`` (which location a card destroys, L254), ``place`` (where an innovation goes, L397-400)
and ``refresh`` (remove N exhaust markers, conflict icon L469). Steps with at most one possible
outcome resolve by themselves (:func:`settle`). The blocking decisions are elsewhere: the sealed
conflict ``bid`` (conflict.py) and the Resource Shortage offer to every seat (disaster.py).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import exhausted_keys, refresh
from pygame_core.games.empires_end.data import CARD_NAME, CARDS
from pygame_core.games.empires_end.empire import destroy, destroy_options, place, placement_options
from pygame_core.games.empires_end.model import discard
from pygame_core.games.empires_end.text import t
from pygame_core.kernel import decisions as stack
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import join, seat_name

Data = dict[str, Any]
STEPS = ("destroy", "place", "refresh")


def queue(d: Data, seat: int, steps: list[dict[str, Any]]) -> None:
    """Give ``seat`` its own steps, answered in the order given (the first ends on top)."""
    for item in reversed(steps):
        info = {k: v for k, v in item.items() if k != "kind"}
        stack.push(d, item["kind"], [seat], blocking=False, **info)


def steps_of(d: Data, seat: int) -> list[Decision]:
    """``seat``'s own pending steps, the current one first."""
    return [x for x in reversed(stack.stack(d)) if x["kind"] in STEPS and seat in x["seats"]]


def options(d: Data, seat: int, item: Decision) -> list[Any]:
    p = d["seats"][seat]
    k = item["kind"]
    if k == "destroy":
        return destroy_options(p["locations"], CARDS[item["card"]]["target"])
    if k == "place":
        return placement_options(p["locations"])
    if k == "refresh":
        return exhausted_keys(p)
    return []


def legal(d: Data, seat: int, item: Decision) -> list[dict[str, Any]]:
    k = item["kind"]
    opts = options(d, seat, item)
    if k == "destroy":
        return [{"type": "destroy", "loc": q} for q in opts]
    if k == "place":
        return [{"type": "place", "loc": q} for q in opts]
    return [{"type": "refresh", "src": key} for key in opts]


def apply(ctx: Ctx, seat: int, item: Decision, a: dict[str, Any]) -> None:
    d = ctx.data
    p = d["seats"][seat]
    if a["type"] == "destroy":
        stack.pop(d, item)
        destroy(ctx, seat, a["loc"])
    elif a["type"] == "place":
        stack.pop(d, item)
        place(ctx, seat, item["card"], a["loc"])
    elif a["type"] == "refresh":
        refresh(p, a["src"])
        ctx.log(join(seat_name(seat), t(" refreshes ", "刷新了"), CARD_NAME[a["src"][2:]], t(".", "。")))
        item["count"] -= 1
        if item["count"] <= 0:
            stack.pop(d, item)
    settle(ctx, seat)


def settle(ctx: Ctx, seat: int) -> None:
    """Resolve every step at the top of ``seat``'s queue that leaves no choice."""
    d = ctx.data
    p = d["seats"][seat]
    while True:
        mine = steps_of(d, seat)
        if not mine:
            return
        item = mine[0]
        k = item["kind"]
        opts = options(d, seat, item)
        if k == "refresh" and len(opts) > item["count"]:
            return
        if k != "refresh" and len(opts) > 1:
            return
        stack.pop(d, item)
        if k == "destroy":
            if opts:
                destroy(ctx, seat, opts[0])
            else:
                ctx.log(join(seat_name(seat), t(" has no intact location left to destroy.",
                                             "已沒有可毀壞的完好地點。")))
        elif k == "place":
            if opts:
                place(ctx, seat, item["card"], opts[0])
            else:
                # ruling A5: no intact location -> the innovation is discarded
                discard(ctx, [item["card"]])
                ctx.log(join(seat_name(seat), t(" has no intact location: ",
                                             "沒有完好地點："), CARD_NAME[item["card"]],
                             t(" is discarded.", "被棄置。")))
        elif k == "refresh":
            for key in opts:
                refresh(p, key)
