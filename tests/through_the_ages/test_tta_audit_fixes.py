"""Regression tests of issue 16's audit of Through the Ages: card effects whose code ran without
changing anything. Card numbers are public P1 facts (data/README.md); rules cite the seed."""

from __future__ import annotations

import pytest
from tta_helpers import edit, fresh, legal, p0, play

from pygame_core.games.through_the_ages import GAME, flow, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.ratings import production, stats
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx, copy_json


def _with(setup, players=2, mode="full"):
    return edit(fresh(players, mode, round_=2), setup)


def _units(d, seat=0, **workers):
    d["players"][seat]["workers"].update(workers)


# ------------------------------------------------------------------ the per counts (item 4)
def _rating(setup, leader, key):
    s = _with(setup)
    before = stats(p0(s))[key]
    s = edit(s, lambda d: d["players"][0].update(leader=leader))
    return before, stats(p0(s))[key]


def test_napoleon_gives_2_strength_per_unit_type():
    """Napoleon Bonaparte (P1): +2 strength per different unit type; 3 types give +6."""
    before, after = _rating(lambda d: _units(d, a_warriors=2, i_knights=1, ii_cannon=1),
                            "ii_napoleon_bonaparte", "strength")
    assert after == before + 6


@pytest.mark.parametrize("leader", ["i_leonardo_da_vinci", "ii_isaac_newton", "iii_albert_einstein"])
def test_scientists_add_the_level_of_the_best_lab_or_library(leader):
    """Leonardo, Newton, Einstein (P1): the best lab or library gives extra science = its level:
    Scientific Method (II) beats Printing Press (I): +2."""
    labs = {"i_printing_press": 1, "ii_scientific_method": 1}
    before, after = _rating(lambda d: _units(d, **labs), leader, "science")
    assert after == before + 2


def test_michelangelo_adds_culture_per_happy_face_of_temples_theaters_and_wonders():
    """Michelangelo (P1): Religion 1 + Drama 1 + Hanging Gardens 2 happy faces = +4 culture."""
    def setup(d):
        _units(d, a_religion=1, i_drama=1)
        d["players"][0]["wonders"] = ["a_hanging_gardens"]
    before, after = _rating(setup, "i_michelangelo", "culture")
    assert after == before + 4 + 0                              # Michelangelo has no flat culture


def test_joan_of_arc_adds_strength_per_happy_face_of_temples_and_government():
    """Joan of Arc (P1): Theology 2 happy faces x2 temples + Theocracy 1 = +5 strength."""
    def setup(d):
        _units(d, i_theology=2)
        d["players"][0]["government"] = "i_theocracy"
    before, after = _rating(setup, "i_joan_of_arc", "strength")
    assert after == before + 5


def test_charlie_chaplin_doubles_the_best_theater():
    """Charlie Chaplin (P1): the best theater (Opera, 3 culture) counts once more."""
    before, after = _rating(lambda d: _units(d, i_drama=1, ii_opera=1), "iii_charlie_chaplin", "culture")
    assert after == before + 3


def test_transcontinental_railroad_produces_the_best_mine_twice_l2063():
    """Transcontinental Railroad (P1): one best mine produces double; the seed names it as a card
    with extra production marked on the Age A mine (L2061-2063). Coal (3) + Bronze x2: +3."""
    def setup(d):
        _units(d, ii_coal=1)
        d["players"][0]["blue_tokens"]["ii_coal"] = 0
    s = _with(setup)
    base = production(p0(s), "mine")
    s = edit(s, lambda d: d["players"][0].update(wonders=["ii_transcontinental_railroad"]))
    assert production(p0(s), "mine") == base + 3
    ctx = Ctx(s.data, Rng(s.rng), 2, s.options, 0)
    have = tokens.amount(ctx.data["players"][0], "mine")
    flow.produce(ctx, 0, stats(ctx.data["players"][0]))
    p = ctx.data["players"][0]
    assert tokens.amount(p, "mine") == have + base + 3          # 16 blue in the bank: no corruption


def _complete(setup, wonder):
    """Seat 0 builds the last stage of ``wonder``; returns (culture before, culture after)."""
    def fn(d):
        setup(d)
        p = d["players"][0]
        p["wonder"] = {"id": wonder, "built": len(CARDS[wonder]["cost"]["stages"]) - 1}
        p["blue_tokens"]["a_bronze"] = 12
        p["blue_bank"] = 4
    s = _with(fn)
    before = p0(s)["culture"]
    s = play(s, {"type": "stage", "n": 1})
    assert wonder in p0(s)["wonders"]
    return before, p0(s)["culture"]


