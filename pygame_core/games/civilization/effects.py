"""Card effects: culture event cards (L814-824), resource abilities of techs (L1004-1012), coin tasks
(L1227-1229) and wonder abilities (L738-752).

"A card beats the rules" (L326): an effect is applied through this one executor, which may do what
the base rules forbid (add production a city does not have, force a government change, take a unit
for free). ``_targets`` lists the choices of every effect kind of ``data/effects.json``; a card
none of whose branches has a target now stays in hand until it has one.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

from pygame_core.games.civilization import city, combat, geo, model, research
from pygame_core.games.civilization.data import (
    BUILDINGS,
    EVENTS,
    HUTS,
    TECHS,
    VILLAGES,
    WONDERS,
    name,
)
from pygame_core.games.civilization.text import GAIN, RESOURCE, t
from pygame_core.kernel import Ctx, decisions
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import fmt, seat_name

Data = dict[str, Any]
PHASE_OF = {"start": "start_of_turn", "trade": "trade", "city": "city_management", "move": "movement"}
MAP_RES = ("wheat", "silk", "incense", "iron")


# ------------------------------------------------------------------ resources
def holdings(data: Data, seat: int) -> dict[str, int]:
    """Resources ``seat`` may spend: market tokens, hut/village markers (L900) and card-made tokens."""
    p = data["p"][seat]
    out = {r: n for r, n in p["res"].items() if n > 0}
    for m in p["hv"]:
        back = HUTS.get(m) or VILLAGES.get(m) or {}
        r = back.get("resource")
        if r:
            out[r] = out.get(r, 0) + 1
    for r in p.get("xres", []):
        out[r] = out.get(r, 0) + 1
    return out


def can_pay(data: Data, seat: int, cost: list[str]) -> bool:
    """Whether ``seat`` holds ``cost``; with the Kremlin, once per turn two resources may stand for a spy."""
    if _payable(holdings(data, seat), cost):
        return True
    return "spy" in cost and _kremlin(data, seat) and _payable(holdings(data, seat), _kremlin_cost(cost))


def _kremlin(data: Data, seat: int) -> bool:
    """The Kremlin in force and not yet used this turn (public wonder card, S1/S2)."""
    return "kremlin" not in data["p"][seat]["used"] and any(
        e.get("rule") == "kremlin" for e in model.effects_in_force(data, seat)
    )


def _kremlin_cost(cost: list[str]) -> list[str]:
    out = list(cost)
    out.remove("spy")
    return out + ["any", "any"]


def _payable(have: dict[str, int], cost: list[str]) -> bool:
    have = dict(have)
    named = [r for r in cost if r != "any"]
    for r in named:
        if have.get(r, 0) <= 0:
            return False
        have[r] -= 1
    return sum(have.values()) >= len(cost) - len(named)


def pay(data: Data, seat: int, cost: list[str]) -> bool:
    """Spend resources: named ones first, "any" from the largest holding (a deterministic choice).
    Market tokens return to the market; markers and card-made tokens leave the game (L900).
    The Kremlin stands in for a spy only when the seat has none to pay with. True when what was paid
    depended on the seat's face-down markers (the caller's action is then an undo barrier)."""
    hidden = bool(data["p"][seat]["hv"]) and ("any" in cost or "spy" in cost)
    if "spy" in cost and not _payable(holdings(data, seat), cost) and _kremlin(data, seat):
        cost = _kremlin_cost(cost)
        data["p"][seat]["used"].append("kremlin")
    for r in sorted(cost, key=lambda x: x == "any"):
        if r == "any":
            have = holdings(data, seat)
            r = max(sorted(have), key=lambda k: have[k])
        hidden = _spend_one(data, seat, r) or hidden
    return hidden


def _spend_one(data: Data, seat: int, r: str) -> bool:
    """Spend one ``r``; True if it was a face-down marker."""
    p = data["p"][seat]
    if p["res"].get(r, 0) > 0:
        p["res"][r] -= 1
        data["market"][r] = data["market"].get(r, 0) + 1
        return False
    for m in p["hv"]:
        back = HUTS.get(m) or VILLAGES.get(m) or {}
        if back.get("resource") == r:
            p["hv"].remove(m)
            return True
    p["xres"].remove(r)
    return False


# ------------------------------------------------------------------ targets
def _targets(data: Data, seat: int, e: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The choices one effect needs (``[{}]`` if none); None if the engine cannot play it now."""
    k = e["kind"]
    if k == "gain":
        what = e["what"]
        if what == "production":
            if data["phase"] != "city":
                return None
            return [{"city": ci} for ci in model.cities_of(data, seat) if ci not in data["acted"]] or None
        if what == "trade" and e.get("who") == "other_chosen":
            return [{"target": s} for s in range(len(data["p"])) if s != seat]
        if what in ("trade", "culture", "coin_token", "great_person"):
            return [{}]
        return None
    if k == "government_force":
        return [
            {"target": s} for s in range(len(data["p"])) if s != seat and data["p"][s]["gov"] != "anarchy"
        ] or None
    if k == "obsolete_wonder":
        ws = [
            w
            for p in data["p"]
            for w in p["wonders"]
            if WONDERS[w]["era"] in e["eras"] and w not in data["obsolete"]
        ]
        return [{"wonder": w} for w in sorted(ws)] or None
    if k == "free_build" and e.get("what") == "unit":
        return [{}]
    if k == "as_resource":
        return [{"res": r} for r in e["resources"]]
    if k == "extra_action" and e.get("what") == "one_non_capital_city":
        return [{"city": ci} for ci in model.cities_of(data, seat) if not data["cities"][ci]["cap"]] or None
    if k == "extra_action" and e.get("what") == "each_city":
        return [{}] if data["phase"] == "city" else None
    if k == "terrain_change":
        return _disaster_squares(data, seat, e["to"])
    if k == "tech_exchange":
        return _swaps(data, seat, int(e["max_level"]))
    if k == "displace":
        return _pushes(data, seat, int(e["distance"]))
    if k == "rule" and e.get("rule") == "freeze_square":
        return _freezable(data, seat)
    if k == "rule" and e.get("rule") == "move_to_water":
        return _to_water(data, seat)
    if k == "strength_bonus" and e.get("scope") == "one_play":
        b = data["battle"]
        return [{}] if b is not None and _side(b, seat) is not None else None
    if k == "destroy" and e.get("what") == "city":
        cs = [i for i, c in enumerate(data["cities"]) if c["o"] != seat and not c["cap"]]
        return [{"city_of": i} for i in cs] or None
    if k == "kill" and e.get("what") == "random_unit":  # Monarchy: a random unit of a rival's forces
        return [{"target": s} for s in range(len(data["p"])) if s != seat and data["p"][s]["forces"]] or None
    if k in ("kill", "destroy") and e.get("what") in ("figure", "building", "great_person"):
        return _ranged(data, seat, e)
    if k == "wound":
        b = data["battle"]
        if b is None:
            return None
        side = _side(b, seat)
        if side is None:
            return None
        other = "d" if side == "a" else "a"
        room = [
            (i, combat.unit_strength(data, b, other, f[other]) - f[other]["w"])
            for i, f in enumerate(b["fronts"])
            if f[other] is not None
        ]
        return [{"wounds": w} for w in spread(room, int(e["amount"]))] or None
    return None


