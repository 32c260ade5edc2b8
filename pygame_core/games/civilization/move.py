"""Movement (L850-926): figures and groups, stacking, water, discovering tiles, huts and villages,
entering enemy squares and cities."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import combat, flow, geo, model, research
from pygame_core.games.civilization.data import BUILDINGS
from pygame_core.games.civilization.text import HUT, t
from pygame_core.kernel import Ctx
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import fmt, seat_name

Data = dict[str, Any]


def _unmoved(data: Data, seat: int) -> dict[int, dict[str, list[str]]]:
    out: dict[int, dict[str, list[str]]] = {}
    for fid in sorted(data["figs"], key=lambda f: int(f[1:])):
        f = data["figs"][fid]
        if f["o"] == seat and fid not in data["moved"] and not _held(data, fid):
            out.setdefault(f["sq"], {"army": [], "scout": []})[f["k"]].append(fid)
    return out


def _held(data: Data, fid: str) -> bool:
    """A figure that may not move this turn: shipped by Steam Power, or on a square Communism pinned."""
    return fid in data.get("pinned", []) or data["figs"][fid]["sq"] in data.get("frozen", [])


def hostile(data: Data, seat: int, sq: int, occ: dict[int, list[str]]) -> bool:
    """Enemy figures, a hut or village marker or an enemy city on ``sq`` (entering it stops a group)."""
    ci = model.city_at(data, sq)
    return (
        any(data["figs"][f]["o"] != seat for f in occ.get(sq, []))
        or str(sq) in data["marks"]
        or (ci >= 0 and data["cities"][ci]["o"] != seat)
    )


def flies(data: Data, seat: int) -> bool:
    """Flight: moving figures ignore enemy figures, huts, villages and cities (S3)."""
    return any(e.get("rule") == "ignore_blockers" for e in model.effects_in_force(data, seat))


def fly_over_ok(data: Data, seat: int, to: int, left: int, occ: dict[int, list[str]]) -> bool:
    """With Flight a group may pass over a hostile square, never stop there: it needs a point left after
    entering it (ruling, as for crossing water, L866)."""
    return left >= 2 and geo.grid(data)[to] is not None and hostile(data, seat, to, occ)


def step_ok(
    data: Data,
    seat: int,
    sq: int,
    to: int,
    armies: int,
    scouts: int,
    left: int,
    occ: dict[int, list[str]],
    tr: dict[str, Any],
) -> bool:
    """Whether a group of ``armies`` + ``scouts`` on ``sq`` with ``left`` movement may step to ``to``."""
    g = geo.grid(data)[to]
    if g is None or left < 1:  # L870: face-down tiles do not exist
        return False
    n = armies + scouts
    here = occ.get(to, [])
    enemy = [f for f in here if data["figs"][f]["o"] != seat]
    ci = model.city_at(data, to)
    hostile = bool(enemy) or str(to) in data["marks"] or (ci >= 0 and data["cities"][ci]["o"] != seat)
    if hostile:
        return scouts == 0 and armies > 0  # L896, L918, L926: scouts may not
    if g["terrain"] == "water":
        if tr["water"] == "none" or (tr["water"] == "cross" and left < 2):
            return False  # L862-866
    if ci >= 0 and left < 2:
        return False  # L926: pass through, never end there
    return len(here) + n <= tr["stack"]  # L860


def can_stop(data: Data, seat: int, sq: int, tr: dict[str, Any]) -> bool:
    g = geo.grid(data)[sq]
    if g is None or hostile(data, seat, sq, model.occupants(data)):
        return False  # a group that flew onto a hostile square goes on
    if g["terrain"] == "water" and tr["water"] != "end":
        return False
    return model.city_at(data, sq) < 0


def _explorable(data: Data, sq: int) -> list[int]:
    return [i for i, c in enumerate(data["tiles"]) if not c["up"] and geo.facing(data, sq, i) is not None]


def legal(data: Data, seat: int) -> list[Action]:
    occ = model.occupants(data)
    tr = model.traits(data, seat)
    out: list[Action] = []
    mv = data["mv"]
    fly = flies(data, seat)
    if mv is not None:
        sq = data["figs"][mv["figs"][0]]["sq"]
        a = sum(1 for f in mv["figs"] if data["figs"][f]["k"] == "army")
        s = len(mv["figs"]) - a
        occ2 = {k: [f for f in v if f not in mv["figs"]] for k, v in occ.items()}
        for to in geo.orth(data, sq):
            if step_ok(data, seat, sq, to, a, s, mv["left"], occ2, tr):
                out.append({"type": "step", "to": to})
            if fly and fly_over_ok(data, seat, to, mv["left"], occ2):
                out.append({"type": "step", "to": to, "over": True})
            if len(mv["figs"]) == 1:
                out.extend({"type": "step", "to": to, "sacrifice": x} for x in _sacrifice(data, seat, to))
        out.extend({"type": "explore", "cell": i} for i in _explorable(data, sq))
        if can_stop(data, seat, sq, tr) or not out:
            out.append({"type": "stop"})
        return out
    for sq, kinds in sorted(_unmoved(data, seat).items()):
        na, ns = len(kinds["army"]), len(kinds["scout"])
        occ2 = {k: v for k, v in occ.items()}
        occ2[sq] = [f for f in occ.get(sq, []) if data["figs"][f]["o"] != seat or f in data["moved"]]
        combos = [(a, s) for a in range(na + 1) for s in range(ns + 1) if a + s > 0]
        for to in geo.orth(data, sq):
            over = fly and fly_over_ok(data, seat, to, tr["speed"], occ2)
            for a, s in combos:
                if step_ok(data, seat, sq, to, a, s, tr["speed"], occ2, tr):
                    out.append({"type": "move", "from": sq, "armies": a, "scouts": s, "to": to})
                if over:
                    out.append({"type": "move", "from": sq, "armies": a, "scouts": s, "to": to, "over": True})
            sac = _sacrifice(data, seat, to)
            for a, s in ((1, 0), (0, 1)):
                if (a <= na and s <= ns) and sac:
                    out.extend(
                        {"type": "move", "from": sq, "armies": a, "scouts": s, "to": to, "sacrifice": x}
                        for x in sac
                    )
        cells = _explorable(data, sq)
        if cells:
            a, s = (1, 0) if na else (0, 1)
            out.extend({"type": "explore", "from": sq, "armies": a, "scouts": s, "cell": i} for i in cells)
    out.append({"type": "end_move"})
    return out


def apply(ctx: Ctx, seat: int, action: Action) -> None:
    d = ctx.data
    k = action["type"]
    if k == "end_move":
        d["mv"] = None
        flow.next_player(ctx)
        return
    if k == "stop":
        figs = d["mv"]["figs"]
        sq = d["figs"][figs[0]]["sq"]
        if hostile(d, seat, sq, model.occupants(d)):
            _enter(ctx, seat, list(figs), sq)  # flown onto a hostile square with no way on: enter it
        else:
            _arrive(ctx, seat)
        d["mv"] = None
        return
    if k in ("move", "explore") and "from" in action:
        kinds = _unmoved(d, seat)[action["from"]]
        figs = kinds["army"][: action["armies"]] + kinds["scout"][: action["scouts"]]
        d["moved"].extend(figs)
        d["mv"] = {"figs": figs, "left": model.traits(d, seat)["speed"]}
    mv = d["mv"]
    if "sacrifice" in action:
        fid = mv["figs"][0]
        del d["figs"][fid]
        d["mv"] = None
        d["p"][seat]["used"].append("sacrifice")
        research.learn(ctx, seat, action["sacrifice"], free=True)
        return
    if k == "explore":
        _explore(ctx, seat, action["cell"])
        mv["left"] -= 1  # L876: 1 movement point
    else:
        _step(ctx, seat, action["to"], bool(action.get("over")))
    if d["mv"] is not None and d["mv"]["left"] <= 0:
        _arrive(ctx, seat)
        d["mv"] = None


def _arrive(ctx: Ctx, seat: int) -> None:
    """Combustion: once per turn an army ending its move on an enemy building destroys it (data rule)."""
    d = ctx.data
    mv = d["mv"]
    if mv is None or "raze" in d["p"][seat]["used"]:
        return
    sq = d["figs"][mv["figs"][0]]["sq"]
    item = d["items"].get(str(sq))
    if item is None or item["k"] != "b" or item["o"] == seat:
        return
    if not any(d["figs"][f]["k"] == "army" for f in mv["figs"]):
        return
    if any(e.get("rule") == "destroy_building_on_move" for e in model.effects_in_force(d, seat)):
        del d["items"][str(sq)]
        d["supply"][BUILDINGS[item["id"]]["marker"]] += 1
        d["p"][seat]["used"].append("raze")
        ctx.log(fmt(t("{p} destroys a building.", "{p}摧毀一座建築物。"), p=seat_name(seat)))


def _sacrifice(data: Data, seat: int, to: int) -> list[str]:
    """Russia: once per turn a figure entering an enemy city may be sacrificed to learn, free, a tech
    that civilization knows (public civ sheet, digest §3.2)."""
    p = data["p"][seat]
    ci = model.city_at(data, to)
    if ci < 0 or data["cities"][ci]["o"] == seat or "sacrifice" in p["used"]:
        return []
    if not any(e.get("rule") == "sacrifice_to_learn" for e in model.civ_rules(p)):
        return []
    owner = data["cities"][ci]["o"]
    return [x for x in data["p"][owner]["techs"] if x not in p["techs"] and research.slot_ok(data, seat, x)]


def _explore(ctx: Ctx, seat: int, cell: int) -> None:
    """Turn a face-down tile face up, arrow base against the explorer's edge; hut and village markers
    go face down on its icons (L874-892)."""
    d = ctx.data
    sq = d["figs"][d["mv"]["figs"][0]]["sq"]
    c = d["tiles"][cell]
    c["arrow"] = geo.facing(d, sq, cell) or "n"
    c["up"] = True
    geo.grid_key(d)
    ctx.reveal()
    flow.place_markers(ctx, cell)
    ctx.log(fmt(t("{p} discovers a new map tile.", "{p}發現一個新的地圖板塊。"), p=seat_name(seat)))


def _step(ctx: Ctx, seat: int, to: int, over: bool = False) -> None:
    d = ctx.data
    mv = d["mv"]
    figs = list(mv["figs"])
    for f in figs:
        d["figs"][f]["sq"] = to
    mv["left"] -= 1
    if not over:
        _enter(ctx, seat, figs, to)


def _enter(ctx: Ctx, seat: int, figs: list[str], to: int) -> None:
    """What entering ``to`` does: attack a city or enemy figures, explore a hut, fight at a village."""
    d = ctx.data
    occ = model.occupants(d)
    enemy = [f for f in occ.get(to, []) if d["figs"][f]["o"] != seat]
    ci = model.city_at(d, to)
    mark = d["marks"].get(str(to))
    if ci >= 0 and d["cities"][ci]["o"] != seat:
        d["mv"] = None
        combat.start(ctx, seat, figs, to, d["cities"][ci]["o"], city=ci)  # L926
    elif enemy:
        d["mv"] = None
        owner = d["figs"][enemy[0]]["o"]
        if all(d["figs"][f]["k"] == "scout" for f in enemy):  # L920
            for f in enemy:
                del d["figs"][f]
            ctx.log(fmt(t("{p} destroys enemy scouts.", "{p}殲滅敵方的偵察隊。"), p=seat_name(seat)))
            combat.win_without_battle(ctx, seat, owner)
        else:
            combat.start(ctx, seat, figs, to, owner)
    elif mark is not None:
        d["mv"] = None  # L898: must stop
        if mark["k"] == "hut":
            del d["marks"][str(to)]
            d["p"][seat]["hv"].append(mark["id"])  # L900
            ctx.reveal()  # the explorer looks at the marker's back
            ctx.log(fmt(t("{p} explores a {h}.", "{p}探索一座{h}。"), p=seat_name(seat), h=HUT))
            combat.china_culture(ctx, seat)
        else:
            combat.start(ctx, seat, figs, to, combat.BARBARIAN, village=True)  # L902
