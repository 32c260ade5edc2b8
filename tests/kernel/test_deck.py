"""The kernel's deck helper (pygame_core/kernel/deck.py): draws, refills from the discards, the public
back of the top card and the re-deal of hidden cards, all with the state's RNG only."""

from __future__ import annotations

import doctest

from pygame_core.kernel import deck
from pygame_core.kernel.rng import Rng


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(deck).failed == 0


def test_draw_takes_the_top_card_and_refills_from_the_discards_when_empty() -> None:
    rng = Rng.from_seed(1)
    pile, discard = ["x", "y"], ["d1", "d2", "d3"]
    assert deck.draw(rng, pile, discard) == "y" and discard == ["d1", "d2", "d3"]  # no refill yet
    assert deck.draw(rng, pile, discard) == "x"
    state = rng.state
    card = deck.draw(rng, pile, discard)
    assert card is not None and card in ("d1", "d2", "d3")
    assert rng.state != state and discard == [] and len(pile) == 2  # the other two, shuffled in
    assert deck.draw(rng, [], []) is None and deck.draw(rng, [], None) is None


def test_a_refill_is_the_shuffle_a_game_did_by_hand() -> None:
    """The same RNG calls as ``deck = discard; discard = []; rng.shuffle(deck)``: saves replay the same."""
    by_hand, helper = Rng.from_seed(9), Rng.from_seed(9)
    cards = [f"c{i}" for i in range(12)]
    expected = list(cards)
    by_hand.shuffle(expected)
    pile: list[str] = []
    discard = list(cards)
    assert deck.refill(helper, pile, discard) is True
    assert pile == expected and discard == [] and helper.state == by_hand.state
    assert deck.refill(helper, pile, ["z"]) is False and pile == expected  # only an empty deck refills
    assert deck.refill(helper, [], []) is False


def test_draw_n_stops_when_deck_and_discards_run_out() -> None:
    rng = Rng.from_seed(3)
    pile, discard = ["a", "b"], ["c"]
    assert deck.draw_n(rng, pile, 5, discard) == ["b", "a", "c"] and pile == [] and discard == []


def test_the_back_of_the_top_card_is_public_and_nothing_else() -> None:
    backs = {"h1": "invasion", "h2": "quiet"}
    assert deck.top_back(["h1", "h2"], backs.__getitem__) == "quiet"
    assert deck.top_back([], backs.__getitem__) is None


def test_redeal_shuffles_the_hidden_cards_among_their_slots() -> None:
    rng = Rng.from_seed(5)
    pile, hand, shown = ["a", "b", "c", "d"], {"x": "e"}, ["f"]
    slots = [(pile, i) for i in range(4)] + [(hand, "x")]
    before = sorted(pile + list(hand.values()))
    seen = set()
    for _ in range(20):
        deck.redeal(rng, slots)
        assert sorted(pile + list(hand.values())) == before and shown == ["f"]
        seen.add(hand["x"])
    assert len(seen) > 1  # the hand's card changes between worlds


def test_hidden_order_keeps_the_known_bottom() -> None:
    rng = Rng.from_seed(2)
    pile = ["a", "b", "c", "up1", "up2"]  # the last two are known to lie face up at the bottom
    for _ in range(10):
        deck.hidden_order(rng, pile, hidden=3)
        assert sorted(pile[:3]) == ["a", "b", "c"] and pile[3:] == ["up1", "up2"]
    whole = list(pile)
    deck.hidden_order(rng, whole)
    assert sorted(whole) == sorted(pile)
