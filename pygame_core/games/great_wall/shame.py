"""STAND-IN (core, deleted at the merge of gw-war, which owns this file)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import model
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]


def gain(ctx: Ctx, seat: int, n: int, why: str) -> None:
    g = ctx.data
    p = g["players"][seat]
    for _ in range(n):
        if g["shame_supply"] <= 0:
            model.add_honor(g, seat, -5)
            continue
        g["shame_supply"] -= 1
        for k in ("spear", "archer", "horse"):
            if p["supply"][k] > 0:
                p["supply"][k] -= 1
                p["shamed"][k] += 1
                break
        else:
            model.add_honor(g, seat, -5)


def discard(ctx: Ctx, seat: int, n: int) -> None:
    g = ctx.data
    p = g["players"][seat]
    for _ in range(n):
        for k in ("spear", "archer", "horse"):
            if p["shamed"][k] > 0:
                p["shamed"][k] -= 1
                p["supply"][k] += 1
                p["res"]["chi"] -= 2
                g["shame_supply"] += 1
                break


def end_penalty(g: Data, seat: int) -> int:
    return 5 * sum(g["players"][seat]["shamed"].values())


def decision_legal(g: Data, d: Data, seat: int) -> list[Action]:
    return []


def decide(ctx: Ctx, d: Data, seat: int, action: Action) -> None:
    return None
