"""Rule tests for the Civilization engine; each cites the seed lines it checks
(000_fcd7daf2adb52f57.txt) and, where it is one, the golden test of digest §10."""

from __future__ import annotations

from typing import Any

import pytest
from civ_helpers import after_setup, bare, edit, flat_map, play, set_square, square

from pygame_core import IllegalAction
from pygame_core.games.civilization import GAME, city, combat, flow, model, research, start
from pygame_core.games.civilization.data import BUILDINGS, CIVS, TECHS, UNIT_CARDS
from pygame_core.kernel import Ctx
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import State
from pygame_core.kernel.text import LANGS

Data = dict[str, Any]


def ctx_of(data: Data, seat: int = 0) -> Ctx:
    return Ctx(data, Rng.from_seed(5), len(data["p"]), {}, seat)


def turn_of(data: Data, phase: str, seat: int = 0) -> None:
    n = len(data["p"])
    data["phase"] = phase
    data["order"] = [(seat + k) % n for k in range(n)]
    data["i"] = 0
    data["acted"] = []
    data["mv"] = None
    data["moved"] = []


def card_of(utype: str, strengths: list[int]) -> str:
    return next(
        c
        for c, r in UNIT_CARDS.items()
        if r["type"] == utype and r["strengths"][: len(strengths)] == strengths
    )


# ------------------------------------------------------------------ setup
def test_learning_game_has_no_egypt_rome_or_wonders_L322():
    for seed in range(12):
        s = GAME.new_game(players=4, seed=seed, options={"game": "learning"})
        civs = {p["civ"] for p in s.data["p"]}
        assert not civs & {"egypt", "rome"}
        assert s.data["wonder_market"] == [] and s.data["wonder_deck"] == []


def test_full_game_market_has_four_ancient_wonders_L373():
    s = GAME.new_game(players=2, seed=3, options={"game": "full"})
    from pygame_core.games.civilization.data import WONDERS

    egypt = any(p["civ"] == "egypt" for p in s.data["p"])
    assert len(s.data["wonder_market"]) == 4
    eras = [WONDERS[w]["era"] for w in s.data["wonder_market"]]
    assert eras.count("ancient") == (3 if egypt else 4)


def test_each_player_starts_with_one_unit_of_each_type_and_germany_two_more_L357_L441():
    for seed in range(10):
        s = GAME.new_game(players=4, seed=seed)
        for p in s.data["p"]:
            types = sorted(UNIT_CARDS[c]["type"] for c in p["forces"])
            extra = ["infantry", "infantry"] if p["civ"] == "germany" else []
            assert types == sorted(["artillery", "infantry", "mounted", *extra])
            assert p["ranks"] == {"artillery": 1, "infantry": 1, "mounted": 1, "aircraft": 0}  # L363


def test_market_resources_are_one_per_player_per_type_L389():
    for n in (2, 3, 4):
        s = GAME.new_game(players=n, seed=1)
        assert s.data["market"] == {"wheat": n, "silk": n, "incense": n, "iron": n}


def test_capital_goes_on_a_central_square_of_the_home_tile_L415():
    s = GAME.new_game(players=2, seed=4)
    seat = GAME.to_move(s)[0]
    opts = GAME.legal_actions(s, seat)
    cell = s.data["tiles"][flow.home_cell(s.data, seat)]
    w = s.data["w"]
    for a in opts:
        x, y = a["sq"] % w - cell["x"] * 4, a["sq"] // w - cell["y"] * 4
        assert (x, y) in ((1, 1), (1, 2), (2, 1), (2, 2))


def test_setup_figures_starting_tech_government_and_trade_dial_L453_L457_L463_L481():
    s = after_setup(players=3, seed=2)
    d = s.data
    assert d["phase"] == "start" and d["turn"] == 1
    for seat, p in enumerate(d["p"]):
        rec = CIVS[p["civ"]]
        assert list(p["techs"]) == [rec["starting_tech"]] and p["techs"][rec["starting_tech"]] == 1  # L962
        assert p["gov"] == rec["starting_government"]
        cap = d["cities"][model.cities_of(d, seat)[0]]
        assert cap["cap"] and cap["wall"] == (p["civ"] == "china")  # L433
        figs = [f for f in d["figs"].values() if f["o"] == seat]
        armies = 2 if p["civ"] == "russia" else 1
        assert sorted(f["k"] for f in figs) == ["army"] * armies + ["scout"]
        for f in figs:
            assert f["sq"] in model.outskirts(d, model.cities_of(d, seat)[0])
        trade = model.city_yield(d, model.cities_of(d, seat)[0])["trade"]
        assert p["trade"] == min(27, trade)
        assert model.unbuilt(d, seat, "army") == 5 and model.unbuilt(d, seat, "scout") == 1  # L493


# ------------------------------------------------------------------ turn order and trade
def test_first_player_passes_left_each_turn_but_not_on_turn_1_L507():
    s = after_setup(players=3, seed=5)
    first = s.data["first"]
    d = s.data
    c = ctx_of(d)
    flow.start_turn(c)
    assert d["first"] == (first + 1) % 3 and d["order"][0] == d["first"]


