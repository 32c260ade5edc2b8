"""axe-core (vendored from npm): no serious or critical violation on home, game, pass-device, embed."""

from __future__ import annotations

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import format_violations, run_axe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)
# a desktop and a phone (the phone's top bar once hid its controls' names)
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_axe_home_page(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    app.open_ready(page, f"{base_url}/index.html")
    page.locator(app.sel("new_game_form")).wait_for(state="visible")
    bad = run_axe(page)
    assert not bad, format_violations(f"index.html ({size})", bad)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", games.available())
def test_axe_every_game_page_at_both_sizes(page, base_url, game, size):
    """Each playable game's page as it opens (at 390 px the top bar's icons once lost their names)."""
    page.set_viewport_size(SIZES[size])
    players = max(2, games.get(game).min_players)  # The Great Wall is for 3-4 players
    page.goto(f"{base_url}/{app.play_url(game, players=players, seed=3, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    assert page.locator("#game [data-testid='board']").count(), "no game board: the address was refused"
    # every top-bar control is there, with its words (the phone once hid the bot speed and the labels)
    assert page.locator("[data-testid='bot-speed']").is_visible()
    for hook in ("home-link", "export-current", "help"):
        words = page.locator(f"#topbar [data-testid='{hook}']").inner_text().strip()
        assert words, f"{hook} shows no words at {size}"
    bad = run_axe(page)
    assert not bad, format_violations(f"play.html {game} ({size})", bad)


def test_axe_game_page_mid_game(page, base_url):
    page.goto(f"{base_url}/{app.play_url(GAME, players=3, seed=5, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    for _ in range(8):
        assert app.step(page) == "action"
    report = []
    bad = run_axe(page)
    if bad:
        report.append(format_violations("play.html mid-game (3 players, 8 human actions)", bad))
    # and the game-over panel of a finished game (the quick 2-player game is short)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=6, humans=1, options={'mode': 'quick'})}")
    wait_ready(page)
    app.play_until_over(page, max_steps=300, deadline_s=180)
    bad = run_axe(page)
    if bad:
        report.append(format_violations("play.html game over", bad))
    assert not report, "\n".join(report)


@pytest.mark.parametrize("size", SIZES)
def test_axe_pass_device_screen(page, base_url, size):
    """Two humans on one device: the pass-the-device screen (in Chinese, to cover lang markup too)."""
    page.set_viewport_size(SIZES[size])
    page.goto(f"{base_url}/{app.play_url(GAME, players=3, seed=8, humans=2)}&lang=zh-Hans")
    wait_ready(page)
    wait_not_busy(page)
    page.locator(app.sel("pass_continue")).wait_for(state="visible")
    bad = run_axe(page)
    assert not bad, format_violations("play.html pass-the-device screen", bad)


@pytest.mark.parametrize("size", SIZES)
def test_axe_embed(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    page.goto(f"{base_url}/embed.html?game={GAME}&players=2&seed=5&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    bad = run_axe(page)
    assert not bad, format_violations("embed.html", bad)


def test_axe_check_can_fail(page, host_server, host_dir):
    """The control: a page with known serious violations is reported (so a pass above means something)."""
    (host_dir / "inaccessible.html").write_text(
        "<!doctype html><html><head><link rel='icon' href='data:,'></head><body>"
        "<img src='data:,'><button></button><input type='text'>"
        "<p style='color:#777;background:#888'>low contrast text</p></body></html>",
        encoding="utf-8",
    )
    page.goto(f"{host_server.url}/inaccessible.html")
    ids = {v["id"] for v in run_axe(page)}
    assert {"image-alt", "button-name"} <= ids, ids
