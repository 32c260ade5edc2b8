"""Digest §9's 38-item engine checklist (A-L), item by item: :data:`CHECKLIST` names the tests of each
item (any module of tests/brazil_imperial), and :func:`test_every_checklist_item_has_a_test` keeps
the table whole and true. The tests below are the items no other module covered yet; each cites its
seed lines (or the FAQ ruling the digest cites, §8 B1-B30).
"""

from __future__ import annotations

import importlib
import json
from functools import partial
from typing import Any

import pytest

from pygame_core import bots
from pygame_core.games.brazil_imperial import arches, cards, combat, economy, model, movement, scoring
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import ARCHES, RESOURCES
from pygame_core.kernel.state import State
from tests.brazil_imperial.helpers import (
    GAME,
    attack_position,
    base,
    capital,
    doing,
    edit,
    fresh,
    hx,
    legal,
    near,
    put_building,
    put_unit,
    to_turn,
)

Data = dict[str, Any]

#: item -> (what digest §9 asks, the tests that check it: "module::test")
CHECKLIST: dict[int, tuple[str, list[str]]] = {
    1: (
        "A. hex grid with terrain types, per player count",
        [
            "test_data_maps::test_a_map_per_count",
            "test_bi_rules_checklist::test_terrain_counts_as_it_stands_now",
            "test_golden::test_1_build_legality_by_era_and_terrain",
        ],
    ),
    2: (
        "A. adjacency: own tiles, opponent tiles, edge, water",
        [
            "test_golden::test_2_no_build_next_to_an_opponent",
            "test_golden::test_3_city_on_the_monarch_hex",
            "test_bi_rules_checklist::test_each_arch_gives_its_bonus_move",
        ],
    ),
    3: (
        "A. exploration hexes: plains while face down, revealed on entry, discarded if built over, Bandeiras",
        [
            "test_rules::test_exploring_a_tile_takes_its_reward",
            "test_bi_rules_checklist::test_terrain_counts_as_it_stands_now",
            "test_bi_cards::test_an_exploration_tile",
        ],
    ),
    4: (
        "B. seeded shuffles: capitals, tiles, decks, city stacks, painting display",
        [
            "test_rules::test_setup_deals_the_display_the_city_stacks_and_two_missions_per_era",
            "test_bi_rules_checklist::test_setup_is_seeded_and_deals_every_pile",
        ],
    ),
    5: (
        "B. mission draft: 2 per era, keep 1, hidden",
        ["test_rules::test_setup_deals_the_display_the_city_stacks_and_two_missions_per_era"],
    ),
    6: (
        "B. monarch from the board's set; capital draft; Palace I; start player",
        [
            "test_rules::test_the_capital_draft_starts_with_a_seat_drawn_at_random_and_goes_clockwise",
            "test_bi_cards::test_a_capital_tile",
            "test_bi_rules_checklist::test_a_seat_picks_one_of_its_boards_monarchs",
        ],
    ),
    7: (
        "C. personal supply cap 5; goods stay on their tiles",
        [
            "test_rules::test_the_supply_holds_five_after_a_trim",
            "test_golden::test_1_build_legality_by_era_and_terrain",
        ],
    ),
    8: (
        "C. payment: substitutions, gold cards, monarch cards; strict Trade inputs",
        [
            "test_rules::test_napoleon_and_afonso_pay_with_battle_cards",
            "test_bi_cards::test_a_gold_card",
            "test_bi_rules_checklist::test_gold_and_science_stand_in_when_paying_the_cheaper_first",
            "test_golden::test_6_trade_at_the_supply_cap",
            "test_bi_pay::test_each_substitute_pays_a_resource",
            "test_bi_pay::test_the_player_picks_a_tiles_good_or_the_supplys",
            "test_bi_pay::test_trade_inputs_are_strict_and_the_player_picks_where_from",
        ],
    ),
    9: (
        "C. cap after every gain: gain first, then trim",
        [
            "test_rules::test_the_supply_holds_five_after_a_trim",
            "test_golden::test_6_trade_at_the_supply_cap",
        ],
    ),
    10: (
        "D. 7 arches, never the same twice in a row, a new era's first any",
        [
            "test_golden::test_5_never_the_same_arch_twice_in_a_row",
            "test_bi_rules_checklist::test_a_new_era_marker_may_start_on_any_arch",
        ],
    ),
    11: (
        "D. era markers under arches and their bonuses",
        [
            "test_rules::test_era_markers_give_their_bonus_when_the_arch_is_used",
            "test_rules::test_one_era_marker_per_arch_and_the_tie_break_decides",
        ],
    ),
    12: (
        "D. upgrade slots by shape and each arch's upgrade",
        [
            "test_bi_cards::test_a_product",
            "test_rules::test_upgrades_build_with_any_resource_and_manufacture_for_one_less",
            "test_bi_rules_checklist::test_a_filled_slot_takes_no_second_product",
            "test_bi_rules_checklist::test_the_upgraded_paint_takes_one_cheap_painting_more",
            "test_bi_rules_checklist::test_the_upgraded_renovate_is_free_and_a_palace_stops_a_flip",
        ],
    ),
    13: (
        "E. Deploy: first cost, own city or capital, battle card, slot reward, free redeploy, upgrade",
        [
            "test_rules::test_deploy_pays_once_draws_a_card_and_redeploys_free",
            "test_bi_cards::test_a_unit_slot",
            "test_rules::test_a_battle_card_drawn_by_this_deploy_does_not_pay_for_it",
        ],
    ),
    14: (
        "E. Paint: buy, refill from the same medal, effects, upgrade",
        [
            "test_rules::test_a_bought_painting_is_replaced_from_its_medal_and_pays_off",
            "test_bi_rules_checklist::test_the_upgraded_paint_takes_one_cheap_painting_more",
        ],
    ),
    15: (
        "E. Build: era, terrain, anchors, no enemy next door, city on the monarch, production, upgrade",
        [
            "test_golden::test_1_build_legality_by_era_and_terrain",
            "test_golden::test_2_no_build_next_to_an_opponent",
            "test_golden::test_3_city_on_the_monarch_hex",
            "test_bi_cards::test_a_city_tile",
            "test_bi_rules_checklist::test_a_building_needs_an_own_tile_beside_it_and_its_terrain",
        ],
    ),
    16: (
        "E. Renovate: empty own tile, 1 resource not from it, produce or flip, palace, upgrade",
        [
            "test_golden::test_4_renovate_an_empty_tile_and_flip_it",
            "test_bi_rules_checklist::test_the_upgraded_renovate_is_free_and_a_palace_stops_a_flip",
        ],
    ),
    17: (
        "E. Manufacture: costs, upgrade -1, the Queen's board",
        [
            "test_bi_cards::test_a_product",
            "test_bi_cards::test_victoria_takes_up_to_three_products_on_her_board",
            "test_rules::test_upgrades_build_with_any_resource_and_manufacture_for_one_less",
        ],
    ),
    18: (
        "E. Port: 1 resource; upgrade +1 gold card",
        [
            "test_rules::test_the_supply_holds_five_after_a_trim",
            "test_golden::test_7_gold_card_overflow_is_discarded_after_drawing",
        ],
    ),
    19: (
        "E. Trade: 4 exchanges, repeatable, cap and hand limit between",
        [
            "test_golden::test_6_trade_at_the_supply_cap",
            "test_bi_rules_checklist::test_every_trade_row_pays_what_it_says",
        ],
    ),
    20: (
        "F. gold deck: discards reshuffled, hand limit 3, extra actions, VP cards",
        [
            "test_bi_cards::test_a_gold_card",
            "test_golden::test_7_gold_card_overflow_is_discarded_after_drawing",
            "test_bi_rules_checklist::test_an_empty_deck_is_refilled_from_its_discards",
        ],
    ),
    21: (
        "F. battle deck: hand limit 3, at most 3 a combat, discards",
        [
            "test_bi_cards::test_a_battle_card_played_by_the_attacker",
            "test_bi_cards::test_a_battle_card_played_by_the_defender",
            "test_bi_rules_checklist::test_battle_cards_are_committed_sealed_at_most_three",
        ],
    ),
    22: (
        "F. painting effects: production, combat, payment, scoring",
        [
            "test_bi_cards::test_a_combat_painting",
            "test_bi_cards::test_a_production_painting",
            "test_bi_cards::test_a_discount_painting",
            "test_bi_cards::test_a_scoring_painting",
        ],
    ),
    23: (
        "G. one free move and the arch's bonus move, any order",
        [
            "test_bi_rules_checklist::test_each_arch_gives_its_bonus_move",
            "test_bi_rules_checklist::test_one_free_move_and_one_bonus_move_a_turn",
        ],
    ),
    24: (
        "G. heavy cavalry carries; cannon and grenadier fire with the free move",
        ["test_rules::test_heavy_cavalry_carries_and_a_cannon_fires_without_occupying"],
    ),
    25: (
        "G. Port/Trade combat bonus while the marker stays",
        ["test_golden::test_9_the_port_or_trade_marker_defends_with_2_more"],
    ),
    26: (
        "H. combat on entering enemy units or tiles (not a capital); red flags strictly beaten",
        [
            "test_golden::test_8_a_tie_goes_to_the_defender",
            "test_rules::test_a_red_flag_must_be_beaten",
            "test_rules::test_no_unit_enters_an_enemy_capital_and_an_occupier_never_renovates",
        ],
    ),
    27: (
        "H. strength sums; sealed cards; attacker first; ties to the defender",
        [
            "test_rules::test_strength_counts_units_tile_paintings_and_cards",
            "test_golden::test_8_a_tie_goes_to_the_defender",
            "test_bi_rules_checklist::test_battle_cards_are_committed_sealed_at_most_three",
        ],
    ),
    28: (
        "H. losers to the supply, winner keeps 1, occupation and its end, L512",
        [
            "test_golden::test_10_occupation_and_its_end",
            "test_rules::test_a_winner_loses_units_to_cards_but_keeps_one",
            "test_bi_rules_checklist::test_the_owner_takes_back_an_occupied_tile",
        ],
    ),
    29: (
        "H. an occupier spends and scores the goods, never anchors nor renovates",
        [
            "test_golden::test_10_occupation_and_its_end",
            "test_rules::test_no_unit_enters_an_enemy_capital_and_an_occupier_never_renovates",
        ],
    ),
    30: (
        "I. missions: predicates, shown on the own turn, the era advance",
        [
            "test_bi_cards::test_an_era_i_or_ii_mission",
            "test_bi_cards::test_an_era_iii_mission",
            "test_golden::test_11_an_era_advances_with_a_palace",
        ],
    ),
    31: (
        "I. palaces: placement, rewards, end scoring of own controlled tiles",
        [
            "test_bi_cards::test_a_palace",
            "test_rules::test_palace_iv_scores_two_per_controlled_plantation_and_the_tie_break",
            "test_rules::test_palaces_v_and_vi_and_dom_oba",
        ],
    ),
    32: ("I. era gating of buildings", ["test_golden::test_1_build_legality_by_era_and_terrain"]),
    33: (
        "J. the ten monarchs",
        [
            "test_golden::test_12_manuel_i_overrides_his_first_three_sawmills",
            "test_bi_cards::test_an_override_monarch",
            "test_bi_cards::test_pedro_i_rewards_the_first_deployment_of_each_type_only",
            "test_bi_cards::test_pedro_ii_rewards_the_first_painting_of_each_medal_only",
            "test_bi_cards::test_tibirica_rewards_the_first_three_forest_buildings",
            "test_bi_cards::test_dom_oba_ii_rewards_the_first_two_missions",
            "test_bi_cards::test_afonso_i_pays_with_each_rate",
            "test_bi_cards::test_victoria_takes_up_to_three_products_on_her_board",
            "test_bi_cards::test_napoleon_draws_one_more_battle_card_after_his_first_deploy_only",
        ],
    ),
    34: (
        "K. the era III trigger finishes the round",
        [
            "test_golden::test_13_the_era_iii_trigger_finishes_the_round",
            "test_golden::test_13b_the_trigger_holds_whoever_finished_the_earlier_eras",
        ],
    ),
    35: (
        "K. seven scoring categories, monarchs and palaces, era III partial, tie-break",
        [
            "test_bi_rules_checklist::test_the_seven_categories_add_up",
            "test_rules::test_one_era_marker_per_arch_and_the_tie_break_decides",
            "test_bi_cards::test_an_era_iii_mission",
        ],
    ),
    36: (
        "L. hidden information, seeded RNG, log and replay",
        [
            "test_bi_rules_checklist::test_secrets_are_named_per_seat_and_redetermined",
            "test_bi_rules_checklist::test_others_read_that_a_card_was_drawn_not_which",
            "test_bi_rules_checklist::test_a_game_replays_from_its_seed_and_actions",
            "test_rules::test_era_markers_give_their_bonus_when_the_arch_is_used",
        ],
    ),
    37: (
        "L. every data entry in data files, with its source",
        [
            "test_data_schema::test_every_entry_has_provenance",
            "test_data_files::test_every_file_is_present_valid_and_versioned",
        ],
    ),
    38: (
        "L. solo: a game against bot seats (the automa is out of scope)",
        ["test_bi_rules_checklist::test_solo_is_a_game_against_bot_seats"],
    ),
}


