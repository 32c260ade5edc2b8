"""Properties of whole Great Wall games: random 3p and 4p games end within a bounded number of actions
(the time track bounds the Years, L653-669), play the same for the same seed, and survive a save/load
round trip at any point."""

from __future__ import annotations

import pytest

from pygame_core.bots import RandomBot
from pygame_core.simulate import play_random
from tests.great_wall.helpers import game

#: generous bound: at most 8 Years (time track), each with a few hundred decisions at most
MAX_ACTIONS = 5000


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_end_within_a_bounded_number_of_actions(players: int, seed: int) -> None:
    p = play_random("great_wall", players, seed)
    assert p.is_over() and p.played <= MAX_ACTIONS
    scores = p.scores()
    assert len(scores["totals"]) == players and scores["winners"]
    assert scores["rank"][0] == scores["winners"][0]


@pytest.mark.parametrize("players", [3, 4])
def test_the_same_seed_plays_the_same_game(players: int) -> None:
    a, b = play_random("great_wall", players, 7), play_random("great_wall", players, 7)
    assert a.played == b.played and a.scores() == b.scores()


@pytest.mark.parametrize("players", [3, 4])
def test_save_and_load_round_trip_mid_game_and_at_the_end(players: int) -> None:
    gm = game()
    state = gm.new_game(players=players, seed=11)
    bot = RandomBot(11)
    n = 0
    while not gm.is_over(state) and n < MAX_ACTIONS:
        seat = gm.to_move(state)[0]
        state = gm.apply(state, seat, bot.choose(gm, state, seat))
        n += 1
        if n in (40, 200):
            assert gm.load(gm.save(state)).digest() == state.digest()
    assert gm.is_over(state)
    again = gm.load(gm.save(state))
    assert again.digest() == state.digest() and gm.scores(again) == gm.scores(state)
