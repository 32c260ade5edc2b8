"""An event played into the future events is face down, so only the player who played it knows it
(L1338, L1345): its view names the card, every other view shows only the owner and the age, and it is
among the owner's secrets. (Found by surviving mutants of scripts/mutate.py, seed 17: views.py and
game.py's secret tokens swapping the owner and the others.)"""

from __future__ import annotations

from tta_helpers import edit, fresh

from pygame_core.games.through_the_ages import GAME


def test_only_the_owner_of_a_future_event_sees_it_l1338():
    s = edit(fresh(2, "full", round_=2), lambda d: d.update(future_events=[["i_rats", 0]]))
    mine = GAME.view(s, 0)["future_events"]
    theirs = GAME.view(s, 1)["future_events"]
    assert [(x["owner"], x["card"]["id"]) for x in mine] == [(0, "i_rats")]
    assert [(x["owner"], x["card"]) for x in theirs] == [(0, None)]
    assert "i_rats" in GAME.secret_tokens(s, 0) and "i_rats" not in GAME.secret_tokens(s, 1)
