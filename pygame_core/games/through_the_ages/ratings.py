"""Ratings derived from the cards in play and where the workers stand (L846-905), and the
optimal army formation of tactics (L1558-1616, L1957-1975)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import HAPPY_MAX, Player

RATING_OF = {
    "science_rating": "science",
    "culture_rating": "culture",
    "strength": "strength",
    "happiness": "happiness",
    "colonization": "colonization",
    "science": "science",
    "culture": "culture",
    "ca": "ca",
    "ma": "ma",
}
KEYS = (
    "science",
    "culture",
    "strength",
    "happiness",
    "colonization",
    "ca",
    "ma",
    "urban_limit",
    "civil_hand",
    "military_hand",
)
URBAN_PER = {
    "labs": "lab",
    "temples": "temple",
    "libraries": "library",
    "theaters": "theater",
    "arenas": "arena",
}
RAVAGED_CULTURE = 2
UNIT_PER = {"infantry": "infantry", "cavalry": "cavalry", "artillery": "artillery", "air_force": "air_force"}


def once_cards(p: Player) -> list[str]:
    """Cards whose output counts once while in play (L849, L1486): government, special techs,
    leader, completed wonders, colonies."""
    wonders = [w for w in p["wonders"] if w not in p["ravaged"]] if p["ravaged"] else p["wonders"]
    out = [p["government"], *p["specials"], *wonders, *p["colonies"]]
    if p["leader"]:
        out.append(p["leader"])
    return out


def once_among(p: Player, cards: dict[str, Any] | frozenset[str], where: frozenset[str]) -> list[str]:
    """The cards of :func:`once_cards` (in its order) that are among ``cards``, looking only at the
    places where such a card can be (``where``: the card kinds of ``cards``): a hot path."""
    out: list[str] = []
    if "government" in where and p["government"] in cards:
        out.append(p["government"])
    if "special" in where:
        out += [c for c in p["specials"] if c in cards]
    if "wonder" in where:
        out += [c for c in p["wonders"] if c in cards and c not in p["ravaged"]]
    if "territory" in where:
        out += [c for c in p["colonies"] if c in cards]
    if "leader" in where and p["leader"] and p["leader"] in cards:
        out.append(p["leader"])
    return out


def kinds_of(cards: Any) -> frozenset[str]:
    """The card kinds of ``cards`` (ids): :func:`once_among`'s ``where``."""
    return frozenset(CARDS[c]["kind"] for c in cards)


def count(p: Player, what: str) -> int:
    """How many ``what`` the player has (the ``per`` vocabulary of data/README.md)."""
    w = p["workers"]
    if what in URBAN_PER:
        return sum(
            n for c, n in w.items() if CARDS[c]["type"] == URBAN_PER[what] and CARDS[c]["kind"] == "urban"
        )
    if what in UNIT_PER:
        return sum(
            n for c, n in w.items() if CARDS[c]["kind"] == "unit" and CARDS[c]["type"] == UNIT_PER[what]
        )
    if what == "units":
        return sum(n for c, n in w.items() if CARDS[c]["kind"] == "unit")
    if what in ("farms", "mines"):
        return sum(n for c, n in w.items() if CARDS[c]["kind"] == what[:-1])
    if what == "farm_mine":
        return sum(n for c, n in w.items() if CARDS[c]["kind"] in ("farm", "mine"))
    if what == "urban":
        return sum(n for c, n in w.items() if CARDS[c]["kind"] == "urban")
    if what == "buildings":
        return sum(n for c, n in w.items() if CARDS[c]["kind"] in ("farm", "mine", "urban"))
    if what == "wonders":
        return len(p["wonders"])
    if what == "library_theater_pairs":  # William Shakespeare (P1)
        return min(count(p, "libraries"), count(p, "theaters"))
    if what == "lab_levels":  # Bill Gates (P1)
        return sum(n * CARDS[c]["lvl"] for c, n in w.items()
                   if CARDS[c]["type"] == "lab" and CARDS[c]["kind"] == "urban")
    if what == "territories":
        return len(p["colonies"])
    if what == "techs":
        return len(p["workers"]) + len(p["specials"]) + 1
    if what == "special_techs":
        return len(p["specials"])
    if what == "leaders":
        return 1 if p["leader"] else 0
    if what == "workers":
        return sum(w.values())
    if what == "population":
        return sum(w.values()) + p["unused_workers"]
    if what == "unused_workers":
        return p["unused_workers"]
    special = SPECIAL_COUNTS.get(what)
    if special is not None:
        return special(p)
    raise KeyError(f"unknown count {what!r} (data/README.md, the per vocabulary)")


