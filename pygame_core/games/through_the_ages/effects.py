"""The interpreter of structured card effects (data/README.md "Effect records").

Covers the one-time effects of action cards, events, territories, completed wonders and the
``on`` triggers of leaders. An effect kind or target the engine does not know is logged and
skipped (README.md lists them)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import decks, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import Data, consumption, happy_needed
from pygame_core.games.through_the_ages.ratings import count, kinds_of, once_among, production, stats
from pygame_core.games.through_the_ages.text import t
from pygame_core.kernel import Ctx, decisions
from pygame_core.kernel.cow import pluck

Effect = dict[str, Any]


def value_of(d: Data, seat: int, key: str, age: str | None = None) -> int:
    """A ranking/counting value (``by``/``per`` vocabulary) of ``seat``; ``age`` limits a count
    of wonders to one age (Impact of Wonders)."""
    p = d["players"][seat]
    if key in AGE_III_COUNTS:
        return _age_iii_count(d, p, key, age)
    if key in ("strength", "happiness", "colonization"):
        return stats(p)[key]
    if key == "science_rating":
        return stats(p)["science"]
    if key == "culture_rating":
        return stats(p)["culture"]
    if key == "culture":
        return int(p["culture"])
    if key == "food_production":
        return production(p, "farm")
    if key in ("resource_production", "resources_production"):
        return production(p, "mine")
    if key == "discontent_workers":
        return max(0, happy_needed(p["yellow_bank"]) - stats(p)["happiness"])
    return count(p, key)


AGE_III_COUNTS = (
    "lowest_output", "variety", "urban_levels", "unit_arena_levels", "ca_total", "ma_total",
    "mine_production", "content_workers_over_10", "government_special_levels", "techs_level_III",
    "wonders",
)


def _age_iii_count(d: Data, p: dict[str, Any], key: str, age: str | None) -> int:
    """The counts the Age III scoring events use (P1 texts; L2089-2093)."""
    w = p["workers"]
    if key == "wonders":
        return sum(1 for c in p["wonders"] if age is None or CARDS[c]["age"] == age)
    if key == "lowest_output":  # science, culture, food or resources, before corruption/consumption
        r = stats(p)
        return min(r["science"], r["culture"], production(p, "farm"), production(p, "mine"))
    if key == "variety":  # kinds of units, kinds of urban buildings, special technologies
        kinds = {(CARDS[c]["kind"], CARDS[c]["type"]) for c, n in w.items()
                 if n and CARDS[c]["kind"] in ("unit", "urban")}
        return len(kinds) + len(p["specials"])
    if key == "urban_levels":
        return sum(n * CARDS[c]["lvl"] for c, n in w.items() if CARDS[c]["kind"] == "urban")
    if key == "unit_arena_levels":
        military = (("unit", t) for t in ("infantry", "cavalry", "artillery", "air_force"))
        kinds = {("urban", "arena"), *military}
        return sum(n * CARDS[c]["lvl"] for c, n in w.items() if (CARDS[c]["kind"], CARDS[c]["type"]) in kinds)
    if key in ("ca_total", "ma_total"):
        return int(p[key])
    if key == "mine_production":
        return production(p, "mine")
    if key == "content_workers_over_10":
        discontent = max(0, happy_needed(p["yellow_bank"]) - stats(p)["happiness"])
        return max(0, sum(w.values()) + p["unused_workers"] - discontent - 10)
    if key == "government_special_levels":
        return CARDS[p["government"]]["lvl"] + sum(CARDS[c]["lvl"] for c in p["specials"])
    # techs_level_III: technology cards of level III; level II in the short game (P1 text)
    lvl = 2 if d["mode"] == "full" and d.get("short") else 3
    techs = [*w, *p["specials"], p["government"]]
    return sum(1 for c in techs if CARDS[c]["lvl"] == lvl)


def order_from(d: Data, first: int) -> list[int]:
    """Active seats clockwise from ``first``."""
    n = len(d["players"])
    resigned = pluck(d["players"], "resigned")
    return [(first + i) % n for i in range(n) if not resigned[(first + i) % n]]


def ranked(d: Data, by: str, current: int, best: bool) -> list[int]:
    """Seats from strongest to weakest (``best``) by ``by``; ties go to the current player, then
    the nearest clockwise, as "stronger" (L1392-1408)."""
    seats = order_from(d, current)
    keyed = [(value_of(d, s, by), -i, s) for i, s in enumerate(seats)]
    keyed.sort(reverse=True)
    out = [s for _v, _i, s in keyed]
    return out if best else out[::-1]


def targets(d: Data, who: str, by: str | None, seat: int, current: int) -> list[int]:
    """The seats an effect touches (``who``)."""
    n_active = len(order_from(d, current))
    if who == "self":
        return [seat]
    if who == "each":
        return order_from(d, current)
    key = by or "strength"
    if who in ("best", "worst"):
        return ranked(d, key, current, who == "best")[:1]
    if who in ("two_best", "two_worst"):
        k = 1 if n_active == 2 else 2
        return ranked(d, key, current, who == "two_best")[:k]
    if who == "not_worst":
        return ranked(d, key, current, True)[:-1]
    if who == "most":
        top = max(value_of(d, s, key) for s in order_from(d, current))
        return [s for s in order_from(d, current) if value_of(d, s, key) == top]
    return [seat]


def num(d: Data, seat: int, e: Effect) -> int:
    """An effect's ``n``; a table by player count counts once per stronger (or more cultured) civ."""
    n: Any = e.get("n", 1)
    if isinstance(n, dict):
        n = int(n.get(str(len(order_from(d, seat))), n.get("4", 0)) or 0)
        per = e.get("per")
        if per in ("stronger_civs", "civs_more_culture"):
            key = "strength" if per == "stronger_civs" else "culture"
            mine = value_of(d, seat, key)
            n *= sum(1 for s in order_from(d, seat) if s != seat and value_of(d, s, key) > mine)
    return int(n)


