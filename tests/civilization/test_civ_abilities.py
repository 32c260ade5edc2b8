"""Negotiation (L611-621), culture cards (L814-824), resource abilities (L1004-1012), coin tasks
(L1227-1229), civilization abilities (digest §3.2, public sheet data) and the golden rule (L326)."""

from __future__ import annotations

from typing import Any

from civ_helpers import after_setup, bare, edit, flat_map, play, square
from test_civ_rules import _city_state, ctx_of, turn_of

from pygame_core.games.civilization import GAME, city, combat, effects, labels, model, research, start

Data = dict[str, Any]


def allow_all(d: Data) -> None:
    """Every player an effect is aimed at lets it happen."""
    while d.get("decisions") and d["decisions"][-1]["kind"] == "react":
        dec = d["decisions"][-1]
        effects.react(ctx_of(d), dec["seats"][0], dec, {"type": "allow"})


def test_offers_exchange_bundles_when_accepted_L613_L617():
    s = after_setup()

    def fn(d: Data) -> None:
        turn_of(d, "trade")
        d["p"][0]["trade"] = 5
        d["p"][1]["res"] = {"silk": 1}

    s = edit(s, fn)
    offer = {"type": "offer", "to": 1, "give": "trade:3", "get": "res:silk"}
    assert offer in GAME.legal_actions(s, 0)
    s = play(s, 0, offer)
    assert GAME.to_move(s) == [1]
    s2 = play(s, 1, {"type": "accept"})
    assert (
        s2.data["p"][0]["trade"] == 2
        and s2.data["p"][0]["res"]["silk"] == 1
        and s2.data["p"][1]["res"]["silk"] == 0
    )
    s3 = play(s, 1, {"type": "decline"})
    assert s3.data["p"][0]["trade"] == 5 and GAME.to_move(s3) == [0]


def test_at_most_two_offers_per_trade_phase():
    s = after_setup()
    s = edit(s, lambda d: (turn_of(d, "trade"), d["p"][0].update(trade=9)))
    for _ in range(2):
        s = play(s, 0, {"type": "offer", "to": 1, "give": "trade:1", "get": "nothing"})
        s = play(s, 1, {"type": "decline"})
    assert [a["type"] for a in GAME.legal_actions(s, 0) if a["type"] != "ability"] == ["end_trade"]


def test_a_culture_card_beats_the_rules_production_bonus_L326_L824():
    d = _city_state("grassland")
    d["p"][0]["hand"] = ["we_love_the_despot_day_1"]
    d["culture"]["ancient"].remove("we_love_the_despot_day_1")
    acts = [a for a in effects.optional(d, 0) if a["type"] == "culture_card"]
    assert acts == [{"type": "culture_card", "card": "we_love_the_despot_day_1", "opt": 0, "city": 0}]
    c = ctx_of(d)
    effects.apply(c, 0, acts[0])
    assert model.city_yield(d, 0)["production"] == 4 and d["p"][0]["hand"] == []
    assert d["culture"]["ancient"][-1] == "we_love_the_despot_day_1" and d["culture_up"]["ancient"] == 1
    assert "army" in {a["item"] for a in city.city_legal(d, 0) if a["type"] == "produce"}


def test_a_culture_card_is_played_only_in_its_phase_L824():
    d = _city_state("grassland")
    d["p"][0]["hand"] = ["we_love_the_despot_day_1"]
    turn_of(d, "move")
    assert not [a for a in effects.optional(d, 0) if a["type"] == "culture_card"]


def test_resource_ability_once_per_turn_per_card_L1010_L1012():
    d = _city_state("grassland")
    d["p"][0]["techs"]["currency"] = 1
    d["p"][0]["res"] = {"incense": 2}
    acts = [a for a in effects.optional(d, 0) if a["type"] == "ability" and a["tech"] == "currency"]
    assert len(acts) == 1
    c = ctx_of(d)
    effects.apply(c, 0, acts[0])
    assert d["p"][0]["culture"] == 3 and d["p"][0]["res"]["incense"] == 1 and d["market"]["incense"] == 3
    assert not [a for a in effects.optional(d, 0) if a["type"] == "ability" and a["tech"] == "currency"]


