"""Play complete games with bots: used by the CLI, the property tests and the benchmark."""

from __future__ import annotations

import time
from typing import Any

from pygame_core import bots, games
from pygame_core.errors import OptionError
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.state import State

MAX_STEPS = 20_000


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot playing ``seat`` in the game seeded ``seed``."""
    return seed * 31 + seat


def play(game_id: str, players: int, seed: int, bot_kinds: list[str] | None = None,
         options: dict[str, Any] | None = None, max_steps: int = MAX_STEPS) -> State:
    """One complete game; seats that decide together act in seat order."""
    game = games.get(game_id)
    kinds = bot_kinds or ["random"] * players
    seat_bots = [bots.make(k, game_id, bot_seed(seed, i)) for i, k in enumerate(kinds)]
    state = game.new_game(players=players, seed=seed, options=options)
    for _ in range(max_steps):
        seats = game.to_move(state)
        if not seats:
            return state
        seat = seats[0]
        state = game.apply(state, seat, seat_bots[seat].choose(game, state, seat))
    raise RuntimeError(f"{game_id} seed {seed}: no end after {max_steps} actions")


def play_random(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None,
                exclude: frozenset[str] = frozenset(), max_steps: int = MAX_STEPS) -> Playout:
    """One complete game of random bots, played in place (:class:`~pygame_core.kernel.playout.Playout`).

    The same game as :func:`play` with ``random`` bots (their seeds, draws and seat order), only
    faster, as it keeps no history, log or undo links. With ``exclude`` (action types), each draw
    is made among the other legal actions whenever there are some.
    """
    game = games.get(game_id)
    playout = Playout(game, game.new_game(players=players, seed=seed, options=options))
    for _ in range(max_steps):
        seats = playout.to_move()
        if not seats:
            return playout
        seat = seats[0]
        legal = playout.legal_actions(seat)
        if not legal:
            raise OptionError(f"seat {seat} has no legal action")
        pool = ([a for a in legal if a["type"] not in exclude] or legal) if exclude else legal
        playout.play(seat, bots.rng_at(bot_seed(seed, seat), playout.played, playout.seed, seat).choice(pool))
    raise RuntimeError(f"{game_id} seed {seed}: no end after {max_steps} actions")


def simulate(game_id: str, players: int, n_games: int, seed: int, bot: str | list[str] = "random",
             options: dict[str, Any] | None = None) -> dict[str, Any]:
    """K games from seeds ``seed .. seed+K-1``; timing is kept apart so the rest is reproducible.

    ``bot`` is one kind for every seat, or a list with one kind per seat.
    """
    game = games.get(game_id)
    if not isinstance(n_games, int) or isinstance(n_games, bool) or n_games < 1:
        raise OptionError(f"the number of games must be a positive integer, not {n_games!r}")
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**63 <= seed + n_games - 1:
        raise OptionError(f"seeds {seed}..{seed + n_games - 1} go past the largest seed, 2^63-1")
    kinds = [bot] * players if isinstance(bot, str) else list(bot)
    if len(kinds) != players:
        raise OptionError(f"{len(kinds)} bot kinds given for {players} players")
    for kind in dict.fromkeys(kinds):
        bots.make(kind, game_id)  # an unknown kind fails here, before any game is played
    scores: list[list[int]] = []
    counts: list[int] = []
    winners: list[list[int]] = []
    finished = 0
    t0 = time.perf_counter()
    in_place = all(kind == "random" for kind in kinds)  # random bots need no State: play_random
    for k in range(n_games):
        if in_place:
            playout = play_random(game_id, players, seed + k, options)
            over, sc, played = playout.is_over(), playout.scores(), playout.played
        else:
            state = play(game_id, players, seed + k, kinds, options)
            over, sc, played = game.is_over(state), game.scores(state), len(state.history)
        finished += over
        scores.append(list(sc["totals"]))
        winners.append(list(sc["winners"]))
        counts.append(played)
    elapsed = time.perf_counter() - t0
    return {
        "game": game_id, "players": players, "seed": seed, "bot": bot,
        "games": n_games, "finished": finished, "scores": scores, "winners": winners, "actions": counts,
        "timing": {"seconds": round(elapsed, 4),
                   "games_per_second": round(n_games / elapsed, 2) if elapsed else None},
    }
