"""The four victories, checked after every change (L17-25, L1018-1046), and the learning game's end."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import model
from pygame_core.games.civilization.text import VICTORY, t
from pygame_core.kernel import Ctx
from pygame_core.kernel.text import fmt, seat_name

Data = dict[str, Any]
COIN_VICTORY = 15  # L23, L1219


def win(ctx: Ctx, seats: list[int], kind: str) -> None:
    d = ctx.data
    if d["over"]:
        return
    d["over"] = True
    d["winners"] = sorted(seats)
    d["victory"] = kind
    d["decisions"] = []
    for s in seats:
        ctx.log(fmt(t("{p} wins: {v}!", "{p}獲勝：{v}！"), p=seat_name(s), v=VICTORY[kind]))


def check(ctx: Ctx) -> None:
    """Economic victory: 15 coins (L1034-1040); the economy dials are kept in step here."""
    d = ctx.data
    if d["over"] or d["learning"] or d["phase"] == "setup":
        return
    rich = []
    for seat, (p, dial) in enumerate(zip(d["p"], model.all_coins(d), strict=True)):
        p["coins"] = dial
        if dial >= COIN_VICTORY:
            rich.append(seat)
    if rich and not d["learning"]:
        win(ctx, rich, "economic")


def capital_taken(ctx: Ctx, seat: int, loser: int) -> None:
    """L1042-1046, L1197: conquering a capital wins the game (the learning game simply ends, ruling)."""
    if ctx.data["learning"]:
        learning_over(ctx, seat)
    else:
        win(ctx, [seat], "military")


def learning_over(ctx: Ctx, seat: int) -> None:
    """L322: the learning game stops when a player builds a third city; nobody wins or loses, so the
    result names no winner."""
    d = ctx.data
    d["over"] = True
    d["winners"] = []
    d["victory"] = "learning"
    d["decisions"] = []
    ctx.log(VICTORY["learning"])


#: What decides a turn-limit game, in order (the scores' breakdown shows them by these keys).
STANDING = ("culture_track", "techs", "coins")


def standing(data: Data, seat: int) -> tuple[int, int, int]:
    """The seat's space on the culture track, techs known and coins: the turn limit's order."""
    p = data["p"][seat]
    return (int(p["track"]), len(p["techs"]), model.coins(data, seat))


def turn_limit(ctx: Ctx) -> None:
    """Optional turn limit (authored, off by default): the game stops and the furthest on the culture
    track wins, then most techs, then most coins; a tie shares the win."""
    d = ctx.data
    best = max(standing(d, s) for s in range(len(d["p"])))
    d["over"] = True
    d["winners"] = [s for s in range(len(d["p"])) if standing(d, s) == best]
    d["victory"] = "turn_limit"
    d["decisions"] = []
    ctx.log(VICTORY["turn_limit"])
