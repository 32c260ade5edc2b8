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
    return list(geo.around(data, data["cities"][ci]["sq"]))


def owner_of_square(data: Data, sq: int) -> tuple[int, int]:
    """(owner seat, city index) of the city whose outskirts hold ``sq``, or (-1, -1)."""
    for i, c in enumerate(data["cities"]):
        if sq != c["sq"] and geo.cheb(data, sq, c["sq"]) == 1:
            return c["o"], i
    return -1, -1


def _four(icons: dict[str, Any]) -> tuple[int, int, int, int]:
    return (int(icons.get("trade", 0)), int(icons.get("production", 0)), int(icons.get("culture", 0)),
            int(icons.get("coin", 0)))


#: (trade, production, culture, coin) of every building, great person and wonder marker, by (kind, id).
_ITEM_YIELD: dict[tuple[str, str], tuple[int, int, int, int]] = {
    **{("b", k): _four(r["icons"]) for k, r in BUILDINGS.items()},
    **{("gp", k): _four(r["icons"]) for k, r in GREAT_PERSONS.items()},
    **{("w", k): (0, 0, int(r.get("icons", {}).get("culture", 0)), 0) for k, r in WONDERS.items()},
}
Yield = tuple[int, int, int, int, Any]  # trade, production, culture, coin, resource (or None)
_NOTHING: Yield = (0, 0, 0, 0, None)
_PRINTED: dict[str, tuple[Yield | None, ...]] = {}


def _printed(data: Data) -> tuple[Yield | None, ...]:
    """The printed icons of every square as tuples, cached by layout (``data["gk"]``)."""
    key = data["gk"]
    tab = _PRINTED.get(key)
    if tab is None:
        tab = tuple(None if g is None else (*_four(g), g.get("resource")) for g in geo.grid(data))
        if len(_PRINTED) > 4096:
            _PRINTED.clear()
        _PRINTED[key] = tab
    return tab


def square_yield(data: Data, sq: int) -> Yield:
    """``square_icons`` as a tuple (trade, production, culture, coin, resource): the fast form."""
    base = _printed(data)[sq]
    if base is None:
        return _NOTHING
    item = data["items"].get(str(sq))
    if item is None:
        return base
    tr, pr, cu, co = _ITEM_YIELD[(item["k"], item["id"])]
    if item["k"] == "w" and item["id"] in data["obsolete"]:
        return (0, 0, cu, 0, base[4])
    return (tr, pr, cu, co, base[4])


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
    y = square_yield(data, sq)
    return {"trade": y[0], "production": y[1], "culture": y[2], "coin": y[3], "resource": y[4]}


def worked_squares(data: Data, ci: int, occ: dict[int, list[str]] | None = None,
                   gathered: dict[int, list[int]] | None = None) -> list[int]:
    """Squares city ``ci`` collects from: its unblockaded outskirts (L605, L1266) plus the squares its
    owner's scouts gather for it this turn (L1235), including enemy outskirts (L1272).
    ``gathered`` is :func:`gathered_squares` of the position, when the caller has it."""
    occ = occupants(data) if occ is None else occ
    seat = data["cities"][ci]["o"]
    figs = data["figs"]
    out = [
        s
        for s in geo.around(data, data["cities"][ci]["sq"])
        if s not in occ or all(figs[f]["o"] == seat for f in occ[s])
    ]
    for sq in (gathered_squares(data) if gathered is None else gathered).get(ci, ()):
        if sq not in out:
            out.append(sq)
    # a square an enemy scout gathers from is the enemy's this turn (L1272)
    return out


def gathered_squares(data: Data) -> dict[int, list[int]]:
    """City index -> the squares its owner's scouts gather for it this turn (L1235), in figure order."""
    cities = data["cities"]
    out: dict[int, list[int]] = {}
    for f in data["figs"].values():
        ci = f.get("g")
        if ci is not None and 0 <= ci < len(cities) and cities[ci]["o"] == f["o"]:
            out.setdefault(ci, []).append(f["sq"])
    return out


def yield_bonuses(data: Data, seat: int, occ: dict[int, list[str]] | None = None) -> list[dict[str, Any]]:
    return [e for e in effects_in_force(data, seat, occ) if e["kind"] == "yield_bonus" and e["what"] in ICONS]


def city_yield(
    data: Data, ci: int, occ: dict[int, list[str]] | None = None, bonuses: list[dict[str, Any]] | None = None,
    dial: int | None = None,
) -> dict[str, Any]:
    """Trade, production, culture and coins of city ``ci`` and the resources it may harvest
    (``dial``: its owner's :func:`coins`, when the caller has it)."""
    occ = occupants(data) if occ is None else occ
    tr = pr = cu = co = 0
    res: set[str] = set()
    for s in worked_squares(data, ci, occ):
        y = square_yield(data, s)
        tr += y[0]
        pr += y[1]
        cu += y[2]
        co += y[3]
        if y[4]:
            res.add(y[4])
    tot: dict[str, Any] = {"trade": tr, "production": pr, "culture": cu, "coin": co}
    seat = data["cities"][ci]["o"]
    for e in yield_bonuses(data, seat, occ) if bonuses is None else bonuses:
        where = e.get("where", "each_city")
        if where in ("each_city", "city") or (where == "capital" and data["cities"][ci]["cap"]):
            tot[e["what"]] += int(e["amount"]) * per_coins(data, seat, e, occ, dial)
    tot["production"] += data.get("bonus_prod", {}).get(str(ci), 0)
    tot["resources"] = sorted(res)
    return tot


