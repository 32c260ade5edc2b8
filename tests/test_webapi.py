"""The browser door (pygame_core.webapi): JSON in, JSON out, nothing hidden leaks through it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pygame_core import replies, webapi


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


@pytest.mark.parametrize("args", [5, 1.5, True, b"{}", bytearray(b"{}"), ["sid", "h"], {"sid": "h"}],
                         ids=["int", "float", "bool", "bytes", "bytearray", "list", "dict"])
def test_arguments_that_are_not_json_text_are_a_bad_request(args: Any) -> None:
    """The arguments are JSON text: a number, bytes, a list or a dict (already parsed) is the caller's
    mistake, answered as a bad request, not as an internal error."""
    reply = json.loads(webapi.call("catalog", args))
    assert not reply["ok"]
    assert reply["error"]["kind"] == "request" and reply["error"]["code"] == "bad_request", reply
    assert type(args).__name__ in reply["error"]["message"]


def _reply(method: str, **args: Any) -> Any:
    return json.loads(webapi.call(method, json.dumps(args)))


@pytest.mark.parametrize("method,args", [
    ("bot", {"seat": 5}),
    ("bot", {"seat": 10**30}),
    ("bot", {"seat": "x" * 100_000}),
    ("bot", {"seat": 0, "kind": "x" * 100_000}),
    ("bot", {"seat": 0, "bot_seed": -1}),
    ("apply", {"seat": 0, "action": {"type": "order", "first": "economy"}, "view_seat": True}),
    ("apply", {"seat": 0, "action": {"type": "order", "first": "economy"}, "view_seat": -1}),
    ("apply", {"seat": 0, "action": {"type": "order", "first": "economy"}, "view_seat": "bogus"}),
    ("bot", {"seat": 0, "view_seat": "bogus"}),
    ("undo", {"view_seat": -1}),
    ("step", {"to": -1}),
    ("step", {"to": 10**9}),
    ("new", {"game": "empires_end", "players": 2, "seat": 7}),
    ("load", {"text": "{}", "seat": 0}),
    ("apply", {"seat": 0, "action": {"type": "x", "deep": json.loads("[" * 60 + "]" * 60)}}),
])
def test_an_error_reply_never_raises_and_leaves_the_session_unchanged(method: str, args: dict) -> None:
    """Issue 7: bad seats, view seats, seeds and kinds are refused before anything is committed."""
    first = _reply("new", sid="keep", game="empires_end", players=2, seed=3, seat=0)["result"]
    # play into a position where seat 0 has something to do and an undo is possible
    state = _reply("apply", sid="keep", seat=0, action=first["legal"][0]["action"])["result"]
    before = _reply("view", sid="keep", seat=0)["result"]["save"]
    reply = _reply(method, sid="keep", **args)
    assert not reply["ok"], reply
    assert reply["error"]["kind"] in ("illegal", "option", "request", "save")
    assert len(reply["error"]["message"]) < 400
    assert _reply("view", sid="keep", seat=0)["result"]["save"] == before
    assert state["view"]["actions_played"] == 1


def test_nan_in_meta_is_refused_so_a_save_is_always_json() -> None:
    reply = json.loads(webapi.call("new", '{"sid": "nan", "game": "empires_end", "meta": {"x": NaN}}'))
    assert not reply["ok"] and reply["error"]["kind"] == "option"


def test_the_stepper_moves_along_a_loaded_line_both_ways() -> None:
    r = _reply("new", sid="line", game="empires_end", players=2, seed=9, seat=0)["result"]
    for _ in range(60):
        r = _reply("bot", sid="line", seat=r["view"]["to_move"][0], view_seat=0)["result"]
    text = r["save"]
    loaded = _reply("load", sid="step", text=text, seat=0)["result"]
    assert loaded["load"]["status"] == "ok" and loaded["view"]["actions_played"] == 60
    views: dict[int, Any] = {}
    for n in (0, 17, 59, 60, 33, 1, 60):
        got = _reply("step", sid="step", to=n, view_seat=0)["result"]
        assert got["view"]["actions_played"] == n and got["line"] == 60
        views.setdefault(n, got["view"])
        assert got["view"] == views[n]
    replay = _reply("load", sid="cmp", text=text, seat=0)["result"]
    assert _reply("step", sid="step", to=60, view_seat=0)["result"]["view"] == replay["view"]


def test_a_reply_without_the_save_leaves_nothing_behind_that_save_then_returns() -> None:
    """The click path asks for replies without the save (``"save": false``); ``save`` then gives the
    session's save text and summary, the same as a reply with the save would have carried."""
    r = _reply("new", sid="lean", game="empires_end", players=2, seed=3, seat=0, save=False)["result"]
    assert "save" not in r and "summary" not in r and r["legal"]
    r = _reply("apply", sid="lean", seat=0, action=r["legal"][0]["action"], save=False)["result"]
    assert "save" not in r and r["view"]["actions_played"] == 1
    full = _reply("view", sid="lean", seat=0)["result"]
    saved = _reply("save", sid="lean")["result"]
    assert saved["save"] == full["save"] and saved["summary"] == full["summary"]
    assert saved["actions_played"] == 1 and len(json.loads(saved["save"])["actions"]) == 1
    # the save follows undo too, and a bad flag changes nothing
    _reply("undo", sid="lean", seat=0, save=False)
    assert _reply("save", sid="lean")["result"]["actions_played"] == 0
    first = _reply("view", sid="lean", seat=0)["result"]["legal"][0]["action"]
    bad = _reply("apply", sid="lean", seat=0, action=first, save="no")
    assert not bad["ok"] and bad["error"]["kind"] == "option"
    assert _reply("save", sid="lean")["result"]["actions_played"] == 0
    assert _reply("save", sid="nobody")["error"]["kind"] == "option"


