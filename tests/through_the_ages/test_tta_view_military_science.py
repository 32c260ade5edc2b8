"""Winston Churchill's science for military technologies only (P1 card text) is kept apart from the
science pool, and every view shows it: nothing before the leader gives any. (Found by a surviving
mutant of scripts/mutate.py: views.py showing 1 such science for a civilization that never had any.)"""

from __future__ import annotations

from tta_helpers import edit, fresh

from pygame_core.games.through_the_ages import GAME


def test_the_view_shows_no_military_science_until_churchill_gives_some():
    s = fresh(2, "full", round_=2)
    assert "military_science" not in s.data["players"][0]
    for viewer in (0, 1, None):
        assert [c["military_science"] for c in GAME.view(s, viewer)["civs"]] == [0, 0]
    s = edit(s, lambda d: d["players"][0].update(leader="iii_winston_churchill", military_science=3))
    assert [c["military_science"] for c in GAME.view(s, 1)["civs"]] == [3, 0]
