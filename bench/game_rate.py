"""Random complete games per second of one game, on CPython or, unchanged, inside Pyodide.

usage: python bench/game_rate.py GAME PLAYERS GAMES SEED [OPTIONS_JSON] [EXCLUDE] [PATH]

``OPTIONS_JSON`` are the game's options (``{}`` for its defaults); ``EXCLUDE`` is a comma list of
action types the random policy leaves out whenever another action is legal (``""`` for none). The
games are ``pygame_core.simulate``'s random-bot games (seeds ``SEED..SEED+GAMES-1``, the same bots'
draws, among the other actions with ``EXCLUDE``), played with ``PATH``:

- ``playout`` (the default): the kernel's forward model, in place (``simulate.play_random``);
- ``apply``: the same games through ``Game.apply``, a new immutable state per action, with history,
  log and undo links (what the site plays).

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
from pygame_core.simulate import MAX_STEPS, bot_seed, play_random

PATHS = ("playout", "apply")


def _play_applied(game_id: str, players: int, seed: int, options: dict[str, Any], exclude: set[str]) -> int:
    """``play_random``'s game, through ``Game.apply``; its length."""
    game = games.get(game_id)
    seeds = [bot_seed(seed, i) for i in range(players)]
    state = game.new_game(players=players, seed=seed, options=options)
    for _ in range(MAX_STEPS):
        seats = game.to_move(state)
        if not seats:
            return len(state.history)
        seat = seats[0]
        legal = game.legal_actions(state, seat)
        pool = ([a for a in legal if a["type"] not in exclude] or legal) if exclude else legal
        pick = bots.rng_at(seeds[seat], len(state.history), state.seed, seat).choice(pool)
        state = game.apply(state, seat, pick)
    raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_STEPS} actions")


def measure(game_id: str, players: int, n: int, seed: int, options: dict[str, Any] | None = None,
            exclude: list[str] | None = None, path: str = "playout") -> dict[str, Any]:
    if path not in PATHS:
        raise SystemExit(f"PATH must be one of {', '.join(PATHS)}, not {path!r}")
    options = options or {}
    skip = frozenset(x for x in (exclude or []) if x)
    games.get(game_id).new_game(players=players, seed=seed, options=options)  # imports: not timed
    cpu, wall = time.process_time(), time.perf_counter()
    if path == "apply":
        lengths = [_play_applied(game_id, players, seed + k, options, set(skip)) for k in range(n)]
    else:
        lengths = [play_random(game_id, players, seed + k, options, skip).played for k in range(n)]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {
        "python": sys.version.split()[0], "game": game_id, "players": players, "games": n, "seed": seed,
        "options": options, "excluded_action_types": sorted(skip), "path": path, "finished": n,
        "mean_actions": round(statistics.mean(lengths), 1),
        "cpu_seconds": round(cpu, 4), "wall_seconds": round(wall, 4),
        "games_per_cpu_second": round(n / cpu, 2) if cpu else None,
        "games_per_second": round(n / wall, 2) if wall else None,
    }


def main(argv: list[str]) -> dict[str, Any]:
    game_id, players, n, seed = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    options = json.loads(argv[4]) if len(argv) > 4 and argv[4] else {}
    exclude = argv[5].split(",") if len(argv) > 5 else []
    return measure(game_id, players, n, seed, options, exclude, argv[6] if len(argv) > 6 else "playout")


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
