"""Core rule tests: setup (digest §3), the Year and its Seasons (§4.0-4.4), command cards and clerks
(§4.3, §4.5), the end check and final scoring (§5); golden tests 13, 15, 16."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.errors import OptionError
from pygame_core.games.great_wall import cards, clerks, flow, horde, model, scoring, tea
from pygame_core.games.great_wall import data as gdata
from tests.great_wall.helpers import answer, blank, ctx_for, game, kinds, legal, new_state, put_clerks, run


def _skip_tactics(state: Any) -> Any:
    """Pass every Tactic window that is open now (L464: a trigger point lets its seat play one)."""
    gm = game()
    while state.data["decisions"] and state.data["decisions"][-1]["kind"] == "tactic":
        state = gm.apply(state, state.data["decisions"][-1]["seats"][0], {"type": "pass"})
    return state


def _draft_all(state: Any) -> Any:
    gm = game()
    for seat in list(gm.to_move(state)):
        state = gm.apply(state, seat, gm.legal_actions(state, seat)[0])
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_setup_for_three_and_four_players(players: int) -> None:
    """L130-172: board side; shame supply = players x 10 (L132); the Time token on the player-count
    space (L134); 3 Artifacts (L138); clan pieces (L140); 3 Horde cards in row 1, +1 in 4p (L144);
    9 barricades (L148); 4 Advisors on the track (L160); 3 clerks on the Envoy, 5 available (L162);
    Honor 0 (L168); every seat drafts at once, secretly (L156)."""
    state = new_state(players, seed=5)
    g = state.data
    assert g["side"] == ("4p" if players == 4 else "23p")
    assert g["shame_supply"] == players * 10
    assert g["time"] == gdata.time_start(players)
    assert len(g["artifacts"]) == 3
    assert sum(s["barricades"] for s in g["sections"]) == 9
    spots = horde.wall(0)["firing_spots"]
    assert all(s["firing"] == [None] * spots and s["wall"] == 0 for s in g["sections"])
    on_board = sum(1 for s in g["sections"] for c in s["rows"] if c is not None)
    assert on_board == (4 if players == 4 else 3)
    assert all(s["rows"][0] is not None for s in g["sections"])
    for p in g["players"]:
        assert (p["clerks"], p["envoy"], p["honor"]) == (5, 3, 0)
        assert p["supply"] == {"spear": 10, "archer": 4, "horse": 2}
        assert sorted(p["hand"]) == sorted(gdata.COMMAND_IDS) and len(p["hand"]) == 6
        assert len(p["draft"]["generals"]) == 2 and len(p["draft"]["advisors"]) == 2
    d = g["decisions"][-1]
    assert d["kind"] == "draft" and d["sealed"] and d["seats"] == list(range(players))


def test_after_the_draft_tea_order_follows_tea_values_and_autumn_of_year_1_begins() -> None:
    """L164-172: starting resources from the General; tea markers stacked by tea value, lowest at the
    bottom; the first season is Autumn of Year 1 (no Spring, no Summer)."""
    state = _draft_all(new_state(3, seed=2))
    g = state.data
    values = {s: cards.general(g["players"][s]["general"])["tea"] for s in range(3)}
    assert g["tea"] == tea.initial_order(values)
    assert [values[s] for s in g["tea"]] == sorted(values.values(), reverse=True)
    assert (g["year"], g["season"]) == (1, "autumn")
    assert len(g["advisor_track"]) == 4  # step 13, after the draft (L160)
    assert g["decisions"][-1]["kind"] == "command" and g["decisions"][-1]["sealed"]
    for s in range(3):
        start = cards.start_resources(g, s)
        assert g["players"][s]["res"] == {r: int(start.get(r, 0)) for r in ("wood", "stone", "gold", "chi")}


def test_equal_tea_values_put_the_lower_seat_higher() -> None:
    """Ruling A33 (L170): a tie in tea value is broken by seat order."""
    assert tea.initial_order({0: 3, 1: 5, 2: 3}) == [1, 0, 2]


def test_command_cards_are_sealed_then_placed_in_tea_order_and_run_left_to_right() -> None:
    """L606-626: secret choice revealed together; placement in tea order in any free slot; turns run
    by slot, left to right; the top and bottom boxes are the active player's, the middle box every
    other seat's in tea order (L616-618)."""
    gm = game()
    state = _draft_all(new_state(3, seed=4))
    g = state.data
    for seat in (0, 1, 2):
        state = gm.apply(state, seat, {"type": "command", "card": "mobilization"})
        if seat < 2:
            assert gm.view(state, (seat + 1) % 3)["chosen"] == {}  # still sealed
    g = state.data
    order = list(g["tea"])
    assert state.data["decisions"][-1]["kind"] == "slot"
    placed = []
    for _ in range(3):
        seat = gm.to_move(state)[0]
        placed.append(seat)
        slots = [a["slot"] for a in gm.legal_actions(state, seat)]
        state = gm.apply(state, seat, {"type": "slot", "slot": max(slots)})  # rightmost free
    assert placed == order
    g = state.data
    track = [x["seat"] if x else None for x in g["command_track"]]
    assert track[-3:] == list(reversed(order))
    # the leftmost card (the last placed) runs first: its owner moves clerks first (top box)
    first = order[-1]
    state = _skip_tactics(state)
    g = state.data
    assert g["turn"] == {"slot": len(track) - 3, "seat": first}
    assert g["decisions"][-1]["kind"] == "clerks" and g["decisions"][-1]["seats"] == [first]
    state = gm.apply(state, first, {"type": "stop"})
    others = [s for s in state.data["tea"] if s != first]
    assert state.data["decisions"][-1]["seats"] == [others[0]]  # middle box, tea order
    state = gm.apply(state, others[0], {"type": "stop"})
    assert state.data["decisions"][-1]["seats"] == [others[1]]


