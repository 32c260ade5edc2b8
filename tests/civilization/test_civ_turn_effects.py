"""Start of Turn effects (L507, L531): every seat in turn order, the first player included, resolves its
start-of-turn wonder abilities when its own Start of Turn begins."""

from __future__ import annotations

from typing import Any

from civ_helpers import after_setup, edit, play
from test_civ_rules import ctx_of

from pygame_core.games.civilization import GAME, flow

Data = dict[str, Any]


def _all_with_colossus(players: int) -> Data:
    s = after_setup(players=players)
    d = s.data
    for p in d["p"]:
        p["wonders"] = ["colossus"]  # +3 trade at the start of its owner's turn
        p["trade"] = 0
    d["items"] = {k: v for k, v in d["items"].items() if v["k"] != "w"}
    return d


def test_first_player_gets_start_of_turn_wonder_gains_L507():
    """L507: the new first player resolves its start-of-turn actions (wonders) first."""
    d = _all_with_colossus(3)
    flow.start_turn(ctx_of(d))
    first = d["order"][0]
    assert d["phase"] == "start" and d["i"] == 0
    assert d["p"][first]["trade"] == 3
    assert [d["p"][s]["trade"] for s in d["order"][1:]] == [0, 0]  # not yet their turn (L531)


def test_every_seat_gets_its_gains_in_turn_order_L531():
    """L531: each seat's Start of Turn follows the previous one clockwise; each gets its gain once."""
    d = _all_with_colossus(3)
    flow.start_turn(ctx_of(d))
    s = after_setup(players=3)
    s = edit(s, lambda x: (x.clear(), x.update(d)))
    seen = []
    for seat in list(d["order"]):
        assert GAME.to_move(s) == [seat]
        seen.append([s.data["p"][q]["trade"] for q in d["order"]])
        s = play(s, seat, {"type": "end_start"})
    assert seen == [[3, 0, 0], [3, 3, 0], [3, 3, 3]]
    assert s.data["phase"] != "start"