def _best(p: Player, types: tuple[str, ...], value: Any) -> int:
    """The greatest ``value(card)`` among the urban buildings or mines of ``types`` with a worker."""
    w = p["workers"]
    return max((value(CARDS[c]) for c, n in w.items() if n and CARDS[c]["type"] in types), default=0)


def _output(p: Player, types: tuple[str, ...], keys: tuple[str, ...]) -> int:
    """What the buildings of ``types`` produce of ``keys`` (their printed outputs x workers)."""
    w = p["workers"]
    return sum(n * CARDS[c]["out"].get(k, 0)
               for c, n in w.items() if n and CARDS[c]["type"] in types for k in keys)


def _happy_of(p: Player, types: tuple[str, ...]) -> int:
    return _output(p, types, ("happiness",))


def _once_happy(cards: list[str]) -> int:
    """Happy faces of cards counted once (their flat outputs)."""
    return sum(_happy(c) for c in cards)


UNIT_TYPES = ("infantry", "cavalry", "artillery", "air_force")
URBAN_TYPES = ("lab", "temple", "library", "theater", "arena")

#: The counts of single cards (P1 texts): each key names what one card counts.
SPECIAL_COUNTS: dict[str, Any] = {
    # Leonardo da Vinci, Isaac Newton, Albert Einstein: the level of the best lab or library
    "best_lab_library_level": lambda p: _best(p, ("lab", "library"), lambda c: c["lvl"]),
    # Michelangelo: happy faces of temples, theaters and (completed, face-up) wonders
    "temple_theater_wonder_happiness": lambda p: _happy_of(p, ("temple", "theater"))
    + _once_happy([w for w in p["wonders"] if w not in p["ravaged"]]),
    # Joan of Arc: happy faces of temples and the government
    "temple_government_happiness": lambda p: _happy_of(p, ("temple",)) + _once_happy([p["government"]]),
    # Napoleon Bonaparte: different unit types with at least one unit
    "unit_types": lambda p: len({CARDS[c]["type"] for c, n in p["workers"].items()
                                 if n and CARDS[c]["kind"] == "unit"}),
    # Charlie Chaplin: the culture of the best theater (counted once more)
    "best_theater_culture": lambda p: _best(p, ("theater",), lambda c: c["out"].get("culture", 0)),
    # Transcontinental Railroad: the output of one best mine (counted once more)
    "best_mine_output": lambda p: _best(p, ("mine",), lambda c: c["out"].get("resources", 0)),
    # Hollywood: the culture of theaters and libraries
    "theater_library_culture": lambda p: _output(p, ("theater", "library"), ("culture",)),
    # Internet: the culture, science and strength of urban buildings
    "urban_output": lambda p: _output(p, URBAN_TYPES, ("culture", "science", "strength")),
    # First Space Flight: the levels of every technology card in play (government, specials included)
    "tech_levels": lambda p: sum(CARDS[c]["lvl"] for c in [*p["workers"], *p["specials"], p["government"]]),
    # Fast Food Chains: workers on farms and mines; on urban buildings and units
    "workers_farm_mine": lambda p: count(p, "farm_mine"),
    "workers_urban_unit": lambda p: count(p, "urban") + count(p, "units"),
    # International Tourism: the pact partner's completed wonders (kept by politics.refresh_partners)
    "partner_wonders": lambda p: int(p.get("partner_wonders", 0)),
}

