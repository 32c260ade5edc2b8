"""The hint panel ("What would a strong player do?", web/app/gameview.js renderHint) opens in sight.

It lies at the top of the game, above the board. Asked with the page scrolled down (Empire's End scrolls a
disaster's target into view at the first decision; a player scrolls), it opened above the window or under
the pinned status bar, and the browser's scroll anchoring scrolled the page on by the panel's height: the
page's top bar went further off the screen and the list of moves stayed hidden. Every listed game, both
sizes: the game pages share the panel, and a board may scroll on its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_core import webapi
from tests.browser import app
from tests.browser.support import (
    ON_SCREEN,
    SIZE_IDS,
    SIZES,
    describe,
    frames,
    new_page,
    wait_not_busy,
    wait_ready,
)

pytestmark = pytest.mark.browser
LISTED = [g["id"] for g in json.loads(webapi.call("catalog", "{}"))["result"]["games"] if g["listed"]]
HINT = "[data-testid='hint']:not([disabled])"
MOVE = "[data-testid='hint-move']"
HINT_TIMEOUT_MS = 60_000  # the bot worker boots, then searches for a few seconds; a loaded machine


def scroll_y(page: Any) -> float:
    return float(page.evaluate("scrollY"))


def top_bar_top(page: Any) -> float:
    return float(page.evaluate("document.querySelector('#topbar').getBoundingClientRect().top"))


def ask(page: Any, at: int) -> None:
    """Scroll the page to ``at`` and ask for a hint as a player would there: the Hint button when it is on
    screen (a desktop pins it in the status bar), else its key, h (a phone's status bar scrolls away)."""
    page.evaluate("(y) => scrollTo(0, y)", at)
    frames(page)
    assert scroll_y(page) == at, describe(page)
    button = page.locator(HINT)
    if button.evaluate(ON_SCREEN):
        button.click()
    else:
        page.keyboard.press("h")
    page.locator("[data-testid='hint-panel']:not([hidden])").wait_for()


def in_sight(page: Any, what: str) -> bool:
    frames(page)
    return bool(page.locator(what).first.evaluate(ON_SCREEN))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", LISTED)
def test_a_hint_opens_in_sight_and_leaves_the_top_bar_alone(contexts: Any, base_url: str, game: str,
                                                            size: tuple[int, int]) -> None:
    page, guard = new_page(contexts, size)
    page.goto(f"{base_url}/{app.play_url(game, players=2, seed=5, humans=1, bot='normal')}")
    wait_ready(page)
    wait_not_busy(page)
    page.locator(HINT).wait_for(timeout=HINT_TIMEOUT_MS)
    frames(page)
    far = int(page.evaluate("() => Math.min(300, document.documentElement.scrollHeight - innerHeight)"))
    assert far > 100, f"the page does not scroll: {describe(page)}"
    # scrolled past the page's top bar: the panel's place is out of sight; the page comes back to its top
    ask(page, far)
    assert in_sight(page, "#hint-h"), f"the panel opened out of sight (scrollY {scroll_y(page)})"
    assert top_bar_top(page) == 0, f"the top bar is off the screen (scrollY {scroll_y(page)})"
    page.locator(MOVE).first.wait_for(timeout=HINT_TIMEOUT_MS)
    assert in_sight(page, MOVE), f"the moves are out of sight (scrollY {scroll_y(page)})"
    assert top_bar_top(page) == 0, f"the moves pushed the top bar off the screen (scrollY {scroll_y(page)})"
    page.locator("[data-testid='hint-close']").click()
    page.locator("[data-testid='hint-panel']").wait_for(state="hidden")
    # scrolled a little (the top bar partly on screen, the panel's place in sight): nothing moves
    ask(page, 20)
    page.locator(MOVE).first.wait_for(timeout=HINT_TIMEOUT_MS)
    assert in_sight(page, MOVE), describe(page)
    assert scroll_y(page) == 20 and top_bar_top(page) == -20, f"the page moved to {scroll_y(page)}"
    assert guard.outside_requests() == []
