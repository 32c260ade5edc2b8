"""Card effects that did the wrong thing (issue 16, item 4), each checked by its outcome. The card
texts are public facts (digest §7, S1/S2; our own summaries in data/culture.json); the seed names
Drought and Deforestation and their disaster markers (L216-222), the combat bonus sources (L1086-1100)
and the blockaded wonder (L1268)."""

from __future__ import annotations

from typing import Any

from civ_helpers import set_square, square
from test_civ_abilities import allow_all
from test_civ_rules import _battle, _city_state, card_of, ctx_of, turn_of

from pygame_core.games.civilization import combat, effects, model
from pygame_core.kernel import decisions

Data = dict[str, Any]


def _cards(d: Data, seat: int = 0) -> list[dict[str, Any]]:
    return [a for a in effects.optional(d, seat) if a["type"] == "culture_card"]


# ------------------------------------------------------------------ free units join the battle
def test_duty_and_honor_nationalism_patriotism_units_join_the_current_battle_hand_L1060():
    for card, n in (("duty_and_honor_1", 1), ("nationalism_1", 2), ("patriotism_1", 3)):
        d = _city_state("grassland")
        turn_of(d, "move")
        b = _battle(d, [card_of("infantry", [1])], [card_of("infantry", [1])])
        decisions.push(d, "battle", [1], blocking=True)
        forces = list(d["p"][0]["forces"])
        d["p"][0]["hand"] = [card]
        acts = _cards(d)
        assert acts == [{"type": "culture_card", "card": card, "opt": 0}], card
        effects.apply(ctx_of(d), 0, acts[0])
        allow_all(d)
        assert len(b["hand"]["a"]) == 1 + n, card  # the free units fight in this battle
        assert d["p"][0]["forces"] == forces, card


# ------------------------------------------------------------------ Drought, Deforestation
def test_drought_and_deforestation_skip_mountains_water_and_buildings_L216_L222():
    d = _city_state("forest")
    d["cities"].append({"o": 1, "sq": square(d, 5, 12), "cap": False, "wall": False})
    turn_of(d, "start")
    out = model.outskirts(d, 1)
    set_square(d, out[0], terrain="mountain")
    d["items"][str(out[1])] = {"k": "b", "id": "granary", "o": 1}
    for card in ("drought_1", "deforestation_1"):
        d["p"][0]["hand"] = [card]
        sqs = {a["sq"] for a in _cards(d)}
        assert sqs == set(out[2:]), card  # all forest: not the mountain, not the building's square


# ------------------------------------------------------------------ range: from figures or cities, orthogonal
def test_ranges_count_orthogonally_from_own_figures_or_cities():
    d = _city_state("grassland")  # own city at (2,2)
    turn_of(d, "move")
    diag = model.new_fig(d, 1, "army", square(d, 5, 5))  # 3 + 3 = 6 orthogonal steps (Chebyshev 3)
    d["p"][0]["hand"] = ["defection_1"]  # range 4
    assert _cards(d) == []
    model.new_fig(d, 0, "scout", square(d, 5, 9))  # an own figure 4 squares south of it
    assert [a["figs"] for a in _cards(d)] == [[diag]]
    # Sabotage (range 4) the same way: a building 6 orthogonal steps away, then near an own figure
    turn_of(d, "start")
    d["figs"] = {}
    d["items"][str(square(d, 5, 5))] = {"k": "b", "id": "granary", "o": 1}
    d["p"][0]["hand"] = ["sabotage_1"]
    assert _cards(d) == []
    model.new_fig(d, 0, "army", square(d, 7, 5))
    assert [a["sq"] for a in _cards(d)] == [square(d, 5, 5)]