#: The pact cards whose sides count the partner's wonders (International Tourism).
PARTNER_WONDER_PACTS = frozenset(
    cid for cid, c in CARDS.items()
    for x in c.get("sides", {}).values()
    if any(e.get("per") == "partner_wonders" for e in x.get("effects", []))
)


def refresh_partners(players: list[Player]) -> None:
    """Keep each player's ``partner_wonders`` (the completed wonders of its partners in the pacts
    that count them) true: called whenever a pact starts or ends and whenever a wonder is completed,
    since :func:`stats` sees one player only."""
    for q in players:
        if q.get("partner_wonders"):
            q["partner_wonders"] = 0
    for q in players:
        pact = q["pact"]
        if pact and pact["card"] in PARTNER_WONDER_PACTS:
            other = players[pact["with"]]
            q["partner_wonders"] = q.get("partner_wonders", 0) + len(other["wonders"])
            other["partner_wonders"] = other.get("partner_wonders", 0) + len(q["wonders"])


def _permanent(eff: dict[str, Any]) -> bool:
    return eff.get("when", "permanent") == "permanent"


def _rating_parts(card: dict[str, Any]) -> tuple[list[tuple[str, int]], list[dict[str, Any]]]:
    """A card's flat rating outputs (its ``out`` and permanent ``gain`` of a rating) and its
    permanent ``per`` rating bonuses, computed once per card."""
    flat = [(k, v) for k, v in card["out"].items() if k in KEYS]
    pers: list[dict[str, Any]] = []
    for e in card["effects"]:
        if not _permanent(e) or e.get("who", "self") != "self":
            continue
        if e["kind"] == "per" and e["what"] in RATING_OF:
            pers.append(e)
        elif e["kind"] == "gain" and e["what"] in RATING_OF:
            flat.append((RATING_OF[e["what"]], e["n"]))
    return flat, pers


RATING_PARTS = {cid: _rating_parts(c) for cid, c in CARDS.items()}
SIDE_OUT = {
    (cid, side): [(k, v) for k, v in x.get("out", {}).items() if k in KEYS]
    for cid, c in CARDS.items()
    for side, x in c.get("sides", {}).items()
}
#: A pact side's permanent ``per`` rating bonuses (International Tourism).
SIDE_PERS = {
    (cid, side): [e for e in x.get("effects", []) if e["kind"] == "per" and e["what"] in RATING_OF]
    for cid, c in CARDS.items()
    for side, x in c.get("sides", {}).items()
}


#: Extra production (L2061-2063: marked with a red token on the Age A farm or mine): the permanent
#: ``per`` effects of food or resource production of the cards counted once (Transcontinental
#: Railroad, Bill Gates) and the ``food``/``resources`` outputs of pact sides (International Trade
#: Agreement, Acceptance of Supremacy).
PRODUCTION_WHAT = {"food_production": "farm", "resources_production": "mine"}
EXTRA_PRODUCTION = {
    cid: [e for e in c["effects"] if e["kind"] == "per" and e["what"] in PRODUCTION_WHAT and _permanent(e)]
    for cid, c in CARDS.items()
}
EXTRA_PRODUCTION = {cid: effs for cid, effs in EXTRA_PRODUCTION.items() if effs}
EXTRA_WHERE = kinds_of(EXTRA_PRODUCTION)
SIDE_PRODUCTION = {
    (cid, side): {"farm": x.get("out", {}).get("food", 0), "mine": x.get("out", {}).get("resources", 0)}
    for cid, c in CARDS.items()
    for side, x in c.get("sides", {}).items()
}


