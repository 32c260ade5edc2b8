"""Saves in localStorage going wrong: a damaged save among good ones, and storage that is full."""

from __future__ import annotations

import json
import re

import pytest

from pygame_core import games, webapi
from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)


def engine_save(seed: int, n_actions: int) -> tuple[str, int]:
    """A save made by the host engine (the browser's code), with seat metadata like the front end's."""
    game = games.get(GAME)
    meta = {
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "random", "name": "Bot"}],
        "created": 1,
        "lang": "en",
        "app": "pygame_core-web",
    }
    state = game.new_game(players=2, seed=seed, options={"mode": "standard"}, meta=meta)
    played = 0
    # at least n_actions, and stop where the human seat 0 is to move (so resuming lets no bot act)
    while played < n_actions or game.to_move(state) != [0]:
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
        played += 1
        assert played < 200, "no position with only seat 0 to move"
    return game.save(state), played


def corrupt(text: str, how: str) -> str:
    if how == "invalid-json":
        return text[: len(text) // 2]
    doc = json.loads(text)
    assert len(doc["actions"]) >= 3
    seat, action = doc["actions"][2]
    doc["actions"][2] = [seat, {**action, "type": "no_such_action"}]
    return json.dumps(doc)



@pytest.mark.parametrize("how", ["invalid-json", "tampered-action"])
def test_damaged_save_is_reported_and_the_other_resumes(page, base_url, how):
    good, good_actions = engine_save(seed=31, n_actions=5)
    bad = corrupt(engine_save(seed=32, n_actions=6)[0], how)
    app.put_saves(page, base_url, {"good": good, "bad": bad})

    app.open_ready(page, f"{base_url}/index.html")
    bad_row = app.saved_row(page, "bad")
    good_row = app.saved_row(page, "good")
    if how == "invalid-json":
        assert bad_row.get_attribute("data-state") == "damaged", describe(page)
        msg = bad_row.locator(app.sel("damaged"))
        assert msg.is_visible(), describe(page)
        assert re.search(r"damaged", msg.inner_text(), re.I), msg.inner_text()
        assert bad_row.locator(app.sel("resume")).count() == 0, "a damaged save still offers Resume"
    else:
        # a move the rules refuse: the engine recovers the game up to it (webapi load "broken_at"), so
        # the save is offered (to continue under the current rules), not called damaged
        assert bad_row.get_attribute("data-state") == "ok", describe(page)
        assert bad_row.locator("[data-testid='saved-game-old']").is_visible(), describe(page)
        assert bad_row.locator(app.sel("resume")).count() == 1
    assert good_row.get_attribute("data-state") == "ok", describe(page)
    assert good_row.locator(app.sel("damaged")).count() == 0
    # nothing rewrote either save text
    assert app.saves(page) == {"good": good, "bad": bad}

    good_row.locator(app.sel("resume")).click()
    page.wait_for_url(re.compile(r"play\.html\?save=good"))
    wait_ready(page)
    wait_not_busy(page)
    assert not page.locator(app.sel("error")).count(), describe(page)
    assert app.actions_played(page) == good_actions, describe(page)
    assert app.saves(page)["good"] == good, "resuming rewrote the good save (not byte-identical)"
    assert app.saves(page)["bad"] == bad


FILL_STORAGE = """() => {
    // Fill this origin's localStorage for real, with chunks halving down to one character.
    let size = 1 << 20, n = 0;
    while (size >= 1) {
        try { localStorage.setItem('filler-' + (n++), 'x'.repeat(size)); }
        catch (e) { if (e.name !== 'QuotaExceededError') throw e; size = Math.floor(size / 2); }
    }
    // the last few characters: items with the shortest keys (the quota counts keys too)
    for (let i = 0; i < 1000; i++) {
        try { localStorage.setItem('f' + i, ''); } catch (e) { if (e.name !== 'QuotaExceededError') throw e; }
    }
    try { localStorage.setItem('probe', 'x'); return 'not full'; } catch (e) { return e.name; }
}"""


def test_full_storage_shows_a_message_and_the_game_goes_on(page, base_url):
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=41, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    assert app.step(page) == "action"
    save_id = re.search(r"[?&]save=([^&]+)", page.url).group(1)
    app.wait_saved(page)
    saved_before = app.saves(page)[save_id]
    warning = page.locator(app.sel("storage_warning"))
    assert not warning.is_visible(), "storage warning shown before storage was full"

    assert page.evaluate(FILL_STORAGE) == "QuotaExceededError"
    played = app.actions_played(page)
    assert app.step(page) == "action"
    warning.wait_for(state="visible", timeout=5_000)
    assert re.search(r"storage is full", warning.inner_text(), re.I), warning.inner_text()
    # a full storage still takes a shorter text under the same key (a save can shrink): only that
    app.wait_saved(page)
    stored = app.saves(page)[save_id]
    assert stored == saved_before or len(stored) <= len(saved_before), "a save grew although storage is full?"
    # the game goes on, the warning stays while storage is full
    for _ in range(3):
        assert app.step(page) == "action"
    assert app.actions_played(page) > played + 3 - 1
    assert warning.is_visible()
    assert not page.locator(app.sel("error")).count(), describe(page)

    # space again: the next save succeeds and the warning goes away
    page.evaluate(
        "() => { for (const k of Object.keys(localStorage))"
        " if (k.startsWith('filler-') || /^f\\d+$/.test(k)) localStorage.removeItem(k); }"
    )
    assert app.step(page) == "action"
    warning.wait_for(state="hidden", timeout=5_000)
    app.wait_saved(page)
    assert len(json.loads(app.saves(page)[save_id])["actions"]) == app.actions_played(page)


def test_export_delete_import_round_trip(page, base_url, tmp_path):
    text, played = engine_save(seed=51, n_actions=4)
    app.put_saves(page, base_url, {"exp": text})
    app.open_ready(page, f"{base_url}/index.html")
    row = app.saved_row(page, "exp")
    with page.expect_download() as dl:
        row.locator(app.sel("export")).click()
    exported = tmp_path / "export.json"
    dl.value.save_as(exported)
    assert exported.read_text(encoding="utf-8") == text, "the exported file is not the save text"

    page.once("dialog", lambda d: d.accept())
    row.locator(app.sel("delete")).click()
    page.locator(f"{app.sel('saved_row')}[data-id='exp']").wait_for(state="detached", timeout=5_000)
    assert "exp" not in app.saves(page)

    page.locator(app.sel("import")).set_input_files(str(exported))
    page.wait_for_function(
        "() => Object.keys(localStorage).some(k => k.startsWith('pgc.save.'))", timeout=10_000
    )
    (new_id, stored), *_ = app.saves(page).items()
    assert stored == text, "the imported save differs from the exported file"
    row = app.saved_row(page, new_id)
    assert row.get_attribute("data-state") == "ok", describe(page)
    row.locator(app.sel("resume")).click()
    wait_ready(page)
    wait_not_busy(page)
    assert app.actions_played(page) == played, describe(page)

    # a file that is not a save is refused with a clear message, and nothing is stored
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": "world"}', encoding="utf-8")
    app.open_ready(page, f"{base_url}/index.html")
    page.locator(app.sel("import")).set_input_files(str(junk))
    banner = page.locator(app.sel("error"))
    banner.wait_for(state="visible", timeout=10_000)
    assert re.search(r"could not import", banner.inner_text(), re.I), banner.inner_text()
    assert list(app.saves(page)) == [new_id]


# One move by a click, and in the same task (no idle moment for the page's deferred save): what the
# engine holds and whether the page still owed a save, then `leave` (a script run in that same task).
MOVE_THEN = """(leave) => {
    const s = window.pgcGame.session;
    document.querySelector("[data-testid='legal-action']").click();
    const out = {played: s.reply.view.actions_played, unsaved: s.unsaved};
    new Function(leave)();
    const text = localStorage.getItem('pgc.save.' + new URLSearchParams(location.search).get('save'));
    out.stored = text ? JSON.parse(text).actions.length : null;
    return out;
}"""


def _to_a_move(page) -> None:
    """Hotseat moves (no bot plays behind the test's back) until a legal-action button is in sight."""
    for _ in range(4):
        assert app.step(page) in ("action", "continue")
    while app.step(page) == "continue" or not page.locator(app.sel("action")).count():
        pass


@pytest.mark.parametrize("leave", ["hide", "reload", "close"])
def test_every_move_is_saved_when_the_page_is_hidden_reloaded_or_closed(page, context, base_url, leave):
    """A move's save is written once the page is idle, off the click's path; a page hidden, reloaded or
    closed right after a move (before any idle moment) still saves it, and the game resumes there."""
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=61, humans=2)}")
    wait_ready(page)
    wait_not_busy(page)
    _to_a_move(page)
    save_id = re.search(r"[?&]save=([^&]+)", page.url).group(1)
    script = {
        "hide": "Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
                " document.dispatchEvent(new Event('visibilitychange'));",
        "reload": "location.reload();",
        "close": "",
    }[leave]
    got = page.evaluate(MOVE_THEN, script)
    assert got["unsaved"], "the move was saved on the click's own path (the test would prove nothing)"
    if leave == "hide":
        assert got["stored"] == got["played"], got
        return
    if leave == "close":
        page.close(run_before_unload=True)
        page = context.new_page()
        page.goto(f"{base_url}/build-info.json")  # same origin, no game page
        stored = json.loads(app.saves(page)[save_id])
        assert len(stored["actions"]) == got["played"], got
        page.goto(f"{base_url}/play.html?save={save_id}")
    wait_ready(page)
    wait_not_busy(page)
    assert app.actions_played(page) == got["played"], describe(page)
    assert len(json.loads(app.saves(page)[save_id])["actions"]) == got["played"]
    summary = json.loads(app.local_storage(page)[f"pgc.sum.{save_id}"])
    assert summary["summary"]["actions_played"] == got["played"]


