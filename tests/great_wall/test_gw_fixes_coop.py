"""Co-op keeps the screens (seed L895: the normal setup but for the changes listed; L164-166: resources
are secret; L948: the command cards are still chosen in secret): the seat that completes the Emperor's
Requests for the table (L915, L985) must not learn another seat's resources from its options.

It used to be offered only the Requests the table could pay, each with only the seats that could pay,
which told it what the other seats held behind their screens.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygame_core.games.great_wall import coop, heuristic
from pygame_core.kernel.state import State
from tests.great_wall.helpers import answer, ctx_for, game, kinds, legal, run, waiting
from tests.great_wall.test_modes_coop import board, set_requests, start

Data = dict[str, Any]
STONE = "stone_capital"  # one seat discards 2 Stone (data/coop_requests.json)


def _need(rid: str) -> int:
    return int(coop.REQUESTS[rid]["need"][0]["n"])


def _stone(g: Data, *have: int) -> None:
    for s, n in enumerate(have):
        g["players"][s]["res"]["stone"] = n


def _asking(g: Data) -> Data:
    """``g`` (a copy) with Winter's Request step run up to the table's decision, if any."""
    g = copy.deepcopy(g)
    run(ctx_for(g), {"do": "coop_requests"})
    return g


def _seats(ctx: Any) -> list[int]:
    d = waiting(ctx)
    assert d is not None
    return list(d["seats"])


def _state(g: Data) -> State:
    s = start()
    return State(s.game, s.players, s.seed, s.options, g, s.rng)


def test_another_seats_hidden_stone_changes_neither_the_table_seats_options_nor_its_view_L164_L915() -> None:
    """L164-166, L895, L915: seat 0 answers for the table; whether seat 1 and seat 2 hold the Stone a
    Request asks changes neither seat 0's legal actions nor its view."""
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, STONE)
    rich, poor = copy.deepcopy(g), copy.deepcopy(g)
    _stone(rich, 0, _need(STONE) + 3, _need(STONE))
    _stone(poor, 0, 0, 1)
    a, b = _state(_asking(rich)), _state(_asking(poor))
    gm = game()
    assert gm.to_move(a) == gm.to_move(b) == [0]
    assert gm.legal_actions(a, 0) == gm.legal_actions(b, 0) == [
        {"type": "request", "card": STONE, "payer": 1}, {"type": "request", "card": STONE, "payer": 2},
        {"type": "stop"}]
    assert gm.view(a, 0) == gm.view(b, 0)
    assert [gm.label(a, 0, x, "en") for x in gm.legal_actions(a, 0)] == [
        "Complete Stone for the capital (ask Player 2 to pay)",
        "Complete Stone for the capital (ask Player 3 to pay)", "Done"]


def test_the_table_seat_knows_its_own_stone_L915() -> None:
    """Its own resources are its own to know: it is offered to pay itself only when it can."""
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, STONE)
    _stone(g, _need(STONE), 0, 0)
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    assert {"type": "request", "card": STONE, "payer": 0} in legal(ctx)
    answer(ctx, {"type": "request", "card": STONE, "payer": 0})  # no one else is asked
    assert g["players"][0]["res"]["stone"] == 0 and g["coop"]["done"] == 1
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, STONE)
    _stone(g, _need(STONE) - 1, 0, 0)
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    assert {"type": "request", "card": STONE, "payer": 0} not in legal(ctx)


def test_the_seat_named_pays_for_itself_L915_L917() -> None:
    """L915-917: the seat named answers for its own resources; when it pays, the Request is done."""
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, STONE)
    _stone(g, 0, 0, _need(STONE) + 1)
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    answer(ctx, {"type": "request", "card": STONE, "payer": 2})
    assert kinds(ctx) == ["coop_pay"] and _seats(ctx) == [2]
    assert legal(ctx) == [{"type": "pay", "card": STONE}, {"type": "decline", "card": STONE}]
    assert g["players"][2]["res"]["stone"] == _need(STONE) + 1  # nothing paid before it answers
    answer(ctx, {"type": "pay", "card": STONE})
    assert g["players"][2]["res"]["stone"] == 1 and g["coop"]["done"] == 1
    assert g["coop"]["request_discard"] == [STONE] and waiting(ctx) is None


