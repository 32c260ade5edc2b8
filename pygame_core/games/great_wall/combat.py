"""STAND-IN (core, deleted at the merge of gw-war, which owns this file)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import shame
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]


def targets(g: Data, seat: int, kind: str, source: Any) -> list[dict[str, Any]]:
    return []


def deploy(ctx: Ctx, seat: int, kind: str, target: dict[str, Any]) -> None:
    raise ValueError("stand-in")


def defeat_check(ctx: Ctx) -> None:
    return None


def winter_shooting(ctx: Ctx) -> None:
    return None


def defense(g: Data, section: int) -> int:
    s = g["sections"][section]
    return int(2 * s["wall"] + 2 * s["barricades"])


def attack(g: Data, section: int) -> int:
    return 3 * sum(1 for c in g["sections"][section]["rows"] if c is not None)


def siege(ctx: Ctx) -> None:
    g = ctx.data
    for i, s in enumerate(g["sections"]):
        if s["open"] and attack(g, i) > defense(g, i):
            for seat in g["tea"]:
                shame.gain(ctx, seat, sum(1 for c in s["rows"] if c is not None), "breach")
        s["barricades"] = 0


def transport_moves(g: Data, seat: int) -> list[dict[str, Any]]:
    return []


def transport(ctx: Ctx, seat: int, move: dict[str, Any]) -> None:
    return None


def decision_legal(g: Data, d: Data, seat: int) -> list[Action]:
    return []


def decide(ctx: Ctx, d: Data, seat: int, action: Action) -> None:
    return None


def shoot_targets(g: Data, section: int) -> list[dict[str, Any]]:
    return []


def shoot(ctx: Ctx, seat: int, section: int, card_row: int, spot: int) -> None:
    return None