# Every write of a save's base or tail (pgc.save.* / pgc.tail.*) in order, and, before each store of a
# move (the controller's onSaved), a mark with the engine's save of the game as it stands. With
# window.__frozen, writes are dropped: the page died there, nothing after reaches storage.
RECORD_WRITES = """(() => {
    window.__ops = [];
    window.__frozen = false;
    const set = Storage.prototype.setItem, rm = Storage.prototype.removeItem;
    const ours = (k) => k.startsWith('pgc.save.') || k.startsWith('pgc.tail.');
    Storage.prototype.setItem = function (k, v) {
        if (window.__frozen) return;
        set.call(this, k, v);
        if (ours(k)) window.__ops.push(['set', k, v]);
    };
    Storage.prototype.removeItem = function (k) {
        if (window.__frozen || (window.__keepTail && k.startsWith('pgc.tail.'))) return;
        rm.call(this, k);
        if (ours(k)) window.__ops.push(['rm', k]);
    };
})();"""

MARK_SAVES = """() => {
    const s = window.pgcGame.session, store = s.onSaved;
    s.onSaved = (j, v, r) => { window.__ops.push(['mark', s.saveText()]); return store(j, v, r); };
}"""


def _undo(page) -> bool:
    undo = page.locator(f"{app.sel('undo')}:not([disabled])")
    if not undo.count():
        return False
    undo.first.click()
    wait_not_busy(page)
    app.wait_saved(page)
    return True


