"""Teaching scenarios: the handbook's worked examples as positions to step through.

A scenario (``data/scenarios.json``) is a named starting position plus an optional script of actions;
every step (the start, then each scripted action) has a caption in en, zh-Hant and zh-Hans and the seed
lines it teaches (provenance, never shown to players). The game option ``scenario`` builds the position
(:func:`build`, called from ``_setup``); the view carries the caption of the current step while the
actions played so far follow the script (:func:`caption`), so any front end can show it.

Nothing here but :func:`build` knows this game's data model: the file format, the script and the
captions are generic (another game can use the same layout).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pygame_core.games.through_the_ages import effects
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.economy import sync
from pygame_core.games.through_the_ages.model import AGES, BLUE_START, ROW_SIZE
from pygame_core.kernel import Ctx
from pygame_core.kernel.scenarios import ScenarioBook

Data = dict[str, Any]

BOOK = ScenarioBook(Path(__file__).parent / "data" / "scenarios.json")
SCENARIOS: dict[str, dict[str, Any]] = BOOK.scenarios
NAMES: list[str] = BOOK.names
script = BOOK.script
save_doc = BOOK.save_doc


# ------------------------------------------------------------------ this game's positions
YELLOW_TOTAL = 25  # L1454: 25 yellow tokens; 18 in the bank and 7 people at setup (L65, L147-161)

def _take(d: Data, cid: str) -> None:
    """Take one copy of ``cid`` out of the decks (so the card is not there twice); a row slot is
    refilled from the current civil deck. Initial technologies are in no deck."""
    piles = [d[x] for x in ("civil_deck", "military_deck", "current_events", "out_of_game", "box")]
    piles += list(d["civil_decks"].values()) + list(d["military_decks"].values())
    for pile in piles:
        if cid in pile:
            pile.remove(cid)
            return
    if cid in d["row"]:
        deck = d["civil_deck"]
        d["row"][d["row"].index(cid)] = deck.pop() if deck else None


def _to_age(d: Data, age: int) -> None:
    """Make ``age`` the current age: its civil and military decks become current and the row is
    dealt anew from it (older decks leave the game, as at an age change, L1819-1821, L1859-1861)."""
    for a in range(1, age + 1):
        d["civil_deck"] = d["civil_decks"].pop(AGES[a], [])
        d["out_of_game"].extend(d["military_deck"])
        d["military_deck"] = d["military_decks"].pop(AGES[a], [])
    d["age"] = age
    deck = d["civil_deck"]
    d["row"] = [deck.pop() if deck else None for _ in range(ROW_SIZE)]


def build(ctx: Ctx, name: str) -> None:
    """Turn the freshly set-up game in ``ctx.data`` into the scenario's position: seat 0 gets the
    example's board, the other seats keep their starting boards, seat 0 is the starting player and
    every seat has all its actions. The blue and yellow banks follow from the tokens placed (16 blue,
    L64; 25 yellow, L1454), so the position keeps every token."""
    d = ctx.data
    sc = SCENARIOS[name]
    pos = sc["position"]
    players = d["players"]
    n = len(players)
    d["scenario"] = name
    d["start_player"] = 0
    d["order"] = list(range(n))
    d["round"] = int(pos.get("round", 2))
    d["turn"] = n - 1 if pos.get("turn") == "last" else int(pos.get("turn", 0))
    if pos.get("age"):
        _to_age(d, AGES.index(pos["age"]))
    deck = d["civil_deck"]
    if "civil_left" in pos:
        del deck[: max(0, len(deck) - int(pos["civil_left"]))]
    if "row_cards" in pos:
        d["row"] = [c if i < int(pos["row_cards"]) else None for i, c in enumerate(d["row"])]
    for s, q in enumerate(players):
        q["order"] = s
        q["ca_used"] = q["ma_used"] = 0
    p = players[0]
    me = pos["seat"]
    placed: list[str] = []
    if "workers" in me:
        p["workers"] = dict(me["workers"])
        placed += list(me["workers"])
        p["blue_tokens"] = {c: 0 for c in me["workers"] if CARDS[c]["kind"] in ("farm", "mine")}
    p["blue_tokens"].update(me.get("blue_tokens", {}))
    for key in ("civil_hand", "military_hand", "specials", "wonders", "colonies"):
        if key in me:
            p[key] = list(me[key])
            placed += me[key]
    for key in ("government", "leader", "tactic"):
        if key in me:
            p[key] = me[key]
            placed.append(me[key])
    if me.get("leader"):
        p["leader_ages"] = [CARDS[me["leader"]]["lvl"]]
    tokens_on_wonder = 0
    if "wonder" in me:
        tokens_on_wonder = int(me["wonder"]["built"])  # one blue token per stage built (L842)
        p["wonder"] = {"id": me["wonder"]["id"], "built": tokens_on_wonder, "tokens": tokens_on_wonder}
        placed.append(me["wonder"]["id"])
    for key in ("unused_workers", "science", "culture"):
        if key in me:
            p[key] = int(me[key])
    d["common_tactics"] = list(pos.get("common_tactics", []))
    placed += pos.get("common_tactics", [])
    for cid in pos.get("events_top", []):
        _take(d, cid)
        d["current_events"].append(cid)  # the list's end is the top of the deck
    for cid in placed:
        if not CARDS[cid].get("initial"):
            _take(d, cid)
    p["blue_bank"] = BLUE_START - sum(p["blue_tokens"].values()) - tokens_on_wonder
    p["yellow_bank"] = YELLOW_TOTAL - sum(p["workers"].values()) - p["unused_workers"]
    once = [me.get(k) for k in ("government", "leader")] + me.get("specials", []) + me.get("wonders", [])
    for cid in once + me.get("colonies", []):
        if cid and not CARDS[cid].get("initial"):
            effects.enter(ctx, 0, cid)  # token symbols of cards in play (L1454-1458)
    for q in players:
        sync(q)
    del ctx.events[:]  # the set-up's log (its starting player) no longer holds
    title = sc["title"]
    ctx.log({
        "en": f"Worked example: {title['en']}",
        "zh-Hant": f"玩家手冊舉例：{title['zh-Hant']}",
        "zh-Hans": f"玩家手册举例：{title['zh-Hans']}",
    })
