"""Setup, the card row, the action economy, population, building, the blue token model and the
end of turn (checklist A, B, C, D, G, H; golden tests 1-7, 10-14 of digest §10)."""

from __future__ import annotations

import pytest
from tta_helpers import edit, fresh, legal, p0, play

from pygame_core import IllegalAction
from pygame_core.games.through_the_ages import GAME, tokens
from pygame_core.games.through_the_ages.economy import ca_left, ma_left
from pygame_core.games.through_the_ages.model import consumption, corruption, happy_needed, pop_cost
from pygame_core.games.through_the_ages.ratings import stats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_player_boards_decks_and_first_round_actions(players):
    """L58-76, L225-279: 18 yellow + 1 unused worker + 6 on the initial techs, 16 blue, ratings
    science 1 / culture 0 / strength 1 / happiness 0; L213: 13 Age A cards in the row; L299:
    players + 2 current events; L316-321: round-1 CAs 1/2/3/4 by seat order, no MA."""
    s = GAME.new_game(players=players, seed=3)
    d = s.data
    for p in d["players"]:
        assert p["yellow_bank"] == 18 and p["unused_workers"] == 1 and sum(p["workers"].values()) == 6
        assert p["blue_bank"] == 16 and p["ca_total"] == 4 and p["ma_total"] == 2
        r = stats(p)
        assert (r["science"], r["culture"], r["strength"], r["happiness"]) == (1, 0, 1, 0)
        assert ca_left(p) == p["order"] + 1 and ma_left(p) == 0
    assert len([c for c in d["row"] if c]) == 13
    assert len(d["current_events"]) == players + 2 and d["future_events"] == [] and d["military_deck"] == ""
    assert GAME.to_move(s) == [d["start_player"]]


def test_simple_mode_has_no_age_iii_and_no_aggression_l186_l190():
    s = GAME.new_game(players=3, seed=1, options={"mode": "simple"})
    d = s.data
    assert "III" not in d["civil_decks"] and "III" not in d["military_decks"]
    kinds = {GAME_CARDS(c)["kind"] for age in d["military_decks"].values() for c in age.split(",")}
    assert kinds <= {"event", "territory", "tactic", "bonus"}
    full = GAME.new_game(players=3, seed=1, options={"mode": "full"}).data
    assert "III" in full["civil_decks"]
    assert any(GAME_CARDS(c)["kind"] == "aggression" for c in full["military_decks"]["I"].split(","))


def GAME_CARDS(cid):
    from pygame_core.games.through_the_ages.catalog import CARDS
    return CARDS[cid]


def _row(s, cards):
    def fn(d):
        d["row"] = list(cards) + [None] * (13 - len(cards))
    return edit(s, fn)


def test_golden_1_round_one_card_taking_l438_l450():
    """3 players, round 1: take costs 1/2/3 by slot (L382); a wonder goes into play unfinished
    (L416-418); a second Age A leader is illegal (L406-408); no refill between players (L532)."""
    s = _row(fresh(3), ["a_moses", "a_colossus", "a_engineering_genius", "a_homer", "a_aristotle",
                        "a_hammurabi", "a_library_of_alexandria"])
    s = play(s, {"type": "take", "slot": 0})
    assert p0(s)["civil_hand"] == ["a_moses"] and ca_left(p0(s)) == 0
    s = play(s, {"type": "end"})
    assert GAME.to_move(s) == [1] and s.data["row"][0] is None          # not refilled (L532)
    s = play(s, {"type": "take", "slot": 1})
    p1 = s.data["players"][1]
    assert p1["wonder"] == {"id": "a_colossus", "built": 0} and p1["civil_hand"] == []
    s = play(s, {"type": "take", "slot": 2})
    p1 = s.data["players"][1]
    assert p1["civil_hand"] == ["a_engineering_genius"] and ca_left(p1) == 0
    s = play(s, {"type": "end"})
    alt = play(s, {"type": "take", "slot": 4})                          # Aristotle (1) ...
    assert {"type": "take", "slot": 6} in legal(alt)                    # ... + Library of Alexandria (2)
    s = play(s, {"type": "take", "slot": 5})                            # Hammurabi (2 CA)
    acts = legal(s)
    assert {"type": "take", "slot": 3} not in acts and {"type": "take", "slot": 4} not in acts
    assert ca_left(s.data["players"][2]) == 1


