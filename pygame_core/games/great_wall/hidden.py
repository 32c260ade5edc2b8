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

from pygame_core.games.great_wall import cards, horde, modes
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import LANGS
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import copy_json

Data = dict[str, Any]


def redetermine(g: Data, seat: int | None, rng: Rng) -> None:
    drafts = {s: copy_json(p["draft"]) for s, p in enumerate(g["players"]) if s != seat and "draft" in p}
    cards.redetermine(g, seat, rng)
    _redraft_answers(g, drafts)
    modes.redetermine(g, rng)  # Qin's command deck (solo)
    deck = list(g["horde_deck"])
    if len(deck) > 1:
        shown = horde.indicator(g)
        rng.shuffle(deck)
        for i in range(len(deck) - 1, -1, -1):
            g["horde_deck"] = deck[:i] + deck[i + 1:] + [deck[i]]
            if horde.indicator(g) == shown:
                break


def _redraft_answers(g: Data, drafts: dict[int, Data]) -> None:
    """Another seat's sealed draft answer names cards of its draft, which ``cards.redetermine`` has
    just re-dealt: the answer keeps the same places of the new draft (the General it kept, its Active
    Advisor), so the world stays one the rules can resolve (L156); the answer itself is as hidden as
    the cards (the search bot plays such worlds on)."""
    for d in kdec.stack(g):
        if d["kind"] != "draft" or not d.get("sealed"):
            continue
        for key, ans in d["answers"].items():
            old = drafts.get(int(key))
            new = g["players"][int(key)].get("draft")
            if old is None or new is None or not isinstance(ans, dict) or ans.get("type") != "draft":
                continue
            gi = old["generals"].index(ans["general"])
            ai = old["advisors"].index(ans["active"])
            d["answers"][key] = {"type": "draft", "general": new["generals"][gi],
                                 "active": new["advisors"][ai], "supporting": new["advisors"][1 - ai]}


@cache
def _public_names() -> tuple[str, ...]:
    """Every name and id the board shows openly: Horde cards, command cards, locations."""
    names = [*(c["name"] for c in [*horde.CARDS.values(), *horde.EXTRA.values()]),  # co-op's Horde too
             *(c["name"] for c in gdata.COMMAND.values()),
             *(x["name"] for x in gdata.locations("4p").values())]
    return (*(n[lang] for n in names for lang in LANGS), *horde.CARDS, *horde.EXTRA, *gdata.COMMAND,
            *gdata.LOCATION_IDS)


def secret_tokens(g: Data, seat: int) -> list[str]:
    """cards.secret_tokens, less any token that is part of a public name (a Tactic "Night Raid" 夜襲
    inside the Horde card "Night Raiders" 夜襲部隊): such a token cannot tell a leak from the board."""
    public = _public_names()
    return [tok for tok in cards.secret_tokens(g, seat) if not any(tok in name for name in public)]
