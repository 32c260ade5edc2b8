"""Card records for the rules, read once from ``data/civil.json`` and ``data/military.json``
(the schema is ``data/README.md``). Each record keeps the data fields and gains a few derived ones
the rules use everywhere: ``lvl`` (age level A=0 .. III=3, L141), ``kind`` (farm, mine, urban, unit,
special, government, leader, wonder, action, event, territory, tactic, bonus, aggression, war, pact)
and ``token`` (value of one blue token on a farm or mine card, L80); and, computed once here so
that the rules never re-scan effect lists per action: ``permanent_discounts`` (the card's
``discount`` effects while in play) and ``triggers`` (``on`` event -> nested effects)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_DIR = Path(__file__).parent / "data"
LEVEL = {"A": 0, "I": 1, "II": 2, "III": 3}


def _load(name: str) -> Any:
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


def _derive(c: dict[str, Any]) -> dict[str, Any]:
    c = dict(c)
    c["lvl"] = LEVEL[c["age"]]
    cat = c["category"]
    c["kind"] = c["type"] if cat == "production" else cat
    out = c.get("out") or {}
    c["out"] = out
    c["token"] = out.get("food", 0) or out.get("resources", 0)
    c.setdefault("effects", [])
    c.setdefault("cost", {})
    c["permanent_discounts"] = [
        e for e in c["effects"] if e["kind"] == "discount" and e.get("when", "permanent") == "permanent"
    ]
    triggers: dict[str, list[dict[str, Any]]] = {}
    for e in c["effects"]:
        if e["kind"] == "on":
            triggers.setdefault(e["event"], []).extend(e["effects"])
    c["triggers"] = triggers
    c["rules"] = {e["code"]: e for e in c["effects"] if e["kind"] == "rule"}
    for side in c.get("sides", {}).values():
        side["rules"] = {e["code"]: e for e in side.get("effects", []) if e["kind"] == "rule"}
    return c


CARDS: dict[str, dict[str, Any]] = {}
for _file in ("civil.json", "military.json"):
    for _c in _load(_file)["cards"]:
        CARDS[_c["id"]] = _derive(_c)
TABLES: dict[str, Any] = _load("tables.json")
INITIAL: list[str] = list(TABLES["initial"]["technologies"])
INITIAL_WORKERS: dict[str, int] = dict(TABLES["initial"]["workers"])


def by(kind: str) -> str:
    """The id of the initial technology of ``kind``/type (farm, mine, lab, temple, infantry, government)."""
    for cid in INITIAL:
        c = CARDS[cid]
        if c["kind"] == kind or c["type"] == kind:
            return cid
    raise KeyError(kind)


def deck(deck_name: str, age: str, players: int) -> list[str]:
    """Every copy of the ``deck_name`` cards of ``age`` for ``players`` (already trimmed, L194-199)."""
    out: list[str] = []
    for cid, c in CARDS.items():
        if c["deck"] == deck_name and c["age"] == age and not c.get("initial"):
            out.extend([cid] * int(c["counts"][str(players)]))
    return out


def name(cid: str) -> dict[str, str]:
    return dict(CARDS[cid]["name"])
