"""The kit's card and bid form (web/app/kit/card.js, web/app/kit/bid.js) in every game that uses them.

A card's details open from its "i" by a click or from the keyboard (Enter, Tab into them, Escape back to
the "i"), fit a phone's screen, and link into the game's rules; its "?" opens the rules section of its
kind. The one bid form says whether the choice is sealed (Empire's End's Conflict bid, L457) or made in
the open (Through the Ages' colonization auction), keeps what is typed, and plays only a legal bid.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import ROOT, describe, format_violations, run_axe, wait_not_busy, wait_ready
from tests.browser.test_hotseat import save_at_conflict_bid

pytestmark = pytest.mark.browser
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
OPEN = "#game .kc-pop:popover-open"


def rules_of(game: str) -> dict[str, Any]:
    return json.loads((ROOT / "web" / "games" / game / "rules.json").read_text(encoding="utf-8"))


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.pgcGame.session.reply.view")


def open_url(page: Any, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    wait_not_busy(page)
    if app.visible(page, "pass_continue"):  # hotseat: the first seat takes the device
        page.locator(app.sel("pass_continue")).click()
        wait_not_busy(page)


def tta_bid_save() -> str:
    """A two-human Through the Ages save where seat 0 bids in a colonization auction (two bids or more)."""
    g = games.get("through_the_ages")
    meta = {"seats": SEATS, "created": 1, "lang": "en", "app": "pygame_core-web"}
    for seed in range(1, 40):
        state = g.new_game(players=2, seed=seed, options={"mode": "simple"}, meta=meta)
        rnd = random.Random(seed)
        for _ in range(3000):
            to_move = g.to_move(state)
            if not to_move:
                break
            legal = g.legal_actions(state, to_move[0])
            if to_move[0] == 0 and sum(a["type"] == "bid" for a in legal) >= 2:
                return g.save(state)
            events = [a for a in legal if a["type"] == "event"]  # events bring the territories
            state = g.apply(state, to_move[0], rnd.choice(events if events and rnd.random() < 0.7 else legal))
    raise AssertionError("no colonization auction reached")


def check_card(page: Any, card: Any, game: str, size: str) -> None:
    """The card's "?" goes to a rules section; its "i" opens its details by click and by keyboard."""
    rules = rules_of(game)
    sections = {s["id"] for s in rules["sections"]}
    q = card.locator(":scope > .kc-tools > a.rules-q")
    if q.count():
        href = q.get_attribute("href") or ""
        assert q.get_attribute("target") == "_blank" and href.split("#")[1] in sections, href
    info = card.locator(":scope > .kc-tools > .kc-info")
    assert info.count() == 1, card.inner_html()[:300]
    title = (info.get_attribute("aria-label") or "").replace("Details: ", "")
    assert title, info.get_attribute("aria-label")
    # by click: the details, with a "?" into the rules, on screen (a phone too); Close closes them
    info.click()
    pop = page.locator(OPEN)
    assert pop.count() == 1 and pop.is_visible(), describe(page)
    assert title in pop.locator(".pop-h").first.inner_text()
    links = pop.locator("a.rules-q")
    assert links.count() >= 1, pop.inner_html()[:400]
    for i in range(links.count()):
        assert (links.nth(i).get_attribute("href") or "#").split("#")[1] in sections
    box = pop.bounding_box()
    w, h = SIZES[size]["width"], SIZES[size]["height"]
    assert box and box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= w and box["y"] + box["height"] <= h, box
    bad = run_axe(page)
    assert not bad, format_violations(f"{game}: a card's details open", bad)
    pop.locator(".kc-close").click()
    assert page.locator(OPEN).count() == 0
    # by keyboard: Enter on the "i" opens, Tab goes into the details, Escape closes and gives focus back
    info.focus()
    page.keyboard.press("Enter")
    assert page.locator(OPEN).count() == 1, describe(page)
    page.keyboard.press("Tab")
    inside = page.evaluate("() => !!document.activeElement.closest('.kc-pop:popover-open')")
    assert inside, "Tab did not enter the details"
    page.keyboard.press("Escape")
    assert page.locator(OPEN).count() == 0
    back = page.evaluate("() => document.activeElement.classList.contains('kc-info')")
    assert back, "focus did not return to the i"


