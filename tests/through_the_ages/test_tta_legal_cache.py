"""The legal-actions cache of game.py (a speed path): what it hands out may be changed by the caller
without changing what the engine accepts, and the action shapes it copies are the ones it knows."""

from __future__ import annotations

import pytest

from pygame_core import IllegalAction
from pygame_core.bots import RandomBot
from pygame_core.games.through_the_ages import GAME


def _states(players: int, seed: int, mode: str) -> list:
    bot = RandomBot(seed)
    s = GAME.new_game(players=players, seed=seed, options={"mode": mode})
    out = [s]
    while GAME.to_move(s) and len(out) < 400:
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, bot.choose(GAME, s, seat))
        out.append(s)
    return out


@pytest.mark.parametrize("mode", ["simple", "full"])
def test_every_action_is_scalars_or_a_flat_do(mode: str) -> None:
    """game._fresh copies an action and its ``do``: any deeper value would be shared with the cache."""
    for s in _states(3, 4, mode):
        for seat in GAME.to_move(s):
            for a in GAME.legal_actions(s, seat):
                for k, v in a.items():
                    if k == "do":
                        assert isinstance(v, dict), a
                        assert not any(isinstance(x, (dict, list)) for x in v.values()), a
                    else:
                        assert not isinstance(v, (dict, list)), a


def test_a_changed_copy_of_a_listed_action_is_still_refused() -> None:
    """The caller's list is a copy: editing an action in it (a take of a slot that holds no card
    takeable now) neither changes the next listing nor makes the edited action legal."""
    s = next(x for x in _states(2, 7, "simple")
             if sum(a["type"] == "take" for a in GAME.legal_actions(x, GAME.to_move(x)[0])) >= 2)
    seat = GAME.to_move(s)[0]
    first = GAME.legal_actions(s, seat)
    takes = [a for a in first if a["type"] == "take"]
    illegal = next(i for i in range(-3, 20) if {"type": "take", "slot": i} not in first)
    takes[0]["slot"] = illegal
    assert {"type": "take", "slot": illegal} not in GAME.legal_actions(s, seat)
    with pytest.raises(IllegalAction):
        GAME.apply(s, seat, takes[0])
    takes[1]["do"] = {"type": "pop"}  # an extra key: not the listed action
    with pytest.raises(IllegalAction):
        GAME.apply(s, seat, takes[1])
    assert GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])  # the cache itself is intact


def test_a_seat_that_is_not_a_whole_number_is_refused_even_after_a_listing() -> None:
    """The cache compares seats with ==: True (== 1) must still be refused as a seat."""
    s = GAME.new_game(players=2, seed=3)
    GAME.legal_actions(s, 1)
    with pytest.raises(IllegalAction):
        GAME.legal_actions(s, True)
