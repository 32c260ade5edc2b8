"""Teaching scenarios: the rulebook's worked examples as positions to step through.

A scenario (``data/scenarios.json``) is a named starting position plus a script of actions; every step
(the start, then each scripted action) has a caption in en, zh-Hant and zh-Hans and the seed lines it
teaches (provenance in the data; the caption a player reads shows no line numbers). The game option
``scenario`` builds the position (:func:`build`, called from ``_setup``); the view carries the caption
of the current step while the actions played so far follow the script (:func:`caption`), so any front
end can show it. The layout is Through the Ages' (see docs/embedding.md, "Teaching scenarios").

Positions use the top-left 2x2 block of map tiles (squares x, y = 0..7): it is seat 0's home tile
(arrow south) and three neutral tiles in every layout (2-4 players), so a scenario builds for any
player count; its script is written for the scenario's own player count.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pygame_core.games.civilization import flow, geo, model, start
from pygame_core.games.civilization.data import BUILDINGS, HOME_TILE, UNIT_CARDS
from pygame_core.kernel import Ctx
from pygame_core.kernel.scenarios import ScenarioBook

Data = dict[str, Any]

BOOK = ScenarioBook(Path(__file__).parent / "data" / "scenarios.json")
SCENARIOS: dict[str, dict[str, Any]] = BOOK.scenarios
NAMES: list[str] = BOOK.names
script = BOOK.script
save_doc = BOOK.save_doc
OTHER_CIVS = ("china", "russia", "germany", "rome", "america")  # for seats a scenario does not name


# ------------------------------------------------------------------ this game's positions
def _sq(data: Data, at: list[int]) -> int:
    sq = geo.at(data, int(at[0]), int(at[1]))
    if sq is None:
        raise ValueError(f"square {at} is off the map")
    return sq


def _players(ctx: Ctx, civs: list[str]) -> None:
    """Give the seats the scenario's civilizations (others a fixed one): every dealt unit card, great
    person and Egypt's held wonder goes back, then each seat is set up anew (flow's player set-up)."""
    d = ctx.data
    for p in d["p"]:
        for card in p["forces"]:
            d["decks"][UNIT_CARDS[card]["type"]].append(card)
        d["gps"].extend(p["gp"])
        for wid in p["wonder_hold"]:
            if d["wonder_market"]:
                d["wonder_deck"].insert(0, d["wonder_market"].pop())
            d["wonder_market"].append(wid)
    out = flow.LEARNING_OUT if d["learning"] else ()  # L322
    spare = [c for c in OTHER_CIVS if c not in civs and c not in out]
    for seat in range(len(d["p"])):
        civ = civs[seat] if seat < len(civs) else spare.pop(0)
        p = flow.new_player(ctx, seat, civ)
        p["setup"] = []
        d["p"][seat] = p
        for cell in d["tiles"]:
            if cell.get("seat") == seat:
                cell["tile"] = HOME_TILE[civ]


def _tiles(ctx: Ctx, tiles: list[dict[str, Any]], cleared: list[list[int]]) -> None:
    """Lay the named tiles (a tile dealt elsewhere swaps places); a face-up one gets hut and village
    markers on its icons (L878); the markers on ``cleared`` squares were explored before (back to the
    pools)."""
    d = ctx.data
    cells = {(c["x"], c["y"]): i for i, c in enumerate(d["tiles"])}
    for spec in tiles:
        i = cells[(int(spec["cell"][0]), int(spec["cell"][1]))]
        for j, other in enumerate(d["tiles"]):
            if j != i and other["tile"] == spec["tile"]:
                other["tile"] = d["tiles"][i]["tile"]
        up = bool(spec.get("up", True))  # a face-down tile: what a discovery will turn up (L876)
        d["tiles"][i].update({"tile": spec["tile"], "arrow": spec.get("arrow", "n"), "up": up})
        if up:
            flow.place_markers(ctx, i)
    for at in cleared:
        mark = d["marks"].pop(str(_sq(d, at)))
        d["huts" if mark["k"] == "hut" else "villages"].append(mark["id"])
    geo.grid_key(d)


def _cities(d: Data, cities: list[dict[str, Any]]) -> None:
    """The scenario's cities; a seat it gives none gets its capital where set-up would put it (L415)."""
    d["cities"] = []
    for c in cities:
        seat = int(c["seat"])
        cap = bool(c.get("capital", False))
        wall = bool(c.get("walls", cap and d["p"][seat]["walls_start"]))
        d["cities"].append({"o": seat, "sq": _sq(d, c["at"]), "cap": cap, "wall": wall})
    named = {int(c["seat"]) for c in cities}
    for seat, p in enumerate(d["p"]):
        if seat not in named:
            sq = _capital_square(d, seat)
            d["cities"].append({"o": seat, "sq": sq, "cap": True, "wall": bool(p["walls_start"])})


