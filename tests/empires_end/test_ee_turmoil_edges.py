"""Turmoil (L459, L466): a conflict's loser swaps its rank-th highest-valued intact location with the
card's target position. When that location already stands there, nothing moves and no turmoil is
told; a loser with fewer intact locations than the rank has nothing to swap. (Found by a surviving
mutant of scripts/mutate.py on the merged main: conflict.py's `and` of those two conditions.)"""

from __future__ import annotations

from ee_helpers import edit, fresh, play, res, set_conflict

from pygame_core.games.empires_end.data import CONFLICTS
from pygame_core.games.empires_end.empire import ranked_intact

CARD = "conflict-01"  # turmoil: the highest intact location to position 11
LOSER, WINNER = 0, 1


def _conflict(fn) -> tuple:
    def setup(d):
        set_conflict(d, CARD)
        d["seats"][WINNER]["resources"] = res(axe=6)
        fn(d["seats"][LOSER])
    s = edit(fresh(2), setup)
    before = [x["id"] for x in s.data["seats"][LOSER]["locations"]]
    s = play(s, LOSER, {"type": "bid", "axe": 0, "coin": 0})
    s = play(s, WINNER, {"type": "bid", "axe": 6, "coin": 0})
    return s, before


def _turmoil_lines(s) -> list:
    return [e for e in s.log if "turmoil" in str(e)]


def test_the_location_already_at_the_target_does_not_move_L459():
    tm = CONFLICTS[CARD]["turmoil"]
    assert tm == {"rank": 1, "to": 11}

    def put_best_at_target(p):
        a = ranked_intact(p["locations"], tm["rank"])
        locs = p["locations"]
        locs[a - 1], locs[tm["to"] - 1] = locs[tm["to"] - 1], locs[a - 1]
        assert ranked_intact(locs, tm["rank"]) == tm["to"]
    s, before = _conflict(put_best_at_target)
    assert [x["id"] for x in s.data["seats"][LOSER]["locations"]] == before
    assert not _turmoil_lines(s)


def test_a_loser_with_no_intact_location_has_nothing_to_swap_L459():
    def ruin(p):
        for x in p["locations"]:
            x["intact"] = False
    s, before = _conflict(ruin)
    assert [x["id"] for x in s.data["seats"][LOSER]["locations"]] == before
    assert not _turmoil_lines(s)