def test_trade_dial_counts_each_point_and_caps_at_27_L586_L588_golden_1():
    s = after_setup()

    def fn(d: Data) -> None:
        bare(d)
        flat_map(d, "desert", trade=1)
        d["cities"] = [{"o": 0, "sq": square(d, 2, 5), "cap": True, "wall": False}]
        d["p"][0]["trade"] = 3
        d["p"][1]["trade"] = 0

    s = edit(s, fn)
    c = ctx_of(s.data)
    city.collect_trade(c)
    assert s.data["p"][0]["trade"] == 3 + 8
    c.data["p"][0]["trade"] = 25
    city.collect_trade(c)
    assert c.data["p"][0]["trade"] == 27


def test_trade_collection_and_blockade_L586_L605_golden_2():
    s = after_setup()

    def fn(d: Data) -> None:
        bare(d)
        flat_map(d, "grassland")
        a, b = square(d, 2, 2), square(d, 5, 9)
        d["cities"] = [
            {"o": 0, "sq": a, "cap": False, "wall": False},
            {"o": 0, "sq": b, "cap": False, "wall": False},
        ]
        ring_a = model.outskirts(d, 0)
        ring_b = model.outskirts(d, 1)
        for sq in ring_a[:4]:
            set_square(d, sq, trade=1)
        for sq in ring_b:
            set_square(d, sq, trade=1)
        d["p"][0]["trade"] = 0
        d["p"][0]["gov"] = "anarchy"

    s = edit(s, fn)
    c = ctx_of(s.data)
    city.collect_trade(c)
    assert c.data["p"][0]["trade"] == 12
    c.data["p"][0]["trade"] = 0
    model.new_fig(c.data, 1, "scout", model.outskirts(c.data, 0)[0])  # an enemy scout on a trade square
    city.collect_trade(c)
    assert c.data["p"][0]["trade"] == 11


# ------------------------------------------------------------------ research
def _research_state(trade: int, coins: int, techs: dict[str, int]) -> Data:
    s = after_setup()
    d = s.data
    bare(d)
    d["p"][0]["trade"] = trade
    d["p"][0]["techs"] = dict(techs)
    d["p"][0]["coin_tokens"] = {"pottery": coins} if coins else {}
    d["p"][0]["gov"] = "anarchy"
    return d


def test_research_spends_all_trade_but_one_per_coin_L948_L950_L952_golden_3():
    for coins, left in ((0, 0), (4, 4)):
        d = _research_state(18, coins, {"pottery": 1, "writing": 1})
        assert "sailing" in research.options(d, 0)
        c = ctx_of(d)
        d["p"][0]["trade"] = min(model.coins(d, 0), d["p"][0]["trade"])
        research.learn(c, 0, "sailing")
        assert d["p"][0]["trade"] == left and "sailing" in d["p"][0]["techs"]
    d = _research_state(10, 0, {"pottery": 1, "writing": 1})
    assert "sailing" not in research.options(d, 0)  # L946: level II needs 11


def test_tech_pyramid_L956_L960_L962_golden_4():
    d = _research_state(27, 0, {"pottery": 1, "writing": 1, "sailing": 2})
    opts = research.options(d, 0)
    assert "irrigation" not in opts  # a second II needs three Is
    assert "currency" in opts
    assert not any(TECHS[t]["level"] == 3 for t in opts)  # III needs two IIs
    lv1 = [t for t, r in TECHS.items() if r["level"] == 1][:5]
    lv2 = [t for t, r in TECHS.items() if r["level"] == 2][:4]
    lv3 = [t for t, r in TECHS.items() if r["level"] == 3][:3]
    lv4 = [t for t, r in TECHS.items() if r["level"] == 4][:2]
    pyr = {**{t: 1 for t in lv1}, **{t: 2 for t in lv2}, **{t: 3 for t in lv3}, **{t: 4 for t in lv4}}
    d = _research_state(26, 0, pyr)
    assert "space_flight" in research.options(d, 0)
    del d["p"][0]["techs"][lv4[0]]
    assert "space_flight" not in research.options(d, 0)  # 5/4/3/1: no slot for level V
    # a starting tech counts as level I whatever its printed level (L962): Russia's Communism is III
    d = _research_state(11, 0, {"communism": 1, "pottery": 1, "writing": 1})
    assert research.counts(d, 0)[1] == 3 and "sailing" in research.options(d, 0)


def test_research_choices_are_sealed_until_everyone_has_chosen_L940():
    s = after_setup()
    d = s.data

    def fn(x: Data) -> None:
        turn_of(x, "research")
        for p in x["p"]:
            p["trade"] = 10

    s = edit(s, fn)
    research.begin(ctx_of(s.data))
    a = GAME.legal_actions(s, 0)
    choice = next(x for x in a if x["tech"])
    s2 = play(s, 0, choice)
    v1 = GAME.view(s2, 1)
    assert choice["tech"] not in str(v1["decisions"]) and v1["decisions"][0]["answered"] == [0]
    assert not str(v1["log"]).count(TECHS[choice["tech"]]["name"]["en"])
    s3 = play(s2, 1, {"type": "research", "tech": ""})
    assert choice["tech"] in s3.data["p"][0]["techs"]
    assert d is not s3.data


