"""Battles (L1052-1205): hands drawn from the standing forces, combat bonuses, fronts, trumps,
wounds, resolution, the winner's figure losses and loot. Barbarians defend villages (L902-914).

A battle is a blocking decision ``battle`` whose seat is the one to play a card; ``loot`` follows for
the winner. Hands are hidden: a seat sees its own cards, the others only how many.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import city, model, research, victory
from pygame_core.games.civilization.data import (
    BUILDINGS,
    GREAT_PERSONS,
    TECHS,
    UNIT_CARDS,
    UNIT_TYPES,
    VILLAGES,
    WONDERS,
    name,
)
from pygame_core.games.civilization.text import (
    BARBARIANS,
    BARBARIANS_MID,
    CAPITAL,
    CITY,
    RESOURCE,
    UNIT,
    VILLAGE,
    WALLS,
    t,
)
from pygame_core.kernel import Ctx, decisions
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import LANGS, Text, fmt, possessive, seat_name

Data = dict[str, Any]
BARBARIAN = -1
SIDES = ("a", "d")


def china_culture(ctx: Ctx, seat: int) -> None:
    """China: +3 culture per hut explored or village conquered (public civ sheet, digest §3.2)."""
    p = ctx.data["p"][seat]
    for e in model.civ_rules(p):
        if e.get("kind") == "gain" and e.get("per") == "hut_or_village":
            model.gain_culture(ctx.data, seat, int(e.get("amount", 3)))


def controller(b: Data, side: str) -> int:
    """The seat that plays ``side``: the defender, or for barbarians the invader's left neighbour (L902)."""
    if side == "a":
        return int(b["att"])
    return int(b["proxy"] if b["def"] == BARBARIAN else b["def"])


def rank_of(data: Data, b: Data, side: str, card: str) -> int:
    if side == "d" and b["def"] == BARBARIAN:
        return 1  # L904: barbarians use rank 1
    seat = b["att"] if side == "a" else b["def"]
    return int(data["p"][seat]["ranks"][UNIT_CARDS[card]["type"]])


def card_strength(data: Data, b: Data, side: str, card: str) -> int:
    s = UNIT_CARDS[card]["strengths"]
    r = rank_of(data, b, side, card)
    extra = 0
    if not (side == "d" and b["def"] == BARBARIAN):
        extra = unit_bonus(data, b["att"] if side == "a" else b["def"])
    return int(s[min(max(r, 1), len(s)) - 1]) + extra


def unit_bonus(data: Data, seat: int) -> int:
    """+strength to every unit from wonders in force (Himeji Castle): not obsolete (L1276-1280) and
    without an enemy figure on its marker (L1268)."""
    n = 0
    for wid in data["p"][seat]["wonders"]:
        for e in WONDERS[wid].get("abilities", []):
            if e["kind"] == "strength_bonus" and e.get("scope") == "all_units":
                if wid not in data["obsolete"] and not model.wonder_blockaded(data, wid):
                    n += int(e["amount"])
    return n


def unit_strength(data: Data, b: Data, side: str, unit: Data) -> int:
    """A unit on a front: its card's strength plus a one-play bonus it received."""
    return card_strength(data, b, side, unit["c"]) + int(unit.get("x", 0))


def _hand_size(data: Data, seat: int, armies: int, city_defence: bool) -> int:
    n = model.traits(data, seat)["battle_hand"] + 2 * max(0, armies - 1)  # L1062-1066
    n += sum(
        int(e["delta"]) * model.per_coins(data, seat, e)
        for e in model.effects_in_force(data, seat)
        if e["kind"] == "battle_hand" and "per" in e
    )  # Computers
    return n + (3 if city_defence else 0)  # L1068


