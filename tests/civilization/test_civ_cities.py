"""Cities, production, culture and great persons, movement through cities and coins (digest §9 CT,
PR, CU, MV, EC): checklist items the first rule tests left out. Each test cites its seed lines."""

from __future__ import annotations

from typing import Any

from civ_helpers import set_square, square
from test_civ_rules import _city_state, _move_state, ctx_of, turn_of

from pygame_core.games.civilization import city, combat, model, move, start
from pygame_core.games.civilization.data import TRACK
from pygame_core.kernel import decisions

Data = dict[str, Any]


def _produce(d: Data, item: str) -> None:
    city.city_apply(ctx_of(d), 0, {"type": "produce", "city": 0, "item": item})


def _site(d: Data, sq: int) -> None:
    dec = d["decisions"][-1]
    assert dec["kind"] == "site" and {"type": "site", "sq": sq} in city.site_legal(d, 0, dec)
    city.site_apply(ctx_of(d), 0, dec, {"type": "site", "sq": sq})


def test_the_city_centre_yields_nothing_and_the_outskirts_are_its_eight_neighbours_L417_L419():
    d = _city_state("grassland", production=1, trade=1)
    y = model.city_yield(d, 0)
    assert y["production"] == 8 and y["trade"] == 8
    assert len(model.outskirts(d, 0)) == 8 and d["cities"][0]["sq"] not in model.outskirts(d, 0)


def test_city_walls_need_masonry_cost_seven_and_add_four_to_the_defence_L734_L1100():
    d = _city_state("grassland", production=1)
    assert "walls" not in city.products(d, 0, 0)
    d["p"][0]["techs"]["masonry"] = 1
    assert "walls" in city.products(d, 0, 0) and city.item_cost(d, 0, "walls") == 7
    before = combat._bonus(d, 0, "d", 0)
    _produce(d, "walls")
    assert d["cities"][0]["wall"] is True and "walls" not in city.products(d, 0, 0)
    assert combat._bonus(d, 0, "d", 0) == before + 4


def test_armies_and_scouts_need_an_unbuilt_figure_and_a_land_square_within_the_stacking_limit_L657_L667():
    d = _city_state("grassland", production=1)
    d["p"][0]["civ_effects"] = []
    sqs = model.outskirts(d, 0)
    set_square(d, sqs[0], terrain="water")
    for _ in range(model.traits(d, 0)["stack"]):
        model.new_fig(d, 0, "army", sqs[1])
    sites = city.sites(d, 0, 0, "army")
    assert sqs[0] not in sites and sqs[1] not in sites and sqs[2] in sites
    d["p"][0]["armies"] = model.on_map(d, 0, "army")  # no army left on the sheet
    assert "army" not in city.products(d, 0, 0) and "scout" in city.products(d, 0, 0)


def test_a_new_building_replaces_an_own_building_which_returns_to_the_market_L754_L756():
    d = _city_state("grassland", production=1)
    d["p"][0]["techs"].update({"pottery": 1, "philosophy": 1})
    sq = model.outskirts(d, 0)[0]
    d["items"][str(sq)] = {"k": "b", "id": "granary", "o": 0}
    d["supply"]["granary"] -= 1
    before = dict(d["supply"])
    _produce(d, "building:temple")
    _site(d, sq)
    assert d["items"][str(sq)]["id"] == "temple"
    assert d["supply"]["granary"] == before["granary"] + 1 and d["supply"]["temple"] == before["temple"] - 1


def test_a_displaced_great_person_goes_back_to_the_sheet_L832():
    d = _city_state("grassland", production=1)
    d["p"][0]["techs"]["pottery"] = 1
    sq = model.outskirts(d, 0)[0]
    d["items"][str(sq)] = {"k": "gp", "id": "artist", "o": 0}
    _produce(d, "building:granary")
    _site(d, sq)
    assert d["items"][str(sq)]["id"] == "granary" and d["p"][0]["gp"] == ["artist"]


def test_a_great_person_space_draws_one_to_place_at_once_or_keep_L804_L830():
    d = _city_state("grassland")
    gp_space = next(sp for sp in TRACK if sp["kind"] == "great_person")
    d["p"][0]["track"] = gp_space["index"] - 1
    d["p"][0]["culture"], d["p"][0]["trade"] = 20, 20
    left = len(d["gps"])
    city.city_apply(ctx_of(d), 0, {"type": "advance"})
    dec = d["decisions"][-1]
    assert dec["kind"] == "great_person" and len(d["gps"]) == left - 1
    acts = city.gp_legal(d, 0, dec)
    assert {"type": "keep_gp"} in acts
    places = [a for a in acts if a["type"] == "place_gp"]
    assert {a["sq"] for a in places} == set(model.outskirts(d, 0))
    decisions.pop(d, dec)  # kept: it stays on the sheet and may be placed at a Start of Turn
    turn_of(d, "start")
    assert any(a["type"] == "place_gp" for a in start.start_legal(d, 0))


