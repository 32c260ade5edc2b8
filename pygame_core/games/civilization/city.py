"""Trade (L580-621) and City Management (L623-848): produce, devote to the arts, harvest; rushing
with trade; the culture track with its events and great persons."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import geo, model, victory
from pygame_core.games.civilization.data import (
    BUILDINGS,
    EVENTS,
    MARKET,
    TECHS,
    TRACK,
    UNIT_CARDS,
    UNIT_TYPES,
    WALLS,
    WONDERS,
    name,
    unit_cost,
)
from pygame_core.games.civilization.text import FIGURE, RESOURCE, UNIT, t
from pygame_core.games.civilization.text import WALLS as WALLS_NAME
from pygame_core.kernel import Ctx, decisions
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import fmt, seat_name

Data = dict[str, Any]
TRADE_MAX = 27  # L586
RUSH = 3  # L651: 3 trade per production point
COSTS = {"army": 4, "scout": 6}  # L661, L665


# ------------------------------------------------------------------ trade phase
def collect_trade(ctx: Ctx) -> None:
    """Every city's worked squares add their trade to the dial, capped at 27 (L586-588)."""
    d = ctx.data
    occ = model.occupants(d)
    for seat, p in enumerate(d["p"]):
        gain = sum(model.city_yield(d, ci, occ)["trade"] for ci in model.cities_of(d, seat))
        p["trade"] = min(TRADE_MAX, p["trade"] + gain)
        ctx.log(
            fmt(
                t("{p} collects {n} trade (dial {v}).", "{p}收集{n}點貿易（轉盤{v}）。"),
                p=seat_name(seat),
                n=gain,
                v=p["trade"],
            )
        )


