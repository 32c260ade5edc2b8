"""Leader, wonder and pact abilities given as ``rule`` codes (data/README.md; texts and numbers
from the public source P1 of digest §7.1; the seed names the leader replacement refund L818-822)."""

from __future__ import annotations

from tta_helpers import edit, fresh, legal, p0, play

from pygame_core.games.through_the_ages import GAME, scoring, tokens
from pygame_core.games.through_the_ages.civil import science_cost, take_cost
from pygame_core.games.through_the_ages.economy import build_cost, ca_left
from pygame_core.games.through_the_ages.ratings import stats
from pygame_core.kernel import decisions
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx


def _kinds(s, kind, seat=None):
    return [a for a in legal(s, seat) if a["type"] == kind]


def _me(**kw):
    return lambda d: d["players"][0].update(**kw)


def test_homer_replaced_may_slide_under_a_wonder_instead_of_the_civil_action_back_l818():
    s = edit(fresh(2, round_=2), _me(leader="a_homer", wonders=["a_colossus"], civil_hand=["i_joan_of_arc"]))
    s = play(s, {"type": "leader", "card": "i_joan_of_arc"})
    assert decisions.stack(s.data)[-1]["kind"] == "homer"
    acts = legal(s)
    assert acts == [{"type": "under_wonder", "card": "a_colossus"}, {"type": "regain_ca"}]
    happy = stats(p0(s))["happiness"]
    under = play(s, acts[0])
    assert stats(p0(under))["happiness"] == happy + 1 and ca_left(p0(under)) == 3
    back = play(s, acts[1])
    assert stats(p0(back))["happiness"] == happy and ca_left(p0(back)) == 4        # L818-822


def test_taj_mahal_costs_two_civil_actions_less_after_replacing_the_leader():
    def setup(d):
        d["row"][10] = "i_taj_mahal"
        d["players"][0].update(leader="a_julius_caesar", civil_hand=["i_joan_of_arc"])
    s = edit(fresh(2, round_=2), setup)
    assert take_cost(p0(s), 10, "i_taj_mahal") == 3
    s = play(s, {"type": "leader", "card": "i_joan_of_arc"})
    assert take_cost(p0(s), 10, "i_taj_mahal") == 1


def test_shakespeare_library_and_theater_cheaper_and_pairs_score_culture():
    s = edit(fresh(2, round_=2), lambda d: d["players"][0]["workers"].update(i_drama=0, i_printing_press=1))
    base = build_cost(p0(s), "i_drama")
    s = edit(s, _me(leader="ii_william_shakespeare"))
    assert build_cost(p0(s), "i_drama") == base - 1
    assert science_cost(p0(s), "ii_opera") == 7 - 1
    culture = stats(p0(s))["culture"]
    s = edit(s, lambda d: d["players"][0]["workers"].update(i_drama=1))
    assert stats(p0(s))["culture"] == culture + 2 + 2                       # Drama's 2, the pair's 2


def test_james_cook_discards_two_cards_for_colonization_and_colonies_give_culture():
    def setup(d):
        d["players"][0].update(leader="ii_james_cook", military_hand=["i_raid", "i_enslave", "i_foray"])
        d["colonize"] = {"card": "i_vast_territory", "seat": 0, "bid": 3, "sent": {"a_warriors": 1},
                         "bonus": []}
        d["decisions"] = [{"kind": "colonize", "seats": [0], "blocking": True}]
        d["past_events"] = ["i_vast_territory"]
    s = edit(fresh(2, round_=2), setup)
    s = play(s, {"type": "discard_card", "card": "i_raid"})
    s = play(s, {"type": "discard_card", "card": "i_enslave"})
    assert not _kinds(s, "discard_card") and {"type": "done"} in legal(s)          # 1 + 2 >= 3
    culture = stats(p0(s))["culture"]
    s = play(s, {"type": "done"})
    assert stats(p0(s))["culture"] == culture + 2 and p0(s)["colonies"] == ["i_vast_territory"]


def test_bach_converts_an_urban_building_to_a_theater_once_per_turn():
    def setup(d):
        p = d["players"][0]
        p.update(leader="ii_j_s_bach", blue_tokens={"a_agriculture": 0, "a_bronze": 8})
        p["workers"].update(i_drama=0, a_religion=1)
        p["blue_bank"] -= 8
    s = edit(fresh(2, round_=2), setup)
    conv = {"type": "upgrade", "from": "a_religion", "to": "i_drama"}
    assert conv in legal(s)
    cost = build_cost(p0(s), "i_drama") - build_cost(p0(s), "a_religion")        # the usual upgrade cost
    s = play(s, conv)
    assert p0(s)["workers"]["i_drama"] == 1 and tokens.amount(p0(s), "mine") == 8 - cost
    assert conv not in legal(s) and not [a for a in _kinds(s, "upgrade") if a["to"] == "i_drama"]