def test_every_checklist_item_has_a_test() -> None:
    """Digest §9: items 1-38, each with at least one test that exists."""
    assert sorted(CHECKLIST) == list(range(1, 39))
    for item, (_what, tests) in CHECKLIST.items():
        assert tests, item
        for name in tests:
            module, _, test = name.partition("::")
            assert callable(
                getattr(importlib.import_module(f"tests.brazil_imperial.{module}"), test, None)
            ), name


# ------------------------------------------------------------------------------------------- A
def test_terrain_counts_as_it_stands_now() -> None:
    """L245-255, L474: the maps hold forest, gold mine, plains, water and edge hexes; a face-down tile
    counts as plains (L252), so a plains building may go on a forest hex holding one, which discards
    the tile face down without its reward (L253); a flipped tile is Bandeiras, built on by nobody
    (B11); a built hex counts as "building" (L171, L247)."""
    for key in bd.MAPS:
        assert {"forest", "gold_mine", "plains", "water", "edge"} <= set(bd.geometry(key).terrain.values())
    s = base()
    forest = near(s.data, capital(s.data, 0), "forest")
    tile = sorted(bd.EXPLORATION)[0]

    def prep(g: Data) -> None:
        fresh(g)
        model.put(g, forest, "explore", tile)
        g["box"] = [x for x in g["box"] if x != tile]
        g["players"][0]["supply"] = {"brazilwood": 1, "sugarcane": 1}
        doing(g, 0, "build")

    s = edit(s, prep)
    assert model.terrain(s.data, forest) == "plains"
    here = {a["what"] for a in legal(s, 0) if a["type"] == "build" and a["hex"] == forest}
    assert "sugarcane_field" in here and "sawmill" not in here
    act = next(a for a in legal(s, 0) if a.get("what") == "sugarcane_field" and a["hex"] == forest)
    after = GAME.apply(s, 0, act)
    x = hx(after.data, forest)
    assert x["explore"] is None and tile in after.data["box"] and not x["bandeiras"]
    assert after.data["players"][0]["explored"] == [] and after.data["players"][0]["supply"] == {
        "sugarcane": 1
    }
    assert model.terrain(after.data, forest) == "building"

    def flip(g: Data) -> None:
        model.put(g, forest, "explore", None)
        model.put(g, forest, "bandeiras", True)

    flipped = edit(s, flip)
    assert model.terrain(flipped.data, forest) == "bandeiras"
    assert not [a for a in legal(flipped, 0) if a["type"] == "build" and a["hex"] == forest]
    bare = edit(s, lambda g: model.put(g, forest, "explore", None))
    assert model.terrain(bare.data, forest) == "forest"


