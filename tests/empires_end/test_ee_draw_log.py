"""The opening hand (L98): each player draws 4 cards in secret. The drawing seat's own log line names
them, in each language with that language's list separator; the others read only how many were drawn.
(Found by a surviving mutant of scripts/mutate.py on the merged main: model.py's separator choice.)"""

from __future__ import annotations

from ee_helpers import fresh

from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.data import CARD_NAME


def test_the_drawing_seat_reads_its_cards_named_the_others_a_count_L98():
    s = fresh(2)
    hand = s.data["seats"][0]["hand"]
    assert len(hand) == 4
    mine = [e["text"] for e in GAME.view(s, 0)["log"] if e["text"]["en"].startswith("You draw: ")]
    assert mine == [{
        "en": "You draw: " + ", ".join(CARD_NAME[c]["en"] for c in hand),
        "zh-Hant": "你摸取：" + "、".join(CARD_NAME[c]["zh-Hant"] for c in hand),
        "zh-Hans": "你摸取：" + "、".join(CARD_NAME[c]["zh-Hans"] for c in hand),
    }]
    theirs = [e["text"]["en"] for e in GAME.view(s, 1)["log"]]
    assert "Player 1 draws 4 card(s)." in theirs
    assert not any(CARD_NAME[c]["en"] in line for c in hand for line in theirs if "Player 1" in line)
