"""Teaching scenarios of The Great Wall (scenarios.py, data/scenarios.json): each worked example of the
rulebook builds, shows the rulebook's numbers, and stepping through its script reaches the example's
result. Public numbers are read from the game's view, as the board shows them; resources (behind each
screen) from the seat's own view. What every scenario must hold (captions, provenance, its shipped save)
is tests/test_scenarios.py; seed lines are cited per test."""

from __future__ import annotations

from functools import partial
from typing import Any

from pygame_core import games
from pygame_core.games.great_wall import cards, scenarios
from pygame_core.kernel.state import State
from tests.scenario_steps import scenario_start, scenario_steps

GAME = games.get("great_wall")
start = partial(scenario_start, GAME)
steps = partial(scenario_steps, GAME)  # the start, then one state per scripted action


def view(s: State, seat: int = 0) -> dict[str, Any]:
    return dict(GAME.view(s, seat))


def clan(s: State, seat: int) -> dict[str, Any]:
    return dict(view(s)["clans"][seat])


def res(s: State, seat: int) -> dict[str, int]:
    """A seat's resources, as that seat sees them behind its screen."""
    return dict(view(s, seat)["clans"][seat]["res"])


def honor(s: State) -> list[int]:
    return [c["honor"] for c in view(s)["clans"]]


def card(s: State, section: int, row: int) -> dict[str, Any] | None:
    out: dict[str, Any] | None = view(s)["sections"][section]["rows"][row]
    return out


def test_the_worked_examples_the_issue_names_are_scenarios() -> None:
    """Issue 18 §4: production (L382-388), the Warehouse first (L427-429), the Tea house (L394-396), a
    defeat (L541-553), a siege that holds and one that breaches (L559-566, L642-649), a raid (L518-522)."""
    assert set(scenarios.NAMES) == {"production", "warehouse_wall", "tea_house", "defeat", "siege", "raid"}
    for name in scenarios.NAMES:
        doc = scenarios.SCENARIOS[name]
        assert doc["source"]["kind"] == "seed" and "mode" not in doc["options"]


def test_no_ability_adds_to_the_example_and_every_piece_is_kept() -> None:
    """The numbers an example teaches come from the rule at hand: each seat has a General (bots and the
    board read it) but no Advisor, and a General's ability counts the Supporting Advisors (L181, L191);
    every figure placed came out of its seat's supply (16 per clan, L140)."""
    for name in scenarios.NAMES:
        s = start(name)
        for seat, c in enumerate(view(s)["clans"]):
            own = c["cards"]
            assert own["general"] and own["active"] == [] and own["supporting"] == 0
            assert cards.general_scale(s.data, seat) == 0
            placed = sum(1 for sec in s.data["sections"] for x in sec["rest"] if x["seat"] == seat)
            placed += sum(1 for sec in s.data["sections"] for x in sec["firing"] if x == seat)
            placed += sum(1 for sec in s.data["sections"] for slot in sec["rows"] if slot
                          for x in slot["soldiers"] if x["seat"] == seat)
            placed += len(c["overseers"])
            assert sum(c["supply"].values()) + sum(c["shamed"].values()) + placed == 16, (name, seat)


def test_production_4_5_1_wood_overseers_and_a_donation_L382_L388() -> None:
    s0, s1, s2, s3, s4, s5, s6 = steps("production")
    assert view(s0)["locations"]["lumber_mill"] == [0, 0, 1, 1]  # L382: 2 + 2, Red's clerk to come
    assert [clan(s0, i)["overseers"].get("lumber_mill", {}).get("level", 0) for i in range(3)] == [2, 3, 0]
    assert view(s0)["tea"] == [0, 1, 2]  # Green, Blue, Red (L382)
    assert view(s1)["locations"]["lumber_mill"] == [0, 0, 1, 1, 2]  # full: 5 clerks (L382)
    assert [res(s1, i)["wood"] for i in range(3)] == [4, 5, 1]  # L382: 2+2, 2+3, 1+0
    assert (res(s1, 0)["chi"], res(s2, 0)["chi"]) == (4, 0)  # L386: Green pays 4 Chi for level 3
    assert clan(s2, 0)["overseers"]["lumber_mill"]["level"] == 3
    assert GAME.to_move(s2) == [2]  # Blue is at level 3 and is not asked (L386)
    assert (res(s2, 2)["chi"], res(s3, 2)["chi"]) == (2, 0)  # L386: Red pays 2 Chi
    assert clan(s3, 2)["overseers"]["lumber_mill"] == {"level": 1, "unit": "archer"}  # L370-372
    assert clan(s3, 2)["supply"]["archer"] == clan(s2, 2)["supply"]["archer"] - 1
    assert view(s4)["warehouse"]["wood"] == 1 and res(s4, 0)["wood"] == 3  # L388: 1 Wood donated
    assert honor(s4) == [2, 0, 0]  # L380, L388: +2 Honor
    assert res(s5, 1)["wood"] == 5 and res(s6, 2)["wood"] == 1  # Blue and Red decline (L388)
    assert honor(s6) == [2, 0, 0] and view(s6)["warehouse"]["wood"] == 1
    assert view(s6)["locations"]["lumber_mill"] == []  # every clerk back (L388)
    assert [clan(s6, i)["clerks"] for i in range(3)] == [clan(s1, i)["clerks"] + n for i, n in
                                                         enumerate((2, 2, 1))]
    assert view(s6)["turn"] == {"slot": 1, "seat": 0}  # the next card's turn (L624)


