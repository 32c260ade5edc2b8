"""The toy game's option ``rounds`` decides how many bidding rounds it plays (it was ignored: always 3)."""

from __future__ import annotations

import pytest

from pygame_core import games


@pytest.mark.parametrize("rounds", [1, 3])
def test_the_toy_plays_as_many_rounds_as_its_option_says(rounds: int) -> None:
    game = games.get("toy")
    state = game.new_game(players=2, seed=1, options={"rounds": rounds})
    played = 0
    while not game.is_over(state):
        for seat in game.to_move(state):
            state = game.apply(state, seat, game.legal_actions(state, seat)[0])
        played += 1
    assert played == rounds
