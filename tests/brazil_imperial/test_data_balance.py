"""Balance of the authored content, checked without an engine (the bot figures of issue 19 come later):
the four boards are equal but for their armies (public review, digest §6.4), missions grow with the eras
and stay reachable, capitals are near-equal with the start player's one good lighter, and every cost can
be paid from what the buildings of that era or earlier produce."""

from __future__ import annotations

from typing import Any

from tests.brazil_imperial.test_data_files import GOODS, RESOURCES, entries, load


def size(goods: dict[str, int]) -> int:
    return sum(goods.values())


def test_boards_differ_only_in_their_armies() -> None:
    boards = entries("boards")
    first = boards[0]
    for b in boards[1:]:
        for field in ("products", "arches", "palaces"):
            assert b[field] == first[field], (b["colour"], field)


def test_armies_are_worth_and_cost_the_same() -> None:
    """Every army: 10 VP of units (VP = strength, L266), 6 goods of first-deployment costs, one reward
    per slot, and strength that grows with cost."""
    for b in entries("boards"):
        units = b["units"]
        assert sum(u["vp"] for u in units) == 10, b["colour"]
        assert sum(size(u["cost"]) for u in units) == 6, b["colour"]
        assert all(len(u["reward"]) == 1 for u in units), b["colour"]
        for u in units:
            assert size(u["cost"]) <= u["vp"], (b["colour"], u)


def test_every_board_has_a_strong_economy_monarch() -> None:
    """No board holds two of the monarchs whose first three buildings are worth more (L57, L61, L92)."""
    strong = {"manuel_i", "john_maurice", "isabella_i", "napoleon"}
    for b in entries("boards"):
        assert len(strong & set(b["monarchs"])) == 1, b["colour"]


def test_capitals_are_near_equal() -> None:
    caps = entries("capitals")
    first = next(c for c in caps if c["first"])
    others = [c for c in caps if not c["first"]]
    assert {size(c["goods"]) for c in others} == {3}
    assert size(first["goods"]) == 2  # the start player moves first: one good fewer


def test_every_capital_pays_for_an_era_one_building() -> None:
    buildings = [b for b in load("buildings")["buildings"] if b["era"] == 1]
    for c in entries("capitals"):
        assert any(payable(b["cost"], c["goods"]) for b in buildings), c["id"]


def payable(cost: Any, have: dict[str, int]) -> bool:
    options = cost if isinstance(cost, list) else [cost]
    return any(all(have.get(k, 0) >= n for k, n in o.items()) for o in options)


def producible(era: int) -> set[str]:
    """Goods the buildings of this era or earlier produce, with the Port's resources (L404) and Trade's
    gold and science (L408-410)."""
    made = {g for b in load("buildings")["buildings"] if b["era"] <= era for g in b["produces"]}
    return made | set(RESOURCES) | {"gold", "science"}


def goods_of(cost: Any) -> set[str]:
    options = cost if isinstance(cost, list) else [cost]
    return {g for o in options for g in o}


def test_every_cost_names_known_goods() -> None:
    for b in load("buildings")["buildings"]:
        assert goods_of(b["cost"]) <= producible(b["era"]), b["id"]
    everything: list[Any] = [c["cost"] for c in entries("cities")] + [p["cost"] for p in entries("paintings")]
    everything += [u["cost"] for b in entries("boards") for u in b["units"]]
    everything += [p["cost"] for b in entries("boards") for p in b["products"]]
    for cost in everything:
        assert goods_of(cost) <= set(GOODS), cost


def test_victory_points_follow_costs() -> None:
    """A city, a product or a painting is worth about what it costs (a city's VP is also its strength)."""
    for c in entries("cities"):
        assert size(c["cost"]) - 1 <= c["vp"] <= size(c["cost"]) + 1, c["id"]
    for p in entries("boards")[0]["products"]:
        assert p["vp"] <= size(p["cost"]), p["id"]
    for p in entries("paintings"):
        assert p["vp"] <= size(p["cost"]) + 1, p["id"]


