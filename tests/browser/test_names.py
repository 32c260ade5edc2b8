"""Player names are capped and lose control characters wherever they come in (issue 16: a 5,000-character
name made the home page 44,245 px wide; a U+202E override showed "evil" as "live")."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, quote, urlparse

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)
LONG = "W" * 5000
RLO = "\u202eevil\u202c"
BAD = ("\u202e", "\u202c", "\u2066", "\u0000", "\u200f")


def save_with_names(names: list[str]) -> str:
    game = games.get(GAME)
    meta = {"seats": [{"kind": "human", "name": n} for n in names], "created": 1, "lang": "en"}
    return game.save(game.new_game(players=len(names), seed=3, options={}, meta=meta))


def shown_names(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("els => els.map(e => e.textContent.trim())")


def assert_clean(texts: list[str]) -> None:
    for text in texts:
        assert not any(c in text for c in BAD), repr(text)
        assert "W" * 41 not in text, f"a name longer than 40 characters: {len(text)}"


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)])
def test_an_imported_save_with_a_long_and_a_bidi_name_fits_and_reads_right(page, base_url, tmp_path, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    path = tmp_path / "names.json"
    path.write_text(save_with_names([LONG, RLO]), encoding="utf-8")
    app.open_ready(page, f"{base_url}/index.html")
    page.locator(app.sel("import")).set_input_files(str(path))
    page.locator(app.sel("saved_row")).first.wait_for()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= size[0], f"the home page is {width} px wide at {size[0]} px"
    names = shown_names(page, "[data-testid='saved-game'] .who")
    assert names == ["W" * 40, "evil"], names
    # the game page shows them cleaned too
    page.locator(app.sel("resume")).first.click()
    wait_ready(page)
    wait_not_busy(page)
    seats = page.evaluate("window.pgcGame.session.seats.map(s => s.name)")
    assert seats == ["W" * 40, "evil"], seats
    if size[0] > 900:
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0], describe(page)
    assert_clean([page.locator("body").inner_text()])


def test_names_in_a_url_and_in_the_new_game_form_are_cleaned(page, base_url):
    # play.html?game=…&names=…
    page.goto(f"{base_url}/play.html?game={GAME}&players=2&seed=1&bots=human,random"
              f"&names={quote(RLO)},{quote(LONG)}&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    assert page.evaluate("window.pgcGame.session.seats.map(s => s.name)") == ["evil", "W" * 40]
    # play.html?new=<settings> with names that did not come from the form
    settings = {"game": GAME, "players": 2, "seed": 1, "options": {},
                "seats": [{"kind": "human", "name": "a\u2066b\u2069\u0000"},
                          {"kind": "random", "name": LONG}]}
    page.goto(f"{base_url}/play.html?new={quote(json.dumps(settings))}&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    assert page.evaluate("window.pgcGame.session.seats.map(s => s.name)") == ["ab", "W" * 40]
    app.wait_saved(page)
    sid = parse_qs(urlparse(page.url).query)["save"][0]  # this game's save (the first game's is stored too)
    text = app.saves(page)[sid]
    assert [s["name"] for s in json.loads(text)["meta"]["seats"]] == ["ab", "W" * 40]
    # the home page form: a pasted override goes before the game starts
    app.open_ready(page, f"{base_url}/index.html")
    page.locator("[data-testid='seat-name-0']").fill(RLO)
    page.locator(app.sel("start")).click()
    wait_ready(page)
    wait_not_busy(page)
    assert page.evaluate("window.pgcGame.session.seats[0].name") == "evil"
