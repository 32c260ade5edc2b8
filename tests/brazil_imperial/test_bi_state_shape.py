"""The map's static tables are built once per process and shared by every position, so they are
read-only by type; a position's ``hexes`` holds only the hexes that hold something, with only the
fields they hold (model.py), which keeps saves, loads and digests small (README "Speed"), while a
view still shows every hex with every field."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import model
from tests.brazil_imperial.helpers import GAME, positions, started

Data = dict[str, Any]
VIEW_FIELDS = {"building", "city", "capital", "explore", "bandeiras", "controller"}


def test_the_map_geometry_is_shared_and_read_only_by_type() -> None:
    for key in bd.MAPS:
        geo = bd.geometry(key)
        assert geo is bd.geometry(key)  # built once per process
        h = geo.order[0]
        with pytest.raises(TypeError):
            geo.terrain[h] = "water"  # type: ignore[index]
        with pytest.raises(TypeError):
            geo.names[h] = "Z9"  # type: ignore[index]
        with pytest.raises(TypeError):
            geo.index[h] = 5  # type: ignore[index]
        with pytest.raises(TypeError):
            geo.neighbours[h] = ()  # type: ignore[index]
        with pytest.raises(AttributeError):
            geo.neighbours[h].append(h)  # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            geo.order.append(h)  # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            geo.terrain = {}
        assert isinstance(geo.explore, tuple) and isinstance(geo.capitals, tuple)


def test_an_empty_hex_reads_as_a_shared_nothing_that_cannot_be_written() -> None:
    s = started(2)
    g = s.data
    empty = next(h for h in model.geo(g).order if h not in g["hexes"])
    x = model.at(g, empty)
    assert x is model.NOTHING and not x
    with pytest.raises(TypeError):
        x["building"] = {"kind": "building"}  # type: ignore[index]
    assert model.building(g, empty) is None and model.city(g, empty) is None
    assert model.capital(g, empty) is None and model.explore(g, empty) is None
    assert model.bandeiras(g, empty) is False and model.terrain(g, empty) == model.geo(g).terrain[empty]


def test_put_keeps_the_sparse_shape() -> None:
    g: Data = {"hexes": {}}
    model.put(g, "0,0", "capital", 0)  # seat 0 is a value, not "nothing"
    assert g["hexes"] == {"0,0": {"capital": 0}} and model.capital(g, "0,0") == 0
    model.put(g, "0,0", "explore", "t1")
    model.put(g, "0,0", "capital", None)
    assert g["hexes"] == {"0,0": {"explore": "t1"}}
    model.put(g, "0,0", "explore", None)
    model.put(g, "0,0", "bandeiras", True)
    assert g["hexes"] == {"0,0": {"bandeiras": True}}
    model.put(g, "0,0", "bandeiras", False)
    assert g["hexes"] == {}
    model.put(g, "1,0", "building", None)  # clearing what is not there: nothing to do
    assert g["hexes"] == {}
    with pytest.raises(KeyError):
        model.put(g, "0,0", "palace", "II")  # a palace goes on the tile, not the hex


@pytest.mark.parametrize("players,seed", [(2, 7), (3, 8), (4, 9)])
def test_positions_hold_only_the_hexes_that_hold_something_and_views_show_every_hex(
    players: int, seed: int
) -> None:
    seen: set[str] = set()
    for s in positions(players, seed, every=11, last=True):
        g = s.data
        geo = model.geo(g)
        assert set(g["hexes"]) <= set(geo.order)
        for h, x in g["hexes"].items():
            assert x and set(x) <= set(model.HEX_FIELDS), (h, x)
            assert all(v is not None and v is not False for v in x.values()), (h, x)
            seen.update(x)
        view = GAME.view(s, 0)
        assert list(view["hexes"]) == list(geo.order)
        assert all(set(v) == VIEW_FIELDS for v in view["hexes"].values())
        for h, v in view["hexes"].items():
            assert v["building"] == model.building(g, h) and v["city"] == model.city(g, h)
            assert v["capital"] == model.capital(g, h) and v["bandeiras"] is model.bandeiras(g, h)
            assert (v["explore"] is None) == (model.explore(g, h) is None)
    assert len(g["hexes"]) < len(geo.order) / 2  # at the end of a game most hexes still hold nothing
    assert {"building", "capital", "explore", "bandeiras"} <= seen


def test_a_loaded_game_holds_the_same_position_and_plays_on_alike() -> None:
    """A save of the sparse position loads to it (its checksum holds) and the game goes on the same."""
    s = GAME.new_game(players=4, seed=3)
    pick = random.Random(3)
    while len(s.history) < 400 and GAME.to_move(s):
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, pick.choice(GAME.legal_actions(s, seat)))
    loaded = GAME.load(GAME.save(s))
    assert loaded.data == s.data and loaded.digest() == s.digest()
    assert GAME.undo(loaded).data == GAME.undo(s).data
    for _ in range(60):
        if not GAME.to_move(s):
            break
        seat = GAME.to_move(s)[0]
        legal = GAME.legal_actions(s, seat)
        assert GAME.legal_actions(loaded, seat) == legal
        a = pick.choice(legal)
        s, loaded = GAME.apply(s, seat, a), GAME.apply(loaded, seat, a)
        assert loaded.data == s.data
