"""Shame (digest section 9 J items 50-52, golden test 6, end penalty L675)."""

from __future__ import annotations

import pytest

from pygame_core.games.great_wall import combat, horde, shame
from tests.great_wall import war_helpers as w

CARD = "tumen_host"
ONE_SLOT = next(cid for cid, c in horde.CARDS.items() if c["shame_slots"] == 1)


def test_golden_6a_empty_supply_costs_5_honor() -> None:
    """L249: the shame supply is empty: the seat loses 5 Honor at once and the supply stays empty."""
    g = w.state()
    g["shame_supply"] = 0
    g["players"][0]["honor"] = 20
    shame.gain(w.ctx(g), 0, 1, "breach")
    assert g["players"][0]["honor"] == 15 and g["shame_supply"] == 0 and w.top(g) is None
    assert g["players"][0]["shamed"] == {"spear": 0, "archer": 0, "horse": 0}


def test_golden_6b_no_place_removes_the_token_for_5_honor() -> None:
    """L249: every soldier in the supply already shamed (or none) and no held card with a free slot: the
    token leaves the game and the seat loses 5 Honor."""
    g = w.state()
    p = g["players"][0]
    p["honor"] = 20
    p["supply"], p["shamed"] = {"spear": 0, "archer": 0, "horse": 0}, {"spear": 3, "archer": 0, "horse": 0}
    p["trophies"] = [{"card": ONE_SLOT, "shame": 1}]
    shame.gain(w.ctx(g), 0, 1, "flag")
    assert p["honor"] == 15 and g["shame_supply"] == 29 and w.top(g) is None
    assert p["shamed"]["spear"] == 3 and p["trophies"][0]["shame"] == 1


def test_honor_never_drops_below_zero() -> None:
    """Ruling A17 (L675 states the floor for the end): the immediate -5 stops at 0 too."""
    g = w.state()
    g["shame_supply"] = 0
    g["players"][1]["honor"] = 3
    shame.gain(w.ctx(g), 1, 2, "breach")
    assert g["players"][1]["honor"] == 0


def test_placement_is_the_seats_choice_when_it_has_one() -> None:
    """L242-245 (item 50): under an unshamed soldier in the supply, or in a free shame slot of a held
    Horde card; the seat chooses."""
    g = w.state()
    p = g["players"][0]
    p["supply"] = {"spear": 2, "archer": 0, "horse": 1}
    p["trophies"] = [{"card": ONE_SLOT, "shame": 0}, {"card": ONE_SLOT, "shame": 1}]
    c = w.ctx(g)
    shame.gain(c, 0, 2, "breach")
    d = w.top(g)
    assert d is not None and d["kind"] == "shame" and d["seats"] == [0] and d["n"] == 2
    assert w.legal(g, 0) == [{"type": "shame", "on": "spear"}, {"type": "shame", "on": "horse"},
                             {"type": "shame", "on": {"trophy": 0}}]
    w.answer(c, 0, {"type": "shame", "on": {"trophy": 0}})
    assert p["trophies"][0]["shame"] == 1 and w.top(g) is not None
    with pytest.raises(ValueError):
        w.answer(c, 0, {"type": "shame", "on": {"trophy": 1}})  # that card's slots are full
    w.answer(c, 0, {"type": "shame", "on": "horse"})
    assert p["supply"]["horse"] == 0 and p["shamed"]["horse"] == 1 and w.top(g) is None
    assert g["shame_supply"] == 28


def test_one_place_is_filled_without_asking() -> None:
    """L242: the token is placed at once; with one legal place there is nothing to choose; the rest
    overflow (L249)."""
    g = w.state()
    p = g["players"][2]
    p["supply"] = {"spear": 1, "archer": 0, "horse": 0}
    p["honor"] = 10
    shame.gain(w.ctx(g), 2, 2, "breach")
    assert w.top(g) is None and p["shamed"]["spear"] == 1 and p["supply"]["spear"] == 0
    assert p["honor"] == 5 and g["shame_supply"] == 28


def test_the_last_choice_is_placed_for_the_seat() -> None:
    """After a choice leaves one place, the remaining tokens go there without a question."""
    g = w.state()
    p = g["players"][0]
    p["supply"] = {"spear": 3, "archer": 0, "horse": 0}
    p["trophies"] = [{"card": ONE_SLOT, "shame": 0}]
    c = w.ctx(g)
    shame.gain(c, 0, 3, "breach")
    w.answer(c, 0, {"type": "shame", "on": {"trophy": 0}})
    assert w.top(g) is None and p["shamed"]["spear"] == 2


def test_shamed_soldiers_cannot_be_deployed() -> None:
    """L244 (item 51): a soldier carrying shame cannot be deployed (nor be an overseer, A23: core reads
    ``supply``, which holds only unshamed figures)."""
    g = w.state()
    w.put(g, 0, 0, CARD)
    p = g["players"][0]
    p["supply"] = {"spear": 1, "archer": 0, "horse": 0}
    assert combat.targets(g, 0, "spear")
    shame.gain(w.ctx(g), 0, 1, "flag")
    assert p["shamed"]["spear"] == 1 and combat.targets(g, 0, "spear") == []


