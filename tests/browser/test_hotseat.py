"""Hotseat with two humans on one device: private information stays with its seat.

The pass-the-device screen must show before the first private view of a new or resumed game, and a
sealed bid typed by one seat must never appear in the next seat's bid form (L457: bids stay secret
until all are revealed).
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def save_at_conflict_bid(seed: int = 5, learning: bool = False) -> tuple[str, list[list[str]]]:
    """A two-human save where both seats must bid now (Conflict; in learning mode, the first seat in turn
    order), and each seat's hand (card names)."""
    game = games.get(GAME)
    meta = {"seats": SEATS, "created": 1, "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=2, seed=seed, options={"learning": True} if learning else {}, meta=meta)
    for _ in range(200):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if any(a["type"] == "bid" for a in legal):
            break
        kinds = ("done", "take", "place", "destroy")
        state = game.apply(state, seat, next((a for a in legal if a["type"] in kinds), legal[0]))
    else:
        raise AssertionError("no Conflict phase reached")
    assert sorted(game.to_move(state)) == ([state.data["start_player"]] if learning else [0, 1])
    hands = [[c["name"]["en"] for c in game.view(state, s)["empires"][s]["hand"]] for s in (0, 1)]
    return game.save(state), hands


def private_text_in_dom(page, hands: list[list[str]]) -> list[str]:
    html = page.evaluate("document.documentElement.outerHTML")
    return [name for hand in hands for name in hand if re.search(rf"\b{re.escape(name)}\b", html)]


def test_resumed_hotseat_game_starts_behind_the_pass_screen(page, base_url):
    text, hands = save_at_conflict_bid()
    assert any(hands), "the position holds no private cards: nothing would be tested"
    app.put_saves(page, base_url, {"hot": text})
    page.goto(f"{base_url}/play.html?save=hot")
    wait_ready(page)
    wait_not_busy(page)
    cont = page.locator(app.sel("pass_continue"))
    assert cont.is_visible(), f"a resumed two-human game showed a seat's board at once: {describe(page)}"
    assert private_text_in_dom(page, hands) == [], "the pass-the-device screen leaves hand cards in the DOM"
    assert page.locator("[data-testid='bid-form'], [data-testid='hand-card']").count() == 0
    cont.click()
    wait_not_busy(page)
    assert page.locator("[data-testid='bid-form']").is_visible(), describe(page)


def test_sealed_bid_draft_is_not_shown_to_the_next_seat(page, base_url):
    text, _ = save_at_conflict_bid()
    app.put_saves(page, base_url, {"hot": text})
    page.goto(f"{base_url}/play.html?save=hot")
    wait_ready(page)
    wait_not_busy(page)
    if app.visible(page, "pass_continue"):
        page.locator(app.sel("pass_continue")).click()
        wait_not_busy(page)
    first = page.evaluate("window.pgcGame.session.viewer")
    page.locator("[data-testid='bid-axe']").fill("2")
    page.locator("[data-testid='bid-coin']").fill("1")
    page.locator(app.sel("bid_commit")).click()
    wait_not_busy(page)
    # the other seat takes the device
    cont = page.locator(app.sel("pass_continue"))
    assert cont.is_visible(), describe(page)
    cont.click()
    wait_not_busy(page)
    assert page.evaluate("window.pgcGame.session.viewer") == 1 - first
    form = page.locator("[data-testid='bid-form']")
    assert form.is_visible(), describe(page)
    shown = (page.input_value("[data-testid='bid-axe']"), page.input_value("[data-testid='bid-coin']"))
    assert shown == ("0", "0"), f"the next seat's bid form shows the previous seat's sealed bid {shown}"
    # the first bid is known to be made, not how much
    board = page.locator("#game .conflict").inner_text()
    assert re.search(r"bid committed", board, re.I), board


def test_bid_form_shows_base_military_plus_bid_as_it_is_typed(page, base_url):
    """L457: total strength = base military + axes and coins bid; the form shows it before committing."""
    text, _ = save_at_conflict_bid()
    game = games.get(GAME)
    base = game.view(game.load(text), 0)["empires"][0]["military"]
    app.put_saves(page, base_url, {"bid": text})
    page.goto(f"{base_url}/play.html?save=bid")
    wait_ready(page)
    wait_not_busy(page)
    page.locator(app.sel("pass_continue")).click()
    wait_not_busy(page)
    total = page.locator("[data-role='bid-note']")
    assert total.inner_text() == f"Strength: {base} base + 0 bid = {base}", describe(page)
    page.locator("[data-testid='bid-axe']").fill("1")
    page.locator("[data-testid='bid-coin']").fill("1")
    assert total.inner_text() == f"Strength: {base} base + 2 bid = {base + 2}"
    assert page.locator(".empire.seat-1 .emp-mil strong").inner_text() == str(
        game.view(game.load(text), 0)["empires"][1]["military"])


def test_learning_mode_bids_in_the_open_one_seat_at_a_time(page, base_url):
    """L195: in a learning game the conflict goes one player at a time: the form says the bid is open,
    and the next seat sees the amounts bid before it bids."""
    text, _ = save_at_conflict_bid(learning=True)
    app.put_saves(page, base_url, {"learn": text})
    page.goto(f"{base_url}/play.html?save=learn")
    wait_ready(page)
    wait_not_busy(page)
    if app.visible(page, "pass_continue"):
        page.locator(app.sel("pass_continue")).click()
        wait_not_busy(page)
    form = page.locator("[data-testid='bid-form']")
    assert form.is_visible() and re.search(r"open bid", form.inner_text(), re.I), describe(page)
    assert not re.search(r"sealed|nobody sees", page.locator("body").inner_text(), re.I), describe(page)
    page.locator("[data-testid='bid-axe']").fill("0")
    page.locator("[data-testid='bid-coin']").fill("0")
    page.locator(app.sel("bid_commit")).click()
    wait_not_busy(page)
    if app.visible(page, "pass_continue"):
        page.locator(app.sel("pass_continue")).click()
        wait_not_busy(page)
    board = page.locator("#game .conflict").inner_text()
    assert not re.search(r"bid committed", board, re.I) and re.search(r"0\D+0", board), board
    assert page.locator("[data-testid='bid-form']").is_visible(), describe(page)


def hotseat_url(lang: str) -> str:
    settings = {"game": GAME, "players": 2, "seed": 3, "options": {}, "seats": SEATS}
    return f"play.html?new={quote(json.dumps(settings))}&speed=fast&lang={lang}"


@pytest.mark.parametrize("lang, words", [("en", "Undo also takes back the move Bob made"),
                                         ("zh-Hant", "悔棋也會收回 Bob 在你之後下的 1 步"),
                                         ("zh-Hans", "悔棋也会收回 Bob 在你之后下的 1 步")])
def test_hotseat_undo_says_whose_move_it_takes_back_first(page, base_url, lang, words):
    """Issue 16: undo took back the other human's move without a word. Ann's undo after Bob moved
    takes back Bob's move too (the engine undoes back to Ann's last action), so it asks first."""
    page.goto(f"{base_url}/{hotseat_url(lang)}")
    wait_ready(page)
    undo = page.locator(app.sel("undo"))
    for _ in range(8):  # Ann moves, the device goes to Bob, Bob moves, back to Ann
        app.step(page)
        if page.evaluate("() => { const s = window.pgcGame.session; return s.viewer === 0 && s.passTo == null"
                         " && s.reply.view.actions_played >= 2 && s.canUndo(); }"):
            break
    else:
        raise AssertionError(f"never back at Ann with undo available: {describe(page)}")
    before = app.actions_played(page)
    asked: list[str] = []

    def answer(dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    undo.click()
    page.wait_for_timeout(300)
    assert asked and words in asked[0], asked
    assert app.actions_played(page) == before, "undo went ahead although the question was declined"
    page.once("dialog", lambda d: answer(d, True))
    undo.click()
    wait_not_busy(page)
    assert len(asked) == 2
    assert app.actions_played(page) < before - 1, describe(page)


def test_hotseat_undo_right_after_the_viewers_own_move_asks_the_engine_for_no_save(page, base_url):
    """An undo right after the viewer's own move takes back nobody else's (the move is the last one): it
    asks nothing and no longer has the engine write the whole save to count the others' moves (a few
    ms of every such click, more as the game grows)."""
    page.goto(f"{base_url}/{hotseat_url('en')}")
    wait_ready(page)
    for _ in range(60):
        if app.step(page) == "action" and page.evaluate(
                "() => { const s = window.pgcGame.session; return s.passTo == null && s.canUndo(); }"):
            break
    else:
        raise AssertionError(f"no own move to undo at once: {describe(page)}")
    before = app.actions_played(page)
    asked: list[str] = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.evaluate("""() => {
      const s = window.pgcGame.session, door = s.pgc;
      window.__calls = [];
      s.pgc = {call(m, a) { window.__calls.push(m); return door.call(m, a); }};
    }""")
    page.locator(app.sel("undo")).click()
    wait_not_busy(page)
    calls = page.evaluate("() => window.__calls")
    assert asked == [] and app.actions_played(page) < before, describe(page)
    assert "undo" in calls and "save" not in calls, calls


def test_undo_against_bots_asks_nothing(page, base_url):
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=3, humans=1)}")
    wait_ready(page)
    asked: list[str] = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    for _ in range(2):
        app.step(page)
    before = app.actions_played(page)
    page.locator(app.sel("undo")).click()
    wait_not_busy(page)
    assert asked == [] and app.actions_played(page) < before


