"""Late tech cards and wonder cards (checklist RS5, WD1) and choosing civilizations (SU1).

The card texts are public facts (digest §7: S1 WONDERS.json, S3 tech sheet); the seed says that
resource abilities are paid with resource tokens once per turn (L1004-L1012), that other tech
abilities may grow with coins (Computers, L1221), that figures may end on water with Steam Power or
Flight (L655-L657), that a wonder card explains its ability (L178) and that the winner of a battle
takes one loot (L1179-L1193)."""

from __future__ import annotations

from typing import Any

import pytest
from civ_helpers import after_setup, play, square
from test_civ_abilities import allow_all
from test_civ_rules import _city_state, _move_state, ctx_of, turn_of

from pygame_core import IllegalAction
from pygame_core.games.civilization import GAME, effects, model, move

Data = dict[str, Any]


def _abilities(d: Data, seat: int, tech: str) -> list[dict[str, Any]]:
    return [a for a in effects.optional(d, seat) if a["type"] == "ability" and a["tech"] == tech]


# ------------------------------------------------------------------ SU1: civilizations
def test_civilizations_are_drawn_at_random_by_default_L334():
    civs = {tuple(p["civ"] for p in after_setup(2, seed=k).data["p"]) for k in range(6)}
    assert len(civs) > 1


def test_civilizations_chosen_in_turn_order_when_all_agree_L334():
    s = GAME.new_game(players=3, seed=4, options={"civs": "choose"})
    first = s.data["first"]
    assert GAME.to_move(s) == [first]
    assert {a["civ"] for a in GAME.legal_actions(s, first)} == {
        "america",
        "china",
        "egypt",
        "germany",
        "rome",
        "russia",
    }
    s = play(s, first, {"type": "civ", "civ": "rome"})
    second = (first + 1) % 3
    assert GAME.to_move(s) == [second]
    assert "rome" not in {a["civ"] for a in GAME.legal_actions(s, second)}  # one sheet per player
    with pytest.raises(IllegalAction):
        play(s, second, {"type": "civ", "civ": "rome"})
    s = play(s, second, {"type": "civ", "civ": "egypt"})
    s = play(s, (first + 2) % 3, {"type": "civ", "civ": "china"})
    civ = {seat: p["civ"] for seat, p in enumerate(s.data["p"])}
    assert civ[first] == "rome" and civ[second] == "egypt"
    assert s.data["p"][first]["gov"] == "republic"  # Rome's starting government (L465)
    assert s.data["phase"] == "setup" and GAME.to_move(s) == [first]  # then the capitals (L415)
    assert GAME.legal_actions(s, first)[0]["type"] == "capital"


def test_the_learning_game_offers_neither_egypt_nor_rome_L322():
    s = GAME.new_game(players=2, seed=1, options={"civs": "choose", "game": "learning"})
    seat = GAME.to_move(s)[0]
    assert {a["civ"] for a in GAME.legal_actions(s, seat)} == {"america", "china", "germany", "russia"}


def test_choosing_civilizations_hides_nothing_and_replays_from_the_save():
    s = GAME.new_game(players=2, seed=9, options={"civs": "choose"})
    v = GAME.view(s, 1)
    assert v["civ_choices"] and v["picks"] == [None, None]
    while s.data["phase"] == "setup":
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[-1])
    again = GAME.load(GAME.save(s))
    assert again.data == s.data


# ------------------------------------------------------------------ RS5: late tech abilities
def test_communism_spy_pins_a_square_and_interrupts_a_move_L1006_L1012():
    d = _move_state()
    d["p"][1]["techs"]["communism"] = 3
    d["p"][1]["res"] = {"spy": 1}
    army = model.new_fig(d, 0, "army", square(d, 3, 5))
    c = ctx_of(d)
    move.apply(
        c, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": square(d, 4, 5)}
    )
    assert d["mv"] is not None
    pin = [a for a in _abilities(d, 1, "communism") if a["freeze"] == square(d, 4, 5)]
    assert pin  # another player may use it in the middle of this move (S3)
    effects.apply(c, 1, pin[0])
    allow_all(d)
    assert d["mv"] is None and d["figs"][army]["sq"] == square(d, 4, 5)
    assert d["p"][1]["res"]["spy"] == 0
    assert not [a for a in move.legal(d, 0) if a["type"] == "move"]  # no figure may leave it
    d["moved"] = []
    assert not [a for a in move.legal(d, 0) if a["type"] == "move"]  # for the rest of the turn


