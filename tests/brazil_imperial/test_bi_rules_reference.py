"""Brazil: Imperial's rules reference (web/games/brazil_imperial/rules.json; issue 19 §3).

The generic checks (languages, markup, link targets) are tests/test_rules_reference.py's. Here: the
topics the issue names (every arch, movement, combat, eras, missions, palaces, monarchs, scoring), a
link for every phase kind, action, owed step and IllegalAction code the engine can produce (found by
playing random games, so a new one without rules fails here), the tables against the engine data
(buildings L165-243, trade L406-412, palaces L326-355, monarchs L53-104), the limits the text quotes
(L47, L290, L301, L294) and the solo wording of the home page's option (issue 19 §1).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core import games
from pygame_core.errors import KERNEL_CODES
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import ARCHES, PHASE_NAME
from tests.test_rules_reference import LANGS, problems, tables

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "web" / "games" / "brazil_imperial" / "rules.json"
GAME = games.get("brazil_imperial")
ROMAN = {1: "I", 2: "II", 3: "III"}

REQUIRED = {
    "overview", "setup", "player-board", "goods", "turn", *(a for a in ARCHES), "upgrades", "era-markers",
    "movement", "exploration", "combat", "occupation", "cards", "eras", "palaces", "monarchs", "game-end",
    "glossary", "app-notes",
}


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return json.loads(RULES.read_text(encoding="utf-8"))


def section(doc: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in doc["sections"] if s["id"] == sid)


@pytest.fixture(scope="module")
def engine_seen() -> dict[str, set[str]]:
    """Phase kinds, action types and owed steps of random games of 2, 3 and 4 players (to the end or
    3,000 steps)."""
    seen: dict[str, set[str]] = {"phase": set(), "action": set(), "pending": set()}
    for players in (2, 3, 4):
        rnd = random.Random(players)
        state = GAME.new_game(players=players, seed=players)
        for _ in range(3000):
            view = GAME.view(state, None)
            seen["phase"].add(view["phase"]["kind"])
            seen["pending"].update(p["kind"] for p in view["pending"] or [])
            movers = GAME.to_move(state)
            if not movers:
                break
            legal = GAME.legal_actions(state, movers[0])
            seen["action"].update(a["type"] for a in legal)
            state = GAME.apply(state, movers[0], rnd.choice(legal))
    return seen


def test_the_document_is_valid(doc: dict[str, Any]) -> None:
    assert problems(doc, "brazil_imperial") == []


def test_it_covers_the_topics_of_the_issue(doc: dict[str, Any]) -> None:
    ids = {s["id"] for s in doc["sections"]}
    assert REQUIRED <= ids, sorted(REQUIRED - ids)


def test_every_phase_kind_has_rules(doc: dict[str, Any], engine_seen: dict[str, set[str]]) -> None:
    # the view's phase kinds (views.phase): setup L13-21, turn L27-30, battle L487, era L313, end L517
    assert set(PHASE_NAME) == engine_seen["phase"]
    missing = sorted(k for k in PHASE_NAME if f"phase:{k}" not in doc["links"])
    assert not missing, missing


def test_every_action_and_owed_step_has_rules(doc: dict[str, Any], engine_seen: dict[str, set[str]]) -> None:
    assert {"arch", "move", "commit", "keep_mission", "show_mission", "palace"} <= engine_seen["action"]
    missing = [f"{prefix}:{k}" for prefix in ("action", "pending") for k in sorted(engine_seen[prefix])
               if f"{prefix}:{k}" not in doc["links"]]
    assert not missing, missing


def test_every_illegal_action_code_has_rules(doc: dict[str, Any]) -> None:
    sources = [*(ROOT / "pygame_core" / "kernel").glob("*.py"),
               *(ROOT / "pygame_core" / "games" / "brazil_imperial").glob("*.py")]
    raised = re.compile(r"IllegalAction\((?:[^()]|\([^()]*\))*?,\s*\"([a-z_]+)\"\)")
    codes = set(KERNEL_CODES)
    for path in sources:
        codes |= set(raised.findall(path.read_text(encoding="utf-8")))
    missing = sorted(c for c in codes if f"code:{c}" not in doc["links"])
    assert not missing, missing


def test_the_building_table_quotes_the_data(doc: dict[str, Any]) -> None:
    """Era, terrain count and VP of the eight buildings (L165-243), in every language."""
    for lang in LANGS:
        (table,) = tables(section(doc, "build")["body"][lang])
        assert len(table) - 1 == len(bd.BUILDINGS), lang
        key = "en" if lang == "en" else "zh-Hant"
        for row, b in zip(table[1:], bd.BUILDINGS.values(), strict=True):
            name = b["name"][key] if lang != "zh-Hans" else row[0]
            assert row[0] == name and row[1] == ROMAN[b["era"]] and row[5] == str(b["vp"]), (lang, row)
            for good, n in b["produces"].items():
                assert str(n) in row[4], (lang, row, good)


def test_the_trade_palace_and_monarch_tables_quote_the_data(doc: dict[str, Any]) -> None:
    """The four trade rows (L406-412), palaces II-VI with their rewards and end VP (L326-355) and the
    ten monarchs with their empire (L53-104), as the data has them."""
    empire = {m: b["name"] for b in bd.BOARDS for m in b["monarchs"]}
    for lang in ("en", "zh-Hant"):
        (rows,) = tables(section(doc, "trade")["body"][lang])
        assert [r[1] for r in rows[1:]] == [r["text"][lang] for r in bd.TRADE], lang
        (rows,) = tables(section(doc, "palaces")["body"][lang])
        assert [(r[0], r[2]) for r in rows[1:]] == [(k, p["text"][lang]) for k, p in bd.PALACES.items()]
        for r, p in zip(rows[1:], bd.PALACES.values(), strict=True):
            assert (f"{p['scoring']['vp']} " in r[3]) if p["scoring"] else r[3] == "—", (lang, r)
        (rows,) = tables(section(doc, "monarchs")["body"][lang])
        assert [tuple(r) for r in rows[1:]] == [(m["name"][lang], empire[k][lang], m["text"][lang])
                                               for k, m in bd.MONARCHS.items()], lang


def test_the_limits_the_text_quotes_are_the_engines(doc: dict[str, Any]) -> None:
    """Supply cap L47, hand limits L290 and L301, battle cards per combat L294."""
    path = ROOT / "pygame_core/games/brazil_imperial/data/constants.json"
    constants = json.loads(path.read_text("utf-8"))
    limits = {k: v["value"] for k, v in constants["limits"].items()}
    for lang in LANGS:
        assert f"**{limits['supply_cap']}**" in section(doc, "goods")["body"][lang], lang
        cards = section(doc, "cards")["body"][lang]
        assert re.findall(r"\d+", cards.split("\n")[0])[-1] == str(limits["battle_hand"]), lang
        assert re.findall(r"\d+", cards.split("\n")[1])[-1] == str(limits["gold_hand"]), lang
        up_to = "up to {}" if lang == "en" else "最多 {}"
        assert up_to.format(limits["battle_cards_per_combat"]) in section(doc, "combat")["body"][lang], lang


def test_the_home_page_option_says_what_solo_is() -> None:
    """Issue 19 §1: solo is one human against 1-3 bot empires, on the new-game form (options_schema)."""
    spec = GAME.options_schema["mode"]
    assert spec["values"] == ["standard"]
    text, value = spec["label"], spec["value_labels"]["standard"]
    assert set(text) == set(LANGS) == set(value)
    assert "solo" in text["en"] and "1–3 bot" in text["en"] and "2–4" in value["en"]
    assert "單人" in text["zh-Hant"] and "1 到 3 個電腦" in text["zh-Hant"] and "2 到 4" in value["zh-Hant"]
    assert "单人" in text["zh-Hans"] and "1 到 3 个电脑" in text["zh-Hans"] and "2 到 4" in value["zh-Hans"]
    assert GAME.min_players == 2 and GAME.max_players == 4
