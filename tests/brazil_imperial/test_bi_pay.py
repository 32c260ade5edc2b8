"""The player chooses how to pay (issue 19 §1, economy.py): a cost with one way to pay is paid at once;
with several, the paying seat's ``pay`` decision takes one unit at a time, offering only units after
which the rest can still be paid. Seed lines: substitutions L136-139, a gold card as gold L288, goods
stay on their tiles and are spent from there L387-388, the upgraded Build L435, Trade's strict inputs
L408-413 (B6), the supply cap L404/L415, Napoleon L104, Afonso I L96."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core import IllegalAction
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import economy, model
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.state import State
from tests.brazil_imperial.helpers import (
    GAME,
    capital,
    clear,
    edit,
    hx,
    legal,
    near,
    put_building,
    started,
    to_turn,
)

Data = dict[str, Any]


def doing(g: Data, seat: int, arch: str) -> None:
    to_turn(g, seat, "arch", arch)
    g["turn"].update({"doing": arch, "step": 0})


def position(supply: dict[str, int], arch: str = "build", **kw: Any) -> State:
    """Seat 0 in the arch's step with ``supply``; ``kw``: gold (cards), battle (cards), monarch, era,
    saw (a sawmill next to the capital holding these goods)."""
    s = started(2, 1)

    def prep(g: Data) -> None:
        clear(g)
        p = g["players"][0]
        p["supply"] = dict(supply)
        p["monarch"] = kw.get("monarch", "pedro_ii")
        for kind in ("gold", "battle"):
            for c in kw.get(kind, []):
                for s_ in g["players"]:
                    if c in s_[kind]:
                        s_[kind].remove(c)
                if c in g["decks"][kind]:
                    g["decks"][kind].remove(c)
                p[kind].append(c)
        g["era"] = kw.get("era", 1)
        if "saw" in kw:
            put_building(g, near(g, capital(g, 0), "forest"), "sawmill", 0, kw["saw"])
        if "farm" in kw:
            put_building(g, near(g, capital(g, 0), "plains"), "farm", 0, kw["farm"])
        doing(g, 0, arch)

    return edit(s, prep)


def paying(s: State) -> Data | None:
    return next((d for d in kdec.stack(s.data) if d["kind"] == "pay"), None)


def build_at(s: State, what: str, terrain: str) -> Data:
    h = near(s.data, capital(s.data, 0), terrain)
    return next(a for a in legal(s, 0) if a["type"] == "build" and a["what"] == what and a["hex"] == h)


def steps(s: State) -> list[tuple[str, str]]:
    return [(a["from"], a["good"]) for a in legal(s, 0)]


def saw_hex(s: State) -> str:
    return next(h for h, x in s.data["hexes"].items() if (x.get("building") or {}).get("id") == "sawmill")


# ------------------------------------------------------------------------------------- one way only
def test_a_cost_with_one_way_to_pay_is_paid_at_once() -> None:
    """L201: the sawmill costs 1 sugarcane (or 1 coffee, B8); with only a sugarcane there is nothing
    to choose: no step, the building stands and the log says what was paid."""
    s = position({"sugarcane": 1, "brazilwood": 1})
    s = GAME.apply(s, 0, build_at(s, "sawmill", "forest"))
    assert paying(s) is None
    assert s.data["players"][0]["supply"] == {"brazilwood": 1}
    assert hx(s.data, saw_hex(s))["building"]["goods"] == {"brazilwood": 2}
    assert any("pays 1 sugarcane (supply)" in e["text"]["en"] for e in s.log)


def test_two_goods_of_one_kind_in_one_place_are_one_way() -> None:
    """L184: 1 brazilwood for a sugarcane field; two brazilwood of the supply are the same payment."""
    s = position({"brazilwood": 2})
    s = GAME.apply(s, 0, build_at(s, "sugarcane_field", "plains"))
    assert paying(s) is None and s.data["players"][0]["supply"] == {"brazilwood": 1}


# ------------------------------------------------------------------------------- a tile or the supply
@pytest.mark.parametrize("source", ["tile", "supply"])
def test_the_player_picks_a_tiles_good_or_the_supplys(source: str) -> None:
    """L387-388: a building's goods stay on its tile and may pay from there; L184: the sugarcane field
    costs 1 brazilwood. With a brazilwood on the sawmill and one in the supply the player picks, and
    the board shows the choice: the other brazilwood stays where it was."""
    s = position({"brazilwood": 1}, saw={"brazilwood": 2})
    saw = saw_hex(s)
    s = GAME.apply(s, 0, build_at(s, "sugarcane_field", "plains"))
    d = paying(s)
    assert d is not None and d["seats"] == [0] and not d["blocking"]
    assert GAME.to_move(s) == [0]
    assert sorted(steps(s)) == sorted([(saw, "brazilwood"), ("supply", "brazilwood")])
    view = GAME.view(s, 1)  # the other seat sees what is being paid for
    assert view["paying"]["seat"] == 0 and "Sugarcane Field" in view["paying"]["for"]["en"]
    assert view["paying"]["owed"]["en"] == "1 brazilwood"
    pick = {"from": saw if source == "tile" else "supply", "good": "brazilwood"}
    s = GAME.apply(s, 0, {"type": "pay", **pick})
    assert paying(s) is None and GAME.view(s, 1)["paying"] is None
    field = next(
        x["building"]
        for x in s.data["hexes"].values()
        if (x.get("building") or {}).get("id") == "sugarcane_field"
    )
    assert field["goods"] == {"sugarcane": 2}  # built: L184-186
    if source == "tile":
        assert hx(s.data, saw)["building"]["goods"] == {"brazilwood": 1}
        assert s.data["players"][0]["supply"] == {"brazilwood": 1}
    else:
        assert hx(s.data, saw)["building"]["goods"] == {"brazilwood": 2}
        assert s.data["players"][0]["supply"] == {}
    assert s.data["turn"]["phase"] == "movement"  # the Build step is done


def test_the_default_takes_the_tile_first() -> None:
    """What the engine paid before the player chose, and the heuristic bot still pays: exact goods,
    tiles before the supply."""
    s = position({"brazilwood": 1}, saw={"brazilwood": 2})
    s = GAME.apply(s, 0, build_at(s, "sugarcane_field", "plains"))
    d = paying(s)
    assert d is not None
    assert economy.default_step(s.data, 0, d) == {"type": "pay", "from": saw_hex(s), "good": "brazilwood"}


def test_a_payment_step_outside_the_list_is_refused() -> None:
    s = position({"brazilwood": 1}, saw={"brazilwood": 2})
    s = GAME.apply(s, 0, build_at(s, "sugarcane_field", "plains"))
    for bad in ({"type": "pay", "from": "supply", "good": "gold"}, {"type": "pay", "from": "supply"}):
        with pytest.raises(IllegalAction):
            GAME.apply(s, 0, bad)
    with pytest.raises(IllegalAction):  # the other seat does not pay
        GAME.apply(s, 1, {"type": "pay", "from": "supply", "good": "brazilwood"})


# ------------------------------------------------------------------------------------ substitutions
@pytest.mark.parametrize("substitute", ["gold", "science", "gold_card"])
def test_each_substitute_pays_a_resource(substitute: str) -> None:
    """L136-139, L288: the sawmill's sugarcane (L201) paid by a substitute (L139: gold = 1 resource
    of any kind; L138: science too; L288: a gold card = 1 gold, it pays any cost needing gold or a
    resource), picked beside a coffee (the erratum's other cost, B8)."""
    card = sorted(bd.GOLD)[0]
    if substitute == "gold_card":
        s, pick = position({"coffee": 1}, gold=[card]), (f"gold_card:{card}", "gold")
    else:
        s, pick = position({"coffee": 1, substitute: 1}), ("supply", substitute)
    s = GAME.apply(s, 0, build_at(s, "sawmill", "forest"))
    assert sorted(steps(s)) == sorted([("supply", "coffee"), pick])
    s = GAME.apply(s, 0, {"type": "pay", "from": pick[0], "good": pick[1]})
    p = s.data["players"][0]
    assert paying(s) is None and p["supply"] == {"coffee": 1} and p["gold"] == []
    assert hx(s.data, saw_hex(s))["building"]["id"] == "sawmill"
    if substitute == "gold_card":
        assert s.data["decks"]["gold_discard"][-1] == card
        assert not GAME.can_undo(s, 0)  # the card is shown: an undo barrier


def test_science_pays_gold_but_gold_does_not_pay_science() -> None:
    """L138: science = 1 gold; nothing stands for science. The college costs 1 gold + 1 science
    (L240): 2 science pay it, 2 gold do not."""
    s = position({"science": 2}, era=3)
    assert [a for a in legal(s, 0) if a["type"] == "build" and a["what"] == "college"]
    s = position({"gold": 2}, era=3)
    assert not [a for a in legal(s, 0) if a["type"] == "build" and a["what"] == "college"]


def test_a_gold_stands_for_gold_or_a_resource_and_the_step_keeps_both_readings() -> None:
    """L139, L232: the church costs 1 cotton + 1 gold. Paying a gold first may be the gold or the cotton,
    so a science (L138: gold or any resource) or a cotton may follow; both are offered."""
    s = position({"gold": 1, "science": 1, "cotton": 1}, era=3)
    h = near(s.data, capital(s.data, 0), "plains")
    church = next(a for a in legal(s, 0) if a["type"] == "build" and a["what"] == "church" and a["hex"] == h)
    s = GAME.apply(s, 0, church)
    assert paying(s) is not None
    s = GAME.apply(s, 0, {"type": "pay", "from": "supply", "good": "gold"})
    assert sorted(steps(s)) == [("supply", "cotton"), ("supply", "science")]
    assert GAME.view(s, 0)["paying"]["owed"]["en"] == "1 cotton or 1 gold"
    s = GAME.apply(s, 0, {"type": "pay", "from": "supply", "good": "science"})
    assert paying(s) is None and s.data["players"][0]["supply"] == {"cotton": 1}
    assert hx(s.data, h)["building"]["id"] == "church"


def test_once_one_way_is_left_the_rest_is_paid_at_once() -> None:
    """L192, L139: the farm costs 1 brazilwood + 1 sugarcane or coffee. With 1 gold, 1 sugarcane and 1
    coffee there are two ways (the gold is the brazilwood either way); once the coffee is picked, only
    the gold is left for the brazilwood and it is paid without a step."""
    s = position({"gold": 1, "sugarcane": 1, "coffee": 1})
    s = GAME.apply(s, 0, build_at(s, "farm", "plains"))
    assert sorted(steps(s)) == [("supply", "coffee"), ("supply", "gold"), ("supply", "sugarcane")]
    s = GAME.apply(s, 0, {"type": "pay", "from": "supply", "good": "coffee"})
    assert paying(s) is None and s.data["players"][0]["supply"] == {"sugarcane": 1}


def test_the_upgraded_build_lets_any_resource_pay_a_resource() -> None:
    """L435: with the Build arch upgraded any resource pays a resource (gold and science are not
    interchangeable, FAQ: they stay the substitutes of L136-139). The sawmill's sugarcane (L201)."""
    plain = position({"cotton": 1, "brazilwood": 1})
    assert not [a for a in legal(plain, 0) if a["type"] == "build" and a["what"] == "sawmill"]

    def upgrade(g: Data) -> None:
        p = g["players"][0]
        p["products"][bd.board(p["board"])["products"][0]["id"]] = "build"

    s = edit(plain, upgrade)
    s = GAME.apply(s, 0, build_at(s, "sawmill", "forest"))
    assert sorted(steps(s)) == [("supply", "brazilwood"), ("supply", "cotton")]
    s = GAME.apply(s, 0, {"type": "pay", "from": "supply", "good": "cotton"})
    assert paying(s) is None and s.data["players"][0]["supply"] == {"brazilwood": 1}


# ------------------------------------------------------------------------------------------- Trade
def trade(s: State, row: int, **kw: Any) -> Data:
    return next(
        a
        for a in legal(s, 0)
        if a["type"] == "trade" and a["row"] == row and all(a.get(k) == v for k, v in kw.items())
    )


def test_trade_inputs_are_strict_and_the_player_picks_where_from() -> None:
    """L409 (B6): 2 cotton, never gold or science in their place; L413: from the supply or a tile the
    seat controls. Cotton in the supply and coffee on a farm: row 2's cotton+coffee asks where the
    coffee comes from only if both places hold it; gold and science are never offered."""
    s = position({"cotton": 1, "coffee": 1, "gold": 1, "science": 1}, arch="trade", farm={"coffee": 2})
    farm = next(h for h, x in s.data["hexes"].items() if (x.get("building") or {}).get("id") == "farm")
    s = GAME.apply(s, 0, trade(s, 1, alt=2))  # 1 cotton + 1 coffee
    assert sorted(steps(s)) == sorted([("supply", "cotton"), ("supply", "coffee"), (farm, "coffee")])
    s = GAME.apply(s, 0, {"type": "pay", "from": farm, "good": "coffee"})
    assert paying(s) is None  # the cotton: one way left, paid at once
    assert hx(s.data, farm)["building"]["goods"] == {"coffee": 1}
    assert s.data["players"][0]["supply"] == {"coffee": 1, "gold": 3, "science": 1}


def test_row_3_takes_four_resources_never_gold_or_science() -> None:
    """L410, B6: 4 resources of any kind; the seat holds 3 resources and gold and science, so row 3 is
    not offered; with 4 of two kinds the player picks which (gold and science never offered)."""
    short = position({"cotton": 2, "coffee": 1, "gold": 1, "science": 1}, arch="trade")
    assert not [a for a in legal(short, 0) if a["type"] == "trade" and a["row"] == 2]
    s = position({"cotton": 3, "coffee": 2}, arch="trade")
    s = GAME.apply(s, 0, trade(s, 2))
    assert sorted(steps(s)) == [("supply", "coffee"), ("supply", "cotton")]
    for good in ("coffee", "coffee"):
        s = GAME.apply(s, 0, {"type": "pay", "from": "supply", "good": good})
    assert paying(s) is None  # two cotton left for two needs: paid at once
    assert s.data["players"][0]["supply"] == {"cotton": 1, "science": 1, "gold": 1}


@pytest.mark.parametrize(("source", "trims"), [("supply", False), ("tile", True)])
def test_where_a_trade_input_comes_from_decides_the_cap(source: str, trims: bool) -> None:
    """L404, L415: the supply holds at most 5; what a trade gives goes there and the excess is
    returned before the next exchange. Row 1 (L408): 1 coffee for 1 gold with 5 in the supply: a coffee
    of the supply keeps it at 5; the farm's coffee takes it to 6, and a trim is owed."""
    s = position({"coffee": 1, "cotton": 4}, arch="trade", farm={"coffee": 2})
    farm = next(h for h, x in s.data["hexes"].items() if (x.get("building") or {}).get("id") == "farm")
    s = GAME.apply(s, 0, trade(s, 0, good="coffee"))
    assert sorted(steps(s)) == sorted([("supply", "coffee"), (farm, "coffee")])
    s = GAME.apply(s, 0, {"type": "pay", "from": farm if source == "tile" else "supply", "good": "coffee"})
    p = s.data["players"][0]
    assert model.supply_total(p) == (6 if trims else 5) and p["supply"]["gold"] == 1
    assert {a["type"] for a in legal(s, 0)} == ({"trim"} if trims else {"trade", "trade_done"})


# ------------------------------------------------------------------------------------------ monarchs
def test_napoleon_picks_which_battle_card_pays() -> None:
    """L104: a battle card as 1 resource, 2 as 1 science (L138: which pays a resource too). The
    sawmill's sugarcane (L201) with no goods: either card, or both; the card picked goes to the discard
    pile face up (an undo barrier)."""
    hand = sorted(bd.BATTLE)[:2]
    s = position({}, monarch="napoleon", battle=hand)
    s = GAME.apply(s, 0, build_at(s, "sawmill", "forest"))
    singles = [(f"battle:{c}", "any_resource") for c in hand]
    assert sorted(steps(s)) == sorted([*singles, (f"battle:{hand[0]}+{hand[1]}", "science")])
    s = GAME.apply(s, 0, {"type": "pay", "from": f"battle:{hand[1]}", "good": "any_resource"})
    assert s.data["players"][0]["battle"] == [hand[0]]
    assert s.data["decks"]["battle_discard"][-1] == hand[1]
    assert not GAME.can_undo(s, 0)


def test_a_napoleon_card_leaves_the_resource_for_any_resource() -> None:
    """L104 with L136-139: 1 coffee + 1 resource of any kind, held: 1 brazilwood and 1 battle card.
    The card pays the coffee and the brazilwood the "any": the cost can be paid (the engine's earlier
    pairing let the card take the "any" and found none for the coffee)."""
    hand = sorted(bd.BATTLE)[:1]
    s = position({"brazilwood": 1}, monarch="napoleon", battle=hand)
    assert economy.can_pay(s.data, 0, {"coffee": 1, "any_resource": 1})
    assert economy.plan(s.data, 0, {"coffee": 1, "any_resource": 1}) == [
        (f"battle:{hand[0]}", "any_resource"),
        ("supply", "brazilwood"),
    ]


def test_afonso_picks_which_cards_once_a_turn() -> None:
    """L96 (B22): once per turn, 1/2/3 battle cards as 1 gold / 2 resources / 1 science + 1 gold. The
    farm (L192: 1 brazilwood + 1 sugarcane or coffee) with no goods and 3 cards: 2 cards as 2 resources
    pay it all; which 2 is the player's choice."""
    hand = sorted(bd.BATTLE)[:3]
    s = position({}, monarch="afonso_i", battle=hand)
    s = GAME.apply(s, 0, build_at(s, "farm", "plains"))
    offered = steps(s)
    two = "any_resource+any_resource"
    pairs = [(f"battle:{a}+{b}", two) for i, a in enumerate(hand) for b in hand[i + 1 :]]
    triple = ("battle:" + "+".join(hand), "science+gold")
    assert sorted(offered) == sorted([*pairs, triple])  # 1 card (1 gold) would leave a resource unpaid
    s = GAME.apply(s, 0, {"type": "pay", "from": pairs[2][0], "good": pairs[2][1]})
    assert paying(s) is None and s.data["players"][0]["battle"] == [hand[0]]
    assert s.data["turn"]["afonso_used"]


# ------------------------------------------------------------------------------------ the bots' way
def test_the_default_steps_pay_what_the_engine_paid() -> None:
    """The heuristic bot answers each step with economy.default_step; step by step that is the
    engine's own payment (``auto_pay``, which a bot's look-ahead uses): the same position either way,
    in every payment of random 2-player games."""
    from pygame_core.bots import RandomBot

    checked = 0
    for seed in range(6):
        s = GAME.new_game(players=2, seed=seed)
        bot = RandomBot(seed)
        for _ in range(1500):
            if GAME.is_over(s):
                break
            seat = GAME.to_move(s)[0]
            a = bot.choose(GAME, s, seat)
            after = GAME.apply(s, seat, a)
            if paying(after) is not None and a["type"] != "pay":
                step, d = after, paying(after)
                while d is not None:
                    step = GAME.apply(step, seat, economy.default_step(step.data, seat, d))
                    d = paying(step)
                auto = edit(s, lambda g: g.update({"auto_pay": True}))
                auto = GAME.apply(auto, seat, a)
                want = {k: v for k, v in auto.data.items() if k != "auto_pay"}
                assert step.data == want, (seed, a)
                checked += 1
            s = after
    assert checked > 20
