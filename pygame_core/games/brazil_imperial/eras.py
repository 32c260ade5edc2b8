"""Eras, missions and palaces (L303-355).

- A mission is shown on its owner's own turn, at any point of it (B25), once all its objectives hold
  (data predicates, :func:`count`). The owner scores it, places one palace II-VI whose condition a
  tile meets and takes its reward (L311-312, L328-329).
- The first mission of the current era shown advances the era for everyone: each player puts the
  old era's marker face down under an arch that has none (L313, B5), and the new marker sits on no
  arch (L112). An older era's mission later gives only the VP and a palace (L316).
- An era III mission triggers the end: the round is finished (L25, L517, B4).
- Palaces (L332-355): II on an own era I building (1 sugarcane and a free square product); III on an
  own era I/II building or city (1 gold card; end: 1 VP per own controlled smelter); IV on a
  plantation (1 cotton; end: 2 VP per own controlled plantation); V on a farm (end: 1 VP per product
  manufactured, B23: the Queen's too); VI on a city (1 battle card; end: 1 VP per unit ever deployed,
  B24). One palace per tile; "own" means built and still controlled (FAQ). A palace's reward is
  its board slot's (L50, L329; the same as palaces.json's, data/README.md).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import effects, model, monarchs
from pygame_core.games.brazil_imperial.text import ARCHES, ERA_NAME, fmt, said, t
from pygame_core.kernel import Ctx

Data = dict[str, Any]
Action = dict[str, Any]


# --------------------------------------------------------------------------------------- counters
def produces(building: str, good: str) -> bool:
    return good in bd.BUILDINGS[building]["produces"]


def is_smelter(b: str) -> bool:
    return model.era_of(b) == 2 and bd.BUILDINGS[b]["terrain"] in ("gold_mine", ["gold_mine"])


def is_plantation(b: str) -> bool:
    return produces(b, "cotton")


def is_farm(b: str) -> bool:
    return produces(b, "coffee")


def count(g: Data, seat: int, counter: str, tiles: list[str] | None = None) -> int:
    """A mission counter (docs/bz-spec "Mission predicates") for ``seat`` now; ``tiles``, if given,
    is ``model.controlled(g, seat)`` (a caller that counts many things finds it once)."""
    p = model.player(g, seat)
    name, _, arg = counter.partition(":")
    if name in ("buildings", "cities", "controlled_tiles") and tiles is None:
        tiles = model.controlled(g, seat)
    if name == "buildings":
        return sum(
            1
            for h in tiles or ()
            if (b := model.building(g, h)) and (not arg or b["id"] == arg)
        )
    if name == "cities":
        return sum(1 for h in tiles or () if model.city(g, h))
    if name == "controlled_tiles":  # the capital counts (data/README.md)
        return len(tiles or ()) + (1 if p["capital"] else 0)
    if name == "paintings":
        return sum(1 for c in p["paintings"] if not arg or bd.PAINTINGS[c]["medal"] == arg)
    if name == "products":
        return len(p["products"])
    if name == "units_deployed":
        return sum(1 for u in g["units"].values() if u["seat"] == seat and u["state"] != "board")
    if name == "explored":
        return len(p["explored"])
    if name == "battles_won":
        return int(p["counters"]["battles_won"])
    if name == "palaces":
        return len(p["palaces"])
    if name == "gold_cards":
        return len(p["gold"])
    if name == "supply":
        return int(p["supply"].get(arg, 0)) if arg else model.supply_total(p)
    raise ValueError(f"no such mission counter: {counter!r}")


def met(g: Data, seat: int, needs: list[dict[str, Any]], tiles: list[str] | None = None) -> bool:
    return all(count(g, seat, str(n["count"]), tiles) >= int(n["n"]) for n in needs)


def objectives(m: Data) -> list[dict[str, Any]]:
    """An era III mission's objectives (B26), or one objective for an era I/II mission."""
    if m.get("objectives"):
        return list(m["objectives"])
    return [{"needs": m["needs"], "vp": m["vp"]}]


def complete(g: Data, seat: int, mission: str) -> bool:
    return all(met(g, seat, o["needs"]) for o in objectives(bd.MISSIONS[mission]))


def showable(g: Data, seat: int) -> list[Action]:
    p = model.player(g, seat)
    out: list[Action] = []
    for era in range(1, g["era"] + 1):
        m = p["missions"].get(str(era))
        if m and era not in p["shown"] and complete(g, seat, m):
            out.append({"type": "show_mission", "era": era})
    return out


