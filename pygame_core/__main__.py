"""Command line: ``python -m pygame_core simulate|replay|games``."""

from __future__ import annotations

import argparse
import json
import sys

from pygame_core import games
from pygame_core.errors import PygameCoreError
from pygame_core.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m pygame_core", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("simulate", help="play K complete games with bots and print one JSON object")
    s.add_argument("--game", required=True)
    s.add_argument("--players", type=int, default=2)
    s.add_argument("--games", type=int, default=1)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bot", default="random",
                   help="random (default) or heuristic, or one kind per seat: random,heuristic,...")
    s.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    r = sub.add_parser("replay", help="replay a save file and print its final scores")
    r.add_argument("file")
    sub.add_parser("games", help="list the playable games")
    args = p.parse_args(argv)
    try:
        if args.cmd == "simulate":
            opts = {}
            for item in args.option:
                name, _, value = item.partition("=")
                try:
                    opts[name] = json.loads(value)
                except ValueError:
                    opts[name] = value
            kinds = args.bot.split(",")
            bot = kinds[0] if len(kinds) == 1 else kinds
            print(json.dumps(simulate(args.game, args.players, args.games, args.seed, bot, opts)))
        elif args.cmd == "replay":
            with open(args.file, "rb") as fh:
                game, state = games.load_any(fh.read())  # bytes: load_any reports text that is not UTF-8
            print(json.dumps({"game": game.id, "actions": len(state.history), "over": game.is_over(state),
                              "scores": game.scores(state)}, ensure_ascii=False))
        else:
            print(json.dumps({gid: games.get(gid).names for gid in games.available()}, ensure_ascii=False))
    except (PygameCoreError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
