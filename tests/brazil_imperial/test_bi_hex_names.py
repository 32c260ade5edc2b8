"""Hexes have names a player finds on the board (issue 19: readable hex names): its row's letter (A at
the top; the board draws it at both ends of the row) and its place in the row from the left ("D4"; the
board draws it on the hex). Labels and log lines in the three languages name hexes so, never by their
axial coordinates ("4,-1"). The board's side: tests/browser/test_brazil_imperial_data.py (data.js holds
the same names) and test_brazil_imperial_board.py (the names and letters drawn)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import labels
from pygame_core.games.brazil_imperial.text import TERRAIN_NAME
from pygame_core.kernel.state import State
from pygame_core.kernel.text import LANGS
from tests.brazil_imperial.helpers import GAME, clear, edit, legal, started, to_turn

Data = dict[str, Any]
#: axial coordinates as they were shown before: "4,-1", "-3,0"
AXIAL = re.compile(r"-?\d+,-?\d+")


@pytest.mark.parametrize("key", sorted(bd.MAPS))
def test_every_hex_of_a_map_has_a_name_by_row_letter_and_place_from_the_left(key: str) -> None:
    geo = bd.geometry(key)
    names = [geo.names[h] for h in geo.order]
    assert len(set(names)) == len(names)
    rows = sorted({bd.coords(h)[1] for h in geo.order})
    for i, r in enumerate(rows):  # top row first (the smallest r is drawn highest)
        row = sorted((h for h in geo.order if bd.coords(h)[1] == r), key=lambda h: bd.coords(h)[0])
        assert [geo.names[h] for h in row] == [f"{chr(ord('A') + i)}{n}" for n in range(1, len(row) + 1)]


def test_the_4_player_map_names_its_corners() -> None:
    """The 169-hex map (radius 7): 15 rows, A to O; the middle row H holds 15 hexes."""
    names = bd.geometry(bd.map_for(4)).names
    assert names["0,-7"] == "A1" and names["7,-7"] == "A8"
    assert names["-7,0"] == "H1" and names["7,0"] == "H15"
    assert names["-7,7"] == "O1" and names["0,7"] == "O8"


def test_labels_name_a_hex_by_its_name_and_terrain_in_three_languages() -> None:
    s = started(2, 1)
    geo = bd.geometry(s.data["map"])
    for h in geo.order:
        text, name, ter = labels.hex_name(s.data, h), geo.names[h], TERRAIN_NAME[geo.terrain[h]]
        assert text == {
            "en": f"{name} ({ter['en']})",
            "zh-Hant": f"{name}（{ter['zh-Hant']}）",
            "zh-Hans": f"{name}（{ter['zh-Hans']}）",
        }


def test_no_label_of_a_played_game_shows_axial_coordinates() -> None:
    """Every legal action's label along a seeded game (deploys, moves, builds, peeks, capitals) in
    every language: hex names, no "q,r"."""
    s = GAME.new_game(players=3, seed=4)
    seen_hex = 0
    for n in range(160):
        if not GAME.to_move(s):
            break
        seat = GAME.to_move(s)[0]
        acts = legal(s, seat)
        for a in acts:
            for lang in LANGS:
                text = GAME.label(s, seat, a, lang)
                assert not AXIAL.search(text), (a, text)
            seen_hex += any(k in a for k in ("hex", "to", "target")) or a["type"] == "capital"
        s = GAME.apply(s, seat, acts[(n * 7) % len(acts)])
    assert seen_hex > 50  # the game offered many actions that name hexes


def _log_texts(state: State, seat: int | None) -> list[dict[str, str]]:
    return [e["text"] for e in GAME.view(state, seat)["log"]]


def test_the_capital_log_line_names_the_hex() -> None:
    """L20-21: the line of a capital chosen in the setup."""
    s = started(2, 1)
    lines = [x for x in _log_texts(s, None) if "capital" in x["en"]]
    assert lines
    for x in lines:
        assert re.search(r"takes the capital at [A-O]\d+ and", x["en"]), x
        for lang in LANGS:
            assert not AXIAL.search(x[lang]), x


def test_the_peek_log_lines_name_the_hex_to_the_peeker_and_to_the_others() -> None:
    """L114-116: era I's marker under Port lets the seat look at a face-down tile; its own line says
    which tile, the others' only where."""
    s = started(2, 1)

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0]["under"] = {"port": 1}
        to_turn(g, 0)

    s = edit(s, prep)
    s = GAME.apply(s, 0, {"type": "arch", "arch": "port"})
    peek = next(a for a in legal(s, 0) if a["type"] == "peek")
    s = GAME.apply(s, 0, peek)
    name = bd.geometry(s.data["map"]).names[peek["hex"]]
    mine, theirs = _log_texts(s, 0)[-1], _log_texts(s, 1)[-1]
    assert mine["en"].startswith(f"Player 1 looks at the tile at {name}: ")
    assert theirs["en"] == f"Player 1 looks at the tile at {name}"
    assert theirs["zh-Hant"] == f"玩家1查看 {name} 的探索板塊"
    assert theirs["zh-Hans"] == f"玩家1查看 {name} 的探索板块"
    for lang in LANGS:
        assert not AXIAL.search(mine[lang]) and not AXIAL.search(theirs[lang])