def show(ctx: Ctx, seat: int, era: int) -> None:
    g = ctx.data
    p = model.player(g, seat)
    m = p["missions"][str(era)]
    p["shown"].append(era)
    p["counters"]["missions_done"] += 1
    ctx.reveal()
    ctx.log(
        said(
            seat,
            fmt(
                t("shows the mission {m} of {e}", "展示{e}的任務卡 {m}"),
                m=bd.name(bd.MISSIONS[m]),
                e=ERA_NAME[era],
            ),
        )
    )
    monarchs.on_mission(ctx, seat)
    if palace_choices(g, seat):
        model.owe(g, {"seat": seat, "kind": "palace"})
    if era == g["era"] and str(era) not in g["first_mission"]:
        g["first_mission"][str(era)] = seat
        if era < 3:
            advance(ctx, seat)
        else:
            g["ending"] = True
            ctx.log(t("The end is triggered: the round is finished.", "觸發遊戲結束：完成本輪後結束。"))


def advance(ctx: Ctx, seat: int) -> None:
    """L313-314: everyone puts the old marker under an arch, then takes the new era's marker."""
    g = ctx.data
    old = g["era"]
    g["era"] = old + 1
    n = len(g["players"])
    for k in range(n):
        s = (seat + k) % n
        g["pending"].append({"seat": s, "kind": "marker", "era": old})
    for p in g["players"]:
        p["marker"] = {"era": old + 1, "arch": None}
    ctx.log(fmt(t("{e} begins", "{e}開始"), e=ERA_NAME[old + 1]))


def marker_choices(g: Data, seat: int) -> list[str]:
    """B5: one marker per arch."""
    under = model.player(g, seat)["under"]
    return [a for a in ARCHES if a not in under]


# ---------------------------------------------------------------------------------------- palaces
def _own(g: Data, h: str, seat: int) -> Data | None:
    tile = model.tile(g, h)
    if tile is None or tile["owner"] != seat or model.controller(g, h) != seat or tile.get("palace"):
        return None
    return tile


def fits(g: Data, palace: str, h: str, seat: int) -> bool:
    tile = _own(g, h, seat)
    if tile is None:
        return False
    city = tile["kind"] == "city"
    b = None if city else tile["id"]
    if palace == "II":
        return b is not None and model.era_of(b) == 1
    if palace == "III":
        return city or (b is not None and model.era_of(b) <= 2)
    if palace == "IV":
        return b is not None and is_plantation(b)
    if palace == "V":
        return b is not None and is_farm(b)
    return city  # VI


def palace_choices(g: Data, seat: int) -> list[Action]:
    p = model.player(g, seat)
    return [
        {"type": "palace", "palace": pal, "hex": h}
        for pal in p["palaces_left"]
        for h in model.controlled(g, seat)
        if fits(g, pal, h, seat)
    ]


def place_palace(ctx: Ctx, seat: int, palace: str, h: str) -> None:
    g = ctx.data
    p = model.player(g, seat)
    p["palaces_left"].remove(palace)
    p["palaces"][palace] = h
    tile = model.tile(g, h)
    assert tile is not None
    tile["palace"] = palace
    ctx.log(said(seat, fmt(t("places palace {p}", "放置宮殿 {p}"), p=palace)))
    effects.apply(ctx, seat, bd.board(p["board"])["palaces"][palace]["reward"])  # L329: the slot's reward


def palace_vp(g: Data, seat: int, tiles: list[str] | None = None) -> int:
    """End scoring of palaces II-VI (L337-355): their bonuses (a palace has no VP of its own), counting
    only tiles the seat built and still controls (FAQ); ``tiles`` as for :func:`count`."""
    p = model.player(g, seat)
    total = 0
    own = [
        b["id"]
        for h in (model.controlled(g, seat) if tiles is None else tiles)
        if (b := model.building(g, h)) and b["owner"] == seat
    ]
    for pal, h in p["palaces"].items():
        tile = model.tile(g, h)
        if tile is None or model.controller(g, h) != seat:
            continue
        if pal == "III":
            total += sum(1 for b in own if is_smelter(b))
        elif pal == "IV":
            total += 2 * sum(1 for b in own if is_plantation(b))
        elif pal == "V":
            total += len(p["products"])
        elif pal == "VI":
            total += sum(1 for u in g["units"].values() if u["seat"] == seat and u["state"] != "board")
    return total