def test_steam_power_silk_ships_a_stack_to_water_that_then_stays_L655():
    d = _city_state("grassland")
    d["p"][0]["techs"]["steam_power"] = 3
    d["p"][0]["res"] = {"silk": 1}
    d["p"][0]["civ_effects"] = []
    from civ_helpers import set_square

    water = square(d, 6, 10)
    set_square(d, water, terrain="water")
    home = square(d, 3, 5)
    figs = [model.new_fig(d, 0, "army", home), model.new_fig(d, 0, "scout", home)]
    ships = [a for a in _abilities(d, 0, "steam_power") if a["from"] == home and a["sq"] == water]
    assert ships
    effects.apply(ctx_of(d), 0, ships[0])
    assert all(d["figs"][f]["sq"] == water for f in figs)
    assert d["market"]["silk"] == 3  # the token returns to the market
    turn_of(d, "move")
    assert not [a for a in move.legal(d, 0) if a["type"] == "move"]  # they may not move again this turn


def test_flight_flies_over_enemy_figures_huts_and_cities_but_may_stop_only_elsewhere_L655():
    d = _move_state()
    d["p"][0]["techs"]["flight"] = 4
    army = model.new_fig(d, 0, "army", square(d, 3, 5))
    model.new_fig(d, 1, "army", square(d, 4, 5))
    c = ctx_of(d)
    legal = move.legal(d, 0)
    over = {
        "type": "move",
        "from": square(d, 3, 5),
        "armies": 1,
        "scouts": 0,
        "to": square(d, 4, 5),
        "over": True,
    }
    assert over in legal
    assert {k: v for k, v in over.items() if k != "over"} in legal  # attacking stays a choice
    move.apply(c, 0, over)
    assert d["battle"] is None and d["mv"] is not None
    assert {"type": "stop"} not in move.legal(d, 0)  # never stop on the enemy
    move.apply(c, 0, {"type": "step", "to": square(d, 5, 5)})
    assert d["figs"][army]["sq"] == square(d, 5, 5) and d["battle"] is None


def test_without_flight_an_enemy_square_stops_the_group_L918():
    d = _move_state()
    model.new_fig(d, 0, "army", square(d, 3, 5))
    model.new_fig(d, 1, "army", square(d, 4, 5))
    assert not [a for a in move.legal(d, 0) if a.get("over")]


def test_computers_add_one_culture_card_per_five_coins_to_the_hand_limit_L1221():
    d = _city_state("grassland")
    base = model.hand_limit(d, 0)
    d["p"][0]["techs"]["computers"] = 4
    d["p"][0]["coin_tokens"] = {"_cards": 9}
    coins = model.coins(d, 0)
    assert coins == 10  # 9 tokens + Computers' own coin
    assert model.hand_limit(d, 0) == base + 2
    d["p"][0]["hand"] = [c for deck in d["culture"].values() for c in deck][: base + 2]
    c = ctx_of(d)
    from pygame_core.games.civilization import city

    city.check_hand(c, 0)
    assert not d.get("decisions")  # no discard: the hand is within the raised limit (L798)
    d["p"][0]["coin_tokens"] = {"_cards": 3}
    city.check_hand(c, 0)
    assert d["decisions"][-1]["kind"] == "discard"  # 4 coins: no card more


# ------------------------------------------------------------------ WD1: wonder abilities
def _own_wonder(d: Data, seat: int, wid: str, sq: int) -> None:
    d["p"][seat]["wonders"].append(wid)
    d["items"][str(sq)] = {"k": "w", "id": wid, "o": seat}


