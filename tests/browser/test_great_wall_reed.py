"""A human seat hands a Reed Clan choice to a bot (issue 18 §5), by a click, at both sizes.

A 2-player game (seat 0 human, seat 1 the heuristic bot) from a save reached by playing the engine in
Python, where seat 0 must move the Reed Clan's clerks for it (L715: the acting player decides for the
Reed Clan). The action panel offers "Let the bot decide for the Reed Clan" (web/app/kit/automa.js);
the click makes the decision (the heuristic's choice, as seat 0's own action in the stored save) and
the game goes on. Undo takes it back like any move, and the button shows again.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from pygame_core import bots, games
from pygame_core.games.great_wall import reed
from pygame_core.kernel import decisions
from tests.browser import app
from tests.browser.support import ON_SCREEN, describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "great_wall"
SIZES = [(1366, 768), (390, 844)]
IDS = ["desktop", "phone"]
BUTTON = "[data-testid='bot-decide']"


@cache
def reed_save() -> tuple[str, int]:
    """A 2-player game, heuristic play, stopped at the first Reed Clan choice of seat 0; its length."""
    game = games.get(GAME)
    seats = [{"kind": "human", "name": "P1"}, {"kind": "heuristic", "name": "P2"}]
    meta = {"seats": seats, "created": 1, "lang": "en", "app": "pygame_core-web"}
    for seed in range(10):
        state = game.new_game(players=2, seed=seed, options={"mode": "two_player"}, meta=meta)
        seat_bots = [bots.make("heuristic", GAME, seed * 10 + i) for i in range(2)]
        while game.to_move(state):
            seat = game.to_move(state)[0]
            top = decisions.top_for(state.data, seat)
            if seat == 0 and top is not None and top["kind"] in reed.AUTOMA_KINDS:
                return game.save(state), len(state.history)
            state = game.apply(state, seat, seat_bots[seat].choose(game, state, seat))
    raise AssertionError("no Reed Clan choice for seat 0 in 10 games")


def stored_actions(page: Any) -> list[Any]:
    app.wait_saved(page)
    return list(json.loads(app.saves(page)["gw"])["actions"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_let_the_bot_decide_for_the_reed_clan(contexts, base_url, size):
    text, n = reed_save()
    phone = size[0] < 500
    ctx, _ = contexts.new(viewport={"width": size[0], "height": size[1]}, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    app.put_saves(page, base_url, {"gw": text})
    page.goto(f"{base_url}/play.html?save=gw&lang=en&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    top = page.evaluate("() => window.pgcGame.session.reply.view.decisions.at(-1)")
    assert top["kind"] in reed.AUTOMA_KINDS and top["automa"] == "reed" and top["seats"] == [0], top
    legal = [li["action"] for li in page.evaluate("() => window.pgcGame.session.reply.legal")]
    button = page.locator(BUTTON)
    assert button.count() == 1, describe(page)
    assert button.inner_text().strip() == "Let the bot decide for the Reed Clan"
    button.scroll_into_view_if_needed()
    assert button.evaluate(ON_SCREEN), f"the button is hidden: {describe(page)}"
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    button.click()
    wait_not_busy(page)
    # the decision is made, as seat 0's own action: the heuristic's choice among the legal ones
    actions = stored_actions(page)
    assert len(actions) > n, describe(page)
    seat, action = actions[n]
    assert seat == 0 and action in legal, (seat, action)
    # the game goes on: someone is to move, and the page is not in error
    v = page.evaluate("() => window.pgcGame.session.reply.view")
    assert v["actions_played"] > n and not v["over"] and v["to_move"], describe(page)
    assert not app.visible(page, "error"), describe(page)
    # undo takes it back like any move (to the choice, where the button shows again)
    while (app.actions_played(page) or 0) > n and page.locator(app.sel("undo")).is_enabled():
        page.locator(app.sel("undo")).click()
        wait_not_busy(page)
    assert app.actions_played(page) == n, describe(page)
    assert page.locator(BUTTON).count() == 1, describe(page)
