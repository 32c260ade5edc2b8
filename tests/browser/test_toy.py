"""The shell with a game it has never heard of: the toy test game (listed = False), played to the end
through the real home page, the game page, the saved-games list and the embed page (play and step).

Nothing in the shell names "toy": it is found through the engine's catalog and the build's front-end
registry (web/games/toy/), like any game. A test game is never offered in the production game list.
"""

from __future__ import annotations

import base64
import json
import re

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "toy"  # the game this file plays (its only mention of a game id)


def game_options(page) -> list[str]:
    return page.locator(f"{app.sel('game_select')} option").evaluate_all("os => os.map(o => o.value)")


def test_test_game_is_not_offered_on_the_home_page(page, base_url):
    app.open_ready(page, f"{base_url}/index.html")
    offered = game_options(page)
    assert offered == games.available(), offered  # the listed games, in order, nothing else
    assert GAME not in offered


def test_toy_from_home_page_to_the_end_then_from_the_saved_list(page, base_url):
    app.open_ready(page, f"{base_url}/index.html?test=1")
    assert GAME in game_options(page), describe(page)
    app.start_from_home(page, GAME, players=2, seats=["human", "random"], seed=3)
    wait_ready(page)
    app.set_speed(page, "fast")
    assert app.play_until_over(page, max_steps=20, deadline_s=60) >= 3  # three rounds, one bid each
    view = page.evaluate("() => window.pgcGame.session.reply.view")
    assert view["over"] is True and view["game"] == GAME
    cells = page.locator(app.sel("scores")).all()
    shown = {int(e.get_attribute("data-seat")): int(e.inner_text()) for e in cells}
    assert shown == dict(enumerate(view["scores"]["totals"])), shown
    # the host engine agrees with the saved game
    app.wait_saved(page)
    (save_id, text), = app.saves(page).items()
    state = games.get(GAME).load(text)
    assert games.get(GAME).scores(state)["totals"] == view["scores"]["totals"]

    # the home page lists it from its stored summary, and opens it again
    app.open_ready(page, f"{base_url}/index.html")
    row = app.saved_row(page, save_id)
    assert row.get_attribute("data-state") == "ok", describe(page)
    assert re.search(r"game over", row.inner_text(), re.I), row.inner_text()
    assert re.search(rf"{view['actions_played']} actions", row.inner_text()), row.inner_text()
    row.locator(app.sel("resume")).click()
    page.wait_for_url(re.compile(rf"play\.html\?save={save_id}"))
    wait_ready(page)
    wait_not_busy(page)
    assert page.locator(app.sel("game_over")).is_visible(), describe(page)
    assert app.actions_played(page) == view["actions_played"]


def test_toy_by_url_on_the_game_page(page, base_url):
    page.goto(f"{base_url}/play.html?game={GAME}&players=2&seed=5&bots=human,random&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    # the board marks the legal bids on the viewer's own chip pile; clicking it offers the bids
    page.locator("#game [data-testid='board-target']").click()
    choices = page.locator("#game [data-testid='choice-action']")
    assert choices.count() == 3, describe(page)  # bid 0, 1 or 2 of 3 chips
    choices.last.click()
    wait_not_busy(page)
    chips = page.evaluate("() => window.pgcGame.session.reply.view.chips[0]")
    assert chips == 1, describe(page)  # the last choice was a bid of 2 of the 3 chips
    app.play_until_over(page, max_steps=20, deadline_s=60)


def play_embed_to_the_end(frame) -> None:
    for _ in range(20):
        frame.wait_for_function(
            "document.documentElement.getAttribute('data-busy') !== 'true'", timeout=30_000
        )
        if frame.locator("[data-testid='game-over']:visible").count():
            return
        frame.locator("[data-testid='legal-action'][data-action]").first.click()
    raise AssertionError(f"the embedded toy game did not end: {describe(frame)}")


def test_toy_in_the_embed_page_plays_and_steps(page, base_url):
    page.goto(f"{base_url}/embed.html?game={GAME}&players=2&seed=9&speed=fast")
    wait_ready(page)
    play_embed_to_the_end(page)
    assert page.locator("[data-testid='final-score']").count() == 2, describe(page)
    text = page.evaluate("window.pgcGame.session.saveText()")
    total = len(json.loads(text)["actions"])

    # step mode through the same game: webapi "step" moves along the loaded action list
    b64 = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    page.goto(f"{base_url}/embed.html?save={b64}&step=1&seat=0")
    wait_ready(page)
    pos = page.locator("[data-testid='step-pos']")
    assert re.search(rf"\b0\b.*\b{total}\b", pos.inner_text()), pos.inner_text()
    for n in range(1, total + 1):
        page.locator(app.sel("step_next")).click()
        assert re.search(rf"\b{n}\b.*\b{total}\b", pos.inner_text()), pos.inner_text()
        # the last action as seat 0 may read it: its own bid in full, the other seat's sealed bid
        # as the log's redacted line (webapi step "played")
        last = page.locator("[data-testid='status'] .last-move").inner_text()
        if json.loads(text)["actions"][n - 1][0] == 0:
            assert re.search(r"Bid \d", last), describe(page)
        else:
            assert "committed a bid" in last and not re.search(r"\d", last), describe(page)
    assert page.locator("[data-testid='game-over']:visible").count() == 1, describe(page)
    page.locator(app.sel("step_prev")).click()
    assert page.locator("[data-testid='game-over']:visible").count() == 0, describe(page)