def test_the_great_wall_denies_the_winner_its_loot_L178_L1179():
    d = _move_state()
    _own_wonder(d, 1, "great_wall", square(d, 6, 10))
    model.new_fig(d, 0, "army", square(d, 3, 5))
    scout = model.new_fig(d, 1, "scout", square(d, 4, 5))
    move.apply(
        ctx_of(d),
        0,
        {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": square(d, 4, 5)},
    )
    assert scout not in d["figs"]
    assert not any(x["kind"] == "loot" for x in d.get("decisions", []))


def test_an_obsolete_great_wall_no_longer_guards_the_loot_L752():
    d = _move_state()
    _own_wonder(d, 1, "great_wall", square(d, 6, 10))
    d["obsolete"].append("great_wall")
    model.new_fig(d, 0, "army", square(d, 3, 5))
    model.new_fig(d, 1, "scout", square(d, 4, 5))
    move.apply(
        ctx_of(d),
        0,
        {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": square(d, 4, 5)},
    )
    assert d["decisions"][-1]["kind"] == "loot"


def test_the_great_wall_builds_city_walls_free_at_the_start_of_turn_L178():
    d = _city_state("grassland")
    turn_of(d, "start")
    _own_wonder(d, 0, "great_wall", square(d, 3, 3))
    acts = [a for a in effects.wonder_actions(d, 0) if a["wonder"] == "great_wall"]
    assert acts == [{"type": "wonder", "wonder": "great_wall", "city": 0}]
    effects.wonder_apply(ctx_of(d), 0, acts[0])
    assert d["cities"][0]["wall"] is True
    assert not effects.wonder_actions(d, 0)  # once per turn, and no city left without walls


def test_the_kremlin_lets_two_resources_pay_for_a_spy_once_per_turn_L1008():
    d = _city_state("grassland")
    d["p"][0]["techs"]["civil_service"] = 2
    d["p"][0]["res"] = {"wheat": 2, "iron": 2}
    assert not effects.can_pay(d, 0, ["spy"])
    _own_wonder(d, 0, "the_kremlin", square(d, 3, 3))
    assert effects.can_pay(d, 0, ["spy"])
    effects.pay(d, 0, ["spy"])
    assert sum(d["p"][0]["res"].values()) == 2
    assert not effects.can_pay(d, 0, ["spy"])  # once per turn
    d["p"][0]["res"]["spy"] = 1
    d["p"][0]["used"] = []
    effects.pay(d, 0, ["spy"])  # a real spy is spent first; the Kremlin stays unused
    assert d["p"][0]["res"]["spy"] == 0 and "kremlin" not in d["p"][0]["used"]


def test_writing_spy_cancels_another_players_city_action_L1006():
    from pygame_core.games.civilization import city

    d = _city_state("grassland", production=1)
    d["p"][1]["techs"]["writing"] = 1
    d["p"][1]["res"] = {"spy": 1}
    city.city_apply(ctx_of(d), 0, {"type": "arts", "city": 0})
    dec = d["decisions"][-1]
    assert dec["kind"] == "react" and dec["seats"] == [1] and d["p"][0]["culture"] == 0
    acts = effects.react_legal(d, 1, dec)
    cancel = [a for a in acts if a["type"] == "cancel" and a.get("tech") == "writing"]
    assert {"type": "allow"} in acts and cancel
    effects.react(ctx_of(d), 1, dec, cancel[0])
    assert d["p"][0]["culture"] == 0 and not city.may_act(d, 0)  # the action is spent
    assert d["p"][1]["res"]["spy"] == 0


def test_a_city_action_nobody_cancels_happens_L631():
    from pygame_core.games.civilization import city

    d = _city_state("grassland", production=1)
    d["p"][1]["techs"]["writing"] = 1
    city.city_apply(ctx_of(d), 0, {"type": "arts", "city": 0})
    dec = d["decisions"][-1]
    assert effects.react_legal(d, 1, dec) == [{"type": "allow"}]  # no spy: the window still opens
    effects.react(ctx_of(d), 1, dec, {"type": "allow"})
    assert d["p"][0]["culture"] == 1 and not d.get("decisions")


def test_monarchy_silk_kills_a_random_unit_of_a_rival_L1006():
    d = _city_state("grassland")
    d["p"][0]["techs"]["monarchy"] = 2
    d["p"][0]["res"] = {"silk": 1}
    before = list(d["p"][1]["forces"])
    kill = [a for a in _abilities(d, 0, "monarchy") if a.get("target") == 1]
    assert kill and kill[0]["opt"] == 1
    effects.apply(ctx_of(d), 0, kill[0])
    allow_all(d)
    after = d["p"][1]["forces"]
    assert len(after) == len(before) - 1
    (dead,) = set(before) - set(after)
    assert any(dead in deck for deck in d["decks"].values())  # face up under its deck (L1203)


def test_angkor_wat_harvests_twice_with_one_city_action_L838():
    from pygame_core.games.civilization import city

    d = _city_state("grassland", resource="wheat")
    assert not [a for a in city.city_legal(d, 0) if "res2" in a]
    _own_wonder(d, 0, "angkor_wat", model.outskirts(d, 0)[0])
    twice = [a for a in city.city_legal(d, 0) if a["type"] == "harvest" and "res2" in a]
    assert twice == [{"type": "harvest", "city": 0, "res": "wheat", "res2": "wheat"}]
    city.city_apply(ctx_of(d), 0, twice[0])
    assert d["p"][0]["res"]["wheat"] == 2 and not city.may_act(d, 0)
    d["acted"] = []
    assert not [a for a in city.city_legal(d, 0) if "res2" in a]  # once per turn


def test_a_teaching_scenario_keeps_its_own_civilizations_whatever_civs_says():
    s = GAME.new_game(players=2, seed=0, options={"civs": "choose", "scenario": "trade"})
    assert "picks" not in s.data and all(p["civ"] for p in s.data["p"])
