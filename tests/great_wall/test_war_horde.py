"""The Horde deck, the setup array and the Spring invasion (digest section 9 A item 7, I item 42, golden
test 11)."""

from __future__ import annotations

from pygame_core.games.great_wall import horde
from tests.great_wall import war_helpers as w

#: cards of each invasion column with no on-placement ability
BY_COL = {i: [cid for cid, c in horde.CARDS.items()
              if c["indicator"] == i and not (c["ability"] and c["ability"]["timing"] == "reveal")]
          for i in range(3)}
RAZE = next(cid for cid, c in horde.CARDS.items() if c["ability"] and c["ability"]["op"] == "raze")


def _row(g: dict, r: int) -> list:
    return [s["rows"][r] and s["rows"][r]["card"] for s in g["sections"]]


def test_build_deck_shuffles_all_24() -> None:
    """L142: the Horde cards are shuffled into the Horde deck; the state's RNG makes it reproducible."""
    orders = []
    for seed in (1, 1, 2):
        g = w.state()
        horde.build_deck(w.ctx(g, seed), "competitive", 3)
        assert sorted(g["horde_deck"]) == sorted(horde.CARDS) and g["horde_discard"] == []
        orders.append(g["horde_deck"])
    assert orders[0] == orders[1] and orders[0] != orders[2]


def test_two_player_and_solo_decks_drop_the_leftmost_column() -> None:
    """L695, L761: remove every card whose indicator points at the leftmost column."""
    for mode in ("two_player", "solo"):
        g = w.state()
        horde.build_deck(w.ctx(g), mode, 2)
        assert len(g["horde_deck"]) == 16
        assert all(horde.card(c)["indicator"] != 0 for c in g["horde_deck"])


def test_setup_3p_puts_one_card_in_the_front_row_of_each_section() -> None:
    """L144: 3 cards in the row nearest the Wall, one per column."""
    g = w.state(players=3)
    horde.build_deck(w.ctx(g), "competitive", 3)
    top3 = g["horde_deck"][-3:][::-1]
    horde.setup_array(w.ctx(g), 3)
    assert _row(g, 0) == top3 and _row(g, 1) == [None] * 3 and len(g["horde_deck"]) == 21


def test_setup_4p_extra_card_follows_the_new_top_cards_indicator() -> None:
    """L144, ruling A6: in 4p one more card goes to the column shown on the back of the Horde deck's
    top card after it was drawn (not the placed card's own back)."""
    x = BY_COL[2][0]  # will be the new top: indicator 2
    fourth = BY_COL[0][0]  # its own back says 0
    front = [BY_COL[1][0], BY_COL[1][1], BY_COL[1][2]]
    g = w.state(players=4)
    g["horde_deck"] = [x, fourth, *front[::-1]]
    horde.setup_array(w.ctx(g), 4)
    assert _row(g, 0) == front
    assert _row(g, 1) == [None, None, fourth]
    assert g["horde_deck"] == [x] and g["horde_discard"] == []


def test_setup_resolves_no_placement_ability() -> None:
    """L144 only places the cards; the on-placement effect belongs to the invasion (L516)."""
    g = w.state(players=3, barricades=3)
    g["horde_deck"] = [BY_COL[0][0], BY_COL[0][1], RAZE]
    horde.setup_array(w.ctx(g), 3)
    assert [s["barricades"] for s in g["sections"]] == [3, 3, 3]


def test_indicator_is_the_public_back_of_the_top_card() -> None:
    """L225, A6: the indicator on the back of the deck's top card (last in the list); None if empty."""
    g = w.state()
    g["horde_deck"] = [BY_COL[0][0], BY_COL[2][0]]
    assert horde.indicator(g) == 2
    g["horde_deck"] = []
    assert horde.indicator(g) is None


def test_invasion_fills_the_front_row_left_to_right_and_resolves_the_card() -> None:
    """L516: empty slots of the front row are filled left to right, each card's effect resolved."""
    g = w.state(barricades=3)
    w.put(g, 1, 0, BY_COL[0][0])
    g["horde_deck"] = [BY_COL[0][1], BY_COL[0][2], RAZE]
    horde.invade(w.ctx(g), 2)
    assert _row(g, 0) == [RAZE, BY_COL[0][0], BY_COL[0][2]]
    assert [s["barricades"] for s in g["sections"]] == [2, 3, 3]


