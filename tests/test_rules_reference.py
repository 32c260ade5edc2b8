"""The in-app rules references (web/games/<id>/rules.json, docs/rules-reference.md).

Generic checks for every game folder that has one (three languages, unique ids, link targets, the
markup subset, no raw HTML), then Empire's End: the required topics, a link for every phase kind,
IllegalAction code, ability, card type, action and pending decision the engine can produce (found by
playing random games, so a new phase without rules fails here), and the numbers its tables quote
against the engine data (tiles L113, conflict cards L462-481, phase tracks L143-191, quick game L658).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "web" / "games"
LANGS = ("en", "zh-Hant", "zh-Hans")
SECTION_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
SEED = re.compile(r"^L\d+(-\d+)?(, L\d+(-\d+)?)*$")
LINK_KEY = re.compile(r"^(phase|code|card|track|ability|location|resource|step|pending|action):[a-z0-9_-]+$")
RAW_HTML = re.compile(r"<\s*/?\s*[A-Za-z!?]|&#?[A-Za-z0-9]+;")
INLINE_LINK = re.compile(r"\[([^\]]+)\]\(([^)]*)\)")
SWATCH = re.compile(r"\[\[ph:([^\]]*)\]\]")
SEPARATOR = re.compile(r"^\|[\s:|-]+\|?\s*$")

RULES_FILES = sorted(GAMES.glob("*/rules.json"))


def swatch_kinds(game: str = "empires_end") -> set[str]:
    """Phase colours a game's front end defines (``--ph-<kind>`` in its CSS, named by its manifest): the
    kinds a swatch in its rules may name."""
    folder = GAMES / game
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return set(re.findall(r"--ph-([a-z_]+)\s*:", (folder / manifest["css"]).read_text(encoding="utf-8")))


def tables(body: str) -> list[list[list[str]]]:
    """The tables of a body: lists of rows of cells (separator rows dropped)."""
    out: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*body.split("\n"), ""]:
        line = line.strip()
        if line.startswith("|"):
            if not SEPARATOR.match(line):
                current.append([c.strip() for c in line.strip("|").split("|")])
        elif current:
            out.append(current)
            current = []
    return out


def problems(doc: Any, folder: str) -> list[str]:
    """Everything wrong with one rules document (empty list = valid)."""
    bad: list[str] = []
    if not isinstance(doc, dict):
        return ["the document is not a JSON object"]
    if doc.get("game") != folder:
        bad.append(f"game is {doc.get('game')!r}, the folder is {folder!r}")
    sections = doc.get("sections")
    if not isinstance(sections, list) or not sections:
        return [*bad, "no sections"]
    ids = [str(s.get("id")) for s in sections if isinstance(s, dict)]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        bad.append(f"duplicate section ids: {dupes}")
    known = set(ids)
    kinds = swatch_kinds(folder)
    for s in sections:
        sid = s.get("id")
        if not isinstance(sid, str) or not SECTION_ID.match(sid):
            bad.append(f"section id {sid!r} is not kebab-case")
        if not isinstance(s.get("seed"), str) or not SEED.match(s["seed"]):
            bad.append(f"{sid}: seed {s.get('seed')!r} is not like 'L75-105, L739'")
        targets: dict[str, set[str]] = {}
        rows: dict[str, list[int]] = {}
        for field in ("title", "body"):
            text = s.get(field)
            if not isinstance(text, dict):
                bad.append(f"{sid}: {field} is not an object of languages")
                continue
            for lang in LANGS:
                value = text.get(lang)
                if not isinstance(value, str) or not value.strip():
                    bad.append(f"{sid}: {field}.{lang} is missing or empty")
                    continue
                html = RAW_HTML.search(value)
                if html:
                    bad.append(f"{sid}: {field}.{lang} has raw HTML: {html.group()!r}")
                if field != "body":
                    continue
                found = set()
                for _text, href in INLINE_LINK.findall(value):
                    if not href.startswith("#") or href[1:] not in known:
                        bad.append(f"{sid}: body.{lang} links to {href!r}, which is not a section")
                    found.add(href)
                targets[lang] = found
                for kind in SWATCH.findall(value):
                    if kind not in kinds:
                        bad.append(f"{sid}: body.{lang} has a swatch of unknown phase {kind!r}")
                shapes = []
                for table in tables(value):
                    width = len(table[0])
                    if any(len(r) != width for r in table):
                        bad.append(f"{sid}: body.{lang} has a table whose rows differ in width")
                    shapes.append(len(table))
                rows[lang] = shapes
        if len({frozenset(v) for v in targets.values()}) > 1:
            bad.append(f"{sid}: the languages link to different sections: {targets}")
        if len({tuple(v) for v in rows.values()}) > 1:
            bad.append(f"{sid}: the languages have different tables (rows per table): {rows}")
    links = doc.get("links")
    if not isinstance(links, dict):
        return [*bad, "links is not an object"]
    for key, target in links.items():
        if not LINK_KEY.match(key):
            bad.append(f"link key {key!r} is not '<prefix>:<name>'")
        if target not in known:
            bad.append(f"link {key!r} -> {target!r}, which is not a section")
    return bad


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_is_a_rules_reference() -> None:
    assert (GAMES / "empires_end" / "rules.json") in RULES_FILES


@pytest.mark.parametrize("path", RULES_FILES, ids=[p.parent.name for p in RULES_FILES])
def test_rules_document_is_valid(path: Path) -> None:
    assert problems(load(path), path.parent.name) == []


def test_the_checks_can_fail() -> None:
    """The control: a broken document is reported on every count (so a pass above means something)."""
    ok = {"en": "x", "zh-Hant": "x", "zh-Hans": "x"}
    doc = {"game": "other", "links": {"phase:x": "nowhere", "bad key": "a"}, "sections": [
        {"id": "a", "seed": "L1", "title": ok,
         "body": {"en": "<b>hi</b>", "zh-Hant": "[x](#zzz)", "zh-Hans": ""}},
        {"id": "a", "seed": "line 3", "title": ok,
         "body": {"en": "| a | b |\n| c |", "zh-Hant": "[[ph:nope]] &amp;", "zh-Hans": "y"}},
        {"id": "Not_Kebab", "seed": "L2", "title": {"en": "t"}, "body": ok},
    ]}
    text = "\n".join(problems(doc, "empires_end"))
    for needle in ("game is 'other'", "duplicate section ids", "not kebab-case", "seed 'line 3'",
                   "raw HTML", "links to '#zzz'", "body.zh-Hans is missing", "title.zh-Hant is missing",
                   "unknown phase 'nope'", "differ in width", "-> 'nowhere'", "'bad key'",
                   "languages link to different sections", "different tables"):
        assert needle in text, (needle, text)


# ------------------------------------------------------------------------------------- Empire's End

EE_REQUIRED = {
    "setup", "your-empire", "resources", "phase-track", "learning-game", "disaster-phase", "pass", "take",
    "free-pass", "change-disaster", "exhaust-refresh", "resource-shortage", "double-disaster",
    "economy-phase", "industry-phase", "build-and-sell", "repair", "placing-innovations", "conflict-phase",
    "conflict-rows",
    "turmoil", "economy-industry-phase", "game-end", "tie-break", "quick-game", "glossary",
}


@pytest.fixture(scope="module")
def ee() -> dict[str, Any]:
    return load(GAMES / "empires_end" / "rules.json")


def section(doc: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in doc["sections"] if s["id"] == sid)


@pytest.fixture(scope="module")
def engine_seen() -> dict[str, set[str]]:
    """What the engine puts in views and legal actions over random games of every player count and mode."""
    from pygame_core import games

    game = games.get("empires_end")
    seen: dict[str, set[str]] = {"phase": set(), "step": set(), "pending": set(), "action": set()}
    configs: list[tuple[int, dict[str, Any]]] = [(n, {"mode": m}) for n in (2, 3, 4)
                                                 for m in ("standard", "quick")]
    configs.append((3, {"learning": True}))
    for i, (players, options) in enumerate(configs):
        rnd = random.Random(i)
        state = game.new_game(players=players, seed=100 + i, options=options)
        while True:
            view = game.view(state, None)
            seen["phase"].add(view["phase"]["kind"])
            seen["step"].add(view["phase"]["step"])
            if view["pending"]:
                seen["pending"].add(view["pending"]["kind"])
            movers = game.to_move(state)
            if not movers:
                break
            seat = movers[0]
            legal = game.legal_actions(state, seat)
            seen["action"].update(a["type"] for a in legal)
            state = game.apply(state, seat, rnd.choice(legal))
    return seen


def test_ee_covers_the_required_topics(ee: dict[str, Any]) -> None:
    ids = {s["id"] for s in ee["sections"]}
    assert EE_REQUIRED <= ids, sorted(EE_REQUIRED - ids)


def test_ee_every_phase_the_engine_shows_has_rules(ee: dict[str, Any],
                                                  engine_seen: dict[str, set[str]]) -> None:
    # the phase kinds of the view contract (L143-191; quick setup L654-662; game end L487)
    assert {"disaster", "double_disaster", "economy", "industry", "conflict", "economy_industry",
            "quick_setup", "end"} <= engine_seen["phase"]
    missing = sorted(k for k in engine_seen["phase"] if f"phase:{k}" not in ee["links"])
    assert not missing, f"phase kinds without a rules section: {missing}"


def test_ee_every_action_step_and_decision_has_rules(ee: dict[str, Any],
                                                     engine_seen: dict[str, set[str]]) -> None:
    missing = [f"{prefix}:{k}" for prefix in ("action", "pending", "step")
               for k in sorted(engine_seen[prefix])
               if k not in ("act", "") and f"{prefix}:{k}" not in ee["links"]]
    assert not missing, missing


def test_ee_every_illegal_action_code_has_rules(ee: dict[str, Any]) -> None:
    sources = [*(ROOT / "pygame_core" / "kernel").glob("*.py"),
               *(ROOT / "pygame_core" / "games" / "empires_end").glob("*.py")]
    raised = re.compile(r"IllegalAction\((?:[^()]|\([^()]*\))*?,\s*\"([a-z_]+)\"\)")
    from pygame_core.errors import KERNEL_CODES

    codes: set[str] = set(KERNEL_CODES)
    for path in sources:
        codes |= set(raised.findall(path.read_text(encoding="utf-8")))
    assert {"not_legal", "not_your_turn", "game_over", "malformed", "cannot_undo"} <= codes, codes
    missing = sorted(c for c in codes if f"code:{c}" not in ee["links"])
    assert not missing, missing


def test_ee_every_ability_card_and_location_type_has_rules(ee: dict[str, Any]) -> None:
    from pygame_core.games.empires_end.data import CARDS, LOCS
    from pygame_core.games.empires_end.text import DISASTER_NAME, LOC_TYPE_NAME, RES_NAME

    kinds = {x["ability"]["kind"] for x in [*CARDS.values(), *LOCS.values()]}
    wanted = {f"ability:{k}" for k in kinds} | {f"card:{k}" for k in DISASTER_NAME} \
        | {f"location:{k}" for k in LOC_TYPE_NAME} | {f"resource:{k}" for k in RES_NAME} \
        | {"card:disaster", "card:conflict", "card:location", "track:phase", "track:score"}
    assert not sorted(wanted - set(ee["links"]))


def test_ee_glossary_uses_the_engine_terms(ee: dict[str, Any]) -> None:
    """The seed's Traditional terms (as the engine and UI use them), with the Simplified beside them."""
    from pygame_core.games.empires_end.text import DISASTER_NAME, LOC_TYPE_NAME, PHASE_NAME, RES_NAME

    body = section(ee, "glossary")["body"]
    for names in (RES_NAME, LOC_TYPE_NAME, DISASTER_NAME, PHASE_NAME):
        for text in names.values():
            hant, hans = text["zh-Hant"].removesuffix("階段"), text["zh-Hans"].removesuffix("阶段")
            for lang in LANGS:
                assert f"| {hant}" in body[lang] and f"| {hans}" in body[lang], (hant, hans, lang)


