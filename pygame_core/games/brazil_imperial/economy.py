"""Goods and payment (L132-163, L387-388, L404-415).

- Goods a building produces stay on its tile; they may be spent from there by whoever controls the
  tile (L387-388, L511) but never moved to the personal supply.
- The personal supply holds at most 5 goods; a gain is taken whole first and the player then returns
  the excess of its choice (L415, FAQ): :func:`over_cap` makes the flow ask for ``trim`` steps.
- Paying a cost: science counts as any resource or gold, gold as any resource (L136-139); a gold card
  is 1 gold (L288); with the upgraded Build any resource pays a resource (L427-429, gold and science
  are not interchangeable, FAQ); Napoleon's battle card counts as a resource, two as a science (L104);
  Afonso I's 1/2/3 cards, once per turn, as 1 gold / 2 resources / 1 science + 1 gold (L96). The Trade
  table takes its inputs strictly (B6): the listed resources themselves, "any resource" one of the
  four, from the supply or a controlled tile (L413), never gold, science or a card in their place.

**The player chooses how to pay** (:func:`charge`). A cost that can be paid in only one way (the
same goods from the same places and cards: two brazilwood of the supply are one way) is paid at
once. Otherwise the paying seat owes a ``pay`` decision on the kernel's stack (non-blocking, its own
step): one unit at a time, ``pay {from, good}``, where ``from`` is ``supply``, a hex ``q,r`` (the goods
on that tile), ``gold_card:<id>`` or ``battle:<id>[+<id>...]`` (a monarch's battle cards) and ``good``
what it gives (``gold``, ``any_resource``, ``science``; Afonso I's rates ``any_resource+any_resource``
and ``science+gold``). Each unit is taken at once (a card spent shows, so it is an undo barrier); the
decision keeps what is still owed (``owed``: every reading of the cost the units so far leave, since a
gold may stand for gold or for a resource), offers only units after which the rest can still be paid,
and pays the rest itself once one way is left. The action paid for (``then``) is played when the cost
is paid (flow.py).

The default payment (:func:`plan`, what the heuristic bot pays and the engine paid before the player
chose): exact goods first, from tiles before the supply, then the cheapest substitute (another
resource when allowed, a Napoleon card, gold, science; gold cards and battle cards last); for Trade,
the listed resources, then the most plentiful resource for "any". :func:`default_step` is its first
unit, so a seat that always takes the default step pays exactly :func:`plan`. A bot's look-ahead copy
of a position carries ``auto_pay`` (heuristic.py): there every cost is paid the default way at once.
"""

from __future__ import annotations

import itertools
from typing import Any

from pygame_core.games.brazil_imperial import cards, model, names
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import GOOD_NAME, RESOURCES, Text, fmt, join, said, t
from pygame_core.kernel import Ctx
from pygame_core.kernel import decisions as kdec

Data = dict[str, Any]
#: a payment unit: (where, good): where is "supply", a hex "q,r", "gold_card:<id>" or "battle:<id>"
Unit = tuple[str, str]
Cost = dict[str, int]
#: the order needs are listed and filled in
NEED_ORDER = ("science", "gold", *RESOURCES, "any_resource")
#: Afonso I's rates (L96): goods for 1, 2 and 3 battle cards
AFONSO_RATES = (("gold",), ("any_resource", "any_resource"), ("science", "gold"))


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


def needs_of(cost: Cost) -> tuple[str, ...]:
    """A cost as the list of its needs, in :data:`NEED_ORDER`."""
    out: list[str] = []
    for good in NEED_ORDER:
        out += [good] * int(cost.get(good, 0))
    return tuple(out)


def _pool(g: Data, seat: int, exclude: str | None, cards: bool, strict: bool = False) -> list[Unit]:
    """Everything the seat may pay with, tiles first (their goods cannot go anywhere else); for
    Trade (``strict``) only resources (B6)."""
    out: list[Unit] = []
    for h in model.controlled(g, seat):
        if h == exclude:
            continue
        for good, n in sorted(model.tile(g, h).get("goods", {}).items()):  # type: ignore[union-attr]
            if not strict or good in RESOURCES:
                out += [(h, good)] * n
    p = model.player(g, seat)
    for good, n in sorted(p["supply"].items()):
        if not strict or good in RESOURCES:
            out += [("supply", good)] * n
    if cards and not strict:
        out += [(f"gold_card:{c}", "gold") for c in sorted(p["gold"])]
    return out


