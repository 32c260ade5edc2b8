"""The action phase: the marker and the seven arches (L106-130, L357-447).

- The current era's marker goes on an arch other than the one it sits on, so no arch twice in a row
  (L108, L364); a new era's marker sits on none, so any arch may start the era (L112).
- An era marker under an arch gives its bonus whenever that arch is used (L110, L114-120): era I
  peeks at one face-down exploration tile (L116), era II draws a battle card (L120).
- An arch is upgraded once a product sits in one of its slots (L49, L129, L400): the bonuses of
  L423-447 (Trade's is not in the seed, G11: none).

Each arch is a short run of small steps (turn phase "arch", ``turn["doing"]``); ``skip`` ends the
arch's step without doing it (Deploy's skip still draws its battle card, L370). Build and Renovate
live in build.py, Trade in trade.py.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import build, cards, economy, effects, model, monarchs, trade
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import ARCH_NAME, ARCHES, RESOURCES, UNIT_NAME, fmt, said, t
from pygame_core.kernel import Ctx

Data = dict[str, Any]
Action = dict[str, Any]


def upgraded(p: Data, arch: str) -> bool:
    return arch in p["products"].values()


def choosable(g: Data, seat: int) -> list[str]:
    """L108: every arch but the one the current marker sits on."""
    p = model.player(g, seat)
    return [a for a in ARCHES if a != p["marker"]["arch"]]


def choose(ctx: Ctx, seat: int, arch: str, *, extra: bool = False) -> None:
    """Put the marker on ``arch`` (not for an extra action: the marker stays, gold cards) and start
    its steps, after the bonus of an era marker under it (L114-120)."""
    g = ctx.data
    p = model.player(g, seat)
    turn = g["turn"]
    if not extra:
        p["marker"]["arch"] = arch
        turn["arch"] = arch
        ctx.log(said(seat, fmt(t("takes the {a} action", "執行「{a}」行動"), a=_arch_name(arch))))
    if extra:  # a gold card's or a reward's extra action: the interrupted step resumes after it
        turn.setdefault("saved", []).append({k: turn[k] for k in ("phase", "doing", "step") if k in turn})
    turn["phase"] = "arch"
    turn["doing"] = arch
    turn["step"] = 0
    under = p["under"].get(arch)
    if under == 1 and peekable(g, seat):
        g["pending"].insert(0, {"seat": seat, "kind": "peek"})
    elif under == 2:
        cards.draw(ctx, seat, "battle")


def _arch_name(arch: str) -> dict[str, str]:
    return ARCH_NAME[arch]


def peekable(g: Data, seat: int) -> list[str]:
    seen = set(g["peeked"].get(str(seat), []))
    return [h for h in model.geo(g).order if model.explore(g, h) is not None and h not in seen]


def finish(ctx: Ctx) -> None:
    model.finish_arch(ctx.data)


# ------------------------------------------------------------------------------------------ steps
def legal(g: Data, seat: int) -> list[Action]:
    arch = g["turn"]["doing"]
    out: list[Action]
    if arch == "deploy":
        out = deploy_legal(g, seat)
    elif arch == "paint":
        out = paint_legal(g, seat)
    elif arch == "build":
        out = build.build_legal(g, seat)
    elif arch == "renovate":
        out = build.renovate_legal(g, seat)
    elif arch == "manufacture":
        out = manufacture_legal(g, seat)
    elif arch == "port":
        out = [{"type": "port", "good": r} for r in RESOURCES]
    else:
        return trade.legal(g, seat)
    return [*out, {"type": "skip"}]


def charge(ctx: Ctx, seat: int, action: Action) -> bool:
    """Pay for an arch's step (economy.charge): True when paid (or free), False when the seat owes a
    ``pay`` decision first (the step is played once it is paid, :func:`apply` with ``paid``)."""
    g = ctx.data
    ty = action["type"]
    kw: dict[str, Any] = {}
    if ty == "deploy":
        u = g["units"][action["unit"]]
        if u["state"] != "board":  # L373: a defeated unit redeploys free
            return True
        cost = unit_cost(g, seat, u["slot"])
    elif ty == "buy":
        card = action["painting"]
        cost = _cheap_cost(card) if g["turn"]["step"] == 1 else painting_cost(g, seat, card)
    elif ty == "build":
        cost = build.build_cost(g, seat, action["what"], action.get("stack"))
        kw["any_ok"] = upgraded(model.player(g, seat), "build") and action["what"] != "city"
    elif ty == "renovate":
        if upgraded(model.player(g, seat), "renovate"):  # L437
            return True
        cost, kw["exclude"] = {"any_resource": 1}, action["hex"]  # L395: not from that tile
    elif ty == "manufacture":
        cost = product_cost(g, seat, product(model.player(g, seat), action["product"]))
    elif ty == "trade":
        cost = trade.cost(action)
        kw.update(strict=True, cards=False)  # B6
    else:
        return True
    return economy.charge(ctx, seat, cost, action, **kw)


def apply(ctx: Ctx, seat: int, action: Action, *, paid: bool = False) -> None:
    """Play an arch's step; ``paid``: its cost is paid already (the seat's ``pay`` decision)."""
    g = ctx.data
    arch = g["turn"]["doing"]
    ty = action["type"]
    p = model.player(g, seat)
    if not paid and not charge(ctx, seat, action):
        return  # the step is played once the seat has paid (flow.py)
    if ty == "skip":
        if arch == "deploy":  # L370: no unit, only the battle card
            _fresh(g, cards.draw(ctx, seat, "battle"))
        ctx.log(said(seat, fmt(t("does no {a}", "不執行「{a}」"), a=_arch_name(arch))))
        _next_step(ctx, seat, arch)
        return
    if arch == "deploy":
        deploy(ctx, seat, action["unit"], action["hex"])
    elif arch == "paint":
        buy(ctx, seat, action["painting"])
    elif arch == "build":
        build.build(ctx, seat, action)
    elif arch == "renovate":
        build.renovate(ctx, seat, action["hex"], bool(action["flip"]))
    elif arch == "manufacture":
        manufacture(ctx, seat, action["product"], action["arch"])
    elif arch == "port":
        economy.gain(g, seat, {action["good"]: 1})
        ctx.log(
            said(
                seat,
                fmt(t("takes 1 {g} at the port", "從港口獲得 1 {g}"), g=effects.GOOD_NAME[action["good"]]),
            )
        )
        if upgraded(p, "port"):  # L445
            cards.draw(ctx, seat, "gold")
    else:
        trade.apply(ctx, seat, action)
        return
    _next_step(ctx, seat, arch)


def _next_step(ctx: Ctx, seat: int, arch: str) -> None:
    """An upgraded Deploy deploys once more (L425), an upgraded Paint may take one cheap painting
    more (L429-431, B15); every other arch is done after one step."""
    g = ctx.data
    turn = g["turn"]
    p = model.player(g, seat)
    if arch in ("deploy", "paint") and upgraded(p, arch) and turn["step"] == 0:
        turn["step"] = 1
        if arch == "paint" and not cheap_paintings(g, seat):
            finish(ctx)
        return
    if arch == "deploy" and not turn.get("napoleon_done") and monarchs.hook(g, seat) == "napoleon":
        if not p["firsts"].get("deploy_action"):
            cards.draw(ctx, seat, "battle")  # L104: after the first Deploy, 1 extra battle card
        turn["napoleon_done"] = True
    if arch == "deploy":
        p["firsts"]["deploy_action"] = True
    finish(ctx)


# ----------------------------------------------------------------------------------------- deploy
def deploy_hexes(g: Data, seat: int) -> list[str]:
    """L371: the seat's own capital or a city it built and controls."""
    out = []
    for h in model.geo(g).order:
        x = model.at(g, h)
        if x.get("capital") == seat or (
            x.get("city") is not None and x["city"]["owner"] == seat and model.controller(g, h) == seat
        ):
            out.append(h)
    return out


