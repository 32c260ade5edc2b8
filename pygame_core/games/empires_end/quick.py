"""Quick game setup (L654-668): start at the ⚡ space, draw 4, one mulligan of all 4 cards,
execute 2 chosen cards together (destroy their targets, then place them as innovations),
discard the other 2 and draw 2; the hand size is 2 for the whole game."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.data import CARD_NAME
from pygame_core.games.empires_end.decisions import queue
from pygame_core.games.empires_end.model import discard, draw_to_hand, show
from pygame_core.games.empires_end.text import t
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import join, seat_name


def legal(d: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    p = d["seats"][seat]
    hand = p["hand"]
    acts: list[dict[str, Any]] = [{"type": "execute", "cards": [hand[i], hand[j]]}
                                  for i in range(len(hand)) for j in range(i + 1, len(hand))]
    if p["executed"]:
        return []  # placing its two cards (own steps) before it is done
    if not p["mulligan_used"]:
        acts.append({"type": "mulligan"})
    return acts


def apply(ctx: Ctx, seat: int, a: dict[str, Any]) -> None:
    d = ctx.data
    p = d["seats"][seat]
    if a["type"] == "mulligan":
        # L661: once, discard all 4 and draw 4 new ones
        p["mulligan_used"] = True
        n = len(p["hand"])
        discard(ctx, p["hand"], face_down_by=seat)
        p["hand"] = []
        ctx.log(join(seat_name(seat), t(" redraws the hand.", "重新抽取了手牌。")))
        draw_to_hand(ctx, seat, n)
        return
    c1, c2 = a["cards"]
    p["hand"].remove(c1)
    p["hand"].remove(c2)
    p["mulligan_used"] = True
    # the two cards are turned face up: their names, and the targets they destroy, are public
    show(ctx, [c1, c2])
    ctx.log(join(seat_name(seat), t(" executes ", "執行了"), CARD_NAME[c1], t(" and ", "與"), CARD_NAME[c2],
                 t(".", "。")))
    # L662: both at once: destroy both targets (the 2nd by the adjacency rule if the same, A19),
    # then tuck both as innovations
    p["executed"] = True
    queue(d, seat, [{"kind": "destroy", "card": c1}, {"kind": "destroy", "card": c2},
                    {"kind": "place", "card": c1}, {"kind": "place", "card": c2}])


def finish(ctx: Ctx, seat: int) -> None:
    """L664: once both cards are placed, discard the 2 cards left and draw 2; the seat is done."""
    p = ctx.data["seats"][seat]
    discard(ctx, p["hand"], face_down_by=seat)
    p["hand"] = []
    draw_to_hand(ctx, seat, ctx.data["hand_size"])
    p["done"] = True
