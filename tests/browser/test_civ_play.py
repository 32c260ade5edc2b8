"""Civilization through clicks on play.html (opened by address): a whole learning game with one
human seat against bots at desktop and phone sizes, movement by clicking a figure then a highlighted
square, and the long lists going step by step. The fixtures fail a test on any request outside
127.0.0.1 and on uncaught page errors.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "civilization"  # the game this file plays
MAX_BUTTONS = 15
# The learning game ends when a player founds a third city (seed L322). The human clicks "found"
# whenever it is offered and otherwise ends its phases, so the heuristic bot's expansion (or its own)
# ends the game; seed 3 ends in about 15 turns (≈100 human clicks).
SEED = 3
PREFER = ("found", "end_start", "end_trade", "end_city", "end_move", "stop", "research", "decline", "accept")


def open_game(
    page: Any, base_url: str, players: int = 2, seed: int = SEED, bot: str = "heuristic", lang: str = "en"
) -> None:
    url = app.play_url(GAME, players=players, seed=seed, humans=1, bot=bot, options={"game": "learning"})
    page.goto(f"{base_url}/{url}&lang={lang}")
    wait_ready(page)
    wait_not_busy(page)


def played(page: Any) -> int:
    n = app.actions_played(page)
    assert n is not None, describe(page)
    return n


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.pgcGame.session.reply.view")


def buttons(page: Any) -> Any:
    return page.locator("#game .act-body button[data-action], #game .act-body button[data-key]")


def check_list_is_short(page: Any) -> None:
    n = buttons(page).count()
    assert n <= MAX_BUTTONS, (
        f"{n} buttons in the action list (step by step means at most {MAX_BUTTONS}): {describe(page)}"
    )


def click_preferred(page: Any) -> bool:
    """Click the preferred direct action, else the first action or facet; False when there is none."""
    acts = page.locator("#game .act-body button[data-action]:visible")
    types = [json.loads(a)["type"] for a in acts.evaluate_all("els => els.map(e => e.dataset.action)")]
    for want in PREFER:
        if want in types:
            acts.nth(types.index(want)).click()
            return True
    if types:
        acts.first.click()
        return True
    facets = page.locator("#game .act-body button[data-key]:visible")
    if facets.count():
        facets.first.click()
        return True
    return False


def move_by_map(page: Any) -> bool:
    """Movement by clicks on the map: a figure (a highlighted stack), then a highlighted square."""
    stacks = page.locator("svg.civ-map .hot.pick[data-mapkey^='stack:']")
    if not stacks.count():
        return False
    before = played(page)
    frm = int(stacks.first.get_attribute("data-mapkey").split(":")[1])
    legal = page.evaluate("() => window.pgcGame.session.reply.legal.map(l => l.action)")
    options = [a for a in legal if a.get("from") == frm and a["type"] in ("move", "explore")]
    stacks.first.click()
    wait_not_busy(page)
    if played(page) > before:  # the shell plays a key's only candidate at once
        assert len(options) == 1, options
        return True
    reach = page.locator("svg.civ-map .hot.reach[data-mapkey^='sq:']")
    assert reach.count() > 0, f"a selected figure shows no reachable square: {describe(page)}"
    # every highlighted square is the destination of a legal action (the renderer never decides)
    keys = reach.evaluate_all("els => els.map(e => e.dataset.mapkey)")
    targets = {f"sq:{a['to']}" for a in legal if a["type"] == "move" and a["from"] == frm}
    assert set(keys) <= targets, (keys, targets)
    reach.first.click()
    wait_not_busy(page)
    # several ways to go there (how many armies/scouts): the choices list, at most a handful
    choice = page.locator("#game .act-body [data-testid='choice-action']:visible")
    if played(page) == before and choice.count():
        assert choice.count() <= MAX_BUTTONS
        choice.first.click()
        wait_not_busy(page)
    assert played(page) > before, f"the map move played nothing: {describe(page)}"
    return True


def play_to_end(page: Any, deadline_s: float = 170.0, map_moves: int = 3) -> int:
    start = time.monotonic()
    clicks = 0
    moved = 0
    while True:
        wait_not_busy(page)
        if app.visible(page, "game_over"):
            return clicks
        assert time.monotonic() - start < deadline_s, (
            f"not over after {deadline_s} s, {clicks} clicks: {describe(page)}"
        )
        check_list_is_short(page)
        v = view(page)
        if v["phase"]["kind"] == "move" and moved < map_moves and not v.get("moving") and move_by_map(page):
            moved += 1
            clicks += 2
            continue
        before = played(page)
        assert click_preferred(page), f"no control and no game over: {describe(page)}"
        clicks += 1
        wait_not_busy(page)
        if played(page) == before:  # a facet narrowed the list: play one of its choices
            assert click_preferred(page), describe(page)
            wait_not_busy(page)


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desktop", "phone"])
def test_learning_game_to_the_end_by_clicks(contexts, base_url, size):
    w, h = size
    phone = w < 500
    ctx, _guard = contexts.new(viewport={"width": w, "height": h}, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    open_game(page, base_url)
    assert page.locator("svg.civ-map").count() == 1
    assert page.locator("[data-testid='civ-sheet']").count() == 2
    clicks = play_to_end(page)
    assert clicks > 10, clicks
    v = view(page)
    assert v["over"] and v["victory"] == "learning", v.get("victory")
    # some player founded a third city (L322)
    owners = [c["owner"] for c in v["cities"]]
    assert max(owners.count(s) for s in set(owners)) >= 3, v["cities"]
    # the board says why the game ended, naming who founded the third city
    third = [s for s in set(owners) if owners.count(s) >= 3]
    over = page.locator("[data-testid='civ-over']").inner_text()
    assert "third city" in over and all(f"P{s + 1}" in over for s in third), over
    assert page.locator("[data-testid='game-over']").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= w, "the page scrolls sideways"


def test_step_by_step_offers_in_trade(contexts, base_url):
    """Trade offers are hundreds of combinations: partner, then what to give, then what to get."""
    ctx, _ = contexts.new(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    open_game(page, base_url, players=3, bot="random")
    for _ in range(80):
        wait_not_busy(page)
        trade = view(page)["phase"]["kind"] == "trade"
        if trade and page.locator("#game .act-body [data-key^='to:']").count():
            break
        assert click_preferred(page) or app.visible(page, "game_over")
    else:
        pytest.fail(f"never reached the trade phase with offers: {describe(page)}")
    total = page.evaluate("() => window.pgcGame.session.reply.legal.length")
    assert total > MAX_BUTTONS
    check_list_is_short(page)
    page.locator("#game .act-body [data-key^='to:']").first.click()
    check_list_is_short(page)
    give = page.locator("#game .act-body [data-key^='give:']")
    if give.count():
        give.first.click()
        check_list_is_short(page)
    assert page.locator("#game .act-body [data-testid='choice-action']").count() >= 1
