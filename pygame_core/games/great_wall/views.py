"""Per-seat views (hidden information removed, L166).

Hidden: a seat's resources (behind its screen), its command hand and Tactic hand (counts shown), the
Generals and Advisors dealt for the draft, the ids of Supporting Advisors (cards.public decides what
their backs show), every deck (counts only) and the sealed command choices until all have chosen
(the kernel's sealed decision). Public: the board, Honor, clerks, soldiers, overseers, trophies, the
command track and discard, the tea order, and the Horde deck's top back (its invasion indicator,
which the rules read, A6).
"""

from __future__ import annotations

import copy
from typing import Any

from pygame_core.games.great_wall import cards, horde, model
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import PHASE_NAME, fmt, t

Data = dict[str, Any]


def phase(g: Data) -> dict[str, Any]:
    if g["over"]:
        return {"kind": "end", "name": PHASE_NAME["end"]}
    ds = g.get("decisions") or []
    if any(d["kind"] == "draft" for d in ds):
        return {"kind": "setup", "name": PHASE_NAME["setup"]}
    season = g["season"]
    name = fmt(t("Year {y} · {s}", "第{y}年・{s}"), y=g["year"], s=PHASE_NAME[season])
    return {"kind": season, "name": name}


def _player(g: Data, seat: int, viewer: int | None) -> dict[str, Any]:
    p = g["players"][seat]
    mine = viewer == seat
    out: dict[str, Any] = {
        "seat": seat,
        "honor": p["honor"],
        "clerks": p["clerks"],
        "envoy": p["envoy"],
        "supply": dict(p["supply"]),
        "shamed": dict(p["shamed"]),
        "overseers": copy.deepcopy(p["overseers"]),
        "trophies": copy.deepcopy(p["trophies"]),
        "hand_count": len(p["hand"]),
        "tactics_count": len(p["tactics"]),
        "res": dict(p["res"]) if mine else None,
        "hand": list(p["hand"]) if mine else None,
        "tactics": list(p["tactics"]) if mine else None,
        "cards": cards.public(g, seat),
    }
    if mine:
        out["private"] = cards.private(g, seat)
        if "draft" in p:
            out["draft"] = copy.deepcopy(p["draft"])
    return out


def view(g: Data, seat: int | None) -> dict[str, Any]:
    turn = g.get("turn")
    chosen = g.get("chosen") or {}
    return {
        "phase": phase(g),
        "mode": g["mode"],
        "side": g["side"],
        "year": g["year"],
        "season": g["season"],
        "time": g["time"],
        "time_last": gdata.time_last(),
        "casualties": model.casualties(g),
        "shame_supply": g["shame_supply"],
        "tea": list(g["tea"]),
        "warehouse": dict(g["warehouse"]),
        "clans": [_player(g, s, seat) for s in range(model.nplayers(g))],
        "locations": {k: list(v) for k, v in g["locations"].items()},
        "command_track": copy.deepcopy(g["command_track"]),
        "command_discard": copy.deepcopy(g["command_discard"]),
        "chosen": dict(chosen),  # revealed command cards waiting for their slot (public after L608)
        "turn": dict(turn) if turn else None,
        "sections": copy.deepcopy(g["sections"]),
        "horde_deck": len(g["horde_deck"]),
        "horde_indicator": horde.indicator(g),
        "horde_discard": list(g["horde_discard"]),
        "tactic_deck": len(g["tactic_deck"]),
        "tactic_discard": list(g["tactic_discard"]),
        "advisor_deck": len(g["advisor_deck"]),
        "advisor_track": list(g["advisor_track"]),
        "advisor_discard": list(g["advisor_discard"]),
        "artifacts": list(g["artifacts"]),
        "end": g["end"],
    }
