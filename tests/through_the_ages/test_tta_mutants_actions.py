"""Action and conflict rules that mutants of the rule code (scripts/mutate.py) showed no test
checked: round-1 actions, duplicate technologies, the tactic's military action, auction bids,
military resources, Homer, Columbus, Annex, and re-dealing other seats' future events."""

from __future__ import annotations

from tta_helpers import edit, fresh, legal, p0, play

from pygame_core.games.through_the_ages import GAME, politics, tokens
from pygame_core.games.through_the_ages.economy import ca_left
from pygame_core.games.through_the_ages.ratings import stats
from pygame_core.kernel import decisions


def _me(**kw):
    return lambda d: d["players"][0].update(**kw)


def test_round_one_allows_only_taking_cards_l376():
    """L376: in the first round the civil actions may only take cards from the row."""
    s = edit(fresh(2), _me(civil_hand=["i_alchemy"]))
    assert {a["type"] for a in legal(s)} <= {"take", "end"}
    later = edit(fresh(2, round_=2), _me(civil_hand=["i_alchemy"]))
    assert {"destroy", "disband"} <= {a["type"] for a in legal(later)}


def test_a_technology_already_owned_or_in_hand_cannot_be_taken_l632_l1050():
    """L632, L1050: no technology card of the same name as one in the hand or in play."""
    def setup(d):
        d["row"] = ["i_alchemy", "i_drama", "i_iron"] + [None] * 10
        d["players"][0]["civil_hand"] = ["i_drama"]
        d["players"][0]["workers"]["i_iron"] = 0
    slots = {a["slot"] for a in legal(edit(fresh(2, round_=2), setup)) if a["type"] == "take"}
    assert slots == {0}


def test_a_tactic_needs_one_military_action_l1312():
    """Playing a tactic from the hand costs 1 MA (digest C-actions): legal with exactly 1 MA left."""
    def setup(d):
        d["age"] = 1
        d["players"][0].update(military_hand=["i_legion"], ma_used=1)
    s = edit(fresh(2, round_=2), setup)
    assert {"type": "tactic", "card": "i_legion"} in legal(s)
    s = edit(s, _me(ma_used=2))
    assert {"type": "tactic", "card": "i_legion"} not in legal(s)


def test_a_colonization_bid_must_beat_the_last_bid_l1428():
    """L1428: a bid is above 0, above the last bid, and at most the force the player can give."""
    s = edit(fresh(2, "full", round_=2), lambda d: d["players"][0]["workers"].update(a_warriors=3))
    d = s.data
    top = politics.max_force(d["players"][0])
    assert top >= 2
    d["auction"] = {"card": "i_vast_territory", "bid": top - 2, "leader": 1, "bidders": [0, 1], "position": 0}
    bids = [{"type": "bid", "n": top - 1}, {"type": "bid", "n": top}, {"type": "pass"}]
    assert politics.bid_legal(d, 0) == bids
    d["auction"]["bid"] = top
    assert politics.bid_legal(d, 0) == [{"type": "pass"}]


def test_military_resources_pay_only_for_units_l1256_l1264():
    """Patriotism's military resources (L1256-1264) pay for units only: building a temple spends the
    stored resources and keeps them."""
    def setup(d):
        p = d["players"][0]
        p["military_resources"] = 2
        p["blue_tokens"]["a_bronze"] = 5
        p["blue_bank"] -= 5
        p["unused_workers"] = 2
    s = edit(fresh(2, round_=2), setup)
    mine = tokens.amount(p0(s), "mine")
    s = play(s, {"type": "build", "card": "a_religion"})
    assert p0(s)["military_resources"] == 2 and tokens.amount(p0(s), "mine") == mine - 3
    s = play(s, {"type": "build", "card": "a_warriors"})                     # 2 resources: all military
    assert p0(s)["military_resources"] == 0 and tokens.amount(p0(s), "mine") == mine - 3


