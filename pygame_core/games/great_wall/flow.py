"""The Year (L573-580): Spring, Summer, Autumn, Winter; Year 1 starts in Autumn (L172, L580).

:func:`advance` runs the pending steps (steps.py) until a decision waits or the game is over. The
seasons:

- Spring (L584-588): the Time token moves 1 space (L586); as many Horde cards as the number beside it
  are placed (L587, war's ``horde.invade``); the Advisor track drops its 2 leftmost cards and refills
  (L588, cards' ``spring_refresh``).
- Summer (L592-602): overseer income (L594); each seat may discard shame at 2 Chi each (L598, in tea
  order); the command track goes to the discard (L600); in tea order each seat takes all its cards
  back, or gains 2 Honor per own card in the discard, which then stay there (L602, ruling A18).
- Autumn (L606-626): command.py.
- Winter (L628-661): shooting, sections left to right, tea order within (L632-638, war); defeat check
  (L638); siege, breach and barricades discarded per section (L640-651, war); then the end check,
  only here (L653-669): all 3 Walls at level 3 (2 in a 3-player game), an empty shame supply, or the
  Time token on the last space. Otherwise the next Year's Spring begins (L661).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import (  # noqa: F401  (the modules register their steps and decisions)
    cards,
    clerks,
    combat,
    command,
    effects,
    horde,
    locations,
    model,
    production,
    scoring,
    shame,
    steps,
)
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import END_NAME, SEASON_NAME, fmt, seat_name, t
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]
RETRIEVE_HONOR = 2  # per own card in the command discard (L602)
MAX_STEPS = 100000


def advance(ctx: Ctx) -> None:
    """Run the flow until a seat must decide or the game is over."""
    g = ctx.data
    for _ in range(MAX_STEPS):
        if g["over"] or steps.pending(g):
            return
        if not g["todo"]:
            raise RuntimeError("the Great Wall flow ran out of steps")
        st = g["todo"].pop()
        steps.STEPS[st["do"]](ctx, st)
    raise RuntimeError("the Great Wall flow does not settle")


@steps.step("season")
def _season(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    name = st["name"]
    if name == "spring":
        g["year"] += 1
    g["season"] = name
    ctx.log(fmt(t("Year {y}, {s}.", "第{y}年，{s}。"), y=g["year"], s=SEASON_NAME[name]))
    if name == "spring":
        steps.push(g, {"do": "advance_time"}, {"do": "invade"}, {"do": "advisor_refresh"},
                   {"do": "season", "name": "summer"})
    elif name == "summer":
        steps.push(g, {"do": "income"}, *({"do": "ask", "kind": "discard_shame", "seat": s,
                "fields": {}} for s in g["tea"]),
                   {"do": "trigger_all", "name": "on_summer"},
                   {"do": "discard_track"}, *({"do": "ask", "kind": "retrieve", "seat": s,
                           "fields": {}} for s in g["tea"]),
                   {"do": "season", "name": "autumn"})
    elif name == "autumn":
        steps.push(g, {"do": "select"})
    else:
        steps.push(g, {"do": "shooting"}, {"do": "defeat_check"}, {"do": "siege"}, {"do": "end_check"})


# ---------------------------------------------------------------------------------------- spring
@steps.step("advance_time")
def _advance_time(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    g["time"] = min(g["time"] + 1, gdata.time_last())
    ctx.log(fmt(t("The Time token advances: casualties {c}, {h} new Horde cards.",
            "時間標記前進：傷亡{c}，新增{h}張蒙軍卡。"),
                c=model.casualties(g), h=model.horde_per_spring(g)))


@steps.step("invade")
def _invade(ctx: Ctx, st: Data) -> None:
    ctx.reveal()
    horde.invade(ctx, model.horde_per_spring(ctx.data))


@steps.step("advisor_refresh")
def _advisor_refresh(ctx: Ctx, st: Data) -> None:
    ctx.reveal()
    cards.spring_refresh(ctx)


# ---------------------------------------------------------------------------------------- summer
@steps.step("income")
def _income(ctx: Ctx, st: Data) -> None:
    production.summer_income(ctx)


@steps.step("trigger_all")
def _trigger_all(ctx: Ctx, st: Data) -> None:
    for seat in reversed(ctx.data["tea"]):  # pushed last runs first: tea order
        effects.trigger(ctx, str(st["name"]), seat)


def _discard_shame_legal(g: Data, seat: int, d: Data) -> list[Action]:
    """Discard shame at 2 Chi each (L247, L598; back to the supply, A43); ``most`` caps it for an
    effect."""
    most = min(shame.discard_max(g, seat), int(d.get("most", 99)))
    if most <= 0:
        return []
    return [{"type": "discard_shame", "n": k} for k in range(most + 1)]


@steps.decision("discard_shame", _discard_shame_legal)
def _discard_shame(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if int(action["n"]) > 0:
        shame.discard(ctx, seat, int(action["n"]))


@steps.step("discard_track")
def _discard_track(ctx: Ctx, st: Data) -> None:
    """Summer step 3 (L600)."""
    g = ctx.data
    for i, x in enumerate(g["command_track"]):
        if x is not None:
            g["command_discard"].append(x)
            g["command_track"][i] = None


def own_discarded(g: Data, seat: int) -> list[str]:
    return [x["card"] for x in g["command_discard"] if x["seat"] == seat]


def _retrieve_legal(g: Data, seat: int, d: Data) -> list[Action]:
    if not own_discarded(g, seat):
        return []
    return [{"type": "retrieve"}, {"type": "honor"}]


@steps.decision("retrieve", _retrieve_legal)
def _retrieve(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    """Summer step 4 (L602): all own cards back to hand, or 2 Honor per own card in the discard (the
    cards then stay, ruling A18)."""
    g = ctx.data
    mine = own_discarded(g, seat)
    if action["type"] == "retrieve":
        g["players"][seat]["hand"] += mine
        g["players"][seat]["hand"].sort(key=gdata.COMMAND_IDS.index)
        g["command_discard"] = [x for x in g["command_discard"] if x["seat"] != seat]
        ctx.log(fmt(t("{p} takes back {n} command card(s).", "{p}取回{n}張指揮卡。"), p=seat_name(seat),
                n=len(mine)),
                seat=seat)
    else:
        n = model.add_honor(g, seat, RETRIEVE_HONOR * len(mine))
        ctx.log(fmt(t("{p} leaves {k} command card(s) in the discard for {n} Honor.",
                "{p}將{k}張指揮卡留在棄牌區，獲得{n}點榮譽。"),
                    p=seat_name(seat), k=len(mine), n=n), seat=seat)


# ---------------------------------------------------------------------------------------- winter
@steps.step("shooting")
def _shooting(ctx: Ctx, st: Data) -> None:
    combat.winter_shooting(ctx)


@steps.step("siege")
def _siege(ctx: Ctx, st: Data) -> None:
    """The siege (L640-651, combat.py); a breach is a Tactic window for every seat (L464)."""
    if combat.siege(ctx):
        for seat in reversed(ctx.data["tea"]):
            effects.open_window(ctx, "on_breach", seat)


def end_reason(g: Data) -> str | None:
    """The end check (L653-669): checked only at the end of Winter (L665). A raid that emptied the
    shame supply this Spring has set ``end`` already (war's horde.raid, L522): it ends the game at the
    end of this Winter even if Summer discards refilled the supply (A43)."""
    if g.get("end"):
        return str(g["end"])
    need = 2 if model.nplayers(g) == 3 else 3
    if sum(1 for s in g["sections"] if s["open"] and s["wall"] >= 3) >= need:
        return "walls"
    if g["shame_supply"] <= 0:
        return "shame"
    if g["time"] >= gdata.time_last():
        return "time"
    return None


@steps.step("end_check")
def _end_check(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    why = end_reason(g)
    if why is None:
        steps.push(g, {"do": "season", "name": "spring"})
        return
    g["end"] = why
    ctx.log(fmt(t("The game ends: {w}.", "遊戲結束：{w}。"), w=END_NAME[why]))
    scoring.finish(ctx)
