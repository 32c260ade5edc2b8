"""The quick game's one redraw (L661: each player may once discard the 4 cards and draw 4 new ones,
then must execute 2 of the new ones). Once a player has executed its 2 cards the redraw is gone, and
every view says so, whether or not it was taken. (Found by a surviving mutant of scripts/mutate.py:
quick.py left the redraw shown as still unused after the execution.)"""

from __future__ import annotations

from ee_helpers import legal, play

from pygame_core.games.empires_end import GAME


def test_the_redraw_is_gone_once_the_cards_are_executed_L661_L662():
    s = GAME.new_game(2, 1, {"mode": "quick"})
    assert [GAME.view(s, v)["empires"][0]["mulligan_used"] for v in (0, 1, None)] == [False] * 3
    assert {"type": "mulligan"} in legal(s, 0)
    s = play(s, 0, {"type": "execute", "cards": ["plague-09", "barbarians-07"]})
    assert {"type": "mulligan"} not in legal(s, 0)
    assert [GAME.view(s, v)["empires"][0]["mulligan_used"] for v in (0, 1, None)] == [True] * 3
    assert GAME.view(s, 1)["empires"][1]["mulligan_used"] is False  # the other seat still has its own


def test_after_a_redraw_the_seat_must_execute_from_the_new_hand_L661():
    s = GAME.new_game(2, 1, {"mode": "quick"})
    s = play(s, 0, {"type": "mulligan"})
    assert GAME.view(s, 0)["empires"][0]["mulligan_used"] is True
    acts = legal(s, 0)
    assert {a["type"] for a in acts} == {"execute"}
    assert len(acts) == 6  # 2 of the 4 new cards: 6 pairs