# ------------------------------------------------------------------ city management
def rush_cost(data: Data, seat: int, missing: int) -> int:
    """Trade needed to add ``missing`` production (L649-651; a civilization rule may change the rate)."""
    if missing <= 0:
        return 0
    per = 2 if any(e.get("rule") == "trade_to_production_2" for e in model.civ_rules(data["p"][seat])) else 1
    return RUSH * -(-missing // per)


def unlocked_buildings(data: Data, seat: int) -> set[str]:
    out: set[str] = set()
    for tid in data["p"][seat]["techs"]:
        for e in TECHS[tid].get("unlocks", []):
            if e["kind"] == "unlock_building":
                out.add(e["building"])
    return out


def walls_unlocked(data: Data, seat: int) -> bool:
    return any(
        e["kind"] == "unlock_walls" for tid in data["p"][seat]["techs"] for e in TECHS[tid].get("unlocks", [])
    )


def buildable(data: Data, seat: int) -> list[str]:
    """Buildings ``seat`` may produce: unlocked, not superseded by an unlocked upgrade (L990-1002),
    with a marker left in the supply (L695)."""
    have = unlocked_buildings(data, seat)
    out = []
    for bid in sorted(have):
        b = BUILDINGS[bid]
        if b["upgrade"] and b["upgrade"] in have:
            continue
        if data["supply"][b["marker"]] > 0:
            out.append(bid)
    return out


def wonder_cost(data: Data, seat: int, wid: str) -> int:
    w = WONDERS[wid]
    disc = w.get("discount")
    if disc and model.knows(data, seat, disc["tech"]):  # L740
        return int(disc["cost"])
    return int(w["cost"])


def item_cost(data: Data, seat: int, item: str) -> int:
    if item in COSTS:
        return COSTS[item]
    kind, _, rid = item.partition(":")
    if kind == "unit":
        return unit_cost(rid, data["p"][seat]["ranks"][rid])
    if kind == "building":
        return int(BUILDINGS[rid]["cost"])
    if kind == "wonder":
        return wonder_cost(data, seat, rid)
    return int(WALLS["cost"])


def sites(data: Data, seat: int, ci: int, item: str, occ: dict[int, list[str]] | None = None) -> list[int]:
    """Squares of city ``ci``'s outskirts where ``item`` may go (L657-667, L699-730, L744-760, L1270)."""
    occ = model.occupants(data) if occ is None else occ
    out = []
    grid = geo.grid(data)
    own = model.outskirts(data, ci)
    if item in COSTS:
        out = [s for s in own if model.can_end_on(data, seat, s, 1, occ)]
        if item == "army":  # L1270, A53: an army may be placed on a blockaded square and attacks
            out += [s for s in own if s not in out and _blockaded_placeable(data, seat, s, occ)]
        return out
    kind, _, rid = item.partition(":")
    b = BUILDINGS[rid] if kind == "building" else None
    # squares holding the city's one limited building (L730) or its one wonder (L744)
    if b is None:
        taken = [k2 for k2, _ in _city_items(data, ci, "w")]
    elif b["limited"]:
        taken = [k2 for k2, it in _city_items(data, ci, "b") if BUILDINGS[it["id"]]["limited"]]
    else:
        taken = []
    for s in own:
        g = grid[s]
        if g is None or model.enemy_on(data, s, seat, occ):
            continue
        old = data["items"].get(str(s))
        if old is not None and old["o"] != seat:
            continue
        if b is not None and g["terrain"] not in b["terrain"]:
            continue
        if b is None and g["terrain"] == "water":
            continue
        if any(k2 != s for k2 in taken):
            continue
        out.append(s)
    return out


def _blockaded_placeable(data: Data, seat: int, sq: int, occ: dict[int, list[str]]) -> bool:
    g = geo.grid(data)[sq]
    if g is None or (g["terrain"] == "water" and model.traits(data, seat)["water"] != "end"):
        return False
    return model.enemy_on(data, sq, seat, occ)


def _city_items(data: Data, ci: int, kind: str) -> list[tuple[int, dict[str, Any]]]:
    return [
        (s, data["items"][str(s)])
        for s in model.outskirts(data, ci)
        if str(s) in data["items"] and data["items"][str(s)]["k"] == kind
    ]


def products(data: Data, seat: int, ci: int) -> list[str]:
    """Everything city ``ci`` could produce now, ignoring cost."""
    p = data["p"][seat]
    out = []
    if model.unbuilt(data, seat, "army") > 0:
        out.append("army")
    if model.unbuilt(data, seat, "scout") > 0:
        out.append("scout")
    for u in UNIT_TYPES:
        if p["ranks"].get(u, 0) >= 1 and data["decks"][u]:  # L673
            out.append(f"unit:{u}")
    out.extend(f"building:{b}" for b in buildable(data, seat))
    if walls_unlocked(data, seat) and not data["cities"][ci]["wall"]:
        out.append("walls")  # L732-736
    if not data["learning"]:
        out.extend(f"wonder:{w}" for w in data["wonder_market"])  # L738
    return out


def city_legal(data: Data, seat: int) -> list[Action]:
    p = data["p"][seat]
    out: list[Action] = []
    occ = model.occupants(data)
    for ci in model.cities_of(data, seat):
        if data["cities"][ci]["cap"] and p["gov"] == "anarchy":
            continue  # L576: no capital action in Anarchy
        split = not may_act(data, ci) and str(ci) in data.get("split", {})
        if not may_act(data, ci) and not split:
            continue
        y = model.city_yield(data, ci, occ)
        if split:  # Engineering: the rest of the production buys a second item (L1016)
            y["production"] = data["split"][str(ci)]
        for item in products(data, seat, ci):
            need = rush_cost(data, seat, item_cost(data, seat, item) - y["production"])
            placeable = item.startswith("unit:") or item == "walls" or bool(sites(data, seat, ci, item, occ))
            if need <= p["trade"] and placeable:
                out.append({"type": "produce", "city": ci, "item": item})
            if item.startswith("building:") and placeable and _free_building(data, seat) and not split:
                out.append({"type": "produce", "city": ci, "item": item, "free": True})
        if split:
            continue
        out.append({"type": "arts", "city": ci})  # L762
        for r in y["resources"]:
            if data["market"].get(r, 0) > 0:  # L838-840
                out.append({"type": "harvest", "city": ci, "res": r})
        if _harvest_twice(data, seat):  # Angkor Wat: two harvests in one action, even the same square
            kinds = sorted(set(y["resources"]))
            out.extend(
                {"type": "harvest", "city": ci, "res": r, "res2": q}
                for i, r in enumerate(kinds)
                for q in kinds[i:]
                if data["market"].get(r, 0) >= (2 if q == r else 1) and data["market"].get(q, 0) > 0
            )
    nxt = next_space(data, seat)
    if (
        nxt is not None
        and p["culture"] >= nxt["cost"].get("culture", 0)
        and p["trade"] >= nxt["cost"].get("trade", 0)
    ):
        out.append({"type": "advance"})  # L780-786
    if all(
        not may_act(data, ci) or (data["cities"][ci]["cap"] and p["gov"] == "anarchy")
        for ci in model.cities_of(data, seat)
    ):
        out.append({"type": "end_city"})
    return out


def _harvest_twice(data: Data, seat: int) -> bool:
    """Angkor Wat in force and not used this turn (S1/S2 wonder card: once per turn)."""
    return "angkor" not in data["p"][seat]["used"] and any(
        e["kind"] == "extra_action" and e.get("what") == "harvest_twice"
        for e in model.effects_in_force(data, seat)
    )


def watchers(data: Data, seat: int) -> list[int]:
    """Other players, in turn order, who could cancel ``seat``'s city action (Writing: a spy, once per
    turn, S3). The window opens for each one whose ability is unused, whatever they hold, so it shows
    nothing hidden."""
    n = len(data["p"])
    out = []
    for k in range(1, n):
        s = (seat + k) % n
        p = data["p"][s]
        for tid in p["techs"]:
            for i, ab in enumerate(TECHS[tid].get("abilities", [])):
                if (
                    ab["kind"] == "resource_ability"
                    and f"{tid}/{i}" not in p["used"]
                    and any(e["kind"] == "cancel" and e.get("what") == "city_action" for e in ab["effects"])
                    and s not in out
                ):
                    out.append(s)
    return out


def _splits(data: Data, seat: int) -> bool:
    return any(e["kind"] == "split_production" for e in model.effects_in_force(data, seat))


def may_act(data: Data, ci: int) -> bool:
    """One action per city (L631), plus extra actions a card gave it this turn."""
    return data["acted"].count(ci) < 1 + data.get("extra", {}).get(str(ci), 0)


def _free_building(data: Data, seat: int) -> bool:
    """Egypt: once per turn a city action builds an unlocked building for free (public civ sheet)."""
    p = data["p"][seat]
    return "free_building" not in p["used"] and any(
        e.get("rule") == "free_building_action" for e in model.civ_rules(p)
    )


def next_space(data: Data, seat: int) -> dict[str, Any] | None:
    k = data["p"][seat]["track"]
    return TRACK[k] if k < len(TRACK) else None


def city_apply(ctx: Ctx, seat: int, action: Action) -> None:
    d = ctx.data
    k = action["type"]
    if k == "advance":
        advance(ctx, seat)
        return
    vs = watchers(d, seat)
    if vs:  # a city action may be cancelled by another player's Writing (S3)
        decisions.push(
            d,
            "react",
            [vs[0]],
            blocking=True,
            by=seat,
            source={"src": "city", "action": dict(action)},
            choice={},
            rest=vs[1:],
        )
        return
    do_action(ctx, seat, action)


def do_action(ctx: Ctx, seat: int, action: Action) -> None:
    """Carry out a city action (produce, arts, harvest) nobody cancelled."""
    d = ctx.data
    p = d["p"][seat]
    k = action["type"]
    ci = action["city"]
    second = not may_act(d, ci) and str(ci) in d.get("split", {})
    y = model.city_yield(d, ci)
    if second:
        y["production"] = d["split"].pop(str(ci))
    else:
        d["acted"].append(ci)
    if k == "arts":
        gain = model.gain_culture(d, seat, 1 + y["culture"])  # L766
        ctx.log(
            fmt(
                t("{p} devotes a city to the arts: +{n} culture.", "{p}的一座城市奉獻給藝術：+{n}文化。"),
                p=seat_name(seat),
                n=gain,
            )
        )
    elif k == "harvest":
        if "res2" in action:
            p["used"].append("angkor")
        for r in [action["res"]] + ([action["res2"]] if "res2" in action else []):
            d["market"][r] -= 1
            p["res"][r] = p["res"].get(r, 0) + 1
            ctx.log(fmt(t("{p} harvests {r}.", "{p}收穫{r}。"), p=seat_name(seat), r=RESOURCE[r]))
    else:
        item = action["item"]
        cost = 0 if action.get("free") else item_cost(d, seat, item)
        if action.get("free"):
            p["used"].append("free_building")
        paid = rush_cost(d, seat, cost - y["production"])
        p["trade"] -= paid
        if (
            not second
            and not action.get("free")
            and _splits(d, seat)
            and y["production"] - cost >= COSTS["army"]
        ):
            d.setdefault("split", {})[str(ci)] = y["production"] - cost
        rushed = (
            fmt(t(" (rushed with {n} trade)", "（以{n}點貿易加速）"), n=paid)
            if paid
            else {"en": "", "zh-Hant": "", "zh-Hans": ""}
        )
        if item.startswith("unit:"):
            u = item[5:]
            card = draw_unit(ctx, u)
            p["forces"].append(card)
            ctx.log(
                fmt(
                    t("{p} produces a unit: {u}{r}.", "{p}生產一個部隊：{u}{r}。"),
                    p=seat_name(seat),
                    u=UNIT[u],
                    r=rushed,
                )
            )
        elif item == "walls":
            d["cities"][ci]["wall"] = True
            ctx.log(
                fmt(t("{p} builds {w}{r}.", "{p}建造{w}{r}。"), p=seat_name(seat), w=WALLS_NAME, r=rushed)
            )
        else:
            decisions.push(d, "site", [seat], blocking=False, city=ci, item=item)
            ctx.log(
                fmt(
                    t("{p} produces {i}{r}.", "{p}生產{i}{r}。"),
                    p=seat_name(seat),
                    i=item_name(item),
                    r=rushed,
                )
            )


def item_name(item: str) -> dict[str, str]:
    if item in COSTS:
        return FIGURE[item]
    if item == "walls":
        return WALLS_NAME
    kind, _, rid = item.partition(":")
    if kind == "unit":
        return UNIT[rid]
    return name("building" if kind == "building" else "wonder", rid)


def site_legal(data: Data, seat: int, dec: dict[str, Any]) -> list[Action]:
    return [{"type": "site", "sq": s} for s in sites(data, seat, dec["city"], dec["item"])]


def site_apply(ctx: Ctx, seat: int, dec: dict[str, Any], action: Action) -> None:
    """The produced figure, building or wonder goes on the chosen square. An army placed on a
    blockaded square then attacks (A53): ``combat.engage``, which the game calls next."""
    d = ctx.data
    decisions.pop(d, dec)
    sq, item = action["sq"], dec["item"]
    if item in COSTS:
        model.new_fig(d, seat, item, sq)
        return
    kind, _, rid = item.partition(":")
    replace_item(ctx, seat, sq)
    if kind == "building":
        d["supply"][BUILDINGS[rid]["marker"]] -= 1
        d["items"][str(sq)] = {"k": "b", "id": rid, "o": seat}
    else:
        d["wonder_market"].remove(rid)
        if d["wonder_deck"]:
            d["wonder_market"].append(d["wonder_deck"].pop(0))  # L744
            ctx.reveal()
        d["p"][seat]["wonders"].append(rid)
        d["items"][str(sq)] = {"k": "w", "id": rid, "o": seat}
        civ_rule_culture_step(ctx, seat)


def replace_item(ctx: Ctx, seat: int, sq: int) -> None:
    """An own item on ``sq`` is replaced (L754-760, L830): a building returns to the market, a wonder
    leaves the game, a great person returns to the sheet."""
    d = ctx.data
    old = d["items"].pop(str(sq), None)
    if old is None:
        return
    if old["k"] == "b":
        d["supply"][BUILDINGS[old["id"]]["marker"]] += 1
    elif old["k"] == "w":
        if old["id"] in d["p"][old["o"]]["wonders"]:
            d["p"][old["o"]]["wonders"].remove(old["id"])
    else:
        d["p"][old["o"]]["gp"].append(old["id"])


def draw_unit(ctx: Ctx, utype: str) -> str:
    """The top card of a unit deck; face-up killed cards at the bottom are shuffled back in first
    when only they are left (L673)."""
    d = ctx.data
    deck = d["decks"][utype]
    if len(deck) == d["up"][utype]:
        ctx.rng.shuffle(deck)
        d["up"][utype] = 0
    ctx.reveal()
    return str(deck.pop(0))


def return_unit(data: Data, card: str) -> None:
    """A killed unit goes face up to the bottom of its deck (L1121, L1203)."""
    u = UNIT_CARDS[card]["type"]
    data["decks"][u].append(card)
    data["up"][u] += 1


# ------------------------------------------------------------------ culture track
def advance(ctx: Ctx, seat: int) -> None:
    """One step on the culture track, paying the entered space's cost (L780-812)."""
    d = ctx.data
    p = d["p"][seat]
    sp = next_space(d, seat)
    assert sp is not None
    p["culture"] -= sp["cost"].get("culture", 0)
    p["trade"] -= sp["cost"].get("trade", 0)
    p["track"] += 1
    ctx.log(
        fmt(
            t("{p} advances to culture space {n}.", "{p}在文化軌上前進到第{n}格。"),
            p=seat_name(seat),
            n=p["track"],
        )
    )
    if sp["kind"] == "event":
        draw_culture(ctx, seat, sp["era"])
    elif sp["kind"] == "great_person":
        draw_gp(ctx, seat)
    elif sp["kind"] == "victory" and not d["learning"]:
        victory.win(ctx, [seat], "culture")  # L812


def draw_culture(ctx: Ctx, seat: int, era: str) -> None:
    """A culture event card into the hidden hand (L796-798); over the hand limit, discard at once."""
    d = ctx.data
    deck = d["culture"][era]
    if not deck:
        return
    if len(deck) == d["culture_up"][era]:
        ctx.rng.shuffle(deck)
        d["culture_up"][era] = 0
    ctx.reveal()
    card = deck.pop(0)
    p = d["p"][seat]
    p["hand"].append(card)
    ev = EVENTS[card.rsplit("_", 1)[0]]
    ctx.log(
        fmt(t("{p} draws {c}.", "{p}抽到{c}。"), p=seat_name(seat), c=ev["name"]),
        to=[seat],
        others=fmt(t("{p} draws a culture card.", "{p}抽一張文化事件卡。"), p=seat_name(seat)),
    )
    check_hand(ctx, seat)


def one_per_event(hand: list[str]) -> list[str]:
    """The first card of each culture event in ``hand``: copies of an event are alike, so choosing one
    or the other is the same choice (one action, one label)."""
    out: dict[str, str] = {}
    for card in hand:
        out.setdefault(card.rsplit("_", 1)[0], card)
    return list(out.values())


def check_hand(ctx: Ctx, seat: int) -> None:
    d = ctx.data
    if len(d["p"][seat]["hand"]) > model.hand_limit(d, seat) and not any(
        x["kind"] == "discard" and seat in x["seats"] for x in decisions.stack(d)
    ):
        decisions.push(d, "discard", [seat], blocking=True)  # L798, L619


def discard_culture(data: Data, card: str) -> None:
    """A culture card goes face up to the bottom of its deck (L824)."""
    era = EVENTS[card.rsplit("_", 1)[0]]["era"]
    data["culture"][era].append(card)
    data["culture_up"][era] += 1


def draw_gp(ctx: Ctx, seat: int) -> None:
    """A random great person (L804-806): place it now or keep it on the sheet."""
    d = ctx.data
    if not d["gps"]:
        return
    k = ctx.rng.below(len(d["gps"]))
    gp = d["gps"].pop(k)
    d["p"][seat]["gp"].append(gp)
    ctx.log(fmt(t("{p} gains {g}.", "{p}獲得{g}。"), p=seat_name(seat), g=name("gp", gp)))
    decisions.push(d, "great_person", [seat], blocking=False, gp=gp)


def gp_legal(data: Data, seat: int, dec: dict[str, Any]) -> list[Action]:
    out: list[Action] = [{"type": "keep_gp"}]
    for ci in model.cities_of(data, seat):
        for s in model.outskirts(data, ci):
            g = geo.grid(data)[s]
            old = data["items"].get(str(s))
            if g is None or g["terrain"] == "water" or model.enemy_on(data, s, seat):
                continue
            if old is None or old["o"] == seat:
                out.append({"type": "place_gp", "gp": dec["gp"], "sq": s})
    return out


def civ_rule_culture_step(ctx: Ctx, seat: int) -> None:
    """A civilization whose ability gives a free culture step (Rome) advances one space for free."""
    d = ctx.data
    p = d["p"][seat]
    if (
        any(e.get("rule") == "culture_step_on_events" for e in model.civ_rules(p))
        and next_space(d, seat) is not None
    ):
        sp = next_space(d, seat)
        assert sp is not None
        p["culture"] += sp["cost"].get("culture", 0)
        p["trade"] += sp["cost"].get("trade", 0)
        advance(ctx, seat)


def market_tokens() -> int:
    return int(MARKET.get("resource_tokens_per_type", 4))
