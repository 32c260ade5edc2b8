"""Resolving the effects of a revealed event or of a won aggression or war, in order, and asking the
players wherever the rules let them choose (L1376-1378: "if an event makes players decide, they
decide one by one clockwise, starting with the current player").

An unfinished resolution is ``data["resolving"]``: the card, the current player, the index of the
effect being resolved and the seats still to decide for it. A choice is a blocking decision
``choose`` for the seat that chooses; its answers (:func:`choices`) are that seat's own actions and
answering one (:func:`answer`) applies it and resumes. A choice with a single answer is applied at
once. Choices about hidden cards (which military cards to discard) are listed only to their owner
and logged to the others without names.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import civil, decks, effects, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.economy import sync
from pygame_core.games.through_the_ages.model import Data, final_age
from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx, decisions

Action = dict[str, Any]
Effect = dict[str, Any]
PRODUCE = ("produce_food", "produce_resources", "produce")
BUILDINGS = {
    "building": ("farm", "mine", "urban"),
    "urban": ("urban",),
    "unit": ("unit",),
    "farm_mine": ("farm", "mine"),
    "farm_mine_urban": ("farm", "mine", "urban"),
}
AGE_LIMIT = {"A": 0, "I": 1, "II": 2, "III": 3}
TAKE_BUDGET_KEY = "budget"


def start(ctx: Ctx, card: str, cur: int, winner: int | None = None, loser: int | None = None,
          adv: int = 0) -> None:
    """Resolve ``card``: an event (``cur`` = the current player) or, with ``winner``/``loser``, a
    successful aggression or a war's outcome (``adv`` = the strength advantage)."""
    ctx.data["resolving"] = {
        "card": card, "cur": cur, "i": 0, "seats": None,
        "winner": winner, "loser": loser, "adv": adv, "destroyed": [],
    }
    run(ctx)


def _conflict(r: dict[str, Any]) -> bool:
    return r["winner"] is not None


def _last_age(d: Data) -> bool:
    """The game-ending age has begun (Politics of Strength scores culture instead, P1)."""
    return d["age"] >= final_age(d)


def _who(d: Data, r: dict[str, Any], e: Effect) -> list[int]:
    """The seats an effect touches: every seat, ranked seats, or a conflict's winner/loser."""
    if _conflict(r):
        who = e.get("who", "self")
        return [r["loser"] if who in ("target", "loser") or e["kind"] == "steal" else r["winner"]]
    return effects.targets(d, e.get("who", "each"), e.get("by"), r["cur"], r["cur"])


def chooser(r: dict[str, Any], e: Effect, affected: int) -> int:
    """Who decides for ``affected``: in a conflict, the aggressor or winner when the card says so
    (``chooser: self``: Plunder, Raid, Infiltrate, the spoils of a war); otherwise the seat itself."""
    if _conflict(r) and (e.get("chooser") == "self" or e["kind"] == "steal"):
        return int(r["winner"])
    return affected


def _is_choice(d: Data, r: dict[str, Any], e: Effect) -> bool:
    """Whether the effect lets a player choose (else it is applied to all its seats at once)."""
    k = e["kind"]
    if k == "choice":
        return True
    if k == "do":
        return e["action"] not in PRODUCE
    if k in ("gain", "steal") and e.get("what") == "food_or_resources":
        return True
    if _pop_loss(e):
        return True
    if k == "destroy":
        return e["what"] in BUILDINGS or e["what"] in ("colony", "leader_or_wonder_unfinished")
    if k == "gain" and e["what"] == "military_cards" and e["n"] < 0:
        return not _last_age(d)
    if k == "rule":
        return e["code"] in ("ravages_of_time", "take_cards_for_political")
    if k == "steal" and e["what"] == "science":
        return "steal_special_tech_instead" in CARDS[r["card"]]["rules"]
    return False


def _pop_loss(e: Effect) -> bool:
    """A loss of population (Enslave, Pestilence, Barbarians, Reign of Terror, Refugees)."""
    return e["kind"] == "gain" and e["what"] in ("population", "workers") and int(e["n"]) < 0


