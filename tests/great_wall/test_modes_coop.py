"""The co-op game (seed L880-994; digest §4.11, rulings A39-A41)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygame_core import OptionError
from pygame_core.games.great_wall import coop, flow, horde, locations, model, modes, shame
from pygame_core.games.great_wall import data as gdata
from tests.great_wall.helpers import answer, ctx_for, game, kinds, legal, run, waiting

Data = dict[str, Any]
COOP = {"mode": "coop"}
NAMED_2P_OUT = {"taunt_them", "emperors_guard", "glory_emperor", "royal_escort"}


def start(players: int = 3, seed: int = 0) -> Any:
    return game().new_game(players=players, seed=seed, options=COOP)


def board(players: int = 3, seed: int = 0) -> Data:
    gm, s = game(), start(players, seed)
    while any(d["kind"] == "draft" for d in s.data["decisions"]):
        seat = gm.to_move(s)[0]
        s = gm.apply(s, seat, gm.legal_actions(s, seat)[0])
    g = copy.deepcopy(s.data)
    g["decisions"], g["todo"] = [], []
    return g


def set_requests(g: Data, *ids: str) -> None:
    g["coop"]["requests"] = list(ids)
    g["coop"]["request_deck"] = [r for r in g["coop"]["request_deck"] if r not in ids]


# ------------------------------------------------------------------------------------------ setup
def test_coop_is_for_two_to_four_players() -> None:
    """L886-891, A39 (5 players need the expansion)."""
    with pytest.raises(OptionError):
        game().new_game(players=1, seed=0, options=COOP)
    for n in (2, 3, 4):
        assert start(n).data["coop"]["goal"] == {2: 6, 3: 7, 4: 9}[n]  # L888-890


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deltas(players: int) -> None:
    """L897-909, L977, L685: no Artifacts but Requests in their slots (2 with 2 players, whose deck lacks
    the 4 named Requests); the co-op Horde deck with players + 1 cards out; 12 Events; with 2 players
    the Reed Clan plays too."""
    for seed in range(4):
        g = start(players, seed).data
        c = g["coop"]
        assert g["artifacts"] == []
        assert len(c["requests"]) == (2 if players == 2 else 3)
        every = set(c["requests"]) | set(c["request_deck"])
        assert every == (set(coop.REQUESTS) - NAMED_2P_OUT if players == 2 else set(coop.REQUESTS))
        on_board = [s["card"] for sec in g["sections"] for s in sec["rows"] if s is not None]
        assert all(cid in coop.HORDE for cid in on_board + g["horde_deck"] + g["horde_discard"])
        assert len(on_board) + len(g["horde_discard"]) == players + 1
        assert len(c["event_deck"]) == 12
        assert ("reed" in g) == (players == 2)


def test_data_counts_and_named_requests() -> None:
    """Public counts (digest §2): 24 co-op Horde cards, 12 Requests, 12 Events; the 4 Requests named at
    L977 are in the deck."""
    assert len(coop.HORDE) == 24 and len(coop.REQUESTS) == 12 and len(coop.EVENTS) == 12
    names = {r["name"]["en"] for r in coop.REQUESTS.values()}
    assert {"Taunt them and prevail", "Warriors for Emperor's guard", "Glory belongs to the Emperor",
            "Royal escort for Emperor's officials"} <= names
    assert [sum(1 for c in coop.HORDE.values() if c["indicator"] == i) for i in range(3)] == [8, 8, 8]
    for doc in (coop.HORDE, coop.REQUESTS, coop.EVENTS):
        for x in doc.values():
            assert x["source"]["kind"] in ("seed", "authored", "public")
            assert all(x["name"][lang] for lang in ("en", "zh-Hant", "zh-Hans"))


def test_spring_places_one_more_horde_card() -> None:
    """L971-973: the number beside the Time token + 1."""
    g = board()
    for sec in g["sections"]:
        sec["rows"] = [None] * 3
    ctx = ctx_for(g)
    run(ctx, {"do": "invade"})
    placed = sum(1 for sec in g["sections"] for s in sec["rows"] if s is not None)
    assert placed == model.horde_per_spring(g) + 1


# --------------------------------------------------------------------------------------- requests
def test_an_each_request_is_paid_by_every_player() -> None:
    """L915: a shared requirement is met by each player for itself; sacrificed figures leave the game
    (L921); the card is discarded (L917)."""
    g = board()
    set_requests(g, "emperors_guard")
    before = [p["supply"]["spear"] for p in g["players"]]
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    assert legal(ctx) == [{"type": "request", "card": "emperors_guard"}, {"type": "stop"}]
    answer(ctx, {"type": "request", "card": "emperors_guard"})
    assert [p["supply"]["spear"] for p in g["players"]] == [n - 1 for n in before]
    assert g["coop"]["done"] == 1 and g["coop"]["request_discard"] == ["emperors_guard"]
    assert g["coop"]["requests"] == []


def test_an_each_request_waits_for_every_player() -> None:
    """L915: nobody pays for another: one player without a spearman blocks it."""
    g = board()
    set_requests(g, "emperors_guard")
    g["players"][1]["supply"]["spear"] = 0
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    assert waiting(ctx) is None and g["coop"]["done"] == 0


def test_a_single_payment_is_made_by_the_chosen_player() -> None:
    """L915-917: one player discards the resources. The seat answering for the table cannot see the
    others' resources (L164-166): it may name any of them, and the one named pays for itself
    (tests/great_wall/test_gw_fixes_coop.py)."""
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, "stone_capital")
    need = coop.REQUESTS["stone_capital"]["need"][0]["n"]
    for p in g["players"]:
        p["res"]["stone"] = 0
    g["players"][2]["res"]["stone"] = need + 1
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    assert legal(ctx) == [{"type": "request", "card": "stone_capital", "payer": 1},
                          {"type": "request", "card": "stone_capital", "payer": 2}, {"type": "stop"}]
    answer(ctx, {"type": "request", "card": "stone_capital", "payer": 2})
    answer(ctx, {"type": "pay", "card": "stone_capital"})
    assert g["players"][2]["res"]["stone"] == 1 and g["coop"]["done"] == 1


def test_a_condition_request() -> None:
    """A Wall at the level asked for completes Mend the Wall."""
    g = board()
    set_requests(g, "mend_the_wall")
    assert coop.request_options(g) == []
    g["sections"][1]["wall"] = coop.REQUESTS["mend_the_wall"]["need"][0]["level"]
    assert coop.request_options(g) == [{"type": "request", "card": "mend_the_wall"}]


def test_request_step_shames_everyone_per_unfinished_request_then_refills() -> None:
    """L927-929: 1 shame per unfinished Request to each player; empty slots refill; unfinished stay."""
    g = board()
    set_requests(g, "mend_the_wall", "watchtowers")
    supply = g["shame_supply"]
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_request_step"})
    while (d := waiting(ctx)) is not None:
        answer(ctx, legal(ctx)[0], seat=d["seats"][0])
    assert [model.shame_held(g, s) for s in range(3)] == [2, 2, 2]
    assert g["shame_supply"] == supply - 6
    assert g["coop"]["requests"][:2] == ["mend_the_wall", "watchtowers"] and len(g["coop"]["requests"]) == 3


# ----------------------------------------------------------------------------------------- events
def test_an_instant_event_resolves_and_a_passive_one_stays() -> None:
    """L935-942."""
    g = board()
    g["coop"]["event_deck"] = ["court_favour", "heroes_feast"]
    ctx = ctx_for(g)
    honor = [p["honor"] for p in g["players"]]
    run(ctx, {"do": "coop_event"})
    assert [p["honor"] for p in g["players"]] == [h + 3 for h in honor]
    assert g["coop"]["events"] == ["heroes_feast"] and g["coop"]["passive"] == []
    run(ctx, {"do": "coop_event"})
    assert g["coop"]["passive"] == ["court_favour"]
    set_requests(g, "mend_the_wall")
    g["sections"][1]["wall"] = 2
    coop.complete(ctx, "mend_the_wall", None)
    assert [p["honor"] for p in g["players"]] == [h + 5 for h in honor]


# ------------------------------------------------------------------------------------------ shame
def test_shame_goes_only_under_soldiers() -> None:
    """L961: no shame on defeated Horde cards in co-op."""
    g = board()
    cid = next(iter(coop.HORDE))
    g["players"][0]["trophies"] = [{"card": cid, "shame": 0}]
    assert all(not isinstance(p, dict) for p in shame.places(g, 0))
    g2 = copy.deepcopy(g)
    g2["mode"] = "competitive"
    assert {"trophy": 0} in shame.places(g2, 0)


def test_summer_discard_costs_ten_honor_and_no_retrieval() -> None:
    """L956-959, L963-965."""
    g = board()
    p = g["players"][0]
    p["supply"]["spear"] -= 2
    p["shamed"]["spear"] = 2
    p["honor"] = 25
    g["shame_supply"] -= 2
    steps_ = modes.summer(g)
    assert steps_ is not None and not any(s.get("kind") == "retrieve" for s in steps_)
    ctx = ctx_for(g)
    run(ctx, *[s for s in steps_ if s.get("kind") == "coop_discard" and s["seat"] == 0])
    assert legal(ctx) == [{"type": "discard_shame", "n": k} for k in range(3)]
    answer(ctx, {"type": "discard_shame", "n": 2})
    assert p["honor"] == 5 and p["shamed"]["spear"] == 0 and g["shame_supply"] == 30


def test_building_a_wall_takes_a_command_card_back() -> None:
    """L967-969."""
    g = board()
    g["players"][0]["hand"].remove("economy")
    g["command_discard"] = [{"seat": 0, "card": "economy"}, {"seat": 1, "card": "edict"}]
    cost = locations.wall_cost(g, 1)
    assert cost is not None
    g["warehouse"].update(cost)
    ctx = ctx_for(g)
    locations.build(ctx, 0, {"build": "wall", "section": 1})
    run(ctx)
    while (d := waiting(ctx)) is not None and d["kind"] != "coop_retrieve":
        answer(ctx, {"type": "pass"})
    assert legal(ctx) == [{"type": "retrieve", "card": "economy"}, {"type": "pass"}]
    answer(ctx, {"type": "retrieve", "card": "economy"})
    assert "economy" in g["players"][0]["hand"] and g["command_discard"] == [{"seat": 1, "card": "edict"}]


# -------------------------------------------------------------------------------------------- end
def test_the_requests_done_win_at_the_winter_check() -> None:
    """L994: enough Requests at the check: every player wins."""
    g = board()
    g["coop"]["done"] = g["coop"]["goal"]
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_end_check"})
    assert g["over"] and g["end"] == "requests" and g["final"]["winners"] == [0, 1, 2]


def test_walls_do_not_end_the_coop_game_and_time_loses() -> None:
    """L994: the Wall end does not apply; the last Time space loses."""
    g = board()
    for sec in g["sections"]:
        sec["wall"] = 3
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_end_check"})
    assert not g.get("final")
    g["time"] = gdata.time_last()
    run(ctx, {"do": "coop_end_check"})
    assert g["end"] == "time" and g["final"]["winners"] == []


def test_shame_from_an_empty_supply_loses_at_once() -> None:
    """L994: a shame token owed with the supply empty loses the game immediately."""
    g = board()
    g["shame_supply"] = 1
    g["coop"]["done"] = g["coop"]["goal"]  # even a game about to be won
    ctx = ctx_for(g)
    g["todo"] = [{"do": "coop_end_check"}]
    shame.gain(ctx, 0, 2, "test")
    flow.advance(ctx)
    assert g["over"] and g["end"] == "shame" and g["final"]["winners"] == []
    assert all(lang in g["final"]["outcome"] for lang in ("en", "zh-Hant", "zh-Hans"))


def test_horde_cards_of_the_coop_deck_are_found_by_id() -> None:
    """The co-op cards are looked up like the base ones, but the base deck lists only its own 24."""
    cid = next(iter(coop.HORDE))
    assert horde.card(cid) is coop.HORDE[cid]
    assert cid not in list(horde.CARDS) and len(horde.CARDS) == 24


def test_coop_generals_and_tactics_join_the_decks() -> None:
    """L905-907 (A40: 將軍術卡 are the General cards): the 8 co-op Generals are dealt with the base ones,
    the 12 co-op Tactics shuffled into the Tactic deck; both only in co-op games."""
    from pygame_core.games.great_wall import cards

    assert len(coop.GENERALS) == 8 and len(coop.TACTICS) == 12
    for kind, table in (("generals", coop.GENERALS), ("tactics", coop.TACTICS)):
        for cid, c in table.items():
            assert c["text"] == cards.describe(kind, c), cid  # the text says what the effects do
            assert c["source"]["kind"] == "authored"
    dealt: set[str] = set()
    for seed in range(6):
        g = start(4, seed).data
        assert set(coop.TACTICS) <= set(g["tactic_deck"])
        dealt |= {x for p in g["players"] for x in p["draft"]["generals"]}
    assert dealt & set(coop.GENERALS) and dealt - set(coop.GENERALS)
    g = game().new_game(players=4, seed=0).data
    assert not set(coop.TACTICS) & set(g["tactic_deck"])
    assert cards.general("yu_qian")["name"]["en"] == "Yu Qian"


def test_shame_gained_may_be_discarded_for_honor_at_once() -> None:
    """L958: on gaining a shame token a player may discard it at once for 10 Honor."""
    g = board()
    g["players"][0]["honor"] = 12
    ctx = ctx_for(g)
    shame.gain(ctx, 0, 1, "test")
    assert g["todo"] == [{"do": "ask", "kind": "coop_discard", "seat": 0, "fields": {}}]
    run(ctx, g["todo"].pop())
    while (d := waiting(ctx)) is not None and d["kind"] != "coop_discard":
        answer(ctx, legal(ctx)[0])
    assert legal(ctx) == [{"type": "discard_shame", "n": 0}, {"type": "discard_shame", "n": 1}]
    answer(ctx, {"type": "discard_shame", "n": 1})
    assert model.shame_held(g, 0) == 0 and g["players"][0]["honor"] == 2


# ------------------------------------------------------------------- the order inside a location
def test_the_table_orders_the_seats_at_the_tea_house() -> None:
    """L952: in co-op the order inside a location is the table's, not the tea order. Tea 0, 1, 2 with
    seats 2 and 1 at the Tea house: in tea order 1 then 2 would give 1, 2, 0 (L394-396); the table sends
    2 first (2 passes 1), then 1 (passes 2 back): 0, 1, 2. The seat highest in tea order answers."""
    g = board(3)
    g["tea"] = [0, 1, 2]
    for s in (2, 1):
        g["players"][s]["clerks"] -= 1
        g["locations"]["tea_house"].append(s)
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "tea_house", "advanced": False})
    d = waiting(ctx)
    assert d is not None and d["kind"] == "coop_next" and d["seats"] == [0]
    assert legal(ctx) == [{"type": "next", "location": "tea_house", "seat": 1},
                          {"type": "next", "location": "tea_house", "seat": 2}]
    answer(ctx, {"type": "next", "location": "tea_house", "seat": 2})
    assert waiting(ctx) is None
    assert g["tea"] == [0, 1, 2]
    assert g["locations"]["tea_house"] == []


def test_the_table_orders_the_seats_at_the_barracks() -> None:
    """L952 (with L318: each seat uses all its clerks before the next): three seats at the Barracks;
    the table picks 2, then 0; 1 is left and acts last. The competitive game keeps the tea order."""
    g = board(3)
    g["tea"] = [0, 1, 2]
    for s in (0, 1, 2):
        g["players"][s]["clerks"] -= 1
        g["locations"]["barracks"].append(s)
        g["players"][s]["res"].update(stone=2, wood=1)
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "barracks", "advanced": False})
    assert [a["seat"] for a in legal(ctx)] == [0, 1, 2]
    answer(ctx, {"type": "next", "location": "barracks", "seat": 2})
    d = waiting(ctx)
    assert d is not None and d["kind"] == "coop_next" and d["seats"] == [0]
    assert [a["seat"] for a in legal(ctx)] == [0, 1]
    answer(ctx, {"type": "next", "location": "barracks", "seat": 0})
    acted = []
    while (d := waiting(ctx)) is not None:
        assert d["kind"] == "location", d
        acted.append(d["seats"][0])
        answer(ctx, {"type": "pass"})
    assert acted == [2, 0, 1]
    # one seat alone asks nothing of the table
    g = board(3)
    g["players"][1]["clerks"] -= 1
    g["locations"]["barracks"].append(1)
    g["players"][1]["res"].update(stone=2, wood=1)
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "barracks", "advanced": True})  # (no yellow flag, L330)
    assert kinds(ctx) == ["location"]


def test_the_competitive_game_keeps_the_tea_order_inside_a_location() -> None:
    """L318: outside co-op nobody is asked; the seats act in tea order."""
    g = model.new_game_data(3)
    g["tea"] = [2, 0, 1]
    for s in (0, 1, 2):
        g["players"][s]["clerks"] -= 1
        g["locations"]["barracks"].append(s)
        g["players"][s]["res"].update(stone=2, wood=1)
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "barracks", "advanced": False})
    acted = []
    while (d := waiting(ctx)) is not None:
        assert d["kind"] == "location", d
        acted.append(d["seats"][0])
        answer(ctx, {"type": "pass"})
    assert acted == [2, 0, 1]


def test_with_two_players_the_reed_clan_keeps_its_turn_at_the_tea_house() -> None:
    """L952 with L685 and L733: the table orders the two seats; the Reed Clan's marker moves in its own
    place in the tea order. Track 0, Reed, 1, all three at the Tea house: in tea order 0 (on top), the
    Reed Clan, then 1 would give Reed, 1, 0; the table puts 1 first: 1 passes the Reed Clan, the Reed
    Clan passes 1 back, 0 stays on top: 0, Reed, 1."""
    g = board(2)
    g["tea_all"], g["tea"] = [0, "reed", 1], [0, 1]
    for s in (0, 1):
        g["players"][s]["clerks"] -= 1
        g["locations"]["tea_house"].append(s)
    g["locations"]["tea_house"].append("reed")
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "tea_house", "advanced": False})
    assert kinds(ctx) == ["coop_next"]
    answer(ctx, {"type": "next", "location": "tea_house", "seat": 1})
    assert g["tea_all"] == [0, "reed", 1] and g["tea"] == [0, 1]


def test_the_table_orders_the_production_steps() -> None:
    """L952 with L351-356: at a production location every step is done seat by seat in the table's
    order: the overseer upgrades are asked of 1 before 0."""
    g = board(3)
    g["tea"] = [0, 1, 2]
    for s in (0, 1):
        g["players"][s]["clerks"] -= 1
        g["locations"]["temple"].append(s)
        g["players"][s]["res"].update(wood=9, stone=9, gold=9, chi=9)
        g["players"][s]["overseers"].pop("temple", None)
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "temple", "advanced": True})
    answer(ctx, {"type": "next", "location": "temple", "seat": 1})
    asked = []
    while (d := waiting(ctx)) is not None:
        assert d["kind"] == "upgrade", d
        asked.append(d["seats"][0])
        answer(ctx, {"type": "pass"})
    assert asked == [1, 0]


def test_the_heuristic_keeps_the_tea_order_inside_a_location() -> None:
    """The bot answers ``coop_next`` (L952) with the remaining seat highest in tea order."""
    from pygame_core.games.great_wall import heuristic

    g = board(3)
    g["tea"] = [2, 0, 1]
    for s in (0, 1):
        g["players"][s]["clerks"] -= 1
        g["locations"]["tea_house"].append(s)
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "tea_house", "advanced": False})
    assert heuristic.decide(g, 2, legal(ctx)) == {"type": "next", "location": "tea_house", "seat": 0}
    # it reads the tea order, not the order the actions are listed in (0 first, 1 higher in tea now)
    g["tea"] = [2, 1, 0]
    assert [a["seat"] for a in legal(ctx)] == [0, 1]
    assert heuristic.decide(g, 2, legal(ctx)) == {"type": "next", "location": "tea_house", "seat": 1}
