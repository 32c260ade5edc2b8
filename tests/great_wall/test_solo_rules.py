"""The solo rules audited line by line against the seed (L735-878); each test cites the lines it checks.
The README's "Solo against Qin Jiushao" lists the audit; tests/great_wall/test_modes_solo.py has the
first set of solo rule tests, which this file completes."""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import combat, qin
from tests.great_wall.helpers import answer, ctx_for, kinds, run
from tests.great_wall.test_modes_solo import board, clear_rows, plain, point, put

Data = dict[str, Any]


def barracks(g: Data, clerks: int, **warehouse: int) -> Data:
    """Qin's ``clerks`` on the Barracks, the Warehouse holding ``warehouse``, a 3-spot card in the row
    nearest the Wall of the indicated section."""
    clear_rows(g)
    put(g, 1, 0, plain(3))
    put(g, 2, 0, plain(2))
    point(g, 1)
    g["locations"]["barracks"] = ["qin"] * clerks
    g["warehouse"] = {"wood": 0, "stone": 0, "gold": 0, **warehouse}
    return g


def qins(g: Data) -> int:
    return sum(1 for sec in g["sections"] for slot in sec["rows"] if slot
               for s in slot["soldiers"] if s["seat"] == "qin")


# ------------------------------------------------------------- L810: he pays from the Warehouse
def test_barracks_recruits_are_paid_from_the_warehouse() -> None:
    """L810, L830, L406: he gains no resources and so cannot pay a recruit, but may use the Warehouse's:
    each spearman at the Barracks takes 2 Stone and 1 Wood from it (ruling A38 revised: not free)."""
    g = barracks(board(), 2, stone=5, wood=3, gold=1)
    qin.act(ctx_for(g), "barracks")
    assert qins(g) == 2 and g["qin"]["supply"]["spear"] == 6
    assert g["warehouse"] == {"wood": 1, "stone": 1, "gold": 1}
    assert g["qin"]["honor"] == 4  # L844: +2 per spot his spearman takes
    assert g["qin"]["track"][0] == "wound"  # L832: the Barracks marker to the front


def test_a_recruit_the_warehouse_cannot_pay_is_void() -> None:
    """L810: with 1 spearman's cost in the Warehouse, the second clerk recruits nothing; with none, no
    spearman, no Honor, but the marker still moves (L832: his clerk was there)."""
    g = barracks(board(), 2, stone=3, wood=2)
    qin.act(ctx_for(g), "barracks")
    assert qins(g) == 1 and g["warehouse"] == {"wood": 1, "stone": 1, "gold": 0}
    g = barracks(board(), 1, stone=1, wood=5)
    qin.act(ctx_for(g), "barracks")
    assert qins(g) == 0 and g["qin"]["honor"] == 0 and g["warehouse"]["wood"] == 5
    assert g["qin"]["track"][0] == "wound"


def test_a_recruit_with_no_legal_spot_costs_nothing() -> None:
    """L841: a spearman that can go nowhere is void, so the Warehouse keeps the resources (L810)."""
    g = barracks(board(), 1, stone=2, wood=1)
    clear_rows(g)
    qin.act(ctx_for(g), "barracks")
    assert qins(g) == 0 and g["warehouse"] == {"wood": 1, "stone": 2, "gold": 0}


def test_his_cards_recruits_stay_free() -> None:
    """His cards are authored (digest G6): their recruits are the cards' gift, not a Barracks action
    (L830), so the Warehouse is not touched (data/solo.json, Attack Order)."""
    g = barracks(board(), 0)
    qin.recruit(ctx_for(g), "spear")
    assert qins(g) == 1 and g["warehouse"] == {"wood": 0, "stone": 0, "gold": 0}


# ------------------------------------------------------------ L545, L811: his archers at a defeat
def test_his_archers_score_when_a_card_of_their_section_is_defeated() -> None:
    """L811: he gains Honor as a seat does; L545 (A12: credit or not): +2 per archer he has on the Wall
    of the section whose card is defeated, even with none of his soldiers on the card."""
    g = board()
    clear_rows(g)
    cid = plain(2)
    slot = put(g, 1, 0, cid)
    slot["wounds"] = [0, 1]
    put(g, 2, 0, plain(2))
    g["sections"][1]["firing"] = ["qin"]
    g["sections"][2]["firing"] = ["qin"]
    combat.defeat_check(ctx_for(g))
    assert g["sections"][1]["rows"][0] is None
    assert g["qin"]["honor"] == 2  # the archer of section 1 only


# ------------------------------------------------ L828-832, L810: Qin never upgrades an overseer
def test_qin_never_upgrades_an_overseer_even_with_a_full_warehouse() -> None:
    """L828-832 say all he does at an activated location: Honor = his overseer level per clerk (a
    spearman per clerk at the Barracks), then his marker to the front; no upgrade and no donation.
    L810 lists upgrading among the costs he cannot pay; the Warehouse pays only what a rule makes him
    do (his Wall, L812; his Barracks recruits, L830). So a full Warehouse is left alone, his level stays,
    and the player, with clerks there too, is the only one asked to upgrade."""
    g = board()
    level = int(g["qin"]["overseers"]["quarry"]["level"])
    g["warehouse"] = {"wood": 9, "stone": 9, "gold": 9}
    g["players"][0]["res"]["chi"] = 9
    g["locations"]["quarry"] = ["qin", "qin", 0]
    ctx = ctx_for(g)
    before = g["qin"]["honor"]
    run(ctx, {"do": "activate", "loc": "quarry", "advanced": True})
    while kinds(ctx):
        assert g["decisions"][-1]["seats"] == [0]
        answer(ctx, {"type": "pass"})
    assert g["qin"]["overseers"]["quarry"]["level"] == level
    assert g["qin"]["honor"] == before + 2 * level
    assert g["warehouse"] == {"wood": 9, "stone": 9, "gold": 9}