def bonus_parts(data: Data, seat: int, side: str, ci: int) -> list[Data]:
    """L1086-1100: where a side's combat bonus comes from, ``{"what", "id", "n"}`` each: Barracks
    (+2) and Academies (+4) built, Generals on the map (+4), effects in force, and for the defender of
    a city +6 (capital +12) and walls +4."""
    out: dict[tuple[str, str], int] = {}
    for item in data["items"].values():
        if item["o"] != seat:
            continue
        n = 0
        if item["k"] == "b":
            n = int(BUILDINGS[item["id"]]["icons"].get("combat", 0))  # L1090-1092
        elif item["k"] == "gp":
            n = int(GREAT_PERSONS[item["id"]]["icons"].get("combat", 0))  # L1094
        if n:
            key = ("building" if item["k"] == "b" else "gp", item["id"])
            out[key] = out.get(key, 0) + n
    for e in model.effects_in_force(data, seat):
        if e["kind"] == "combat_bonus" and e.get("when", "always") in (
            "always",
            "attack" if side == "a" else "defend",
        ):
            out[("effect", "")] = out.get(("effect", ""), 0) + int(e["amount"])
    if side == "d" and ci >= 0:
        c = data["cities"][ci]
        if c["cap"]:
            out[("capital", "")] = 12  # L1098
        else:
            out[("city", "")] = 6  # L1096
        if c["wall"]:
            out[("walls", "")] = 4  # L1100
    return [{"what": w, "id": i or None, "n": n} for (w, i), n in out.items()]


def _bonus(data: Data, seat: int, side: str, ci: int) -> int:
    """L1086-1102: the total of :func:`bonus_parts`."""
    return sum(int(x["n"]) for x in bonus_parts(data, seat, side, ci))


def bonus_text(parts: list[Data]) -> Text:
    """ "capital +12, Barracks +2" in three languages."""
    names: dict[str, Text] = {
        "capital": CAPITAL,
        "city": CITY,
        "walls": WALLS,
        "effect": t("abilities", "能力"),
    }
    out: Text = {}
    for lang in LANGS:
        words = []
        for x in parts:
            nm = name(x["what"], x["id"]) if x["what"] in ("building", "gp") else names[x["what"]]
            words.append(f"{nm[lang]} +{x['n']}")
        out[lang] = (", " if lang == "en" else "、").join(words)
    return out


def _draw_hand(ctx: Ctx, seat: int, size: int) -> list[str]:
    p = ctx.data["p"][seat]
    forces = p["forces"]
    ctx.rng.shuffle(forces)  # L1062
    hand = forces[:size]
    del forces[:size]
    return list(hand)


def _barbarian_hand(ctx: Ctx) -> list[str]:
    """1 artillery, 1 infantry, 1 mounted; an empty deck is replaced by the next non-empty one (L902)."""
    d = ctx.data
    out = []
    for u in ("artillery", "infantry", "mounted"):
        for v in (u, "artillery", "infantry", "mounted"):
            if d["decks"][v]:
                out.append(city.draw_unit(ctx, v))
                break
    return out


