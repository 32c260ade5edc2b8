"""Core rule tests: production, the Warehouse, the Builders' camp, the Envoy, the Barracks, the Tea house,
the yellow flag and advanced activation (digest §4.5-4.6, golden tests 1, 2, 4, 5, 12, 17)."""

from __future__ import annotations

import pytest

from pygame_core.games.great_wall import cards, horde, locations
from pygame_core.games.great_wall import data as gdata
from tests.great_wall.helpers import answer, blank, ctx_for, kinds, legal, put_clerks, run, set_res

PASS = {"type": "pass"}


def test_production_lockstep_with_overseers_and_a_donation() -> None:
    """Golden 1 (L382-388): Lumber mill full with Green x2 (overseer 2), Blue x2 (overseer 3), Red x1
    (none); tea Green > Blue > Red. Collect 4/5/1; Green pays 4 Chi to reach level 3; Blue is at the
    top; Red pays 2 Chi and makes an archer its level-1 overseer; Green donates 1 Wood for 2 Honor; every
    clerk goes home (L356, L360-362, L370, L380, L386)."""
    green, blue, red = 0, 1, 2
    g = blank(3, tea=[green, blue, red])
    assert gdata.location(g["side"], "lumber_mill")["spaces"] == 5
    g["players"][green]["overseers"]["lumber_mill"] = {"level": 2, "unit": "spear"}
    g["players"][blue]["overseers"]["lumber_mill"] = {"level": 3, "unit": "spear"}
    set_res(g, green, chi=4)
    set_res(g, red, chi=2)
    put_clerks(g, "lumber_mill", [green, red, blue, green, blue])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "lumber_mill", "advanced": False})
    wood = [p["res"]["wood"] for p in g["players"]]
    assert wood == [4, 5, 1]
    # upgrades in tea order: Green, then Red (Blue is at level 3 and is not asked)
    assert kinds(ctx) == ["upgrade"] and ctx.data["decisions"][-1]["seats"] == [green]
    answer(ctx, {"type": "use", "location": "lumber_mill", "upgrade": "level"})
    assert ctx.data["decisions"][-1]["seats"] == [red]
    answer(ctx, {"type": "use", "location": "lumber_mill", "upgrade": "archer"})
    # donations in tea order: Green, Blue, Red
    answer(ctx, {"type": "use", "location": "lumber_mill", "donate": "wood"}, green)
    answer(ctx, PASS, blue)
    answer(ctx, PASS, red)
    p = g["players"]
    assert p[green]["overseers"]["lumber_mill"]["level"] == 3 and p[green]["res"]["chi"] == 0
    assert p[red]["overseers"]["lumber_mill"] == {"level": 1, "unit": "archer"} and p[red]["res"]["chi"] == 0
    assert p[red]["supply"]["archer"] == 3
    assert g["warehouse"]["wood"] == 1 and p[green]["honor"] == 2 and p[green]["res"]["wood"] == 3
    assert g["locations"]["lumber_mill"] == [] and [x["clerks"] for x in p] == [5, 5, 5]
    assert g["over"]  # nothing else pending


def test_the_temple_has_no_donation_and_the_bonus_needs_a_collected_resource() -> None:
    """L380: no donation at the Temple (Chi cannot be donated); L360-362: the overseer bonus comes only
    with at least 1 resource collected there."""
    g = blank(3)
    g["players"][0]["overseers"]["temple"] = {"level": 2, "unit": "spear"}
    put_clerks(g, "temple", [0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "temple", "advanced": True})
    assert g["players"][0]["res"]["chi"] == 3  # 1 + level 2; Temple overseer costs Gold: no upgrade offered
    assert "donate" not in kinds(ctx)


def test_an_overseer_cannot_be_a_shamed_soldier() -> None:
    """L244, ruling A23: a soldier with shame under it cannot be placed on the board, overseer included."""
    g = blank(3)
    p = g["players"][0]
    p["supply"] = {"spear": 0, "archer": 1, "horse": 0}
    p["shamed"] = {"spear": 10, "archer": 0, "horse": 2}
    set_res(g, 0, chi=2)
    put_clerks(g, "lumber_mill", [0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "lumber_mill", "advanced": True})
    assert legal(ctx) == [{"type": "use", "location": "lumber_mill", "upgrade": "archer"}, PASS]


