"""Civilization's step labels and hints name the seats by their chosen names, as the log beside them does
(issue 16: its labels said "Player 2"): the panel's "to:<seat>" step and the hint of a reaction asked of the
viewer, run under Node on the renderer itself."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RENDER = ROOT / "web" / "games" / "civilization" / "render.js"
NODE = shutil.which("node") if sys.platform != "emscripten" else None

pytestmark = pytest.mark.skipif(NODE is None or not RENDER.exists(),
                                reason="needs Node and the site's sources")

SCRIPT = """
globalThis.addEventListener ||= () => {};
const R = await import(process.argv[1]);
const names = ["Ann", "Bob"];
const view = { seat: 0, decisions: [{ kind: "react", seats: [0] }],
               react: { by: 1, source: { src: "city" } } };
console.log(JSON.stringify({ step: R.keyLabel({}, "to:1", { names }), hint: R.hint(view, { names }),
                             bare: R.keyLabel({}, "to:1") }));
"""


def test_the_offer_step_and_the_reaction_hint_use_the_seats_names() -> None:
    out = subprocess.run([str(NODE), "--no-warnings", "--input-type=module", "-e", SCRIPT, str(RENDER)],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert "Bob" in got["step"] and "Player" not in got["step"], got
    assert "Bob" in got["hint"] and "Player" not in got["hint"], got
    assert "2" in got["bare"], got  # without names (a label asked outside a drawing): the seat's number
