"""Card ``rule`` codes (data/README.md, digest §7.2 G2/G8/G10; numbers and texts from the public
source P1 of digest §7.1) and golden test 20 (Impact of Science, L2099-2101)."""

from __future__ import annotations

from tta_helpers import edit, fresh, legal, p0, play

from pygame_core.games.through_the_ages import scoring, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.civil import take_cost
from pygame_core.games.through_the_ages.economy import ca_left, ma_left
from pygame_core.games.through_the_ages.ratings import stats
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx


def _kinds(s, kind):
    return [a for a in legal(s) if a["type"] == kind]


def test_golden_20_impact_of_science_ties_go_to_the_nearest_clockwise_of_the_start_l2099_l2101():
    """3p: the starting player (seat 0) has science rating 5, seats 1 and 2 have 10: seat 1 scores
    14 (nearer clockwise to the starting player, who counts as current), seat 2 scores 7, seat 0
    nothing (L2099-2101; 3p column 14/7/0)."""
    def setup(d):
        d["current_events"] = []
        d["future_events"] = [["iii_impact_of_science", 1]]
        for seat, labs in ((0, 5), (1, 10), (2, 10)):
            d["players"][seat]["workers"]["a_philosophy"] = labs
            d["players"][seat]["culture"] = 0
    s = edit(fresh(3, "full", round_=2), setup)
    assert [stats(p)["science"] for p in s.data["players"]] == [5, 10, 10]
    ctx = Ctx(s.data, Rng(s.rng), 3, s.options, 0)
    scoring.final(ctx)
    assert [p["culture"] for p in ctx.data["players"]] == [0, 14, 7]


def test_caesar_takes_a_second_political_action_once_per_game_l794():
    """Julius Caesar: one extra political action, once per game (L794; ruling §8.17)."""
    def setup(d):
        d["players"][0]["leader"] = "a_julius_caesar"
        hand = ["a_development_of_science", "a_development_of_crafts", "a_development_of_agriculture"]
        d["players"][0]["military_hand"] = hand
    s = edit(fresh(2, "full", round_=2), setup)
    s = play(s, {"type": "event", "card": "a_development_of_science"})
    assert _kinds(s, "event")                                  # the second political action
    s = play(s, {"type": "event", "card": "a_development_of_crafts"})
    assert not _kinds(s, "event") and p0(s)["caesar_used"]


def test_hammurabi_spends_one_military_action_as_a_civil_action():
    """Hammurabi (P1): 1 MA may be spent as a CA each turn."""
    s = edit(fresh(2, round_=2), lambda d: d["players"][0].update(leader="a_hammurabi"))
    assert ca_left(p0(s)) == 5 and ma_left(p0(s)) == 2
    s = edit(s, lambda d: d["players"][0].update(ca_used=4))         # every white token spent
    assert ca_left(p0(s)) == 1
    s = play(s, {"type": "destroy", "card": "a_bronze"})
    assert ca_left(p0(s)) == 0 and ma_left(p0(s)) == 1 and p0(s)["ma_as_ca_used"]


def test_michelangelo_takes_wonders_without_the_extra_civil_actions_l422():
    """Taking a wonder costs 1 more CA per completed wonder (L422-426); Michelangelo waives it (P1)."""
    s = edit(fresh(2, round_=2), lambda d: d["players"][0].update(wonders=["a_pyramids", "a_colossus"]))
    assert take_cost(p0(s), 0, "i_taj_mahal") == 3
    s = edit(s, lambda d: d["players"][0].update(leader="i_michelangelo"))
    assert take_cost(p0(s), 0, "i_taj_mahal") == 1


def test_genghis_khan_counts_infantry_as_cavalry_for_tactics():
    """Heavy Cavalry needs 3 cavalry (P1): 3 Warriors form no army, under Genghis Khan they do."""
    def setup(d):
        d["players"][0]["workers"]["a_warriors"] = 3
        d["players"][0]["tactic"] = "i_heavy_cavalry"
    s = edit(fresh(2, round_=2), setup)
    assert stats(p0(s))["strength"] == 3
    s = edit(s, lambda d: d["players"][0].update(leader="i_genghis_khan"))
    assert stats(p0(s))["strength"] == 3 + 4