def test_wall_payment_takes_the_warehouse_first() -> None:
    """Golden 2 (L427-429): the Warehouse holds 3 Stone; building level 1 takes those 3 and 2 of the
    player's own Stone; +5 Honor. Levels 2 and 3 give 10 and 15 (L419)."""
    g = blank(3)
    assert locations.wall_cost(g, 0) == {"stone": 5}
    g["warehouse"]["stone"] = 3
    set_res(g, 0, stone=4)
    put_clerks(g, "builders_camp", [0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "builders_camp", "advanced": False})
    answer(ctx, {"type": "use", "location": "builders_camp", "build": "wall", "section": 0})
    assert g["warehouse"]["stone"] == 0 and g["players"][0]["res"]["stone"] == 2
    assert g["sections"][0]["wall"] == 1 and g["players"][0]["honor"] == 5
    honors = []
    for level in (2, 3):
        cost = locations.wall_cost(g, 0)
        assert cost is not None
        set_res(g, 0, **cost)
        before = g["players"][0]["honor"]
        locations.build(ctx, 0, {"build": "wall", "section": 0})
        assert g["sections"][0]["wall"] == level
        honors.append(g["players"][0]["honor"] - before)
    assert honors == [10, 15]
    assert locations.wall_cost(g, 0) is None


def test_a_barricade_costs_any_two_resources_warehouse_first_and_gives_two_honor() -> None:
    """L418, ruling A21: any 2 of Wood/Stone/Gold, the Warehouse's first; +2 Honor; 3 slots per section."""
    g = blank(3)
    g["warehouse"]["gold"] = 1
    set_res(g, 0, wood=1, stone=0, gold=0)
    assert locations.barricade_pairs(g, 0, False) == [["wood", "gold"]]
    g["sections"][1]["barricades"] = 2
    ctx = ctx_for(g)
    locations.build(ctx, 0, {"build": "barricade", "section": 1, "pay": ["wood", "gold"]})
    assert g["warehouse"]["gold"] == 0 and g["players"][0]["res"]["wood"] == 0
    assert g["sections"][1]["barricades"] == 3 and g["players"][0]["honor"] == 2
    set_res(g, 0, wood=5)
    assert not [a for a in locations.build_options(g,
            0) if a.get("section") == 1 and a["build"] == "barricade"]


def test_builders_camp_gives_one_build_per_clerk() -> None:
    """Ruling A20 (L416-419, L318): each clerk gives one build, a barricade or a Wall level."""
    g = blank(3)
    for s in g["sections"]:
        s["barricades"] = 0
    set_res(g, 0, wood=10, stone=10, gold=10)
    put_clerks(g, "builders_camp", [0, 0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "builders_camp", "advanced": False})
    answer(ctx, {"type": "use", "location": "builders_camp", "build": "barricade", "section": 0,
            "pay": ["wood", "wood"]})
    answer(ctx, {"type": "use", "location": "builders_camp", "build": "wall", "section": 2})
    assert g["over"] and g["sections"][0]["barricades"] == 1 and g["sections"][2]["wall"] == 1


def test_envoy_advisor_cost_and_track_refill() -> None:
    """Golden 4 (L436, L444): owning 2 Advisors, hiring costs 3 Gold; the track slides left and the deck
    refills its right end; the next hire costs 4."""
    A, B, C, D, E, F, x1, x2 = sorted(cards.advisors())[:8]
    g = blank(3)
    p = g["players"][0]
    p["general"] = None
    p["active"], p["supporting"] = [x1], [x2]
    g["advisor_track"] = [A, B, C, D]
    g["advisor_deck"] = [F, E]  # top last
    set_res(g, 0, gold=7)
    put_clerks(g, "imperial_envoy", [0, 0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "imperial_envoy", "advanced": False})
    answer(ctx, {"type": "use", "location": "imperial_envoy", "hire": "advisor", "card": C,
            "as": "supporting"})
    assert p["res"]["gold"] == 4 and g["advisor_track"] == [A, B, D, E]
    assert p["supporting"] == [x2, C]
    answer(ctx, {"type": "use", "location": "imperial_envoy", "hire": "advisor", "card": A, "as": "active"})
    assert p["res"]["gold"] == 0 and g["advisor_track"] == [B, D, E, F]


