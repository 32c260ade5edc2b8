"""The action panel's buttons name the seats as the log beside them does (issue 16): the engine's
labels say "Player 2" / "玩家2", the page shows the names chosen on the home page. Runs the game's hooks
(web/games/civilization/render.js) in the kit's panel (web/app/kit/panel.js) under Node."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RENDER = ROOT / "web" / "games" / "civilization" / "render.js"
KIT = ROOT / "web" / "app" / "kit" / "panel.js"
NODE = shutil.which("node") if sys.platform != "emscripten" else None


@pytest.mark.skipif(NODE is None or not RENDER.exists(), reason="needs Node and the site's sources")
def test_action_buttons_use_the_chosen_seat_names():
    from pygame_core.games.civilization import GAME

    s = GAME.new_game(2, seed=1)
    legal = []
    for lang in ("en", "zh-Hant"):
        offer = {"type": "offer", "to": 1, "give": "trade:1", "get": "nothing"}
        legal.append({"action": offer, "label": GAME.label(s, 0, offer, lang)})
    assert legal[0]["label"].startswith("Offer Player 2") and "玩家2" in legal[1]["label"]
    script = (
        "globalThis.addEventListener ||= () => {};\n"
        f"const R = await import({json.dumps(RENDER.as_uri())});\n"
        f"const K = await import({json.dumps(KIT.as_uri())});\n"
        f"const legal = {json.dumps(legal, ensure_ascii=False)};\n"
        # the shell's subNames: the engine's "Player 2" as the chosen name
        "const subNames = (s) => s.replace(/Player (\\d+)|玩家(\\d+)/g,"
        " (m, a, b) => ['Ada', 'Bo'][+(a || b) - 1]);\n"
        "const panel = (legal, sel = []) => { const ctx = K.stepContext(R, {}, legal, sel, "
        "{primary: () => false, groupLabel: (g) => g, subNames}); return K.actionPanel({}, ctx).body; };\n"
        "process.stdout.write(panel(legal));\n"
        # many offers fold into one step per player: "Offer to Player 2" names the seat too
        "const many = Array.from({length: 40}, (_, i) => ({action: {...legal[0].action, to: 1 + i % 2,"
        " give: `trade:${i}`}, label: legal[0].label}));\n"
        "process.stdout.write(panel(many));\n"
    )
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    assert "Offer Bo 1 trade" in out and "向Bo提議" in out
    assert "Offer to Bo" in out  # the facet
    assert "Player 2" not in out and "玩家2" not in out
