"""Final scoring, in the seed's order (L671-681):

1. -5 Honor per shame token under a soldier, never below 0 (L675);
2. the reward of each defeated Horde card held with no shame on it (L677, L245);
3. the Artifacts' Honor for each condition met (L679);
4. most Honor wins; a tie goes to the seat higher in tea order (L681).

``finish`` applies it once, at the end of the last Winter, and stores the result in ``g["final"]``;
``scores`` reads it (or, before the end, what the scoring would give now).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import cards, horde, model, modes, shame
from pygame_core.games.great_wall.text import fmt, join, seat_name, t
from pygame_core.kernel.state import Ctx

Data = dict[str, Any]


def breakdown(g: Data, seat: int) -> dict[str, int]:
    p = g["players"][seat]
    honor = int(p["honor"])
    after = honor - int(shame.end_penalty(g, seat))  # never below 0 (L675)
    trophies = int(horde.trophy_honor(g, seat))
    arts = sum(int(n) for _, n in cards.artifact_score(g, seat))
    return {"honor": honor, "shame": after - honor, "horde": trophies, "artifacts": arts}


def rank(g: Data, totals: list[int]) -> list[int]:
    """Best first: by total, then by tea order (L681)."""
    return sorted(range(len(totals)), key=lambda s: (-totals[s], model.tea_rank(g, s)))


def compute(g: Data) -> dict[str, Any]:
    parts = [breakdown(g, s) for s in range(model.nplayers(g))]
    totals = [sum(b.values()) for b in parts]
    order = rank(g, totals)
    tied = [s for s in order if totals[s] == totals[order[0]]]
    tiebreak = None
    if len(tied) > 1:
        names = [seat_name(s) for s in tied]
        listed: list[Any] = []
        for i, nm in enumerate(names):
            listed += [t(", ", "、"), nm] if i else [nm]
        tiebreak = {"key": "tea", "tied": tied, "label": t("Higher in the tea order", "茶序較高者"),
                    "values": [model.tea_rank(g, s) + 1 for s in range(len(totals))],
                    "text": fmt(t("Tie on {n} Honor, broken by the tea order: {w}.",
                            "同為{n}點榮譽，依茶序決定：{w}。"),
                                n=totals[order[0]], w=join(*listed))}
    return modes.adjust_scores(g, {"totals": totals, "breakdown": parts, "winners": [order[0]], "rank": order,
                                   "tiebreak": tiebreak})  # solo: against Qin; co-op: shared (L874, L994)


def finish(ctx: Ctx) -> None:
    g = ctx.data
    result = compute(g)
    for s, b in enumerate(result["breakdown"]):
        g["players"][s]["honor"] = result["totals"][s]
        ctx.log(fmt(t("{p}: shame {a}, Horde cards {b}, Artifacts {c}: {n} Honor.",
                "{p}：恥辱{a}，蒙軍卡{b}，神器{c}：共{n}點榮譽。"),
                    p=seat_name(s), a=b["shame"], b=b["horde"], c=b["artifacts"], n=result["totals"][s]),
                            seat=s)
    g["final"] = result
    g["over"] = True
    if result.get("outcome"):  # solo: against Qin (L874)
        ctx.log(result["outcome"])
    elif result["winners"]:
        ctx.log(fmt(t("{p} wins.", "{p}獲勝。"), p=seat_name(result["winners"][0])))


def scores(g: Data) -> dict[str, Any]:
    if g.get("final"):
        out: dict[str, Any] = g["final"]
        return out
    return compute(g)