# ------------------------------------------------------------------------------------------- B
def test_setup_is_seeded_and_deals_every_pile() -> None:
    """L15-17: capitals and exploration tiles face down at random, decks shuffled, the cities in two
    equal stacks, 2 paintings of each medal on display; the same seed deals the same game."""
    a, b, c = (GAME.new_game(players=3, seed=n) for n in (7, 7, 8))
    assert a.data == b.data and a.data != c.data
    d = a.data["decks"]
    assert sorted(d["battle"]) == sorted(bd.BATTLE) and sorted(d["gold"]) == sorted(bd.GOLD)
    assert sorted(d["cities"][0] + d["cities"][1]) == sorted(
        c for c, e in bd.CITIES.items() for _ in range(int(e.get("count", 1)))
    )
    assert len(d["cities"][0]) == len(d["cities"][1])
    geo = bd.geometry(a.data["map"])
    placed = [hx(a.data, h)["explore"] for h in geo.explore]
    assert None not in placed and sorted(placed + a.data["box"]) == sorted(bd.EXPLORATION)
    assert sorted(a.data["capitals"]) == sorted(geo.capitals)
    assert any(bd.CAPITALS[x].get("first") for x in a.data["capitals"].values())  # L21
    assert sum(len(v) for v in d["paintings"].values()) + len(d["display"]) == len(bd.PAINTINGS)
    for p in a.data["players"]:  # L19: 2 missions of each era, all different
        assert all(
            len(p["offer"][e]) == 2 and {bd.MISSIONS[m]["era"] for m in p["offer"][e]} == {int(e)}
            for e in "123"
        )
    dealt = [m for p in a.data["players"] for e in "123" for m in p["offer"][e]]
    assert len(dealt) == len(set(dealt))
    v = GAME.view(a, 0)
    assert [x["top"] for x in v["decks"]["cities"]] == [d["cities"][0][-1], d["cities"][1][-1]]  # face up
    assert all(e["marker"] == {"era": 1, "arch": None} for e in v["empires"])  # L110: era I's marker


