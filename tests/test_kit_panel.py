"""The kit's step-by-step action panel (web/app/kit/panel.js, issue 17 §1) with each game's own hooks
(web/games/<id>/render.js), run under Node on positions the engine made: never more than 15 buttons at
once, a step button's count is what clicking it leaves to choose from, every legal action can be reached
step by step, and the finishing bar holds the game's end-of-step actions."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pygame_core import games

ROOT = Path(__file__).resolve().parents[1]
KIT = ROOT / "web" / "app" / "kit" / "panel.js"
NODE = shutil.which("node") if sys.platform != "emscripten" else None
MAX_BUTTONS = 15

pytestmark = pytest.mark.skipif(NODE is None or not KIT.exists(), reason="needs Node and the site's sources")

WALK = ROOT / "tests" / "kit_panel_walk.mjs"  # the panel walked step by step under Node


def panel_walk(game_id: str, view: dict[str, Any], legal: list[dict[str, Any]], limit: int = 60,
               sel: list[str] | None = None) -> list[dict[str, Any]]:
    """For each selection reached from ``sel`` (breadth first): buttons, actions, steps, finishing bar."""
    render = ROOT / "web" / "games" / game_id / "render.js"
    data = json.dumps({"view": view, "legal": legal, "limit": limit, "sel": sel or []})
    out = subprocess.run([str(NODE), "--no-warnings", str(WALK), str(render), str(KIT)],
                         input=data, capture_output=True, text=True, timeout=120, check=True).stdout
    result: list[dict[str, Any]] = json.loads(out)
    return result


def position(game_id: str, stop: Any, seed: int = 1, options: dict[str, Any] | None = None,
             prefer: Any = None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Seat 0's view and legal list (with labels) at the first moment ``stop(view, legal)`` holds."""
    game = games.get(game_id)
    state = game.new_game(players=2, seed=seed, options=options or {})
    for _ in range(3000):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and stop(game.view(state, 0), legal):
            return game.view(state, 0), [{"action": a, "label": game.label(state, 0, a)} for a in legal]
        pick = prefer(seat, legal) if prefer else None
        state = game.apply(state, seat, pick or legal[0])
    raise AssertionError("the position was never reached")


def check_walk(walk: list[dict[str, Any]], legal: list[dict[str, Any]], finishing: set[str]) -> None:
    reached: set[str] = set()
    for w in walk:
        assert w["buttons"] <= MAX_BUTTONS, f"{w['buttons']} buttons after {w['sel']}"
        for s in w["steps"]:
            assert s["left"] == s["n"] or s["n"] == 1, f"step {s['key']} says {s['n']}, leaves {s['left']}"
            assert s["left"] >= 1
        reached.update(w["acts"])
        assert {json.loads(a)["type"] for a in w["finish"]} <= finishing, w["finish"]
    top = walk[0]
    assert all(json.loads(a)["type"] in finishing for a in top["finish"])
    listed = reached | set(top["finish"])
    every = {json.dumps(li["action"], separators=(",", ":")) for li in legal}
    missing = every - {json.dumps(json.loads(a), separators=(",", ":")) for a in listed}
    assert not missing or len(walk) >= 60, f"not reachable step by step: {sorted(missing)[:5]}"


