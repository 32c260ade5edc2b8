"""What a seat may see (README "View"), and re-dealing what it may not (leak tests, search bots)."""

from __future__ import annotations

import marshal
from typing import Any

from pygame_core.games.civilization import combat, geo, model, research
from pygame_core.games.civilization.data import EVENTS, HUTS, TRACK, UNIT_CARDS, VILLAGES, WONDERS
from pygame_core.games.civilization.text import PHASE
from pygame_core.kernel import decisions, deck
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import copy_json

Data = dict[str, Any]
TYPES = ("artillery", "infantry", "mounted", "aircraft")


def _marker(mid: str) -> dict[str, Any]:
    back = HUTS.get(mid) or VILLAGES.get(mid) or {}
    return {"id": mid, "kind": "hut" if mid in HUTS else "village", "back": back}


def _by_type(cards: list[str]) -> dict[str, int]:
    out = {u: 0 for u in TYPES}
    for c in cards:
        out[UNIT_CARDS[c]["type"]] += 1
    return out


def _era_counts(cards: list[str]) -> dict[str, int]:
    out = {"ancient": 0, "medieval": 0, "modern": 0}
    for c in cards:
        out[EVENTS[c.rsplit("_", 1)[0]]["era"]] += 1
    return out


def _unit(data: Data, seat: int, card: str) -> dict[str, Any]:
    p = data["p"][seat]
    u = UNIT_CARDS[card]["type"]
    s = UNIT_CARDS[card]["strengths"]
    return {"id": card, "type": u, "strength": int(s[min(max(p["ranks"][u], 1), len(s)) - 1])}


def player_view(data: Data, seat: int, viewer: int | None, dial: int) -> dict[str, Any]:
    """A player's sheet as ``viewer`` may see it (``dial``: the seat's coins, ``model.coins``)."""
    p = data["p"][seat]
    own = viewer == seat
    tr = model.traits(data, seat)
    return {
        "seat": seat,
        "civ": p["civ"],
        "government": p["gov"],
        "trade": p["trade"],
        "coins": dial,
        "coin_tokens": dict(p["coin_tokens"]),
        "culture": p["culture"],
        "culture_level": p["track"],
        "techs": [{"id": tid, "row": lvl} for tid, lvl in p["techs"].items()],
        "ranks": dict(p["ranks"]),
        "traits": {**tr, "hand": model.hand_limit(data, seat, dial)},
        "resources": dict(p["res"]),
        "great_persons": list(p["gp"]),
        "wonders": list(p["wonders"]),
        "unbuilt": {
            "army": model.unbuilt(data, seat, "army"),
            "scout": model.unbuilt(data, seat, "scout"),
            "city": max(0, 3 - len(model.cities_of(data, seat))),
        },
        "city_limit": tr["cities"],
        "forces": [_unit(data, seat, c) for c in p["forces"]] if own else None,
        "forces_count": _by_type(p["forces"]),
        "hand": [{"id": c, "event": c.rsplit("_", 1)[0]} for c in p["hand"]] if own else None,
        "hand_count": _era_counts(p["hand"]),
        "markers": [_marker(m) for m in p["hv"]] if own else None,
        "markers_count": len(p["hv"]),
        "research_options": research.options(data, seat) if own and data["phase"] == "research" else None,
    }


def _battle(data: Data, viewer: int | None) -> dict[str, Any] | None:
    b = data["battle"]
    if b is None:
        return None
    fronts = []
    for f in b["fronts"]:
        row = {}
        for s in ("a", "d"):
            u = f[s]
            row[s] = (
                None
                if u is None
                else {
                    "type": UNIT_CARDS[u["c"]]["type"],
                    "strength": combat.unit_strength(data, b, s, u),
                    "wounds": u["w"],
                }
            )
        fronts.append(row)
    out: dict[str, Any] = {
        "attacker": b["att"],
        "defender": None if b["def"] == combat.BARBARIAN else b["def"],
        "barbarians": b["def"] == combat.BARBARIAN,
        "proxy": b["proxy"] if b["def"] == combat.BARBARIAN else None,
        "square": b["sq"],
        "city": b["city"],
        "bonus": dict(b["bonus"]),
        "bonus_from": {s: [dict(x) for x in b.get("bonus_from", {}).get(s, [])] for s in ("a", "d")},
        "last": dict(b["last"]) if b.get("last") else None,
        "turn": b["turn"],
        "fronts": fronts,
        "hand_count": {s: _by_type(b["hand"][s]) for s in ("a", "d")},
        "hand": None,
        "side": None,
    }
    for s in ("a", "d"):
        if viewer is not None and combat.controller(b, s) == viewer:
            out["side"] = s
            out["hand"] = [
                {"id": c, "type": UNIT_CARDS[c]["type"], "strength": combat.card_strength(data, b, s, c)}
                for c in b["hand"][s]
            ]
    return out


