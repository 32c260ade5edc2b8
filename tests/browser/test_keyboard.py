"""Keyboard only: after each Enter, focus lands on the next control to use, never on the page body.

A redraw gives focus back on the next animation frame (web/app/gameview.js, letGo/focusLater), so
these checks wait for it rather than read it at once.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)

# What the focus may land on after a step: the pass-the-device button, an action, or the actions heading.
LANDING = ("pass-device-continue", "legal-action", "choice-action", "board-action", "bid-commit", "pick-key")

FOCUS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body || !document.getElementById('game').contains(a)) return null;
  return a.dataset.testid || a.id || a.tagName;
}"""


def hotseat_url(seed: int) -> str:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    settings = {"game": GAME, "players": 2, "seed": seed, "options": {}, "seats": seats}
    return f"play.html?new={quote(json.dumps(settings, separators=(',', ':')))}&speed=fast"


def focused(page) -> str | None:
    """What has focus once the redraw's focus frame has run (None: nothing in the game)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return page.evaluate(FOCUS)


def test_enter_alone_plays_and_focus_follows(page, base_url):
    page.goto(f"{base_url}/{hotseat_url(3)}")
    wait_ready(page)
    wait_not_busy(page)
    assert focused(page) == "pass-device-continue", describe(page)
    played = app.actions_played(page)
    kinds = set()
    for _ in range(12):
        where = focused(page)
        if where == "acts-h":  # no choice to land on: Tab goes to the first action
            page.keyboard.press("Tab")
            where = focused(page)
        assert where in LANDING, f"focus is on {where!r} after a keyboard step: {describe(page)}"
        kinds.add(where)
        page.keyboard.press("Enter")
        wait_not_busy(page)
        if where not in ("pass-device-continue", "pick-key"):  # a step of the panel narrows, plays nothing
            now = app.actions_played(page)
            assert now is not None and played is not None and now > played, describe(page)
            played = now
    assert {"pass-device-continue", "legal-action"} <= kinds, kinds


def test_undo_shortcut_keeps_focus_in_the_game(page, base_url):
    page.goto(f"{base_url}/{app.play_url(GAME, seed=4)}")
    wait_ready(page)
    wait_not_busy(page)
    page.keyboard.press("a")
    assert focused(page) in LANDING, describe(page)
    before = app.actions_played(page)
    page.keyboard.press("Enter")
    wait_not_busy(page)
    assert app.actions_played(page) != before, describe(page)
    if page.locator("[data-testid='undo']:not([disabled])").count():
        page.keyboard.press("u")
        wait_not_busy(page)
        assert focused(page) in (*LANDING, "acts-h"), describe(page)
