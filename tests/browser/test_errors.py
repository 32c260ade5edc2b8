"""Bad addresses: unknown game, bad options, missing saves give a clear message, never a blank page."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from tests.browser import app
from tests.browser.support import describe, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)


def new(settings: str) -> str:
    return f"play.html?new={quote(settings)}"


def ours(cases: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The addresses with @GAME@ (kept apart from the URL-escaped % signs) replaced by this file's game."""
    return [(u.replace(quote("@GAME@"), GAME).replace("@GAME@", GAME), m) for u, m in cases]


# (url, what the message must mention)
BAD_PLAY = ours([
    (new('{"game":"no_such_game","players":2,"seed":1}'), r"no_such_game"),
    (new('{"game":"@GAME@","players":9,"seed":1}'), r"player"),
    (new("{not json"), r"not valid JSON"),
    ("play.html?game=no_such_game&players=2", r"no_such_game"),
    ("play.html?game=@GAME@&players=9", r"2-4 players, not 9"),
    ("play.html?game=@GAME@&options=%7B%22colour%22%3A1%7D", r"unknown option 'colour'"),
    (new('{"game":"@GAME@","players":2,"seats":[{"kind":"alien"},{"kind":"human"}]}'), r"alien"),
    ("play.html?save=no-such-id", r"no saved game"),
    ("play.html", r"expected"),
])
BAD_EMBED = ours([
    # embed.html?game=no_such_game: see test_embed.py
    ("embed.html?game=@GAME@&players=9&seed=1", r"player"),
    ("embed.html?game=@GAME@&players=2&seed=1&options=%7Bbad", r"not valid JSON"),
    ("embed.html?game=@GAME@&players=2&seed=1&options=%7B%22mode%22%3A%22turbo%22%7D", r"mode|turbo"),
    ("embed.html?save=%7B%22format%22%3A1%7D&step=1", r"save|corrupt|missing"),
    ("embed.html?game=@GAME@&players=2&seed=9223372036854775808", r"not 9223372036854775808"),
    ("embed.html?game=@GAME@&players=2&bots=human,alien", r"unknown seat kind \"alien\""),
    ("embed.html", r"missing game"),
])


def check_error_page(page, url: str, mention: str) -> None:
    page.goto(url)
    wait_ready(page)
    banner = page.locator("[data-testid='error-banner']:visible")
    assert banner.count() == 1, f"{url}: no visible error banner: {describe(page)}"
    text = banner.inner_text().strip()
    assert len(text) > 20, f"{url}: error message too short to be clear: {text!r}"
    assert re.search(mention, text, re.I), f"{url}: message does not mention {mention!r}: {text!r}"
    # no half-started game beside the message
    assert page.locator("[data-testid='legal-action']").count() == 0, f"{url}: {describe(page)}"


@pytest.mark.parametrize("url,mention", BAD_PLAY, ids=[u for u, _ in BAD_PLAY])
def test_play_page_bad_address_shows_clear_error(page, base_url, url, mention):
    check_error_page(page, f"{base_url}/{url}", mention)
    assert page.locator("[data-testid='home-link']:visible").count() >= 1, "no way back home from the error"


@pytest.mark.parametrize("url,mention", BAD_EMBED, ids=[u for u, _ in BAD_EMBED])
def test_embed_bad_address_shows_clear_error(page, base_url, url, mention):
    check_error_page(page, f"{base_url}/{url}", mention)
    assert page.get_attribute("html", "data-error") == "true"


def test_good_addresses_are_not_errors(page, base_url):
    """The control: the same checks on good addresses find a game, not an error."""
    for url in (
        app.play_url(GAME, players=2, seed=3),
        f"play.html?game={GAME}&players=3&seed=3&bots=human,random,heuristic&speed=fast",
        f"embed.html?game={GAME}&players=2&seed=3&speed=fast",
    ):
        page.goto(f"{base_url}/{url}")
        wait_ready(page)
        assert page.locator("[data-testid='error-banner']:visible").count() == 0, describe(page)
        page.locator("[data-testid='legal-action'][data-action]").first.wait_for(
            state="attached", timeout=30_000
        )


@pytest.mark.parametrize("page_url", [f"{n}.html?game={GAME}&players=2" for n in ["embed", "play"]])
def test_seed_beyond_2_pow_53_reaches_the_engine_exactly(page, base_url, page_url):
    """Seeds go up to 2^63-1: a JS number would round them and silently start another game."""
    for seed in ("9223372036854775807", "9007199254740993"):
        page.goto(f"{base_url}/{page_url}&seed={seed}&speed=fast")
        wait_ready(page)
        assert page.locator("[data-testid='error-banner']:visible").count() == 0, describe(page)
        save = page.evaluate("window.pgcGame.session.saveText()")
        assert re.search(r'"seed"\s*:\s*(\d+)', save).group(1) == seed, save[:200]