def test_clerk_moves_go_to_different_locations() -> None:
    """L207: up to 2 clerks to 2 different locations; joining clerks already there is allowed."""
    g = blank(3)
    put_clerks(g, "temple", [0])
    ctx = ctx_for(g)
    run(ctx, {"do": "effect", "seat": 0, "why": "t", "effect": {"op": "move_clerks", "n": 2,
            "different": True}})
    assert {"type": "clerk", "from": "supply", "to": "temple"} in legal(ctx)
    answer(ctx, {"type": "clerk", "from": "supply", "to": "temple"})
    dests = {a["to"] for a in legal(ctx) if a["type"] == "clerk"}
    assert "temple" not in dests and "quarry" in dests
    answer(ctx, {"type": "clerk", "from": "temple", "to": "quarry"})
    assert g["locations"]["temple"] == [0] and g["locations"]["quarry"] == [0] and g["over"]


def test_a_full_regular_location_locks_its_clerks() -> None:
    """Golden 16 (L304, ruling A25): a clerk may not leave a full regular location waiting to activate;
    a regular location with no free space takes no clerk; a special one takes any number (L310-314)."""
    g = blank(3)
    n = gdata.location(g["side"], "tea_house")["spaces"]
    put_clerks(g, "tea_house", [0] + [1] * (n - 1))
    put_clerks(g, "temple", [0])
    assert clerks.locked(g, "tea_house") and not clerks.locked(g, "temple")
    moves = clerks.moves(g, 0, [])
    assert not [m for m in moves if m["from"] == "tea_house" or m["to"] == "tea_house"]
    assert {"type": "clerk", "from": "temple", "to": "quarry"} in moves
    put_clerks(g, "builders_camp", [0] * 7)
    assert not model.is_full(g, "builders_camp") and model.has_room(g, "builders_camp")


def test_activation_after_the_command_step_the_active_player_orders() -> None:
    """L316, L620: every full regular and every occupied special location activates; with several, the
    active player picks the order."""
    g = blank(3)
    g["turn"] = {"slot": 0, "seat": 2}
    put_clerks(g, "builders_camp", [0])
    put_clerks(g, "war_academy", [1] * gdata.location(g["side"], "war_academy")["spaces"])
    g["tactic_deck"] = sorted(cards.tactics())[:3]
    put_clerks(g, "quarry", [1])  # not full: no activation
    ctx = ctx_for(g)
    run(ctx, {"do": "activation"})
    assert kinds(ctx) == ["order"] and g["decisions"][-1]["seats"] == [2]
    assert legal(ctx) == [{"type": "order", "location": "builders_camp"}, {"type": "order",
            "location": "war_academy"}]
    answer(ctx, {"type": "order", "location": "war_academy"})
    assert len(g["players"][1]["tactics"]) == 2 and g["locations"]["war_academy"] == []
    assert g["locations"]["quarry"] == [1]


def test_summer_retrieval_takes_all_back_or_two_honor_per_card() -> None:
    """Golden 13 (L600-602, ruling A18): P has a card on the track and an older one in the discard; after
    step 3 both are in the discard; Honor gives +4 and they stay; retrieving takes both back."""
    for choice, honor in (("honor", 4), ("retrieve", 0)):
        g = blank(3, tea=[0, 1, 2])
        p = g["players"][0]
        p["hand"] = ["economy", "despotism", "betrayal", "edict"]
        g["command_track"][1] = {"seat": 0, "card": "attack_order"}
        g["command_discard"] = [{"seat": 0, "card": "mobilization"}]
        ctx = ctx_for(g)
        run(ctx, {"do": "discard_track"}, {"do": "ask", "kind": "retrieve", "seat": 0, "fields": {}})
        assert all(x is None for x in g["command_track"]) and len(g["command_discard"]) == 2
        answer(ctx, {"type": choice})
        assert p["honor"] == honor
        if choice == "honor":
            assert len(g["command_discard"]) == 2 and len(p["hand"]) == 4
        else:
            assert g["command_discard"] == [] and len(p["hand"]) == 6


