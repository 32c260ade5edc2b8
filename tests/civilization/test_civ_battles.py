"""Battles, loot, wonders under blockade or obsolete, victories and hidden information (digest §9 CB,
WD, VC, HI): checklist items the first rule tests left out. Each test cites its seed lines."""

from __future__ import annotations

from typing import Any

from civ_helpers import after_setup, square
from test_civ_abilities import allow_all
from test_civ_rules import _battle, _city_state, _move_state, card_of, ctx_of

from pygame_core.games.civilization import GAME, combat, effects, model, research
from pygame_core.games.civilization.data import CULTURE_CARDS

Data = dict[str, Any]


def _city_battle(d: Data, cap: bool, wall: bool = False) -> tuple[Data, str]:
    """Seat 0's army wins against seat 1's city at (5, 13) with one surviving strength-3 infantry."""
    d["cities"].append({"o": 1, "sq": square(d, 5, 13), "cap": cap, "wall": wall})
    army = model.new_fig(d, 0, "army", square(d, 5, 13))
    b = _battle(d, [], [])
    b.update({"sq": square(d, 5, 13), "city": len(d["cities"]) - 1, "figs": [army]})
    b["fronts"] = [{"a": {"c": card_of("infantry", [3]), "w": 0}, "d": None}]
    return b, army


def test_the_defender_plays_first_but_the_attacker_of_walled_city_does_L1104_L1108():
    d = _move_state()
    d["cities"].append({"o": 1, "sq": square(d, 5, 13), "cap": False, "wall": False})
    army = model.new_fig(d, 0, "army", square(d, 5, 13))
    combat.start(ctx_of(d), 0, [army], square(d, 5, 13), 1, city=0)
    assert d["battle"]["turn"] == "d"
    d = _move_state()
    d["cities"].append({"o": 1, "sq": square(d, 5, 13), "cap": False, "wall": True})
    army = model.new_fig(d, 0, "army", square(d, 5, 13))
    combat.start(ctx_of(d), 0, [army], square(d, 5, 13), 1, city=0)
    assert d["battle"]["turn"] == "a"


def test_walls_that_combustion_razes_give_no_defence_bonus_L1100():
    d = _move_state()
    d["p"][0]["techs"]["combustion"] = 4
    d["cities"].append({"o": 1, "sq": square(d, 5, 13), "cap": False, "wall": True})
    unwalled = combat._bonus(d, 1, "d", 0) - 4
    army = model.new_fig(d, 0, "army", square(d, 5, 13))
    combat.start(ctx_of(d), 0, [army], square(d, 5, 13), 1, city=0)
    attack = combat._bonus(d, 0, "a", -1)
    assert d["battle"]["bonus"]["d"] == max(unwalled - attack, 0)


def test_beating_a_city_offers_a_tech_a_culture_card_or_two_resources_L1185_L1193():
    d = _move_state()
    d["p"][1]["techs"]["pottery"] = 1
    d["p"][1]["hand"] = [next(iter(CULTURE_CARDS))]
    d["p"][1]["res"] = {"wheat": 1, "silk": 1}
    _city_battle(d, cap=False)
    combat._resolve(ctx_of(d))
    assert d["cities"] == [] or all(c["o"] != 1 for c in d["cities"])  # the city is destroyed (L1189)
    dec = d["decisions"][-1]
    takes = {a["take"] for a in combat.loot_legal(d, 0, dec)}
    assert takes == {"tech", "culture_card", "resources"}
    assert {"type": "loot", "take": "tech", "tech": "pottery"} in combat.loot_legal(d, 0, dec)


def test_taking_a_capital_wins_a_military_victory_L1197():
    d = _move_state()
    _city_battle(d, cap=True)
    combat._resolve(ctx_of(d))
    assert d["over"] and d["winners"] == [0] and d["victory"] == "military"


def test_surviving_units_of_both_sides_return_to_their_standing_forces_L1203():
    d = _move_state()
    d["p"][0]["forces"], d["p"][1]["forces"] = [], []
    army = model.new_fig(d, 0, "army", square(d, 4, 5))
    model.new_fig(d, 1, "army", square(d, 4, 5))
    a_card, d_card = card_of("infantry", [3]), card_of("mounted", [1])
    b = _battle(d, [], [])
    b["figs"] = [army]
    b["fronts"] = [{"a": {"c": a_card, "w": 1}, "d": None}, {"a": None, "d": {"c": d_card, "w": 0}}]
    combat._resolve(ctx_of(d))
    assert d["p"][0]["forces"] == [a_card] and d["p"][1]["forces"] == [d_card]


def test_a_blockaded_wonder_loses_its_ability_L1268():
    d = _city_state("grassland")
    sq = model.outskirts(d, 0)[0]
    d["p"][0]["wonders"].append("colossus")
    d["items"][str(sq)] = {"k": "w", "id": "colossus", "o": 0}
    effects.start_of_turn(ctx_of(d), 0)
    assert d["p"][0]["trade"] == 3
    model.new_fig(d, 1, "army", sq)
    effects.start_of_turn(ctx_of(d), 0)
    assert d["p"][0]["trade"] == 3


