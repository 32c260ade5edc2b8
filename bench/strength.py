"""The search bot's strength and speed (issue 20 §3, §4).

usage:
  python bench/strength.py speed [GAMES] [ITERATIONS]      # ms per search iteration, one JSON line
  python bench/strength.py match [--games N] [--jobs 2] [--seed S] [--only GAME,...] [--pairs A-B,...]
                                 [--gw-modes] [--log FILE]
  python bench/strength.py tally FILE                      # the rows of the games a --log file holds

``speed`` times the ``hard`` search (its depth, ``ITERATIONS`` iterations, default 40) from positions of
seeded random games of each game (2 players; The Great Wall: 2 players with the Reed Clan), and prints
``{"python", "cpu_s", "games": {game: {"ms_per_iteration", "cpu_ms_per_iteration", "positions",
"prior_cpu_ms", ...}}}`` (``prior_cpu_ms``: the heuristic's decision at the same positions, median and
max: what the normal level's root prior adds once per decision)
(medians over the positions; wall and CPU time: on a shared machine compare CPU time; Pyodide's
``process_time`` is wall time, so there compare Node's CPU time for a run of one game,
``node_cpu_ms``, with CPython's ``cpu_s`` for the same run). It runs unchanged in Pyodide under
Node (``node bench/pyodide_script.mjs node_modules/pyodide ENGINE.zip bench/strength.py speed``, with
``ENGINE.zip`` a zip of ``pygame_core/``): the ratio of the two is what sets each level's iterations
from its browser time budget (``search.BUDGETS``, ``search.LEVEL_MS``).

``match`` plays two-player games of bot A against bot B, A in seat 0 in even games and seat 1 in odd
ones (seats alternated), game seeds ``S, S+1, ...``, spread over ``--jobs`` processes (each at
niceness 10 at least), and prints one row per pairing: A's win rate (a tie shared by k winners counts
1/k) with its Wilson 95% interval. Besides the two-player pairings it plays The Great Wall's co-op (2
players: a team of A against the same seeds played by a team of B: each team's rate of beating the
Horde) and solo (A and B each against Qin on the same seeds). Every row is a JSON line on stdout; a
Markdown table on stderr at the end.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any

from pygame_core import bots, games
from pygame_core.bots import RandomBot, search
from pygame_core.simulate import MAX_STEPS, bot_seed

#: (game id, options, players): the two-player setting of each game
SETTINGS: dict[str, tuple[dict[str, Any], int]] = {
    "empires_end": ({}, 2),
    "through_the_ages": ({}, 2),
    "civilization": ({}, 2),
    "great_wall": ({"mode": "two_player"}, 2),
    "brazil_imperial": ({}, 2),
}
PAIRS = [("hard", "random"), ("hard", "heuristic"), ("normal", "heuristic")]
#: the kinds from the strongest: ``tally`` names the stronger of a pair A
STRENGTH = ["hard", "normal", "heuristic", "random"]


# ----------------------------------------------------------------------------------------- speed
def speed(game_ids: list[str], iterations: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for gid in game_ids:
        game = games.get(gid)
        options, players = SETTINGS.get(gid, ({}, 2))
        times: list[float] = []
        cpu: list[float] = []
        prior: list[float] = []
        heur = bots.make("heuristic", gid, 1)
        for seed in (1, 2, 3):
            state = game.new_game(players=players, seed=seed, options=options)
            rb = RandomBot(seed)
            for step in range(400):
                seats = game.to_move(state)
                if not seats:
                    break
                seat = seats[0]
                if step in (12, 60, 150) and len(game.legal_actions(state, seat)) > 1:
                    bot = search.level("hard", game, seed, iterations)
                    t, c = time.perf_counter(), time.process_time()
                    bot.search(game, state, seat)
                    times.append((time.perf_counter() - t) * 1000 / iterations)
                    cpu.append((time.process_time() - c) * 1000 / iterations)
                    c = time.process_time()
                    heur.choose(game, state, seat)  # what the normal level's root prior adds
                    prior.append((time.process_time() - c) * 1000)
                state = game.apply(state, seat, rb.choose(game, state, seat))
        times.sort()
        cpu.sort()
        prior.sort()
        out[gid] = {"ms_per_iteration": round(times[len(times) // 2], 3) if times else None,
                    "cpu_ms_per_iteration": round(cpu[len(cpu) // 2], 3) if cpu else None,
                    "cpu_ms_total": round(sum(cpu) * iterations, 1),
                    "max_ms_per_iteration": round(times[-1], 3) if times else None, "positions": len(times),
                    "prior_cpu_ms": round(prior[len(prior) // 2], 3) if prior else None,
                    "max_prior_cpu_ms": round(prior[-1], 3) if prior else None,
                    "depth": search.BUDGETS.get(gid, search.BUDGETS["default"])["depth"]}
    return {"python": sys.version.split()[0], "iterations": iterations, "games": out,
            "cpu_s": round(time.process_time(), 2)}


# ----------------------------------------------------------------------------------------- matches
Job = tuple[str, dict[str, Any], int, list[str], int]


def play(job: Job) -> dict[str, Any]:
    """One game: ``kinds[i]`` plays seat i. Returns the winners and each seat's kind."""
    gid, options, players, kinds, seed = job
    game = games.get(gid)
    seat_bots = [bots.make(k, gid, bot_seed(seed, i)) for i, k in enumerate(kinds)]
    state = game.new_game(players=players, seed=seed, options=options)
    t = time.process_time()
    for _ in range(MAX_STEPS):
        seats = game.to_move(state)
        if not seats:
            break
        s = seats[0]
        state = game.apply(state, s, seat_bots[s].choose(game, state, s))
    winners = list(game.scores(state)["winners"]) if game.is_over(state) else []
    return {"game": gid, "options": options, "kinds": kinds, "seed": seed, "over": game.is_over(state),
            "winners": winners, "actions": len(state.history), "cpu_s": round(time.process_time() - t, 2)}


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _nice() -> None:
    """Each match process at niceness 10 at least (a run started under ``nice -n 10`` stays at 10)."""
    try:
        os.nice(max(0, 10 - os.nice(0)))
    except OSError:
        pass


