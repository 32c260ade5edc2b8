"""Every empire is a row of 11 locations in numbered positions; a disaster names the position it
destroys (L230-231) and swaps move locations to new positions (L389, L403). The view numbers each
location by its position, so the table and the disaster's target agree. (Found by a surviving mutant
of scripts/mutate.py: views.py numbering the locations from -1.)"""

from __future__ import annotations

from ee_helpers import ORDER, edit, fresh, set_disaster

from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.empire import swap


def test_the_view_numbers_the_locations_by_position_L230_L231():
    s = edit(fresh(2), lambda d: set_disaster(d, ["fire-05"], 0))
    for viewer in (0, 1, None):
        v = GAME.view(s, viewer)
        locs = v["empires"][0]["locations"]
        assert [(x["pos"], x["id"]) for x in locs] == list(enumerate(ORDER, 1))
        target = v["disasters"][0]["targets"]["0"]
        assert target == 5 and next(x for x in locs if x["pos"] == target)["id"] == ORDER[4]
        assert v["disasters"][0]["hits"]["0"]["en"].startswith("destroys position 5, ")


def test_a_swapped_location_shows_its_new_position_L389_L403():
    def fn(d):
        swap(d["seats"][1]["locations"], 1, 11)
    v = GAME.view(edit(fresh(2), fn), 0)
    locs = {x["id"]: x["pos"] for x in v["empires"][1]["locations"]}
    assert locs[ORDER[0]] == 11 and locs[ORDER[10]] == 1