def test_a_page_killed_between_any_two_writes_loses_no_stored_move_and_always_loads(page, base_url):
    """Issue 16: a move stores only its tail (the actions since the base); the base is stored whole now and
    then. Whatever write the page dies after, what is stored loads, and it is the game as of the last
    move whose store began (its tail, or its base). Checked at every cut of a recorded sequence of moves,
    undos and whole stores (merged by the engine, as the page does), and by reloading the page for real
    right after a base was stored but before its old tail was removed, and after a move whose store never
    happened."""
    page.add_init_script(RECORD_WRITES)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=71, humans=2)}")
    wait_ready(page)
    wait_not_busy(page)
    page.evaluate(MARK_SAVES)
    save_id = re.search(r"[?&]save=([^&]+)", page.url).group(1)
    undos = 0
    for plan in ("mmmmmummm", "F", "mmmmumm", "F", "mm"):
        for what in plan:
            if what == "m":
                assert app.step(page) in ("action", "continue")
                app.wait_saved(page)
            elif what == "u":
                undos += _undo(page)
            else:  # stored whole, as when the page is hidden
                page.evaluate("() => window.pgcGame.session.flush(true)")
    assert undos, "no undo was possible: the test would not cover a tail that starts before its base"
    ops = page.evaluate("() => window.__ops")
    kinds = [o[0] for o in ops]
    assert kinds.count("mark") >= 10 and any(o[0] == "set" and o[1].startswith("pgc.save.") for o in ops[3:])

    stored: dict[str, str] = {}
    expected = None
    pending = None  # the mark whose first write has not happened yet
    checked = 0
    for i in range(len(ops) + 1):
        if expected is not None:
            text = app.stored_text(stored[f"pgc.save.{save_id}"], stored.get(f"pgc.tail.{save_id}"))
            got = json.loads(text)["actions"]
            assert got == json.loads(expected)["actions"], f"cut after write {i}: {len(got)} actions stored"
            r = json.loads(webapi.call("load", json.dumps({"sid": "cut", "text": text, "save": False})))
            assert r["ok"] and r["result"]["load"]["status"] == "ok", (i, r)
            checked += 1
        if i == len(ops):
            break
        op = ops[i]
        if op[0] == "mark":
            pending = op[1]
            continue
        if op[0] == "set":
            stored[op[1]] = op[2]
        else:
            stored.pop(op[1], None)
        if pending is not None:
            expected, pending = pending, None
    assert checked >= len(ops) - kinds.count("mark")

    # for real: a base stored, the page dead before its old tail went (a tail of another base)
    for _ in range(2):
        assert app.step(page) in ("action", "continue")
        app.wait_saved(page)
    assert app.local_storage(page).get(f"pgc.tail.{save_id}"), "no tail to leave behind"
    played = app.actions_played(page)
    page.evaluate("() => { window.__keepTail = true; window.pgcGame.session.flush(true);"
                  " window.__frozen = true; }")
    assert app.local_storage(page).get(f"pgc.tail.{save_id}"), "the old tail went"
    page.reload()
    wait_ready(page)
    wait_not_busy(page)
    assert app.actions_played(page) == played, describe(page)
    assert not page.locator(app.sel("error")).count(), describe(page)
    # for real: a move's tail stored, the next move's store never happens
    page.evaluate(MARK_SAVES)
    assert app.step(page) in ("action", "continue")
    app.wait_saved(page)
    played = app.actions_played(page)
    page.evaluate("() => { window.__frozen = true; }")
    _to_a_move(page)
    assert app.actions_played(page) > played
    page.reload()
    wait_ready(page)
    wait_not_busy(page)
    assert app.actions_played(page) == played, describe(page)
    assert json.loads(app.saves(page)[save_id])["actions"] == json.loads(
        page.evaluate("() => window.pgcGame.session.saveText()"))["actions"]


