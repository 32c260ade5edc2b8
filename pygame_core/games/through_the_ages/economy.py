"""Civil and military action tokens (L899-910, L1805-1809), discounts and costs."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import Player
from pygame_core.games.through_the_ages.ratings import count, kinds_of, limits, once_among, rule

SYNERGY = {"theater": "library", "library": "theater"}  # William Shakespeare: the other building
URBAN_OF = {"library": "libraries", "theater": "theaters"}


def ca_left(p: Player) -> int:
    """Civil actions available; ``ma_as_ca`` (Hammurabi, P1) adds one military action usable as a
    civil action once per turn."""
    left = p["ca_total"] - p["ca_used"]
    if not p["ma_as_ca_used"] and ma_left(p) >= 1 and rule(p, "ma_as_ca") is not None:
        left += 1
    return left


def ma_left(p: Player) -> int:
    return p["ma_total"] - p["ma_used"] + p["temporary_ma"]


def spend_ca(p: Player, n: int = 1) -> None:
    """Spend ``n`` civil actions; past the white tokens, Hammurabi's military action pays."""
    over = p["ca_used"] + n - p["ca_total"]
    if over > 0 and not p["ma_as_ca_used"] and rule(p, "ma_as_ca") is not None:
        spend_ma(p, 1)
        p["ma_as_ca_used"] = True
        n -= 1
    p["ca_used"] += n


def spend_ma(p: Player, n: int = 1) -> None:
    """Temporary MAs are spent first (L1256-1264)."""
    t = min(p["temporary_ma"], n)
    p["temporary_ma"] -= t
    p["ma_used"] += n - t


def sync(p: Player) -> None:
    """Recompute the token totals: a rising total adds available tokens now (L909); a falling
    total removes spent tokens first (L910)."""
    r = limits(p)
    for key in ("ca", "ma"):
        new, old = r[key], p[key + "_total"]
        if new < old:
            p[key + "_used"] = max(0, p[key + "_used"] - (old - new))
            p[key + "_used"] = min(p[key + "_used"], new)
        p[key + "_total"] = new


def matches(target: str | None, card: dict[str, Any] | None) -> bool:
    if target is None or card is None:
        return True
    if target in ("farm_mine",):
        return card["kind"] in ("farm", "mine")
    if target == "tech":
        return card["kind"] in ("farm", "mine", "urban", "unit", "special", "government")
    if target == "building":
        return card["kind"] in ("farm", "mine", "urban")
    return target in (card["kind"], card["type"], card["category"])


#: ``on`` -> {card id: its permanent discounts on ``on``}: only these cards need a look.
DISCOUNTS_ON: dict[str, dict[str, list[dict[str, Any]]]] = {}
for _cid, _card in CARDS.items():
    for _e in _card["permanent_discounts"]:
        DISCOUNTS_ON.setdefault(_e["on"], {}).setdefault(_cid, []).append(_e)
#: ``on`` -> the places (card kinds) where a card of ``DISCOUNTS_ON[on]`` can be.
DISCOUNT_WHERE = {on: kinds_of(cards) for on, cards in DISCOUNTS_ON.items()}


def discount(p: Player, on: str, card: str | None = None) -> int:
    """Permanent discounts on ``on`` from cards in play (Moses, construction techs L985, L1151)
    and this turn's one-shot discounts (action cards)."""
    c = CARDS[card] if card else None
    n = 0
    sources = DISCOUNTS_ON.get(on)
    if sources:
        for src in once_among(p, sources, DISCOUNT_WHERE[on]):
            for e in sources[src]:
                if matches(e.get("target"), c) and (
                    e.get("age") is None or c is None or e["age"] == c["age"]
                ):
                    n += e["n"]
    leader = p["leader"]
    if leader is not None and c is not None and c["type"] in SYNERGY:  # William Shakespeare (P1)
        rule_e = CARDS[leader]["rules"].get("library_theater_synergy")
        if rule_e is not None and on in ("build", "develop") and count(p, URBAN_OF[SYNERGY[c["type"]]]):
            n += rule_e["n"]
    for e in p["discounts"]:
        if (
            e["on"] == on
            and matches(e.get("target"), c)
            and (e.get("age") is None or c is None or e["age"] == c["age"])
        ):
            n += e["n"]
    return n


def any_discount(p: Player, on: str) -> bool:
    """Whether anything could lower a cost ``on`` (a card in play, William Shakespeare, a one-shot
    discount of this turn). When not, every such cost is the card's own (legal-action loops skip
    :func:`discount` per card)."""
    for e in p["discounts"]:
        if e["on"] == on:
            return True
    sources = DISCOUNTS_ON.get(on)
    if sources and once_among(p, sources, DISCOUNT_WHERE[on]):
        return True
    leader = p["leader"]
    return leader is not None and on in ("build", "develop") and \
        "library_theater_synergy" in CARDS[leader]["rules"]


def build_cost(p: Player, card: str) -> int:
    """Resources to build on ``card``, after discounts (construction techs; never Age A urban, §7.3)."""
    c = CARDS[card]
    base = c["cost"].get("build", 0)
    return max(0, base - discount(p, "build", card))


def upgrade_cost(p: Player, low: str, high: str) -> int:
    """Cost difference, with the construction discounts applied to both costs (L1145-1151)."""
    diff = build_cost(p, high) - build_cost(p, low)
    return max(0, diff - discount(p, "upgrade", high))


def resources_for(p: Player, card: str) -> int:
    """Resources the player can spend on ``card``: stored resources, plus this turn's military
    resources for units (Patriotism, L1256-1264)."""
    extra = p["military_resources"] if CARDS[card]["kind"] == "unit" else 0
    return tokens.amount(p, "mine") + extra


def pay_resources(p: Player, card: str, n: int) -> None:
    if CARDS[card]["kind"] == "unit" and p["military_resources"]:
        used = min(p["military_resources"], n)
        p["military_resources"] -= used
        n -= used
    tokens.pay(p, "mine", n)


def use_once(p: Player, on: str) -> None:
    """One-shot discounts of this turn are used by the next such action."""
    p["discounts"] = [e for e in p["discounts"] if e["on"] != on]
