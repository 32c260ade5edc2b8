"""The Game subclass: wiring of the kernel hooks to the rule modules."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end import (
    conflict,
    decisions,
    disaster,
    economy,
    flow,
    hidden,
    industry,
    labels,
    quick,
    scoring,
    views,
)
from pygame_core.games.empires_end.text import t
from pygame_core.kernel import Ctx, Game
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action

Data = dict[str, Any]
_SEQ = ("disaster", "double_disaster")


class EmpiresEnd(Game):
    id = "empires_end"
    names = t("Empire's End", "終焉帝國")
    min_players = 2
    max_players = 4
    seed_file = "003_812ab895ee4e74e5.txt"
    bots = ("random", "heuristic", "normal", "hard")
    # L457: a sealed bid's axes and coins; L97: the kind an Economy conversion yields stays behind the screen
    sealed = {"bid": ("axe", "coin"), "use": ("to",)}
    # quick game: seed L654-668; learning game (phases in turn order): seed L193-195
    options_schema = {
        "mode": {"values": ["standard", "quick"], "default": "standard",
                 "label": t("Game mode", "遊戲模式")},
        "learning": {"values": [False, True], "default": False,
                     "label": t("Learning game: Economy, Conflict and Industry in turn order",
                                "首次遊戲：經濟、衝突與工業階段依次進行")},
    }

    def _setup(self, ctx: Ctx) -> None:
        flow.setup(ctx)

    def _to_move(self, data: Data) -> list[int]:
        return flow.to_move(data)

    def _legal(self, data: Data, seat: int) -> list[Action]:
        p = data["seats"][seat]
        phase = data["phase"]
        if phase in _SEQ:
            return disaster.legal(data, seat)
        if phase == "quick_setup":
            return quick.legal(data, seat)
        if phase == "conflict" or p["done"]:
            return []
        if p["phase"] is None:
            return [{"type": "order", "first": "economy"}, {"type": "order", "first": "industry"}]
        if p["phase"] == "economy":
            return economy.legal(data, seat)
        return industry.legal(data, seat)

    def _decision_legal(self, data: Data, seat: int, decision: Decision) -> list[Action]:
        kind = decision["kind"]
        if kind == "bid":
            return conflict.legal(data, seat)
        if kind == "shortage":
            return disaster.shortage_legal(data, seat)
        return decisions.legal(data, seat, decision)

    def _decide(self, ctx: Ctx, seat: int, decision: Decision, action: Action) -> None:
        kind = decision["kind"]
        if kind == "bid" and decision.get("sealed"):
            conflict.bid(ctx, seat, action)  # sealed: the kernel resolves once every seat has bid
            return
        if kind == "bid":
            conflict.open_bid(ctx, seat, decision, action)  # learning mode (L195): one seat at a time
        elif kind == "shortage":
            disaster.shortage(ctx, seat, decision, action)
        else:
            decisions.apply(ctx, seat, decision, action)
        flow.progress(ctx)

    def _resolve(self, ctx: Ctx, decision: Decision) -> None:
        conflict.resolve(ctx, decision["answers"])
        flow.progress(ctx)

    def _optional(self, data: Data, seat: int) -> list[Action]:
        return disaster.changes(data, seat)

    def _apply(self, ctx: Ctx, seat: int, action: Action) -> None:
        d = ctx.data
        k = action["type"]
        if k in ("pass", "free_pass", "take", "change"):
            disaster.apply(ctx, seat, action)
        elif k in ("mulligan", "execute"):
            quick.apply(ctx, seat, action)
        elif k == "order":
            d["seats"][seat]["phase"] = action["first"]
        elif k == "use":
            economy.use(ctx, seat, action)
        elif k in ("build", "sell", "discard_rest", "repair"):
            industry.apply(ctx, seat, action)
        elif k == "done":
            flow.done(ctx, seat)
        flow.progress(ctx)

    def _view(self, data: Data, seat: int | None) -> dict[str, Any]:
        return views.view(data, seat)

    def _is_over(self, data: Data) -> bool:
        return bool(data["over"])

    def _scores(self, data: Data) -> dict[str, Any]:
        return scoring.scores(data)

    def _label(self, data: Data, seat: int, action: Action, lang: str) -> str:
        try:
            return labels.label(data, seat, action, lang)
        except (KeyError, IndexError, TypeError, ValueError):
            return str(action.get("type", "?"))

    def _summary(self, data: Data, lang: str) -> str:
        return views.summary(data, lang)

    def _redetermine(self, data: Data, seat: int | None, rng: Rng) -> None:
        hidden.redetermine(data, seat, rng)

    def _secret_tokens(self, data: Data, seat: int) -> list[str]:
        return hidden.secret_tokens(data, seat)


GAME = EmpiresEnd()
