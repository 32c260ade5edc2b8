"""Teaching scenarios (scenarios.py, data/scenarios.json): each worked example of the rulebook builds,
shows the rulebook's numbers, and stepping through its script reaches the example's result. Numbers are
read from the game's view, as a front end shows them; seed lines are cited per test."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

from civ_helpers import edit

from pygame_core.games.civilization import GAME, geo, model, move, scenarios
from pygame_core.kernel.state import State
from tests.scenario_steps import scenario_start, scenario_steps

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "web" / "games" / "civilization" / "examples"
NAMES = scenarios.NAMES
start = partial(scenario_start, GAME)  # start(name, players=None)
steps = partial(scenario_steps, GAME)  # the start, then one state per scripted action


def civ(s: State, seat: int = 0) -> dict[str, Any]:
    """A seat's sheet as seat 0 (the example's player) sees it."""
    return dict(GAME.view(s, 0)["civs"][seat])


def sq(s: State, x: int, y: int) -> int:
    out = geo.at(s.data, x, y)
    assert out is not None
    return out


def figures(s: State, seat: int = 0) -> dict[int, list[str]]:
    """Square -> kinds of the seat's figures on it (from the view)."""
    out: dict[int, list[str]] = {}
    for f in GAME.view(s, 0)["figures"]:
        if f["owner"] == seat:
            out.setdefault(f["sq"], []).append(f["kind"])
    return out


# ------------------------------------------------------------------ which scenarios
def test_the_worked_examples_the_issue_names_are_scenarios() -> None:
    """What every scenario must hold (captions, provenance, its shipped save) is tests/test_scenarios.py."""
    assert {"trade", "founding", "water", "battle"} <= set(NAMES)


# ------------------------------------------------------------------ the rulebook's numbers
def test_trade_collection_4_plus_8_is_12_and_the_dial_counts_I_and_II_L586_L588() -> None:
    s0, s1 = steps("trade")
    d = s0.data
    mine = [c for c in GAME.view(s0, 0)["cities"] if c["owner"] == 0]
    assert sorted(c["yield"]["trade"] for c in mine) == [4, 8]  # L586: 4 and 8 trade icons
    assert civ(s0)["trade"] == 3
    assert GAME.view(s1, 0)["phase"]["kind"] == "trade"
    assert civ(s1)["trade"] == 3 + 12 == 15  # L586: +12; L588: I (6) and II (11) are ordinary spaces
    assert not any(model.enemy_on(d, x, 0) for c in mine for x in c["outskirts"])


def test_trade_an_enemy_figure_on_an_outskirts_square_stops_its_trade_L605() -> None:
    s0 = steps("trade")[0]
    data = json.loads(json.dumps(s0.data))
    cap = next(i for i, c in enumerate(data["cities"]) if c["o"] == 0 and c["cap"])
    trading = next(x for x in model.outskirts(data, cap) if model.square_icons(data, x)["trade"])
    data["figs"]["enemy"] = {"o": 1, "k": "scout", "sq": trading}
    assert model.city_yield(data, cap)["trade"] == 3  # 4 - 1 (digest §10 test 2)


def test_founding_only_the_legal_scout_may_build_L539_L548_L559() -> None:
    s0 = steps("founding")[0]
    founds = [a for a in GAME.legal_actions(s0, 0) if a["type"] == "found"]
    assert founds == [scenarios.script("founding")[0][1]]  # the scout next to a village may not (L546, L559)
    village = [int(k) for k, m in s0.data["marks"].items() if m["k"] == "village"]
    east = sq(s0, 6, 5)
    assert "scout" in figures(s0)[east] and any(geo.cheb(s0.data, east, v) == 1 for v in village)


def test_founding_sacrifices_the_scout_moves_the_army_and_the_city_trades_at_once_L550_L554_L556() -> None:
    s0, s1, s2 = steps("founding")
    new = sq(s0, 2, 5)
    assert figures(s0)[new] == ["army", "scout"]
    cities = [c for c in GAME.view(s1, 0)["cities"] if c["owner"] == 0]
    assert [c["sq"] for c in cities if not c["capital"]] == [new]
    assert not next(c for c in cities if c["sq"] == new)["walls"]  # unwalled side up (L550)
    assert new not in figures(s1)
    assert figures(s1)[sq(s0, 1, 4)] == ["army"]  # displaced to a neighbouring square (L554)
    assert civ(s1)["unbuilt"]["scout"] == civ(s0)["unbuilt"]["scout"] + 1  # back to the sheet (L550)
    caps = [c["yield"]["trade"] for c in cities]
    assert civ(s2)["trade"] == sum(caps) == 3 + 4  # the new city trades this very turn (L556)


def test_water_navigation_crosses_but_may_not_end_on_water_L862_L868() -> None:
    s = steps("water")
    shore, water, land = sq(s[0], 3, 5), sq(s[0], 3, 6), sq(s[0], 3, 7)
    assert s[0].data["tiles"][1]["up"] is False
    assert civ(s[0])["traits"]["water"] == "cross" and civ(s[0])["traits"]["speed"] == 2
    assert GAME.view(s[0], 0)["map"]["squares"][water]["terrain"] == "water"
    moves = GAME.legal_actions(s[3], 0)  # the scout is on the water with 1 point left
    assert {"type": "stop"} not in moves  # L866: may not end on water
    squares = GAME.view(s[3], 0)["map"]["squares"]
    assert all(squares[a["to"]]["terrain"] != "water" for a in moves if a["type"] == "step")
    assert figures(s[4])[land] == ["scout"] and shore not in figures(s[4])


