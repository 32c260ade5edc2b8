"""Teaching scenarios (scenarios.py, data/scenarios.json): each worked example of the handbook builds,
shows the handbook's numbers, and stepping through its script reaches the example's result.
Numbers are read from the game's own view (views.view), as a front end shows them."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest

from pygame_core.errors import IllegalAction
from pygame_core.games.through_the_ages import GAME, scenarios, views
from pygame_core.kernel.state import State
from tests.scenario_steps import scenario_start, scenario_steps

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "web" / "games" / "through_the_ages" / "examples"
NAMES = scenarios.NAMES
start = partial(scenario_start, GAME)  # start(name, players=None)
steps = partial(scenario_steps, GAME)  # the start, then one state per scripted action


def me(s: State, seat: int = 0) -> dict[str, Any]:
    """Seat 0's board as the view shows it (the example's player)."""
    return dict(GAME.view(s, seat)["civs"][seat])


def upgrades(s: State) -> dict[tuple[str, str], int]:
    """Each legal upgrade of seat 0 and what it costs, measured by playing it."""
    out = {}
    for a in GAME.legal_actions(s, 0):
        if a["type"] == "upgrade":
            out[(a["from"], a["to"])] = me(s)["resources"] - me(GAME.apply(s, 0, a))["resources"]
    return out


# ------------------------------------------------------------------ which scenarios
def test_the_worked_examples_the_issue_names_are_scenarios() -> None:
    """What every scenario must hold (captions, provenance, its shipped save) is tests/test_scenarios.py."""
    wanted = {"production", "upgrading", "revolution", "colonization", "tactics", "armies", "end_of_age"}
    assert wanted <= set(NAMES)


# ------------------------------------------------------------------ the handbook's numbers
def test_production_and_corruption_L1088_L1728_L1756() -> None:
    s0, s1 = steps("production")
    p = me(s0)
    assert p["resources"] == 6  # L1088: "you have 6 resources"
    assert p["resource_production"] == 5  # L1088: 2 tokens on the Age I mine (2 each) + 1 on Age A
    assert p["corruption"] == 4  # L1728
    assert p["consumption"] == 3  # L1756
    assert p["discontent"] == 0
    q = me(s1)
    assert q["resources"] == 6 - 4 + 5  # corruption before production (L1714-1732, L1762-1766)
    assert q["food"] == p["food"] + p["food_production"] - 3  # food produced, then eaten (L1740-1758)
    assert p["food_production"] == 6


def test_upgrading_costs_are_the_differences_L1073_L1080_L1136_L1143() -> None:
    s0, s1, s2 = steps("upgrading")
    cost = upgrades(s0)
    assert cost[("a_agriculture", "ii_selective_breeding")] == 4  # L1075
    assert cost[("a_bronze", "i_iron")] == 3  # L1076
    assert cost[("i_iron", "ii_coal")] == 3  # L1077
    assert cost[("a_bronze", "ii_coal")] == 6  # L1078
    assert cost[("a_philosophy", "i_alchemy")] == 3  # L1138
    assert cost[("a_philosophy", "ii_scientific_method")] == 5  # L1139
    assert cost[("i_bread_and_circuses", "ii_team_sports")] == 2  # L1141
    builds = {a["card"] for a in GAME.legal_actions(s0, 0) if a["type"] == "build"}
    assert "ii_coal" not in builds and "ii_selective_breeding" in builds  # L1080: Coal needs 8
    assert not builds & {"a_philosophy", "i_alchemy", "ii_scientific_method"}  # L1143: 2 labs under Despotism
    assert me(s1)["resources"] == 3 and me(s1)["ca"]["available"] == 3
    assert me(s2)["resources"] == 0 and me(s2)["ca"]["available"] == 2
    assert me(s2)["ratings"]["science"] == me(s0)["ratings"]["science"] + 1  # L1138
    after = upgrades(GAME.apply(s1, 0, {"type": "upgrade", "from": "a_philosophy", "to": "i_alchemy"}))
    assert ("i_alchemy", "ii_scientific_method") not in after  # 2 (L1140), but no resources are left


def test_the_revolution_costs_every_civil_action_and_2_science_L1042() -> None:
    s0, s1, s2 = steps("revolution")
    assert me(s0)["science"] == 2 and me(s0)["ca"] == {"total": 4, "available": 4}
    p = me(s1)
    assert p["science"] == 0  # Monarchy's revolution cost 2 (L1042)
    assert p["government"]["id"] == "i_monarchy"
    assert p["ca"] == {"total": 5, "available": 0}  # the new white token is spent too (L1032, L1042)
    assert (p["ma"]["total"], p["ma"]["available"]) == (3, 3)  # the new red token is usable (L1040-1042)
    assert (me(s2)["ma"]["available"], me(s2)["ratings"]["strength"]) == (2, p["ratings"]["strength"] + 1)


def test_no_revolution_after_a_civil_action_L1028() -> None:
    s0 = steps("revolution")[0]
    revolution = {"type": "revolution", "card": "i_monarchy"}
    assert revolution in GAME.legal_actions(s0, 0)
    take = next(a for a in GAME.legal_actions(s0, 0) if a["type"] == "take")  # a civil action
    s = GAME.apply(s0, 0, take)
    assert me(s)["ca"]["available"] < 4
    assert revolution not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, revolution)


def test_colonization_with_one_warriors_and_one_bonus_card_L1472_L1480() -> None:
    s = steps("colonization")
    start_view = me(s[0])
    assert start_view["ratings"]["colonization"] == 2  # Cartography (L1476)
    bids = [a["n"] for a in GAME.legal_actions(s[1], 0) if a["type"] == "bid"]
    assert 4 in bids
    assert GAME.to_move(s[2]) == [0]  # the other player could not outbid: seat 0 colonizes
    done = {"type": "done"}
    assert done not in GAME.legal_actions(s[3], 0)  # 1 + 2 = 3 < 4
    assert done in GAME.legal_actions(s[4], 0)  # 1 + 2 + 1 = 4 (L1480)
    end = me(s[5])
    assert [c["id"] for c in end["colonies"]] == ["i_inhabited_territory"]
    warriors = next(t for t in end["technologies"] if t["card"]["id"] == "a_warriors")
    assert warriors["workers"] == 1
    assert end["ratings"]["strength"] == start_view["ratings"]["strength"] - 1
    # the warrior's token to the yellow bank (L1468), +2 yellow (permanent), then 1 of them a worker
    assert end["yellow_bank"] == start_view["yellow_bank"] + 1 + 2 - 1
    assert end["unused_workers"] == start_view["unused_workers"] + 1
    assert s[5].data["military_discards"] == "i_bonus"  # L1470


def test_colonization_needs_a_unit_even_when_bonus_cards_suffice_L1462() -> None:
    s = steps("colonization")[2]  # the auction won at 4
    s = GAME.apply(s, 0, {"type": "bonus", "card": "i_bonus"})
    s = GAME.apply(s, 0, {"type": "bonus", "card": "i_bonus"})  # 2 + 1 + 1 = 4, but no unit
    assert {"type": "done"} not in GAME.legal_actions(s, 0)


def test_colonization_alternatives_2_warriors_or_1_knights_L1478() -> None:
    for sent in (["a_warriors", "a_warriors"], ["i_knights"]):
        s = steps("colonization")[2]
        for u in sent:
            s = GAME.apply(s, 0, {"type": "send", "card": u})
        assert {"type": "done"} in GAME.legal_actions(s, 0)  # 2 + 2 = 4 without a bonus card


def test_tactics_fighting_band_8_and_phalanx_9_L1568_L1572() -> None:
    s = steps("tactics")
    assert me(s[0])["ratings"]["strength"] == 6  # 5 units, strength 6 (L1568)
    assert (me(s[1])["ratings"]["tactics"], me(s[1])["ratings"]["strength"]) == (2, 8)
    assert {"type": "tactic", "card": "i_phalanx"} not in GAME.legal_actions(s[1], 0)  # one per turn (L1508)
    assert (me(s[4])["ratings"]["tactics"], me(s[4])["ratings"]["strength"]) == (3, 9)


def test_armies_outdated_3_mobile_artillery_10_conquistadors_8_on_18_L1594_L1600() -> None:
    s = steps("armies")
    base = me(s[0])["ratings"]["strength"] - me(s[0])["ratings"]["tactics"]
    assert base == 18  # L1600: the units' own strength
    assert me(s[0])["ratings"]["tactics"] == 3  # Defensive Army, outdated (L1594)
    assert me(s[1])["ratings"]["tactics"] == 10  # Mobile Artillery (L1596)
    assert me(s[1])["ma"]["available"] == 0  # copying costs 2 MA (L1544)
    assert me(s[4])["ratings"]["tactics"] == 8  # 3 + 5 (L1598)
    assert me(s[4])["ratings"]["strength"] == 18 + 8


def test_the_end_of_age_I_L1835_L1863() -> None:
    s0, s1 = steps("end_of_age")
    before, after = me(s0), me(s1)
    assert views.view(s0.data, 0)["age"] == "I" and views.view(s1.data, 0)["age"] == "II"
    assert before["leader"]["id"] == "a_moses" and after["leader"] is None  # L1845
    assert before["wonder"]["tokens"] == 2 and after["wonder"] is None  # L1845
    assert after["blue_bank"] == before["blue_bank"] + 2  # the wonder's tokens return (L1845)
    assert [c["id"] for c in before["civil_hand"]] == ["a_stockpile"] and after["civil_hand"] == []  # L1839
    assert [c["id"] for c in after["wonders"]] == ["a_colossus"]  # L1849
    assert after["yellow_bank"] == before["yellow_bank"] - 2  # L1855