def gain(ctx: Ctx, seat: int, what: str, n: int) -> None:
    """Seat gains (or loses, ``n`` < 0) ``n`` of ``what``."""
    d = ctx.data
    p = d["players"][seat]
    if n == 0:
        return
    if what == "food_or_resources":  # canonical choice: resources gained, resources lost first
        if n > 0:
            gain(ctx, seat, "resources", n)
        else:
            short = tokens.lose(p, "mine", -n)
            gain(ctx, seat, "food", -short)
        return
    if what == "food" or what == "resources":
        kind = "farm" if what == "food" else "mine"
        if n > 0:
            tokens.gain(p, kind, n)
        else:
            short = tokens.lose(p, kind, -n)
            if short and what == "food":
                p["culture"] = max(0, p["culture"] - 4 * short)
    elif what == "science":
        p["science"] = max(0, p["science"] + n)
    elif what == "culture":
        p["culture"] = max(0, p["culture"] + n)
    elif what == "blue":
        if n > 0:
            p["blue_bank"] += n
        else:
            p["blue_bank"] = max(0, p["blue_bank"] + n)
    elif what == "yellow":
        p["yellow_bank"] = max(0, p["yellow_bank"] + n)
    elif what in ("population", "workers"):
        if n > 0:
            for _ in range(n):
                if p["yellow_bank"] > 0:
                    p["yellow_bank"] -= 1
                    p["unused_workers"] += 1
        else:
            for _ in range(-n):
                lose_population(p, worked_card(p))
    elif what == "military_cards":
        decks.draw_military(ctx, seat, n)
    elif what == "ca":
        if n > 0:
            p["ca_used"] -= n
        else:
            p["ca_used"] = min(p["ca_total"], p["ca_used"] - n)
    elif what == "ma":
        if n > 0:
            p["temporary_ma"] += n
        else:
            p["ma_used"] = min(p["ma_total"], p["ma_used"] - n)
    # rating words as one-time gains have no effect of their own


#: The cards whose workers a population loss may take (buildings and units).
WORKED_KINDS = ("farm", "mine", "urban", "unit")


def worked_cards(p: dict[str, Any]) -> list[str]:
    """The cards with a worker that a population loss may take one from (the owner chooses)."""
    return [c for c, k in p["workers"].items() if k and CARDS[c]["kind"] in WORKED_KINDS]


def worked_card(p: dict[str, Any]) -> str | None:
    """The worker a loss takes when nobody chooses (Emigration): an unused worker (None) first, else
    the lowest-level building or unit (the cheapest to rebuild), as :func:`destroy` does."""
    if p["unused_workers"] > 0:
        return None
    cards = worked_cards(p)
    return min(cards, key=lambda c: (CARDS[c]["lvl"], c)) if cards else None


def lose_population(p: dict[str, Any], card: str | None) -> None:
    """Lose 1 population: a yellow token goes back from the worker pool to the yellow bank (L1384
    reversed, L1895); an unused worker first, else the worker of ``card`` (P1: the owner chooses
    the card only when no worker is unused). Nothing to lose: nothing happens."""
    if p["unused_workers"] > 0:
        p["unused_workers"] -= 1
    elif card is not None and p["workers"].get(card):
        p["workers"][card] -= 1
    else:
        return
    p["yellow_bank"] += 1


