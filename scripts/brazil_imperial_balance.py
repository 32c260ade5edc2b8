"""Brazil: Imperial's balance figures (issue 19 §2 "the authored game must play well", §5 bots).

Plays complete games in place (kernel/playout.py: no history, log or undo) with the heuristic bot
(pygame_core/games/brazil_imperial/heuristic.py) and the random bot, and prints:

- ``balance``: N games between equal heuristic bots (``--players 4`` by default): the win share per
  seat (target: none above 35% at 4 seats), per player board (target: none above 35%), each monarch's
  win rate in the games it is in (target 15-40%), how games end (the era III trigger, L517, or the
  engine's round-40 safety cap, flow.MAX_ROUNDS), rounds, the eras reached, and combat per game
  (battles between seats, and red-flag fights);
- ``duel``: N 2-player games of one heuristic seat (alternating) against a random seat: the heuristic
  seat's win rate (target: at least 90%, issue 19 §5) and its decision times.

Usage (from the repository root)::

    export PYTHONPATH=$PWD
    nice -n 10 python scripts/brazil_imperial_balance.py balance --games 1000 --jobs 2 --jsonl bal4.jsonl
    nice -n 10 python scripts/brazil_imperial_balance.py duel --games 1000 --jobs 2 --jsonl duel.jsonl

Games are seeded ``seed .. seed+games-1``; every figure but the timings is reproducible, whatever
``--jobs`` (games played by that many worker processes, each game whole in one of them).
``--jsonl FILE`` appends each game's record as it ends, so a run that is cut still counts: run the
same command again and the seeds already in the file are not played again (``--summarise FILE``
prints the figures of the file alone). ``--json FILE`` also writes all the records at the end.
``--max-rounds N`` lowers the engine's safety cap for the run (a duel against random that stalls costs
time, not information).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from pygame_core import bots, games
from pygame_core.games.brazil_imperial import flow, heuristic
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.state import State, copy_json
from pygame_core.simulate import MAX_STEPS, bot_seed

GAME = games.get("brazil_imperial")
#: with ``--jsonl FILE``, every game's record is appended there as it ends (a long run can be cut)
JSONL: str | None = None
#: worker processes (``--jobs``)
JOBS = 1


def play_one(seed: int, kinds: list[str], times: list[float] | None = None) -> dict[str, Any]:
    """One complete game seeded ``seed``, seat ``i`` played by ``kinds[i]`` ("heuristic" or "random");
    the heuristic's decision times (CPU seconds) are appended to ``times`` if given."""
    players = len(kinds)
    po = Playout(GAME, GAME.new_game(players=players, seed=seed))
    battles = 0
    flags = 0
    eras = {1}
    in_battle = False
    for _ in range(MAX_STEPS):
        seats = po.to_move()
        if not seats:
            break
        seat = seats[0]
        legal = po.legal_actions(seat)
        rng = bots.rng_at(bot_seed(seed, seat), po.played, po.seed, seat)
        if kinds[seat] == "heuristic" and len(legal) > 1:
            t0 = time.process_time()  # CPU time: the machine's other load does not count
            # a copy: the kernel memoises legal actions per data object, and the playout's changes in place
            state = State(GAME.id, po.players, po.seed, po.options, copy_json(po.data), po.rng.state)
            action = heuristic.choose(GAME, state, seat, rng)
            if times is not None:
                times.append(time.process_time() - t0)
        else:
            action = rng.choice(legal)
        po.play(seat, action)
        b = po.data["battle"]
        if b is not None and not in_battle:
            if b.get("flag") is None:
                battles += 1
            else:
                flags += 1
        in_battle = b is not None
        eras.add(int(po.data["era"]))
    else:
        raise RuntimeError(f"brazil_imperial seed {seed}: no end after {MAX_STEPS} actions")
    g = po.data
    sc = po.scores()
    rec = {
        "seed": seed,
        "kinds": kinds,
        "winner": sc["winners"][0],
        "winners": sc["winners"],
        "totals": sc["totals"],
        "rounds": g["round"],
        "era": g["era"],
        "eras": sorted(eras),
        "end": "era III trigger" if g["ending"] else "round cap",
        "boards": [p["board"] for p in g["players"]],
        "monarchs": [p["monarch"] for p in g["players"]],
        "start": g["start"],
        "battles": battles,
        "flags": flags,
        "actions": po.played,
        "heuristic_seat": kinds.index("heuristic") if "heuristic" in kinds else None,
    }
    return rec


