"""The seed's own data is the seed's (seed 004, its lines cited): the eight buildings (L181-243, the
sawmill with the publisher's erratum, B8), the ten monarchs (L55-104), the trade table (L408-411), the
palaces (L332-355), the unit types (L264-269, L494) and the limits (L17-19, L47, L279-301, L484-485), with
the seed's Traditional Chinese terms as the names."""

from __future__ import annotations

from typing import Any

from tests.brazil_imperial.test_data_files import entries, load

#: L181-243: id -> (zh-Hant, era, terrain, cost, produces, vp)
BUILDINGS: dict[str, tuple[str, int, Any, Any, dict[str, int], int]] = {
    "sugarcane_field": (
        "甘蔗田",
        1,
        ["plains"],
        {"brazilwood": 1},
        {"sugarcane": 2},
        1,
    ),  # L181-187, L61 (B7)
    "farm": (
        "農場",
        1,
        ["plains"],
        [{"brazilwood": 1, "sugarcane": 1}, {"brazilwood": 1, "coffee": 1}],
        {"coffee": 2},
        2,
    ),  # L189-195
    # L197-203: 1 sugarcane (L201); the erratum adds coffee (B8)
    "sawmill": ("鋸木廠", 1, ["forest"], [{"sugarcane": 1}, {"coffee": 1}], {"brazilwood": 2}, 1),
    "trading_post": (
        "交易站",
        1,
        ["forest"],
        [{"brazilwood": 1, "sugarcane": 1}, {"brazilwood": 1, "coffee": 1}],
        {"brazilwood": 1, "gold": 1},
        2,
    ),  # L205-211
    "smelter": (
        "煉金廠",
        2,
        ["gold_mine"],
        [{"brazilwood": 1, "sugarcane": 1}, {"brazilwood": 1, "coffee": 1}],
        {"gold": 2},
        2,
    ),  # L213-219
    "plantation": ("農園", 2, ["plains"], {"gold": 1}, {"cotton": 2}, 2),  # L221-227
    "church": ("教會", 3, "any", {"cotton": 1, "gold": 1}, {"gold": 1, "science": 1}, 2),  # L229-235
    "college": ("學院", 3, "any", {"gold": 1, "science": 1}, {"gold": 2}, 3),  # L237-243
}


def test_buildings_are_the_seeds() -> None:
    got = {
        b["id"]: (b["name"]["zh-Hant"], b["era"], b["terrain"], b["cost"], b["produces"], b["vp"])
        for b in load("buildings")["buildings"]
    }
    assert got == BUILDINGS


#: L55-104: the ten monarchs' seed names
MONARCHS = {
    "manuel_i": "曼紐一世",
    "john_maurice": "拿索的約翰.莫里斯",
    "pedro_i": "佩德羅一世",
    "pedro_ii": "佩德羅二世",
    "tibirica": "提比里察",
    "dom_oba_ii": "多姆奧巴二世",
    "isabella_i": "伊莎貝拉一世",
    "afonso_i": "阿方索一世",
    "victoria": "維多利亞女王",
    "napoleon": "拿破崙",
}


def test_monarch_names_and_numbers_are_the_seeds() -> None:
    ms = {m["id"]: m for m in entries("monarchs")}
    assert {k: m["name"]["zh-Hant"] for k, m in ms.items()} == MONARCHS
    a = {k: m["ability"] for k, m in ms.items()}
    # L57: first 3 sawmills, 2 VP, 2 brazilwood + 1 gold
    assert (
        a["manuel_i"]["building"],
        a["manuel_i"]["first"],
        a["manuel_i"]["vp"],
        a["manuel_i"]["produces"],
    ) == ("sawmill", 3, 2, {"brazilwood": 2, "gold": 1})
    # L61: first 3 sugarcane fields, 3 VP, 3 sugarcane
    j = a["john_maurice"]
    assert (j["building"], j["first"], j["vp"], j["produces"]) == ("sugarcane_field", 3, 3, {"sugarcane": 3})
    # L92: first 3 trading posts, 3 VP, 1 brazilwood + 2 gold
    i = a["isabella_i"]
    assert (i["building"], i["first"], i["vp"], i["produces"]) == (
        "trading_post",
        3,
        3,
        {"brazilwood": 1, "gold": 2},
    )
    # L67-68: archer & cannon -> 1 any resource; monarch & cavalry -> 1 gold card
    any1 = [{"op": "gain_any", "n": 1}]
    card = [{"op": "draw", "deck": "gold", "n": 1}]
    assert a["pedro_i"]["first_deploy"] == {"archer": any1, "cannon": any1, "monarch": card, "cavalry": card}
    # L74-76: red -> any resource, pink -> 1 gold, blue -> 1 science
    assert a["pedro_ii"]["first_painting"] == {
        "red": any1,
        "pink": [{"op": "gain", "goods": {"gold": 1}}],
        "blue": [{"op": "gain", "goods": {"science": 1}}],
    }
    # L80-84: forest; 1st any resource, 2nd gold, 3rd science
    assert a["tibirica"]["terrain"] == "forest"
    assert a["tibirica"]["rewards"] == [
        any1,
        [{"op": "gain", "goods": {"gold": 1}}],
        [{"op": "gain", "goods": {"science": 1}}],
    ]
    # L88: 1st and 2nd missions, 1 science each, +1 VP (each, B21)
    d = a["dom_oba_ii"]
    assert (d["missions"], d["reward"], d["vp_each"]) == (2, [{"op": "gain", "goods": {"science": 1}}], 1)
    # L96: once per turn, 1/2/3 battle cards = 1 gold / 2 any resources / 1 science + 1 gold
    assert a["afonso_i"]["per_turn"] == 1
    assert a["afonso_i"]["pay"] == [
        {"cards": 1, "as": {"gold": 1}},
        {"cards": 2, "as": {"any_resource": 2}},
        {"cards": 3, "as": {"science": 1, "gold": 1}},
    ]
    # L100: at most 3 products, 1 science each, 1 VP each
    v = a["victoria"]
    assert (v["max"], v["reward"], v["vp_each"]) == (3, [{"op": "gain", "goods": {"science": 1}}], 1)
    # L104: 1 extra battle card after the first Deploy; a card as a resource, 2 as 1 science
    n = a["napoleon"]
    assert n["first_deploy_draw"] == 1
    assert n["pay"] == [{"cards": 1, "as": {"any_resource": 1}}, {"cards": 2, "as": {"science": 1}}]


