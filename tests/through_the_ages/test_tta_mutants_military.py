"""Military rules that mutants of the rule code (scripts/mutate.py) showed no test checked: an air
force doubles the fresh army first, Genghis Khan's best split with a single converted infantry, and
Infiltrate's culture per level of what it removed."""

from __future__ import annotations

from tta_helpers import edit, fresh, legal, p0, play

from pygame_core.games.through_the_ages.ratings import tactic_strength


def test_air_force_doubles_the_fresh_army_before_an_obsolete_one_l1959_l1975():
    """Classic Army (P1: 2 infantry + 2 cavalry, 8, obsolete 4). Swordsmen+Knights form a fresh army,
    Warriors+Knights an obsolete one (a unit two levels below the tactic, L1959-1975); one air force
    doubles one army, the fresh one: 8*2 + 4 = 20."""
    def setup(d):
        d["players"][0]["workers"].update(i_swordsmen=2, a_warriors=2, i_knights=4, iii_air_forces=1)
        d["players"][0]["tactic"] = "ii_classic_army"
    s = edit(fresh(2, round_=2), setup)
    assert tactic_strength(p0(s)) == 8 * 2 + 4
    s = edit(s, lambda d: d["players"][0]["workers"].update(iii_air_forces=2))
    assert tactic_strength(p0(s)) == 8 * 2 + 4 * 2


def test_genghis_khan_may_convert_a_single_infantry():
    """Medieval Army (P1: 1 infantry + 1 cavalry, 2): two Warriors form no army; under Genghis Khan
    one of them stands in for the cavalry, so one army."""
    def setup(d):
        d["players"][0]["workers"]["a_warriors"] = 2
        d["players"][0]["tactic"] = "i_medieval_army"
    s = edit(fresh(2, round_=2), setup)
    assert tactic_strength(p0(s)) == 0
    s = edit(s, lambda d: d["players"][0].update(leader="i_genghis_khan"))
    assert tactic_strength(p0(s)) == 2


def test_infiltrate_scores_three_culture_per_level_of_the_removed_leader():
    """Infiltrate (P1): the target's leader or unfinished wonder, the aggressor's choice, is removed;
    the aggressor scores 3 culture per its level."""
    def setup(d):
        d["age"] = 2
        d["players"][0]["military_hand"] = ["ii_infiltrate"]
        d["players"][0]["workers"]["a_warriors"] = 5
        d["players"][0]["culture"] = 0
        d["players"][1]["leader"] = "i_genghis_khan"
    s = edit(fresh(2, "full", round_=2), setup)
    s = play(s, {"type": "aggress", "card": "ii_infiltrate", "target": 1})
    s = play(s, {"type": "done"}, 1)
    if {"type": "lose", "card": "i_genghis_khan"} in legal(s, 0):
        s = play(s, {"type": "lose", "card": "i_genghis_khan"}, 0)
    assert s.data["players"][1]["leader"] is None
    assert p0(s)["culture"] == 3 * 1