def test_st_peters_basilica_adds_a_happy_face_per_other_happy_source():
    s = edit(fresh(2, round_=2), lambda d: d["players"][0]["workers"].update(a_religion=2))
    assert stats(p0(s))["happiness"] == 2
    s = edit(s, _me(wonders=["i_st_peters_basilica"]))
    assert stats(p0(s))["happiness"] == 2 + 1 + 2                  # its own 1, +1 per temple worker


def test_bill_gates_labs_produce_their_level_and_score_it_when_he_leaves_and_at_the_end():
    def setup(d):
        d["players"][0].update(leader="iii_bill_gates")
        d["players"][0]["workers"].update(ii_scientific_method=1)        # levels 0 + 2
    s = edit(fresh(2, "full", round_=2), setup)
    res = tokens.amount(p0(s), "mine")
    s = play(s, {"type": "end"})
    assert tokens.amount(p0(s), "mine") == res + 2 + 2             # 2 Bronze workers, Gates 0 + 2
    ctx = Ctx(s.data, Rng(s.rng), 2, s.options, 0)
    before = p0(s)["culture"]
    parts = scoring.final(ctx)
    assert parts["parts"][0]["bill_gates"] == 2 and ctx.data["players"][0]["culture"] >= before + 2


def test_barbarossa_one_military_action_for_population_and_a_unit_each_one_cheaper():
    def setup(d):
        p = d["players"][0]
        p.update(leader="i_frederick_barbarossa", blue_tokens={"a_agriculture": 1, "a_bronze": 1})
        p["blue_bank"] -= 2
    s = edit(fresh(2, round_=2), setup)
    act = {"type": "barbarossa", "card": "a_warriors"}
    assert act in legal(s)                                # food 2-1, resources 2-1
    s = play(s, act)
    p = p0(s)
    assert p["workers"]["a_warriors"] == 2 and p["ma_used"] == 1 and p["unused_workers"] == 1
    assert tokens.amount(p, "farm") == 0 and tokens.amount(p, "mine") == 0


def test_joan_of_arc_looks_at_the_next_event_only_she_sees_it():
    def setup(d):
        d["players"][0].update(leader="i_joan_of_arc")
        d["current_events"] = ["a_development_of_science", "i_rats"]
    s = edit(fresh(2, "full", round_=2), setup)
    s = play(s, {"type": "peek"})
    assert GAME.view(s, 0)["civs"][0]["peek"]["id"] == "i_rats"
    assert GAME.view(s, 1)["civs"][0]["peek"] is None
    assert not _kinds(s, "peek") and _kinds(s, "resign")         # not the political action
    assert s.checkpoint == len(s.history)                            # an undo barrier


def test_trade_routes_agreement_exchanges_one_food_for_one_resource_per_turn():
    def setup(d):
        pact = {"card": "i_trade_routes_agreement", "with": 1, "side": "A", "other": "B"}
        d["players"][0].update(pact=pact,
                               pact_sides=[["i_trade_routes_agreement", "A"]],
                               blue_tokens={"a_agriculture": 2, "a_bronze": 0})
        d["players"][1]["pact_sides"] = [["i_trade_routes_agreement", "B"]]
        d["players"][0]["blue_bank"] -= 2
    s = edit(fresh(3, "full", round_=2), setup)
    s = play(s, {"type": "convert"})
    assert tokens.amount(p0(s), "farm") == 1 and tokens.amount(p0(s), "mine") == 1
    assert not _kinds(s, "convert")


def test_scientific_cooperation_two_less_and_the_partner_pays_one():
    def setup(d):
        pact = {"card": "ii_scientific_cooperation", "with": 1, "side": "A", "other": "A"}
        d["players"][0].update(pact=pact, pact_sides=[["ii_scientific_cooperation", "A"]],
                               civil_hand=["i_alchemy"], science=2)
        d["players"][1].update(pact_sides=[["ii_scientific_cooperation", "A"]], science=0)
    s = edit(fresh(3, "full", round_=2), setup)
    assert science_cost(p0(s), "i_alchemy") == 2
    assert not _kinds(s, "develop")                                   # the partner has no science
    s = edit(s, lambda d: d["players"][1].update(science=3))
    s = play(s, {"type": "develop", "card": "i_alchemy"})
    assert p0(s)["science"] == 0 and s.data["players"][1]["science"] == 2
