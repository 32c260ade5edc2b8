"""The home page's saved-games list comes from the public summary stored next to each save: saves of an
older build (format-1 index) are replayed once to make one, none is lost, and later visits replay nothing."""

from __future__ import annotations

import json

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe

pytestmark = pytest.mark.browser
GAME = "toy"  # the game this file plays (its only mention of a game id)

def host_save(seed: int, n: int) -> str:
    game = games.get(GAME)
    # two humans: opening the save lets no bot move
    meta = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": ""}], "created": 1}
    state = game.new_game(players=2, seed=seed, meta=meta)
    for _ in range(n):
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    return game.save(state)


def test_older_saves_are_migrated_once_and_then_listed_without_replay(page, base_url):
    texts = {"old1": host_save(1, 2), "old2": host_save(2, 6), "broken": "{not json"}
    legacy = {"old1": {"game": GAME, "players": 2, "updated": 1_700_000_000_000, "actions": 2},
              "old2": {"game": GAME, "players": 2, "updated": 1_700_000_100_000, "actions": 6}}
    page.goto(f"{base_url}/build-info.json")
    page.evaluate(
        "([s, idx]) => { for (const [id, t] of Object.entries(s)) localStorage.setItem('pgc.save.' + id, t);"
        " localStorage.setItem('pgc.index', JSON.stringify(idx)); }",
        [texts, legacy],
    )

    app.open_ready(page, f"{base_url}/index.html")
    rows = {r.get_attribute("data-id"): r for r in page.locator(app.sel("saved_row")).all()}
    assert set(rows) == set(texts), describe(page)
    order = [r.get_attribute("data-id") for r in page.locator(app.sel("saved_row")).all()]
    assert order == ["old2", "old1", "broken"], order  # newest first, by the dates of the old index
    assert rows["old1"].get_attribute("data-state") == "ok" and "2 actions" in rows["old1"].inner_text()
    assert "Ann" in rows["old1"].inner_text()
    assert rows["old2"].get_attribute("data-state") == "ok" and "Game over" in rows["old2"].inner_text()
    assert rows["broken"].get_attribute("data-state") == "damaged", describe(page)
    # a finished game is stored packed, in the background (the same text, a fraction of the room)
    page.wait_for_function("() => (localStorage.getItem('pgc.save.old2') || '').startsWith('Z1:')",
                           timeout=10_000)
    store = app.local_storage(page)
    assert "pgc.index" not in store, "the format-1 index is still there after every save was migrated"
    assert store["pgc.save.old1"] == texts["old1"] and store["pgc.save.broken"] == texts["broken"], \
        "a game not over (or a damaged save) was rewritten"
    assert len(store["pgc.save.old2"]) < len(texts["old2"]) / 2
    for sid, text in texts.items():
        assert app.saves(page)[sid] == text, f"the migration changed the save text of {sid}"
        entry = json.loads(store[f"pgc.sum.{sid}"])
        assert entry["v"] == 2 and entry["game"] == (GAME if sid != "broken" else None), entry
    assert json.loads(store["pgc.sum.old1"])["updated"] == legacy["old1"]["updated"]
    assert json.loads(store["pgc.sum.old2"])["summary"]["over"] is True

    # The next visit lists from the summaries alone. To see that no save is replayed, old1's text is
    # swapped for a longer game behind the page's back: the list still shows the stored summary...
    page.evaluate("(t) => localStorage.setItem('pgc.save.old1', t)", host_save(1, 4))
    app.open_ready(page, f"{base_url}/index.html")
    assert page.locator(app.sel("saved_row")).count() == 3, describe(page)
    assert "2 actions" in app.saved_row(page, "old1").inner_text(), describe(page)
    # ...until the game is opened, which writes the summary of what it loaded
    app.saved_row(page, "old1").locator(app.sel("resume")).click()
    page.wait_for_url(lambda u: "play.html" in u)
    app.open_ready(page, page.url)
    assert app.actions_played(page) == 4, describe(page)
    app.open_ready(page, f"{base_url}/index.html")
    assert "4 actions" in app.saved_row(page, "old1").inner_text(), describe(page)
    # the packed finished game opens as it was
    app.saved_row(page, "old2").locator(app.sel("resume")).click()
    page.wait_for_url(lambda u: "play.html" in u)
    app.open_ready(page, page.url)
    assert app.actions_played(page) == 6 and app.visible(page, "game_over"), describe(page)


def test_a_summary_saved_in_one_language_is_shown_in_the_current_one(page, base_url):
    """Issue 16: a saved game's line stayed in the language it was saved in. An entry stored by an
    older build (its line a plain string, in Traditional Chinese here) is summarized once more, and the
    list then follows the language of the page, also when it is switched, without replaying anything."""
    game = games.get("empires_end")
    meta = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "heuristic", "name": "Bob"}], "created": 1}
    state = game.new_game(players=2, seed=4, meta=meta)
    for _ in range(5):
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    lines = {code: game.summary(state, code)["text"] for code in ("en", "zh-Hant", "zh-Hans")}
    assert len(set(lines.values())) == 3
    entry = {"v": 2, "game": "empires_end", "players": 2, "seats": meta["seats"], "created": 1, "options": {},
             "updated": 1_700_000_000_000,
             "summary": {"text": lines["zh-Hant"], "players": 2, "actions_played": 5, "over": False,
                         "winners": []}}
    page.goto(f"{base_url}/build-info.json")
    page.evaluate("([t, e]) => { localStorage.setItem('pgc.save.zh', t);"
                  " localStorage.setItem('pgc.sum.zh', e); }", [game.save(state), json.dumps(entry)])
    app.open_ready(page, f"{base_url}/index.html?lang=en")
    shown = app.saved_row(page, "zh").locator("[data-testid='saved-summary']")
    page.wait_for_function("(t) => document.querySelector('[data-testid=saved-summary]').textContent === t",
                           arg=lines["en"], timeout=10_000)
    stored = json.loads(app.local_storage(page)["pgc.sum.zh"])
    assert stored["summary"]["text"] == lines and stored["updated"] == entry["updated"], stored
    page.locator("[data-testid='lang-select']").select_option("zh-Hans")
    assert shown.inner_text() == lines["zh-Hans"]
    page.locator("[data-testid='lang-select']").select_option("zh-Hant")
    assert shown.inner_text() == lines["zh-Hant"]
