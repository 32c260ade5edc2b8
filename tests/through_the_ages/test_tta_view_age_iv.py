"""The last age, Age IV (L1946: the last age of the full game), is named as such in the view and in
the game's one-line summary. (Found by surviving mutants of scripts/mutate.py, seed 17: views.py
capping the age at III.)"""

from __future__ import annotations

from tta_helpers import edit, fresh

from pygame_core.games.through_the_ages import GAME


def test_the_view_and_summary_name_age_iv():
    s = edit(fresh(2, "full", round_=2), lambda d: d.update(age=4))
    assert GAME.view(s, 0)["age"] == "IV"
    assert GAME.summary(s, "en")["text"] == "Age IV · round 2"
