"""Leader, wonder and pact abilities with their own actions or steps (card ``rule`` codes; texts
and numbers from the public source P1 of digest §7.1): Homer slides under a wonder, J.S. Bach's
theater conversion, Frederick Barbarossa's population and unit, Joan of Arc's look at the next
event, the Trade Routes Agreement's exchange, Scientific Cooperation's shared science cost and
Bill Gates' culture for his extra production."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.economy import (
    build_cost,
    ca_left,
    ma_left,
    resources_for,
    rule,
    spend_ma,
    upgrade_cost,
)
from pygame_core.games.through_the_ages.model import Data, Player, pop_cost
from pygame_core.games.through_the_ages.ratings import count
from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx, decisions

Action = dict[str, Any]


def leader_rule(p: Player, code: str) -> dict[str, Any] | None:
    leader = p["leader"]
    return CARDS[leader]["rules"].get(code) if leader is not None else None


# ------------------------------------------------------------------ Homer
def homer_replaced(ctx: Ctx, seat: int, old: str) -> bool:
    """Homer is replaced: with a completed wonder, the player chooses (a decision) between sliding
    him under one (+1 happy face, no civil action back) and the civil action (L818-822)."""
    p = ctx.data["players"][seat]
    if CARDS[old]["rules"].get("slide_under_wonder") is None or not p["wonders"]:
        return False
    decisions.push(ctx.data, "homer", [seat])
    return True


def homer_legal(d: Data, seat: int) -> list[Action]:
    p = d["players"][seat]
    return [{"type": "under_wonder", "card": w} for w in p["wonders"]] + [{"type": "regain_ca"}]


def homer(ctx: Ctx, seat: int, a: Action) -> None:
    p = ctx.data["players"][seat]
    if a["type"] == "under_wonder":
        p["under_wonder"].append(a["card"])
        ctx.log(say("{p} slides Homer under {c}", "{p}将荷马置于{c}下", p=seat, c=a["card"]))
    else:
        p["ca_used"] -= 1


# ------------------------------------------------------------------ J.S. Bach, Barbarossa, Trade Routes
def bach_upgrades(p: Player, ca: int = 1) -> list[Action]:
    """Once per turn, for 1 civil action: an urban building becomes a theater of the same or a
    higher level, for the usual resource cost (the difference)."""
    if leader_rule(p, "convert_to_theater") is None or "bach" in p["once_used"] or ca_left(p) < ca:
        return []
    out = []
    for lo, n in p["workers"].items():
        a = CARDS[lo]
        if not n or a["kind"] != "urban" or a["type"] == "theater":
            continue
        for hi in p["workers"]:
            b = CARDS[hi]
            if b["kind"] == "urban" and b["type"] == "theater" and b["lvl"] >= a["lvl"] \
                    and resources_for(p, hi) >= upgrade_cost(p, lo, hi):
                out.append({"type": "upgrade", "from": lo, "to": hi})
    return out


def barbarossa_legal(p: Player) -> list[Action]:
    """For 1 military action: increase population and build a unit, each 1 cheaper."""
    rule_e = leader_rule(p, "ma_pop_and_unit")
    if rule_e is None or ma_left(p) < 1:
        return []
    food = pop_cost(p["yellow_bank"])
    if food is None or tokens.amount(p, "farm") < max(0, food - rule_e["discount_food"]):
        return []
    return [
        {"type": "barbarossa", "card": c}
        for c in p["workers"]
        if CARDS[c]["kind"] == "unit"
        and resources_for(p, c) >= max(0, build_cost(p, c) - rule_e["discount_resources"])
    ]


def barbarossa(ctx: Ctx, seat: int, a: Action) -> None:
    p = ctx.data["players"][seat]
    rule_e = CARDS[p["leader"]]["rules"]["ma_pop_and_unit"]
    spend_ma(p, 1)
    food = max(0, (pop_cost(p["yellow_bank"]) or 0) - rule_e["discount_food"])
    tokens.pay(p, "farm", food)
    p["yellow_bank"] -= 1
    cost = max(0, build_cost(p, a["card"]) - rule_e["discount_resources"])
    extra = min(p["military_resources"], cost)
    p["military_resources"] -= extra
    tokens.pay(p, "mine", cost - extra)
    p["workers"][a["card"]] += 1
    ctx.log(say("{p} increases population and builds {c} ({n} food, {m} resources)",
                "{p}增加人口并建造{c}（{n}食物，{m}资源）", p=seat, c=a["card"], n=food, m=cost))


def convert_legal(p: Player) -> list[Action]:
    """Trade Routes Agreement: once per turn, 1 food as 1 resource (side A) or the reverse (B)."""
    rule_e = rule(p, "convert")
    if rule_e is None or "convert" in p["once_used"]:
        return []
    give = "farm" if rule_e["give"] == "food" else "mine"
    return [{"type": "convert"}] if tokens.amount(p, give) >= rule_e["n"] else []


def convert(ctx: Ctx, seat: int) -> None:
    p = ctx.data["players"][seat]
    rule_e = rule(p, "convert")
    assert rule_e is not None
    give, get = ("farm", "mine") if rule_e["give"] == "food" else ("mine", "farm")
    tokens.pay(p, give, rule_e["n"])
    tokens.gain(p, get, rule_e["n"])
    p["once_used"].append("convert")
    ctx.log(say("{p} trades 1 {x} for 1 {y}", "{p}以1{x}换1{y}", p=seat,
                x=rule_e["give"], y=rule_e["get"]))


def free_pop_legal(p: Player) -> list[Action]:
    """Ocean Liner Service (P1): once during the action phase, gain 1 population for no action and
    no food (a yellow token from the yellow bank to the worker pool, L1384)."""
    if "free_pop" in p["once_used"] or p["yellow_bank"] <= 0 or rule(p, "free_population") is None:
        return []
    return [{"type": "free_pop"}]


def free_pop(ctx: Ctx, seat: int) -> None:
    p = ctx.data["players"][seat]
    p["yellow_bank"] -= 1
    p["unused_workers"] += 1
    p["once_used"].append("free_pop")
    ctx.log(say("{p} gains 1 population ({c})", "{p}获得1人口（{c}）", p=seat, c="ii_ocean_liner_service"))


# ------------------------------------------------------------------ Joan of Arc
def peek_legal(d: Data, p: Player) -> list[Action]:
    if leader_rule(p, "peek_current_event") is None or p["peek"] is not None or not d["current_events"]:
        return []
    return [{"type": "peek"}]


def peek(ctx: Ctx, seat: int) -> None:
    """Look at the top current event: only this seat learns it (an undo barrier)."""
    d = ctx.data
    top = d["current_events"][-1]
    d["players"][seat]["peek"] = top
    ctx.reveal()
    ctx.log(say("{p} looks at the next event: {c}", "{p}查看下一张事件牌：{c}", p=seat, c=top), to=[seat],
            others=say("{p} looks at the next event", "{p}查看下一张事件牌", p=seat))


# ------------------------------------------------------------------ Scientific Cooperation
def coop_partner(d: Data, seat: int) -> int | None:
    """The partner of a Scientific Cooperation pact ``seat`` is party to (None if none)."""
    p = d["players"][seat]
    for card, _side in p["pact_sides"]:
        if "science_cooperation" not in CARDS[card]["sides"]["A"]["rules"]:
            continue
        if p["pact"] and p["pact"]["card"] == card:
            return int(p["pact"]["with"])
        for s, q in enumerate(d["players"]):
            if q["pact"] and q["pact"]["card"] == card and q["pact"]["with"] == seat:
                return s
    return None


# ------------------------------------------------------------------ Bill Gates
def gates_production(p: Player) -> int:
    """Bill Gates: each lab also produces resources equal to its level."""
    return count(p, "lab_levels") if leader_rule(p, "score_extra_production_on_leave") else 0


def gates_leaves(ctx: Ctx, seat: int) -> None:
    """Bill Gates leaves play (or the game ends): culture equal to his extra production."""
    p = ctx.data["players"][seat]
    n = gates_production(p)
    if n:
        p["culture"] += n
        ctx.log(say("{p} scores {n} culture for {c}", "{p}因{c}获得{n}文化", p=seat, c="iii_bill_gates", n=n))

