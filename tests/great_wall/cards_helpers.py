"""Small states for the cards tests, built from plain dicts in the spec's State shape (core's setup is
not needed to test the cards), and a tiny runner for the two effect ops whose outcome is a number on the
seat (``gain``, ``honor``); every other op is collected as it would reach ``effects.run``."""

from __future__ import annotations

from typing import Any

from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx

RES = ("wood", "stone", "gold", "chi")


def player(**over: Any) -> dict[str, Any]:
    p: dict[str, Any] = {
        "res": dict.fromkeys(RES, 0), "honor": 0, "clerks": 5, "envoy": 3,
        "supply": {"spear": 10, "archer": 4, "horse": 2}, "shamed": {"spear": 0, "archer": 0, "horse": 0},
        "hand": [], "tactics": [], "general": None, "active": [], "supporting": [], "trophies": [],
        "overseers": {},
    }
    p.update(over)
    return p


def state(players: int = 3, **over: Any) -> dict[str, Any]:
    g: dict[str, Any] = {
        "mode": "competitive", "side": "4p" if players == 4 else "23p", "year": 1, "season": "autumn",
        "players": [player() for _ in range(players)],
        "sections": [{"open": True, "wall": 0, "barricades": 0, "firing": [None, None], "rest": [],
                      "rows": [None, None, None]} for _ in range(3)],
        "tactic_deck": [], "tactic_discard": [], "advisor_deck": [], "advisor_discard": [],
        "advisor_track": [], "artifacts": [], "decisions": [],
    }
    g.update(over)
    return g


def ctx(g: dict[str, Any], seed: int = 1, seat: int | None = None) -> Ctx:
    return Ctx(g, Rng.from_seed(seed), len(g["players"]), {"mode": "competitive"}, seat)


def run(g: dict[str, Any], fired: list[tuple[int, list[dict[str, Any]]]]) -> list[tuple[int, dict[str, Any]]]:
    """Apply ``gain`` and ``honor`` to the seats; return every other effect, with its seat."""
    rest: list[tuple[int, dict[str, Any]]] = []
    for seat, effects in fired:
        p = g["players"][seat]
        for e in effects:
            if e["op"] == "gain":
                for r in RES:
                    p["res"][r] += e.get(r, 0)
            elif e["op"] == "honor":
                p["honor"] += e["n"]
            else:
                rest.append((seat, e))
    return rest


def snapshot(g: dict[str, Any]) -> list[dict[str, int]]:
    """Each seat's resources and Honor, to compare before and after."""
    return [{**p["res"], "honor": p["honor"]} for p in g["players"]]
