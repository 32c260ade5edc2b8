"""The site installs as an app: a web app manifest (web/manifest.webmanifest) linked from every page,
with icons, display standalone, in scope, and precached by the service worker (issue 16)."""

from __future__ import annotations

import json

import pytest

from tests.browser import app

pytestmark = pytest.mark.browser
PAGES = ["index.html", "play.html", "embed.html", "rules.html", "examples/rule-teaching.html"]


def test_manifest_is_served_valid_in_scope_and_chromium_finds_the_site_installable(page, context, base_url):
    app.open_ready(page, f"{base_url}/index.html")
    href = page.evaluate("document.querySelector('link[rel=manifest]').href")
    assert href == f"{base_url}/manifest.webmanifest"
    res = page.request.get(href)
    assert res.status == 200 and res.headers["content-type"].startswith("application/manifest+json")
    m = json.loads(res.text())
    assert m["name"] and m["short_name"] and m["display"] == "standalone"
    start = page.evaluate("([u, b]) => new URL(u, b).href", [m["start_url"], href])
    scope = page.evaluate("([u, b]) => new URL(u, b).href", [m["scope"], href])
    assert start == f"{base_url}/index.html" and scope == f"{base_url}/", (start, scope)
    # every icon is served, with the size it claims; 192 and 512 PNGs are there
    sizes = set()
    for icon in m["icons"]:
        url = page.evaluate("([u, b]) => new URL(u, b).href", [icon["src"], href])
        assert url.startswith(scope)
        got = page.request.get(url)
        assert got.status == 200 and got.headers["content-type"].startswith(icon["type"]), url
        if icon["type"] == "image/png":
            w, h = page.evaluate("""(u) => new Promise((ok, no) => { const i = new Image();
                i.onload = () => ok([i.naturalWidth, i.naturalHeight]); i.onerror = no; i.src = u; })""", url)
            assert icon["sizes"] == f"{w}x{h}", (icon, w, h)
            sizes.add(w)
    assert {192, 512} <= sizes
    # Chromium's own reading of it: no manifest errors, and nothing stops installing the site
    cdp = context.new_cdp_session(page)
    got = cdp.send("Page.getAppManifest")
    assert got["url"] == href and not got["errors"], got["errors"]
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    # a Playwright context is incognito, where Chromium installs nothing: every other reason counts
    assert [e for e in errors if e != "in-incognito"] == [], errors
    # precached by the service worker: there with the network gone
    cached = page.evaluate("""async (urls) => { const out = [];
        for (const u of urls) out.push(!!(await caches.match(u))); return out; }""",
                           [href] + [page.evaluate("([u, b]) => new URL(u, b).href", [i["src"], href])
                                     for i in m["icons"]])
    assert all(cached), cached


@pytest.mark.parametrize("path", PAGES)
def test_every_page_links_the_manifest_and_lies_in_its_scope(page, base_url, path):
    page.goto(f"{base_url}/{path}")
    href = page.evaluate("document.querySelector('link[rel=manifest]')?.href ?? null")
    assert href == f"{base_url}/manifest.webmanifest", (path, href)
    assert page.url.startswith(f"{base_url}/")