def test_hollywood_scores_twice_the_culture_of_theaters_and_libraries():
    """Hollywood (P1): Drama 2 + Printing Press 1 culture, doubled: 6."""
    before, after = _complete(lambda d: _units(d, i_drama=1, i_printing_press=1), "iii_hollywood")
    assert after == before + 6


def test_internet_scores_the_culture_science_and_strength_of_urban_buildings():
    """Internet (P1): Philosophy 1 science, Religion 1 culture, Bread and Circuses 1 strength: 3."""
    before, after = _complete(lambda d: _units(d, a_religion=1, i_bread_and_circuses=1), "iii_internet")
    assert after == before + 3


def test_first_space_flight_scores_the_levels_of_the_technology_cards():
    """First Space Flight (P1): Iron (I) + Coal (II) + Monarchy (I) + Cartography (I) = 5; the
    initial Age A cards count 0."""
    def setup(d):
        p = d["players"][0]
        p["workers"].update(i_iron=0, ii_coal=0)
        p["blue_tokens"].update(i_iron=0, ii_coal=0)
        p["government"] = "i_monarchy"
        p["specials"] = ["i_cartography"]
    before, after = _complete(setup, "iii_first_space_flight")
    assert after == before + 5


def test_fast_food_chains_scores_1_per_urban_or_unit_worker_and_2_per_farmer_or_miner():
    """Fast Food Chains (P1): the initial 2 farmers + 2 miners (8) + 1 lab + 1 warrior (2) = 10."""
    before, after = _complete(lambda d: None, "iii_fast_food_chains")
    assert after == before + 10


def test_international_tourism_gives_culture_per_partner_wonder_both_ways():
    """International Tourism (P1): +1 culture per wonder of the partner, each side; kept true when
    the partner completes a wonder."""
    def setup(d):
        d["players"][1]["wonders"] = ["a_pyramids", "a_colossus"]
        d["players"][0]["military_hand"] = ["iii_international_tourism"]
    s = edit(fresh(3, "full", round_=2), setup)
    c0, c1 = stats(p0(s))["culture"], stats(s.data["players"][1])["culture"]
    s = play(s, {"type": "pact", "card": "iii_international_tourism", "target": 1, "side": "A"})
    s = play(s, {"type": "accept"}, 1)
    assert stats(p0(s))["culture"] == c0 + 2
    assert stats(s.data["players"][1])["culture"] == c1
    def gardens(d):
        d["players"][0]["wonder"] = {"id": "a_hanging_gardens", "built": 2}
        d["players"][0]["blue_tokens"]["a_bronze"] = 4
    s = edit(s, gardens)
    s = play(s, {"type": "stage", "n": 1})
    assert stats(s.data["players"][1])["culture"] == c1 + 1


def test_civil_unrest_costs_a_blue_token_only_to_those_with_most_discontent_workers():
    """Civil Unrest (P1): -4 culture per discontent worker; all with the most discontent workers
    (at least one) return 1 blue token to the box: seat 1 (3 discontent, the stronger), not seat 0."""
    def setup(d):
        d["current_events"] = ["a_development_of_science", "ii_civil_unrest"]
        d["players"][0]["military_hand"] = ["i_pestilence"]
        d["players"][1]["yellow_bank"] = 10                      # 3 happy faces needed, none made
        d["players"][1]["culture"] = 20
        _units(d, 1, a_warriors=3)
    s = edit(fresh(2, "full", round_=2), setup)
    s = play(s, {"type": "event", "card": "i_pestilence"})
    assert [p["blue_bank"] for p in s.data["players"]] == [16, 15]
    assert s.data["players"][1]["culture"] == 20 - 4 * 3


# ------------------------------------------------------------------ losing population (item 2)
def _enslave(setup=None):
    def fn(d):
        d["players"][0]["military_hand"] = ["i_enslave"]
        _units(d, a_warriors=4)
        if setup:
            setup(d)
    s = _with(fn)
    s = play(s, {"type": "aggress", "card": "i_enslave", "target": 1})
    return play(s, {"type": "done"}, 1)


