"""Through the Ages through clicks on play.html?game=through_the_ages (unlisted, playable by id).

A whole first game (simple mode) with one human seat and heuristic bots, played on the board: cards taken
by clicking them in the card row, tableau and hand cards picked then narrowed to a choice, decisions
answered from the action list; never more than MAX_LIST controls in the action panel, no sideways page
scroll, the full text of a card on demand, and only the viewer's own military hand on screen. The end
screen shows the engine's scores. Requests beyond 127.0.0.1 and page errors fail the test (conftest).
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import ON_SCREEN, describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "through_the_ages"  # the game this file plays (its only mention of a game id)
MAX_LIST = 15  # render.js MAX_LIST: controls the action panel may list at once
PANEL = "#game .act-body"
FINISH = ("end", "done")



def app_text(text: Any) -> str:
    """A log text as the page holds it: in its language only (a string), or in every language."""
    return text if isinstance(text, str) else text["en"]


def view(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.pgcGame.session.reply.view")


def no_sideways_scroll(page: Any) -> None:
    sw, iw = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert sw <= iw, f"the page scrolls sideways ({sw} > {iw}): {describe(page)}"


def panel_controls(page: Any) -> int:
    return page.locator(f"{PANEL} button.act").count()


def act_of(loc: Any) -> str:
    return loc.get_attribute("data-action") or ""


SEEN = ("choices", "pick", "board:row", "board:tech", "board:hand", "board:mil", "board:pop", "board:wonder",
        "board:common", "board:civ")


def fresh_seen() -> dict[str, int]:
    """Counts of what the human clicked, by kind (a selection's choices, pick buttons, board keys)."""
    return dict.fromkeys(SEEN, 0)


def human_step(page: Any, rnd: random.Random, seen: dict[str, int], per_turn: dict[str, int]) -> str:
    """One click of the human seat: a choice of the selection, a decision answer, a board card, or End."""
    wait_not_busy(page)
    if app.visible(page, "game_over"):
        return "over"
    if app.visible(page, "pass_continue"):
        page.locator(app.sel("pass_continue")).first.click()
        return "continue"
    assert panel_controls(page) <= MAX_LIST + 1, f"too many controls in the action panel: {describe(page)}"
    v = view(page)
    turn = f"{v['round']}:{v['turn']}"
    choices = page.locator(f"{PANEL} [data-testid='choice-action']:visible")
    if choices.count():
        seen["choices"] += 1
        pick = choices.nth(rnd.randrange(choices.count()))
        if '"end"' not in act_of(pick):
            pick.click()
            return "action"
    picks = page.locator(f"{PANEL} [data-testid='pick-key']:visible")
    # a colonization bid is the kit's bid form: its button plays the bid typed (the lowest at first)
    answer = "[data-testid='legal-action'][data-action]:visible"
    direct = page.locator(f"{PANEL} {answer}, {PANEL} [data-testid='bid-commit'][data-action]:visible")
    listed = [direct.nth(i) for i in range(direct.count())]
    answers = [b for b in listed if not any(f'"type":"{f}"' in act_of(b) for f in FINISH)]
    # decisions (discard, bid/pass, send, defend ...) and population: answer from the list
    if answers and (v["decisions"] or rnd.random() < 0.3):
        rnd.choice(answers).click()
        return "action"
    targets = page.locator("#game [data-testid='board-target']:visible")
    if targets.count() and per_turn.get(turn, 0) < 4:
        per_turn[turn] = per_turn.get(turn, 0) + 1
        n = targets.count()
        el = targets.nth(rnd.randrange(n))
        key = el.get_attribute("data-key") or ""
        seen["board:" + key.split(":")[0]] += 1
        el.click()
        return "board"
    if picks.count() and per_turn.get(turn, 0) < 4:
        per_turn[turn] = per_turn.get(turn, 0) + 1
        picks.first.click()
        seen["pick"] += 1
        return "board"
    finish = page.locator(f"{PANEL} .kp-finish [data-action]:visible")
    if finish.count():
        finish.first.click()
        return "action"
    if answers:
        answers[0].click()
        return "action"
    raise AssertionError(f"nothing to click for the human seat: {describe(page)}")


def play(page: Any, max_clicks: int, deadline_s: float, checks: bool = True) -> dict[str, int]:
    rnd = random.Random(11)
    seen = fresh_seen()
    per_turn: dict[str, int] = {}
    start = time.monotonic()
    for n in range(max_clicks):
        if human_step(page, rnd, seen, per_turn) == "over":
            seen["clicks"] = n
            return seen
        if checks and n % 10 == 0:
            no_sideways_scroll(page)
        assert time.monotonic() - start < deadline_s, f"not over after {deadline_s:.0f} s: {describe(page)}"
    raise AssertionError(f"not over after {max_clicks} clicks: {describe(page)}")


def open_game(page: Any, base_url: str, seed: int, lang: str = "en") -> None:
    url = app.play_url(GAME, players=2, seed=seed, humans=1, bot="heuristic", options={"mode": "simple"})
    page.goto(f"{base_url}/{url}&lang={lang}")
    wait_ready(page)
    wait_not_busy(page)


def test_simple_game_to_the_end_by_clicks(contexts, base_url):
    context, _guard = contexts.new(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    open_game(page, base_url, seed=4)
    # round 1: only takes; a card of the row is a button that takes it at once (one candidate)
    row = page.locator("#game .tta-row [data-testid='board-target']")
    assert row.count() >= 1, describe(page)
    before = app.actions_played(page)
    row.first.click()
    wait_not_busy(page)
    assert app.actions_played(page) > before, describe(page)
    assert any("takes" in app_text(e["text"]) for e in view(page)["log"]), describe(page)
    # every card tells its whole effect on demand, in the UI language
    card = page.locator("#game .tta-row .tc").first
    card.locator(".kc-info").click()
    pop = card.locator("[popover]")
    assert pop.is_visible(), describe(page)
    first = next(r["card"] for r in view(page)["row"] if r["card"])
    assert first["text"]["en"] in pop.inner_text()
    pop.locator("button").click()
    assert not pop.is_visible()

    seen = play(page, max_clicks=600, deadline_s=150)
    assert page.locator(app.sel("game_over")).is_visible(), describe(page)
    v = view(page)
    assert v["over"] and v["mode"] == "simple"
    cells = page.locator(app.sel("scores")).all()
    shown = {int(e.get_attribute("data-seat")): int(e.inner_text()) for e in cells}
    assert shown == dict(enumerate(v["scores"]["totals"])), shown
    assert "Technologies" in page.locator(app.sel("game_over")).inner_text()  # cat_technologies
    # the board was used, step by step: row cards taken, cards picked then narrowed to a choice
    assert seen["board:row"] >= 3, seen
    assert seen["choices"] >= 1 and seen["board:tech"] + seen["board:hand"] >= 1, seen
    # the same save replayed by the host engine ends with the scores the page showed
    text = page.evaluate("window.pgcGame.session.saveText()")
    g = games.get(GAME)
    assert dict(enumerate(g.scores(g.load(text))["totals"])) == shown


def test_board_shows_tableaux_and_only_the_viewers_military_hand(contexts, base_url):
    context, _guard = contexts.new(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    open_game(page, base_url, seed=4)
    rnd = random.Random(3)
    seen = fresh_seen()
    per_turn: dict[str, int] = {}
    while view(page)["round"] < 6:
        human_step(page, rnd, seen, per_turn)
    wait_not_busy(page)
    mine = page.locator("#game [data-testid='tta-my-civ']")
    assert mine.count() == 1, describe(page)
    v = view(page)
    me = next(c for c in v.get("civs") or v["players"] if c["seat"] == 0)
    assert mine.locator(".stat.cul strong").inner_text() == str(me["culture"])
    assert mine.locator(".stat.str strong").inner_text() == str(me["ratings"]["strength"])
    # only the viewer's military hand is drawn; the other seat shows a count
    assert page.locator("#game [data-testid='tta-military-hand']").count() == 1
    other = page.locator("#game .civ.other")
    assert other.count() == 1, describe(page)
    assert "hidden" in (other.locator(".hidden-hand").text_content() or ""), describe(page)
    # another civilization expands on demand and stays open through a redraw
    other.locator("summary").click()
    assert other.locator(".tableau").is_visible()
    human_step(page, rnd, seen, per_turn)
    wait_not_busy(page)
    assert page.locator("#game .civ.other .tableau").is_visible(), "the expanded civilization closed"


def test_phone_portrait_smoke(contexts, base_url):
    context, _guard = contexts.new(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    open_game(page, base_url, seed=9, lang="zh-Hans")
    no_sideways_scroll(page)
    assert "卡牌列" in page.locator("#game [data-testid='board']").inner_text()
    rnd = random.Random(5)
    seen = fresh_seen()
    per_turn: dict[str, int] = {}
    start = view(page)["actions_played"]
    while view(page)["round"] < 4:
        human_step(page, rnd, seen, per_turn)
        no_sideways_scroll(page)
    assert view(page)["actions_played"] > start + 5
    assert seen["board:row"] >= 1, seen


def _position_with_options(low: int, high: int) -> str:
    """A simple-game save from round 3 on where the human seat 0 has between low and high legal actions."""
    game = games.get(GAME)
    meta = {"seats": [{"kind": "human", "name": "P1"}, {"kind": "random", "name": "P2"}], "created": 1,
            "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=2, seed=4, options={"mode": "simple"}, meta=meta)
    for _ in range(2000):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and game.view(state, 0)["round"] >= 3 and low <= len(legal) <= high:
            return game.save(state)
        state = game.apply(state, seat, legal[0])
    raise AssertionError("no such position")



def test_end_the_turn_is_in_reach_with_many_options(contexts, base_url):
    """Issue 17 §4: at 1366x768 with about 14 options, "End the turn" is on screen, in the finishing bar
    below the panel's own scroll, never inside it."""
    context, _guard = contexts.new(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    app.put_saves(page, base_url, {"many": _position_with_options(13, 16)})
    page.goto(f"{base_url}/play.html?save=many&lang=en")
    wait_ready(page)
    wait_not_busy(page)
    end = page.locator("#game [data-testid='legal-action'][data-action='{\"type\":\"end\"}']")
    assert end.count() == 1, describe(page)
    assert end.evaluate(ON_SCREEN), f"End the turn is not on screen: {describe(page)}"
    assert end.evaluate("el => !el.closest('.kp-body')"), "End the turn is inside the panel's scroll"
    assert panel_controls(page) <= MAX_LIST + 1


def _position_with_resign() -> str:
    """A full-game save where the human seat 0 may resign now (random actions, never resigning)."""
    game = games.get(GAME)
    meta = {"seats": [{"kind": "human", "name": "P1"}, {"kind": "random", "name": "P2"}], "created": 1,
            "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=2, seed=17, options={"mode": "full"}, meta=meta)
    rnd = random.Random(17)
    while True:
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and any(a["type"] == "resign" for a in legal):
            return game.save(state)
        state = game.apply(state, seat, rnd.choice([a for a in legal if a["type"] != "resign"]))


def test_resigning_takes_a_second_click_and_can_be_taken_back(contexts, base_url):
    """Resigning ends a civilization for good (L2065-2071): no single stray click may do it. The action
    panel offers it last, as a choice that opens with the real action and a way back."""
    context, _guard = contexts.new(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    app.put_saves(page, base_url, {"resign": _position_with_resign()})
    page.goto(f"{base_url}/play.html?save=resign&lang=en")
    wait_ready(page)
    wait_not_busy(page)
    buttons = page.locator("#game [data-testid='legal-action']")
    shown = [b.get_attribute("data-action") or "" for b in buttons.all()]
    assert shown and not any('"resign"' in a for a in shown), describe(page)
    offer = page.locator("#game .act-body .g-resign [data-key='resign']")
    assert offer.is_visible() and "Resign" in offer.inner_text(), describe(page)
    played = view(page)["actions_played"]
    offer.click()
    confirm = page.locator("#game [data-testid='choice-action']")
    confirm.first.wait_for(state="visible", timeout=5_000)
    assert confirm.count() == 1 and '"resign"' in (confirm.get_attribute("data-action") or "")
    assert view(page)["actions_played"] == played, "the first click resigned"
    page.locator("#game [data-clear-sel]").click()
    confirm.first.wait_for(state="detached", timeout=5_000)
    offer.click()
    confirm.first.wait_for(state="visible", timeout=5_000)
    page.locator("#game [data-testid='choice-action']").click()
    wait_not_busy(page)
    assert view(page)["civs"][0]["resigned"] is True, describe(page)
