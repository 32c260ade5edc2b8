"""The phase of the current turn, as the view shows it. The first round is a preparation round with
no political phase: players only take cards from the card row (L331, L359); from the second round a
turn starts with the political phase (L1324, L1330), which ends when the player acts. (Found by a
surviving mutant of scripts/mutate.py: views.py showing a political phase in round 1.)"""

from __future__ import annotations

from tta_helpers import fresh, legal, play

from pygame_core.games.through_the_ages import GAME


def test_the_first_round_has_no_political_phase_l331():
    for mode in ("simple", "full"):
        s = fresh(2, mode, round_=1)
        assert s.data["round"] == 1
        for viewer in (0, 1, None):
            assert GAME.view(s, viewer)["phase"]["kind"] == "action", (mode, viewer)


def test_from_the_second_round_a_turn_starts_in_the_political_phase_l1330():
    s = fresh(2, "full", round_=2)
    assert [GAME.view(s, v)["phase"]["kind"] for v in (0, 1, None)] == ["political"] * 3
    take = next(a for a in legal(s) if a["type"] == "take")
    s = play(s, take)
    assert GAME.view(s, 1)["phase"]["kind"] == "action"
