"""The final score's breakdown (L2243-2247: the short game scores its Age II wonders and its Age III
events at the end): each part is what that step of the final scoring added, and the culture of the
game itself is what the player had before it. (Found by a surviving mutant of scripts/mutate.py:
scoring.py's Age III part added the culture before the events instead of taking it away; the total
stayed right, the breakdown did not.)"""

from __future__ import annotations

from tta_helpers import edit, fresh, play

from pygame_core.games.through_the_ages import GAME


def test_the_breakdown_shows_what_the_age_iii_events_added_l2246():
    """Impact of Colonies, face up (L2246): 3 culture per colony; seat 0 has one, seat 1 none."""
    def setup(d):
        d["age"] = 2
        d["civil_deck"] = ""
        d["last_round"] = d["round"]
        d["age_iii_open"] = ["iii_impact_of_colonies"]
        d["age_iii_held"] = [[], []]
        d["age_iii_discarded"] = []
        for p in d["players"]:
            p["culture"] = 10
        d["players"][0]["colonies"] = ["i_historic_territory"]
    s = edit(fresh(2, "full", round_=2, short=True), setup)
    while not GAME.is_over(s):
        s = play(s, {"type": "end"})
    sc = GAME.scores(s)
    for seat, events in ((0, 3), (1, 0)):
        parts = sc["breakdown"][seat]
        assert parts["age_iii_events"] == events
        assert parts["age_ii_wonders"] == 0
        assert parts["culture_during_game"] == sc["totals"][seat] - events >= 10
        assert sum(parts.values()) == sc["totals"][seat] == s.data["players"][seat]["culture"]
