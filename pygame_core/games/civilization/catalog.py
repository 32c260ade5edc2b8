"""Typed read-only catalogue of the Civilization base-game data (data/*.json, schema in data/README.md).

Loads every file once at import and exposes the records by id. ``validate()`` returns a list of
problems (empty when the data is consistent); the data test asserts it is empty.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygame_core.kernel.text import LANGS

_DIR = Path(__file__).parent / "data"
TERRAINS = ("water", "grassland", "forest", "mountain", "desert")
RESOURCES = ("wheat", "silk", "incense", "iron", "spy", "uranium")
MAP_RESOURCES = ("wheat", "silk", "incense", "iron")
PHASES = ("start_of_turn", "trade", "city_management", "movement", "research", "battle", "any")
ERAS = ("ancient", "medieval", "modern")
UNIT_TYPES = ("infantry", "mounted", "artillery", "aircraft")
SOURCE_KINDS = ("seed", "public", "authored")
PUBLIC_REFS = ("S1", "S2", "S3", "S4", "S5")
FILES = ("effects", "techs", "governments", "culture", "wonders", "units", "buildings",
         "great_persons", "huts_villages", "civilizations", "market", "map")

Record = dict[str, Any]


def _load(name: str) -> Any:
    with open(_DIR / f"{name}.json", encoding="utf-8") as fh:
        return json.load(fh)


RAW: dict[str, Any] = {name: _load(name) for name in FILES}


def _by_id(records: list[Record]) -> dict[str, Record]:
    return {r["id"]: r for r in records}


EFFECT_KINDS: dict[str, Record] = RAW["effects"]["kinds"]
RULES: dict[str, str] = RAW["effects"]["rules"]
TECHS: dict[str, Record] = _by_id(RAW["techs"]["techs"])
GOVERNMENTS: dict[str, Record] = _by_id(RAW["governments"]["governments"])
CULTURE_TRACK: Record = RAW["culture"]["track"]
CULTURE_EVENTS: dict[str, Record] = _by_id(RAW["culture"]["events"])
WONDERS: dict[str, Record] = _by_id(RAW["wonders"]["wonders"])
UNIT_TYPES_DATA: dict[str, Record] = _by_id(RAW["units"]["types"])
UNIT_CARDS: dict[str, Record] = _by_id(RAW["units"]["cards"])
BUILDINGS: dict[str, Record] = _by_id(RAW["buildings"]["buildings"])
WALLS: Record = RAW["buildings"]["walls"]
GREAT_PERSONS: dict[str, Record] = _by_id(RAW["great_persons"]["great_persons"])
HUTS: dict[str, Record] = _by_id(RAW["huts_villages"]["huts"])
VILLAGES: dict[str, Record] = _by_id(RAW["huts_villages"]["villages"])
CIVILIZATIONS: dict[str, Record] = _by_id(RAW["civilizations"]["civilizations"])
MARKET: dict[str, Record] = _by_id(RAW["market"]["market"])
TERRAIN_DATA: dict[str, Record] = _by_id(RAW["map"]["terrains"])
TILES: dict[str, Record] = _by_id(RAW["map"]["tiles"])
LAYOUTS: dict[int, Record] = {r["players"]: r for r in RAW["map"]["layouts"]}

#: building side id (base or upgraded, e.g. "aqueduct") -> (marker id, side record)
BUILDING_SIDES: dict[str, tuple[str, Record]] = {
    side["id"]: (b["id"], side) for b in BUILDINGS.values() for side in (b["base"], b["upgraded"]) if side
}


def layout(players: int) -> Record:
    """The map layout for 2, 3 or 4 players."""
    return LAYOUTS[players]


def records() -> list[tuple[str, Record]]:
    """Every record that carries a ``source``, as (file, record), walking all files."""
    out: list[tuple[str, Record]] = []

    def walk(name: str, node: Any) -> None:
        if isinstance(node, dict):
            if "source" in node and "id" in node:
                out.append((name, node))
            for key, value in node.items():
                if key not in ("source", "field_sources"):
                    walk(name, value)
        elif isinstance(node, list):
            for item in node:
                walk(name, item)

    for name in FILES:
        walk(name, RAW[name])
    return out


def authored_items() -> set[str]:
    """``file:id`` for authored records and ``file:id.field`` for authored fields."""
    items: set[str] = set()
    for name, rec in records():
        if rec["source"]["kind"] == "authored":
            items.add(f"{name}:{rec['id']}")
        for field, src in rec.get("field_sources", {}).items():
            if src["kind"] == "authored":
                items.add(f"{name}:{rec['id']}.{field}")
    return items


def effects_of(rec: Record) -> list[Record]:
    """All effects of a record (unlocks, traits, abilities, coin slot, setup), nested ones included."""
    found: list[Record] = []

    def walk(effects: Any) -> None:
        for eff in effects or []:
            found.append(eff)
            walk(eff.get("effects"))
            for option in eff.get("options", []):
                walk(option)

    for key in ("unlocks", "traits", "abilities", "effects", "setup"):
        walk(rec.get(key))
    if rec.get("coin_slot"):
        walk([rec["coin_slot"]])
    return found


def _check_source(where: str, src: Any) -> list[str]:
    if not isinstance(src, dict) or src.get("kind") not in SOURCE_KINDS:
        return [f"{where}: bad source {src!r}"]
    kind = src["kind"]
    if kind == "seed" and not (isinstance(src.get("line"), int) and 1 <= src["line"] <= 1289):
        return [f"{where}: seed source needs a line 1-1289"]
    if kind == "public" and src.get("ref") not in PUBLIC_REFS:
        return [f"{where}: public source needs a ref S1-S5"]
    if kind == "authored" and not src.get("note"):
        return [f"{where}: authored source needs a note"]
    return []


def _check_effect(where: str, eff: Record) -> list[str]:
    kind = eff.get("kind")
    if kind not in EFFECT_KINDS:
        return [f"{where}: effect kind {kind!r} not in the vocabulary"]
    params = EFFECT_KINDS[kind]["params"]
    required = {p for p in params if not p.endswith("?")}
    allowed = {p.rstrip("?") for p in params} | {"kind", "phase"}
    problems = [f"{where}: {kind} lacks {p}" for p in sorted(required - set(eff))]
    problems += [f"{where}: {kind} has unknown param {p}" for p in sorted(set(eff) - allowed)]
    if kind == "rule" and eff.get("rule") not in RULES:
        problems.append(f"{where}: rule {eff.get('rule')!r} not declared")
    if "phase" in eff and eff["phase"] not in PHASES:
        problems.append(f"{where}: bad phase {eff['phase']!r}")
    if kind == "resource_ability" and not set(eff["cost"]) <= set(RESOURCES) | {"any"}:
        problems.append(f"{where}: bad resource cost {eff['cost']}")
    return problems


def _check_refs() -> list[str]:
    problems: list[str] = []
    for tid, tech in TECHS.items():
        for eff in effects_of(tech):
            if eff["kind"] == "unlock_building" and eff["building"] not in BUILDING_SIDES:
                problems.append(f"techs:{tid}: unknown building {eff['building']}")
            if eff["kind"] == "unlock_government" and eff["government"] not in GOVERNMENTS:
                problems.append(f"techs:{tid}: unknown government {eff['government']}")
            if eff["kind"] == "unit_rank" and eff["unit"] not in UNIT_TYPES:
                problems.append(f"techs:{tid}: unknown unit {eff['unit']}")
    for gid, gov in GOVERNMENTS.items():
        if gov["unlocked_by"] is not None and gov["unlocked_by"] not in TECHS:
            problems.append(f"governments:{gid}: unknown tech {gov['unlocked_by']}")
    for wid, w in WONDERS.items():
        techs = ([w["discount"]["tech"]] if w["discount"] else []) + w["obsoleted_by"]
        problems += [f"wonders:{wid}: unknown tech {t}" for t in techs if t not in TECHS]
    for _, side in BUILDING_SIDES.values():
        if side["unlocked_by"] not in TECHS:
            problems.append(f"buildings:{side['id']}: unknown tech {side['unlocked_by']}")
    for ut in UNIT_TYPES_DATA.values():
        problems += [f"units:{ut['id']}: unknown tech {r['unlocked_by']}" for r in ut["ranks"]
                     if r["unlocked_by"] is not None and r["unlocked_by"] not in TECHS]
    for cid, civ in CIVILIZATIONS.items():
        if civ["starting_tech"] not in TECHS or civ["starting_government"] not in GOVERNMENTS:
            problems.append(f"civilizations:{cid}: unknown starting tech or government")
        if TILES.get(civ["home_tile"], {}).get("civ") != cid:
            problems.append(f"civilizations:{cid}: home tile {civ['home_tile']} missing")
    return problems


def validate() -> list[str]:
    """Every consistency problem of the data (empty list when all is well)."""
    problems: list[str] = []
    for name, rec in records():
        where = f"{name}:{rec['id']}"
        problems += _check_source(where, rec["source"])
        for field, src in rec.get("field_sources", {}).items():
            problems += _check_source(f"{where}.{field}", src)
        if "name" in rec and set(rec["name"]) != set(LANGS):
            problems.append(f"{where}: name needs {LANGS}")
        if "text" in rec and set(rec["text"]) != set(LANGS):
            problems.append(f"{where}: text needs {LANGS}")
        for eff in effects_of(rec):
            problems += _check_effect(where, eff)
    for tile in TILES.values():
        if len(tile["squares"]) != 16:
            problems.append(f"map:{tile['id']}: {len(tile['squares'])} squares")
        for sq in tile["squares"]:
            if sq["terrain"] not in TERRAINS or sq["resource"] not in (None, *MAP_RESOURCES):
                problems.append(f"map:{tile['id']}: bad square {sq}")
    return problems + _check_refs()
