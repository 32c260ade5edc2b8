"""A sealed conflict bid (L457: everyone bids at once, in secret; the bid is held in the fist, ruling
A22). Another seat knows how many resources a bidder has in all (screen plus fist), not how they
split: re-dealing what it cannot see (``redetermine``) must allow every split, from nothing bid to
everything bid. (Found by a surviving mutant of scripts/mutate.py: hidden.py's split never put the
whole total in the fist, and failed for a seat with nothing at all.)"""

from __future__ import annotations

from ee_helpers import edit, fresh, play, res, set_conflict

from pygame_core.games.empires_end import GAME


def _bid(resources: dict[str, int], axe: int, coin: int):
    def fn(d):
        set_conflict(d, "conflict-01")
        d["seats"][1]["resources"] = resources
    return play(edit(fresh(2), fn), 1, {"type": "bid", "axe": axe, "coin": coin})


def _worlds(s, n=24):
    for k in range(n):
        d = GAME.redetermine(s, 0, k).data
        bid = d["decisions"][0]["answers"]["1"]
        yield bid["axe"] + bid["coin"], sum(d["seats"][1]["resources"].values())


def test_a_seat_with_nothing_bids_nothing_in_every_world_L457():
    s = _bid(res(), 0, 0)
    assert set(_worlds(s, 4)) == {(0, 0)}


def test_every_split_of_a_bidders_total_is_possible_L457():
    s = _bid(res(axe=1, coin=1), 1, 1)
    splits = set(_worlds(s))
    assert all(fist + screen == 2 for fist, screen in splits)
    assert {fist for fist, _screen in splits} == {0, 1, 2}
