"""The stack of pending decisions: multi-step choices and answers owed by other seats.

A game's normal flow (whose turn it is, which phase) is the game's own ``_to_move``. A *decision*
interrupts it: a choice that must be made before play goes on, naming the seats that must answer.
Decisions live in ``data["decisions"]``, a list whose last item is the top of the stack::

    {"kind": "defend", "seats": [2], "blocking": True, ...the game's own fields}

Who decides now (:func:`waiting`):

- If the top decision is **blocking** (a war's defender, an auction bid, an event choice), only its
  seats answer; everyone else waits, the normal flow included.
- Non-blocking decisions are a seat's own steps (where to place a card it just built, which
  exhausted ability to refresh). They sit above the topmost blocking decision, or above the flow
  when there is none. Each seat with such a decision answers its own, while seats without one go on
  with the flow, so a step in one empire never stops the others in a simultaneous phase.

A seat answers the topmost decision that names it (:func:`top_for`); the game's hooks
``_decision_legal`` and ``_decide`` handle it, dispatching on ``kind``.

**Sealed** decisions collect secret simultaneous choices (``sealed=True``): each seat's answer is
stored under ``answers[str(seat)]`` and the seat stops waiting; nobody else sees it (views show only
who has answered). When every seat has answered, the kernel pops the decision and calls the game's
``_resolve`` hook with all answers at once. Answers that were sealed become public only through
what ``_resolve`` logs, and resolving is an undo barrier.

**Automa** decisions (``automa="<name>"``, a field of the decision) are choices the rules give a seat to
make *for* an opponent that is no seat (an automa played by the rules, e.g. The Great Wall's Reed
Clan): the seat answers them like any other, and :func:`public` shows the mark, so that a front end
can offer to let a bot decide (webapi ``bot`` for that seat: an ordinary action of the seat, so saves,
replays and undo are the same).
"""

from __future__ import annotations

from typing import Any

Decision = dict[str, Any]
KEY = "decisions"


def stack(data: dict[str, Any]) -> list[Decision]:
    """The stack, bottom first (empty if the game has never pushed a decision)."""
    return data.get(KEY) or []


def push(data: dict[str, Any], kind: str, seats: list[int], *, blocking: bool = True,
         sealed: bool = False, **info: Any) -> Decision:
    """Put a new decision on top of the stack and return it."""
    d: Decision = {"kind": kind, "seats": sorted(seats), "blocking": blocking or sealed, **info}
    if sealed:
        d["sealed"] = True
        d["answers"] = {}
    data.setdefault(KEY, []).append(d)
    return d


def pop(data: dict[str, Any], decision: Decision | None = None) -> Decision:
    """Remove ``decision`` (default: the top one) from the stack and return it."""
    items = data[KEY]
    if decision is None:
        return items.pop()
    for i in range(len(items) - 1, -1, -1):
        if items[i] is decision:
            return items.pop(i)
    raise ValueError("that decision is not on the stack")


def _open_seats(d: Decision) -> list[int]:
    if d.get("sealed"):
        return [s for s in d["seats"] if str(s) not in d["answers"]]
    return list(d["seats"])


def _active(data: dict[str, Any]) -> tuple[list[Decision], Decision | None]:
    """The non-blocking decisions above the topmost blocking one, and that blocking one."""
    above: list[Decision] = []
    for d in reversed(stack(data)):
        if d["blocking"]:
            return above, d
        above.append(d)
    return above, None


def waiting(data: dict[str, Any], flow: list[int]) -> list[int]:
    """The seats that must decide now, given the seats ``flow`` of the game's normal play."""
    above, blocking = _active(data)
    seats = {s for d in above for s in d["seats"]}
    if blocking is None:
        seats.update(flow)
    elif not above:
        seats.update(_open_seats(blocking))
    return sorted(seats)


def top_for(data: dict[str, Any], seat: int) -> Decision | None:
    """The decision ``seat`` answers now, or None if it plays the normal flow (or waits)."""
    above, blocking = _active(data)
    for d in above:
        if seat in d["seats"]:
            return d
    if blocking is not None and not above and seat in _open_seats(blocking):
        return blocking
    return None


def public(data: dict[str, Any]) -> list[dict[str, Any]]:
    """What anyone may know of the stack: kinds, seats, who has answered a sealed decision, and
    ``automa``: the decision is made for an opponent played by the rules, not by a seat (the field
    the game pushed it with, e.g. ``"reed"``), which a front end may hand to a bot."""
    out = []
    for d in stack(data):
        item = {"kind": d["kind"], "seats": list(d["seats"]), "blocking": d["blocking"]}
        if d.get("automa"):
            item["automa"] = d["automa"]
        if d.get("sealed"):
            item["answered"] = sorted(int(s) for s in d["answers"])
        out.append(item)
    return out
