"""The effect vocabulary (/work/briefs/gw-spec.md "Effects"): one list of ops for command cards,
Tactics, Advisors, Generals, Horde abilities and spot rewards.

``run(ctx, seat, effects, why)`` schedules the effects as steps (they run in order, right after the
step that called it); an op that needs a choice pushes a decision for that seat and the flow resumes
after the answer. ``trigger`` asks cards.fire for the abilities a trigger point sets off and runs
them. Numbers scaled by Supporting Advisors are the cards module's (cards.fire returns them scaled).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame_core.games.great_wall import cards, combat, model, shame, steps
from pygame_core.games.great_wall.text import RES_NAME, RESOURCES, fmt, join, seat_name, t
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]
Effect = dict[str, Any]


#: the ops handled in :func:`_effect` itself; the others are in :data:`OPS`
CORE_OPS = ("gain", "honor", "draw_tactic", "tea_up", "tea_top", "wound", "save", "discard_shame")
OpFn = Callable[[Ctx, int, Effect], None]
#: ops whose rules live in another core module (clerks.py, locations.py), registered there
OPS: dict[str, OpFn] = {}


def op(name: str) -> Callable[[OpFn], OpFn]:
    def reg(fn: OpFn) -> OpFn:
        OPS[name] = fn
        return fn
    return reg


def run(ctx: Ctx, seat: int, effects: list[Effect], why: str = "") -> None:
    """Schedule ``effects`` for ``seat`` to run next, in order."""
    steps.push(ctx.data, *({"do": "effect", "seat": seat, "effect": dict(e), "why": why} for e in effects))


def trigger(ctx: Ctx, name: str, seat: int, **info: Any) -> None:
    """Fire the trigger point ``name`` (cards.fire) and run what it sets off; it is also a Tactic window
    for ``seat`` (asked first). Abilities that fire together are scheduled together (L480: what one of
    them gains cannot pay within the batch)."""
    batch = cards.fire(ctx, name, seat, **info)
    for s, effs in batch:
        run(ctx, s, list(effs), name)
    open_window(ctx, name, seat)


def resources_of(e: Effect) -> dict[str, int]:
    """The resources an effect names: ``{"res": {...}}`` or resource keys at its top level."""
    res = e.get("res")
    if isinstance(res, dict):
        return {str(k): int(v) for k, v in res.items()}
    return {k: int(e[k]) for k in RESOURCES if k in e}


def res_text(res: dict[str, int]) -> Any:
    parts = [fmt(t("{n} {r}", "{n}個{r}"), n=n, r=RES_NAME[r]) for r, n in res.items() if n]
    if not parts:
        return t("nothing", "無")
    out: list[Any] = []
    for i, x in enumerate(parts):
        out += [", ", x] if i else [x]
    return join(*out)


# ------------------------------------------------------------------------------ tactic windows
def open_window(ctx: Ctx, name: str, seat: int) -> None:
    """A trigger point is also a Tactic window (L464): the seat may play one Tactic of that window
    (one per window, L466) through a ``tactic`` decision, or pass. It is asked whenever the seat holds
    a Tactic at all (a public count): asking only when one fits would tell the others what it holds."""
    if ctx.data["players"][seat]["tactics"]:
        steps.ask(ctx.data, "tactic", seat, window=name)


def _tactic_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [*cards.tactics_playable(g, seat, d["window"]), {"type": "pass"}]


@steps.decision("tactic", _tactic_legal)
def _tactic(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if action["type"] == "pass":
        return
    play(ctx, seat, action, d["window"])


def play(ctx: Ctx, seat: int, action: Action, window: str | None = None) -> None:
    """Play a Tactic (cards.play_tactic pays and discards it) and run its effects at once, on top of
    whatever decision is waiting (a casualty save must count in the event it was played for, L472)."""
    ctx.reveal()  # the card comes out of a hidden hand: no undo past it
    for e in cards.play_tactic(ctx, seat, action, window):
        _effect(ctx, {"do": "effect", "seat": seat, "effect": dict(e), "why": "tactic"})


# ---------------------------------------------------------------------------------- the ops
@steps.step("effect")
def _effect(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    seat = int(st["seat"])
    e = st["effect"]
    op = e.get("op")
    if op == "gain":
        res = resources_of(e)
        model.gain(g, seat, res)
        ctx.log(fmt(t("{p} gains {r}.", "{p}獲得{r}。"), p=seat_name(seat), r=res_text(res)), seat=seat)
    elif op == "honor":
        n = model.add_honor(g, seat, int(e.get("n", 0)))
        ctx.log(fmt(t("{p} gains {n} Honor.", "{p}獲得{n}點榮譽。"), p=seat_name(seat), n=n), seat=seat)
    elif op == "draw_tactic":
        cards.draw_tactics(ctx, seat, int(e.get("n", 1)))
    elif op == "tea_up":
        model.tea_up(g, seat, int(e.get("n", 1)))
        ctx.log(fmt(t("{p} moves up the tea order.", "{p}在茶序中上升。"), p=seat_name(seat)), seat=seat)
    elif op == "tea_top":
        model.tea_top(g, seat)
        ctx.log(fmt(t("{p} moves to the top of the tea order.", "{p}移到茶序最上方。"), p=seat_name(seat)),
                seat=seat)
    elif op in OPS:
        OPS[op](ctx, seat, e)
    elif op == "wound":
        _ask_wound(ctx, seat, int(e.get("n", 1)), e.get("section", "any"))
    elif op == "save":  # free saves in the seat's current casualty event (L470-472)
        combat.add_saves(g, seat, None if e.get("all") else int(e.get("n", 1)))
    elif op == "discard_shame":
        n = min(int(e.get("n", 1)), shame.held(g, seat))
        if n and e.get("free"):
            shame.discard(ctx, seat, n, free=True)
        elif n:
            steps.ask(g, "discard_shame", seat, most=n)
    else:
        raise ValueError(f"no rule for the effect op {op!r}")


def _wound_targets(g: Data, seat: int, section: Any) -> list[Action]:
    secs = model.open_sections(g) if section in (None, "any", "own") else [int(section)]
    out: list[Action] = []
    for i in secs:
        for tg in combat.shoot_targets(g, i):
            out.append({"type": "shoot", **tg} if "section" in tg else {"type": "shoot", "section": i, **tg})
    return out


def _ask_wound(ctx: Ctx, seat: int, n: int, section: Any) -> None:
    if n > 0 and _wound_targets(ctx.data, seat, section):
        steps.ask(ctx.data, "wound", seat, n=n, section=section)


def _wound_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return _wound_targets(g, seat, d.get("section")) + [{"type": "pass"}]


@steps.decision("wound", _wound_legal)
def _wound(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if action["type"] == "pass":
        return
    combat.shoot(ctx, seat, int(action["section"]), int(action["row"]), int(action["spot"]))
    if d["n"] > 1:
        _ask_wound(ctx, seat, d["n"] - 1, d.get("section"))
