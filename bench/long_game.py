"""Undo, load and step cost at 30, 300 and 3,000 actions (issue: long games stay fast).

Runs on CPython (``python bench/long_game.py``) and, unchanged, inside Pyodide (``bench/run.py --only long``
runs it under Node on the site's own Pyodide and engine zip). Prints one JSON object.

The long game is synthetic (:class:`Marathon`): four seats, a position of about Empire's End's size
(~6 KB of JSON), and a reveal (a card draw with the RNG) only every 40 actions, so undo has up to 39
actions to go back over, as after a long Industry phase. A real game is measured beside it at 30 actions
and at its end (all seats at ``max_players``, or the most its options allow):
``python bench/long_game.py [game id] [options json] [exclude]`` (default: the first listed game, its
default options; ``exclude``, a comma list of action types the deterministic policy leaves out when it
can, e.g. to play a game to its real end rather than to a resignation).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from pygame_core import games
from pygame_core.kernel import Ctx, Game
from pygame_core.kernel.state import Action, State

LENGTHS = (30, 300, 3000)
SAMPLES = 40


class Marathon(Game):
    """A synthetic game that lasts as long as asked: seats take turns working on their boards."""

    id = "marathon"
    names = {"en": "Marathon", "zh-Hant": "馬拉松", "zh-Hans": "马拉松"}
    min_players = 4
    max_players = 4
    listed = False
    options_schema = {"length": {"values": [3100], "default": 3100, "label": names}}

    def _setup(self, ctx: Ctx) -> None:
        deck = list(range(200))
        ctx.rng.shuffle(deck)
        ctx.data.update({"n": 0, "deck": deck, "boards": [[i % 7 for i in range(60)] for _ in range(4)],
                         "hands": [[], [], [], []], "score": [0, 0, 0, 0]})

    def _to_move(self, data: dict[str, Any]) -> list[int]:
        return [data["n"] % 4]

    def _legal(self, data: dict[str, Any], seat: int) -> list[Action]:
        return [{"type": "work", "spot": k} for k in range(0, 60, 6)]

    def _apply(self, ctx: Ctx, seat: int, action: Action) -> None:
        d = ctx.data
        board = d["boards"][seat]
        board[action["spot"]] = (board[action["spot"]] + 3) % 11
        d["score"][seat] += board[action["spot"]]
        d["n"] += 1
        if d["n"] % 40 == 0:
            d["hands"][seat].append(d["deck"].pop(ctx.rng.below(len(d["deck"]))))
        ctx.log({"en": f"works on spot {action['spot']}", "zh-Hant": "工作", "zh-Hans": "工作"})

    def _view(self, data: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"boards": data["boards"], "score": data["score"]}

    def _is_over(self, data: dict[str, Any]) -> bool:
        return bool(data["n"] >= 3100)

    def _scores(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"totals": data["score"], "breakdown": [{"work": s} for s in data["score"]], "winners": [0]}

    def _redetermine(self, data: dict[str, Any], seat: int | None, rng: Any) -> None:
        return None


if sys.platform == "emscripten":  # Pyodide under Node: its process_time ticks in steps of milliseconds
    import js

    def _clock() -> float:
        """CPU seconds of the Node process (``process.cpuUsage``, microseconds)."""
        used = js.process.cpuUsage()
        return float(used.user + used.system) / 1e6
else:
    _clock = time.process_time


def _ms(fn: Any) -> float:
    """Milliseconds of CPU time ``fn`` takes (other processes on the cores do not count)."""
    t = _clock()
    fn()
    return (_clock() - t) * 1000


def _stats(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"p50": round(statistics.median(values), 3),
            "p95": round(values[min(len(values) - 1, int(0.95 * len(values)))], 3)}


def _measure(game: Game, line: dict[int, State], at: int) -> dict[str, Any]:
    """Undo, load and save costs for positions just before ``at`` actions."""
    points = [line[max(1, at - k)] for k in range(SAMPLES)]
    for warm in points[:3]:  # untimed: the first calls pay for warming up
        again = game.load(game.save(warm))
        if game.can_undo(again):
            game.undo(again)
    save = [_ms(lambda s=s: game.save(s)) for s in points]
    undo = [_ms(lambda s=s: game.undo(s)) for s in points if game.can_undo(s)]
    saves = [game.save(s) for s in points]
    load = [_ms(lambda t=t: game.load(t)) for t in saves]
    loaded = [game.load(t) for t in saves]
    undo_after_load = [_ms(lambda s=s: game.undo(s)) for s in loaded if game.can_undo(s)]
    return {"actions": at, "undo_ms": _stats(undo) if undo else None,
            "undo_after_load_ms": _stats(undo_after_load) if undo_after_load else None,
            "load_ms": _stats(load), "save_ms": _stats(save),
            "save_kb": round(statistics.mean(len(t) for t in saves) / 1024, 1)}


def _play(game: Game, players: int, seed: int, upto: int, keep: tuple[int, ...],
          options: dict[str, Any] | None = None, exclude: frozenset[str] = frozenset()) -> dict[int, State]:
    """Play a game to ``upto`` actions (or its end), keeping only the states just before ``keep``
    lengths (and the last): a list of thousands of live states would make the garbage collector,
    not the engine, dominate the timings."""
    state = game.new_game(players=players, seed=seed, options=options)
    line = {0: state}
    while len(state.history) < upto and game.to_move(state):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        legal = [a for a in legal if a["type"] not in exclude] or legal
        state = game.apply(state, seat, legal[len(state.history) % len(legal)])
        state.actions_json()  # as the site does: it saves after every action
        n = len(state.history)
        if any(0 <= k - n < SAMPLES for k in keep):
            line[n] = state
    line[-1] = state
    return line


def players_for(game: Game, options: dict[str, Any] | None) -> int:
    """The most seats ``options`` allow: ``max_players`` unless a mode fits fewer (e.g. a solo mode)."""
    for n in range(game.max_players, game.min_players - 1, -1):
        try:
            game.normalize_options(dict(options or {}), n)
        except ValueError:
            continue
        return n
    return game.max_players


def measure(game_id: str | None = None, options: dict[str, Any] | None = None,
            exclude: list[str] | None = None) -> dict[str, Any]:
    """The whole report: the marathon, and a real game (``game_id``, default the first listed, with
    ``options``) played to its end by all its seats."""
    game_id = game_id or games.available()[0]
    skip = frozenset(x for x in exclude or [] if x)
    out: dict[str, Any] = {"python": sys.version.split()[0], "game": game_id, "options": options or {},
                           "excluded_action_types": sorted(skip), "marathon": [], "real": []}
    marathon = Marathon()
    line = _play(marathon, 4, 1, max(LENGTHS), LENGTHS)
    out["marathon"] = [_measure(marathon, line, n) for n in LENGTHS]
    real = games.get(game_id)
    players = players_for(real, options)
    last = _play(real, players, 2, 10_000, (), options, skip)[-1]
    end = len(last.history)
    points = sorted({min(30, end), end})  # a game shorter than 30 actions (a lost solo game): its end
    line = _play(real, players, 2, 10_000, tuple(points), options, skip)
    out["real"] = [_measure(real, line, n) for n in points]
    out["real_players"], out["real_over"] = players, real.is_over(last)
    return out


if __name__ == "__main__":
    args = sys.argv[1:]
    print(json.dumps(measure(args[0] if args and args[0] else None,
                             json.loads(args[1]) if len(args) > 1 and args[1] else None,
                             args[2].split(",") if len(args) > 2 else None)))
