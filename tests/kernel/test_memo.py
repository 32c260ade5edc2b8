"""The kernel's memo of the last position's legal actions (a speed path) must be invisible: what it
hands out is the caller's to change, a changed action is judged anew, and seats are checked first.
Run for every registered game, on positions of a few random games."""

from __future__ import annotations

import pytest

from pygame_core import IllegalAction, games
from pygame_core.kernel.state import State, canonical, copy_json
from tests.kernel.positions import random_positions


def _vandalize(action: dict) -> None:
    """Change an action in place, down to its nested values: a new key, and every list or dict inside
    emptied or given a new entry."""
    action["__extra"] = 1
    for v in list(action.values()):
        if isinstance(v, dict):
            _vandalize(v)
        elif isinstance(v, list):
            v.append(-7)


@pytest.mark.parametrize("game_id", games.registered())
def test_changing_a_listed_action_changes_neither_the_listing_nor_what_is_legal(game_id: str) -> None:
    game = games.get(game_id)
    for s in random_positions(game_id, 5, 120)[::7]:
        for seat in game.to_move(s):
            first = game.legal_actions(s, seat)
            before = canonical(first)
            changed = game.legal_actions(s, seat)
            for a in changed:
                _vandalize(a)
            assert canonical(game.legal_actions(s, seat)) == before
            assert canonical(first) == before  # two listings share nothing either
            for a in first:  # the first listing is the game's own: its rules keep nothing of it
                _vandalize(a)
            twin = State(s.game, s.players, s.seed, s.options, copy_json(s.data), s.rng, s.history,
                         s.checkpoint, s.log, s.meta)
            assert canonical(game.legal_actions(twin, seat)) == before
            if changed:
                with pytest.raises(IllegalAction):
                    game.apply(s, seat, changed[0])
                after = game.apply(s, seat, game.legal_actions(s, seat)[0])  # the memo is intact
                assert len(after.history) == len(s.history) + 1


@pytest.mark.parametrize("game_id", games.registered())
def test_a_seat_that_is_not_a_whole_number_is_refused_even_after_a_listing(game_id: str) -> None:
    """The memo is keyed by seat, and True == 1: a bool must still be refused as a seat."""
    game = games.get(game_id)
    s = game.new_game(players=max(2, game.min_players), seed=3)  # seat 1 exists (The Great Wall has solo)
    seat = game.to_move(s)[0]
    legal = game.legal_actions(s, 1)
    game.legal_actions(s, seat)
    with pytest.raises(IllegalAction):
        game.legal_actions(s, True)
    bads: list = [True, 1.0]
    for bad in bads:
        with pytest.raises(IllegalAction):
            game.apply(s, bad, (legal or game.legal_actions(s, seat))[0])


@pytest.mark.parametrize("game_id", games.registered())
def test_to_move_hands_out_a_copy(game_id: str) -> None:
    game = games.get(game_id)
    s = game.new_game(players=game.min_players, seed=4)
    seats = game.to_move(s)
    seats.append(99)
    seats.clear()
    assert game.to_move(s)
    assert game.legal_actions(s, game.to_move(s)[0])
