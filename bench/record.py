"""Record many seeded random games of one game, step by step, to check that a speed change changed
no rule: run it before and after, and compare the two files (they must be byte-identical).

usage: python bench/record.py GAME OUT [--games N] [--seed S] [--options JSON] [--exclude TYPES] [--no-digest]

Game ``k`` (``k = 0..N-1``, seed ``S + k``) is played by the random bots of ``bench/game_rate.py`` with
``min_players + k % span`` players and options drawn from the game's ``options_schema`` by a generator
seeded with ``k``, each its default half the time (a set the game refuses falls back to the defaults;
``--options`` fixes some for every game); every other game leaves out the
``--exclude`` action types whenever another action is legal (so that those games run to their end).
Per step the file holds: the seat, the state digest, a hash of each seat's legal-action list
(canonical JSON), a hash of the mover's view and the chosen action's English label, then a hash of
the log entries the action added; per game the options and the final scores. ``--no-digest``
leaves the state digests out (for a change of the state's representation that keeps every list,
view, label, log and score).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from typing import Any

from pygame_core import bots, games
from pygame_core.errors import OptionError
from pygame_core.kernel.state import canonical
from pygame_core.simulate import MAX_STEPS, bot_seed


def _h(obj: Any) -> str:
    return hashlib.sha256(canonical(obj).encode()).hexdigest()[:16]


def _options(game: Any, k: int, players: int, fixed: dict[str, Any]) -> dict[str, Any]:
    """Options of game ``k``: ``fixed`` ones, the others each its default half the time, else drawn
    among its values; the defaults (and ``fixed``) if the game refuses the set."""
    pick = random.Random(k)
    opts = {name: spec["default"] if pick.random() < 0.5 else pick.choice(spec["values"])
            for name, spec in sorted(game.options_schema.items())}
    opts.update(fixed)
    try:
        game.new_game(players=players, seed=0, options=opts)
    except OptionError:
        return dict(fixed)
    return opts


def record_game(game_id: str, k: int, seed: int, fixed: dict[str, Any], exclude: set[str], digest: bool,
                out: Any) -> int:
    """Play game ``k`` and write its lines; the number of actions."""
    game = games.get(game_id)
    span = game.max_players - game.min_players + 1
    players = game.min_players + k % span
    options = _options(game, k, players, fixed)
    skip = exclude if k % 2 == 0 else set()
    seeds = [bot_seed(seed, i) for i in range(players)]
    state = game.new_game(players=players, seed=seed, options=options)
    out.write(f"game {k} seed {seed} players {players} options {canonical(options)} skip {sorted(skip)}\n")
    for _ in range(MAX_STEPS):
        seats = game.to_move(state)
        lists = [game.legal_actions(state, s) for s in range(players)]
        line = [str(seats), state.digest() if digest else "-", *(_h(x) for x in lists)]
        if not seats:
            out.write(" ".join(line) + "\n")
            out.write(f"scores {canonical(game.scores(state))}\n")
            return len(state.history)
        seat = seats[0]
        legal = lists[seat]
        pool = [a for a in legal if a["type"] not in skip] or legal
        pick = bots._rng_for(seeds[seat], state, seat).choice(pool)
        line += [_h(game.view(state, seat)), game.label(state, seat, pick, "en")]
        out.write(" ".join(line) + "\n")
        logged = len(state.log)
        state = game.apply(state, seat, pick)
        out.write(f"log {_h(list(state.log[logged:]))}\n")
    raise RuntimeError(f"{game_id} seed {seed}: no end after {MAX_STEPS} actions")


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=90)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", default="{}", help="options every game uses (JSON)")
    ap.add_argument("--exclude", default="resign")
    ap.add_argument("--no-digest", action="store_true")
    a = ap.parse_args(argv)
    skip = {x for x in a.exclude.split(",") if x}
    t0, total = time.process_time(), 0
    with open(a.out, "w", encoding="utf-8") as out:
        for k in range(a.games):
            total += record_game(a.game, k, a.seed + k, json.loads(a.options), skip, not a.no_digest, out)
    print(json.dumps({"game": a.game, "games": a.games, "actions": total,
                      "cpu_seconds": round(time.process_time() - t0, 1), "out": a.out}))


if __name__ == "__main__":
    main(sys.argv[1:])
