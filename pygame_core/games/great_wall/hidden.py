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

from functools import cache
from typing import Any

from pygame_core.games.great_wall import cards, horde
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import LANGS
from pygame_core.kernel.rng import Rng

Data = dict[str, Any]


def redetermine(g: Data, seat: int | None, rng: Rng) -> None:
    cards.redetermine(g, seat, rng)
    deck = list(g["horde_deck"])
    if len(deck) > 1:
        shown = horde.indicator(g)
        rng.shuffle(deck)
        for i in range(len(deck) - 1, -1, -1):
            g["horde_deck"] = deck[:i] + deck[i + 1:] + [deck[i]]
            if horde.indicator(g) == shown:
                break


@cache
def _public_names() -> tuple[str, ...]:
    """Every name and id the board shows openly: Horde cards, command cards, locations."""
    names = [*(c["name"] for c in horde.CARDS.values()), *(c["name"] for c in gdata.COMMAND.values()),
             *(x["name"] for x in gdata.locations("4p").values())]
    return (*(n[lang] for n in names for lang in LANGS), *horde.CARDS, *gdata.COMMAND, *gdata.LOCATION_IDS)


def secret_tokens(g: Data, seat: int) -> list[str]:
    """cards.secret_tokens, less any token that is part of a public name (a Tactic "Night Raid" 夜襲
    inside the Horde card "Night Raiders" 夜襲部隊): such a token cannot tell a leak from the board."""
    public = _public_names()
    return [tok for tok in cards.secret_tokens(g, seat) if not any(tok in name for name in public)]