def test_a_seat_picks_one_of_its_boards_monarchs() -> None:
    """L18, L37 (B2): a seat chooses among the monarchs of its own board (data)."""
    s = GAME.new_game(players=2, seed=3)
    while not (s.data["pending"] and s.data["pending"][0]["kind"] == "monarch"):
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert GAME.view(s, 0)["phase"]["kind"] == "monarch"
    seat = GAME.to_move(s)[0]
    board = bd.board(s.data["players"][seat]["board"])
    assert legal(s, seat) == [{"type": "monarch", "id": m} for m in board["monarchs"]]
    s = GAME.apply(s, seat, {"type": "monarch", "id": board["monarchs"][-1]})
    assert s.data["players"][seat]["monarch"] == board["monarchs"][-1]


# ------------------------------------------------------------------------------------------- C
def test_gold_and_science_stand_in_when_paying_the_cheaper_first() -> None:
    """L136-139: science pays any resource or a gold, gold any resource, a resource never a gold; the
    player picks between the stand-ins, and the default payment (the bots') spends the cheaper one
    (gold before science), from a tile before the supply."""
    s = base()
    forest = near(s.data, capital(s.data, 0), "forest")
    spot = near(s.data, capital(s.data, 0), "plains")

    def prep(g: Data) -> None:
        fresh(g)
        put_building(g, spot, "sugarcane_field", 0, {"science": 1})
        g["players"][0]["supply"] = {"gold": 1}
        doing(g, 0, "build")

    s = edit(s, prep)
    act = next(
        a for a in legal(s, 0) if a["type"] == "build" and a["what"] == "sawmill" and a["hex"] == forest
    )
    after = GAME.apply(s, 0, act)  # 1 sugarcane: the gold or the science may pay it
    d = next(x for x in after.data["decisions"] if x["kind"] == "pay")
    assert {(a["from"], a["good"]) for a in legal(after, 0)} == {("supply", "gold"), (spot, "science")}
    after = GAME.apply(after, 0, economy.default_step(after.data, 0, d))  # the default: the gold
    assert after.data["players"][0]["supply"] == {}
    assert hx(after.data, spot)["building"]["goods"] == {"science": 1}
    assert economy.best_plan(s.data, 0, {"gold": 2}) == [("supply", "gold"), (spot, "science")]
    only_wood = edit(s, lambda g: g["players"][0].update({"supply": {"brazilwood": 3}}))
    assert economy.best_plan(only_wood.data, 0, {"gold": 1}) == [(spot, "science")]
    no_science = edit(only_wood, lambda g: hx(g, spot)["building"].update({"goods": {}}))
    assert not economy.can_pay(no_science.data, 0, {"gold": 1})
    assert not economy.can_pay(no_science.data, 0, {"science": 1})


# ------------------------------------------------------------------------------------------- D
def test_a_new_era_marker_may_start_on_any_arch() -> None:
    """L112: the new era's marker sits on no arch, so the era's first action may be any of the 7."""

    def prep(g: Data) -> None:
        to_turn(g, 0)
        g["players"][0]["marker"] = {"era": 2, "arch": None}

    s = edit(base(), prep)
    assert [a["arch"] for a in legal(s, 0) if a["type"] == "arch"] == list(ARCHES)
    s = GAME.apply(s, 0, {"type": "arch", "arch": "build"})
    assert s.data["players"][0]["marker"] == {"era": 2, "arch": "build"}


def test_a_filled_slot_takes_no_second_product() -> None:
    """L49, L129, L400: a product goes into an empty upgrade slot of its shape; a full one is not
    offered (the green board's square slots: Deploy, Build, Trade)."""
    square = [a for a in ARCHES if "square" in bd.board("green")["arches"][a]["slots"]]

    def prep(g: Data) -> None:
        fresh(g)
        g["players"][0]["products"] = {"dye": square[0]}
        g["players"][0]["supply"] = {"sugarcane": 2}
        doing(g, 0, "manufacture")

    s = edit(base(), prep)
    assert [a["arch"] for a in legal(s, 0) if a.get("product") == "sugar"] == square[1:]
    assert arches.upgraded(s.data["players"][0], square[0]) and not arches.upgraded(
        s.data["players"][0], square[1]
    )


