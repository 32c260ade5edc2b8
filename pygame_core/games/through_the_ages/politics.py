"""The political phase (L1328-1494, L1995-2071): prepare an event, colonize a revealed territory
(an auction), aggressions, wars, pacts and resignation (full mode). Other players' answers go
through the kernel decision stack: ``bid`` (auction), ``colonize`` (the winner sends units),
``defend`` (an aggression's defender), ``pact_reply``."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import abilities, decks, effects, resolve
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.economy import ma_left, spend_ma, sync
from pygame_core.games.through_the_ages.model import WAR_OVER_CULTURE, Data, Player, short_game
from pygame_core.games.through_the_ages.ratings import (
    army_strength,
    colonization_force,
    refresh_partners,
    rule,
    stats,
    units_of,
)
from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx, decisions
from pygame_core.kernel.cow import pluck

Action = dict[str, Any]
RESIGN_CULTURE = 7  # ruling §8.15 (P2 §5.11)


def active(d: Data) -> list[int]:
    return [s for s, gone in enumerate(pluck(d["players"], "resigned")) if not gone]


def can_politic(d: Data, p: Player) -> bool:
    """One political action per turn (L1330-1332); ``extra_political_action_once`` (Julius Caesar,
    L794; once per game, ruling §8.17) allows a second one."""
    if d["round"] < 2 or p["acted"]:
        return False
    if not p["political_done"]:
        return True
    return not p["caesar_used"] and rule(p, "extra_political_action_once") is not None


def partners(d: Data, seat: int) -> list[tuple[int, str, str]]:
    """(partner seat, pact card, this seat's side) of every pact ``seat`` is party to (L2041)."""
    out = []
    pact = d["players"][seat]["pact"]
    if pact:
        out.append((pact["with"], pact["card"], pact["side"]))
    for s, other in enumerate(pluck(d["players"], "pact")):
        if other and other["with"] == seat:
            out.append((s, other["card"], other["other"]))
    return out


def _side_rule(card: str, side: str, code: str) -> dict[str, Any] | None:
    return CARDS[card]["sides"][side]["rules"].get(code)


def may_attack(d: Data, seat: int, target: str | int, war: bool) -> bool:
    """Pact rules (P1 texts): ``cannot_attack_partner`` (Acceptance of Supremacy, Peace Treaty, Loss
    of Sovereignty) and ``no_war_against_self`` (Loss of Sovereignty B: nobody declares war on B)."""
    for partner, card, side in partners(d, seat):
        if partner == target and _side_rule(card, side, "cannot_attack_partner"):
            return False
    if war:
        for _partner, card, side in partners(d, int(target)):
            if _side_rule(card, side, "no_war_against_self"):
                return False
    return True


def attack_cost(d: Data, card: str, target: int) -> int:
    """MA cost of an aggression or war; doubled against ``double_ma_against`` (Mahatma Gandhi)."""
    cost = int(CARDS[card].get("ma_cost", 0))
    return cost * 2 if rule(d["players"][target], "double_ma_against") else cost


def attack_bonus(d: Data, attacker: int, target: int) -> int:
    """``attack_partner_bonus`` (Open Borders Agreement): strength when attacking the partner."""
    total = 0
    for partner, card, side in partners(d, attacker):
        bonus = _side_rule(card, side, "attack_partner_bonus")
        if partner == target and bonus is not None:
            total += int(bonus["n"])
    return total


def _break_pacts(ctx: Ctx, attacker: int, target: int) -> None:
    """``ends_if_attack`` (Promise of Military Protection, Military Pact): an attack between the
    partners cancels the pact."""
    d = ctx.data
    for partner, card, side in partners(d, attacker):
        if partner == target and _side_rule(card, side, "ends_if_attack"):
            mine = d["players"][attacker]["pact"]
            end_pact(ctx, attacker if mine and mine["card"] == card and mine["with"] == target else target)
            ctx.log(say("{c} ends", "{c}终止", c=card))


def legal(d: Data, seat: int) -> list[Action]:
    """Political actions of the current player (at most one per turn, L1330-1332)."""
    p = d["players"][seat]
    if not can_politic(d, p):
        return []
    out: list[Action] = abilities.peek_legal(d, p) if not p["political_done"] else []
    pacifist = rule(p, "no_aggression_war") is not None  # Mahatma Gandhi (P1)
    strength: dict[int, int] = {}  # each seat's strength, worked out once per listing
    alive = active(d)
    others = [s for s in alive if s != seat]  # the seats still in the game, but this one
    full = d["mode"] == "full"

    def strength_of(s: int) -> int:
        if s not in strength:
            strength[s] = stats(d["players"][s])["strength"]
        return strength[s]

    for c in dict.fromkeys(p["military_hand"]):
        kind = CARDS[c]["kind"]
        if kind in ("event", "territory"):
            out.append({"type": "event", "card": c})
        elif full and kind == "aggression" and not pacifist:
            out += [  # the strengths are worked out only for a target the seat can pay to attack
                {"type": "aggress", "card": c, "target": s}
                for s in others
                if ma_left(p) >= attack_cost(d, c, s)
                and strength_of(s) < strength_of(seat) + attack_bonus(d, seat, s)
                and may_attack(d, seat, s, war=False)
            ]
        elif (
            full
            and kind == "war"
            and not pacifist
            and d["last_round"] is None
            and not any(w["from"] == seat for w in d["wars"])
        ):
            out += [
                {"type": "war", "card": c, "target": s}
                for s in others
                if ma_left(p) >= attack_cost(d, c, s) and may_attack(d, seat, s, war=True)
            ]
            if short_game(d):  # or declare War over Culture, face up on the table (L2233-2235)
                out += [
                    {"type": "war", "card": c, "target": s, "declare": WAR_OVER_CULTURE}
                    for s in others
                    if ma_left(p) >= attack_cost(d, WAR_OVER_CULTURE, s)
                    and may_attack(d, seat, s, war=True)
                ]
        elif full and kind == "pact" and len(alive) > 2:
            sides = ["A"] if CARDS[c].get("symmetric") else ["A", "B"]
            out += [{"type": "pact", "card": c, "target": s, "side": x} for s in others for x in sides]
    leader = p["leader"]
    remove = CARDS[leader]["rules"].get("political_remove_self") if leader else None
    if remove is not None:  # Alexander the Great, Christopher Columbus (P1)
        if any(e["kind"] == "do" and e["action"] == "colonize" for e in remove["effects"]):
            out += [
                {"type": "leader_ability", "card": leader, "territory": c}
                for c in dict.fromkeys(p["military_hand"])
                if CARDS[c]["kind"] == "territory"
            ]
        else:
            out.append({"type": "leader_ability", "card": leader})
    if full:
        if p["pact"] or _partner_pacts(d, seat):
            out.append({"type": "cancel_pact"})
        if d["age"] < 4 and len(alive) > 1:
            out.append({"type": "resign"})
    return out


def _partner_pacts(d: Data, seat: int) -> list[int]:
    return [s for s, pact in enumerate(pluck(d["players"], "pact")) if pact and pact["with"] == seat]


def apply(ctx: Ctx, seat: int, a: Action) -> None:
    d = ctx.data
    p = d["players"][seat]
    if a["type"] == "peek":  # Joan of Arc: not a political action
        abilities.peek(ctx, seat)
        return
    if p["political_done"]:
        p["caesar_used"] = True  # Caesar's second political action (L794)
    p["political_done"] = True
    k = a["type"]
    if k == "event":
        prepare_event(ctx, seat, a["card"])
    elif k == "aggress":
        c = a["card"]
        p["military_hand"].remove(c)
        spend_ma(p, attack_cost(d, c, a["target"]))
        _break_pacts(ctx, seat, a["target"])
        ctx.log(say("{p} plays {c} against {q}", "{p}对{q}发动{c}", p=seat, c=c, q=a["target"]))
        d["fight"] = {"card": c, "from": seat, "to": a["target"], "bonus": 0, "cards_used": 0}
        ctx.reveal()
        decisions.push(d, "defend", [a["target"]])
    elif k == "war":
        declare_war(ctx, seat, a)
    elif k == "pact":
        c = a["card"]
        p["military_hand"].remove(c)  # held by the offer until answered
        ctx.reveal()
        ctx.log(say("{p} offers {c} to {q}", "{p}向{q}提出{c}", p=seat, c=c, q=a["target"]))
        d["offer"] = {"card": c, "from": seat, "to": a["target"], "side": a["side"]}
        decisions.push(d, "pact_reply", [a["target"]])
    elif k == "cancel_pact":
        if p["pact"]:
            end_pact(ctx, seat)
        for s in _partner_pacts(d, seat):
            end_pact(ctx, s)
        ctx.log(say("{p} cancels a pact", "{p}取消条约", p=seat))
    elif k == "resign":
        resign(ctx, seat)
    elif k == "leader_ability":
        leader_ability(ctx, seat, a)
    sync(p)


def declare_war(ctx: Ctx, seat: int, a: Action) -> None:
    """Play a war card from the hand and declare its war (L2013-2017). In the short game the player
    may declare War over Culture instead (L2233-2235); the seat's text stops at L2235, so our ruling
    (README "Rulings"): War over Culture's MA cost is paid, the played card is discarded face up at
    once, and War over Culture stays on the table for later wars."""
    d = ctx.data
    p = d["players"][seat]
    c = a["card"]
    war = str(a.get("declare", c))
    p["military_hand"].remove(c)
    spend_ma(p, attack_cost(d, war, a["target"]))
    _break_pacts(ctx, seat, a["target"])
    record: dict[str, Any] = {"card": war, "from": seat, "to": a["target"]}
    if war != c:
        record["played"] = c
        d["past_events"].append(c)
    d["wars"].append(record)
    ctx.reveal()
    if war != c:
        ctx.log(say("{p} plays {c} and declares {d} on {q}", "{p}打出{c}，对{q}宣告{d}",
                    p=seat, c=c, d=war, q=a["target"]))
    else:
        ctx.log(say("{p} declares {c} on {q}", "{p}对{q}宣告{c}", p=seat, c=c, q=a["target"]))


def leader_ability(ctx: Ctx, seat: int, a: Action) -> None:
    """``political_remove_self``: the leader leaves play for its effect (Alexander the Great: +1
    yellow token; Christopher Columbus: colonize a territory from the hand with no units, P1)."""
    d = ctx.data
    p = d["players"][seat]
    leader = a["card"]
    effects.remove_leader(ctx, seat)
    ctx.log(say("{p} removes {c} for its ability", "{p}移除{c}以发动其能力", p=seat, c=leader))
    for e in CARDS[leader]["rules"]["political_remove_self"]["effects"]:
        if e["kind"] == "do" and e["action"] == "colonize":
            card = a["territory"]
            p["military_hand"].remove(card)
            ctx.reveal()
            p["colonies"].append(card)
            effects.enter(ctx, seat, card)
            effects.apply_list(
                ctx, seat, [x for x in CARDS[card]["effects"] if x.get("when", "play") == "play"], source=card
            )
            ctx.log(say("{p} colonizes {c}", "{p}殖民{c}", p=seat, c=card))
        else:
            effects.apply_one(ctx, seat, e, seat, None, leader)


# ------------------------------------------------------------------ events
def prepare_event(ctx: Ctx, seat: int, card: str) -> None:
    """The card goes face down onto the future events deck, +culture = its level, then the top
    current event is revealed and resolved (L1336-1361)."""
    d = ctx.data
    p = d["players"][seat]
    p["military_hand"].remove(card)
    d["future_events"].append([card, seat])
    p["culture"] += CARDS[card]["lvl"]
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
    if not d["current_events"]:
        turnover(ctx)
        if not d["current_events"]:
            return
    ev = d["current_events"].pop()
    d["past_events"].append(ev)
    for s, peek in enumerate(pluck(d["players"], "peek")):
        if peek is not None:
            d["players"][s]["peek"] = None  # what Joan of Arc saw is public now
    ctx.log(say("Event: {c}", "事件：{c}", c=ev), card=ev)
    card = CARDS[ev]
    if card["kind"] == "territory":
        start_auction(ctx, seat, ev)
    else:
        resolve.start(ctx, ev, seat)
    if not d["current_events"]:
        turnover(ctx)


def turnover(ctx: Ctx) -> None:
    """The future deck becomes the current deck, older ages on top (L1355-1361)."""
    d = ctx.data
    fut = [c for c, _s in d["future_events"]]
    ctx.rng.shuffle(fut)
    fut.sort(key=lambda c: -CARDS[c]["lvl"])  # list end = top: lowest age last
    d["current_events"] = fut
    d["future_events"] = []


# ------------------------------------------------------------------ colonization
def max_force(p: Player) -> int:
    """The most colonization force the player could muster (bids are capped by it, L1426-1440)."""
    sent = {c: n for c, n in p["workers"].items() if n and CARDS[c]["kind"] == "unit"}
    if not sent:
        return 0
    bonus = sum(CARDS[c].get("colonization", 0) for c in p["military_hand"] if CARDS[c]["kind"] == "bonus")
    cook = abilities.leader_rule(p, "discard_for_colonization")
    if cook is not None:  # James Cook: up to 2 discarded cards, +1 each (P1)
        bonus += min(cook["n"], sum(1 for c in p["military_hand"] if CARDS[c]["kind"] != "bonus"))
    return colonization_force(p, sent) + stats(p)["colonization"] + bonus


def start_auction(ctx: Ctx, seat: int, card: str) -> None:
    d = ctx.data
    order = effects.order_from(d, seat)
    d["auction"] = {"card": card, "bid": 0, "leader": None, "bidders": order, "position": 0}
    _next_bidder(ctx)


def _next_bidder(ctx: Ctx) -> None:
    """Ask the next bidder clockwise; a player who cannot outbid passes (bids are capped by the
    force they could muster, L1426-1440). The last one in with a bid wins."""
    d = ctx.data
    a = d["auction"]
    while a["bidders"] and a["bidders"] != [a["leader"]]:
        a["position"] %= len(a["bidders"])
        s = a["bidders"][a["position"]]
        if max_force(d["players"][s]) > a["bid"]:
            decisions.push(d, "bid", [s])
            return
        a["bidders"].remove(s)
    if a["leader"] is None:
        ctx.log(say("Nobody colonizes {c}", "无人殖民{c}", c=a["card"]))
        d["auction"] = None
        return
    d["colonize"] = {"card": a["card"], "seat": a["leader"], "bid": a["bid"], "sent": {}, "bonus": []}
    d["auction"] = None
    decisions.push(d, "colonize", [d["colonize"]["seat"]])


def bid_legal(d: Data, seat: int) -> list[Action]:
    a = d["auction"]
    top = max_force(d["players"][seat])
    return [{"type": "bid", "n": n} for n in range(a["bid"] + 1, top + 1)] + [{"type": "pass"}]


def bid(ctx: Ctx, seat: int, act: Action) -> None:
    d = ctx.data
    a = d["auction"]
    # An undo barrier: bids are capped by the force a player could muster, bonus cards in its hidden
    # military hand included (L1426-1440), so a bid above the force on the board shows such cards, and
    # the next bidder's automatic pass shows it holds too few.
    ctx.reveal()
    if act["type"] == "pass":
        a["position"] = a["bidders"].index(seat)
        a["bidders"].remove(seat)
        ctx.log(say("{p} passes", "{p}放弃", p=seat))
    else:
        a["bid"] = act["n"]
        a["leader"] = seat
        a["position"] = a["bidders"].index(seat) + 1
        ctx.log(say("{p} bids {n}", "{p}出价{n}", p=seat, n=act["n"]))
    _next_bidder(ctx)


def colonize_force(d: Data) -> int:
    c = d["colonize"]
    p = d["players"][c["seat"]]
    if not c["sent"]:
        return 0
    bonus = sum(CARDS[b].get("colonization", 0) for b in c["bonus"]) + c.get("cook", 0)
    return colonization_force(p, c["sent"]) + stats(p)["colonization"] + bonus


def colonize_legal(d: Data, seat: int) -> list[Action]:
    c = d["colonize"]
    p = d["players"][seat]
    out: list[Action] = []
    if c["sent"] and colonize_force(d) >= c["bid"]:
        out.append({"type": "done"})
    for u, n in p["workers"].items():
        if n > c["sent"].get(u, 0) and CARDS[u]["kind"] == "unit":
            out.append({"type": "send", "card": u})
    for b in dict.fromkeys(p["military_hand"]):
        if CARDS[b]["kind"] == "bonus":
            out.append({"type": "bonus", "card": b})
    cook = abilities.leader_rule(p, "discard_for_colonization")
    if cook is not None and c.get("cook", 0) < cook["n"]:
        out += [{"type": "discard_card", "card": b} for b in dict.fromkeys(p["military_hand"])]
    return out


def colonize(ctx: Ctx, seat: int, act: Action) -> None:
    """Send units (their tokens go to the yellow bank, L1466-1468), play bonus cards, and take the
    territory: permanent effect, then the one-time effect (L1484-1494)."""
    d = ctx.data
    c = d["colonize"]
    p = d["players"][seat]
    if act["type"] == "send":
        c["sent"][act["card"]] = c["sent"].get(act["card"], 0) + 1
        decisions.push(d, "colonize", [seat])
        return
    if act["type"] == "discard_card":  # James Cook: face down, +1 colonization (P1)
        p["military_hand"].remove(act["card"])
        decks.add(d, "military_discards", [act["card"]])
        c["cook"] = c.get("cook", 0) + 1
        ctx.log(say("{p} discards a military card (+1)", "{p}弃置一张军事牌（+1）", p=seat))
        decisions.push(d, "colonize", [seat])
        return
    if act["type"] == "bonus":
        p["military_hand"].remove(act["card"])                           # played face up: public from now on
        ctx.reveal()
        c["bonus"].append(act["card"])
        decisions.push(d, "colonize", [seat])
        return
    for u, n in c["sent"].items():
        p["workers"][u] -= n
        p["yellow_bank"] += n
    decks.add(d, "military_discards", c["bonus"])
    card = c["card"]
    p["colonies"].append(card)
    d["past_events"].remove(card)
    effects.enter(ctx, seat, card)
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
    p = d["players"][seat]
    out: list[Action] = [{"type": "done"}]
    if f["cards_used"] < p["ma_total"]:  # L2208
        for c in dict.fromkeys(p["military_hand"]):
            if CARDS[c]["kind"] == "bonus":
                out.append({"type": "defend", "card": c})
            out.append({"type": "discard_card", "card": c})
    return out


def defend(ctx: Ctx, seat: int, act: Action) -> None:
    d = ctx.data
    f = d["fight"]
    p = d["players"][seat]
    if act["type"] in ("defend", "discard_card"):
        p["military_hand"].remove(act["card"])
        decks.add(d, "military_discards", [act["card"]])
        f["cards_used"] += 1
        f["bonus"] += CARDS[act["card"]].get("defense", 0) if act["type"] == "defend" else 1
        if act["type"] == "defend":
            ctx.reveal()  # a bonus card from the hidden hand, played face up
            ctx.log(say("{p} plays {c}", "{p}打出{c}", p=seat, c=act["card"]))
        else:
            ctx.log(say("{p} discards a military card (+1)", "{p}弃置一张军事牌（+1）", p=seat))
        decisions.push(d, "defend", [seat])
        return
    att = stats(d["players"][f["from"]])["strength"] + attack_bonus(d, f["from"], seat)
    dfn = stats(p)["strength"] + f["bonus"]
    card = f["card"]
    d["fight"] = None
    d["past_events"].append(card)
    if att > dfn:  # the defender wins ties (L2001-2011)
        ctx.log(say("{c} succeeds ({n} against {m})", "{c}成功（{n}对{m}）", c=card, n=att, m=dfn))
        resolve.start(ctx, card, f["from"], winner=f["from"], loser=seat, adv=att - dfn)
    else:
        ctx.log(say("{c} fails ({n} against {m})", "{c}失败（{n}对{m}）", c=card, n=att, m=dfn))


def resolve_wars(ctx: Ctx, seat: int) -> None:
    """A war declared last turn resolves at the start of the attacker's turn (L2019-2031; ruling
    §8.10: after replenishing, before tactics go public)."""
    d = ctx.data
    for w in [w for w in d["wars"] if w["from"] == seat]:
        d["wars"].remove(w)
        a = stats(d["players"][w["from"]])["strength"] + attack_bonus(d, w["from"], w["to"])
        b = stats(d["players"][w["to"]])["strength"]
        if "played" not in w:  # War over Culture of the short game stays on the table
            d["past_events"].append(w["card"])
        if a == b:
            ctx.log(say("{c}: a draw", "{c}：平局", c=w["card"]))
            continue
        win, lose = (w["from"], w["to"]) if a > b else (w["to"], w["from"])
        ctx.log(say("{c}: {q} wins by {n}", "{c}：{q}以{n}点获胜", c=w["card"], q=win, n=abs(a - b)))
        resolve.start(ctx, w["card"], seat, winner=win, loser=lose, adv=abs(a - b))


def pact_legal(d: Data, seat: int) -> list[Action]:
    return [{"type": "accept"}, {"type": "refuse"}]


def pact_reply(ctx: Ctx, seat: int, act: Action) -> None:
    d = ctx.data
    o = d["offer"]
    d["offer"] = None
    src = d["players"][o["from"]]
    if act["type"] == "refuse":  # back to the offerer's hand (L2037)
        src["military_hand"].append(o["card"])
        ctx.log(say("{p} refuses the pact", "{p}拒绝条约", p=seat))
        return
    if src["pact"]:
        end_pact(ctx, o["from"])  # one pact card in your area (L2041)
    other = "B" if o["side"] == "A" else "A"
    src["pact"] = {"card": o["card"], "with": seat, "side": o["side"], "other": other}
    ctx.log(say("{p} accepts {c}", "{p}接受{c}", p=seat, c=o["card"]))
    _pact_sides(d)


def end_pact(ctx: Ctx, seat: int) -> None:
    d = ctx.data
    p = d["players"][seat]
    if p["pact"]:
        d["past_events"].append(p["pact"]["card"])
        p["pact"] = None
    _pact_sides(d)


def _pact_sides(d: Data) -> None:
    """Each player's pact sides in effect (their ``out`` counts in the ratings)."""
    for q in d["players"]:
        q["pact_sides"] = []
    for q in d["players"]:
        pact = q["pact"]
        if pact:
            q["pact_sides"].append([pact["card"], pact["side"]])
            d["players"][pact["with"]]["pact_sides"].append([pact["card"], pact["other"]])
    refresh_partners(d["players"])
    for q in d["players"]:
        sync(q)


def resign(ctx: Ctx, seat: int) -> None:
    """The civilization leaves the game; wars on it are cancelled (+7 culture to each declarer)
    (L2065-2071, ruling §8.15)."""
    d = ctx.data
    p = d["players"][seat]
    p["resigned"] = True
    ctx.log(say("{p} resigns", "{p}体面退出", p=seat))
    for w in [w for w in d["wars"] if seat in (w["from"], w["to"])]:
        d["wars"].remove(w)
        if w["to"] == seat:
            d["players"][w["from"]]["culture"] += RESIGN_CULTURE
    if p["pact"]:
        end_pact(ctx, seat)
    for s in _partner_pacts(d, seat):
        end_pact(ctx, s)
    decks.add(d, "out_of_game", p["military_hand"])
    p["military_hand"] = []
    if d.get("age_iii_held"):  # short game: its Age III events leave with it, unseen (ruling)
        d["age_iii_discarded"] += [[c, seat] for c in d["age_iii_held"][seat]]
        d["age_iii_held"][seat] = []


def units_strength(p: Player) -> int:
    return army_strength(units_of(p), p["tactic"]) if p["tactic"] else 0
