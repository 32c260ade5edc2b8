"""Derived facts of a position: outskirts, blockades, yields, coins and a player's traits."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import geo
from pygame_core.games.civilization.data import (
    BUILDINGS,
    CIVS,
    GOVS,
    GREAT_PERSONS,
    MARKET,
    STARTING,
    TECHS,
    WONDERS,
)

Data = dict[str, Any]
ICONS = ("trade", "production", "culture", "coin")
_START = STARTING


def civ_rules(p: dict[str, Any]) -> list[dict[str, Any]]:
    """The civilization's ongoing abilities (its sheet, data); ``civ_effects`` in a player's data
    overrides them (tests, or a card that grants or removes an ability)."""
    if "civ_effects" in p:
        return list(p["civ_effects"])
    return list(CIVS[p["civ"]].get("abilities", []))


_STATIC: dict[tuple[Any, ...], list[dict[str, Any]]] = {}


def effects_in_force(data: Data, seat: int, occ: dict[int, list[str]] | None = None) -> list[dict[str, Any]]:
    """Effects of ``seat``'s techs (unlocks excluded), government and unobsolete, unblockaded wonders."""
    p = data["p"][seat]
    key = (tuple(p["techs"]), p["gov"])
    static = _STATIC.get(key)
    if static is None:
        static = []
        for tid in p["techs"]:
            rec = TECHS[tid]
            static.extend(rec.get("traits", []))
            static.extend(e for e in rec.get("abilities", []) if e["kind"] not in ("resource_ability",))
        gov = GOVS.get(p["gov"])
        if gov:
            static.extend(gov.get("abilities", []))
        if len(_STATIC) > 20000:
            _STATIC.clear()
        _STATIC[key] = static
    if not p["wonders"]:
        return static
    out = list(static)
    for wid in p["wonders"]:
        if wid not in data["obsolete"] and not wonder_blockaded(data, wid, occ):
            out.extend(WONDERS[wid].get("abilities", []))
    return out


_TRAITS: dict[tuple[Any, ...], dict[str, Any]] = {}


def traits(data: Data, seat: int) -> dict[str, Any]:
    """Travel speed, stacking limit, culture hand limit, city limit and water movement (L854-868, L539,
    L822): the starting values raised by the techs in force (and a civilization's own effects)."""
    p = data["p"][seat]
    key = (tuple(p["techs"]), p["gov"], p["civ"], str(p.get("civ_effects")))
    hit = _TRAITS.get(key)
    if hit is not None:
        return dict(hit)
    tr: dict[str, Any] = {
        "speed": int(_START["travel_speed"]),
        "stack": int(_START["stacking_limit"]),
        "hand": int(_START["hand_limit"]),
        "cities": int(_START["city_limit"]),
        "water": "none",
        "battle_hand": int(_START["battle_hand"]),
    }
    for tid in p["techs"]:
        for e in TECHS[tid].get("traits", []):
            _trait(tr, e)
    for e in civ_rules(p):
        _trait(tr, e)
    gov = GOVS.get(p["gov"])
    for e in gov.get("abilities", []) if gov else []:
        _trait(tr, e)
    tr["stack"] += tr.pop("stack_delta", 0)
    if len(_TRAITS) > 20000:
        _TRAITS.clear()
    _TRAITS[key] = dict(tr)
    return tr


def _trait(tr: dict[str, Any], e: dict[str, Any]) -> None:
    k = e["kind"]
    if k == "travel_speed":
        tr["speed"] = max(tr["speed"], int(e["value"]))
    elif k == "stacking_limit" and "value" in e:
        tr["stack"] = max(tr["stack"], int(e["value"]))
    elif k == "stacking_limit":
        tr["stack_delta"] = tr.get("stack_delta", 0) + int(e["delta"])  # Russia: +1 on any limit
    elif k == "hand_limit" and "per" not in e:
        tr["hand"] += int(e["delta"])
    elif k == "city_limit":
        tr["cities"] = max(tr["cities"], int(e["value"]))
    elif k == "battle_hand" and "per" not in e:
        tr["battle_hand"] += int(e["delta"])
    elif k == "water_move":
        order = ["none", "cross", "end"]
        if order.index(e["mode"]) > order.index(tr["water"]):
            tr["water"] = e["mode"]


def occupants(data: Data) -> dict[int, list[str]]:
    """Square -> ids of the figures on it."""
    out: dict[int, list[str]] = {}
    for fid, f in data["figs"].items():
        out.setdefault(f["sq"], []).append(fid)
    return out


def enemy_on(data: Data, sq: int, seat: int, occ: dict[int, list[str]] | None = None) -> bool:
    occ = occupants(data) if occ is None else occ
    return any(data["figs"][f]["o"] != seat for f in occ.get(sq, []))


def city_at(data: Data, sq: int) -> int:
    for i, c in enumerate(data["cities"]):
        if c["sq"] == sq:
            return i
    return -1


def outskirts(data: Data, ci: int) -> list[int]:
    """The 8 squares around city ``ci`` (L417) that are on the map."""
    return [s for s in geo.ring(data, data["cities"][ci]["sq"]) if s is not None]


def owner_of_square(data: Data, sq: int) -> tuple[int, int]:
    """(owner seat, city index) of the city whose outskirts hold ``sq``, or (-1, -1)."""
    for i, c in enumerate(data["cities"]):
        if sq != c["sq"] and geo.cheb(data, sq, c["sq"]) == 1:
            return c["o"], i
    return -1, -1