def per_coins(data: Data, seat: int, e: dict[str, Any], occ: dict[int, list[str]] | None = None,
              dial: int | None = None) -> int:
    """How many times an effect with ``per: "N_coins"`` applies (once without ``per``); ``dial`` is
    the seat's :func:`coins`, when the caller has it."""
    per = e.get("per")
    if not per or not str(per).endswith("_coins"):
        return 1
    return (coins(data, seat, occ) if dial is None else dial) // int(str(per).split("_")[0])


def gain_culture(data: Data, seat: int, n: int) -> int:
    """Give ``seat`` up to ``n`` culture tokens from the bank of 90 (L79): what the players hold is
    out of the bank. Returns how many it got."""
    left = int(MARKET["banks"]["culture"]) - sum(int(p["culture"]) for p in data["p"])
    got = max(0, min(n, left))
    data["p"][seat]["culture"] += got
    return got


def hand_limit(data: Data, seat: int, dial: int | None = None) -> int:
    """The culture hand limit (L798, L822): the traits' value plus Computers' +1 per 5 coins (S3)
    (``dial``: the seat's :func:`coins`, when the caller has it)."""
    n = int(traits(data, seat)["hand"])
    for e in effects_in_force(data, seat):
        if e["kind"] == "hand_limit" and "per" in e:
            n += int(e["delta"]) * per_coins(data, seat, e, dial=dial)
    return n


def cities_of(data: Data, seat: int) -> list[int]:
    return [i for i, c in enumerate(data["cities"]) if c["o"] == seat]


def coins(data: Data, seat: int, occ: dict[int, list[str]] | None = None) -> int:
    """The economy dial (L1209-1229): coins of the squares the seat works now, coin tokens on its
    techs (never lost) and flat coin effects in force."""
    occ = occupants(data) if occ is None else occ
    return _coins(data, seat, occ, gathered_squares(data))


def all_coins(data: Data, occ: dict[int, list[str]] | None = None) -> list[int]:
    """:func:`coins` of every seat, in seat order (one pass over the figures for all of them)."""
    occ = occupants(data) if occ is None else occ
    gathered = gathered_squares(data)
    return [_coins(data, seat, occ, gathered) for seat in range(len(data["p"]))]


def _coins(data: Data, seat: int, occ: dict[int, list[str]], gathered: dict[int, list[int]]) -> int:
    n = sum(data["p"][seat]["coin_tokens"].values())
    printed, items = _printed(data), data["items"]
    cities = 0
    for ci, c in enumerate(data["cities"]):
        if c["o"] != seat:
            continue
        cities += 1
        for s in worked_squares(data, ci, occ, gathered):
            if str(s) in items:
                n += square_yield(data, s)[3]
            else:
                y = printed[s]
                n += y[3] if y is not None else 0
    for e in effects_in_force(data, seat, occ):
        if e["kind"] == "coins" or (e["kind"] == "yield_bonus" and e["what"] == "coin"):
            n += int(e["amount"]) * (cities if e.get("where") == "each_city" else 1)
    return n


def wonder_blockaded(data: Data, wid: str, occ: dict[int, list[str]] | None = None) -> bool:
    """A wonder whose marker has an enemy figure on it has no ability (L1268)."""
    for key, item in data["items"].items():
        if item["k"] == "w" and item["id"] == wid:
            return enemy_on(data, int(key), item["o"], occ)
    return False


# ------------------------------------------------------------------ figures
def new_fig(data: Data, seat: int, kind: str, sq: int) -> str:
    data["nf"] += 1
    fid = f"f{data['nf']}"
    data["figs"][fid] = {"o": seat, "k": kind, "sq": sq}
    return fid


def on_map(data: Data, seat: int, kind: str) -> int:
    return sum(1 for f in data["figs"].values() if f["o"] == seat and f["k"] == kind)


def unbuilt(data: Data, seat: int, kind: str) -> int:
    """Figures on the civilization sheet (L493): armies or scouts not on the map."""
    p = data["p"][seat]
    return int(p["armies"] if kind == "army" else p["scouts"]) - on_map(data, seat, kind)


def can_end_on(
    data: Data,
    seat: int,
    sq: int,
    adding: int = 1,
    occ: dict[int, list[str]] | None = None,
    water: str | None = None,
) -> bool:
    """A figure of ``seat`` may end movement / be placed on ``sq``: a face-up square, water only when
    allowed (L862-868), not a city centre (L926), no enemy there, within the stacking limit (L860)."""
    g = geo.grid(data)[sq]
    if g is None:
        return False
    tr = traits(data, seat)
    if g["terrain"] == "water" and (water or tr["water"]) != "end":
        return False
    if city_at(data, sq) >= 0 or str(sq) in data["marks"]:
        return False
    occ = occupants(data) if occ is None else occ
    here = occ.get(sq, [])
    if any(data["figs"][f]["o"] != seat for f in here):
        return False
    return len(here) + adding <= tr["stack"]


def knows(data: Data, seat: int, tid: str) -> bool:
    return tid in data["p"][seat]["techs"]
