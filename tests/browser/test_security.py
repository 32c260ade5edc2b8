"""The site's security headers and policies: one Content-Security-Policy (header and <meta> agree), the
game boots and plays under it, home and game pages cannot be framed by another site, embed.html can."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from siteserver import CSP, StaticServer
from tests.browser import app
from tests.browser.support import describe, wait_ready

pytestmark = pytest.mark.browser
GAME = "toy"  # the game this file plays (its only mention of a game id)
PAGES = ["index.html", "play.html", "embed.html"]

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def meta_csp(html: str) -> str | None:
    m = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    return m.group(1) if m else None


def test_every_page_carries_the_one_policy(site: Path):
    pages = sorted(site.rglob("*.html"))
    assert pages, "no HTML in dist/"
    for path in pages:
        html = path.read_text(encoding="utf-8")
        rel = path.relative_to(site)
        assert meta_csp(html) == CSP, f"{rel}: its <meta> CSP differs from siteserver.CSP"
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"{rel}: inline script"


@pytest.mark.parametrize("name", PAGES)
def test_headers_say_who_may_frame_a_page(server, name):
    with urllib.request.urlopen(f"{server.url}/{name}", timeout=10) as resp:
        csp = resp.headers["Content-Security-Policy"]
        xfo = resp.headers.get("X-Frame-Options")
    assert csp.startswith(CSP), csp
    if name == "embed.html":
        assert csp.endswith("frame-ancestors *") and xfo is None, (csp, xfo)
    else:
        assert csp.endswith("frame-ancestors 'none'") and xfo == "DENY", (csp, xfo)


def test_game_boots_and_plays_with_no_policy_violation(context, base_url):
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=4)}")
    wait_ready(page)
    app.play_until_over(page, max_steps=20, deadline_s=60)
    page.goto(f"{base_url}/index.html")
    wait_ready(page)
    assert page.locator(app.sel("saved_row")).count() == 1, describe(page)
    assert page.evaluate("window.__cspViolations") == []


def outer(host_dir: Path, site_url: str) -> str:
    frames = "".join(
        f'<iframe id="f-{n.split(".")[0]}" title="{n}" src="{site_url}/{n}?game={GAME}"></iframe>'
        for n in PAGES
    )
    (host_dir / "framer.html").write_text(
        f"<!doctype html><html lang='en'><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        f"<title>framer</title></head><body>{frames}</body></html>", encoding="utf-8")
    return "framer.html"


def frame(page, fid: str):
    handle = page.locator(f"#{fid}").element_handle()
    return handle.content_frame()


def test_other_sites_cannot_frame_home_or_game_pages_but_can_frame_embed(
    page, base_url, host_server, host_dir
):
    page.goto(f"{host_server.url}/{outer(host_dir, base_url)}")
    embed = frame(page, "f-embed")
    wait_ready(page, frame=embed)
    embed.locator("[data-testid='legal-action']").first.wait_for(state="attached", timeout=30_000)
    for fid in ("f-index", "f-play"):
        f = frame(page, fid)
        # refused by the browser (frame-ancestors 'none'): the site's document never loads in it
        assert f.evaluate("() => document.documentElement.getAttribute('data-ready')") is None, describe(f)
        assert not f.url.startswith(base_url), f"{f.url}: the browser showed a page that refuses frames"


@pytest.fixture
def headerless(site: Path) -> Iterator[StaticServer]:
    """The site on a host that sends no security headers: only the pages' own guard is left."""
    srv = StaticServer(site, security=False)
    yield srv
    srv.stop()


def test_without_headers_the_pages_own_guard_refuses_frames(page, headerless, host_server, host_dir):
    page.goto(f"{host_server.url}/{outer(host_dir, headerless.url)}")
    embed = frame(page, "f-embed")
    wait_ready(page, frame=embed)
    for fid in ("f-index", "f-play"):
        f = frame(page, fid)
        f.wait_for_selector("html[data-framed='true']", state="attached", timeout=60_000)
        assert f.locator("[data-testid='framed']").is_visible(), describe(f)
        assert f.locator("[data-testid='new-game-form'], [data-testid='legal-action']").count() == 0