def _capital_square(d: Data, seat: int) -> int:
    cell = d["tiles"][flow.home_cell(d, seat)]
    for r, c in start.CENTRAL:  # L415: a central square of the home tile, not water
        sq = (cell["y"] * 4 + r) * d["w"] + cell["x"] * 4 + c
        g = geo.grid(d)[sq]
        if g is not None and g["terrain"] != "water":
            return sq
    raise ValueError("no square for a capital")


def _forces(d: Data, seat: int, wanted: list[list[Any]]) -> None:
    """Standing forces of the named unit cards (type and strengths per rank), taken from the decks."""
    p = d["p"][seat]
    for card in p["forces"]:
        d["decks"][UNIT_CARDS[card]["type"]].append(card)
    p["forces"] = []
    for utype, strengths in wanted:
        deck = d["decks"][utype]
        card = min(c for c in deck if UNIT_CARDS[c]["strengths"] == list(strengths))
        deck.remove(card)
        p["forces"].append(card)


def build(ctx: Ctx, name: str) -> None:
    """Turn the freshly set-up game in ``ctx.data`` into the scenario's position (set-up skipped): the
    civilizations, the tiles of the top-left block, cities, figures, buildings, each named seat's
    techs, dials and standing forces, and the phase with the seat to move."""
    d = ctx.data
    sc = SCENARIOS[name]
    pos = sc["position"]
    n = len(d["p"])
    d["scenario"] = name
    _players(ctx, list(pos["civs"]))
    _tiles(ctx, pos.get("tiles", []), pos.get("cleared", []))
    _cities(d, pos.get("cities", []))
    d["figs"], d["nf"], d["items"] = {}, 0, {}
    for f in pos.get("figures", []):
        model.new_fig(d, int(f["seat"]), f["kind"], _sq(d, f["at"]))
    for b in pos.get("buildings", []):
        d["items"][str(_sq(d, b["at"]))] = {"k": "b", "id": b["id"], "o": int(b["seat"])}
        d["supply"][BUILDINGS[b["id"]]["marker"]] -= 1
    for key, spec in pos.get("seats", {}).items():
        p = d["p"][int(key)]
        p["techs"].update({tid: int(row) for tid, row in spec.get("techs", {}).items()})
        for field in ("trade", "culture"):
            if field in spec:
                p[field] = int(spec[field])
        if "forces" in spec:
            _forces(d, int(key), spec["forces"])
    for seat, p in enumerate(d["p"]):
        p["used"] = []
        p["coins"] = model.coins(d, seat)
    d["turn"] = int(pos.get("turn", 2))
    d["first"] = int(pos.get("first", 0)) % n
    d["order"] = [(d["first"] + k) % n for k in range(n)]
    d["phase"] = pos["phase"]
    d["i"] = d["order"].index(0)  # seat 0, the example's player, is to move
    d.update({"used": [], "extra": {}, "split": {}, "acted": [], "bonus_prod": {}, "mv": None, "moved": []})
    del ctx.events[:]  # the set-up's log (its first player) no longer holds
    title = sc["title"]
    ctx.log({
        "en": f"Worked example: {title['en']}",
        "zh-Hant": f"規則書範例：{title['zh-Hant']}",
        "zh-Hans": f"规则书范例：{title['zh-Hans']}",
    })