def test_the_culture_victory_space_wins_at_once_L808_L812():
    d = _city_state("grassland")
    last = TRACK[-1]
    assert last["kind"] == "victory"
    d["p"][0]["track"] = last["index"] - 1
    d["p"][0]["culture"], d["p"][0]["trade"] = 99, 27
    city.city_apply(ctx_of(d), 0, {"type": "advance"})
    assert d["over"] and d["winners"] == [0] and d["victory"] == "culture"


def test_cities_are_passed_through_not_ended_in_and_scouts_stay_out_of_enemy_centres_L926():
    d = _move_state()
    own = square(d, 4, 5)
    d["cities"] = [
        {"o": 0, "sq": own, "cap": True, "wall": False},
        {"o": 1, "sq": square(d, 4, 10), "cap": False, "wall": False},
    ]
    model.new_fig(d, 0, "army", square(d, 3, 5))
    d["p"][0]["civ_effects"] = []
    acts = move.legal(d, 0)
    assert any(a.get("to") == own for a in acts if a["type"] == "move")  # two points: pass through
    c = ctx_of(d)
    move.apply(c, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": own})
    assert {"type": "stop"} not in move.legal(d, 0)  # never end in a city centre
    d["mv"], d["moved"] = None, []
    model.new_fig(d, 0, "scout", square(d, 4, 9))
    army = model.new_fig(d, 0, "army", square(d, 3, 10))
    scout_moves = [a for a in move.legal(d, 0) if a["type"] == "move" and a["from"] == square(d, 4, 9)]
    assert not any(a["to"] == square(d, 4, 10) for a in scout_moves)  # a scout never enters an enemy centre
    move.apply(
        c, 0, {"type": "move", "from": square(d, 3, 10), "armies": 1, "scouts": 0, "to": square(d, 4, 10)}
    )
    assert d["battle"] is not None and d["battle"]["city"] == 1 and army in d["battle"]["figs"]


def test_coins_come_from_controlled_squares_and_coin_tokens_are_never_lost_L1225_L1229():
    d = _city_state("grassland", coin=1)
    assert model.coins(d, 0) == 8
    model.new_fig(d, 1, "army", model.outskirts(d, 0)[0])  # blockaded: that coin is not collected
    assert model.coins(d, 0) == 7
    d["p"][0]["coin_tokens"] = {"pottery": 2}
    d["figs"] = {}
    d["items"] = {}
    assert model.coins(d, 0) == 10
    d["cities"] = []
    assert model.coins(d, 0) == 2  # the tokens stay


def test_culture_tokens_come_from_a_bank_of_ninety_L79_L766():
    d = _city_state("grassland", culture=1)
    d["p"][1]["culture"] = 85
    city.city_apply(ctx_of(d), 0, {"type": "arts", "city": 0})  # 1 + 8 icons, but 5 are left
    assert d["p"][0]["culture"] == 5
    d["p"][1]["culture"] = 0
    d["acted"] = []
    city.city_apply(ctx_of(d), 0, {"type": "arts", "city": 0})
    assert d["p"][0]["culture"] == 14


def test_face_down_tiles_cannot_be_entered_L870():
    from pygame_core.games.civilization import geo

    d = _move_state()
    d["tiles"][2]["up"] = False  # cell (0,1): squares y 4..7
    geo.grid_key(d)
    model.new_fig(d, 0, "army", square(d, 2, 3))
    assert not [a for a in move.legal(d, 0) if a["type"] == "move" and a["to"] == square(d, 2, 4)]
    assert geo.grid(d)[square(d, 2, 4)] is None


def test_natural_wonders_give_culture_to_the_arts_L302_L766():
    d = _city_state("grassland")
    set_square(d, model.outskirts(d, 0)[0], culture=1)
    city.city_apply(ctx_of(d), 0, {"type": "arts", "city": 0})
    assert d["p"][0]["culture"] == 2


def test_played_culture_cards_go_face_up_under_the_deck_and_are_reshuffled_when_it_runs_out_L824():
    d = _city_state("grassland")
    deck = d["culture"]["ancient"]
    for card in list(deck):
        deck.remove(card)
        city.discard_culture(d, card)
    assert d["culture_up"]["ancient"] == len(deck)
    c = ctx_of(d)
    city.draw_culture(c, 0, "ancient")
    assert len(d["p"][0]["hand"]) == 1 and d["culture_up"]["ancient"] == 0 and c.revealed


def test_an_empty_unit_deck_blocks_production_until_a_killed_unit_returns_L673():
    d = _city_state("grassland", production=2)
    killed = d["decks"]["mounted"][0]
    d["decks"]["mounted"] = []
    assert "unit:mounted" not in city.products(d, 0, 0)
    city.return_unit(d, killed)  # face up at the bottom
    assert "unit:mounted" in city.products(d, 0, 0)
    city.city_apply(ctx_of(d), 0, {"type": "produce", "city": 0, "item": "unit:mounted"})
    assert killed in d["p"][0]["forces"] and d["up"]["mounted"] == 0
