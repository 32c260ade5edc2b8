"""Dedicated rule tests for digest §9 checklist items 22 (the tea stack and its tie-breaks), 53 (the
Honor ledger: every change logged with its cause, Honor beyond the track) and 71 (the board data:
locations, spaces, regular/special, yellow flags, overseer costs, time track, firing spots, command
slots). Numbers the seed does not give are read from the data files."""

from __future__ import annotations

import itertools
from typing import Any

from pygame_core.games.great_wall import combat, horde, locations, model, scoring, tea
from pygame_core.games.great_wall import data as gdata
from tests.great_wall import war_helpers as w
from tests.great_wall.helpers import answer, blank, ctx_for, game, kinds, put_clerks, run, set_res

Data = dict[str, Any]
SQUARE = next(c for c, d in horde.CARDS.items() if len(d["spots"]) == 4)


# ----------------------------------------------------------------------------------- item 22
def test_item_22_move_up_swaps_with_the_marker_above_and_move_to_top_slides_the_rest_L276_L394() -> None:
    """L276-278: the stack, top first; moving up 1 swaps with the marker above (A24, L394); a marker on
    top stays; moving to the top slides the others down one, in their order (L396)."""
    g = blank(4, tea=[3, 1, 0, 2])
    model.tea_up(g, 0, 1)
    assert g["tea"] == [3, 0, 1, 2]
    model.tea_up(g, 3, 1)
    assert g["tea"] == [3, 0, 1, 2]
    model.tea_top(g, 2)
    assert g["tea"] == [2, 3, 0, 1]
    model.tea_up(g, 1, 5)  # more places than there are: the top
    assert g["tea"] == [1, 2, 3, 0]
    ctx = ctx_for(g)
    tea.tea_house(ctx, [0, 3], spaces=3)  # each moves up 1, in the order as it stood (A24)
    assert g["tea"] == [1, 3, 0, 2]
    tea.tea_house(ctx, [0, 0, 0], spaces=3)  # one seat alone fills every space: the top (L396)
    assert g["tea"] == [0, 1, 3, 2]


def test_item_22_equal_tea_values_put_the_lower_seat_higher_A33_L170() -> None:
    assert tea.initial_order({0: 5, 1: 9, 2: 5, 3: 1}) == [1, 0, 2, 3]


def test_item_22_command_cards_are_placed_in_tea_order_L284_L610() -> None:
    """L284, L610: after the sealed choice (L608), the seats place their cards in tea order."""
    gm = game()
    state = gm.new_game(players=3, seed=4)
    while gm.to_move(state) and state.data["decisions"][-1]["kind"] != "command":
        seat = gm.to_move(state)[0]
        state = gm.apply(state, seat, gm.legal_actions(state, seat)[0])
    for seat in list(gm.to_move(state)):
        state = gm.apply(state, seat, gm.legal_actions(state, seat)[0])
    order = list(state.data["tea"])
    placed = []
    while state.data["decisions"] and state.data["decisions"][-1]["kind"] == "slot":
        seat = gm.to_move(state)[0]
        placed.append(seat)
        state = gm.apply(state, seat, gm.legal_actions(state, seat)[0])
    assert placed == order


def test_item_22_seats_act_at_a_location_in_tea_order_not_by_clerks_placed_L286_L322() -> None:
    """L286, L322: at an activated location the seats act in tea order (here the overseer upgrade of
    the production step, each seat with the Chi for it)."""
    for order in ([2, 0, 1], [1, 2, 0]):
        g = blank(3, tea=order)
        for s in range(3):
            set_res(g, s, chi=9)
        put_clerks(g, "lumber_mill", [0, 1, 2, 0, 1])
        ctx = ctx_for(g)
        run(ctx, {"do": "activate", "loc": "lumber_mill", "advanced": False})
        asked = []
        while kinds(ctx) and kinds(ctx)[-1] == "upgrade":
            asked.append(g["decisions"][-1]["seats"][0])
            answer(ctx, {"type": "pass"})
        assert asked == order


def test_item_22_defeat_credit_ties_go_up_the_tea_order_in_every_order_L287_L549() -> None:
    for order in itertools.permutations(range(3)):
        g = w.state(tea=list(order))
        w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (1, "spear", [1]), (2, "horse", [2, 3])])
        combat.defeat_check(w.ctx(g), casualty=0)
        top2 = [s for s in order if s in (0, 2)][0]  # 2 holds 2 spots, 0 and 1 one each: 2 wins
        assert [bool(p["trophies"]) for p in g["players"]] == [False, False, True], (order, top2)
        g = w.state(tea=list(order))
        w.put(g, 0, 0, SQUARE, soldiers=[(0, "horse", [0, 1]), (1, "horse", [2, 3])])
        combat.defeat_check(w.ctx(g), casualty=0)
        first = [s for s in order if s in (0, 1)][0]
        assert [s for s in range(3) if g["players"][s]["trophies"]] == [first], order


def test_item_22_an_honor_tie_at_the_end_goes_to_the_seat_higher_in_tea_order_L681() -> None:
    for order in itertools.permutations(range(3)):
        g = blank(3, tea=list(order))
        for p in g["players"]:
            p["honor"] = 17
        result = scoring.compute(g)
        assert result["winners"] == [order[0]] and result["rank"] == list(order)


