"""Saves made under other rules (an older version of the site): offered to continue, never called tampered.

webapi ``load`` reports such a save as ``stale`` (every move replays, the end differs from the checksum)
or ``broken_at`` (move ``at`` is not legal any more). The page must keep the original text untouched
until the player accepts, let it be exported byte for byte, and then save the game under the current
rules while keeping the original as its own exportable item.
"""

from __future__ import annotations

import json
import re

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe, format_violations, run_axe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)
OLD_VERSION = "0.1.0"


def real_save(seed: int, n_actions: int) -> str:
    """A save made by the engine, stopped where the human seat 0 is the only one to move."""
    game = games.get(GAME)
    meta = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "random", "name": "Bot"}], "created": 1}
    state = game.new_game(players=2, seed=seed, meta=meta)
    played = 0
    while played < n_actions or game.to_move(state) != [0]:
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
        played += 1
        assert played < 300
    return game.save(state)


def made_stale(text: str) -> str:
    """The same moves, with another checksum and an older engine version (as an older site wrote it)."""
    doc = json.loads(text)
    doc["checksum"] = "0" * len(doc["checksum"])
    doc["engine_version"] = OLD_VERSION
    doc.pop("snapshot", None)
    return json.dumps(doc)


def made_broken(text: str, at: int) -> str:
    """Move ``at`` changed into one the current rules refuse, older engine version."""
    doc = json.loads(text)
    seat, action = doc["actions"][at]
    doc["actions"][at] = [seat, {**action, "type": "retired_action"}]
    doc["engine_version"] = OLD_VERSION
    doc.pop("snapshot", None)
    return json.dumps(doc)



def stored(page, key: str) -> str | None:
    return page.evaluate("(k) => localStorage.getItem(k)", key)


NEVER = re.compile(r"tamper|modif|edited|damaged", re.I)


def test_stale_and_broken_saves_are_offered_and_the_original_is_kept(page, base_url, tmp_path):
    good = real_save(seed=61, n_actions=8)
    stale = made_stale(good)
    broken_at = 4
    broken = made_broken(real_save(seed=62, n_actions=9), broken_at)
    assert games.get(GAME).load_report(stale)["status"] == "stale"
    assert games.get(GAME).load_report(broken)["status"] == "broken_at"
    app.put_saves(page, base_url, {"stale": stale, "broken": broken})

    # the saved list: both resumable, each with a note in words, nothing rewritten
    app.open_ready(page, f"{base_url}/index.html?lang=en")
    for sid in ("stale", "broken"):
        row = app.saved_row(page, sid)
        assert row.get_attribute("data-state") == "ok", describe(page)
        note = row.locator("[data-testid='saved-game-old']")
        assert re.search(r"older version of the site", note.inner_text()), note.inner_text()
        assert not NEVER.search(row.inner_text()), row.inner_text()
    assert app.saves(page) == {"stale": stale, "broken": broken}

    # open the stale one: the offer, in words; the text stays untouched until accepted
    app.saved_row(page, "stale").locator(app.sel("resume")).click()
    wait_ready(page)
    offer = page.locator("[data-testid='old-save-offer']")
    offer.wait_for(state="visible")
    text = offer.inner_text()
    assert offer.get_attribute("data-status") == "stale"
    assert re.search(r"older version of the site", text) and OLD_VERSION in text, text
    assert re.search(r"current rules", text), text
    assert not NEVER.search(text), text
    assert not page.locator(app.sel("action")).count(), "the game is playable before the offer is accepted"
    assert stored(page, "pgc.save.stale") == stale, "the save was rewritten before the player accepted"
    violations = run_axe(page)
    assert not violations, format_violations("the old-save offer", violations)

    # export original: the original bytes
    with page.expect_download() as dl:
        offer.locator("[data-testid='export-original']").click()
    path = tmp_path / "orig.json"
    dl.value.save_as(path)
    assert path.read_bytes() == stale.encode("utf-8")

    # accept: saved under the current rules, the original kept apart; play on
    offer.locator("[data-testid='old-accept']").click()
    wait_not_busy(page)
    page.locator("[data-testid='old-save-accepted']").wait_for(state="visible")
    app.wait_saved(page)  # stored whole once the page is idle (webapi "journal": no base of it yet)
    assert stored(page, "pgc.orig.stale") == stale
    now = json.loads(stored(page, "pgc.save.stale"))
    assert now["engine_version"] != OLD_VERSION
    assert games.get(GAME).load_report(json.dumps(now))["status"] == "ok"
    before = app.actions_played(page)
    assert app.step(page) == "action"
    assert app.actions_played(page) > before
    app.wait_saved(page)
    assert len(json.loads(app.saves(page)["stale"])["actions"]) == app.actions_played(page)

    # the broken one: resume from just before move at+1
    page.goto(f"{base_url}/play.html?save=broken&lang=en")
    wait_ready(page)
    offer = page.locator("[data-testid='old-save-offer']")
    offer.wait_for(state="visible")
    text = offer.inner_text()
    assert offer.get_attribute("data-status") == "broken_at"
    assert re.search(rf"Move {broken_at + 1}\b.*not possible under the current rules", text), text
    assert re.search(rf"after {broken_at} moves", text), text
    assert not NEVER.search(text), text
    offer.locator("[data-testid='old-accept']").click()
    wait_not_busy(page)
    assert app.actions_played(page) is not None and app.actions_played(page) >= broken_at
    assert stored(page, "pgc.orig.broken") == broken

    # home lists the kept originals; exporting one gives its original bytes; deleting it removes it only
    app.open_ready(page, f"{base_url}/index.html?lang=en")
    orig = page.locator("[data-testid='original-save'][data-id='stale']")
    orig.wait_for(state="visible")
    with page.expect_download() as dl:
        orig.locator("[data-testid='export-original']").click()
    dl.value.save_as(path)
    assert path.read_bytes() == stale.encode("utf-8")
    page.once("dialog", lambda d: d.accept())
    orig.locator("[data-testid='delete-original']").click()
    orig.wait_for(state="detached")
    assert stored(page, "pgc.orig.stale") is None
    assert stored(page, "pgc.save.stale") is not None


