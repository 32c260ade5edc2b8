"""No sideways page scroll on a phone (390x844) or a laptop (1366x768): home, game page and embed."""

from __future__ import annotations

import pytest

from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)
SIZES = [(390, 844), (1366, 768)]

WIDER = """() => [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > innerWidth + 1 && e.checkVisibility())
    .slice(0, 5)
    .map(e => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : ''))"""


def no_sideways_scroll(page, where: str) -> None:
    sw, iw = page.evaluate("() => [document.scrollingElement.scrollWidth, innerWidth]")
    assert sw <= iw, f"{where}: the page scrolls sideways ({sw} > {iw}); wider: {page.evaluate(WIDER)}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_sideways_scroll(contexts, base_url, size):
    ctx, _ = contexts.new(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    for lang in ("en", "zh-Hans"):
        app.open_ready(page, f"{base_url}/index.html?lang={lang}")
        no_sideways_scroll(page, f"home ({lang})")
    page.goto(f"{base_url}/{app.play_url(GAME, players=4, seed=5, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    for _ in range(6):
        app.step(page)
    no_sideways_scroll(page, "play")
    page.goto(f"{base_url}/embed.html?game={GAME}&players=3&seed=5&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    no_sideways_scroll(page, "embed")
    page.goto(f"{base_url}/embed.html?replay=examples/empires-end-opening.json&step=1&at=20")
    wait_ready(page)
    no_sideways_scroll(page, f"embed step mode: {describe(page)[:200]}")
