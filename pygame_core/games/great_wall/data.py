"""Loads the game's JSON data once: the board (both sides), the time track and the command cards.

Every entry carries its ``source`` (seed line, public reference or authored reason); README.md lists
the authored values. Other helpers' files (horde, walls, cards) are read by their own modules through
:func:`load`.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"


@cache
def load(name: str) -> Any:
    """The parsed ``data/<name>`` (read once; treat as read-only)."""
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


BOARD: dict[str, Any] = load("board.json")
TIME: dict[str, Any] = load("time_track.json")
COMMAND: dict[str, dict[str, Any]] = {c["id"]: c for c in load("command.json")["cards"]}
#: the 6 command cards of a clan, in the order a hand is dealt (L140)
COMMAND_IDS: list[str] = list(COMMAND)

#: location ids in board order (the Warehouse holds no clerks and is not a location here)
LOCATION_IDS: list[str] = [x["id"] for x in BOARD["sides"]["4p"]["locations"]]
PRODUCTION: tuple[str, ...] = ("lumber_mill", "quarry", "gold_mine", "temple")


def side_for(players: int) -> str:
    """The board side for a player count (L130, L689)."""
    return str(BOARD["side_for_players"][str(players)])


@cache
def locations(side: str) -> dict[str, dict[str, Any]]:
    """Location id -> its entry (kind, spaces, yellow_flag, produces, name) on ``side``."""
    return {x["id"]: x for x in BOARD["sides"][side]["locations"]}


def location(side: str, loc: str) -> dict[str, Any]:
    return locations(side)[loc]


def overseer_cost(side: str, loc: str, level: int) -> dict[str, int]:
    """The cost to raise the overseer at ``loc`` to ``level`` (1..3; L370-386)."""
    return dict(BOARD["sides"][side]["overseer_costs"][loc]["levels"][level - 1])


def command_slots(side: str) -> int:
    return int(BOARD["sides"][side]["command_slots"])


def time_space(index: int) -> dict[str, Any]:
    """A time-track space: ``{"casualties", "horde"}`` (2.1, 2.2; L586-587)."""
    return dict(TIME["spaces"][index])


def time_start(players: int) -> int:
    return int(TIME["start"][str(players)])


def time_last() -> int:
    return int(TIME["last"])


def command(card: str) -> dict[str, Any]:
    return COMMAND[card]