def test_others_lists_only_the_asked_seats_that_may_act_now() -> None:
    """Hotseat: the page learns which other human seats may act now from the reply itself (``others``),
    the same answer as a view per seat would give, without their views."""
    r = _reply("new", sid="oth", game="empires_end", players=3, seed=2, seat=0, others=[0, 1, 2])["result"]
    expect = [s for s in (0, 1, 2) if _reply("view", sid="oth", seat=s)["result"]["legal"]]
    assert r["others"] == expect and expect
    assert "others" not in _reply("view", sid="oth", seat=0)["result"]
    for bad in ([5], ["0"], [True], "0", [0] * 4):
        reply = _reply("view", sid="oth", seat=0, others=bad)
        assert not reply["ok"] and reply["error"]["kind"] in ("illegal", "option")


def test_log_lang_gives_the_log_in_the_asked_language_only() -> None:
    """``"log_lang": true``: each log text is the string of ``lang``; the rest of the view is unchanged."""
    r = _reply("new", sid="ll", game="empires_end", players=2, seed=3, seat=0)["result"]
    for _ in range(6):
        r = _reply("bot", sid="ll", seat=r["view"]["to_move"][0], view_seat=0)["result"]
    full = _reply("view", sid="ll", seat=0)["result"]["view"]
    for lang in ("en", "zh-Hant", "zh-Hans"):
        lean = _reply("view", sid="ll", seat=0, lang=lang, log_lang=True, save=False)["result"]["view"]
        assert [e["text"] for e in lean["log"]] == [e["text"][lang] for e in full["log"]]
        assert {k: v for k, v in lean.items() if k != "log"} == {k: v for k, v in full.items() if k != "log"}
    assert full["log"] and isinstance(full["log"][0]["text"], dict)
    assert not _reply("view", sid="ll", seat=0, log_lang="yes")["ok"]


