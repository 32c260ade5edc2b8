"""Helpers to build Empire's End test positions: start a real game, then edit a copy of
its data into a new State (the kernel's State is treated as immutable)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.data import LOC_ORDER
from pygame_core.games.empires_end.industry import new_counters
from pygame_core.kernel.state import State, copy_json

#: the fixed test layout: position 1..11 = city, town_a (12), town_b (4), army_a (5), army_b (7),
#: road_convert (14), road_refresh_a (9), road_refresh_b (6), farm_wheat (3), farm_axe (8), farm_hammer (11)
ORDER = list(LOC_ORDER)
POS = {lid: i + 1 for i, lid in enumerate(ORDER)}


def edit(state: State, fn: Callable[[dict[str, Any]], None]) -> State:
    data = copy_json(state.data)
    fn(data)
    return State(state.game, state.players, state.seed, state.options, data, state.rng, state.history,
                 state.checkpoint, state.log, state.meta)


def pluck(d: dict[str, Any], card: str) -> None:
    """Take ``card`` out of the deck, the discard pile and every hand."""
    for pile in (d["deck"], d["discard"], *[p["hand"] for p in d["seats"]]):
        if card in pile:
            pile.remove(card)


def fresh(players: int = 2, seed: int = 3, **options: Any) -> State:
    """A new game with every empire in the fixed test layout, all intact, no innovations."""
    s = GAME.new_game(players=players, seed=seed, options=options or None)

    def fn(d: dict[str, Any]) -> None:
        for p in d["seats"]:
            p["locations"] = [{"id": lid, "intact": True, "innovations": []} for lid in ORDER]
    return edit(s, fn)


def set_disaster(d: dict[str, Any], cards: list[str], start: int, follow: list[str] | None = None) -> None:
    """Make the current phase a (double) disaster with ``cards`` open; ``follow`` = later phases."""
    kind = "disaster" if len(cards) == 1 else "double_disaster"
    for c in cards:
        pluck(d, c)
    d["track"] = [kind] + (follow if follow is not None else ["economy"])
    d["phase_index"] = 0
    d["phase"] = kind
    d["disasters"] = [{"card": c, "pool": {"wheat": 0, "hammer": 0, "axe": 0, "coin": 0}, "taken_by": None}
                for c in cards]
    d["start_player"] = d["turn"] = start
    d["decided"] = []
    d["step"] = "turn"


def set_phase(d: dict[str, Any], kind: str, follow: list[str] | None = None) -> None:
    """Make the current phase a simultaneous phase (economy, industry, economy_industry)."""
    d["track"] = [kind] + (follow if follow is not None else ["economy"])
    d["phase_index"] = 0
    d["phase"] = kind
    d["step"] = "act"
    d["disasters"] = []
    for p in d["seats"]:
        p.update({"done": False, "used": {}, "phase": None if kind == "economy_industry" else kind,
                  "phases_done": 0, "industry": new_counters()})
    d["decisions"] = []


def set_conflict(d: dict[str, Any], card: str, follow: list[str] | None = None) -> None:
    d["track"] = ["conflict"] + (follow if follow is not None else ["economy"])
    d["phase_index"] = 0
    d["phase"] = "conflict"
    d["step"] = "bid"
    d["disasters"] = []
    if card in d["conflict_deck"]:
        d["conflict_deck"].remove(card)
    d["conflict"] = {"card": card, "bids": None, "totals": None}
    d["decisions"] = [{"kind": "bid", "seats": list(range(len(d["seats"]))), "blocking": True, "sealed": True,
                       "answers": {}}]
    for p in d["seats"]:
        p["done"] = False


def give(d: dict[str, Any], seat: int, pos: int, card: str) -> None:
    """Tuck ``card`` as an innovation under ``seat``'s location at ``pos``."""
    pluck(d, card)
    d["seats"][seat]["locations"][pos - 1]["innovations"].append({"card": card, "exhausted": False})


def res(**kw: int) -> dict[str, int]:
    out = {"wheat": 0, "hammer": 0, "axe": 0, "coin": 0}
    out.update(kw)
    return out


def play(state: State, seat: int, action: dict[str, Any]) -> State:
    return GAME.apply(state, seat, action)


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return GAME.legal_actions(state, seat)


def decline_shortage(state: State, *, but: tuple[int, ...] = ()) -> State:
    """Every seat still asked about Resource Shortage (L270) declines, except the seats in ``but``."""
    while state.data["step"] == "shortage":
        seats = [s for s in GAME.to_move(state) if s not in but]
        if not seats:
            break
        state = GAME.apply(state, seats[0], {"type": "shortage_done"})
    return state
