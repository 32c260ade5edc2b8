"""A simple heuristic bot: one score per legal action from what its seat can see (its own board,
the public row), the best taken, ties broken by the bot's rng. No look-ahead."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import effects, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import happy_needed
from pygame_core.games.through_the_ages.ratings import stats
from pygame_core.kernel.game import Game
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action, Ctx, State, copy_json

TAKE = {"government": 7, "special": 4, "urban": 4, "farm": 3, "mine": 4, "wonder": 5, "leader": 5,
        "action": 3, "unit": 1}
BUILD = {"lab": 7, "library": 7, "temple": 5, "theater": 6, "arena": 4, "farm": 5, "mine": 6}


def _score(d: dict[str, Any], seat: int, a: Action, memo: dict[str, Any] | None = None) -> float:
    """The action's score. ``memo``: one dict for the actions of one position (``stats`` of the seat
    is worked out once there, and only when an action asks for it)."""
    p = d["players"][seat]
    k = a["type"]
    if k == "take":
        c = CARDS[d["row"][a["slot"]]]
        base = TAKE.get(c["kind"], 1) + c["lvl"] * 0.5
        if c["kind"] == "wonder" and p["wonder"] is not None:
            return -1
        return base - (a["slot"] // 5) * 1.5
    if k in ("develop", "revolution"):
        c = CARDS[a["card"]]
        return 10 if c["kind"] == "government" else 8 + c["lvl"]
    if k == "build":
        if memo is None:
            memo = {}
        r = memo.get("stats")
        if r is None:
            r = memo["stats"] = stats(p)
        c = CARDS[a["card"]]
        if c["kind"] == "unit":
            return 2.5 + c["lvl"] if r["strength"] < 4 + 3 * d["age"] else 1
        if c["kind"] == "farm" and tokens.production(p, "farm") < 3:
            return 7
        if c["type"] == "temple" and happy_needed(p["yellow_bank"]) > r["happiness"]:
            return 8
        return BUILD.get(c["type"], 3) + c["lvl"]
    if k == "upgrade":
        return 5.5 + CARDS[a["to"]]["lvl"]
    if k == "pop":
        if p["unused_workers"] != 0 or p["yellow_bank"] <= 8:
            return 0.5
        if memo is None:
            memo = {}
        r = memo.get("stats")
        if r is None:
            r = memo["stats"] = stats(p)
        return 6.5 if happy_needed(p["yellow_bank"]) <= r["happiness"] else 0.5
    if k == "stage":
        return 6 + a["n"]
    if k == "leader":
        return 7
    if k == "play":
        return 4.5
    if k == "tactic":
        return 4
    if k == "copy":
        return 1
    if k == "event":
        return 6
    if k == "aggress":
        return 5
    if k == "war":
        return 0.5
    if k == "end":
        return 0
    return _answer_score(d, seat, a, memo)


def _answer_score(d: dict[str, Any], seat: int, a: Action, memo: dict[str, Any] | None = None) -> float:
    """Scores of the answers to an event's or a conflict's choice (resolve.py)."""
    k = a["type"]
    if k == "event_do":
        return _score(d, seat, a["do"], memo) + 1
    if k == "split":  # resources are worth a little more than food
        return a["resources"] * 1.1 + a["food"]
    if k == "option":
        return -a["n"] * 0.1
    if k == "lose":  # lose the least valuable: lowest level
        return -CARDS[a["card"]]["lvl"]
    if k == "steal_tech":
        return 3
    if k in ("skip", "science", "ravage", "done"):
        return 0.5
    return -5        # destroy, disband, pacts, resign


def _keep_value(d: dict[str, Any], seat: int, event: str) -> int:
    """How far ahead an Age III event would put ``seat`` if it scored now (short game, L2239):
    its culture gain less the best gain of another seat (only public boards are read)."""
    ctx = Ctx(copy_json(d), Rng(0), len(d["players"]), {}, seat)
    before = [p["culture"] for p in ctx.data["players"]]
    effs = [dict(e, who=e.get("who", "each")) for e in CARDS[event]["effects"]]
    effects.apply_list(ctx, d["start_player"], effs, current=d["start_player"], source=event)
    gains = [p["culture"] - b for p, b in zip(ctx.data["players"], before, strict=True)]
    return gains[seat] - max(g for s, g in enumerate(gains) if s != seat)


def _decide(d: dict[str, Any], seat: int, acts: list[Action]) -> Action | None:
    kinds = {a["type"] for a in acts}
    if "keep" in kinds:
        return max(acts, key=lambda a: _keep_value(d, seat, a["card"]))
    if "discard" in kinds:
        return min(acts, key=lambda a: (CARDS[a["card"]]["kind"] == "tactic", CARDS[a["card"]]["lvl"]))
    if "bid" in kinds or ("pass" in kinds and len(kinds) <= 2):
        bids = [a for a in acts if a["type"] == "bid"]
        return bids[0] if bids and bids[0]["n"] <= 3 + d["age"] else {"type": "pass"}
    if "send" in kinds or "done" in kinds and "bonus" in kinds:
        if {"type": "done"} in acts:
            return {"type": "done"}
        bonus = [a for a in acts if a["type"] == "bonus"]
        if bonus:
            return bonus[0]
        return min((a for a in acts if a["type"] == "send"), key=lambda a: CARDS[a["card"]]["lvl"])
    if "defend" in kinds:
        return next(a for a in acts if a["type"] == "defend")
    if "accept" in kinds:
        return {"type": "refuse"}
    return None


def choose(game: Game, state: State, seat: int, rng: Rng) -> Action:
    acts = game.legal_actions(state, seat)
    d = state.data
    picked = _decide(d, seat, acts)
    if picked is not None and picked in acts:
        return picked
    memo: dict[str, Any] = {}
    scored = [(_score(d, seat, a, memo) + rng.below(100) / 1000, i) for i, a in enumerate(acts)]
    return acts[max(scored)[1]]


# ------------------------------------------------------------------ search hooks (bots/search.py)
def rollout(d: dict[str, Any], seat: int, acts: list[Action], rng: Rng) -> Action:
    """The search's rollout policy: this bot's choice on the position data (no lookahead either)."""
    picked = _decide(d, seat, acts)
    if picked is not None and picked in acts:
        return picked
    memo: dict[str, Any] = {}
    scored = [(_score(d, seat, a, memo) + rng.below(100) / 1000, i) for i, a in enumerate(acts)]
    return acts[max(scored)[1]]


def search_order(d: dict[str, Any], seat: int, acts: list[Action]) -> list[float]:
    """The order in which the search tries a node's actions: this bot's score of each."""
    memo: dict[str, Any] = {}
    return [float(_score(d, seat, a, memo)) for a in acts]