def test_golden_2_round_one_end_of_turn_l472_l514():
    """After round 1: science 1, culture 0; Agriculture and Bronze hold 2 blue each, bank 12; no
    military cards (Age A has no deck, L1793); next turn 4 CA and 2 MA."""
    s = fresh(2)
    s = play(s, {"type": "end"})
    p = p0(s)
    assert p["science"] == 1 and p["culture"] == 0
    assert p["blue_tokens"] == {"a_agriculture": 2, "a_bronze": 2} and p["blue_bank"] == 12
    assert p["military_hand"] == [] and ca_left(p) == 4 and ma_left(p) == 2


def test_golden_3_replenish_sweep_and_end_of_age_a_l542_l576():
    """3 players: the 2 leftmost slots are swept, an empty slot counts (L550); cards slide left in
    order and the row refills (L556-562); the first replenish ends Age A (L570-576)."""
    s = fresh(3)
    cards = [s.data["row"][i] for i in range(13)]
    s = _row(s, [None] + cards[1:])

    def to_round2(d):
        d["round"] = 2
        d["turn"] = 2
    s = edit(s, to_round2)
    s = play(s, {"type": "end"})                                        # player 3 ends round 1
    row = s.data["row"]
    assert row[:11] == cards[2:] and all(row) and s.data["age"] == 1
    assert s.data["civil_deck"] and s.data["military_deck"] and "I" not in s.data["civil_decks"]


def test_golden_4_population_costs_l652_l681():
    """Increase population: 1 CA + 2 food, then 2, then 3 (L661, L677); after two the bank (16)
    needs 1 happy face: with happiness 0 that is 1 discontent (L1638); Moses pays 1 less (L798)."""
    assert [pop_cost(y) for y in (18, 17, 16)] == [2, 2, 3] and pop_cost(0) is None
    assert consumption(16) == 1 and happy_needed(16) == 1

    def food(d):
        d["players"][0]["blue_tokens"]["a_agriculture"] = 7
        d["players"][0]["blue_bank"] = 9
    s = edit(fresh(2, round_=2), food)
    s = play(s, {"type": "pop"})
    assert p0(s)["unused_workers"] == 2 and p0(s)["yellow_bank"] == 17 and tokens.amount(p0(s), "farm") == 5
    s = play(s, {"type": "pop"})
    assert tokens.amount(p0(s), "farm") == 3
    assert happy_needed(p0(s)["yellow_bank"]) - stats(p0(s))["happiness"] == 1
    s = play(s, {"type": "pop"})
    assert tokens.amount(p0(s), "farm") == 0 and ca_left(p0(s)) == 1

    def moses(d):
        d["players"][0]["leader"] = "a_moses"
    s = edit(edit(fresh(2, round_=2), food), moses)
    s = play(s, {"type": "pop"})
    assert tokens.amount(p0(s), "farm") == 6


def test_golden_5_build_costs_and_urban_limit_l693_l753():
    """A mine costs 1 CA + 2 resources; a lab 3 (illegal with 2); Despotism allows 2 labs (L751)
    even with Alchemy, but upgrading one is legal and temples may still be built; each temple
    +1 culture and +1 happy (L739)."""
    def res(n, pool=2):
        def fn(d):
            d["players"][0]["blue_tokens"]["a_bronze"] = n
            d["players"][0]["blue_bank"] = 16 - n
            d["players"][0]["unused_workers"] = pool
        return fn
    s = edit(fresh(2, round_=2), res(2))
    acts = legal(s)
    assert {"type": "build", "card": "a_bronze"} in acts
    assert {"type": "build", "card": "a_philosophy"} not in acts
    after = play(s, {"type": "build", "card": "a_bronze"})
    assert p0(after)["workers"]["a_bronze"] == 3 and p0(after)["blue_bank"] == 16 and ca_left(p0(after)) == 3

    def two_labs(d):
        p = d["players"][0]
        p["workers"]["a_philosophy"] = 2
        p["workers"]["i_alchemy"] = 0
    s = edit(edit(fresh(2, round_=2), res(12, 3)), two_labs)
    acts = legal(s)
    assert {"type": "build", "card": "a_philosophy"} not in acts
    assert {"type": "build", "card": "i_alchemy"} not in acts
    assert {"type": "upgrade", "from": "a_philosophy", "to": "i_alchemy"} in acts
    s = play(s, {"type": "build", "card": "a_religion"})
    assert stats(p0(s))["culture"] == 1 and stats(p0(s))["happiness"] == 1
    s = play(s, {"type": "build", "card": "a_religion"})
    assert stats(p0(s))["culture"] == 2 and stats(p0(s))["happiness"] == 2
    assert {"type": "build", "card": "a_religion"} not in legal(s)


