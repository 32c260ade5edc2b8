"""The action phase: civil actions (L380-1264) and military actions (L755-770, L1153-1186,
L1500-1554). Each ``_x`` function lists the legal actions of one kind; :func:`apply` plays them.

Actions (JSON): ``take{slot}``, ``pop``, ``build{card}``, ``upgrade{from,to}``, ``destroy{card}``,
``disband{card}``, ``leader{card}``, ``stage{n}``, ``develop{card}``, ``revolution{card}``,
``play{card, option?, do?}``, ``tactic{card}``, ``copy{card}``, ``end``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame_core.games.through_the_ages import abilities, effects, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.economy import (
    any_discount,
    build_cost,
    ca_left,
    discount,
    ma_left,
    matches,
    pay_resources,
    spend_ca,
    spend_ma,
    sync,
    upgrade_cost,
    use_once,
)
from pygame_core.games.through_the_ages.effects import enter, remove_leader
from pygame_core.games.through_the_ages.model import (
    FOOD_SHORT_CULTURE,
    ROW_COST,
    Data,
    Player,
    consumption,
    corruption,
    pop_cost,
)
from pygame_core.games.through_the_ages.ratings import limits, produce_extra, refresh_partners, rule
from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx

Action = dict[str, Any]
#: (civil actions left, military actions left) of the player, worked out once per listing of actions.
Left = tuple[int, int]
TECH_KINDS = ("farm", "mine", "urban", "unit", "special", "government")


def in_play(p: Player, cid: str) -> bool:
    return cid in p["workers"] or cid in p["specials"] or cid == p["government"]


def hand_limit(p: Player) -> int:
    """Civil hand limit = white tokens owned (L638, L1797), plus card modifiers."""
    return p["ca_total"] + limits(p)["civil_hand"]


#: Cards whose take cost is the row slot's, always: no wonder, leader or Taj Mahal rule.
PLAIN_TAKE = frozenset(
    cid for cid, c in CARDS.items()
    if c["kind"] not in ("wonder", "leader") and "leader_replaced_wonder_discount" not in c["rules"]
)


def take_cost(p: Player, slot: int, cid: str) -> int:
    if cid in PLAIN_TAKE:
        return ROW_COST[slot]
    c = CARDS[cid]
    cost = ROW_COST[slot]
    if c["kind"] == "wonder" and rule(p, "no_extra_wonder_ca") is None:  # Michelangelo (P1)
        cost += len(p["wonders"])  # L422-426
        cost -= discount(p, "take_wonder", cid)
    if c["kind"] == "leader":
        cost -= discount(p, "take_leader", cid)
    taj = c["rules"].get("leader_replaced_wonder_discount")
    if taj is not None and p["leader_replaced"]:  # Taj Mahal (P1)
        cost -= taj["n"]
    return max(0, cost)


def can_take(d: Data, p: Player, slot: int, limit: int, budget: int | None = None) -> bool:
    """Whether the card in ``slot`` may be taken (with ``budget`` civil actions instead of the
    player's own: International Agreement)."""
    cid = d["row"][slot]
    if cid is None:
        return False
    c = CARDS[cid]
    kind = c["kind"]
    if kind == "wonder":
        if p["wonder"] is not None:
            return False  # L416-426
    elif len(p["civil_hand"]) >= limit:  # L632, L638-644
        return False
    elif kind in TECH_KINDS and (cid in p["civil_hand"] or in_play(p, cid)):
        return False  # L386-390
    elif kind == "leader" and c["lvl"] in p["leader_ages"]:
        return False  # L406-408
    return take_cost(p, slot, cid) <= (ca_left(p) if budget is None else budget)


def _takes(d: Data, p: Player, left: Left | None = None) -> list[Action]:
    budget = ca_left(p) if left is None else left[0]
    hand = p["civil_hand"]
    limit = -1  # the hand limit, worked out when first needed
    owned: set[str] | None = None  # the hand and the cards in play (in_play), gathered once
    out: list[Action] = []
    for i, cid in enumerate(d["row"]):
        if cid is None:
            continue
        if cid in PLAIN_TAKE:  # can_take's tests, inline: no wonder, no leader, the slot's cost
            if ROW_COST[i] > budget:
                continue
            if limit < 0:
                limit = hand_limit(p)
            if len(hand) >= limit:
                continue
            if cid in PLAIN_TECH:
                if owned is None:
                    owned = {*hand, *p["workers"], *p["specials"], p["government"]}
                if cid in owned:
                    continue
        else:
            if limit < 0 and cid not in WONDERS:  # a wonder is taken whatever the hand holds
                limit = hand_limit(p)
            if not can_take(d, p, i, limit, budget):
                continue
        out.append({"type": "take", "slot": i})
    return out


PLAIN_TECH = frozenset(cid for cid in PLAIN_TAKE if CARDS[cid]["kind"] in TECH_KINDS)
TECHS = frozenset(cid for cid, c in CARDS.items() if c["kind"] in TECH_KINDS)


def pop_food(p: Player) -> int | None:
    base = pop_cost(p["yellow_bank"])
    if base is None:
        return None
    return max(0, base - discount(p, "increase_population"))


def _pops(p: Player, ca: int, left: Left | None = None) -> list[Action]:
    if (ca_left(p) if left is None else left[0]) < ca:
        return []
    food = pop_food(p)
    if food is not None and tokens.amount(p, "farm") >= food:
        return [{"type": "pop"}]
    return []


def urban_count(p: Player, utype: str) -> int:
    return sum(n for c, n in p["workers"].items()
               if CARDS[c]["kind"] == "urban" and CARDS[c]["type"] == utype)


def _builds(p: Player, ca: int, ma: int, target: str | None = None, left: Left | None = None) -> list[Action]:
    if p["unused_workers"] <= 0:
        return []
    out = []
    ca_ok = (ca_left(p) if left is None else left[0]) >= ca
    ma_ok = (ma_left(p) if left is None else left[1]) >= ma
    if not ca_ok and not ma_ok:
        return []  # every card needs one or the other
    mine = tokens.amount(p, "mine")  # resources_for, computed once
    cut = any_discount(p, "build")
    urban: dict[str, int] | None = None
    for cid in p["workers"]:
        c = CARDS[cid]
        if target and not matches(target, c):
            continue
        kind = c["kind"]
        if kind == "unit":
            if not ma_ok:
                continue
            have = mine + p["military_resources"]
        else:
            if not ca_ok:
                continue
            have = mine
        if have < (build_cost(p, cid) if cut else BUILD_BASE[cid]):
            continue
        if kind == "urban":
            if urban is None:
                urban = urban_counts(p)
                limit = limits(p)["urban_limit"]
            if urban[c["type"]] >= limit:
                continue  # L745-753
        out.append({"type": "build", "card": cid})
    return out


#: Every card's build cost without discounts (:func:`build_cost` when none applies).
BUILD_BASE = {cid: max(0, c["cost"].get("build", 0)) for cid, c in CARDS.items()}


def urban_counts(p: Player) -> dict[str, int]:
    """:func:`urban_count` of every urban type at once."""
    out: dict[str, int] = {}
    for c, n in p["workers"].items():
        card = CARDS[c]
        if card["kind"] == "urban":
            out[card["type"]] = out.get(card["type"], 0) + n
    return out


def _same_line(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["kind"] == b["kind"] and a["type"] == b["type"]


def _upgrades(
    p: Player, ca: int, ma: int, target: str | None = None, left: Left | None = None
) -> list[Action]:
    out: list[Action] = []
    lines: dict[tuple[str, str], list[str]] | None = None
    ca_ok = None if left is None else left[0] >= ca
    ma_ok = None if left is None else left[1] >= ma
    if ca_ok is False and ma_ok is False:
        return out  # every card needs one or the other
    mine = 0  # resources_for and upgrade_cost's discounts, worked out once (with ``lines``)
    plain = False
    for lo, n in p["workers"].items():
        if not n:
            continue
        a = CARDS[lo]
        if target and not matches(target, a):
            continue
        if a["kind"] == "unit":
            if ma_ok is None:
                ma_ok = ma_left(p) >= ma
            if not ma_ok:
                continue
        else:
            if ca_ok is None:
                ca_ok = ca_left(p) >= ca
            if not ca_ok:
                continue
        if lines is None:  # the cards in play by line (kind, type), in play order
            lines = {}
            for cid in p["workers"]:
                lines.setdefault(LINE[cid], []).append(cid)
            mine = tokens.amount(p, "mine")
            plain = not any_discount(p, "build") and not any_discount(p, "upgrade")
        for hi in lines[LINE[lo]]:
            if CARDS[hi]["lvl"] <= a["lvl"]:
                continue
            have = mine + p["military_resources"] if a["kind"] == "unit" else mine
            cost = max(0, BUILD_BASE[hi] - BUILD_BASE[lo]) if plain else upgrade_cost(p, lo, hi)
            if have >= cost:
                out.append({"type": "upgrade", "from": lo, "to": hi})
    return out


LINE = {cid: (c["kind"], c["type"]) for cid, c in CARDS.items()}  # _same_line, as a key


def _destroys(p: Player, kind: str, left: Left) -> list[Action]:
    """Destroy a building (1 CA) or disband a unit (1 MA) (L958-972)."""
    unit = kind == "disband"
    if (left[1] if unit else left[0]) < 1:
        return []
    return [
        {"type": kind, "card": cid}
        for cid, n in p["workers"].items()
        if n and (CARDS[cid]["kind"] == "unit") == unit
    ]


def _leaders(p: Player, d: Data, left: Left) -> list[Action]:
    if left[0] < 1 or d["round"] <= 1 or LEADERS.isdisjoint(p["civil_hand"]):
        return []
    hand = dict.fromkeys(p["civil_hand"])
    return [{"type": "leader", "card": c} for c in hand if CARDS[c]["kind"] == "leader"]


LEADERS = frozenset(cid for cid, c in CARDS.items() if c["kind"] == "leader")
WONDERS = frozenset(cid for cid, c in CARDS.items() if c["kind"] == "wonder")
GOVERNMENTS = frozenset(cid for cid, c in CARDS.items() if c["kind"] == "government")
TACTICS = frozenset(cid for cid, c in CARDS.items() if c["kind"] == "tactic")


def stages_per_action(p: Player) -> int:
    """Wonder stages one CA builds: 1, or more with a construction special tech (L987)."""
    n = 1
    for s in p["specials"]:
        for e in CARDS[s]["effects"]:
            if e["kind"] == "rule" and e.get("code") in ("wonder_stages_per_action", "wonder_stages"):
                n = max(n, int(e.get("n", 1)))
            if e["kind"] == "per" and e.get("what") == "wonder_stages":
                n = max(n, int(e.get("n", 1)))
    return n


def stage_cost(p: Player, k: int) -> int:
    w = p["wonder"]
    costs = CARDS[w["id"]]["cost"]["stages"][w["built"] : w["built"] + k]
    return max(0, sum(costs) - discount(p, "wonder_stage", w["id"]))


def _stages(p: Player, ca: int, most: int | None = None, left: Left | None = None) -> list[Action]:
    w = p["wonder"]
    if w is None or (ca_left(p) if left is None else left[0]) < ca:
        return []
    unbuilt = len(CARDS[w["id"]]["cost"]["stages"]) - w["built"]
    top = min(unbuilt, stages_per_action(p) if most is None else most)
    mine = tokens.amount(p, "mine")
    return [{"type": "stage", "n": k} for k in range(1, top + 1) if mine >= stage_cost(p, k)]


def science_cost(p: Player, cid: str) -> int:
    """Science to develop ``cid``; Scientific Cooperation pays 2 less (P1)."""
    coop = rule(p, "science_cooperation") if p["pact_sides"] else None
    cut = coop["discount"] if coop is not None else 0
    return max(0, CARDS[cid]["cost"].get("science", 0) - discount(p, "develop", cid) - cut)


def special_blocked(p: Player, cid: str) -> bool:
    c = CARDS[cid]
    return c["kind"] == "special" and any(
        CARDS[s]["type"] == c["type"] and CARDS[s]["lvl"] >= c["lvl"] for s in p["specials"]
    )


def _develops(p: Player, ca: int, d: Data | None = None, left: Left | None = None) -> list[Action]:
    if (ca_left(p) if left is None else left[0]) < ca or TECHS.isdisjoint(p["civil_hand"]):
        return []
    if d is not None and p["pact_sides"] and rule(p, "science_cooperation") is not None:
        partner = abilities.coop_partner(d, d["order"][p["order"]])
        if partner is not None and d["players"][partner]["science"] < 1:
            return []  # the partner cannot pay its 1 science (P1)
    out = []
    plain = not p["pact_sides"] and not any_discount(p, "develop")  # science_cost = the card's own
    extra = p.get("military_science", 0)  # Winston Churchill: for military technologies only
    for cid in dict.fromkeys(p["civil_hand"]):
        c = CARDS[cid]
        if (
            c["kind"] in TECH_KINDS
            and p["science"] + (extra if extra and military_tech(c) else 0)
            >= (max(0, c["cost"].get("science", 0)) if plain else science_cost(p, cid))
            and not special_blocked(p, cid)
        ):
            out.append({"type": "develop", "card": cid})
    return out


def military_tech(c: dict[str, Any]) -> bool:
    """A military technology: a unit card or a military special technology."""
    return c["kind"] == "unit" or (c["kind"] == "special" and c["type"] == "military")


def revolution_cost(p: Player, cid: str) -> int:
    return max(0, CARDS[cid]["cost"].get("revolution", 0) - discount(p, "revolution", cid))


def _revolutions(p: Player) -> list[Action]:
    """All CAs unspent on a net basis (L1022-1042, ruling §8.24); with ``revolution_costs_ma``
    (Maximilien Robespierre, P1) all MAs instead."""
    if GOVERNMENTS.isdisjoint(p["civil_hand"]):
        return []  # no government card to play
    if rule(p, "revolution_costs_ma") is not None:
        if p["ma_used"] > 0 or p["ma_total"] < 1:
            return []
    elif p["ca_used"] > 0 or p["ca_total"] < 1:
        return []
    return [
        {"type": "revolution", "card": c}
        for c in dict.fromkeys(p["civil_hand"])
        if CARDS[c]["kind"] == "government" and p["science"] >= revolution_cost(p, c)
    ]


def _tactics(d: Data, p: Player, kind: str, left: Left) -> list[Action]:
    """Play a tactic from the hand (1 MA) or copy a common one (2 MA), one per turn (L1508)."""
    if p["tactic_done"]:
        return []
    out: list[Action] = []
    if kind == "tactic" and not TACTICS.isdisjoint(p["military_hand"]) \
            and left[1] >= max(0, 1 - discount(p, "play_tactic")):
        out += [
            {"type": "tactic", "card": c}
            for c in dict.fromkeys(p["military_hand"])
            if CARDS[c]["kind"] == "tactic"
        ]
    if kind == "copy" and left[1] >= 2:
        out += [{"type": "copy", "card": c} for c in dict.fromkeys(d["common_tactics"]) if c != p["tactic"]]
    return out


# ------------------------------------------------------------------ action cards
def sub_actions(d: Data, p: Player, e: dict[str, Any]) -> list[Action]:
    """The actions a card's ``do`` effect may carry out, free of CA (L1198-1264)."""
    act = e["action"]
    target = e.get("target")
    if target == "farm_mine_urban":
        target = "building"
    if act == "build":
        return _builds(p, 0, 0, target)
    if act == "build_or_upgrade":
        return _builds(p, 0, 0, target) + _upgrades(p, 0, 0, target)
    if act == "upgrade":
        return _upgrades(p, 0, 0, target)
    if act == "develop":
        return _develops(p, 0, d)
    if act == "increase_population":
        return _pops(p, 0)
    if act == "build_wonder_stage":
        return _stages(p, 0, 1)  # exactly one stage (L1240)
    return []


def _with_discount(p: Player, effs: list[dict[str, Any]]) -> Player:
    q = dict(p)
    q["discounts"] = list(p["discounts"])
    for e in effs:
        if e["kind"] == "do" and e.get("discount"):
            q["discounts"].append(
                {"on": on_of(e["action"]), "n": e["discount"], "target": e.get("target"), "age": None}
            )
    return q


def on_of(action: str) -> str:
    return {
        "build_wonder_stage": "wonder_stage",
        "increase_population": "increase_population",
        "develop": "develop",
        "upgrade": "upgrade",
        "build": "build",
        "build_or_upgrade": "build",
    }.get(action, action)


#: Every action card's ``do`` effects and its first ``choice`` effect (or None), read once.
ACTION_PARTS = {
    cid: ([e for e in c["effects"] if e["kind"] == "do"],
          next((e for e in c["effects"] if e["kind"] == "choice"), None))
    for cid, c in CARDS.items() if c["kind"] == "action"
}


def _plays(d: Data, p: Player, left: Left) -> list[Action]:
    out: list[Action] = []
    if ACTION_CARDS.isdisjoint(p["civil_hand"]):
        return out
    if left[0] < 1:
        breakthrough_only = True
    else:
        breakthrough_only = False
    for cid in dict.fromkeys(p["civil_hand"]):
        if cid not in ACTION_PARTS or cid in p["taken_this_turn"]:
            continue  # L1202
        effs = CARDS[cid]["effects"]
        dos, choice = ACTION_PARTS[cid]
        if dos:
            if not breakthrough_only:
                q = _with_discount(p, effs)
                q["ca_used"] = p["ca_used"] + 1
                out += [{"type": "play", "card": cid, "do": s} for s in sub_actions(d, q, dos[0])]
            if "breakthrough_revolution" in CARDS[cid]["rules"]:  # a revolution with all CAs (L1254)
                out += [{"type": "play", "card": cid, "do": r} for r in _revolutions(_with_discount(p, effs))]
        elif breakthrough_only:
            continue
        elif choice is not None:
            out += [{"type": "play", "card": cid, "option": i} for i in range(len(choice["options"]))]
        else:
            out.append({"type": "play", "card": cid})
    return out


ACTION_CARDS = frozenset(ACTION_PARTS)

GENERATORS: dict[str, Callable[[Data, Player, Left], list[Action]]] = {
    "take": _takes,
    "pop": lambda d, p, left: _pops(p, 1, left),
    "build": lambda d, p, left: _builds(p, 1, 1, None, left),
    "upgrade": lambda d, p, left: _upgrades(p, 1, 1, None, left) + abilities.bach_upgrades(p),
    "barbarossa": lambda d, p, left: abilities.barbarossa_legal(p),
    "convert": lambda d, p, left: abilities.convert_legal(p),
    "free_pop": lambda d, p, left: abilities.free_pop_legal(p),
    "destroy": lambda d, p, left: _destroys(p, "destroy", left),
    "disband": lambda d, p, left: _destroys(p, "disband", left),
    "leader": lambda d, p, left: _leaders(p, d, left),
    "stage": lambda d, p, left: _stages(p, 1, None, left),
    "develop": lambda d, p, left: _develops(p, 1, d, left),
    "revolution": lambda d, p, left: _revolutions(p),
    "play": _plays,
    "tactic": lambda d, p, left: _tactics(d, p, "tactic", left),
    "copy": lambda d, p, left: _tactics(d, p, "copy", left),
    "end": lambda d, p, left: [{"type": "end"}],
}


def legal(d: Data, seat: int, kind: str | None = None) -> list[Action]:
    """Every action-phase action of the current player; only those of type ``kind`` if given (the
    kernel's validation asks for one type: no need to list the others)."""
    p = d["players"][seat]
    kinds = ("take", "end") if d["round"] <= 1 else GENERATORS  # round 1: only take cards (L376)
    left = (ca_left(p), ma_left(p))  # computed once for every kind
    if kind is not None:
        return GENERATORS[kind](d, p, left) if kind in kinds else []
    out: list[Action] = []
    for k in kinds:
        out += GENERATORS[k](d, p, left)
    return out


# ------------------------------------------------------------------ apply
def apply(ctx: Ctx, seat: int, a: Action) -> None:
    d = ctx.data
    p = d["players"][seat]
    k = a["type"]
    p["acted"] = True
    if k == "take":
        take(ctx, seat, a["slot"])
    elif k == "play":
        play(ctx, seat, a)
    elif k == "tactic":
        spend_ma(p, max(0, 1 - discount(p, "play_tactic")))
        p["military_hand"].remove(a["card"])
        ctx.reveal()  # a card from the hidden military hand, now face up: undo may not hide it again
        p["tactic"] = p["exclusive_tactic"] = a["card"]
        p["tactic_done"] = True
        ctx.log(say("{p} plays the tactic {c}", "{p}打出阵型{c}", p=seat, c=a["card"]), card=a["card"])
    elif k == "barbarossa":
        abilities.barbarossa(ctx, seat, a)
    elif k == "convert":
        abilities.convert(ctx, seat)
    elif k == "free_pop":
        abilities.free_pop(ctx, seat)
    elif k == "copy":
        spend_ma(p, 2)
        p["tactic"] = a["card"]
        p["tactic_done"] = True
        ctx.log(say("{p} copies the tactic {c}", "{p}复制阵型{c}", p=seat, c=a["card"]))
    else:
        do(ctx, seat, a, free=False)
    sync(p)


def do(ctx: Ctx, seat: int, a: Action, free: bool) -> None:
    """Build, upgrade, destroy, disband, population, leader, wonder stage, develop, revolution."""
    p = ctx.data["players"][seat]
    k = a["type"]
    cost_ca = 0 if free else 1
    if k == "pop":
        food = pop_food(p) or 0
        spend_ca(p, cost_ca)
        tokens.pay(p, "farm", food)
        use_once(p, "increase_population")
        p["yellow_bank"] -= 1
        p["unused_workers"] += 1
        ctx.log(say("{p} increases population ({n} food)", "{p}增加人口（{n}食物）", p=seat, n=food))
    elif k == "build":
        cid = a["card"]
        cost = build_cost(p, cid)
        if CARDS[cid]["kind"] == "unit":
            spend_ma(p, cost_ca)
        else:
            spend_ca(p, cost_ca)
        pay_resources(p, cid, cost)
        use_once(p, "build")
        p["unused_workers"] -= 1
        p["workers"][cid] += 1
        ctx.log(say("{p} builds {c} ({n} resources)", "{p}建造{c}（{n}资源）", p=seat, c=cid, n=cost))
        effects.triggers(
            ctx,
            seat,
            "build_unit"
            if CARDS[cid]["kind"] == "unit"
            else "build_urban"
            if CARDS[cid]["kind"] == "urban"
            else "build",
        )
    elif k == "upgrade":
        lo, hi = a["from"], a["to"]
        cost = upgrade_cost(p, lo, hi)
        if CARDS[lo]["kind"] == "unit":
            spend_ma(p, cost_ca)
        else:
            spend_ca(p, cost_ca)
        pay_resources(p, hi, cost)
        use_once(p, "upgrade")
        use_once(p, "build")
        if CARDS[lo]["type"] != CARDS[hi]["type"]:
            p["once_used"].append("bach")  # J.S. Bach's conversion, once per turn
        p["workers"][lo] -= 1
        p["workers"][hi] += 1
        ctx.log(
            say(
                "{p} upgrades {c} to {d} ({n} resources)",
                "{p}将{c}升级为{d}（{n}资源）",
                p=seat,
                c=lo,
                d=hi,
                n=cost,
            )
        )
    elif k in ("destroy", "disband"):
        if k == "disband":
            spend_ma(p, 1)
        else:
            spend_ca(p, 1)
        p["workers"][a["card"]] -= 1
        p["unused_workers"] += 1
        ctx.log(say("{p} removes one {c}", "{p}移除一个{c}", p=seat, c=a["card"]))
    elif k == "leader":
        play_leader(ctx, seat, a["card"])
    elif k == "stage":
        build_stages(ctx, seat, a["n"], cost_ca)
    elif k == "develop":
        develop(ctx, seat, a["card"], cost_ca)
    elif k == "revolution":
        revolution(ctx, seat, a["card"])


def take(ctx: Ctx, seat: int, slot: int, free: bool = False) -> None:
    """Take the card in ``slot`` (L380-428); ``free``: paid by an event, not with civil actions."""
    d = ctx.data
    p = d["players"][seat]
    cid = d["row"][slot]
    cost = take_cost(p, slot, cid)
    if not free:
        spend_ca(p, cost)
    d["row"][slot] = None
    c = CARDS[cid]
    if c["kind"] == "wonder":
        p["wonder"] = {"id": cid, "built": 0}  # straight into play, unfinished (L416-418)
    else:
        p["civil_hand"].append(cid)
        p["taken_this_turn"].append(cid)
        if c["kind"] == "leader":
            p["leader_ages"].append(c["lvl"])
    ctx.log(say("{p} takes {c} ({n} CA)", "{p}拿取{c}（{n}内政行动点）", p=seat, c=cid, n=cost), card=cid)
    if c["kind"] in TECH_KINDS:
        effects.triggers(ctx, seat, "take_tech")


def play_leader(ctx: Ctx, seat: int, cid: str) -> None:
    p = ctx.data["players"][seat]
    spend_ca(p, 1)
    old = p["leader"]
    if old:
        remove_leader(ctx, seat)
        p["leader_replaced"] = True
        if not abilities.homer_replaced(ctx, seat, old):
            p["ca_used"] -= 1  # L818-822: regain 1 CA
    p["civil_hand"].remove(cid)
    p["leader"] = cid
    enter(ctx, seat, cid)
    ctx.log(say("{p} plays the leader {c}", "{p}打出领袖{c}", p=seat, c=cid))


def build_stages(ctx: Ctx, seat: int, n: int, cost_ca: int) -> None:
    p = ctx.data["players"][seat]
    w = p["wonder"]
    cost = stage_cost(p, n)
    spend_ca(p, cost_ca)
    tokens.pay(p, "mine", cost)
    use_once(p, "wonder_stage")
    w["built"] += n
    w["tokens"] = w.get("tokens", 0) + min(n, p["blue_bank"])  # stage tokens from the blue bank (L842)
    p["blue_bank"] -= min(n, p["blue_bank"])
    ctx.log(
        say(
            "{p} builds {n} stage(s) of {c} ({m} resources)",
            "{p}建造{c}的{n}个等级（{m}资源）",
            p=seat,
            n=n,
            c=w["id"],
            m=cost,
        )
    )
    if w["built"] >= len(CARDS[w["id"]]["cost"]["stages"]):
        p["blue_bank"] += w.get("tokens", 0)  # L869-877
        p["wonder"] = None
        p["wonders"].append(w["id"])
        refresh_partners(ctx.data["players"])  # International Tourism counts the partner's wonders
        enter(ctx, seat, w["id"])
        effects.apply_list(
            ctx, seat, [e for e in CARDS[w["id"]]["effects"] if e.get("when") == "play"], source=w["id"]
        )
        ctx.log(say("{p} completes {c}", "{p}完成{c}", p=seat, c=w["id"]))


def develop(ctx: Ctx, seat: int, cid: str, cost_ca: int) -> None:
    """Develop a technology (L924-942), or change government peacefully (L1001-1016)."""
    p = ctx.data["players"][seat]
    c = CARDS[cid]
    sci = science_cost(p, cid)
    spend_ca(p, cost_ca)
    if p.get("military_science") and military_tech(c):  # Winston Churchill's science first
        used = min(p["military_science"], sci)
        p["military_science"] -= used
        sci -= used
    p["science"] -= sci
    coop = rule(p, "science_cooperation") if p["pact_sides"] else None
    partner = abilities.coop_partner(ctx.data, seat) if coop is not None else None
    if coop is not None and partner is not None:
        ctx.data["players"][partner]["science"] -= coop["partner_pays"]
    use_once(p, "develop")
    p["civil_hand"].remove(cid)
    if c["kind"] == "government":
        _new_government(ctx, seat, cid)
    elif c["kind"] == "special":
        gain_special(ctx, seat, cid)
    else:
        p["workers"][cid] = 0
        if c["kind"] in ("farm", "mine"):
            p["blue_tokens"][cid] = 0
    ctx.log(say("{p} develops {c} ({n} science)", "{p}发展{c}（{n}科学）", p=seat, c=cid, n=sci))
    effects.triggers(ctx, seat, "develop_tech")


def gain_special(ctx: Ctx, seat: int, cid: str) -> None:
    """A special technology enters play, replacing the one of its type (L979, L1054)."""
    p = ctx.data["players"][seat]
    for s in [s for s in p["specials"] if CARDS[s]["type"] == CARDS[cid]["type"]]:
        p["specials"].remove(s)
        enter(ctx, seat, s, -1)
    p["specials"].append(cid)
    enter(ctx, seat, cid)
    effects.triggers(ctx, seat, "develop_special")


def _new_government(ctx: Ctx, seat: int, cid: str) -> None:
    p = ctx.data["players"][seat]
    enter(ctx, seat, p["government"], -1)
    p["government"] = cid
    enter(ctx, seat, cid)


def revolution(ctx: Ctx, seat: int, cid: str) -> None:
    """All CAs plus the lower science cost; new CAs are spent too, MAs untouched (L1022-1042)."""
    p = ctx.data["players"][seat]
    sci = revolution_cost(p, cid)
    by_ma = rule(p, "revolution_costs_ma") is not None  # Maximilien Robespierre (P1)
    p["science"] -= sci
    p["civil_hand"].remove(cid)
    _new_government(ctx, seat, cid)
    sync(p)
    if by_ma:
        p["ma_used"] = p["ma_total"]
        p["temporary_ma"] = 0
    else:
        p["ca_used"] = p["ca_total"]
    effects.triggers(ctx, seat, "revolution")
    effects.triggers(ctx, seat, "develop_tech")  # a revolution counts as developing a technology (L1056)
    ctx.log(
        say(
            "{p} declares a revolution: {c} ({n} science)",
            "{p}宣告革命：{c}（{n}科学）",
            p=seat,
            c=cid,
            n=sci,
        )
    )


def play(ctx: Ctx, seat: int, a: Action) -> None:
    """Play an action card (L1198-1264): 1 CA, its effect, then the card leaves the game."""
    p = ctx.data["players"][seat]
    cid = a["card"]
    c = CARDS[cid]
    sub = a.get("do")
    p["civil_hand"].remove(cid)
    ctx.log(say("{p} plays {c}", "{p}打出{c}", p=seat, c=cid))
    if sub is not None and sub["type"] == "revolution":
        # Breakthrough: all CAs instead of 1 (L1254), which replaces only the card's 1-CA cost: its
        # "then" still follows, a revolution being a development (L1056, L1250)
        revolution(ctx, seat, sub["card"])
        for e in c["effects"]:
            if e["kind"] == "do":
                effects.apply_list(ctx, seat, e.get("then", []), source=cid)
    else:
        spend_ca(p, 1)
        if sub is not None:
            for e in c["effects"]:
                if e["kind"] == "do" and e.get("discount"):
                    p["discounts"].append(
                        {"on": on_of(e["action"]), "n": e["discount"], "target": e.get("target"), "age": None}
                    )
            do(ctx, seat, sub, free=True)
            use_once(p, "upgrade")
            use_once(p, "build")
            for e in c["effects"]:
                if e["kind"] == "do":
                    effects.apply_list(ctx, seat, e.get("then", []), source=cid)
    rest = [e for e in c["effects"] if e["kind"] not in ("do",)]
    effects.apply_list(ctx, seat, rest, option=a.get("option"), source=cid)


def auto_do(ctx: Ctx, seat: int, e: dict[str, Any]) -> None:
    """An event's "do" (build a temple, produce food ...) for ``seat``, with the canonical choice:
    the lowest-level eligible card; skipped when impossible."""
    d = ctx.data
    p = d["players"][seat]
    act = e["action"]
    if act == "produce":  # Economic Progress (P1): corruption, food, consumption, resources
        short = tokens.lose(p, "mine", corruption(p["blue_bank"]))
        if short:
            tokens.lose(p, "farm", short)  # L1730-1732
        tokens.produce(p, "farm")
        produce_extra(p, "farm")
        short = tokens.lose(p, "farm", consumption(p["yellow_bank"]))
        if short:
            p["culture"] = max(0, p["culture"] - FOOD_SHORT_CULTURE * short)  # L1758
        tokens.produce(p, "mine")
        produce_extra(p, "mine")
        return
    if act in ("produce_food", "produce_resources"):  # Good Harvest, New Deposits: no corruption,
        kind = "farm" if act == "produce_food" else "mine"  # no consumption (P1)
        tokens.produce(p, kind)
        produce_extra(p, kind)
        return
    q = dict(p)
    disc = list(p["discounts"])
    if e.get("discount"):
        disc.append({"on": on_of(act), "n": e["discount"], "target": None, "age": None})
    q["discounts"] = disc
    if e.get("free"):
        q["discounts"] = disc + [{"on": "build", "n": 99, "target": None, "age": None}]
    q["ca_used"] = 0
    q["ma_used"] = 0
    subs = sub_actions(d, q, e)
    if e.get("age"):
        subs = [a for a in subs if a.get("card") is None or CARDS[a["card"]]["age"] == e["age"]]
    if not subs:
        return
    p["discounts"] = q["discounts"]
    saved = (p["ca_used"], p["ma_used"])
    do(ctx, seat, subs[0], free=True)
    p["ca_used"], p["ma_used"] = saved
    p["discounts"] = [x for x in p["discounts"] if x["n"] != 99]
