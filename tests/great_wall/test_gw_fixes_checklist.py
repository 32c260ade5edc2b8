"""Digest §9 checklist items that had no rule test of their own (found reading the checklist against
tests/great_wall)."""

from __future__ import annotations

from pygame_core.games.great_wall import locations
from tests.great_wall.helpers import answer, blank, ctx_for, kinds, put_clerks, run, set_res
from tests.great_wall.war_helpers import put, with_spots


def test_archers_on_a_wall_being_built_go_back_onto_it_and_set_nothing_off_L423() -> None:
    """Item 37, L423: when a Wall that has archers on it is built up a level, the archers are put back
    on the new Wall, and nothing they would do is triggered (no shot, no wound, no decision); the new
    level's firing spots are there for more archers."""
    g = blank(3)
    sec = g["sections"][0]
    sec["wall"] = 1
    assert locations.firing_spots(1) == 2
    sec["firing"] = [2, 1]  # a level-1 Wall full of archers, seats 2 and 1
    put(g, 0, 0, with_spots(3))
    ctx = ctx_for(g)
    for level in (2, 3):
        cost = locations.wall_cost(g, 0)
        assert cost is not None
        set_res(g, 0, **cost)
        locations.build(ctx, 0, {"build": "wall", "section": 0})
        assert sec["wall"] == level
        assert [x for x in sec["firing"] if x is not None] == [2, 1]
        assert len(sec["firing"]) == max(2, locations.firing_spots(level))
        assert sec["rows"][0]["wounds"] == [] and "shoot" not in kinds(ctx)


def test_one_overseer_level_per_activation_however_many_clerks_and_chi_L370_A22() -> None:
    """Item 32, ruling A22 (L370, L386): a seat with 3 clerks at the Lumber mill and Chi for every level
    raises its overseer once in that activation (level 0 to 1), then donates or not; no second upgrade."""
    g = blank(3, tea=[0, 1, 2])
    set_res(g, 0, chi=20)
    put_clerks(g, "lumber_mill", [0, 0, 0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "lumber_mill", "advanced": True})
    assert kinds(ctx) == ["upgrade"]
    answer(ctx, {"type": "use", "location": "lumber_mill", "upgrade": "spear"})
    assert g["players"][0]["overseers"]["lumber_mill"] == {"level": 1, "unit": "spear"}
    assert kinds(ctx) == ["donate"]
    answer(ctx, {"type": "pass"})
    assert kinds(ctx) == [] and g["players"][0]["overseers"]["lumber_mill"]["level"] == 1


def test_the_envoy_goes_one_clerk_at_a_time_each_seat_finishing_its_clerks_in_tea_order_L442_A27() -> None:
    """Item 38, ruling A27 (L442-444): at the Imperial Envoy a seat acts one clerk at a time and uses
    all its clerks before the next seat, the seats going in tea order."""
    g = blank(3, tea=[2, 0, 1])
    for s in (0, 2):
        set_res(g, s, gold=4)
    put_clerks(g, "imperial_envoy", [0, 2, 0, 2])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "imperial_envoy", "advanced": False})
    order = []
    while kinds(ctx) == ["location"]:
        seat = ctx.data["decisions"][-1]["seats"][0]
        order.append(seat)
        answer(ctx, {"type": "use", "location": "imperial_envoy", "hire": "clerk"})
    assert order == [2, 2, 0, 0]
    assert [g["players"][s]["res"]["gold"] for s in (0, 2)] == [0, 0]
