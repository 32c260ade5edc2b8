"""Battle cards (24, L292-301), gold cards (20, L277-290) and the painting display (L271-275, L375-377).

Decks are lists of ids, top card last (kernel/deck.py); a deck that runs out is refilled from its
discards, shuffled (L290). A drawn card is seen only by its drawer (the log tells the others only
that a card was drawn), and every draw is an undo barrier. Hands hold at most 3 of each kind: the
drawer draws everything first, then discards down to 3 (B28, FAQ) through ``discard`` steps.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import model
from pygame_core.games.brazil_imperial.text import WORD, fmt, said, t
from pygame_core.kernel import Ctx
from pygame_core.kernel import deck as kdeck

Data = dict[str, Any]
KINDS = ("battle", "gold")
CARDS = {"battle": bd.BATTLE, "gold": bd.GOLD}


def card_name(kind: str, card: str) -> dict[str, str]:
    return bd.name(CARDS[kind][card])


def draw(ctx: Ctx, seat: int, kind: str, n: int = 1) -> list[str]:
    """``seat`` draws ``n`` cards of ``kind`` ("battle" or "gold")."""
    g = ctx.data
    decks = g["decks"]
    got = kdeck.draw_n(ctx.rng, decks[kind], n, decks[f"{kind}_discard"])
    if not got:
        return []
    model.player(g, seat)[kind].extend(got)
    ctx.reveal()
    names = [card_name(kind, c) for c in got]
    word = WORD["battle_card" if kind == "battle" else "gold_card"]
    ctx.log(
        said(seat, fmt(t("draws {c} ({w})", "抽取 {c}（{w}）"), c=_joined(names), w=word)),
        to=[seat],
        others=said(seat, fmt(t("draws {n} {w}", "抽取 {n} 張{w}"), n=str(len(got)), w=word)),
    )
    return got


def _joined(names: list[dict[str, str]]) -> dict[str, str]:
    return {lang: ", ".join(n[lang] for n in names) for lang in ("en", "zh-Hant", "zh-Hans")}


def over_limit(g: Data, seat: int) -> str | None:
    """The kind of hand ``seat`` must discard from (L290, L301), or None."""
    p = model.player(g, seat)
    for kind in KINDS:
        if len(p[kind]) > model.HAND_LIMIT:
            return kind
    return None


def discard(ctx: Ctx, seat: int, kind: str, card: str) -> None:
    """A card leaves the hand face up to its discard pile, without its effect (L290, L301)."""
    g = ctx.data
    model.player(g, seat)[kind].remove(card)
    g["decks"][f"{kind}_discard"].append(card)
    ctx.reveal()
    ctx.log(said(seat, fmt(t("discards {c}", "棄置 {c}"), c=card_name(kind, card))))


def refill_display(ctx: Ctx, medal: str) -> None:
    """L377: the display is refilled from the deck of the same medal, else from another deck."""
    g = ctx.data
    decks = g["decks"]["paintings"]
    for m in [medal, *sorted(decks)]:
        if decks.get(m):
            card = decks[m].pop()
            g["decks"]["display"].append(card)
            ctx.reveal()
            ctx.log(
                fmt(
                    t("{c} joins the painting display", "{c} 加入繪畫卡展示區"), c=bd.name(bd.PAINTINGS[card])
                )
            )
            return


def medal(card: str) -> str:
    return str(bd.PAINTINGS[card].get("medal", "red"))
