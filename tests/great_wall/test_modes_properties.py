"""Whole games of the 2-player (Reed Clan) and solo (Qin Jiushao) modes: random games end within a
bounded number of actions, play the same for the same seed, survive a save/load round trip, and keep
Qin's Honor in every view and in the scores."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.bots import RandomBot
from pygame_core.simulate import play_random
from tests.great_wall.helpers import game

MAX_ACTIONS = 5000
CASES = [(2, {"mode": "two_player"}), (1, {"mode": "solo"}), (1, {"mode": "solo", "difficulty": "hard"}),
         (1, {"mode": "solo", "difficulty": "hardest"}), (2, {"mode": "coop"}), (3, {"mode": "coop"}),
         (4, {"mode": "coop"})]


def _play(players: int, options: dict[str, Any], seed: int, check: Any = None) -> Any:
    gm = game()
    state = gm.new_game(players=players, seed=seed, options=options)
    bot = RandomBot(seed)
    n = 0
    while not gm.is_over(state) and n < MAX_ACTIONS:
        seat = gm.to_move(state)[0]
        state = gm.apply(state, seat, bot.choose(gm, state, seat))
        n += 1
        if check:
            check(gm, state, n)
    return state


@pytest.mark.parametrize("players,options", CASES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_end_with_scores(players: int, options: dict[str, Any], seed: int) -> None:
    p = play_random("great_wall", players, seed, options)
    assert p.is_over() and p.played <= MAX_ACTIONS
    sc = p.scores()
    assert len(sc["totals"]) == players and len(sc["breakdown"]) == players
    if options["mode"] == "solo":  # L874: against Qin, whose total is in the scores
        assert set(sc["qin"]["breakdown"]) == {"honor", "horde", "artifacts"}
        assert sc["winners"] == ([0] if sc["totals"][0] > sc["qin"]["total"] and p.data["end"] != "shame"
                                 else [])
        assert all(sc["outcome"][lang] for lang in ("en", "zh-Hant", "zh-Hans"))
    elif options["mode"] == "coop":  # L994: a shared result
        assert sc["winners"] in ([], list(range(players)))
        assert (sc["winners"] != []) == (p.data["end"] == "requests")
    else:
        assert sc["winners"] and sc["rank"][0] == sc["winners"][0]


@pytest.mark.parametrize("players,options", [CASES[0], CASES[1], CASES[5]])
def test_the_same_seed_plays_the_same_game(players: int, options: dict[str, Any]) -> None:
    a, b = play_random("great_wall", players, 7, options), play_random("great_wall", players, 7, options)
    assert a.played == b.played and a.scores() == b.scores()


@pytest.mark.parametrize("players,options", [CASES[0], CASES[1], CASES[5]])
def test_save_and_load_round_trip(players: int, options: dict[str, Any]) -> None:
    def check(gm: Any, state: Any, n: int) -> None:
        if n in (10, 40, 120):
            back = gm.load(gm.save(state))
            assert back.digest() == state.digest() and gm.view(back, 0) == gm.view(state, 0)

    state = _play(players, options, 11, check)
    assert game().is_over(state)
    again = game().load(game().save(state))
    assert again.digest() == state.digest() and game().scores(again) == game().scores(state)


def test_qins_honor_is_in_every_view() -> None:
    """Issue 18: Qin's Honor is shown all game."""
    def check(gm: Any, state: Any, n: int) -> None:
        for viewer in (None, 0):
            v = gm.view(state, viewer)
            assert v["qin"]["honor"] == state.data["qin"]["honor"]
            assert v["qin"]["deck"] == len(state.data["qin"]["deck"])  # his deck stays hidden (L166)

    _play(1, {"mode": "solo"}, 5, check)
