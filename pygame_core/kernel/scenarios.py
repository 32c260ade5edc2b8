"""Teaching scenarios: a game's worked examples as positions to step through (docs/embedding.md).

A game's ``data/scenarios.json`` holds ``{"scenarios": [...]}``; each scenario has an ``id``, a
``title`` and a ``source`` (provenance), ``players``, an optional ``seed`` and ``options``, and
``steps``: the first is the starting position, each later one has ``play: [seat, action]``; every
step has a ``caption`` in en, zh-Hant and zh-Hans and the seed ``lines`` it teaches (provenance:
the caption a player reads never shows them).

A game that ships scenarios sets ``Game.scenario_book`` to a :class:`ScenarioBook` and its option
``scenario`` to :meth:`ScenarioBook.option`, and builds the position in ``_setup`` (only the game
knows its data model). The kernel adds the current step's caption to every view (``caption``), so
any front end, the embed page included, can show it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pygame_core.kernel.text import LANGS, Text


class ScenarioBook:
    """The scenarios of one game, read from its JSON file once."""

    def __init__(self, path: Path) -> None:
        with open(path, encoding="utf-8") as fh:
            self.scenarios: dict[str, dict[str, Any]] = {s["id"]: s for s in json.load(fh)["scenarios"]}
        self.names: list[str] = list(self.scenarios)

    def option(self, label: Text) -> dict[str, Any]:
        """The game option ``scenario``: ``none`` (a normal game) or a scenario's id, each value
        named by its title (``value_labels``)."""
        none: Text = {"en": "None (a normal game)", "zh-Hant": "無（一般遊戲）", "zh-Hans": "无（一般游戏）"}
        titles = {name: dict(sc["title"]) for name, sc in self.scenarios.items()}
        return {"values": ["none", *self.names], "default": "none", "label": label,
                "value_labels": {"none": none, **titles}}

    def script(self, name: str) -> list[tuple[int, dict[str, Any]]]:
        """The scripted actions of a scenario, as ``(seat, action)`` pairs."""
        return [(int(s["play"][0]), s["play"][1]) for s in self.scenarios[name]["steps"][1:]]

    def save_doc(self, name: str) -> dict[str, Any]:
        """What a save of the whole scenario holds: players, seed, options (with the scenario) and
        the scripted actions (the kernel's ``save`` adds the rest)."""
        sc = self.scenarios[name]
        return {
            "players": sc["players"],
            "seed": sc.get("seed", 1),
            "options": {**sc.get("options", {}), "scenario": name},
            "actions": [[seat, a] for seat, a in self.script(name)],
        }

    def caption(self, name: str, history: Sequence[Any]) -> Text | None:
        """The caption of the step the game is at: step k after k scripted actions. None once the
        actions played leave the script (a live game played on from the position)."""
        sc = self.scenarios.get(name)
        if sc is None:
            return None
        steps = sc["steps"]
        k = len(history)
        if k >= len(steps) or [list(x) for x in history] != [list(x) for x in self.script(name)[:k]]:
            return None
        # the step's seed ``lines`` are its provenance, kept in the data for the tests and the
        # developers: players never read seed line numbers
        text = steps[k]["caption"]
        return {lang: text[lang] for lang in LANGS}