def _last_battle(data: Data) -> dict[str, Any] | None:
    """The result of this turn's last battle (public), until the next battle starts or the turn ends."""
    last = data.get("last_battle")
    if not last or last["turn"] != data["turn"] or data["battle"] is not None:
        return None
    return {k: v for k, v in copy_json(last).items() if k != "turn"}


def _react(data: Data) -> dict[str, Any] | None:
    """The effect a ``react`` decision asks its seat to allow or cancel: who plays it and what it is
    (a culture event by its event id, or a tech ability), and its public choice (targets)."""
    dec = next((x for x in reversed(decisions.stack(data)) if x["kind"] == "react"), None)
    if dec is None:
        return None
    src = dec["source"]
    if src["src"] == "card":
        source: dict[str, Any] = {"src": "card", "id": src["event"]}
    elif src["src"] == "city":  # a city action another player's Writing may cancel (public)
        source = {"src": "city", "action": copy_json(src["action"])}
    else:
        source = {"src": "tech", "id": src["tech"], "i": src["i"]}
    return {"by": dec["by"], "to": list(dec["seats"]), "source": source, "choice": copy_json(dec["choice"])}


_SQUARES: dict[str, bytes] = {}


def _squares(data: Data) -> list[dict[str, Any] | None]:
    """The printed icons of every square of the face-up layout (a new list each call, built from its
    marshal bytes, cached by layout: ``data["gk"]``)."""
    key = data["gk"]
    raw = _SQUARES.get(key)
    if raw is None:
        raw = marshal.dumps([
            None
            if g is None
            else {
                "terrain": g.get("terrain"),
                "trade": g.get("trade"),
                "production": g.get("production"),
                "culture": g.get("culture"),
                "coin": g.get("coin"),
                "resource": g.get("resource"),
            }
            for g in geo.grid(data)
        ], 2)
        if len(_SQUARES) > 256:
            _SQUARES.clear()
        _SQUARES[key] = raw
    squares: list[dict[str, Any] | None] = marshal.loads(raw)
    return squares


def view(data: Data, seat: int | None) -> dict[str, Any]:
    if "picks" in data:
        return _picking_view(data)
    occ = model.occupants(data)
    dials = model.all_coins(data, occ)
    squares = _squares(data)
    cities = []
    for i, c in enumerate(data["cities"]):
        y = model.city_yield(data, i, occ, dial=dials[c["o"]])
        cities.append(
            {
                "index": i,
                "owner": c["o"],
                "sq": c["sq"],
                "capital": c["cap"],
                "walls": c["wall"],
                "outskirts": model.outskirts(data, i),
                "yield": y,
                "blockaded": [s for s in model.outskirts(data, i) if model.enemy_on(data, s, c["o"], occ)],
                "acted": data["phase"] == "city" and i in data["acted"],
            }
        )
    return {
        "phase": {"kind": data["phase"], "name": PHASE[data["phase"]]},
        "turn": data["turn"],
        "first": data["first"],
        "order": list(data["order"]),
        "current": data["order"][data["i"]] if data["i"] < len(data["order"]) else None,
        "learning": data["learning"],
        "map": {
            "w": data["w"],
            "h": data["h"],
            "tiles": [
                {
                    "x": c["x"],
                    "y": c["y"],
                    "up": c["up"],
                    "tile": c["tile"] if c["up"] else None,
                    "arrow": c["arrow"] if c["up"] else None,
                    "home": c.get("seat"),
                }
                for c in data["tiles"]
            ],
            "squares": squares,
        },
        "markers": [{"sq": int(k), "kind": m["k"]} for k, m in sorted(data["marks"].items())],
        "figures": [
            {"id": fid, "owner": f["o"], "kind": f["k"], "sq": f["sq"], "gathers": f.get("g")}
            for fid, f in data["figs"].items()
        ],
        "cities": cities,
        "items": [
            {
                "sq": int(k),
                "kind": {"b": "building", "w": "wonder", "gp": "great_person"}[it["k"]],
                "id": it["id"],
                "owner": it["o"],
                "obsolete": it["id"] in data["obsolete"],
            }
            for k, it in sorted(data["items"].items())
        ],
        "moving": None
        if data["mv"] is None
        else {"figures": list(data["mv"]["figs"]), "left": data["mv"]["left"]},
        "moved": list(data["moved"]) if data["phase"] == "move" else [],
        "civs": [player_view(data, s, seat, dials[s]) for s in range(len(data["p"]))],
        "market": {
            "resources": dict(data["market"]),
            "buildings": dict(data["supply"]),
            "wonders": list(data["wonder_market"]),
            "wonder_deck": len(data["wonder_deck"]),
            "wonder_deck_next_era": WONDERS[data["wonder_deck"][0]]["era"] if data["wonder_deck"] else None,
            "unit_decks": {u: {"count": len(data["decks"][u]), "face_up": data["up"][u]} for u in TYPES},
            "culture_decks": {
                e: {"count": len(v), "face_up": data["culture_up"][e]} for e, v in data["culture"].items()
            },
            "great_persons_left": len(data["gps"]),
        },
        "culture_track": [
            {"index": sp["index"], "kind": sp["kind"], "era": sp.get("era"), "cost": dict(sp["cost"])}
            for sp in TRACK
        ],
        "battle": _battle(data, seat),
        "last_battle": _last_battle(data),
        "react": _react(data),
        "victory": data["victory"],
        "winners": list(data["winners"]),
    }


