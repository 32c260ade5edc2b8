"""Malformed actions are refused with IllegalAction and change nothing (kernel contract,
docs/api.md): a bool or a float where the rules expect a whole number is not that number."""

from __future__ import annotations

import pytest
from ee_helpers import edit, fresh, set_conflict, set_disaster

from pygame_core.errors import IllegalAction
from pygame_core.games.empires_end import GAME


@pytest.mark.parametrize("action", [
    {"type": "bid", "axe": True, "coin": 0},
    {"type": "bid", "axe": 1.0, "coin": 0},
])
def test_bid_with_a_bool_or_float_is_refused(action):
    """L457: a bid is a number of axes and coins."""
    s = edit(fresh(2), lambda d: set_conflict(d, "conflict-01"))
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, action)


@pytest.mark.parametrize("action", [
    {"type": "pass", "card": False, "pay": "wheat"},
    {"type": "take", "card": 0.0},
    {"type": "take", "card": 0, "extra": 1},
])
def test_disaster_action_with_a_wrong_type_is_refused(action):
    """L232: pass or take names an open card by its index."""
    s = edit(fresh(2), lambda d: set_disaster(d, ["fire-09"], start=0))
    before = s.digest()
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, action)
    assert s.digest() == before
