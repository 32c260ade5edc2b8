"""Positions of a random game, for kernel tests that check a promise on many positions of every game."""

from __future__ import annotations

from pygame_core import games
from pygame_core.bots import RandomBot
from pygame_core.kernel.state import State


def random_positions(game_id: str, seed: int, limit: int) -> list[State]:
    """The first ``limit`` positions (or all, if it ends sooner) of a random game of ``game_id`` at its
    smallest player count."""
    game = games.get(game_id)
    bot = RandomBot(seed)
    s = game.new_game(players=game.min_players, seed=seed)
    out = [s]
    while game.to_move(s) and len(out) < limit:
        seat = game.to_move(s)[0]
        s = game.apply(s, seat, bot.choose(game, s, seat))
        out.append(s)
    return out
