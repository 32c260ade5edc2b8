"""Repair (L363-365): pay the repair cost printed on the destroyed location in hammers and/or coins,
then flip it intact. A player holding exactly the cost may repair; one short of it may not. (Found
by a surviving mutant of scripts/mutate.py, second sample: industry.py refused a repair that took
every hammer and coin the player had.)"""

from __future__ import annotations

from ee_helpers import edit, fresh, legal, play, res, set_phase

from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.data import LOCS

CITY = 1


def _city_destroyed(**resources: int):
    def fn(d):
        set_phase(d, "industry")
        d["seats"][0]["locations"][CITY - 1]["intact"] = False
        d["seats"][0]["resources"] = res(**resources)
    return edit(fresh(2), fn)


def test_exactly_the_repair_cost_in_hammers_and_coins_is_enough_L365():
    cost = int(LOCS["city"]["repair"])
    assert cost == 5
    s = _city_destroyed(hammer=3, coin=2)
    assert {"type": "repair", "loc": CITY} in legal(s, 0)
    s = play(s, 0, {"type": "repair", "loc": CITY})
    assert s.data["seats"][0]["locations"][CITY - 1]["intact"]
    assert s.data["seats"][0]["resources"] == res()
    assert GAME.view(s, 1)["empires"][0]["locations"][CITY - 1]["intact"] is True


def test_one_short_of_the_repair_cost_is_not_enough_L365():
    s = _city_destroyed(hammer=3, coin=1, wheat=4)
    assert not [a for a in legal(s, 0) if a["type"] == "repair"]