def test_water_without_navigation_no_figure_enters_water_L864() -> None:
    s0 = steps("water")[0]
    data = json.loads(json.dumps(s0.data))
    del data["p"][0]["techs"]["navigation"]
    water = sq(s0, 3, 6)
    assert not any(a.get("to") == water for a in move.legal(data, 0))


def test_water_exploring_costs_1_point_and_lays_the_tile_by_the_explorer_L876_L880() -> None:
    s = steps("water")
    assert s[1].data["tiles"][1]["up"] is True
    assert s[1].data["tiles"][1]["arrow"] == "e"  # arrow base on the army's (west) edge
    assert figures(s[1])[sq(s[0], 3, 2)] == ["army"]  # it did not move into the tile
    assert s[1].data["mv"]["left"] == 1  # 2 - 1 (L876)
    assert figures(s[2])[sq(s[0], 4, 2)] == ["army"]
    icons = geo.rotated(s[1].data["tiles"][1]["tile"], "e")
    on_icons = sum(1 for x in icons if x.get("hut") or x.get("village"))
    new_marks = [k for k in s[1].data["marks"] if geo.cell_of(s[1].data, int(k)) == 1]
    assert len(new_marks) == on_icons > 0  # L878


def test_battle_fronts_wounds_and_the_trump_L1114_L1123_L1153() -> None:
    s = steps("battle")
    b = GAME.view(s[1], 0)["battle"]
    assert (sum(b["hand_count"]["a"].values()), sum(b["hand_count"]["d"].values())) == (3, 3)  # L1062
    assert b["bonus"] == {"a": 2, "d": 0}  # a Barracks: +2 (L1088-1090)
    assert GAME.to_move(s[1]) == [1]  # the defender plays first (L1106)
    ex1 = GAME.view(s[3], 0)["battle"]["fronts"]  # example 1: a new front, no damage
    assert [(f["a"], f["d"]) for f in ex1] == [
        (None, {"type": "mounted", "strength": 3, "wounds": 0}),
        ({"type": "mounted", "strength": 2, "wounds": 0}, None),
    ]
    ex2 = GAME.view(s[4], 0)["battle"]["fronts"]  # example 2: 3 kills 2 and keeps 2 wounds
    assert ex2[1] == {"a": None, "d": {"type": "mounted", "strength": 3, "wounds": 2}}
    ex4 = GAME.view(s[5], 0)["battle"]["fronts"]  # example 4: infantry trumps the wounded mounted unit
    assert ex4[1] == {"a": {"type": "infantry", "strength": 3, "wounds": 0}, "d": None}


def test_battle_example_3_without_a_trump_both_units_die_L1129() -> None:
    s4 = steps("battle")[4]  # Player 2's wounded mounted 3 is alone on front 1; Player 1 is to play

    def swap(data: dict[str, Any]) -> None:
        data["battle"]["hand"]["a"] = ["mounted_15"]  # a mounted unit of strength 3 instead of the infantry

    s = GAME.apply(edit(s4, swap), 0, {"type": "play", "card": "mounted_15", "front": 1})
    fronts = GAME.view(s, 0)["battle"]["fronts"]
    assert len(fronts) == 1  # both units of the clash were killed, each dealing 3


def totals(s: State) -> dict[str, int]:
    """Each side's survivors' strength plus its bonus card once the cards in hand are played on new
    fronts (L1167-1169), from the view of seat 0 (the attacker: its own hand is shown)."""
    b = GAME.view(s, 0)["battle"]
    out = {side: b["bonus"][side] + sum(f[side]["strength"] for f in b["fronts"] if f[side]) for side in "ad"}
    out["a"] += sum(u["strength"] for u in b["hand"])
    return out


def test_battle_resolution_7_against_5_losses_and_loot_L1169_L1173_L1183() -> None:
    s = steps("battle")
    assert totals(s[6]) == {"a": 3 + 2 + 2, "d": 3 + 2}
    end = GAME.view(s[7], 0)
    assert end["battle"] is None
    assert [d["kind"] for d in end["decisions"]] == ["loot"] and GAME.to_move(s[7]) == [0]  # the attacker won
    assert figures(s[7], 0) == {sq(s[0], 5, 5): ["army"]}  # 1 unit lost: no army lost (L1173)
    assert figures(s[7], 1) == {}  # the loser's army is destroyed (L1181)
    assert civ(s[8], 0)["trade"] == 3 and civ(s[8], 1)["trade"] == 5 - 3  # up to 3 trade (L1183)
    forces = sorted((u["type"], u["strength"]) for u in civ(s[8], 0)["forces"])
    assert forces == [("artillery", 2), ("infantry", 3)]  # survivors back, the killed unit gone (L1203)


def test_battle_a_tie_goes_to_the_defender_L1169() -> None:
    s6 = steps("battle")[6]

    def even(data: dict[str, Any]) -> None:
        data["battle"]["bonus"] = {"a": 0, "d": 0}  # no Barracks: 5 against 5

    tie = edit(s6, even)
    assert totals(tie) == {"a": 5, "d": 5}
    s = GAME.apply(tie, 0, scenarios.script("battle")[6][1])
    assert GAME.to_move(s) == [1]  # the defender wins and takes loot (A50)
    assert figures(s, 0) == {}  # the attacker's army is destroyed