def test_hut_markers_pay_like_resources_and_leave_the_game_L900():
    d = _city_state("grassland")
    d["p"][0]["techs"]["currency"] = 1
    d["p"][0]["hv"] = ["hut_hut_incense_1"]
    acts = [a for a in effects.optional(d, 0) if a["type"] == "ability" and a["tech"] == "currency"]
    effects.apply(ctx_of(d), 0, acts[0])
    assert d["p"][0]["hv"] == [] and d["market"]["incense"] == 2


def test_coin_task_pottery_turns_two_resources_into_a_coin_L1227():
    d = _city_state("grassland")
    d["p"][0]["techs"]["pottery"] = 1
    d["p"][0]["res"] = {"wheat": 1, "silk": 1}
    before = model.coins(d, 0)
    act = {"type": "coin_task", "tech": "pottery"}
    assert act in effects.optional(d, 0)
    effects.apply(ctx_of(d), 0, act)
    assert model.coins(d, 0) == before + 1 and effects.holdings(d, 0) == {}
    assert act not in effects.optional(d, 0)


def test_america_rushes_two_production_per_three_trade():
    d = _city_state("grassland")
    assert city.rush_cost(d, 0, 4) == 12
    d["p"][0]["civ_effects"] = [{"kind": "rule", "rule": "trade_to_production_2"}]
    assert city.rush_cost(d, 0, 4) == 6 and city.rush_cost(d, 0, 3) == 6


def test_egypt_builds_one_building_for_free_each_turn():
    d = _city_state("grassland")
    d["p"][0]["civ_effects"] = [{"kind": "rule", "rule": "free_building_action"}]
    d["p"][0]["techs"]["pottery"] = 1
    free = {"type": "produce", "city": 0, "item": "building:granary", "free": True}
    assert free in city.city_legal(d, 0)
    city.city_apply(ctx_of(d), 0, free)
    assert "free_building" in d["p"][0]["used"] and d["p"][0]["trade"] == 0


def test_rome_advances_on_the_culture_track_when_it_founds_a_city():
    from test_civ_rules import _founding_state

    d, target = _founding_state()
    d["p"][0]["civ_effects"] = [{"kind": "rule", "rule": "culture_step_on_events"}]
    fid = next(f for f, x in d["figs"].items() if x["k"] == "scout")
    start.start_apply(ctx_of(d), 0, {"type": "found", "fig": fid})
    assert d["p"][0]["track"] == 1 and d["p"][0]["culture"] == 0


def test_germany_takes_a_free_unit_and_a_resource_when_a_tech_upgrades_a_unit_type():
    d = _city_state("grassland")
    d["p"][0]["civ_effects"] = [{"kind": "rule", "rule": "free_unit_on_upgrade"}]
    d["p"][0]["techs"].update({"pottery": 1, "writing": 1})
    n = len(d["p"][0]["forces"])
    research.learn(ctx_of(d), 0, "chivalry")
    assert len(d["p"][0]["forces"]) == n + 1 and sum(d["p"][0]["res"].values()) == 1


def test_china_saves_one_killed_unit_after_a_battle():
    from test_civ_rules import _battle, card_of

    s = after_setup()
    d = s.data
    bare(d)
    flat_map(d)
    d["p"][0]["civ_effects"] = [{"kind": "rule", "rule": "save_killed_unit"}]
    dead = card_of("infantry", [3])
    d["decks"]["infantry"].remove(dead)
    d["decks"]["infantry"].append(dead)
    d["up"]["infantry"] = 1
    b = _battle(d, [], [])
    b["dead"] = {"a": [dead], "d": []}
    b["fronts"] = [{"a": {"c": card_of("infantry", [2]), "w": 0}, "d": None}]
    combat._resolve(ctx_of(d))
    assert dead in d["p"][0]["forces"] and dead not in d["decks"]["infantry"]