def test_summer_discard_costs_2_chi_and_refills_the_supply() -> None:
    """L247, L598 (item 52): discard any number for 2 Chi each; ruling A43: back to the shame supply."""
    g = w.state()
    g["shame_supply"] = 5
    p = g["players"][0]
    p["res"]["chi"] = 5
    p["supply"]["spear"], p["shamed"]["spear"] = 8, 2
    p["trophies"] = [{"card": ONE_SLOT, "shame": 1}]
    assert shame.held(g, 0) == 3 and shame.discard_max(g, 0) == 2
    c = w.ctx(g)
    with pytest.raises(ValueError):
        shame.discard(c, 0, 3)
    shame.discard(c, 0, 2, on=["spear", {"trophy": 0}])
    assert p["res"]["chi"] == 1 and g["shame_supply"] == 7
    assert p["shamed"]["spear"] == 1 and p["supply"]["spear"] == 9 and p["trophies"][0]["shame"] == 0
    assert horde.trophy_honor(g, 0) == horde.card(ONE_SLOT)["reward"]


def test_default_discard_frees_soldiers_first() -> None:
    g = w.state()
    p = g["players"][0]
    p["res"]["chi"] = 2
    p["shamed"]["archer"] = 1
    p["supply"]["archer"] = 3
    p["trophies"] = [{"card": ONE_SLOT, "shame": 1}]
    shame.discard(w.ctx(g), 0, 1)
    assert p["shamed"]["archer"] == 0 and p["supply"]["archer"] == 4 and p["trophies"][0]["shame"] == 1


def test_end_penalty_5_per_shamed_soldier_never_below_zero() -> None:
    """L675: -5 Honor per shame token under a soldier, not below 0; shame on Horde cards costs only
    their reward (L245, A42)."""
    g = w.state()
    p = g["players"][0]
    p["shamed"] = {"spear": 1, "archer": 1, "horse": 0}
    p["trophies"] = [{"card": ONE_SLOT, "shame": 1}]
    p["honor"] = 23
    assert shame.end_penalty(g, 0) == 10
    p["honor"] = 8
    assert shame.end_penalty(g, 0) == 8


def test_gains_while_a_choice_is_open_join_it() -> None:
    """One decision per seat: a second gain before the first is placed adds to it."""
    g = w.state()
    c = w.ctx(g)
    shame.gain(c, 0, 1, "breach")
    shame.gain(c, 0, 2, "flag")
    assert [d["n"] for d in g["decisions"]] == [3]


def test_discarding_nothing_changes_nothing() -> None:
    g = w.state()
    g["players"][0]["res"]["chi"] = 3
    shame.discard(w.ctx(g), 0, 0)
    assert g["players"][0]["res"]["chi"] == 3 and g["shame_supply"] == 30
    with pytest.raises(ValueError):
        shame.discard(w.ctx(g), 0, -1)


def test_describe_says_where_the_token_goes() -> None:
    g = w.state()
    g["players"][0]["trophies"] = [{"card": ONE_SLOT, "shame": 0}]
    on_card = shame.describe(g, 0, {"type": "shame", "on": {"trophy": 0}})
    assert on_card is not None and horde.card(ONE_SLOT)["name"]["en"] in on_card["en"]
    under = shame.describe(g, 0, {"type": "shame", "on": "archer"})
    assert under is not None and "archer" in under["en"]
    nowhere = shame.describe(g, 0, {"type": "shame", "on": None})
    assert nowhere is not None and "5 Honor" in nowhere["en"]
    assert shame.describe(g, 0, {"type": "save", "n": 1}) is None


def test_a_placed_token_costs_no_honor() -> None:
    """L242-245: a token with a place costs nothing now (no -5 line in the log)."""
    g = w.state()
    g["players"][0]["honor"] = 7
    c = w.ctx(g)
    shame.gain(c, 0, 1, "breach")
    assert g["players"][0]["honor"] == 7
    assert not any("Honor" in e["text"]["en"] for e in c.events)


def test_only_the_seat_answers_its_shame_decision() -> None:
    g = w.state()
    shame.gain(w.ctx(g), 0, 1, "breach")
    d = w.top(g)
    assert d is not None and shame.decision_legal(g, d, 0) and shame.decision_legal(g, d, 1) == []
    assert shame.decision_legal(g, {"kind": "casualties", "seats": [0]}, 0) == []


def test_a_discard_must_come_from_a_token_held_there() -> None:
    """L247: only tokens the seat holds are discarded."""
    g = w.state()
    p = g["players"][0]
    p["res"]["chi"] = 4
    p["shamed"]["spear"] = 1
    p["trophies"] = [{"card": ONE_SLOT, "shame": 0}]
    with pytest.raises(ValueError):
        shame.discard(w.ctx(g), 0, 1, on=[{"trophy": 0}])
    with pytest.raises(ValueError):
        shame.discard(w.ctx(g), 0, 1, on=["archer"])
    shame.discard(w.ctx(g), 0, 1, on=["spear"])
    assert p["shamed"]["spear"] == 0