def test_summer_income_and_shame_discard() -> None:
    """L594: each overseer level gives 1 of its resource; L598: shame discarded at 2 Chi each."""
    g = blank(3)
    p = g["players"][0]
    p["overseers"] = {"quarry": {"level": 2, "unit": "spear"}, "temple": {"level": 1, "unit": "horse"}}
    p["supply"]["spear"] -= 2
    p["shamed"]["spear"] = 2
    g["shame_supply"] -= 2
    p["res"]["chi"] = 3
    ctx = ctx_for(g)
    run(ctx, {"do": "income"}, {"do": "ask", "kind": "discard_shame", "seat": 0, "fields": {}})
    assert p["res"]["stone"] == 2 and p["res"]["chi"] == 4
    assert legal(ctx) == [{"type": "discard_shame", "n": k} for k in range(3)]
    answer(ctx, {"type": "discard_shame", "n": 2})
    assert p["shamed"]["spear"] == 0 and p["res"]["chi"] == 0 and g["shame_supply"] == 30


def test_spring_advances_time_places_horde_and_refreshes_the_advisors() -> None:
    """L584-588: time +1, then as many Horde cards as the new space says, then the Advisor track."""
    state = _draft_all(new_state(4, seed=9))
    g = state.data
    ctx = ctx_for(g)
    t0 = g["time"]
    deck0 = len(g["horde_deck"])
    g["advisor_track"] = ["A", "B", "C", "D"]
    g["advisor_deck"] = ["F", "E"]
    g["decisions"] = []
    g["todo"] = []
    run(ctx, {"do": "advance_time"}, {"do": "invade"}, {"do": "advisor_refresh"})
    assert g["time"] == t0 + 1
    assert deck0 - len(g["horde_deck"]) == gdata.time_space(t0 + 1)["horde"]
    assert g["advisor_track"] == ["C", "D", "E", "F"] and g["advisor_discard"][-2:] == ["A", "B"]


def test_year_one_skips_spring_and_summer_and_years_follow_the_season_order() -> None:
    """L172, L573-580: Autumn, Winter of Year 1, then Spring, Summer, Autumn, Winter of Year 2."""
    gm = game()
    state = new_state(3, seed=1)
    while not gm.is_over(state) and state.data["year"] < 3:
        seat = gm.to_move(state)[0]
        acts = gm.legal_actions(state, seat)
        state = gm.apply(state, seat, next((a for a in acts if a["type"] in ("stop", "pass")), acts[0]))
    seen = [e["text"]["en"] for e in state.log if e["text"]["en"].startswith("Year ")]
    assert seen[:6] == ["Year 1, Autumn.", "Year 1, Winter.", "Year 2, Spring.", "Year 2, Summer.",
                        "Year 2, Autumn.", "Year 2, Winter."]


@pytest.mark.parametrize("players,walls,ends", [(3, 2, True), (3, 1, False), (4, 2, False), (4, 3, True)])
def test_the_wall_end_condition(players: int, walls: int, ends: bool) -> None:
    """L655, L667: all 3 Walls at level 3 end the game; 2 suffice with 3 players."""
    g = blank(players)
    for s in g["sections"][:walls]:
        s["wall"] = 3
    assert (flow.end_reason(g) == "walls") is ends


def test_the_shame_and_time_end_conditions_and_only_at_the_end_of_winter() -> None:
    """L653-669: an empty shame supply or the Time token on the last space ends the game, checked
    only at the end of Winter (L665)."""
    g = blank(3)
    g["shame_supply"] = 1
    assert flow.end_reason(g) is None
    g["shame_supply"] = 0
    assert flow.end_reason(g) == "shame"
    g = blank(3)
    g["time"] = gdata.time_last()
    assert flow.end_reason(g) == "time"
    ctx = ctx_for(g)
    run(ctx, {"do": "end_check"})
    assert g["end"] == "time" and g["over"] and g["final"]["winners"]