def extra_production(p: Player, kind: str) -> int:
    """Food (``kind`` "farm") or resources ("mine") produced each production phase beyond the
    workers' own (may be negative: Acceptance of Supremacy's side B)."""
    n = 0
    for c in once_among(p, EXTRA_PRODUCTION, EXTRA_WHERE):
        for e in EXTRA_PRODUCTION[c]:
            if PRODUCTION_WHAT[e["what"]] == kind:
                k = count(p, e["per"]) // e.get("every", 1)
                n += e["n"] * (min(k, e["max"]) if "max" in e else k)
    for cid, side in p["pact_sides"]:
        n += SIDE_PRODUCTION[(cid, side)][kind]
    return n


def produce_extra(p: Player, kind: str) -> None:
    """Produce the extra production (after the workers' production of ``kind``); a negative one
    (Acceptance of Supremacy's side B) only lowers this production, never below 0."""
    n = extra_production(p, kind)
    if n > 0:
        tokens.gain(p, kind, n)
    elif n < 0:
        tokens.lose(p, kind, min(-n, tokens.production(p, kind)))


def production(p: Player, kind: str) -> int:
    """Food or resources produced per turn: the workers' (tokens.production) plus the extra
    production, never below 0; before corruption and consumption."""
    return max(0, tokens.production(p, kind) + extra_production(p, kind))


LIMIT_KEYS = ("ca", "ma", "urban_limit", "civil_hand", "military_hand")
LIMIT_PARTS = {cid: [(k, v) for k, v in parts[0] if k in LIMIT_KEYS] for cid, parts in RATING_PARTS.items()}
SIDE_LIMITS = {key: [(k, v) for k, v in out if k in LIMIT_KEYS] for key, out in SIDE_OUT.items()}


#: The cards that change a token total or limit, and where they can be (:func:`once_among`).
LIMIT_CARDS = frozenset(cid for cid, parts in LIMIT_PARTS.items() if parts)
LIMIT_WHERE = kinds_of(LIMIT_CARDS)


#: :func:`limits` of the cards counted once and pact sides seen already (a cache, bounded).
_LIMITS: dict[tuple[Any, ...], dict[str, int]] = {}


def limits(p: Player) -> dict[str, int]:
    """The token totals and limits (``LIMIT_KEYS``) only: they come from the cards counted once and
    the pact sides, never from workers or ``per`` bonuses (checked by a data test), so this is
    :func:`stats` without the per-worker work. Remembered by those cards (a fresh dict each call)."""
    key = (p["government"], p["leader"], tuple(p["specials"]), tuple(p["wonders"]), tuple(p["ravaged"]),
           tuple(p["colonies"]), tuple(map(tuple, p["pact_sides"])))
    r = _LIMITS.get(key)
    if r is None:
        if len(_LIMITS) >= 4096:
            _LIMITS.clear()
        r = _LIMITS[key] = _limits(p)
    return dict(r)


def _limits(p: Player) -> dict[str, int]:
    r = dict.fromkeys(LIMIT_KEYS, 0)
    for c in once_among(p, LIMIT_CARDS, LIMIT_WHERE):
        for k, v in LIMIT_PARTS[c]:
            r[k] += v
    for cid, side in p["pact_sides"]:
        for k, v in SIDE_LIMITS[(cid, side)]:
            r[k] += v
    for k, v in r.items():
        if v < 0:
            r[k] = 0
    return r


