"""Brazil: Imperial's panels (web/games/brazil_imperial/panels.js: player boards, the common board, the
combat box), drawn under Node (tests/bz_panels_render.mjs) from views the engine made, in the three
languages: they draw every position without a missing string, show nobody another seat's hidden things
(missions, hands, committed battle cards: the kernel's secret tokens), build each side's strength as the
battle goes (L491-492, L496-502) and let the committing seat pick its cards one by one."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pygame_core.kernel.state import State
from tests.brazil_imperial.helpers import GAME, started
from tests.brazil_imperial.test_view_battle import BATTLE_0, BATTLE_1, _battle

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") if sys.platform != "emscripten" else None
RENDER = ROOT / "tests" / "bz_panels_render.mjs"
LANGS = ("en", "zh-Hant", "zh-Hans")

pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node")


def draw(cases: list[tuple[State, int | None, list[str], str]]) -> list[dict[str, Any]]:
    """The panels' HTML (and the labels of the panel keys) for (state, seat, selection, lang) each."""
    data = []
    for state, seat, sel, lang in cases:
        legal = (
            [
                {"action": a, "label": GAME.label(state, seat, a, lang)}
                for a in GAME.legal_actions(state, seat)
            ]
            if seat is not None
            else []
        )
        data.append(
            {
                "view": GAME.view(state, seat),
                "legal": legal,
                "sel": sel,
                "lang": lang,
            }
        )
    out = subprocess.run(
        [str(NODE), "--no-warnings", str(RENDER)],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    result: list[dict[str, Any]] = json.loads(out)
    return result


def html(x: dict[str, Any]) -> str:
    return str(x["empires"] + x["common"] + x["combat"])


def text(markup: str) -> str:
    """What a reader reads: the markup without its tags and attributes."""
    return re.sub(r"<[^>]*>", " ", markup)


@cache
def mid_game() -> State:
    """Random play of a 3-player game into era II or round 6 (buildings, units, paintings on boards)."""
    rng = random.Random(7)
    s = started(3, 4)
    for _ in range(4000):
        if s.data["era"] >= 2 or s.data["round"] >= 6 or GAME.is_over(s):
            break
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return s


def test_every_panel_draws_in_every_language_without_a_missing_string() -> None:
    s0 = GAME.new_game(players=4, seed=3)
    mid = mid_game()
    cases: list[tuple[State, int | None, list[str], str]] = [
        (st, seat, [], lang) for st in (s0, mid) for seat in (0, 1, None) for lang in LANGS
    ]
    for (st, seat, _, lang), x in zip(cases, draw(cases), strict=True):
        assert "pn_" not in html(x), (seat, lang)
        assert "undefined" not in html(x) and "NaN" not in html(x) and "[object" not in html(x), (seat, lang)
        assert html(x).count('data-testid="bz-empire"') == len(st.data["players"])
        assert 'data-testid="bz-common"' in x["common"]
        for key, words in x["labels"].items():
            assert words and "pn_" not in words, key


def test_the_viewer_s_board_comes_first_and_others_show_no_hidden_thing() -> None:
    """Missions and hands are hidden (L19, L290, L301): another seat's board shows their counts only."""
    mid = mid_game()
    for seat in (0, 1, 2):
        x = draw([(mid, seat, [], "en")])[0]
        seats = re.findall(r'data-testid="bz-empire" data-seat="(\d)"', x["empires"])
        assert int(seats[0]) == seat and len(seats) == 3
        shown = text(html(x))
        for other in range(3):
            if other == seat:
                continue
            for token in GAME.secret_tokens(mid, other):
                if len(token) > 3:
                    assert token not in html(x) and token not in shown, (seat, other, token)


def test_the_own_board_shows_the_cards_and_missions_and_the_arches_to_click() -> None:
    s = started(2, 1)
    x = draw([(s, 0, [], "en")])[0]
    v = GAME.view(s, 0)
    e = v["empires"][0]
    for era, mission in e["missions"].items():
        assert f'data-key="mission:{era}"' in x["empires"] or mission in x["empires"]
    # the action phase: each arch the marker may go to is a button on the own board only
    arches = [a["arch"] for a in GAME.legal_actions(s, 0) if a["type"] == "arch"]
    assert arches
    for a in arches:
        assert x["empires"].count(f'data-key="arch:{a}"') == 1, a
    names = ("Deploy", "Paint", "Build", "Renovate", "Manufacture", "Port", "Trade")
    assert x["labels"][f"arch:{arches[0]}"] in names
    seven = re.findall(r'class="bz-arch-w[^"]*" data-arch="(\w+)"', x["empires"])
    assert seven[:7] == ["deploy", "paint", "build", "renovate", "manufacture", "port", "trade"]


def test_the_combat_box_builds_the_strength_and_shows_who_has_committed() -> None:
    """L491-492, L484-485: 3 + 1 (The Captain) against 1 + 2 (the farm) + 2 (Port); L499: the attacker's
    cards lie face down: the defender sees that it has committed, never which cards nor how many."""
    s, cav, spot = _battle()
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    before = draw([(s, 1, [], "en")])[0]["combat"]
    assert "Battle at" in before and "4 + ?" in before and "5 + ?" in before
    assert "choosing" in before and "The higher total wins; the defender wins ties." in before
    assert "Heavy cavalry (3)" in before and "Archer (1)" in before and "Farm" in before
    s = GAME.apply(s, 0, {"type": "commit", "cards": sorted(BATTLE_0)})
    own, other = draw([(s, 0, [], "en"), (s, 1, [], "en")])
    assert "committed face down" in other["combat"] and "You committed" not in other["combat"]
    assert "2 face down" not in other["combat"] and other["combat"].count('class="bz-back"') == 1
    assert "2 face down" in own["combat"] and own["combat"].count('class="bz-back"') == 2
    for c in BATTLE_0:
        assert c not in html(other), c
        assert c.replace("_", " ").title() not in text(html(other)), c
    assert "You committed: Barrage, Militia" in own["combat"]
    # the defender picks its cards on the box, one by one: toggles (data-confirm), then one commit button
    assert other["combat"].count("data-confirm") == len(BATTLE_1)
    assert 'data-testid="bz-commit-go"' in other["combat"] and "no cards" in other["combat"]
    picked = draw([(s, 1, ["bcard:forced_march"], "en")])[0]["combat"]
    assert 'aria-pressed="true"' in picked
    go = re.search(r'data-testid="bz-commit-go"[^>]*data-action="([^"]*)"', picked)
    action = json.loads(go.group(1).replace("&quot;", '"')) if go else None
    assert action == {"type": "commit", "cards": ["forced_march"]}


def test_the_combat_box_shows_the_revealed_cards_and_the_winner() -> None:
    """L501-502: after the reveal both sides' cards and totals show, and who won: 8 against 7."""
    s, cav, spot = _battle()
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    s = GAME.apply(s, 0, {"type": "commit", "cards": sorted(BATTLE_0)})
    s = GAME.apply(s, 1, {"type": "commit", "cards": sorted(BATTLE_1)})
    for x in draw([(s, seat, [], lang) for seat in (0, 1) for lang in LANGS]):
        box = x["combat"]
        assert box.count('data-testid="bz-revealed"') == 2
        assert 'data-testid="bz-total-attack">8<' in box and 'data-testid="bz-total-defence">7<' in box
    en = draw([(s, 1, [], "en")])[0]["combat"]
    assert "Last battle" in en and "The attacker wins 8 to 7" in en
    for name in ("Barrage", "Militia", "Forced March", "Siege"):
        assert name in en


def test_a_tie_reads_as_won_by_the_defender() -> None:
    """L502: 5 against 5, the defender wins ties."""
    s, cav, spot = _battle("build")
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    s = GAME.apply(s, 0, {"type": "commit", "cards": ["militia"]})
    s = GAME.apply(s, 1, {"type": "commit", "cards": ["forced_march"]})
    box = draw([(s, 0, [], "en")])[0]["combat"]
    assert "Tie 5 to 5: the defender wins" in box and 'class="bz-result def"' in box
