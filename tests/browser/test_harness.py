"""The harness itself: the guard really catches outside requests and page errors, MIME types are right.

If these pass while the guard is broken, every other browser test would pass vacuously.
"""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest

from tests.browser.support import wait_ready

pytestmark = pytest.mark.browser


def test_guard_records_outside_requests_and_page_errors(contexts, host_server, host_dir: Path):
    (host_dir / "leaky.html").write_text(
        "<!doctype html><html><head><link rel='icon' href='data:,'>"
        "<script src='https://cdn.jsdelivr.net/npm/leak.js'></script></head><body><script>"
        "fetch('http://example.com/x').catch(() => {});"
        "setTimeout(() => { document.documentElement.dataset.ready = 'true';"
        " throw new Error('harness-boom'); }, 0);"
        "</script></body></html>",
        encoding="utf-8",
    )
    ctx, guard = contexts.new()
    page = ctx.new_page()
    page.goto(f"{host_server.url}/leaky.html")
    wait_ready(page, timeout=10_000)
    page.wait_for_function("true", timeout=1_000)
    page.wait_for_timeout(300)
    outside = guard.outside_requests()
    assert "https://cdn.jsdelivr.net/npm/leak.js" in outside, outside
    assert "http://example.com/x" in outside, outside
    assert any("harness-boom" in e for e in guard.page_errors), guard.page_errors
    # Both were provoked on purpose: clear them so the teardown check passes.
    guard.outside.clear()
    guard.unrouted.clear()
    guard.allow_page_error("harness-boom")


def test_server_mime_types(server, site: Path):
    wasm = next(site.rglob("*.wasm"), None)
    mjs = next(site.rglob("*.mjs"), None)
    assert wasm is not None and mjs is not None, "dist/ holds no .wasm or .mjs: is the runtime vendored?"
    for path, expected in ((wasm, "application/wasm"), (mjs, "text/javascript")):
        url = f"{server.url}/{path.relative_to(site).as_posix()}"
        with urllib.request.urlopen(url, timeout=10) as resp:
            assert resp.headers.get_content_type() == expected, (url, resp.headers["Content-Type"])


def test_runtime_selftest_page_boots_offline(page, base_url, site: Path):
    """The bare runtime (boot.js + main.py + engine zip) answers catalog and rejects an unknown method."""
    if not (site / "runtime" / "selftest.html").is_file():
        pytest.fail("dist/runtime/selftest.html missing (web/runtime/selftest.html)")
    page.goto(f"{base_url}/runtime/selftest.html")
    page.wait_for_selector("html[data-selftest]", state="attached", timeout=90_000)
    assert page.get_attribute("html", "data-selftest") == "pass", page.text_content("#out")
    assert page.evaluate("typeof window.pgcReadyAt") == "number"
    assert page.evaluate("window.pgc.call('catalog', {}).ok") is True