def spread(room: list[tuple[int, int]], amount: int, cap: int = 24) -> list[list[list[int]]]:
    """Ways to spread up to ``amount`` points (wounds dealt, wounds healed) over units ``(front,
    room)``, where ``room`` is what the unit can take (wounds to kill it, wounds it has): a set of
    units filled up, and what is left to one more unit that it does not fill; as ``[[front, n], ...]``.
    Most filled units first; at most ``cap`` ways."""
    out: list[tuple[int, list[list[int]]]] = []
    units = [(i, r) for i, r in room if r > 0]
    for k in range(len(units), -1, -1):
        for full in combinations(units, k):
            left = amount - sum(r for _, r in full)
            if left < 0:
                continue
            base = [[i, r] for i, r in full]
            rest = [(i, r) for i, r in units if (i, r) not in full and r > left]
            if left and rest:
                out.extend((k, sorted(base + [[i, left]])) for i, _ in rest)
            elif base:
                out.append((k, base))
    return [w for _, w in out[:cap]]


def _freezable(data: Data, seat: int) -> list[dict[str, Any]] | None:
    """Communism: a square with figures none of which may leave it this turn (S3); offered for squares
    with figures that could still move (a group moving now included, whose move it interrupts)."""
    frozen = data.get("frozen", [])
    sqs = sorted({f["sq"] for f in data["figs"].values()} - set(frozen))
    return [{"freeze": q} for q in sqs] or None


def _to_water(data: Data, seat: int) -> list[dict[str, Any]] | None:
    """Steam Power: all of one's figures of one square go to any water square where they may stay (no
    enemy there, within the stacking limit; S3); they may not move again this turn."""
    occ = model.occupants(data)
    grid = geo.grid(data)
    own = sorted({f["sq"] for f in data["figs"].values() if f["o"] == seat})
    water = [q for q, g in enumerate(grid) if g is not None and g["terrain"] == "water"]
    out: list[dict[str, Any]] = []
    for sq in own:
        n = sum(1 for f in occ.get(sq, []) if data["figs"][f]["o"] == seat)
        out.extend(
            {"from": sq, "sq": q} for q in water if q != sq and model.can_end_on(data, seat, q, n, occ, "end")
        )
    return out or None


def _swaps(data: Data, seat: int, top: int) -> list[dict[str, Any]] | None:
    """Exchange of Ideas family: with another player, each learns one tech of level <= ``top`` that the
    other knows, where it has a legal slot (the card's player picks both; ruling)."""
    out: list[dict[str, Any]] = []
    for other in range(len(data["p"])):
        if other == seat:
            continue
        mine, theirs = data["p"][seat]["techs"], data["p"][other]["techs"]
        gain = [
            x
            for x in theirs
            if x not in mine and TECHS[x]["level"] <= top and research.slot_ok(data, seat, x)
        ]
        give = [
            x
            for x in mine
            if x not in theirs and TECHS[x]["level"] <= top and research.slot_ok(data, other, x)
        ]
        out.extend({"target": other, "learn": a, "give": b} for a in sorted(gain) for b in sorted(give))
    return out[:24] or None