def test_russia_may_sacrifice_a_figure_entering_an_enemy_city_to_learn_its_tech():
    from pygame_core.games.civilization import move

    s = after_setup()
    d = s.data
    bare(d)
    flat_map(d)
    turn_of(d, "move")
    d["p"][0]["civ_effects"] = [{"kind": "rule", "rule": "sacrifice_to_learn"}]
    d["cities"] = [{"o": 1, "sq": square(d, 4, 5), "cap": False, "wall": False}]
    d["p"][1]["techs"] = {"pottery": 1}
    d["p"][0]["techs"] = {"writing": 1}
    model.new_fig(d, 0, "scout", square(d, 3, 5))
    act = {
        "type": "move",
        "from": square(d, 3, 5),
        "armies": 0,
        "scouts": 1,
        "to": square(d, 4, 5),
        "sacrifice": "pottery",
    }
    assert act in move.legal(d, 0)
    # its label says the move and the sacrifice, with the tech (a move into the city per tech it knows)
    text = labels.text(d, 0, act)
    assert text["en"].startswith("Move 1 scout from")
    assert text["en"].endswith("sacrifice the figure in the enemy city to learn Pottery")
    assert text["zh-Hant"].startswith("將1支偵察隊從") and "犧牲" in text["zh-Hant"]
    move.apply(ctx_of(d), 0, act)
    assert "pottery" in d["p"][0]["techs"] and not d["figs"] and d["battle"] is None


def test_an_army_produced_onto_a_blockaded_square_attacks_L1270_A53():
    d = _city_state("forest", production=2)
    target = model.outskirts(d, 0)[0]
    model.new_fig(d, 1, "army", target)
    assert target in city.sites(d, 0, 0, "army")
    assert target not in city.sites(d, 0, 0, "scout")
    c = ctx_of(d)
    city.city_apply(c, 0, {"type": "produce", "city": 0, "item": "army"})
    GAME._decide(c, 0, d["decisions"][-1], {"type": "site", "sq": target})  # site_apply, then engage
    assert d["battle"] is not None and d["battle"]["att"] == 0 and d["battle"]["def"] == 1


def test_heuristic_bot_beats_random_in_two_player_full_games():
    from pygame_core.simulate import simulate

    r = simulate("civilization", 2, 3, seed=100, bot=["heuristic", "random"], options={"game": "full"})
    assert r["finished"] == 3 and sum(0 in w for w in r["winners"]) >= 2
    r = simulate("civilization", 2, 3, seed=200, bot=["random", "heuristic"], options={"game": "full"})
    assert r["finished"] == 3 and sum(1 in w for w in r["winners"]) >= 2


def test_defection_removes_an_enemy_figure_near_ones_city_L824():
    d = _city_state("grassland")
    turn_of(d, "move")
    near = model.new_fig(d, 1, "army", square(d, 4, 4))
    model.new_fig(d, 1, "army", square(d, 7, 15))
    d["p"][0]["hand"] = ["defection_1"]
    acts = [a for a in effects.optional(d, 0) if a["type"] == "culture_card"]
    assert acts == [{"type": "culture_card", "card": "defection_1", "opt": 0, "figs": [near]}]
    effects.apply(ctx_of(d), 0, acts[0])
    allow_all(d)
    assert near not in d["figs"] and len(d["figs"]) == 1


def test_metalworking_iron_adds_strength_to_the_next_unit_played_L916_L1159():
    from test_civ_rules import _battle, card_of

    s = after_setup()
    d = s.data
    bare(d)
    d["p"][0]["techs"]["metalworking"] = 1
    d["p"][0]["res"] = {"iron": 1}
    inf = card_of("infantry", [2])
    b = _battle(d, [inf], [card_of("infantry", [1])])
    acts = [a for a in effects.optional(d, 0) if a["type"] == "ability"]
    assert acts == [{"type": "ability", "tech": "metalworking", "i": 0, "opt": 0}]
    effects.apply(ctx_of(d), 0, acts[0])
    b["turn"] = "a"
    from pygame_core.kernel import decisions

    decisions.push(d, "battle", [0])
    combat.play(ctx_of(d), 0, {"type": "play", "card": inf, "front": -1})
    assert combat.unit_strength(d, b, "a", b["fronts"][0]["a"]) == 5


def test_drought_turns_an_enemy_outskirts_square_into_desert_L216_L222():
    d = _city_state("forest", production=2)
    d["cities"].append({"o": 1, "sq": square(d, 5, 12), "cap": False, "wall": False})
    turn_of(d, "start")
    d["p"][0]["hand"] = ["drought_1"]
    acts = [a for a in effects.optional(d, 0) if a["type"] == "culture_card"]
    target = acts[0]["sq"]
    assert target in model.outskirts(d, 1)
    before = model.city_yield(d, 1)["production"]
    effects.apply(ctx_of(d), 0, acts[0])
    allow_all(d)
    assert model.city_yield(d, 1)["production"] == before - 2