def item_icons(item: dict[str, Any]) -> dict[str, int]:
    k, rid = item["k"], item["id"]
    if k == "b":
        return dict(BUILDINGS[rid]["icons"])
    if k == "gp":
        return dict(GREAT_PERSONS[rid]["icons"])
    return {"culture": int(WONDERS[rid].get("icons", {}).get("culture", 0))}


def square_icons(data: Data, sq: int) -> dict[str, Any]:
    """What ``sq`` yields to whoever works it: printed icons, replaced wholesale by a building, great
    person or wonder marker on it (L722-724, L830); the resource icon stays (harvest, L838)."""
    g = geo.grid(data)[sq]
    if g is None:
        return {"trade": 0, "production": 0, "culture": 0, "coin": 0, "resource": None}
    item = data["items"].get(str(sq))
    if item is None:
        out: dict[str, Any] = {k: int(g.get(k, 0)) for k in ICONS}
    else:
        icons = item_icons(item)
        out = {k: int(icons.get(k, 0)) for k in ICONS}
        if item["k"] == "w" and (item["id"] in data["obsolete"]):
            out = {"trade": 0, "production": 0, "culture": out["culture"], "coin": 0}
    out["resource"] = g.get("resource")
    return out


def worked_squares(data: Data, ci: int, occ: dict[int, list[str]] | None = None) -> list[int]:
    """Squares city ``ci`` collects from: its unblockaded outskirts (L605, L1266) plus the squares its
    owner's scouts gather for it this turn (L1235), including enemy outskirts (L1272)."""
    occ = occupants(data) if occ is None else occ
    seat = data["cities"][ci]["o"]
    out = [s for s in outskirts(data, ci) if not enemy_on(data, s, seat, occ)]
    for f in data["figs"].values():
        if f["o"] == seat and f.get("g") == ci and f["sq"] not in out:
            out.append(f["sq"])
    # a square an enemy scout gathers from is the enemy's this turn (L1272)
    return out


def yield_bonuses(data: Data, seat: int, occ: dict[int, list[str]] | None = None) -> list[dict[str, Any]]:
    return [e for e in effects_in_force(data, seat, occ) if e["kind"] == "yield_bonus" and e["what"] in ICONS]


def city_yield(
    data: Data, ci: int, occ: dict[int, list[str]] | None = None, bonuses: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """Trade, production, culture and coins of city ``ci`` and the resources it may harvest."""
    occ = occupants(data) if occ is None else occ
    tot: dict[str, Any] = {k: 0 for k in ICONS}
    res: set[str] = set()
    for s in worked_squares(data, ci, occ):
        y = square_icons(data, s)
        for k in ICONS:
            tot[k] += y[k]
        if y["resource"]:
            res.add(y["resource"])
    seat = data["cities"][ci]["o"]
    for e in yield_bonuses(data, seat, occ) if bonuses is None else bonuses:
        where = e.get("where", "each_city")
        if where in ("each_city", "city") or (where == "capital" and data["cities"][ci]["cap"]):
            tot[e["what"]] += int(e["amount"]) * per_coins(data, seat, e, occ)
    tot["production"] += data.get("bonus_prod", {}).get(str(ci), 0)
    tot["resources"] = sorted(res)
    return tot


def per_coins(data: Data, seat: int, e: dict[str, Any], occ: dict[int, list[str]] | None = None) -> int:
    """How many times an effect with ``per: "N_coins"`` applies (once without ``per``)."""
    per = e.get("per")
    if not per or not str(per).endswith("_coins"):
        return 1
    return coins(data, seat, occ) // int(str(per).split("_")[0])


def gain_culture(data: Data, seat: int, n: int) -> int:
    """Give ``seat`` up to ``n`` culture tokens from the bank of 90 (L79): what the players hold is
    out of the bank. Returns how many it got."""
    left = int(MARKET["banks"]["culture"]) - sum(int(p["culture"]) for p in data["p"])
    got = max(0, min(n, left))
    data["p"][seat]["culture"] += got
    return got


def hand_limit(data: Data, seat: int) -> int:
    """The culture hand limit (L798, L822): the traits' value plus Computers' +1 per 5 coins (S3)."""
    n = int(traits(data, seat)["hand"])
    for e in effects_in_force(data, seat):
        if e["kind"] == "hand_limit" and "per" in e:
            n += int(e["delta"]) * per_coins(data, seat, e)
    return n


def cities_of(data: Data, seat: int) -> list[int]:
    return [i for i, c in enumerate(data["cities"]) if c["o"] == seat]


def coins(data: Data, seat: int, occ: dict[int, list[str]] | None = None) -> int:
    """The economy dial (L1209-1229): coins of the squares the seat works now, coin tokens on its
    techs (never lost) and flat coin effects in force."""
    occ = occupants(data) if occ is None else occ
    n = sum(data["p"][seat]["coin_tokens"].values())
    for ci in cities_of(data, seat):
        n += sum(square_icons(data, s)["coin"] for s in worked_squares(data, ci, occ))
    for e in effects_in_force(data, seat, occ):
        if e["kind"] == "coins" or (e["kind"] == "yield_bonus" and e["what"] == "coin"):
            n += int(e["amount"]) * (len(cities_of(data, seat)) if e.get("where") == "each_city" else 1)
    return n


def wonder_blockaded(data: Data, wid: str, occ: dict[int, list[str]] | None = None) -> bool:
    """A wonder whose marker has an enemy figure on it has no ability (L1268)."""
    for key, item in data["items"].items():
        if item["k"] == "w" and item["id"] == wid:
            return enemy_on(data, int(key), item["o"], occ)
    return False


def knows(data: Data, seat: int, tid: str) -> bool:
    return tid in data["p"][seat]["techs"]
