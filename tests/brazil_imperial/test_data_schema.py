"""The schema of the Brazil: Imperial data files (shared spec bz-spec.md): counts (24 battle cards L294,
20 gold cards L279, 24 paintings L273 in three medals L274, 8 city kinds L167, 5 units and 6 products per
board L18), provenance on every entry, names and texts in English and Traditional Chinese, only the
spec's goods, effects, abilities and mission counters, and no seed line numbers in what players read."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pygame_core.kernel.text import hans
from tests.brazil_imperial.test_data_files import (
    ARCHES,
    ASSETS,
    GOODS,
    LANGS,
    LISTS,
    MEDALS,
    PALACES,
    RESOURCES,
    SHAPES,
    TERRAIN,
    UNIT_TYPES,
    entries,
    entry_id,
    load,
    walk_texts,
)

OPS = {
    "gain",
    "gain_any",
    "draw",
    "vp",
    "action",
    "move",
    "strength",
    "lose_unit",
    "ignore_tile",
    "manufacture",
}
ABILITY_KINDS = {"production", "combat", "discount", "score"}
BUILDINGS = (
    "sugarcane_field",
    "farm",
    "sawmill",
    "trading_post",
    "smelter",
    "plantation",
    "church",
    "college",
)
PLAIN_COUNTERS = {
    "buildings",
    "cities",
    "paintings",
    "products",
    "units_deployed",
    "explored",
    "battles_won",
    "palaces",
    "gold_cards",
    "controlled_tiles",
}
COUNTERS = (
    PLAIN_COUNTERS
    | {f"buildings:{b}" for b in BUILDINGS}
    | {f"paintings:{m}" for m in MEDALS}
    | {f"supply:{g}" for g in GOODS}
)


def is_goods(g: Any, extra: tuple[str, ...] = ()) -> bool:
    return isinstance(g, dict) and all(
        k in GOODS + extra and isinstance(n, int) and n > 0 for k, n in g.items()
    )


def is_cost(c: Any) -> bool:
    """A cost is goods, or a list of goods of which the payer pays one."""
    if isinstance(c, list):
        return len(c) >= 2 and all(is_goods(x) and x for x in c)
    return is_goods(c)


def check_effect(e: dict[str, Any]) -> None:
    op = e["op"]
    assert op in OPS, e
    if op == "gain":
        assert is_goods(e["goods"]) and e["goods"], e
    elif op in ("gain_any", "vp", "strength", "lose_unit"):
        assert isinstance(e["n"], int) and e["n"] > 0, e
    elif op == "draw":
        assert e["deck"] in ("battle", "gold") and e["n"] > 0, e
    elif op == "action":
        assert e["arch"] in (*ARCHES, "any"), e
    elif op == "move":
        assert e["kind"] == "free", e
    elif op == "manufacture":
        assert e["shape"] in SHAPES and e["free"] is True, e


def effects_of(name: str, e: dict[str, Any]) -> list[dict[str, Any]]:
    if name == "battle":
        return list(e["effect"])
    if name == "gold":
        return list(e["effect"])
    if name in ("exploration", "palaces"):
        return list(e["reward"])
    if name == "boards":
        return [x for u in e["units"] for x in u["reward"]] + [
            x for p in e["palaces"].values() for x in p["reward"]
        ]
    if name == "monarchs":
        a = e["ability"]
        out = [x for v in a.get("first_deploy", {}).values() for x in v]
        out += [x for v in a.get("first_painting", {}).values() for x in v]
        out += [x for v in a.get("rewards", []) for x in v]
        return out + list(a.get("reward", []))
    return []


@pytest.mark.parametrize("name", sorted(LISTS))
def test_every_entry_has_provenance(name: str) -> None:
    """Every entry says where it comes from: a seed line, a public source, or why we authored it."""
    for e in entries(name):
        src = e["source"]
        kinds = set(src) & {"seed", "public", "authored"}
        assert len(kinds) == 1 and set(src) <= {"seed", "public", "authored", "note"}, (name, e)
        if "seed" in src:
            assert re.fullmatch(r"L\d{1,3}(-\d{1,3})?", src["seed"]), (name, src)
        else:
            assert len(src[kinds.pop()]) > 10, (name, src)
    if name == "buildings":
        for t in load("buildings")["tiles"]:
            assert "authored" in t["source"], t


def test_constants_have_provenance() -> None:
    c = load("constants")
    for key, v in c["limits"].items():
        assert re.fullmatch(r"L\d{1,3}", v["source"]["seed"]), key
    for u in c["unit_types"]:
        assert "seed" in u["source"], u
    for group in c["names"].values():
        for key, v in group.items():
            src = v["source"]
            assert "seed" in src or (key == "bandeiras" and "public" in src), key


@pytest.mark.parametrize("name", sorted(LISTS))
def test_names_and_texts_in_both_languages(name: str) -> None:
    """Names and texts: English and Traditional Chinese, both non-empty (zh-Hans is derived)."""
    for e in entries(name):
        for field in ("name", "text"):
            if field in e:
                assert set(e[field]) == set(LANGS), (name, entry_id(name, e), field)
                assert all(e[field][lang].strip() for lang in LANGS), (name, entry_id(name, e), field)
    needs_name = {
        "battle",
        "boards",
        "buildings",
        "cities",
        "gold",
        "missions",
        "monarchs",
        "paintings",
        "palaces",
    }
    needs_text = {"battle", "exploration", "gold", "missions", "monarchs", "paintings", "palaces", "trade"}
    for e in entries(name):
        assert (name not in needs_name) or "name" in e, (name, e)
        assert (name not in needs_text) or "text" in e, (name, e)


def all_texts() -> list[tuple[str, str, str]]:
    from tests.brazil_imperial.test_data_files import FILES

    return [t for name in FILES for t in walk_texts(load(name), name)]


def test_no_seed_line_numbers_in_what_players_read() -> None:
    """Player-facing text never shows a seed line number (the sources keep them, outside any text)."""
    bad = [(w, s) for w, _, s in all_texts() if re.search(r"\bL\d{1,3}\b", s)]
    assert not bad, bad


def _in(c: str, codec: str) -> bool:
    try:
        c.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def traditional_only(s: str) -> set[str]:
    return {c for c in s if "\u4e00" <= c <= "\u9fff" and _in(c, "big5") and not _in(c, "gb2312")} | (
        set(s) & set("於後徵")
    )


def simplified_only(s: str) -> set[str]:
    return {c for c in s if "\u4e00" <= c <= "\u9fff" and _in(c, "gb2312") and not _in(c, "big5")} | (
        set(s) & set("与万后于价云范几斗划采党涂仆虫丑")
    )


def test_traditional_texts_keep_to_their_script() -> None:
    bad = [(w, s) for w, lang, s in all_texts() if lang == "zh-Hant" and simplified_only(s)]
    assert not bad, bad
    assert any(lang == "zh-Hant" for _, lang, _ in all_texts())




def test_derived_simplified_keeps_to_its_script() -> None:
    """zh-Hans derived by the kernel's converter (kernel/text.py) from every Traditional text of the data
    has no Traditional-only character left (the seed's terms 鋸木廠 L197, 農園 L221, 宮殿 L318, 橡膠 L352
    and the monarchs' and cities' names included)."""
    left = set().union(*(traditional_only(hans(s)) for _, lang, s in all_texts() if lang == "zh-Hant"))
    assert left == set(), sorted(left)


#: the file, and the fields of its entries that hidden cards show only to their holder
HIDDEN = ("battle", "gold", "missions")


def test_no_hidden_card_name_or_id_shows_in_another_entry() -> None:
    """A hidden card's id and names are secret (battle and gold hands, missions until shown): no other
    entry's words may contain them as a whole token, or a view showing that entry would seem to leak."""
    words: list[tuple[str, str]] = []
    for name in LISTS:
        for e in entries(name):
            key = f"{name}:{entry_id(name, e)}"
            for _, _, s in walk_texts({k: v for k, v in e.items() if k in ("name", "text")}):
                words.append((key, s))
            words.append((key, entry_id(name, e)))
    words += [("constants", s) for _, _, s in walk_texts(load("constants"))]
    for name in HIDDEN:
        for e in entries(name):
            key = f"{name}:{entry_id(name, e)}"
            for token in (e["id"], e["name"]["en"], e["name"]["zh-Hant"]):
                for other, s in words:
                    if other != key:
                        hit = re.search(rf"(?<![A-Za-z0-9_]){re.escape(token)}(?![A-Za-z0-9_])", s)
                        assert not hit, (key, token, other, s)