def test_trade_table_is_the_seeds() -> None:
    rows = {r["row"]: (r["give"], r["get"]) for r in entries("trade")}
    assert rows == {
        1: ({"any_resource": 1}, {"goods": {"gold": 1}, "gold_cards": 0}),  # L408
        2: (
            [{"cotton": 2}, {"coffee": 2}, {"cotton": 1, "coffee": 1}],
            {"goods": {"gold": 2}, "gold_cards": 1},
        ),  # L409
        3: ({"any_resource": 4}, {"goods": {"science": 1, "gold": 1}, "gold_cards": 1}),  # L410
        4: ({"battle_cards": 2}, {"goods": {"gold": 1}, "gold_cards": 1}),  # L411
    }


def test_palaces_are_the_seeds() -> None:
    p = {x["id"]: x for x in entries("palaces")}
    # L334-335: on an era I building; 1 sugarcane + a free square product
    assert p["II"]["placement"] == {"eras": [1], "buildings": None, "city": False}
    assert p["II"]["reward"] == [
        {"op": "gain", "goods": {"sugarcane": 1}},
        {"op": "manufacture", "shape": "square", "free": True},
    ]
    assert p["II"]["scoring"] is None
    # L339-340: era I/II building or city; 1 gold card; 1 VP per smelter built and controlled
    assert p["III"]["placement"] == {"eras": [1, 2], "buildings": None, "city": True}
    assert p["III"]["reward"] == [{"op": "draw", "deck": "gold", "n": 1}]
    assert p["III"]["scoring"] == {"per": "buildings:smelter", "vp": 1, "controlled": True}
    # L344-345: on a plantation; 1 cotton; 2 VP per plantation
    assert p["IV"]["placement"] == {"eras": None, "buildings": ["plantation"], "city": False}
    assert p["IV"]["reward"] == [{"op": "gain", "goods": {"cotton": 1}}]
    assert p["IV"]["scoring"] == {"per": "buildings:plantation", "vp": 2, "controlled": True}
    # L349-350: on a farm; 1 VP per product manufactured
    assert p["V"]["placement"] == {"eras": None, "buildings": ["farm"], "city": False}
    assert p["V"]["reward"] == [] and p["V"]["scoring"] == {"per": "products", "vp": 1, "controlled": False}
    # L354-355: on a city; 1 battle card; 1 VP per deployed unit
    assert p["VI"]["placement"] == {"eras": None, "buildings": [], "city": True}
    assert p["VI"]["reward"] == [{"op": "draw", "deck": "battle", "n": 1}]
    assert p["VI"]["scoring"] == {"per": "units_deployed", "vp": 1, "controlled": False}
    # the board's palace slots give the same rewards (L329)
    for b in entries("boards"):
        assert {k: v["reward"] for k, v in b["palaces"].items()} == {k: v["reward"] for k, v in p.items()}