def test_statue_of_liberty_and_hanging_gardens_act_at_the_start_of_turn():
    d = _city_state("grassland")
    turn_of(d, "start")
    w = model.outskirts(d, 0)[0]
    d["items"][str(w)] = {"k": "w", "id": "statue_of_liberty", "o": 0}
    d["p"][0]["wonders"] = ["statue_of_liberty"]
    d["p"][1]["techs"]["pottery"] = 1
    d["p"][0]["techs"].pop("pottery", None)
    acts = effects.wonder_actions(d, 0)
    assert {"type": "wonder", "wonder": "statue_of_liberty", "tech": "pottery"} in acts
    effects.wonder_apply(ctx_of(d), 0, {"type": "wonder", "wonder": "statue_of_liberty", "tech": "pottery"})
    assert "pottery" in d["p"][0]["techs"] and effects.wonder_actions(d, 0) == []
    d["items"][str(w)] = {"k": "w", "id": "hanging_gardens", "o": 0}
    d["p"][0]["wonders"] = ["hanging_gardens"]
    act = {"type": "wonder", "wonder": "hanging_gardens", "figure": "army"}
    assert act in effects.wonder_actions(d, 0)
    effects.wonder_apply(ctx_of(d), 0, act)
    assert [f["sq"] for f in d["figs"].values()] == [w]


def test_supply_drop_gives_a_non_capital_city_a_second_action():
    d = _city_state("grassland")
    d["cities"].append({"o": 0, "sq": square(d, 2, 2), "cap": True, "wall": False})
    d["cities"][0]["sq"] = square(d, 5, 9)
    turn_of(d, "start")
    d["p"][0]["hand"] = ["supply_drop_1"]
    acts = [a for a in effects.optional(d, 0) if a["type"] == "culture_card" and a["opt"] == 1]
    assert acts == [{"type": "culture_card", "card": "supply_drop_1", "opt": 1, "city": 0}]
    effects.apply(ctx_of(d), 0, acts[0])
    d["phase"] = "city"
    c = ctx_of(d)
    city.city_apply(c, 0, {"type": "arts", "city": 0})
    assert {"type": "arts", "city": 0} in city.city_legal(d, 0)
    city.city_apply(c, 0, {"type": "arts", "city": 0})
    assert {"type": "arts", "city": 0} not in city.city_legal(d, 0)


def test_exchange_of_ideas_swaps_level_one_techs_with_a_player():
    d = _city_state("grassland")
    turn_of(d, "start")
    d["p"][0]["techs"] = {"pottery": 1}
    d["p"][1]["techs"] = {"writing": 1, "sailing": 2}
    d["p"][0]["hand"] = ["exchange_of_ideas_1"]
    acts = [a for a in effects.optional(d, 0) if a["type"] == "culture_card"]
    assert acts == [
        {
            "type": "culture_card",
            "card": "exchange_of_ideas_1",
            "opt": 0,
            "target": 1,
            "learn": "writing",
            "give": "pottery",
        }
    ]
    effects.apply(ctx_of(d), 0, acts[0])
    allow_all(d)
    assert "writing" in d["p"][0]["techs"] and "pottery" in d["p"][1]["techs"]


def test_every_choice_of_a_card_with_several_targets_has_its_own_label():
    """Two copies of a card are one choice; each exchange pairing reads differently (en/zh)."""
    d = _city_state("grassland")
    turn_of(d, "start")
    d["p"][0]["techs"] = {"pottery": 1, "code_of_laws": 1}
    d["p"][1]["techs"] = {"writing": 1, "horseback_riding": 1}
    d["p"][0]["hand"] = ["exchange_of_ideas_1", "exchange_of_ideas_2"]
    acts = [a for a in effects.optional(d, 0) if a["type"] == "culture_card"]
    assert len(acts) == 4 and {a["card"] for a in acts} == {"exchange_of_ideas_1"}
    s = edit(after_setup(), lambda x: x.update(d))
    for lang in ("en", "zh-Hant", "zh-Hans"):
        labels = [GAME.label(s, 0, a, lang) for a in acts]
        assert len(set(labels)) == 4, labels
    assert "Writing" in GAME.label(s, 0, acts[0], "en") or "Horseback" in GAME.label(s, 0, acts[0], "en")