def test_replacing_a_leader_gives_the_civil_action_back_without_a_homer_choice_l818_l822():
    """L818-822: replacing a leader gives 1 CA back. Only Homer with a completed wonder asks whether
    to slide him under it; another leader with wonders, or Homer without one, just regains the CA."""
    for leader, wonders in (("a_moses", ["a_colossus"]), ("a_homer", [])):
        s = edit(fresh(2, round_=2), _me(leader=leader, wonders=wonders, civil_hand=["i_joan_of_arc"]))
        s = play(s, {"type": "leader", "card": "i_joan_of_arc"})
        assert decisions.stack(s.data) == [] and GAME.to_move(s) == [0]
        assert p0(s)["leader"] == "i_joan_of_arc" and ca_left(p0(s)) == 4


def test_the_homer_decision_does_not_refill_the_row():
    """Cards taken from the row are replaced only at the next replenish (L532): answering a
    decision leaves the empty slots empty."""
    def setup(d):
        d["row"][0] = d["row"][1] = None
        d["players"][0].update(leader="a_homer", wonders=["a_colossus"], civil_hand=["i_joan_of_arc"])
    s = play(edit(fresh(2, round_=2), setup), {"type": "leader", "card": "i_joan_of_arc"})
    s = play(s, {"type": "regain_ca"})
    assert s.data["row"][:2] == [None, None]


def test_columbus_colonizes_only_a_territory_from_the_hand():
    """Christopher Columbus (P1) leaves play to colonize a territory card from the hand."""
    def setup(d):
        d["age"] = 1
        d["players"][0].update(leader="i_christopher_columbus",
                               military_hand=["i_vast_territory", "i_legion", "i_raid"])
    s = edit(fresh(2, "full", round_=2), setup)
    acts = [a for a in legal(s) if a["type"] == "leader_ability"]
    assert acts == [{"type": "leader_ability", "card": "i_christopher_columbus",
                     "territory": "i_vast_territory"}]


def test_annex_moves_a_colony_with_its_permanent_effect_l1490_l1494():
    """Annex (P1) takes the loser's colony; losing a colony loses its permanent effect (L1490), its
    tokens go back to the box (L1494), and the winner gains them."""
    def setup(d):
        d["age"] = 2
        d["players"][0]["military_hand"] = ["ii_annex"]
        d["players"][0]["workers"]["a_warriors"] = 5
        d["players"][1]["colonies"] = ["i_strategic_territory"]
    s = edit(fresh(2, "full", round_=2), setup)
    strength = [stats(p)["strength"] for p in s.data["players"]]
    s = play(s, {"type": "aggress", "card": "ii_annex", "target": 1})
    s = play(s, {"type": "done"}, 1)
    assert s.data["players"][1]["colonies"] == [] and p0(s)["colonies"] == ["i_strategic_territory"]
    assert [stats(p)["strength"] for p in s.data["players"]] == [strength[0] + 2, strength[1] - 2]


def test_annexed_colony_takes_its_blue_and_yellow_tokens_along_l1494():
    """Developed Territory (P1: +1 blue, +1 yellow token): the loser returns them from its banks to
    the box (L1494), the annexing player takes new ones from the box."""
    def setup(d):
        d["age"] = 2
        d["players"][0]["military_hand"] = ["ii_annex"]
        d["players"][0]["workers"]["a_warriors"] = 5
        d["players"][1]["colonies"] = ["i_developed_territory"]
    s = edit(fresh(2, "full", round_=2), setup)
    banks = [(p["yellow_bank"], p["blue_bank"]) for p in s.data["players"]]
    s = play(s, {"type": "aggress", "card": "ii_annex", "target": 1})
    s = play(s, {"type": "done"}, 1)
    assert p0(s)["colonies"] == ["i_developed_territory"]
    got = [(p["yellow_bank"], p["blue_bank"]) for p in s.data["players"]]
    assert got == [(banks[0][0] + 1, banks[0][1] + 1), (banks[1][0] - 1, banks[1][1] - 1)]