def test_since_sends_only_the_view_keys_that_changed_and_refuses_a_stale_token() -> None:
    """``"since": token``: the view leaves out the keys equal to the held view's (listed in ``same``);
    the held view filled in with them is the whole view; another token or a failed call sends it whole."""
    r = _reply("new", sid="sn", game="empires_end", players=2, seed=3, seat=0, since=None)["result"]
    assert "same" not in r and r["token"]
    held = r
    spans = 0
    for _ in range(8):
        seat = held["view"]["to_move"][0]
        got = _reply("bot", sid="sn", seat=seat, view_seat=0, since=held["token"])["result"]
        whole = _reply("view", sid="sn", seat=0)["result"]["view"]
        assert got["same"] and set(got["view"]).isdisjoint(got["same"])
        filled = {**got["view"], **{k: held["view"][k] for k in got["same"]}}
        if "log_span" in got:  # only the log's new lines: the held ones in the span come first
            first, upto = got["log_span"]
            filled["log"] = [e for e in held["view"]["log"] if first <= e["i"] < upto] + got["view"]["log"]
            spans += 1
        assert filled == whole
        held = {**got, "view": whole}
    assert spans, "no reply sent the log's new lines only"
    # a token the session did not send last: the whole view
    again = _reply("view", sid="sn", seat=0, since=r["token"])["result"]
    assert "same" not in again and again["view"] == whole
    # a failed call changes nothing: the last token still stands
    assert not _reply("apply", sid="sn", seat=0, action={"type": "nope"}, since=again["token"])["ok"]
    after = _reply("view", sid="sn", seat=0, since=again["token"])["result"]
    assert after["view"] == {} and after["same"]
    assert not _reply("view", sid="sn", seat=0, since="x")["ok"]


def test_since_with_the_log_in_one_language_fills_in_to_the_whole_view_through_moves_and_undos() -> None:
    """What the page asks for (``log_lang``, ``since``): the held view filled in with ``same`` and the
    log's span is the whole view in that language, after moves that add lines and undos that take them
    off; a reply that changes nothing sends nothing."""
    args = {"sid": "ls", "lang": "zh-Hant", "log_lang": True, "save": False}
    held = _reply("new", game="empires_end", players=2, seed=4, seat=0, since=None, **args)["result"]
    kinds = set()
    for step in range(12):
        if step % 3 == 2:
            got = _reply("undo", view_seat=0, since=held["token"], **args)["result"]
        else:
            seat = held["view"]["to_move"][0]
            got = _reply("bot", seat=seat, view_seat=0, since=held["token"], **args)["result"]
        whole = _reply("view", seat=0, **args)["result"]["view"]
        filled = {**got["view"], **{k: held["view"][k] for k in got["same"]}}
        if "log_span" in got:
            first, upto = got["log_span"]
            filled["log"] = [e for e in held["view"]["log"] if first <= e["i"] < upto] + got["view"]["log"]
            kinds.add("span")
        else:
            kinds.add("same" if "log" in got["same"] else "whole")
        assert filled == whole and all(isinstance(e["text"], str) for e in whole["log"])
        held = {**got, "view": whole}
    assert "span" in kinds
    again = _reply("view", seat=0, since=held["token"], **args)["result"]
    assert again["view"] == {} and "log" in again["same"]


def test_since_never_counts_a_value_as_unchanged_when_only_python_thinks_so() -> None:
    """1, 1.0 and true are equal in Python, not in the page: a key whose value changed between them
    is sent again, not listed in ``same``."""
    replies.remember("types", replies.Held.of(7, {"flag": 1, "n": 2.0, "keep": [1, "a"]}))
    out, _ = replies.trim({"sid": "types", "since": 7}, {"view": {"flag": True, "n": 2, "keep": [1, "a"]}})
    assert out["same"] == ["keep"] and out["view"] == {"flag": True, "n": 2}
    replies.forget("types")