def test_envoy_hires_a_clerk_for_two_gold_from_the_reserve() -> None:
    """L435, L302: 2 Gold moves a clerk from the Envoy reserve to the supply (8 at most)."""
    g = blank(3)
    p = g["players"][1]
    set_res(g, 1, gold=2)
    put_clerks(g, "imperial_envoy", [1])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "imperial_envoy", "advanced": False})
    answer(ctx, {"type": "use", "location": "imperial_envoy", "hire": "clerk"})
    assert p["envoy"] == 2 and p["clerks"] == 5 + 1 and p["res"]["gold"] == 0  # 4 + 1 back + 1 hired


@pytest.mark.parametrize("advanced", [False, True])
def test_yellow_flag_shame_only_on_a_lone_normal_activation(advanced: bool) -> None:
    """Golden 5 (L236, L326, L334): a full yellow-flag location holding only P's clerks gives P one shame
    on a normal activation, none on an advanced one."""
    g = blank(3)
    n = gdata.location(g["side"], "temple")["spaces"]
    assert gdata.location(g["side"], "temple")["yellow_flag"]
    put_clerks(g, "temple", [0] * n)
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "temple", "advanced": advanced})
    if not advanced:
        assert kinds(ctx) == ["shame"]  # where the token goes is P's choice (L242-245)
        answer(ctx, {"type": "shame", "on": "archer"})
    held = sum(g["players"][0]["shamed"].values())
    assert held == (0 if advanced else 1)
    assert g["shame_supply"] == 30 - held


def test_no_yellow_flag_shame_with_two_players_there() -> None:
    """L326: with several players on the location nobody gains shame."""
    g = blank(3)
    put_clerks(g, "temple", [0, 0, 1])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "temple", "advanced": False})
    assert g["shame_supply"] == 30


def test_tea_house_moves_up_in_the_original_order() -> None:
    """Golden 12 (L394-396): tea A, B, C, D; C and D each with a clerk there: C swaps with B, then D
    with B: A, C, D, B. D alone filling every space goes to the top: D, A, B, C."""
    a, b, c, d = 0, 1, 2, 3
    g = blank(4, tea=[a, b, c, d])
    put_clerks(g, "tea_house", [d, c])
    run(ctx_for(g), {"do": "activate", "loc": "tea_house", "advanced": False})
    assert g["tea"] == [a, c, d, b]
    g = blank(4, tea=[a, b, c, d])
    put_clerks(g, "tea_house", [d] * gdata.location(g["side"], "tea_house")["spaces"])
    run(ctx_for(g), {"do": "activate", "loc": "tea_house", "advanced": False})
    assert g["tea"] == [d, a, b, c]
    # a marker already on top does nothing (L396), and the log says nothing of it
    g = blank(4, tea=[a, b, c, d])
    put_clerks(g, "tea_house", [a, b])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "tea_house", "advanced": True})
    assert g["tea"] == [b, a, c, d]
    moved = [e["text"]["en"] for e in ctx.events if "tea order" in e["text"]["en"]]
    assert moved == ["Player 2 moves up the tea order to place 1."]


def test_barracks_needs_an_unshamed_figure_and_the_cost() -> None:
    """Golden 17, recruit half (L400-412, L244): 2 clerks on the Barracks, 4 Stone, 2 Wood and exactly 1
    unshamed spearman: only 1 spearman can be recruited; the recruit goes to any rest area (or onto a
    Horde card)."""
    g = blank(3)
    cid = sorted(horde.CARDS)[0]
    for i in range(3):
        g["sections"][i]["rows"][0] = {"card": cid, "soldiers": [], "wounds": []}
    p = g["players"][0]
    p["supply"] = {"spear": 1, "archer": 0, "horse": 0}
    p["shamed"] = {"spear": 3, "archer": 0, "horse": 0}
    set_res(g, 0, stone=4, wood=2)
    put_clerks(g, "barracks", [0, 0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "barracks", "advanced": True})
    assert legal(ctx) == [{"type": "use", "location": "barracks", "kind": "spear"}, PASS]
    answer(ctx, {"type": "use", "location": "barracks", "kind": "spear"})
    assert kinds(ctx) == ["deploy"]
    rests = [a for a in legal(ctx) if a["type"] == "rest"]
    assert rests == [{"type": "rest", "section": i} for i in range(3)]
    attacks = [a for a in legal(ctx) if a["type"] == "deploy"]
    assert attacks and all(a["row"] == 0 for a in attacks)  # a spearman: row 1 of any section (L530)
    answer(ctx, {"type": "rest", "section": 2})
    assert g["sections"][2]["rest"] == [{"seat": 0, "kind": "spear"}]
    assert p["supply"]["spear"] == 0 and p["res"] == {"wood": 1, "stone": 2, "gold": 0, "chi": 0}
    assert g["over"]  # no second recruit is offered: no figure left


