"""Conflict phase (L451-481): reveal a conflict card, sealed simultaneous bids of axes and
coins (in learning mode, L195: open bids one player at a time in turn order), one threshold row
per player, victory reward to the highest total(s), turmoil for everyone else, bids back to the
supply."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import base_military
from pygame_core.games.empires_end.data import CONFLICTS, LOC_NAME
from pygame_core.games.empires_end.decisions import queue
from pygame_core.games.empires_end.empire import ranked_intact, swap
from pygame_core.games.empires_end.model import gain, turn_order
from pygame_core.games.empires_end.text import res_t, t
from pygame_core.kernel import decisions as stack
from pygame_core.kernel import deck
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import join, seat_name


def start(ctx: Ctx) -> None:
    d = ctx.data
    card = deck.draw(ctx.rng, d["conflict_deck"], d["conflict_discard"])  # reshuffled when empty (G7)
    assert card is not None, "every conflict card is out of both piles"
    ctx.reveal()
    d["conflict"] = {"card": card, "bids": None, "totals": None}
    d["step"] = "bid"
    num = int(card.split("-")[1])
    ctx.log(t(f"Conflict card {num} revealed.", f"翻開第{num}號衝突牌。"))
    if d["learning"]:
        # L195: a first game may play the phase one player at a time: open bids in turn order
        d["conflict"]["open_bids"] = {}
        stack.push(d, "bid", [turn_order(d)[0]])
        return
    # L457: everyone bids at once, in secret: a sealed decision of every seat, resolved when all bid
    stack.push(d, "bid", list(range(len(d["seats"]))), sealed=True)


def legal(d: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """L457: any number of axes and/or coins, 0 included (A14)."""
    r = d["seats"][seat]["resources"]
    return [{"type": "bid", "axe": a, "coin": c} for a in range(r["axe"] + 1) for c in range(r["coin"] + 1)]


def bid(ctx: Ctx, seat: int, a: dict[str, Any]) -> None:
    """The bid leaves the screen at once (held in the fist, ruling A22) and stays secret until all
    bid; the kernel keeps it in the sealed decision's answers."""
    p = ctx.data["seats"][seat]
    p["resources"]["axe"] -= a["axe"]
    p["resources"]["coin"] -= a["coin"]
    ctx.log(join(seat_name(seat), t(" has made a sealed bid.", "已秘密出價。")))


def open_bid(ctx: Ctx, seat: int, decision: dict[str, Any], a: dict[str, Any]) -> None:
    """L195, learning mode: the phase one player at a time. The bid leaves the screen in plain sight
    (so it shows what the player had: an undo barrier), and the next player in turn order (L232)
    bids knowing it; after the last bid the conflict resolves as the sealed one does (L457-460)."""
    d = ctx.data
    stack.pop(d, decision)
    ctx.reveal()
    p = d["seats"][seat]
    p["resources"]["axe"] -= a["axe"]
    p["resources"]["coin"] -= a["coin"]
    bids = d["conflict"]["open_bids"]
    bids[str(seat)] = {"axe": a["axe"], "coin": a["coin"]}
    total = base_military(p) + a["axe"] + a["coin"]
    ctx.log(join(seat_name(seat),
                 t(f" bids {a['axe']} axe(s) and {a['coin']} coin(s) openly: military {total}.",
                   f"公開出價{a['axe']}個戰斧與{a['coin']}個金幣：總軍事力量{total}。")))
    left = [s for s in turn_order(d) if str(s) not in bids]
    if left:
        stack.push(d, "bid", [left[0]])
    else:
        resolve(ctx, bids)


def committed(d: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The bids given so far (seat as text -> bid), while the bid is open: the sealed ones, or in
    learning mode the open ones (L195)."""
    conflict = d.get("conflict")
    if conflict is not None and conflict.get("open_bids") is not None and conflict["bids"] is None:
        return dict(conflict["open_bids"])
    for x in stack.stack(d):
        if x["kind"] == "bid" and x.get("sealed"):
            return dict(x["answers"])
    return {}


def row_for(card: dict[str, Any], strength: int) -> dict[str, Any] | None:
    for row in card["rows"]:
        if (row["min"] is None or strength >= row["min"]) and (row["max"] is None or strength <= row["max"]):
            return row
    return None


def resolve(ctx: Ctx, answers: dict[str, dict[str, Any]]) -> None:
    """L457-460: reveal together, rows, victory, turmoil, bids discarded."""
    d = ctx.data
    ctx.reveal()
    card = CONFLICTS[d["conflict"]["card"]]
    n = len(d["seats"])
    bids = [{"axe": answers[str(s)]["axe"], "coin": answers[str(s)]["coin"]} for s in range(n)]
    totals = [base_military(d["seats"][s]) + bids[s]["axe"] + bids[s]["coin"] for s in range(n)]
    d["conflict"]["bids"] = {str(s): bids[s] for s in range(n)}
    d["conflict"]["totals"] = {str(s): totals[s] for s in range(n)}
    best = max(totals)
    for s in range(n):
        p = d["seats"][s]
        b = bids[s]
        ctx.log(join(seat_name(s), t(f" bid {b['axe']} axe(s) and {b['coin']} coin(s): military {totals[s]}.",
                                  f"出價{b['axe']}個戰斧與{b['coin']}個金幣：總軍事力量{totals[s]}。")))
        row = row_for(card, totals[s])
        refresh = 0
        if row is not None:
            p["score"] += row["points"]
            gain(p["resources"], row["gain"])
            refresh += row["refresh"]
            pts = row["points"]
            said = t(f" scores {pts} point(s)", f"獲得{pts}分") if pts >= 0 else \
                t(f" loses {-pts} point(s)", f"失去{-pts}分")
            ctx.log(join(seat_name(s), said,
                         join(t(" and ", "及"), res_t(row["gain"])) if row["gain"] else "", t(".", "。")))
        if totals[s] == best:
            v = card["victory"]
            p["score"] += v["points"]
            gain(p["resources"], v["gain"])
            ctx.log(join(seat_name(s), t(" wins the conflict: ", "贏得衝突：獲得"),
                         t(f"{v['points']} point(s)", f"{v['points']}分"),
                         join(t(" and ", "及"), res_t(v["gain"])) if v["gain"] else "", t(".", "。")))
        else:
            tm = card["turmoil"]
            a = ranked_intact(p["locations"], tm["rank"])
            if a is not None and a != tm["to"]:
                name = LOC_NAME[p["locations"][a - 1]["id"]]
                swap(p["locations"], a, tm["to"])
                ctx.log(join(seat_name(s), t(" suffers turmoil: ", "受到動蕩："), name,
                             t(f" moves to position {tm['to']}.", f"移動至第{tm['to']}個位置。")))
        if refresh:
            queue(d, s, [{"kind": "refresh", "count": refresh}])
    d["conflict_discard"].append(d["conflict"]["card"])
    d["step"] = "refresh"
