"""Record the bots' decisions over seeded two-player positions, to check that a speed change changed no
decision: run it with the old code and with the new one, and compare the two files (byte-identical).

usage: python bench/same_moves.py OUT [GAMES] [--seeds 1,2] [--starts 0,40,120] [--decisions 10]

For each game (default: every game of ``bench/strength.py``'s ``SETTINGS``, in its two-player
setting) and seed, a random game is played to each start ply, and from there ``--decisions`` decisions
are made by the search levels (``hard`` and ``normal`` alternating by seat, which one first by seed).
Per decision the file holds the seat, the level, the chosen action and every root child's visits and
value totals (so a rollout that changed anywhere shows); at every position also the heuristic's and
the random bot's choice for the seat to move.
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, "bench")

from strength import SETTINGS  # noqa: E402

from pygame_core import bots, games  # noqa: E402
from pygame_core.bots import RandomBot, search  # noqa: E402
from pygame_core.kernel.state import canonical  # noqa: E402


def run(gid: str, seed: int, starts: list[int], decisions: int, out: list[str]) -> None:
    game = games.get(gid)
    options, players = SETTINGS[gid]
    levels = ["hard", "normal"] if seed % 2 else ["normal", "hard"]
    searchers = [bots.make(levels[s % 2], gid, seed * 10 + s) for s in range(players)]
    heur = bots.make("heuristic", gid, seed)
    rnd = RandomBot(seed)
    for start in starts:
        state = game.new_game(players=players, seed=seed, options=options)
        for _ in range(start):
            seats = game.to_move(state)
            if not seats:
                break
            state = game.apply(state, seats[0], rnd.choose(game, state, seats[0]))
        out.append(f"{gid} seed {seed} start {start} ply {len(state.history)}")
        for _ in range(decisions):
            seats = game.to_move(state)
            if not seats:
                out.append("over " + canonical(game.scores(state)))
                break
            seat = seats[0]
            legal = game.legal_actions(state, seat)
            out.append(f"heuristic {canonical(heur.choose(game, state, seat))} "
                       f"random {canonical(rnd.choose(game, state, seat))}")
            bot = searchers[seat]
            assert isinstance(bot, search.SearchBot)
            if len(legal) == 1:
                action = legal[0]
                out.append(f"seat {seat} only {canonical(action)}")
            else:
                root = bot.search(game, state, seat, legal)
                best = search._best(root, seat)
                action = next((a for a in legal if search._key(a) == search._key(best.action)), legal[0])
                stats = sorted((canonical(e.action), e.visits, e.avail, [repr(t) for t in e.total])
                               for e in root.children.values())
                out.append(f"seat {seat} {bot.name} {canonical(action)} failed {bot.failed}")
                out.extend(f"  {a} {v} {av} {' '.join(t)}" for a, v, av, t in stats)
            state = game.apply(state, seat, action)


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("games", nargs="?", default=",".join(SETTINGS))
    ap.add_argument("--seeds", default="1,2")
    ap.add_argument("--starts", default="0,40,120")
    ap.add_argument("--decisions", type=int, default=10)
    a = ap.parse_args(argv)
    lines: list[str] = []
    t0 = time.process_time()
    for gid in a.games.split(","):
        for seed in (int(s) for s in a.seeds.split(",")):
            run(gid, seed, [int(s) for s in a.starts.split(",")], a.decisions, lines)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{a.out}: {len(lines)} lines, {time.process_time() - t0:.1f} cpu s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
