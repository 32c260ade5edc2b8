"""The browser door (pygame_core.webapi): JSON in, JSON out, nothing hidden leaks through it."""

from __future__ import annotations

import json
from typing import Any

from pygame_core import webapi


def call(method: str, **args: Any) -> Any:
    reply = json.loads(webapi.call(method, json.dumps(args)))
    assert reply["ok"], reply
    return reply["result"]


def test_a_bots_sealed_bid_reaches_another_viewer_only_as_the_redacted_log_line() -> None:
    """Seed L457: bids stay secret until all are revealed. A human watching a bot bid in
    Conflict must learn that it bid, not how much, from the reply's ``played`` entry."""
    r = call("new", sid="bid", game="empires_end", players=2, seed=7, seat=0)
    for _ in range(2000):
        v = r["view"]
        if v["phase"]["kind"] == "conflict" and v["to_move"] == [0, 1] and not any(
                e["bid_committed"] for e in v["empires"]):
            break
        r = call("bot", sid="bid", seat=v["to_move"][0], kind="random", view_seat=0)
    else:
        raise AssertionError("no conflict phase reached")
    r = call("bot", sid="bid", seat=1, kind="heuristic", view_seat=0)
    played = r["played"]
    assert played["action"] is None
    assert "sealed bid" in played["label"]
    assert "axe" not in played["label"] and "coin" not in played["label"]
    own = call("bot", sid="bid", seat=0, kind="heuristic", view_seat=0)["played"]
    assert own["action"]["type"] == "bid" and own["label"]


def test_unknown_method_and_bad_json_are_clear_errors() -> None:
    bad = json.loads(webapi.call("nope", "{}"))
    assert not bad["ok"] and "unknown method" in bad["error"]["message"]
    assert not json.loads(webapi.call("view", "{not json"))["ok"]


def test_hostile_arguments_get_an_error_reply_never_an_exception() -> None:
    """``call`` never raises: deeply nested JSON, a save nested too deeply, a meta the save could
    not hold, a seat that is not a number."""
    call("new", sid="h", game="empires_end", players=2, seed=1)
    for method, raw, kind in [
        ("view", "[" * 100_000, "request"),
        ("view", '{"sid": "h", "x": ' + "[" * 100_000 + "}", "request"),
        ("load", json.dumps({"sid": "h2", "text": "[" * 100_000}), "save"),
        ("new", json.dumps({"sid": "h3", "game": "empires_end", "meta": [1]}), "option"),
        ("view", json.dumps({"sid": "h", "seat": "0"}), "illegal"),
        ("view", json.dumps({"sid": "h", "seat": True}), "illegal"),
        ("new", json.dumps({"sid": "h4", "game": ["empires_end"]}), "option"),
    ]:
        reply = json.loads(webapi.call(method, raw))
        assert not reply["ok"] and reply["error"]["kind"] == kind, (method, raw[:40], reply)
