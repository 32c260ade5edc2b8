"""The Reed Clan (L683-733): the opponent of the 2-player game (and of solo, where Qin runs it, L848-854).

It is not a seat. It never gains Honor, shame or resources and never saves soldiers; a card it earns
the credit for is discarded (L709); its soldiers sent to a rest area go back to its supply (L710). It
has 3 clerks on the board for good, at most 1 per location, starting on the Lumber mill, Quarry and
Gold mine (L701, L712); a location holding only its clerks does not activate (L711). Its one command
card takes the leftmost free slot every Autumn (L713). Its choices are made by the active player, or by
the seat highest in tea order when its own card is resolved (L714-715), through the ``reed_*``
decisions below. Those made for the Reed Clan (``reed_clerks``, ``reed_envoy``, ``reed_build``,
``reed_deploy``) carry ``automa="reed"``, shown in every view, so that the seat may hand one to a bot
(kernel ``decisions``); ``reed_temple`` does not: it is the seat's own shame. What it does at a
location that activates (L717-733):

- Lumber mill, Quarry, Gold mine: 1 of that resource from the general supply to the Warehouse, no Honor;
- Temple: the active player may discard 1 of its own shame tokens (not when the Reed Clan is active);
- Imperial Envoy: the acting player discards 1 card of the Advisor track, which slides and refills;
- Builders' camp: the acting player builds 1 free barricade for it in any section;
- Barracks: it recruits 1 spearman, which the acting player puts on a legal vital spot, else it stays;
- War academy, Transport station: nothing; Tea house: its marker moves as usual (modes.tea_house).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import cards, clerks, combat, horde, model, modes, shame, steps
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.modes import acting, name
from pygame_core.games.great_wall.text import RES_NAME, Text, fmt, t
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]
DOC: Data = gdata.load("reed.json")
CARD: Data = DOC["command"]
REED = "reed"
NAME = name(REED)
#: The decisions a seat makes for the Reed Clan (L719-733), pushed with ``automa=REED``: the view marks
#: them and the seat may hand one to a bot. ``reed_temple`` (L723) is the seat's own shame: not one.
AUTOMA_KINDS = frozenset({"reed_clerks", "reed_envoy", "reed_build", "reed_deploy"})


def setup(ctx: Ctx) -> None:
    """Setup steps 5 and 14 (L693, L701): 10 spearmen in its supply, its 3 clerks on the production
    locations."""
    g = ctx.data
    g["reed"] = {"supply": int(DOC["spearmen"])}
    for loc in DOC["start_locations"]:
        g["locations"][loc].append(REED)


def view(g: Data) -> Data:
    return {"supply": g["reed"]["supply"], "card": CARD["id"],
            "clerks": [loc for loc in gdata.LOCATION_IDS if REED in g["locations"][loc]]}


def _qin_runs(g: Data) -> bool:
    return modes.qin.runs_reed(g)


# ------------------------------------------------------------------------------------ its turn
def turn_steps(ctx: Ctx, slot: int, card: str) -> list[Data]:
    """The Reed Clan's card (data/reed.json): the top box is done for it by the seat highest in tea
    order (L714), the middle box by every seat in tea order (L616)."""
    g = ctx.data
    g["turn"] = {"slot": slot, "seat": REED}
    ctx.log(fmt(t("{p}'s turn.", "輪到{p}。"), p=NAME))
    todo: list[Data] = []
    for e in CARD["top"]:
        todo.append({"do": "reed_effect", "effect": dict(e)})
    for s in g["tea"]:
        todo += [{"do": "effect", "seat": s, "effect": dict(e), "why": "command:reed:middle"}
                 for e in CARD["middle"]]
    return todo + modes.middle_steps(g, REED)


@steps.step("reed_effect")
def _reed_effect(ctx: Ctx, st: Data) -> None:
    e = st["effect"]
    if e["op"] == "reed_clerks":
        ask_clerks(ctx, int(e.get("n", 1)))


def clerk_moves(g: Data, used: list[str]) -> list[Action]:
    """Moves of one Reed clerk: from an unlocked location (L304) to one with room that holds no Reed
    clerk (L712, L715) and that this effect has not used."""
    srcs = [loc for loc in gdata.LOCATION_IDS if REED in g["locations"][loc] and not clerks.locked(g, loc)]
    dsts = [loc for loc in gdata.LOCATION_IDS
            if REED not in g["locations"][loc] and model.has_room(g, loc) and loc not in used]
    return [{"type": "clerk", "from": a, "to": b} for a in srcs for b in dsts]


def ask_clerks(ctx: Ctx, n: int) -> None:
    g = ctx.data
    if n <= 0 or not clerk_moves(g, []):
        return
    if _qin_runs(g):
        modes.qin.move_reed(ctx, n)
        return
    steps.ask(g, "reed_clerks", acting(g), left=n, used=[], automa=REED)


def _clerks_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [*clerk_moves(g, d["used"]), {"type": "stop"}]


def move(ctx: Ctx, src: str, dst: str) -> None:
    g = ctx.data
    g["locations"][src].remove(REED)
    g["locations"][dst].append(REED)
    ctx.log(fmt(t("{p} moves a clerk from the {a} to the {b}.",
                  "{p}將1個文官從{a}移到{b}。"), p=NAME, a=_loc(g, src), b=_loc(g, dst)))


@steps.decision("reed_clerks", _clerks_legal)
def _clerks(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    if action["type"] == "stop":
        return
    move(ctx, action["from"], action["to"])
    left, used = int(d["left"]) - 1, [*d["used"], action["to"]]
    if left > 0 and clerk_moves(ctx.data, used):
        steps.ask(ctx.data, "reed_clerks", seat, left=left, used=used, automa=REED)


# ------------------------------------------------------------------------------- its locations
@steps.step("reed_act")
def _act(ctx: Ctx, st: Data) -> None:
    """The Reed Clan at a location that activates (L719-733)."""
    g = ctx.data
    loc = str(st["loc"])
    seat = acting(g)
    res = gdata.location(g["side"], loc)["produces"]
    if res in ("wood", "stone", "gold"):  # L721
        g["warehouse"][res] += 1
        ctx.log(fmt(t("{p} donates 1 {r} to the Warehouse.", "{p}捐獻1個{r}到倉庫。"), p=NAME, r=_res(res)))
    elif res == "chi":  # L723
        turn = g.get("turn")
        if turn and not isinstance(turn["seat"], str) and shame.held(g, int(turn["seat"])) > 0:
            steps.ask(g, "reed_temple", int(turn["seat"]))
    elif loc == "imperial_envoy" and g["advisor_track"]:  # L725
        if _qin_runs(g):
            discard_advisor(ctx, g["advisor_track"][0])
        else:
            steps.ask(g, "reed_envoy", seat, automa=REED)
    elif loc == "builders_camp" and barricade_options(g):  # L727
        if _qin_runs(g):
            build(ctx, modes.qin.indicated_section(g, [a["section"] for a in barricade_options(g)]))
        else:
            steps.ask(g, "reed_build", seat, automa=REED)
    elif loc == "barracks" and g["reed"]["supply"] > 0:  # L729
        if _qin_runs(g):
            modes.qin.deploy_for_reed(ctx)
        elif deploy_options(g):
            g["reed"]["supply"] -= 1
            steps.ask(g, "reed_deploy", seat, automa=REED)
        else:
            ctx.log(fmt(t("{p} recruits a spearman, who finds no free vital spot.",
                          "{p}招募1個矛兵，但沒有可放置的致命部位。"), p=NAME))


def _temple_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [{"type": "discard_shame", "n": 1}, {"type": "pass"}] if shame.held(g, seat) else []


#: L723: what the active player's discard at the Temple costs: nothing (shame.discard's Summer line
#: says "pays 2 Chi")
TEMPLE: Text = t("{p} discards {n} shame token(s) for free: the Reed Clan has a clerk at the Temple.",
                 "蘆葦氏族的文官在廟宇：{p}免費棄置 {n} 個恥辱標記。")


@steps.decision("reed_temple", _temple_legal)
def _temple(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    """L723: a free discard of 1 own shame token."""
    if action["type"] == "pass":
        return
    shame.discard(ctx, seat, 1, free=True, text=TEMPLE)


def _envoy_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [{"type": "reed_discard", "card": c} for c in g["advisor_track"]]


def discard_advisor(ctx: Ctx, card: str) -> None:
    g = ctx.data
    g["advisor_track"].remove(card)
    g["advisor_discard"].append(card)
    ctx.log(fmt(t("For {p}, {c} leaves the Advisor track.",
                  "為{p}棄置軍師軌上的{c}。"), p=NAME, c=cards.name(card)))
    cards._refill_track(ctx)  # slide and refill (L444)


@steps.decision("reed_envoy", _envoy_legal)
def _envoy(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    discard_advisor(ctx, str(action["card"]))


def barricade_options(g: Data) -> list[Action]:
    return [{"type": "reed_build", "section": i} for i in model.open_sections(g)
            if g["sections"][i]["barricades"] < 3]


def build(ctx: Ctx, section: int) -> None:
    ctx.data["sections"][section]["barricades"] += 1
    ctx.log(fmt(t("{p} builds a barricade in section {s}.",
                  "{p}在長城區 {s} 設置1個防禦工事。"), p=NAME, s=section + 1))


@steps.decision("reed_build", lambda g, seat, d: barricade_options(g))
def _build(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    build(ctx, int(action["section"]))


def deploy_options(g: Data) -> list[Action]:
    """A Reed spearman's legal vital spots (L729): a free spot of a card in the row nearest the Wall
    (L530-532)."""
    out: list[Action] = []
    for i in model.open_sections(g):
        slot = g["sections"][i]["rows"][0]
        if slot is not None:
            out += [{"type": "deploy", "kind": "spear", "section": i, "row": 0, "spots": [j]}
                    for j in combat.free_spots(slot)]
    return out


def deploy(ctx: Ctx, section: int, spot: int) -> None:
    """Put a Reed spearman (already out of its supply) on a spot; it gains nothing there (L709)."""
    g = ctx.data
    slot = g["sections"][section]["rows"][0]
    slot["soldiers"].append({"seat": REED, "kind": "spear", "spots": [spot]})
    ctx.log(fmt(t("{p} sends a spearman onto a Horde card (section {s}).",
                  "{p}派出矛兵攻擊蒙軍卡（長城區 {s}）。"), p=NAME, s=section + 1))


@steps.decision("reed_deploy", lambda g, seat, d: deploy_options(g))
def _deploy(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    deploy(ctx, int(action["section"]), int(action["spots"][0]))


# ------------------------------------------------------------------------------------ labels
def _loc(g: Data, loc: str) -> Text:
    n: Text = gdata.location(g["side"], loc)["name"]
    return n


def _res(r: str) -> Text:
    out: Text = RES_NAME[r]
    return out


def label(g: Data, a: Action) -> Text | None:
    ty = a["type"]
    if ty == "clerk":
        return fmt(t("Reed clerk: {a} → {b}", "蘆葦氏族文官：{a} → {b}"),
                   a=_loc(g, a["from"]), b=_loc(g, a["to"]))
    if ty == "reed_discard":
        return fmt(t("Discard {c} from the Advisor track", "棄置軍師軌上的{c}"),
                   c=cards.name(a["card"]))
    if ty == "reed_build":
        return fmt(t("Reed barricade in section {s}",
                     "為蘆葦氏族在長城區 {s} 設置防禦工事"), s=int(a["section"]) + 1)
    if ty == "deploy":
        card = g["sections"][a["section"]]["rows"][a["row"]]["card"]
        return fmt(t("Reed spearman onto {c}, spot {j}", "蘆葦氏族矛兵攻擊{c}的第{j}個部位"),
                   c=horde.name(card), j=int(a["spots"][0]) + 1)
    if ty == "discard_shame":
        return t("Discard 1 shame token (free)", "免費棄置1個恥辱標記")
    if ty in ("stop", "pass"):
        return t("Done", "完成")
    return None
