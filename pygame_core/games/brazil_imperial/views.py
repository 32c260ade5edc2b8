"""What a seat may see (docs/api.md "view"): the map with face-down exploration tiles as "?" (the
tile a seat peeked at shows to that seat only, L116), each empire's public parts, its own hands and
missions to itself only (others' hands and missions as counts), deck sizes, the painting display and
the tops of the two city stacks (face up, L16).

Keys: ``phase``, ``era``, ``round``, ``start``, ``ending``, ``map``, ``hexes`` (what each hex holds
now; not its terrain, which is static: data.js carries it for the board), ``capitals``, ``units``,
``empires``, ``decks``, ``tiles``, ``turn``, ``battle`` (with its strength by source and the viewer's
own committed cards), ``last_battle`` (the last battle fought, after its reveal: cards, strength
by source, winner), ``pending``, ``paying`` (a payment under way: who, for what, what is owed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pygame_core.games.brazil_imperial import combat, economy, labels, model
from pygame_core.games.brazil_imperial.text import PHASE_NAME
from pygame_core.kernel import decisions as kdec

Data = dict[str, Any]


def phase(g: Data) -> dict[str, Any]:
    if g["over"]:
        kind = "end"
    elif g["stage"] == "draft":
        kind = "draft"
    elif g["pending"] and g["pending"][0]["kind"] in ("monarch", "capital", "marker"):
        kind = {"marker": "era"}.get(g["pending"][0]["kind"], g["pending"][0]["kind"])
    elif any(d["kind"] == "commit" for d in kdec.stack(g)) or g.get("battle"):
        kind = "battle"
    elif g["turn"].get("phase") == "movement":
        kind = "movement"
    else:
        kind = "action"
    return {"kind": kind, "name": dict(PHASE_NAME[kind])}


def _hex(x: Mapping[str, Any], h: str, peeked: list[str], controller: int | None) -> Data:
    """What a hex holds now (not its terrain, which is static: the board reads it from data.js), the
    face-down tile as "?" unless the viewer peeked at it (``peeked``: the viewer's hexes)."""
    explore = x.get("explore")
    shown = None
    if explore is not None:
        shown = explore if h in peeked else "?"
    return {
        "building": x.get("building"),
        "city": x.get("city"),
        "capital": x.get("capital"),
        "explore": shown,
        "bandeiras": x.get("bandeiras", False),
        "controller": controller,
    }


def _hexes(g: Data, seat: int | None) -> Data:
    """Every hex of the map, in its order (an empty one too: the state leaves those out, model.py):
    the units found on each hex in one pass (not per hex)."""
    hexes = g["hexes"]
    occupants = model.seats_by_hex(g)
    peeked = g["peeked"].get(str(seat), []) if seat is not None else []
    out: Data = {}
    for h in model.geo(g).order:
        x = hexes.get(h, model.NOTHING)
        out[h] = _hex(x, h, peeked, model._control(x, h, occupants))
    return out


def _empire(g: Data, s: int, seat: int | None) -> Data:
    p = model.player(g, s)
    mine = seat == s or bool(g["over"])  # the end shows every mission and hand (L519-523)
    return {
        "board": p["board"],
        "monarch": p["monarch"],
        "supply": dict(p["supply"]),
        "capital": p["capital"],
        "battle_count": len(p["battle"]),
        "gold_count": len(p["gold"]),
        "battle": list(p["battle"]) if mine else None,
        "gold": list(p["gold"]) if mine else None,
        "missions": dict(p["missions"]) if mine else {str(e): p["missions"][str(e)] for e in p["shown"]},
        "offer": {e: list(v) for e, v in p["offer"].items()} if mine else None,
        "shown": list(p["shown"]),
        "marker": dict(p["marker"]),
        "under": dict(p["under"]),
        "products": dict(p["products"]),
        "paintings": list(p["paintings"]),
        "palaces": dict(p["palaces"]),
        "palaces_left": list(p["palaces_left"]),
        "explored": list(p["explored"]),
        "counters": dict(p["counters"]),
        "peeked": list(g["peeked"].get(str(s), [])),
    }


def _battle(g: Data, seat: int | None) -> Data | None:
    """The battle being fought, with each side's strength by source so far (``parts``: the battle
    cards count 0 until the reveal, L501) and the viewer's own committed cards (``mine``), nobody
    else's: who has committed is the kernel's public ``decisions``; how many cards is part of the
    sealed answer (the engine commits both sides at once), shown at the reveal."""
    b = g["battle"]
    if not b:
        return None
    answers: Data = next((d["answers"] for d in kdec.stack(g) if d["kind"] == "commit"), {})
    mine = answers.get(str(seat)) if seat is not None else None
    return {**b, "parts": combat.parts(g, b, {}), "mine": list(mine["cards"]) if mine else None}


def _last_battle(g: Data) -> Data | None:
    """The last battle fought, while its cards still lie on the discard pile (L501): once the pile is
    shuffled into the deck a card may be in a hand again, hidden, so the battle is no longer shown."""
    lb = g.get("last_battle")
    if not lb:
        return None
    pile = set(g["decks"]["battle_discard"])
    if any(c not in pile for cards in lb["cards"].values() for c in cards):
        return None
    return dict(lb)


def _paying(g: Data) -> Data | None:
    """The payment under way (a seat's ``pay`` decision, economy.py) as anyone may see it: who pays,
    for which action (its label), what is still owed (each reading of it) and the units paid so far
    (``[from, good]``; a spent card lies face up on its discard pile)."""
    d = economy.paying(g)
    if d is None:
        return None
    return {
        "seat": d["seat"],
        "for": labels.text(g, d["seat"], d["then"]),
        "owed": economy.owed_text(d["owed"]),
        "paid": d["paid"],
    }


def view(g: Data, seat: int | None) -> dict[str, Any]:
    d = g["decks"]
    return {
        "phase": phase(g),
        "era": g["era"],
        "round": g["round"],
        "start": g["start"],
        "draft_first": g.get("draft_first", 0),
        "ending": g["ending"],
        "map": g["map"],
        "hexes": _hexes(g, seat),
        "capitals": dict(g["capitals"]),
        "units": {u: dict(x) for u, x in g["units"].items()},
        "empires": [_empire(g, s, seat) for s in range(len(g["players"]))],
        "decks": {
            "battle": len(d["battle"]),
            "gold": len(d["gold"]),
            "battle_discard": list(d["battle_discard"]),
            "gold_discard": list(d["gold_discard"]),
            "paintings": {m: len(v) for m, v in d["paintings"].items()},
            "display": list(d["display"]),
            "cities": [{"top": c[-1] if c else None, "count": len(c)} for c in d["cities"]],
        },
        "tiles": dict(g["tiles"]),
        "lost_tiles": list(g.get("lost_tiles", [])),
        "turn": {k: v for k, v in g["turn"].items() if k != "fresh"},  # "fresh": drawn card ids, hidden
        "battle": _battle(g, seat),
        "last_battle": _last_battle(g),
        "pending": [{"seat": x["seat"], "kind": x["kind"]} for x in g["pending"]],
        "paying": _paying(g),
    }