@pytest.mark.parametrize("game", ["empires_end", "civilization", "through_the_ages"])
def test_a_reply_worked_out_ahead_is_the_reply_the_call_would_have_made(game: str) -> None:
    """``"ahead"`` works out the replies to the next likely clicks while the page is idle; the call
    then sends that reply, byte for byte the one it would have made (but for its token), and a move
    that changes the session throws the others away."""
    args = {"lang": "zh-Hant", "log_lang": True, "save": False}
    for sid in ("plain", "ahead"):
        _reply("new", sid=sid, game=game, players=2, seed=6, seat=0, since=None, **args)
    held = {"plain": None, "ahead": None}
    rng, hits = random.Random(6), 0
    for step in range(24):
        view = _reply("view", sid="plain", seat=0, **args)["result"]
        seat = view["view"]["to_move"][0] if view["view"]["to_move"] else None
        if seat is None:
            break
        legal = _reply("view", sid="plain", seat=seat, **args)["result"]["legal"]
        calls = [("undo", {"seat": seat, "view_seat": seat})] + \
            [("apply", {"seat": seat, "action": x["action"], "view_seat": seat}) for x in legal[:4]]
        for method, call in calls:
            ready = _reply("ahead", sid="ahead", **{"for": method}, **args, **call)
            assert ready["ok"] and isinstance(ready["result"]["ready"], bool)
        assert replies._ahead["ahead"][0] is webapi._sessions["ahead"]
        method, call = calls[0] if step % 4 == 3 and view["view"]["can_undo"] else \
            ("apply", {"seat": seat, "action": rng.choice(legal)["action"], "view_seat": seat})
        if (method, call) in calls:  # the reply was worked out: the call only sends it
            session = webapi._sessions["ahead"]
            hits += replies.worked_out(method, {"sid": "ahead", **args, **call}, session) is not None
        out = {}
        for sid in ("plain", "ahead"):
            r = _reply(method, sid=sid, since=held[sid], **args, **call)
            held[sid] = r["result"]["token"] if r["ok"] else held[sid]
            out[sid] = {k: v for k, v in (r.get("result") or r).items() if k != "token"}
        assert out["plain"] == out["ahead"]
        if r["ok"]:  # the session moved on: nothing worked out before is kept
            assert "ahead" not in replies._ahead
    assert hits >= 5
    assert not _reply("ahead", sid="ahead", **{"for": "bot"}, seat=0)["ok"]
    illegal = _reply("ahead", sid="ahead", **{"for": "apply"}, seat=0, action={"type": "nope"}, **args)
    assert illegal["ok"] and illegal["result"]["ready"] is False
    assert _reply("apply", sid="ahead", seat=0, action={"type": "nope"}, **args)["error"]["kind"] == "illegal"


# ---------------------------------------------------------------- the journal: what the page stores
def _journal_game(sid: str, seed: int) -> dict[str, Any]:
    """A new 2-seat Empire's End session whose first whole save is stored (``"based"``): the journal reply."""
    call("new", sid=sid, game="empires_end", players=2, seed=seed, seat=0)
    j = call("journal", sid=sid)
    assert j["tail"] is None and j["save"] and j["base"][0] == 0, "a new game is stored whole first"
    assert call("based", sid=sid, base=j["base"]) == {"ok": True}
    return j


def _move(sid: str, rng: random.Random) -> None:
    v = call("view", sid=sid)["view"]
    seat = v["to_move"][0]
    legal = call("view", sid=sid, seat=seat)["legal"]
    call("apply", sid=sid, seat=seat, action=rng.choice(legal)["action"], save=False)


def _position(sid: str) -> tuple[int, str]:
    save = json.loads(call("save", sid=sid)["save"])
    return len(save["actions"]), save["checksum"]


