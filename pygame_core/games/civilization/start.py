"""Setup placements (L415-493) and the Start of Turn phase (L505-578): new cities, governments,
great persons from the sheet, scout gathering."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import city, effects, flow, geo, model, victory
from pygame_core.games.civilization.data import GOVS, TECHS, name
from pygame_core.games.civilization.text import ANARCHY, t
from pygame_core.kernel import Ctx
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import fmt, seat_name

Data = dict[str, Any]
CENTRAL = ((1, 1), (1, 2), (2, 1), (2, 2))


# ------------------------------------------------------------------ setup stage
def setup_legal(data: Data, seat: int) -> list[Action]:
    if flow.picking(data):
        return [{"type": "civ", "civ": c} for c in flow.civ_choices(data)]  # L334
    p = data["p"][seat]
    step = p["setup"][0]
    if step == "capital":
        cell = data["tiles"][flow.home_cell(data, seat)]
        out = []
        for r, c in CENTRAL:  # L415
            sq = (cell["y"] * 4 + r) * data["w"] + cell["x"] * 4 + c
            g = geo.grid(data)[sq]
            if g is not None and g["terrain"] != "water":
                out.append({"type": "capital", "sq": sq})
        return out
    cap = data["cities"][model.cities_of(data, seat)[0]]["sq"]
    sqs = [s for s in geo.ring(data, cap) if s is not None]
    if step in ("army", "scout"):
        occ = model.occupants(data)
        return [
            {"type": "place", "sq": s} for s in sqs if model.can_end_on(data, seat, s, 1, occ, water="none")
        ]
    # wonder (Egypt L437) or great person (America L429): a non-water outskirts square of the capital
    return [{"type": "place", "sq": s} for s in sqs if _item_ok(data, seat, s)]


def _item_ok(data: Data, seat: int, sq: int) -> bool:
    g = geo.grid(data)[sq]
    return (
        g is not None
        and g["terrain"] != "water"
        and str(sq) not in data["items"]
        and not model.enemy_on(data, sq, seat)
    )


def setup_apply(ctx: Ctx, seat: int, action: Action) -> None:
    d = ctx.data
    if action["type"] == "civ":
        flow.pick_civ(ctx, seat, action["civ"])
        return
    p = d["p"][seat]
    step = p["setup"][0]
    sq = action["sq"]
    if step == "capital":
        d["cities"].append({"o": seat, "sq": sq, "cap": True, "wall": bool(p["walls_start"])})  # L433
        ctx.log(fmt(t("{p} founds the capital.", "{p}建立首都。"), p=seat_name(seat)))
    elif step in ("army", "scout"):
        model.new_fig(d, seat, step, sq)
        placed = t("{p} places an army.", "{p}放置一支軍隊。") if step == "army" else t(
            "{p} places a scout.", "{p}放置一支偵察隊。"
        )
        ctx.log(fmt(placed, p=seat_name(seat)))
    elif step == "wonder":
        wid = p["wonder_hold"].pop(0)
        p["wonders"].append(wid)
        d["items"][str(sq)] = {"k": "w", "id": wid, "o": seat}
        ctx.log(fmt(t("{p} places {w}.", "{p}放置{w}。"), p=seat_name(seat), w=name("wonder", wid)))
    else:
        gp = p["gp"].pop(0)
        d["items"][str(sq)] = {"k": "gp", "id": gp, "o": seat}
        ctx.log(fmt(t("{p} places {g}.", "{p}放置{g}。"), p=seat_name(seat), g=name("gp", gp)))
    flow.setup_done_step(ctx, seat)


# ------------------------------------------------------------------ start of turn
def found_ok(data: Data, seat: int, sq: int, occ: dict[int, list[str]]) -> bool:
    """The five tests of L541-548 for a new city on ``sq``."""
    g = geo.grid(data)[sq]
    if g is None or g["terrain"] == "water":  # L541
        return False
    grid = geo.grid(data)
    for n in geo.ring(data, sq):
        if n is None or grid[n] is None:  # L542: all 8 revealed, not the edge
            return False
        if str(n) in data["marks"]:  # L546: no hut or village next to it
            return False
        if model.enemy_on(data, n, seat, occ):  # L547
            return False
    if str(sq) in data["marks"] or model.enemy_on(data, sq, seat, occ):
        return False
    return all(geo.cheb(data, sq, c["sq"]) >= 3 for c in data["cities"])  # L548


def start_legal(data: Data, seat: int) -> list[Action]:
    p = data["p"][seat]
    out: list[Action] = []
    occ = model.occupants(data)
    tr = model.traits(data, seat)
    if len(model.cities_of(data, seat)) < tr["cities"]:  # L539
        for fid, f in data["figs"].items():
            if f["o"] == seat and f["k"] == "scout" and found_ok(data, seat, f["sq"], occ):
                out.append({"type": "found", "fig": fid})
    out.extend({"type": "government", "gov": g} for g in governments(data, seat))
    if p["gp"]:
        sqs = [s for ci in model.cities_of(data, seat) for s in model.outskirts(data, ci)]
        for gp in dict.fromkeys(p["gp"]):
            for s in sqs:
                if _item_ok(data, seat, s) or _replaceable(data, seat, s):
                    out.append({"type": "place_gp", "gp": gp, "sq": s})  # L832
    cities = model.cities_of(data, seat)
    for fid, f in data["figs"].items():
        if f["o"] == seat and f["k"] == "scout" and "g" not in f and geo.grid(data)[f["sq"]] is not None:
            own, _ci = model.owner_of_square(data, f["sq"])
            if own == seat:
                continue  # already worked (A57: no double count)
            if any(g["o"] == seat and g["sq"] == f["sq"] and "g" in g for g in data["figs"].values()):
                continue  # another scout already sends this square's contents (L1235: once)
            for ci in cities:
                out.append({"type": "gather", "fig": fid, "city": ci})  # L1235
    out.extend(effects.wonder_actions(data, seat))
    out.append({"type": "end_start"})
    return out


def _replaceable(data: Data, seat: int, sq: int) -> bool:
    item = data["items"].get(str(sq))
    g = geo.grid(data)[sq]
    return (
        item is not None
        and item["o"] == seat
        and g is not None
        and g["terrain"] != "water"
        and not model.enemy_on(data, sq, seat)
    )


def governments(data: Data, seat: int) -> list[str]:
    """Governments ``seat`` may switch to now (L566-578): a government unlocked by last turn's research
    directly; otherwise Anarchy first, then any known government at the next Start of Turn."""
    p = data["p"][seat]
    if p.get("gov_changed"):
        return []
    known = known_governments(data, seat)
    if p["gov"] == "anarchy":
        return [g for g in known if g != "anarchy"]
    out = [g for g in p["govs_new"] if g != p["gov"]]
    if any(g != p["gov"] for g in known):
        out.append("anarchy")
    return list(dict.fromkeys(out))


def known_governments(data: Data, seat: int) -> list[str]:
    p = data["p"][seat]
    out = [g for g, rec in GOVS.items() if rec.get("unlocked_by") is None and g != "anarchy"]
    if p["gov"] not in out and p["gov"] != "anarchy":
        out.append(p["gov"])
    for tid in p["techs"]:
        for e in TECHS[tid].get("unlocks", []):
            if e["kind"] == "unlock_government":
                out.append(e["government"])
    return list(dict.fromkeys(out))


def start_apply(ctx: Ctx, seat: int, action: Action) -> None:
    d = ctx.data
    p = d["p"][seat]
    k = action["type"]
    if k == "found":
        f = d["figs"].pop(action["fig"])  # L550: the scout is sacrificed
        sq = f["sq"]
        d["cities"].append({"o": seat, "sq": sq, "cap": False, "wall": False})
        _displace(d, seat, sq)  # L554
        n = len(model.cities_of(d, seat))
        ctx.log(
            fmt(t("{p} founds a city (city {n}).", "{p}建立一座城市（第{n}座）。"), p=seat_name(seat), n=n)
        )
        city.civ_rule_culture_step(ctx, seat)
        if d["learning"] and n >= 3:  # L322
            victory.learning_over(ctx, seat)
    elif k == "government":
        g = action["gov"]
        p["gov"] = g
        p["gov_changed"] = True
        p["govs_new"] = []
        ctx.log(
            fmt(
                t("{p} changes government to {g}.", "{p}將政體改為{g}。"),
                p=seat_name(seat),
                g=ANARCHY if g == "anarchy" else name("gov", g),
            )
        )
    elif k == "place_gp":
        sq = action["sq"]
        place_gp(ctx, seat, action["gp"], sq)
    elif k == "gather":
        d["figs"][action["fig"]]["g"] = action["city"]
        ctx.log(
            fmt(
                t("{p}'s scout gathers for a city this turn.", "{p}的偵察隊本回合為一座城市蒐集。"),
                p=seat_name(seat),
            )
        )
    elif k == "wonder":
        effects.wonder_apply(ctx, seat, action)
    elif k == "end_start":
        p.pop("gov_changed", None)
        p["govs_new"] = []
        flow.next_player(ctx)


def _displace(data: Data, seat: int, sq: int) -> None:
    """Other friendly figures on a new city's square move to an adjacent square where they may end
    movement (L554); the engine takes the first such square clockwise from north (ruling), or returns
    the figure to the sheet if there is none."""
    for fid in [f for f, x in data["figs"].items() if x["sq"] == sq]:
        occ = model.occupants(data)
        for n in geo.ring(data, sq):
            if n is not None and model.can_end_on(data, seat, n, 1, occ):
                data["figs"][fid]["sq"] = n
                break
        else:
            del data["figs"][fid]


def place_gp(ctx: Ctx, seat: int, gp: str, sq: int) -> None:
    """A great person from the sheet onto an own outskirts square, replacing an own item (L830-832)."""
    d = ctx.data
    d["p"][seat]["gp"].remove(gp)
    city.replace_item(ctx, seat, sq)
    d["items"][str(sq)] = {"k": "gp", "id": gp, "o": seat}
    ctx.log(fmt(t("{p} places {g}.", "{p}放置{g}。"), p=seat_name(seat), g=name("gp", gp)))
