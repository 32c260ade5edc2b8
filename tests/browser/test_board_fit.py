"""Empire's End on a phone (390x844) and a laptop (1366x768): the board fits, long choices go step by step.

- no sideways scroll of the page; every location of the viewer's empire can be scrolled to and, when it is a
  legal target, clicked (it is not under the pinned status bar or action panel);
- while the viewer decides on a disaster, the location it aims at is on screen, and the card says in words
  what taking it destroys (the view's ``disasters[].hits``, L254);
- in Industry, Done is on screen without scrolling, no list offers more than 15 actions, and a card is built
  by clicking the card, then the location; the City's swap is two clicks on the board (L381-383);
- every card and location has a "?" into the rules page (new tab) and a panel with its full text.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import (
    ON_SCREEN,
    ROOT,
    describe,
    format_violations,
    run_axe,
    wait_not_busy,
    wait_ready,
)

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}
MAX_LIST = 15
SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "random", "name": "Bob"}]

# controls offering one action each in the action panel (pick buttons narrow, they play nothing)
LISTED = "#game .act-body [data-testid='legal-action'], #game .act-body [data-testid='choice-action']"
# the panel's step buttons ("Fire 6 (10)"): a click narrows the list to that key's actions
PICKS = "#game .act-body [data-testid='pick-key']"


def save_when(stop, seed: int = 1) -> str:
    """A save of a 2-seat game (seat 0 human) at the first moment ``stop(view, legal)`` holds for seat 0."""
    game = games.get(GAME)
    meta = {"seats": SEATS, "created": 1, "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=2, seed=seed, options={}, meta=meta)
    for _ in range(600):
        to_move = game.to_move(state)
        if 0 in to_move and stop(game.view(state, 0), game.legal_actions(state, 0)):
            return game.save(state)
        seat = to_move[0]
        legal = game.legal_actions(state, seat)
        kinds = ("build", "take", "place", "destroy", "done", "bid")
        state = game.apply(state, seat, next((a for k in kinds for a in legal if a["type"] == k), legal[0]))
    raise AssertionError("the moment was never reached")


def at_place(v, legal):
    return sum(a["type"] == "place" for a in legal) >= 8


def at_industry(v, legal):
    builds = sum(a["type"] == "build" for a in legal)
    return v["phase"]["kind"] == "industry" and builds > 8 and len(legal) > MAX_LIST


def at_city_swap(v, legal):
    return v["phase"]["kind"] == "industry" and sum(a["type"] == "use" and "a" in a for a in legal) > 20


def at_disaster(v, legal):
    deciding = v["phase"]["step"] == "pass_or_take" and v.get("turn") == 0
    return deciding and any(a["type"] == "take" for a in legal)


def open_save(page, base_url: str, text: str, size: str, lang: str = "en") -> None:
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    app.put_saves(page, base_url, {"fit": text})
    page.goto(f"{base_url}/play.html?save=fit&lang={lang}&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    frames(page)


def frames(page) -> None:
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def view(page) -> dict[str, Any]:
    return page.evaluate("() => window.pgcGame.session.reply.view")


def legal(page) -> list[dict[str, Any]]:
    return [li["action"] for li in page.evaluate("() => window.pgcGame.session.reply.legal")]


def no_sideways_scroll(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


def tile(page, pos: int, seat: int = 0):
    return page.locator(f"#game .ee-board .tile[data-key='loc:{seat}:{pos}']")


def listed_count(page) -> int:
    return page.locator(LISTED).count()


def reach(page, loc) -> bool:
    """Scroll the element into view as a player would (to the foot of the screen, the middle, the top,
    until it is clear of the pinned bars), then: is it on screen and clickable there?"""
    for block in ("end", "center", "start"):
        loc.evaluate("(el, block) => el.scrollIntoView({block, inline: 'nearest'})", block)
        frames(page)
        if loc.evaluate(ON_SCREEN):
            return True
    return False


@pytest.mark.parametrize("size", list(SIZES))
def test_every_location_reachable_and_legal_targets_clickable(page, base_url, size):
    open_save(page, base_url, save_when(at_place), size)
    assert no_sideways_scroll(page) <= 0, f"the page scrolls sideways at {size}: {describe(page)}"
    v = view(page)
    for e in v["empires"]:
        for loc in e["locations"]:
            where = f"location {loc['pos']} of seat {e['seat']}"
            assert reach(page, tile(page, loc["pos"], e["seat"])), f"{where} out of reach at {size}"
    places = sorted(a["loc"] for a in legal(page) if a["type"] == "place")
    assert len(places) >= 8
    for pos in places:
        t = tile(page, pos)
        assert t.evaluate("el => el.tagName") == "BUTTON", f"legal target {pos} is not clickable"
        assert reach(page, t), f"legal target {pos} cannot be brought on screen unobstructed at {size}"
    assert listed_count(page) <= MAX_LIST
    before = app.actions_played(page)
    tile(page, places[-1]).click()
    wait_not_busy(page)
    assert app.actions_played(page) > before, describe(page)
    innos = {loc["pos"]: len(loc["innovations"]) for loc in view(page)["empires"][0]["locations"]}
    assert innos[places[-1]] >= 1, innos
    assert no_sideways_scroll(page) <= 0


@pytest.mark.parametrize("size", list(SIZES))
def test_disaster_target_on_screen_and_hits_in_words(page, base_url, size):
    open_save(page, base_url, save_when(at_disaster), size)
    v = view(page)
    d = next(d for d in v["disasters"] if d["taken_by"] is None)
    target = d["targets"]["0"]
    t = tile(page, target)
    where = f"the disaster's target (position {target})"
    assert t.evaluate(ON_SCREEN), f"{where} is not on screen at {size}: {describe(page)}"
    assert "marked" in (t.get_attribute("class") or "")
    if size == "laptop":  # issue 17 §4: bringing the target into view must not scroll the phase track away
        now = page.locator("#game .phase-track .pt.now")
        y = page.evaluate("scrollY")
        assert now.evaluate(ON_SCREEN), f"the phase track left the screen as the turn began (scrollY {y})"
    # each pass/take button shows once: a phone's pinned panel holds them, a laptop shows them beside the card
    visible = page.evaluate("""() => [...document.querySelectorAll('#game button[data-action]')]
        .filter((b) => b.offsetParent !== null && /"type":"(take|pass)"/.test(b.dataset.action))
        .map((b) => b.closest('.disaster') ? 'card' : 'panel')""")
    takes = sum(1 for a in legal(page) if a["type"] in ("take", "pass"))
    assert len(visible) == takes * (2 if size == "laptop" else 1), (size, visible, takes)
    hits = page.locator("#game [data-testid='disaster-hits']").first.inner_text()
    assert hits.strip() == d["hits"]["0"]["en"], (hits, d["hits"])
    assert "hits your position" not in page.locator("#game").inner_text()
    assert no_sideways_scroll(page) <= 0


@pytest.mark.parametrize("size", list(SIZES))
def test_industry_step_by_step_with_done_in_reach(page, base_url, size):
    open_save(page, base_url, save_when(at_industry), size)
    assert len(legal(page)) > MAX_LIST, "the position offers a short list: nothing would be tested"
    done = page.locator("#game [data-testid='legal-action'][data-action='{\"type\":\"done\"}']")
    assert done.count() == 1, describe(page)
    assert done.evaluate(ON_SCREEN), f"Done is not on screen in Industry at {size}"
    assert listed_count(page) <= MAX_LIST, f"{listed_count(page)} actions listed at once"
    assert no_sideways_scroll(page) <= 0
    # scrolled down to the own empire, Done is still there
    tile(page, 11).scroll_into_view_if_needed()
    frames(page)
    assert done.evaluate(ON_SCREEN), f"Done left the screen once the board was scrolled at {size}"
    # build: the card, then the location
    builds = [a for a in legal(page) if a["type"] == "build"]
    card = builds[0]["card"]
    page.locator(f"#game [data-testid='hand-card'][data-key='card:{card}']").click()
    assert listed_count(page) <= MAX_LIST
    targets = page.locator("#game .empire.mine .tile[data-testid='board-target']")
    assert targets.count() == sum(a["card"] == card for a in builds), describe(page)
    assert page.locator("#game [data-testid='sell-target']").count() == 1
    pos = next(a["loc"] for a in builds if a["card"] == card)
    before = app.actions_played(page)
    tile(page, pos).click()
    wait_not_busy(page)
    assert app.actions_played(page) > before, describe(page)
    under = [i["card"]["id"] for i in view(page)["empires"][0]["locations"][pos - 1]["innovations"]]
    assert card in under, (card, under)
    assert done.evaluate(ON_SCREEN)


def test_phone_pins_a_small_panel_and_targets_land_below_it(page, base_url):
    """Issue 17 §4: on a phone the pinned part (the action panel) takes at most a quarter of the screen,
    and a board target scrolled into view (its top to the top) stops below it, clickable."""
    open_save(page, base_url, save_when(at_industry), "phone")
    h = SIZES["phone"][1]
    for pos in (11, 1, 6):
        t = tile(page, pos)
        t.evaluate("el => el.scrollIntoView()")
        frames(page)
        pinned = page.evaluate("""() => Math.max(0, ...[...document.querySelectorAll('#game *')]
            .filter((el) => ['sticky', 'fixed'].includes(getComputedStyle(el).position))
            .filter((el) => el.checkVisibility())
            .map((el) => el.getBoundingClientRect()).filter((r) => r.top <= 1).map((r) => r.bottom))""")
        assert pinned <= h / 4 + 2, f"the pinned bars reach {pinned:.0f} px of {h}: {describe(page)}"
        assert t.evaluate(ON_SCREEN), f"location {pos} scrolled into view is under the pinned panel"
    done = page.locator("#game [data-testid='legal-action'][data-action='{\"type\":\"done\"}']")
    assert done.evaluate(ON_SCREEN), "Done is not in reach on a phone"


def test_city_swap_is_two_clicks_on_the_board(page, base_url):
    open_save(page, base_url, save_when(at_city_swap), "phone")
    swaps = [a for a in legal(page) if a["type"] == "use" and "a" in a]
    v = view(page)
    city = next(loc["pos"] for loc in v["empires"][0]["locations"] if loc["id"] == "city")
    tile(page, city).click()
    assert listed_count(page) <= MAX_LIST, f"{listed_count(page)} choices listed after picking the City"
    assert page.locator(f"{PICKS}:visible").count() >= 1, describe(page)
    a, b = next((s["a"], s["b"]) for s in swaps if city not in (s["a"], s["b"]))
    tile(page, a).click()
    assert 1 < listed_count(page) <= MAX_LIST
    ids = {loc["pos"]: loc["id"] for loc in v["empires"][0]["locations"]}
    before = app.actions_played(page)
    tile(page, b).click()
    wait_not_busy(page)
    assert app.actions_played(page) > before, describe(page)
    now = {loc["pos"]: loc["id"] for loc in view(page)["empires"][0]["locations"]}
    assert (now[a], now[b]) == (ids[b], ids[a]), (ids, now)


def test_rules_links_and_card_panels_in_the_ui_language(page, base_url):
    open_save(page, base_url, save_when(at_industry), "laptop", lang="zh-Hant")
    rules = json.loads((ROOT / "web" / "games" / GAME / "rules.json").read_text(encoding="utf-8"))
    sections = {s["id"] for s in rules["sections"]}
    v = view(page)
    cells = page.locator("#game .ee-board .tile-cell, #game .ee-board .card-cell")
    expected = 11 * len(v["empires"]) + len(v["empires"][0]["hand"]) + len(v["disasters"])
    assert cells.count() == expected, (cells.count(), expected)
    for i in range(cells.count()):
        q = cells.nth(i).locator(".kc-tools > a.rules-q")
        assert q.count() == 1, cells.nth(i).inner_html()[:300]
        href = q.get_attribute("href")
        assert q.get_attribute("target") == "_blank", href
        assert re.search(r"rules\.html\?game=\w+&lang=zh-Hant#", href), href
        assert href.split("#")[1] in sections, href
        assert "規則" in q.get_attribute("aria-label")
    for key in ("track:phase", "track:score"):
        link = page.locator(f"#game .ee-board a.rules-q[data-rules='{rules['links'][key]}']")
        assert link.count() >= 1, key
    # the full text of a hand card, on demand, in the UI language
    card = v["empires"][0]["hand"][0]
    info = page.locator("#game .hand-cell .kc-info").first
    assert "詳情" in info.get_attribute("aria-label")
    info.click()
    pop = page.locator("#game .kc-pop:popover-open")
    assert pop.count() == 1 and pop.is_visible(), describe(page)
    assert card["ability"]["text"]["zh-Hant"] in pop.inner_text()
    section = rules["links"]["ability:" + card["ability"]["kind"]]
    assert pop.locator(f"a.rules-q[data-rules='{section}']").count() == 1
    bad = run_axe(page)
    assert not bad, format_violations("Industry with a card panel open (zh-Hant)", bad)
    page.keyboard.press("Escape")
    assert page.locator("#game .kc-pop:popover-open").count() == 0


# ------------------------------------------------------------------ two-location choices (issue 17 §4)


def fire_swap_save() -> str:
    """Seat 0 in Industry with two swap abilities (L389): the City's and the Fire 6 it built and tucked (55
    swaps each, L373: usable at once). Every seat plays its first legal action, seat 0 builds Fire 6."""
    game = games.get(GAME)
    meta = {"seats": SEATS, "created": 1, "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=2, seed=1, options={}, meta=meta)
    for _ in range(400):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and sum(a.get("src") == "I:fire-06" for a in legal) == 55:
            return game.save(state)
        fire = [a for a in legal if seat == 0 and a["type"] == "build" and a["card"] == "fire-06"]
        state = game.apply(state, seat, (fire or legal)[0])
    raise AssertionError("Fire 6 was never usable")


def choice_actions(page) -> list[dict[str, Any]]:
    return [json.loads(a) for a in page.locator("#game .act-body [data-testid='choice-action']").evaluate_all(
        "els => els.map(e => e.dataset.action)")]


def test_two_location_choices_narrow_step_by_step(page, base_url):
    """Issue 17 §4: with two swap abilities (110 swaps), a first location picked on the board lists its
    next steps with their counts, a second one lists exactly the swaps of those two locations, each once."""
    open_save(page, base_url, fire_swap_save(), "laptop")
    v = view(page)
    where = {loc["id"]: loc["pos"] for loc in v["empires"][0]["locations"]}
    fire = next(loc["pos"] for loc in v["empires"][0]["locations"] if any(
        i["card"]["id"] == "fire-06" for i in loc["innovations"]))
    other = next(p for p in range(1, 12) if p not in (fire, where["city"]))
    swaps = [a for a in legal(page) if a["type"] == "use" and "a" in a]
    assert len(swaps) == 110, len(swaps)
    # 1. a location that is neither source: its choices, in steps that say how many each leaves
    tile(page, other).click()
    frames(page)
    picks = page.locator(f"{PICKS}:visible")
    assert picks.count() >= 2 and listed_count(page) + picks.count() <= MAX_LIST, describe(page)
    assert page.locator("#game [data-testid='pick-hint']").count() == 0
    with_other = [a for a in legal(page) if other in (a.get("a"), a.get("b"), a.get("loc"))]
    texts = picks.all_inner_texts()
    assert any("Fire 6" in x and "(10)" in x for x in texts), texts  # the Fire's swaps of that location
    # 2. the tile the Fire is tucked under, as the second location: only the swaps of these two
    tile(page, fire).click()
    frames(page)
    got = choice_actions(page)
    want = [a for a in with_other if {a.get("a"), a.get("b")} == {other, fire}]
    assert sorted(map(json.dumps, got)) == sorted(map(json.dumps, want)), (got, want)
    assert len(got) == 2 and {a["src"] for a in got} == {"L:city", "I:fire-06"}, got
    labels = page.locator("#game .act-body [data-testid='choice-action']").all_inner_texts()
    assert len(set(labels)) == len(labels), labels
    # 3. from the panel only: the Fire, then a location, then the partner
    page.locator("#game [data-clear-sel]").click()
    page.locator(PICKS, has_text="Fire 6").first.click()
    frames(page)
    step = page.locator(PICKS, has_text=f"#{other} ").first
    n = int(re.findall(r"\((\d+)\)", step.inner_text())[-1])  # "#3 Road (9) (10) ›": 10 to choose from
    step.click()
    frames(page)
    got = choice_actions(page)
    assert len(got) == n == 10, (n, got)
    assert all(a["src"] == "I:fire-06" and other in (a["a"], a["b"]) for a in got), got
    ids = {loc["pos"]: loc["id"] for loc in v["empires"][0]["locations"]}
    partner = next(p for p in range(1, 12) if p != other)
    before = app.actions_played(page)
    pair = f"#{min(other, partner)} and #{max(other, partner)}"
    page.locator("#game .act-body [data-testid='choice-action']", has_text=pair).click()
    wait_not_busy(page)
    assert app.actions_played(page) > before, describe(page)
    now = {loc["pos"]: loc["id"] for loc in view(page)["empires"][0]["locations"]}
    assert (now[other], now[partner]) == (ids[partner], ids[other]), (ids, now)