def test_the_journal_tail_holds_only_the_moves_since_the_base_and_loads_back_merged() -> None:
    """Issue 16: a move's storage must not grow with the game. After each move the page stores the
    actions since its base (``tail``), not the whole save; loading the base with the tail gives the
    game as it stands, also after undos that go back before the base."""
    rng = random.Random(3)
    base = _journal_game("jr", 5)["save"]
    for _ in range(30):
        _move("jr", rng)
    j = call("journal", sid="jr")
    assert "save" not in j, "a move within the tail's limit is stored as its tail only"
    tail = json.loads(j["tail"])
    assert tail["base"][0] == 0 and tail["from"] == 0 and len(tail["actions"]) == 30
    # a new base: its tail starts empty, and a tail is as long after 60 actions as after 30
    full = call("journal", sid="jr", full=True)
    assert full["save"] and call("based", sid="jr", base=full["base"])["ok"]
    base = full["save"]
    assert call("journal", sid="jr")["tail"] is None, "the base is the game as it stands: no tail"
    for _ in range(3):
        _move("jr", rng)
    short = call("journal", sid="jr")["tail"]
    assert json.loads(short)["from"] == 30 and len(json.loads(short)["actions"]) == 3
    r = call("load", sid="jr2", text=base, tail=short, save=False)
    assert r["load"]["status"] == "ok" and _position("jr2") == _position("jr")
    # undo back before the base: the tail starts where the two lines part
    while call("view", sid="jr")["view"]["actions_played"] > 28:
        if not call("view", sid="jr")["view"]["can_undo"]:
            break
        call("undo", sid="jr")
    back = call("view", sid="jr")["view"]["actions_played"]
    _move("jr", rng)
    tail = json.loads(call("journal", sid="jr")["tail"])
    assert tail["from"] == min(back, 30) and len(tail["actions"]) == back + 1 - tail["from"]
    call("load", sid="jr3", text=base, tail=json.dumps(tail))
    assert _position("jr3") == _position("jr")
    # the session loaded with a tail goes on journaling against the same base
    _move("jr3", rng)
    again = json.loads(call("journal", sid="jr3")["tail"])
    assert again["base"] == tail["base"] and again["from"] == tail["from"]
    # undone to exactly the base again: no tail (the page removes the stored one)
    for _ in range(20):  # a base after which a move can be taken back
        j = call("journal", sid="jr", full=True)
        if "save" in j:
            call("based", sid="jr", base=j["base"])
        call("load", sid="jr4", text=call("save", sid="jr")["save"])
        _move("jr4", rng)
        if call("view", sid="jr4")["view"]["can_undo"]:
            break
        _move("jr", rng)
    assert call("journal", sid="jr4")["tail"] is not None
    call("undo", sid="jr4")
    assert call("journal", sid="jr4")["tail"] is None


def test_a_long_tail_a_finished_game_or_no_base_asks_for_a_whole_save() -> None:
    rng = random.Random(4)
    _journal_game("jl", 6)
    for _ in range(webapi.TAIL_MAX + 1):
        _move("jl", rng)
    j = call("journal", sid="jl")
    assert j["save"] and j["tail"], "past TAIL_MAX: the whole save, and the tail in case it cannot be stored"
    # a refused store (not "based"): the tail keeps growing against the old base
    _move("jl", rng)
    assert len(json.loads(call("journal", sid="jl")["tail"])["actions"]) == webapi.TAIL_MAX + 2
    # "based" only for the position as it stands
    assert call("based", sid="jl", base=j["base"]) == {"ok": False}
    # a game played to its end
    while not call("view", sid="jl")["view"]["over"]:
        _move("jl", rng)
    j = call("journal", sid="jl")
    assert j["save"] and call("based", sid="jl", base=j["base"], check=True) == {"ok": True}
    assert call("journal", sid="jl")["tail"] is not None, "check only: nothing was recorded"
    call("based", sid="jl", base=j["base"])
    assert "save" not in call("journal", sid="jl", full=True), "stored whole already"


def test_a_stale_or_damaged_tail_is_left_out_and_the_base_loads() -> None:
    """A crash between storing a new base and removing the old tail leaves a tail of another base: the
    base has its actions, so the tail is left out; a damaged tail never makes the save unloadable."""
    rng = random.Random(5)
    _journal_game("js", 7)
    for _ in range(4):
        _move("js", rng)
    old_tail = call("journal", sid="js")["tail"]
    full = call("journal", sid="js", full=True)
    call("based", sid="js", base=full["base"])
    for tail in (old_tail, "{not json", json.dumps({"v": 1, "base": [4, "x"], "from": 9, "actions": []}),
                 json.dumps({"v": 99})):
        r = call("load", sid="js2", text=full["save"], tail=tail)
        assert r["load"]["status"] == "ok" and _position("js2") == _position("js")
    bad = json.loads(webapi.call("load", json.dumps({"sid": "js3", "text": full["save"], "tail": 5})))
    assert not bad["ok"] and bad["error"]["kind"] == "option"