def _at_pass_screen_with_the_next_view_fetched(page, base_url):
    text, hands = save_at_conflict_bid()
    app.put_saves(page, base_url, {"hot": text})
    page.goto(f"{base_url}/play.html?save=hot")
    wait_ready(page)
    wait_not_busy(page)
    # the pass screen's idle time fetched the next seat's view: it is held, not drawn
    page.wait_for_function("() => !!window.pgcGame.session._passReply", timeout=20_000)
    assert private_text_in_dom(page, hands) == [], "a view fetched ahead reached the pass screen's DOM"
    assert page.locator("[data-testid='bid-form'], [data-testid='hand-card']").count() == 0
    return hands


_CLICK_CONTINUE = """() => {
  document.querySelector("[data-testid='pass-device-continue']").click();
  return {html: document.documentElement.outerHTML,
          pass: document.querySelector("#game [data-testid='pass-device']").hidden,
          busy: document.documentElement.getAttribute('data-busy'),
          seat: window.pgcGame.session.reply.view.seat,
          bid: !!document.querySelector("[data-testid='bid-form']")};
}"""


def _focus_is_in_the_game(page) -> bool:
    return page.evaluate("() => document.getElementById('game').contains(document.activeElement)"
                         " && document.activeElement !== document.body")


def test_continue_draws_the_fetched_next_seat_in_the_click_itself(page, base_url):
    """Issue 17 §5: "continue" was one long task (the engine's view of the next seat and the whole redraw),
    then two tasks a frame apart, which put a frame between the click and the board (render p95 > 16 ms).
    The next seat's view is fetched while the pass screen shows, but not drawn; the click then only draws it,
    at once: the next seat's board is in the DOM when the click returns."""
    _at_pass_screen_with_the_next_view_fetched(page, base_url)
    at_click = page.evaluate(_CLICK_CONTINUE)
    assert at_click["pass"] and at_click["seat"] in (0, 1) and at_click["bid"], at_click | {"html": ""}
    wait_not_busy(page)
    assert page.locator("[data-testid='bid-form']").is_visible(), describe(page)
    assert _focus_is_in_the_game(page)