def test_redetermine_re_deals_other_seats_future_events_by_age_l1338():
    """Another seat's events in the future events deck are hidden (L1338): re-dealing for seat 0
    replaces them with cards of the same age and keeps their owner; seat 0's own stay."""
    def setup(d):
        d["future_events"] = [["i_rats", 1], ["ii_cold_war", 1], ["i_barbarians", 0]]
    s = edit(fresh(2, "full", round_=2), setup)
    ages = {"i": 1, "ii": 2}
    for seed in range(5):
        got = GAME.redetermine(s, 0, seed=seed).data["future_events"]
        assert [owner for _c, owner in got] == [1, 1, 0] and got[2] == ["i_barbarians", 0]
        assert [ages[c.split("_")[0]] for c, _o in got[:2]] == [1, 2]


def test_an_event_action_needs_no_civil_action_left_l1380():
    """L1380: an action an event grants costs no civil action, so it is open with none left."""
    def setup(d):
        d["current_events"] = ["a_development_of_science", "a_development_of_religion"]
        p = d["players"][0]
        p.update(military_hand=["i_pestilence"], ca_used=p["ca_total"])
        p["blue_tokens"] = {"a_agriculture": 0, "a_bronze": 3}
    s = play(edit(fresh(2, round_=2), setup), {"type": "event", "card": "i_pestilence"})
    assert ca_left(p0(s)) == 0
    s = play(s, {"type": "event_do", "do": {"type": "build", "card": "a_religion"}}, 0)
    assert p0(s)["workers"]["a_religion"] == 1 and ca_left(p0(s)) == 0


def test_an_action_card_discount_lowers_the_build_it_grants_l1198_l1210():
    """Urban Growth (P1: build an urban building for 1 resource less): with 2 resources a temple
    (3) can be built through the card, and it costs 2."""
    def setup(d):
        p = d["players"][0]
        p["civil_hand"] = ["a_urban_growth"]
        p["blue_tokens"] = {"a_agriculture": 0, "a_bronze": 2}
        p["blue_bank"] = 16 - 2
    s = edit(fresh(2, round_=2), setup)
    act = {"type": "play", "card": "a_urban_growth", "do": {"type": "build", "card": "a_religion"}}
    assert act in legal(s)
    assert {"type": "build", "card": "a_religion"} not in legal(s)               # 3 without the card
    s = play(s, act)
    assert p0(s)["workers"]["a_religion"] == 1 and tokens.amount(p0(s), "mine") == 0
    assert p0(s)["discounts"] == []                                             # used up


def test_bach_converts_with_a_single_civil_action_left():
    """J. S. Bach (P1): the conversion to a theater costs 1 civil action, so the last one will do."""
    def setup(d):
        p = d["players"][0]
        p.update(leader="ii_j_s_bach", blue_tokens={"a_agriculture": 0, "a_bronze": 8}, ca_used=3)
        p["workers"].update(i_drama=0, a_religion=1)
        p["blue_bank"] -= 8
    s = edit(fresh(2, round_=2), setup)
    conv = {"type": "upgrade", "from": "a_religion", "to": "i_drama"}
    assert ca_left(p0(s)) == 1 and conv in legal(s)
    assert conv not in legal(edit(s, _me(ca_used=4)))


def test_barbarossa_needs_just_one_military_action():
    """Frederick Barbarossa (P1): population and a unit for 1 military action, so the last one will do."""
    def setup(d):
        p = d["players"][0]
        p.update(leader="i_frederick_barbarossa", blue_tokens={"a_agriculture": 1, "a_bronze": 1}, ma_used=1)
        p["blue_bank"] -= 2
    s = edit(fresh(2, round_=2), setup)
    act = {"type": "barbarossa", "card": "a_warriors"}
    assert act in legal(s)
    assert act not in legal(edit(s, _me(ma_used=2)))