def start(
    ctx: Ctx, seat: int, figs: list[str], sq: int, defender: int, city: int = -1, village: bool = False
) -> None:
    d = ctx.data
    n = len(d["p"])
    armies = sum(1 for f in figs if d["figs"][f]["k"] == "army")
    d["last_battle"] = None  # the previous result leaves the screen when a new battle starts
    b: Data = {
        "att": seat,
        "def": defender,
        "proxy": (seat + 1) % n,
        "sq": sq,
        "city": city,
        "village": village,
        "figs": list(figs),
        "fronts": [],
        "killed": {"a": 0, "d": 0},
    }
    if (
        city >= 0
        and d["cities"][city]["wall"]
        and any(e.get("rule") == "walls_fall_on_attack" for e in model.effects_in_force(d, seat))
    ):
        d["cities"][city]["wall"] = False  # Combustion: the walls fall before the battle (and its +4, L1100)
    b["hand"] = {"a": _draw_hand(ctx, seat, _hand_size(d, seat, armies, False))}
    if defender == BARBARIAN:
        b["hand"]["d"] = _barbarian_hand(ctx)
        # L904: a village battle follows the normal combat rules, so the invader keeps its Barracks,
        # Academies and Generals (L1090-1094); only the barbarians have no bonus (A36)
        b["bonus_from"] = {"a": bonus_parts(d, seat, "a", -1), "d": []}
        bonus = {s: sum(int(x["n"]) for x in b["bonus_from"][s]) for s in SIDES}
    else:
        occ = model.occupants(d)
        darm = sum(
            1 for f in occ.get(sq, []) if d["figs"][f]["o"] == defender and d["figs"][f]["k"] == "army"
        )
        b["hand"]["d"] = _draw_hand(ctx, defender, _hand_size(d, defender, max(darm, 1), city >= 0))
        b["bonus_from"] = {"a": bonus_parts(d, seat, "a", -1), "d": bonus_parts(d, defender, "d", city)}
        bonus = {s: sum(int(x["n"]) for x in b["bonus_from"][s]) for s in SIDES}  # L1086-1102
    diff = bonus["a"] - bonus["d"]
    b["bonus"] = {"a": max(diff, 0), "d": max(-diff, 0)}  # L1088
    walled = city >= 0 and d["cities"][city]["wall"]
    b["turn"] = "a" if walled else "d"  # L1106-1108
    d["battle"] = b
    ctx.reveal()
    who = BARBARIANS_MID if defender == BARBARIAN else seat_name(defender)
    ctx.log(
        fmt(
            t(
                "Battle: {a} attacks {d} ({x} card{s} against {y}). {why}",
                "戰鬥：{a}攻擊{d}（{x}張對{y}張）。{why}",
            ),
            a=seat_name(seat),
            d=who,
            x=len(b["hand"]["a"]),
            s="" if len(b["hand"]["a"]) == 1 else "s",
            y=len(b["hand"]["d"]),
            why=_bonus_log(b, bonus),
        )
    )
    if not b["hand"][b["turn"]]:
        b["turn"] = "d" if b["turn"] == "a" else "a"
    if not b["hand"]["a"] and not b["hand"]["d"]:
        _resolve(ctx)  # neither side has a unit: the bonuses alone decide (L1169)
        return
    decisions.push(d, "battle", [controller(b, b["turn"])], blocking=True)
    _continue(ctx)


def _bonus_log(b: Data, bonus: dict[str, int]) -> Text:
    """Each side's combat bonus and where it comes from, and who takes the bonus card (L1086-1100)."""
    if not bonus["a"] and not bonus["d"]:
        return t("No combat bonus.", "沒有戰鬥獎勵。")
    sides = []
    for s in SIDES:
        parts = b["bonus_from"][s]
        txt = t("{p} +{n} ({w})", "{p} +{n}（{w}）") if parts else t("{p} +0", "{p} +0")
        sides.append(fmt(txt, p=_side_name(b, s), n=bonus[s], w=bonus_text(parts)))
    win = "a" if b["bonus"]["a"] else "d"
    card = (
        fmt(
            t("; {p} takes the +{n} combat bonus card", "；{p}拿取+{n}戰鬥獎勵卡"),
            p=_side_name(b, win, mid=True),
            n=b["bonus"][win],
        )
        if b["bonus"][win]
        else t("", "")
    )
    return fmt(t("Combat bonus: {a}, {d}{c}.", "戰鬥獎勵：{a}，{d}{c}。"), a=sides[0], d=sides[1], c=card)


def legal(data: Data, seat: int) -> list[Action]:
    b = data["battle"]
    side = b["turn"]
    other = "d" if side == "a" else "a"
    out: list[Action] = []
    targets = [k for k, f in enumerate(b["fronts"]) if f[other] is not None and f[side] is None]
    for card in one_per_kind(b["hand"][side]):
        out.append({"type": "play", "card": card, "front": -1})  # L1110: open a front
        out.extend({"type": "play", "card": card, "front": k} for k in targets)  # L1112: attack
    return out


def one_per_kind(cards: list[str]) -> list[str]:
    """The first card (by id) of each kind in ``cards``: cards of one type with the same strengths are
    alike, so playing one or the other is the same choice (one action, one label)."""
    out: dict[tuple[str, tuple[int, ...]], str] = {}
    for card in sorted(cards):
        rec = UNIT_CARDS[card]
        out.setdefault((rec["type"], tuple(rec["strengths"])), card)
    return list(out.values())


