"""A new build replaces the old one: its service worker takes over, drops the old cache, serves the new
files (offline too) and the open page offers a reload instead of reloading in the middle of a game."""

from __future__ import annotations

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


def rebuild(site: Path) -> str:
    """Turn the served copy into a 'new build': change a page, re-hash, write a new sw.js."""
    index = site / "index.html"
    index.write_text(index.read_text(encoding="utf-8") + MARKER + "\n", encoding="utf-8")
    files = [f for f in build.site_files(site) if f != "sw.js"]
    version = build.content_version(site, files)
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
        old = page.evaluate(CACHE_NAMES)
        assert len(old) == 1 and old[0].startswith("pgc-"), old
        assert MARKER not in page.evaluate("fetch('index.html').then(r => r.text())")

        new_version = rebuild(copy)
        assert f"pgc-{new_version}" != old[0]
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_function(
            f"caches.keys().then(k => k.length === 1 && k[0] === 'pgc-{new_version}')", timeout=60_000
        )
        # The running game is not reloaded under the player's hands: a notice offers it.
        page.wait_for_selector("#update-notice button", timeout=10_000)
    finally:
        srv.stop()
    # Offline, the new build's files come from the new cache.
    ctx.set_offline(True)
    assert MARKER in page.evaluate("fetch('index.html').then(r => r.text())")
    assert guard.outside_requests() == []