def test_golden_6_leader_replacement_refunds_one_ca_l816_l822():
    def setup(d):
        p = d["players"][0]
        p["leader"] = "a_moses"
        p["leader_ages"] = [0]
        p["blue_tokens"]["a_agriculture"] = 4
        p["blue_bank"] = 12
        d["row"][6] = "i_frederick_barbarossa"
    s = edit(fresh(2, round_=2), setup)
    s = play(s, {"type": "pop"})
    assert tokens.amount(p0(s), "farm") == 3                            # Moses: 1 less
    s = play(s, {"type": "take", "slot": 6})
    assert ca_left(p0(s)) == 1
    s = play(s, {"type": "leader", "card": "i_frederick_barbarossa"})
    assert p0(s)["leader"] == "i_frederick_barbarossa" and ca_left(p0(s)) == 1
    s2 = edit(fresh(2, round_=2), setup)
    s2 = play(play(s2, {"type": "pop"}), {"type": "pop"})
    s2 = play(s2, {"type": "take", "slot": 6})
    assert ca_left(p0(s2)) == 0
    assert not any(a["type"] == "leader" for a in legal(s2))


def test_golden_7_pyramids_completion_gives_a_ca_at_once_l836_l881():
    def setup(d):
        p = d["players"][0]
        p["wonder"] = {"id": "a_pyramids", "built": 2, "tokens": 2}
        p["blue_bank"] = 13
        p["blue_tokens"]["a_bronze"] = 1
        p["ca_used"] = 3
    s = edit(fresh(2, round_=2), setup)
    s = play(s, {"type": "stage", "n": 1})
    p = p0(s)
    assert p["wonders"] == ["a_pyramids"] and p["wonder"] is None
    assert p["blue_bank"] == 16 and p["ca_total"] == 5 and ca_left(p) == 1


def test_golden_10_upgrade_cost_differences_l1073_l1151():
    from pygame_core.games.through_the_ages.economy import build_cost, upgrade_cost
    p = fresh(2).data["players"][0]
    assert upgrade_cost(p, "a_agriculture", "ii_selective_breeding") == 4
    assert upgrade_cost(p, "a_bronze", "i_iron") == 3 and upgrade_cost(p, "i_iron", "ii_coal") == 3
    assert upgrade_cost(p, "a_bronze", "ii_coal") == 6 and build_cost(p, "ii_coal") == 8
    assert upgrade_cost(p, "a_philosophy", "i_alchemy") == 3
    assert upgrade_cost(p, "a_philosophy", "ii_scientific_method") == 5
    assert upgrade_cost(p, "i_alchemy", "ii_scientific_method") == 2
    assert upgrade_cost(p, "i_bread_and_circuses", "ii_team_sports") == 2
    p["specials"] = ["i_masonry"]
    assert build_cost(p, "i_alchemy") == 5 and build_cost(p, "a_philosophy") == 3
    assert upgrade_cost(p, "a_philosophy", "i_alchemy") == 2
    assert upgrade_cost(p, "i_alchemy", "ii_scientific_method") == 2


def _p(blue, bank=10):
    p = fresh(2).data["players"][0]
    p["blue_tokens"] = dict(blue)
    p["blue_bank"] = bank
    return p


def test_golden_11_change_making_l1094_l1116():
    p = _p({"a_agriculture": 0, "i_irrigation": 2, "a_bronze": 0})
    tokens.pay(p, "farm", 1)
    assert p["blue_tokens"]["i_irrigation"] == 1 and p["blue_tokens"]["a_agriculture"] == 1
    assert p["blue_bank"] == 10
    assert tokens.amount(p, "farm") == 3
    p = _p({"a_bronze": 0, "ii_coal": 1, "a_agriculture": 0})
    tokens.pay(p, "mine", 1)
    assert p["blue_tokens"]["a_bronze"] == 2 and p["blue_tokens"]["ii_coal"] == 0 and p["blue_bank"] == 9
    p = _p({"a_bronze": 0, "ii_coal": 2, "a_agriculture": 0})
    tokens.pay(p, "mine", 4)
    assert p["blue_tokens"]["a_bronze"] == 2 and p["blue_tokens"]["ii_coal"] == 0
    p = _p({"a_agriculture": 2, "i_irrigation": 0, "a_bronze": 0})   # never upward (L1112-1116)
    tokens.gain(p, "farm", 0)
    assert p["blue_tokens"] == {"a_agriculture": 2, "i_irrigation": 0, "a_bronze": 0}