def test_gandhi_forbids_own_attacks_and_doubles_attacks_on_him():
    """Mahatma Gandhi (P1): no aggressions or wars; others pay double MAs to attack him."""
    def setup(d):
        d["players"][0]["workers"]["a_warriors"] = 4
        d["players"][0]["military_hand"] = ["i_raid"]
    s = edit(fresh(2, "full", round_=2), setup)
    assert _kinds(s, "aggress") == [{"type": "aggress", "card": "i_raid", "target": 1}]
    s2 = edit(s, lambda d: d["players"][1].update(leader="iii_mahatma_gandhi"))
    s2 = edit(s2, lambda d: d["players"][0].update(ma_used=1))      # 1 MA left, raid costs 2 now
    assert _kinds(s2, "aggress") == []
    s3 = edit(s, lambda d: d["players"][0].update(leader="iii_mahatma_gandhi"))
    assert _kinds(s3, "aggress") == []


def test_peace_treaty_partners_cannot_attack_each_other_l2059():
    """Pacts prevent attacks only when their text says so (L2059): Peace Treaty does (P1)."""
    def setup(d):
        d["players"][0]["workers"]["a_warriors"] = 4
        d["players"][0]["military_hand"] = ["i_raid"]
    s = edit(fresh(3, "full", round_=2), setup)
    assert {a["target"] for a in _kinds(s, "aggress")} == {1, 2}

    def pact(d):
        d["players"][0]["pact"] = {"card": "iii_peace_treaty", "with": 1, "side": "A", "other": "B"}
        d["players"][0]["pact_sides"] = [["iii_peace_treaty", "A"]]
        d["players"][1]["pact_sides"] = [["iii_peace_treaty", "B"]]
    s = edit(s, pact)
    assert {a["target"] for a in _kinds(s, "aggress")} == {2}


def test_raid_refunds_half_the_build_cost_rounded_up():
    """Raid (P1): the target loses an Age I-or-older building; the raider gains half its cost."""
    def setup(d):
        d["players"][0]["workers"]["a_warriors"] = 4
        d["players"][0]["military_hand"] = ["i_raid"]
        d["players"][1]["workers"].update({"a_agriculture": 0, "a_bronze": 0, "a_philosophy": 0,
                                           "a_religion": 0, "i_alchemy": 1})
    s = edit(fresh(2, "full", round_=2), setup)
    before = tokens.amount(p0(s), "mine")
    s = play(s, {"type": "aggress", "card": "i_raid", "target": 1})
    s = play(s, {"type": "done"}, seat=1)
    assert s.data["players"][1]["workers"]["i_alchemy"] == 0
    cost = CARDS["i_alchemy"]["cost"]["build"]
    assert tokens.amount(p0(s), "mine") - before == (cost + 1) // 2


def test_robespierre_revolution_costs_every_military_action():
    """Maximilien Robespierre (P1): a revolution takes all MAs instead of all CAs, +3 culture."""
    def setup(d):
        d["players"][0].update(leader="ii_maximilien_robespierre", science=5, civil_hand=["i_monarchy"],
                               ca_used=1)
    s = edit(fresh(2, round_=2), setup)
    assert _kinds(s, "revolution") == [{"type": "revolution", "card": "i_monarchy"}]
    s = play(s, {"type": "revolution", "card": "i_monarchy"})
    assert ma_left(p0(s)) == 0 and ca_left(p0(s)) >= 3 and p0(s)["culture"] == 3


def test_alexander_leaves_play_for_a_yellow_token_as_a_political_action():
    """Alexander the Great (P1): political action, remove him for +1 yellow token."""
    s = edit(fresh(2, round_=2), lambda d: d["players"][0].update(leader="a_alexander_the_great"))
    yellow = p0(s)["yellow_bank"]
    s = play(s, {"type": "leader_ability", "card": "a_alexander_the_great"})
    assert p0(s)["leader"] is None and p0(s)["yellow_bank"] == yellow + 1


def test_iconoclasm_removes_leaders_of_older_ages():
    """Iconoclasm (P1): each leader not of the current age leaves play."""
    def setup(d):
        d["age"] = 2
        d["players"][0]["leader"] = "a_moses"
        d["players"][1]["leader"] = "ii_james_cook"
        d["players"][0]["military_hand"] = ["a_development_of_science"]
        d["current_events"] = ["ii_iconoclasm"]
    s = edit(fresh(2, round_=2), setup)
    s = play(s, {"type": "event", "card": "a_development_of_science"})
    assert p0(s)["leader"] is None and s.data["players"][1]["leader"] == "ii_james_cook"
