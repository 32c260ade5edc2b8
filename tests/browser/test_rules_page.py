"""The rules page (web/rules.html): every language at both sizes, anchors, language switch, offline, axe."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import StaticServer, describe, format_violations, run_axe, wait_ready

pytestmark = pytest.mark.browser

GAME = "empires_end"
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
LANGS = ("en", "zh-Hant", "zh-Hans")


def rules_doc(site: Path) -> dict[str, Any]:
    return json.loads((site / "games" / GAME / "rules.json").read_text(encoding="utf-8"))


def open_rules(page: Any, base_url: str, lang: str, fragment: str = "") -> None:
    page.goto(f"{base_url}/rules.html?game={GAME}&lang={lang}{fragment}")
    wait_ready(page)


def section_top(page: Any, sid: str) -> float:
    return float(page.evaluate("(id) => document.getElementById(id).getBoundingClientRect().top", sid))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_rules_page_in_each_language_and_size(contexts, base_url, site, lang, size):
    ctx, guard = contexts.new(viewport=SIZES[size])
    page = ctx.new_page()
    doc = rules_doc(site)
    target = "conflict-rows"
    open_rules(page, base_url, lang, f"#{target}")
    info = page.evaluate("""() => ({
        lang: document.documentElement.lang, h1: [...document.querySelectorAll('h1')].map(h => h.textContent),
        main: document.querySelectorAll('main').length, nav: document.querySelectorAll('nav').length,
        header: document.querySelectorAll('header').length,
        sections: [...document.querySelectorAll('main section')].map(s => s.id),
        h2: [...document.querySelectorAll('main section > h2')].map(h => h.textContent),
        scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        html: document.querySelector('main').innerHTML })""")
    assert info["lang"] == lang
    assert info["h1"] == [f"{doc['title'][lang]} — {info['h1'][0].split(' — ')[-1]}"], info["h1"]
    assert (info["main"], info["nav"], info["header"]) == (1, 1, 1)
    assert info["sections"] == [s["id"] for s in doc["sections"]]
    assert info["h2"] == [s["title"][lang] for s in doc["sections"]]
    assert info["scroll"] <= 0, f"horizontal scroll of {info['scroll']} px at {size} in {lang}"
    assert "**" not in info["html"] and "[[ph:" not in info["html"], "markup left unrendered"
    # the #fragment of the URL is shown at the top once the content has arrived
    assert -2 <= section_top(page, target) <= 40, describe(page)
    assert page.evaluate("document.activeElement.id") == f"{target}-h"
    # a link of the contents jumps to its section
    if not page.locator("#toc").evaluate("d => d.open"):
        page.locator("#toc > summary").click()
    page.locator("#rules-toc a[href='#tie-break']").click()
    page.wait_for_function("location.hash === '#tie-break'")
    assert -2 <= section_top(page, "tie-break") <= 40
    assert guard.outside_requests() == []


def test_language_switch_keeps_the_section(page, base_url, site):
    doc = rules_doc(site)
    open_rules(page, base_url, "en", "#turmoil")
    page.select_option("[data-testid='lang-select']", "zh-Hans")
    page.wait_for_function("document.documentElement.lang === 'zh-Hans'")
    turmoil = next(s for s in doc["sections"] if s["id"] == "turmoil")
    assert page.locator("#turmoil-h").inner_text() == turmoil["title"]["zh-Hans"]
    assert "lang=zh-Hans" in page.url and page.url.endswith("#turmoil")
    assert -2 <= section_top(page, "turmoil") <= 40
    # the choice is remembered like on the other pages
    page.goto(f"{base_url}/rules.html?game={GAME}")
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"


def test_unknown_game_says_so(page, base_url):
    page.goto(f"{base_url}/rules.html?game=no_such_game&lang=en")
    wait_ready(page)
    assert page.locator("[data-testid='error-banner']").is_visible()
    assert page.locator("main section").count() == 0


def test_rules_page_axe(page, base_url):
    for lang in ("en", "zh-Hant"):
        open_rules(page, base_url, lang)
        bad = run_axe(page)
        assert not bad, format_violations(f"rules.html ({lang})", bad)


def test_rules_page_works_offline(contexts, site):
    srv = StaticServer(site)  # its own server, so this test can take it down
    try:
        ctx, guard = contexts.new()
        page = ctx.new_page()
        open_rules(page, srv.url, "zh-Hant")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        # the worker caches the site once the reader has been idle a while (runtime/offline.js)
        page.evaluate("window.pgcIdleNow()")
        page.wait_for_function("window.pgcOffline === 'ready'", timeout=120_000)
    finally:
        srv.stop()
    ctx.set_offline(True)
    page.goto(page.url.split("?")[0] + f"?game={GAME}&lang=en#repair")
    wait_ready(page)
    assert page.locator("main section").count() > 20, describe(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert guard.outside_requests() == []


@pytest.mark.parametrize("lang", LANGS)
def test_home_page_links_every_games_rules(page, base_url, site, lang):
    """Issue 16: neither the home page nor Help linked to the rules. The home page links each listed
    game's rules under its title and the chosen game's beside the game choice, in the page's language."""
    app.open_ready(page, f"{base_url}/index.html?lang={lang}")
    for gid in games.available():
        link = page.locator(f"[data-testid='rules-link-{gid}']")
        link.wait_for()
        assert f"rules.html?game={gid}&lang={lang}" in link.get_attribute("href")
    chosen = page.locator(app.sel("game_select")).input_value()
    form_link = page.locator("[data-testid='rules-link']")
    assert f"rules.html?game={chosen}&" in form_link.get_attribute("href")
    form_link.click()
    wait_ready(page)
    assert page.locator("[data-testid='rules-toc'] a").count() > 3, describe(page)
    assert page.evaluate("document.documentElement.lang") == lang


def test_help_links_the_games_rules(page, base_url):
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=2, humans=1)}")
    wait_ready(page)
    page.wait_for_function("() => window.pgcGame && window.pgcGame.view.rules")
    page.locator("#topbar [data-testid='help']").click()
    link = page.locator("#help [data-testid='help-rules']")
    link.wait_for()
    assert f"rules.html?game={GAME}&lang=en" in link.get_attribute("href")
    assert link.get_attribute("target") == "_blank"
