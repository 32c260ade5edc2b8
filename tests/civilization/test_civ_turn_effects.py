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


def test_code_of_laws_pays_a_coin_once_per_turn_for_won_battles_L1038():
    """L1038: Code of Laws gives a coin for a task, winning a battle; once per turn, max 4 (public tech
    sheet S3, the source of the tech data)."""
    from pygame_core.games.civilization import combat

    d = after_setup().data
    d["p"][0]["techs"]["code_of_laws"] = 1
    ctx = ctx_of(d)
    combat.win_without_battle(ctx, 0, 1)
    d["decisions"] = []
    combat.win_without_battle(ctx, 0, 1)
    d["decisions"] = []
    assert d["p"][0]["coin_tokens"] == {"code_of_laws": 1}
    for _ in range(5):  # a new turn each time (used abilities are cleared, L1012)
        d["p"][0]["used"] = []
        combat.win_without_battle(ctx, 0, 1)
        d["decisions"] = []
    assert d["p"][0]["coin_tokens"] == {"code_of_laws": 4}


def test_two_scouts_on_one_square_send_its_contents_once_L1235():
    """L1235: a scout sends everything on its square to one city; a second scout on the same square
    cannot send the same contents to another city (no double count of coins, A56/A57)."""
    from civ_helpers import bare, flat_map, square
    from test_civ_rules import turn_of

    from pygame_core.games.civilization import model, start

    d = after_setup().data
    bare(d)
    flat_map(d, "mountain", coin=1)
    turn_of(d, "start")
    d["cities"] = [
        {"o": 0, "sq": square(d, 2, 2), "cap": True, "wall": False},
        {"o": 0, "sq": square(d, 2, 6), "cap": False, "wall": False},
    ]
    sq = square(d, 6, 4)
    a, b = model.new_fig(d, 0, "scout", sq), model.new_fig(d, 0, "scout", sq)
    before = model.coins(d, 0)
    start.start_apply(ctx_of(d), 0, {"type": "gather", "fig": a, "city": 0})
    assert model.coins(d, 0) == before + 1
    assert not [x for x in start.start_legal(d, 0) if x["type"] == "gather" and x["fig"] == b]