def test_the_upgraded_paint_takes_one_cheap_painting_more() -> None:
    """L429-431 (B15): after the normal purchase, an upgraded Paint takes a painting costing 1 gold for
    1 resource, or one costing 1 resource (or nothing) for free; a dearer one is not offered."""
    gold1 = next(c for c, e in sorted(bd.PAINTINGS.items()) if e["cost"] == {"gold": 1})
    res1 = next(
        c
        for c, e in sorted(bd.PAINTINGS.items())
        if list(e["cost"].values()) == [1] and set(e["cost"]) <= set(RESOURCES)
    )
    dear = next(c for c, e in sorted(bd.PAINTINGS.items()) if sum(e["cost"].values()) >= 2)
    free = next(c for c, e in sorted(bd.PAINTINGS.items()) if not e["cost"])

    def prep(g: Data, supply: dict[str, int]) -> None:
        fresh(g)
        g["players"][0]["products"] = {"rum": "paint"}
        g["players"][0]["supply"] = supply
        g["decks"]["display"] = [free, gold1, res1, dear]
        doing(g, 0, "paint")

    s = edit(base(), partial(prep, supply={"coffee": 1}))
    s = GAME.apply(s, 0, {"type": "buy", "painting": free})
    assert s.data["turn"]["step"] == 1 and s.data["turn"]["doing"] == "paint"
    offered = {a["painting"] for a in legal(s, 0) if a["type"] == "buy"}
    assert {gold1, res1} <= offered and dear not in offered
    after = GAME.apply(s, 0, {"type": "buy", "painting": gold1})  # 1 gold's painting for the coffee
    assert after.data["players"][0]["supply"] == {} and gold1 in after.data["players"][0]["paintings"]
    assert after.data["turn"]["phase"] == "movement"
    after = GAME.apply(s, 0, {"type": "buy", "painting": res1})  # free
    assert after.data["players"][0]["supply"] == {"coffee": 1}
    plain = edit(base(), partial(prep, supply={}))
    plain = edit(plain, lambda g: g["players"][0].update({"products": {}}))
    plain = GAME.apply(plain, 0, {"type": "buy", "painting": free})
    assert plain.data["turn"]["phase"] == "movement"  # not upgraded: one painting


def test_the_upgraded_renovate_is_free_and_a_palace_stops_a_flip() -> None:
    """L437: an upgraded Renovate costs nothing; L330: a tile under a palace produces again but never
    flips."""
    s = base()
    spot = near(s.data, capital(s.data, 0), "plains")

    def prep(g: Data, palace: bool, upgraded: bool) -> None:
        fresh(g)
        put_building(g, spot, "farm", 0)
        if palace:
            hx(g, spot)["building"]["palace"] = "V"
        if upgraded:
            g["players"][0]["products"] = {"jewellery": "renovate"}
        doing(g, 0, "renovate")

    assert not [
        a for a in legal(edit(s, partial(prep, palace=False, upgraded=False)), 0) if a["type"] == "renovate"
    ]
    up = edit(s, partial(prep, palace=False, upgraded=True))
    assert [a for a in legal(up, 0) if a["type"] == "renovate"] == [
        {"type": "renovate", "hex": spot, "flip": False},
        {"type": "renovate", "hex": spot, "flip": True},
    ]
    after = GAME.apply(up, 0, {"type": "renovate", "hex": spot, "flip": False})
    assert hx(after.data, spot)["building"]["goods"] == bd.BUILDINGS["farm"]["produces"]
    under = edit(s, partial(prep, palace=True, upgraded=True))
    assert [a for a in legal(under, 0) if a["type"] == "renovate"] == [
        {"type": "renovate", "hex": spot, "flip": False}
    ]


# ------------------------------------------------------------------------------------------- E
def test_a_building_needs_an_own_tile_beside_it_and_its_terrain() -> None:
    """L386 (B13): a building goes next to the seat's own capital, city or building, on its terrain
    (L173-179), only if the seat can pay for it (L381)."""
    s = base()
    cap = capital(s.data, 0)
    geo = bd.geometry(s.data["map"])

    def prep(g: Data, supply: dict[str, int]) -> None:
        fresh(g)
        g["players"][0]["supply"] = supply
        doing(g, 0, "build")

    s = edit(s, partial(prep, supply={"brazilwood": 1}))  # a sugarcane field's cost only
    fields = {a["hex"] for a in legal(s, 0) if a["type"] == "build"}
    assert {a["what"] for a in legal(s, 0) if a["type"] == "build"} == {"sugarcane_field"}
    assert fields and all(cap in geo.neighbours[h] and model.terrain(s.data, h) == "plains" for h in fields)
    assert fields == {
        n
        for n in geo.neighbours[cap]
        if model.terrain(s.data, n) == "plains" and not model.adjacent_enemy(s.data, n, 0)
    }
    assert not [a for a in legal(edit(s, partial(prep, supply={})), 0) if a["type"] == "build"]


def test_every_trade_row_pays_what_it_says() -> None:
    """L406-415: row 2 takes 2 cotton, 2 coffee or one of each (B6: those goods only); row 3 takes 4
    resources of any kind for 1 science, 1 gold and a gold card; row 4 takes 2 battle cards for 1 gold
    and a gold card; a trade may follow a trade."""
    rows = bd.TRADE

    def prep(g: Data) -> None:
        fresh(g)
        g["players"][0]["supply"] = {"coffee": 2, "brazilwood": 2}
        g["players"][0]["battle"] = sorted(g["decks"]["battle"])[:2]
        doing(g, 0, "trade")

    s = edit(base(), prep)
    two = [a for a in legal(s, 0) if a["type"] == "trade" and a["row"] == 1]
    assert two == [{"type": "trade", "row": 1, "alt": 1}]  # the coffee pair only
    after = GAME.apply(s, 0, two[0])
    p = after.data["players"][0]
    assert (
        p["supply"] == {"brazilwood": 2, **rows[1]["get"]["goods"]}
        and len(p["gold"]) == rows[1]["get"]["gold_cards"]
    )
    four = GAME.apply(s, 0, {"type": "trade", "row": 2})
    p = four.data["players"][0]
    assert p["supply"] == rows[2]["get"]["goods"] and len(p["gold"]) == rows[2]["get"]["gold_cards"]
    hand = s.data["players"][0]["battle"]
    cards_ = GAME.apply(s, 0, {"type": "trade", "row": 3, "cards": hand})
    p = cards_.data["players"][0]
    assert p["battle"] == [] and p["supply"] == {"coffee": 2, "brazilwood": 2, **rows[3]["get"]["goods"]}
    assert len(p["gold"]) == rows[3]["get"]["gold_cards"] and set(hand) <= set(
        cards_.data["decks"]["battle_discard"]
    )
    assert {"type": "trade", "row": 0, "good": "coffee"} in legal(cards_, 0)  # and trade again
    done = GAME.apply(cards_, 0, {"type": "trade_done"})
    assert done.data["turn"]["phase"] == "movement"


