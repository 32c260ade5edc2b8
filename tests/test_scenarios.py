"""Teaching scenarios of every game that ships them (kernel/scenarios.py, docs/embedding.md): each
scenario cites the seed, builds for every player count, steps through its script with a caption per
step in three languages, and its shipped save under web/games/<id>/examples/ is that scenario.
The rule numbers each example teaches are checked in the game's own tests (tests/<id>/)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pygame_core import games
from pygame_core.kernel import Game
from pygame_core.kernel.scenarios import LANGS
from tests.scenario_steps import scenario_steps

ROOT = Path(__file__).resolve().parents[1]
BOOKS = [g for g in (games.get(gid) for gid in games.registered()) if g.scenario_book is not None]
CASES = [(g, name) for g in BOOKS for name in g.scenario_book.names]  # type: ignore[union-attr]
IDS = [f"{g.id}-{name}" for g, name in CASES]

steps = scenario_steps


def test_the_games_ship_scenarios() -> None:
    assert {"through_the_ages", "civilization", "great_wall", "brazil_imperial"} <= {g.id for g in BOOKS}


@pytest.mark.parametrize("game", BOOKS, ids=[g.id for g in BOOKS])
def test_the_scenario_option_lists_every_scenario_and_a_normal_game_has_no_caption(game: Game) -> None:
    spec = game.options_schema["scenario"]
    assert spec["default"] == "none"
    assert spec["values"] == ["none", *game.scenario_book.names]  # type: ignore[union-attr]
    assert "caption" not in game.view(game.new_game(game.min_players, 1), 0)


@pytest.mark.parametrize(("game", "name"), CASES, ids=IDS)
def test_every_scenario_has_seed_provenance_and_a_cited_caption_per_step(game: Game, name: str) -> None:
    sc = game.scenario_book.scenarios[name]  # type: ignore[union-attr]
    assert sc["source"]["kind"] == "seed" and isinstance(sc["source"]["line"], int)
    for lang in LANGS:
        assert sc["title"][lang]
    for st in sc["steps"]:
        assert st["lines"].startswith("L"), st
        for lang in LANGS:
            assert st["caption"][lang].strip(), (name, lang)
    assert "play" not in sc["steps"][0] and all("play" in st for st in sc["steps"][1:])


@pytest.mark.parametrize(("game", "name"), CASES, ids=IDS)
def test_every_scenario_builds_for_every_player_count(game: Game, name: str) -> None:
    book = game.scenario_book
    assert book is not None
    doc = book.save_doc(name)
    for players in range(game.min_players, game.max_players + 1):
        s = game.new_game(players=players, seed=doc["seed"], options=doc["options"])
        seat = game.to_move(s)[0]
        assert game.legal_actions(s, seat)
        v = game.view(s, 1 if players > 1 else None)  # public: another seat (or a spectator) reads it too
        assert v["caption"] == game.view(s, 0)["caption"] == book.caption(name, ())


@pytest.mark.parametrize(("game", "name"), CASES, ids=IDS)
def test_stepping_through_a_scenario_is_legal_and_each_step_shows_its_caption(game: Game, name: str) -> None:
    sc = game.scenario_book.scenarios[name]  # type: ignore[union-attr]
    for k, s in enumerate(steps(game, name)):
        cap = game.view(s, 0)["caption"]
        assert cap is not None
        for lang in LANGS:
            assert cap[lang].startswith(sc["steps"][k]["caption"][lang])
            assert not re.search(r"\bL\d+", cap[lang]), cap[lang]  # provenance stays out of it


@pytest.mark.parametrize(("game", "name"), CASES, ids=IDS)
def test_a_game_that_leaves_the_script_shows_no_caption(game: Game, name: str) -> None:
    book = game.scenario_book
    assert book is not None
    script = book.script(name)
    if not script:
        pytest.skip("a position without a script")
    s = steps(game, name)[0]
    seat, scripted = script[0]
    others = [a for a in game.legal_actions(s, seat) if a != scripted]
    if not others:
        pytest.skip("the scripted action is the only legal one")
    assert game.view(game.apply(s, seat, others[0]), 0)["caption"] is None


@pytest.mark.parametrize(("game", "name"), CASES, ids=IDS)
def test_the_shipped_save_is_the_scenario(game: Game, name: str) -> None:
    """web/games/<id>/examples/<name>.json: the options with the scenario and its actions, so that
    embed.html?replay=...&step=1 steps through it (scripts/scenario_saves.py writes them)."""
    path = ROOT / "web" / "games" / game.id / "examples" / f"{name}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    want = game.scenario_book.save_doc(name)  # type: ignore[union-attr]
    assert doc["game"] == game.id
    assert {k: v for k, v in doc["options"].items() if k in want["options"]} == want["options"]
    assert (doc["players"], doc["seed"], doc["actions"]) == (want["players"], want["seed"], want["actions"])
    last = game.load(json.dumps(doc))
    assert game.view(last, 0)["caption"] == game.view(steps(game, name)[-1], 0)["caption"]
