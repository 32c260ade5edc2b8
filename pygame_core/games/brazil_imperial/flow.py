"""Whose step it is and what it may do: setup choices, a turn's action and movement phases (L27-32),
the small steps a seat owes (``pending``: a chosen resource, a peek, a palace, an era marker, an
extra action), the supply cap and hand limits (trim/discard first), and the end of a turn and a
round (L32; the end after the round of the era III trigger, L25, L517, B4).

Authored safety limit: a game that reaches round :data:`MAX_ROUNDS` without the era III trigger ends
after that round (random players may never complete a mission; the seed has no such case).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import (
    arches,
    cards,
    combat,
    economy,
    effects,
    eras,
    model,
    movement,
    setup,
)
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import ARCHES, GOOD_NAME, GOODS, RESOURCES, WORD, fmt, said, t
from pygame_core.kernel import Ctx

Data = dict[str, Any]
Action = dict[str, Any]
MAX_ROUNDS = 40


def new_turn(seat: int) -> Data:
    return {"seat": seat, "phase": "action", "arch": None, "free_used": 0, "bonus_used": False}


def to_move(g: Data) -> list[int]:
    if g["over"]:
        return []
    if g["pending"]:
        return [int(g["pending"][0]["seat"])]
    if g["stage"] != "play":
        return []
    return [int(g["turn"]["seat"])]


def owed(g: Data, seat: int) -> list[Action]:
    """Trim the supply to 5 (L415), discard down to 3 cards (L290, L301)."""
    if economy.over_cap(g, seat):
        return [{"type": "trim", "good": k} for k in GOODS if model.player(g, seat)["supply"].get(k)]
    kind = cards.over_limit(g, seat)
    if kind:
        return [{"type": "discard", "kind": kind, "card": c} for c in sorted(model.player(g, seat)[kind])]
    return []


def pending_legal(g: Data, item: Data) -> list[Action]:
    seat, kind = int(item["seat"]), item["kind"]
    if kind == "monarch":
        return [{"type": "monarch", "id": m} for m in setup.monarch_choices(g, seat)]
    if kind == "capital":
        return [{"type": "capital", "id": g["capitals"][h]} for h in setup.capital_choices(g)]
    if kind == "gain_any":
        return [{"type": "gain_any", "good": r} for r in RESOURCES]
    if kind == "peek":
        return [{"type": "peek", "hex": h} for h in arches.peekable(g, seat)] or [{"type": "skip"}]
    if kind == "palace":
        return eras.palace_choices(g, seat) or [{"type": "skip"}]
    if kind == "marker":
        return [{"type": "place_marker", "arch": a} for a in eras.marker_choices(g, seat)] or [
            {"type": "skip"}
        ]
    if kind == "extra_action":
        targets = ARCHES if item["arch"] == "any" else [item["arch"]]
        return [{"type": "extra", "arch": a} for a in targets]
    if kind == "free_product":
        return arches.manufacture_legal(g, seat, free=True, shape=item["shape"]) or [{"type": "skip"}]
    raise ValueError(kind)


def legal(g: Data, seat: int) -> list[Action]:
    if g["pending"]:
        return pending_legal(g, g["pending"][0])
    need = owed(g, seat)
    if need:
        return need
    turn = g["turn"]
    phase = turn["phase"]
    if phase == "action":
        return [{"type": "arch", "arch": a} for a in arches.choosable(g, seat)] + eras.showable(g, seat)
    if phase == "arch":
        return arches.legal(g, seat)
    out = movement.legal(g, seat)
    out += [
        {"type": "gold", "card": c} for c in sorted(model.player(g, seat)["gold"]) if bd.GOLD[c].get("effect")
    ]
    return out + eras.showable(g, seat) + [{"type": "end_turn"}]


def apply(ctx: Ctx, seat: int, action: Action) -> None:
    g = ctx.data
    ty = action["type"]
    if g["pending"]:
        item = g["pending"].pop(0)
        _answer(ctx, seat, item, action)
        _maybe_start(ctx)
        return
    p = model.player(g, seat)
    if ty == "trim":
        model.take_goods(p["supply"], action["good"])
        ctx.log(said(seat, fmt(t("returns 1 {g}", "歸還 1 {g}"), g=GOOD_NAME[action["good"]])))
    elif ty == "discard":
        cards.discard(ctx, seat, action["kind"], action["card"])
    elif ty == "arch":
        arches.choose(ctx, seat, action["arch"])
    elif ty == "show_mission":
        eras.show(ctx, seat, int(action["era"]))
    elif ty in ("move", "ranged"):
        movement.apply(ctx, seat, action)
    elif ty == "gold":
        card = action["card"]
        p["gold"].remove(card)
        g["decks"]["gold_discard"].append(card)
        ctx.reveal()
        ctx.log(
            said(seat, fmt(t("plays the gold card {c}", "使用黃金卡 {c}"), c=cards.card_name("gold", card)))
        )
        effects.apply(ctx, seat, bd.GOLD[card].get("effect", []))
    elif ty == "end_turn":
        end_turn(ctx)
    else:
        arches.apply(ctx, seat, action)


def _answer(ctx: Ctx, seat: int, item: Data, action: Action) -> None:
    g = ctx.data
    ty = action["type"]
    p = model.player(g, seat)
    if ty == "skip":
        return
    if ty == "monarch":
        p["monarch"] = action["id"]
        ctx.log(
            said(
                seat, fmt(t("chooses the monarch {m}", "選擇君王 {m}"), m=bd.name(bd.MONARCHS[action["id"]]))
            )
        )
    elif ty == "capital":
        h = next(x for x, c in g["capitals"].items() if c == action["id"])
        p["capital"] = h
        model.put(g, h, "capital", seat)
        cap = bd.CAPITALS[action["id"]]
        economy.gain(g, seat, {k: int(v) for k, v in cap.get("goods", {}).items()})
        if cap.get("first"):
            g["start"] = seat
        ctx.log(
            said(
                seat,
                fmt(
                    t("takes the capital at {h} and {g}", "選擇位於 {h} 的首都，獲得 {g}"),
                    h=model.geo(g).names[h],
                    g=effects.goods_text(cap.get("goods", {})),
                ),
            )
        )
    elif ty == "gain_any":
        economy.gain(g, seat, {action["good"]: 1})
        ctx.log(said(seat, fmt(t("gains 1 {g}", "獲得 1 {g}"), g=GOOD_NAME[action["good"]])))
    elif ty == "peek":
        h = action["hex"]
        where = model.geo(g).names[h]
        g["peeked"].setdefault(str(seat), []).append(h)
        tile = model.explore(g, h)
        assert tile is not None  # a legal peek names a face-down tile
        ctx.reveal()
        ctx.log(
            said(
                seat,
                fmt(
                    t("looks at the tile at {h}: {x}", "查看 {h} 的探索板塊：{x}"),
                    h=where,
                    x=bd.tile_text(tile),
                ),
            ),
            to=[seat],
            others=said(seat, fmt(t("looks at the tile at {h}", "查看 {h} 的探索板塊"), h=where)),
        )
    elif ty == "palace":
        eras.place_palace(ctx, seat, action["palace"], action["hex"])
    elif ty == "place_marker":
        p["under"][action["arch"]] = int(item["era"])
        ctx.log(
            said(
                seat,
                fmt(
                    t("puts its era marker under {a}", "將時代指示物放在「{a}」下方"),
                    a=arches.ARCH_NAME[action["arch"]],
                ),
            )
        )
    elif ty == "extra":
        arches.choose(ctx, seat, action["arch"], extra=True)
    elif ty == "manufacture":
        arches.manufacture(ctx, seat, action["product"], action["arch"])


def pay(ctx: Ctx, seat: int, decision: Data, action: Action) -> None:
    """One unit of a payment (economy.answer); once the cost is paid, the step it paid for."""
    then = economy.answer(ctx, seat, decision, action)
    if then is not None:
        arches.apply(ctx, seat, then, paid=True)


def _maybe_start(ctx: Ctx) -> None:
    """After the capital draft, the "1st" capital's holder starts (L21)."""
    g = ctx.data
    if g["stage"] == "monarch" and not g["pending"]:
        g["stage"] = "play"
        g["round"] = 1
        g["turn"] = new_turn(g["start"])
        ctx.log(t("Era I begins.", "時代 I 開始。"))


def end_turn(ctx: Ctx) -> None:
    g = ctx.data
    n = len(g["players"])
    nxt = (int(g["turn"]["seat"]) + 1) % n
    if nxt == g["start"]:
        if g["ending"] or g["round"] >= MAX_ROUNDS:
            g["over"] = True
            ctx.reveal()  # missions and kept gold cards are scored openly
            ctx.log(t("The game ends.", "遊戲結束。"))
            return
        g["round"] += 1
    g["turn"] = new_turn(nxt)


__all__ = ["WORD", "combat"]
