"""Location activation (L312-340) and every non-production location (digest §4.6).

- Normal activation after a command step: every full regular location and every special location
  with a clerk (L312-316, L620); the active player orders them (L316). Inside a location the seats
  act in tea order, each using all its clerks (one use per clerk) before the next (L318); a seat may
  decline (L322); afterwards every clerk goes back to its owner's supply (L318). In co-op the table,
  not the tea order, says who acts next (L952: a ``coop_next`` decision of the seat highest in tea order).
- Yellow flag (L236, L326): a normal activation where only one seat has clerks gives it 1 shame;
  an advanced activation never does, and activates a regular location even when not full (L330-340).
  Advanced activation: every seat with clerks there acts, one use per clerk (ruling A26b).
- Barracks (L400-412), Builders' camp (L416-429, A20, A21), Imperial Envoy (L431-444, A27),
  Transport station (L446-450, A28), War academy (L452-456), Tea house (tea.py, L394-396);
  production locations are production.py's (L351-388).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from pygame_core.games.great_wall import cards, combat, effects, horde, model, modes, shame, steps, tea
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import KIND_NAME, fmt, seat_name, t
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]

#: recruiting costs (L406-410)
RECRUIT_COST: dict[str, dict[str, int]] = {
    "spear": {"stone": 2, "wood": 1}, "archer": {"chi": 2, "wood": 1}, "horse": {"gold": 3, "wood": 1},
}
HIRE_CLERK = {"gold": 2}  # L435
BARRICADE_HONOR = 2  # L418
WALL_HONOR = {1: 5, 2: 10, 3: 15}  # L419
BUILD_RES = ("wood", "stone", "gold")  # a barricade costs any 2 of these (L418)

#: used only until war's data/walls.json is merged (defense, firing spots, cost of the next level)
_WALLS_FALLBACK: list[dict[str, Any]] = [
    {"defense": 2, "firing_spots": 1, "next_cost": {"stone": 5}},
    {"defense": 4, "firing_spots": 2, "next_cost": {"stone": 4, "wood": 3}},
    {"defense": 6, "firing_spots": 2, "next_cost": {"stone": 5, "gold": 3}},
    {"defense": 8, "firing_spots": 3, "next_cost": None},
]


def wall_levels() -> list[dict[str, Any]]:
    try:
        doc = gdata.load("walls.json")
    except FileNotFoundError:
        return _WALLS_FALLBACK
    levels = doc["levels"] if isinstance(doc, dict) else doc
    return list(levels)


def firing_spots(level: int) -> int:
    return int(wall_levels()[level]["firing_spots"])


def loc_name(g: Data, loc: str) -> Any:
    return gdata.location(g["side"], loc)["name"]


# ------------------------------------------------------------------------------- activation
def to_activate(g: Data) -> list[str]:
    return [loc for loc in gdata.LOCATION_IDS if model.should_activate(g, loc) and modes.may_activate(g, loc)]


@steps.step("activation")
def _activation(ctx: Ctx, st: Data) -> None:
    """The activation step of a turn (L620): the active player picks the next location while more
    than one is waiting (L316)."""
    g = ctx.data
    waiting = to_activate(g)
    if not waiting:
        return
    steps.push(g, {"do": "activation"})
    first = modes.first_to_activate(g, waiting)  # Qin's own first on his turn (L834)
    if first is not None:
        steps.push(g, {"do": "activate", "loc": first, "advanced": False})
    elif len(waiting) == 1:
        steps.push(g, {"do": "activate", "loc": waiting[0], "advanced": False})
    else:
        steps.ask(g, "order", int(st["seat"]) if "seat" in st else _active(g))
    # (the "order" answer pushes the activation of the chosen location above the re-check)


def _active(g: Data) -> int:
    return modes.acting(g)  # the highest seat in tea order on the Reed Clan's or Qin's turn (L714)


def _order_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [{"type": "order", "location": loc} for loc in to_activate(g)]


@steps.decision("order", _order_legal)
def _order(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    steps.push(ctx.data, {"do": "activate", "loc": action["location"], "advanced": False})


@steps.step("activate")
def _activate(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    loc = str(st["loc"])
    advanced = bool(st.get("advanced"))
    here = list(g["locations"][loc])
    if not here or not modes.may_activate(g, loc):
        return
    seats = model.in_tea_order(g, here)
    if modes.coop_on(g) and len(seats) > 1 and "order" not in st:
        # co-op: the table, not the tea order, orders the seats inside a location (L952)
        steps.ask(g, "coop_next", int(g["tea"][0]), loc=loc, advanced=advanced, chosen=[], left=seats)
        return
    if "order" in st:
        seats = [int(s) for s in st["order"]]
    ctx.log(fmt(t("The {l} activates{a}.", "{l}發動地點效果{a}。"), l=loc_name(g, loc),
                a=t(" (advanced activation)", "（進階發動）") if advanced else t("", "")))
    todo: list[Data] = []
    info = gdata.location(g["side"], loc)
    if info["yellow_flag"] and not advanced and len(seats) == 1 and modes.lone(g, loc):
        todo.append({"do": "yellow_flag", "seat": seats[0], "loc": loc})
    if info["produces"]:
        todo.append({"do": "production", "loc": loc, "order": seats})
    elif loc == "tea_house":
        todo.append({"do": "tea_house", "order": seats})
    else:
        todo += [{"do": "use", "loc": loc, "seat": s, "n": model.count_at(g, loc, s)} for s in seats]
    todo += modes.on_activate(g, loc)  # the Reed Clan and Qin act there (L717-733, L826-836)
    todo.append({"do": "return_clerks", "loc": loc})
    steps.push(g, *todo)


def _next_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [{"type": "next", "location": d["loc"], "seat": int(s)} for s in d["left"]]


@steps.decision("coop_next", _next_legal)
def _next(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    """Co-op (L952): the table says which seat acts next at the location (the seat highest in tea order
    answers for it, as for the Requests); the last one left acts last."""
    g = ctx.data
    chosen = [*d["chosen"], int(action["seat"])]
    left = [s for s in d["left"] if s != int(action["seat"])]
    if len(left) > 1:
        steps.ask(g, "coop_next", seat, loc=d["loc"], advanced=d["advanced"], chosen=chosen, left=left)
        return
    steps.push(g, {"do": "activate", "loc": d["loc"], "advanced": d["advanced"], "order": chosen + left})


@steps.step("yellow_flag")
def _yellow(ctx: Ctx, st: Data) -> None:
    seat = int(st["seat"])
    ctx.log(fmt(t("{p} alone at the {l}: 1 shame (yellow flag).",
            "{p}獨自在{l}：獲得1個恥辱標記（黃色旗幟）。"),
                p=seat_name(seat), l=loc_name(ctx.data, st["loc"])), seat=seat)
    shame.gain(ctx, seat, 1, "yellow_flag")


@steps.step("tea_house")
def _tea_house(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    order = st.get("order")  # co-op: the table's order (L952)
    if modes.ais(g):  # the whole tea track, the Reed Clan's and Qin's markers too (L733)
        modes.tea_house(ctx, list(g["locations"]["tea_house"]), model.spaces(g, "tea_house"), order)
        return
    tea.tea_house(ctx, list(g["locations"]["tea_house"]), model.spaces(g, "tea_house"), order)


@steps.step("return_clerks")
def _return(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    loc = st["loc"]
    if modes.ais(g):  # the Reed Clan's clerks stay (L712)
        modes.take_back(g, loc)
        return
    for s in g["locations"][loc]:
        g["players"][s]["clerks"] += 1
    g["locations"][loc] = []


@steps.step("use")
def _use(ctx: Ctx, st: Data) -> None:
    """One seat's turn at a location: ``n`` uses (one per clerk, L318)."""
    g = ctx.data
    loc, seat, n = str(st["loc"]), int(st["seat"]), int(st["n"])
    if n <= 0:
        return
    if loc == "war_academy":
        cards.draw_tactics(ctx, seat, n)  # one Tactic per clerk (L454)
        return
    steps.ask_if(g, "location", seat, loc=loc, left=n, free=False)