def run(ctx: Ctx) -> None:
    """Resolve effects until one needs a player's answer (a decision is pushed) or all are done."""
    d = ctx.data
    r = d["resolving"]
    effs = CARDS[r["card"]]["effects"]
    while r["i"] < len(effs):
        e = effs[r["i"]]
        if r["seats"] is None:
            if not _is_choice(d, r, e):
                _automatic(ctx, r, e)
                r["i"] += 1
                continue
            r["seats"] = _queue(d, r, e)
        while r["seats"]:
            s = r["seats"].pop(0)
            acts = choices(d, r, e, s)
            if not acts:
                continue
            if len(acts) == 1:
                answer(ctx, r, e, s, acts[0])
                continue
            decisions.push(d, "choose", [chooser(r, e, s)], seat=s)
            return
        r["i"] += 1
        r["seats"] = None
    d["resolving"] = None
    for s in effects.order_from(d, r["cur"]):
        sync(d["players"][s])


def _queue(d: Data, r: dict[str, Any], e: Effect) -> list[int]:
    """The seats that decide for this effect, in turn order; a seat that discards 3 cards or
    destroys 2 buildings decides once per card (each answer shows the new hand)."""
    seats = _who(d, r, e)
    if e["kind"] == "gain" and e["what"] == "military_cards":
        return [s for s in seats for _ in range(-int(e["n"]))]
    if e["kind"] == "destroy":
        return [s for s in seats for _ in range(int(e.get("n", 1)))]
    if _pop_loss(e):  # one answer per population lost, for the seats the condition holds for
        held = [s for s in seats if effects.condition(d, s, e.get("if"), r["cur"])]
        return [s for s in held for _ in range(-int(e["n"]))]
    return seats


# ------------------------------------------------------------------ effects without a choice
def _automatic(ctx: Ctx, r: dict[str, Any], e: Effect) -> None:
    d = ctx.data
    k = e["kind"]
    if _conflict(r):
        _conflict_effect(ctx, r, e)
        return
    if k == "do":  # production events (Good Harvest, New Deposits, Economic Progress)
        for s in _who(d, r, e):
            civil.auto_do(ctx, s, e)
        return
    if k == "gain" and e["what"] == "military_cards" and _last_age(d):
        e = dict(e, what="culture")  # Politics of Strength in the game-ending age (P1)
    if k == "rule" and e["code"] in ("last_age_culture_instead", "steal_special_tech_instead"):
        return
    effects.apply_one(ctx, r["cur"], dict(e, who=e.get("who", "each")), r["cur"], None, r["card"])


def _conflict_effect(ctx: Ctx, r: dict[str, Any], e: Effect) -> None:
    """A conflict card's effect without a choice (P1 numbers): steals scale with the advantage
    (``per: advantage``, ``every``); ``raid_refund`` and ``annex`` are rule codes."""
    d = ctx.data
    winner, loser, adv = r["winner"], r["loser"], r["adv"]
    seat = _who(d, r, e)[0]
    k = e["kind"]
    if k == "rule" and e["code"] == "steal_special_tech_instead":
        return
    if k == "rule" and e["code"] == "raid_refund":  # half the build cost of what was destroyed
        refund = (sum(CARDS[c]["cost"].get("build", 0) for c in r["destroyed"]) + 1) // 2
        effects.gain(ctx, winner, "resources", refund)
    elif k == "rule" and e["code"] == "annex":
        colonies = d["players"][loser]["colonies"]
        if colonies:
            colony = colonies.pop()
            effects.enter(ctx, loser, colony, -1)
            d["players"][winner]["colonies"].append(colony)
            effects.enter(ctx, winner, colony)
            ctx.log(say("{p} annexes {c}", "{p}吞并{c}", p=winner, c=colony))
    elif k == "steal":
        n = _steal_amount(e, adv)
        have = _holding(d, loser, e["what"])
        m = min(n, have)
        effects.gain(ctx, loser, e["what"], -m)
        effects.gain(ctx, winner, e["what"], m)
    elif k in ("gain", "per") and e.get("per") == "advantage":
        effects.gain(ctx, seat, e["what"], e["n"] * adv)
    elif k == "per" and e.get("per") == "level":  # Infiltrate: per level of what was removed
        lvl = CARDS[r["destroyed"][-1]]["lvl"] if r["destroyed"] else 0
        effects.gain(ctx, seat, e["what"], e["n"] * lvl)
    else:
        effects.apply_one(ctx, seat, dict(e, who="self"), winner, None, r["card"])


