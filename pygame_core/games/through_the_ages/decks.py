"""The face-down piles: the civil deck of the current age, the military deck and its face-down
discards (L1686, L1783-1793), the later ages' decks and the cards out of the game.

Piles are kept packed as one comma-separated string of card ids, top card last (the state is
copied on every action; a string copies at once, a list item by item). :func:`pack_all` packs
the lists that set-up (and a teaching scenario) build."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx

PILES = ("civil_deck", "military_deck", "military_discards", "out_of_game", "box")
AGE_PILES = ("civil_decks", "military_decks")


def unpack(pile: str) -> list[str]:
    return pile.split(",") if pile else []


def pack(cards: list[str]) -> str:
    return ",".join(cards)


def size(pile: str) -> int:
    return pile.count(",") + 1 if pile else 0


def pop(d: dict[str, Any], key: str) -> str:
    """Take the top card of a non-empty pile."""
    pile = d[key]
    i = pile.rfind(",")
    d[key] = pile[:i] if i >= 0 else ""
    return str(pile[i + 1 :])


def add(d: dict[str, Any], key: str, cards: list[str] | str) -> None:
    """Put ``cards`` (a list or a packed pile) on top of a pile."""
    more = cards if isinstance(cards, str) else pack(cards)
    if more:
        d[key] = f"{d[key]},{more}" if d[key] else more


def pack_all(d: dict[str, Any]) -> None:
    for key in PILES:
        if isinstance(d[key], list):
            d[key] = pack(d[key])
    for key in AGE_PILES:
        d[key] = {age: pack(p) if isinstance(p, list) else p for age, p in d[key].items()}


def draw_military(ctx: Ctx, seat: int, n: int) -> None:
    """Draw from the current military deck, reshuffling its discards when it runs out (L1791)."""
    d = ctx.data
    p = d["players"][seat]
    got = 0
    for _ in range(n):
        if not d["military_deck"]:
            deck = unpack(d["military_discards"])
            if not deck:
                break
            d["military_discards"] = ""
            ctx.rng.shuffle(deck)
            d["military_deck"] = pack(deck)
        p["military_hand"].append(pop(d, "military_deck"))  # the top card, without unpacking the pile
        got += 1
    if got:
        ctx.reveal()
        ctx.log(say("{p} draws {n} military card(s)", "{p}抽取{n}张军事牌", p=seat, n=got))
