"""Production locations (Lumber mill, Quarry, Gold mine, Temple; L344-388) and Summer income (L594).

Each step is done by every seat with clerks there, in tea order (in co-op in the order the table chose,
L952), before the next step (L351-356):
1. collect 1 per clerk, plus the overseer level if at least 1 was collected (L360-362);
2. upgrade the overseer by one level (optional; ruling A22): level 0 pays the first slot's cost and
   puts any one unshamed soldier from the supply there (L370, A23), later levels pay the next slot's
   cost; at most level 3, one overseer per seat and location (L376, L386);
3. donate 1 of the collected resource to the Warehouse for 2 Honor (not at the Temple, L380);
4. every clerk goes back (locations.py's ``return_clerks``).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall import effects, model, steps
from pygame_core.games.great_wall.text import KIND_NAME, KINDS, RES_NAME, fmt, seat_name, t
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]
DONATE_HONOR = 2  # L380
MAX_LEVEL = 3  # L386


def level(g: Data, seat: int, loc: str) -> int:
    o = g["players"][seat]["overseers"].get(loc)
    return int(o["level"]) if o else 0


@steps.step("production")
def _production(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    loc = st["loc"]
    res = gdata.location(g["side"], loc)["produces"]
    # in tea order; in co-op in the table's order (L952)
    seats = [int(s) for s in st["order"]] if st.get("order") else model.in_tea_order(g, g["locations"][loc])
    collected: dict[str, int] = {}
    for seat in seats:  # step 1 (L358-362)
        n = model.count_at(g, loc, seat)
        if n > 0:
            n += level(g, seat, loc)
        collected[str(seat)] = n
        model.gain(g, seat, {res: n})
        ctx.log(fmt(t("{p} collects {n} {r}.", "{p}蒐集{n}個{r}。"), p=seat_name(seat), n=n, r=RES_NAME[res]),
                seat=seat)
    todo: list[Data] = [steps.later("upgrade", s, loc=loc) for s in seats]
    if res != "chi":  # no donation at the Temple (L380)
        todo += [steps.later("donate", s, loc=loc, res=res) for s in seats if collected[str(s)] > 0]
    steps.push(g, *todo)


def upgrade_options(g: Data, seat: int, loc: str) -> list[Action]:
    lv = level(g, seat, loc)
    if lv >= MAX_LEVEL or not model.can_pay(g, seat, gdata.overseer_cost(g["side"], loc, lv + 1)):
        return []
    if lv == 0:
        return [{"type": "use", "location": loc, "upgrade": k} for k in KINDS if model.soldiers_free(g,
                seat, k) > 0]
    return [{"type": "use", "location": loc, "upgrade": "level"}]


def _upgrade_legal(g: Data, seat: int, d: Data) -> list[Action]:
    opts = upgrade_options(g, seat, d["loc"])
    return [*opts, {"type": "pass"}] if opts else []


@steps.decision("upgrade", _upgrade_legal)
def _upgrade(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if action["type"] == "pass":
        return
    upgrade(ctx, seat, d["loc"], action["upgrade"])


def upgrade(ctx: Ctx, seat: int, loc: str, unit: str) -> None:
    g = ctx.data
    p = g["players"][seat]
    lv = level(g, seat, loc) + 1
    model.pay(g, seat, gdata.overseer_cost(g["side"], loc, lv))
    if lv == 1:
        p["supply"][unit] -= 1
        p["overseers"][loc] = {"level": 1, "unit": unit}
    else:
        p["overseers"][loc]["level"] = lv
    unit_name = KIND_NAME[p["overseers"][loc]["unit"]]
    ctx.log(fmt(t("{p} raises the {l} overseer ({u}) to level {v}.", "{p}將{l}的監工（{u}）升到{v}級。"),
                p=seat_name(seat), l=gdata.location(g["side"], loc)["name"], u=unit_name, v=lv), seat=seat)
    effects.trigger(ctx, "on_overseer_upgrade", seat, location=loc, level=lv)


def _donate_legal(g: Data, seat: int, d: Data) -> list[Action]:
    if g["players"][seat]["res"].get(d["res"], 0) < 1:
        return []
    return [{"type": "use", "location": d["loc"], "donate": d["res"]}, {"type": "pass"}]


@steps.decision("donate", _donate_legal)
def _donate(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if action["type"] == "pass":
        return
    g = ctx.data
    res = d["res"]
    model.pay(g, seat, {res: 1})
    g["warehouse"][res] += 1
    n = model.add_honor(g, seat, DONATE_HONOR)
    ctx.log(fmt(t("{p} donates 1 {r} to the Warehouse (+{n} Honor).", "{p}捐獻1個{r}到倉庫（+{n}榮譽）。"),
                p=seat_name(seat), r=RES_NAME[res], n=n), seat=seat)
    effects.trigger(ctx, "on_donate", seat, res=res)


def summer_income(ctx: Ctx) -> None:
    """Summer step 1 (L594): each overseer level gives 1 of its location's resource."""
    g = ctx.data
    for seat in g["tea"]:
        for loc, o in sorted(g["players"][seat]["overseers"].items()):
            res = gdata.location(g["side"], loc)["produces"]
            model.gain(g, seat, {res: int(o["level"])})
            ctx.log(fmt(t("{p} receives {n} {r} from an overseer.", "{p}從監工獲得{n}個{r}。"),
                        p=seat_name(seat), n=int(o["level"]), r=RES_NAME[res]), seat=seat)
