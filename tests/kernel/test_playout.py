"""The kernel's forward model (``Playout``): a game played in place is the game ``apply`` plays.

Random complete games of every game with any options are in tests/test_properties.py
(``test_a_playout_plays_the_game_apply_plays``); here, its promises on a few positions."""

from __future__ import annotations

import pytest

from pygame_core import IllegalAction, games
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.state import canonical, copy_json
from pygame_core.simulate import play, play_random, simulate
from tests.kernel.positions import random_positions


@pytest.mark.parametrize("game_id", games.registered())
def test_a_playout_lists_and_plays_what_apply_does(game_id: str) -> None:
    game = games.get(game_id)
    for s in random_positions(game_id, 3, 90)[::5]:
        for seat in range(s.players):
            playout = Playout(game, s)
            assert playout.to_move() == game.to_move(s)
            legal = playout.legal_actions(seat)
            assert canonical(legal) == canonical(game.legal_actions(s, seat))
            for action in legal[:3]:
                p = Playout(game, s)
                p.legal_actions(seat)
                p.play(seat, action)
                after = game.apply(s, seat, action)
                assert canonical(p.data) == canonical(after.data) and p.rng.state == after.rng
                assert p.played == len(after.history)


@pytest.mark.parametrize("game_id", games.registered())
def test_a_playout_refuses_what_is_not_legal_and_changes_nothing(game_id: str) -> None:
    game = games.get(game_id)
    s = [x for x in random_positions(game_id, 8, 12) if game.to_move(x)][-1]
    seat = game.to_move(s)[0]
    others = [x for x in range(s.players) if x not in game.to_move(s) and not game.legal_actions(s, x)]
    p = Playout(game, s)
    before = copy_json(p.data)
    for bad in ({"type": "__no_such_action"}, {"type": "pass", "junk": [1, 2]}):
        with pytest.raises(IllegalAction):
            p.play(seat, bad)
    for other in others:
        with pytest.raises(IllegalAction):
            p.play(other, game.legal_actions(s, seat)[0])
    assert canonical(p.data) == canonical(before) and p.played == len(s.history)
    # the playout still plays on, and the state it was made from never changed
    p.play(seat, p.legal_actions(seat)[0])
    assert s.digest() == game.load(game.save(s)).digest()


def test_a_playout_that_met_an_error_in_the_rules_refuses_to_go_on(monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.get("toy")
    s = game.new_game(players=2, seed=1)
    seat = game.to_move(s)[0]
    p = Playout(game, s)
    action = p.legal_actions(seat)[0]

    def broken(self, ctx, seat, action):
        ctx.data["half"] = "played"
        raise ZeroDivisionError("a bug in the rules")

    monkeypatch.setattr(type(game), "_apply", broken)
    with pytest.raises(ZeroDivisionError):
        p.play(seat, action)
    monkeypatch.undo()
    assert p.legal_actions(seat) == []
    with pytest.raises(RuntimeError, match="stopped at an error"):
        p.play(seat, action)


def test_an_ended_playout_has_no_one_to_move_and_no_action() -> None:
    p = play_random("toy", 2, 4)
    assert p.is_over() and p.to_move() == [] and p.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        p.play(0, {"type": "pass"})


@pytest.mark.parametrize("game_id", games.registered())
def test_simulate_plays_random_games_in_place_and_other_bots_through_apply(game_id: str) -> None:
    game = games.get(game_id)
    n = max(2, game.min_players)
    r = simulate(game_id, n, 2, 11)
    for k in range(2):
        state = play(game_id, n, 11 + k)
        assert r["actions"][k] == len(state.history)
        assert r["scores"][k] == list(game.scores(state)["totals"])
        assert r["winners"][k] == list(game.scores(state)["winners"])
