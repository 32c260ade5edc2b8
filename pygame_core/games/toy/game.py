"""A tiny game used to test the kernel and the shell: draw cards, secretly bid, highest bid scores.

Each round both seats secretly bid 0-2 of their chips (simultaneous), then the bids are
revealed; the higher bid draws the top card (hidden to the other seat) and scores it.
Three rounds (option ``rounds``: 1 or 3).

Option ``board: "hex"`` (for the front end's hex board test, never a real game): instead of bidding, the
seats take turns claiming a free cell of a radius-2 hexagon of hex cells (axial coordinates ``[q, r]``)
next to a cell they hold, three claims each; a claim scores one point.
"""

from __future__ import annotations

from typing import Any

from pygame_core.kernel import Ctx, Game
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import tr

#: The view's ``phase`` (``{kind, name}``, as every game gives it).
PHASE = {"bid": {"kind": "bid", "name": tr("Bidding", "出價", "出价")},
         "end": {"kind": "end", "name": tr("Game end", "遊戲結束", "游戏结束")}}


class Toy(Game):
    id = "toy"
    names = tr("Toy", "玩具", "玩具")
    #: a test game: registered and playable by URL, not in the production game list
    listed = False
    min_players = 2
    max_players = 2
    sealed = {"bid": ("n",)}
    options_schema = {
        "rounds": {"values": [1, 3], "default": 3, "label": tr("Rounds", "回合")},
        "board": {"values": ["chips", "hex"], "default": "chips", "label": tr("Board", "棋盤", "棋盘")},
    }

    def _setup(self, ctx: Ctx) -> None:
        deck = list(range(1, 11))
        ctx.rng.shuffle(deck)
        ctx.data.update({"deck": deck, "round": 0, "rounds": ctx.options["rounds"], "bids": [None, None],
                         "chips": [3, 3],
                         "hands": [[], []], "score": [0, 0]})
        if ctx.options.get("board") == "hex":
            ctx.data["hex"] = {"cells": [list(c) for c in HEXAGON], "owner": {"-2,0": 0, "2,0": 1}}

    def _to_move(self, data: dict[str, Any]) -> list[int]:
        if "hex" in data:
            return [] if self._is_over(data) else [data["round"] % 2]
        return [s for s in (0, 1) if data["bids"][s] is None]

    def _legal(self, data: dict[str, Any], seat: int) -> list[Action]:
        if "hex" in data:
            return [{"type": "claim", "cell": list(c)} for c in claimable(data["hex"]["owner"], seat)]
        return [{"type": "bid", "n": n} for n in range(min(2, data["chips"][seat]) + 1)]

    def _apply(self, ctx: Ctx, seat: int, action: Action) -> None:
        d = ctx.data
        if "hex" in d:
            q, r = action["cell"]
            d["hex"]["owner"][f"{q},{r}"] = seat
            d["score"][seat] += 1
            d["round"] += 1
            ctx.log(tr(f"claimed cell ({q}, {r})", f"佔領格子 ({q}, {r})", f"占领格子 ({q}, {r})"))
            return
        d["bids"][seat] = action["n"]
        ctx.log(tr("committed a bid", "出價", "出价"), bid=None)
        if None in d["bids"]:
            return
        ctx.reveal()
        b = d["bids"]
        for s in (0, 1):
            d["chips"][s] -= b[s]
        winner = 0 if b[0] >= b[1] else 1
        card = d["deck"].pop()
        d["hands"][winner].append(card)
        d["score"][winner] += card
        ctx.log(tr(f"bids {b[0]}:{b[1]}", f"出價 {b[0]}:{b[1]}", f"出价 {b[0]}:{b[1]}"))
        ctx.log(tr(f"you drew card #{card}.", f"你抽到 #{card}。"), to=[winner],
                others=tr("drew a card", "抽了一張牌", "抽了一张牌"))
        d["bids"] = [None, None]
        d["round"] += 1

    def _label(self, data: dict[str, Any], seat: int, action: Action, lang: str) -> str:
        if action["type"] == "claim":
            q, r = action["cell"]
            return tr(f"Claim ({q}, {r})", f"佔領 ({q}, {r})", f"占领 ({q}, {r})")[lang]
        return tr(f"Bid {action['n']}", f"出價 {action['n']}", f"出价 {action['n']}")[lang]

    def _view(self, data: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"phase": dict(PHASE["end" if self._is_over(data) else "bid"]),
                "round": data["round"], "score": data["score"], "chips": data["chips"],
                "hand": data["hands"][seat] if seat is not None else None,
                "bid_committed": [b is not None for b in data["bids"]],
                "my_bid": data["bids"][seat] if seat is not None else None,
                **({"hex": data["hex"]} if "hex" in data else {})}

    def _redetermine(self, data: dict[str, Any], seat: int | None, rng: Any) -> None:
        rng.shuffle(data["deck"])
        for s in (0, 1):
            if s != seat and data["bids"][s] is not None:
                data["bids"][s] = rng.below(min(2, data["chips"][s]) + 1)

    def _secret_tokens(self, data: dict[str, Any], seat: int) -> list[str]:
        return [f"#{c}." for c in data["hands"][seat]]

    def _is_over(self, data: dict[str, Any]) -> bool:
        return data["round"] >= (2 * HEX_CLAIMS if "hex" in data else data.get("rounds", 3))

    def _scores(self, data: dict[str, Any]) -> dict[str, Any]:
        best = max(data["score"])
        part = "cells" if "hex" in data else "cards"
        return {"totals": list(data["score"]), "breakdown": [{part: s} for s in data["score"]],
                "winners": [i for i, s in enumerate(data["score"]) if s == best]}


#: The hex board: a hexagon of radius 2 (19 cells) in axial coordinates; three claims per seat.
HEXAGON = [(q, r) for r in range(-2, 3) for q in range(max(-2, -r - 2), min(2, -r + 2) + 1)]
HEX_DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
HEX_CLAIMS = 3


def claimable(owner: dict[str, int], seat: int) -> list[tuple[int, int]]:
    """The free cells next to one the seat holds (any free cell when there is none), in board order."""
    free = [c for c in HEXAGON if f"{c[0]},{c[1]}" not in owner]
    mine = {tuple(int(v) for v in k.split(",")) for k, s in owner.items() if s == seat}
    near = [c for c in free if any((c[0] + dq, c[1] + dr) in mine for dq, dr in HEX_DIRS)]
    return near or free


GAME = TOY = Toy()