def test_alike_unit_cards_are_one_choice_in_battle():
    cards = ["artillery_05", "artillery_09", "infantry_01"]
    kinds = combat.one_per_kind(cards)
    assert kinds == ["artillery_05", "infantry_01"]


def test_disoriented_pushes_a_rival_stack():
    d = _city_state("grassland")
    turn_of(d, "city")
    f = model.new_fig(d, 1, "army", square(d, 5, 9))
    d["p"][0]["hand"] = ["disoriented_1"]
    acts = [a for a in effects.optional(d, 0) if a["type"] == "culture_card"]
    assert acts and all(a["from"] == square(d, 5, 9) for a in acts)
    effects.apply(ctx_of(d), 0, acts[0])
    allow_all(d)
    assert d["figs"][f]["sq"] == acts[0]["sq"] != square(d, 5, 9)


def test_bread_and_circuses_cancels_an_event_aimed_at_its_holder():
    d = _city_state("grassland")
    turn_of(d, "start")
    d["p"][0]["hand"] = ["citizens_revolting_1"]
    d["p"][1]["hand"] = ["bread_and_circuses_1"]
    d["p"][1]["gov"] = "despotism"
    act = next(a for a in effects.optional(d, 0) if a["type"] == "culture_card")
    effects.apply(ctx_of(d), 0, act)
    dec = d["decisions"][-1]
    assert dec["kind"] == "react" and dec["seats"] == [1]
    opts = effects.react_legal(d, 1, dec)
    assert {"type": "cancel", "card": "bread_and_circuses_1", "opt": 0} in opts and {"type": "allow"} in opts
    effects.react(ctx_of(d), 1, dec, {"type": "cancel", "card": "bread_and_circuses_1", "opt": 0})
    assert d["p"][1]["gov"] == "despotism" and d["p"][1]["hand"] == [] and not d["decisions"]


def test_the_reaction_window_opens_whatever_the_target_holds():
    d = _city_state("grassland")
    turn_of(d, "start")
    d["p"][0]["hand"] = ["citizens_revolting_1"]
    d["p"][1]["hand"] = []
    d["p"][1]["gov"] = "despotism"
    act = next(a for a in effects.optional(d, 0) if a["type"] == "culture_card")
    effects.apply(ctx_of(d), 0, act)
    assert effects.react_legal(d, 1, d["decisions"][-1]) == [{"type": "allow"}]
    allow_all(d)
    assert d["p"][1]["gov"] == "anarchy"


def test_engineering_lets_a_city_buy_a_second_item_with_the_rest_of_its_production_L1016():
    d = _city_state("forest", production=2)  # 16 production
    d["p"][0]["techs"]["engineering"] = 2
    c = ctx_of(d)
    city.city_apply(c, 0, {"type": "produce", "city": 0, "item": "unit:infantry"})  # 5 of 16
    assert d["split"] == {"0": 11}
    second = [a for a in city.city_legal(d, 0) if a.get("city") == 0]
    assert second and all(a["type"] == "produce" for a in second)
    city.city_apply(c, 0, {"type": "produce", "city": 0, "item": "unit:mounted"})
    assert d["split"] == {} and not [a for a in city.city_legal(d, 0) if a.get("city") == 0]


def test_animal_husbandry_heals_three_wounds_spread_over_own_units_once_per_battle():
    from test_civ_rules import _battle, card_of

    s = after_setup()
    d = s.data
    bare(d)
    d["p"][0]["techs"]["animal_husbandry"] = 1
    b = _battle(d, [card_of("infantry", [1])], [card_of("infantry", [1])])
    b["fronts"] = [
        {"a": {"c": card_of("infantry", [3]), "w": 2}, "d": None},
        {"a": {"c": card_of("infantry", [3]), "w": 2}, "d": None},
    ]
    heals = [a["heals"] for a in effects.optional(d, 0) if a["type"] == "heal"]
    assert sorted(heals) == [[[0, 1], [1, 2]], [[0, 2], [1, 1]]]  # 3 wounds across both units
    act = {"type": "heal", "tech": "animal_husbandry", "heals": [[0, 2], [1, 1]]}
    effects.apply(ctx_of(d), 0, act)
    assert [f["a"]["w"] for f in b["fronts"]] == [0, 1]
    assert not [a for a in effects.optional(d, 0) if a["type"] == "heal"]  # once per battle