def _picking_view(data: Data) -> dict[str, Any]:
    """Before the table is set up (``civs: choose``): who has chosen which civilization, what is left."""
    return {
        "phase": {"kind": "setup", "name": PHASE["setup"]},
        "turn": 0,
        "first": data["first"],
        "order": list(data["order"]),
        "current": data["order"][data["i"]],
        "learning": data["learning"],
        "picks": list(data["picks"]),
        "civ_choices": [c for c in data["civ_pool"] if c not in data["picks"]],
        "map": None,
        "civs": [],
        "victory": None,
        "winners": [],
    }


def redetermine(data: Data, seat: int | None, rng: Rng) -> None:
    if "picks" in data:
        return  # nothing is hidden before the table is set up
    # face-down tiles (L118) and the face-down markers on the map (L892)
    deck.redeal(rng, [(c, "tile") for c in data["tiles"] if not c["up"]])
    others = [s for s in range(len(data["p"])) if s != seat]
    for kind, pool in (("hut", "huts"), ("village", "villages")):
        keys = [k for k, m in data["marks"].items() if m["k"] == kind]
        held = [
            (s, i) for s in others for i, m in enumerate(data["p"][s]["hv"]) if (m in HUTS) == (kind == "hut")
        ]
        ids = [data["marks"][k]["id"] for k in keys] + [data["p"][s]["hv"][i] for s, i in held] + data[pool]
        rng.shuffle(ids)
        for k in keys:
            data["marks"][k]["id"] = ids.pop()
        for s, i in held:
            data["p"][s]["hv"][i] = ids.pop()
        data[pool] = ids
    rng.shuffle(data["gps"])
    # unit cards: other seats' standing forces and hidden battle hands, and the face-down deck parts
    b = data["battle"]
    hidden_hands = [] if b is None else [s for s in ("a", "d") if combat.controller(b, s) != seat]
    for u in TYPES:
        units = data["decks"][u]
        slots: list[deck.Slot] = [(units, i) for i in range(len(units) - data["up"][u])]  # above the face-up
        for s in others:
            f = data["p"][s]["forces"]
            slots.extend((f, i) for i, c in enumerate(f) if UNIT_CARDS[c]["type"] == u)
        for side in hidden_hands:
            h = b["hand"][side] if b else []
            slots.extend((h, i) for i, c in enumerate(h) if UNIT_CARDS[c]["type"] == u)
        deck.redeal(rng, slots)
    # culture cards: other hands (same era) and the face-down deck parts
    for era, cards in data["culture"].items():
        cslots: list[deck.Slot] = [(cards, i) for i in range(len(cards) - data["culture_up"][era])]
        for s in others:
            h = data["p"][s]["hand"]
            cslots.extend((h, i) for i, c in enumerate(h) if EVENTS[c.rsplit("_", 1)[0]]["era"] == era)
        deck.redeal(rng, cslots)
    # the wonder deck: medieval cards stay above modern ones (L373)
    wd = data["wonder_deck"]
    for era in ("medieval", "modern"):
        deck.redeal(rng, [(wd, i) for i, w in enumerate(wd) if WONDERS[w]["era"] == era])
