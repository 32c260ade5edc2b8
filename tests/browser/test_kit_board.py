"""The kit's board geometry and camera (web/app/kit/grid.js, camera.js) in Chromium.

grid.js is tested as a module imported by the page (the repo has no JS test runner): square and hex
cells' centres, outlines and neighbours against their definitions. The toy test game's hex board
(option board=hex) proves hexes through the real shell at both sizes: its targets are the cells the
engine says can be claimed, which are the free hex neighbours (by grid.js) of the viewer's cells; a
target is clickable and plays its claim, and the camera pans and zooms.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "toy"  # the test game whose hex board this file plays
BOARD = "svg[data-testid='hex-board']"
SIZES = [pytest.param({"width": 1366, "height": 768}, id="desktop"),
         pytest.param({"width": 390, "height": 844}, id="phone")]

GRID_PROBE = """async () => {
  const g = await import('./app/kit/grid.js');
  const out = {};
  for (const top of ['pointy', 'flat']) {
    const h = g.hexGrid(10, top);
    out[top] = {
      cells: g.hexagon(2).map(([q, r]) => ({
        q, r, centre: h.centre(q, r), corners: h.corners(q, r), box: h.box(q, r),
        neighbours: h.neighbours(q, r), nCentres: h.neighbours(q, r).map(([a, b]) => h.centre(a, b)),
        back: h.cellAt(...h.centre(q, r)), points: h.points(q, r), path: h.path(q, r),
      })),
      dist: h.distance(0, 0, 2, -1),
    };
  }
  const s = g.squareGrid(10);
  out.square = {centre: s.centre(2, 3), corners: s.corners(2, 3, 1), box: s.box(2, 3),
                four: s.neighbours(2, 3), eight: s.neighbours(2, 3, true), back: s.cellAt(25, 35),
                points: s.points(0, 0), bounds: s.bounds([[0, 0], [2, 3]]),
                dist: [s.distance(0, 0, 2, 3), s.distance(0, 0, 2, 3, true)]};
  return out;
}"""


def test_grid_geometry(page, base_url):
    app.open_ready(page, f"{base_url}/index.html")
    got = page.evaluate(GRID_PROBE)
    assert len(got["pointy"]["cells"]) == 19  # a hexagon of radius 2
    for top in ("pointy", "flat"):
        for c in got[top]["cells"]:
            cx, cy = c["centre"]
            # six corners, each one circumradius (10) from the centre, 60 degrees apart
            assert len(c["corners"]) == 6
            assert all(math.isclose(math.dist((cx, cy), p), 10, abs_tol=1e-9) for p in c["corners"])
            angles = sorted(round(math.degrees(math.atan2(y - cy, x - cx))) % 360 for x, y in c["corners"])
            first = 30 if top == "pointy" else 0  # pointy-top: a corner straight up (270); flat-top: one at 0
            assert angles == [first + 60 * i for i in range(6)], (top, angles)
            assert len(c["points"].split()) == 6 and c["path"].startswith("M") and c["path"].endswith("Z")
            # the box holds every corner
            b = c["box"]
            eps = 1e-9
            assert all(b["x"] - eps <= x <= b["x"] + b["w"] + eps for x, _ in c["corners"])
            assert all(b["y"] - eps <= y <= b["y"] + b["h"] + eps for _, y in c["corners"])
            # six distinct neighbours at axial distance 1, whose centres are exactly one hex width away
            assert len({tuple(n) for n in c["neighbours"]}) == 6
            q, r = c["q"], c["r"]
            for a, bb in c["neighbours"]:
                assert (abs(q - a) + abs(r - bb) + abs(q + r - a - bb)) / 2 == 1
            width = 10 * math.sqrt(3)
            assert all(math.isclose(math.dist((cx, cy), p), width, abs_tol=1e-9) for p in c["nCentres"])
            assert c["back"] == [q, r], "the cell under a cell's centre is that cell"
        assert got[top]["dist"] == 2
    pointy = {(c["q"], c["r"]): c for c in got["pointy"]["cells"]}
    # pointy-top: +q is east (same row), +r is south-east (next row down, half a hex to the right)
    assert pointy[(1, 0)]["centre"][1] == 0 and pointy[(1, 0)]["centre"][0] > 0
    assert pointy[(0, 1)]["centre"][1] == 15 and math.isclose(pointy[(0, 1)]["centre"][0], 5 * math.sqrt(3))
    sq = got["square"]
    assert sq["centre"] == [25, 35] and sq["box"] == {"x": 20, "y": 30, "w": 10, "h": 10}
    assert sq["corners"] == [[21, 31], [29, 31], [29, 39], [21, 39]]
    assert sorted(map(tuple, sq["four"])) == [(1, 3), (2, 2), (2, 4), (3, 3)]
    around = [(2 + dx, 3 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    assert sorted(map(tuple, sq["eight"])) == sorted(around)
    assert sq["back"] == [2, 3] and sq["points"] == "0,0 10,0 10,10 0,10"
    assert sq["bounds"] == {"x": 0, "y": 0, "w": 30, "h": 40} and sq["dist"] == [5, 3]


def open_hex(contexts: Any, base_url: str, viewport: dict[str, int]) -> Any:
    ctx, _ = contexts.new(viewport=viewport)
    page = ctx.new_page()
    url = app.play_url(GAME, players=2, seed=4, humans=1, bot="random", options={"board": "hex"})
    page.goto(f"{base_url}/{url}")
    wait_ready(page)
    wait_not_busy(page)
    # the board at the bottom of the screen, clear of the phone's sticky action panel at the top
    page.locator(BOARD).evaluate("b => b.scrollIntoView({block: 'end'})")
    return page


def vb(page: Any) -> list[float]:
    return [float(x) for x in page.locator(BOARD).get_attribute("viewBox").split()]


def targets(page: Any) -> set[tuple[int, int]]:
    hot = page.locator(f"{BOARD} [data-testid='hex-target']")
    keys = hot.evaluate_all("es => es.map(e => e.dataset.mapkey)")
    return {tuple(int(v) for v in k.removeprefix("hex:").split(",")) for k in keys}  # type: ignore[misc]


def expected_targets(page: Any) -> set[tuple[int, int]]:
    """The free neighbours (by grid.js) of the viewer's cells: what the highlighted targets must be."""
    got = page.evaluate("""async () => {
      const g = await import('./app/kit/grid.js');
      const v = window.pgcGame.session.reply.view;
      const free = new Set(v.hex.cells.map(c => c.join(',')).filter(k => !(k in v.hex.owner)));
      const mine = Object.keys(v.hex.owner).filter(k => v.hex.owner[k] === v.seat)
        .map(k => k.split(',').map(Number));
      return [...new Set(mine.flatMap(([q, r]) => g.hexGrid(1).neighbours(q, r).map(n => n.join(','))))]
        .filter(k => free.has(k));
    }""")
    return {tuple(int(v) for v in k.split(",")) for k in got}  # type: ignore[misc]


