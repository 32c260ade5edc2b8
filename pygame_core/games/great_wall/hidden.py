"""Hidden information for the kernel's leak tests and search bots.

``redetermine`` re-deals, in place, what ``seat`` cannot see into another position its view cannot
tell apart: the other seats' Tactic hands with the Tactic deck, the undrafted Generals and Advisors
dealt to the others, the Advisor deck's order, and the Horde deck's order below a top card with the
same (public) invasion indicator (A6). Command hands are not re-dealt: every card played is public,
so a hand is known. Resources are not re-dealt: every gain and payment is in the public log.
``secret_tokens`` names a seat's hidden items: its Tactic cards and its dealt draft options.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import horde
from pygame_core.kernel.rng import Rng

Data = dict[str, Any]


def redetermine(g: Data, seat: int | None, rng: Rng) -> None:
    others = [s for s in range(len(g["players"])) if s != seat]
    # Tactic hands of the others and the Tactic deck
    pool = list(g["tactic_deck"])
    for s in others:
        pool += g["players"][s]["tactics"]
    rng.shuffle(pool)
    for s in others:
        n = len(g["players"][s]["tactics"])
        g["players"][s]["tactics"] = sorted(pool[:n])
        del pool[:n]
    g["tactic_deck"] = pool
    # draft options dealt to the others (before the draft resolves) and the Advisor deck
    dealt = [s for s in others if "draft" in g["players"][s]]
    gens = [c for s in dealt for c in g["players"][s]["draft"]["generals"]]
    advs = [c for s in dealt for c in g["players"][s]["draft"]["advisors"]] + list(g["advisor_deck"])
    rng.shuffle(gens)
    rng.shuffle(advs)
    for s in dealt:
        d = g["players"][s]["draft"]
        d["generals"] = sorted(gens[:len(d["generals"])])
        del gens[:len(d["generals"])]
        d["advisors"] = sorted(advs[:len(d["advisors"])])
        del advs[:len(d["advisors"])]
    g["advisor_deck"] = advs
    # the Horde deck below a top card with the same public indicator
    deck = list(g["horde_deck"])
    if deck:
        shown = horde.indicator(g)
        rng.shuffle(deck)
        g["horde_deck"] = deck
        for i in range(len(deck) - 1, -1, -1):
            g["horde_deck"] = deck[:i] + deck[i + 1:] + [deck[i]]
            if horde.indicator(g) == shown:
                break


def secret_tokens(g: Data, seat: int) -> list[str]:
    p = g["players"][seat]
    out = list(p["tactics"])
    if "draft" in p:
        out += p["draft"]["generals"] + p["draft"]["advisors"]
    return out
