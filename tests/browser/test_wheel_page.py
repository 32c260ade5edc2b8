"""docs/embedding.md's page on another host, in Chromium: PyScript (the site's vendored copy) installs
the engine wheel with the site's micropip (whose bytes must match the shipped pyodide-lock.json: the
browser checks the lock's sha256) and the page's Python shows what the doc says."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from siteserver import SiteHandler, make_server
from tests.browser.support import BOOT_TIMEOUT_MS, wait_ready
from tests.test_embedding_wheel import DOC, SITE, wheel_page

pytestmark = pytest.mark.browser
GAME = "toy"  # the game the build without a snapshot boots into


class CorsHandler(SiteHandler):
    """The site as a host that lets other origins load it (docs/embedding.md: GitHub Pages and most
    static hosts send this header)."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


@pytest.fixture(scope="module")
def cors_site(site: Path) -> Iterator[str]:
    httpd = make_server(site, 0)
    httpd.RequestHandlerClass = functools.partial(CorsHandler, directory=str(site))
    thread = threading.Thread(target=httpd.serve_forever, name="static:cors", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


def test_the_doc_page_on_another_origin_installs_the_wheel_and_runs(page, site, cors_site, host_server,
                                                                    host_dir):
    wheel = json.loads((site / "build-info.json").read_text(encoding="utf-8"))["wheel"]
    _config, _code, shown = wheel_page()
    doc = DOC.read_text(encoding="utf-8")
    html = doc.split("## The engine on your own page", 1)[1].split("```html\n", 1)[1].split("```", 1)[0]
    (host_dir / "wheel-page.html").write_text(html.replace(SITE, cors_site), encoding="utf-8")
    fetched: list[str] = []
    page.on("requestfinished", lambda r: fetched.append(r.url))
    page.goto(f"{host_server.url}/wheel-page.html")
    page.wait_for_function("document.querySelector('#out').textContent.includes('After:')",
                           timeout=BOOT_TIMEOUT_MS, polling=100)
    assert page.locator("#out").text_content() == shown
    assert f"{cors_site}/{wheel}" in fetched
    assert f"{cors_site}/pyscript/pyodide/micropip-0.11.1-py3-none-any.whl" in fetched


def test_a_build_without_snapshot_boots_by_installing_the_engine_wheel(page, site, base_url):
    """``build.py --no-snapshot``: PyScript installs the site's engine wheel with the site's micropip
    (pyscript.json's ``packages``) and the page plays; the engine zip is not fetched."""
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    if info["snapshot"]:
        pytest.skip("dist/ has a boot snapshot (its boot is tests/browser/test_boot_snapshot.py)")
    fetched: list[str] = []
    page.on("requestfinished", lambda r: fetched.append(r.url.removeprefix(base_url + "/")))
    page.goto(f"{base_url}/play.html?game={GAME}&players=2&seed=1")
    wait_ready(page)
    assert info["wheel"] in fetched and "pyscript/pyodide/micropip-0.11.1-py3-none-any.whl" in fetched
    assert not [u for u in fetched if u.endswith(".zip") and u != "pyscript/pyodide/python_stdlib.zip"]
    assert page.evaluate("window.pgc.call('catalog', {}).ok")