def test_an_obsolete_wonder_loses_its_ability_but_keeps_its_culture_L1276_L1280():
    d = _city_state("grassland")
    sq = model.outskirts(d, 0)[0]
    d["p"][1]["wonders"].append("colossus")
    d["items"][str(sq)] = {"k": "w", "id": "colossus", "o": 1}
    d["cities"][0]["o"] = 1
    culture = model.city_yield(d, 0)["culture"]
    d["p"][0]["techs"]["monarchy"] = 2
    d["p"][0]["res"] = {"silk": 1}
    obs = [a for a in effects.optional(d, 0) if a["type"] == "ability" and a.get("wonder") == "colossus"]
    assert obs  # Monarchy obsoletes an ancient wonder
    effects.apply(ctx_of(d), 0, obs[0])
    allow_all(d)
    assert "colossus" in d["obsolete"]
    assert not [e for e in model.effects_in_force(d, 1) if e.get("what") == "trade"]
    assert model.city_yield(d, 0)["culture"] == culture


def test_space_flight_wins_a_tech_victory_and_two_at_once_share_it_L1030_A59():
    d = after_setup(players=3, seed=2).data
    dec = {"answers": {"0": {"tech": "space_flight"}, "1": {"tech": ""}, "2": {"tech": "space_flight"}}}
    research.resolve(ctx_of(d), dec)
    assert d["over"] and d["victory"] == "tech" and d["winners"] == [0, 2]


def test_other_players_see_counts_not_forces_markers_hands_or_face_down_tiles_L357_L892():
    s = after_setup(players=2, seed=3)
    d = s.data
    d["p"][0]["hv"] = ["hut_hut_wheat_1"]
    v = GAME.view(s, 1)
    mine = v["civs"][0]
    assert mine["forces"] is None and mine["markers"] is None and mine["hand"] is None
    assert sum(mine["forces_count"].values()) == len(d["p"][0]["forces"]) and mine["markers_count"] == 1
    assert not any(c in str(v) for c in d["p"][0]["forces"])
    down = [t for t in v["map"]["tiles"] if t["tile"] is None]
    assert len(down) == sum(1 for c in d["tiles"] if not c["up"]) and down
    assert GAME.view(s, 0)["civs"][0]["forces"] is not None


def test_each_general_on_the_map_adds_four_to_the_combat_bonus_L1094():
    d = _city_state("grassland")
    before = combat._bonus(d, 0, "a", -1)
    d["items"][str(model.outskirts(d, 0)[0])] = {"k": "gp", "id": "general", "o": 0}
    assert combat._bonus(d, 0, "a", -1) == before + 4


def test_a_destroyed_city_sends_buildings_to_the_market_and_wonders_and_great_persons_away_L1189_A52():
    d = _move_state()
    d["cities"].append({"o": 1, "sq": square(d, 5, 13), "cap": False, "wall": False})
    ring = model.outskirts(d, 0)
    d["items"][str(ring[0])] = {"k": "b", "id": "granary", "o": 1}
    d["items"][str(ring[1])] = {"k": "w", "id": "colossus", "o": 1}
    d["items"][str(ring[2])] = {"k": "gp", "id": "artist", "o": 1}
    d["p"][1]["wonders"] = ["colossus"]
    d["supply"]["granary"] -= 1
    fig = model.new_fig(d, 1, "army", ring[3])
    supply = d["supply"]["granary"]
    combat.destroy_city(ctx_of(d), 0)
    assert d["cities"] == [] and d["items"] == {}
    assert d["supply"]["granary"] == supply + 1 and d["p"][1]["wonders"] == [] and d["p"][1]["gp"] == []
    assert fig in d["figs"]  # figures in the outskirts stay (A52)


def test_a_conquered_village_marker_goes_to_the_winner_who_sees_its_back_L910():
    from pygame_core.games.civilization.data import VILLAGES

    d = _move_state()
    v = square(d, 4, 5)
    army = model.new_fig(d, 0, "army", v)
    res_village = next(m for m, back in VILLAGES.items() if back.get("kind") == "resource")
    d["marks"][str(v)] = {"k": "village", "id": res_village}
    b = _battle(d, [], [])
    b.update({"def": combat.BARBARIAN, "village": True, "figs": [army]})
    b["fronts"] = [{"a": {"c": card_of("infantry", [3]), "w": 0}, "d": None}]
    c = ctx_of(d)
    combat._resolve(c)
    assert d["p"][0]["hv"] == [res_village] and str(v) not in d["marks"]
    assert c.revealed  # an undo barrier: the back was hidden until now


def test_a_village_battle_keeps_the_invaders_combat_bonus_but_the_barbarians_have_none_L904_L1090_L1094_A36():
    d = _move_state()
    d["items"][str(square(d, 1, 1))] = {"k": "b", "id": "barracks", "o": 0}  # +2 (L1090)
    d["items"][str(square(d, 1, 2))] = {"k": "gp", "id": "general", "o": 0}  # +4 (L1094)
    d["items"][str(square(d, 7, 7))] = {"k": "b", "id": "academy", "o": 1}  # the barbarians' player's own
    army = model.new_fig(d, 0, "army", square(d, 4, 5))
    d["marks"][str(square(d, 4, 5))] = {"k": "village", "id": "village_village_iron_1"}
    combat.start(ctx_of(d), 0, [army], square(d, 4, 5), combat.BARBARIAN, village=True)
    b = d["battle"]
    assert b["bonus"] == {"a": 6, "d": 0}
    assert sorted((x["id"], x["n"]) for x in b["bonus_from"]["a"]) == [("barracks", 2), ("general", 4)]
    assert b["bonus_from"]["d"] == []