def unit_cost(g: Data, seat: int, slot: int) -> Any:
    """L261: the cost under the slot, paid on the first deployment only."""
    return economy.discounted(g, seat, "deploy", model.unit_slot(g, seat, slot).get("cost"))


def deploy_legal(g: Data, seat: int) -> list[Action]:
    out: list[Action] = []
    hexes = deploy_hexes(g, seat)
    for uid, u in g["units"].items():
        if u["seat"] != seat or u["state"] == "map":
            continue
        if u["state"] == "board" and not economy.can_pay(g, seat, unit_cost(g, seat, u["slot"])):
            continue
        out += [{"type": "deploy", "unit": uid, "hex": h} for h in hexes]
    return out


def deploy(ctx: Ctx, seat: int, uid: str, h: str) -> None:
    """L368-373: place the unit (its first deployment paid: :func:`charge`), draw 1 battle card; a
    unit back from a defeat redeploys free (L373). Taking it off its slot gives the slot's reward
    (L38, L261)."""
    g = ctx.data
    u = g["units"][uid]
    slot = model.unit_slot(g, seat, u["slot"])
    first = u["state"] == "board"
    u["state"], u["hex"] = "map", h
    ctx.log(
        said(
            seat,
            fmt(
                t("deploys a {u}", "部署 1 個{u}"),
                u=UNIT_NAME.get(slot["type"], t(slot["type"], slot["type"])),
            ),
        )
    )
    if first:
        effects.apply(ctx, seat, slot.get("reward", []))
        monarchs.on_first_deploy(ctx, seat, str(slot["type"]))
    _fresh(g, cards.draw(ctx, seat, "battle"))


