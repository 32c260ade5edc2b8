"""STAND-IN (core, deleted at the merge of gw-war, which owns this file): the minimum of the Horde
deck and array the flow needs to run before war's module lands."""

from __future__ import annotations

from typing import Any

from pygame_core.kernel.state import Ctx

IDS = [f"h{i:02d}" for i in range(1, 25)]


def indicator(g: dict[str, Any]) -> int | None:
    deck = g["horde_deck"]
    return int(deck[-1][1:]) % 3 if deck else None


def build_deck(ctx: Ctx, mode: str, players: int) -> None:
    deck = list(IDS)
    ctx.rng.shuffle(deck)
    ctx.data["horde_deck"] = deck


def _place(ctx: Ctx, card: str) -> None:
    g = ctx.data
    for s in g["sections"]:
        if s["open"] and s["rows"][0] is None:
            s["rows"][0] = {"card": card, "soldiers": [], "wounds": []}
            return
    col = indicator(g)
    rows = g["sections"][col or 0]["rows"]
    for r in range(3):
        if rows[r] is None:
            rows[r] = {"card": card, "soldiers": [], "wounds": []}
            return
    g["horde_discard"].append(card)
    g["shame_supply"] = max(0, g["shame_supply"] - len(g["players"]))


def setup_array(ctx: Ctx, players: int) -> None:
    invade(ctx, 3 + (1 if players == 4 else 0))


def invade(ctx: Ctx, n: int) -> None:
    for _ in range(n):
        if not ctx.data["horde_deck"]:
            return
        _place(ctx, ctx.data["horde_deck"].pop())