def test_enslave_the_target_loses_an_unused_worker_to_its_yellow_bank_l1384_l1895():
    """Enslave (P1): the target loses 1 population: a yellow token goes back from the worker pool to
    the yellow bank (L1384 reversed; L1895 "some cards make you reduce population"), an unused worker
    first; the aggressor gains 2 food and 2 resources."""
    food, res = tokens.amount(p0(fresh()), "farm"), tokens.amount(p0(fresh()), "mine")
    s = _enslave()
    target = s.data["players"][1]
    assert target["unused_workers"] == 0 and target["yellow_bank"] == 19
    assert sum(target["workers"].values()) == 6                 # the 6 initial workers stay
    assert tokens.amount(p0(s), "farm") == food + 2 and tokens.amount(p0(s), "mine") == res + 2


def test_enslave_without_unused_workers_the_target_chooses_the_building_or_unit():
    """No unused worker: the owner chooses which building or unit loses its worker (P1; README
    ruling). The target decides, not the aggressor."""
    s = _enslave(lambda d: d["players"][1].update(unused_workers=0))
    assert GAME.to_move(s) == [1]
    acts = legal(s, 1)
    assert {"type": "lose", "card": "a_bronze"} in acts and {"type": "lose", "card": "a_warriors"} in acts
    s = play(s, {"type": "lose", "card": "a_warriors"}, 1)
    target = s.data["players"][1]
    assert target["workers"]["a_warriors"] == 0 and target["yellow_bank"] == 19
    assert target["unused_workers"] == 0


def _event(event, players=2, setup=None):
    def fn(d):
        d["current_events"] = ["a_development_of_science", event]
        d["players"][0]["military_hand"] = ["i_pestilence"]
        if setup:
            setup(d)
    s = _with(fn, players)
    return play(s, {"type": "event", "card": "i_pestilence"})


def test_pestilence_each_civilization_loses_one_population():
    s = _event("i_pestilence")
    assert [(p["unused_workers"], p["yellow_bank"]) for p in s.data["players"]] == [(0, 19), (0, 19)]


def test_reign_of_terror_the_weakest_loses_one_population():
    s = _event("i_reign_of_terror", setup=lambda d: _units(d, 1, a_warriors=3))
    assert [p["yellow_bank"] for p in s.data["players"]] == [19, 18]


def test_barbarians_the_most_cultured_loses_population_only_if_among_the_weakest():
    """Barbarians (P1): in 2p "the two weakest" is one (L1404): seat 0 most cultured and weakest."""
    def setup(d):
        d["players"][0]["culture"] = 10
        _units(d, 1, a_warriors=3)
    s = _event("i_barbarians", setup=setup)
    assert [p["yellow_bank"] for p in s.data["players"]] == [19, 18]
    def weakest_not_most_cultured(d):
        d["players"][1]["culture"] = 10
        _units(d, 1, a_warriors=3)
    s = _event("i_barbarians", setup=weakest_not_most_cultured)
    assert [p["yellow_bank"] for p in s.data["players"]] == [18, 18]


def test_refugees_move_a_population_from_the_weakest_to_the_strongest():
    s = _event("ii_refugees", setup=lambda d: _units(d, 1, a_warriors=3))
    weak, strong = s.data["players"]
    assert weak["yellow_bank"] == 19 and weak["unused_workers"] == 0
    assert strong["yellow_bank"] == 17 and strong["unused_workers"] == 2


# ------------------------------------------------------------------ Breakthrough's revolution (item 1)
def test_a_revolution_paid_with_breakthrough_still_scores_its_science_l1250_l1254_l1056():
    """Breakthrough may pay a revolution with all CAs (L1254): that replaces only its 1-CA cost; its
    "then score 2 science" follows (L1250), a revolution counting as a development (L1056)."""
    def setup(d):
        p = d["players"][0]
        p["civil_hand"] = ["i_monarchy", "i_breakthrough"]
        p["science"] = 2
    s = _with(setup, mode="simple")
    act = {"type": "play", "card": "i_breakthrough", "do": {"type": "revolution", "card": "i_monarchy"}}
    assert act in legal(s)
    p = p0(play(s, act))
    assert p["government"] == "i_monarchy" and p["ca_used"] == p["ca_total"]
    assert p["science"] == 0 + 2


def test_a_revolution_fires_develop_a_technology_triggers_l1056():
    """Leonardo da Vinci: 1 resource whenever you develop a technology (P1); a revolution is one
    (L1056)."""
    def setup(d):
        p = d["players"][0]
        p["civil_hand"] = ["i_monarchy"]
        p["science"] = 2
        p["leader"] = "i_leonardo_da_vinci"
    s = _with(setup, mode="simple")
    res = tokens.amount(p0(s), "mine")
    s = play(s, {"type": "revolution", "card": "i_monarchy"})
    assert tokens.amount(p0(s), "mine") == res + 1


