"""Structured effects (docs/bz-spec "Effects"): one list, applied in order for one seat. A choice
becomes a step owed by that seat (``pending``): any resource (``gain_any``), an extra action
(``action``), a free product (palace II, L332-335).

Combat ops (``strength``, ``lose_unit``, ``ignore_tile``, a battle card's ``vp``) are read by combat.py,
not here.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import cards, economy, model
from pygame_core.games.brazil_imperial.text import GOOD_NAME, fmt, join, said, t
from pygame_core.kernel import Ctx

Data = dict[str, Any]


def goods_text(goods: dict[str, int]) -> dict[str, str]:
    """Goods as the data and the rules hold them: counts above 0 of the six goods (is_goods in
    test_data_schema; production, gains and capitals never make a 0)."""
    parts = [fmt(t("{n} {g}", "{n} {g}"), n=str(n), g=GOOD_NAME[k]) for k, n in goods.items()]
    return listing(parts) if parts else t("nothing", "無")


def listing(parts: list[dict[str, str]]) -> dict[str, str]:
    """Texts joined by commas (Chinese by 、)."""
    out = []
    for i, part in enumerate(parts):
        out += [{"en": ", ", "zh-Hant": "、", "zh-Hans": "、"}, part] if i else [part]
    return join(*out)


def apply(ctx: Ctx, seat: int, effects: list[dict[str, Any]]) -> None:
    """Every key read here is required by the data schema (tests/brazil_imperial/test_data_schema.py
    ``check_effect``); an op it does not know is a data error."""
    g = ctx.data
    for e in effects:
        op = e["op"]
        if op == "gain":
            goods = {k: int(v) for k, v in e["goods"].items()}
            economy.gain(g, seat, goods)
            ctx.log(said(seat, fmt(t("gains {g}", "獲得 {g}"), g=goods_text(goods))))
        elif op == "gain_any":
            for _ in range(int(e["n"])):
                model.owe(g, {"seat": seat, "kind": "gain_any"})
        elif op == "draw":
            cards.draw(ctx, seat, str(e["deck"]), int(e["n"]))
        elif op == "vp":
            counters = model.player(g, seat)["counters"]
            counters["bonus_vp"] = counters.get("bonus_vp", 0) + int(e["n"])
        elif op == "action":
            model.owe(g, {"seat": seat, "kind": "extra_action", "arch": str(e["arch"])})
        elif op == "move":
            g["turn"]["free_extra"] = g["turn"].get("free_extra", 0) + 1
        elif op == "manufacture":
            model.owe(g, {"seat": seat, "kind": "free_product", "shape": str(e["shape"])})
        else:
            raise ValueError(f"no such effect op: {op!r}")
