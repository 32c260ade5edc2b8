"""Structured effects (docs/bz-spec "Effects"): one list, applied in order for one seat. A choice
becomes a step owed by that seat (``pending``): any resource (``gain_any``), an extra action
(``action``), a free product (palace II, L332-335).

Combat ops (``strength``, ``lose_unit``, ``ignore_tile``) are read by combat.py, not here.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import cards, economy, model
from pygame_core.games.brazil_imperial.text import GOOD_NAME, fmt, join, said, t
from pygame_core.kernel import Ctx

Data = dict[str, Any]
COMBAT_OPS = ("strength", "lose_unit", "ignore_tile")


def goods_text(goods: dict[str, int]) -> dict[str, str]:
    parts = [
        fmt(t("{n} {g}", "{n} {g}"), n=str(n), g=GOOD_NAME.get(k, t(k, k)))
        for k, n in goods.items()
        if n and k in GOOD_NAME
    ]
    return listing(parts) if parts else t("nothing", "無")


def listing(parts: list[dict[str, str]]) -> dict[str, str]:
    """Texts joined by commas (Chinese by 、)."""
    out = []
    for i, part in enumerate(parts):
        out += [{"en": ", ", "zh-Hant": "、", "zh-Hans": "、"}, part] if i else [part]
    return join(*out)


def apply(ctx: Ctx, seat: int, effects: list[dict[str, Any]]) -> None:
    g = ctx.data
    for e in effects or []:
        op = e.get("op")
        if op == "gain":
            goods = {k: int(v) for k, v in e.get("goods", {}).items()}
            economy.gain(g, seat, goods)
            ctx.log(said(seat, fmt(t("gains {g}", "獲得 {g}"), g=goods_text(goods))))
        elif op == "gain_any":
            for _ in range(int(e.get("n", 1))):
                model.owe(g, {"seat": seat, "kind": "gain_any"})
        elif op == "draw":
            cards.draw(ctx, seat, str(e.get("deck", "battle")), int(e.get("n", 1)))
        elif op == "vp":
            model.player(g, seat)["counters"]["bonus_vp"] = model.player(g, seat)["counters"].get(
                "bonus_vp", 0
            ) + int(e.get("n", 1))
        elif op == "action":
            model.owe(g, {"seat": seat, "kind": "extra_action", "arch": str(e.get("arch", "any"))})
        elif op == "move":
            g["turn"]["free_extra"] = g["turn"].get("free_extra", 0) + 1
        elif op in ("manufacture", "product", "free_product"):
            model.owe(g, {"seat": seat, "kind": "free_product", "shape": str(e.get("shape", "square"))})
        elif op == "gold_card":
            cards.draw(ctx, seat, "gold", int(e.get("n", 1)))
        elif op == "battle_card":
            cards.draw(ctx, seat, "battle", int(e.get("n", 1)))
