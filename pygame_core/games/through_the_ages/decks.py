"""The military deck of the current age and its face-down discards (L1686, L1783-1793)."""

from __future__ import annotations

from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx


def draw_military(ctx: Ctx, seat: int, n: int) -> None:
    """Draw from the current military deck, reshuffling its discards when it runs out (L1791)."""
    d = ctx.data
    p = d["players"][seat]
    got = 0
    for _ in range(n):
        if not d["military_deck"]:
            if not d["military_discards"]:
                break
            d["military_deck"] = d["military_discards"]
            d["military_discards"] = []
            ctx.rng.shuffle(d["military_deck"])
        p["military_hand"].append(d["military_deck"].pop())
        got += 1
    if got:
        ctx.reveal()
        ctx.log(say("{p} draws {n} military card(s)", "{p}抽取{n}张军事牌", p=seat, n=got))
