"""Loads the JSON data once at import (tiles, 88 disaster cards, 11 conflict cards, tracks).

Provenance of every value is recorded in the JSON ``source`` fields and in README.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygame_core.games.empires_end.ability_text import ability_text
from pygame_core.games.empires_end.text import DISASTER_NAME, LOC_TYPE_NAME, t

_DIR = Path(__file__).parent / "data"


def _load(name: str) -> Any:
    with open(_DIR / name, encoding="utf-8") as fh:
        return json.load(fh)


#: tile id -> tile dict (type, points, repair, phase, ability)
LOCS: dict[str, dict[str, Any]] = {x["id"]: x for x in _load("locations.json")["locations"]}
LOC_ORDER: list[str] = list(LOCS)
#: card id -> card dict (type, target, pay, cost, phase, ability)
CARDS: dict[str, dict[str, Any]] = {x["id"]: x for x in _load("disasters.json")["cards"]}
CARD_ORDER: list[str] = list(CARDS)
CONFLICTS: dict[str, dict[str, Any]] = {x["id"]: x for x in _load("conflicts.json")["cards"]}
CONFLICT_ORDER: list[str] = list(CONFLICTS)
TRACKS: dict[str, dict[str, Any]] = _load("tracks.json")["tracks"]


def track_for(players: int) -> dict[str, Any]:
    """The board side by player count (L77-81)."""
    return TRACKS["2p" if players == 2 else "3-4p"]


def _card_name(c: dict[str, Any]) -> dict[str, str]:
    n = DISASTER_NAME[c["type"]]
    return {k: f"{v} {c['target']}" for k, v in n.items()}


#: the view form of every card and tile, built once (treat as read-only)
CARD_VIEW: dict[str, dict[str, Any]] = {
    cid: {"id": cid, "type": c["type"], "type_name": DISASTER_NAME[c["type"]], "name": _card_name(c),
          "target": c["target"], "pay": list(c["pay"]), "cost": c["cost"], "phase": c["phase"],
          "ability": {**c["ability"], "text": ability_text(c["ability"], c["phase"])}}
    for cid, c in CARDS.items()
}
CARD_NAME: dict[str, dict[str, str]] = {cid: v["name"] for cid, v in CARD_VIEW.items()}
LOC_ABILITY_VIEW: dict[str, dict[str, Any]] = {
    lid: {**x["ability"], "text": ability_text(x["ability"], x["phase"]), "phase": x["phase"]}
    for lid, x in LOCS.items()
}
LOC_NAME: dict[str, dict[str, str]] = {
    lid: {k: f"{v} ({x['points']})" if k == "en" else f"{v}（{x['points']}）"
          for k, v in LOC_TYPE_NAME[x["type"]].items()} for lid, x in LOCS.items()
}


def _conflict_text(c: dict[str, Any]) -> dict[str, str]:
    tm = c["turmoil"]
    rank_en = {1: "highest", 2: "2nd highest", 3: "3rd highest"}[tm["rank"]]
    rank_zh = {1: "最高", 2: "次高", 3: "第三高"}[tm["rank"]]
    return t(f"Turmoil: swap your {rank_en} intact location with position {tm['to']}",
             f"動蕩：將分值{rank_zh}的完好地點與第{tm['to']}個位置上的地點交換位置")


CONFLICT_VIEW: dict[str, dict[str, Any]] = {
    cid: {"id": cid, "rows": c["rows"], "victory": c["victory"], "turmoil": c["turmoil"],
          "text": _conflict_text(c)}
    for cid, c in CONFLICTS.items()
}
