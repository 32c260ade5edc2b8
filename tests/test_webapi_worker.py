"""The webapi methods of the page's bot worker (issue 20): "position" on the page's engine, "sync" on the
worker's, and "bot" playing a move the worker chose. The worker's copy must be the page's game exactly,
and the page's engine stays the one that decides what is played."""

from __future__ import annotations

import json
from typing import Any

from pygame_core import webapi


def call(method: str, **args: Any) -> Any:
    reply = json.loads(webapi.call(method, json.dumps(args)))
    assert reply["ok"], reply
    return reply["result"]


def fails(method: str, **args: Any) -> dict[str, Any]:
    reply = json.loads(webapi.call(method, json.dumps(args)))
    assert not reply["ok"], reply
    return reply["error"]


def checksum(sid: str) -> str:
    return json.loads(call("save", sid=sid)["save"])["checksum"]


def played(sid: str, n: int, seat: int = 0) -> dict[str, Any]:
    r = call("view", sid=sid, seat=seat)
    for _ in range(n):
        r = call("bot", sid=sid, seat=r["view"]["to_move"][0], kind="heuristic", view_seat=seat, save=False)
    return r


def sync(sid: str, page: str, whole: bool = False) -> dict[str, Any]:
    pos = call("position", sid=page, whole=whole)
    n = pos.pop("actions_played")
    got = call("sync", sid=sid, **pos)
    assert got["actions_played"] == n
    return got


def test_a_synced_copy_is_the_pages_game_and_follows_moves_and_undos() -> None:
    call("new", sid="page1", game="empires_end", players=3, seed=11, seat=0)
    played("page1", 20)
    sync("wk1", "page1")
    assert checksum("wk1") == checksum("page1")
    held = webapi._sessions["wk1"].state
    sync("wk1", "page1")  # nothing changed: the copy is kept as it is, nothing replayed
    assert webapi._sessions["wk1"].state is held
    played("page1", 3)
    call("undo", sid="page1", view_seat=0)
    sync("wk1", "page1")
    assert checksum("wk1") == checksum("page1")
    assert webapi._sessions["wk1"].state.history[:20] == held.history


def test_a_sync_from_the_whole_save_and_a_new_game_in_the_same_session() -> None:
    call("new", sid="page2", game="empires_end", players=2, seed=5, seat=0)
    played("page2", 30)
    sync("wk2", "page2", whole=True)
    assert checksum("wk2") == checksum("page2")
    call("new", sid="page2", game="empires_end", players=2, seed=6, seat=0)  # another game, same page sid
    played("page2", 4)
    sync("wk2", "page2")
    assert checksum("wk2") == checksum("page2")


def test_a_bad_sync_changes_nothing() -> None:
    call("new", sid="page3", game="empires_end", players=2, seed=2, seat=0)
    played("page3", 5)
    sync("wk3", "page3")
    before = webapi._sessions["wk3"]
    pos = call("position", sid="page3")
    pos.pop("actions_played")
    assert fails("sync", sid="wk3", **{**pos, "actions": "[[0, 1]]"})["kind"] == "option"
    actions = json.loads(pos["actions"])
    actions.append([actions[-1][0], {"type": "no such move"}])
    assert fails("sync", sid="wk3", **{**pos, "actions": json.dumps(actions)})["kind"] == "illegal"
    assert webapi._sessions["wk3"] is before


def test_the_page_plays_the_move_the_worker_chose_with_the_same_reply() -> None:
    """The worker's "bot" chooses (its reply's ``played`` names the action for that seat); the page's
    "bot" with that action plays it: the same position and reply as a choice made on the page."""
    call("new", sid="page4", game="empires_end", players=2, seed=9, seat=0)
    call("new", sid="twin4", game="empires_end", players=2, seed=9, seat=0)
    r = played("page4", 6)
    played("twin4", 6)
    seat = r["view"]["to_move"][0]
    sync("wk4", "page4")
    got = call("bot", sid="wk4", seat=seat, kind="heuristic", view_seat=seat, played_only=True)
    # the worker's reply: the choice alone, and how long choosing took (bench/run.py splits the wait)
    assert sorted(got) == ["played", "think_ms"] and got["think_ms"] >= 0
    chosen = got["played"]
    by_worker = call("bot", sid="page4", seat=seat, kind="heuristic", view_seat=0, action=chosen["action"])
    here = call("bot", sid="twin4", seat=seat, kind="heuristic", view_seat=0)
    assert by_worker["played"] == here["played"]
    assert checksum("page4") == checksum("twin4")
    seat = by_worker["view"]["to_move"][0]
    legal = call("view", sid="page4", seat=seat)["legal"]
    mine = call("bot", sid="page4", seat=seat, kind="heuristic", view_seat=seat)["played"]["action"]
    call("undo", sid="page4", seat=seat, view_seat=seat)
    before = webapi._sessions["page4"]
    bad = fails("bot", sid="page4", seat=seat, kind="heuristic", action={"type": "no such move"})
    assert bad["kind"] == "illegal" and bad["code"] != "not_your_turn"
    assert webapi._sessions["page4"] is before
    other = next(li["action"] for li in legal if li["action"] != mine)  # not what the page's bot would play
    got = call("bot", sid="page4", seat=seat, kind="heuristic", view_seat=seat, action=other)
    assert got["played"]["action"] == other


def test_a_bots_sealed_bid_played_from_the_worker_stays_sealed_for_the_viewer() -> None:
    """Seed L457: bids stay secret until all are revealed; a bid the worker chose reaches another viewer
    as the log's redacted line, as one chosen on the page does."""
    r = call("new", sid="page5", game="empires_end", players=2, seed=7, seat=0)
    for _ in range(2000):
        v = r["view"]
        if v["phase"]["kind"] == "conflict" and v["to_move"] == [0, 1] and not any(
                e["bid_committed"] for e in v["empires"]):
            break
        r = call("bot", sid="page5", seat=v["to_move"][0], kind="random", view_seat=0)
    else:
        raise AssertionError("no conflict phase reached")
    sync("wk5", "page5")
    chosen = call("bot", sid="wk5", seat=1, kind="heuristic", view_seat=1, save=False)["played"]
    assert chosen["action"]["type"] == "bid"
    shown = call("bot", sid="page5", seat=1, kind="heuristic", view_seat=0, action=chosen["action"])["played"]
    assert shown["action"] is None and "sealed bid" in shown["label"]
