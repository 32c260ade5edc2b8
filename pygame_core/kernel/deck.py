"""Decks of cards kept in a game's state: plain lists of card ids, top card last, shuffled only with the
state's RNG (``ctx.rng``; a redetermination's ``rng``), so that a seed and the same actions give the same
cards on every run and in every Python.

>>> from pygame_core.kernel.rng import Rng
>>> rng = Rng.from_seed(7)
>>> deck, discard = ["a", "b"], []
>>> draw(rng, deck, discard), deck
('b', ['a'])
>>> discard += ["b", "c"]
>>> draw(rng, deck, discard), draw(rng, deck, discard) in ("b", "c"), discard  # refilled: shuffled in
('a', True, [])
>>> top_back(["h1", "h2"], {"h1": "quiet", "h2": "invasion"}.get)  # the top card's public back
'invasion'

What a seat cannot see of a deck (its order, the cards in it) is re-dealt by :func:`redeal` in a game's
``_redetermine``: the cards in every hidden slot are shuffled among those slots.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

from pygame_core.kernel.rng import Rng

T = TypeVar("T")
#: A place holding one hidden card: (a list or dict, an index or key).
Slot = tuple[Any, Any]


def shuffle(rng: Rng, deck: list[T]) -> None:
    """Shuffle ``deck`` in place (the state's RNG: ``ctx.rng``)."""
    rng.shuffle(deck)


def refill(rng: Rng, deck: list[T], discard: list[T]) -> bool:
    """When ``deck`` is empty, shuffle the discard pile into it (the discard pile is left empty). True
    when it did: the caller logs it, and updates what it knows of the discards."""
    if deck or not discard:
        return False
    deck.extend(discard)
    discard.clear()
    rng.shuffle(deck)
    return True


def draw(rng: Rng, deck: list[T], discard: list[T] | None = None) -> T | None:
    """The top card of ``deck``, taken off; an empty deck is first refilled from ``discard`` (when given,
    :func:`refill`). None when both are empty."""
    if not deck and discard is not None:
        refill(rng, deck, discard)
    return deck.pop() if deck else None


def draw_n(rng: Rng, deck: list[T], n: int, discard: list[T] | None = None) -> list[T]:
    """Up to ``n`` cards from the top of ``deck``, refilling from ``discard`` as it runs out."""
    out: list[T] = []
    for _ in range(n):
        card = draw(rng, deck, discard)
        if card is None:
            break
        out.append(card)
    return out


def top_back(deck: Sequence[T], back: Callable[[T], Any]) -> Any:
    """What everyone sees of the top card: ``back(card)`` (an age, an invasion indicator ...), or None
    when the deck is empty. A view shows it beside the deck's size; the card itself stays hidden."""
    return back(deck[-1]) if deck else None


def redeal(rng: Rng, slots: Sequence[Slot]) -> None:
    """Shuffle the cards held in ``slots`` among those slots (one shuffle of the cards in slot order):
    the order of a face-down deck, other seats' hands ... for a game's ``_redetermine``. Every slot keeps
    one card and every count stays."""
    cards = [box[k] for box, k in slots]
    rng.shuffle(cards)
    for (box, k), card in zip(slots, cards, strict=True):
        box[k] = card


def hidden_order(rng: Rng, deck: MutableSequence[T], hidden: int | None = None) -> None:
    """Re-deal the order of a deck's ``hidden`` cards counted from its start (all when None): the part a
    seat cannot see, e.g. above the cards known to lie face up at its bottom."""
    n = len(deck) if hidden is None else hidden
    redeal(rng, [(deck, i) for i in range(n)])