def test_the_paint_upgrade_has_cards_to_take() -> None:
    """L431: the upgraded Paint takes a painting costing 1 gold (for a resource) or 1 resource (free);
    the FAQ says some paintings cost nothing."""
    costs = [p["cost"] for p in entries("paintings")]
    assert sum(c == {"gold": 1} for c in costs) >= 4
    assert sum(len(c) == 1 and size(c) == 1 and next(iter(c)) in RESOURCES for c in costs) >= 4
    assert sum(c == {} for c in costs) >= 1


def test_missions_grow_with_the_eras() -> None:
    ms = entries("missions")
    vp1 = {m["vp"] for m in ms if m["era"] == 1}
    vp2 = {m["vp"] for m in ms if m["era"] == 2}
    assert max(vp1) < min(vp2)
    for m in ms:
        if m["era"] == 3:
            assert 7 <= sum(o["vp"] for o in m["objectives"]) <= 10, m["id"]
            assert len(m["objectives"]) == 3, m["id"]


#: the most a goal may ask, per counter: in eras I and II a few turns of normal play (3-5 actions), in era III
#: a little more, since all three objectives end the game (L517); never more than 2 cities (each needs the
#: monarch on its hex, L383, and the 16 city tiles are shared), 3 gold cards (hand limit, L290) or 5 goods
#: (supply cap, L47)
REACH: dict[int, dict[str, int]] = {
    1: {
        "buildings": 3,
        "cities": 1,
        "paintings": 1,
        "products": 1,
        "units_deployed": 2,
        "explored": 2,
        "supply:gold": 2,
        "buildings:sawmill": 2,
        "buildings:sugarcane_field": 2,
        "buildings:farm": 1,
        "buildings:trading_post": 1,
    },
    2: {
        "buildings": 4,
        "cities": 2,
        "paintings": 3,
        "products": 3,
        "units_deployed": 3,
        "explored": 3,
        "battles_won": 1,
        "controlled_tiles": 6,
        "gold_cards": 2,
        "buildings:smelter": 1,
        "buildings:plantation": 1,
        "paintings:red": 1,
        "paintings:pink": 1,
        "paintings:blue": 1,
    },
    3: {
        "buildings": 6,
        "cities": 2,
        "paintings": 3,
        "products": 4,
        "units_deployed": 5,
        "explored": 4,
        "battles_won": 2,
        "controlled_tiles": 8,
        "gold_cards": 2,
        "palaces": 2,
        "buildings:church": 1,
        "buildings:college": 1,
        "buildings:smelter": 2,
        "buildings:plantation": 2,
        "paintings:red": 1,
        "paintings:blue": 2,
        "supply:science": 1,
        "supply:gold": 3,
    },
}


def test_era_goals_are_reachable() -> None:
    buildings = {b["id"]: b["era"] for b in load("buildings")["buildings"]}
    for m in entries("missions"):
        needs = m["needs"] if m["era"] < 3 else [p for o in m["objectives"] for p in o["needs"]]
        for p in needs:
            c = p["count"]
            if c.startswith("buildings:"):  # only buildings of this era or earlier (L169)
                assert buildings[c.split(":")[1]] <= m["era"], (m["id"], c)
            assert p["n"] <= REACH[m["era"]][c], (m["id"], p)
    for era in REACH.values():
        assert era.get("cities", 0) <= 2 and era.get("gold_cards", 0) <= 3
        assert all(n <= 5 for c, n in era.items() if c.startswith("supply:"))


def test_red_flags_pay_more() -> None:
    """A red flag needs a fight (L255): its tile is worth more than a plain find."""
    tiles = entries("exploration")
    plain = max(t["vp"] + len(t["reward"]) for t in tiles if t["flag"] is None)
    for t in tiles:
        if t["flag"] is not None:
            assert t["vp"] + len(t["reward"]) > plain, t["id"]
            assert 2 <= t["flag"] <= 4, t["id"]  # beatable by one or two deployed units


def test_battle_deck_strength() -> None:
    """The deck adds on average 1-2 strength a card: cards matter but do not decide every fight."""
    cards = entries("battle")
    mean = sum(c["strength"] for c in cards) / len(cards)
    assert 1.0 <= mean <= 2.0, mean
    assert max(c["strength"] for c in cards) <= 3
