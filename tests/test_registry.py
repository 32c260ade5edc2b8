"""Games are discovered, not listed by hand: the engine finds every game package, the build finds every
front end (web/games/<id>/manifest.json), the two agree, and test games stay out of the offered list."""

from __future__ import annotations

import json
from typing import Any

import pytest

from build import WEB, game_manifests
from pygame_core import games, webapi


def call(method: str, **args: Any) -> Any:
    reply = json.loads(webapi.call(method, json.dumps(args)))
    assert reply["ok"], reply
    return reply["result"]


def test_every_registered_game_has_a_front_end_that_agrees_on_listed() -> None:
    fronts = game_manifests()
    assert set(fronts) == set(games.registered()), (sorted(fronts), games.registered())
    for gid, m in fronts.items():
        assert m["listed"] == games.is_listed(games.get(gid)), gid
        for key in ("module", "strings"):
            assert (WEB / "games" / gid / str(m[key])).is_file(), (gid, key)


def test_test_games_are_registered_but_not_offered() -> None:
    assert "toy" in games.registered() and "toy" not in games.available()
    assert games.available() and all(games.is_listed(games.get(g)) for g in games.available())
    entries = {g["id"]: g for g in call("catalog")["games"]}
    assert set(entries) == set(games.registered())
    assert entries["toy"]["listed"] is False
    assert all(entries[g]["listed"] is True for g in games.available())


def test_step_moves_a_loaded_game_both_ways_and_labels_the_last_action() -> None:
    r = call("new", sid="s0", game="toy", players=2, seed=4, seat=0)
    for seat, n in ((0, 0), (1, 1), (0, 1), (1, 0)):
        r = call("apply", sid="s0", seat=seat, action={"type": "bid", "n": n})
    text = r["save"]
    call("load", sid="s1", text=text, seat=0)
    at2 = call("step", sid="s1", to=2, seat=0)
    assert at2["view"]["actions_played"] == 2 and at2["total"] == 4
    # seat 0 reads seat 1's sealed bid as the log tells it, never the amount
    assert at2["played"] == {"seat": 1, "action": None, "label": "committed a bid"}
    assert call("step", sid="s1", to=1, seat=0)["played"]["label"] == "Bid 0"  # its own bid, in full
    back = call("step", sid="s1", to=0, seat=0)
    assert back["view"]["actions_played"] == 0 and "played" not in back
    end = call("step", sid="s1", to=4, seat=0)
    # the whole loaded game is still there after stepping back
    assert json.loads(end["save"])["actions"] == json.loads(text)["actions"]
    assert json.loads(end["save"])["checksum"] == json.loads(text)["checksum"]
    bad = json.loads(webapi.call("step", json.dumps({"sid": "s1", "to": 5, "seat": 0})))
    assert not bad["ok"] and "0 to 4" in bad["error"]["message"]
    assert call("view", sid="s1", seat=0)["view"]["actions_played"] == 4  # the error changed nothing
    # a game played here is a line too: step back through it, and a new move starts a new line
    assert call("step", sid="s0", to=1, seat=0)["view"]["actions_played"] == 1
    assert call("apply", sid="s0", seat=1, action={"type": "bid", "n": 2})["view"]["actions_played"] == 2
    assert call("step", sid="s0", to=2, seat=0)["total"] == 2


def test_every_reply_carries_a_public_summary() -> None:
    r = call("new", sid="sum", game="toy", players=2, seed=1, seat=0)
    s = r["summary"]
    assert s["players"] == 2 and s["actions_played"] == 0 and s["over"] is False and s["winners"] == []


def test_a_save_whose_start_is_intact_but_the_rest_is_broken_is_refused_clearly() -> None:
    """The game is read from the save's first characters; the game's own load then refuses what
    follows, with a message, never an exception of another kind."""
    from pygame_core.errors import SaveError

    game = games.get("toy")
    text = game.save(game.new_game(players=2, seed=3))
    assert games.game_of(text) is game
    for broken in (text[: len(text) // 2], text.replace('"actions":[', '"actions":[[0,', 1),
                   text.replace('"game":"toy"', '"game":"chess"')):
        with pytest.raises(SaveError, match="corrupt|unknown game"):
            games.load_any(broken)


# In a fresh interpreter: a page's boot snapshot of one game (build.py) must hold that game alone.
ONE_GAME = r"""
import json, sys
from pygame_core import games, webapi
played = games.get("toy")
games.game_of(played.save(played.new_game(players=2, seed=1)))
webapi.preset_catalog(PRESET)
catalog = json.loads(webapi.call("catalog", "{}"))["result"]
print(json.dumps({"imported": sorted({m.split(".")[2] for m in sys.modules
                                     if m.startswith("pygame_core.games.") and m.count(".") >= 2}),
                  "catalog": catalog == json.loads(PRESET)}))
"""


def test_getting_a_game_or_a_save_s_game_imports_that_game_alone_and_a_preset_catalog_imports_none() -> None:
    import subprocess
    import sys

    preset = json.dumps(call("catalog"))
    code = f"PRESET = {preset!r}\n{ONE_GAME}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=WEB.parent)
    got = json.loads(done.stdout)
    assert got == {"imported": ["toy"], "catalog": True}, got
    # the whole registry is still every game, in id order
    assert games.registered() == sorted(games.registered())


def test_a_preset_catalog_of_another_engine_version_is_refused() -> None:
    doc = {**call("catalog"), "engine_version": "0.0.0-other"}
    with pytest.raises(ValueError, match="not this engine"):
        webapi.preset_catalog(json.dumps(doc))
