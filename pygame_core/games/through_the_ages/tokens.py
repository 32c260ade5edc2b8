"""The exact blue-token model (L78-86, L1084-1116, L1220-1228, L1736-1766).

Blue tokens sit on farm and mine cards, each worth that card's food or resource value; the blue
bank holds the rest and only its count matters (taken from the right, returned to the left, L82-84).
Payments are automatic and canonical (ruling §8.12): lowest-value tokens first; when no exact
payment is left, one higher token is returned and change is made downward onto lower cards, taken
from the bank (L1096-1116). Tokens never move upward (L1112-1116, L1220-1228).
"""

from __future__ import annotations

from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import Player

#: (kind, token value) of every card that can hold blue tokens.
_TOKEN: dict[str, tuple[str, int]] = {cid: (c["kind"], int(c.get("token") or 0)) for cid, c in CARDS.items()}


def _cards(p: Player, kind: str) -> list[tuple[int, str]]:
    """(value, card) of ``kind`` ("farm" or "mine") in play, lowest value first."""
    out = []
    for c in p["blue_tokens"]:
        k, v = _TOKEN[c]
        if k == kind:
            out.append((v, c))
    out.sort()
    return out


def amount(p: Player, kind: str) -> int:
    """Food (kind "farm") or resources ("mine") stored on the cards."""
    total = 0
    for c, n in p["blue_tokens"].items():
        if n:
            k, v = _TOKEN[c]
            if k == kind:
                total += v * n
    return total


def pay(p: Player, kind: str, n: int) -> None:
    """Pay ``n`` food or resources (the caller checked ``amount >= n``)."""
    if n <= 0:
        return
    cards = _cards(p, kind)
    left = n
    for v, c in cards:
        take = min(p["blue_tokens"][c], left // v)
        p["blue_tokens"][c] -= take
        p["blue_bank"] += take
        left -= take * v
    if left <= 0:
        return
    for v, c in cards:  # break the smallest token worth more than what is left
        if v > left and p["blue_tokens"][c] > 0:
            p["blue_tokens"][c] -= 1
            p["blue_bank"] += 1
            _place(p, [x for x in cards if x[0] < v], v - left)
            return
    # not reached when amount >= n; lose what there is
    for _v, c in cards:
        p["blue_bank"] += p["blue_tokens"][c]
        p["blue_tokens"][c] = 0


def _place(p: Player, cards: list[tuple[int, str]], value: int) -> None:
    """Put ``value`` worth of tokens from the bank on ``cards``, highest value first."""
    for v, c in sorted(cards, reverse=True):
        k = min(value // v, p["blue_bank"])
        p["blue_tokens"][c] += k
        p["blue_bank"] -= k
        value -= k * v
        if value <= 0 or p["blue_bank"] <= 0:
            return


def gain(p: Player, kind: str, n: int) -> None:
    """Gain ``n`` food or resources: tokens from the bank onto cards of the player's (canonical)
    choice, highest value that fits first (L1220-1228); limited by the bank."""
    _place(p, _cards(p, kind), n)


def lose(p: Player, kind: str, n: int) -> int:
    """Lose up to ``n`` (corruption, events); returns what could not be paid."""
    have = amount(p, kind)
    pay(p, kind, min(have, n))
    return max(0, n - have)


def produce(p: Player, kind: str) -> None:
    """1 token per worker from the bank onto its card; a short bank fills the highest-value cards
    first (ruling §8.12)."""
    for v, c in sorted(_cards(p, kind), reverse=True):
        k = min(p["workers"].get(c, 0), p["blue_bank"])
        p["blue_tokens"][c] += k
        p["blue_bank"] -= k
        del v


def production(p: Player, kind: str) -> int:
    """Food or resources produced per turn (workers x value), ignoring corruption and consumption."""
    return sum(v * p["workers"].get(c, 0) for v, c in _cards(p, kind))
