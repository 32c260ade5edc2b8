"""Offline after the first visit: the service worker alone serves the game page, which boots and plays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import build
from tests.browser import app
from tests.browser.support import StaticServer, describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)


def test_game_page_boots_and_plays_with_the_server_gone(contexts, site: Path):
    srv = StaticServer(site)  # its own server, so this test can take it down
    try:
        ctx, guard = contexts.new()
        page = ctx.new_page()
        page.goto(f"{srv.url}/{app.play_url(GAME, players=2, seed=11, humans=2)}")
        wait_ready(page)
        # First visit: the worker installs (precaching every file) and takes control of the page.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        cached = page.evaluate("""async () => {
            const out = [];
            for (const k of await caches.keys())
                for (const r of await (await caches.open(k)).keys()) out.push(r.url);
            return out; }""")
        assert any(u.endswith("pyodide.asm.wasm") for u in cached), cached
        assert any(u.endswith("play.html") for u in cached), cached
        snapshot = json.loads((site / "build-info.json").read_text(encoding="utf-8")).get("snapshot")
        if snapshot:
            assert any(u.endswith(build.SNAPSHOT) for u in cached), cached
    finally:
        srv.stop()
    ctx.set_offline(True)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.reload()
    wait_ready(page)
    wait_not_busy(page)
    if snapshot:  # the precached boot snapshot is used offline too
        assert page.evaluate("window.pgcSnapshot.state") == "used", describe(page)
    assert requests, "the reload made no request at all (nothing was tested)"
    before = app.actions_played(page)
    assert before is not None, describe(page)
    assert app.step(page) in ("action", "continue")
    if app.actions_played(page) == before:  # a pass-device screen came first
        assert app.step(page) == "action", describe(page)
    after = app.actions_played(page)
    assert after is not None and after > before, describe(page)
    assert guard.outside_requests() == []
