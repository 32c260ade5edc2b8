"""The JSON state model and small shared helpers (resources, turn order, drawing cards).

``data`` keys: ``track`` (the phase kinds in order), ``phase_index`` (hourglass position), ``phase``
(current phase kind, or ``quick_setup``/``end``), ``step`` (where the phase is), ``start_player``
(temple holder), ``deck``/``discard`` (disaster card ids; top = last), ``conflict_deck``/
``conflict_discard`` (conflict card ids), ``disasters`` (open disaster cards: ``card``, ``pool``,
``taken_by``, ``free_passes`` = free-pass sources used on it), ``face_up`` (cards outside the
empires and the open disasters whose identity everyone knows: sold, changed, executed, taken),
``turn``/``decided`` (disaster turn: the seat deciding and the open cards it has decided on),
``shortage`` (seats deciding Resource Shortage), ``conflict``, ``hand_size``, ``learning``,
``over`` and ``seats`` (one dict per seat):
``score``, ``resources``, ``hand``, ``locations`` (position order; each ``{"id", "intact",
"innovations": [{"card", "exhausted"}]}``), ``done``, ``decisions`` (this seat's pending decisions,
first = current), ``used`` (ability uses this phase), ``bid``, ``resources_shown``, ``industry``
(Industry counters: ``cards_used``, ``discounts_used``, ``repaired``, ``discarded``), ``phase``
(the seat's own part of an Economy/Industry phase), ``phases_done``, ``mulligan_used``,
``known_discards`` (cards this seat put face down on the discard pile: only it knows them).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.data import CARD_NAME
from pygame_core.games.empires_end.text import RESOURCES, t
from pygame_core.kernel import deck
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import LANGS, join, seat_name

Data = dict[str, Any]


def zero_res() -> dict[str, int]:
    return {r: 0 for r in RESOURCES}


def total(res: dict[str, int]) -> int:
    return res["wheat"] + res["hammer"] + res["axe"] + res["coin"]


def gain(res: dict[str, int], g: dict[str, int]) -> None:
    for r, n in g.items():
        res[r] += n


def turn_order(d: Data) -> list[int]:
    """Seats clockwise from the temple holder (L232)."""
    n = len(d["seats"])
    return [(d["start_player"] + i) % n for i in range(n)]


def pay_hammers(res: dict[str, int], cost: int) -> None:
    """Pay ``cost`` in hammers, then coins (a coin replaces a hammer, L355, L365)."""
    h = min(res["hammer"], cost)
    res["hammer"] -= h
    res["coin"] -= cost - h


def show(ctx: Ctx, cards: list[str]) -> None:
    """``cards`` leave a hidden place (a hand) face up: everyone now knows them. An undo barrier,
    like every action whose visible outcome depends on hidden information."""
    ctx.reveal()
    face_up = ctx.data["face_up"]
    face_up.extend(c for c in cards if c not in face_up)


def discard(ctx: Ctx, cards: list[str], face_down_by: int | None = None) -> None:
    """Put ``cards`` on the disaster discard pile: face up (everyone knows them), or face down by
    seat ``face_down_by`` (only that seat knows them; the others see how many)."""
    d = ctx.data
    d["discard"].extend(cards)
    if face_down_by is None:
        d["face_up"].extend(c for c in cards if c not in d["face_up"])
    else:
        d["seats"][face_down_by]["known_discards"].extend(cards)


def draw_cards(ctx: Ctx, n: int) -> list[str]:
    """Take ``n`` cards from the top of the disaster deck. When it runs out, the discard pile
    is shuffled into a new deck (authored ruling G7). Fewer cards come back if both are empty."""
    d = ctx.data
    out: list[str] = []
    for _ in range(n):
        if deck.refill(ctx.rng, d["deck"], d["discard"]):
            d["face_up"] = [c for c in d["face_up"] if c not in d["deck"]]
            for p in d["seats"]:
                p["known_discards"] = []
            ctx.log(t("The disaster discard pile is shuffled into a new deck.",
                      "災難棄牌堆洗勻成為新的災難牌庫。"))
        if not d["deck"]:
            break
        out.append(d["deck"].pop())
    if out:
        ctx.reveal()
    return out


def draw_to_hand(ctx: Ctx, seat: int, n: int) -> None:
    """Draw ``n`` cards into ``seat``'s hand; only that seat learns which (private log)."""
    if n <= 0:
        return
    cards = draw_cards(ctx, n)
    if not cards:
        return
    ctx.data["seats"][seat]["hand"].extend(cards)
    names = {k: (", " if k == "en" else "、").join(CARD_NAME[c][k] for c in cards)
             for k in LANGS}
    ctx.log(join(t("You draw: ", "你摸取："), names), to=[seat],
            others=join(seat_name(seat), t(f" draws {len(cards)} card(s).", f"摸取了{len(cards)}張牌。")))