def _use_legal(g: Data, seat: int, d: Data, check: bool = False) -> list[Action]:
    loc = d["loc"]
    free = bool(d.get("free"))
    out: list[Action] = []
    if loc == "barracks":
        out = [{"type": "use", "location": loc, "kind": k} for k in recruitable(g, seat, free,
                d.get("kinds"))]
    elif loc == "builders_camp":
        out = build_options(g, seat, free, d.get("what"))
    elif loc == "imperial_envoy":
        out = hire_options(g, seat, free, d.get("what"))
    elif loc == "transport_station":
        out = [{"type": "use", "location": loc, "move": m} for m in combat.transport_moves(g, seat)]
    if check:
        return out
    return [*out, {"type": "pass"}]


@steps.decision("location", _use_legal)
def _use_decide(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    g = ctx.data
    if action["type"] == "pass":
        return
    loc = d["loc"]
    left = int(d["left"]) - 1
    nxt = {k: v for k, v in d.items() if k not in ("kind", "seats", "blocking")}
    nxt["left"] = left
    # what follows this use comes after it (deploying a recruit, then the next use)
    if left > 0:
        steps.push(g, steps.later("location", seat, **nxt))
    free = bool(d.get("free"))
    if loc == "barracks":
        recruit(ctx, seat, action["kind"], free)
    elif loc == "builders_camp":
        build(ctx, seat, action, free)
    elif loc == "imperial_envoy":
        hire(ctx, seat, action, free)
    elif loc == "transport_station":
        combat.transport(ctx, seat, action["move"])


# ----------------------------------------------------------------------------------- barracks
def recruitable(g: Data, seat: int, free: bool = False, kinds: list[str] | None = None) -> list[str]:
    """Kinds ``seat`` can recruit: an unshamed figure in supply (L244, L404) and the cost (L406-410)."""
    return [k for k in (kinds or ("spear", "archer", "horse"))
            if model.soldiers_free(g, seat, k) > 0 and (free or model.can_pay(g, seat, RECRUIT_COST[k]))]


def recruit(ctx: Ctx, seat: int, kind: str, free: bool = False) -> None:
    """Recruit 1 soldier: pay, then deploy it at once onto a Horde card in any section (an archer onto a
    free firing spot of any Wall) or put it in any rest area (L400-412, L528)."""
    g = ctx.data
    if not free:
        model.pay(g, seat, RECRUIT_COST[kind])
    ctx.log(fmt(t("{p} recruits a {k}.", "{p}招募1個{k}。"), p=seat_name(seat), k=KIND_NAME[kind]), seat=seat)
    steps.ask(g, "deploy", seat, unit=kind, source="recruit")
    effects.trigger(ctx, "on_recruit", seat, kind=kind)


def deploy_options(g: Data, seat: int, kind: str, source: Any) -> list[Action]:
    src = tuple(source) if isinstance(source, list) else source
    out: list[Action] = [{"type": "deploy", "kind": kind, **tg} for tg in combat.targets(g, seat, kind, src)]
    return out


def _deploy_legal(g: Data, seat: int, d: Data) -> list[Action]:
    out = deploy_options(g, seat, d["unit"], d["source"])
    if d["source"] == "recruit":
        out += [{"type": "rest", "section": i} for i in model.open_sections(g)]
    else:
        out.append({"type": "stop"})
    return out


@steps.decision("deploy", _deploy_legal)
def _deploy(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    kind = d["unit"]
    if action["type"] == "stop":
        return
    if action["type"] == "rest":
        combat.place_rest(ctx, seat, kind, int(action["section"]))
        return
    target = {k: v for k, v in action.items() if k not in ("type", "kind")}
    combat.deploy(ctx, seat, kind, target)


# ----------------------------------------------------------------------------- attack order
def _rest_kinds(g: Data, seat: int) -> list[tuple[int, str]]:
    out = []
    for i in model.open_sections(g):
        kinds = sorted({x["kind"] for x in g["sections"][i]["rest"] if x["seat"] == seat})
        out += [(i, k) for k in kinds]
    return out


def _attack_order_options(g: Data, seat: int) -> list[Action]:
    out: list[Action] = []
    for i, k in _rest_kinds(g, seat):
        out += [{"type": "deploy", "kind": k, "from": i, **tg} for tg in combat.targets(g, seat, k, ("rest",
                i))]
    return out


def ask_attack_order(ctx: Ctx, seat: int) -> None:
    """The op ``attack_order``: soldiers in a rest area attack Horde cards of their own section
    (L526, L528); one at a time, as many as the seat wants."""
    if _attack_order_options(ctx.data, seat):
        steps.ask(ctx.data, "attack_order", seat)


def _attack_order_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [*_attack_order_options(g, seat), {"type": "stop"}]


@steps.decision("attack_order", _attack_order_legal)
def _attack_order(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if action["type"] == "stop":
        return
    target = {k: v for k, v in action.items() if k not in ("type", "kind", "from")}
    target["from"] = int(action["from"])
    combat.deploy(ctx, seat, action["kind"], target)
    ask_attack_order(ctx, seat)


def ask_recruit(ctx: Ctx, seat: int, kinds: list[str] | None, free: bool) -> None:
    """The op ``recruit``: one soldier, as at the Barracks (optionally free, of the given kinds)."""
    d = {"loc": "barracks", "left": 1, "free": free, "kinds": kinds}
    if _use_legal(ctx.data, seat, d, check=True):
        steps.ask(ctx.data, "location", seat, **d)


# ------------------------------------------------------------------------------ builders' camp
def _warehouse_first(g: Data, seat: int, cost: dict[str, int], free: bool) -> tuple[dict[str, int],
        dict[str, int]] | None:
    """Split ``cost`` into the Warehouse's part and the seat's own (L427-429): the Warehouse pays
    first; None if the seat cannot pay the rest."""
    wh = g["warehouse"]
    from_wh = {r: min(n, wh.get(r, 0)) for r, n in cost.items()}
    own = {r: n - from_wh[r] for r, n in cost.items() if n - from_wh[r] > 0}
    if free:
        own = {}
    elif not model.can_pay(g, seat, own):
        return None
    return {r: n for r, n in from_wh.items() if n}, own


def barricade_pairs(g: Data, seat: int, free: bool) -> list[list[str]]:
    """The pairs of resource types a seat may pay a barricade with (L418), the Warehouse's first
    (ruling A21: as many as the Warehouse can give, of the types the seat picks)."""
    if free:
        return [[]]
    wh_total = sum(g["warehouse"].get(r, 0) for r in BUILD_RES)
    need_wh = min(2, wh_total)
    out = []
    for pair in combinations_with_replacement(BUILD_RES, 2):
        cost: dict[str, int] = {}
        for r in pair:
            cost[r] = cost.get(r, 0) + 1
        split = _warehouse_first(g, seat, cost, False)
        if split is not None and sum(split[0].values()) == need_wh:
            out.append(list(pair))
    return out


def wall_cost(g: Data, section: int) -> dict[str, int] | None:
    level = g["sections"][section]["wall"]
    if level >= 3:
        return None
    cost = wall_levels()[level]["next_cost"]
    return dict(cost) if cost else None


def build_options(g: Data, seat: int, free: bool = False, what: str | None = None) -> list[Action]:
    out: list[Action] = []
    for i in model.open_sections(g):
        sec = g["sections"][i]
        if what in (None, "barricade") and sec["barricades"] < 3:
            out += [{"type": "use", "location": "builders_camp", "build": "barricade", "section": i,
                    "pay": pair}
                    for pair in barricade_pairs(g, seat, free)]
        if what in (None, "wall"):
            cost = wall_cost(g, i)
            if cost is not None and _warehouse_first(g, seat, cost, free) is not None:
                out.append({"type": "use", "location": "builders_camp", "build": "wall", "section": i})
    return out


def build(ctx: Ctx, seat: int, action: Action, free: bool = False) -> None:
    """Per clerk, one build (ruling A20): a barricade (+2 Honor, L418) or the next Wall level
    (+5/10/15 Honor by the new level, L419; archers stay on the new tile, L421)."""
    g = ctx.data
    i = int(action["section"])
    sec = g["sections"][i]
    if action["build"] == "barricade":
        cost: dict[str, int] = {}
        for r in action["pay"]:
            cost[r] = cost.get(r, 0) + 1
        split = _warehouse_first(g, seat, cost, free)
        assert split is not None
        _pay_split(g, seat, split)
        sec["barricades"] += 1
        n = model.add_honor(g, seat, BARRICADE_HONOR)
        ctx.log(fmt(t("{p} builds a barricade in {s} (+{n} Honor).",
                "{p}在{s}設置1個防禦工事（+{n}榮譽）。"),
                    p=seat_name(seat), s=horde.section_name(i), n=n), seat=seat)
        effects.trigger(ctx, "on_build_barricade", seat, section=i)
        return
    cost2 = wall_cost(g, i)
    assert cost2 is not None
    split = _warehouse_first(g, seat, cost2, free)
    assert split is not None
    _pay_split(g, seat, split)
    sec["wall"] += 1
    archers = [s for s in sec["firing"] if s is not None]
    spots = max(firing_spots(sec["wall"]), len(archers))
    sec["firing"] = archers + [None] * (spots - len(archers))
    n = model.add_honor(g, seat, WALL_HONOR[sec["wall"]])
    ctx.log(fmt(t("{p} builds the Wall of {s} to level {v} (+{n} Honor).",
                  "{p}將{s}的長城修築到{v}級（+{n}榮譽）。"), p=seat_name(seat), s=horde.section_name(i),
                          v=sec["wall"],
                          n=n), seat=seat)
    effects.trigger(ctx, "on_build_wall", seat, section=i, level=sec["wall"])
    modes.on_wall(ctx, seat)  # co-op: 1 command card back (L969)


def _pay_split(g: Data, seat: int, split: tuple[dict[str, int], dict[str, int]]) -> None:
    for r, n in split[0].items():
        g["warehouse"][r] -= n
    model.pay(g, seat, split[1])


def ask_build(ctx: Ctx, seat: int, what: str, free: bool) -> None:
    d = {"loc": "builders_camp", "left": 1, "free": free, "what": what}
    if _use_legal(ctx.data, seat, d, check=True):
        steps.ask(ctx.data, "location", seat, **d)


# ------------------------------------------------------------------------------ imperial envoy
def hire_options(g: Data, seat: int, free: bool = False, what: str | None = None) -> list[Action]:
    p = g["players"][seat]
    out: list[Action] = []
    if what in (None, "clerk") and p["envoy"] > 0 and (free or model.can_pay(g, seat, HIRE_CLERK)):
        out.append({"type": "use", "location": "imperial_envoy", "hire": "clerk"})
    if what in (None, "advisor") and (free or p["res"]["gold"] >= cards.hire_advisor_cost(g, seat)):
        for card in g["advisor_track"]:
            out += [{"type": "use", "location": "imperial_envoy", "hire": "advisor", "card": card, "as": a}
                    for a in ("active", "supporting")]
    return out


def hire(ctx: Ctx, seat: int, action: Action, free: bool = False) -> None:
    """One Envoy use (L433-444): a clerk from the reserve for 2 Gold, or any Advisor of the track for
    (advisors owned + 1) Gold, made Active or Supporting for good; the track slides and refills."""
    g = ctx.data
    p = g["players"][seat]
    if action["hire"] == "clerk":
        if not free:
            model.pay(g, seat, HIRE_CLERK)
        p["envoy"] -= 1
        p["clerks"] += 1
        ctx.log(fmt(t("{p} hires a clerk.", "{p}僱用1個文官。"), p=seat_name(seat)), seat=seat)
        return
    cards.take_advisor(ctx, seat, action["card"], action["as"], free=free)  # pays (L436), refills (L444)
    effects.trigger(ctx, "on_hire_advisor", seat, card=action["card"], as_=action["as"])


def ask_hire(ctx: Ctx, seat: int, what: str, free: bool) -> None:
    d = {"loc": "imperial_envoy", "left": 1, "free": free, "what": what}
    if _use_legal(ctx.data, seat, d, check=True):
        steps.ask(ctx.data, "location", seat, **d)


# ----------------------------------------------------------------------- advanced activation
def _advanced_options(g: Data, allowed: list[str] | None) -> list[str]:
    return [loc for loc in (allowed or gdata.LOCATION_IDS)
            if g["locations"][loc] and modes.may_activate(g, loc)]


def ask_advanced(ctx: Ctx, seat: int, n: int, allowed: list[str] | None) -> None:
    """The op ``advanced_activation`` (L330-340): the seat picks a location holding clerks; it
    activates even if not full, with no yellow-flag shame."""
    if n > 0 and _advanced_options(ctx.data, allowed):
        steps.ask(ctx.data, "advanced", seat, n=n, allowed=allowed)


def _advanced_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [*({"type": "activate", "location": loc} for loc in _advanced_options(g, d.get("allowed"))),
            {"type": "pass"}]


@steps.decision("advanced", _advanced_legal)
def _advanced(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if action["type"] == "pass":
        return
    todo: list[Data] = [{"do": "activate", "loc": action["location"], "advanced": True}]
    if d["n"] > 1:
        todo.append({"do": "effect", "seat": seat, "why": "advanced",
                     "effect": {"op": "advanced_activation", "n": d["n"] - 1, "locations": d.get("allowed")}})
    steps.push(ctx.data, *todo)


# ------------------------------------------------------------------------------ effect ops
@effects.op("advanced_activation")
def _op_advanced(ctx: Ctx, seat: int, e: Data) -> None:
    ask_advanced(ctx, seat, int(e.get("n", 1)), e.get("locations"))


@effects.op("attack_order")
def _op_attack_order(ctx: Ctx, seat: int, e: Data) -> None:
    ask_attack_order(ctx, seat)


@effects.op("recruit")
def _op_recruit(ctx: Ctx, seat: int, e: Data) -> None:
    ask_recruit(ctx, seat, e.get("kinds"), bool(e.get("free", False)))


@effects.op("build")
def _op_build(ctx: Ctx, seat: int, e: Data) -> None:
    ask_build(ctx, seat, str(e.get("what", "barricade")), bool(e.get("free", False)))


@effects.op("hire")
def _op_hire(ctx: Ctx, seat: int, e: Data) -> None:
    ask_hire(ctx, seat, str(e.get("what", "clerk")), bool(e.get("free", False)))
