"""Final scoring: first game (L1912-1926), full game (Age III events, L2075-2109), short-game
variant (L2241-2247), winner = most culture, ties share (L1930-1932)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import effects, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import Data, Player
from pygame_core.games.through_the_ages.ratings import stats
from pygame_core.kernel import Ctx


def first_game_parts(p: Player) -> dict[str, int]:
    """The seven first-game components (L1914-1922)."""
    r = stats(p)
    techs = 0
    for c in [*p["work"], *p["specials"]]:
        techs += {1: 1, 2: 2}.get(CARDS[c]["lvl"], 0)
    gov = 2 * {1: 1, 2: 2}.get(CARDS[p["gov"]]["lvl"], 0)  # counts double
    return {
        "technologies": techs + gov,
        "science_rating": r["science"],
        "strength": r["strength"],
        "happiness": r["happiness"],
        "production": tokens.production(p, "farm") + tokens.production(p, "mine"),
        "colonies": 3 * len(p["colonies"]),
        "age_ii_wonders": 6 * sum(1 for w in p["wonders"] if CARDS[w]["lvl"] == 2),
    }


def final(ctx: Ctx) -> dict[str, Any]:
    """Score the end of the game in ``ctx.data``; returns the breakdown per seat."""
    d = ctx.data
    before = [int(p["cul"]) for p in d["p"]]
    parts: list[dict[str, int]] = [{"culture_during_game": b} for b in before]
    if d["mode"] == "simple":
        for s, p in enumerate(d["p"]):
            if p["resigned"]:
                continue
            extra = first_game_parts(p)
            parts[s].update(extra)
            p["cul"] += sum(extra.values())
    else:
        if d["short"]:
            for s, p in enumerate(d["p"]):
                w = 6 * sum(1 for x in p["wonders"] if CARDS[x]["lvl"] == 2)
                p["cul"] += w
                parts[s]["age_ii_wonders"] = w
        mid = [int(p["cul"]) for p in d["p"]]
        events = (
            [c for c in d["ev_cur"] if CARDS[c]["lvl"] == 3]
            + [c for c, _s in d["ev_fut"] if CARDS[c]["lvl"] == 3]
            + list(d.get("final_events", []))
        )
        for ev in events:  # L2081-2101
            effects.apply_list(
                ctx,
                d["start"],
                [dict(e, who=e.get("who", "each")) for e in CARDS[ev]["effects"]],
                current=d["start"],
                source=ev,
            )
        for s, p in enumerate(d["p"]):
            parts[s]["age_iii_events"] = int(p["cul"]) - mid[s]
    for s, p in enumerate(d["p"]):
        parts[s]["culture_during_game"] = int(p["cul"]) - sum(
            v for k, v in parts[s].items() if k != "culture_during_game"
        )
    return {"parts": parts}


def scores(d: Data) -> dict[str, Any]:
    totals = [int(p["cul"]) for p in d["p"]]
    if d.get("scored"):
        breakdown = [dict(x) for x in d["scored"]["parts"]]
    else:
        breakdown = [{"culture_during_game": t} for t in totals]
    alive = [s for s, p in enumerate(d["p"]) if not p["resigned"]]
    best = max(totals[s] for s in alive) if alive else 0
    winners = [s for s in alive if totals[s] == best]
    return {"totals": totals, "breakdown": breakdown, "winners": winners}