def test_continue_without_the_view_fetched_takes_the_pass_card_away_first_and_draws_after_a_frame(
        page, base_url):
    """When the idle time has not fetched the next seat's view yet, "continue" stays two short tasks: the
    click only takes the pass card away (nothing of either seat shows), and the engine's view and the
    next seat's board come after a frame."""
    hands = _at_pass_screen_with_the_next_view_fetched(page, base_url)
    page.evaluate("() => { window.pgcGame.session._passReply = null; }")
    at_click = page.evaluate(_CLICK_CONTINUE)
    assert at_click["pass"] and at_click["busy"] == "true", at_click | {"html": ""}
    assert at_click["seat"] is None, "the next seat's view was adopted in the click itself"
    assert not [n for hand in hands for n in hand if re.search(rf"\b{re.escape(n)}\b", at_click["html"])]
    assert "bid-form" not in at_click["html"] and "hand-card" not in at_click["html"]
    wait_not_busy(page)
    assert page.locator("[data-testid='bid-form']").is_visible(), describe(page)
    assert page.evaluate("() => window.pgcGame.session.reply.view.seat") in (0, 1)
    assert _focus_is_in_the_game(page)


_BEHIND_PASS = """() => {
  const board = document.querySelector("#game [data-testid='board']");
  const main = board.closest('.gv-main');
  const card = document.querySelector("#game [data-testid='pass-device-continue']").getBoundingClientRect();
  const secs = [...board.querySelectorAll('[data-sec]')];
  // an element deep in the last seat area: it must be the same node after "continue"
  window.__kept = secs.filter((s) => s.dataset.sec.startsWith('emp-')).map((s) => s.querySelector('*'));
  const style = getComputedStyle(main);
  return {secs: secs.length, shown: style.visibility, display: style.display,
          height: board.getBoundingClientRect().height, cardTop: card.top, cardBottom: card.bottom,
          innerHeight, seat: window.pgcGame.session.passView && window.pgcGame.session.passView.view.seat};
}"""


