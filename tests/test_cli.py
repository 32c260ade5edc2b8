"""The command line: simulate is reproducible apart from timing; replay prints final scores."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pygame_core import games

GAME = "empires_end"  # a listed game with a boolean option `learning` (the refusal test below)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pygame_core", *args], capture_output=True, text=True,
                          timeout=600, check=False)


def test_simulate_prints_one_reproducible_json_object():
    args = ("simulate", "--game", GAME, "--players", "3", "--games", "3", "--seed", "5")
    a, b = run(*args), run(*args)
    assert a.returncode == 0, a.stderr
    ja, jb = json.loads(a.stdout), json.loads(b.stdout)
    assert ja["games"] == 3 and ja["finished"] == 3
    assert len(ja["scores"]) == 3 and all(len(s) == 3 for s in ja["scores"])
    assert len(ja["actions"]) == 3 and all(n > 0 for n in ja["actions"])
    assert "timing" in ja
    ja.pop("timing"), jb.pop("timing")
    assert ja == jb


def test_simulate_different_seeds_differ():
    a = json.loads(run("simulate", "--game", GAME, "--players", "2", "--games", "2", "--seed", "1").stdout)
    b = json.loads(run("simulate", "--game", GAME, "--players", "2", "--games", "2", "--seed", "2").stdout)
    assert a["actions"] != b["actions"] or a["scores"] != b["scores"]


def test_replay_prints_final_scores(tmp_path):
    from pygame_core.simulate import play

    game = games.get(GAME)
    state = play(GAME, 2, 9)
    path = tmp_path / "game.json"
    path.write_text(game.save(state), encoding="utf-8")
    out = run("replay", str(path))
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["scores"]["totals"] == game.scores(state)["totals"] and doc["over"] is True


@pytest.mark.parametrize("args,needle", [
    (("simulate", "--game", "chess"), "unknown game 'chess'"),
    (("simulate", "--game", GAME, "--players", "9"), "players"),
])
def test_bad_arguments_get_a_clear_message(args, needle):
    out = run(*args)
    assert out.returncode == 2 and needle in out.stderr


def test_replay_of_a_corrupt_file_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "game": "', encoding="utf-8")
    out = run("replay", str(path))
    assert out.returncode == 2 and "corrupt" in out.stderr


@pytest.mark.parametrize("content", [b"\xff\xfe\x00{", b"", b"[1, 2]"])
def test_replay_of_an_unreadable_file_is_a_clear_error_without_a_traceback(tmp_path, content):
    path = tmp_path / "save.json"
    path.write_bytes(content)
    out = run("replay", str(path))
    assert out.returncode == 2 and out.stderr.startswith("error: this save ")
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_replay_of_a_missing_file_is_a_clear_error(tmp_path):
    out = run("replay", str(tmp_path / "nowhere.json"))
    assert out.returncode == 2 and out.stderr.startswith("error: ") and "Traceback" not in out.stderr


@pytest.mark.parametrize("args,needle", [
    (("--games", "0"), "positive integer"),
    (("--games", "-3"), "positive integer"),
    (("--players", "3", "--bot", "random,heuristic"), "2 bot kinds given for 3 players"),
    (("--bot", "random,mcts"), "unknown bot 'mcts'"),
    (("--option", "learning=1"), "option 'learning' cannot be 1"),
])
def test_bad_simulate_arguments_are_refused(args, needle):
    out = run("simulate", "--game", GAME, *args)
    assert out.returncode == 2 and needle in out.stderr and out.stdout == ""


def test_simulate_takes_a_bot_kind_per_seat():
    out = run("simulate", "--game", GAME, "--players", "2", "--games", "2", "--seed", "3",
              "--bot", "heuristic,random")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["bot"] == ["heuristic", "random"] and doc["finished"] == 2
