"""The game's JSON data (``data/*.json``, written by the data helper; provenance in data/README.md),
loaded once, with the tables the rules read: buildings, boards, cards, maps and their geometry.

The loader is tolerant of a file being a list of entries or an object holding that list under its
name (``{"buildings": [...]}``), so that the schema of docs/bz-spec may settle without code changes.
Static map geometry (terrain, NEIGHBOURS) lives here, computed at import; the state holds only what
changes (docs/architecture.md §6.4).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pygame_core.kernel.text import hans

_DIR = Path(__file__).parent / "data"

Entry = dict[str, Any]


@cache
def load(name: str) -> Any:
    """The parsed ``data/<name>`` (read once; treat as read-only)."""
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


def entries(doc: Any, *keys: str) -> list[Entry]:
    """The list of entries a data file holds: the file itself, or the first of ``keys`` it has, or
    the values of an object keyed by id."""
    if isinstance(doc, list):
        return doc
    for k in keys:
        if isinstance(doc.get(k), list):
            return list(doc[k])
    return [{"id": k, **v} for k, v in doc.items() if isinstance(v, dict) and k not in ("source",)]


def by_id(items: list[Entry]) -> dict[str, Entry]:
    return {str(x["id"]): x for x in items}


_BUILD_DOC = load("buildings.json")
BUILDINGS: dict[str, Entry] = by_id(entries(_BUILD_DOC, "buildings"))
#: double-sided building tiles (G5): [{id, sides: [building, building], count?}]
TILES: list[Entry] = list(_BUILD_DOC.get("tiles", [])) if isinstance(_BUILD_DOC, dict) else []
MONARCHS: dict[str, Entry] = by_id(entries(load("monarchs.json"), "monarchs"))
TRADE: list[Entry] = entries(load("trade.json"), "trade", "rows")
BOARDS: list[Entry] = entries(load("boards.json"), "boards")
PALACES: dict[str, Entry] = by_id(entries(load("palaces.json"), "palaces"))
CAPITALS: dict[str, Entry] = by_id(entries(load("capitals.json"), "capitals"))
EXPLORATION: dict[str, Entry] = by_id(entries(load("exploration.json"), "exploration", "tiles"))
CITIES: dict[str, Entry] = by_id(entries(load("cities.json"), "cities"))
BATTLE: dict[str, Entry] = by_id(entries(load("battle.json"), "battle", "cards"))
GOLD: dict[str, Entry] = by_id(entries(load("gold.json"), "gold", "cards"))
PAINTINGS: dict[str, Entry] = by_id(entries(load("paintings.json"), "paintings", "cards"))
MISSIONS: dict[str, Entry] = by_id(entries(load("missions.json"), "missions", "cards"))
_MAPS_DOC = load("maps.json")
MAPS: dict[str, Entry] = dict(_MAPS_DOC.get("maps", _MAPS_DOC))

#: axial directions, pointy-top hexes
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def coords(h: str) -> tuple[int, int]:
    q, r = h.split(",")
    return int(q), int(r)


def distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = coords(a), coords(b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs((q1 + r1) - (q2 + r2))) // 2


ROW_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Geometry:
    """A map's static tables: terrain by hex, NEIGHBOURS, the capital and exploration hexes, and each
    hex's name as a player finds it on the board: its row's letter (A at the top, drawn at both ends
    of the row) and its place in the row counted from the left ("D4"; the board draws it on the hex).

    Built once per map and process (:func:`geometry`) and shared by every position on that map, so
    read-only by type: tuples and read-only mappings (``MappingProxyType``); what a hex holds now is
    the position's (``model.py``)."""

    def __init__(self, doc: Entry) -> None:
        hexes: dict[str, Entry] = doc["hexes"]
        order = sorted(hexes, key=lambda h: (coords(h)[1], coords(h)[0]))
        self.order: tuple[str, ...] = tuple(order)
        #: each hex's place in ``order``
        self.index: Mapping[str, int] = MappingProxyType({h: i for i, h in enumerate(order)})
        self.terrain: Mapping[str, str] = MappingProxyType(
            {h: str(hexes[h].get("terrain", "plains")) for h in order}
        )
        self.explore: tuple[str, ...] = tuple(h for h in order if hexes[h].get("explore"))
        self.capitals: tuple[str, ...] = tuple(h for h in order if hexes[h].get("capital"))
        #: each hex's name: row letter + place in the row from the left ("A1" is the top row's first)
        names: dict[str, str] = {}
        rows: dict[int, int] = {}  # r -> hexes of that row named so far
        for h in order:  # row by row, left to right
            r = coords(h)[1]
            if r not in rows:
                rows[r] = 0
            rows[r] += 1
            names[h] = f"{ROW_LETTERS[len(rows) - 1]}{rows[r]}"
        self.names: Mapping[str, str] = MappingProxyType(names)
        neighbours: dict[str, tuple[str, ...]] = {}
        for h in order:
            q, r = coords(h)
            neighbours[h] = tuple(n for dq, dr in DIRS if (n := key(q + dq, r + dr)) in hexes)
        self.neighbours: Mapping[str, tuple[str, ...]] = MappingProxyType(neighbours)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__dict__:
            raise AttributeError(f"a map's geometry is shared and read-only ({name})")
        super().__setattr__(name, value)


@cache
def geometry(map_key: str) -> Geometry:
    return Geometry(MAPS[map_key])


def map_for(players: int) -> str:
    """The map scenario of a player count (G1: authored; solo uses its count of seats)."""
    return str(players) if str(players) in MAPS else max(MAPS, key=lambda k: int(k) if k.isdigit() else 0)


_BOARD: dict[str, Entry] = {str(b["colour"]): b for b in BOARDS}


def board(colour: str) -> Entry:
    return _BOARD[colour]


def building_for_tile(tile_id: str, side: int) -> str:
    return str(next(t for t in TILES if t["id"] == tile_id)["sides"][side])


def name(entry: Entry) -> dict[str, str]:
    """An entry's name as a Text (zh-Hans derived when the data gives only en and zh-Hant)."""
    from_data = entry.get("name") or {"en": str(entry.get("id")), "zh-Hant": str(entry.get("id"))}
    if isinstance(from_data, str):
        from_data = {"en": from_data, "zh-Hant": from_data}
    return _text(from_data)


def _text(x: dict[str, str]) -> dict[str, str]:
    return {"en": x["en"], "zh-Hant": x["zh-Hant"], "zh-Hans": x.get("zh-Hans") or hans(x["zh-Hant"])}


def tile_text(tile: str) -> dict[str, str]:
    """What an exploration tile shows: its name, else its text (the data's own short words)."""
    e = EXPLORATION[tile]
    if e.get("name"):
        return name(e)
    if e.get("text"):
        return _text(e["text"])
    return {"en": tile, "zh-Hant": tile, "zh-Hans": tile}