def jobs_for(gid: str, a: str, b: str, n: int, seed: int) -> list[Job]:
    options, players = SETTINGS[gid]
    return [(gid, options, players, [a, b] if i % 2 == 0 else [b, a], seed + i) for i in range(n)]


def score_pair(results: list[dict[str, Any]], a: str) -> tuple[float, int]:
    wins, n = 0.0, 0
    for r in results:
        n += 1
        seat = r["kinds"].index(a)
        if seat in r["winners"]:
            wins += 1 / len(r["winners"])
    return wins, n


def _run(pool: Any, jobs: list[Job], log: str) -> list[dict[str, Any]]:
    """The games of ``jobs`` over the pool; each result is appended to ``log`` (if given) as it comes,
    so a run stopped early still leaves its games (``--tally LOG`` counts them)."""
    out = []
    for r in pool.imap_unordered(play, jobs, chunksize=1):
        out.append(r)
        if log:
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps(r) + "\n")
    return out


def tally(log: str) -> None:
    """Rates from a ``--log`` file of games, grouped by game, options and the pair of kinds."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for line in open(log, encoding="utf-8"):
        r = json.loads(line)
        key = json.dumps([r["game"], r["options"], sorted(set(r["kinds"]))])
        groups.setdefault(key, []).append(r)
    for key, res in groups.items():
        gid, options, kinds = json.loads(key)
        if len(kinds) == 1:  # co-op team or solo: the rate of beating the game
            wins: float = sum(1 for r in res if r["winners"])
            n = len(res)
            a, b = kinds[0], "the game"
        else:  # A: the stronger kind (a search level before the heuristic before random)
            a, b = sorted(kinds, key=lambda k: STRENGTH.index(k) if k in STRENGTH else len(STRENGTH))
            wins, n = score_pair(res, a)
        lo, hi = wilson(wins, n)
        print(json.dumps({"game": gid, "options": options, "a": a, "b": b, "games": n,
                          "rate": round(wins / n, 3), "ci95": [round(lo, 3), round(hi, 3)],
                          "finished": sum(r["over"] for r in res),
                          "cpu_s_per_game": round(sum(r["cpu_s"] for r in res) / n, 2)}))


def match(args: argparse.Namespace) -> None:
    from multiprocessing import Pool

    only = args.only.split(",") if args.only else list(SETTINGS)
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",")] if args.pairs else PAIRS
    rows = []
    with Pool(args.jobs, initializer=_nice) as pool:
        for gid in only:
            if gid in SETTINGS:
                for a, b in pairs:
                    t = time.time()
                    res = _run(pool, jobs_for(gid, a, b, args.games, args.seed), args.log)
                    wins, n = score_pair(res, a)
                    lo, hi = wilson(wins, n)
                    row = {"game": gid, "options": SETTINGS[gid][0], "a": a, "b": b, "games": n,
                           "rate": round(wins / n, 3), "ci95": [round(lo, 3), round(hi, 3)],
                           "finished": sum(r["over"] for r in res), "wall_s": round(time.time() - t, 1),
                           "cpu_s_per_game": round(sum(r["cpu_s"] for r in res) / n, 2)}
                    rows.append(row)
                    print(json.dumps(row), flush=True)
            if gid == "great_wall" and args.gw_modes:
                for mode, players in (("coop", 2), ("solo", 1)):
                    for kind in ("hard", "heuristic"):
                        jobs = [("great_wall", {"mode": mode}, players, [kind] * players, args.seed + i)
                                for i in range(args.games)]
                        t = time.time()
                        res = _run(pool, jobs, args.log)
                        wins = sum(1 for r in res if r["winners"])
                        lo, hi = wilson(wins, len(res))
                        row = {"game": "great_wall", "options": {"mode": mode}, "a": kind, "b": "the game",
                               "games": len(res), "rate": round(wins / len(res), 3),
                               "ci95": [round(lo, 3), round(hi, 3)], "finished": sum(r["over"] for r in res),
                               "wall_s": round(time.time() - t, 1),
                               "cpu_s_per_game": round(sum(r["cpu_s"] for r in res) / len(res), 2)}
                        rows.append(row)
                        print(json.dumps(row), flush=True)
    print("| game | A | B | games | A's win rate | 95% interval | CPU s/game |", file=sys.stderr)
    print("|---|---|---|---|---|---|---|", file=sys.stderr)
    for r in rows:
        mode = r["options"].get("mode", "")
        print(f"| {r['game']}{' ' + mode if mode else ''} | {r['a']} | {r['b']} | {r['games']} | "
              f"{r['rate']:.1%} | {r['ci95'][0]:.1%}-{r['ci95'][1]:.1%} | {r['cpu_s_per_game']} |",
              file=sys.stderr)


def main(argv: list[str]) -> None:
    if argv and argv[0] == "speed":
        ids = argv[1].split(",") if len(argv) > 1 and argv[1] else list(SETTINGS)
        print(json.dumps(speed(ids, int(argv[2]) if len(argv) > 2 else 40)))
        return
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["match"])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--only", default="")
    p.add_argument("--pairs", default="")
    p.add_argument("--gw-modes", action="store_true", help="also The Great Wall's co-op and solo rows")
    p.add_argument("--log", default="", help="append every game's result to this file as it ends")
    if argv and argv[0] == "tally":
        tally(argv[1])
        return
    match(p.parse_args(argv))


if __name__ == "__main__":
    main(sys.argv[1:])
