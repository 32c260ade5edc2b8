"""Economy phase (L298-339): each player activates the green abilities of intact locations
and of innovations under them, in any order, each once (converters up to their printed
number of uses, L324, L529), then says done."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import apply_use, use_actions
from pygame_core.games.empires_end.data import CARD_NAME, LOC_NAME
from pygame_core.games.empires_end.text import res_t, t
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import join, seat_name


def legal(d: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    return use_actions(d["seats"][seat], "economy") + [{"type": "done"}]


def src_name(key: str) -> dict[str, str]:
    return LOC_NAME[key[2:]] if key.startswith("L:") else CARD_NAME[key[2:]]


def use(ctx: Ctx, seat: int, a: dict[str, Any]) -> None:
    """Activate one ability; the resources it yields are told only to the owner (L97)."""
    got = apply_use(ctx, seat, a)
    text = join(seat_name(seat), t(" uses ", "發動了"), src_name(a["src"]))
    if "target" in a:
        text = join(text, t(" copying ", "，複製"), src_name(a["target"]))
    if got and any(got.values()):
        ctx.log(join(text, t(": ", "："), res_t({k: v for k, v in got.items() if v > 0}), t(".", "。")),
                to=[seat], others=join(text, t(".", "。")))
    else:
        ctx.log(join(text, t(".", "。")))
