"""Tea order (茶序, L270-288): the turn order, top first, and the tie-breaker for everything
(placing command cards, the "other players" box, resolving inside a location, defeat credit, the
end-game tie, L284-288, L681). The Tea house (L394-396) moves markers up."""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import model
from pygame_core.games.great_wall.text import fmt, seat_name, t
from pygame_core.kernel.state import Ctx

Data = dict[str, Any]


def initial_order(tea_values: dict[int, int]) -> list[int]:
    """Setup step 17 (L170, L276-278): markers stacked by the General's tea value, lowest at the
    bottom, so the highest value is on top. Equal values (A33): the lower seat number stands higher."""
    return sorted(tea_values, key=lambda s: (-tea_values[s], s))


def tea_house(ctx: Ctx, seats_clerks: list[int], spaces: int | None, order: list[int] | None = None) -> None:
    """Resolve the Tea house (L394-396, A24): each seat with clerks there moves up 1, in the tea order
    as it stood when the resolution began (in co-op, in ``order``, the table's, L952); a seat whose
    own clerks fill every space goes to the top; a marker already on top does nothing."""
    g = ctx.data
    seats = [int(s) for s in order] if order is not None else model.in_tea_order(g, seats_clerks)
    for seat in seats:
        mine = sum(1 for s in seats_clerks if s == seat)
        before = model.tea_rank(g, seat)
        if spaces is not None and mine >= spaces and len(set(seats_clerks)) == 1:
            model.tea_top(g, seat)
        else:
            model.tea_up(g, seat, 1)
        if model.tea_rank(g, seat) != before:
            ctx.log(fmt(t("{p} moves up the tea order to place {n}.", "{p}在茶序中上升到第{n}位。"),
                        p=seat_name(seat), n=model.tea_rank(g, seat) + 1), seat=seat)
