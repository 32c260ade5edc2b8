"""The resumable flow: a stack of pending steps in ``g["todo"]`` and the registries of step and
decision handlers.

The game never waits inside Python code. A rule that needs a seat's choice pushes a kernel decision
(kernel/decisions.py) and returns; everything that must happen afterwards is already a step on
``g["todo"]`` (top last), so once the decision is answered, :func:`pygame_core.games.great_wall.flow.advance`
runs the steps until the next decision or the end of the game. A step is a JSON dict
``{"do": name, ...}``; its handler is registered with :func:`step`. Decisions that core answers are
registered with :func:`decision` (their legal actions and the function that plays an answer); the
kernel hooks in game.py dispatch on the decision's ``kind``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]
StepFn = Callable[[Ctx, Data], None]
LegalFn = Callable[[Data, int, Data], list[Action]]
DecideFn = Callable[[Ctx, int, Data, Action], None]

STEPS: dict[str, StepFn] = {}
DECISIONS: dict[str, tuple[LegalFn, DecideFn]] = {}


def step(name: str) -> Callable[[StepFn], StepFn]:
    def reg(fn: StepFn) -> StepFn:
        STEPS[name] = fn
        return fn
    return reg


def decision(kind: str, legal: LegalFn) -> Callable[[DecideFn], DecideFn]:
    def reg(fn: DecideFn) -> DecideFn:
        DECISIONS[kind] = (legal, fn)
        return fn
    return reg


def push(g: Data, *todo: Data) -> None:
    """Schedule ``todo`` to run next, in the order given (before anything already pending)."""
    g["todo"].extend(reversed([dict(s) for s in todo]))


def ask(g: Data, kind: str, seat: int, **fields: Any) -> Data:
    """Push a blocking decision for one seat."""
    return kdec.push(g, kind, [seat], **fields)


def pending(g: Data) -> bool:
    """A decision is waiting (the flow must not go on)."""
    return bool(g.get("decisions"))


def has_choice(actions: list[Action]) -> bool:
    """A decision is worth asking only when something other than passing is possible."""
    return any(a["type"] not in ("pass", "stop") for a in actions)


def ask_if(g: Data, kind: str, seat: int, **fields: Any) -> None:
    """Push the decision only if the seat has a real choice in it (else nothing happens)."""
    if has_choice(DECISIONS[kind][0](g, seat, {"kind": kind, "seats": [seat], **fields})):
        ask(g, kind, seat, **fields)


def later(kind: str, seat: int, **fields: Any) -> Data:
    """A step that asks ``kind`` of ``seat`` when the flow reaches it (if it is still a choice)."""
    return {"do": "ask", "kind": kind, "seat": seat, "fields": fields}


@step("ask")
def _ask_step(ctx: Ctx, st: Data) -> None:
    ask_if(ctx.data, str(st["kind"]), int(st["seat"]), **st["fields"])
