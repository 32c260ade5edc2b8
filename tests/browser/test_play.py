"""Playing Empire's End through clicks: a whole game from the home page, reload/resume from localStorage."""

from __future__ import annotations

import json
import re

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)


def test_full_game_from_home_page_through_clicks(page, base_url):
    """Seat 0 human, seat 1 a bot, quick mode: the human always clicks a legal action until game over."""
    app.open_ready(page, f"{base_url}/index.html")
    app.start_from_home(page, GAME, players=2, seats=["human", "random"], options={"mode": "Quick"}, seed=7)
    wait_ready(page)
    app.set_speed(page, "fast")
    steps = app.play_until_over(page, max_steps=400, deadline_s=240)
    assert steps > 5, f"the game ended after only {steps} human steps: {describe(page)}"
    panel = page.locator(app.sel("game_over"))
    assert panel.is_visible(), describe(page)
    scores = page.locator(app.sel("scores"))
    assert scores.count() == 2, describe(page)
    shown = {int(scores.nth(i).get_attribute("data-seat")): int(scores.nth(i).inner_text()) for i in range(2)}
    view = page.evaluate("() => window.pgcGame.session.reply.view")
    assert view["over"] is True
    assert shown == dict(enumerate(view["scores"]["totals"])), (shown, view["scores"])
    assert page.locator("[data-testid='winners']").inner_text().strip(), describe(page)
    # the finished game is saved: the save replays to the same number of actions
    app.wait_saved(page)
    saves = app.saves(page)
    assert len(saves) == 1, list(saves)
    doc = json.loads(next(iter(saves.values())))
    assert doc["game"] == GAME and len(doc["actions"]) == view["actions_played"]
    assert doc["options"].get("mode") == "quick", doc["options"]
    assert [s["kind"] for s in doc["meta"]["seats"]] == ["human", "random"], doc["meta"]
    # the same save replayed by the host's CPython engine ends over, with the scores the page showed
    game = games.get(GAME)
    state = game.load(next(iter(saves.values())))
    assert game.is_over(state)
    assert dict(enumerate(game.scores(state)["totals"])) == shown


def test_reload_mid_game_and_resume_from_saved_list(page, base_url):
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=21, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    for _ in range(6):
        assert app.step(page) == "action"
    played = app.actions_played(page)
    digest = app.view_digest(page)
    assert played and played >= 6 and digest
    assert re.search(r"[?&]save=", page.url), f"play.html did not switch its URL to ?save=<id>: {page.url}"
    save_id = re.search(r"[?&]save=([^&]+)", page.url).group(1)
    app.wait_saved(page)
    saved_text = app.saves(page)[save_id]
    assert len(json.loads(saved_text)["actions"]) == played

    page.reload()
    wait_ready(page)
    wait_not_busy(page)
    assert app.actions_played(page) == played, describe(page)
    assert app.view_digest(page) == digest, "the position after a reload differs from the one before"

    # the saved-games list on the home page resumes the same game too
    app.open_ready(page, f"{base_url}/index.html")
    row = app.saved_row(page, save_id)
    row.locator(app.sel("resume")).click()
    page.wait_for_url(re.compile(r"play\.html\?.*save="))
    wait_ready(page)
    wait_not_busy(page)
    assert app.actions_played(page) == played, describe(page)
    assert app.view_digest(page) == digest, "the position resumed from the home page differs"
    # and play continues from there
    assert app.step(page) == "action"
    assert app.actions_played(page) > played


@pytest.mark.parametrize("lang,done", [("en", "Done"), ("zh-Hans", "完成")])
def test_status_says_what_to_do_in_economy_and_conflict(page, base_url, lang, done):
    """Beyond the phase name, the status tells the player how to finish the phase, in the UI language."""
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=1)}&lang={lang}")
    wait_ready(page)
    seen = {}
    for _ in range(120):
        wait_not_busy(page)
        kind = page.evaluate("window.pgcGame.session.reply.view.phase.kind")
        hint = page.locator("[data-testid='phase-hint']")
        if kind in ("economy", "conflict") and kind not in seen and hint.count():
            seen[kind] = hint.inner_text()
        if len(seen) == 2:
            break
        app.step(page)
    assert set(seen) == {"economy", "conflict"}, (seen, describe(page))
    assert done in seen["economy"], seen
    assert re.search(r"military|军事", seen["conflict"]), seen
