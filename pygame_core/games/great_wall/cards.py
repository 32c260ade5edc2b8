"""STAND-IN (core, deleted at the merge of gw-cards, which owns this file)."""

from __future__ import annotations

from typing import Any

from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]
GENERALS = [f"g{i:02d}" for i in range(1, 14)]
ADVISORS = [f"a{i:02d}" for i in range(1, 45)]
TACTICS = [f"t{i:02d}" for i in range(1, 21)]
ARTIFACTS = [f"r{i}" for i in range(1, 6)]


def general(gid: str) -> dict[str, Any]:
    n = int(gid[1:])
    return {"id": gid, "tea": n, "start": {"wood": 2, "stone": 2, "gold": 2, "chi": 2, "tactics": 1}}


def draft_legal(g: Data, seat: int) -> list[Action]:
    d = g["players"][seat]["draft"]
    return [{"type": "draft", "general": gen, "active": a, "supporting": s}
            for gen in d["generals"] for a in d["advisors"] for s in d["advisors"] if a != s]


def apply_draft(ctx: Ctx, seat: int, choice: Action) -> None:
    p = ctx.data["players"][seat]
    p["general"] = choice["general"]
    p["active"] = [choice["active"]]
    p["supporting"] = [choice["supporting"]]


def start_resources(g: Data, seat: int) -> dict[str, int]:
    return dict(general(g["players"][seat]["general"])["start"])


def fire(ctx: Ctx, trigger: str, seat: int, **info: Any) -> list[tuple[int, list[dict[str, Any]]]]:
    return []


def tactics_playable(g: Data, seat: int, window: str) -> list[Action]:
    return []


def play_tactic(ctx: Ctx, seat: int, action: Action) -> list[dict[str, Any]]:
    return []


def hire_advisor_cost(g: Data, seat: int) -> int:
    p = g["players"][seat]
    return len(p["active"]) + len(p["supporting"]) + 1


def take_advisor(ctx: Ctx, seat: int, card: str, as_: str) -> None:
    g = ctx.data
    g["advisor_track"].remove(card)
    g["players"][seat]["active" if as_ == "active" else "supporting"].append(card)
    if g["advisor_deck"]:
        g["advisor_track"].append(g["advisor_deck"].pop())


def spring_refresh(ctx: Ctx) -> None:
    g = ctx.data
    for _ in range(2):
        if g["advisor_track"]:
            g["advisor_discard"].append(g["advisor_track"].pop(0))
    while len(g["advisor_track"]) < 4 and g["advisor_deck"]:
        g["advisor_track"].append(g["advisor_deck"].pop())


def artifact_score(g: Data, seat: int) -> list[tuple[str, int]]:
    return []


def public(g: Data, seat: int) -> dict[str, Any]:
    p = g["players"][seat]
    return {"general": p["general"], "active": list(p["active"]), "supporting": len(p["supporting"])}


def private(g: Data, seat: int) -> dict[str, Any]:
    p = g["players"][seat]
    return {"supporting_ids": list(p["supporting"])}