@pytest.mark.parametrize("size", SIZES)
def test_kit_card_in_empires_end(page, base_url, size):
    from tests.browser.test_board_fit import at_industry, save_when

    page.set_viewport_size(SIZES[size])
    app.put_saves(page, base_url, {"kc": save_when(at_industry)})
    open_url(page, f"{base_url}/play.html?save=kc&speed=fast")
    hand = page.locator("#game .hand-cell.kc")
    assert hand.count() == len(view(page)["empires"][0]["hand"]), describe(page)
    # a hand card is a target (its face a button that selects it) and a kit card
    assert hand.first.locator(":scope > button.kc-face[data-key^='card:']").count() == 1
    check_card(page, hand.first, "empires_end", size)
    # a location tile shows its details the same way (the kit's tools)
    check_card(page, page.locator("#game .tile-cell").first, "empires_end", size)


@pytest.mark.parametrize("size", SIZES)
def test_kit_card_in_through_the_ages(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    opts = {"mode": "simple"}
    url = app.play_url("through_the_ages", players=2, seed=4, humans=1, bot="heuristic", options=opts)
    open_url(page, f"{base_url}/{url}")
    card = page.locator("#game .tta-row .tc.kc").first
    assert card.locator(":scope > button.kc-face.tc-main[data-key^='row:']").count() == 1, describe(page)
    check_card(page, card, "through_the_ages", size)
    first = next(r["card"] for r in view(page)["row"] if r["card"])
    card.locator(".kc-info").click()
    assert first["text"]["en"] in page.locator(OPEN).inner_text()


@pytest.mark.parametrize("size", SIZES)
def test_kit_card_in_civilization(page, base_url, size):
    page.set_viewport_size(SIZES[size])
    opts = {"civs": "choose", "game": "full"}
    url = app.play_url("civilization", players=2, seed=3, humans=1, bot="heuristic", options=opts)
    open_url(page, f"{base_url}/{url}")
    card = page.locator("[data-testid='civ-choose'] .cc-list > li .kc").first
    assert card.locator(":scope > button.cc-card[data-key^='civ:']").count() == 1, describe(page)
    check_card(page, card, "civilization", size)


@pytest.mark.parametrize("size", SIZES)
def test_bid_form_sealed_in_empires_end(page, base_url, size):
    """L457: a sealed bid of axes and coins; the form says only that the others see it was made."""
    page.set_viewport_size(SIZES[size])
    text, _ = save_at_conflict_bid()
    app.put_saves(page, base_url, {"kb": text})
    open_url(page, f"{base_url}/play.html?save=kb&speed=fast")
    form = page.locator("#game form.kit-bid[data-form='bid']")
    assert form.is_visible() and "sealed" in (form.get_attribute("class") or ""), describe(page)
    assert re.search(r"only that you have answered", form.locator("[data-testid='bid-how']").inner_text())
    bad = run_axe(page)
    assert not bad, format_violations("the sealed bid form", bad)
    commit = form.locator("[data-testid='bid-commit']")
    form.locator("[data-testid='bid-axe']").fill("99")  # more than the seat has: no legal bid
    assert commit.is_disabled() and form.locator("[data-role='bid-invalid']").is_visible()
    form.locator("[data-testid='bid-axe']").fill("1")
    assert commit.is_enabled() and not form.locator("[data-role='bid-invalid']").is_visible()
    assert json.loads(commit.get_attribute("data-action") or "{}") == {"type": "bid", "axe": 1, "coin": 0}
    before = app.actions_played(page)
    commit.click()
    wait_not_busy(page)
    assert app.actions_played(page) == (before or 0) + 1, describe(page)


@pytest.mark.parametrize("size", SIZES)
def test_bid_form_open_in_through_the_ages(page, base_url, size):
    """A colonization auction's bid is made in the open: the form says so and plays the number typed."""
    page.set_viewport_size(SIZES[size])
    app.put_saves(page, base_url, {"kb": tta_bid_save()})
    open_url(page, f"{base_url}/play.html?save=kb&speed=fast")
    form = page.locator("#game form.kit-bid[data-form='bid']")
    assert form.is_visible() and "sealed" not in (form.get_attribute("class") or ""), describe(page)
    assert re.search(r"everyone sees", form.locator("[data-testid='bid-how']").inner_text())
    bad = run_axe(page)
    assert not bad, format_violations("the open bid form", bad)
    field = form.locator("[data-testid='bid-n']")
    lo, hi = int(field.get_attribute("min") or 0), int(field.get_attribute("max") or 0)
    assert hi > lo, (lo, hi)
    commit = form.locator("[data-testid='bid-commit']")
    field.fill(str(hi + 1))
    assert commit.is_disabled()
    field.fill(str(hi))
    assert json.loads(commit.get_attribute("data-action") or "{}") == {"type": "bid", "n": hi}
    commit.click()
    wait_not_busy(page)
    v = view(page)
    auction = v.get("auction") or {}
    assert auction.get("bid") == hi or (v.get("colonize") or {}).get("bid") == hi, describe(page)
