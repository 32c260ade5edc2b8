"""The shell's status line shows the phase of every game (the view's ``phase = {kind, name}``, issue 17
§2) with a "?" to that phase's section of the game's rules: Through the Ages and Civilization as Empire's
End (tests/browser/test_shell_items.py), at 1366x768."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest

from tests.browser import app
from tests.browser.support import ROOT, describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["through_the_ages", "civilization"])
def test_the_status_line_names_the_phase_and_links_its_rules(page, base_url, game):
    links = json.loads((ROOT / "web" / "games" / game / "rules.json").read_text(encoding="utf-8"))["links"]
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{base_url}/{app.play_url(game, players=2, seed=3, humans=1)}&lang=en")
    wait_ready(page)
    wait_not_busy(page)
    phase = page.evaluate("() => window.pgcGame.session.reply.view.phase")
    line = page.locator("[data-testid='status'] [data-testid='phase-name']")
    line.wait_for(state="visible")
    assert line.inner_text().startswith(phase["name"]["en"]), describe(page)
    link = line.locator("a.rules-q")
    assert link.is_visible(), describe(page)
    assert urlparse(link.get_attribute("href")).fragment == links[f"phase:{phase['kind']}"]