def _fresh(g: Data, drawn: list[str]) -> None:
    """FAQ (Napoleon, Afonso I): a battle card drawn by this Deploy cannot pay this Deploy's cost."""
    g["turn"].setdefault("fresh", []).extend(drawn)


# ------------------------------------------------------------------------------------------ paint
def painting_cost(g: Data, seat: int, card: str) -> Any:
    return economy.discounted(g, seat, "paint", bd.PAINTINGS[card].get("cost", {}))


def paint_legal(g: Data, seat: int) -> list[Action]:
    if g["turn"]["step"] == 1:
        return [{"type": "buy", "painting": c} for c in cheap_paintings(g, seat)]
    return [
        {"type": "buy", "painting": c}
        for c in g["decks"]["display"]
        if economy.can_pay(g, seat, painting_cost(g, seat, c))
    ]


def _cheap_cost(card: str) -> dict[str, int] | None:
    """B15: the upgraded Paint takes a painting costing 1 gold for 1 resource, or one costing 1
    resource for free (L429-431)."""
    cost = economy.alternatives(bd.PAINTINGS[card].get("cost", {}))[0]
    total = sum(cost.values())
    if total == 1 and cost.get("gold") == 1:
        return {"any_resource": 1}
    if total <= 1 and all(k in RESOURCES or k == "any_resource" for k in cost):
        return {}
    return None


def cheap_paintings(g: Data, seat: int) -> list[str]:
    out = []
    for c in g["decks"]["display"]:
        cost = _cheap_cost(c)
        if cost is not None and economy.can_pay(g, seat, cost):
            out.append(c)
    return out


def buy(ctx: Ctx, seat: int, card: str) -> None:
    """L375-377: take the painting face up (paid: :func:`charge`), refill the display from the same
    medal."""
    g = ctx.data
    p = model.player(g, seat)
    g["decks"]["display"].remove(card)
    p["paintings"].append(card)
    ctx.log(said(seat, fmt(t("buys the painting {c}", "購買繪畫卡 {c}"), c=bd.name(bd.PAINTINGS[card]))))
    monarchs.on_painting(ctx, seat, cards.medal(card))
    cards.refill_display(ctx, cards.medal(card))


# ------------------------------------------------------------------------------------ manufacture
def product_cost(g: Data, seat: int, product: Data) -> Any:
    """L419: the cost under the slot; upgraded Manufacture costs 1 resource less (L441)."""
    alts = economy.discounted(g, seat, "manufacture", product.get("cost", {}))
    if not upgraded(model.player(g, seat), "manufacture"):
        return alts
    out = []
    for alt in alts:
        alt = dict(alt)
        for k in (*RESOURCES, "any_resource"):
            if alt.get(k):
                alt[k] -= 1
                if not alt[k]:
                    del alt[k]
                break
        out.append(alt)
    return out


def free_slots(g: Data, seat: int, shape: str) -> list[str]:
    """The arches with an empty upgrade slot of ``shape`` (L49, L400)."""
    p = model.player(g, seat)
    b = bd.board(p["board"])
    out = []
    for arch in ARCHES:
        slots = list(b.get("arches", {}).get(arch, {}).get("slots", []))
        for pid, where in p["products"].items():
            if where == arch and product(p, pid)["shape"] in slots:
                slots.remove(product(p, pid)["shape"])
        if shape in slots:
            out.append(arch)
    return out


def product(p: Data, pid: str) -> Data:
    return next(x for x in bd.board(p["board"])["products"] if x["id"] == pid)


def manufacture_legal(g: Data, seat: int, *, free: bool = False, shape: str | None = None) -> list[Action]:
    p = model.player(g, seat)
    out: list[Action] = []
    for x in bd.board(p["board"])["products"]:
        if x["id"] in p["products"] or (shape is not None and x["shape"] != shape):
            continue
        if not free and not economy.can_pay(g, seat, product_cost(g, seat, x)):
            continue
        out += [
            {"type": "manufacture", "product": x["id"], "arch": a} for a in free_slots(g, seat, x["shape"])
        ]
        if monarchs.queen_room(g, seat):
            out.append({"type": "manufacture", "product": x["id"], "arch": "queen"})
    return out


def manufacture(ctx: Ctx, seat: int, pid: str, where: str) -> None:
    """L397-402: take the product (paid: :func:`charge`; a palace's free product is not paid)."""
    g = ctx.data
    p = model.player(g, seat)
    x = product(p, pid)
    p["products"][pid] = where
    ctx.log(said(seat, fmt(t("manufactures {p}", "製造 {p}"), p=bd.name(x))))
    if where == "queen":  # L100
        economy.gain(g, seat, {"science": 1})
