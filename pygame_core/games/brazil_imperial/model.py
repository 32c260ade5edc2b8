"""The position's shape and the small questions every rule asks of it: whose tile a hex holds, who
controls it (L509-510: an occupier while its units stay), what terrain it counts as (L245-255), where
units stand, how full a supply is (cap 5, L47).

State (``ctx.data``, JSON only) as docs/bz-spec "State": ``hexes`` holds only what changes (static
terrain is in :mod:`data`); ``units`` by id; ``players`` per seat; ``decks``; ``turn``; ``pending``
(a queue of small steps owed by a seat: trims, choices, era markers).

``hexes`` is sparse: a hex is there only while it holds something, and then only with the fields it
holds (``building``, ``city``, ``capital``, ``explore``, ``bandeiras``: :data:`HEX_FIELDS`); a field
that is not there is None (False for ``bandeiras``). Most of the 169 hexes hold nothing, and a
position that writes them all out is the larger part of what a save holds, a load parses and a
digest writes (README "Speed"). Rules read a hex through :func:`building`, :func:`city`,
:func:`capital`, :func:`explore`, :func:`bandeiras` (or :func:`at`) and change it through
:func:`put` only, which keeps the shape: a field set to None or False is removed, a hex that holds
nothing is removed.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import GOODS, RESOURCES

Data = dict[str, Any]

SUPPLY_CAP = 5  # L47, L404, L415
HAND_LIMIT = 3  # L290 (gold), L301 (battle)
BATTLE_MAX = 3  # L294, L499


#: What a hex of ``hexes`` may hold (model docstring); a field it does not hold is None (bandeiras: False).
HEX_FIELDS = ("building", "city", "capital", "explore", "bandeiras")
#: What a hex that holds nothing reads as: shared by every such hex, so read-only by type.
NOTHING: Mapping[str, Any] = MappingProxyType({})


def at(g: Data, h: str) -> Mapping[str, Any]:
    """What hex ``h`` holds: only its fields that are set (:data:`NOTHING` for an empty hex). For
    reading; change a hex with :func:`put`."""
    x: Mapping[str, Any] = g["hexes"].get(h, NOTHING)
    return x


def building(g: Data, h: str) -> Data | None:
    """The building tile on ``h`` (``{"kind": "building", "id", "tile", "side", "owner", "goods",
    "palace", ...}``; the tile itself, changed in place by production and trade), or None."""
    b: Data | None = g["hexes"].get(h, NOTHING).get("building")
    return b


def city(g: Data, h: str) -> Data | None:
    c: Data | None = g["hexes"].get(h, NOTHING).get("city")
    return c


def capital(g: Data, h: str) -> int | None:
    """The seat whose capital stands on ``h``, or None."""
    c: int | None = g["hexes"].get(h, NOTHING).get("capital")
    return c


def explore(g: Data, h: str) -> str | None:
    """The face-down exploration tile on ``h``, or None."""
    e: str | None = g["hexes"].get(h, NOTHING).get("explore")
    return e


def bandeiras(g: Data, h: str) -> bool:
    """Whether ``h`` shows a flipped exploration tile's Bandeiras side (B11)."""
    return bool(g["hexes"].get(h, NOTHING).get("bandeiras", False))


def put(g: Data, h: str, field: str, value: Any) -> None:
    """Set ``field`` of hex ``h`` to ``value``; None (or False) clears it, and a hex left holding
    nothing leaves ``hexes`` (the model docstring's shape, whatever the order of the changes)."""
    if field not in HEX_FIELDS:
        raise KeyError(field)
    hexes = g["hexes"]
    x = hexes.get(h)
    if value is None or value is False:
        if x is not None and field in x:
            del x[field]
            if not x:
                del hexes[h]
    elif x is None:
        hexes[h] = {field: value}
    else:
        x[field] = value


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
    x = g["hexes"].get(h, NOTHING)
    t: Data | None = x.get("building") or x.get("city")
    return t


def units_at(g: Data, h: str) -> list[str]:
    return [u for u, x in g["units"].items() if x["hex"] == h]


def seats_at(g: Data, h: str) -> set[int]:
    return {g["units"][u]["seat"] for u in units_at(g, h)}


def owner(g: Data, h: str) -> int | None:
    """The seat that built the tile on ``h`` (a capital's seat too), or None."""
    x = g["hexes"].get(h, NOTHING)
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


def _control(x: Mapping[str, Any], h: str, occupants: dict[str, set[int]]) -> int | None:
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
    return _control(at(g, h), h, {h: seats_at(g, h)})


def occupied(g: Data, h: str) -> bool:
    own = owner(g, h)
    return own is not None and controller(g, h) != own


def terrain(g: Data, h: str) -> str:
    """The terrain ``h`` counts as now: "building" under a tile or capital (L171, L247), "plains" for
    an unexplored tile (L252), "bandeiras" for a flipped one (B11), else the map's terrain."""
    x = g["hexes"].get(h, NOTHING)
    if x.get("capital") is not None or x.get("building") is not None or x.get("city") is not None:
        return "building"
    if x.get("explore") is not None:
        return "plains"
    if x.get("bandeiras"):
        return "bandeiras"
    return geo(g).terrain[h]


def controlled(g: Data, seat: int) -> list[str]:
    """The hexes whose building or city ``seat`` controls (capitals are not tiles here)."""
    hexes = g["hexes"]
    tiled = [h for h, x in hexes.items() if x.get("building") is not None or x.get("city") is not None]
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
    for h, x in hexes.items():  # a set: the order does not matter
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