def test_final_scoring_order_and_tea_tie_break() -> None:
    """Golden 15 (L671-681): -5 per shamed soldier but not below 0 (L675); Horde rewards only without
    shame (L677); then Artifacts (L679); a tie goes to the seat higher in tea order (L681)."""
    g = blank(3, tea=[1, 0, 2])
    p = g["players"][0]
    p["honor"] = 8
    p["supply"]["spear"] -= 2
    p["shamed"]["spear"] = 2
    ids = sorted(horde.CARDS)
    p["trophies"] = [{"card": ids[0], "shame": 0}, {"card": ids[1], "shame": 1}]
    reward = horde.CARDS[p["trophies"][0]["card"]]["reward"]
    b = scoring.breakdown(g, 0)
    assert b["honor"] + b["shame"] == 0 and b["horde"] == reward
    g["players"][1]["honor"] = sum(b.values())  # Q ties P and is higher in tea order
    result = scoring.compute(g)
    assert result["totals"][0] == result["totals"][1]
    assert result["rank"][:2] == [1, 0] and result["winners"] == [1]
    assert result["tiebreak"]["tied"][:2] == [1, 0]
    assert result["tiebreak"]["values"] == [2, 1, 3]  # places in the tea order, 1 = top
    g["players"][2]["honor"] = 99
    result = scoring.compute(g)
    assert result["winners"] == [2] and result["tiebreak"] is None


def test_honor_never_goes_below_zero() -> None:
    """Ruling A17 (L249, L675): an immediate loss stops at 0 Honor; the change made is returned."""
    g = blank(3)
    g["players"][0]["honor"] = 3
    assert model.add_honor(g, 0, -5) == -3 and g["players"][0]["honor"] == 0
    assert model.add_honor(g, 0, 4) == 4 and g["players"][0]["honor"] == 4


def test_a_raid_that_emptied_the_supply_still_ends_the_game_after_summer_refills_it() -> None:
    """L522: a raid that empties the shame supply ends the game when that Winter is over; Summer
    discards return tokens to the supply (A43), which does not cancel it."""
    g = blank(3)
    g["end"] = "shame"
    g["shame_supply"] = 2
    assert flow.end_reason(g) == "shame"
    run(ctx_for(g), {"do": "end_check"})
    assert g["over"] and g["final"]


def test_winter_runs_shooting_defeat_check_siege_then_the_end_check() -> None:
    """L628-661: 1a shooting, 1b defeat check, 2 siege (barricades discarded per section), 3 end check."""
    g = blank(3)
    for sec in g["sections"]:
        sec["barricades"] = 2
    ctx = ctx_for(g)
    run(ctx, {"do": "season", "name": "winter"})
    texts = [e["text"]["en"] for e in ctx.events]
    assert texts[0] == "Year 1, Winter."
    assert all(s["barricades"] == 0 for s in g["sections"])  # L651
    assert "Year 2, Spring." in texts  # no end condition: the next Year begins (L661)


def test_year_one_uses_the_starting_spaces_casualties() -> None:
    """A45 (L134, L586): the Time token starts on the player-count space; Spring moves it first."""
    g = blank(4)
    assert g["time"] == gdata.time_start(4)
    assert model.casualties(g) == gdata.time_space(g["time"])["casualties"]
    run(ctx_for(g), {"do": "advance_time"})
    assert g["time"] == gdata.time_start(4) + 1


def test_a_clerk_just_moved_is_not_moved_again_by_the_same_effect() -> None:
    """L207: up to n clerks to n different locations: each clerk moves once."""
    g = blank(3)
    ctx = ctx_for(g)
    run(ctx, {"do": "effect", "seat": 0, "why": "t", "effect": {"op": "move_clerks", "n": 2,
            "different": True}})
    answer(ctx, {"type": "clerk", "from": "supply", "to": "temple"})
    assert not [a for a in legal(ctx) if a["type"] == "clerk" and a["from"] == "temple"]


def test_three_or_four_players_only_in_slice_1() -> None:
    """L78: the base rules are for 3-4 players (2p, solo and co-op come later)."""
    gm = game()
    assert (gm.min_players, gm.max_players) == (3, 4)
    for n in (2, 5):
        with pytest.raises(OptionError):
            gm.new_game(players=n)


def test_redetermination_keeps_the_horde_decks_public_top_back() -> None:
    """A6: the invasion indicator on the top card's back is public; the rest of the deck is not."""
    state = new_state(4, seed=6)
    g = state.data
    orders = set()
    for k in range(12):
        other = game().redetermine(state, 0, seed=k).data
        assert sorted(other["horde_deck"]) == sorted(g["horde_deck"])
        assert horde.indicator(other) == horde.indicator(g)
        orders.add(tuple(other["horde_deck"]))
    assert len(orders) > 1


def test_a_seat_with_no_command_card_sits_the_autumn_out() -> None:
    """Ruling A19 (L606-608): one card per seat per Autumn; a seat whose hand is empty (it took Honor
    every Summer, L602) chooses nothing, but still does the middle boxes of the others' cards."""
    g = blank(3, tea=[0, 1, 2])
    g["players"][0]["hand"] = []
    ctx = ctx_for(g)
    run(ctx, {"do": "select"})
    d = g["decisions"][-1]
    assert d["kind"] == "command" and d["seats"] == [1, 2] and d["sealed"]
