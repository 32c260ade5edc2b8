"""Civilization's board beyond the map, at desktop and phone sizes: every civilization sheet shows the
government, the trade and economy dials, the tech pyramid and the military ranks as the view says; the
battle screen shows both sides' fronts and a card is played by clicking it and then a front; the
culture track and the market are on the board. Positions are reached by playing the engine in Python
and opened as saves (the fixtures fail a test on any request outside 127.0.0.1 and on page errors).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe, format_violations, run_axe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "civilization"  # the game this file plays
SIZES = [(1366, 768), (390, 844)]
IDS = ["desktop", "phone"]


def _play(players: int, seed: int, stop: Any, limit: int = 4000) -> Any:
    """Random play (progress preferred) from a new full game until ``stop(state, view0)``; None if never."""
    game = games.get(GAME)
    seats = [{"kind": "human" if i == 0 else "random", "name": f"P{i + 1}"} for i in range(players)]
    meta = {"seats": seats, "created": 1, "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=players, seed=seed, options={"game": "full"}, meta=meta)
    rng = random.Random(seed)
    for _ in range(limit):
        to_move = game.to_move(state)
        if not to_move:
            return None
        if stop(state, game.view(state, 0)):
            return state
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        legal = game.legal_actions(state, seat)
        pref = [a for a in legal if a["type"] in ("found", "advance", "produce", "research")]
        state = game.apply(state, seat, rng.choice(pref if pref and rng.random() < 0.6 else legal))
    return None


@cache
def battle_save() -> str:
    """A save where seat 0 (human) must play a card in a battle with at least one front on the table."""

    def stop(state: Any, v: dict[str, Any]) -> bool:
        b = v.get("battle")
        return bool(b and b.get("hand") and b.get("fronts") and 0 in games.get(GAME).to_move(state))

    for seed in range(1, 40):
        state = _play(2, seed, stop)
        if state is not None:
            return games.get(GAME).save(state)
    raise AssertionError("random play never reached a battle where seat 0 plays")


@cache
def sheet_save() -> str:
    """A three-player save some turns in, when seat 0 may act."""
    state = _play(3, 7, lambda s, v: v["turn"] >= 8 and 0 in games.get(GAME).to_move(s))
    assert state is not None, "random play never reached turn 8"
    return games.get(GAME).save(state)


def open_save(contexts: Any, base_url: str, text: str, size: tuple[int, int], lang: str = "en") -> Any:
    w, h = size
    phone = w < 500
    ctx, _ = contexts.new(viewport={"width": w, "height": h}, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    app.put_saves(page, base_url, {"civ": text})
    page.goto(f"{base_url}/play.html?save=civ&lang={lang}&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    return page


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.pgcGame.session.reply.view")


def names() -> dict[str, Any]:
    import json
    from pathlib import Path

    text = (Path(__file__).parents[2] / "web/games/civilization/names.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("{") : text.rindex("}") + 1])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_every_sheet_shows_dials_government_pyramid_and_ranks(contexts, base_url, size):
    page = open_save(contexts, base_url, sheet_save(), size)
    v = view(page)
    n = names()
    sheets = page.locator("[data-testid='civ-sheet']")
    assert sheets.count() == v["players"] == 3
    for civ in v["civs"]:
        sheet = page.locator(f"[data-testid='civ-sheet'][data-seat='{civ['seat']}']")
        sheet.scroll_into_view_if_needed()
        trade = sheet.locator("[data-testid='dial-trade']")
        coin = sheet.locator("[data-testid='dial-coin']")
        assert trade.is_visible() and coin.is_visible(), describe(page)
        assert trade.get_attribute("aria-valuenow") == str(civ["trade"])
        assert coin.get_attribute("aria-valuenow") == str(civ["coins"])
        assert trade.get_attribute("aria-valuemax") == "27" and coin.get_attribute("aria-valuemax") == "15"
        gov = "Anarchy" if civ["government"] == "anarchy" else n["gov"][civ["government"]]["name"]["en"]
        assert gov in sheet.locator(".gov").inner_text()
        pyramid = sheet.locator("[data-testid='tech-pyramid']")
        assert pyramid.locator(".tech:not(.empty)").count() == len(civ["techs"])
        for tech in civ["techs"]:  # each tech sits in its row (a starting tech in row 1)
            row = pyramid.locator(f".pyr-row[data-level='{tech['row']}']")
            assert n["tech"][tech["id"]]["name"]["en"] in row.inner_text(), (tech, row.inner_text())
        ranks = sheet.locator(".ranks").inner_text()
        for unit, rank in civ["ranks"].items():
            if rank:
                assert n["unit"][unit]["ranks"][rank - 1]["en"] in ranks, (unit, rank, ranks)
        assert sheet.locator("[data-testid='civ-traits']").is_visible()
        if civ["forces"] is not None:  # own forces: every card counted once
            shown = sheet.locator("[data-testid='standing-forces'] .f-chip").evaluate_all(
                "els => els.map(e => +(e.querySelector('small')?.textContent.slice(1) || 1))"
            )
            assert sum(shown) == len(civ["forces"])
    track = page.locator("[data-testid='civ-culture-track']")
    track.scroll_into_view_if_needed()
    assert track.locator(".pawn").count() == 3, "one pawn per player on the culture track"
    assert track.locator("[data-testid='culture-track-key']").is_visible()
    assert page.locator("[data-testid='civ-market']").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0], "the page scrolls sideways"


def fronts_shown(page: Any) -> list[tuple[str, str]]:
    """Per front on screen, the text of the attacker's and the defender's slot."""
    return page.locator("[data-testid='battle-front']").evaluate_all(
        "els => els.map(e => ['.f-slot.a', '.f-slot.d'].map(s => e.querySelector(s).innerText.trim()))"
    )


def check_fronts(page: Any, b: dict[str, Any]) -> None:
    n = names()
    shown = fronts_shown(page)
    assert len(shown) == len(b["fronts"]), (shown, b["fronts"])
    for (a_txt, d_txt), front in zip(shown, b["fronts"], strict=True):
        for txt, unit in ((a_txt, front["a"]), (d_txt, front["d"])):
            if unit is None:
                assert txt == "—", (txt, front)
            else:
                name = n["unit"][unit["type"]]["name"]["en"]
                assert name in txt and str(unit["strength"]) in txt, (txt, unit)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_battle_shows_both_fronts_and_a_card_is_played_by_clicks(contexts, base_url, size):
    page = open_save(contexts, base_url, battle_save(), size)
    b = view(page)["battle"]
    battle = page.locator("[data-testid='civ-battle']")
    assert battle.is_visible(), describe(page)
    sides = battle.locator("[data-testid='battle-side']")
    assert sides.count() == 2
    assert sides.nth(0).get_attribute("data-side") == "a" and sides.nth(1).get_attribute("data-side") == "d"
    assert battle.locator(f"[data-testid='battle-side'][data-side='{b['side']}'] .b-you").count() == 1
    check_fronts(page, b)
    assert page.locator("svg.civ-map [data-testid='battle-square']").count() == 1
    # only legal choices are clickable: every button of the battle is a card or a front of a legal play
    legal = page.evaluate("() => window.pgcGame.session.reply.legal.map(l => l.action)")
    keys = {f"bcard:{a['card']}" for a in legal if a["type"] == "play"}
    keys |= {f"front:{a['front']}" for a in legal if a["type"] == "play"}
    shown_keys = set(battle.locator("button[data-key]").evaluate_all("els => els.map(e => e.dataset.key)"))
    assert shown_keys and shown_keys <= keys, (shown_keys, keys)
    # the hand: one chip per card; click one, then a front (an enemy unit or a new front)
    hand = battle.locator(".b-hand [data-key^='bcard:']")
    assert hand.count() == len(b["hand"])
    before = app.actions_played(page)
    hand.first.click()
    if app.actions_played(page) == before:  # the card has several targets: pick one on the board
        target = battle.locator("[data-key^='front:']:not(.selected)")
        assert target.count() >= 1, describe(page)
        target.first.click()
    wait_not_busy(page)
    assert app.actions_played(page) > before, f"clicking a card and a front played nothing: {describe(page)}"
    after = view(page).get("battle")
    if after:  # the screen follows the view as cards are played
        check_fronts(page, after)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0], "the page scrolls sideways"


def test_battle_screen_in_traditional_chinese(contexts, base_url):
    page = open_save(contexts, base_url, battle_save(), (390, 844), lang="zh-Hant")
    heads = page.locator("[data-testid='battle-side']").all_inner_texts()
    assert "攻方" in heads[0] and "守方" in heads[1], heads
    assert "由你操作" in " ".join(heads)


@pytest.mark.parametrize("which", ["sheet", "battle"])
def test_board_has_no_serious_accessibility_violations(contexts, base_url, which):
    page = open_save(contexts, base_url, sheet_save() if which == "sheet" else battle_save(), (1366, 768))
    violations = run_axe(page)
    assert not violations, format_violations(f"the Civilization board ({which})", violations)
