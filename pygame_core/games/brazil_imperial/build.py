"""Build (L379-388) and Renovate (L390-395): where a building or city may stand, and production.

Build:
- a building: era gating (L169: this era's and earlier), terrain (L173-179; an unexplored tile
  counts as plains, L252; a flipped Bandeiras tile takes nothing, B11), next to the seat's own
  capital, city or building (L386; B13: owned and controlled), never on or next to an opponent's
  building, city or capital (L386), never where enemy units stand (FAQ);
- a city: the top tile of either stack (L383), on the hex of the seat's own monarch unit, with no
  adjacency needed (L171, L268), never next to an opponent's tile (L383);
- cities and era III buildings may cover the seat's own era I/II building (L171, B9: the covered tile
  is removed, with its goods);
- building on an unexplored tile discards it face down without its reward (L253);
- a new building produces at once, onto its tile (L387-388); upgraded Build lets any resource pay a
  resource (L427-429, FAQ: not gold or science).

Renovate: an own, controlled building holding no goods (L392; FAQ: not an occupied enemy tile);
pay 1 resource, not from that tile (L395; upgraded: free, L437); produce again, or flip it ignoring
terrain and produce the new side (L393-394); a tile under a palace does not flip (L330).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import economy, effects, model, monarchs
from pygame_core.games.brazil_imperial.text import fmt, said, t
from pygame_core.kernel import Ctx

Data = dict[str, Any]
Action = dict[str, Any]
NOT_BUILDABLE = ("water", "edge", "bandeiras")


def _upgraded(g: Data, seat: int, arch: str) -> bool:
    return arch in model.player(g, seat)["products"].values()


def terrain_ok(g: Data, h: str, building: str) -> bool:
    want = bd.BUILDINGS[building].get("terrain", "any")
    here = model.terrain(g, h)
    if here in NOT_BUILDABLE or here == "building":
        return False
    return want == "any" or here in (want if isinstance(want, list) else [want])


def coverable(g: Data, h: str, seat: int) -> bool:
    """B9: the seat's own era I/II building, controlled, with no palace."""
    b = model.building(g, h)
    return (
        b is not None
        and b["owner"] == seat
        and model.controller(g, h) == seat
        and model.era_of(b["id"]) <= 2
        and not b.get("palace")
    )


def _site_ok(g: Data, h: str, seat: int) -> bool:
    return not model.adjacent_enemy(g, h, seat) and not (model.seats_at(g, h) - {seat})


def tiles_for(g: Data, building: str) -> list[str]:
    """Tiles in stock with ``building`` on a side, one per other side (the choice matters for a flip)."""
    out, seen = [], set()
    for x in bd.TILES:
        if g["tiles"].get(x["id"], 0) <= 0 or building not in x["sides"]:
            continue
        other = x["sides"][1 - x["sides"].index(building)]
        if other not in seen:
            seen.add(other)
            out.append(str(x["id"]))
    return out


def build_cost(g: Data, seat: int, what: str, stack: int | None = None) -> Any:
    if what == "city":
        assert stack is not None
        return economy.discounted(
            g, seat, "build", bd.CITIES[g["decks"]["cities"][stack][-1]].get("cost", {})
        )
    return economy.discounted(g, seat, "build", bd.BUILDINGS[what].get("cost", {}))


def build_legal(g: Data, seat: int) -> list[Action]:
    out: list[Action] = []
    anchors = model.owned_anchors(g, seat)
    geo = model.geo(g)
    near = {n for a in anchors for n in geo.neighbours[a]}
    any_ok = _upgraded(g, seat, "build")
    # what does not depend on the building, found once: the hexes a building may go on (an empty one
    # next to an anchor, or a tile), whether each is empty, and whether it is a site (_site_ok)
    cands: list[tuple[str, bool]] | None = None
    site: dict[str, bool] = {}
    bag: economy.Bag | None = None  # what the seat may pay with (economy.can_pay's), made once
    for b in sorted(bd.BUILDINGS):
        if model.era_of(b) > g["era"]:
            continue
        tiles = tiles_for(g, b) if bd.TILES else [""]
        if not tiles:
            continue
        if bag is None:
            bag = economy.Bag.of(g, seat, any_ok=any_ok)
        if not economy.bag_pays(bag, build_cost(g, seat, b)):
            continue
        if cands is None:
            cands = []
            for h in geo.order:
                empty = model.tile(g, h) is None and model.capital(g, h) is None
                if not empty or h in near:
                    cands.append((h, empty))
        era3 = model.era_of(b) == 3
        for h, empty in cands:
            if empty and not terrain_ok(g, h, b):
                continue
            if not empty and not (era3 and coverable(g, h, seat)):
                continue
            ok = site.get(h)
            if ok is None:
                ok = site[h] = _site_ok(g, h, seat)
            if ok:
                out += [{"type": "build", "what": b, "hex": h, "tile": tid} for tid in tiles]
    for h in monarch_hexes(g, seat):
        ok = (model.tile(g, h) is None and model.capital(g, h) is None) or coverable(g, h, seat)
        if not ok or model.terrain(g, h) in NOT_BUILDABLE or not _site_ok(g, h, seat):
            continue
        for stack in (0, 1):
            if g["decks"]["cities"][stack] and economy.can_pay(g, seat, build_cost(g, seat, "city", stack)):
                out.append({"type": "build", "what": "city", "hex": h, "stack": stack})
    return out