def test_mass_defection_takes_up_to_two_figures_of_one_square_or_a_great_person():
    d = _city_state("grassland")
    turn_of(d, "move")
    a1 = model.new_fig(d, 1, "army", square(d, 4, 4))
    a2 = model.new_fig(d, 1, "army", square(d, 4, 4))
    lone = model.new_fig(d, 1, "scout", square(d, 3, 5))
    d["items"][str(square(d, 6, 2))] = {"k": "gp", "id": "general", "o": 1}
    d["p"][0]["hand"] = ["mass_defection_1"]
    acts = _cards(d)
    figs = sorted(sorted(a["figs"]) for a in acts if a["opt"] == 0)
    assert figs == [sorted([a1, a2]), [lone]]  # never one figure of each square together
    assert [a["sq"] for a in acts if a["opt"] == 1] == [square(d, 6, 2)]
    effects.apply(ctx_of(d), 0, next(a for a in acts if a["opt"] == 1))
    allow_all(d)
    assert str(square(d, 6, 2)) not in d["items"] and len(d["figs"]) == 3


# ------------------------------------------------------------------ Himeji Castle under blockade
def test_himeji_castle_gives_nothing_with_an_enemy_figure_on_it_L1268():
    d = _city_state("grassland")
    sq = model.outskirts(d, 0)[0]
    d["p"][0]["wonders"].append("himeji_castle")
    d["items"][str(sq)] = {"k": "w", "id": "himeji_castle", "o": 0}
    assert combat.unit_bonus(d, 0) == 1
    model.new_fig(d, 1, "army", sq)
    assert combat.unit_bonus(d, 0) == 0


# ------------------------------------------------------------------ wounds spread, heals spread
def test_mathematics_spreads_its_three_wounds_over_enemy_units():
    d = _city_state("grassland")
    d["p"][0]["techs"]["mathematics"] = 2
    d["p"][0]["res"] = {"iron": 1}
    b = _battle(d, [card_of("infantry", [1])], [card_of("infantry", [1])])
    b["fronts"] = [
        {"a": None, "d": {"c": card_of("infantry", [1]), "w": 0}},  # 1 wound kills it
        {"a": None, "d": {"c": card_of("infantry", [3]), "w": 0}},  # 3 wounds kill it
    ]
    acts = [a for a in effects.optional(d, 0) if a["type"] == "ability" and a["tech"] == "mathematics"]
    assert {"type": "ability", "tech": "mathematics", "i": 0, "opt": 0, "wounds": [[0, 1], [1, 2]]} in acts
    effects.apply(ctx_of(d), 0, next(a for a in acts if a["wounds"] == [[0, 1], [1, 2]]))
    allow_all(d)
    assert b["killed"]["d"] == 1 and [f["d"]["w"] for f in b["fronts"]] == [2]


# ------------------------------------------------------------------ Jousting Tourney, Primetime TV
def test_jousting_tourney_cancels_an_event_aimed_at_someone_else_but_bread_and_circuses_does_not():
    d = _city_state("grassland")  # seat 0 plays We Love the Despot Day, aimed at nobody
    d["p"][1]["hand"] = ["jousting_tourney_1"]
    d["p"][0]["hand"] = ["we_love_the_despot_day_1"]
    act = _cards(d)[0]
    effects.apply(ctx_of(d), 0, act)
    dec = d["decisions"][-1]
    assert dec["kind"] == "react" and dec["seats"] == [1]
    cancel = {"type": "cancel", "card": "jousting_tourney_1", "opt": 0}
    assert effects.react_legal(d, 1, dec) == [{"type": "allow"}, cancel]
    effects.react(ctx_of(d), 1, dec, cancel)
    assert d["bonus_prod"] == {} and d["p"][1]["hand"] == []
    # Bread and Circuses (ancient) opens no window for an event aimed at someone else
    d["p"][1]["hand"] = ["bread_and_circuses_1"]
    d["p"][0]["hand"] = ["we_love_the_despot_day_2"]
    effects.apply(ctx_of(d), 0, _cards(d)[0])
    assert not d.get("decisions") and d["bonus_prod"] == {"0": 4}