def test_counts_of_the_seed() -> None:
    """24 battle cards (L294), 20 gold cards (L279), 24 paintings (L273), 8 per medal (L274: three medals,
    an equal split is authored, G7), 8 kinds of city (L167) in two equal stacks (L16), 10 monarchs (L53-104),
    4 trade rows (L408-411), palaces II-VI (L326-355), 4 boards with 5 units and 6 products (L18)."""
    assert len(entries("battle")) == 24
    assert len(entries("gold")) == 20
    paintings = entries("paintings")
    assert len(paintings) == 24
    assert {m: sum(p["medal"] == m for p in paintings) for m in MEDALS} == {m: 8 for m in MEDALS}
    cities = entries("cities")
    assert len(cities) == 8 and sum(c["count"] for c in cities) % 2 == 0
    assert len(entries("monarchs")) == 10
    assert [r["row"] for r in entries("trade")] == [1, 2, 3, 4]
    assert [p["id"] for p in entries("palaces")] == list(PALACES)
    boards = entries("boards")
    assert len(boards) == 4
    assert sorted(b["empire"] for b in boards) == ["brazil", "france", "portugal", "spain"]  # L11
    for b in boards:
        assert len(b["units"]) == 5 and len(b["products"]) == 6, b["colour"]


def test_missions_per_era_cover_every_seat() -> None:
    """Each seat draws 2 missions per era (L19): 4 seats need 8 per era."""
    for era in (1, 2, 3):
        assert sum(m["era"] == era for m in entries("missions")) >= 8, era


