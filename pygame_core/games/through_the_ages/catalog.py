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


#: The ``per`` vocabulary (data/README.md "per"): what an effect may count. A key outside it fails
#: at load (:func:`check_counts`), so that no card's effect silently counts 0.
PER_KEYS = frozenset({
    # counted things of the owner (ratings.count)
    "units", "infantry", "cavalry", "artillery", "air_force", "farms", "mines", "farm_mine", "labs",
    "temples", "libraries", "theaters", "arenas", "urban", "buildings", "wonders", "territories",
    "techs", "special_techs", "leaders", "workers", "population", "unused_workers",
    "library_theater_pairs", "lab_levels",
    # single cards' counts (ratings.SPECIAL_COUNTS)
    "best_lab_library_level", "temple_theater_wonder_happiness", "temple_government_happiness",
    "unit_types", "best_theater_culture", "best_mine_output", "theater_library_culture",
    "urban_output", "tech_levels", "workers_farm_mine", "workers_urban_unit", "partner_wonders",
    # ratings and productions (effects.value_of)
    "happiness", "strength", "colonization", "science_rating", "culture_rating", "culture",
    "food_production", "resource_production", "discontent_workers",
    # the Age III scoring events' counts (effects.AGE_III_COUNTS)
    "lowest_output", "variety", "urban_levels", "unit_arena_levels", "ca_total", "ma_total",
    "mine_production", "content_workers_over_10", "government_special_levels", "techs_level_III",
    # conflict and table counts (resolve.py, effects.num)
    "advantage", "level", "stronger_civs", "civs_more_culture",
})
#: The ranking keys of ``by`` (and of an ``if``'s ``by``): the values of effects.value_of.
BY_KEYS = frozenset({
    "strength", "culture", "science_rating", "culture_rating", "happiness", "colonization",
    "food_production", "resource_production", "population", "techs", "wonders", "buildings", "units",
    "territories", "discontent_workers",
})


def _effect_lists(c: dict[str, Any]) -> list[list[dict[str, Any]]]:
    out = [c.get("effects", [])] + [side.get("effects", []) for side in c.get("sides", {}).values()]
    todo = list(out)
    while todo:
        for e in todo.pop():
            nested = [e.get("effects", []), e.get("then", []), *e.get("options", [])]
            out += nested
            todo += nested
    return out


def check_counts(c: dict[str, Any]) -> None:
    """Every ``per`` and ``by`` key of the card is in the vocabulary (raises ValueError)."""
    for effs in _effect_lists(c):
        for e in effs:
            cond: dict[str, Any] = e["if"] if isinstance(e.get("if"), dict) else {}
            for key, known in (("per", PER_KEYS), ("by", BY_KEYS)):
                for v in (e.get(key), cond.get(key)):
                    if v is not None and v not in known:
                        raise ValueError(f"{c['id']}: unknown {key} {v!r} (data/README.md vocabulary)")


CARDS: dict[str, dict[str, Any]] = {}
for _file in ("civil.json", "military.json"):
    for _c in _load(_file)["cards"]:
        check_counts(_c)
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
