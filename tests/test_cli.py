"""The command line: simulate is reproducible apart from timing; replay prints final scores."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pygame_core import games

GAME = games.available()[0]


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