@pytest.mark.parametrize("name", sorted(LISTS))
def test_effects_use_the_spec_vocabulary(name: str) -> None:
    for e in entries(name):
        for x in effects_of(name, e):
            check_effect(x)


def test_buildings_schema() -> None:
    data = load("buildings")
    ids = [b["id"] for b in data["buildings"]]
    assert ids == list(BUILDINGS)
    for b in data["buildings"]:
        assert b["era"] in (1, 2, 3)
        assert b["terrain"] == "any" or (
            b["terrain"] and set(b["terrain"]) <= set(TERRAIN) - {"water", "edge"}
        )
        assert is_cost(b["cost"]) and is_goods(b["produces"]) and b["vp"] > 0, b["id"]
    for t in data["tiles"]:
        assert len(t["sides"]) == 2 and set(t["sides"]) <= set(ids) and t["sides"][0] != t["sides"][1], t
    # every building can be built from some tile, and the supply is enough for a 4-player game
    assert {s for t in data["tiles"] for s in t["sides"]} == set(ids)
    assert len(data["tiles"]) >= 30


def test_boards_schema() -> None:
    monarchs = {m["id"] for m in entries("monarchs")}
    seen: list[str] = []
    for b in entries("boards"):
        assert len(b["monarchs"]) >= 2 and set(b["monarchs"]) <= monarchs, b["colour"]  # L37
        seen += b["monarchs"]
        assert sum(u["type"] == "monarch" for u in b["units"]) == 1, b["colour"]  # cities need one (L267)
        for u in b["units"]:
            assert u["type"] in UNIT_TYPES and u["vp"] > 0 and is_goods(u["cost"]), u
        products = b["products"]
        assert len({p["id"] for p in products}) == 6
        shapes = [p["shape"] for p in products]
        assert sorted(shapes) == sorted(
            SHAPES * 2
        )  # three shapes (L419); the square ones dye and sugar (L335)
        assert {p["id"] for p in products if p["shape"] == "square"} == {"dye", "sugar"}
        for p in products:
            assert is_goods(p["cost"]) and p["cost"] and p["vp"] > 0, p
        assert set(b["arches"]) == set(ARCHES)
        slots = [s for a in b["arches"].values() for s in a["slots"]]
        assert set(slots) <= set(SHAPES)
        for shape in SHAPES:  # every product has a slot of its shape (L400)
            assert slots.count(shape) >= shapes.count(shape), (b["colour"], shape)
        assert sorted(b["palaces"]) == sorted(PALACES)
    assert sorted(seen) == sorted(monarchs)  # each monarch on exactly one board


def test_monarchs_schema() -> None:
    for m in entries("monarchs"):
        a = m["ability"]
        assert a["kind"] == "monarch" and a["hook"] == m["id"], m["id"]


def test_trade_schema() -> None:
    for r in entries("trade"):
        give = r["give"]
        if isinstance(give, list):
            assert all(is_goods(g, ()) for g in give)
            assert all(set(g) <= set(RESOURCES) for g in give)  # strict inputs (B6)
        else:
            assert len(give) == 1 and next(iter(give)) in ("any_resource", "battle_cards"), r
        assert is_goods(r["get"]["goods"]) and r["get"]["gold_cards"] in (0, 1), r