def test_an_imported_old_save_is_stored_untouched_and_offered(page, base_url, tmp_path):
    stale = made_stale(real_save(seed=63, n_actions=6))
    f = tmp_path / "old.json"
    f.write_text(stale, encoding="utf-8")
    app.open_ready(page, f"{base_url}/index.html?lang=zh-Hans")
    page.locator(app.sel("import")).set_input_files(str(f))
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('pgc.save.'))")
    (sid, text), *_ = app.saves(page).items()
    assert text == stale
    row = app.saved_row(page, sid)
    note = row.locator("[data-testid='saved-game-old']")
    assert "旧版" in note.inner_text(), note.inner_text()
    row.locator(app.sel("resume")).click()
    wait_ready(page)
    offer = page.locator("[data-testid='old-save-offer']")
    offer.wait_for(state="visible")
    assert "旧版网站" in offer.inner_text() and "目前规则" in offer.inner_text(), offer.inner_text()


OLDER = re.compile(r"older version|舊版|旧版", re.I)


@pytest.mark.parametrize("lang,changed", [("en", "changed or damaged"), ("zh-Hant", "更改或損壞"),
                                          ("zh-Hans", "更改或损坏")])
def test_a_changed_save_of_this_version_is_never_called_older(page, base_url, lang, changed):
    """Issue 16: a save of the current engine version whose moves were edited (or damaged) is said to be
    changed or damaged, never "saved with an older version of the site", in the saved list, the offer
    and the kept original's title; the offer resumes just before the first move that does not fit."""
    good = real_save(seed=64, n_actions=9)
    doc = json.loads(good)
    at = 5
    seat, action = doc["actions"][at]
    doc["actions"][at] = [seat, {**action, "type": "retired_action"}]  # engine_version stays the current one
    edited = json.dumps(doc)
    report = games.get(GAME).load_report(edited)
    assert (report["status"], report["at"], report["cause"]) == ("broken_at", at, "damaged")
    app.put_saves(page, base_url, {"edited": edited})

    app.open_ready(page, f"{base_url}/index.html?lang={lang}")
    note = app.saved_row(page, "edited").locator("[data-testid='saved-game-old']")
    assert changed in note.inner_text() and not OLDER.search(note.inner_text()), note.inner_text()

    page.goto(f"{base_url}/play.html?save=edited&lang={lang}")
    wait_ready(page)
    offer = page.locator("[data-testid='old-save-offer']")
    offer.wait_for(state="visible")
    text = offer.inner_text()
    assert (offer.get_attribute("data-status"), offer.get_attribute("data-cause")) == ("broken_at", "damaged")
    assert changed in text and not OLDER.search(text), text
    assert str(at + 1) in text and str(at) in text, text
    assert stored(page, "pgc.save.edited") == edited
    offer.locator("[data-testid='old-accept']").click()
    wait_not_busy(page)
    assert app.actions_played(page) == at
    assert stored(page, "pgc.orig.edited") == edited

    app.open_ready(page, f"{base_url}/index.html?lang={lang}")
    orig = page.locator("[data-testid='original-save'][data-id='edited']")
    orig.wait_for(state="visible")
    assert changed in orig.inner_text() and not OLDER.search(orig.inner_text()), orig.inner_text()