# ------------------------------------------------------------------ pact production (item 3)
def _pact(card, side):
    s = edit(fresh(3, "full", round_=2), lambda d: d["players"][0].update(military_hand=[card]))
    s = play(s, {"type": "pact", "card": card, "target": 1, "side": side})
    return play(s, {"type": "accept"}, 1)


def _produced(s, seat, kind):
    """What ``seat``'s production phase adds of ``kind`` (18 yellow in the bank: no consumption;
    16 blue: no corruption), on a copy of the position."""
    ctx = Ctx(copy_json(s.data), Rng(s.rng), 3, s.options, 0)
    p = ctx.data["players"][seat]
    have = tokens.amount(p, kind)
    flow.produce(ctx, seat, stats(p))
    return tokens.amount(p, kind) - have


def test_international_trade_agreement_side_b_produces_one_more_food_l2061_l2063():
    """The seed tracks a pact's extra production each turn (L2061-2063): the side-B offerer gains
    2 + 1 food, its partner (side A) 2 + 1 resources."""
    s = _pact("ii_international_trade_agreement", "B")
    assert _produced(s, 0, "farm") == 3 and _produced(s, 0, "mine") == 2
    assert _produced(s, 1, "farm") == 2 and _produced(s, 1, "mine") == 3
    assert GAME.view(s, 0)["civs"][0]["food_production"] == 3


def test_acceptance_of_supremacy_moves_one_resource_of_production_l2061_l2063():
    s = _pact("ii_acceptance_of_supremacy", "A")
    assert _produced(s, 0, "mine") == 3 and _produced(s, 1, "mine") == 1


def test_a_negative_extra_production_never_takes_stored_resources():
    """Side B's -1 only lowers what is produced (authored): with no miner it costs nothing."""
    s = _pact("ii_acceptance_of_supremacy", "A")
    s = edit(s, lambda d: d["players"][1]["workers"].update(a_bronze=0))
    s = edit(s, lambda d: d["players"][1]["blue_tokens"].update(a_bronze=3))
    assert _produced(s, 1, "mine") == 0                         # the 3 stored resources stay


# ------------------------------------------------------------------ Wealthy Territory (item 5)
def test_wealthy_territory_adds_three_blue_tokens_while_owned_l1454_l1458():
    """Territories with token symbols add tokens from the box while owned (L1454-1458); the
    publisher's card reference gives Age I Wealthy Territory 3 blue tokens (data source note)."""
    from pygame_core.games.through_the_ages import effects
    s = fresh()
    ctx = Ctx(copy_json(s.data), Rng(s.rng), 2, s.options, 0)
    p = ctx.data["players"][0]
    effects.enter(ctx, 0, "i_wealthy_territory")
    assert p["blue_bank"] == 16 + 3
    effects.enter(ctx, 0, "i_wealthy_territory", -1)
    assert p["blue_bank"] == 16


# ------------------------------------------------------------------ Winston Churchill (outcome test)
def test_winston_churchill_asks_at_the_start_of_the_turn_and_his_science_is_for_military_techs():
    """Winston Churchill (P1): each turn choose 3 culture, or 3 science and 3 resources usable only
    for military technologies and units. The owner chooses (a decision at the start of the turn);
    the second option used to give 6 unit resources and no science."""
    from pygame_core.games.through_the_ages import flow

    def setup(d):
        p = d["players"][0]
        p["leader"] = "iii_winston_churchill"
        p["civil_hand"] = ["i_knights", "i_drama"]                 # 5 and 3 science
        p["science"] = 2
    s = _with(setup)
    ctx = Ctx(copy_json(s.data), Rng(s.rng), 2, s.options, 0)
    flow.start_turn(ctx)
    s = edit(s, lambda d: (d.clear(), d.update(ctx.data)))
    assert GAME.to_move(s) == [0]
    assert legal(s) == [{"type": "option", "n": 0}, {"type": "option", "n": 1}]
    labels = {GAME.label(s, 0, a, "en") for a in legal(s)}
    assert len(labels) == 2, labels
    s = play(s, {"type": "option", "n": 1})
    p = p0(s)
    assert (p["military_science"], p["military_resources"], p["culture"]) == (3, 3, 0)
    develops = [a for a in legal(s) if a["type"] == "develop"]
    assert develops == [{"type": "develop", "card": "i_knights"}]  # 2 + 3 for Knights; Drama needs 3
    s = play(s, {"type": "develop", "card": "i_knights"})
    assert (p0(s)["science"], p0(s)["military_science"]) == (0, 0)