def test_units_limits_and_names_are_the_seeds() -> None:
    c = load("constants")
    units = {u["id"]: u for u in c["unit_types"]}
    # L67-68 弓箭手 大砲 君王 重騎兵; L494 手榴彈兵
    assert {k: u["name"]["zh-Hant"] for k, u in units.items()} == {
        "archer": "弓箭手",
        "cannon": "大砲",
        "monarch": "君王",
        "cavalry": "重騎兵",
        "grenadier": "手榴彈兵",
    }
    assert {k for k, u in units.items() if u["ranged"]} == {"cannon", "grenadier"}  # L269, L494 (B12)
    assert {k for k, u in units.items() if u["founds_cities"]} == {"monarch"}  # L267
    assert {k for k, u in units.items() if u["carry"]} == {"cavalry"}  # L268
    limits = {k: v["value"] for k, v in c["limits"].items()}
    assert limits == {
        "supply_cap": 5,
        "gold_hand": 3,
        "battle_hand": 3,
        "battle_cards_per_combat": 3,
        "painting_display": 6,
        "missions_drawn_per_era": 2,
        "battle_cards": 24,
        "gold_cards": 20,
        "paintings": 24,
        "city_kinds": 8,
        "units_per_board": 5,
        "products_per_board": 6,
        "mansions": 2,
        "port_trade_defence": 2,
        "port_trade_attack": 1,
    }
    names = c["names"]
    # L126 the arches, L134 goods, L247/L474 terrain, L274 medals, L305 eras, L419 shapes
    assert [v["zh-Hant"] for v in names["arches"].values()] == [
        "部署",
        "繪畫",
        "建造",
        "翻新",
        "製造",
        "港口",
        "貿易",
    ]
    assert {k: v["zh-Hant"] for k, v in names["goods"].items()} == {
        "brazilwood": "巴西紅木",
        "sugarcane": "甘蔗",
        "coffee": "咖啡豆",
        "cotton": "棉花",
        "gold": "黃金",
        "science": "科學",
    }
    assert {k: v["zh-Hant"] for k, v in names["terrain"].items()} == {
        "forest": "森林",
        "gold_mine": "金礦",
        "plains": "平原",
        "water": "水域",
        "edge": "地圖邊界",
    }
    assert [v["zh-Hant"] for v in names["medals"].values()] == ["紅色", "粉紅色", "藍色"]
    assert [v["zh-Hant"] for v in names["eras"].values()] == ["探索時代", "航海時代", "鐵路時代"]
    assert [v["zh-Hant"] for v in names["shapes"].values()] == ["方型", "五角型", "八角型"]


def test_the_counted_decks_match_the_limits() -> None:
    limits = {k: v["value"] for k, v in load("constants")["limits"].items()}
    assert len(entries("battle")) == limits["battle_cards"]
    assert len(entries("gold")) == limits["gold_cards"]
    assert len(entries("paintings")) == limits["paintings"]
    assert len(entries("cities")) == limits["city_kinds"]


def test_square_products_are_dye_and_sugar() -> None:
    """L335: the square products are dye 染料 and sugar 糖."""
    for b in entries("boards"):
        sq = {p["id"]: p["name"]["zh-Hant"] for p in b["products"] if p["shape"] == "square"}
        assert sq == {"dye": "染料", "sugar": "糖"}


def test_green_army_is_the_public_one() -> None:
    """Public review (digest §6.4): the green board has 2 archers, 1 monarch, 1 cavalry, 1 cannon."""
    green = next(b for b in entries("boards") if b["colour"] == "green")
    assert sorted(u["type"] for u in green["units"]) == ["archer", "archer", "cannon", "cavalry", "monarch"]


#: the seed's words for the game's things, with their lines
TERMS = {
    "capital": "首都",  # L324
    "city": "城市",  # L167
    "building": "建築物",  # L167
    "palace": "宮殿",  # L320
    "mansion": "豪宅",  # L51
    "supply": "個人供應區",  # L47
    "unit": "軍事單位",  # L43
    "product": "產品指示物",  # L46
    "action_marker": "行動指示物",  # L106
    "arch": "拱門行動格",  # L124
    "upgrade_slot": "升級槽",  # L129
    "battle_card": "戰鬥卡",  # L292
    "gold_card": "黃金卡",  # L277
    "painting": "繪畫卡",  # L271
    "mission": "任務卡",  # L303
    "exploration_tile": "探索板塊",  # L245
    "red_flag": "紅色旗幟",  # L255
    "free_move": "免費移動",  # L451
    "bonus_move": "額外移動",  # L452
    "action_phase": "行動階段",  # L29
    "movement_phase": "移動階段",  # L30
    "vp": "勝利點數",  # L179
    "strength": "戰鬥力",  # L266
}


def test_terms_are_the_seeds() -> None:
    terms = load("constants")["names"]["terms"]
    assert {k: v["zh-Hant"] for k, v in terms.items() if "seed" in v["source"]} == TERMS
    assert set(terms) - set(TERMS) == {"bandeiras"}  # the FAQ's word (B11), not the seed's