# ------------------------------------------------------------------------------------------- F
def test_an_empty_deck_is_refilled_from_its_discards() -> None:
    """L290: used gold cards go to a discard pile, shuffled back when the deck runs out (battle cards
    alike)."""

    def prep(g: Data) -> None:
        fresh(g)
        d = g["decks"]
        d["gold_discard"], d["gold"] = list(d["gold"]), []
        g["players"][0]["products"] = {"jewellery": "port"}
        doing(g, 0, "port")

    s = edit(base(), prep)
    s = GAME.apply(s, 0, {"type": "port", "good": "coffee"})
    p = s.data["players"][0]
    assert len(p["gold"]) == 1 and len(s.data["decks"]["gold"]) == len(bd.GOLD) - 1
    assert s.data["decks"]["gold_discard"] == []


def test_battle_cards_are_committed_sealed_at_most_three() -> None:
    """L496-500: each side puts up to 3 battle cards face down, the attacker and then the defender; no
    one sees the other side's cards until both are down; then they are revealed and discarded."""
    plain = [c for c, e in sorted(bd.BATTLE.items()) if not e["effect"]]
    mine, theirs = plain[:3], plain[3:6]

    def then(g: Data, spot: str) -> None:
        g["players"][0]["battle"] = list(mine)
        g["players"][1]["battle"] = list(theirs)

    s, (cav,), spot, _ = attack_position(then=then)
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    assert GAME.to_move(s) == [0, 1] and GAME.view(s, 1)["phase"]["kind"] == "battle"
    options = legal(s, 0)
    assert len(options) == 8 and max(len(a["cards"]) for a in options) == model.BATTLE_MAX
    s = GAME.apply(s, 0, {"type": "commit", "cards": mine[:2]})
    seen = json.dumps(GAME.view(s, 1))
    assert not any(c in seen for c in mine) and GAME.to_move(s) == [1]
    s = GAME.apply(s, 1, {"type": "commit", "cards": theirs[:1]})
    out = json.dumps(GAME.view(s, 1))
    assert all(c in s.data["decks"]["battle_discard"] for c in mine[:2] + theirs[:1])
    assert s.data["players"][0]["battle"] == [mine[2]] and s.data["players"][1]["battle"] == theirs[1:]
    att = 3 + sum(bd.BATTLE[c]["strength"] for c in mine[:2])
    dfn = 2 + bd.BATTLE[theirs[0]]["strength"]
    assert (model.controller(s.data, spot) == 0) is (att > dfn)
    assert mine[0] in out or bd.name(bd.BATTLE[mine[0]])["en"] in out


# ------------------------------------------------------------------------------------------- G
def _mover(arch: str, where: str) -> tuple[State, str]:
    s = base()

    def prep(g: Data) -> None:
        fresh(g)
        put_unit(g, 0, "archer", where)
        to_turn(g, 0, "movement", arch)

    s = edit(s, prep)
    return s, next(u for u, x in s.data["units"].items() if x["seat"] == 0 and x["state"] == "map")


def test_each_arch_gives_its_bonus_move() -> None:
    """L462-486: Deploy, any distance to the own capital or city; Paint, to an adjacent forest; Build,
    to an adjacent building or city tile; Renovate, to an adjacent map edge or into or out of water;
    Manufacture, to an adjacent gold mine; Port and Trade, none. The free move goes to any adjacent hex
    but an edge (B16: water too)."""
    g0 = base().data
    geo = bd.geometry(g0["map"])
    cap = capital(g0, 0)
    land = [
        h
        for h in geo.order
        if geo.terrain[h] in ("plains", "forest")
        and hx(g0, h)["explore"] is None
        and model.owner(g0, h) is None
    ]
    for arch, want in (("paint", "forest"), ("manufacture", "gold_mine")):
        h = next(
            x
            for x in land
            if any(geo.terrain[n] == want and hx(g0, n)["explore"] is None for n in geo.neighbours[x])
        )
        s, u = _mover(arch, h)
        assert movement.bonus_targets(s.data, u) == [
            n for n in geo.neighbours[h] if model.terrain(s.data, n) == want
        ]
    wet = next(x for x in land if any(geo.terrain[n] in ("water", "edge") for n in geo.neighbours[x]))
    s, u = _mover("renovate", wet)
    assert movement.bonus_targets(s.data, u) == [
        n for n in geo.neighbours[wet] if geo.terrain[n] in ("water", "edge")
    ]
    free = [a["to"] for a in legal(s, 0) if a["type"] == "move" and a["as"] == "free"]
    assert free == [n for n in geo.neighbours[wet] if geo.terrain[n] != "edge"]
    water = next(h for h in geo.order if geo.terrain[h] == "water")
    s2, u2 = _mover("renovate", water)  # out of water: to any neighbour but an enemy capital
    out = [n for n in geo.neighbours[water] if hx(g0, n)["capital"] in (None, 0)]
    assert out and movement.bonus_targets(s2.data, u2) == out
    beside = next(n for n in geo.neighbours[cap] if n in land)
    s, u = _mover("build", beside)
    tiles = [n for n in geo.neighbours[beside] if hx(g0, n)["capital"] == 0]
    assert movement.bonus_targets(s.data, u) == tiles
    s = edit(
        s,
        lambda g: put_building(
            g, next(n for n in geo.neighbours[beside] if n in land and n != cap), "farm", 1
        ),
    )
    assert len(movement.bonus_targets(s.data, u)) == len(tiles) + 1
    far = land[-1]
    s, u = _mover("deploy", far)
    assert movement.bonus_targets(s.data, u) == [cap]
    for arch in ("port", "trade"):
        s, u = _mover(arch, far)
        assert movement.bonus_targets(s.data, u) == []
        assert not [a for a in legal(s, 0) if a.get("as") == "bonus"]


