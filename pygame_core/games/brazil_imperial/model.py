"""The position's shape and the small questions every rule asks of it: whose tile a hex holds, who
controls it (L509-510: an occupier while its units stay), what terrain it counts as (L245-255), where
units stand, how full a supply is (cap 5, L47).

State (``ctx.data``, JSON only) as docs/bz-spec "State": ``hexes`` holds only what changes (static
terrain is in :mod:`data`); ``units`` by id; ``players`` per seat; ``decks``; ``turn``; ``pending``
(a queue of small steps owed by a seat: trims, choices, era markers).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import GOODS, RESOURCES

Data = dict[str, Any]

SUPPLY_CAP = 5  # L47, L404, L415
HAND_LIMIT = 3  # L290 (gold), L301 (battle)
BATTLE_MAX = 3  # L294, L499


def geo(g: Data) -> bd.Geometry:
    return bd.geometry(g["map"])


def player(g: Data, seat: int) -> Data:
    p: Data = g["players"][seat]
    return p


def supply_total(p: Data) -> int:
    return sum(p["supply"].values())


def add_goods(box: dict[str, int], goods: dict[str, int]) -> None:
    for k, n in goods.items():
        if n:
            box[k] = box.get(k, 0) + n


def take_goods(box: dict[str, int], good: str, n: int = 1) -> None:
    box[good] -= n
    if not box[good]:
        del box[good]


def tile(g: Data, h: str) -> Data | None:
    """The building or city on ``h`` (``{"kind": "building"|"city", ...}``), or None."""
    x = g["hexes"][h]
    t: Data | None = x.get("building") or x.get("city")
    return t


def units_at(g: Data, h: str) -> list[str]:
    return [u for u, x in g["units"].items() if x["hex"] == h]


def seats_at(g: Data, h: str) -> set[int]:
    return {g["units"][u]["seat"] for u in units_at(g, h)}


def owner(g: Data, h: str) -> int | None:
    """The seat that built the tile on ``h`` (a capital's seat too), or None."""
    x = g["hexes"][h]
    if x.get("capital") is not None:
        return int(x["capital"])
    t = tile(g, h)
    return None if t is None else int(t["owner"])


def seats_by_hex(g: Data) -> dict[str, set[int]]:
    """The seats whose units stand on each hex, in one pass over the units (a unit off the map
    stands on none): what :func:`controlled` and :func:`owned_anchors` ask of every tile at once."""
    out: dict[str, set[int]] = {}
    for u in g["units"].values():
        h = u["hex"]
        if h is not None:
            there = out.get(h)
            if there is None:
                out[h] = {u["seat"]}
            else:
                there.add(u["seat"])
    return out


def _control(x: Data, h: str, occupants: dict[str, set[int]]) -> int | None:
    """:func:`controller` of the hex ``h`` (its state ``x``), the units' seats by hex given."""
    cap = x.get("capital")
    if cap is not None:
        return int(cap)
    t = x.get("building") or x.get("city")
    if t is None:
        return None
    own = int(t["owner"])
    there = occupants.get(h)
    if there:
        there = there - {own}
        if there:
            return next(iter(there))
    return own


def controller(g: Data, h: str) -> int | None:
    """Who controls the tile on ``h``: its owner, unless another seat's units stand on it (they won
    it, L509; control returns to the owner when the last of them leaves, L510). A capital is never
    occupied (L509)."""
    return _control(g["hexes"][h], h, {h: seats_at(g, h)})


def occupied(g: Data, h: str) -> bool:
    own = owner(g, h)
    return own is not None and controller(g, h) != own


def terrain(g: Data, h: str) -> str:
    """The terrain ``h`` counts as now: "building" under a tile or capital (L171, L247), "plains" for
    an unexplored tile (L252), "bandeiras" for a flipped one (B11), else the map's terrain."""
    x = g["hexes"][h]
    if x.get("capital") is not None or tile(g, h) is not None:
        return "building"
    if x.get("explore") is not None:
        return "plains"
    if x.get("bandeiras"):
        return "bandeiras"
    return geo(g).terrain[h]


def controlled(g: Data, seat: int) -> list[str]:
    """The hexes whose building or city ``seat`` controls (capitals are not tiles here)."""
    hexes = g["hexes"]
    tiled = [h for h, x in hexes.items() if x["building"] is not None or x["city"] is not None]
    if not tiled:
        return tiled
    tiled.sort(key=geo(g).index.__getitem__)  # the map's order, whatever the order of g["hexes"]
    occupants = seats_by_hex(g)
    return [h for h in tiled if _control(hexes[h], h, occupants) == seat]


def owned_anchors(g: Data, seat: int) -> set[str]:
    """Hexes of the seat's own capital, cities and buildings that it also controls (B13: only owned
    tiles are Build anchors; an occupied own tile is not, L511)."""
    hexes = g["hexes"]
    occupants = seats_by_hex(g)
    out = set()
    for h in geo(g).order:
        x = hexes[h]
        if _control(x, h, occupants) == seat and owner(g, h) == seat:
            out.add(h)
    return out


def enemy_tile(g: Data, h: str, seat: int) -> bool:
    own = owner(g, h)
    return own is not None and own != seat


def adjacent_enemy(g: Data, h: str, seat: int) -> bool:
    """L386, L383: an opponent's building, city or capital on ``h`` or next to it."""
    return any(enemy_tile(g, n, seat) for n in (h, *geo(g).neighbours[h]))


def resources_of(goods: dict[str, int]) -> int:
    return sum(n for k, n in goods.items() if k in RESOURCES)


def goods_order() -> tuple[str, ...]:
    return GOODS


def unit_vp(g: Data, uid: str) -> int:
    u = g["units"][uid]
    return int(unit_slot(g, u["seat"], u["slot"]).get("vp", 0))


def unit_slot(g: Data, seat: int, slot: int) -> Data:
    b = bd.board(player(g, seat)["board"])
    s: Data = b["units"][slot]
    return s


def era_of(building: str) -> int:
    return int(bd.BUILDINGS[building].get("era", 1))


def finish_arch(g: Data) -> None:
    """An arch's steps are done: back to the arch an extra action interrupted, else on to the
    movement phase (L27-30)."""
    turn = g["turn"]
    saved = turn.get("saved") or []
    for k in ("doing", "step", "fresh"):
        turn.pop(k, None)
    if saved:
        turn.update(saved.pop())
        if not saved:
            turn.pop("saved", None)
        return
    turn["phase"] = "movement"


def owe(g: Data, item: Data) -> None:
    """Queue a step ``item["seat"]`` owes now: before the era-marker round of an era change (every
    seat's), after the seat's other owed steps."""
    queue = g["pending"]
    at = next((i for i, x in enumerate(queue) if x["kind"] == "marker"), len(queue))
    queue.insert(at, item)
