"""The political phase (L1328-1494, L1995-2071): prepare an event, colonize a revealed territory
(an auction), aggressions, wars, pacts and resignation (full mode). Other players' answers go
through the kernel decision stack: ``bid`` (auction), ``colonize`` (the winner sends units),
``defend`` (an aggression's defender), ``pact_reply``."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import effects
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.economy import ma_left, spend_ma, sync
from pygame_core.games.through_the_ages.model import Data, Player
from pygame_core.games.through_the_ages.ratings import army_strength, colonization_force, stats, units_of
from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx, decisions

Action = dict[str, Any]
RESIGN_CULTURE = 7  # ruling §8.15 (P2 §5.11)


def active(d: Data) -> list[int]:
    return [s for s, p in enumerate(d["p"]) if not p["resigned"]]


def can_politic(d: Data, p: Player) -> bool:
    return d["round"] >= 2 and not p["political"] and not p["acted"]


def legal(d: Data, seat: int) -> list[Action]:
    """Political actions of the current player (at most one per turn, L1330-1332)."""
    p = d["p"][seat]
    if not can_politic(d, p):
        return []
    out: list[Action] = []
    for c in dict.fromkeys(p["mil"]):
        kind = CARDS[c]["kind"]
        if kind in ("event", "territory"):
            out.append({"type": "event", "card": c})
        elif d["mode"] == "full" and kind == "aggression" and ma_left(p) >= CARDS[c].get("ma_cost", 0):
            mine = stats(p)["strength"]
            out += [
                {"type": "aggress", "card": c, "target": s}
                for s in active(d)
                if s != seat and stats(d["p"][s])["strength"] < mine
            ]
        elif (
            d["mode"] == "full"
            and kind == "war"
            and ma_left(p) >= CARDS[c].get("ma_cost", 0)
            and d["last"] is None
            and not any(w["from"] == seat for w in d["wars"])
        ):
            out += [{"type": "war", "card": c, "target": s} for s in active(d) if s != seat]
        elif d["mode"] == "full" and kind == "pact" and len(active(d)) > 2:
            sides = ["A"] if CARDS[c].get("symmetric") else ["A", "B"]
            out += [
                {"type": "pact", "card": c, "target": s, "side": x}
                for s in active(d)
                if s != seat
                for x in sides
            ]
    if d["mode"] == "full":
        if any(x["with"] is not None for x in [p.get("pact") or {"with": None}]) or _partner_pacts(d, seat):
            out.append({"type": "cancel_pact"})
        if d["age"] < 4 and len(active(d)) > 1:
            out.append({"type": "resign"})
    return out


def _partner_pacts(d: Data, seat: int) -> list[int]:
    return [s for s, q in enumerate(d["p"]) if q.get("pact") and q["pact"]["with"] == seat]


def apply(ctx: Ctx, seat: int, a: Action) -> None:
    d = ctx.data
    p = d["p"][seat]
    p["political"] = True
    k = a["type"]
    if k == "event":
        prepare_event(ctx, seat, a["card"])
    elif k == "aggress":
        c = a["card"]
        p["mil"].remove(c)
        spend_ma(p, CARDS[c].get("ma_cost", 0))
        ctx.log(say("{p} plays {c} against {q}", "{p}对{q}发动{c}", p=seat, c=c, q=a["target"]))
        d["fight"] = {"card": c, "from": seat, "to": a["target"], "bonus": 0, "used": 0}
        ctx.reveal()
        decisions.push(d, "defend", [a["target"]])
    elif k == "war":
        c = a["card"]
        p["mil"].remove(c)
        spend_ma(p, CARDS[c].get("ma_cost", 0))
        d["wars"].append({"card": c, "from": seat, "to": a["target"]})
        ctx.reveal()
        ctx.log(say("{p} declares {c} on {q}", "{p}对{q}宣告{c}", p=seat, c=c, q=a["target"]))
    elif k == "pact":
        c = a["card"]
        p["mil"].remove(c)  # held by the offer until answered
        ctx.reveal()
        ctx.log(say("{p} offers {c} to {q}", "{p}向{q}提出{c}", p=seat, c=c, q=a["target"]))
        d["offer"] = {"card": c, "from": seat, "to": a["target"], "side": a["side"]}
        decisions.push(d, "pact_reply", [a["target"]])
    elif k == "cancel_pact":
        if p.get("pact"):
            end_pact(ctx, seat)
        for s in _partner_pacts(d, seat):
            end_pact(ctx, s)
        ctx.log(say("{p} cancels a pact", "{p}取消条约", p=seat))
    elif k == "resign":
        resign(ctx, seat)
    sync(p)


# ------------------------------------------------------------------ events
def prepare_event(ctx: Ctx, seat: int, card: str) -> None:
    """The card goes face down onto the future events deck, +culture = its level, then the top
    current event is revealed and resolved (L1336-1361)."""
    d = ctx.data
    p = d["p"][seat]
    p["mil"].remove(card)
    d["ev_fut"].append([card, seat])
    p["cul"] += CARDS[card]["lvl"]
    ctx.log(
        say(
            "{p} prepares {c} (+{n} culture)", "{p}筹划{c}（+{n}文化）", p=seat, c=card, n=CARDS[card]["lvl"]
        ),
        to=[seat],
        others=say(
            "{p} prepares an event (+{n} culture)", "{p}筹划事件（+{n}文化）", p=seat, n=CARDS[card]["lvl"]
        ),
    )
    reveal_event(ctx, seat)


def reveal_event(ctx: Ctx, seat: int) -> None:
    d = ctx.data
    ctx.reveal()
    if not d["ev_cur"]:
        turnover(ctx)
        if not d["ev_cur"]:
            return
    ev = d["ev_cur"].pop()
    d["ev_past"].append(ev)
    ctx.log(say("Event: {c}", "事件：{c}", c=ev), card=ev)
    card = CARDS[ev]
    if card["kind"] == "territory":
        start_auction(ctx, seat, ev)
    else:
        effects.apply_list(
            ctx, seat, [dict(e, who=e.get("who", "each")) for e in card["effects"]], current=seat, source=ev
        )
        for s in active(d):
            sync(d["p"][s])
    if not d["ev_cur"]:
        turnover(ctx)


def turnover(ctx: Ctx) -> None:
    """The future deck becomes the current deck, older ages on top (L1355-1361)."""
    d = ctx.data
    fut = [c for c, _s in d["ev_fut"]]
    ctx.rng.shuffle(fut)
    fut.sort(key=lambda c: -CARDS[c]["lvl"])  # list end = top: lowest age last
    d["ev_cur"] = fut
    d["ev_fut"] = []


# ------------------------------------------------------------------ colonization
def max_force(p: Player) -> int:
    """The most colonization force the player could muster (bids are capped by it, L1426-1440)."""
    sent = {c: n for c, n in p["work"].items() if n and CARDS[c]["kind"] == "unit"}
    if not sent:
        return 0
    bonus = sum(CARDS[c].get("colonization", 0) for c in p["mil"] if CARDS[c]["kind"] == "bonus")
    return colonization_force(p, sent) + stats(p)["colonization"] + bonus


def start_auction(ctx: Ctx, seat: int, card: str) -> None:
    d = ctx.data
    order = effects.order_from(d, seat)
    d["auction"] = {"card": card, "bid": 0, "leader": None, "in": order, "i": 0}
    _next_bidder(ctx)


def _next_bidder(ctx: Ctx) -> None:
    """Ask the next bidder clockwise; a player who cannot outbid passes (bids are capped by the
    force they could muster, L1426-1440). The last one in with a bid wins."""
    d = ctx.data
    a = d["auction"]
    while a["in"] and a["in"] != [a["leader"]]:
        a["i"] %= len(a["in"])
        s = a["in"][a["i"]]
        if max_force(d["p"][s]) > a["bid"]:
            decisions.push(d, "bid", [s])
            return
        a["in"].remove(s)
    if a["leader"] is None:
        ctx.log(say("Nobody colonizes {c}", "无人殖民{c}", c=a["card"]))
        d["auction"] = None
        return
    d["colonize"] = {"card": a["card"], "seat": a["leader"], "bid": a["bid"], "sent": {}, "bonus": []}
    d["auction"] = None
    decisions.push(d, "colonize", [d["colonize"]["seat"]])


def bid_legal(d: Data, seat: int) -> list[Action]:
    a = d["auction"]
    top = max_force(d["p"][seat])
    return [{"type": "bid", "n": n} for n in range(a["bid"] + 1, top + 1)] + [{"type": "pass"}]


def bid(ctx: Ctx, seat: int, act: Action) -> None:
    d = ctx.data
    a = d["auction"]
    if act["type"] == "pass":
        a["i"] = a["in"].index(seat)
        a["in"].remove(seat)
        ctx.log(say("{p} passes", "{p}放弃", p=seat))
    else:
        a["bid"] = act["n"]
        a["leader"] = seat
        a["i"] = a["in"].index(seat) + 1
        ctx.log(say("{p} bids {n}", "{p}出价{n}", p=seat, n=act["n"]))
    _next_bidder(ctx)


def colonize_force(d: Data) -> int:
    c = d["colonize"]
    p = d["p"][c["seat"]]
    if not c["sent"]:
        return 0
    bonus = sum(CARDS[b].get("colonization", 0) for b in c["bonus"])
    return colonization_force(p, c["sent"]) + stats(p)["colonization"] + bonus


def colonize_legal(d: Data, seat: int) -> list[Action]:
    c = d["colonize"]
    p = d["p"][seat]
    out: list[Action] = []
    if c["sent"] and colonize_force(d) >= c["bid"]:
        out.append({"type": "done"})
    for u, n in p["work"].items():
        if n > c["sent"].get(u, 0) and CARDS[u]["kind"] == "unit":
            out.append({"type": "send", "card": u})
    for b in dict.fromkeys(p["mil"]):
        if CARDS[b]["kind"] == "bonus":
            out.append({"type": "bonus", "card": b})
    return out


def colonize(ctx: Ctx, seat: int, act: Action) -> None:
    """Send units (their tokens go to the yellow bank, L1466-1468), play bonus cards, and take the
    territory: permanent effect, then the one-time effect (L1484-1494)."""
    d = ctx.data
    c = d["colonize"]
    p = d["p"][seat]
    if act["type"] == "send":
        c["sent"][act["card"]] = c["sent"].get(act["card"], 0) + 1
        decisions.push(d, "colonize", [seat])
        return
    if act["type"] == "bonus":
        p["mil"].remove(act["card"])                           # played face up: public from now on
        ctx.reveal()
        c["bonus"].append(act["card"])
        decisions.push(d, "colonize", [seat])
        return
    for u, n in c["sent"].items():
        p["work"][u] -= n
        p["yellow"] += n
    d["mdisc"].extend(c["bonus"])
    card = c["card"]
    p["colonies"].append(card)
    d["ev_past"].remove(card)
    from pygame_core.games.through_the_ages.civil import enter

    enter(ctx, seat, card)
    effects.apply_list(
        ctx, seat, [e for e in CARDS[card]["effects"] if e.get("when", "play") == "play"], source=card
    )
    ctx.log(
        say("{p} colonizes {c} (force {n})", "{p}殖民{c}（殖民军力{n}）", p=seat, c=card, n=colonize_force(d))
    )
    d["colonize"] = None
    sync(p)


# ------------------------------------------------------------------ aggression, war, pact, resign
def defend_legal(d: Data, seat: int) -> list[Action]:
    f = d["fight"]
    p = d["p"][seat]
    out: list[Action] = [{"type": "done"}]
    if f["used"] < p["ma_total"]:  # L2208
        for c in dict.fromkeys(p["mil"]):
            if CARDS[c]["kind"] == "bonus":
                out.append({"type": "defend", "card": c})
            out.append({"type": "discard_card", "card": c})
    return out


def defend(ctx: Ctx, seat: int, act: Action) -> None:
    d = ctx.data
    f = d["fight"]
    p = d["p"][seat]
    if act["type"] in ("defend", "discard_card"):
        p["mil"].remove(act["card"])
        d["mdisc"].append(act["card"])
        f["used"] += 1
        f["bonus"] += CARDS[act["card"]].get("defense", 0) if act["type"] == "defend" else 1
        if act["type"] == "defend":
            ctx.reveal()  # a bonus card from the hidden hand, played face up
            ctx.log(say("{p} plays {c}", "{p}打出{c}", p=seat, c=act["card"]))
        else:
            ctx.log(say("{p} discards a military card (+1)", "{p}弃置一张军事牌（+1）", p=seat))
        decisions.push(d, "defend", [seat])
        return
    att = stats(d["p"][f["from"]])["strength"]
    dfn = stats(p)["strength"] + f["bonus"]
    card = f["card"]
    d["fight"] = None
    d["ev_past"].append(card)
    if att > dfn:  # the defender wins ties (L2001-2011)
        ctx.log(say("{c} succeeds ({n} against {m})", "{c}成功（{n}对{m}）", c=card, n=att, m=dfn))
        _apply_conflict(ctx, card, f["from"], seat, att - dfn)
    else:
        ctx.log(say("{c} fails ({n} against {m})", "{c}失败（{n}对{m}）", c=card, n=att, m=dfn))


def _apply_conflict(ctx: Ctx, card: str, winner: int, loser: int, adv: int) -> None:
    d = ctx.data
    for e in CARDS[card]["effects"]:
        who = e.get("who", "self")
        seat = {"self": winner, "winner": winner, "target": loser, "loser": loser}.get(who, winner)
        if e["kind"] == "steal":
            n = e["n"] if e.get("per") != "advantage" else e["n"] * adv
            have = effects.value_of(d, loser, e["what"]) if e["what"] in ("culture",) else n
            if e["what"] in ("food", "resources"):
                from pygame_core.games.through_the_ages import tokens

                have = tokens.amount(d["p"][loser], "farm" if e["what"] == "food" else "mine")
            k = min(n, have)
            effects.gain(ctx, loser, e["what"], -k)
            effects.gain(ctx, winner, e["what"], k)
        elif e["kind"] in ("gain", "per") and e.get("per") == "advantage":
            effects.gain(ctx, seat, e["what"], e["n"] * adv)
        else:
            effects.apply_one(ctx, seat, dict(e, who="self"), winner, None, card)
    for s in (winner, loser):
        sync(d["p"][s])


def resolve_wars(ctx: Ctx, seat: int) -> None:
    """A war declared last turn resolves at the start of the attacker's turn (L2019-2031; ruling
    §8.10: after replenishing, before tactics go public)."""
    d = ctx.data
    for w in [w for w in d["wars"] if w["from"] == seat]:
        d["wars"].remove(w)
        a, b = stats(d["p"][w["from"]])["strength"], stats(d["p"][w["to"]])["strength"]
        d["ev_past"].append(w["card"])
        if a == b:
            ctx.log(say("{c}: a draw", "{c}：平局", c=w["card"]))
            continue
        win, lose = (w["from"], w["to"]) if a > b else (w["to"], w["from"])
        ctx.log(say("{c}: {q} wins by {n}", "{c}：{q}以{n}点获胜", c=w["card"], q=win, n=abs(a - b)))
        _apply_conflict(ctx, w["card"], win, lose, abs(a - b))


def pact_legal(d: Data, seat: int) -> list[Action]:
    return [{"type": "accept"}, {"type": "refuse"}]


def pact_reply(ctx: Ctx, seat: int, act: Action) -> None:
    d = ctx.data
    o = d["offer"]
    d["offer"] = None
    src = d["p"][o["from"]]
    if act["type"] == "refuse":  # back to the offerer's hand (L2037)
        src["mil"].append(o["card"])
        ctx.log(say("{p} refuses the pact", "{p}拒绝条约", p=seat))
        return
    if src.get("pact"):
        end_pact(ctx, o["from"])  # one pact card in your area (L2041)
    other = "B" if o["side"] == "A" else "A"
    src["pact"] = {"card": o["card"], "with": seat, "side": o["side"], "other": other}
    ctx.log(say("{p} accepts {c}", "{p}接受{c}", p=seat, c=o["card"]))
    _pact_sides(d)


def end_pact(ctx: Ctx, seat: int) -> None:
    d = ctx.data
    p = d["p"][seat]
    if p.get("pact"):
        d["ev_past"].append(p["pact"]["card"])
        p["pact"] = None
    _pact_sides(d)


def _pact_sides(d: Data) -> None:
    """Each player's pact sides in effect (their ``out`` counts in the ratings)."""
    for q in d["p"]:
        q["pact_sides"] = []
    for q in d["p"]:
        pact = q.get("pact")
        if pact:
            q["pact_sides"].append([pact["card"], pact["side"]])
            d["p"][pact["with"]]["pact_sides"].append([pact["card"], pact["other"]])
    for q in d["p"]:
        sync(q)


def resign(ctx: Ctx, seat: int) -> None:
    """The civilization leaves the game; wars on it are cancelled (+7 culture to each declarer)
    (L2065-2071, ruling §8.15)."""
    from pygame_core.games.through_the_ages import flow

    d = ctx.data
    p = d["p"][seat]
    p["resigned"] = True
    ctx.log(say("{p} resigns", "{p}体面退出", p=seat))
    for w in [w for w in d["wars"] if seat in (w["from"], w["to"])]:
        d["wars"].remove(w)
        if w["to"] == seat:
            d["p"][w["from"]]["cul"] += RESIGN_CULTURE
    if p.get("pact"):
        end_pact(ctx, seat)
    for s in _partner_pacts(d, seat):
        end_pact(ctx, s)
    d["gone"].extend(p["mil"])
    p["mil"] = []
    if len(active(d)) <= 1:
        flow.finish_game(ctx)


def units_strength(p: Player) -> int:
    return army_strength(units_of(p), p["tactic"]) if p["tactic"] else 0