def test_the_public_board_is_laid_out_behind_the_pass_card_and_continue_keeps_it(page, base_url):
    """Issue 17 §5: after "continue" the frame laid out a whole new board (50-80 ms, a long task). Behind the
    pass card the board is now the public view's (no seat's hand: L457's sealed bids and every hand stay
    private), laid out but hidden, and "continue" patches it: the seats' areas are the same elements after it.
    The seat that just bid passes the device: its hand leaves the DOM with its turn."""
    hands = _at_pass_screen_with_the_next_view_fetched(page, base_url)
    behind = page.evaluate(_BEHIND_PASS)
    assert behind["secs"] > 0 and behind["height"] > 0 and behind["display"] != "none", behind
    assert behind["shown"] == "hidden" and behind["seat"] is None, behind
    assert 0 <= behind["cardTop"] and behind["cardBottom"] <= behind["innerHeight"], behind
    page.locator(app.sel("pass_continue")).click()
    wait_not_busy(page)
    kept = page.evaluate("() => window.__kept.map((n) => !!n && n.isConnected)")
    assert kept and all(kept), f"continue rebuilt the seats' areas instead of patching them: {kept}"
    shown = page.evaluate("() => getComputedStyle(document.querySelector('#game .gv-main')).visibility")
    assert shown == "visible"
    first = page.evaluate("window.pgcGame.session.viewer")
    page.locator("[data-testid='bid-axe']").fill("0")
    page.locator("[data-testid='bid-coin']").fill("0")
    page.locator(app.sel("bid_commit")).click()
    wait_not_busy(page)
    assert page.locator(app.sel("pass_continue")).is_visible(), describe(page)
    assert page.evaluate(_BEHIND_PASS)["secs"] > 0
    left = private_text_in_dom(page, [hands[first]])
    assert left == [], f"the seat that passed the device left its hand in the DOM: {left}"
    assert page.locator("[data-testid='bid-form'], [data-testid='hand-card']").count() == 0
