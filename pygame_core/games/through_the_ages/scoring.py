"""Final scoring: first game (L1912-1926), full game (Age III events, L2075-2109), short-game
variant (L2241-2247: Age II wonders, the face-up and the kept Age III events), winner = most
culture, ties share (L1930-1932)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import abilities, effects
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import Data, Player
from pygame_core.games.through_the_ages.ratings import production, stats
from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx
from pygame_core.kernel.text import LANGS, seat_name


def first_game_parts(p: Player) -> dict[str, int]:
    """The seven first-game components (L1914-1922)."""
    r = stats(p)
    techs = 0
    for c in [*p["workers"], *p["specials"]]:
        techs += {1: 1, 2: 2}.get(CARDS[c]["lvl"], 0)
    gov = 2 * {1: 1, 2: 2}.get(CARDS[p["government"]]["lvl"], 0)  # counts double
    return {
        "technologies": techs + gov,
        "science_rating": r["science"],
        "strength": r["strength"],
        "happiness": r["happiness"],
        "production": production(p, "farm") + production(p, "mine"),
        "colonies": 3 * len(p["colonies"]),
        "age_ii_wonders": 6 * sum(1 for w in p["wonders"] if CARDS[w]["lvl"] == 2),
    }


def final(ctx: Ctx) -> dict[str, Any]:
    """Score the end of the game in ``ctx.data``; returns the breakdown per seat."""
    d = ctx.data
    before = [int(p["culture"]) for p in d["players"]]
    parts: list[dict[str, int]] = [{"culture_during_game": b} for b in before]
    for s, p in enumerate(d["players"]):  # Bill Gates at the game end (P1)
        gates = abilities.gates_production(p) if not p["resigned"] else 0
        if gates:
            parts[s]["bill_gates"] = gates
            p["culture"] += gates
    if d["mode"] == "simple":
        for s, p in enumerate(d["players"]):
            if p["resigned"]:
                continue
            extra = first_game_parts(p)
            parts[s].update(extra)
            p["culture"] += sum(extra.values())
    else:
        if d["short"]:
            for s, p in enumerate(d["players"]):
                w = 6 * sum(1 for x in p["wonders"] if CARDS[x]["lvl"] == 2)
                p["culture"] += w
                parts[s]["age_ii_wonders"] = w
        mid = [int(p["culture"]) for p in d["players"]]
        events = (
            [c for c in d["current_events"] if CARDS[c]["lvl"] == 3]
            + [c for c, _s in d["future_events"] if CARDS[c]["lvl"] == 3]
            + short_events(ctx)
        )
        for ev in events:  # L2081-2101
            effects.apply_list(
                ctx,
                d["start_player"],
                [dict(e, who=e.get("who", "each")) for e in CARDS[ev]["effects"]],
                current=d["start_player"],
                source=ev,
            )
        for s, p in enumerate(d["players"]):
            parts[s]["age_iii_events"] = int(p["culture"]) - mid[s]
    for s, p in enumerate(d["players"]):
        parts[s]["culture_during_game"] = int(p["culture"]) - sum(
            v for k, v in parts[s].items() if k != "culture_during_game"
        )
    return {"parts": parts}


def short_events(ctx: Ctx) -> list[str]:
    """The short game's final events (L2245-2247): the 3 face-up Age III events, then the events
    the players kept, shuffled (a player who never chose, or resigned, keeps none). Each is
    resolved as the normal Age III scoring event, the starting player counting as the current
    player (L2107)."""
    d = ctx.data
    if not d.get("age_iii_open"):
        return []
    kept = [cards[0] for cards in d["age_iii_held"] if len(cards) == 1]
    ctx.rng.shuffle(kept)
    for c in [*d["age_iii_open"], *kept]:
        ctx.log(say("Final scoring: {c}", "终局计分：{c}", c=c), card=c)
    return [*d["age_iii_open"], *kept]


def scores(d: Data) -> dict[str, Any]:
    totals = [int(p["culture"]) for p in d["players"]]
    if d.get("scored"):
        breakdown = [dict(x) for x in d["scored"]["parts"]]
    else:
        breakdown = [{"culture_during_game": t} for t in totals]
    alive = [s for s, p in enumerate(d["players"]) if not p["resigned"]]
    gone = [s for s, p in enumerate(d["players"]) if p["resigned"]]
    best = max(totals[s] for s in alive) if alive else 0
    winners = [s for s in alive if totals[s] == best]
    out: dict[str, Any] = {"totals": totals, "breakdown": breakdown, "winners": winners,
                           "rank": _by_culture(alive, totals) + _by_culture(gone, totals)}
    if gone:
        out["outcome"] = _resigned_outcome(gone, alive, winners)
    return out


def _by_culture(seats: list[int], totals: list[int]) -> list[int]:
    return sorted(seats, key=lambda s: (-totals[s], s))


def _resigned_outcome(gone: list[int], alive: list[int], winners: list[int]) -> dict[str, str]:
    """Why a resigned player is ranked below everyone still playing, whatever its culture; the last
    player left wins (L2071)."""
    names = {lang: [seat_name(s)[lang] for s in gone] for lang in LANGS}
    en, hant_, hans = ", ".join(names["en"]), "、".join(names["zh-Hant"]), "、".join(names["zh-Hans"])
    if len(alive) == 1 and winners:
        last = seat_name(winners[0])
        return {"en": f"{en} resigned: {last['en']}, the last player left, wins.",
                "zh-Hant": f"{hant_}體面退出：{last['zh-Hant']}是僅剩的玩家，獲得勝利。",
                "zh-Hans": f"{hans}体面退出：{last['zh-Hans']}是仅剩的玩家，获得胜利。"}
    return {"en": f"{en} resigned, and so ranks below every player still in the game.",
            "zh-Hant": f"{hant_}體面退出，因此排在所有仍在遊戲中的玩家之後。",
            "zh-Hans": f"{hans}体面退出，因此排在所有仍在游戏中的玩家之后。"}
