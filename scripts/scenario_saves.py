"""Write the shipped save of every teaching scenario: web/games/<id>/examples/<name>.json.

    python scripts/scenario_saves.py            # write the saves that are missing, stale or off-script
    python scripts/scenario_saves.py --check    # only report; exit 1 if one would be written

A game ships scenarios when its package has a ``scenarios`` module with ``NAMES`` and ``save_doc(name)``
(docs/embedding.md, "Teaching scenarios"). The save is the scenario played through its script: options
with the scenario, the scripted actions, and the kernel's checksum and snapshot. Unlike
``refresh_examples.py`` (which keeps a stale save's opening and lets a bot play on), this follows the
scenario's script, so a changed script or position is written as it now is.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygame_core import games  # noqa: E402
from pygame_core.kernel.game import Game  # noqa: E402


def scenario_saves() -> Iterator[tuple[Path, str, bool]]:
    """(path, save text, whether the shipped file is up to date) for every scenario of every registered
    game that has scenarios. Up to date: it holds the scenario's players, seed, options and script, and
    loads exactly as recorded (``Game.load_report``)."""
    for gid in games.registered():
        try:
            mod = importlib.import_module(f"pygame_core.games.{gid}.scenarios")
        except ModuleNotFoundError:
            continue
        game = games.get(gid)
        for name in mod.NAMES:
            doc = mod.save_doc(name)
            state = game.new_game(players=doc["players"], seed=doc["seed"], options=doc["options"])
            for seat, action in doc["actions"]:
                state = game.apply(state, seat, action)
            path = ROOT / "web" / "games" / gid / "examples" / f"{name}.json"
            yield path, game.save(state) + "\n", _current(game, path, doc)


def _current(game: Game, path: Path, doc: dict[str, Any]) -> bool:
    if not path.exists():
        return False
    text = path.read_text(encoding="utf-8")
    shipped = json.loads(text)
    if any(shipped.get(k) != doc[k] for k in ("players", "seed", "actions")):
        return False
    if any(shipped["options"].get(k) != v for k, v in doc["options"].items()):
        return False
    return bool(game.load_report(text)["status"] == "ok")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report only; exit 1 if a save differs")
    args = ap.parse_args(argv)
    bad = 0
    for path, text, current in scenario_saves():
        if not current and not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        bad += not current
        what = "ok" if current else ("out of date" if args.check else "written")
        print(f"{path.relative_to(ROOT)}: {what}")
    return 1 if args.check and bad else 0


if __name__ == "__main__":
    sys.exit(main())