def stats(p: Player, *, tactics: bool = True) -> dict[str, int]:
    """Every rating of the player, clamped (>= 0; happiness <= 8: L889-893)."""
    r = dict.fromkeys(KEYS, 0)
    for c, n in p["workers"].items():
        if n:
            for k, v in RATING_PARTS[c][0]:
                r[k] += v * n
    pers: list[dict[str, Any]] = []
    for c in once_cards(p):
        flat, per_bonus = RATING_PARTS[c]
        for k, v in flat:
            r[k] += v
        if per_bonus:
            pers.extend(per_bonus)
    r["culture"] += RAVAGED_CULTURE * len(p["ravaged"])  # Ravages of Time (P1)
    r["happiness"] += len(p["under_wonder"])  # Homer slid under a wonder (P1)
    leader = p["leader"]
    if leader is not None:
        cook = CARDS[leader]["rules"].get("colony_culture")  # James Cook (P1)
        if cook is not None and p["colonies"]:
            r["culture"] += cook["first"] + cook["each"] * (len(p["colonies"]) - 1)
    if not EXTRA_HAPPY.isdisjoint(p["wonders"]) and not EXTRA_HAPPY.issubset(p["ravaged"]):
        r["happiness"] += _extra_happy(p)
    for cid, side in p["pact_sides"]:
        for k, v in SIDE_OUT[(cid, side)]:
            r[k] += v
        pers.extend(SIDE_PERS[(cid, side)])
    for e in pers:
        per = e["per"]
        base = r["happiness"] if per == "happiness" else r["strength"] if per == "strength" else count(p, per)
        k = base // e.get("every", 1)
        if "max" in e:
            k = min(k, e["max"])
        r[RATING_OF[e["what"]]] += e["n"] * k
    if tactics and p["tactic"]:
        r["strength"] += tactic_strength(p)
    for k, v in r.items():
        if v < 0:
            r[k] = 0
    if r["happiness"] > HAPPY_MAX:
        r["happiness"] = HAPPY_MAX
    return r


HOLDERS: dict[str, set[str]] = {}
for _cid, _card in CARDS.items():
    for _code in _card["rules"]:
        HOLDERS.setdefault(_code, set()).add(_cid)


#: For each rule code, the places of :func:`once_cards` where a holder can be (the others are skipped).
WHERE = {code: {CARDS[c]["kind"] for c in cards} for code, cards in HOLDERS.items()}


def rule(p: Player, code: str) -> dict[str, Any] | None:
    """The ``rule`` effect ``code`` of a card the player has in play or of a pact side in effect
    (data/README.md "rule.code"), or None. The cards are looked at in :func:`once_cards` order,
    without building that list and only where a card with the code can be (a hot path)."""
    holders = HOLDERS.get(code)
    if holders:
        where = WHERE[code]
        c = p["government"]
        if c in holders:
            return CARDS[c]["rules"][code]
        if "special" in where:
            for c in p["specials"]:
                if c in holders:
                    return CARDS[c]["rules"][code]
        if "wonder" in where:
            for c in p["wonders"]:
                if c in holders and c not in p["ravaged"]:
                    return CARDS[c]["rules"][code]
        if "territory" in where:
            for c in p["colonies"]:
                if c in holders:
                    return CARDS[c]["rules"][code]
        c = p["leader"]
        if c and c in holders:
            return CARDS[c]["rules"][code]
    for cid, side in p["pact_sides"]:
        e = CARDS[cid]["sides"][side]["rules"].get(code)
        if e is not None:
            return e
    return None


EXTRA_HAPPY = frozenset(cid for cid, c in CARDS.items() if "extra_happy_per_happy_source" in c["rules"])


def _extra_happy(p: Player) -> int:
    """St. Peter's Basilica (P1): every other card or worker giving at least one happy face gives
    one more."""
    n = 0
    for c, k in p["workers"].items():
        if k and _happy(c) > 0:
            n += k
    for c in once_cards(p):
        if c not in EXTRA_HAPPY and _happy(c) > 0:
            n += 1
    return n


def _happy(cid: str) -> int:
    return sum(v for k, v in RATING_PARTS[cid][0] if k == "happiness")


#: (unit type, level) of every unit card.
UNIT_OF = {cid: (c["type"], c["lvl"]) for cid, c in CARDS.items() if c["kind"] == "unit"}


def units_of(p: Player) -> list[tuple[str, int]]:
    """(unit type, level) of every military unit in play, one per worker (L143)."""
    out: list[tuple[str, int]] = []
    for c, n in p["workers"].items():
        card = CARDS[c]
        if card["kind"] == "unit":
            out.extend([(card["type"], card["lvl"])] * n)
    return out