def _pushes(data: Data, seat: int, dist: int) -> list[dict[str, Any]] | None:
    """Disoriented family: move every figure of one rival square up to ``dist`` squares (orthogonal
    steps) to a square where they could end a move; the engine offers the farthest ones (ruling)."""
    occ = model.occupants(data)
    out: list[dict[str, Any]] = []
    for sq in sorted(occ):
        owners = {data["figs"][f]["o"] for f in occ[sq]}
        if seat in owners or len(owners) != 1:
            continue
        owner = owners.pop()
        seen, frontier = {sq}, [sq]
        for _ in range(dist):
            frontier = [
                n
                for q in frontier
                for n in geo.orth(data, q)
                if n not in seen and geo.grid(data)[n] is not None
            ]
            seen.update(frontier)
        dests = [q for q in sorted(seen - {sq}) if model.can_end_on(data, owner, q, len(occ[sq]), occ)]
        dests.sort(key=lambda q: -abs(q % data["w"] - sq % data["w"]) - abs(q // data["w"] - sq // data["w"]))
        out.extend({"from": sq, "sq": q} for q in dests[:4])
    return out[:16] or None


def _disaster_squares(data: Data, seat: int, to: str) -> list[dict[str, Any]] | None:
    """Drought / Deforestation (L216-222): a disaster marker on a square of another player's outskirts
    (ruling) without a building on it (the cards): Drought turns a grassland or forest square (not
    water, not a mountain) into desert, Deforestation a forest into grassland; 12 markers."""
    if len(data.get("terr", {})) >= 12:
        return None
    grid = geo.grid(data)
    items = data["items"]
    out = []
    for ci, c in enumerate(data["cities"]):
        if c["o"] == seat:
            continue
        for q in model.outskirts(data, ci):
            g = grid[q]
            if g is None or g["terrain"] in ("water", "mountain", to):
                continue
            if to == "grassland" and g["terrain"] != "forest":
                continue
            item = items.get(str(q))
            if item is not None and item["k"] == "b":
                continue
            out.append({"sq": q})
    return out[:16] or None


def _ranged(data: Data, seat: int, e: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Targets of a "kill figures", "kill a great person" or "destroy buildings" effect: other players'
    figures, great persons or buildings within ``range`` squares of one of the player's figures or
    cities, counted orthogonally (the cards; anywhere if no range). Figures: up to ``count`` of them,
    all on one square (the cards); buildings: ``count`` of them anywhere in range."""
    rng = e.get("range")
    w = data["w"]
    mine = {c["sq"] for c in data["cities"] if c["o"] == seat}
    mine.update(f["sq"] for f in data["figs"].values() if f["o"] == seat)
    pts = [(q % w, q // w) for q in sorted(mine)]

    def near(q: int) -> bool:
        if rng is None:
            return True
        x, y = q % w, q // w
        return any(abs(x - a) + abs(y - b) <= int(rng) for a, b in pts)

    n = int(e.get("count", 1))
    if e["what"] == "figure":
        by_sq: dict[int, list[str]] = {}
        for f, x in sorted(data["figs"].items(), key=lambda kv: int(kv[0][1:])):
            if x["o"] != seat and near(x["sq"]):
                by_sq.setdefault(x["sq"], []).append(f)
        out: list[dict[str, Any]] = []
        for sq in sorted(by_sq):
            figs = by_sq[sq]
            # figures of one owner and kind on one square are alike: one choice per set of such figures
            alike: dict[tuple[tuple[int, str], ...], tuple[str, ...]] = {}
            for c in combinations(figs, min(n, len(figs))):
                key = tuple(sorted((data["figs"][f]["o"], data["figs"][f]["k"]) for f in c))
                alike.setdefault(key, c)
            out.extend({"figs": list(c)} for c in alike.values())
        return out[:16] or None
    if e["what"] == "great_person":
        gps = sorted(int(q) for q, it in data["items"].items() if it["k"] == "gp" and it["o"] != seat)
        return [{"sq": q} for q in gps if near(q)][:16] or None
    pool = sorted(
        int(q) for q, it in data["items"].items() if it["k"] == "b" and it["o"] != seat and near(int(q))
    )
    if not pool:
        return None
    n = min(n, len(pool))
    combos = list(combinations(pool, n))[:12]
    return [{"sq": c[0], "sqs": list(c)} if n > 1 else {"sq": c[0]} for c in combos]


def _side(b: Data, seat: int) -> str | None:
    if b["att"] == seat:
        return "a"
    if b["def"] == seat:
        return "d"
    return None


def choices(data: Data, seat: int, effects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every way to play ``effects``: ``{"opt": k, ...targets}`` (``opt`` picks a ``choose`` branch)."""
    if len(effects) == 1 and effects[0]["kind"] == "choose":
        branches = effects[0]["options"]
    else:
        branches = [effects]
    out = []
    for k, branch in enumerate(branches):
        per = [_targets(data, seat, e) for e in branch]
        if any(x is None for x in per):
            continue
        for combo in product(*[x for x in per if x is not None]):
            merged: dict[str, Any] = {"opt": k}
            for c in combo:
                merged.update(c)
            out.append(merged)
    return out


def run(ctx: Ctx, seat: int, effects: list[dict[str, Any]], choice: dict[str, Any]) -> None:
    """Apply the chosen branch of ``effects`` with its targets."""
    branch = effects[0]["options"][choice["opt"]] if effects[0]["kind"] == "choose" else effects
    for e in branch:
        _run_one(ctx, seat, e, choice)


def _run_one(ctx: Ctx, seat: int, e: dict[str, Any], ch: dict[str, Any]) -> None:
    d = ctx.data
    p = d["p"][seat]
    k = e["kind"]
    if k == "gain":
        what, n = e["what"], int(e.get("amount", 1))
        if what == "production":
            key = str(ch["city"])
            d["bonus_prod"][key] = d["bonus_prod"].get(key, 0) + n
        elif what == "trade":
            s = ch.get("target", seat) if e.get("who") == "other_chosen" else seat
            d["p"][s]["trade"] = min(city.TRADE_MAX, d["p"][s]["trade"] + n)
        elif what == "culture":
            n = model.gain_culture(d, seat, n)
        elif what == "coin_token":
            p["coin_tokens"]["_cards"] = p["coin_tokens"].get("_cards", 0) + n
        elif what == "great_person":
            for _ in range(n):
                city.draw_gp(ctx, seat)
        ctx.log(fmt(t("{p} gains {g}.", "{p}獲得{g}。"), p=seat_name(seat), g=fmt(GAIN[what], n=n)))
    elif k == "government_force":
        d["p"][ch["target"]]["gov"] = e["government"]
        ctx.log(fmt(t("{p} falls into Anarchy.", "{p}陷入無政府狀態。"), p=seat_name(ch["target"])))
    elif k == "obsolete_wonder":
        d["obsolete"].append(ch["wonder"])  # L1276-1280
        ctx.log(fmt(t("{w} is obsolete.", "{w}已廢棄。"), w=name("wonder", ch["wonder"])))
    elif k == "destroy" and "city_of" in ch:
        combat.destroy_city(ctx, ch["city_of"])  # Atomic Theory: a city anywhere (not a capital; ruling)
    elif k == "destroy":
        item = d["items"].pop(str(ch["sq"]))
        if ch.get("sqs"):
            for q in ch["sqs"][1:]:
                extra = d["items"].pop(str(q))
                d["supply"][BUILDINGS[extra["id"]]["marker"]] += 1
        d["supply"][BUILDINGS[item["id"]]["marker"]] += 1
        ctx.log(
            fmt(
                t("{p} destroys a building of {q}.", "{p}摧毀{q}的一座建築物。"),
                p=seat_name(seat),
                q=seat_name(item["o"]),
            )
        )
    elif k == "free_build":
        # Duty and Honor, Nationalism, Patriotism are played in a battle, after both hands are drawn
        # (L1060-1062): the free units join the player's battle hand, so they fight in this battle
        b = d["battle"]
        side = _side(b, seat) if b is not None else None
        for _ in range(int(e.get("count", 1))):
            u = _best_unlocked(d, seat)
            if u:
                card = city.draw_unit(ctx, u)
                (b["hand"][side] if side is not None else p["forces"]).append(card)
        ctx.log(fmt(t("{p} takes free units.", "{p}免費獲得部隊。"), p=seat_name(seat)))
    elif k == "as_resource":
        p["xres"].append(ch["res"])
        ctx.log(fmt(t("{p} takes {r}.", "{p}拿取{r}。"), p=seat_name(seat), r=RESOURCE[ch["res"]]))
    elif k == "tech_exchange":
        research.learn(ctx, seat, ch["learn"], free=True)
        research.learn(ctx, ch["target"], ch["give"], free=True)
    elif k == "displace":
        for f in d["figs"].values():
            if f["sq"] == ch["from"]:
                f["sq"] = ch["sq"]
                f.pop("g", None)
        ctx.log(fmt(t("{p} pushes a rival stack away.", "{p}把對手的一疊公仔推開。"), p=seat_name(seat)))
    elif k == "extra_action":
        cities = [ch["city"]] if "city" in ch else model.cities_of(d, seat)
        for ci in cities:
            d.setdefault("extra", {})[str(ci)] = d.get("extra", {}).get(str(ci), 0) + 1
        ctx.log(
            fmt(
                t("{p} gains extra city actions this turn.", "{p}本回合獲得額外的城市行動。"),
                p=seat_name(seat),
            )
        )
    elif k == "terrain_change":
        d.setdefault("terr", {})[str(ch["sq"])] = e["to"]
        geo.grid_key(d)
        ctx.log(fmt(t("A disaster strikes a square of the map.", "災難襲擊地圖上的一個格子。")))
    elif k == "rule" and e["rule"] == "freeze_square":
        d.setdefault("frozen", []).append(ch["freeze"])
        mv = d["mv"]
        if mv is not None and d["figs"][mv["figs"][0]]["sq"] == ch["freeze"]:
            d["mv"] = None  # the moving group stops where it stands (the card beats the rules)
        ctx.log(fmt(t("{p} pins the figures of a square.", "{p}使一格內的公仔不得離開。"), p=seat_name(seat)))
    elif k == "rule" and e["rule"] == "move_to_water":
        figs = [fid for fid, f in d["figs"].items() if f["o"] == seat and f["sq"] == ch["from"]]
        for fid in figs:
            d["figs"][fid]["sq"] = ch["sq"]
            d["figs"][fid].pop("g", None)
        d.setdefault("pinned", []).extend(figs)
        ctx.log(fmt(t("{p} ships figures to the water.", "{p}將公仔運到水域。"), p=seat_name(seat)))
    elif k == "strength_bonus":
        b = d["battle"]
        side = _side(b, seat) or "a"
        b.setdefault("boost", {"a": 0, "d": 0})[side] += int(e["amount"])
        ctx.log(fmt(t("{p} strengthens its next unit.", "{p}加強下一個部隊。"), p=seat_name(seat)))
    elif k == "kill" and e.get("what") == "random_unit":
        forces = d["p"][ch["target"]]["forces"]
        card = forces.pop(ctx.rng.below(len(forces)))  # a random draw: an undo barrier
        city.return_unit(d, card)
        ctx.log(
            fmt(
                t("{p} kills a unit of {q}'s standing forces.", "{p}殲滅{q}常備軍中的一個部隊。"),
                p=seat_name(seat),
                q=seat_name(ch["target"]),
            )
        )
    elif k == "kill" and e.get("what") == "great_person":
        item = d["items"].pop(str(ch["sq"]))  # it leaves the game, as from a destroyed city (L1189)
        ctx.log(
            fmt(
                t("{p} removes a great person of {q}.", "{p}移除{q}的一位重要人士。"),
                p=seat_name(seat),
                q=seat_name(item["o"]),
            )
        )
    elif k == "kill":
        for fid in ch["figs"]:
            f = d["figs"].pop(fid)  # back to its owner's sheet
            ctx.log(
                fmt(
                    t("{p} removes a figure of {q}.", "{p}移除{q}的一個公仔。"),
                    p=seat_name(seat),
                    q=seat_name(f["o"]),
                )
            )
    elif k == "wound":  # Mathematics, Ballistics: the wounds spread over enemy units as chosen
        b = d["battle"]
        side = _side(b, seat) or "a"
        other = "d" if side == "a" else "a"
        hit = [(b["fronts"][i], int(n)) for i, n in ch["wounds"]]
        for front, n in hit:
            unit = front[other]
            unit["w"] += n
            if unit["w"] >= combat.unit_strength(d, b, other, unit):
                front[other] = None
                b["killed"][other] += 1
                b.setdefault("dead", {"a": [], "d": []})[other].append(unit["c"])
                city.return_unit(d, unit["c"])
        b["fronts"] = [f for f in b["fronts"] if f["a"] is not None or f["d"] is not None]
        ctx.log(
            fmt(
                t("{p} deals {n} wounds to enemy units.", "{p}對敵方部隊造成{n}點傷害。"),
                p=seat_name(seat),
                n=sum(n for _, n in hit),
            )
        )


def _best_unlocked(data: Data, seat: int) -> str | None:
    ranks = data["p"][seat]["ranks"]
    best = [
        u
        for u in ("artillery", "infantry", "mounted", "aircraft")
        if ranks.get(u, 0) >= 1 and data["decks"][u]
    ]
    return max(best, key=lambda u: ranks[u]) if best else None


# ------------------------------------------------------------------ what a seat may play now
def _phase_ok(data: Data, seat: int, phase: str, effects: list[dict[str, Any]] | None = None) -> bool:
    if phase == "battle":
        return data["battle"] is not None and _side(data["battle"], seat) is not None
    if data["battle"] is not None or phase == "research":
        return False
    if phase == "any":
        return data["phase"] != "setup"
    pins = any(e.get("rule") == "freeze_square" for e in effects or [])
    if phase == "movement" and data["phase"] == "move" and pins:
        return True  # Communism may interrupt a figure's movement (S3), another player's too
    cur = data["order"][data["i"]] if data["i"] < len(data["order"]) else None
    return PHASE_OF.get(data["phase"]) == phase and cur == seat and data["mv"] is None


def optional(data: Data, seat: int) -> list[Action]:
    """Culture cards, resource abilities and coin tasks ``seat`` may use now (the kernel's optional
    actions: legal even while another seat decides, L780, L824, L1006, L1159)."""
    if data["over"] or data["phase"] == "setup":
        return []
    stack = data.get("decisions") or []
    if stack and stack[-1]["kind"] != "battle":
        return []  # a pending choice (a discard, a site, a loot) first
    p = data["p"][seat]
    out: list[Action] = []
    for card in city.one_per_event(p["hand"]):
        ev = EVENTS[card.rsplit("_", 1)[0]]
        if _phase_ok(data, seat, ev["phase"]):
            out.extend(
                {"type": "culture_card", "card": card, **c} for c in choices(data, seat, ev["effects"])
            )
    b = data["battle"]
    side = _side(b, seat) if b is not None else None
    for tid in p["techs"]:
        for i, ab in enumerate(TECHS[tid].get("abilities", [])):
            if ab["kind"] == "heal" and side is not None and tid not in b.get("healed", []):
                hurt = [(k, f[side]["w"]) for k, f in enumerate(b["fronts"]) if f[side] is not None]
                if ab.get("amount") is None:  # Biology: every wound of one unit
                    out.extend({"type": "heal", "tech": tid, "front": k} for k, w in hurt if w > 0)
                else:  # Animal Husbandry: up to that many wounds, spread over own units
                    out.extend(
                        {"type": "heal", "tech": tid, "heals": h} for h in spread(hurt, int(ab["amount"]))
                    )  # once per battle (data)
            if ab["kind"] != "resource_ability" or f"{tid}/{i}" in p["used"]:
                continue  # L1012: once per turn per card
            if _phase_ok(data, seat, ab["phase"], ab["effects"]) and can_pay(data, seat, ab["cost"]):
                out.extend(
                    {"type": "ability", "tech": tid, "i": i, **c} for c in choices(data, seat, ab["effects"])
                )
        slot = TECHS[tid].get("coin_slot")
        if (
            slot
            and slot["trigger"] != "win_battle"
            and p["coin_tokens"].get(tid, 0) < slot["max"]
            and f"{tid}/coin" not in p["used"]
            and _phase_ok(data, seat, "city_management")
            and _task_ok(data, seat, slot)
        ):
            out.append({"type": "coin_task", "tech": tid})
    return out


def _task_ok(data: Data, seat: int, slot: dict[str, Any]) -> bool:
    p = data["p"][seat]
    n = int(slot["cost"])
    if slot["trigger"] == "spend_resources":
        return can_pay(data, seat, ["any"] * n)
    if slot["trigger"] == "spend_trade":
        return bool(p["trade"] >= n)
    if slot["trigger"] == "spend_culture":
        return bool(p["culture"] >= n)
    return False


def apply(ctx: Ctx, seat: int, action: Action) -> None:
    d = ctx.data
    p = d["p"][seat]
    k = action["type"]
    choice = {x: v for x, v in action.items() if x not in ("type", "card", "tech", "i")}
    if k == "heal":
        b = d["battle"]
        side = _side(b, seat) or "a"
        if "heals" in action:
            for i, n in action["heals"]:
                unit = b["fronts"][i][side]
                unit["w"] = max(0, unit["w"] - int(n))
        else:
            b["fronts"][action["front"]][side]["w"] = 0
        b.setdefault("healed", []).append(action["tech"])
        ctx.log(fmt(t("{p} heals a unit.", "{p}治療一個部隊。"), p=seat_name(seat)))
    elif k == "culture_card":
        card = action["card"]
        ev = EVENTS[card.rsplit("_", 1)[0]]
        p["hand"].remove(card)
        city.discard_culture(d, card)  # L824
        ctx.reveal()  # a card of the hidden hand, now named to everyone: an undo barrier
        ctx.log(fmt(t("{p} plays {c}.", "{p}打出{c}。"), p=seat_name(seat), c=ev["name"]))
        _resolve_or_react(ctx, seat, {"src": "card", "event": ev["id"]}, choice)
    elif k == "ability":
        ab = TECHS[action["tech"]]["abilities"][action["i"]]
        if pay(d, seat, ab["cost"]):  # L1008
            ctx.reveal()
        p["used"].append(f"{action['tech']}/{action['i']}")
        ctx.log(fmt(t("{p} uses {x}.", "{p}使用{x}。"), p=seat_name(seat), x=name("tech", action["tech"])))
        _resolve_or_react(ctx, seat, {"src": "ability", "tech": action["tech"], "i": action["i"]}, choice)
    else:
        # what the engine pays with for "any" resources can depend on what a seat cannot see, so a
        # coin task is an undo barrier (found by the undo property test, 4 players, seed 220)
        ctx.reveal()
        tid = action["tech"]
        slot = TECHS[tid]["coin_slot"]
        n = int(slot["cost"])
        if slot["trigger"] == "spend_resources":
            pay(d, seat, ["any"] * n)
        elif slot["trigger"] == "spend_trade":
            p["trade"] -= n
        else:
            p["culture"] -= n
        p["used"].append(f"{tid}/coin")
        p["coin_tokens"][tid] = p["coin_tokens"].get(tid, 0) + 1  # L1227-1229
        ctx.log(
            fmt(
                t("{p} puts a coin on {x}.", "{p}在{x}上放置一枚錢幣。"),
                p=seat_name(seat),
                x=name("tech", tid),
            )
        )


def start_of_turn(ctx: Ctx, seat: int) -> None:
    """Wonder abilities that act at the start of its owner's turn (gains of trade, culture, coins)."""
    d = ctx.data
    for wid in d["p"][seat]["wonders"]:
        if wid in d["obsolete"] or model.wonder_blockaded(d, wid):
            continue
        for e in WONDERS[wid].get("abilities", []):
            if e["kind"] == "gain" and e.get("phase") == "start_of_turn":
                _run_one(ctx, seat, e, {})
            elif e.get("rule") == "big_ben":  # one of every resource still in the market
                p = d["p"][seat]
                for r in sorted(d["market"]):
                    if d["market"][r] > 0:
                        d["market"][r] -= 1
                        p["res"][r] = p["res"].get(r, 0) + 1


def wonder_actions(data: Data, seat: int) -> list[Action]:
    """Start of Turn wonder abilities that are a choice: Statue of Liberty learns a tech another player
    knows; Hanging Gardens puts an unbuilt figure on its square for free (data rules, once per turn)."""
    p = data["p"][seat]
    out: list[Action] = []
    for wid in p["wonders"]:
        if wid in data["obsolete"] or model.wonder_blockaded(data, wid) or f"w/{wid}" in p["used"]:
            continue
        for e in WONDERS[wid].get("abilities", []):
            rule = e.get("rule")
            if rule == "research_known_tech":
                known = {x for s, q in enumerate(data["p"]) if s != seat for x in q["techs"]}
                out.extend(
                    {"type": "wonder", "wonder": wid, "tech": x}
                    for x in sorted(known)
                    if x not in p["techs"] and TECHS[x]["level"] < 5 and research.slot_ok(data, seat, x)
                )
            elif rule == "great_wall":  # free City Walls in one own city (S1/S2 wonder card)
                out.extend(
                    {"type": "wonder", "wonder": wid, "city": ci}
                    for ci in model.cities_of(data, seat)
                    if not data["cities"][ci]["wall"]
                )
            elif rule == "hanging_gardens":
                sq = next(int(q) for q, it in data["items"].items() if it["k"] == "w" and it["id"] == wid)
                for kind in ("army", "scout"):
                    if model.unbuilt(data, seat, kind) > 0 and model.can_end_on(data, seat, sq, 1):
                        out.append({"type": "wonder", "wonder": wid, "figure": kind})
    return out


def wonder_apply(ctx: Ctx, seat: int, action: Action) -> None:
    d = ctx.data
    d["p"][seat]["used"].append(f"w/{action['wonder']}")
    if "tech" in action:
        research.learn(ctx, seat, action["tech"], free=True)
    elif "city" in action:
        d["cities"][action["city"]]["wall"] = True
        ctx.log(fmt(t("{p} builds City Walls for free.", "{p}免費建造城牆。"), p=seat_name(seat)))
    else:
        sq = next(int(q) for q, it in d["items"].items() if it["k"] == "w" and it["id"] == action["wonder"])
        model.new_fig(d, seat, action["figure"], sq)
        ctx.log(
            fmt(t("{p} raises a figure at its wonder.", "{p}在奇觀處免費放置一個公仔。"), p=seat_name(seat))
        )


# ------------------------------------------------------------------ cancelling (reaction window)
def _source_effects(src: dict[str, Any]) -> list[dict[str, Any]]:
    if src["src"] == "card":
        return list(EVENTS[src["event"]]["effects"])
    return list(TECHS[src["tech"]]["abilities"][src["i"]]["effects"])


def victims(data: Data, seat: int, choice: dict[str, Any]) -> list[int]:
    """The other players an effect is aimed at (its targets, or the owners of what it hits)."""
    out: set[int] = set()
    if "target" in choice:
        out.add(int(choice["target"]))
    for f in choice.get("figs", []):
        out.add(int(data["figs"][f]["o"]))
    if "from" in choice:
        out.update(int(x["o"]) for x in data["figs"].values() if x["sq"] == choice["from"])
    elif "sq" in choice:
        item = data["items"].get(str(choice["sq"]))
        out.add(int(item["o"]) if item else model.owner_of_square(data, int(choice["sq"]))[0])
    if "city_of" in choice:
        out.add(int(data["cities"][choice["city_of"]]["o"]))
    if "freeze" in choice:
        out.update(int(x["o"]) for x in data["figs"].values() if x["sq"] == choice["freeze"])
    if "wonder" in choice:
        out.update(s for s, p in enumerate(data["p"]) if choice["wonder"] in p["wonders"])
    return sorted(s for s in out if s != seat and s >= 0)


def _resolve_or_react(ctx: Ctx, seat: int, src: dict[str, Any], choice: dict[str, Any]) -> None:
    """An effect aimed at other players waits for each of them to allow it or cancel it (Bread and
    Circuses, Civil Service, ...). The window opens whatever they hold, so it shows nothing hidden."""
    d = ctx.data
    vs = victims(d, seat, choice)
    locked = src["src"] == "card" and any(
        e.get("rule") == "culture_uncancellable" for e in model.effects_in_force(d, seat)
    )
    if src["src"] == "card" and not locked:
        # Jousting Tourney and Primetime TV cancel any culture event, aimed at them or not: every other
        # player who holds a card of their eras (public: hand counts by era) may answer too
        n = len(d["p"])
        vs += [
            s
            for s in ((seat + k) % n for k in range(1, n))
            if s not in vs and any(_ANY_CANCEL_ERA.get(c.rsplit("_", 1)[0]) for c in d["p"][s]["hand"])
        ]
    if not vs or locked:
        run(ctx, seat, _source_effects(src), choice)
        return
    aimed = victims(d, seat, choice)
    decisions.push(
        d, "react", [vs[0]], blocking=True, by=seat, source=src, choice=choice, rest=vs[1:], aimed=aimed
    )


def _branches(effs: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The lists of effects one may choose from (one list unless ``effs`` is a ``choose``)."""
    return list(effs[0]["options"]) if len(effs) == 1 and effs[0]["kind"] == "choose" else [effs]


def _cancels(effs: list[dict[str, Any]], what: str, aimed: bool = True) -> list[int]:
    """Branches (``opt``) of ``effs`` that cancel ``what`` (aimed at the canceller, or not: then only a
    cancel of ``scope`` any)."""
    branches = _branches(effs)
    return [
        k
        for k, br in enumerate(branches)
        if any(
            e["kind"] == "cancel" and e.get("what") == what and (aimed or e.get("scope") == "any") for e in br
        )
    ]


def _any_cancel_eras() -> dict[str, str]:
    """Culture events that cancel any culture event (Jousting Tourney, Primetime TV), by id: their era."""
    return {
        ev["id"]: ev["era"]
        for ev in EVENTS.values()
        for br in _branches(ev["effects"])
        if any(e["kind"] == "cancel" and e.get("scope") == "any" for e in br)
    }


_ANY_ERAS = set(_any_cancel_eras().values())
#: every culture event of an era that has a cancel-any card: holding one may be holding that card
_ANY_CANCEL_ERA = {eid: ev["era"] for eid, ev in EVENTS.items() if ev["era"] in _ANY_ERAS}


def react_legal(data: Data, seat: int, dec: dict[str, Any]) -> list[Action]:
    what = {"card": "culture_event", "city": "city_action"}.get(dec["source"]["src"], "resource_ability")
    aimed = seat in dec.get("aimed", [seat])
    p = data["p"][seat]
    out: list[Action] = [{"type": "allow"}]
    for card in city.one_per_event(p["hand"]):
        out.extend(
            {"type": "cancel", "card": card, "opt": k}
            for k in _cancels(EVENTS[card.rsplit("_", 1)[0]]["effects"], what, aimed)
        )
    if not aimed:
        return out  # tech abilities cancel only what is aimed at their owner
    for tid in p["techs"]:
        for i, ab in enumerate(TECHS[tid].get("abilities", [])):
            if (
                ab["kind"] == "resource_ability"
                and f"{tid}/{i}" not in p["used"]
                and can_pay(data, seat, ab["cost"])
            ):
                out.extend(
                    {"type": "cancel", "tech": tid, "i": i, "opt": k} for k in _cancels(ab["effects"], what)
                )
    return out


def react(ctx: Ctx, seat: int, dec: dict[str, Any], action: Action) -> None:
    d = ctx.data
    p = d["p"][seat]
    if action["type"] == "cancel":
        decisions.pop(d, dec)
        if "card" in action:
            p["hand"].remove(action["card"])
            city.discard_culture(d, action["card"])
            ctx.reveal()  # a card of the hidden hand, named to everyone
            what = EVENTS[action["card"].rsplit("_", 1)[0]]["name"]
        else:
            if pay(d, seat, TECHS[action["tech"]]["abilities"][action["i"]]["cost"]):
                ctx.reveal()
            p["used"].append(f"{action['tech']}/{action['i']}")
            what = name("tech", action["tech"])
        ctx.log(fmt(t("{p} cancels it with {c}.", "{p}以{c}取消它。"), p=seat_name(seat), c=what))
        if dec["source"]["src"] == "city":  # Writing: the cancelled action is spent (ruling)
            ci = dec["source"]["action"]["city"]
            if city.may_act(d, ci):
                d["acted"].append(ci)
            else:
                d.get("split", {}).pop(str(ci), None)
        return
    if dec["rest"]:
        dec["seats"] = [dec["rest"].pop(0)]
        return
    decisions.pop(d, dec)
    if dec["source"]["src"] == "city":
        city.do_action(ctx, dec["by"], dec["source"]["action"])
        return
    run(ctx, dec["by"], _source_effects(dec["source"]), dec["choice"])
