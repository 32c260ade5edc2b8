"""Brazil: Imperial's rules page (issue 19 §3): rules.html?game=brazil_imperial shows its reference in
every language at 1366x768 and 390x844, every section in order, its tables inside the page's width,
and the #fragment at the top. The content checks are tests/brazil_imperial/test_bi_rules_reference.py's."""

from __future__ import annotations

import json

import pytest

from pygame_core import games
from tests.browser.support import describe, wait_ready

pytestmark = pytest.mark.browser

GAME = "brazil_imperial"
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
LANGS = ("en", "zh-Hant", "zh-Hans")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page(contexts, base_url, site, lang, size):
    assert games.get(GAME).listed is True  # the home page offers the game (issue 19 §3: the board)
    doc = json.loads((site / "games" / GAME / "rules.json").read_text(encoding="utf-8"))
    ctx, guard = contexts.new(viewport=SIZES[size])
    page = ctx.new_page()
    page.goto(f"{base_url}/rules.html?game={GAME}&lang={lang}#combat")
    wait_ready(page)
    info = page.evaluate("""() => ({
        lang: document.documentElement.lang, h1: document.querySelector('h1').textContent,
        sections: [...document.querySelectorAll('main section')].map(s => s.id),
        h2: [...document.querySelectorAll('main section > h2')].map(h => h.textContent),
        tables: document.querySelectorAll('main table').length,
        scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        html: document.querySelector('main').innerHTML })""")
    assert info["lang"] == lang
    assert info["h1"].startswith(doc["title"][lang]), info["h1"]
    assert info["sections"] == [s["id"] for s in doc["sections"]]
    assert info["h2"] == [s["title"][lang] for s in doc["sections"]]
    assert info["tables"] >= 7  # buildings, trade, upgrades, moves, palaces, monarchs, glossary
    assert info["scroll"] <= 0, f"horizontal scroll of {info['scroll']} px at {size} in {lang}"
    assert "**" not in info["html"] and "](#" not in info["html"], "markup left unrendered"
    top = page.evaluate("document.getElementById('combat').getBoundingClientRect().top")
    assert -2 <= top <= 40, describe(page)
    assert guard.outside_requests() == []


def test_the_new_game_form_says_what_solo_is(page, base_url):
    """Issue 19 §1: the home page's option text (options_schema), the game offered as any listed one."""
    page.goto(f"{base_url}/index.html?lang=en")
    wait_ready(page)
    page.select_option("[data-testid='game-select']", GAME)
    page.wait_for_selector("[data-testid='option-mode']")
    label = page.locator("label[for='opt-mode']").inner_text()
    assert "solo: one human against 1–3 bot empires" in label, label
    assert page.locator("[data-testid='option-mode'] option").all_inner_texts() == ["Standard: 2–4 empires"]
    assert page.locator("[data-testid='players-select'] option").all_inner_texts() == ["2", "3", "4"]