def play(ctx: Ctx, seat: int, action: Action) -> None:
    d = ctx.data
    b = d["battle"]
    side = b["turn"]
    other = "d" if side == "a" else "a"
    card = action["card"]
    b["hand"][side].remove(card)
    ctx.reveal()  # L1106-1112: played face up from a hidden hand, seen by the other side (an undo barrier)
    unit = {"c": card, "w": 0}
    boost = b.get("boost", {}).get(side, 0)
    if boost:  # a "+strength for one play" ability used before this play (L1159)
        unit["x"] = boost
        b["boost"][side] = 0
    utype = UNIT_CARDS[card]["type"]
    st = unit_strength(d, b, side, unit)
    b["last"] = {
        "side": side,
        "type": utype,
        "strength": st,
        "front": len(b["fronts"]) if action["front"] < 0 else action["front"],
    }  # public once played
    if action["front"] < 0:
        b["fronts"].append({side: unit, other: None})
        ctx.log(
            fmt(
                t(
                    "{p} open a front with {u} {s}."
                    if _barbarian(b, side)
                    else "{p} opens a front with {u} {s}.",
                    "{p}以{u} {s}開闢新戰線。",
                ),
                p=_side_name(b, side),
                u=UNIT[utype],
                s=st,
            )
        )
    else:
        front = b["fronts"][action["front"]]
        front[side] = unit
        _clash(ctx, b, front, side)
    b["turn"] = other if b["hand"][other] else side
    if not b["hand"]["a"] and not b["hand"]["d"]:
        decisions.pop(d, _battle_decision(d))
        _resolve(ctx)
        return
    _battle_decision(d)["seats"] = [controller(b, b["turn"])]
    _continue(ctx)


def _battle_decision(data: Data) -> dict[str, Any]:
    for x in decisions.stack(data):
        if x["kind"] == "battle":
            return x
    raise ValueError("no battle")


def _continue(ctx: Ctx) -> None:
    """Barbarians played by the rules (option ``barbarians: rules``): the engine plays their cards."""
    d = ctx.data
    while (
        d["battle"] is not None
        and d["battle"]["def"] == BARBARIAN
        and d["battle"]["turn"] == "d"
        and d.get("barbarians") == "rules"
    ):
        acts = legal(d, controller(d["battle"], "d"))
        attacks = [a for a in acts if a["front"] >= 0]
        play(ctx, controller(d["battle"], "d"), (attacks or acts)[0])


def _clash(ctx: Ctx, b: Data, front: Data, side: str) -> None:
    """L1119-1157: both units strike at once, unless one trumps the other: it strikes first and a
    killed target does not strike back. Aircraft never trump nor are trumped (L1165)."""
    d = ctx.data
    other = "d" if side == "a" else "a"
    u, v = front[side], front[other]
    su, sv = unit_strength(d, b, side, u), unit_strength(d, b, other, v)
    tu, tv = UNIT_CARDS[u["c"]]["type"], UNIT_CARDS[v["c"]]["type"]
    if UNIT_TYPES[tu].get("trumps") == tv:
        v["w"] += su
        if v["w"] < sv:
            u["w"] += sv
    elif UNIT_TYPES[tv].get("trumps") == tu:
        u["w"] += sv
        if u["w"] < su:
            v["w"] += su
    else:
        u["w"] += sv
        v["w"] += su
    ctx.log(
        fmt(
            t("{p} {u} {s} attacks {q} {v} {r}.", "{p}的{u} {s}攻擊{q}的{v} {r}。"),
            p=possessive(_side_name(b, side)),
            u=UNIT[tu],
            s=su,
            q=possessive(_side_name(b, other, mid=True)),
            v=UNIT[tv],
            r=sv,
        )
    )
    for sd, unit, strength in ((side, u, su), (other, v, sv)):
        if unit["w"] >= strength:  # L1121, A47
            front[sd] = None
            b["killed"][sd] += 1
            b.setdefault("dead", {"a": [], "d": []})[sd].append(unit["c"])
            city.return_unit(d, unit["c"])
    if front["a"] is None and front["d"] is None:
        b["fronts"].remove(front)


def _barbarian(b: Data, side: str) -> bool:
    return side == "d" and b["def"] == BARBARIAN


