"""The war data files: data/horde.json (24 Horde cards) and data/walls.json (Wall levels 0-3)
(digest section 9 I item 41, P items 72-73; sections 2, 6.1 and 7 G4-G5)."""

from __future__ import annotations

import itertools

from pygame_core.games.great_wall import combat, horde
from pygame_core.games.great_wall.text import hans
from tests.great_wall import war_helpers as w

RES = {"wood", "stone", "gold", "chi"}


def _source_ok(src: dict) -> bool:
    kind = src.get("kind")
    return ((kind == "seed" and isinstance(src.get("line"), int))
            or (kind == "public" and bool(src.get("ref")))
            or (kind == "authored" and bool(src.get("why"))))


def _text_ok(text: dict) -> bool:
    """Three languages; zh-Hans derived from zh-Hant; each Chinese text keeps to its script."""
    if set(text) != {"en", "zh-Hant", "zh-Hans"} or not all(text.values()):
        return False
    try:
        text["zh-Hant"].encode("big5")
        text["zh-Hans"].encode("gb2312")
    except UnicodeEncodeError:
        return False
    return text["zh-Hans"] == hans(text["zh-Hant"])


def test_24_horde_cards_with_provenance_and_names() -> None:
    """Public component list: 24 Horde cards; every entry has its source and three-language names."""
    assert len(horde.CARDS) == 24
    for cid, c in horde.CARDS.items():
        assert c["id"] == cid and _source_ok(c["source"]), cid
        assert _text_ok(c["name"]), cid
        if c["ability"]:
            assert _text_ok(c["ability"]["text"]), cid
    assert len({c["name"]["en"] for c in horde.CARDS.values()}) == 24
    assert len({c["name"]["zh-Hant"] for c in horde.CARDS.values()}) == 24


def test_card_model_has_every_part_of_the_anatomy() -> None:
    """L220-225 (item 41): attack, reward, ability, vital spots with rewards, shame slots, indicator."""
    for cid, c in horde.CARDS.items():
        assert c["attack"] >= 1 and c["reward"] >= 1 and c["shame_slots"] >= 1, cid
        assert c["indicator"] in (0, 1, 2), cid
        cells = [(s["x"], s["y"]) for s in c["spots"]]
        assert 2 <= len(cells) <= 5 and len(set(cells)) == len(cells), cid
        assert all(0 <= x <= 2 and 0 <= y <= 1 for x, y in cells), cid
        for s in c["spots"]:
            r = s["reward"]
            assert (r["op"] == "honor" and r["n"] >= 1) or (
                r["op"] == "gain" and set(r) - {"op"} <= RES
                and all(v >= 1 for k, v in r.items() if k != "op")), cid
        ab = c["ability"]
        assert ab is None or ab["timing"] in ("siege", "reveal", "breach"), cid


def test_indicators_are_balanced_so_the_2p_removal_leaves_a_deck() -> None:
    """L695, L761: 2-player and solo remove every card pointing at the leftmost column; 8 per column
    leaves 16 cards over the two columns in play."""
    cols = [sum(1 for c in horde.CARDS.values() if c["indicator"] == i) for i in range(3)]
    assert cols == [8, 8, 8]
    attack = [sum(c["attack"] for c in horde.CARDS.values() if c["indicator"] == i) for i in range(3)]
    assert max(attack) - min(attack) <= 2


def test_cards_are_playable() -> None:
    """A typical card needs 2-4 spots, and most leave room for a horseman (L536)."""
    spots = [len(c["spots"]) for c in horde.CARDS.values()]
    assert sum(1 for n in spots if 2 <= n <= 4) >= 20
    with_pair = [cid for cid, c in horde.CARDS.items()
                 if any(combat.adjacent(cid, i, j)
                        for i, j in itertools.combinations(range(len(c["spots"])), 2))]
    assert len(with_pair) >= 18


def test_a_level_0_wall_with_3_barricades_holds_a_full_column_a_bare_one_does_not() -> None:
    """Authored balance (issue 18 §2, data/README.md "Balance"): the solo setup fills every array slot
    and every barricade slot before the first Winter (L763-765), so a level-0 Wall with 3 barricades
    (L148, L642) holds against any one card (abilities at their worst) and against most full columns
    of three; the bare level-0 Wall, once the barricades are gone (L651), falls to most of them."""
    d = horde.wall(0)["defense"] + 3 * combat.BARRICADE_DEFENSE
    for cid in horde.CARDS:
        g = w.state(barricades=3)
        w.put(g, 0, 0, cid)
        assert combat.attack(g, 0) <= d, cid
    fall = {0: 0, 3: 0}
    total = 0
    for trio in itertools.permutations(horde.CARDS, 3):
        total += 1
        for bars in fall:
            g = w.state(barricades=bars)
            for r, cid in enumerate(trio):
                w.put(g, 0, r, cid)
            fall[bars] += combat.attack(g, 0) > horde.wall(0)["defense"] + bars * combat.BARRICADE_DEFENSE
    assert fall[3] / total < 0.125 and fall[0] / total > 0.6


def test_walls_levels_0_to_3() -> None:
    """Wall tiles (digest G4): defense, firing spots and next-level cost; the level 0 -> 1 cost is the
    seed's 5 Stone (L429); every level has its source."""
    levels = horde.WALLS
    assert [lv["level"] for lv in levels] == [0, 1, 2, 3]
    assert all(_source_ok(lv["source"]) for lv in levels)
    assert levels[0]["next_cost"] == {"stone": 5}
    assert levels[3]["next_cost"] is None
    assert all(set(lv["next_cost"]) <= RES - {"chi"} for lv in levels[:3])
    assert [lv["defense"] for lv in levels] == sorted({lv["defense"] for lv in levels})
    fire = [lv["firing_spots"] for lv in levels]
    assert fire == sorted(fire) and fire[0] >= 1  # re-seating archers on a new tile never loses a spot (L423)
