"""The Great Wall's rules reference (web/games/great_wall/rules.json; the generic checks are in
tests/test_rules_reference.py): every season, location, combat step and mode has a section; every phase
kind, pending decision and action type the engine produces in random games, every IllegalAction code it
raises and every "?" link the board draws has a link; and no player-facing text shows a seed line number
(provenance stays in each section's "seed" field)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "web" / "games" / "great_wall"
REQUIRED = {
    "setup", "year", "spring", "summer", "autumn", "winter", "command-cards", "tea-order", "time-track",
    "locations", "production", "barracks", "builders-camp", "imperial-envoy", "transport-station",
    "war-academy", "tea-house", "the-wall", "horde-cards", "invasion", "attacking", "defeat", "casualties",
    "siege-and-breach", "shame", "tactics", "generals-and-advisors", "artifacts", "game-end", "modes",
}


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    return json.loads((FOLDER / "rules.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def seen() -> dict[str, set[str]]:
    """Phase kinds, decision kinds and action types over random 3- and 4-player games."""
    from pygame_core import games

    game = games.get("great_wall")
    out: dict[str, set[str]] = {"phase": set(), "pending": set(), "action": set()}
    for i in range(6):
        rnd = random.Random(i)
        state = game.new_game(players=3 + i % 2, seed=40 + i)
        for _ in range(3000):
            view = game.view(state, None)
            out["phase"].add(view["phase"]["kind"])
            out["pending"].update(d["kind"] for d in view.get("decisions") or [])
            movers = game.to_move(state)
            if not movers:
                break
            legal = game.legal_actions(state, movers[0])
            out["action"].update(a["type"] for a in legal)
            state = game.apply(state, movers[0], rnd.choice(legal))
    return out


def test_covers_every_season_location_combat_step_and_mode(doc: dict[str, Any]) -> None:
    ids = {s["id"] for s in doc["sections"]}
    assert REQUIRED <= ids, sorted(REQUIRED - ids)


def test_every_phase_decision_and_action_of_the_engine_has_rules(doc: dict[str, Any],
                                                                  seen: dict[str, set[str]]) -> None:
    assert {"setup", "autumn", "winter", "end"} <= seen["phase"], seen["phase"]
    assert {"draft", "command", "slot", "clerks"} <= seen["pending"], seen["pending"]
    missing = [f"{p}:{k}" for p in ("phase", "pending", "action") for k in sorted(seen[p])
               if f"{p}:{k}" not in doc["links"]]
    assert not missing, missing


def test_every_illegal_action_code_has_rules(doc: dict[str, Any]) -> None:
    from pygame_core.errors import KERNEL_CODES

    raised = re.compile(r"IllegalAction\((?:[^()]|\([^()]*\))*?,\s*\"([a-z_]+)\"\)")
    codes = set(KERNEL_CODES)
    for path in (ROOT / "pygame_core" / "games" / "great_wall").glob("*.py"):
        codes |= set(raised.findall(path.read_text(encoding="utf-8")))
    assert not sorted(c for c in codes if f"code:{c}" not in doc["links"])


def test_every_link_the_board_draws_exists(doc: dict[str, Any]) -> None:
    src = (FOLDER / "render.js").read_text(encoding="utf-8")
    keys = set(re.findall(r"""rules(?:Link\(|: )["']([a-z_]+:[a-z_]+)["']""", src))
    assert {"card:horde", "track:time", "step:wall"} <= keys, keys
    locations = json.loads((ROOT / "pygame_core" / "games" / "great_wall" / "data" / "board.json")
                           .read_text(encoding="utf-8"))["sides"]["4p"]["locations"]
    keys |= {f"location:{x['id']}" for x in locations}
    assert not sorted(keys - set(doc["links"]))


def test_no_seed_line_numbers_in_player_facing_text(doc: dict[str, Any]) -> None:
    line = re.compile(r"\bL\d{2,4}\b")
    bad = [(s["id"], lang) for s in doc["sections"] for f in ("title", "body")
           for lang, text in s[f].items() if line.search(text)]
    assert not bad, bad
    for name in ("strings.js", "data.js"):
        assert not line.search((FOLDER / name).read_text(encoding="utf-8")), name