# ------------------------------------------------------------------ cities
def _founding_state() -> tuple[Data, int]:
    s = after_setup()
    d = s.data
    bare(d)
    flat_map(d, "grassland")
    turn_of(d, "start")
    d["cities"] = [{"o": 0, "sq": square(d, 2, 2), "cap": True, "wall": False}]
    target = square(d, 3, 8)
    model.new_fig(d, 0, "scout", target)
    return d, target


def _can_found(d: Data) -> bool:
    return any(a["type"] == "found" for a in start.start_legal(d, 0))


def test_city_founding_checks_L541_L548_golden_5():
    d, target = _founding_state()
    assert _can_found(d)
    set_square(d, target, terrain="water")
    assert not _can_found(d)  # A: water (L541)
    d, target = _founding_state()
    d["marks"][str(target + 1)] = {"k": "village", "id": "x"}
    assert not _can_found(d)  # B: next to a village (L546)
    del d["marks"][str(target + 1)]
    assert _can_found(d)
    d, target = _founding_state()
    from pygame_core.games.civilization import geo

    d["tiles"][geo.cell_of(d, target + 1)]["up"] = False  # C: next to a face-down tile (L542)
    geo.grid_key(d)
    assert not _can_found(d)
    d2, t2 = _founding_state()
    model.new_fig(d2, 1, "army", t2 + d2["w"])  # D: enemy figure adjacent (L547)
    assert not _can_found(d2)
    d3, t3 = _founding_state()
    d3["figs"] = {}
    model.new_fig(d3, 0, "scout", square(d3, 4, 2))  # E: 2 squares from a city (L548)
    assert not _can_found(d3)
    d4, t4 = _founding_state()
    d4["figs"] = {}
    model.new_fig(d4, 0, "scout", square(d4, 0, 8))  # map edge (L542, A13)
    assert not _can_found(d4)


def test_founding_sacrifices_the_scout_and_moves_other_figures_L550_L554():
    d, target = _founding_state()
    model.new_fig(d, 0, "army", target)
    c = ctx_of(d)
    fid = next(f for f, x in d["figs"].items() if x["k"] == "scout")
    start.start_apply(c, 0, {"type": "found", "fig": fid})
    assert fid not in d["figs"] and model.city_at(d, target) >= 0
    army = next(x for x in d["figs"].values() if x["k"] == "army")
    assert army["sq"] != target and army["sq"] in model.outskirts(d, model.city_at(d, target))


def test_city_limit_is_two_then_three_with_irrigation_L539():
    d, target = _founding_state()
    d["cities"].append({"o": 0, "sq": square(d, 5, 13), "cap": False, "wall": False})
    assert not _can_found(d)
    d["p"][0]["techs"]["irrigation"] = 2
    assert _can_found(d)


def test_learning_game_ends_with_the_third_city_and_no_winner_L322():
    s = after_setup(game="learning")
    d = s.data
    bare(d)
    flat_map(d, "grassland")
    turn_of(d, "start")
    d["cities"] = [
        {"o": 0, "sq": square(d, 2, 2), "cap": True, "wall": False},
        {"o": 0, "sq": square(d, 5, 13), "cap": False, "wall": False},
    ]
    d["p"][0]["techs"]["irrigation"] = 2
    fid = model.new_fig(d, 0, "scout", square(d, 3, 8))
    s = play(s, 0, {"type": "found", "fig": fid})
    assert GAME.is_over(s)
    sc = GAME.scores(s)
    assert sc["winners"] == [] and sc["victory"] == "learning" and sc["totals"] == [0, 0]
    assert all(sc["outcome"][lang] for lang in LANGS)  # says why, in every language


# ------------------------------------------------------------------ city management
def _city_state(terrain: str = "grassland", **icons: int) -> Data:
    s = after_setup()
    d = s.data
    bare(d)
    flat_map(d, terrain, **icons)
    turn_of(d, "city")
    d["cities"] = [{"o": 0, "sq": square(d, 2, 2), "cap": False, "wall": False}]
    d["p"][0]["gov"] = "anarchy"  # no government yield bonus in these tests
    d["p"][0]["trade"] = 0
    return d


def _produce(d: Data) -> set[str]:
    return {a["item"] for a in city.city_legal(d, 0) if a["type"] == "produce"}


def test_production_cost_limit_and_rushing_L637_L651():
    d = _city_state("forest", production=2)  # 8 forests: 16 production
    assert {"army", "scout", "unit:infantry"} <= _produce(d)
    d = _city_state("grassland")
    assert _produce(d) == set()  # nothing to spend
    d["p"][0]["trade"] = 12  # 4 production by rushing 12 trade
    assert _produce(d) == {"army"}
    c = ctx_of(d)
    city.city_apply(c, 0, {"type": "produce", "city": 0, "item": "army"})
    assert d["p"][0]["trade"] == 0 and d["decisions"][-1]["kind"] == "site"


