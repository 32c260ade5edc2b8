"""Check, or bring up to date, every shipped save: the rule-teaching examples and test fixtures.

    python scripts/refresh_examples.py          # rewrite every save that no longer loads as recorded
    python scripts/refresh_examples.py --check  # only report; exit 1 if one is stale (the tests do this)

A shipped save is any ``*.json`` under ``web/`` or ``tests/`` whose object has ``format``, ``game`` and
``actions``. A stale one is replayed under the current rules as far as it stays legal; from there the
game's best bot plays on to the save's original length, so the example keeps its opening and its size.
Its text is then written anew (with a fresh checksum and snapshot).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygame_core import bots, games  # noqa: E402
from pygame_core.errors import SaveError  # noqa: E402
from pygame_core.kernel.state import State  # noqa: E402

FOLDERS = ("web", "tests")


def shipped_saves(root: Path = ROOT) -> Iterator[Path]:
    """Every save file shipped in the repository."""
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.json")):
            if "node_modules" in path.parts:
                continue
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError):
                continue
            if isinstance(doc, dict) and {"format", "game", "actions"} <= set(doc):
                yield path


def status(path: Path) -> dict[str, Any]:
    """How the save at ``path`` loads now (see ``Game.load_report``)."""
    text = path.read_text(encoding="utf-8")
    game = games.game_of(text)
    report = game.load_report(text)
    report["game"] = game
    return report


def refresh(path: Path) -> str:
    """Rewrite a stale save; returns what was done."""
    report = status(path)
    if report["status"] == "ok":
        return "ok"
    game = report["game"]
    doc = json.loads(path.read_text(encoding="utf-8"))
    state: State = report["state"]
    kind = "heuristic" if "heuristic" in game.bots else game.bots[0]
    seat_bots = [bots.make(kind, game.id, state.seed * 31 + i) for i in range(state.players)]
    while len(state.history) < len(doc["actions"]) and game.to_move(state):
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, seat_bots[seat].choose(game, state, seat))
    path.write_text(game.save(state) + "\n", encoding="utf-8")
    kept = report["at"] if report["status"] == "broken_at" else len(doc["actions"])
    return f"{report['status']}: kept {kept} of {len(doc['actions'])} moves, now {len(state.history)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report only; exit 1 if a save is stale")
    args = ap.parse_args(argv)
    bad = 0
    for path in shipped_saves():
        try:
            what = status(path)["status"] if args.check else refresh(path)
        except SaveError as exc:
            what = f"unreadable: {exc}"
        bad += what != "ok"
        print(f"{path.relative_to(ROOT)}: {what}")
    return 1 if args.check and bad else 0


if __name__ == "__main__":
    sys.exit(main())
