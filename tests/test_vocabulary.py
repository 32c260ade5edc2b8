"""The vocabulary every game's view shares, checked over every registered game (the property tests'
registry, test games included), so that a new game follows it (issue 17 §2).

- ``view["phase"]`` is ``{"kind": str, "name": Text, ...}``: the shell's status line shows ``name`` with a
  "?" to the section that the game's ``rules.json`` links as ``phase:<kind>``.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core import games
from pygame_core.bots import RandomBot
from pygame_core.kernel.game import Game
from pygame_core.kernel.text import LANGS

ROOT = Path(__file__).resolve().parents[1]
GAMES: list[Game] = [games.get(g) for g in games.registered()]
#: Actions played per game: enough to pass through several phases of every game, kept short for CI.
STEPS = 400


def positions(game: Game, players: int, seed: int) -> list[Any]:
    """States of one random game (every 7th, and the last), up to :data:`STEPS` actions."""
    bot = RandomBot(seed)
    state = game.new_game(players=players, seed=seed)
    out = [state]
    for i in range(STEPS):
        seats = game.to_move(state)
        if not seats:
            break
        seat = seats[i % len(seats)]
        state = game.apply(state, seat, bot.choose(game, state, seat))
        if i % 7 == 0:
            out.append(state)
    out.append(state)
    return out


def phase_problem(view: dict[str, Any]) -> str | None:
    """Why ``view``'s phase does not follow the shared shape, or None."""
    ph = view.get("phase")
    if not isinstance(ph, dict):
        return f"phase is {ph!r}, not a dict {{kind, name}}"
    kind, name = ph.get("kind"), ph.get("name")
    if not isinstance(kind, str) or not kind:
        return f"phase.kind is {kind!r}, not a non-empty string"
    if not isinstance(name, dict) or set(name) != set(LANGS):
        return f"phase.name is {name!r}, not a text in {LANGS}"
    if not all(isinstance(name[lang], str) and name[lang] for lang in LANGS):
        return f"phase.name has an empty language: {name!r}"
    return None


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_view_gives_the_phase_as_kind_and_name(game: Game) -> None:
    rules_path = ROOT / "web" / "games" / game.id / "rules.json"
    links = json.loads(rules_path.read_text(encoding="utf-8"))["links"] if rules_path.exists() else None
    kinds: set[str] = set()
    for players in sorted({game.min_players, game.max_players}):
        seed = random.Random(f"{game.id}-{players}").randrange(2**32)
        for state in positions(game, players, seed):
            for seat in [None, *range(players)]:
                view = game.view(state, seat, log=False)
                problem = phase_problem(view)
                assert problem is None, f"{game.id}, {players} players, seed {seed}, seat {seat}: {problem}"
                kinds.add(view["phase"]["kind"])
    if links is not None:  # the shell's "?" beside the phase opens the game's rules at that phase
        missing = sorted(k for k in kinds if f"phase:{k}" not in links)
        assert not missing, f"{game.id}: phase kinds without a phase:<kind> link in rules.json: {missing}"


def test_the_phase_check_refuses_the_old_shapes() -> None:
    name = {"en": "Trade", "zh-Hant": "貿易", "zh-Hans": "贸易"}
    assert phase_problem({"phase": "trade"})
    assert phase_problem({"phase": {"kind": "trade"}})
    assert phase_problem({"phase": {"kind": "", "name": name}})
    assert phase_problem({"phase": {"kind": "trade", "name": {**name, "zh-Hans": ""}}})
    assert phase_problem({"phase": {"kind": "trade", "name": name}}) is None


RENDERERS = sorted((ROOT / "web" / "games").glob("*/render.js"))
RULES_KEY = re.compile(r"""ctx\.rulesLink\(\s*["']([^"'$`]+)["']""")


@pytest.mark.parametrize("render", RENDERERS, ids=lambda p: p.parent.name)
def test_a_board_links_rules_through_the_shell_and_leaves_the_phase_to_the_status_line(render: Path) -> None:
    """Issue 17 §1-§2: a renderer's "?" links are the shell's ``ctx.rulesLink(key)`` (the game's
    ``rules.json`` is loaded once, by the shell), every literal key it passes is one of the links of its
    ``rules.json``, and the board draws no phase badge of its own (the status line names the phase, with
    its "?")."""
    src = render.read_text(encoding="utf-8")
    assert "rules-link.js" not in src, f"{render.parent.name} loads or links the rules itself"
    assert "ph-badge" not in src, f"{render.parent.name} draws the phase again on its board"
    rules = render.parent / "rules.json"
    links = json.loads(rules.read_text(encoding="utf-8"))["links"] if rules.exists() else {}
    missing = sorted({k for k in RULES_KEY.findall(src) if k not in links})
    assert not missing, f"{render.parent.name}: ctx.rulesLink keys with no link in rules.json: {missing}"
