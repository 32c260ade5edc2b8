"""A seat's own step (where an executed card goes, L662; which location a card destroys, L254) is shown
to that seat with its choices; another seat sees only whose step it is and the card. (Found by a
surviving mutant of scripts/mutate.py, second sample: views.py giving the choices to the wrong
viewer.)"""

from __future__ import annotations

from ee_helpers import legal, play

from pygame_core.games.empires_end import GAME


def test_the_seat_placing_a_card_sees_its_choices_others_do_not_L662():
    s = GAME.new_game(2, 1, {"mode": "quick"})
    s = play(s, 0, {"type": "execute", "cards": ["plague-09", "barbarians-07"]})
    mine = GAME.view(s, 0)["pending"]
    assert (mine["kind"], mine["seat"], mine["card"]["id"]) == ("place", 0, "plague-09")
    assert mine["options"] == [a["loc"] for a in legal(s, 0)] and len(mine["options"]) > 1
    theirs = GAME.view(s, 1)["pending"]
    assert (theirs["kind"], theirs["seat"], theirs["card"]["id"]) == ("place", 0, "plague-09")
    assert "options" not in theirs