def centre_of(page: Any, loc: Any) -> tuple[float, float]:
    box = loc.bounding_box()
    assert box, describe(page)
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("viewport", SIZES)
def test_hex_board_targets_neighbours_pan_and_zoom(contexts, base_url, viewport):
    page = open_hex(contexts, base_url, viewport)
    legal = page.evaluate("() => window.pgcGame.session.reply.legal.map(l => l.action.cell.join(','))")
    shown = targets(page)
    assert shown, describe(page)
    assert shown == {tuple(int(v) for v in c.split(",")) for c in legal}, "the legal claims are the targets"
    assert shown == expected_targets(page), "the targets are the free hex neighbours of the viewer's cells"
    assert page.locator("[data-testid='map-target']").count() == len(shown)  # one twin button each

    # zoom in (wheel) around the board's centre, then pan (drag): only the viewBox changes
    x0, y0, w0, h0 = vb(page)
    cx, cy = centre_of(page, page.locator(BOARD))
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -300)
    page.wait_for_function(f"document.querySelector(\"{BOARD}\").viewBox.baseVal.width < {w0}")
    x1, y1, w1, h1 = vb(page)
    assert w1 < w0 and math.isclose(w1 / h1, w0 / h0, rel_tol=1e-3)
    before = app.actions_played(page)
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 40, cy + 25, steps=5)
    page.mouse.up()
    x2, y2, w2, h2 = vb(page)
    assert (w2, h2) == (w1, h1) and x2 < x1 and y2 < y1, "dragging right/down shows what lies left/up"
    assert app.actions_played(page) == before, "a drag plays nothing"
    # keyboard: + zooms in, 0 shows the whole board again
    page.locator(BOARD).focus()
    page.keyboard.press("+")
    assert vb(page)[2] < w2
    page.keyboard.press("0")
    whole = vb(page)
    # the whole board holds every cell
    cells = page.locator(f"{BOARD} polygon.hex")
    assert cells.count() == 19
    box = page.locator(BOARD).bounding_box()
    for i in range(cells.count()):
        x, y = centre_of(page, cells.nth(i))
        assert box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]

    # zoomed in, a click on a target still lands on it and plays that claim
    page.locator("[data-cam-zoom='in']").click()
    assert vb(page)[2] < whole[2]
    target = page.locator(f"{BOARD} [data-testid='hex-target']").first
    key = target.get_attribute("data-mapkey")
    x, y = centre_of(page, target)
    page.mouse.click(x, y)
    wait_not_busy(page)
    assert app.actions_played(page) > before, describe(page)
    owner = page.evaluate("() => window.pgcGame.session.reply.view.hex.owner")
    assert owner.get(key.removeprefix("hex:")) == 0, (key, owner)
    # after the bot's claim, the new targets again are the free neighbours of the viewer's cells
    assert targets(page) == expected_targets(page) and targets(page)


