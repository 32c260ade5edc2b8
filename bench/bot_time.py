"""Time per decision of a game's strongest bot over one full game, on CPython or, unchanged, in Pyodide.

usage: python bench/bot_time.py GAME [PLAYERS] [SEED] [OPTIONS_JSON] [BOT]

Every seat is played by ``BOT`` (default: ``bots.best_kind``, the game's heuristic; ``normal`` or
``hard`` time the search levels at their iteration budgets); each ``choose`` call is one sample, timed
in wall time (``time.perf_counter``) and CPU time (``time.process_time``). ``PLAYERS`` defaults to the game's
maximum, or the most its options allow (e.g. 1 for a solo mode). Prints one JSON object: p50/p95/max
ms per decision, the decisions and the game's length.
``bench/run.py --only bots`` runs it on CPython and in Pyodide under Node (``bench/pyodide_script.mjs``).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from pygame_core import bots, games
from pygame_core.simulate import MAX_STEPS, bot_seed


def _stats(values: list[float]) -> dict[str, float]:
    s = sorted(values)
    return {"p50": round(s[len(s) // 2], 3), "p95": round(s[min(len(s) - 1, int(0.95 * len(s)))], 3),
            "max": round(s[-1], 3), "mean": round(sum(s) / len(s), 3)}


def players_for(game: Any, options: dict[str, Any] | None) -> int:
    """The most seats ``options`` allow: ``max_players`` unless a mode fits fewer (e.g. a solo mode)."""
    for n in range(game.max_players, game.min_players - 1, -1):
        try:
            game.normalize_options(dict(options or {}), n)
        except ValueError:
            continue
        return n
    return int(game.max_players)


def measure(game_id: str, players: int | None = None, seed: int = 1, options: dict[str, Any] | None = None,
            kind: str | None = None) -> dict[str, Any]:
    game = games.get(game_id)
    players = players or players_for(game, options)
    kind = kind or bots.best_kind(game)
    seat_bots = [bots.make(kind, game_id, bot_seed(seed, i)) for i in range(players)]
    state = game.new_game(players=players, seed=seed, options=options or {})
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(MAX_STEPS):
        seats = game.to_move(state)
        if not seats:
            break
        seat = seats[0]
        c, w = time.process_time(), time.perf_counter()
        action = seat_bots[seat].choose(game, state, seat)
        wall.append((time.perf_counter() - w) * 1000)
        cpu.append((time.process_time() - c) * 1000)
        state = game.apply(state, seat, action)
    return {"python": sys.version.split()[0], "game": game_id, "players": players, "seed": seed,
            "options": options or {}, "bot": kind, "finished": game.is_over(state),
            "actions": len(state.history), "decisions": len(wall),
            "wall_ms": _stats(wall), "cpu_ms": _stats(cpu)}


def main(argv: list[str]) -> dict[str, Any]:
    return measure(argv[0], int(argv[1]) if len(argv) > 1 and argv[1] else None,
                   int(argv[2]) if len(argv) > 2 and argv[2] else 1,
                   json.loads(argv[3]) if len(argv) > 3 and argv[3] else {},
                   argv[4] if len(argv) > 4 and argv[4] else None)


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
