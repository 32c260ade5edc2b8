"""Data tests for the Civilization base game (pygame_core/games/civilization/data, schema in its README).

Counts are checked against the seed's component list (L33-82) and rules; "L123" = seed line 123.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pygame_core.games.civilization import catalog as c

README = Path(c.__file__).parent / "data" / "README.md"
#: The data README is documentation, not shipped in the site's engine (tests/pyodide runs these tests there).
NEEDS_README = pytest.mark.skipif(not README.exists(), reason="the data README is not in the site's engine")
EXPANSION_NAMES = {  # FAF / WAW content that must stay out (digest §7)
    "agriculture",
    "ecology",
    "plastics",
    "mysticism",
    "navy",
    "logistics",
    "bureaucracy",
    "education",
    "notre_dame",
    "leonardos_workshop",
    "the_pentagon",
    "the_internet",
    "great_lighthouse",
    "statue_of_zeus",
    "migrants",
    "colonists",
    "immigrants",
    "flooding",
    "shipyard",
    "spain",
    "arabs",
    "greece",
    "india",
}


def _readme_block(name: str) -> str:
    text = README.read_text(encoding="utf-8")
    return text.split(f"<!-- {name}:begin -->")[1].split(f"<!-- {name}:end -->")[0]


def _all_ids() -> set[str]:
    return {rec["id"] for _, rec in c.records()} | set(c.BUILDING_SIDES)


def test_validator_finds_no_problem() -> None:
    assert c.validate() == []


def test_36_techs_per_deck_plus_space_flight_L56_L57() -> None:
    levels = Counter(t["level"] for t in c.TECHS.values())
    assert sum(n for lv, n in levels.items() if lv <= 4) == 36  # 144 tech cards = 4 x 36 (L56)
    assert levels[5] == 1 and c.TECHS["space_flight"]["unique"]  # the single Space Flight card (L57, L960)
    assert set(levels) == {1, 2, 3, 4, 5}


def test_tech_pyramid_can_reach_space_flight_L960() -> None:
    levels = Counter(t["level"] for t in c.TECHS.values())
    need = c.MARKET["victory"]["space_flight_pyramid"]  # 5 I, 4 II, 3 III, 2 IV, 1 V
    assert need == [5, 4, 3, 2, 1]
    assert all(levels[lv] >= n for lv, n in zip(range(1, 6), need, strict=True))
    # each level n >= II sits on two cards of level n-1: n cards of a level need n+1 below
    assert all(levels[lv] >= 2 for lv in (1, 2, 3, 4))


def test_seed_facts_on_techs() -> None:
    assert c.TECHS["sailing"]["level"] == 2  # L950
    assert {"kind": "city_limit", "value": 3} in c.TECHS["irrigation"]["traits"]  # L539
    assert {"kind": "unit_rank", "unit": "mounted", "rank": 2} in c.TECHS["chivalry"]["unlocks"]  # L982
    code = c.TECHS["code_of_laws"]["unlocks"]
    assert {"kind": "unlock_government", "government": "republic"} in code  # L972
    assert {"kind": "unlock_building", "building": "trading_post"} in code  # L972
    cur = c.TECHS["currency"]["abilities"][0]  # L1010: 1 incense -> 3 culture in City Management
    assert cur["cost"] == ["incense"] and cur["phase"] == "city_management"
    assert cur["effects"] == [{"kind": "gain", "what": "culture", "amount": 3}]
    assert c.BUILDING_SIDES["aqueduct"][1]["unlocked_by"] == "engineering"  # L1000
    assert c.BUILDING_SIDES["granary"][1]["cost"] == 5 and c.BUILDING_SIDES["aqueduct"][1]["cost"] == 8


def test_8_government_faces_on_4_cards_L55_L463() -> None:
    assert len(c.GOVERNMENTS) == 8
    cards = Counter(g["card"] for g in c.GOVERNMENTS.values())
    assert sorted(cards) == [1, 2, 3, 4] and set(cards.values()) == {2}
    assert c.GOVERNMENTS["despotism"]["card"] == c.GOVERNMENTS["republic"]["card"]  # L463
    assert c.GOVERNMENTS["fundamentalism"]["abilities"] == [{"kind": "battle_hand", "delta": 1}]  # L1066
    starts = {g for g, rec in c.GOVERNMENTS.items() if rec["unlocked_by"] is None}
    assert starts == {"despotism", "anarchy"}


def test_12_wonders_4_per_era_L59_L61() -> None:
    assert len(c.WONDERS) == 12
    assert Counter(w["era"] for w in c.WONDERS.values()) == {"ancient": 4, "medieval": 4, "modern": 4}
    col = c.WONDERS["colossus"]
    assert col["cost"] == 15 and col["discount"] == {"tech": "metalworking", "cost": 10}  # L740
    for name in ("hanging_gardens", "stonehenge", "statue_of_liberty", "panama_canal", "himeji_castle"):
        assert name in c.WONDERS  # named in the seed (L740, L1026, L1032, L1040, L1046)
    for w in c.WONDERS.values():  # Monarchy obsoletes ancient, Gunpowder ancient/medieval (L1280, S3)
        expected = {"ancient": ["monarchy", "gunpowder"], "medieval": ["gunpowder"], "modern": []}[w["era"]]
        assert w["obsoleted_by"] == expected


def test_culture_cards_per_deck_sum_to_47_L58() -> None:
    per_era: Counter[str] = Counter()
    for e in c.CULTURE_EVENTS.values():
        per_era[e["era"]] += e["count"]
        assert e["phase"] in c.PHASES and e["count"] >= 1
    assert set(per_era) == set(c.ERAS) and all(n > 0 for n in per_era.values())
    assert sum(per_era.values()) == 47
    assert {"drought", "deforestation"} <= set(c.CULTURE_EVENTS)  # L216-218


def test_culture_track_spaces() -> None:
    spaces = c.CULTURE_TRACK["spaces"]
    assert [s["index"] for s in spaces] == list(range(1, len(spaces) + 1))
    assert spaces[-1]["kind"] == "victory" and [s for s in spaces if s["kind"] == "victory"] == [spaces[-1]]
    assert {s["kind"] for s in spaces} == {"event", "great_person", "victory"}  # L788-812
    eras = [s["era"] for s in spaces]
    assert eras == sorted(eras, key=c.ERAS.index)  # ancient, then medieval, then modern
    costs = [(s["cost"]["culture"], s["cost"]["trade"]) for s in spaces]
    assert costs == sorted(costs)  # never cheaper further on; trade joins later (L780)


def test_units_counts_costs_strengths_L48_L51_L677_L687() -> None:
    per_type: Counter[str] = Counter()
    for card in c.UNIT_CARDS.values():
        per_type[card["type"]] += card["count"]
        if card["type"] == "aircraft":
            assert len(card["strengths"]) == 1 and 5 <= card["strengths"][0] <= 7  # L1165
        else:
            s = card["strengths"]
            assert len(s) == 4 and 1 <= s[0] <= 3 and s == [s[0] + i for i in range(4)]  # L687
    assert per_type == {"infantry": 15, "mounted": 15, "artillery": 15, "aircraft": 8}
    assert all(c.UNIT_TYPES_DATA[t]["cards"] == n for t, n in per_type.items())
    rank1 = [
        card["strengths"][0]
        for card in c.UNIT_CARDS.values()
        for _ in range(card["count"])
        if card["type"] != "aircraft"
    ]
    assert sum(rank1) / len(rank1) == 2  # average rank-1 strength 2 (L687)
    for t in ("infantry", "mounted", "artillery"):
        assert [r["cost"] for r in c.UNIT_TYPES_DATA[t]["ranks"]] == [5, 7, 9, 11]
    assert c.UNIT_TYPES_DATA["aircraft"]["ranks"][0]["cost"] == 12
    trumps = {t: c.UNIT_TYPES_DATA[t]["trumps"] for t in c.UNIT_TYPES}
    assert trumps == {
        "infantry": "mounted",
        "mounted": "artillery",
        "artillery": "infantry",
        "aircraft": None,
    }


def test_buildings_markers_and_limits_L65_L73() -> None:
    markers = {b: rec["markers"] for b, rec in c.BUILDINGS.items()}
    assert markers == {
        "harbor": 10,
        "trading_post": 6,
        "workshop": 6,
        "library": 6,
        "granary": 6,
        "market": 5,
        "temple": 5,
        "barracks": 5,
    }
    assert sum(markers.values()) == 49
    assert {b for b, rec in c.BUILDINGS.items() if rec["limited"]} == {"market", "temple", "barracks"}
    assert c.BUILDINGS["harbor"]["terrain"] == ["water"]
    assert all("water" not in rec["terrain"] for b, rec in c.BUILDINGS.items() if b != "harbor")
    assert c.BUILDING_SIDES["temple"][1]["icons"]["culture"] == 2  # L724
    combat = [c.BUILDING_SIDES[b][1]["icons"]["combat"] for b in ("barracks", "academy")]
    assert combat == [2, 4]  # L1090-1092
    assert c.WALLS["combat"] == 4 and c.WALLS["unlocked_by"] == "masonry"  # L734, L1100


def test_great_persons_huts_villages_L63_L74_L75() -> None:
    assert len(c.GREAT_PERSONS) == 6 and sum(g["count"] for g in c.GREAT_PERSONS.values()) == 18
    assert c.GREAT_PERSONS["general"]["icons"]["combat"] == 4  # L1094
    assert sum(h["count"] for h in c.HUTS.values()) == 20
    assert sum(v["count"] for v in c.VILLAGES.values()) == 10
    backs = [h["back"] for h in c.HUTS.values()]
    assert all(b["kind"] == "resource" and b["resource"] != "uranium" for b in backs)  # L238-242
    assert {v["back"]["kind"] for v in c.VILLAGES.values()} == {"resource", "great_person"}  # L906-910


def test_six_civilizations_setup_L427_L449() -> None:
    assert set(c.CIVILIZATIONS) == {"america", "china", "egypt", "germany", "rome", "russia"}
    govs = {cid: civ["starting_government"] for cid, civ in c.CIVILIZATIONS.items()}
    assert govs == {
        "america": "despotism",
        "china": "despotism",
        "egypt": "despotism",
        "germany": "despotism",
        "rome": "republic",
        "russia": "communism",
    }  # L465
    german = c.CIVILIZATIONS["germany"]["setup"]
    assert german == [{"kind": "starting_bonus", "what": "infantry_unit", "amount": 2}]  # L441


def test_every_tile_has_16_valid_squares_and_a_central_start() -> None:
    homes = [t for t in c.TILES.values() if t["kind"] == "home"]
    neutral = [t for t in c.TILES.values() if t["kind"] == "neutral"]
    assert len(homes) == 6 and len(neutral) == 14  # L41-42
    for tile in c.TILES.values():
        assert len(tile["squares"]) == 16
        for sq in tile["squares"]:
            assert sq["terrain"] in c.TERRAINS
            icons = ("trade", "production", "culture", "coin")
            assert all(isinstance(sq[k], int) and sq[k] >= 0 for k in icons)
            assert sq["resource"] in (None, *c.MAP_RESOURCES)
    for tile in homes:  # the capital goes on one of the 4 central squares (L415)
        assert tile["start"][0] in (1, 2) and tile["start"][1] in (1, 2)
        assert tile["squares"][tile["start"][0] * 4 + tile["start"][1]]["terrain"] != "water"
        assert not any(sq["hut"] or sq["village"] for sq in tile["squares"])


def test_layouts_for_2_3_4_players() -> None:
    for players in (2, 3, 4):
        lay = c.layout(players)
        cells = lay["cells"]
        spots = [(cell["x"], cell["y"]) for cell in cells]
        assert len(spots) == len(set(spots))  # no overlap
        assert all(0 <= x < lay["width"] and 0 <= y < lay["height"] for x, y in spots)
        homes = [cell for cell in cells if cell["tile"] == "home"]
        assert sorted(cell["seat"] for cell in homes) == list(range(players))
        assert all(not cell["face_down"] and cell["arrow"] in "nesw" for cell in homes)
        neutral = [cell for cell in cells if cell["tile"] == "neutral"]
        assert all(cell["face_down"] for cell in neutral)  # L393
        assert len(neutral) <= 14  # there are 14 neutral tiles
    assert len(c.layout(2)["cells"]) == 8 and len(c.layout(4)["cells"]) == 16


def test_provenance_on_every_entry() -> None:
    recs = c.records()
    assert len(recs) > 150
    for name, rec in recs:
        assert rec["source"]["kind"] in c.SOURCE_KINDS, (name, rec["id"])
    # the top-level collections are all records with a source
    for coll in (
        c.TECHS,
        c.GOVERNMENTS,
        c.CULTURE_EVENTS,
        c.WONDERS,
        c.UNIT_CARDS,
        c.BUILDINGS,
        c.GREAT_PERSONS,
        c.HUTS,
        c.VILLAGES,
        c.CIVILIZATIONS,
        c.MARKET,
        c.TILES,
        c.TERRAIN_DATA,
    ):
        assert all("source" in rec for rec in coll.values())
    assert all("source" in lay for lay in c.LAYOUTS.values())


def _names(node: Any) -> list[dict[str, str]]:
    if isinstance(node, dict):
        found = [node["name"]] if isinstance(node.get("name"), dict) else []
        return found + [n for v in node.values() for n in _names(v)]
    if isinstance(node, list):
        return [n for v in node for n in _names(v)]
    return []


def test_names_and_texts_in_three_languages() -> None:
    names = _names(c.RAW)
    assert len(names) > 100
    for name in names:
        assert set(name) == set(c.LANGS) and all(name[lang] for lang in c.LANGS), name
    assert c.TECHS["pottery"]["name"]["zh-Hant"] == "陶器製造術"  # seed term (L691)
    anarchy = {"en": "Anarchy", "zh-Hant": "無政府狀態", "zh-Hans": "无政府状态"}
    assert c.GOVERNMENTS["anarchy"]["name"] == anarchy  # L576


@NEEDS_README
def test_effect_kinds_in_vocabulary_and_readme() -> None:
    used = {eff["kind"] for _, rec in c.records() for eff in c.effects_of(rec)}
    assert used <= set(c.EFFECT_KINDS)
    block = _readme_block("effects")
    assert set(re.findall(r"^\| `(\w+)` \|", block, re.M)) == set(c.EFFECT_KINDS)


@NEEDS_README
def test_authored_items_listed_in_readme_match_the_data() -> None:
    block = _readme_block("authored")
    listed = set(re.findall(r"^- `([\w.:]+)`", block, re.M))
    assert listed == c.authored_items()


def test_base_game_only() -> None:
    assert not EXPANSION_NAMES & _all_ids()
