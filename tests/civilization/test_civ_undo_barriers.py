"""Undo barriers (issue 16): an action whose visible outcome depends on something another seat could
not see may not be taken back. An offer of a culture card or a hut/village marker shows the other
player what the offerer holds (L613-617); a battle card is played face up from a hidden hand (L1060,
L1106-1112), the barbarians' too (L902-904)."""

from __future__ import annotations

import random

from civ_helpers import after_setup, bare, edit, flat_map, play, square
from test_civ_rules import turn_of, village_battle

from pygame_core.games.civilization import GAME, combat, model


def test_the_issue_16_offer_of_a_culture_card_cannot_be_undone_L613_L617():
    s = GAME.new_game(2, seed=1)
    rng = random.Random(1)
    for _ in range(213):
        seat = rng.choice(GAME.to_move(s))
        action = rng.choice(GAME.legal_actions(s, seat))
        s = GAME.apply(s, seat, action)
    offer = {"type": "offer", "to": 1, "give": "card:we_love_the_despot_day_3", "get": "trade:3"}
    assert (seat, action) == (0, offer)
    assert "We Love the Despot Day!" in GAME.view(s, 1)["log"][-1]["text"]["en"]  # seat 1 has seen the card
    assert not GAME.can_undo(s, 0) and not GAME.can_undo(s)


def _trade_state(**hold: list[str]) -> object:
    s = after_setup()

    def fix(d: dict) -> None:
        turn_of(d, "trade")
        d["p"][0]["hand"] = list(hold.get("hand", []))
        d["p"][0]["hv"] = list(hold.get("hv", []))
        d["p"][0]["trade"] = 3
        d["p"][1]["trade"] = 3

    return edit(s, fix)


def test_offers_of_hidden_things_are_undo_barriers_but_open_ones_are_not_L613_L617():
    s = _trade_state(hand=["we_love_the_despot_day_3"], hv=["hut_hut_wheat_1"])
    for give, barrier in (
        ("card:we_love_the_despot_day_3", True),
        ("hv:hut_hut_wheat_1", True),  # L615: a face-down marker the offerer looked at
        ("trade:3", False),
    ):
        offer = {"type": "offer", "to": 1, "give": give, "get": "trade:1"}
        assert offer in GAME.legal_actions(s, 0)
        after = play(s, 0, offer)
        assert GAME.can_undo(after, 0) is not barrier, give


def test_every_battle_play_is_an_undo_barrier_barbarians_too_L1106_L1112_L902():
    s = village_battle()
    assert s.data["battle"]["def"] == combat.BARBARIAN
    plays = 0
    while s.data["battle"] is not None:
        seat = GAME.to_move(s)[0]  # seat 1 plays the barbarians (L902), seat 0 its own hand
        s = play(s, seat, GAME.legal_actions(s, seat)[0])
        plays += 1
        assert not GAME.can_undo(s), plays  # the card is face up: neither side may take it back
    assert plays >= 2


def test_a_battle_between_players_plays_are_undo_barriers_L1106_L1112():
    s = after_setup()
    d = s.data
    bare(d)
    flat_map(d)
    turn_of(d, "move")
    for p in d["p"]:
        p["civ_effects"] = []
    model.new_fig(d, 0, "army", square(d, 3, 5))
    model.new_fig(d, 1, "army", square(d, 4, 5))
    s = edit(s, lambda x: x.update(d))
    s = play(s, 0, {"type": "move", "from": square(d, 3, 5), "armies": 1, "scouts": 0, "to": square(d, 4, 5)})
    assert s.data["battle"] is not None and s.data["battle"]["def"] == 1
    while s.data["battle"] is not None:
        seat = GAME.to_move(s)[0]
        s = play(s, seat, GAME.legal_actions(s, seat)[0])
        assert not GAME.can_undo(s, seat) and not GAME.can_undo(s)


def test_a_culture_card_played_or_cancelling_and_a_discard_are_undo_barriers_L814_L824():
    from test_civ_card_outcomes import options, position

    def fn(d: dict) -> None:
        d["p"][0]["hand"] = ["we_love_the_despot_day_1"]
        d["p"][1]["hand"] = ["jousting_tourney_1"]

    s = position("city")(fn)
    s = play(s, 0, options(s, 0, "culture_card", "card", "we_love_the_despot_day_1")[0])
    assert not GAME.can_undo(s, 0)  # the card is named to everyone
    s = play(s, 1, {"type": "cancel", "card": "jousting_tourney_1", "opt": 0})
    assert not GAME.can_undo(s, 1)
    # over the hand limit (L798): the discarded card is named in the log
    s = edit(s, lambda d: d["p"][0].update(hand=[f"we_love_the_despot_day_{k}" for k in (1, 2, 3)] * 3))
    s = edit(s, lambda d: d.update(decisions=[{"kind": "discard", "seats": [0], "blocking": True}]))
    act = GAME.legal_actions(s, 0)[0]
    assert act["type"] == "discard"
    assert not GAME.can_undo(play(s, 0, act), 0)


def test_an_ability_paid_with_a_face_down_marker_is_an_undo_barrier_L900_L1008():
    from test_civ_card_outcomes import options, position

    def fn(d: dict, hv: bool) -> None:
        d["p"][0]["techs"]["currency"] = 1  # incense: +3 culture
        if hv:
            d["p"][0]["hv"] = ["hut_hut_incense_1"]
        else:
            d["p"][0]["res"] = {"incense": 1}

    for hv in (True, False):
        s = position("city")(lambda d, hv=hv: fn(d, hv))
        s = play(s, 0, options(s, 0, "ability", "tech", "currency")[0])
        assert GAME.can_undo(s, 0) is not hv  # paid from the market token: nothing hidden shown
