"""Rule tests written from the mutants that survived scripts/mutate.py (README "Mutation testing"):
each states a rule a player would notice broken, with its seed lines."""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import model
from pygame_core.kernel.state import State
from tests.brazil_imperial.helpers import (
    GAME,
    capital,
    clear,
    edit,
    legal,
    put_building,
    put_unit,
    started,
    to_turn,
)

Data = dict[str, Any]


@cache
def base() -> State:
    return started(2, 1)


def _far_pair(g: Data) -> tuple[str, str]:
    """A plains hex 3+ hexes from every capital and tile, and a free land hex beside it."""
    geo = bd.geometry(g["map"])
    taken = [h for h in geo.order if model.owner(g, h) is not None]
    for h in geo.order:
        if geo.terrain[h] != "plains" or g["hexes"][h]["explore"] is not None:
            continue
        if any(bd.distance(h, o) < 3 for o in taken):
            continue
        for n in geo.neighbours[h]:
            if geo.terrain[n] in ("plains", "forest") and g["hexes"][n]["explore"] is None:
                return h, n
    raise LookupError("no far pair")


def test_a_ranged_attack_spends_the_free_move() -> None:
    """L494: a cannon attacks an adjacent hex with the free move, so no free move is left after it
    (the bonus move still is, L449-451)."""
    s = base()
    spot, come = _far_pair(s.data)

    def prep(g: Data) -> None:
        clear(g)
        for p in g["players"]:
            p["board"] = "green"
        put_building(g, spot, "sugarcane_field", 1)
        put_unit(g, 0, "cannon", come)
        put_unit(g, 0, "archer", come)
        to_turn(g, 0, "movement", "paint")

    s = edit(s, prep)
    cannon = next(u for u, x in s.data["units"].items() if x["seat"] == 0 and x["slot"] == 4)
    s = GAME.apply(s, 0, {"type": "ranged", "unit": cannon, "target": spot})
    assert s.data["units"][cannon]["hex"] == come  # it fired from where it stands
    acts = legal(s, 0)
    assert not [a for a in acts if a["type"] == "ranged" or a.get("as") == "free"]
    assert {a["type"] for a in acts} >= {"end_turn"}


def test_the_port_or_trade_marker_attacks_with_1_more() -> None:
    """L482-486: with its marker on Port or Trade (the arch it took this turn) a seat attacks with 1
    more: an archer (1) then beats a sugarcane field (1); on another arch it ties, and ties go to the
    defender (L502)."""
    s = base()
    spot, come = _far_pair(s.data)
    for arch, wins in (("port", True), ("trade", True), ("paint", False)):

        def prep(g: Data, arch: str = arch) -> None:
            clear(g)
            for p in g["players"]:
                p["board"] = "green"
            put_building(g, spot, "sugarcane_field", 1)
            put_unit(g, 0, "archer", come)
            to_turn(g, 0, "movement", arch)

        st = edit(s, prep)
        archer = next(u for u, x in st.data["units"].items() if x["seat"] == 0 and x["state"] == "map")
        st = GAME.apply(st, 0, {"type": "move", "unit": archer, "to": spot, "as": "free", "carry": []})
        assert (model.controller(st.data, spot) == 0) is wins, arch
        assert (st.data["units"][archer]["state"] == "map") is wins


def test_a_city_or_era_iii_building_covers_an_own_controlled_building() -> None:
    """L171 (B9): a city or an era III building may be built on the seat's own era I/II building,
    which is removed with its goods; never on one another seat occupies, one under a palace, or
    another seat's."""
    s = base()
    cap = capital(s.data, 0)
    geo = bd.geometry(s.data["map"])
    spot = next(
        n
        for n in geo.neighbours[cap]
        if geo.terrain[n] in ("plains", "forest") and s.data["hexes"][n]["explore"] is None
    )

    def prep(g: Data, how: str) -> None:
        clear(g)
        for p in g["players"]:
            p["board"] = "green"
        g["era"] = 3
        put_building(g, spot, "sugarcane_field", 1 if how == "theirs" else 0, {"sugarcane": 2})
        if how == "occupied":
            put_unit(g, 1, "archer", spot)
        if how == "palace":
            g["hexes"][spot]["building"]["palace"] = "II"
        if how != "occupied":
            put_unit(g, 0, "monarch", spot)
        g["players"][0]["supply"] = {"cotton": 1, "gold": 3, "science": 1}
        g["decks"]["cities"][0].append(
            next(c for c, e in sorted(bd.CITIES.items()) if set(e["cost"]) <= {"gold"})
        )
        to_turn(g, 0, "arch", "build")
        g["turn"].update({"doing": "build", "step": 0})

    def here(st: State) -> set[str]:
        return {a["what"] for a in legal(st, 0) if a["type"] == "build" and a["hex"] == spot}

    own = edit(s, partial(prep, how="own"))
    assert {"church", "college", "city"} <= here(own)
    assert not here(own) & {"farm", "sawmill", "sugarcane_field", "trading_post", "smelter", "plantation"}
    act = next(
        a for a in legal(own, 0) if a["type"] == "build" and a["hex"] == spot and a["what"] == "church"
    )
    after = GAME.apply(own, 0, act)
    b = after.data["hexes"][spot]["building"]
    assert b["id"] == "church" and b["goods"] == bd.BUILDINGS["church"]["produces"]
    for how in ("occupied", "palace", "theirs"):
        assert not here(edit(s, partial(prep, how=how))), how