def test_unit_production_draws_a_random_card_at_the_rank_cost_L671_L677():
    d = _city_state("forest", production=2)
    n = len(d["p"][0]["forces"])
    c = ctx_of(d)
    city.city_apply(c, 0, {"type": "produce", "city": 0, "item": "unit:mounted"})
    assert len(d["p"][0]["forces"]) == n + 1 and UNIT_CARDS[d["p"][0]["forces"][-1]]["type"] == "mounted"
    assert city.item_cost(d, 0, "unit:mounted") == 5 and c.revealed


def test_unit_upgrade_changes_strength_and_cost_L982_L988_golden_13():
    d = _city_state()
    d["p"][0]["forces"] = [card_of("mounted", [1, 2]), card_of("mounted", [2, 3])]
    assert city.item_cost(d, 0, "unit:mounted") == 5
    c = ctx_of(d)
    d["p"][0]["techs"].update({"pottery": 1, "writing": 1})
    research.learn(c, 0, "chivalry")
    assert d["p"][0]["ranks"]["mounted"] == 2 and city.item_cost(d, 0, "unit:mounted") == 7
    b = {"att": 0, "def": 1, "proxy": 1}
    assert [combat.card_strength(d, b, "a", x) for x in d["p"][0]["forces"]] == [2, 3]


def test_temple_replaces_forest_icons_and_one_limited_building_per_city_L724_L730_golden_14():
    d = _city_state("forest", production=2)
    d["p"][0]["techs"].update({"philosophy": 1, "currency": 1})
    s0 = model.outskirts(d, 0)[0]
    d["items"][str(s0)] = {"k": "b", "id": "temple", "o": 0}
    icons = model.square_icons(d, s0)
    assert icons["production"] == 0 and icons["culture"] == BUILDINGS["temple"]["icons"]["culture"]
    assert BUILDINGS["temple"]["limited"] and BUILDINGS["market"]["limited"]
    sites = city.sites(d, 0, 0, "building:market")
    assert sites == [s0]  # only by replacing the temple itself


def test_building_upgrade_flips_and_blocks_the_base_building_L992_L1000_golden_14():
    d = _city_state("grassland")
    d["p"][0]["techs"].update({"pottery": 1, "writing": 1, "currency": 1})
    s0 = model.outskirts(d, 0)[0]
    d["items"][str(s0)] = {"k": "b", "id": "granary", "o": 0}
    assert "granary" in city.buildable(d, 0)
    research.learn(ctx_of(d), 0, "engineering")
    assert d["items"][str(s0)]["id"] == "aqueduct"
    assert "granary" not in city.buildable(d, 0) and "aqueduct" in city.buildable(d, 0)
    assert city.item_cost(d, 0, "building:aqueduct") == 8


def test_devote_to_the_arts_gives_one_plus_culture_icons_L766():
    d = _city_state("grassland", culture=1)
    c = ctx_of(d)
    city.city_apply(c, 0, {"type": "arts", "city": 0})
    assert d["p"][0]["culture"] == 9


def test_harvest_takes_one_token_of_a_shown_resource_while_the_market_has_one_L838_L840():
    d = _city_state("grassland")
    set_square(d, model.outskirts(d, 0)[0], resource="silk")
    set_square(d, model.outskirts(d, 0)[1], resource="silk")
    opts = [a for a in city.city_legal(d, 0) if a["type"] == "harvest"]
    assert opts == [{"type": "harvest", "city": 0, "res": "silk"}]
    d["market"]["silk"] = 0
    assert not [a for a in city.city_legal(d, 0) if a["type"] == "harvest"]


def test_each_city_acts_once_and_anarchy_blocks_the_capital_L631_L576():
    d = _city_state()
    c = ctx_of(d)
    city.city_apply(c, 0, {"type": "arts", "city": 0})
    assert not [a for a in city.city_legal(d, 0) if a.get("city") == 0]
    assert {"type": "end_city"} in city.city_legal(d, 0)
    d = _city_state()
    d["cities"][0]["cap"] = True
    assert city.city_legal(d, 0) == [{"type": "end_city"}]


def test_culture_track_costs_and_event_cards_are_hidden_L782_L796():
    s = after_setup()

    def fn(d: Data) -> None:
        turn_of(d, "city")
        d["p"][0]["culture"] = 3

    s = edit(s, fn)
    assert {"type": "advance"} in GAME.legal_actions(s, 0)
    s2 = play(s, 0, {"type": "advance"})
    p = s2.data["p"][0]
    assert p["track"] == 1 and p["culture"] == 0 and len(p["hand"]) == 1
    card = p["hand"][0]
    assert card not in str(GAME.view(s2, 1)) and GAME.view(s2, 1)["civs"][0]["hand"] is None
    assert GAME.view(s2, 0)["civs"][0]["hand"][0]["id"] == card


def test_over_the_culture_hand_limit_a_card_is_discarded_at_once_L798():
    s = after_setup()

    def fn(d: Data) -> None:
        turn_of(d, "city")
        d["p"][0]["culture"] = 3
        d["p"][0]["hand"] = [d["culture"]["ancient"].pop(), d["culture"]["ancient"].pop()]

    s = edit(s, fn)
    s2 = play(s, 0, {"type": "advance"})
    assert GAME.to_move(s2) == [0] and all(a["type"] == "discard" for a in GAME.legal_actions(s2, 0))
    s3 = play(s2, 0, GAME.legal_actions(s2, 0)[0])
    assert len(s3.data["p"][0]["hand"]) == 2 and s3.data["culture_up"]["ancient"] == 1


