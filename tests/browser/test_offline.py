"""Offline after the first visit: the service worker alone serves the game page, which boots and plays.

A first visit downloads only what the page needs to be playable; the worker caches the rest of the
build once the player has been idle for a while (runtime/offline.js; the test calls window.pgcIdleNow()
instead of waiting), and no big file goes over the wire twice (the server counts what it sends)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import build
from tests.browser import app
from tests.browser.support import StaticServer, describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)
WASM = "pyscript/pyodide/pyodide.asm.wasm"

CACHED = """async () => {
    const out = [];
    for (const k of await caches.keys())
        for (const r of await (await caches.open(k)).keys()) out.push(r.url);
    return out; }"""


def full_downloads(traffic: list[dict[str, object]], rel: str) -> int:
    return sum(1 for e in traffic if e["path"] == "/" + rel and e["status"] == 200)


def test_game_page_boots_and_plays_with_the_server_gone(contexts, site: Path):
    # its own server, so this test can take it down; it counts what it sends
    srv = StaticServer(site, record=True)
    assert srv.traffic is not None
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    snapshot = info.get("snapshot")
    # with snapshots: this game's, the page's own (the home page's, of no game, is not downloaded)
    own = build.snapshot_file(GAME)
    big = [WASM, build.STDLIB] + ([own] if snapshot else [])
    others = [build.snapshot_file(g) for g in info.get("game_snapshot_bytes", {}) if g != GAME]
    others += [build.SNAPSHOT] if snapshot else []
    try:
        # no route guard: Chromium's HTTP cache works as in a real browser (routing turns it off);
        # the resolver rule keeps every other host out and the guard's listener still records them
        ctx, guard = contexts.new(route_guard=False)
        page = ctx.new_page()
        page.goto(f"{srv.url}/{app.play_url(GAME, players=2, seed=11, humans=2)}")
        wait_ready(page)
        # First visit: the worker installs and takes control of the page, caching nothing by itself...
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        assert page.evaluate("window.pgcOffline") == "waiting", describe(page)
        time.sleep(1)
        cached = page.evaluate(CACHED)
        assert not any(u.endswith(WASM) for u in cached), cached
        if snapshot:  # ...and the stdlib zip, not needed to play, waits too
            assert full_downloads(srv.traffic, build.STDLIB) == 0, srv.traffic
        # ...until the player has been idle: then the rest of the build, for offline play
        page.evaluate("window.pgcIdleNow()")
        page.wait_for_function("window.pgcOffline === 'ready'", timeout=120_000)
        cached = page.evaluate(CACHED)
        for rel in ["play.html", "index.html", *big]:
            assert any(u.endswith("/" + rel) for u in cached), (rel, cached)
        # all but sw.js (and, with a snapshot, the two wheels, which only the boot without one installs,
        # and the other snapshots: the worker never precaches one, the page put its own in)
        assert len(cached) == info["offline_files"] + bool(snapshot), (len(cached), info)
        if snapshot:
            assert len(others) >= 2, info
            assert info["offline_files"] == info["files"] - 3 - len(others) - 1, info
            assert full_downloads(srv.traffic, build.SNAPSHOT) == 0, srv.traffic
            assert not any(u.endswith(".whl") for u in cached), cached
            assert not [u for u in cached if any(u.endswith("/" + rel) for rel in others)], cached
        for rel in big:  # what the page downloaded, the worker revalidated (304): sent once in full
            assert full_downloads(srv.traffic, rel) == 1, (rel, [e for e in srv.traffic if rel in str(e)])
    finally:
        srv.stop()
    ctx.set_offline(True)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.reload()
    wait_ready(page)
    wait_not_busy(page)
    if snapshot:  # the game's boot snapshot, kept by the page in the worker's cache, is used offline too
        assert page.evaluate("window.pgcSnapshot.state") == "used", describe(page)
        assert page.evaluate("window.pgcSnapshot.snapshot") == own.rsplit("/", 1)[1], describe(page)
    assert requests, "the reload made no request at all (nothing was tested)"
    before = app.actions_played(page)
    assert before is not None, describe(page)
    assert app.step(page) in ("action", "continue")
    if app.actions_played(page) == before:  # a pass-device screen came first
        assert app.step(page) == "action", describe(page)
    after = app.actions_played(page)
    assert after is not None and after > before, describe(page)
    assert guard.outside_requests() == []
