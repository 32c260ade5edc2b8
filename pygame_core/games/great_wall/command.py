"""Autumn (L606-626) and the command cards (指揮卡, L197-207).

1. Select: every seat chooses 1 command card from its hand, face down; all reveal together (L608):
   ONE sealed kernel decision ``{"kind": "command"}`` for every seat with cards in hand (ruling
   A19: one card per Autumn; a seat with an empty hand sits the Autumn out).
2. Order: in tea order, each seat puts its card in any free slot of the command track (L610).
3. Turns, left to right (L614-624): the card's owner is the active player. a. command step: the top
   box (active player), the middle box (every other seat, in tea order), the bottom box (active
   player) (L203-205, L616-618); b. activation step (locations.py, L620); c. defeat check (L622);
   d. end of the turn (L624).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import combat, effects, model, modes, steps
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import fmt, join, seat_name, t
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]


def card_name(card: str) -> Any:
    return gdata.command(card)["name"]


@steps.step("select")
def _select(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    seats = [s for s in range(model.nplayers(g)) if g["players"][s]["hand"]]
    if not seats:
        return
    kdec.push(g, "command", seats, sealed=True)


def select_legal(g: Data, seat: int) -> list[Action]:
    return [{"type": "command", "card": c} for c in gdata.COMMAND_IDS if c in g["players"][seat]["hand"]]


def resolve_select(ctx: Ctx, d: Data) -> None:
    """All have chosen: the cards are revealed together (L608), then placed in tea order (L610)."""
    g = ctx.data
    chosen: dict[str, str] = {}
    for key, action in sorted(d["answers"].items()):
        seat = int(key)
        card = action["card"]
        g["players"][seat]["hand"].remove(card)
        chosen[key] = card
    g["chosen"] = chosen
    parts: list[Any] = []
    for k, c in sorted(chosen.items()):
        if parts:
            parts.append(t("; ", "；"))
        parts.append(fmt(t("{p} {c}", "{p}「{c}」"), p=seat_name(int(k)), c=card_name(c)))
    ctx.log(join(t("Command cards revealed: ", "翻開指揮卡："), *parts, t(".", "。")))
    steps.push(g, *modes.placements(g, model.in_tea_order(g, [int(k) for k in chosen])),
               {"do": "next_turn", "after": -1})


@steps.step("place")
def _place(ctx: Ctx, st: Data) -> None:
    steps.ask(ctx.data, "slot", int(st["seat"]))


def _slot_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [{"type": "slot", "slot": i} for i, x in enumerate(g["command_track"]) if x is None]


@steps.decision("slot", _slot_legal)
def _slot(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    g = ctx.data
    card = g["chosen"].pop(str(seat))
    g["command_track"][int(action["slot"])] = {"seat": seat, "card": card}
    ctx.log(fmt(t("{p} places {c} in slot {i} of the command track.", "{p}將「{c}」放在指揮軌第{i}格。"),
                p=seat_name(seat), c=card_name(card), i=int(action["slot"]) + 1), seat=seat)


@steps.step("next_turn")
def _next_turn(ctx: Ctx, st: Data) -> None:
    """The next card left of the last resolved one (L614); none left: Autumn ends (L626)."""
    g = ctx.data
    after = int(st["after"])
    for i, x in enumerate(g["command_track"]):
        if i > after and x is not None and modes.is_ai(x["seat"]):  # the Reed Clan's or Qin's card
            steps.push(g, *modes.turn_steps(ctx, i, str(x["seat"]), str(x["card"])),
                       {"do": "activation"}, {"do": "defeat_check"}, {"do": "next_turn", "after": i})
            return
        if i > after and x is not None:
            seat, card = int(x["seat"]), str(x["card"])
            g["turn"] = {"slot": i, "seat": seat}
            ctx.log(fmt(t("{p}'s turn: {c}.", "輪到{p}：「{c}」。"), p=seat_name(seat), c=card_name(card)),
                    seat=seat)
            others = [s for s in g["tea"] if s != seat]
            todo: list[Data] = [{"do": "trigger", "name": "on_command", "seat": seat, "card": card},
                                {"do": "box", "seat": seat, "card": card, "part": "top"}]
            todo += [{"do": "box", "seat": s, "card": card, "part": "middle"} for s in others]
            todo += modes.middle_steps(g, seat)  # Qin moves 2 clerks (L820)
            todo += [{"do": "box", "seat": seat, "card": card, "part": "bottom"},
                     {"do": "activation"}, {"do": "defeat_check"}, {"do": "next_turn", "after": i}]
            steps.push(g, *modes.before_boxes(g, seat, card), *todo)  # solo: Betrayal (L864-868)
            return
    g["turn"] = None
    steps.push(g, {"do": "season", "name": "winter"})


@steps.step("box")
def _box(ctx: Ctx, st: Data) -> None:
    """One box of the card (L616-618), as the owner's own card of that name (L864-868)."""
    effs = gdata.command(st["card"])[st["part"]]
    if effs:
        effects.run(ctx, int(st["seat"]), list(effs), f"command:{st['card']}:{st['part']}")


@steps.step("defeat_check")
def _defeat_check(ctx: Ctx, st: Data) -> None:
    """The defeat check (L541-553, combat.py); then the Tactic windows of the seats that took the credit
    or fought on a defeated card (their abilities were fired by combat)."""
    g = ctx.data
    fighters = {slot["card"]: {x["seat"] for x in slot["soldiers"]}
                for sec in g["sections"] for slot in sec["rows"] if slot is not None}
    trophies = [len(p["trophies"]) for p in g["players"]]
    done = combat.defeat_check(ctx)
    fought = set().union(*(fighters.get(cid, set()) for cid in done)) if done else set()
    credited = {s for s, p in enumerate(g["players"]) if len(p["trophies"]) > trophies[s]}
    for seat in reversed(g["tea"]):  # the last pushed is answered first: tea order
        if seat in fought:
            effects.open_window(ctx, "on_defeat_participate", seat)
        if seat in credited:
            effects.open_window(ctx, "on_defeat_credit", seat)


@steps.step("trigger")
def _trigger(ctx: Ctx, st: Data) -> None:
    info = {k: v for k, v in st.items() if k not in ("do", "name", "seat")}
    effects.trigger(ctx, str(st["name"]), int(st["seat"]), **info)
