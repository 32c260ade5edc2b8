"""The heuristic bot's shortcuts (heuristic.py) give what the rules would: its fast copy is a whole copy,
a move valued without playing it is valued as played, and the actions it values once for a group all
have that value; and model.controlled, which it asks of every position, finds what the rule says."""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import heuristic, model
from pygame_core.kernel.state import State, copy_json
from tests.brazil_imperial.helpers import GAME, hx, positions

Data = dict[str, Any]


POSITIONS = [s for players, seed in ((2, 3), (3, 4), (4, 5))
             for s in positions(players, seed, every=7, steps=900)]


def _containers(x: Any, out: list[int]) -> list[int]:
    if isinstance(x, dict):
        out.append(id(x))
        for v in x.values():
            _containers(v, out)
    elif isinstance(x, list):
        out.append(id(x))
        for v in x:
            _containers(v, out)
    return out


def test_the_fast_copy_is_a_whole_copy_sharing_nothing() -> None:
    assert len(POSITIONS) > 100
    built = 0
    for s in POSITIONS:
        g = s.data
        c = heuristic._copy(g)
        assert c == g and list(c) == list(g) and list(c["hexes"]) == list(g["hexes"])
        assert not set(_containers(c, [])) & set(_containers(g, []))
        built += any(x.get("building") or x.get("city") for x in g["hexes"].values())
    assert built > 20  # positions with buildings and cities were copied too


def _controlled_by_rule(g: Data, seat: int) -> list[str]:
    return [h for h in model.geo(g).order if model.tile(g, h) is not None and model.controller(g, h) == seat]


def test_controlled_finds_the_tiles_the_rule_names_in_map_order() -> None:
    occupied = 0
    for s in POSITIONS:
        g = copy_json(s.data)
        for seat in range(s.players):
            assert model.controlled(g, seat) == _controlled_by_rule(g, seat)
        occupied += any(model.occupied(g, h) for h in model.geo(g).order)
        g["hexes"] = dict(reversed(list(g["hexes"].items())))  # another order of the map's hexes
        for seat in range(s.players):
            assert model.controlled(g, seat) == _controlled_by_rule(g, seat)
    # an occupied tile is controlled by the occupier (L509): one made where no random game had any
    s = POSITIONS[-1]
    g = copy_json(s.data)
    h, tile = next((h, model.tile(g, h)) for h in model.geo(g).order if model.tile(g, h) is not None)
    assert tile is not None
    other = (int(tile["owner"]) + 1) % s.players
    uid = next(u for u, x in g["units"].items() if x["seat"] == other)
    g["units"][uid].update({"state": "map", "hex": h})
    assert h in model.controlled(g, other) and h not in model.controlled(g, int(tile["owner"]))
    assert model.controlled(g, other) == _controlled_by_rule(g, other)


def _after(s: State, seat: int, a: Data) -> float:
    return heuristic.value(GAME.apply(s, seat, a).data, seat)


def test_a_move_valued_in_place_is_valued_as_played() -> None:
    checked = 0
    for s in POSITIONS:
        seats = GAME.to_move(s)
        if not seats or s.data["turn"].get("phase") != "movement" or s.data["pending"]:
            continue
        seat = seats[0]
        for a in GAME.legal_actions(s, seat):
            if a["type"] != "move" or heuristic._battle_odds(s.data, seat, a) is not None:
                continue
            if hx(s.data, a["to"])["explore"] is not None:
                continue
            g = copy_json(s.data)
            assert heuristic._moved_value(g, seat, a) == _after(s, seat, a)
            assert g == s.data  # the units are back where they stood
            checked += 1
    assert checked > 50


def test_actions_valued_once_for_their_group_all_have_that_value() -> None:
    kinds: set[str] = set()
    for s in POSITIONS:
        seats = GAME.to_move(s)
        if not seats:
            continue
        seat = seats[0]
        for members in heuristic._groups(s.data, GAME.legal_actions(s, seat)):
            if len(members) > 1:
                kinds.add(members[0]["type"])
                assert len({_after(s, seat, a) for a in members}) == 1, members
    assert {"build", "manufacture", "peek"} <= kinds


def test_the_draft_keeps_the_mission_it_can_finish() -> None:
    """Exploring and winning battles weigh more than the counts the bot's look-ahead reaches."""
    assert heuristic.mission_cost("pathfinders") > heuristic.mission_cost("new_settlements")
    assert heuristic.mission_cost("hinterland") > heuristic.mission_cost("grand_empire")
    counted = {
        str(n["count"])
        for m in bd.MISSIONS.values()
        for o in heuristic.eras.objectives(m)
        for n in o["needs"]
    }
    assert set(heuristic.HARD) <= counted


def test_the_bots_redetermined_world_is_the_kernels() -> None:
    for s in POSITIONS[::5]:
        for seat in range(s.players):
            mine = heuristic._redetermined(GAME, s, seat, 1234 + seat)
            assert mine.data == GAME.redetermine(s, seat, 1234 + seat).data
            assert mine.rng == s.rng
