"""A wonder taken from the card row goes straight into play unfinished (L416-418); its stages are then
built one at a time, each with tokens from the blue bank (L842). Every view shows a wonder just taken
with nothing built and no token on it. (Found by a surviving mutant of scripts/mutate.py, seed 17:
views.py showing one token on a wonder that had none.)"""

from __future__ import annotations

from tta_helpers import edit, fresh

from pygame_core.games.through_the_ages import GAME


def test_a_wonder_just_taken_shows_nothing_built_and_no_tokens_l416_l842():
    s = edit(fresh(2, round_=2), lambda d: d["players"][0].update(wonder={"id": "a_colossus", "built": 0}))
    for viewer in (0, 1, None):
        w = GAME.view(s, viewer)["civs"][0]["wonder"]
        assert (w["card"]["id"], w["built"], w["tokens"]) == ("a_colossus", 0, 0)