def test_a_tail_on_a_base_the_engine_replays_gives_the_merged_original_for_export() -> None:
    """A base whose snapshot is not trusted (another build) is replayed; with a tail, a recovered game's
    original text (to export) is the base's envelope with the tail's actions, and the game must be stored
    whole again (no base: the first journal asks for the save)."""
    rng = random.Random(6)
    _journal_game("jo", 8)
    for _ in range(6):
        _move("jo", rng)
    full = call("journal", sid="jo", full=True)
    call("based", sid="jo", base=full["base"])
    for _ in range(3):
        _move("jo", rng)
    tail = call("journal", sid="jo")["tail"]
    doc = json.loads(full["save"])
    doc["engine_version"] = "0.0.1"  # an older build: its snapshot is not trusted
    r = call("load", sid="jo2", text=json.dumps(doc), tail=tail)
    assert r["load"]["status"] == "ok" and _position("jo2")[0] == _position("jo")[0]
    assert "save" in call("journal", sid="jo2"), "a replayed base is stored whole again"
    # a tail move the rules refuse: recovered up to it, and the original keeps every action
    t = json.loads(tail)
    t["actions"][1][1] = {"type": "no_such_action"}
    r = call("load", sid="jo3", text=json.dumps(doc), tail=json.dumps(t))
    assert r["load"]["status"] == "broken_at" and r["load"]["at"] == 7
    original = json.loads(r["load"]["original"])
    assert len(original["actions"]) == 9 and original["actions"][7][1] == {"type": "no_such_action"}
    assert "snapshot" not in original and original["checksum"] is None


def test_load_says_why_a_save_needs_a_change() -> None:
    """Issue 16: the page tells an older save from one changed or damaged since it was saved by the
    load reply's ``cause``, not by guessing from the message."""
    r = call("new", sid="why", game="empires_end", players=2, seed=3)
    doc = json.loads(r["save"])
    doc["checksum"] = "0" * 20
    changed = call("load", sid="why2", text=json.dumps(doc))["load"]
    assert (changed["status"], changed["cause"]) == ("stale", "damaged")
    doc["engine_version"] = "0.0.1"
    older = call("load", sid="why3", text=json.dumps(doc))["load"]
    assert (older["status"], older["cause"]) == ("stale", "version")
    assert call("load", sid="why4", text=r["save"])["load"]["cause"] is None


def test_a_new_games_seat_names_are_capped_and_lose_control_characters() -> None:
    """Issue 16: a 5,000-character name made the home page 44,245 px wide, and a U+202E override showed
    "evil" as "live". A new game's meta keeps its names cleaned, as web/app/common.js cleanName does."""
    seats = [{"kind": "human", "name": "\u202eevil\u202c"}, {"kind": "random", "name": "x" * 5000},
             {"kind": "random", "name": " a\u0000b\u2066c\u2069\n  d "}]
    r = call("new", sid="names", game="empires_end", players=3, seed=1, meta={"seats": seats, "lang": "en"})
    meta = json.loads(r["save"])["meta"]
    names = [s["name"] for s in meta["seats"]]
    assert names == ["evil", "x" * webapi.NAME_MAX, "abc d"]
    assert meta["lang"] == "en" and [s["kind"] for s in meta["seats"]] == ["human", "random", "random"]
    assert webapi.clean_name(None) == "" and webapi.clean_name("é") == "\u00e9"


def test_the_saved_summary_text_is_in_every_language() -> None:
    """Issue 16: saved-game summaries stayed in the language they were saved in. The reply's summary
    carries its line in each language, which the home page picks from at the moment it draws."""
    from pygame_core import games
    from pygame_core.kernel.text import LANGS

    r = call("new", sid="sumlang", game="empires_end", players=2, seed=4, seat=0, lang="zh-Hant")
    game = games.get("empires_end")
    state = game.load(r["save"])
    assert r["summary"]["text"] == {code: game.summary(state, code)["text"] for code in LANGS}
    assert len(set(r["summary"]["text"].values())) == 3, r["summary"]["text"]
    saved = call("save", sid="sumlang", lang="en")
    assert saved["summary"]["text"] == r["summary"]["text"]
    # what the page stores after a move (the journal) carries every language too
    assert call("journal", sid="sumlang", lang="zh-Hans")["summary"]["text"] == r["summary"]["text"]