def test_palaces_schema() -> None:
    for p in entries("palaces"):
        pl = p["placement"]
        assert set(pl) == {"eras", "buildings", "city"}, p["id"]
        assert pl["eras"] is None or set(pl["eras"]) <= {1, 2}
        assert pl["buildings"] is None or set(pl["buildings"]) <= set(BUILDINGS)
        s = p["scoring"]
        assert s is None or (s["per"] in COUNTERS and s["vp"] > 0 and isinstance(s["controlled"], bool)), p[
            "id"
        ]


def test_capitals_schema() -> None:
    caps = entries("capitals")
    assert sum(c["first"] for c in caps) == 1  # one "1st" tile (L15, L21)
    for c in caps:
        assert is_goods(c["goods"]) and 0 < sum(c["goods"].values()) <= 5, c  # the supply holds 5 (L47)


def test_exploration_schema() -> None:
    for t in entries("exploration"):
        assert t["flag"] is None or (isinstance(t["flag"], int) and t["flag"] > 0), t
        assert isinstance(t["vp"], int) and t["vp"] >= 0, t
        assert t["reward"] or t["vp"], t


def test_cities_schema() -> None:
    for c in entries("cities"):
        assert c["vp"] > 0 and is_goods(c["cost"]) and c["cost"] and c["count"] > 0, c


def test_cards_schema() -> None:
    for c in entries("battle"):
        assert isinstance(c["strength"], int) and c["strength"] >= 0, c
        assert c["strength"] > 0 or c["effect"], c
    for c in entries("gold"):
        assert isinstance(c["vp"], int) and c["vp"] >= 0 and (c["effect"] or c["vp"]), c
    for c in entries("paintings"):
        assert c["medal"] in MEDALS and is_goods(c["cost"]) and c["vp"] >= 0, c
        a = c["ability"]
        assert a["kind"] in ABILITY_KINDS, c
        if a["kind"] == "production":
            assert a["building"] in BUILDINGS and is_goods(a["extra"]) and a["extra"], c
        elif a["kind"] == "combat":
            assert a["attack"] >= 0 and a["defence"] >= 0 and a["attack"] + a["defence"] > 0, c
        elif a["kind"] == "discount":
            assert a["arch"] in ARCHES and is_goods(a["goods"]) and a["goods"], c
        else:
            assert a["per"] in COUNTERS and a["vp"] > 0, c


def test_missions_schema() -> None:
    for m in entries("missions"):
        if m["era"] in (1, 2):
            assert m["vp"] > 0 and m["needs"], m["id"]
            needs = m["needs"]
        else:
            assert m["era"] == 3 and "vp" not in m and len(m["objectives"]) >= 2, m["id"]  # B26
            assert all(o["vp"] > 0 and o["needs"] for o in m["objectives"]), m["id"]
            needs = [p for o in m["objectives"] for p in o["needs"]]
        for p in needs:
            assert p["count"] in COUNTERS and isinstance(p["n"], int) and p["n"] > 0, (m["id"], p)


def test_assets_are_not_resources() -> None:
    """L134: 2 assets (science, gold), 4 resources."""
    assert set(ASSETS) & set(RESOURCES) == set() and len(GOODS) == 6


def numbers(obj: Any) -> set[int]:
    """Every positive integer of a structured field (effects, costs, goals), booleans and ids aside."""
    if isinstance(obj, bool):
        return set()
    if isinstance(obj, int):
        return {obj} if obj > 0 else set()
    if isinstance(obj, dict):
        return set().union(*(numbers(v) for k, v in obj.items() if k not in ("id", "row", "era")), set())
    if isinstance(obj, list):
        return set().union(*(numbers(v) for v in obj), set())
    return set()


#: the file, and the structured fields its texts are written from
TEXT_FIELDS = {
    "battle": ("strength", "effect"),
    "gold": ("effect", "vp"),
    "paintings": ("cost", "vp", "ability"),
    "missions": ("vp", "needs", "objectives"),
    "exploration": ("reward", "flag", "vp"),
    "palaces": ("reward",),
    "trade": ("give", "get"),
    "monarchs": ("ability",),
}


@pytest.mark.parametrize("name", sorted(TEXT_FIELDS))
def test_texts_show_the_numbers_of_their_fields(name: str) -> None:
    """A text never promises what the fields do not give: each number of the fields is in both texts."""
    for e in entries(name):
        want = numbers({k: e.get(k) for k in TEXT_FIELDS[name]})
        for lang in LANGS:
            shown = {int(n) for n in re.findall(r"\d+", e["text"][lang])}
            assert want <= shown, (name, entry_id(name, e), lang, want - shown)