def _steal_amount(e: Effect, adv: int) -> int:
    if e.get("per") == "advantage":
        return int(e["n"]) * (adv // int(e.get("every", 1)))
    return int(e["n"])


def _holding(d: Data, seat: int, what: str) -> int:
    p = d["players"][seat]
    if what == "food":
        return tokens.amount(p, "farm")
    if what == "resources":
        return tokens.amount(p, "mine")
    if what == "yellow":
        return int(p["yellow_bank"])
    if what in ("culture", "science"):
        return int(p[what])
    return 0


# ------------------------------------------------------------------ choices
def _splits(total: int, food: int, res: int) -> list[tuple[int, int]]:
    """(food, resources) pairs summing to ``total`` with at most ``food`` and ``res`` of each."""
    return [(k, total - k) for k in range(max(0, total - res), min(total, food) + 1)]


def choices(d: Data, r: dict[str, Any], e: Effect, s: int) -> list[Action]:
    """The answers of the seat choosing for ``s`` (the affected seat)."""
    p = d["players"][s]
    k = e["kind"]
    if k == "choice":
        out: list[Action] = []
        may = False
        for j, opt in enumerate(e["options"]):
            if len(opt) == 1 and opt[0]["kind"] == "do":
                may = True
                out += [{"type": "event_do", "do": a} for a in event_subs(d, s, opt[0])]
            else:
                out.append({"type": "option", "n": j})
        return out + [{"type": "skip"}] if may and out else out
    if k == "do":
        subs = event_subs(d, s, e)
        return [{"type": "event_do", "do": a} for a in subs] + [{"type": "skip"}] if subs else []
    if _pop_loss(e):  # an unused worker goes first; else the owner chooses the building or unit
        if p["unused_workers"] > 0:
            return [{"type": "lose_worker"}]
        return [{"type": "lose", "card": c} for c in effects.worked_cards(p)]
    if k == "gain":  # food or resources, or military cards to discard
        if e["what"] == "military_cards":
            return [{"type": "discard", "card": c} for c in dict.fromkeys(p["military_hand"])]
        n = int(e["n"])
        if n > 0:
            return [{"type": "split", "food": f, "resources": x} for f, x in _splits(n, n, n)]
        food, res = tokens.amount(p, "farm"), tokens.amount(p, "mine")
        m = min(-n, food + res)
        return [{"type": "split", "food": -f, "resources": -x} for f, x in _splits(m, food, res)]
    if k == "steal" and e["what"] == "food_or_resources":
        food, res = tokens.amount(p, "farm"), tokens.amount(p, "mine")
        m = min(int(e["n"]), food + res)
        return [{"type": "split", "food": f, "resources": x} for f, x in _splits(m, food, res)]
    if k == "steal":  # War over Technology: special technologies instead of science (P1)
        budget = r.get(TAKE_BUDGET_KEY, _steal_amount(e, r["adv"]))
        winner = d["players"][r["winner"]]
        techs = [
            {"type": "steal_tech", "card": c}
            for c in p["specials"]
            if 0 < CARDS[c]["cost"].get("science", 0) <= budget and not civil.special_blocked(winner, c)
        ]
        return techs + [{"type": "science"}]  # no special technology to take: the science alone
    if k == "destroy":
        return [{"type": "lose", "card": c} for c in losable(p, e)]
    if k == "rule" and e["code"] == "ravages_of_time":
        return [{"type": "ravage", "card": w} for w in p["wonders"]
                if CARDS[w]["lvl"] <= 1 and w not in p["ravaged"]]
    if k == "rule" and e["code"] == "take_cards_for_political":
        budget = r.get(TAKE_BUDGET_KEY, int(e.get("n", 5)))
        limit = civil.hand_limit(p)
        takes = [
            {"type": "take", "slot": i}
            for i in range(len(d["row"]))
            if civil.can_take(d, p, i, limit, budget)
        ]
        return takes + [{"type": "done"}] if takes else []
    return []


def losable(p: dict[str, Any], e: Effect) -> list[str]:
    """The cards one of which ``p`` may lose to a ``destroy`` effect."""
    what = e["what"]
    if what == "colony":
        return list(dict.fromkeys(p["colonies"]))
    if what == "leader_or_wonder_unfinished":
        return [c for c in (p["leader"], p["wonder"]["id"] if p["wonder"] else None) if c]
    kinds = BUILDINGS[what]
    lim = AGE_LIMIT.get(e.get("max_age") or "", 9)
    return [c for c, n in p["workers"].items() if n and CARDS[c]["kind"] in kinds and CARDS[c]["lvl"] <= lim]


def event_subs(d: Data, s: int, e: Effect) -> list[Action]:
    """The actions an event's ``do`` offers ``s``: free of actions, at the event's discount
    (L1380-1384)."""
    q = _discounted(d["players"][s], e)
    subs = civil.sub_actions(d, q, e)
    if e.get("age"):
        subs = [a for a in subs if a.get("card") is None or CARDS[a["card"]]["age"] == e["age"]]
    return subs


def _discounted(p: dict[str, Any], e: Effect) -> dict[str, Any]:
    q = dict(p)
    disc = list(p["discounts"])
    if e.get("discount"):
        disc.append({"on": civil.on_of(e["action"]), "n": e["discount"], "target": None, "age": None})
    if e.get("free"):
        disc.append({"on": "build", "n": 99, "target": None, "age": None})
    q["discounts"] = disc
    q["ca_used"] = 0
    q["ma_used"] = 0
    q["ma_as_ca_used"] = True
    return q


def _do_of(d: Data, e: Effect, s: int, a: Action) -> Effect:
    """The ``do`` effect an ``event_do`` answer carries out (the option offering it)."""
    if e["kind"] == "do":
        return e
    return next(
        o[0] for o in e["options"]
        if len(o) == 1 and o[0]["kind"] == "do" and a["do"] in event_subs(d, s, o[0])
    )


def label_player(d: Data, seat: int, a: Action) -> dict[str, Any]:
    """The player as an ``event_do`` answer sees it (the event's discount applied), for labels."""
    r = d["resolving"]
    e = CARDS[r["card"]]["effects"][r["i"]]
    top = decisions.top_for(d, seat)
    s = int(top["seat"]) if top is not None and "seat" in top else seat
    return _discounted(d["players"][s], _do_of(d, e, s, a))


def answer(ctx: Ctx, r: dict[str, Any], e: Effect, s: int, a: Action) -> None:
    """Apply answer ``a`` for the affected seat ``s``."""
    d = ctx.data
    p = d["players"][s]
    k = a["type"]
    if k == "option":
        effects.apply_list(ctx, s, e["options"][a["n"]], current=r["cur"], source=r["card"])
    elif k == "event_do":
        q = _discounted(p, _do_of(d, e, s, a))
        saved = (p["ca_used"], p["ma_used"], p["discounts"])
        p["discounts"] = q["discounts"]
        civil.do(ctx, s, a["do"], free=True)
        p["ca_used"], p["ma_used"], p["discounts"] = saved
    elif k == "skip":
        ctx.log(say("{p} declines", "{p}放弃", p=s))
    elif k == "split":
        f, x = a["food"], a["resources"]
        if e["kind"] == "steal":
            loser, winner = s, int(r["winner"])
            effects.gain(ctx, loser, "food", -f)
            effects.gain(ctx, loser, "resources", -x)
            effects.gain(ctx, winner, "food", f)
            effects.gain(ctx, winner, "resources", x)
        else:
            effects.gain(ctx, s, "food", f)
            effects.gain(ctx, s, "resources", x)
    elif k == "discard":  # a hidden card, face down (L1686): named only to its owner
        p["military_hand"].remove(a["card"])
        decks.add(d, "military_discards", [a["card"]])
        ctx.log(say("{p} discards {c}", "{p}弃置{c}", p=s, c=a["card"]), to=[s],
                others=say("{p} discards a military card", "{p}弃置一张军事牌", p=s))
    elif k == "lose_worker":
        effects.lose_population(p, None)
        ctx.log(say("{p} loses 1 population", "{p}失去1人口", p=s))
    elif k == "lose" and _pop_loss(e):
        effects.lose_population(p, a["card"])
        ctx.log(say("{p} loses 1 population from {c}", "{p}从{c}失去1人口", p=s, c=a["card"]))
    elif k == "lose":
        _lose(ctx, r, e, s, a["card"])
    elif k == "ravage":
        p["ravaged"].append(a["card"])
        ctx.log(say("{p} turns {c} face down", "{p}将{c}翻面", p=s, c=a["card"]))
    elif k in ("take", "done"):
        _agreement(ctx, r, e, s, a)
    elif k in ("steal_tech", "science"):
        _spoils(ctx, r, e, s, a)


def _lose(ctx: Ctx, r: dict[str, Any], e: Effect, s: int, card: str) -> None:
    d = ctx.data
    p = d["players"][s]
    if e["what"] == "colony":
        p["colonies"].remove(card)
        effects.enter(ctx, s, card, -1)  # only the permanent effect is lost (L1494)
        d["past_events"].append(card)
    elif p["leader"] == card:
        effects.remove_leader(ctx, s)
    elif p["wonder"] is not None and p["wonder"]["id"] == card:
        p["blue_bank"] += p["wonder"].get("tokens", 0)
        p["wonder"] = None
    else:
        p["workers"][card] -= 1
        p["unused_workers"] += 1
    r["destroyed"].append(card)
    ctx.log(say("{p} loses {c}", "{p}失去{c}", p=s, c=card))


def _agreement(ctx: Ctx, r: dict[str, Any], e: Effect, s: int, a: Action) -> None:
    """International Agreement: the strongest takes civil cards worth up to 5 civil actions and
    gives up its next political action (P1); the row then slides left and refills."""
    d = ctx.data
    p = d["players"][s]
    if a["type"] == "done":
        r.pop(TAKE_BUDGET_KEY, None)
        if r.pop("took", False):
            d["refill_row"] = True
        return
    budget = r.get(TAKE_BUDGET_KEY, int(e.get("n", 5)))
    cost = civil.take_cost(p, a["slot"], d["row"][a["slot"]])
    civil.take(ctx, s, a["slot"], free=True)
    p["skip_political"] = True
    r[TAKE_BUDGET_KEY] = budget - cost
    r["took"] = True
    r["seats"].insert(0, s)  # the same seat goes on choosing


def _spoils(ctx: Ctx, r: dict[str, Any], e: Effect, s: int, a: Action) -> None:
    """War over Technology: the winner takes special technologies of the loser instead of science
    equal to their cost (P1), then the rest as science."""
    d = ctx.data
    winner = int(r["winner"])
    budget = r.get(TAKE_BUDGET_KEY, _steal_amount(e, r["adv"]))
    if a["type"] == "steal_tech":
        card = a["card"]
        loser = d["players"][s]
        loser["specials"].remove(card)
        effects.enter(ctx, s, card, -1)
        civil.gain_special(ctx, winner, card)
        ctx.log(say("{p} takes {c}", "{p}夺取{c}", p=winner, c=card))
        r[TAKE_BUDGET_KEY] = budget - CARDS[card]["cost"].get("science", 0)
        r["seats"].insert(0, s)
        return
    r.pop(TAKE_BUDGET_KEY, None)
    m = min(budget, _holding(d, s, "science"))
    effects.gain(ctx, s, "science", -m)
    effects.gain(ctx, winner, "science", m)


def resume(ctx: Ctx, decision: dict[str, Any], a: Action) -> None:
    """The seat answered the ``choose`` decision: apply and go on resolving."""
    d = ctx.data
    r = d["resolving"]
    e = CARDS[r["card"]]["effects"][r["i"]]
    answer(ctx, r, e, int(decision["seat"]), a)
    run(ctx)


def pending_choices(d: Data, decision: dict[str, Any]) -> list[Action]:
    r = d["resolving"]
    e = CARDS[r["card"]]["effects"][r["i"]]
    return choices(d, r, e, int(decision["seat"]))

