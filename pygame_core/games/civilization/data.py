"""The game's records, as the rule modules use them, built once at import from :mod:`catalog`
(``data/*.json``, schema in ``data/README.md``).

The rule modules use the lookup tables below, never the raw files. Everything here is read-only.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import catalog

Rec = dict[str, Any]
_MAP = catalog.RAW["map"]
_UNITS = catalog.RAW["units"]
_CULT = catalog.RAW["culture"]
_BLD = catalog.RAW["buildings"]
_HV = catalog.RAW["huts_villages"]
MARKET: Rec = {k: v for k, v in catalog.MARKET.items()}
STARTING: Rec = MARKET["starting_values"]

TERRAINS: dict[str, Rec] = dict(catalog.TERRAIN_DATA)
TILES: dict[str, Rec] = dict(catalog.TILES)
LAYOUTS: dict[int, Rec] = dict(catalog.LAYOUTS)
HOME_TILE: dict[str, str] = {x["civ"]: x["id"] for x in _MAP["tiles"] if x["kind"] == "home"}
NEUTRAL_TILES: list[str] = [x["id"] for x in _MAP["tiles"] if x["kind"] == "neutral"]

CIVS: dict[str, Rec] = dict(catalog.CIVILIZATIONS)
TECHS: dict[str, Rec] = dict(catalog.TECHS)
GOVS: dict[str, Rec] = dict(catalog.GOVERNMENTS)
WONDERS: dict[str, Rec] = dict(catalog.WONDERS)
GREAT_PERSONS: dict[str, Rec] = dict(catalog.GREAT_PERSONS)

UNIT_TYPES: dict[str, Rec] = {x["id"]: x for x in _UNITS["types"]}
#: unit card id ("infantry_07") -> {"type", "strengths"}; one id per physical card
UNIT_CARDS: dict[str, Rec] = {}
for _g in _UNITS["cards"]:
    for _i in range(_g["count"]):
        _n = sum(1 for c in UNIT_CARDS.values() if c["type"] == _g["type"])
        UNIT_CARDS[f"{_g['type']}_{_n + 1:02d}"] = {"type": _g["type"], "strengths": list(_g["strengths"])}

TRACK: list[Rec] = sorted(_CULT["track"]["spaces"], key=lambda s: s["index"])
EVENTS: dict[str, Rec] = {x["id"]: x for x in _CULT["events"]}
#: culture card id ("drought_2") -> event id; one id per physical card
CULTURE_CARDS: dict[str, str] = {
    f"{e['id']}_{k + 1}": e["id"] for e in _CULT["events"] for k in range(e["count"])
}

#: building id (base or upgraded side) -> {"id", "name", "cost", "icons", "unlocked_by", "marker",
#: "limited", "terrain", "base" (the base side id), "upgrade" (the upgraded side id or None)}
BUILDINGS: dict[str, Rec] = {}
MARKER_SUPPLY: dict[str, int] = {}
for _b in _BLD["buildings"]:
    MARKER_SUPPLY[_b["id"]] = _b["markers"]
    _up = _b.get("upgraded")
    for _side, _other in ((_b["base"], _up), (_up, None)):
        if _side is None:
            continue
        BUILDINGS[_side["id"]] = {
            **_side,
            "marker": _b["id"],
            "limited": _b["limited"],
            "terrain": list(_b["terrain"]),
            "base": _b["base"]["id"],
            "upgrade": _other["id"] if _other else None,
        }
WALLS: Rec = _BLD["walls"]

HUTS: dict[str, Rec] = {}
VILLAGES: dict[str, Rec] = {}
for _src, _dst, _pre in ((_HV["huts"], HUTS, "hut"), (_HV["villages"], VILLAGES, "village")):
    for _m in _src:
        for _k in range(_m["count"]):
            _dst[f"{_pre}_{_m['id']}_{_k + 1}"] = dict(_m["back"])


def unit_cost(utype: str, rank: int) -> int:
    """Production cost of a unit of ``utype`` at ``rank`` (L677-681)."""
    ranks = UNIT_TYPES[utype]["ranks"]
    for r in ranks:
        if r["rank"] == rank:
            return int(r["cost"])
    return int(ranks[-1]["cost"])


def strength(card: str, rank: int) -> int:
    """A unit card's strength on the side for ``rank`` (L1070-1078); aircraft have one value."""
    s = UNIT_CARDS[card]["strengths"]
    return int(s[min(max(rank, 1), len(s)) - 1])


def name(kind: str, rid: str) -> dict[str, str]:
    """The three-language name of a record."""
    table: dict[str, dict[str, Rec]] = {
        "tech": TECHS,
        "gov": GOVS,
        "civ": CIVS,
        "wonder": WONDERS,
        "gp": GREAT_PERSONS,
        "building": BUILDINGS,
        "event": EVENTS,
        "unit": UNIT_TYPES,
    }
    rec = table[kind].get(rid)
    return dict(rec["name"]) if rec else {"en": rid, "zh-Hant": rid, "zh-Hans": rid}
