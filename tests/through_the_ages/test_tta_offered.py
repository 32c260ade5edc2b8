"""Through the Ages is a production game: the engine offers it to players (tests/test_registry.py
checks every game against its front end; this check sits with the game's own tests, which the
mutation runs use)."""

from __future__ import annotations

from pygame_core import games
from pygame_core.games.through_the_ages import GAME


def test_through_the_ages_is_offered_to_players():
    assert games.is_listed(GAME)
    assert "through_the_ages" in games.available()
