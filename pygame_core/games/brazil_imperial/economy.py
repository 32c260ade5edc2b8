"""Goods and payment (L132-163, L387-388, L404-415).

- Goods a building produces stay on its tile; they may be spent from there by whoever controls the
  tile (L387-388, L511) but never moved to the personal supply.
- The personal supply holds at most 5 goods; a gain is taken whole first and the player then returns
  the excess of its choice (L415, FAQ): :func:`over_cap` makes the flow ask for ``trim`` steps.
- Paying a cost: science counts as any resource or gold, gold as any resource (L136-139); a gold card
  is 1 gold (L288); with the upgraded Build any resource pays a resource (L427-429, gold and science
  are not interchangeable, FAQ); Napoleon's battle card counts as a resource, two as a science (L104);
  Afonso I's 1/2/3 cards, once per turn, as 1 gold / 2 resources / 1 science + 1 gold (L96): tried only
  when the goods alone cannot pay, fewest cards first. The Trade table takes its inputs strictly (B6).

Payment is chosen by the engine (:func:`plan`): exact goods first, from tiles before the supply, then
the cheapest substitute (another resource when allowed, gold, science, a gold card, a monarch's
battle card). This keeps the legal list short; choosing the payment by hand is listed as not done.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import model
from pygame_core.games.brazil_imperial.text import RESOURCES

Data = dict[str, Any]
#: a payment unit: (where, good): where is "supply", a hex "q,r", "gold_card:<id>" or "battle:<id>"
Unit = tuple[str, str]
Cost = dict[str, int]


def alternatives(cost: Any) -> list[Cost]:
    """A cost as a list of alternatives (a list in the data means "pay one of them")."""
    if cost is None:
        return [{}]
    if isinstance(cost, list):
        return [dict(c) for c in cost] or [{}]
    if isinstance(cost, dict) and "any_of" in cost:
        return [dict(c) for c in cost["any_of"]]
    return [dict(cost)]


def discounted(g: Data, seat: int, arch: str, cost: Any) -> list[Cost]:
    """A cost less the seat's paintings' discounts for ``arch`` (data: ``discount {arch, goods}``;
    never below nothing)."""
    alts = alternatives(cost)
    off: dict[str, int] = {}
    for card in model.player(g, seat)["paintings"]:
        ab = bd.PAINTINGS[card].get("ability") or {}
        if ab.get("kind") == "discount" and ab.get("arch") == arch:
            model.add_goods(off, {k: int(v) for k, v in ab.get("goods", {}).items()})
    if not off:
        return alts
    out = []
    for alt in alts:
        out.append({k: n - off.get(k, 0) for k, n in alt.items() if n - off.get(k, 0) > 0})
    return out


def _pool(g: Data, seat: int, exclude: str | None, cards: bool) -> list[Unit]:
    """Everything the seat may pay with, tiles first (their goods cannot go anywhere else)."""
    out: list[Unit] = []
    for h in model.controlled(g, seat):
        if h == exclude:
            continue
        for good, n in sorted(model.tile(g, h).get("goods", {}).items()):  # type: ignore[union-attr]
            out += [(h, good)] * n
    p = model.player(g, seat)
    for good, n in sorted(p["supply"].items()):
        out += [("supply", good)] * n
    if cards:
        out += [(f"gold_card:{c}", "gold") for c in sorted(p["gold"])]
    return out


def card_options(g: Data, seat: int) -> list[list[Unit]]:
    """The ways a monarch lets battle cards pay, fewest cards first (no card first): Napoleon, a card
    as 1 resource or 2 cards as 1 science (L104); Afonso I, once per turn, 1/2/3 cards as 1 gold / 2
    resources / 1 science + 1 gold (L96, B22). A unit's ``where`` names its cards: "battle:a+b"."""
    fresh = g["turn"].get("fresh", [])  # drawn by this Deploy: not for its cost (FAQ)
    hand = sorted(c for c in model.player(g, seat)["battle"] if c not in fresh)
    hook = monarch_hook(g, seat)
    out: list[list[Unit]] = [[]]
    if hook == "napoleon":
        for n in range(1, len(hand) + 1):
            for pairs in range(n // 2 + 1):
                cards, units = hand[:n], []
                for i in range(pairs):
                    units.append((f"battle:{cards[2 * i]}+{cards[2 * i + 1]}", "science"))
                units += [(f"battle:{c}", "any_resource") for c in cards[2 * pairs :]]
                out.append(units)
    elif hook == "afonso_i" and not g["turn"].get("afonso_used"):
        rates = [["gold"], ["any_resource", "any_resource"], ["science", "gold"]]
        for k, goods in enumerate(rates, start=1):
            if len(hand) >= k:
                out.append([("battle:" + "+".join(hand[:k]), good) for good in goods])
    return out


def monarch_hook(g: Data, seat: int) -> str | None:
    from_data = model.player(g, seat).get("monarch")
    return str(from_data) if from_data else None


def _fits(unit_good: str, need: str, any_resource_ok: bool) -> int:
    """How well a unit pays a need: 0 exact, higher is a dearer substitute, -1 cannot."""
    if unit_good == need:
        return 0
    if need in RESOURCES or need == "any_resource":
        if unit_good in RESOURCES and (need == "any_resource" or any_resource_ok):
            return 1
        if unit_good == "any_resource":
            return 2
        if unit_good == "gold":
            return 3
        if unit_good == "science":
            return 4
    if need == "gold" and unit_good == "science":
        return 4
    return -1


def _rank(where: str) -> int:
    return 2 if where.startswith(("gold_card:", "battle:")) else 0 if where != "supply" else 1


def plan(
    g: Data,
    seat: int,
    cost: Cost,
    *,
    any_resource_ok: bool = False,
    exclude: str | None = None,
    cards: bool = True,
) -> list[Unit] | None:
    """The units that pay ``cost`` (None if the seat cannot): exact goods first, then substitutes."""
    needs: list[str] = []
    for good in ("science", "gold", *RESOURCES, "any_resource"):
        needs += [good] * int(cost.get(good, 0))
    base = _pool(g, seat, exclude, cards)
    for extra in card_options(g, seat) if cards else [[]]:
        chosen = _assign(needs, base + extra, any_resource_ok)
        if chosen is not None:
            return chosen
    return None


def _assign(needs: list[str], pool: list[Unit], any_resource_ok: bool) -> list[Unit] | None:
    used = [False] * len(pool)
    chosen: list[Unit | None] = [None] * len(needs)
    for level in range(5):
        for i, need in enumerate(needs):
            if chosen[i] is not None:
                continue
            best = None
            for j, (where, good) in enumerate(pool):
                if not used[j] and _fits(good, need, any_resource_ok) == level:
                    if best is None or _rank(where) < _rank(pool[best][0]):
                        best = j
            if best is not None:
                used[best] = True
                chosen[i] = pool[best]
    if any(c is None for c in chosen):
        return None
    return [c for c in chosen if c is not None]


def best_plan(g: Data, seat: int, cost: Any, **kw: Any) -> list[Unit] | None:
    """The first alternative of ``cost`` the seat can pay, and how."""
    for alt in alternatives(cost):
        p = plan(g, seat, alt, **kw)
        if p is not None:
            return p
    return None


def can_pay(g: Data, seat: int, cost: Any, **kw: Any) -> bool:
    return best_plan(g, seat, cost, **kw) is not None


def pay(g: Data, seat: int, units: list[Unit]) -> bool:
    """Take the units away; True when a hidden card was spent (the caller reveals)."""
    p = model.player(g, seat)
    hidden = False
    for where, good in units:
        if where == "supply":
            model.take_goods(p["supply"], good)
        elif where.startswith("gold_card:"):
            card = where.split(":", 1)[1]
            p["gold"].remove(card)
            g["decks"]["gold_discard"].append(card)
            hidden = True
        elif where.startswith("battle:"):
            for card in where.split(":", 1)[1].split("+"):
                if card in p["battle"]:  # two units of one Afonso rate name the same cards
                    p["battle"].remove(card)
                    g["decks"]["battle_discard"].append(card)
            if monarch_hook(g, seat) == "afonso_i":
                g["turn"]["afonso_used"] = True
            hidden = True
        else:
            t = model.tile(g, where)
            assert t is not None
            model.take_goods(t["goods"], good)
    return hidden


def gain(g: Data, seat: int, goods: dict[str, int]) -> None:
    """Goods into the personal supply; the cap is enforced after (L415: gain first, then trim)."""
    model.add_goods(model.player(g, seat)["supply"], {k: int(v) for k, v in goods.items() if k != "any"})


def over_cap(g: Data, seat: int) -> bool:
    return model.supply_total(model.player(g, seat)) > model.SUPPLY_CAP