# ------------------------------------------------------------------ movement
def _move_state() -> Data:
    s = after_setup()
    d = s.data
    bare(d)
    flat_map(d, "grassland")
    turn_of(d, "move")
    for p in d["p"]:
        p["civ_effects"] = []  # no civilization ability (Russia's stacking +1) in these tests
    return d


def test_movement_is_orthogonal_up_to_travel_speed_and_respects_stacking_L854_L860():
    from pygame_core.games.civilization import move

    d = _move_state()
    a = model.new_fig(d, 0, "army", square(d, 3, 5))
    model.new_fig(d, 0, "army", square(d, 3, 6))
    model.new_fig(d, 0, "scout", square(d, 3, 6))
    moves = [x for x in move.legal(d, 0) if x["type"] == "move" and x["from"] == square(d, 3, 5)]
    assert sorted(x["to"] for x in moves) == sorted([square(d, 3, 4), square(d, 2, 5), square(d, 4, 5)])
    c = ctx_of(d)
    move.apply(
        c, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": square(d, 4, 5)}
    )
    assert d["mv"]["left"] == 1
    move.apply(c, 0, {"type": "step", "to": square(d, 4, 6)})
    assert d["mv"] is None and d["figs"][a]["sq"] == square(d, 4, 6)
    assert not [x for x in move.legal(d, 0) if x.get("from") == square(d, 4, 6)]  # moved once


def test_water_needs_navigation_to_cross_and_sailing_to_end_L862_L868():
    from pygame_core.games.civilization import move

    d = _move_state()
    model.new_fig(d, 0, "army", square(d, 3, 5))
    set_square(d, square(d, 4, 5), terrain="water")
    tos = {x["to"] for x in move.legal(d, 0) if x["type"] == "move"}
    assert square(d, 4, 5) not in tos
    d["p"][0]["techs"]["navigation"] = 1
    tos = {x["to"] for x in move.legal(d, 0) if x["type"] == "move"}
    assert square(d, 4, 5) in tos  # may cross (2 movement left)
    c = ctx_of(d)
    move.apply(
        c, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": square(d, 4, 5)}
    )
    assert {"type": "stop"} not in move.legal(d, 0)  # may not end on water
    d["p"][0]["techs"]["sailing"] = 2
    assert {"type": "stop"} in move.legal(d, 0)


def test_discovering_a_tile_costs_one_movement_and_orients_it_L876_L892():
    from pygame_core.games.civilization import geo, move

    d = _move_state()
    d["tiles"][2]["up"] = False  # cell (0,1): squares y 4..7
    geo.grid_key(d)
    model.new_fig(d, 0, "army", square(d, 2, 3))  # north of it
    ex = [x for x in move.legal(d, 0) if x["type"] == "explore"]
    assert ex and ex[0]["cell"] == 2
    c = ctx_of(d)
    move.apply(c, 0, ex[0])
    assert d["tiles"][2]["up"] and d["tiles"][2]["arrow"] == "s" and d["mv"]["left"] == 1 and c.revealed