def test_recruit_costs() -> None:
    """L406-410: spearman 2 Stone + 1 Wood, archer 2 Chi + 1 Wood, horseman 3 Gold + 1 Wood."""
    g = blank(3)
    set_res(g, 0, wood=1, stone=2)
    assert locations.recruitable(g, 0) == ["spear"]
    set_res(g, 0, wood=1, stone=0, chi=2)
    assert locations.recruitable(g, 0) == ["archer"]
    set_res(g, 0, wood=1, chi=0, gold=3)
    assert locations.recruitable(g, 0) == ["horse"]
    set_res(g, 0, wood=0)
    assert locations.recruitable(g, 0) == []


def test_war_academy_draws_one_tactic_per_clerk() -> None:
    """L452-456: a Tactic per clerk, the discard reshuffled when the deck runs out."""
    g = blank(3)
    t1, t2, t3 = sorted(cards.tactics())[:3]
    g["tactic_deck"] = [t1]
    g["tactic_discard"] = [t2, t3]
    put_clerks(g, "war_academy", [1, 1])
    run(ctx_for(g), {"do": "activate", "loc": "war_academy", "advanced": False})
    assert sorted(g["players"][1]["tactics"]) in (sorted([t1, t2]), sorted([t1, t3]))
    assert len(g["tactic_deck"]) == 1 and g["tactic_discard"] == []


def test_the_hand_limit_discards_the_excess_at_once() -> None:
    """L213: more than 5 Tactics: the excess is discarded immediately (the player picks)."""
    g = blank(3)
    a, b, c, d, e, f = sorted(cards.tactics())[:6]
    g["players"][0]["tactics"] = [a, b, c, d, e]
    g["tactic_deck"] = [f]
    put_clerks(g, "war_academy", [0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "war_academy", "advanced": False})
    assert kinds(ctx) == ["tactic_discard"]
    answer(ctx, {"type": "discard_tactic", "card": c})
    assert sorted(g["players"][0]["tactics"]) == [a, b, d, e, f] and g["tactic_discard"] == [c]


def test_a_seat_may_decline_and_still_takes_its_clerks_back() -> None:
    """L322."""
    g = blank(3)
    set_res(g, 0, gold=5)
    put_clerks(g, "imperial_envoy", [0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "imperial_envoy", "advanced": False})
    answer(ctx, PASS)
    assert g["players"][0]["res"]["gold"] == 5 and g["players"][0]["clerks"] == 5


def test_seats_act_in_tea_order_at_a_location() -> None:
    """L318: seats act in tea order, not placement order, each with all its clerks."""
    g = blank(3, tea=[2, 0, 1])
    for s in (0, 1, 2):
        set_res(g, s, gold=10)
    put_clerks(g, "imperial_envoy", [0, 1, 2, 0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "imperial_envoy", "advanced": False})
    order = []
    while ctx.data["decisions"]:
        order.append(ctx.data["decisions"][-1]["seats"][0])
        answer(ctx, {"type": "use", "location": "imperial_envoy", "hire": "clerk"})
    assert order == [2, 0, 0, 1]


def test_advanced_activation_fires_a_regular_location_that_is_not_full() -> None:
    """L330-340 (2): an advanced activation activates a regular location that is not full; every seat
    with clerks there uses it (ruling A26b)."""
    g = blank(3)
    put_clerks(g, "quarry", [1])
    ctx = ctx_for(g)
    run(ctx, {"do": "effect", "seat": 0, "why": "t", "effect": {"op": "advanced_activation", "n": 1}})
    assert legal(ctx, 0) == [{"type": "activate", "location": "quarry"}, PASS]
    answer(ctx, {"type": "activate", "location": "quarry"})
    assert g["players"][1]["res"]["stone"] == 1


def test_an_advanced_tea_house_with_one_seat_not_filling_it_moves_up_one() -> None:
    """L394-396: only a seat whose clerks fill every space goes to the top; fewer move up 1."""
    g = blank(4, tea=[0, 1, 2, 3])
    assert gdata.location(g["side"], "tea_house")["spaces"] == 3
    put_clerks(g, "tea_house", [3, 3])
    run(ctx_for(g), {"do": "activate", "loc": "tea_house", "advanced": True})
    assert g["tea"] == [0, 1, 3, 2]
