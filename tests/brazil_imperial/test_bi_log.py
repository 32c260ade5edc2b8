"""The log says who did what: every line about a seat names it (the page shows the names chosen for
the seats), so a line never starts with a bare verb ("takes the Build action")."""

from __future__ import annotations

import random

import pytest

from pygame_core import games

GAME = games.get("brazil_imperial")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_log_line_has_its_subject(players: int) -> None:
    state = GAME.new_game(players=players, seed=players)
    rng = random.Random(players)
    for _ in range(400):
        seats = GAME.to_move(state)
        if not seats:
            break
        state = GAME.apply(state, seats[0], rng.choice(GAME.legal_actions(state, seats[0])))
    lines = [e["text"]["en"] for e in GAME.view(state, None)["log"]]
    assert len(lines) > 50
    bare = [x for x in lines if not (x[:1].isupper() or x[:1].isdigit())]
    assert not bare, bare[:5]
    assert any(x.startswith("Player 2 takes the ") for x in lines)