def _row_range(row: dict[str, Any]) -> str:
    if row["min"] is None:
        return f"≤{row['max']}"
    if row["max"] is None:
        return f"{row['min']}+"
    return f"{row['min']}-{row['max']}"


def test_ee_conflict_rows_quote_the_cards(ee: dict[str, Any]) -> None:
    """Every conflict card's thresholds, points and turmoil target, as the engine has them (L462-470)."""
    from pygame_core.games.empires_end.data import CONFLICTS

    for lang in LANGS:
        (table,) = tables(section(ee, "conflict-rows")["body"][lang])
        rows = {r[0]: r for r in table[1:]}
        assert len(rows) == len(CONFLICTS)
        for cid, card in CONFLICTS.items():
            row = rows[str(int(cid.split("-")[1]))]
            for cell, data in zip(row[1:4], card["rows"], strict=True):
                assert cell.startswith(f"{_row_range(data)}: {data['points']:+d}"), (lang, cid, cell)
            assert row[4].startswith(f"{card['victory']['points']:+d}"), (lang, cid, row[4])
            assert row[5].endswith(f"↔ {card['turmoil']['to']}"), (lang, cid, row[5])


def test_ee_repair_table_quotes_the_tiles(ee: dict[str, Any]) -> None:
    """Points and repair cost of the 11 tiles (L113, L365)."""
    from pygame_core.games.empires_end.data import LOCS

    for lang in LANGS:
        (table,) = tables(section(ee, "repair")["body"][lang])
        quoted = sorted((int(r[1]), int(r[2])) for r in table[1:])
        assert quoted == sorted((x["points"], x["repair"]) for x in LOCS.values()), lang


def test_ee_phase_track_table_and_quick_start_quote_the_tracks(ee: dict[str, Any]) -> None:
    from pygame_core.games.empires_end.data import TRACKS

    for lang in LANGS:
        colours, table = tables(section(ee, "phase-track")["body"][lang])
        assert {m.group(1) for r in colours[1:] if (m := SWATCH.search(r[0]))} == swatch_kinds(), lang
        for col, side in ((1, "2p"), (2, "3-4p")):
            track = TRACKS[side]
            kinds = [m.group(1) for r in table[1:] if (m := SWATCH.search(r[col]))]
            assert kinds == [*track["phases"], "end"], (lang, side)
            bolt = [i for i, r in enumerate(table[1:]) if "⚡" in r[col]]
            assert bolt == [track["quick_start"]], (lang, side)
        quick = section(ee, "quick-game")["body"][lang]
        for side in ("2p", "3-4p"):
            track = TRACKS[side]
            assert str(track["quick_start"] + 1) in quick, (lang, side)
            assert str(len(track["phases"]) - track["quick_start"]) in quick, (lang, side)