def test_one_free_move_and_one_bonus_move_a_turn() -> None:
    """L30, L449-451: one free move and one bonus move a turn, in either order, each optional; every
    move is listed once."""
    g0 = base().data
    cap = capital(g0, 0)
    geo = bd.geometry(g0["map"])
    far = next(
        h
        for h in reversed(geo.order)
        if geo.terrain[h] == "plains"
        and hx(g0, h)["explore"] is None
        and model.owner(g0, h) is None
        and all(hx(g0, n)["explore"] is None and geo.terrain[n] != "edge" for n in geo.neighbours[h])
    )
    s, u = _mover("deploy", far)
    acts = legal(s, 0)
    keys = [json.dumps(a, sort_keys=True) for a in acts]
    assert len(keys) == len(set(keys))
    step = next(a for a in acts if a["type"] == "move" and a["as"] == "free")
    s1 = GAME.apply(s, 0, step)
    assert not [a for a in legal(s1, 0) if a.get("as") == "free"]
    home = {"type": "move", "unit": u, "to": cap, "as": "bonus", "carry": []}
    assert home in legal(s1, 0)
    s2 = GAME.apply(s1, 0, home)
    assert s2.data["units"][u]["hex"] == cap
    assert [a["type"] for a in legal(s2, 0) if a["type"] in ("move", "ranged")] == []
    s3 = GAME.apply(s, 0, home)  # the bonus first, then the free move
    assert [a for a in legal(s3, 0) if a.get("as") == "free"] and not [
        a for a in legal(s3, 0) if a.get("as") == "bonus"
    ]

    # carried units ride along once each way
    def riders(g: Data) -> None:
        put_unit(g, 0, "cavalry", far)
        put_unit(g, 0, "cannon", far)

    cav = edit(s, riders)
    rides = [
        a
        for a in legal(cav, 0)
        if a["type"] == "move"
        and a["as"] == "free"
        and a["to"] == step["to"]
        and movement.unit_type(cav.data, a["unit"]) == "cavalry"
    ]
    keys = [json.dumps(a, sort_keys=True) for a in rides]
    assert len(keys) == len(set(keys)) == 4  # alone, with either, with both (G14: up to 2)


# ------------------------------------------------------------------------------------------- H
def test_the_owner_takes_back_an_occupied_tile() -> None:
    """L509-512: an occupier holds the tile while its units stay; when the owner attacks it, only the
    occupier's units defend (the tile's strength counts for nobody); the owner wins back control."""
    s = base()
    spot, come = next(
        (h, n)
        for h in bd.geometry(s.data["map"]).order
        if bd.geometry(s.data["map"]).terrain[h] == "plains"
        and model.owner(s.data, h) is None
        and hx(s.data, h)["explore"] is None
        for n in bd.geometry(s.data["map"]).neighbours[h]
        if bd.geometry(s.data["map"]).terrain[n] in ("plains", "forest")
        and hx(s.data, n)["explore"] is None
        and model.owner(s.data, n) is None
    )

    def prep(g: Data, attacker: str) -> None:
        fresh(g)
        put_building(g, spot, "college", 1)  # 3 VP
        put_unit(g, 0, "archer", spot)  # seat 0 occupies it
        put_unit(g, 1, attacker, come)
        to_turn(g, 1, "movement", "build")

    for attacker, wins in (("archer", False), ("cavalry", True)):  # 1 against 1: a tie; 3 against 1
        st = edit(s, partial(prep, attacker=attacker))
        assert model.controller(st.data, spot) == 0 and model.occupied(st.data, spot)
        b = {"attacker": 1, "defender": 0, "hex": spot, "units": [], "ranged": False, "flag": None}
        assert combat.strengths(st.data, b, {})[1] == 1
        uid = next(u for u, x in st.data["units"].items() if x["seat"] == 1 and x["state"] == "map")
        st = GAME.apply(st, 1, {"type": "move", "unit": uid, "to": spot, "as": "free", "carry": []})
        assert model.controller(st.data, spot) == (1 if wins else 0)
        assert st.data["players"][1]["counters"]["battles_won"] == int(wins)


# ------------------------------------------------------------------------------------------- K
def test_the_seven_categories_add_up() -> None:
    """L519-525: deployed units, products, paintings / gold cards / exploration tiles, shown era I-II
    missions, era III objectives, palaces, controlled tiles; the monarch's VP beside them; the total
    is their sum."""
    s = base()
    spots = [
        h
        for h in bd.geometry(s.data["map"]).neighbours[capital(s.data, 0)]
        if hx(s.data, h)["explore"] is None and bd.geometry(s.data["map"]).terrain[h] != "edge"
    ][:2]
    m1 = next(m for m, e in sorted(bd.MISSIONS.items()) if e["era"] == 1)
    m3 = next(m for m, e in sorted(bd.MISSIONS.items()) if e["era"] == 3)

    def prep(g: Data) -> None:
        fresh(g)
        p = g["players"][0]
        p["monarch"] = "victoria"
        put_unit(g, 0, "cavalry", capital(g, 0))
        p["products"] = {"dye": "queen", "rum": "paint"}
        p["paintings"] = ["marshal"]
        p["gold"] = ["treasure_chest"]
        p["explored"] = ["explore_29"]
        p["missions"] = {"1": m1, "3": m3}
        p["shown"] = [1]
        put_building(g, spots[0], "farm", 0)
        put_building(g, spots[1], "plantation", 0)
        hx(g, spots[1])["building"]["palace"] = "IV"
        p["palaces"] = {"IV": spots[1]}

    s = edit(s, prep)
    parts = scoring.breakdown(s.data, 0)
    want = {
        "units": next(u["vp"] for u in bd.board("green")["units"] if u["type"] == "cavalry"),
        "products": sum(x["vp"] for x in bd.board("green")["products"] if x["id"] in ("dye", "rum")),
        "cards": bd.PAINTINGS["marshal"]["vp"]
        + bd.GOLD["treasure_chest"]["vp"]
        + bd.EXPLORATION["explore_29"]["vp"],
        "missions": bd.MISSIONS[m1]["vp"],
        "era3": 0,
        "palaces": 2,
        "tiles": 2 + 2,
        "monarch": 1,
    }
    assert parts == want
    assert GAME.scores(s)["totals"][0] == sum(want.values())
    assert scoring.breakdown(s.data, 1) == dict.fromkeys(want, 0)


