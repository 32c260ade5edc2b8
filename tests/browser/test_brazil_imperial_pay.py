"""Brazil: Imperial: the player pays a cost by clicks (issue 19 §1, economy.py "Paying"), at desktop and
phone sizes.

From a save of the teaching scenario ``manuel`` just after Player 1 chose to build a third sawmill:
its 1 sugarcane (or 1 coffee, B8) may be paid from the supply, by a gold on either sawmill (L136-139)
or by the gold card (L288), so Player 1 owes a ``pay`` step. The pending box says what is
paid for and what is still owed; the sawmills whose gold may pay are outlined on the map, and a click
on one pays with its gold: the sawmill is built, that tile has lost its gold and the supply keeps its
sugarcane. The other way, the supply's sugarcane, is a button of the action panel.

``BZ_PAY_SHOTS=<dir>`` writes a screenshot of the step at each size.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

from pygame_core import games
from pygame_core.games.brazil_imperial import scenarios
from tests.browser import app
from tests.browser.support import SIZE_IDS, SIZES, describe, new_page, view, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "brazil_imperial"
MAP = "#game svg.bz-map"


@cache
def pay_save() -> str:
    """The scenario's first two scripted actions (the Build arch, the third sawmill): a pay step owed."""
    game = games.get(GAME)
    seats = [{"kind": "human", "name": "P1"}, {"kind": "heuristic", "name": "P2"}]
    meta = {"seats": seats, "created": 1, "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=2, seed=1, options={"scenario": "manuel"}, meta=meta)
    for seat, action in scenarios.script("manuel")[:2]:
        state = game.apply(state, seat, action)
    assert [a["type"] for a in game.legal_actions(state, 0)] == ["pay"] * 4
    return str(game.save(state))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_cost_is_paid_by_a_click_on_a_tile(contexts, base_url, size):
    page, guard = new_page(contexts, size)
    app.put_saves(page, base_url, {"bz": pay_save()})
    page.goto(f"{base_url}/play.html?save=bz&lang=en&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    v = view(page)
    assert v["paying"]["seat"] == 0 and v["paying"]["owed"]["en"] == "1 sugarcane or 1 coffee", describe(page)
    assert "Still owed: 1 sugarcane or 1 coffee" in page.locator("[data-testid='bz-paying']").inner_text()
    # the panel: the supply's sugarcane and the gold card (the tiles are on the map, and in the list)
    labels = page.locator("#game [data-testid='legal-action']").all_inner_texts()
    assert "Pay 1 sugarcane from your supply" in labels, labels
    mills = sorted(
        a["from"]
        for a in (li["action"] for li in page.evaluate("() => window.pgcGame.session.reply.legal"))
        if "," in a["from"]
    )
    assert len(mills) == 2
    for h in mills:
        hot = page.locator(f"{MAP} [data-mapkey='hex:{h}']")
        assert hot.count() == 1, describe(page)
        hot.first.scroll_into_view_if_needed()
    shots = os.environ.get("BZ_PAY_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / f"bz-pay-{size[0]}x{size[1]}.png"), full_page=False)
        page.locator("[data-testid='pending-decisions']").scroll_into_view_if_needed()
        page.screenshot(path=str(Path(shots) / f"bz-pay-{size[0]}x{size[1]}-panel.png"), full_page=False)
    before = app.actions_played(page)
    page.locator(f"{MAP} [data-mapkey='hex:{mills[0]}']").click()
    wait_not_busy(page)
    assert (app.actions_played(page) or 0) > (before or 0), describe(page)
    v = view(page)
    assert v["paying"] is None
    assert v["hexes"][mills[0]]["building"]["goods"] == {"brazilwood": 2}  # its gold paid
    assert v["hexes"][mills[1]]["building"]["goods"] == {"brazilwood": 2, "gold": 1}
    assert v["empires"][0]["supply"] == {"sugarcane": 2}
    built = [h for h, x in v["hexes"].items() if (x["building"] or {}).get("id") == "sawmill"]
    assert len(built) == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    assert guard.outside_requests() == []


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_cost_is_paid_by_a_button_of_the_panel(contexts, base_url, size):
    page, guard = new_page(contexts, size)
    app.put_saves(page, base_url, {"bz": pay_save()})
    page.goto(f"{base_url}/play.html?save=bz&lang=zh-Hant&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    button = page.locator("#game [data-testid='legal-action']", has_text="支付 1 甘蔗：來自個人供應區")
    assert button.count() == 1, describe(page)
    button.click()
    wait_not_busy(page)
    v = view(page)
    assert v["paying"] is None and v["empires"][0]["supply"] == {"sugarcane": 1}, describe(page)
    assert guard.outside_requests() == []
