"""A new build replaces the old one: its service worker takes over, drops the old cache, serves the new
files (offline too) and the open page offers a reload instead of reloading in the middle of a game."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import build
from tests.browser import app
from tests.browser.support import StaticServer, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)

CACHE_NAMES = "async () => (await caches.keys()).sort()"
MARKER = "<!-- second build -->"
# A worker taking over the page: the event the notice follows (runtime/offline.js registerServiceWorker).
TOOK_OVER = """() => {
    window.__tookOver = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => { window.__tookOver = true; });
}"""
TAKEN_OVER = "window.__tookOver === true && navigator.serviceWorker.controller.state === 'activated'"
TAKEOVER_TIMEOUT_MS = 180_000  # a bound on a hang only: the whole build precached again, at any load


def rebuild(site: Path) -> str:
    """Turn the served copy into a 'new build': change a page, re-hash, write a new sw.js and, as a build
    does, the new version into build-info.json (the page names the worker's cache after it)."""
    index = site / "index.html"
    index.write_text(index.read_text(encoding="utf-8") + MARKER + "\n", encoding="utf-8")
    files = [f for f in build.site_files(site) if f != "sw.js"]
    version = build.content_version(site, files)
    info_path = site / "build-info.json"
    info = json.loads(info_path.read_text(encoding="utf-8"))
    info_path.write_text(json.dumps({**info, "version": version}, indent=2) + "\n", encoding="utf-8")
    build.write_service_worker(site, files, version)
    return version


def test_a_new_build_replaces_the_cache_of_the_old_one(contexts, site: Path, tmp_path: Path):
    copy = tmp_path / "dist"
    shutil.copytree(site, copy)
    srv = StaticServer(copy)
    try:
        ctx, guard = contexts.new()
        page = ctx.new_page()
        page.goto(f"{srv.url}/{app.play_url(GAME, players=2, seed=5, humans=2)}")
        wait_ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        # The old build cached whole, as for a player who had the site open a while (the idle moment,
        # runtime/offline.js): nothing of the old page's writes to the old cache is left to come.
        page.evaluate("window.pgcIdleNow()")
        page.wait_for_function("window.pgcOffline === 'ready'", timeout=120_000)
        old = page.evaluate(CACHE_NAMES)
        assert len(old) == 1 and old[0].startswith("pgc-"), old
        assert MARKER not in page.evaluate("fetch('index.html').then(r => r.text())")

        new_version = rebuild(copy)
        assert f"pgc-{new_version}" != old[0]
        page.evaluate(TOOK_OVER)
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        # The new worker precaches the whole build and takes over the page (controllerchange), then its
        # activate handler deletes the old cache (state "activated" once it is done). Waited for as those
        # events, not for a time: a loaded machine takes longer. (wait_for_function does not await a
        # promise: the poll of caches.keys() that stood here passed at once, and the notice's 10 s were
        # the whole update's time, which a load of 16 overran every time.)
        page.wait_for_function(TAKEN_OVER, timeout=TAKEOVER_TIMEOUT_MS)
        assert page.evaluate(CACHE_NAMES) == [f"pgc-{new_version}"]
        # The running game is not reloaded under the player's hands: a notice offers it.
        page.wait_for_selector("#update-notice button", timeout=10_000)
    finally:
        srv.stop()
    # Offline, the new build's files come from the new cache.
    ctx.set_offline(True)
    assert MARKER in page.evaluate("fetch('index.html').then(r => r.text())")
    assert guard.outside_requests() == []
