"""Pending decisions: a per-seat stack ``p["decisions"]`` of small steps taken one at a time.

Kinds: ``destroy`` (which location a card destroys, L254), ``place`` (where an innovation
goes, L397-400), ``refresh`` (remove N exhaust markers, conflict icon L469) and
``quick_finish`` (end of the quick-game setup, L664). Steps with at most one possible
outcome resolve by themselves (:func:`settle`).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import exhausted_keys, refresh
from pygame_core.games.empires_end.data import CARD_NAME, CARDS
from pygame_core.games.empires_end.empire import destroy, destroy_options, place, placement_options
from pygame_core.games.empires_end.model import discard, draw_to_hand
from pygame_core.games.empires_end.text import join, seat_t, t
from pygame_core.kernel.state import Ctx


def options(p: dict[str, Any], item: dict[str, Any]) -> list[Any]:
    k = item["kind"]
    if k == "destroy":
        return destroy_options(p["locations"], CARDS[item["card"]]["target"])
    if k == "place":
        return placement_options(p["locations"])
    if k == "refresh":
        return exhausted_keys(p)
    return []


def legal(p: dict[str, Any]) -> list[dict[str, Any]]:
    item = p["decisions"][0]
    k = item["kind"]
    opts = options(p, item)
    if k == "destroy":
        return [{"type": "destroy", "loc": q} for q in opts]
    if k == "place":
        return [{"type": "place", "loc": q} for q in opts]
    if k == "refresh":
        return [{"type": "refresh", "src": key} for key in opts]
    return []


def apply(ctx: Ctx, seat: int, a: dict[str, Any]) -> None:
    p = ctx.data["seats"][seat]
    item = p["decisions"][0]
    if a["type"] == "destroy":
        p["decisions"].pop(0)
        destroy(ctx, seat, a["loc"])
    elif a["type"] == "place":
        p["decisions"].pop(0)
        place(ctx, seat, item["card"], a["loc"])
    elif a["type"] == "refresh":
        refresh(p, a["src"])
        ctx.log(join(seat_t(seat), t(" refreshes ", "刷新了"), CARD_NAME[a["src"][2:]], t(".", "。")))
        item["count"] -= 1
        if item["count"] <= 0:
            p["decisions"].pop(0)
    settle(ctx, seat)


def settle(ctx: Ctx, seat: int) -> None:
    """Resolve every step at the top of the stack that leaves no choice."""
    p = ctx.data["seats"][seat]
    while p["decisions"]:
        item = p["decisions"][0]
        k = item["kind"]
        if k == "quick_finish":
            p["decisions"].pop(0)
            # L664: discard the 2 cards left and draw 2
            discard(ctx, p["hand"], face_down_by=seat)
            p["hand"] = []
            draw_to_hand(ctx, seat, ctx.data["hand_size"])
            p["done"] = True
            continue
        opts = options(p, item)
        if k == "refresh" and len(opts) > item["count"]:
            return
        if k != "refresh" and len(opts) > 1:
            return
        p["decisions"].pop(0)
        if k == "destroy":
            if opts:
                destroy(ctx, seat, opts[0])
            else:
                ctx.log(join(seat_t(seat), t(" has no intact location left to destroy.",
                                             "已沒有可毀壞的完好地點。")))
        elif k == "place":
            if opts:
                place(ctx, seat, item["card"], opts[0])
            else:
                # ruling A5: no intact location -> the innovation is discarded
                discard(ctx, [item["card"]])
                ctx.log(join(seat_t(seat), t(" has no intact location: ",
                                             "沒有完好地點："), CARD_NAME[item["card"]],
                             t(" is discarded.", "被棄置。")))
        elif k == "refresh":
            for key in opts:
                refresh(p, key)
