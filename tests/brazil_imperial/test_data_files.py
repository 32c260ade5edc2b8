"""The data files of pygame_core/games/brazil_imperial/data: every file is present and valid JSON with
its schema version, and the helpers the other data tests share (they load the JSON directly: the data
tests need no engine)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "pygame_core" / "games" / "brazil_imperial" / "data"

FILES = (
    "battle",
    "boards",
    "buildings",
    "capitals",
    "cities",
    "constants",
    "exploration",
    "gold",
    "maps",
    "missions",
    "monarchs",
    "paintings",
    "palaces",
    "scenarios",
    "trade",
)
#: the file, and the key of its entries (each entry has an id and a source)
LISTS = {
    "battle": "cards",
    "boards": "boards",
    "buildings": "buildings",
    "capitals": "capitals",
    "cities": "cities",
    "exploration": "tiles",
    "gold": "cards",
    "missions": "missions",
    "monarchs": "monarchs",
    "paintings": "cards",
    "palaces": "palaces",
    "trade": "rows",
}

RESOURCES = ("brazilwood", "sugarcane", "coffee", "cotton")
ASSETS = ("gold", "science")
GOODS = RESOURCES + ASSETS
TERRAIN = ("forest", "gold_mine", "plains", "water", "edge")
ARCHES = ("deploy", "paint", "build", "renovate", "manufacture", "port", "trade")
UNIT_TYPES = ("archer", "cannon", "monarch", "cavalry", "grenadier")
SHAPES = ("square", "pentagon", "octagon")
MEDALS = ("red", "pink", "blue")
PALACES = ("II", "III", "IV", "V", "VI")
LANGS = ("en", "zh-Hant")


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return data


def entries(name: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = load(name)[LISTS[name]]
    return items


def entry_id(name: str, e: dict[str, Any]) -> str:
    for key in ("id", "colour", "row"):
        if key in e:
            return str(e[key])
    raise KeyError(name)


def walk_texts(obj: Any, where: str = "") -> Iterator[tuple[str, str, str]]:
    """(where, lang, text) for every en / zh-Hant / zh-Hans string of a JSON-like object."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("en", "zh-Hant", "zh-Hans") and isinstance(v, str):
                yield where, k, v
            else:
                yield from walk_texts(v, f"{where}/{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk_texts(v, f"{where}[{i}]")


def neighbours(h: tuple[int, int]) -> list[tuple[int, int]]:
    q, r = h
    return [(q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1)]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def hex_of(key: str) -> tuple[int, int]:
    q, r = key.split(",")
    return int(q), int(r)


def test_every_file_is_present_valid_and_versioned() -> None:
    names = sorted(p.stem for p in DATA.glob("*.json"))
    assert names == sorted(FILES)
    for name in FILES:
        assert load(name)["schema"] == 1, name


def test_ids_are_unique_inside_each_file() -> None:
    for name in LISTS:
        ids = [entry_id(name, e) for e in entries(name)]
        assert len(ids) == len(set(ids)), name
    tiles = [t["id"] for t in load("buildings")["tiles"]]
    assert len(tiles) == len(set(tiles))


def test_the_readme_names_every_file() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name in FILES:
        assert f"`{name}.json`" in readme, name