def test_golden_12_production_with_mixed_levels_l1086_l1088():
    p = _p({"a_bronze": 0, "i_iron": 0, "a_agriculture": 0})
    p["workers"]["i_iron"] = 2
    p["workers"]["a_bronze"] = 1
    tokens.produce(p, "mine")
    assert tokens.amount(p, "mine") == 5 and p["blue_bank"] == 7


def test_golden_13_uprising_skips_production_only_l1660_l1704():
    def setup(d):
        p = d["players"][0]
        p["yellow_bank"] = 10
        p["workers"]["a_religion"] = 1
        p["unused_workers"] = 1
    s = edit(fresh(2, round_=2), setup)
    p = p0(s)
    assert happy_needed(10) == 3 and stats(p)["happiness"] == 1
    before = (p["science"], p["blue_bank"])
    s = play(s, {"type": "end"})
    assert (p0(s)["science"], p0(s)["blue_bank"]) == before                     # no production
    assert ca_left(p0(s)) == 4                                           # reset still happens


def test_golden_14_corruption_and_consumption_l1720_l1758():
    assert [corruption(b) for b in (16, 11, 10, 6, 5, 1, 0)] == [0, 0, 2, 2, 4, 4, 6]

    def setup(d):
        p = d["players"][0]
        p["blue_bank"] = 5 - 0
        p["blue_tokens"] = {"a_agriculture": 5, "a_bronze": 1}
        p["workers"]["a_agriculture"] = 0
        p["workers"]["a_bronze"] = 0
        p["yellow_bank"] = 8                                                   # consumption 3
        p["unused_workers"] = 5                                                     # no uprising
    s = edit(fresh(2, round_=2), setup)
    s = play(s, {"type": "end"})
    p = p0(s)
    # corruption 4: 1 resource, then 3 food; 2 food left; consumption 3: 1 short = -4 culture
    assert tokens.amount(p, "mine") == 0 and tokens.amount(p, "farm") == 0
    assert p["culture"] == 0


def test_revolution_spends_all_cas_and_needs_none_spent_l1022_l1042():
    """Golden 9: revolution to Monarchy for 2 science: 5 white with none available, 3 red all
    available; illegal after spending a CA."""
    def setup(d):
        p = d["players"][0]
        p["civil_hand"] = ["i_monarchy"]
        p["science"] = 2
    s = edit(fresh(2, round_=2), setup)
    assert {"type": "revolution", "card": "i_monarchy"} in legal(s)
    r = play(s, {"type": "revolution", "card": "i_monarchy"})
    p = p0(r)
    assert p["government"] == "i_monarchy" and p["science"] == 0
    assert (p["ca_total"], ca_left(p), p["ma_total"], ma_left(p)) == (5, 0, 3, 3)
    spent = play(s, {"type": "destroy", "card": "a_philosophy"})          # 1 CA spent
    assert not any(a["type"] == "revolution" for a in legal(spent))


def test_peaceful_change_to_theocracy_l1016():
    """Golden 8: 6 science and 1 CA; the new red token is usable at once; +1 culture, strength,
    happiness; urban limit 3."""
    def setup(d):
        p = d["players"][0]
        p["civil_hand"] = ["i_theocracy"]
        p["science"] = 6
    s = play(edit(fresh(2, round_=2), setup), {"type": "develop", "card": "i_theocracy"})
    p = p0(s)
    r = stats(p)
    assert p["science"] == 0 and ca_left(p) == 3 and ma_left(p) == 3
    assert (r["culture"], r["strength"], r["happiness"], r["urban_limit"]) == (1, 2, 1, 3)


def test_illegal_actions_raise_and_change_nothing():
    s = fresh(2, round_=2)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "build", "card": "ii_coal"})
    with pytest.raises(IllegalAction):
        GAME.apply(s, 1, {"type": "end"})
