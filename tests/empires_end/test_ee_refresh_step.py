"""The refresh step (L469: each refresh icon removes 1 exhaust marker, the player's choice). A step
worth N icons is answered one marker at a time until N are removed (or none is left). No printed
conflict row shows more than one icon, so the step is built here directly with two. (Found by a
surviving mutant of scripts/mutate.py: decisions.py counting one answer as two icons.)"""

from __future__ import annotations

from ee_helpers import edit, fresh, give, legal, play, set_phase

from pygame_core.games.empires_end.decisions import queue, steps_of

CARDS = ("famine-01", "famine-04", "rebellion-05")


def _exhausted_with_refresh(icons: int):
    def fn(d):
        set_phase(d, "economy")
        for pos, card in enumerate(CARDS, 1):
            give(d, 0, pos, card)
            d["seats"][0]["locations"][pos - 1]["innovations"][0]["exhausted"] = True
        queue(d, 0, [{"kind": "refresh", "count": icons}])
    return edit(fresh(2), fn)


def _exhausted(s):
    locs = s.data["seats"][0]["locations"]
    return sorted(y["card"] for x in locs for y in x["innovations"] if y["exhausted"])


def test_two_refresh_icons_remove_two_markers_one_at_a_time_L469():
    s = _exhausted_with_refresh(2)
    assert sorted(a["src"] for a in legal(s, 0)) == ["I:" + c for c in sorted(CARDS)]
    s = play(s, 0, {"type": "refresh", "src": "I:famine-04"})
    assert [x["kind"] for x in steps_of(s.data, 0)] == ["refresh"]  # one icon left
    assert sorted(a["src"] for a in legal(s, 0)) == ["I:famine-01", "I:rebellion-05"]
    s = play(s, 0, {"type": "refresh", "src": "I:rebellion-05"})
    assert steps_of(s.data, 0) == []
    assert _exhausted(s) == ["famine-01"]
    assert {a["type"] for a in legal(s, 0)} <= {"use", "done"}