# ------------------------------------------------------------------------------------------- L
def test_secrets_are_named_per_seat_and_redetermined() -> None:
    """L116, L277-301, L19: hands, unshown missions and a peeked tile are their seat's secrets (a
    tile two seats peeked is neither's alone); a redetermined position keeps what the seat knows and
    re-deals the rest."""
    s = base()
    geo = bd.geometry(s.data["map"])
    h0, h1 = [h for h in geo.order if hx(s.data, h)["explore"] is not None][:2]

    def prep(g: Data, shared: bool) -> None:
        fresh(g)
        g["players"][0]["battle"] = ["militia"]
        g["players"][0]["gold"] = ["royal_decree"]
        g["players"][1]["battle"] = ["veterans"]
        g["peeked"] = {"0": [h0], "1": [h0 if shared else h1]}
        to_turn(g, 0)

    s = edit(s, partial(prep, shared=False))
    t0 = set(GAME.secret_tokens(s, 0))
    t1 = set(GAME.secret_tokens(s, 1))
    tile0, tile1 = hx(s.data, h0)["explore"], hx(s.data, h1)["explore"]
    assert {"militia", "royal_decree", s.data["players"][0]["missions"]["1"], tile0} <= t0
    assert "veterans" not in t0 and tile1 not in t0 and tile0 not in t1 and {"veterans", tile1} <= t1
    both = edit(s, lambda g: g.update({"peeked": {"0": [h0], "1": [h0]}}))
    assert tile0 not in set(GAME.secret_tokens(both, 0)) | set(GAME.secret_tokens(both, 1))
    r = GAME.redetermine(s, 0, 5)
    assert r.data["players"][0]["battle"] == ["militia"] and hx(r.data, h0)["explore"] == tile0
    assert r.data["players"][0]["missions"] == s.data["players"][0]["missions"]
    assert len(r.data["players"][1]["battle"]) == 1
    changed = [GAME.redetermine(s, 0, k).data for k in range(6)]
    assert any(
        d["players"][1]["battle"] != ["veterans"] or hx(d, h1)["explore"] != tile1 for d in changed
    )


def test_others_read_that_a_card_was_drawn_not_which() -> None:
    """L292-301: a drawn battle card is its drawer's; the others read only that a battle card was
    drawn (and the view of the game over shows every hand, L519-523)."""

    def prep(g: Data) -> None:
        fresh(g)
        doing(g, 0, "deploy")

    s = GAME.apply(edit(base(), prep), 0, {"type": "skip"})
    (card,) = s.data["players"][0]["battle"]
    name = bd.name(bd.BATTLE[card])["en"]
    mine = " ".join(e["text"]["en"] for e in GAME.visible_log(s, 0))
    theirs = " ".join(e["text"]["en"] for e in GAME.visible_log(s, 1))
    assert name in mine and "battle card" in mine
    assert name not in theirs and "draws 1 battle card" in theirs and "gold card" not in theirs
    assert (
        GAME.view(s, 1)["empires"][0]["battle"] is None and GAME.view(s, 1)["empires"][0]["battle_count"] == 1
    )
    assert cards.over_limit(s.data, 0) is None


def test_a_game_replays_from_its_seed_and_actions() -> None:
    """Seeded RNG and the action log: the same seed and actions make the same game."""
    s = GAME.new_game(players=3, seed=11)
    for _ in range(40):
        seats = GAME.to_move(s)
        if not seats:
            break
        acts = GAME.legal_actions(s, seats[0])
        s = GAME.apply(s, seats[0], acts[len(s.history) % len(acts)])
    again = GAME.replay(3, 11, dict(s.options), [list(x) for x in s.history])
    assert again.data == s.data and again.log == s.log


def test_solo_is_a_game_against_bot_seats() -> None:
    """L9 (solo claimed, no rules; the automa sheet is not public, G12): solo is one human against 1-3
    bot empires, so a game has 2-4 seats and both bots play any seat."""
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert "bot" in GAME.options_schema["mode"]["label"]["en"]
    assert bots.available("brazil_imperial") == ["random", "heuristic", "normal", "hard"]
    s = GAME.new_game(players=2, seed=2)
    bot = bots.make("random", "brazil_imperial", seed=1)
    for _ in range(12):
        seat = GAME.to_move(s)[0]
        action = bot.choose(GAME, s, seat)
        assert action in GAME.legal_actions(s, seat)
        s = GAME.apply(s, seat, action)


@pytest.mark.parametrize("kind", ["draft", "capital", "era"])
def test_the_view_names_the_setup_and_era_steps(kind: str) -> None:
    """L19-21, L313: the view's phase names the mission draft, the capital draft and the era-marker
    round, for every seat."""
    s = GAME.new_game(players=2, seed=3)
    if kind == "draft":
        assert GAME.view(s, 1)["phase"]["kind"] == "draft"
        return
    if kind == "capital":
        while not (s.data["pending"] and s.data["pending"][0]["kind"] == "capital"):
            seat = GAME.to_move(s)[0]
            s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    else:
        s = edit(base(), lambda g: g.update({"pending": [{"seat": 1, "kind": "marker", "era": 1}]}))
    assert GAME.view(s, 0)["phase"]["kind"] == kind and GAME.view(s, None)["phase"]["kind"] == kind