def _job(task: tuple[int, list[str]]) -> tuple[dict[str, Any], list[float]]:
    times: list[float] = []
    rec = play_one(task[0], task[1], times)
    return rec, times


def _done(path: str | None) -> dict[int, dict[str, Any]]:
    """The records already in ``path`` (a cut run's), by seed."""
    if not path or not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        return {r["seed"]: r for r in map(json.loads, filter(str.strip, f))}


def play_many(tasks: list[tuple[int, list[str]]], times: list[float]) -> list[dict[str, Any]]:
    """Play the games ``(seed, kinds)`` on ``JOBS`` processes, appending each record to ``JSONL`` as
    it ends (a seed already there is taken from the file, not played); the records in seed order."""
    have = _done(JSONL)
    for seed, kinds in tasks:
        if seed in have and have[seed]["kinds"] != kinds:
            raise SystemExit(f"{JSONL} holds seed {seed} played by {have[seed]['kinds']}: another run's file")
    todo = [t for t in tasks if t[0] not in have]
    if have:
        print(f"{len(tasks) - len(todo)} of the {len(tasks)} games taken from {JSONL}", file=sys.stderr)
    results: Iterator[tuple[dict[str, Any], list[float]]]
    pool = multiprocessing.Pool(JOBS) if JOBS > 1 and len(todo) > 1 else None
    results = pool.imap_unordered(_job, todo) if pool else map(_job, todo)
    try:
        for rec, spent in results:
            have[rec["seed"]] = rec
            times += spent
            if JSONL:
                with open(JSONL, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rec) + "\n")
    finally:
        if pool:
            pool.terminate()
    return [have[seed] for seed, _ in tasks]