def fire_build(seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((a for a in legal if seat == 0 and a["type"] == "build" and a["card"] == "fire-06"), None)


def test_empires_end_two_swaps_narrow_to_the_two_locations_picked():
    """Issue 17 §4: with the City's and Fire 6's swaps (55 each, L389), picking two locations lists
    exactly their swaps, one per source; a location alone lists its next steps, never nothing."""
    view, legal = position("empires_end", lambda v, lg: sum(a.get("src") == "I:fire-06" for a in lg) == 55,
                           prefer=fire_build)
    locs = view["empires"][0]["locations"]
    fire = next(x["pos"] for x in locs if any(i["card"]["id"] == "fire-06" for i in x["innovations"]))
    city = next(x["pos"] for x in locs if x["id"] == "city")
    other = next(p for p in range(1, 12) if p not in (fire, city))
    walk = panel_walk("empires_end", view, legal, limit=200)
    first = panel_walk("empires_end", view, legal, limit=1, sel=[f"loc:0:{other}"])[0]
    assert 2 <= first["buttons"] <= MAX_BUTTONS, first  # never "81 more choices" and nothing listed
    fire_step = next(x for x in first["steps"] if x["key"] == "inno:fire-06")
    assert fire_step["n"] == fire_step["left"] == 10, fire_step  # the Fire's swaps of that location
    two = panel_walk("empires_end", view, legal, limit=1, sel=[f"loc:0:{other}", f"loc:0:{fire}"])[0]
    got = [json.loads(a) for a in two["acts"]]
    assert sorted(a["src"] for a in got) == ["I:fire-06", "L:city"], got
    assert all({a["a"], a["b"]} == {other, fire} for a in got), got
    check_walk(walk, legal, {"done"})


def test_through_the_ages_panel_keeps_end_the_turn_in_the_finishing_bar():
    view, legal = position("through_the_ages", lambda v, lg: v["round"] >= 3 and len(lg) > 25, seed=4,
                           options={"mode": "simple"})
    check_walk(panel_walk("through_the_ages", view, legal), legal, {"end", "done"})


def test_civilization_panel_steps_say_how_many_they_leave():
    def moving(v, lg):
        return (v.get("phase") or {}).get("kind") in ("city", "move") and len(lg) > 20

    view, legal = position("civilization", moving)
    check_walk(panel_walk("civilization", view, legal), legal,
               {"end_start", "end_trade", "end_city", "end_move", "stop", "decline"})


def _bz_prefer(seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Deploy, build and move first (the map's actions), else the first action."""
    for ty in ("deploy", "move", "build"):
        a = next((x for x in legal if x["type"] == ty), None)
        if a:
            return a
    return next((x for x in legal if x["type"] == "arch" and x["arch"] in ("deploy", "build")), None)


@pytest.mark.parametrize("kind", ["movement", "build"])
def test_brazil_imperial_map_steps_never_list_more_than_15_and_reach_every_action(kind):
    """Issue 19 §3: the map's picks (a stack, then a hex; a hex, then what to build) as panel steps:
    never more than 15 buttons, each step's count is what it leaves, every legal action reachable, and
    the finishing bar holds end_turn / skip / trade_done only."""

    def there(v: dict[str, Any], lg: list[dict[str, Any]]) -> bool:
        if kind == "movement":
            return sum(a["type"] == "move" for a in lg) > 20
        return sum(a["type"] == "build" for a in lg) > 20

    view, legal = position("brazil_imperial", there, prefer=_bz_prefer)
    walk = panel_walk("brazil_imperial", view, legal, limit=200)
    top_map = {s["key"].split(":")[0] for s in walk[0]["steps"]}
    assert top_map and top_map <= {"stack", "hex"}, top_map  # the first step is on the map
    check_walk(walk, legal, {"end_turn", "skip", "trade_done"})

PENDING = ROOT / "web" / "app" / "kit" / "pending.js"
BOX = """
globalThis.addEventListener ||= () => {};
const S = (await import(process.argv[1])).default.en;
const { pendingBox } = await import(process.argv[2]);
let input = "";
for await (const chunk of process.stdin) input += chunk;
const view = JSON.parse(input);
const text = (k, v) => (k in S ? S[k].replace(/\\{(\\w+)\\}/g, (m, x) => v[x]) : null);
process.stdout.write(pendingBox(view, { names: ["Ann", "Bob"], text }));
"""


def test_pending_box_says_who_must_answer_and_who_has_answered_a_sealed_bid():
    """The kit's pending-decisions box over the kernel's public decisions (docs/api.md): Empire's End's
    sealed Conflict bid (L457) after seat 0 bid, as seat 1 sees it: Bob must bid, Ann has (never what)."""
    game = games.get("empires_end")
    state = game.new_game(players=2, seed=1)
    while not any(d.get("answered") for d in game.view(state, 1)["decisions"]):
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    view = game.view(state, 1)
    strings = ROOT / "web" / "games" / "empires_end" / "strings.js"
    html = subprocess.run([str(NODE), "--no-warnings", "--input-type=module", "-e", BOX, strings.as_uri(),
                           PENDING.as_uri()], input=json.dumps(view), capture_output=True, text=True,
                          timeout=60, check=True).stdout
    assert 'data-testid="pending-decisions"' in html and 'data-kind="bid"' in html, html
    assert "Conflict bid: Bob" in html and "answered: Ann" in html, html
    assert 'class="pd mine blocking"' in html  # the viewer (seat 1) must answer
    assert "axe" not in html and "coin" not in html, html