def army_strength(units: list[tuple[str, int]], tactic: str) -> int:
    """The greatest tactical strength ``units`` give under ``tactic`` (L1562-1572): as many armies
    as possible; an army is outdated if any of its units is two or more levels below the tactic
    card's age (L1578-1588) and then gives the lower value; each air force doubles one army's value
    (one per army, L1959-1975). Fresh armies are formed first and doubled first, which is optimal
    because every army needs the same units and a fresh army is never worth less."""
    card = CARDS[tactic]
    if not any(card["army"].values()):
        return 0
    old_below = card["lvl"] - 1
    have: dict[str, int] = {}  # units of each type, and of each type fresh enough (one pass)
    fresh_have: dict[str, int] = {}
    for t, lv in units:
        have[t] = have.get(t, 0) + 1
        if lv >= old_below:
            fresh_have[t] = fresh_have.get(t, 0) + 1
    return _armies(card, have, fresh_have)


def _armies(card: dict[str, Any], have: dict[str, int], fresh_have: dict[str, int]) -> int:
    """:func:`army_strength` from the units of each type (``have``) and those fresh enough for the
    tactic ``card`` (``fresh_have``); the card needs some units."""
    total = fresh = -1
    for k, n in card["army"].items():
        if n:
            a, b = have.get(k, 0) // n, fresh_have.get(k, 0) // n
            total = a if total < 0 or a < total else total
            fresh = b if fresh < 0 or b < fresh else fresh
    fresh = min(fresh, total)
    value, old = card["strength"], card.get("obsolete_strength", card["strength"])
    air = have.get("air_force", 0)  # each doubles one army, the fresh ones first
    doubled_fresh = min(air, fresh)
    doubled_old = min(air - doubled_fresh, total - fresh)
    return value * (fresh + doubled_fresh) + old * (total - fresh + doubled_old)


def tactic_strength(p: Player) -> int:
    """Tactical strength; with ``infantry_as_cavalry`` (Genghis Khan, P1) each infantry may stand in
    for a cavalry unit, and the best split is used."""
    if not p["tactic"]:
        return 0
    if rule(p, "infantry_as_cavalry") is None:  # army_strength(units_of(p), ...) without the list
        card = CARDS[p["tactic"]]
        if not any(card["army"].values()):
            return 0
        old_below = card["lvl"] - 1
        have: dict[str, int] = {}
        fresh_have: dict[str, int] = {}
        for c, n in p["workers"].items():
            unit = UNIT_OF.get(c)
            if unit is not None and n:
                t, lv = unit
                have[t] = have.get(t, 0) + n
                if lv >= old_below:
                    fresh_have[t] = fresh_have.get(t, 0) + n
        return _armies(card, have, fresh_have)
    units = units_of(p)
    best = army_strength(units, p["tactic"])
    infantry = [u for u in units if u[0] == "infantry"]
    others = [u for u in units if u[0] != "infantry"]
    for k in range(1, len(infantry) + 1):
        mixed = others + [("cavalry", lv) for _t, lv in infantry[:k]] + infantry[k:]
        best = max(best, army_strength(mixed, p["tactic"]))
    return best


def colonization_force(p: Player, sent: dict[str, int]) -> int:
    """Force of the units ``sent`` ({unit card: n}) for colonizing: their strength, plus the
    tactic's armies among them (L1443-1460); no strength modifiers (the caller adds the
    colonization modifier and bonus cards)."""
    units: list[tuple[str, int]] = []
    force = 0
    for c, n in sent.items():
        card = CARDS[c]
        units.extend([(card["type"], card["lvl"])] * n)
        force += card["out"].get("strength", 0) * n
    if p["tactic"]:
        force += army_strength(units, p["tactic"])
    return force