def test_a_move_stores_its_tail_and_an_idle_page_stores_the_game_whole(page, base_url):
    """Issue 16: after a move the page stores the moves since its base (``pgc.tail.<id>``), not the whole
    save; once no move has come for a while (controller FULL_AFTER, shortened here) it stores the game
    whole and the tail goes."""
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=81, humans=2)}")
    wait_ready(page)
    wait_not_busy(page)
    _to_a_move(page)
    app.wait_saved(page)
    save_id = re.search(r"[?&]save=([^&]+)", page.url).group(1)
    stored = app.local_storage(page)
    base = json.loads(stored[f"pgc.save.{save_id}"])
    tail = json.loads(stored[f"pgc.tail.{save_id}"])
    played = app.actions_played(page)
    assert len(base["actions"]) < played and tail["from"] + len(tail["actions"]) == played, (base, tail)
    page.evaluate("() => { window.pgcGame.session.fullAfter = 300; }")
    assert app.step(page) == "action"
    played = app.actions_played(page)
    page.wait_for_function(f"() => localStorage.getItem('pgc.tail.{save_id}') === null", timeout=10_000)
    assert len(json.loads(app.local_storage(page)[f"pgc.save.{save_id}"])["actions"]) == played


def test_a_save_with_a_tail_exports_as_one_normal_save_file(page, base_url, tmp_path):
    """The home page's export of a game stored as a base and its tail (web/app/store.js) is one normal save
    file with every move (merged by the engine), that loads as it stands."""
    text, _ = engine_save(seed=91, n_actions=4)
    game = games.get(GAME)
    state = game.load(text)
    for _ in range(3):
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    base = json.loads(text)
    n = len(base["actions"])
    tail = json.dumps({"v": 1, "base": [n, base["checksum"]], "from": n,
                       "actions": [list(x) for x in state.history[n:]]})
    app.put_saves(page, base_url, {"tl": text})
    page.evaluate("(t) => localStorage.setItem('pgc.tail.tl', t)", tail)
    app.open_ready(page, f"{base_url}/index.html")
    row = app.saved_row(page, "tl")
    assert f"{n + 3} actions" in row.inner_text(), describe(page)
    with page.expect_download() as dl:
        row.locator(app.sel("export")).click()
    exported = tmp_path / "export.json"
    dl.value.save_as(exported)
    got = exported.read_text(encoding="utf-8")
    assert got == game.save(state), "the export is not the whole game as one save"
    assert game.load(got).digest() == state.digest()
