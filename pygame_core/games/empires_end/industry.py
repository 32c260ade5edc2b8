"""Industry phase (L349-389): in any order, (1) build or sell up to 2 hand cards, optionally
discard both remaining cards, refill to the hand size; (2) repair one destroyed location;
(3) use industry abilities (City swap, Fire innovations...)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import discount_sources, repair_cost, use_actions
from pygame_core.games.empires_end.data import CARD_NAME, CARDS, LOC_NAME
from pygame_core.games.empires_end.empire import place, placement_options
from pygame_core.games.empires_end.model import discard, draw_to_hand, pay_hammers, show
from pygame_core.games.empires_end.text import t
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import join, seat_name


def new_counters() -> dict[str, Any]:
    return {"cards_used": 0, "discounts_used": 0, "repaired": False, "discarded": False}


def build_cost(p: dict[str, Any], card: str) -> tuple[int, bool]:
    """L355-357: 1 or 2 hammers; each intact Town (and each active build-discount innovation)
    takes 1 off one innovation; two discounts never apply to the same card (L357, L385).
    Returns (cost, uses a discount)."""
    cost = int(CARDS[card]["cost"])
    if cost > 0 and len(discount_sources(p, "build_discount")) > p["industry"]["discounts_used"]:
        return cost - 1, True
    return cost, False


def legal(d: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    p = d["seats"][seat]
    acts: list[dict[str, Any]] = []
    ind = p["industry"]
    wallet = p["resources"]["hammer"] + p["resources"]["coin"]
    if ind["cards_used"] < 2:
        opts = placement_options(p["locations"])
        seen = set()
        for c in p["hand"]:
            if c in seen:
                continue
            seen.add(c)
            if build_cost(p, c)[0] <= wallet:
                acts.extend({"type": "build", "card": c, "loc": q} for q in opts)
            acts.append({"type": "sell", "card": c})
    elif not ind["discarded"] and p["hand"]:
        acts.append({"type": "discard_rest"})
    if not ind["repaired"]:
        for i, loc in enumerate(p["locations"]):
            if not loc["intact"] and repair_cost(p, i + 1) <= wallet:
                acts.append({"type": "repair", "loc": i + 1})
    acts.extend(use_actions(p, "industry"))
    acts.append({"type": "done"})
    return acts


def apply(ctx: Ctx, seat: int, a: dict[str, Any]) -> None:
    p = ctx.data["seats"][seat]
    kind = a["type"]
    if kind == "build":
        cost, disc = build_cost(p, a["card"])
        pay_hammers(p["resources"], cost)
        p["industry"]["discounts_used"] += int(disc)
        p["industry"]["cards_used"] += 1
        p["hand"].remove(a["card"])
        show(ctx, [a["card"]])  # it goes face up into the empire
        ctx.log(join(seat_name(seat), t(f" builds an innovation for {cost} hammer(s).",
                                     f"花費{cost}個錘子建造創新。")))
        place(ctx, seat, a["card"], a["loc"])
    elif kind == "sell":
        # L359: discard it and take 1 coin
        p["hand"].remove(a["card"])
        show(ctx, [a["card"]])
        discard(ctx, [a["card"]])
        p["resources"]["coin"] += 1
        p["industry"]["cards_used"] += 1
        ctx.log(join(seat_name(seat), t(" sells ", "出售了"), CARD_NAME[a["card"]], t(" for 1 coin.",
                                                                                "，獲得1個金幣。")))
    elif kind == "discard_rest":
        # L359-361: both remaining cards or neither
        n = len(p["hand"])
        discard(ctx, p["hand"], face_down_by=seat)
        p["hand"] = []
        p["industry"]["discarded"] = True
        ctx.log(join(seat_name(seat), t(f" discards the {n} remaining card(s).", f"棄置了剩餘的{n}張手牌。")))
    elif kind == "repair":
        # L363-367: pay hammers and/or coins, flip intact; one repair per phase
        cost = repair_cost(p, a["loc"])
        pay_hammers(p["resources"], cost)
        loc = p["locations"][a["loc"] - 1]
        loc["intact"] = True
        p["industry"]["repaired"] = True
        ctx.log(join(seat_name(seat), t(" repairs ", "修繕了"), LOC_NAME[loc["id"]], t(f" for {cost}.",
                                                                                 f"，費用為{cost}。")))


def finish(ctx: Ctx, seat: int) -> None:
    """End of the player's Industry phase: refill the hand to the hand size (L361, A9, A20)."""
    p = ctx.data["seats"][seat]
    draw_to_hand(ctx, seat, ctx.data["hand_size"] - len(p["hand"]))