def test_military_science_adds_production_per_three_coins():
    d = _city_state("grassland")
    d["p"][0]["techs"]["military_science"] = 3
    d["p"][0]["coin_tokens"] = {"pottery": 7}
    assert model.city_yield(d, 0)["production"] == 2


def test_combustion_razes_a_building_where_an_army_stops_and_walls_fall():
    from pygame_core.games.civilization import move

    d = _city_state("grassland")
    turn_of(d, "move")
    d["p"][0]["techs"]["combustion"] = 4
    d["p"][0]["civ_effects"] = []
    bsq = square(d, 5, 9)
    d["items"][str(bsq)] = {"k": "b", "id": "granary", "o": 1}
    model.new_fig(d, 0, "army", square(d, 4, 9))
    c = ctx_of(d)
    move.apply(c, 0, {"type": "move", "from": square(d, 4, 9), "armies": 1, "scouts": 0, "to": bsq})
    move.apply(c, 0, {"type": "stop"})
    assert str(bsq) not in d["items"]
    d["cities"].append({"o": 1, "sq": square(d, 5, 13), "cap": True, "wall": True})
    army = model.new_fig(d, 0, "army", square(d, 5, 13))
    combat.start(c, 0, [army], square(d, 5, 13), 1, city=1)
    assert d["cities"][1]["wall"] is False and d["battle"]["turn"] == "d"


def test_atomic_theory_destroys_a_rival_non_capital_city():
    d = _city_state("grassland")
    turn_of(d, "move")
    d["p"][0]["techs"]["atomic_theory"] = 4
    d["p"][0]["hv"] = ["village_village_uranium_1"]
    d["cities"].append({"o": 1, "sq": square(d, 5, 13), "cap": False, "wall": False})
    acts = [a for a in effects.optional(d, 0) if a["type"] == "ability" and "city_of" in a]
    assert acts == [{"type": "ability", "tech": "atomic_theory", "i": 1, "opt": 0, "city_of": 1}]
    effects.apply(ctx_of(d), 0, acts[0])
    allow_all(d)
    assert len(d["cities"]) == 1 and d["p"][0]["hv"] == []


def test_hut_and_village_tokens_may_be_traded_face_down_L615_L617():
    s = after_setup()

    def fn(d: Data) -> None:
        turn_of(d, "trade")
        d["p"][0]["hv"] = ["hut_hut_wheat_1"]

    s = edit(s, fn)
    offer = {"type": "offer", "to": 1, "give": "hv:hut_hut_wheat_1", "get": "nothing"}
    assert offer in GAME.legal_actions(s, 0)
    s = play(s, 0, offer)
    accept = GAME.label(s, 1, {"type": "accept"}, "en")
    assert "face-down" in accept and "Wheat" not in accept and "wheat" not in accept
    s = play(s, 1, {"type": "accept"})
    assert s.data["p"][0]["hv"] == [] and s.data["p"][1]["hv"] == ["hut_hut_wheat_1"]


def test_a_trade_over_the_culture_hand_limit_discards_at_once_L619():
    s = after_setup()

    def fn(d: Data) -> None:
        turn_of(d, "trade")
        cards = [c for deck in d["culture"].values() for c in deck]
        d["p"][0]["hand"] = [cards[0]]
        d["p"][1]["hand"] = cards[1 : 1 + model.hand_limit(d, 1)]  # full hand

    s = edit(s, fn)
    card = s.data["p"][0]["hand"][0]
    s = play(s, 0, {"type": "offer", "to": 1, "give": f"card:{card}", "get": "nothing"})
    s = play(s, 1, {"type": "accept"})
    assert GAME.to_move(s) == [1] and s.data["decisions"][-1]["kind"] == "discard"