# ----------------------------------------------------------------------------------- item 53
def test_item_53_honor_runs_past_the_track_and_every_change_is_logged_with_its_cause_L132_L419() -> None:
    """L132: the 100H token: Honor does not stop at the track's end. L418-419: a barricade +2 and a
    Wall level +5, each logged with the amount and what gave it; the view and the final scores carry
    the whole number."""
    g = blank(3)
    g["players"][0]["honor"] = 99
    ctx = ctx_for(g)
    cost = locations.wall_cost(g, 0)
    assert cost is not None
    set_res(g, 0, **cost)
    locations.build(ctx, 0, {"build": "wall", "section": 0})
    assert g["players"][0]["honor"] == 99 + locations.WALL_HONOR[1] == 104
    set_res(g, 0, wood=2)
    locations.build(ctx, 0, {"build": "barricade", "section": 0, "pay": ["wood", "wood"]})
    assert g["players"][0]["honor"] == 106
    lines = [e["text"]["en"] for e in ctx.events if e.get("seat") == 0 or "Player 1" in e["text"]["en"]]
    assert any("Wall" in x and "+5 Honor" in x for x in lines), lines
    assert any("barricade" in x and "+2 Honor" in x for x in lines), lines
    assert model.add_honor(g, 0, 250) == 250 and g["players"][0]["honor"] == 356
    state = game().new_game(players=3, seed=0)
    state.data["players"][1]["honor"] = 356
    assert game().view(state, 1)["clans"][1]["honor"] == game().view(state, 0)["clans"][1]["honor"] == 356
    assert scoring.compute(state.data)["totals"][1] >= 356


def test_item_53_an_effects_honor_and_a_defeat_are_logged_with_their_amounts_L544_L545() -> None:
    """L544-545: +2 to each seat with soldiers on a defeated card, +2 per archer on that Wall: each
    change is a log line naming the seat and the amount."""
    g = w.state(tea=[0, 1, 2])
    g["sections"][0]["firing"] = [1]
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [1]), (2, "horse", [2, 3])])
    c = w.ctx(g)
    combat.defeat_check(c, casualty=0)
    texts = [e["text"]["en"] for e in c.events]
    assert g["players"][0]["honor"] == g["players"][2]["honor"] == 2  # L544
    assert g["players"][1]["honor"] == 2  # L545
    assert sum(1 for x in texts if "2 Honor for fighting it" in x) == 2, texts
    assert any(x.startswith("Player 2") and "Honor for archers" in x for x in texts), texts


# ----------------------------------------------------------------------------------- item 71
def test_item_71_board_sides_locations_spaces_and_flags_L130_L304_L382_L394_L689() -> None:
    """Both board sides (L130; 2 players and solo use the 2-3 side, L689, L749): the same locations;
    regular ones have spaces (red, L304), special ones none (green, any number); the seed's facts: the
    Lumber mill is regular with 5 spaces (L382), the Tea house regular (L394); the engine reads them."""
    assert [gdata.side_for(n) for n in (2, 3, 4)] == ["23p", "23p", "4p"]
    solo = game().new_game(players=1, seed=0, options={"mode": "solo"})
    assert solo.data["side"] == "23p"
    sides = {s: gdata.locations(s) for s in ("23p", "4p")}
    assert list(sides["23p"]) == list(sides["4p"]) == gdata.LOCATION_IDS
    for side, locs in sides.items():
        for loc, x in locs.items():
            assert x["kind"] in ("regular", "special") and "source" in x, (side, loc)
            assert (x.get("spaces") is None) == (x["kind"] == "special"), (side, loc)
            assert isinstance(x["yellow_flag"], bool)
        assert locs["lumber_mill"]["kind"] == "regular" and locs["lumber_mill"]["spaces"] == 5
        assert locs["tea_house"]["kind"] == "regular"
        assert {loc for loc, x in locs.items() if x.get("produces")} == set(gdata.PRODUCTION)
    for players, side in ((3, "23p"), (4, "4p")):
        g = blank(players)
        assert g["side"] == side
        quarry = sides[side]["quarry"]["spaces"]
        put_clerks(g, "quarry", [i % players for i in range(quarry - 1)])
        assert model.has_room(g, "quarry")
        put_clerks(g, "quarry", [0])
        assert not model.has_room(g, "quarry") and model.should_activate(g, "quarry")
        put_clerks(g, "builders_camp", [1] * 7)
        assert model.has_room(g, "builders_camp") and model.should_activate(g, "builders_camp")


def test_item_71_overseer_costs_time_track_firing_spots_and_command_slots_L134_L386_L610() -> None:
    """L386: the Lumber mill's overseer costs 2 Chi at level 1, 4 at level 3; the time track (L134,
    L586): 9 spaces with a casualty value and a Horde count each, the start by player count; the
    Walls' firing spots never shrink as they rise (L423); the command track has a slot more than the
    seats that place cards, so placing is a choice (L610)."""
    for side in ("23p", "4p"):
        assert gdata.overseer_cost(side, "lumber_mill", 1) == {"chi": 2}
        assert gdata.overseer_cost(side, "lumber_mill", 3) == {"chi": 4}
        for loc in gdata.PRODUCTION:
            costs = [sum(gdata.overseer_cost(side, loc, lv).values()) for lv in (1, 2, 3)]
            assert costs == sorted(costs) and costs[0] > 0
    assert gdata.command_slots("23p") == 4 and gdata.command_slots("4p") == 5
    spaces = gdata.TIME["spaces"]
    assert len(spaces) == gdata.time_last() + 1 == 9
    assert all(s["casualties"] >= 1 and s["horde"] >= 1 for s in spaces)
    assert gdata.time_start(4) < gdata.time_start(3)
    spots = [locations.firing_spots(lv) for lv in range(4)]
    assert spots == sorted(spots) and spots[0] >= 1
    g = blank(4)
    assert len(g["command_track"]) == gdata.command_slots("4p")
    assert blank(3)["time"] == gdata.time_start(3)