def _side_name(b: Data, side: str, mid: bool = False) -> dict[str, str]:
    """The seat playing ``side``, or the barbarians (``mid``: in the middle of a sentence)."""
    if side == "d" and b["def"] == BARBARIAN:
        return BARBARIANS_MID if mid else BARBARIANS
    return seat_name(b["att"] if side == "a" else b["def"])


def _resolve(ctx: Ctx) -> None:
    """L1167-1203: survivors' strength plus the bonus card; ties go to the defender."""
    d = ctx.data
    b = d["battle"]
    total = {
        s: b["bonus"][s] + sum(unit_strength(d, b, s, f[s]) for f in b["fronts"] if f[s] is not None)
        for s in SIDES
    }
    win = "a" if total["a"] > total["d"] else "d"
    for f in b["fronts"]:  # L1203: survivors return
        for s in SIDES:
            if f[s] is not None:
                if s == "d" and b["def"] == BARBARIAN:
                    city.return_unit(d, f[s]["c"])
                else:
                    d["p"][b["att"] if s == "a" else b["def"]]["forces"].append(f[s]["c"])
    d["battle"] = None
    att, dfn, sq = b["att"], b["def"], b["sq"]
    d["last_battle"] = _result(d, b, win, total)
    for side, seat in (("a", att), ("d", dfn)):
        if seat != BARBARIAN:
            _save_unit(ctx, seat, b.get("dead", {}).get(side, []))
    ctx.log(
        fmt(
            t(
                "{w} win the battle ({x} against {y})."
                if _barbarian(b, win)
                else "{w} wins the battle ({x} against {y}).",
                "{w}贏得戰鬥（{x}對{y}）。",
            ),
            w=_side_name(b, win),
            x=total["a"],
            y=total["d"],
        )
    )
    occ = model.occupants(d)
    winner = att if win == "a" else dfn
    if winner != BARBARIAN:
        mine = [f for f in occ.get(sq, []) if d["figs"][f]["o"] == winner and d["figs"][f]["k"] == "army"]
        for f in mine[: min(b["killed"][win] // 2, len(mine) - 1)]:  # L1173
            del d["figs"][f]
        occ = model.occupants(d)
    if win == "d":
        for f in b["figs"]:
            d["figs"].pop(f, None)  # the invaders are destroyed
        if dfn != BARBARIAN:
            _loot(ctx, dfn, att, False)  # A50
        return
    for f in [f for f in occ.get(sq, []) if d["figs"][f]["o"] == dfn]:
        del d["figs"][f]  # L1179-1181
    if b["village"]:
        mark = d["marks"].pop(str(sq))
        ctx.reveal()  # the winner looks at the village marker's back (found by the undo property test)
        back = VILLAGES[mark["id"]]
        if back.get("kind") == "great_person":
            city.draw_gp(ctx, att)  # L910
        else:
            d["p"][att]["hv"].append(mark["id"])
        ctx.log(fmt(t("{p} conquers a {v}.", "{p}征服一座{v}。"), p=seat_name(att), v=VILLAGE))
        china_culture(ctx, att)
        city.civ_rule_culture_step(ctx, att)
        _after_win(ctx, att)
        return
    ci = b["city"]
    if ci >= 0:
        c = d["cities"][ci]
        if c["cap"]:
            victory.capital_taken(ctx, att, dfn)  # L1197
            return
        destroy_city(ctx, ci)  # L1189
        city.civ_rule_culture_step(ctx, att)
        _loot(ctx, att, dfn, True)
    else:
        _loot(ctx, att, dfn, False)


def _result(data: Data, b: Data, win: str, total: dict[str, int]) -> Data:
    """What stays on screen after a battle until the next one starts or the turn ends: public facts
    only (killed units by type and strength, never card ids; the loot once taken)."""
    dead = b.get("dead", {"a": [], "d": []})
    return {
        "turn": data["turn"],
        "square": b["sq"],
        "attacker": b["att"],
        "defender": None if b["def"] == BARBARIAN else b["def"],
        "barbarians": b["def"] == BARBARIAN,
        "winner": None if (win == "d" and b["def"] == BARBARIAN) else (b["att"] if win == "a" else b["def"]),
        "winner_side": win,
        "totals": dict(total),
        "killed": {
            s: [{"type": UNIT_CARDS[c]["type"], "strength": card_strength(data, b, s, c)} for c in dead[s]]
            for s in SIDES
        },
        "loot": None,
    }


def _save_unit(ctx: Ctx, seat: int, dead: list[str]) -> None:
    """China: after each battle one own killed unit returns to the standing forces (public civ sheet,
    digest §3.2); the engine saves the strongest one (ruling)."""
    d = ctx.data
    p = d["p"][seat]
    if not dead or not any(e.get("rule") == "save_killed_unit" for e in model.civ_rules(p)):
        return
    card = max(dead, key=lambda c: (UNIT_CARDS[c]["strengths"][-1], c))
    u = UNIT_CARDS[card]["type"]
    if card in d["decks"][u]:
        d["decks"][u].remove(card)
        d["up"][u] -= 1
        p["forces"].append(card)
        ctx.log(fmt(t("{p} saves a killed unit.", "{p}救回一個被殲滅的部隊。"), p=seat_name(seat)))


def destroy_city(ctx: Ctx, ci: int) -> None:
    """The marker returns to its owner; buildings to the market; wonders and great persons leave (L1189)."""
    d = ctx.data
    c = d["cities"][ci]
    for s in model.outskirts(d, ci):
        item = d["items"].get(str(s))
        if item is None or item["o"] != c["o"]:
            continue
        del d["items"][str(s)]
        if item["k"] == "b":
            d["supply"][BUILDINGS[item["id"]]["marker"]] += 1
        elif item["k"] == "w":
            d["p"][c["o"]]["wonders"].remove(item["id"])
    for f in d["figs"].values():
        if f.get("g") == ci and f["o"] == c["o"]:
            f.pop("g")
    d["cities"].pop(ci)
    d["acted"] = [x - (x > ci) for x in d["acted"] if x != ci]  # city indices after this one shift down
    for key in ("extra", "bonus_prod", "split"):
        d[key] = {str(int(k) - (int(k) > ci)): v for k, v in d.get(key, {}).items() if int(k) != ci}
    for f in d["figs"].values():
        if f.get("g") is not None and f["g"] > ci:
            f["g"] -= 1
    ctx.log(fmt(t("{p}'s city is destroyed.", "{p}的城市被摧毀。"), p=seat_name(c["o"])))


def engage(ctx: Ctx, seat: int, sq: int) -> None:
    """A figure just placed on ``sq`` among enemy figures (an army produced onto a blockaded square
    attacks, A53, L1270): lone scouts die and ``seat`` wins without a battle (L920), else a battle."""
    d = ctx.data
    enemy = [f for f, x in d["figs"].items() if x["sq"] == sq and x["o"] != seat]
    if not enemy:
        return
    owner = d["figs"][enemy[0]]["o"]
    if all(d["figs"][f]["k"] == "scout" for f in enemy):
        for f in enemy:
            del d["figs"][f]
        win_without_battle(ctx, seat, owner)
    else:
        combat_figs = [f for f, x in d["figs"].items() if x["sq"] == sq and x["o"] == seat]
        start(ctx, seat, combat_figs, sq, owner)


def win_without_battle(ctx: Ctx, seat: int, loser: int) -> None:
    """Only scouts in the square: they die and the army wins a battle (L920)."""
    _loot(ctx, seat, loser, False, battle=False)


def _after_win(ctx: Ctx, seat: int) -> None:
    """Coin tasks triggered by winning a battle (Code of Laws, L1038): once per turn, max 4 (public
    tech sheet S3, the source of the tech data)."""
    d = ctx.data
    p = d["p"][seat]
    for tid in p["techs"]:
        slot = TECHS[tid].get("coin_slot")
        if (
            slot
            and slot.get("trigger") == "win_battle"
            and p["coin_tokens"].get(tid, 0) < slot["max"]
            and f"{tid}/coin" not in p["used"]
        ):
            p["coin_tokens"][tid] = p["coin_tokens"].get(tid, 0) + 1
            p["used"].append(f"{tid}/coin")
    victory.check(ctx)


def _loot(ctx: Ctx, winner: int, loser: int, city_row: bool, battle: bool = True) -> None:
    _after_win(ctx, winner)
    if ctx.data["over"]:
        return
    if loser >= 0 and any(e.get("rule") == "great_wall" for e in model.effects_in_force(ctx.data, loser)):
        # The Great Wall: the winner takes one loot fewer (S1/S2 wonder card); the base game gives one
        no_loot = t("The Great Wall: {p} takes no loot.", "萬里長城：{p}得不到戰利品。")
        ctx.log(fmt(no_loot, p=seat_name(winner)))
        return
    decisions.push(ctx.data, "loot", [winner], blocking=True, loser=loser, city=city_row, battle=battle)


def loot_legal(data: Data, seat: int, dec: dict[str, Any]) -> list[Action]:
    """L1183-1193: one loot of the row that applies."""
    lp = data["p"][dec["loser"]]
    out: list[Action] = []
    res = sorted(r for r, n in lp["res"].items() if n > 0)
    if dec["city"]:
        for tid in lp["techs"]:
            if not model.knows(data, seat, tid) and research.slot_ok(data, seat, tid):
                out.append({"type": "loot", "take": "tech", "tech": tid})
        if lp["hand"]:
            out.append({"type": "loot", "take": "culture_card"})
        pool = res + (["marker"] if lp["hv"] else [])
        pairs = [
            (a, b)
            for i, a in enumerate(pool)
            for b in pool[i:]
            if a != b or a == "marker" and len(lp["hv"]) >= 2 or a != "marker" and lp["res"].get(a, 0) >= 2
        ]
        out.extend({"type": "loot", "take": "resources", "res": [a, b]} for a, b in pairs)
        if not out and (res or lp["hv"]):
            out.extend({"type": "loot", "take": "resources", "res": [r]} for r in pool)
    else:
        out.append({"type": "loot", "take": "trade", "n": min(3, lp["trade"])})
        out.append({"type": "loot", "take": "culture", "n": min(3, lp["culture"])})
        out.extend({"type": "loot", "take": "resource", "res": r} for r in res)
        if lp["hv"]:
            out.append({"type": "loot", "take": "resource", "res": "marker"})
    return out or [{"type": "loot", "take": "nothing"}]


def loot_apply(ctx: Ctx, seat: int, dec: dict[str, Any], action: Action) -> None:
    d = ctx.data
    decisions.pop(d, dec)
    p, lp = d["p"][seat], d["p"][dec["loser"]]
    take = action["take"]
    last = d.get("last_battle")
    if dec.get("battle") and last is not None:
        # public: a blind marker or culture card stays unnamed
        last["loot"] = {k: v for k, v in action.items() if k != "type"}
    if take in ("trade", "culture"):
        n = action["n"]
        lp[take] -= n
        p[take] = min(city.TRADE_MAX, p[take] + n) if take == "trade" else p[take] + n
        what = t("trade", "貿易") if take == "trade" else t("culture", "文化")
        ctx.log(fmt(t("{p} loots {n} {w}.", "{p}掠奪{n}點{w}。"), p=seat_name(seat), n=n, w=what))
    elif take in ("resource", "resources"):
        picks = [action["res"]] if take == "resource" else list(action["res"])
        for r in picks:
            if r == "marker":
                k = ctx.rng.below(len(lp["hv"]))  # blind (L1185)
                p["hv"].append(lp["hv"].pop(k))
                ctx.log(
                    fmt(t("{p} loots a face-down marker.", "{p}掠奪一個面朝下的標誌物。"), p=seat_name(seat))
                )
            else:
                lp["res"][r] -= 1
                p["res"][r] = p["res"].get(r, 0) + 1
                ctx.log(fmt(t("{p} loots {r}.", "{p}掠奪{r}。"), p=seat_name(seat), r=RESOURCE[r]))
    elif take == "tech":
        research.learn(ctx, seat, action["tech"], free=True)  # L1191
    elif take == "culture_card":
        k = ctx.rng.below(len(lp["hand"]))  # L1192: blind
        p["hand"].append(lp["hand"].pop(k))
        ctx.log(fmt(t("{p} steals a culture card.", "{p}偷取一張文化事件卡。"), p=seat_name(seat)))
        city.check_hand(ctx, seat)
    victory.check(ctx)