def apply_list(
    ctx: Ctx,
    seat: int,
    effects: list[Effect],
    *,
    current: int | None = None,
    option: int | None = None,
    source: str | None = None,
) -> None:
    """Run one-time effects for ``seat`` (``current`` = the player whose turn it is, for ties)."""
    cur = seat if current is None else current
    for e in effects:
        apply_one(ctx, seat, e, cur, option, source)


def condition(d: Data, s: int, cond: dict[str, Any] | None, cur: int) -> bool:
    """An effect's ``if``: the seat is among the ``top``/``bottom`` k by ``by``."""
    if not cond:
        return True
    if cond.get("flag") == "food_surplus":  # Impact of Agriculture: food produced > consumed (P1)
        p = d["players"][s]
        return production(p, "farm") > consumption(p["yellow_bank"])
    if cond.get("flag") == "has_discontent":  # Civil Unrest: only a seat with a discontent worker (P1)
        return value_of(d, s, "discontent_workers") > 0
    k = cond.get("top") or cond.get("bottom") or 1
    if len(order_from(d, cur)) == 2:
        k = 1
    seats = ranked(d, cond.get("by", "strength"), cur, "top" in cond)[:k]
    return s in seats


def apply_one(ctx: Ctx, seat: int, e: Effect, cur: int, option: int | None, source: str | None) -> None:
    d = ctx.data
    k = e["kind"]
    who = e.get("who", "self")
    if k == "gain":
        for s in targets(d, who, e.get("by"), seat, cur):
            if condition(d, s, e.get("if"), cur):
                gain(ctx, s, e["what"], e["n"])
    elif k == "steal":
        src = e.get("from")
        for s in targets(d, who, e.get("by"), seat, cur):
            victims = targets(d, src, e.get("by"), seat, cur) if src else []
            for v in victims:
                if v != s:
                    have = value_of(d, v, "population") if e["what"] == "yellow" else e["n"]
                    m = min(e["n"], d["players"][v]["yellow_bank"] if e["what"] == "yellow" else have)
                    gain(ctx, v, e["what"], -m)
                    gain(ctx, s, e["what"], m)
    elif k == "rule":
        event_rule(ctx, e, cur)
    elif k == "per" and isinstance(e.get("n"), dict):
        gain(ctx, seat, e["what"], num(d, seat, e))
    elif k == "per":
        for s in targets(d, who, e.get("by"), seat, cur):
            per = e["per"]
            if per == "level":
                base = CARDS[source]["lvl"] if source else 0
            else:
                base = value_of(d, s, per, e.get("age"))
            m = base // e.get("every", 1)
            if "max" in e:
                m = min(m, e["max"])
            gain(ctx, s, e["what"], e["n"] * m)
    elif k == "rank":
        seats = ranked(d, e["by"], cur, True)
        pts = e["points"].get(str(len(seats)), e["points"].get("4", []))
        for i, s in enumerate(seats):
            if i < len(pts):
                gain(ctx, s, e["what"], pts[i])
    elif k == "choice":
        opts = e["options"]
        i = option if option is not None and 0 <= option < len(opts) else 0
        apply_list(ctx, seat, opts[i], current=cur, source=source)
    elif k == "budget":  # units (resources) or military technologies (science: Winston Churchill)
        key = "military_science" if e.get("for") == "military_tech" else "military_resources"
        p = d["players"][seat]
        p[key] = p.get(key, 0) + num(d, seat, e)
    elif k == "discount":
        d["players"][seat]["discounts"].append(
            {"on": e["on"], "n": e["n"], "target": e.get("target"), "age": e.get("age")}
        )
    elif k == "destroy":
        for s in targets(d, who, e.get("by"), seat, cur):
            destroy(ctx, s, e["what"], e.get("n", 1), e.get("max_age"))
    else:
        ctx.log(t(f"(effect {k} has no automatic resolution)", f"（效果 {k} 未自动结算）"))