def test_hex_board_pinch_and_tap_on_a_phone(contexts, base_url):
    """Touch: two fingers moving apart zoom in, one finger drags, a tap on a target plays its claim."""
    ctx, _ = contexts.new(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=4, humans=1, options={'board': 'hex'})}")
    wait_ready(page)
    wait_not_busy(page)
    # the board at the bottom of the screen, clear of the sticky action panel at the top
    page.locator(BOARD).evaluate("b => b.scrollIntoView({block: 'end'})")
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        pts = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})

    cx, cy = centre_of(page, page.locator(BOARD))
    x0, y0, w0, h0 = vb(page)
    touch("touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for d in range(30, 110, 10):
        touch("touchMove", [(cx - d, cy), (cx + d, cy)])
    touch("touchEnd", [])
    x1, y1, w1, h1 = vb(page)
    assert w1 < w0 * 0.7, (w0, w1)
    touch("touchStart", [(cx, cy)])
    for d in range(10, 60, 10):
        touch("touchMove", [(cx - d, cy - d)])
    touch("touchEnd", [])
    x2, y2, w2, _ = vb(page)
    assert w2 == w1 and x2 > x1 and y2 > y1, ((x1, y1), (x2, y2))
    before = app.actions_played(page)
    page.locator("[data-cam-zoom='fit']").evaluate("b => b.click()")  # the whole board: every target in sight
    assert vb(page)[2] > w2
    # Chromium makes no click of a tap that follows the drag's synthetic touches within a few hundred ms
    page.wait_for_timeout(600)
    page.touchscreen.tap(*centre_of(page, page.locator(f"{BOARD} [data-testid='hex-target']").first))
    page.wait_for_function(f"() => window.pgcGame.session.reply.view.actions_played > {before}")