def test_invasion_with_a_full_front_row_follows_the_indicator_nearest_the_wall() -> None:
    """L517, A6, A7: with the front row full, the card goes to the column on the back of the new top
    card, into that column's empty slot nearest the Wall; its effect resolves there too (A7)."""
    g = w.state(barricades=2)
    for i in range(3):
        w.put(g, i, 0, BY_COL[1][i])
    g["horde_deck"] = [BY_COL[0][3], BY_COL[2][3], RAZE]
    c = w.ctx(g)
    horde.place_one(c)  # new top is BY_COL[2][3]: column 2
    assert _row(g, 1) == [None, None, RAZE] and g["sections"][2]["barricades"] == 1
    horde.place_one(c)  # new top is BY_COL[0][3]: column 0
    assert _row(g, 1) == [BY_COL[2][3], None, RAZE]


def test_golden_11_raid() -> None:
    """L518-522: 4p, shame supply 4, the front row full and the indicated column full: the card is
    discarded and 4 shame tokens (one per player) leave the supply, emptying it (the end check of L657
    then ends the game at this Winter's end)."""
    g = w.state(players=4)
    g["shame_supply"] = 4
    for i in range(3):
        w.put(g, i, 0, BY_COL[1][i])
    for r in (1, 2):
        w.put(g, 0, r, BY_COL[1][2 + r])
    new = BY_COL[2][0]
    g["horde_deck"] = [BY_COL[0][0], new]  # after drawing `new`, the top points at column 0
    horde.invade(w.ctx(g), 1)
    assert g["horde_discard"] == [new] and g["shame_supply"] == 0
    assert g["end"] == "shame"  # L522: the game ends when this Winter is over, refilled supply or not
    assert [len(horde.column(g, i)) for i in range(3)] == [3, 1, 1]
    assert all(p["shamed"] == {"spear": 0, "archer": 0, "horse": 0} for p in g["players"])  # nobody's shame


def test_a_raid_takes_at_most_what_the_supply_holds() -> None:
    """L522: the tokens leave the supply; it cannot go below empty."""
    g = w.state(players=3)
    g["shame_supply"] = 2
    for i in range(3):
        for r in range(3):
            w.put(g, i, r, BY_COL[1][(r * 3 + i) % 7])
    g["horde_deck"] = [BY_COL[2][0], BY_COL[2][1]]
    horde.invade(w.ctx(g), 1)
    assert g["shame_supply"] == 0 and g["horde_discard"] == [BY_COL[2][1]]


def test_a_raid_that_leaves_tokens_sets_no_end() -> None:
    """L522: only emptying the supply ends the game."""
    g = w.state(players=3)
    for i in range(3):
        for r in range(3):
            w.put(g, i, r, BY_COL[1][(r * 3 + i) % 7])
    g["shame_supply"] = 4
    g["horde_deck"] = [BY_COL[2][0], BY_COL[2][1]]
    horde.invade(w.ctx(g), 1)
    assert g["shame_supply"] == 1 and g["end"] is None


def test_an_empty_deck_is_refilled_from_the_discard() -> None:
    """The seed does not say; the kernel deck refills from the discard (logged)."""
    g = w.state()
    g["horde_discard"] = [BY_COL[0][0]]
    c = w.ctx(g)
    horde.invade(c, 1)
    assert _row(g, 0)[0] == BY_COL[0][0] and g["horde_discard"] == []


def test_trophy_honor_counts_only_cards_without_shame() -> None:
    """L224, L677: a defeated card scores its reward at the end unless it carries shame."""
    g = w.state()
    a, b = BY_COL[0][0], BY_COL[1][0]
    g["players"][0]["trophies"] = [{"card": a, "shame": 0}, {"card": b, "shame": 1}]
    assert horde.trophy_honor(g, 0) == horde.card(a)["reward"]


def test_sections_are_named_from_1_left_to_right() -> None:
    # 長城區 is the seed's word for a section (L92), as on the board
    assert horde.section_name(0)["en"] == "section 1" and horde.section_name(2)["zh-Hant"] == "長城區 3"


def test_a_raze_card_with_no_barricade_to_remove_logs_nothing() -> None:
    g = w.state(barricades=0)
    g["horde_deck"] = [RAZE]
    c = w.ctx(g)
    horde.invade(c, 1)
    assert [s["barricades"] for s in g["sections"]] == [0, 0, 0]
    assert not any("barricade" in e["text"]["en"] for e in c.events)


def test_the_deck_is_reshuffled_only_when_empty() -> None:
    g = w.state()
    g["horde_deck"] = [BY_COL[0][0]]
    g["horde_discard"] = [BY_COL[0][1]]
    c = w.ctx(g)
    horde.invade(c, 1)
    assert g["horde_discard"] == [BY_COL[0][1]]
    assert not any("shuffled" in e["text"]["en"] for e in c.events)
    horde.invade(c, 1)
    assert any("shuffled" in e["text"]["en"] for e in c.events)