def test_a_seat_that_cannot_pay_declines_and_is_not_named_again_that_winter_L915() -> None:
    """A seat without the Stone can only decline; nothing is paid, the log says it did not pay, and
    the table seat goes on without that choice (so no one is asked twice): the next seat pays."""
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, STONE)
    _stone(g, 0, 1, _need(STONE))
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    answer(ctx, {"type": "request", "card": STONE, "payer": 1})
    assert legal(ctx) == [{"type": "decline", "card": STONE}]
    answer(ctx, {"type": "decline", "card": STONE})
    assert g["players"][1]["res"]["stone"] == 1 and g["coop"]["done"] == 0
    assert ctx.events[-1]["text"]["en"] == "Player 2 does not pay for Stone for the capital."
    assert kinds(ctx) == ["coop_request"]
    assert legal(ctx) == [{"type": "request", "card": STONE, "payer": 2}, {"type": "stop"}]
    answer(ctx, {"type": "request", "card": STONE, "payer": 2})
    answer(ctx, {"type": "pay", "card": STONE})
    assert g["players"][2]["res"]["stone"] == 0 and g["coop"]["done"] == 1 and waiting(ctx) is None


def test_when_every_seat_named_declines_the_winter_goes_on() -> None:
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, STONE)
    _stone(g, 0, 0, 0)
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    for payer in (1, 2):
        answer(ctx, {"type": "request", "card": STONE, "payer": payer})
        answer(ctx, {"type": "decline", "card": STONE})
    assert waiting(ctx) is None and g["coop"]["done"] == 0 and g["coop"]["requests"] == [STONE]


def test_an_each_resource_payment_asks_every_other_seat_before_anyone_pays_L915(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """L915: a requirement on every player is met by each for itself, together: a resource one asks
    each other seat in turn, and nothing is paid until all have agreed; one "no" and no one pays."""
    req = {**coop.REQUESTS[STONE], "need": [{"op": "discard", "res": "wood", "n": 1, "each": True}]}
    monkeypatch.setitem(coop.REQUESTS, "each_wood", req)
    for refuse in (False, True):
        g = board()
        g["tea"] = [1, 0, 2]
        set_requests(g, "each_wood")
        for p in g["players"]:
            p["res"]["wood"] = 2
        ctx = ctx_for(g)
        run(ctx, {"do": "coop_requests"})
        assert legal(ctx) == [{"type": "request", "card": "each_wood"}, {"type": "stop"}]
        answer(ctx, {"type": "request", "card": "each_wood"})
        assert _seats(ctx) == [0]
        answer(ctx, {"type": "pay", "card": "each_wood"})
        assert _seats(ctx) == [2]
        assert [p["res"]["wood"] for p in g["players"]] == [2, 2, 2]
        answer(ctx, {"type": "decline" if refuse else "pay", "card": "each_wood"})
        assert [p["res"]["wood"] for p in g["players"]] == ([2, 2, 2] if refuse else [1, 1, 1])
        assert g["coop"]["done"] == (0 if refuse else 1) and waiting(ctx) is None


def test_the_heuristic_pays_when_asked_and_it_can() -> None:
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, STONE)
    _stone(g, 0, _need(STONE), 0)
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    answer(ctx, {"type": "request", "card": STONE, "payer": 1})
    assert heuristic.decide(g, 1, legal(ctx)) == {"type": "pay", "card": STONE}
    g["players"][1]["res"]["stone"] = 0
    assert heuristic.decide(g, 1, legal(ctx)) == {"type": "decline", "card": STONE}


def test_the_completed_request_log_line_says_who_paid_L915() -> None:
    """L915: one player pays, or every player for itself ("each"); the log line of a completed
    Request names who paid (issue 18: the table must see whose resources went)."""
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, STONE)
    _stone(g, 0, 0, _need(STONE) + 1)
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    answer(ctx, {"type": "request", "card": STONE, "payer": 2})
    answer(ctx, {"type": "pay", "card": STONE})
    texts = [e["text"] for e in ctx.events if "text" in e]
    done = [x for x in texts if x["en"].startswith("Emperor's Request completed")]
    assert [x["en"] for x in done] == [
        "Emperor's Request completed: Stone for the capital (1 of 7); Player 3 paid."]
    assert "玩家3" in done[0]["zh-Hant"] and "支付" in done[0]["zh-Hant"]
    assert "玩家3" in done[0]["zh-Hans"]
    g = board()
    g["tea"] = [0, 1, 2]
    set_requests(g, "glory_emperor")
    need = int(coop.REQUESTS["glory_emperor"]["need"][0]["n"])
    for p in g["players"]:
        p["honor"] = need
    ctx = ctx_for(g)
    run(ctx, {"do": "coop_requests"})
    answer(ctx, {"type": "request", "card": "glory_emperor"})
    while waiting(ctx) is not None and kinds(ctx) == ["coop_pay"]:
        answer(ctx, legal(ctx)[0])
    done = [e["text"]["en"] for e in ctx.events if "text" in e
            and e["text"]["en"].startswith("Emperor's Request completed")]
    assert done == [
        "Emperor's Request completed: Glory belongs to the Emperor (1 of 7); every player paid their part."]