def _hand(g: Data, seat: int) -> list[str]:
    """The battle cards a monarch lets pay: not those drawn by this Deploy (FAQ)."""
    fresh = g["turn"].get("fresh", [])
    return sorted(c for c in model.player(g, seat)["battle"] if c not in fresh)


def _card_options(hook: str | None, hand: list[str], afonso_used: bool) -> list[list[Unit]]:
    """The ways a monarch lets battle cards pay, fewest cards first (no card first): Napoleon, a card
    as 1 resource or 2 cards as 1 science (L104); Afonso I, once per turn, 1/2/3 cards as 1 gold / 2
    resources / 1 science + 1 gold (L96, B22). A unit's ``where`` names its cards: "battle:a+b"."""
    out: list[list[Unit]] = [[]]
    if hook == "napoleon":
        for n in range(1, len(hand) + 1):
            for pairs in range(n // 2 + 1):
                cards, units = hand[:n], []
                for i in range(pairs):
                    units.append((f"battle:{cards[2 * i]}+{cards[2 * i + 1]}", "science"))
                units += [(f"battle:{c}", "any_resource") for c in cards[2 * pairs :]]
                out.append(units)
    elif hook == "afonso_i" and not afonso_used:
        for k, goods in enumerate(AFONSO_RATES, start=1):
            if len(hand) >= k:
                out.append([("battle:" + "+".join(hand[:k]), good) for good in goods])
    return out


def card_options(g: Data, seat: int) -> list[list[Unit]]:
    """:func:`_card_options` for the seat as it stands."""
    return _card_options(monarch_hook(g, seat), _hand(g, seat), bool(g["turn"].get("afonso_used")))


def monarch_hook(g: Data, seat: int) -> str | None:
    from_data = model.player(g, seat).get("monarch")
    return str(from_data) if from_data else None


def _fits(unit_good: str, need: str, any_resource_ok: bool, strict: bool = False) -> int:
    """How well a unit pays a need: 0 exact, higher is a dearer substitute, -1 cannot. Strict (Trade,
    B6): only the good itself, or one of the four resources for "any resource". A Napoleon card (an
    "any resource" unit) fits any resource need at the same level, so that a resource pays an "any"
    need before a card does and the card stays for a named resource."""
    if unit_good == need and need != "any_resource":
        return 0
    if strict:
        return 1 if need == "any_resource" and unit_good in RESOURCES else -1
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


def _assign(
    needs: tuple[str, ...] | list[str], pool: list[Unit], any_resource_ok: bool, strict: bool = False
) -> list[tuple[int, Unit]] | None:
    """Which unit pays which need (None if some need cannot be paid), in the order chosen: level by
    level (exact goods first), each need taking the best-ranked unit of the level (tiles first). For
    Trade the "any" needs take the most plentiful resource left (as the engine always did)."""
    used = [False] * len(pool)
    chosen: list[tuple[int, Unit]] = []
    done = [False] * len(needs)
    for level in range(5):
        for i, need in enumerate(needs):
            if done[i]:
                continue
            best = None
            if strict and need == "any_resource":
                if level != 1:
                    continue
                held = {r: 0 for r in RESOURCES}
                for j, (_, good) in enumerate(pool):
                    if not used[j] and good in held:
                        held[good] += 1
                want = max(RESOURCES, key=lambda r: (held[r], -RESOURCES.index(r)))
                for j, (where, good) in enumerate(pool):
                    if not used[j] and good == want and (best is None or _rank(where) < _rank(pool[best][0])):
                        best = j
            else:
                for j, (where, good) in enumerate(pool):
                    if not used[j] and _fits(good, need, any_resource_ok, strict) == level:
                        if best is None or _rank(where) < _rank(pool[best][0]):
                            best = j
            if best is not None:
                used[best] = True
                done[i] = True
                chosen.append((i, pool[best]))
    if not all(done):
        return None
    return chosen


def plan(
    g: Data,
    seat: int,
    cost: Cost,
    *,
    any_resource_ok: bool = False,
    exclude: str | None = None,
    cards: bool = True,
    strict: bool = False,
) -> list[Unit] | None:
    """The units that pay ``cost`` the default way (None if the seat cannot): exact goods first,
    then substitutes; listed in the order of the needs they pay."""
    bag = Bag.of(g, seat, any_ok=any_resource_ok, exclude=exclude, cards=cards, strict=strict)
    found = bag.plan(needs_of(cost))
    if found is None:
        return None
    return [u for _, u in sorted(found[1], key=lambda p: p[0])]


def best_plan(g: Data, seat: int, cost: Any, **kw: Any) -> list[Unit] | None:
    """The first alternative of ``cost`` the seat can pay, and how."""
    for alt in alternatives(cost):
        p = plan(g, seat, alt, **kw)
        if p is not None:
            return p
    return None


def can_pay(g: Data, seat: int, cost: Any, **kw: Any) -> bool:
    return best_plan(g, seat, cost, **kw) is not None


def bag_pays(bag: Bag, cost: Any) -> bool:
    """:func:`can_pay` with the seat's :class:`Bag` made once (``Bag.of`` with the same options), for
    a listing that prices many things in one position."""
    return any(bag.plan(needs_of(alt)) is not None for alt in alternatives(cost))


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
            t_ = model.tile(g, where)
            assert t_ is not None
            model.take_goods(t_["goods"], good)
    return hidden


# --------------------------------------------------------------------------- the player's payment
#: a residual: what is still owed, as needs in NEED_ORDER
Owed = tuple[str, ...]
#: a step of a payment: (where, goods) with goods "+"-joined for a bundle of Afonso I's cards
Step = tuple[str, str]


class Bag:
    """What a seat may pay with: the goods and gold cards (``base``, one unit each) and the battle
    cards a monarch lets pay (``hand``), for one kind of cost (``any_ok``: upgraded Build; ``strict``:
    Trade)."""

    __slots__ = ("afonso_used", "any_ok", "base", "hand", "hook", "strict")

    def __init__(
        self,
        base: list[Unit],
        hand: list[str],
        hook: str | None,
        afonso_used: bool,
        any_ok: bool,
        strict: bool,
    ) -> None:
        self.base = base
        self.hand = hand
        self.hook = hook
        self.afonso_used = afonso_used
        self.any_ok = any_ok
        self.strict = strict

    @classmethod
    def of(
        cls,
        g: Data,
        seat: int,
        *,
        any_ok: bool = False,
        exclude: str | None = None,
        cards: bool = True,
        strict: bool = False,
    ) -> Bag:
        cards = cards and not strict
        hook = monarch_hook(g, seat) if cards else None
        hand = _hand(g, seat) if hook in ("napoleon", "afonso_i") else []
        return cls(
            _pool(g, seat, exclude, cards, strict),
            hand,
            hook,
            bool(g["turn"].get("afonso_used")),
            any_ok,
            strict,
        )

    def options(self) -> list[list[Unit]]:
        return _card_options(self.hook, self.hand, self.afonso_used)

    def plan(self, needs: Owed) -> tuple[Owed, list[tuple[int, Unit]]] | None:
        """The default payment of ``needs``: (needs, pairs in the order chosen), or None."""
        for extra in self.options():
            chosen = _assign(needs, self.base + extra, self.any_ok, self.strict)
            if chosen is not None:
                return needs, chosen
        return None

    def can(self, owed: list[Owed]) -> bool:
        return any(not r or self.plan(r) is not None for r in owed)

    def steps(self) -> list[Step]:
        """Every distinct unit the seat could pay with next."""
        out = list(dict.fromkeys(self.base))
        hand = self.hand
        if self.hook == "napoleon":
            out += [(f"battle:{c}", "any_resource") for c in hand]
            out += [(f"battle:{a}+{b}", "science") for a, b in itertools.combinations(hand, 2)]
        elif self.hook == "afonso_i" and not self.afonso_used:
            for k, goods in enumerate(AFONSO_RATES, start=1):
                out += [("battle:" + "+".join(cs), "+".join(goods)) for cs in itertools.combinations(hand, k)]
        return out

    def without(self, step: Step) -> Bag:
        where, _ = step
        if where.startswith("battle:"):
            spent = set(where.split(":", 1)[1].split("+"))
            hand = [c for c in self.hand if c not in spent]
            used = self.afonso_used or self.hook == "afonso_i"
            return Bag(self.base, hand, self.hook, used, self.any_ok, self.strict)
        base = list(self.base)
        base.remove(step)
        return Bag(base, self.hand, self.hook, self.afonso_used, self.any_ok, self.strict)

    def fill(self, owed: list[Owed], step: Step) -> list[Owed]:
        """What is still owed after ``step``, every way it may count (a gold for gold or for a
        resource...), the closest fit first; [] if it pays nothing owed. A bundle's goods may each pay
        one need or go unused (L96), at least one paying."""
        out: list[Owed] = []
        for r in owed:
            states: list[tuple[Owed, bool]] = [(r, False)]
            for good in step[1].split("+"):
                nxt: list[tuple[Owed, bool]] = []
                for cur, paid in states:
                    fits = sorted(
                        (lv, NEED_ORDER.index(n), n)
                        for n in set(cur)
                        if (lv := _fits(good, n, self.any_ok, self.strict)) >= 0
                    )
                    for _, _, n in fits:
                        i = cur.index(n)
                        nxt.append((cur[:i] + cur[i + 1 :], True))
                    nxt.append((cur, paid))
                states = nxt
            for cur, paid in states:
                if paid and cur not in out:
                    out.append(cur)
        return out

    def after(self, owed: list[Owed], step: Step) -> list[Owed] | None:
        """What is owed after ``step`` if the rest can still be paid, else None."""
        left = self.fill(owed, step)
        if not left:
            return None
        if () in left:
            return [()]
        return left if self.without(step).can(left) else None

    def choices(self, owed: list[Owed]) -> list[Step]:
        return [s for s in self.steps() if self.after(owed, s) is not None]

    def default(self, owed: list[Owed]) -> Step:
        """The first unit of the default payment (:func:`plan` of the first reading that can be paid):
        its bundle, for a monarch's battle cards."""
        for r in owed:
            found = self.plan(r)
            if found is not None and found[1]:
                where, good = found[1][0][1]
                return (where, self._bundle(where)) if where.startswith("battle:") else (where, good)
        raise ValueError("nothing owed can be paid")

    def _bundle(self, where: str) -> str:
        n = len(where.split(":", 1)[1].split("+"))
        if self.hook == "afonso_i":
            return "+".join(AFONSO_RATES[n - 1])
        return "science" if n == 2 else "any_resource"

    def unique(self, owed: list[Owed]) -> bool:
        """Whether only one payment (one set of units) is left. Quick cases first: a unit outside the
        default payment that can start a payment makes two; a default payment that takes every unit
        of its kinds is the only one."""
        first = next((p for p in map(self.plan, owed) if p is not None), None)
        if first is None:
            return True
        pairs = first[1]
        mine = [u for _, u in pairs]
        kinds = {(w, self._bundle(w)) if w.startswith("battle:") else (w, g) for w, g in mine}
        for s in self.steps():
            if s not in kinds and self.after(owed, s) is not None:
                return False
        if not self.hand and all(self.base.count(u) == mine.count(u) for u in set(mine)):
            return True
        return len(self.ways(owed, 2)) < 2

    def ways(self, owed: list[Owed], limit: int, last: Step | None = None) -> list[tuple[Step, ...]]:
        """Up to ``limit`` distinct payments (sets of units) of what is owed."""
        out: list[tuple[Step, ...]] = []
        for s in dict.fromkeys(self.steps()):
            if last is not None and s < last:
                continue
            left = self.fill(owed, s)
            if not left:
                continue
            rest: list[tuple[Step, ...]]
            if () in left:
                rest = [()]
            else:
                bag = self.without(s)
                if not bag.can(left):
                    continue
                rest = bag.ways(left, limit, s)
            for w in rest:
                m = tuple(sorted((s, *w)))
                if m not in out:
                    out.append(m)
                    if len(out) >= limit:
                        return out
        return out


def _spec(d: Data) -> dict[str, Any]:
    return {"any_ok": d["any_ok"], "exclude": d["exclude"], "cards": d["cards"], "strict": d["strict"]}


def take(ctx: Ctx, seat: int, step: Step) -> None:
    """Take one unit of a payment away (a spent card shows: the caller's step cannot be undone)."""
    where, good = step
    if pay(ctx.data, seat, [(where, good.split("+")[0])]):
        ctx.reveal()


def charge(
    ctx: Ctx,
    seat: int,
    cost: Any,
    then: Data,
    *,
    any_ok: bool = False,
    exclude: str | None = None,
    cards: bool = True,
    strict: bool = False,
) -> bool:
    """Pay ``cost`` (its alternatives) for the action ``then``. True: paid now, in the only way there
    is (or the default way in a bot's look-ahead, ``auto_pay``), and the caller goes on; False: the
    seat owes a ``pay`` decision, and ``then`` is played once it is paid (flow.py)."""
    g = ctx.data
    owed = list(dict.fromkeys(needs_of(a) for a in alternatives(cost)))
    if () in owed:
        return True
    d: Data = {
        "owed": [list(r) for r in owed],
        "paid": [],
        "then": then,
        "any_ok": any_ok,
        "exclude": exclude,
        "cards": cards,
        "strict": strict,
    }
    if _settle(ctx, seat, d):
        return True
    kdec.push(g, "pay", [seat], blocking=False, **d)
    return False


def _settle(ctx: Ctx, seat: int, d: Data) -> bool:
    """Pay the rest when only one way is left (or in a bot's look-ahead); True when all is paid."""
    g = ctx.data
    owed = [tuple(r) for r in d["owed"]]
    if () not in owed:
        bag = Bag.of(g, seat, **_spec(d))
        if not (g.get("auto_pay") or bag.unique(owed)):
            return False
        while () not in owed:
            step = bag.default(owed)
            take(ctx, seat, step)
            d["paid"].append(list(step))
            owed = bag.fill(owed, step)
            bag = bag.without(step)
    if d["paid"]:
        ctx.log(said(seat, fmt(t("pays {g}", "支付 {g}"), g=paid_text(g, [(w, x) for w, x in d["paid"]]))))
    return True


def pay_legal(g: Data, seat: int, d: Data) -> list[Data]:
    """The units the seat may pay with next (after each, the rest can still be paid)."""
    bag = Bag.of(g, seat, **_spec(d))
    return [{"type": "pay", "from": w, "good": x} for w, x in bag.choices([tuple(r) for r in d["owed"]])]


def default_step(g: Data, seat: int, d: Data) -> Data:
    """The default payment's next unit as an action (the heuristic bot's answer)."""
    w, x = Bag.of(g, seat, **_spec(d)).default([tuple(r) for r in d["owed"]])
    return {"type": "pay", "from": w, "good": x}


def answer(ctx: Ctx, seat: int, d: Data, action: Data) -> Data | None:
    """``seat`` pays one unit; the action paid for once the cost is paid (the decision gone), else None."""
    g = ctx.data
    step = (str(action["from"]), str(action["good"]))
    bag = Bag.of(g, seat, **_spec(d))
    owed = bag.fill([tuple(r) for r in d["owed"]], step)
    take(ctx, seat, step)
    d["paid"].append(list(step))
    d["owed"] = [list(r) for r in ([()] if () in owed else owed)]
    if not _settle(ctx, seat, d):
        return None
    kdec.pop(g, d)
    then: Data = d["then"]
    return then


def paying(g: Data) -> Data | None:
    """The payment under way, as anyone may see it: who pays, for what, what is still owed (every
    reading of it) and what is paid so far (units already spent: spent cards lie face up)."""
    d = next((x for x in reversed(kdec.stack(g)) if x["kind"] == "pay"), None)
    if d is None:
        return None
    return {
        "seat": d["seats"][0],
        "then": dict(d["then"]),
        "owed": [list(r) for r in d["owed"]],
        "paid": [list(u) for u in d["paid"]],
    }


# ------------------------------------------------------------------------------------------ texts
def _between(items: list[Text], sep: Text) -> Text:
    out: list[Text] = []
    for i, x in enumerate(items):
        out += [sep, x] if i else [x]
    return join(*out)


_COMMA = t(", ", "、")


def good_text(good: str) -> Text:
    """A unit's goods in words: "1 brazilwood", "1 resource of any kind + 1 resource of any kind"."""
    parts = [
        t("1 resource of any kind", "1 個任意資源")
        if x == "any_resource"
        else fmt(t("1 {g}", "1 {g}"), g=GOOD_NAME[x])
        for x in good.split("+")
    ]
    return _between(parts, t(" + ", " + "))


def _cards_text(where: str) -> Text:
    """Spent cards by name (they lie face up on the discard pile)."""
    kind, ids = where.split(":", 1)
    deck = "gold" if kind == "gold_card" else "battle"
    return _between([cards.card_name(deck, c) for c in ids.split("+")], _COMMA)


def _tile_text(g: Data, where: str) -> Text:
    b = model.tile(g, where)
    name = (
        bd.name(bd.BUILDINGS[b["id"]]) if b is not None and b.get("kind") == "building" else t("tile", "板塊")
    )
    return fmt(t("the {b} at {h}", "{h} 的{b}"), b=name, h=names.hex_name(g, where))


def source_text(g: Data, seat: int, where: str) -> Text:
    """Where a unit of a payment comes from, in words (the seat's own cards by name, with their id
    when two of its hand share a name)."""
    if where == "supply":
        return t("your supply", "個人供應區")
    if where.startswith("gold_card:"):
        card = where.split(":", 1)[1]
        return fmt(t("the gold card {c}", "黃金卡 {c}"), c=names.card_text(g, seat, "gold", card))
    if where.startswith("battle:"):
        ids = where.split(":", 1)[1].split("+")
        listed = _between([names.card_text(g, seat, "battle", c) for c in ids], _COMMA)
        word = (
            t("the battle card {c}", "戰鬥卡 {c}")
            if len(ids) == 1
            else t("the battle cards {c}", "戰鬥卡 {c}")
        )
        return fmt(word, c=listed)
    return _tile_text(g, where)


def step_text(g: Data, seat: int, where: str, good: str) -> Text:
    """A payment step's label: "Pay 1 brazilwood from the Sawmill at D4 (forest)"."""
    return fmt(t("Pay {g} from {s}", "支付 {g}：來自{s}"), g=good_text(good), s=source_text(g, seat, where))


def owed_text(owed: list[list[str]]) -> Text:
    """What is still owed: each reading of it, "or" between them."""
    readings = [_between([good_text(x) for x in r], _COMMA) if r else t("nothing", "無") for r in owed]
    return _between(readings, t(" or ", " 或 "))


def paid_text(g: Data, units: list[Unit]) -> Text:
    """What a payment took, for the log: "1 brazilwood (the Sawmill at (3, 4, forest)), 1 gold (supply)"."""
    parts = []
    for where, good in units:
        if where == "supply":
            src = t("supply", "個人供應區")
        elif where.startswith(("gold_card:", "battle:")):
            src = _cards_text(where)
        else:
            src = _tile_text(g, where)
        parts.append(fmt(t("{g} ({s})", "{g}（{s}）"), g=good_text(good), s=src))
    return _between(parts, _COMMA)


def gain(g: Data, seat: int, goods: dict[str, int]) -> None:
    """Goods into the personal supply; the cap is enforced after (L415: gain first, then trim)."""
    model.add_goods(model.player(g, seat)["supply"], {k: int(v) for k, v in goods.items() if k != "any"})


def over_cap(g: Data, seat: int) -> bool:
    return model.supply_total(model.player(g, seat)) > model.SUPPLY_CAP
