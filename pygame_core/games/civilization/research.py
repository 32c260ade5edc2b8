"""Research (L928-1016): a sealed simultaneous choice, trade thresholds, the tech pyramid, unlocks."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import city, model, victory
from pygame_core.games.civilization.data import BUILDINGS, TECHS, name
from pygame_core.games.civilization.text import t
from pygame_core.kernel import Ctx, decisions
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import fmt, seat_name

Data = dict[str, Any]
THRESHOLD = {1: 6, 2: 11, 3: 16, 4: 21, 5: 26}  # L946


def counts(data: Data, seat: int) -> dict[int, int]:
    c = {k: 0 for k in range(1, 6)}
    for lvl in data["p"][seat]["techs"].values():
        c[lvl] += 1
    return c


def slot_ok(data: Data, seat: int, tid: str) -> bool:
    """A legal pyramid slot (L954-960): level n needs two level n-1 cards under it, i.e. after adding,
    #level(n) <= #level(n-1) - 1 (A39)."""
    lvl = int(TECHS[tid]["level"])
    if lvl == 1:
        return True
    c = counts(data, seat)
    return c[lvl] + 1 <= c[lvl - 1] - 1


def research_discount(data: Data, seat: int) -> int:
    """Trade the research thresholds are lowered by (Porcelain Tower)."""
    return sum(
        int(e["amount"]) for e in model.effects_in_force(data, seat) if e["kind"] == "research_discount"
    )


def options(data: Data, seat: int) -> list[str]:
    """Techs ``seat`` may learn now: unknown, enough trade (L946), a legal slot; Space Flight only while
    nobody has it (L164)."""
    p = data["p"][seat]
    out = []
    discount = research_discount(data, seat)
    for tid, rec in TECHS.items():
        need = THRESHOLD[int(rec["level"])] - discount
        if model.knows(data, seat, tid) or p["trade"] < need:
            continue
        if rec["level"] == 5 and any(model.knows(data, s, tid) for s in range(len(data["p"]))):
            continue
        if slot_ok(data, seat, tid):
            out.append(tid)
    return out


def begin(ctx: Ctx) -> None:
    d = ctx.data
    decisions.push(d, "research", list(range(len(d["p"]))), sealed=True)  # L940: face down, then reveal


def legal(data: Data, seat: int) -> list[Action]:
    return [{"type": "research", "tech": tid} for tid in options(data, seat)] + [
        {"type": "research", "tech": ""}
    ]


def resolve(ctx: Ctx, dec: dict[str, Any]) -> None:
    """All choices revealed together; each learned tech spends the trade except 1 per coin (L948, A38).
    Unless the game is over, the next turn begins after this (``flow.start_turn``, called by the game)."""
    d = ctx.data
    winners = []
    for seat in d["order"]:
        tid = dec["answers"][str(seat)]["tech"]
        p = d["p"][seat]
        if not tid:
            ctx.log(fmt(t("{p} learns nothing.", "{p}沒有研發。"), p=seat_name(seat)))
            continue
        coins = model.coins(d, seat)
        p["trade"] = min(coins, p["trade"])
        learn(ctx, seat, tid)
        if TECHS[tid]["level"] == 5:
            winners.append(seat)
    if winners and not d["learning"]:
        victory.win(ctx, winners, "tech")  # L1028-1032
        return
    victory.check(ctx)


def learn(ctx: Ctx, seat: int, tid: str, free: bool = False) -> None:
    """Add ``tid`` to the pyramid at its level and apply its unlocks at once (L964-1002)."""
    d = ctx.data
    p = d["p"][seat]
    rec = TECHS[tid]
    p["techs"][tid] = int(rec["level"])
    ctx.log(fmt(t("{p} learns {x}.", "{p}研發{x}。"), p=seat_name(seat), x=name("tech", tid)))
    for e in rec.get("unlocks", []):
        k = e["kind"]
        if k == "unit_rank":
            u, r = e["unit"], int(e["rank"])
            if p["ranks"].get(u, 0) < r:  # L976-988, A41
                p["ranks"][u] = r
                _germany(ctx, seat, u)
        elif k == "unlock_government":
            p["govs_new"].append(e["government"])  # L574
        elif k == "unlock_building":
            b = BUILDINGS[e["building"]]
            if b["upgrade"] is None and b["base"] != e["building"]:
                for item in d["items"].values():  # L990-998: flip base copies
                    if item["o"] == seat and item["k"] == "b" and item["id"] == b["base"]:
                        item["id"] = e["building"]
    if model.hand_limit(d, seat) < len(p["hand"]):
        city.check_hand(ctx, seat)


def _germany(ctx: Ctx, seat: int, utype: str) -> None:
    """Germany: a free unit of a type it upgrades or unlocks (public civ sheet, digest §3.2)."""
    d = ctx.data
    p = d["p"][seat]
    if any(e.get("rule") == "free_unit_on_upgrade" for e in model.civ_rules(p)) and d["decks"][utype]:
        p["forces"].append(city.draw_unit(ctx, utype))
        left = [r for r in sorted(d["market"]) if d["market"][r] > 0]
        if left:  # and a market resource: the engine takes the most plentiful (ruling)
            r = max(left, key=lambda k: d["market"][k])
            d["market"][r] -= 1
            p["res"][r] = p["res"].get(r, 0) + 1