def test_warehouse_first_3_stone_from_it_2_own_and_5_honor_L427_L429() -> None:
    s0, s1 = steps("warehouse_wall")
    assert view(s0)["warehouse"]["stone"] == 3 and res(s0, 0)["stone"] == 4
    assert view(s0)["sections"][1]["wall"] == 0
    assert view(s1)["warehouse"]["stone"] == 0  # L429: the Warehouse's 3 Stone first
    assert res(s1, 0)["stone"] == 2  # L429: then 2 of the player's own
    assert view(s1)["sections"][1]["wall"] == 1
    assert honor(s1) == [5, 0, 0]  # L419, L429: 5 Honor for level 1, nothing extra for paying
    assert view(s1)["turn"] == {"slot": 1, "seat": 1}


def test_tea_house_each_moves_up_one_in_the_original_order_L394_L396() -> None:
    s0, s1 = steps("tea_house")
    assert view(s0)["tea"] == [0, 1, 2, 3]
    assert view(s0)["locations"]["tea_house"] == [0, 2]
    assert view(s1)["locations"]["tea_house"] == []  # it activated (full) and the clerks went back
    # L394: C then D (the original order), one place each however many clerks; L396: A on top stays
    assert view(s1)["tea"] == [0, 2, 3, 1]


def test_defeat_credit_honor_and_casualties_L541_L553() -> None:
    s0, s1, s2, s3, s4 = steps("defeat")
    target = card(s0, 1, 0)
    assert target is not None and target["card"] == "khan_guard"
    assert view(s0)["casualties"] == 2
    assert card(s1, 1, 0) == target  # the archer is on the Wall (L537): no wound yet
    assert view(s1)["sections"][1]["firing"] == [2, 2]
    assert card(s2, 1, 0) is None  # defeated (L541) and the column closes up (L547)
    assert [t["card"] for t in clan(s2, 1)["trophies"]] == ["khan_guard"]  # credit: 2 spots > 1 (L543)
    assert honor(s2) == [2, 2, 4]  # L544: +2 each fighter; L545: +2 per archer on that Wall
    # L553: casualties min(2, 1) each; Player 1 pays 2 Chi to save its spearman to the rest area
    assert (res(s2, 0)["chi"], res(s3, 0)["chi"]) == (2, 0)
    assert view(s3)["sections"][1]["rest"] == [{"seat": 0, "kind": "spear"}]
    assert clan(s4, 1)["supply"]["horse"] == clan(s0, 1)["supply"]["horse"] + 1  # died: back to supply
    assert clan(s4, 0)["supply"]["spear"] == clan(s0, 0)["supply"]["spear"]  # saved: not in supply
    assert view(s4)["turn"] == {"slot": 1, "seat": 0}


def test_siege_equal_holds_one_more_breaches_L559_L566_L642_L649() -> None:
    s0, s1, s2 = steps("siege")
    assert [(x["attack"], x["defense"]) for x in view(s0)["siege"][:2]] == [(5, 5), (4, 3)]
    assert view(s0)["casualties"] == 1
    shame0 = view(s0)["shame_supply"]
    v1 = view(s1)
    assert [c["shamed"]["spear"] for c in v1["clans"]] == [1, 2, 2]  # L561: per card without own soldiers
    assert v1["shame_supply"] == shame0 - 5
    lancers = card(s1, 1, 0)
    assert lancers is not None
    assert [x["spots"] for x in lancers["soldiers"]] == [[1]]  # L562: 1 dies, 1 stays on the card
    assert lancers["wounds"] == [0]  # L563: a wound where it stood
    assert v1["sections"][1]["firing"] == [None]  # L564: the archer on the breached Wall
    assert card(s1, 0, 0) is not None and v1["sections"][0]["rows"] == view(s0)["sections"][0]["rows"]  # L648
    assert [sec["barricades"] for sec in v1["sections"]] == [0, 0, 0]  # L651
    assert len(v1["sections"][2]["rest"]) == len(view(s0)["sections"][2]["rest"])  # L565: rest areas safe
    v2 = view(s2)
    assert (res(s1, 0)["chi"], res(s2, 0)["chi"]) == (2, 0)  # L567: 2 Chi saves 1 soldier
    assert {"seat": 0, "kind": "spear"} in v2["sections"][1]["rest"]
    assert clan(s2, 0)["supply"]["archer"] == clan(s1, 0)["supply"]["archer"] + 1  # the archer died
    assert card(s2, 1, 0) is not None and card(s2, 1, 1) is not None  # the cards stay (A15)
    assert (v2["year"], v2["season"]) == (3, "autumn")


def test_raid_discards_the_card_and_empties_a_4_token_shame_supply_L518_L522() -> None:
    s0, s1 = steps("raid")
    v0, v1 = view(s0), view(s1)
    assert s0.players == 4 and v0["shame_supply"] == 4
    assert all(sec["rows"][0] is not None for sec in v0["sections"])  # the front row is full (L517)
    assert all(slot is not None for slot in v0["sections"][1]["rows"])  # the column is full (L522)
    assert v1["sections"][1]["rows"] == v0["sections"][1]["rows"]
    assert "wolf_riders" in v1["horde_discard"]  # L522: the new card is discarded
    assert v1["shame_supply"] == 0 and v1["end"] == "shame"  # 4 players: 4 tokens; the game ends ...
    assert not GAME.is_over(s1)  # ... when this Year's Winter is over (L522)
    right = [slot["card"] for slot in v1["sections"][2]["rows"] if slot]
    assert right == ["raiders", "horse_archers"]  # L517: where the next card's indicator points
    assert [c["shamed"] for c in v1["clans"]] == [c["shamed"] for c in v0["clans"]]  # nobody's shame