def event_rule(ctx: Ctx, e: Effect, cur: int) -> None:
    """The ``rule`` codes of events (P1 texts; ties by the current-player rule, L1392-1408)."""
    d = ctx.data
    code = e["code"]
    seats = order_from(d, cur)
    if code == "lose_all_food":  # Rats
        for s in seats:
            tokens.lose(d["players"][s], "farm", tokens.amount(d["players"][s], "farm"))
    elif code == "lose_half_discontent":  # Emigration: half the discontent workers, rounded up
        for s in seats:
            k = (value_of(d, s, "discontent_workers") + 1) // 2
            gain(ctx, s, "workers", -k)
    elif code == "remove_old_leader":  # Iconoclasm: leaders not of the current age
        for s in seats:
            leader = d["players"][s]["leader"]
            if leader and CARDS[leader]["lvl"] != d["age"]:
                remove_leader(ctx, s)
    elif code == "terrorism":  # the least cultured destroys 1 urban building of each other
        least = min(seats, key=lambda s: (d["players"][s]["culture"], -seats.index(s)))
        for s in seats:
            if s != least:
                destroy(ctx, s, "urban", 1, None)
    else:
        ctx.log(t(f"(rule {code} has no automatic resolution)", f"（规则 {code} 未自动结算）"))


def destroy(ctx: Ctx, seat: int, what: str, n: int, max_age: str | None) -> list[str]:
    """Remove ``n`` of ``what`` (canonical choice: the lowest-level ones first); returns the cards
    whose buildings or units were removed."""
    p = ctx.data["players"][seat]
    kinds = {
        "building": ("farm", "mine", "urban"),
        "urban": ("urban",),
        "unit": ("unit",),
        "farm_mine": ("farm", "mine"),
        "farm_mine_urban": ("farm", "mine", "urban"),
    }.get(what)
    if what == "population":
        gain(ctx, seat, "workers", -n)
        return []
    if what == "colony":
        if p["colonies"]:
            lost = p["colonies"].pop()
            enter(ctx, seat, lost, -1)
        return []
    if what in ("leader", "leader_or_wonder_unfinished"):
        if what != "leader" and p["wonder"] is not None and not p["leader"]:
            p["blue_bank"] += p["wonder"].get("tokens", 0)
            p["wonder"] = None
            return []
        if p["leader"]:
            remove_leader(ctx, seat)
        return []
    if kinds is None:
        return []
    gone: list[str] = []
    lim = 9 if max_age is None else {"A": 0, "I": 1, "II": 2, "III": 3}[max_age]
    for _ in range(n):
        cands = sorted(
            (CARDS[c]["lvl"], c)
            for c, w in p["workers"].items()
            if w and CARDS[c]["kind"] in kinds and CARDS[c]["lvl"] <= lim
        )
        if not cands:
            break
        c = cands[0][1]
        p["workers"][c] -= 1
        p["unused_workers"] += 1
        gone.append(c)
    return gone


def triggers(ctx: Ctx, seat: int, event: str) -> None:
    """Fire the ``on`` effects of the cards ``seat`` has in play for ``event``."""
    holders = TRIGGERED.get(event)
    if not holders:
        return
    p = ctx.data["players"][seat]
    for src in once_among(p, holders, TRIGGER_WHERE[event]):
        for e in CARDS[src]["triggers"][event]:
            if e["kind"] == "choice":  # the owner chooses (Winston Churchill): a decision "option"
                decisions.push(ctx.data, "option", [seat], card=src, event=event)
            else:
                apply_one(ctx, seat, e, seat, None, src)


#: ``event`` -> the cards with effects on it (non-empty), and where they can be (:func:`once_among`).
TRIGGERED: dict[str, frozenset[str]] = {}
for _event in {ev for _c in CARDS.values() for ev in _c["triggers"]}:
    TRIGGERED[_event] = frozenset(cid for cid, c in CARDS.items() if c["triggers"].get(_event))
TRIGGER_WHERE = {ev: kinds_of(cards) for ev, cards in TRIGGERED.items()}


def enter(ctx: Ctx, seat: int, cid: str, sign: int = 1) -> None:
    """Cards with token symbols add tokens from the box while in play (L1454-1458)."""
    for e in CARDS[cid]["effects"]:
        if (
            e["kind"] == "gain"
            and e.get("when", "permanent") == "permanent"
            and e["what"] in ("blue", "yellow")
        ):
            gain(ctx, seat, e["what"], sign * e["n"])


def remove_leader(ctx: Ctx, seat: int) -> None:
    """The leader leaves play; its token symbols are reversed."""
    p = ctx.data["players"][seat]
    old = p["leader"]
    if old:
        if CARDS[old]["rules"].get("score_extra_production_on_leave"):  # Bill Gates (P1)
            p["culture"] += count(p, "lab_levels")
        enter(ctx, seat, old, -1)
        p["leader"] = None
