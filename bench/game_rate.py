"""Random complete games per second of one game, on CPython or, unchanged, inside Pyodide.

usage: python bench/game_rate.py GAME PLAYERS GAMES SEED [OPTIONS_JSON] [EXCLUDE]

``OPTIONS_JSON`` are the game's options (``{}`` for its defaults); ``EXCLUDE`` is a comma list of
action types the random policy leaves out whenever another action is legal (``""`` for none): with
none, the games are exactly ``pygame_core.simulate.simulate``'s (its random bots, seeds
``SEED..SEED+GAMES-1``); with some, the same bots' random draw is made among the other actions.

Timed with CPU time (``time.process_time``: other processes sharing the cores do not count) and wall
time (``time.perf_counter``). Prints one JSON object (``bench/run.py --only games`` runs it on both
runtimes; ``bench/pyodide_games.mjs`` runs it in Pyodide under Node).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from pygame_core import bots, games
from pygame_core.simulate import MAX_STEPS, simulate


def _play(game_id: str, players: int, seed: int, options: dict[str, Any], exclude: set[str]) -> int:
    """One game with random bots that skip ``exclude`` action types when they can; its length."""
    game = games.get(game_id)
    seeds = [seed * 31 + i for i in range(players)]  # simulate.play's bot seeds
    state = game.new_game(players=players, seed=seed, options=options)
    for _ in range(MAX_STEPS):
        seats = game.to_move(state)
        if not seats:
            return len(state.history)
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        pool = [a for a in legal if a["type"] not in exclude] or legal
        pick = bots._rng_for(seeds[seat], state, seat).choice(pool)  # RandomBot's own draw
        state = game.apply(state, seat, pick)
    raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_STEPS} actions")


def measure(game_id: str, players: int, n: int, seed: int, options: dict[str, Any] | None = None,
            exclude: list[str] | None = None) -> dict[str, Any]:
    options = options or {}
    skip = {x for x in (exclude or []) if x}
    games.get(game_id).new_game(players=players, seed=seed, options=options)  # imports: not timed
    cpu, wall = time.process_time(), time.perf_counter()
    if skip:
        lengths = [_play(game_id, players, seed + k, options, skip) for k in range(n)]
        finished = n
    else:
        r = simulate(game_id, players, n, seed, options=options)
        lengths, finished = r["actions"], r["finished"]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {
        "python": sys.version.split()[0], "game": game_id, "players": players, "games": n, "seed": seed,
        "options": options, "excluded_action_types": sorted(skip), "finished": finished,
        "mean_actions": round(statistics.mean(lengths), 1),
        "cpu_seconds": round(cpu, 4), "wall_seconds": round(wall, 4),
        "games_per_cpu_second": round(n / cpu, 2) if cpu else None,
        "games_per_second": round(n / wall, 2) if wall else None,
    }


def main(argv: list[str]) -> dict[str, Any]:
    game_id, players, n, seed = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    options = json.loads(argv[4]) if len(argv) > 4 and argv[4] else {}
    exclude = argv[5].split(",") if len(argv) > 5 else []
    return measure(game_id, players, n, seed, options, exclude)


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