def test_huts_stop_armies_and_scouts_may_not_enter_L896_L900():
    from pygame_core.games.civilization import move

    d = _move_state()
    army = model.new_fig(d, 0, "army", square(d, 3, 5))
    model.new_fig(d, 0, "scout", square(d, 5, 5))
    hut = square(d, 4, 5)
    d["marks"][str(hut)] = {"k": "hut", "id": "hut_hut_wheat_1"}
    moves = move.legal(d, 0)
    assert not [x for x in moves if x["type"] == "move" and x["to"] == hut and x["scouts"]]
    c = ctx_of(d)
    move.apply(c, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": hut})
    assert d["mv"] is None and d["figs"][army]["sq"] == hut and d["p"][0]["hv"] == ["hut_hut_wheat_1"]
    assert str(hut) not in d["marks"]


def test_an_army_entering_a_square_of_enemy_scouts_destroys_them_and_loots_L920_golden_12():
    from pygame_core.games.civilization import move

    d = _move_state()
    model.new_fig(d, 0, "army", square(d, 3, 5))
    scout = model.new_fig(d, 1, "scout", square(d, 4, 5))
    d["p"][1]["trade"] = 5
    c = ctx_of(d)
    move.apply(
        c, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": square(d, 4, 5)}
    )
    assert scout not in d["figs"] and d["mv"] is None and d["decisions"][-1]["kind"] == "loot"
    opts = combat.loot_legal(d, 0, d["decisions"][-1])
    assert {"type": "loot", "take": "trade", "n": 3} in opts


# ------------------------------------------------------------------ combat
def _battle(d: Data, a_cards: list[str], d_cards: list[str], bonus: tuple[int, int] = (0, 0)) -> Data:
    b = {
        "att": 0,
        "def": 1,
        "proxy": 1,
        "sq": square(d, 4, 5),
        "city": -1,
        "village": False,
        "figs": [],
        "fronts": [],
        "killed": {"a": 0, "d": 0},
        "hand": {"a": list(a_cards), "d": list(d_cards)},
        "bonus": {"a": bonus[0], "d": bonus[1]},
        "turn": "d",
    }
    d["battle"] = b
    return b


def test_battle_examples_1_to_3_fronts_and_wounds_L1114_L1129_golden_6_7():
    d = _move_state()
    m3, m2 = card_of("mounted", [3]), card_of("mounted", [2])
    b = _battle(d, [], [])
    b["fronts"] = [{"a": {"c": m3, "w": 0}, "d": None}]
    b["fronts"].append({"d": {"c": m2, "w": 0}, "a": None})  # ex 1: a new front, no damage
    assert all((f["a"] or f["d"])["w"] == 0 for f in b["fronts"])
    b["fronts"] = [{"d": {"c": m2, "w": 0}, "a": None}]
    front = b["fronts"][0]
    front["a"] = {"c": m3, "w": 0}
    combat._clash(ctx_of(d), b, front, "a")  # ex 2
    assert front["d"] is None and front["a"]["w"] == 2 and b["killed"]["d"] == 1
    front["d"] = {"c": card_of("mounted", [3]), "w": 0}
    combat._clash(ctx_of(d), b, front, "d")  # ex 3: both die
    assert b["fronts"] == [] and b["killed"] == {"a": 1, "d": 2}


def test_trumping_strikes_first_L1143_L1157_golden_8():
    d = _move_state()
    b = _battle(d, [], [])
    front = {"a": {"c": card_of("mounted", [3]), "w": 2}, "d": {"c": card_of("infantry", [3]), "w": 0}}
    b["fronts"] = [front]
    combat._clash(ctx_of(d), b, front, "d")
    assert front["a"] is None and front["d"]["w"] == 0  # infantry trumps mounted
    front = {"a": {"c": card_of("artillery", [3]), "w": 0}, "d": {"c": card_of("mounted", [3]), "w": 0}}
    b["fronts"] = [front]
    combat._clash(ctx_of(d), b, front, "d")  # mounted trumps artillery
    assert front["a"] is None and front["d"]["w"] == 0
    front = {"a": {"c": card_of("mounted", [3]), "w": 0}, "d": {"c": card_of("artillery", [1]), "w": 0}}
    b["fronts"] = [front]
    combat._clash(ctx_of(d), b, front, "d")  # also when it is attacked
    assert front["d"] is None and front["a"]["w"] == 0
    air = card_of("aircraft", [5])
    front = {"a": {"c": air, "w": 0}, "d": {"c": card_of("infantry", [3]), "w": 0}}
    b["fronts"] = [front]
    combat._clash(ctx_of(d), b, front, "d")  # aircraft: no trump (L1165)
    assert front["d"] is None and front["a"]["w"] == 3


def test_combat_bonus_card_and_ties_go_to_the_defender_L1088_L1169_golden_9():
    s = after_setup()
    d = s.data
    bare(d)
    flat_map(d)
    d["cities"] = [{"o": 1, "sq": square(d, 2, 9), "cap": True, "wall": False}]
    d["items"] = {
        str(square(d, 5, 2)): {"k": "b", "id": "academy", "o": 0},
        str(square(d, 5, 3)): {"k": "b", "id": "academy", "o": 0},
    }
    assert combat._bonus(d, 0, "a", -1) == 8 and combat._bonus(d, 1, "d", 0) == 12
    # resolution: attacker survivors 9 vs defender 5 + 4 -> tie -> defender wins
    a9 = [card_of("infantry", [3]), card_of("infantry", [3]), card_of("infantry", [3])]
    b = _battle(d, [], [], (0, 4))
    b["fronts"] = [{"a": {"c": c, "w": 0}, "d": None} for c in a9] + [
        {"d": {"c": card_of("infantry", [2]), "w": 0}, "a": None},
        {"d": {"c": card_of("infantry", [3]), "w": 0}, "a": None},
    ]
    army = model.new_fig(d, 0, "army", square(d, 4, 5))
    b["figs"] = [army]
    combat._resolve(ctx_of(d))
    assert army not in d["figs"]  # the attacker lost


def test_battle_hand_size_L1062_L1068_golden_10():
    s = after_setup()
    d = s.data
    assert combat._hand_size(d, 0, 2, False) == 5 and combat._hand_size(d, 0, 1, False) == 3
    d["p"][0]["gov"] = "fundamentalism"
    assert combat._hand_size(d, 0, 1, True) == 7
    d["p"][1]["forces"] = d["p"][1]["forces"][:2]
    c = ctx_of(d)
    assert len(combat._draw_hand(c, 1, 3)) == 2


def test_winner_loses_one_army_per_two_killed_units_never_the_last_L1173_golden_11():
    d = _move_state()
    sq = square(d, 4, 5)
    a1, a2 = model.new_fig(d, 0, "army", sq), model.new_fig(d, 0, "army", sq)
    b = _battle(d, [], [])
    b["figs"] = [a1, a2]
    b["killed"] = {"a": 3, "d": 2}
    b["fronts"] = [{"a": {"c": card_of("infantry", [3]), "w": 0}, "d": None}]
    combat._resolve(ctx_of(d))
    assert [a1 in d["figs"], a2 in d["figs"]].count(True) == 1
    d = _move_state()
    a1, a2 = model.new_fig(d, 0, "army", sq), model.new_fig(d, 0, "army", sq)
    b = _battle(d, [], [])
    b["figs"] = [a1, a2]
    b["killed"] = {"a": 4, "d": 2}
    b["fronts"] = [{"a": {"c": card_of("infantry", [3]), "w": 0}, "d": None}]
    combat._resolve(ctx_of(d))
    assert [a1 in d["figs"], a2 in d["figs"]].count(True) == 1  # never the last


def test_village_barbarians_draw_one_of_each_type_at_rank_1_L902_L914_golden_16():
    from pygame_core.games.civilization import move

    s = after_setup()
    d = s.data
    bare(d)
    flat_map(d)
    turn_of(d, "move")
    d["p"][1]["ranks"]["mounted"] = 2
    army = model.new_fig(d, 0, "army", square(d, 3, 5))
    v = square(d, 4, 5)
    d["marks"][str(v)] = {"k": "village", "id": "village_village_iron_1"}
    s = edit(s, lambda x: x.update(d))
    s = play(s, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": v})
    b = s.data["battle"]
    assert b["def"] == combat.BARBARIAN and GAME.to_move(s) == [1]  # the left neighbour plays them
    assert sorted(UNIT_CARDS[c]["type"] for c in b["hand"]["d"]) == ["artillery", "infantry", "mounted"]
    m = next(c for c in b["hand"]["d"] if UNIT_CARDS[c]["type"] == "mounted")
    assert combat.card_strength(s.data, b, "d", m) == UNIT_CARDS[m]["strengths"][0]
    assert GAME.view(s, 0)["battle"]["hand"] is not None and GAME.view(s, 1)["battle"]["side"] == "d"
    while s.data["battle"] is not None:
        seat = GAME.to_move(s)[0]
        s = play(s, seat, GAME.legal_actions(s, seat)[0])
    won = army in s.data["figs"]
    assert won == (str(v) not in s.data["marks"])  # lost: army gone, village stays
    assert move is not None


def village_battle(**options: Any) -> State:
    """Seat 0's army at (3, 5) moved onto a village at (4, 5): the village battle has begun (L902-904)."""
    s = after_setup(**options)
    d = s.data
    bare(d)
    flat_map(d)
    turn_of(d, "move")
    model.new_fig(d, 0, "army", square(d, 3, 5))
    v = square(d, 4, 5)
    d["marks"][str(v)] = {"k": "village", "id": "village_village_iron_1"}
    s = edit(s, lambda x: x.update(d))
    return play(s, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": v})


def test_barbarians_played_by_the_rules_option():
    s = village_battle(barbarians="rules")
    while s.data["battle"] is not None:
        assert GAME.to_move(s) == [0]
        s = play(s, 0, GAME.legal_actions(s, 0)[0])


# ------------------------------------------------------------------ scouts, governments, wonders, victory
def test_scout_gathering_and_blockading_scouts_L1235_L1272_golden_15():
    d = _city_state("grassland")
    far = square(d, 5, 9)
    set_square(d, far, terrain="forest", production=2)
    scout = model.new_fig(d, 0, "scout", far)
    assert {"type": "gather", "fig": scout, "city": 0} in start.start_legal(d, 0)
    base = model.city_yield(d, 0)["production"]
    d["figs"][scout]["g"] = 0
    assert model.city_yield(d, 0)["production"] == base + 2
    # an enemy scout on this city's forest gathers it for its own city
    d["cities"].append({"o": 1, "sq": square(d, 5, 12), "cap": False, "wall": False})
    mine = model.outskirts(d, 0)[0]
    set_square(d, mine, terrain="forest", production=2)
    with_forest = model.city_yield(d, 0)["production"]
    enemy = model.new_fig(d, 1, "scout", mine)
    d["figs"][enemy]["g"] = 1
    assert model.city_yield(d, 0)["production"] == with_forest - 2
    assert model.city_yield(d, 1)["production"] >= 2


def test_government_change_direct_after_research_else_anarchy_L574_L576_golden_17():
    s = after_setup()
    d = s.data
    turn_of(d, "start")
    d["p"][0]["gov"] = "despotism"
    d["p"][0]["techs"]["code_of_laws"] = 1
    assert start.governments(d, 0) == ["anarchy"]  # learnt long ago: anarchy first
    d["p"][0]["govs_new"] = ["republic"]
    assert "republic" in start.governments(d, 0)
    c = ctx_of(d)
    start.start_apply(c, 0, {"type": "government", "gov": "anarchy"})
    d["p"][0].pop("gov_changed")
    assert "republic" in start.governments(d, 0)


def test_wonder_cost_discount_and_one_per_city_L740_L744_golden_18():
    s = after_setup(game="full")
    d = s.data
    bare(d)
    flat_map(d, "forest", production=2)
    turn_of(d, "city")
    d["cities"] = [{"o": 0, "sq": square(d, 2, 2), "cap": False, "wall": False}]
    d["wonder_market"] = ["colossus"] + [w for w in d["wonder_market"] if w != "colossus"][:3]
    assert city.wonder_cost(d, 0, "colossus") == 15
    d["p"][0]["techs"]["metalworking"] = 1
    assert city.wonder_cost(d, 0, "colossus") == 10
    c = ctx_of(d)
    deck = len(d["wonder_deck"])
    city.city_apply(c, 0, {"type": "produce", "city": 0, "item": "wonder:colossus"})
    sq = city.site_legal(d, 0, d["decisions"][-1])[0]["sq"]
    city.site_apply(c, 0, d["decisions"][-1], {"type": "site", "sq": sq})
    assert (
        "colossus" in d["p"][0]["wonders"]
        and len(d["wonder_market"]) == 4
        and len(d["wonder_deck"]) == deck - 1
    )
    other = d["wonder_market"][0]
    assert sq not in city.sites(d, 0, 0, f"wonder:{other}") or city.sites(d, 0, 0, f"wonder:{other}") == [sq]


def test_economic_victory_at_15_coins_L1219():
    s = after_setup(game="full")
    d = s.data
    turn_of(d, "city")
    d["p"][0]["coin_tokens"] = {"pottery": 15}
    s = edit(s, lambda x: x.update(d))
    s = play(s, 0, next(a for a in GAME.legal_actions(s, 0) if a["type"] == "arts"))
    assert GAME.is_over(s) and GAME.scores(s)["winners"] == [0] and GAME.scores(s)["victory"] == "economic"


def test_apply_refuses_illegal_actions_cleanly():
    s = after_setup()
    with pytest.raises(IllegalAction):
        play(s, GAME.to_move(s)[0], {"type": "found", "fig": "nope"})


def test_winner_destroys_every_loser_figure_and_takes_one_loot_L1179_L1185_golden_11():
    d = _move_state()
    sq = square(d, 4, 5)
    mine = [model.new_fig(d, 0, "army", sq), model.new_fig(d, 0, "army", sq)]
    theirs = [
        model.new_fig(d, 1, "army", sq),
        model.new_fig(d, 1, "army", sq),
        model.new_fig(d, 1, "scout", sq),
    ]
    d["p"][1].update(trade=2, culture=5, res={"iron": 1})
    b = _battle(d, [], [])
    b["figs"] = mine
    b["killed"] = {"a": 3, "d": 3}
    b["fronts"] = [{"a": {"c": card_of("infantry", [3]), "w": 0}, "d": None}]
    combat._resolve(ctx_of(d))
    assert not any(f in d["figs"] for f in theirs)
    assert sum(f in d["figs"] for f in mine) == 1  # floor(3 / 2) = 1 army lost
    loot = combat.loot_legal(d, 0, d["decisions"][-1])
    assert {"type": "loot", "take": "trade", "n": 2} in loot and {
        "type": "loot",
        "take": "culture",
        "n": 3,
    } in loot
    assert {"type": "loot", "take": "resource", "res": "iron"} in loot and len(loot) == 3


def test_a_village_with_a_great_person_back_gives_a_great_person_L910_golden_16():
    d = _move_state()
    v = square(d, 4, 5)
    army = model.new_fig(d, 0, "army", v)
    from pygame_core.games.civilization.data import VILLAGES

    gp_village = next(m for m, back in VILLAGES.items() if back.get("kind") == "great_person")
    d["marks"][str(v)] = {"k": "village", "id": gp_village}
    b = _battle(d, [], [])
    b["def"] = combat.BARBARIAN
    b["village"] = True
    b["figs"] = [army]
    b["fronts"] = [{"a": {"c": card_of("infantry", [3]), "w": 0}, "d": None}]
    gps = len(d["gps"])
    combat._resolve(ctx_of(d))
    assert str(v) not in d["marks"] and len(d["gps"]) == gps - 1 and len(d["p"][0]["gp"]) == 1
    assert d["decisions"][-1]["kind"] == "great_person" and gp_village not in d["p"][0]["hv"]


def test_a_battle_without_units_is_decided_by_the_bonuses_L1169():
    d = _move_state()
    sq = square(d, 4, 5)
    army = model.new_fig(d, 0, "army", sq)
    model.new_fig(d, 1, "army", sq)
    d["p"][0]["forces"] = []
    d["p"][1]["forces"] = []
    combat.start(ctx_of(d), 0, [army], sq, 1)
    assert d["battle"] is None and army not in d["figs"]  # tie: the defender wins


def test_labels_and_summary_speak_three_languages():
    s = after_setup()
    seat = GAME.to_move(s)[0]
    for a in GAME.legal_actions(s, seat):
        en, hant, hans = (GAME.label(s, seat, a, lang) for lang in ("en", "zh-Hant", "zh-Hans"))
        assert en and hant and hans and en != hant and en != a["type"]
    assert GAME.summary(s, "zh-Hant")["text"].startswith("第1回合")
    assert (
        "回合開始" in GAME.summary(s, "zh-Hant")["text"] and "回合开始" in GAME.summary(s, "zh-Hans")["text"]
    )
