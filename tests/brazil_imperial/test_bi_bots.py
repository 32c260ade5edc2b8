"""The bots play through the kernel: every choice is a legal action, and the same seed plays the same."""

from __future__ import annotations

from pygame_core import bots
from tests.brazil_imperial.helpers import GAME


def _play(n: int, steps: int, seed: int) -> list[dict]:
    bot = bots.make("heuristic", "brazil_imperial", seed=seed)
    s = GAME.new_game(players=2, seed=n)
    chosen = []
    for _ in range(steps):
        seats = GAME.to_move(s)
        if not seats:
            break
        seat = seats[0]
        action = bot.choose(GAME, s, seat)
        assert action in GAME.legal_actions(s, seat)
        chosen.append(action)
        s = GAME.apply(s, seat, action)
    return chosen


def test_the_heuristic_bot_plays_legal_actions_and_is_deterministic() -> None:
    assert bots.available("brazil_imperial") == ["random", "heuristic", "normal", "hard"]
    first = _play(3, 60, 7)
    assert len(first) == 60
    assert first == _play(3, 60, 7)
    assert any(a["type"] == "arch" for a in first)