def _pct(n: float, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "-"


def _share(recs: list[dict[str, Any]], key: str) -> list[str]:
    """Win rate of each value of ``key`` (a per-seat list) in the games it is in."""
    gin: Counter[str] = Counter()
    gwin: Counter[str] = Counter()
    for r in recs:
        for s, v in enumerate(r[key]):
            gin[v] += 1
            gwin[v] += r["winner"] == s
    ranked = sorted(gin, key=lambda x: -gwin[x] / gin[x])
    return [f"  {v:14s} {_pct(gwin[v], gin[v]):>6s} of {gin[v]}" for v in ranked]


def balance(n: int, seed: int, players: int) -> tuple[str, list[dict[str, Any]]]:
    times: list[float] = []
    t0 = time.perf_counter()
    recs = play_many([(seed + k, ["heuristic"] * players) for k in range(n)], times)
    return balance_text(recs, players, times, time.perf_counter() - t0), recs


def balance_text(recs: list[dict[str, Any]], players: int, times: list[float], elapsed: float) -> str:
    n = len(recs)
    seeds = sorted(r["seed"] for r in recs)
    wins = Counter(r["winner"] for r in recs)
    order = Counter((r["winner"] - r["start"]) % players for r in recs)
    ends = Counter(r["end"] for r in recs)
    reached = Counter(max(r["eras"]) for r in recs)
    ties = sum(len(r["winners"]) > 1 for r in recs)
    fought = sum(r["battles"] > 0 for r in recs)
    lines = [
        f"balance: {n} {players}-player games, {players} heuristic seats, seeds {seeds[0]}..{seeds[-1]}",
        "win share per seat: " + ", ".join(f"seat {s} {_pct(wins[s], n)}" for s in range(players)),
        "win share by turn order (0 = start player): "
        + ", ".join(f"{s}: {_pct(order[s], n)}" for s in range(players)),
        f"shared wins (tie-break still tied, L527): {_pct(ties, n)}",
        "player board win rate in the games it is in:",
        *_share(recs, "boards"),
        "monarch win rate in the games it is in:",
        *_share(recs, "monarchs"),
        "end: " + ", ".join(f"{e}: {_pct(c, n)}" for e, c in sorted(ends.items())),
        "highest era reached: " + ", ".join(f"{e}: {_pct(c, n)}" for e, c in sorted(reached.items())),
        f"rounds: mean {sum(r['rounds'] for r in recs) / n:.1f}, min {min(r['rounds'] for r in recs)}, "
        f"max {max(r['rounds'] for r in recs)}",
        f"combat: battles between seats in {_pct(fought, n)} of games, mean "
        f"{sum(r['battles'] for r in recs) / n:.2f} per game; red-flag fights mean "
        f"{sum(r['flags'] for r in recs) / n:.2f} per game",
    ]
    tot = [t for r in recs for t in r["totals"]]
    lines.append(
        f"final VP: mean {sum(tot) / len(tot):.1f}, max {max(tot)}; winner mean "
        f"{sum(max(r['totals']) for r in recs) / n:.1f}"
    )
    lines.append(_timing(times, elapsed, n))
    return "\n".join(lines)


def duel(n: int, seed: int) -> tuple[str, list[dict[str, Any]]]:
    times: list[float] = []
    t0 = time.perf_counter()
    tasks = []
    for k in range(n):
        kinds = ["random"] * 2
        kinds[k % 2] = "heuristic"
        tasks.append((seed + k, kinds))
    recs = play_many(tasks, times)
    return duel_text(recs, times, time.perf_counter() - t0), recs


def duel_text(recs: list[dict[str, Any]], times: list[float], elapsed: float) -> str:
    n = len(recs)
    seeds = sorted(r["seed"] for r in recs)
    won = sum(r["winner"] == r["heuristic_seat"] and len(r["winners"]) == 1 for r in recs)
    ends = Counter(r["end"] for r in recs)
    lines = [
        f"duel: {n} 2-player games, one heuristic seat (alternating) against a random seat, "
        f"seeds {seeds[0]}..{seeds[-1]}",
        f"heuristic wins (alone) {won}/{n} = {_pct(won, n)}",
        f"rounds: mean {sum(r['rounds'] for r in recs) / n:.1f}; end: "
        + ", ".join(f"{e}: {_pct(c, n)}" for e, c in sorted(ends.items())),
        _timing(times, elapsed, n),
    ]
    return "\n".join(lines)


def _timing(times: list[float], elapsed: float, n: int) -> str:
    if not times:
        return ""
    s = sorted(times)
    ms = [1000 * s[len(s) // 2], 1000 * s[int(len(s) * 0.95)], 1000 * s[int(len(s) * 0.999)], 1000 * s[-1]]
    return (
        f"heuristic decision CPU ms (CPython): median {ms[0]:.2f}, p95 {ms[1]:.2f}, p99.9 {ms[2]:.2f}, "
        f"max {ms[3]:.2f}; {elapsed:.0f} s for {n} games"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("what", choices=["balance", "duel"])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", type=int, default=4, help="balance: seats (2-4)")
    ap.add_argument("--max-rounds", type=int, default=None, help="lower the engine's round cap for this run")
    ap.add_argument("--json", default=None, help="write the per-game records to this file")
    ap.add_argument(
        "--jsonl", default=None, help="append each game's record here as it ends (seeds in it: not replayed)"
    )
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (the machine's cores: 2)")
    ap.add_argument(
        "--summarise",
        default=None,
        metavar="JSONL",
        help="print the figures of the records in this file instead of playing",
    )
    args = ap.parse_args(argv)
    global JSONL, JOBS
    JSONL = args.jsonl
    JOBS = max(1, args.jobs)
    if args.max_rounds:
        flow.MAX_ROUNDS = args.max_rounds
        print(f"settings: round cap {args.max_rounds}")
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as f:
            recs = [json.loads(line) for line in f if line.strip()]
        if args.what == "balance":
            print(balance_text(recs, len(recs[0]["kinds"]), [], 0.0))
        else:
            print(duel_text(recs, [], 0.0))
        return 0
    if args.what == "balance":
        text, recs = balance(args.games, args.seed, args.players)
    else:
        text, recs = duel(args.games, args.seed)
    print(text)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(recs, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
