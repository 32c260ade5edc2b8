"""The boot snapshot (build.py, web/runtime/pyodide-snapshot.mjs): the page really boots from it, and a
missing, damaged or mismatched snapshot falls back to a plain boot instead of bricking the site."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from build import NODE_MODULES, SNAPSHOT
from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)


def snapshot_built(site: Path) -> bool:
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    if not info.get("snapshot"):
        pytest.skip("dist/ was built with --no-snapshot")
    assert (site / SNAPSHOT).is_file(), f"build-info says snapshot but {SNAPSHOT} is missing"
    return True


def snapshot_state(page: Any) -> dict[str, Any]:
    return page.evaluate("() => ({...(window.pgcSnapshot ?? {state: 'absent'})})")


def play_a_few(page: Any, steps: int = 6) -> None:
    wait_not_busy(page)
    before = app.actions_played(page)
    assert before is not None, describe(page)
    for _ in range(steps):
        if app.step(page) == "over":
            break
    after = app.actions_played(page)
    assert after is not None and after > before, describe(page)


# Records every state of the boot progress indicator (web/runtime/boot.js) while the page boots.
PROGRESS_PROBE = """
window.__progress = [];
new MutationObserver(() => {
  const root = document.getElementById('boot-progress');
  const bar = root && root.querySelector('progress');
  if (!root || !bar) return;
  const last = window.__progress[window.__progress.length - 1];
  const value = bar.getAttribute('value') === null ? null : bar.value;
  const now = {step: root.dataset.step, value, max: bar.max};
  if (!last || JSON.stringify(last) !== JSON.stringify(now)) window.__progress.push(now);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def progress_log(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("window.__progress")


def assert_download_bar_filled(page: Any, expected: int) -> None:
    """The bar's total is the build's byte count, it reaches it, then says "Starting Python"."""
    log = progress_log(page)
    downloads = [p for p in log if p["step"] == "download" and p["value"] is not None]
    assert downloads, log
    assert {p["max"] for p in downloads if p["value"] > 0} == {expected}, log
    assert downloads[-1]["value"] == expected, log
    assert any(p["step"] == "python" for p in log), log


def test_game_page_boots_from_the_snapshot_and_plays_a_whole_game(contexts, base_url, site: Path):
    snapshot_built(site)
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    page.add_init_script(PROGRESS_PROBE)
    fetched: list[str] = []
    page.on("requestfinished", lambda r: fetched.append(r.url))
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=1)}")
    wait_ready(page)
    assert snapshot_state(page) == {"state": "used"}, warnings
    assert any(u.endswith("/" + SNAPSHOT) for u in fetched), fetched
    assert not [w for w in warnings if "snapshot" in w.lower()], warnings
    # the engine was imported at build time: main.py found it loaded
    assert page.evaluate("window.pgcEngineLoadMs") < 50
    assert info["snapshot_bytes"] == (site / SNAPSHOT).stat().st_size
    assert_download_bar_filled(page, info["boot_download_bytes"])
    app.play_until_over(page)


def corrupt_flip(data: bytes) -> bytes:
    """One byte of the compressed stream changed: the gzip CRC (or inflate) must catch it."""
    i = len(data) // 2
    return data[:i] + bytes([data[i] ^ 0xFF]) + data[i + 1 :]


def other_build(data: bytes) -> bytes:
    """A well-formed gzip whose snapshot header names another Pyodide build (BUILD_ID at bytes 16-47)."""
    raw = bytearray(gzip.decompress(data))
    raw[20] ^= 0xFF
    return gzip.compress(bytes(raw), compresslevel=1)


CASES = {
    "missing": None,
    "truncated": lambda d: d[: len(d) // 3],
    "flipped-byte": corrupt_flip,
    "other-pyodide-build": other_build,
    "other-stdlib-zip": "stdlib",
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_snapshot_falls_back_to_a_plain_boot(contexts, base_url, site: Path, case: str):
    snapshot_built(site)
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    page.add_init_script(PROGRESS_PROBE)
    how = CASES[case]
    if how is None:
        page.route(f"**/{SNAPSHOT}", lambda route: route.fulfill(status=404, body="not here"))
    elif how == "stdlib":
        # the stock (source-only) stdlib zip instead of the .pyc one the snapshot was made on
        stock = (NODE_MODULES / "pyodide" / "python_stdlib.zip").read_bytes()
        page.route("**/pyscript/pyodide/python_stdlib.zip",
                   lambda route: route.fulfill(status=200, body=stock, content_type="application/zip"))
    else:
        bad = how((site / SNAPSHOT).read_bytes())  # type: ignore[operator]
        page.route(f"**/{SNAPSHOT}",
                   lambda route: route.fulfill(status=200, body=bad, content_type="application/gzip"))
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=8, humans=2)}")
    wait_ready(page)
    state = snapshot_state(page)
    assert state["state"] == "fallback", (state, warnings)
    assert state.get("reason"), state
    assert any("snapshot not used" in w for w in warnings), warnings
    if case == "missing":  # the bar's total drops the snapshot's bytes once it is known to be missing
        assert_download_bar_filled(page, info["boot_download_bytes"] - info["snapshot_bytes"])
    play_a_few(page)
