"""Brazil: Imperial's map (issue 19 §3), at desktop and phone sizes.

- A new 2-player game against the heuristic bot: the map draws every hex of the engine's map with its
  terrain (data.js), the legend names them, and the camera pans and zooms by drag, wheel, keyboard
  and its buttons, changing only the <svg>'s viewBox (touch: a one-finger drag on the phone).
- From a save reached by playing the engine in Python: a unit moves by two clicks on the map, its hex
  (the stack, outlined white) and then the hex it goes to (outlined gold): the move is played and the
  unit stands there.
- The camera follows the seat to move: in a hotseat game, the next seat's capital is in sight after the
  hand-off however the camera was left, and the legal targets (the Deploy arch's hexes) come into view
  when none is in sight; each row's letter is drawn at both ends of the row (hex names).
- A whole 2-player game against the heuristic bot played to the end by clicks (issue 19 §6).

Every page fails its test on a request beyond 127.0.0.1 (the fixtures' guard, and asserted here).
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest

from pygame_core import games
from pygame_core.games.brazil_imperial import data as bd
from tests.browser import app
from tests.browser.support import (
    SIZE_IDS,
    SIZES,
    describe,
    legal,
    new_page,
    no_sideways_scroll,
    view,
    wait_not_busy,
    wait_ready,
)

pytestmark = pytest.mark.browser
GAME = "brazil_imperial"
MAP = "#game svg.bz-map"


def vb(page: Any) -> list[float]:
    return [float(x) for x in page.locator(MAP).get_attribute("viewBox").split()]


def centre(page: Any) -> tuple[float, float]:
    box = page.locator(MAP).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# ------------------------------------------------------------------------------ the map and its camera


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_map_draws_every_hex_and_pans_and_zooms(contexts, base_url, size):
    page, guard = new_page(contexts, size)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=3, humans=1, bot='heuristic')}")
    wait_ready(page)
    wait_not_busy(page)
    v = view(page)
    geo = bd.geometry(v["map"])
    terrain = page.evaluate(
        "() => [...document.querySelectorAll('#game svg.bz-terrain polygon.tr')]"
        ".map((p) => p.getAttribute('class').split(' ')[1].slice(2))"
    )
    assert len(terrain) == len(geo.order), describe(page)
    assert sorted(terrain) == sorted(geo.terrain.values())
    face_down = sum(1 for x in v["hexes"].values() if x["explore"] == "?")
    assert face_down and page.locator(f"{MAP} .fd-q").count() == face_down
    assert page.locator("#game [data-testid='bz-legend'] summary").inner_text() == "Legend"
    no_sideways_scroll(page, size[0])
    x0, y0, w0, h0 = vb(page)
    page.locator("#game [data-cam-zoom='in']").click()
    x1, y1, w1, h1 = vb(page)
    assert w1 < w0 and h1 < h0, "the zoom button zooms in"
    page.locator(MAP).focus()
    page.keyboard.press("ArrowRight")
    x2, y2, w2, h2 = vb(page)
    assert x2 > x1 and w2 == w1, "the arrow key pans"
    cx, cy = centre(page)
    if size[0] > 500:
        page.mouse.move(cx, cy)
        page.mouse.wheel(0, -400)
        page.wait_for_function(f"document.querySelector('{MAP}').viewBox.baseVal.width < {w2}")
        x3, y3, w3, _ = vb(page)
        page.mouse.move(cx, cy)
        page.mouse.down()
        page.mouse.move(cx - 80, cy - 60, steps=6)
        page.mouse.up()
        x4, y4, w4, _ = vb(page)
        assert w4 == w3 and x4 > x3 and y4 > y3, "dragging left/up pans right/down without zooming"
    else:
        # a one-finger drag (pointer events with pointerType touch) pans
        before = vb(page)
        page.evaluate(
            """([x, y]) => {
                const svg = document.querySelector('#game svg.bz-map');
                const ev = (type, dx, dy) => svg.dispatchEvent(new PointerEvent(type, {bubbles: true,
                    pointerId: 7, pointerType: 'touch', clientX: x + dx, clientY: y + dy, isPrimary: true}));
                ev('pointerdown', 0, 0); ev('pointermove', -20, -10); ev('pointermove', -60, -40);
                ev('pointerup', -60, -40);
            }""",
            [cx, cy],
        )
        after = vb(page)
        assert after[0] > before[0] and after[2] == before[2], (before, after)
    page.locator("#game [data-cam-zoom='fit']").click()
    svg = page.locator(MAP)
    whole = [0.0, 0.0, float(svg.get_attribute("data-mapw")), float(svg.get_attribute("data-maph"))]
    assert vb(page) == pytest.approx(whole, abs=0.01), "the whole map"
    no_sideways_scroll(page, size[0])
    assert guard.outside_requests() == []


# ------------------------------------------------------------------------------ a move by two clicks


def _two_click_move(game: Any, state: Any) -> dict[str, Any] | None:
    """A legal move of seat 0 that two map clicks name: the unit is alone on its hex, which has more
    than one move (the first click only picks), and the target hex is empty land (no fight, no
    face-down tile), reached one way only (the second click plays)."""
    if game.to_move(state) != [0]:
        return None
    acts = game.legal_actions(state, 0)
    v = game.view(state, 0)
    for a in acts:
        if a["type"] != "move" or a["carry"]:
            continue
        src = v["units"][a["unit"]]["hex"]
        mine_there = [u for u, x in v["units"].items() if x["hex"] == src and x["seat"] == 0]
        moves = [b for b in acts if b["type"] in ("move", "ranged")]
        from_src = [b for b in moves if v["units"][b["unit"]]["hex"] == src]
        same = [b for b in from_src if b.get("to", b.get("target")) == a["to"]]
        x = v["hexes"][a["to"]]
        empty = not any(u["hex"] == a["to"] for u in v["units"].values())
        land = x["explore"] is None and x["capital"] is None and not x["building"] and not x["city"]
        if len(mine_there) == 1 and len(from_src) > 1 and len(same) == 1 and empty and land:
            return a
    return None


@cache
def move_save() -> tuple[str, str]:
    """Random play (deploying and moving preferred) until seat 0 has such a move; the save and the move."""
    game = games.get(GAME)
    for seed in range(1, 30):
        seats = [{"kind": "human", "name": "P1"}, {"kind": "heuristic", "name": "P2"}]
        meta = {"seats": seats, "created": 1, "lang": "en", "app": "pygame_core-web"}
        state = game.new_game(players=2, seed=seed, meta=meta)
        rng = random.Random(seed)
        for _ in range(600):
            to_move = game.to_move(state)
            if not to_move:
                break
            a = _two_click_move(game, state)
            if a is not None:
                return game.save(state), f"{a['unit']}>{a['to']}"
            acts = game.legal_actions(state, to_move[0])
            pref = [x for x in acts if x["type"] in ("deploy", "move") or x.get("arch") == "deploy"]
            state = game.apply(state, to_move[0], rng.choice(pref if pref and rng.random() < 0.8 else acts))
    raise AssertionError("random play never reached a two-click move of seat 0")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_unit_moves_by_two_clicks_on_the_map(contexts, base_url, size):
    text, move = move_save()
    uid, to = move.split(">")
    page, guard = open_save(contexts, base_url, size, text)
    src = view(page)["units"][uid]["hex"]
    assert any(a["type"] == "move" and a["unit"] == uid and a["to"] == to for a in legal(page))
    before = app.actions_played(page)
    stack = page.locator(f"{MAP} [data-mapkey='stack:{src}']")
    assert stack.count() == 1 and "pick" in (stack.get_attribute("class") or ""), describe(page)
    stack.click()
    wait_not_busy(page)
    assert app.actions_played(page) == before, "picking the unit plays nothing"
    assert page.locator(f"{MAP} [data-testid='map-selected']").count() == 1
    target = page.locator(f"{MAP} [data-mapkey='hex:{to}']")
    assert target.count() == 1, describe(page)
    assert page.locator(f"{MAP} [data-mapkey='stack:{src}']").count() == 0, "the source is picked already"
    target.click()
    wait_not_busy(page)
    assert (app.actions_played(page) or 0) > (before or 0), describe(page)
    assert view(page)["units"][uid]["hex"] == to
    no_sideways_scroll(page, size[0])
    assert guard.outside_requests() == []


PIECES = """() => [...document.querySelectorAll('#game svg.bz-map g.l-things, #game svg.bz-map g.l-hits,'
    + ' #game svg.bz-map g.l-units')].map((g) => g.outerHTML)"""


@pytest.mark.parametrize("size", [SIZES[0]], ids=[SIZE_IDS[0]])
def test_after_a_move_the_map_draws_what_a_fresh_page_draws(contexts, base_url, size):
    """The map's tiles, units and tooltips are drawn again only when the view's parts they come from
    change (render.js piecesLayers): after a move by two clicks and the bot's turn, they are what a
    fresh page draws of the same position."""
    text, move = move_save()
    uid, to = move.split(">")
    page, guard = open_save(contexts, base_url, size, text)
    src = view(page)["units"][uid]["hex"]
    page.locator(f"{MAP} [data-mapkey='stack:{src}']").click()
    wait_not_busy(page)
    page.locator(f"{MAP} [data-mapkey='hex:{to}']").click()
    wait_not_busy(page)
    for _ in range(40):  # the human's turn again, after the bot's
        if view(page)["to_move"] == [0]:
            break
        page.wait_for_timeout(250)
        wait_not_busy(page)
    drawn = page.evaluate(PIECES)
    played = app.actions_played(page)
    page.evaluate("() => window.pgcGame.session.flush(true)")
    page.reload()
    wait_ready(page)
    wait_not_busy(page)
    assert app.actions_played(page) == played, describe(page)
    assert page.evaluate(PIECES) == drawn
    assert guard.outside_requests() == []


# ------------------------------------------------------------------------------ the camera follows


@cache
def follow_save() -> tuple[str, str, str]:
    """A 2-seat hotseat game (both human) at seat 0's end of turn, the round past the first; seat 1 then
    takes the Deploy arch and deploys on its own hexes only. The save, seat 0's and seat 1's capitals."""
    game = games.get(GAME)
    end, dep = {"type": "end_turn"}, {"type": "arch", "arch": "deploy"}
    for seed in range(1, 40):
        seats = [{"kind": "human", "name": "P1"}, {"kind": "human", "name": "P2"}]
        meta = {"seats": seats, "created": 1, "lang": "en", "app": "pygame_core-web"}
        state = game.new_game(players=2, seed=seed, meta=meta)
        rng = random.Random(seed)
        for _ in range(400):
            to_move = game.to_move(state)
            if not to_move:
                break
            acts = game.legal_actions(state, to_move[0])
            if to_move == [0] and end in acts and state.data["round"] >= 2:
                after = game.apply(state, 0, end)
                if game.to_move(after) == [1] and dep in game.legal_actions(after, 1):
                    d = game.apply(after, 1, dep)
                    caps = [state.data["players"][s]["capital"] for s in (0, 1)]
                    hexes = {a["hex"] for a in game.legal_actions(d, 1) if a["type"] == "deploy"}
                    if hexes == {caps[1]} and bd.distance(*caps) >= 5:
                        return game.save(state), caps[0], caps[1]
            calm = [a for a in acts if a["type"] != "end_turn"] if rng.random() < 0.5 else acts
            state = game.apply(state, to_move[0], rng.choice(calm or acts))
    raise AssertionError("random play never reached the position")


def open_save(contexts: Any, base_url: str, size: Any, text: str) -> tuple[Any, Any]:
    """A page at ``size`` playing the save ``text``, ready: the page and its guard."""
    page, guard = new_page(contexts, size)
    app.put_saves(page, base_url, {"bz": text})
    page.goto(f"{base_url}/play.html?save=bz&lang=en&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    return page, guard


def open_follow_save(contexts: Any, base_url: str, size: Any) -> tuple[Any, Any, str, str]:
    """A page at ``size`` playing :func:`follow_save`'s game, past its pass screen: the page, its guard and
    the two capitals."""
    text, cap0, cap1 = follow_save()
    page, guard = open_save(contexts, base_url, size, text)
    if app.visible(page, "pass_continue"):
        page.locator(app.sel("pass_continue")).first.click()
        wait_not_busy(page)
    return page, guard, cap0, cap1


IN_VIEW = """(name) => {
    const el = [...document.querySelectorAll('#game svg.bz-terrain text.qr')]
        .find((x) => x.textContent === name);
    const map = document.querySelector('#game svg.bz-map');
    if (!el || !map) return null;
    const r = el.getBoundingClientRect(), m = map.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    return x >= m.left && x <= m.right && y >= m.top && y <= m.bottom;
}"""


def in_view(page: Any, name: str) -> bool:
    """Whether the hex named ``name`` (its name drawn on it) is in the map's window, as the camera
    shows it now."""
    shown = page.evaluate(IN_VIEW, name)
    assert shown is not None, f"no hex named {name} on the map: {describe(page)}"
    return bool(shown)


def look_away(page: Any, h: str, name: str) -> None:
    """Zoom in and pan the camera (its buttons and arrow keys, as a player) until hex ``h`` (named
    ``name``) is out of the map's window: the view goes to the other side of the map's centre."""
    for _ in range(3):
        page.locator("#game [data-cam-zoom='in']").click()
    page.locator(MAP).focus()
    q, r = bd.coords(h)
    key = "ArrowLeft" if 2 * q + r > 0 else "ArrowRight"
    for _ in range(40):
        if not in_view(page, name):
            return
        page.keyboard.press(key)
    raise AssertionError(f"the camera could not be moved off {name}: {vb(page)}")


def play(page: Any, action: dict[str, Any]) -> None:
    """Click the legal-action control of ``action`` (opening its group if closed)."""
    found = page.evaluate(
        """(want) => {
            const el = [...document.querySelectorAll('#game [data-testid=legal-action][data-action]')]
                .find((b) => JSON.stringify(JSON.parse(b.dataset.action)) === want);
            if (!el) return false;
            const group = el.closest('details');
            if (group) group.open = true;
            el.click();
            return true;
        }""",
        json.dumps(action, separators=(",", ":")),
    )
    assert found, f"no control for {action}: {describe(page)}"
    wait_not_busy(page)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_camera_follows_the_seat_to_move_and_brings_its_targets_into_view(contexts, base_url, size):
    """Issue 19 §3: after the hand-off to the next seat in a hotseat game, the map shows that seat's
    area (its capital) however the last seat left the camera; and when the legal targets change and
    none is in sight (the Deploy arch's hexes), the camera brings them into view."""
    page, guard, cap0, cap1 = open_follow_save(contexts, base_url, size)
    v = view(page)
    names = bd.geometry(v["map"]).names
    assert v["seat"] == 0 and v["to_move"] == [0], describe(page)
    assert in_view(page, names[cap0]), "the seat to move sees its capital"
    assert page.locator("#game svg.bz-terrain text.row-l").count() == 2 * len(
        {bd.coords(h)[1] for h in names}
    ), "each row's letter at both its ends"
    look_away(page, cap1, names[cap1])
    play(page, {"type": "end_turn"})
    assert app.visible(page, "pass_continue"), describe(page)
    page.locator(app.sel("pass_continue")).first.click()
    wait_not_busy(page)
    assert view(page)["seat"] == 1 and view(page)["to_move"] == [1], describe(page)
    assert in_view(page, names[cap1]), f"the camera follows seat 2 to its capital {names[cap1]}: {vb(page)}"
    look_away(page, cap1, names[cap1])
    play(page, {"type": "arch", "arch": "deploy"})
    target = page.locator(f"{MAP} [data-mapkey='hex:{cap1}']")
    assert target.count() == 1, describe(page)
    assert in_view(page, names[cap1]), f"the camera brings the Deploy targets into view: {vb(page)}"
    no_sideways_scroll(page, size[0])
    assert guard.outside_requests() == []


CLICK_READS = """(want) => {
    // click the legal-action control of `want`, counting the layout reads (getBoundingClientRect) made
    // while the click is handled: the engine's reply and the whole redraw
    const el = [...document.querySelectorAll('#game [data-testid=legal-action][data-action]')]
        .find((b) => JSON.stringify(JSON.parse(b.dataset.action)) === want);
    if (!el) return null;
    const group = el.closest('details');
    if (group) group.open = true;
    const read = Element.prototype.getBoundingClientRect;
    let n = 0;
    Element.prototype.getBoundingClientRect = function () { n += 1; return read.call(this); };
    try { el.click(); } finally { Element.prototype.getBoundingClientRect = read; }
    return n;
}"""


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_redraw_reads_no_layout_and_keeps_the_legend(contexts, base_url, size):
    """Click to redraw (issue 19 §7): the redraw of a click reads no layout (the map's size comes from a
    ResizeObserver: read while the pass screen goes up, with the board just hidden, it restyled and laid
    out the whole page inside the click); and when the map's targets come and go, the legend stays the
    same element, open if the player opened it (it was parsed and laid out anew, and closed)."""
    page, guard, cap0, cap1 = open_follow_save(contexts, base_url, size)
    assert view(page)["seat"] == 0, describe(page)
    page.evaluate("() => { const d = document.querySelector('#game [data-testid=bz-legend]');"
                  " d.open = true; window.__legend = d; }")
    end = json.dumps({"type": "end_turn"}, separators=(",", ":"))
    assert page.evaluate(CLICK_READS, end) == 0, "the click that raises the pass screen read layout"
    wait_not_busy(page)
    assert app.visible(page, "pass_continue"), describe(page)
    page.locator(app.sel("pass_continue")).first.click()
    wait_not_busy(page)
    assert view(page)["seat"] == 1, describe(page)
    assert page.locator(f"{MAP} [data-testid='hex-target']").count() == 0, describe(page)
    deploy = json.dumps({"type": "arch", "arch": "deploy"}, separators=(",", ":"))
    assert page.evaluate(CLICK_READS, deploy) == 0, "the click on the Deploy arch read layout"
    wait_not_busy(page)
    assert page.locator(f"{MAP} [data-testid='hex-target']").count() >= 1, describe(page)
    assert page.evaluate("() => window.__legend.isConnected && window.__legend.open"), (
        "the legend was replaced (or closed) when the map's targets came")
    assert guard.outside_requests() == []


# ------------------------------------------------------------------------------ a whole game by clicks


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_whole_game_against_the_heuristic_bot_by_clicks(contexts, base_url, size):
    """Issue 19 §6: one human seat and the heuristic bot, played to the end by clicking the first
    legal action; the end screen shows the scores."""
    page, guard = new_page(contexts, size)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=7, humans=1, bot='heuristic')}")
    wait_ready(page)
    wait_not_busy(page)
    app.play_until_over(page, max_steps=1500, deadline_s=1500)
    assert page.locator(app.sel("scores")).count(), describe(page)
    no_sideways_scroll(page, size[0])
    assert guard.outside_requests() == []
