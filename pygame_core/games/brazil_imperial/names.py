"""How players name things on the board: a hex by its row letter and place ("D4 (plains)"), a card by
its name (with its id when the seat holds two of that name). Used by the labels, the logs and the
payment's texts (economy), so it sits below both."""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import cards, model
from pygame_core.games.brazil_imperial.text import TERRAIN_NAME, Text, fmt, t

Data = dict[str, Any]


def hex_name(g: Data, h: str) -> Text:
    """A hex as the board names it, with its terrain: "D4 (plains)" (data.Geometry.names: the row's
    letter, drawn at the map's edge, and the place in the row; the board draws the name on the hex)."""
    geo = model.geo(g)
    terrain = geo.terrain.get(h, "plains")
    return fmt(
        t("{h} ({k})", "{h}（{k}）"), h=geo.names.get(h, h), k=TERRAIN_NAME.get(terrain, t(terrain, terrain))
    )


def card_text(g: Data, seat: int, kind: str, card: str) -> Text:
    """A card's name, with its id when another card of the seat's hand has the same name."""
    name = cards.card_name(kind, card)
    hand = model.player(g, seat)[kind]
    if any(c != card and cards.card_name(kind, c) == name for c in hand):
        return fmt(t("{n} ({c})", "{n}（{c}）"), n=name, c=card)
    return name
