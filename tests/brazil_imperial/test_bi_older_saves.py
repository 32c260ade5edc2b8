"""A save made before the state's ``hexes`` became sparse (main at 440b128: every hex with every field)
still loads as it was saved: its moves replay, and its checksum matches the position written in that
older layout (``Game._older_layouts``), so the player is not told the rules changed when they did not.
A save whose moves lead elsewhere is still reported ``stale``."""

from __future__ import annotations

import json
from pathlib import Path

from pygame_core import games

SAVE = Path(__file__).parent / "saves" / "before_sparse_hexes.json"


def test_a_save_from_before_the_sparse_hexes_loads_as_saved() -> None:
    game = games.get("brazil_imperial")
    report = game.load_report(SAVE.read_text())
    assert report["status"] == "ok", report["message"]
    state = report["state"]
    assert len(state.history) == 260
    assert state.digest() != json.loads(SAVE.read_text())["checksum"]  # the layout did change
    # the position holds something on the map, so the older layout is what matched
    assert state.data["hexes"] and len(state.data["hexes"]) < 169


def test_an_older_save_whose_checksum_does_not_match_is_still_stale() -> None:
    game = games.get("brazil_imperial")
    doc = json.loads(SAVE.read_text())
    doc["checksum"] = "0" * 20
    doc.pop("snapshot", None)
    report = game.load_report(json.dumps(doc))
    assert report["status"] == "stale"
