"""Hidden information for the kernel's leak tests and search bots.

``redetermine`` re-deals, in place, what ``seat`` cannot see into another position its view cannot
tell apart: the cards module re-deals the Tactic deck and the other seats' Tactics, the Advisor deck and
the other seats' Supporting and draft Advisors (only among the same public back icons, L191) and their
draft Generals; here the Horde deck is shuffled below a top card with the same public invasion
indicator (A6). Command hands are not re-dealt: every card played is public, so a hand is known;
resources neither: every gain and payment is in the public log. ``secret_tokens`` names a seat's
hidden cards (cards.secret_tokens: its Tactics, Supporting Advisors and draft cards).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import cards, horde, modes
from pygame_core.kernel.rng import Rng

Data = dict[str, Any]


def redetermine(g: Data, seat: int | None, rng: Rng) -> None:
    cards.redetermine(g, seat, rng)
    modes.redetermine(g, rng)  # Qin's command deck (solo)
    deck = list(g["horde_deck"])
    if len(deck) > 1:
        shown = horde.indicator(g)
        rng.shuffle(deck)
        for i in range(len(deck) - 1, -1, -1):
            g["horde_deck"] = deck[:i] + deck[i + 1:] + [deck[i]]
            if horde.indicator(g) == shown:
                break


def secret_tokens(g: Data, seat: int) -> list[str]:
    out: list[str] = cards.secret_tokens(g, seat)
    return out