def monarch_hexes(g: Data, seat: int) -> list[str]:
    """Where the seat's monarch units stand (L171, L268)."""
    out = []
    for u in g["units"].values():
        if u["seat"] == seat and u["state"] == "map":
            if model.unit_slot(g, seat, u["slot"]).get("type") == "monarch" and u["hex"] not in out:
                out.append(u["hex"])
    return out


def build(ctx: Ctx, seat: int, action: Action) -> None:
    """Place the building or city, its cost paid (arches.charge)."""
    g = ctx.data
    h, what = action["hex"], action["what"]
    stack = action.get("stack")
    face_down = model.explore(g, h)
    if face_down is not None:  # L253: discarded face down, no reward
        g["box"].append(face_down)
        model.put(g, h, "explore", None)
    model.put(g, h, "building", None)  # B9: a covered own era I/II tile is removed with its goods
    forest = bd.geometry(g["map"]).terrain[h] == "forest" and not model.bandeiras(g, h)
    if what == "city":
        city = g["decks"]["cities"][stack].pop()
        model.put(g, h, "city", {"kind": "city", "id": city, "owner": seat, "palace": None})
        ctx.reveal()  # the next tile of the stack shows
        ctx.log(said(seat, fmt(t("builds the city {c}", "建造城市 {c}"), c=bd.name(bd.CITIES[city]))))
    else:
        tid = action.get("tile") or ""
        side = 0
        if tid:
            side = list(next(e["sides"] for e in bd.TILES if e["id"] == tid)).index(what)
            g["tiles"][tid] -= 1
        b: Data = {
            "kind": "building",
            "id": what,
            "tile": tid,
            "side": side,
            "owner": seat,
            "goods": {},
            "palace": None,
        }
        model.put(g, h, "building", b)
        ov = monarchs.override(g, seat, what)
        if ov is not None:
            b["vp"], b["output"] = ov
            monarchs.count_override(g, seat)
        ctx.log(said(seat, fmt(t("builds a {b}", "建造{b}"), b=bd.name(bd.BUILDINGS[what]))))
        produce(ctx, h)
    if forest:
        monarchs.on_forest_build(ctx, seat)


def output(g: Data, h: str) -> dict[str, int]:
    """What the building on ``h`` produces: its own output (or a monarch's override) plus the
    owner's production paintings for it (L271-275: all of the holder's buildings)."""
    b = model.building(g, h)
    assert b is not None
    goods = dict(b.get("output") or bd.BUILDINGS[b["id"]].get("produces", {}))
    owner = model.player(g, b["owner"])
    for card in owner["paintings"]:
        ab = bd.PAINTINGS[card].get("ability") or {}
        if ab.get("kind") == "production" and ab.get("building") == b["id"]:
            model.add_goods(goods, {k: int(v) for k, v in ab.get("extra", {}).items()})
    return goods


def produce(ctx: Ctx, h: str) -> None:
    goods = output(ctx.data, h)
    b = model.building(ctx.data, h)
    assert b is not None
    model.add_goods(b["goods"], goods)
    ctx.log(
        fmt(
            t("The {b} produces {g}", "{b}生產 {g}"),
            b=bd.name(bd.BUILDINGS[b["id"]]),
            g=effects.goods_text(goods),
        )
    )


def renovate_legal(g: Data, seat: int) -> list[Action]:
    out: list[Action] = []
    free = _upgraded(g, seat, "renovate")
    for h in model.controlled(g, seat):
        b = model.building(g, h)
        if b is None or b["owner"] != seat or b["goods"]:
            continue
        if not free and not economy.can_pay(g, seat, {"any_resource": 1}, exclude=h):
            continue
        out.append({"type": "renovate", "hex": h, "flip": False})
        if not b.get("palace") and b.get("tile"):
            out.append({"type": "renovate", "hex": h, "flip": True})
    return out


def renovate(ctx: Ctx, seat: int, h: str, flip: bool) -> None:
    """Produce again, or flip and produce; its resource paid (arches.charge: not from this tile)."""
    g = ctx.data
    b = model.building(g, h)
    assert b is not None
    if flip:
        b["side"] = 1 - int(b["side"])
        b["id"] = bd.building_for_tile(b["tile"], b["side"])
        b.pop("vp", None)
        b.pop("output", None)
        ctx.log(
            said(seat, fmt(t("flips the tile to a {b}", "將板塊翻面為{b}"), b=bd.name(bd.BUILDINGS[b["id"]])))
        )
    else:
        ctx.log(said(seat, fmt(t("renovates the {b}", "翻新{b}"), b=bd.name(bd.BUILDINGS[b["id"]]))))
    produce(ctx, h)


def tile_vp(g: Data, h: str) -> int:
    """A tile's VP, which is also its strength (L491)."""
    b = model.building(g, h)
    if b is not None:
        vp: Any = b.get("vp", bd.BUILDINGS[b["id"]]["vp"])  # a monarch override sets its own
        return int(vp)
    c = model.city(g, h)
    if c is not None:
        return int(bd.CITIES[c["id"]]["vp"])
    return 0
