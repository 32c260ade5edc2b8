"""The Great Wall's heuristic bot: one rule of thumb per decision kind, no lookahead.

It reads only what its seat may see: the public board (the Horde columns, Walls, barricades, rest
areas, locations, the tea order, Honor, trophies, shame) and its own hidden things (resources,
command hand, Tactics, draft cards). It never reads the decks or another seat's hand or resources.
Each decision is a few list scans of the position (no copy of the state), so it takes well under a
millisecond or two in CPython.

The plan it follows:

- Autumn: the threat of each section is known (the Horde came in Spring): attack against defense
  (combat.attack / combat.defense). A section that would be breached costs every seat without a
  soldier on a card there 1 shame per card (L561), so the bot sends clerks to the Builders' camp
  (barricades, +2 defense each, or a Wall level) and to the Barracks (soldiers onto the cards it can
  defeat, or at least onto the cards of a section that will fall) while its resources allow.
- Clerk moves are scored by what the destination gives this turn: a special location activates at
  once, a regular one when its last space fills (L304, L312-316); a lone seat on a yellow flag takes
  shame (L326), so it avoids filling a flagged location alone unless the gain is large.
- Summer: the paid discard (2 Chi a token, L598) leaves alone the tokens the seat's own free
  discards take later that Summer (``free_summer_discards``).
- Production: collect, raise the overseer when it can pay (Summer income, L594), donate when the
  resource is not short (2 Honor, L380).
- Casualties: horsemen and archers saved first while Chi allows; spearmen only with Chi to spare.
- Barricades only where they can make a section hold this Winter (+2 defense each, at most 3, L642);
  otherwise a Wall level it can pay, or nothing.
- Shame goes where it costs least: a Horde card already carrying shame, else under a soldier while
  the seat's Honor could not pay the end penalty anyway (it never goes below 0, L675), else the Horde
  card worth least.
- The end: when the breaches threatened this Autumn would empty the shame supply (``doomed``), every
  later shame costs 5 Honor at once (L249) and the game ends this Winter (L657), so Honor gained now
  is mostly lost and ties at the top are common. The bot then plays Despotism (tea order +1) in the
  last command slot and fills the Tea house alone (to the top, L394-396): the tea order breaks ties
  (L681). It keeps Despotism in hand for that Autumn (takes it back in Summer).
- Co-op (L880-994): every Request the table can pay is completed in Winter (an open one shames every
  player each Winter, L927), paid by itself when it can, and a seat asked to pay pays when it can; a
  resource an open Request asks is not donated; shame is bought back with Honor (10 each, L956)
  except the Honor an open Request asks. (Without these the bot answered "stop" to every Request and
  never won.)
- Solo (L735-878, the "solo" section below): the 10-token shame supply is the game (L751, L872), so
  every discard the Chi pays for is made (back to the supply, A43), the Temple is worth more while
  shame is held, and the Reed Clan's clerks, which the seat moves as the highest in tea order, go
  to the Builders' camp (a free barricade), the Temple (a free discard) and the Barracks. A defeat in
  a full column is worth a raid saved (its slot takes the next Spring's card, L522), and progress
  toward a face-up Artifact's condition (L679) is worth its share of the Artifact's Honor.
- Tactics: played when their effect pays now (Honor, resources, saves for soldiers that die,
  wounds that finish a card); enhanced when the Chi is there beyond a small reserve.
"""

from __future__ import annotations

import math
from typing import Any

from pygame_core.games.great_wall import cards, combat, coop, flow, model, qin, scoring
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.horde import CARDS
from pygame_core.games.great_wall.locations import RECRUIT_COST, wall_cost
from pygame_core.kernel import decisions
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import State

Data = dict[str, Any]
Action = dict[str, Any]

#: the worth of one resource, in Honor
RES_VALUE = {"wood": 0.9, "stone": 1.1, "gold": 1.3, "chi": 1.2}
SHAME_COST = 5.0  # an unplaced or soldier-borne shame token at the end (L675)
KIND_VALUE = {"spear": 3.0, "archer": 3.5, "horse": 4.5}
PRODUCTION = ("lumber_mill", "quarry", "gold_mine", "temple")
SPECIAL = ("builders_camp", "transport_station", "imperial_envoy")


# ----------------------------------------------------------------------------------- entry points
def choose(game: Any, state: State, seat: int, rng: Rng) -> Action:
    """The kernel's bot hook (bots.HeuristicBot)."""
    return decide(state.data, seat, game.legal_actions(state, seat), rng)


def decide(g: Data, seat: int, legal: list[Action], rng: Rng | None = None) -> Action:
    """The bot's choice among ``legal`` (the seat's legal actions in position ``g``); used by
    :func:`choose` and by playouts (scripts/great_wall_balance.py)."""
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    global _SCOPE
    outer, _SCOPE = _SCOPE, (g, {})
    try:
        return _decide(g, seat, legal)
    finally:
        _SCOPE = outer


#: While :func:`decide` runs: its position and a memo of the pure functions of that position it
#: asks again and again (a section's threat, a clerk's worth...), which one decision does not change.
_SCOPE: tuple[Data, dict[Any, Any]] | None = None


def _memo(g: Data) -> dict[Any, Any] | None:
    """The memo of the decision in progress on ``g`` (None outside :func:`decide`)."""
    scope = _SCOPE
    return scope[1] if scope is not None and scope[0] is g else None


def _decide(g: Data, seat: int, legal: list[Action]) -> Action:
    d = decisions.top_for(g, seat)
    kind = d["kind"] if d else ""
    if g.get("mode") == "solo":
        solo = _SOLO_BY_KIND.get(kind)
    else:  # the 2-player game: the Reed Clan's choices follow solo's plan (in 2-player co-op they cost
        # the table: 27.0% wins against 32.4%, 1,000 games, so there the common rule answers)
        solo = _REED_BY_KIND.get(kind) if g.get("mode") == "two_player" else None
    pick = solo(g, seat, d, legal) if solo and d else None  # the solo plan, else the common rule
    fn = _BY_KIND.get(kind)
    if pick is None and fn and d:
        pick = fn(g, seat, d, legal)
    if pick is None or pick not in legal:
        pick = _fallback(legal)
    return pick


def _fallback(legal: list[Action]) -> Action:
    for a in legal:
        if a["type"] in ("pass", "stop"):
            return a
    return legal[0]


def _main(legal: list[Action], types: tuple[str, ...]) -> list[Action]:
    return [a for a in legal if a["type"] in types]


# ------------------------------------------------------------------------------------ assessment
def res(g: Data, seat: int) -> dict[str, int]:
    out: dict[str, int] = g["players"][seat]["res"]
    return out


def threat(g: Data, i: int) -> int:
    """How far the section's attack exceeds its defense now (> 0: it would be breached)."""
    memo = _memo(g)
    if memo is None:
        return combat.attack(g, i) - combat.defense(g, i)
    key = ("threat", i)
    v = memo.get(key)
    if v is None:
        v = memo[key] = combat.attack(g, i) - combat.defense(g, i)
    return v


def exposed(g: Data, seat: int, i: int) -> int:
    """Cards of section ``i`` without a soldier of ``seat``: its shame if the section falls (L561)."""
    rows = g["sections"][i]["rows"]
    return sum(1 for slot in rows if slot is not None and not combat.soldiers_of(slot, seat))


def breach_cost(g: Data, seat: int, i: int) -> float:
    """What a breach of section ``i`` would cost ``seat``: shame per exposed card, and the shared
    shame supply running down (the game ends when it is empty)."""
    return SHAME_COST * exposed(g, seat, i) + 1.0 * len(model.cards_in(g, i))


def doomed(g: Data) -> bool:
    """The breaches the Horde now threatens would empty the shame supply: the game is likely to end
    this Winter (L657), and every later shame costs 5 Honor at once (L249). What still counts then is
    what the end cannot take: Horde cards held clean, Artifacts and the tea order (L677-681)."""
    want = sum(exposed(g, s, i) for i in model.open_sections(g) if threat(g, i) > 0
               for s in range(model.nplayers(g)))
    return bool(g["shame_supply"] <= want)


def res_worth(r: dict[str, int]) -> float:
    return sum(RES_VALUE.get(k, 1.0) * n for k, n in r.items())


def years_left(g: Data) -> int:
    return max(0, gdata.time_last() - int(g["time"]))


def card_value(g: Data, seat: int, i: int, row: int) -> float:
    """Defeating the card in section ``i``, row ``row`` is worth this much to ``seat`` with credit."""
    slot = g["sections"][i]["rows"][row]
    c = CARDS[slot["card"]]
    v = 2.0 + 1.5 * c["reward"] + 2.0
    if threat(g, i) > 0:
        v += breach_cost(g, seat, i) * min(1.0, combat.card_attack(g, i, row) / max(1, threat(g, i)))
    return v


# ------------------------------------------------------------------------------------------ draft
_TRIGGER_WORTH = {
    "on_overseer_upgrade": 1.0, "on_donate": 1.6, "on_recruit": 1.6, "on_build_wall": 0.8,
    "on_build_barricade": 1.6, "on_defeat_credit": 1.0, "on_defeat_participate": 1.2,
    "on_casualties": 0.8, "on_breach": 0.6, "on_hire_advisor": 0.5, "on_summer": 1.4, "on_command": 1.8,
}


def _ability_worth(ab: Data | None) -> float:
    if not ab:
        return 0.0
    n = 0.0
    for e in ab.get("effects", []):
        if e["op"] == "honor":
            n += e.get("n", 1)
        elif e["op"] == "gain":
            n += res_worth({k: v for k, v in e.items() if k in RES_VALUE})
        else:
            n += 1.0
    if ab.get("when"):
        n *= 0.5
    return n * _TRIGGER_WORTH.get(ab["trigger"], 1.0)


def _draft(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    def worth(a: Action) -> float:
        gen = cards.general(a["general"])
        st = gen["start"]
        v = res_worth({k: st.get(k, 0) for k in RES_VALUE}) + 1.5 * st.get("tactics", 0)
        ab = gen["ability"]
        scale = 1
        if ab.get("per_supporting"):
            scale = 1
        elif ab.get("per_icon"):
            scale = cards.advisor(a["supporting"])["icons"].count(ab["per_icon"])
        v += 2.0 * scale * _ability_worth(ab)
        v += 3.0 * _ability_worth(cards.advisor(a["active"])["ability"])
        v += 0.4 * gen["tea"]  # the tea order breaks ties at the end (L681)
        return v
    return max(legal, key=worth)


# --------------------------------------------------------------------------------- command cards
def _command(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    hand = [a["card"] for a in legal]
    p = g["players"][seat]
    prefs: list[str] = []
    last = doomed(g)
    if last and "despotism" in hand:
        prefs.append("despotism")  # the tea order breaks the ties of a game ending now (L681)
    if "edict" in hand and _recruit_worth(g, seat, 1) > 4.0:
        prefs.append("edict")  # a clerk to the Barracks, then its advanced activation (L330-340)
    rest = sum(1 for i in model.open_sections(g) for x in g["sections"][i]["rest"] if x["seat"] == seat)
    if rest >= 2 and "attack_order" in hand:
        prefs.append("attack_order")
    if "edict" in hand and any(seat in g["locations"][loc] for loc in gdata.LOCATION_IDS
                               if model.is_regular(g, loc)):
        prefs.append("edict")
    prefs += ["economy", "betrayal", "mobilization", "edict", "attack_order", "despotism"]
    if len(p["tactics"]) >= 4 and "betrayal" in prefs:
        prefs.remove("betrayal")
        prefs.append("betrayal")
    for c in prefs:
        if c in hand:
            return {"type": "command", "card": c}
    return legal[0]


def _slot(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """The earliest free slot: its clerks get placed, and the locations filled, before the others';
    the last one in a game about to end, so that nobody moves above it in the tea order after its own
    turn (the tie-break, L681)."""
    if doomed(g):
        return max(legal, key=lambda a: a["slot"])
    return min(legal, key=lambda a: a["slot"])


def _retrieve(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """Take the Honor (2 per own card in the discard, L602) when the hand still covers the Autumns
    left, else take the cards back."""
    p = g["players"][seat]
    left = years_left(g) + 1
    mine = len(flow.own_discarded(g, seat))
    if "despotism" in flow.own_discarded(g, seat) and years_left(g) > 0:
        return {"type": "retrieve"}  # kept for the last Autumn's tea order
    if len(p["hand"]) >= left or (mine >= 3 and len(p["hand"]) >= 1) or years_left(g) == 0:
        return {"type": "honor"}
    return {"type": "retrieve"}


# --------------------------------------------------------------------------------- clerk moves
def _per_clerk(g: Data, seat: int, loc: str, mine: int) -> float:
    """The worth to ``seat`` of one use of ``loc`` (its ``mine``-th clerk there); solo adds its plan's
    worth (:func:`_solo_clerk_bonus`)."""
    memo = _memo(g)
    key = ("per_clerk", seat, loc, mine)
    if memo is not None and key in memo:
        return memo[key]
    v = _use_worth(g, seat, loc, mine)
    v = v + _solo_clerk_bonus(g, seat, loc, mine) if g.get("mode") == "solo" else v
    if memo is not None:
        memo[key] = v
    return v


def _use_worth(g: Data, seat: int, loc: str, mine: int) -> float:
    p = g["players"][seat]
    info = gdata.location(g["side"], loc)
    if info["produces"]:
        r = info["produces"]
        lv = p["overseers"].get(loc, {}).get("level", 0)
        v = RES_VALUE[r] * (1 + (lv if mine == 1 else 0))
        if r == "chi" and p["res"]["chi"] < 4:
            v += 0.5
        if r == "stone" and p["res"]["stone"] < 3:
            v += 0.4
        if r == "wood" and p["res"]["wood"] < 2:
            v += 0.8  # every recruit costs 1 Wood (L406-410)
        if mine == 1 and lv < 3 and all(p["res"].get(k, 0) >= n
                                        for k, n in gdata.overseer_cost(g["side"], loc, lv + 1).items()):
            v += artifact_progress(g, seat, "overseer_levels")  # solo: an Artifact's level count
        return v + (0.8 if mine == 1 and r != "chi" else 0.0)  # the donation (2 Honor for 1)
    if loc == "builders_camp":
        return _build_worth(g, seat, mine)
    if loc == "barracks":
        return _recruit_worth(g, seat, mine)
    if loc == "imperial_envoy":
        if p["envoy"] > 0 and p["res"]["gold"] >= 2 * mine and _owned_clerks(g, seat) < 8:
            tablet = _tablet(g) if _owned_clerks(g, seat) + mine <= 7 else 0.0
            if g.get("mode") == "solo":
                tablet = artifact_progress(g, seat, "clerks")
            return (3.0 if years_left(g) >= 3 else 1.0) + tablet
        if p["res"]["gold"] >= cards.hire_advisor_cost(g, seat) + 2 * (mine - 1):
            return 2.0
        return -1.0
    if loc == "war_academy":
        return 1.4 if len(p["tactics"]) + mine <= 5 else -0.5
    if loc == "tea_house":
        if model.tea_rank(g, seat) == 0:
            return -0.5
        return 8.0 if doomed(g) else 2.0
    if loc == "transport_station":
        return -1.0
    return 0.0


def _owned_clerks(g: Data, seat: int) -> int:
    return int(model.CLERKS - g["players"][seat]["envoy"])


def _tablet(g: Data) -> float:
    """The Imperial Tablet (7 clerks, L679) is worth its Honor when it is face up."""
    return 3.0 if "imperial_tablet" in g["artifacts"] else 0.0


def holdable(g: Data, i: int) -> bool:
    """Section ``i`` would be breached now, and barricades could still make it hold (+2 each, L642)."""
    th = threat(g, i)
    return 0 < th <= combat.BARRICADE_DEFENSE * (3 - g["sections"][i]["barricades"])


def barricades_needed(g: Data, i: int) -> int:
    return max(1, -(-threat(g, i) // combat.BARRICADE_DEFENSE))


def _build_worth(g: Data, seat: int, n: int) -> float:
    """The n-th build of ``seat`` this turn: a barricade where it makes a section hold, else a Wall
    level it can pay, else a barricade for its Honor."""
    own = dict(res(g, seat))
    wh = g["warehouse"]
    total = sum(own[r] for r in ("wood", "stone", "gold")) + sum(wh.values())
    if total < 2 * n:
        return -1.0
    need = sum(barricades_needed(g, i) for i in model.open_sections(g) if holdable(g, i))
    if need >= n:
        return 1.5 + max(breach_cost(g, seat, i) / barricades_needed(g, i)
                         for i in model.open_sections(g) if holdable(g, i))
    for i in model.open_sections(g):
        cost = wall_cost(g, i)
        if cost and all(own.get(r, 0) + wh.get(r, 0) >= k for r, k in cost.items()):
            return 4.0
    return 0.6 if n == 1 else 0.0


def _recruit_worth(g: Data, seat: int, n: int) -> float:
    p = g["players"][seat]
    best = -1.0
    memo = _memo(g)
    for k, cost in RECRUIT_COST.items():
        if p["supply"][k] <= 0 or any(p["res"].get(r, 0) < c * n for r, c in cost.items()):
            continue
        key = ("recruit", seat, k)  # the best deployment does not depend on ``n``: once per decision
        top = memo.get(key) if memo is not None else None
        if top is None:
            tg = combat.targets(g, seat, k, "recruit")
            top = (max(_deploy_worth(g, seat, a) for a in tg),) if tg else ()
            if memo is not None:
                memo[key] = top
        if not top:
            continue
        v = top[0] - res_worth(cost) * 0.6
        best = max(best, v)
    return best


def _move_gain(g: Data, seat: int, loc: str) -> float:
    """What one more clerk of ``seat`` on ``loc`` is worth."""
    mine = model.count_at(g, loc, seat) + 1
    if not model.is_regular(g, loc):
        return _per_clerk(g, seat, loc, mine) - 0.1
    spaces = model.spaces(g, loc) or 1
    now = len(g["locations"][loc]) + 1
    if loc == "barracks" and _edict_pending(g, seat):
        return _per_clerk(g, seat, loc, mine)  # its own Edict activates it this Autumn
    per = sum(_per_clerk(g, seat, loc, k) for k in range(1, mine + 1))
    info = gdata.location(g["side"], loc)
    if now >= spaces:  # this clerk fills it: it activates this turn
        v = per
        if info["yellow_flag"] and all(s == seat for s in g["locations"][loc]):
            v -= SHAME_COST
        return v - _per_clerk_sum_before(g, seat, loc, mine - 1)
    # partly filled: worth a share of the use, as the others may fill it
    share = 0.35 + 0.4 * now / spaces
    lone = info["yellow_flag"] and all(s == seat for s in g["locations"][loc])
    return _per_clerk(g, seat, loc, mine) * share - (1.0 if lone and now >= spaces - 1 else 0.0)


def _edict_pending(g: Data, seat: int) -> bool:
    """The seat's Edict is on the command track and its bottom box (an advanced activation) is still to
    come this Autumn."""
    turn = g.get("turn")
    for i, x in enumerate(g["command_track"]):
        if x is not None and x["seat"] == seat and x["card"] == "edict":
            return turn is None or int(turn["slot"]) <= i
    return False


def _per_clerk_sum_before(g: Data, seat: int, loc: str, mine: int) -> float:
    """The share of worth the clerks already there are counted at (so a move that fills a location is
    credited with the whole gain it unlocks)."""
    if mine <= 0:
        return 0.0
    spaces = model.spaces(g, loc) or 1
    now = len(g["locations"][loc])
    share = 0.35 + 0.4 * now / spaces
    return share * sum(_per_clerk(g, seat, loc, k) for k in range(1, mine + 1))


def _move_loss(g: Data, seat: int, loc: str) -> float:
    if loc == "supply":
        return 0.0
    mine = model.count_at(g, loc, seat)
    if not model.is_regular(g, loc):
        return _per_clerk(g, seat, loc, mine)
    spaces = model.spaces(g, loc) or 1
    now = len(g["locations"][loc])
    return _per_clerk(g, seat, loc, mine) * (0.35 + 0.4 * now / spaces)


def _clerks(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    moves = _main(legal, ("clerk",))
    best, best_v = None, 0.2
    gain: dict[str, float] = {}  # by destination, and by origin: many moves share them
    loss: dict[str, float] = {}
    for a in moves:
        to, fr = a["to"], a["from"]
        if to not in gain:
            gain[to] = _move_gain(g, seat, to)
        if fr not in loss:
            loss[fr] = _move_loss(g, seat, fr)
        v = gain[to] - loss[fr]
        if v > best_v:
            best, best_v = a, v
    return best or _fallback(legal)


def _order(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """Resources first, then the Barracks and the Envoy, building last (with the new resources)."""
    rank = {loc: i for i, loc in enumerate(("temple", "lumber_mill", "quarry", "gold_mine", "war_academy",
                                            "tea_house", "imperial_envoy", "barracks", "transport_station",
                                            "builders_camp"))}
    return min(legal, key=lambda a: rank.get(a["location"], 99))


def _advanced(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    best, best_v = None, 0.5
    for a in _main(legal, ("activate",)):
        loc = a["location"]
        mine = model.count_at(g, loc, seat)
        if not mine or not model.is_regular(g, loc):
            continue  # a special location activates after the command step anyway (L312-316)
        v = sum(_per_clerk(g, seat, loc, k) for k in range(1, mine + 1))
        if v > best_v:
            best, best_v = a, v
    return best or _fallback(legal)


# -------------------------------------------------------------------------------- locations
def _location(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    loc = d["loc"]
    uses = _main(legal, ("use",))
    if not uses:
        return _fallback(legal)
    if loc == "barracks":
        best, best_v = None, -0.5 if d.get("free") else 0.0
        for a in uses:
            tg = combat.targets(g, seat, a["kind"], "recruit")
            v = max((_deploy_worth(g, seat, t) for t in tg), default=0.5)
            v -= 0 if d.get("free") else 0.6 * res_worth(RECRUIT_COST[a["kind"]])
            if v > best_v:
                best, best_v = a, v
        return best or _fallback(legal)
    if loc == "builders_camp":
        return _choose_build(g, seat, uses) or _fallback(legal)
    if loc == "imperial_envoy":
        clerk = [a for a in uses if a["hire"] == "clerk"]
        if clerk and (_owned_clerks(g, seat) < 7 or years_left(g) >= 3):
            return clerk[0]
        adv = [a for a in uses if a["hire"] == "advisor"]
        if adv:
            return max(adv, key=lambda a: _advisor_worth(g, seat, a))
        return clerk[0] if clerk else _fallback(legal)
    if loc == "transport_station":
        return _fallback(legal)
    return _fallback(legal)


def _advisor_worth(g: Data, seat: int, a: Action) -> float:
    return _advisor_ability_worth(g, seat, a) + artifact_progress(g, seat, "advisors")


def _advisor_ability_worth(g: Data, seat: int, a: Action) -> float:
    card = cards.advisor(a["card"])
    if a["as"] == "active":
        return _ability_worth(card["ability"])
    gen = cards.general(g["players"][seat]["general"])
    ab = gen["ability"]
    if ab.get("per_supporting"):
        return _ability_worth(ab)
    if ab.get("per_icon"):
        return _ability_worth(ab) * card["icons"].count(ab["per_icon"])
    return 0.0


def _pay_cost(g: Data, seat: int, pay: list[str]) -> float:
    """The worth of what ``seat`` itself pays for a barricade paid with ``pay`` (Warehouse first)."""
    wh = dict(g["warehouse"])
    own: dict[str, int] = {}
    for r in pay:
        if wh.get(r, 0) > 0:
            wh[r] -= 1
        else:
            own[r] = own.get(r, 0) + 1
    have = res(g, seat)
    # paying with what it has plenty of is cheaper
    return sum(RES_VALUE[r] * n * (1.3 if have.get(r, 0) - n < 2 else 1.0) for r, n in own.items())


def _choose_build(g: Data, seat: int, uses: list[Action]) -> Action | None:
    best, best_v = None, 0.0
    for a in uses:
        i = a["section"]
        th = threat(g, i)
        if a["build"] == "barricade":
            v = 2.0 - _pay_cost(g, seat, a["pay"])
            if holdable(g, i):
                v += breach_cost(g, seat, i) / barricades_needed(g, i)
            elif -2 < th <= 0:
                v += 0.5  # a margin against a late card ability
        else:
            cost = wall_cost(g, i) or {}
            level = g["sections"][i]["wall"] + 1
            wh = g["warehouse"]
            own_cost = {r: max(0, n - wh.get(r, 0)) for r, n in cost.items()}
            v = {1: 5, 2: 10, 3: 15}[level] - res_worth(own_cost) * 0.8
            if 0 < th <= 3 + combat.BARRICADE_DEFENSE * (3 - g["sections"][i]["barricades"]):
                v += breach_cost(g, seat, i) * 0.7
            v += 0.7 * years_left(g)
        if v > best_v:
            best, best_v = a, v
    return best


# ----------------------------------------------------------------------------------- combat
def _deploy_worth(g: Data, seat: int, a: Action) -> float:
    """A deployment's worth: the spot rewards, the progress to defeating the card (and the credit), and
    a soldier on a card of a section that may fall (its shame spared, L561)."""
    i = a["section"]
    if a["kind"] == "archer":
        targets = combat.shoot_targets(g, i)
        bonus = artifact_progress(g, seat, "archers_on_wall") if threat(g, i) <= 0 else 0.0
        if not targets:
            return 0.5 + bonus
        return 1.5 + bonus + max(_wound_worth(g, seat, t) for t in targets)
    slot = g["sections"][i]["rows"][a["row"]]
    c = CARDS[slot["card"]]
    v = 0.0
    for j in a["spots"]:
        rw = c["spots"][j]["reward"]
        if rw["op"] == "honor":
            v += rw.get("n", 1)
        elif rw["op"] == "gain":
            v += res_worth({k: n for k, n in rw.items() if k in RES_VALUE})
    free = len(combat.free_spots(slot))
    left = free - len(a["spots"])
    mine_spots = combat.spots_of(slot, seat) + len(a["spots"])
    others = max((combat.spots_of(slot, s) for s in range(model.nplayers(g)) if s != seat), default=0)
    if left == 0:
        worth = card_value(g, seat, i, a["row"])
        credit = mine_spots > others or (mine_spots == others and _tea_first(g, seat, slot))
        v += 2.0 + (worth + artifact_progress(g, seat, "trophies") if credit else 0.0)
        v += raid_saved(g, i)
        v -= 0.5 * model.casualties(g)  # casualties (the dead go back to the supply, L264)
    else:
        v += (card_value(g, seat, i, a["row"]) + raid_saved(g, i)) * 0.5 / (1 + left)
    if not combat.soldiers_of(slot, seat) and threat(g, i) > 0:
        v += SHAME_COST * 0.8  # no shame from this card if the section falls
    return v


def _tea_first(g: Data, seat: int, slot: Data) -> bool:
    present = [s for s in g["tea"] if combat.soldiers_of(slot, s)]
    return not present or model.tea_rank(g, seat) < model.tea_rank(g, present[0])


def _deploy(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    deploys = _main(legal, ("deploy",))
    if deploys:
        best = max(deploys, key=lambda a: _deploy_worth(g, seat, a))
        if d.get("source") == "recruit" or _deploy_worth(g, seat, best) > 1.0:
            return best
    rests = _main(legal, ("rest",))
    if rests:
        return max(rests, key=lambda a: (threat(g, a["section"]), -a["section"]))
    return _fallback(legal)


def _attack_order(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    deploys = _main(legal, ("deploy",))
    if deploys:
        best = max(deploys, key=lambda a: _deploy_worth(g, seat, a))
        if _deploy_worth(g, seat, best) > 1.0:
            return best
    return _fallback(legal)


def _wound_worth(g: Data, seat: int, a: Action) -> float:
    i, r = a["section"], a["row"]
    slot = g["sections"][i]["rows"][r]
    left = len(combat.free_spots(slot)) - 1
    v = 1.0 / (1 + left)
    if left == 0:
        # finishing it: the holder of the most spots takes the credit
        mine = combat.spots_of(slot, seat)
        others = max((combat.spots_of(slot, s) for s in range(model.nplayers(g)) if s != seat), default=0)
        v += 2.0 + combat.card_attack(g, i, r) * (1.0 if threat(g, i) > 0 else 0.2) + raid_saved(g, i)
        if mine and mine >= others:
            v += CARDS[slot["card"]]["reward"] + artifact_progress(g, seat, "trophies")
    else:
        v += raid_saved(g, i) * 0.5 / (1 + left)
        if threat(g, i) > 0:
            v += 0.3
    return v


def _shoot(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    shots = _main(legal, ("shoot",))
    if not shots:
        return _fallback(legal)
    return max(shots, key=lambda a: _wound_worth(g, seat, a))


def _casualties(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    p = g["players"][seat]
    tac = [a for a in legal if a["type"] == "tactic"]
    dying = len(d.get("dying", [])) + sum(grp["n"] for grp in d.get("groups", []))
    if tac and dying >= 1:
        best = _best_tactic(g, seat, tac, dying=dying)
        if best is not None:
            return best
    loses = _main(legal, ("lose",))
    if loses:
        order = {"spear": 0, "archer": 1, "horse": 2}
        return min(loses, key=lambda a: order[a["kind"]])
    saves = _main(legal, ("save",))
    if not saves:
        return _fallback(legal)
    free = int(d.get("free", 0))
    chi = p["res"]["chi"]

    def worth(a: Action) -> float:
        n = a["n"]
        kinds = a.get("kinds") or _kinds_of(d, n)
        v = sum(KIND_VALUE[k] * m for k, m in kinds.items())
        paid = max(0, n - free)
        left = chi - 2 * paid
        v -= paid * 2 * RES_VALUE["chi"]
        if left < 2 and paid:
            v -= 1.5
        return v
    return max(saves, key=worth)


def _kinds_of(d: Data, n: int) -> dict[str, int]:
    order = {"horse": 0, "archer": 1, "spear": 2}
    dying = sorted(d.get("dying", []), key=lambda x: order[x["kind"]])[:n]
    out: dict[str, int] = {}
    for x in dying:
        out[x["kind"]] = out.get(x["kind"], 0) + 1
    return out


# ------------------------------------------------------------------------------------- shame
def _shame(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """The cheapest place (L242-245): a Horde card already carrying shame (its reward is lost
    already), else under a soldier while the seat's Honor cannot cover the end penalty anyway (it
    never takes Honor below 0, L675), else the card worth least or a spearman."""
    p = g["players"][seat]
    # Honor the end penalty would still take: 5 per token under a soldier, never below 0 (L675)
    spare = p["honor"] - SHAME_COST * sum(p["shamed"].values())

    def cost(a: Action) -> float:
        on = a["on"]
        if on is None:
            return SHAME_COST + 1
        if isinstance(on, dict):
            tr = p["trophies"][on["trophy"]]
            return 0.0 if tr["shame"] > 0 else float(CARDS[tr["card"]]["reward"]) + 1.0
        penalty = min(SHAME_COST, max(0.0, spare + 0.5 * years_left(g)))
        return penalty + KIND_VALUE[on] / max(1, p["supply"][on]) * 0.3
    return min(legal, key=cost)


def free_discards(g: Data, seat: int) -> int:
    """The tokens the seat's own ``on_summer`` abilities discard for free each Summer (Wang Jian per
    Seal icon, the Taoist)."""
    return sum(int(e.get("n", 1)) for _s, effs in cards.fire(g, "on_summer", seat) for e in effs
               if e["op"] == "discard_shame" and e.get("free"))


def free_summer_discards(g: Data, seat: int, d: Data) -> int:
    """The tokens the seat's own abilities discard for free later this Summer (:func:`free_discards`):
    their ``on_summer`` trigger comes after the paid discard (L598, flow's Summer), so 2 Chi paid now
    for such a token is wasted. 0 outside the Summer discard step (an effect's discard carries
    ``most``)."""
    if g.get("season") != "summer" or "most" in d:
        return 0
    return free_discards(g, seat)


def _discard_shame(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """Discard the tokens under soldiers (each -5 Honor at the end, L675) while Chi allows, but not
    those the seat's own free Summer discards take anyway (:func:`free_summer_discards`)."""
    p = g["players"][seat]
    under = sum(p["shamed"].values())
    bare = sum(1 for tr in p["trophies"] if tr["shame"] == 1)
    want = max(0, under + (bare if years_left(g) <= 2 else 0) - free_summer_discards(g, seat, d))
    opts = [a for a in legal if a["type"] == "discard_shame" and a["n"] <= want]
    return max(opts, key=lambda a: a["n"]) if opts else _fallback(legal)


# -------------------------------------------------------------------------------------- tactics
def _effects_worth(g: Data, seat: int, effs: list[Data], dying: int) -> float:
    v = 0.0
    for e in effs:
        op = e["op"]
        if op == "honor":
            v += e.get("n", 1)
        elif op == "gain":
            v += res_worth({k: n for k, n in e.items() if k in RES_VALUE})
        elif op == "save":
            n = dying if e.get("all") else min(dying, e.get("n", 1))
            v += 3.0 * n
        elif op == "wound":
            targets = [t for i in model.open_sections(g) for t in combat.shoot_targets(g, i)]
            if targets:
                v += e.get("n", 1) * max(_wound_worth(g, seat, {"section": t["section"], "row": t["row"],
                                                              "spot": t["spot"]}) for t in targets)
        elif op == "discard_shame":
            v += 4.0 if model.shame_held(g, seat) else 0.0
        elif op == "draw_tactic":
            v += 1.0 * e.get("n", 1)
        elif op in ("tea_up", "tea_top"):
            v += (4.0 if doomed(g) else 1.5) if model.tea_rank(g, seat) > 0 else 0.0
        elif op == "move_clerks":
            v += 1.0 * e.get("n", 1)
        elif op == "build":
            v += 3.0
        elif op == "recruit":
            v += max(0.0, _recruit_worth(g, seat, 1)) + (3.0 if e.get("free") else 0.0)
        elif op == "attack_order":
            v += 1.0
        elif op == "hire":
            v += 2.5
    return v


def _best_tactic(g: Data, seat: int, tacs: list[Action], dying: int = 0) -> Action | None:
    chi = res(g, seat)["chi"]
    best, best_v = None, 0.9
    for a in tacs:
        card = cards.tactic(a["card"])
        if a["enhanced"]:
            cost = card["enhanced"]["chi"]
            v = _effects_worth(g, seat, card["enhanced"]["effects"], dying) - cost * RES_VALUE["chi"]
            if chi - cost < 2:
                v -= 1.0
        else:
            v = _effects_worth(g, seat, card["basic"], dying)
        if v > best_v:
            best, best_v = a, v
    return best


def _tactic(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    tacs = _main(legal, ("tactic",))
    return _best_tactic(g, seat, tacs) or _fallback(legal)


def _tactic_discard(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    def worth(a: Action) -> float:
        card = cards.tactic(a["card"])
        enhanced = _effects_worth(g, seat, card["enhanced"]["effects"], 2)
        return _effects_worth(g, seat, card["basic"], 1) + 0.3 * enhanced
    return min(legal, key=worth)


# ------------------------------------------------------------------------------------ production
def _upgrade(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    ups = _main(legal, ("use",))
    if not ups or years_left(g) < 1:
        return _fallback(legal)
    p = g["players"][seat]
    order = {"spear": 0, "archer": 2, "horse": 1}
    # never the last unshamed spearman (the Barracks needs one)
    keep = {"spear": 2, "archer": 1, "horse": 1}
    ok = [a for a in ups if a["upgrade"] == "level" or p["supply"][a["upgrade"]] > keep[a["upgrade"]]]
    return min(ok, key=lambda a: order.get(a["upgrade"], 0)) if ok else _fallback(legal)


def _donate(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    r = d["res"]
    have = res(g, seat).get(r, 0)
    if have <= requested(g).get(r, 0):
        return _fallback(legal)  # co-op: kept for an open Request (L985)
    if have >= 2 or (r == "wood" and have >= 1) or years_left(g) == 0:
        return next(a for a in legal if a["type"] == "use")
    return _fallback(legal)


def _wound_decision(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    return _shoot(g, seat, d, legal)


# ------------------------------------------------------------------------------------------ co-op
def requested(g: Data) -> dict[str, int]:
    """Co-op: the resources the open Emperor's Requests ask one player to discard (the most asked
    of each); a seat keeps that much rather than donate it (L985: paid only in Winter)."""
    if g.get("mode") != "coop":
        return {}
    out: dict[str, int] = {}
    for rid in g["coop"]["requests"]:
        for need in coop.REQUESTS[rid]["need"]:
            if need["op"] == "discard":
                out[need["res"]] = max(out.get(need["res"], 0), int(need.get("n", 1)))
    return out


def _coop_request(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """Winter (L985): complete every Request the table can. An unfinished one costs every player a
    shame token each Winter (L927), and the Requests are the only way to win (L992). When one seat
    pays, the bot pays itself if it can (it sees only its own resources, behind its screen), else it
    names the first other seat listed, which answers for itself (``coop_pay``; one that declines is
    not listed again)."""
    reqs = [a for a in legal if a["type"] == "request"]
    if not reqs:
        return _fallback(legal)
    return min(reqs, key=lambda a: 0 if a.get("payer") in (None, seat) else 1)


def _coop_pay(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """Asked to pay for a Request the table names (L915): it pays whenever its resources allow (the
    Requests are the only way to win, L992)."""
    return next((a for a in legal if a["type"] == "pay"), _fallback(legal))


def _coop_discard(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """Co-op (L956-959): Honor buys a shame token back to the supply (10 each), and an empty supply
    loses the game for the whole table (L994); Honor wins nothing else in co-op, so it discards
    as many as it can, keeping only what an open Request asks in Honor."""
    keep = max([int(x.get("n", 1)) for r in g["coop"]["requests"] for x in coop.REQUESTS[r]["need"]
                if x["op"] == "honor"], default=0)
    cost = coop.shame_cost(g)
    honor = int(g["players"][seat]["honor"])
    opts = [a for a in legal if a["type"] == "discard_shame" and honor - cost * int(a["n"]) >= keep]
    if not opts:
        opts = [a for a in legal if a["type"] == "discard_shame"]
    return max(opts, key=lambda a: int(a["n"])) if opts else _fallback(legal)


def _coop_retrieve(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """A Wall built in co-op takes an own command card back (L969): the first one it would play."""
    cards_back = [a for a in legal if a["type"] == "retrieve"]
    order = ["economy", "edict", "mobilization", "attack_order", "betrayal", "despotism"]
    return min(cards_back, key=lambda a: order.index(a["card"]) if a["card"] in order else 99,
               default=_fallback(legal))


def _coop_next(g: Data, seat: int, d: Data, legal: list[Action]) -> Action:
    """Co-op (L952): the table orders the seats inside a location; the bot keeps the tea order (the
    order its co-op figures in the README were measured with)."""
    nxt = [a for a in legal if a["type"] == "next"]
    return min(nxt, key=lambda a: g["tea"].index(a["seat"]), default=_fallback(legal))


_BY_KIND = {
    "draft": _draft, "command": _command, "slot": _slot, "retrieve": _retrieve, "clerks": _clerks,
    "order": _order, "advanced": _advanced, "location": _location, "deploy": _deploy,
    "attack_order": _attack_order, "shoot": _shoot, "wound": _wound_decision, "casualties": _casualties,
    "shame": _shame, "discard_shame": _discard_shame, "tactic": _tactic, "tactic_discard": _tactic_discard,
    "upgrade": _upgrade, "donate": _donate,
    "coop_request": _coop_request, "coop_pay": _coop_pay, "coop_discard": _coop_discard,
    "coop_retrieve": _coop_retrieve, "coop_next": _coop_next,
}


# ------------------------------------------------------------------------------------------- solo
# Solo against Qin Jiushao (L735-878). The shame supply holds 10 tokens (L751) and its emptying loses
# at once (L872); a raid takes 1 out of the game (L522), a breach 1 per card without the seat's
# soldier (L561), and a token discarded goes back to it (A43). The plan keeps that supply alive:
# every discard the Chi pays for, the Temple while shame is held, and the Reed Clan's free help,
# which the seat directs as the highest in tea order (L714-715): its clerks on the Builders' camp
# (a free barricade at each activation, L727), the Temple (a free discard on the seat's turn, L723)
# and the Barracks (a free spearman, L729). Each function returns None to leave a decision to the
# common rule. Measured in the README, "Bots and balance".

REED = "reed"
#: where the seat sends the Reed Clan's clerks, in this order (L715)
REED_PLAN = ("builders_camp", "temple", "barracks")
#: a use's extra worth in solo: the Temple's Chi while shame is held or Chi is short, the Builders'
#: camp while the Reed Clan is there (its free barricade)
SOLO_CHI = 4.0
SOLO_REED_CAMP = 3.0


#: solo: what a defeat in a full column is worth (its slot takes the next Horde card, which would
#: otherwise raid and take a token out of the 10, L522, L751, L872)
SOLO_RAID = 6.0


def artifact_progress(g: Data, seat: int, what: str, n: int = 1) -> float:
    """Solo: the share of a face-up Artifact's Honor (L679) that ``n`` more of ``what`` earns toward
    its condition (the Artifacts are Qin's biggest lead, 20 each to him, L862)."""
    if g.get("mode") != "solo":
        return 0.0
    v = 0.0
    for aid in g.get("artifacts", []):
        c = cards.artifact(aid)
        if c["condition"]["count"] != what:
            continue
        need = int(c["condition"]["at_least"]) - cards.count(g, seat, what)
        if need > 0:
            v += float(c["honor"]) * min(n, need) / need
    return v


def raid_saved(g: Data, i: int) -> float:
    """Solo: a Horde card defeated in a full column frees a slot for the next card, which would
    otherwise raid (L518-522): a token of the 10-token supply the game is lost on (L751, L872)."""
    if g.get("mode") != "solo" or len(model.cards_in(g, i)) < len(g["sections"][i]["rows"]):
        return 0.0
    return SOLO_RAID


def _solo_clerk_bonus(g: Data, seat: int, loc: str, mine: int) -> float:
    """Solo: what a use of ``loc`` adds to the plan (the Temple's Chi pays the discards, the Reed
    Clan's barricade comes free with the Builders' camp)."""
    p = g["players"][seat]
    if gdata.location(g["side"], loc)["produces"] == "chi":
        return SOLO_CHI if p["res"]["chi"] < 2 * max(2, model.shame_held(g, seat)) else 0.0
    if loc == "builders_camp" and REED in g["locations"][loc] and _reed_can_build(g):
        return SOLO_REED_CAMP
    return 0.0


def _reed_can_build(g: Data) -> bool:
    return any(g["sections"][i]["barricades"] < 3 for i in model.open_sections(g))


def _solo_discard_shame(g: Data, seat: int, d: Data, legal: list[Action]) -> Action | None:
    """Solo: discard every token the Chi pays for (L598): each goes back to the 10-token supply whose
    emptying loses the game (A43, L872), whatever it costs at the end."""
    opts = [a for a in legal if a["type"] == "discard_shame"]
    return max(opts, key=lambda a: int(a["n"])) if opts else None


def _solo_reed_clerks(g: Data, seat: int, d: Data, legal: list[Action]) -> Action | None:
    """Solo, the Reed Clan's turn (the seat highest in tea order moves its clerks, L714-715): the
    next place of ``REED_PLAN`` it is not on, from a location outside the plan; else stop."""
    here = [loc for loc in gdata.LOCATION_IDS if REED in g["locations"][loc]]
    for want in REED_PLAN:
        if want in here:
            continue
        moves = [a for a in legal if a["type"] == "clerk" and a["to"] == want and a["from"] not in REED_PLAN]
        if moves:
            return moves[0]
    return None


def _solo_reed_build(g: Data, seat: int, d: Data, legal: list[Action]) -> Action | None:
    """The Reed Clan's free barricade (L727): where it can make a section hold, else where the threat
    is highest."""
    opts = [a for a in legal if a["type"] == "reed_build"]
    if not opts:
        return None
    return max(opts, key=lambda a: (holdable(g, a["section"]), threat(g, a["section"])))


def _solo_reed_deploy(g: Data, seat: int, d: Data, legal: list[Action]) -> Action | None:
    """The Reed Clan's spearman (L729): onto the card with the fewest free spots (closest to defeat:
    a defeated card stops attacking and frees its slot, so the next Horde card does not raid, L522),
    in the section under the most threat."""
    opts = [a for a in legal if a["type"] == "deploy"]
    if not opts:
        return None

    def key(a: Action) -> tuple[int, int]:
        slot = g["sections"][a["section"]]["rows"][a["row"]]
        return (-len(combat.free_spots(slot)), threat(g, a["section"]))
    return max(opts, key=key)


def _solo_reed_temple(g: Data, seat: int, d: Data, legal: list[Action]) -> Action | None:
    """The Reed Clan at the Temple (L723): the free discard, always (back to the supply, A43)."""
    return next((a for a in legal if a["type"] == "discard_shame"), None)


_REED_BY_KIND = {"reed_clerks": _solo_reed_clerks, "reed_build": _solo_reed_build,
                 "reed_deploy": _solo_reed_deploy, "reed_temple": _solo_reed_temple}
_SOLO_BY_KIND = {"discard_shame": _solo_discard_shame, **_REED_BY_KIND}


# ------------------------------------------------------------------ search hooks (bots/search.py)
def rollout(g: Data, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The search's rollout policy: this bot's rule of thumb (:func:`decide`)."""
    return decide(g, seat, legal, rng)


def search_order(g: Data, seat: int, legal: list[Action]) -> list[float]:
    """The order in which the search tries a node's actions: this bot's choice first."""
    pick = decide(g, seat, legal)
    return [1.0 if a == pick else 0.0 for a in legal]


def search_value(g: Data, players: int) -> list[float] | None:
    """The search's value of an unfinished position, where the seats' Honor against each other misjudges it.

    - Co-op (L880-994): the table wins or loses together (L994), so every seat gets the same value: the
      Requests done towards the goal (the win, L992), the shame supply left (empty: a loss) and the Time
      left (its last space: a loss), in 0.05..0.95 (a win is 1, a loss 0).
    - Solo (L862-874): the seat's Honor against Qin's, Artifacts left out (a logistic of the difference),
      discounted as the 10-token shame supply (the game, L751, L872) empties.
    - Otherwise None: the seats' totals (the two-player and competitive games).
    """
    mode = g.get("mode")
    if mode == "coop":
        c = g["coop"]
        done = min(1.0, int(c["done"]) / max(1, int(c["goal"])))
        full = model.SHAME_PER_PLAYER * max(3, players)  # 2-3 players: 30 tokens, 4: 40 (A31)
        safe = min(1.0, max(0, int(g["shame_supply"])) / full)
        time_left = max(0.0, 1.0 - int(g["time"]) / gdata.time_last())
        return [0.05 + 0.55 * done + 0.25 * safe + 0.10 * time_left] * players
    if mode == "solo":
        # the Artifacts left out on both sides: Qin holds 20 per Artifact from the start (L862), the
        # seat scores its conditions only at the end (L679), so mid-game they only shift the difference
        mine = float(sum(v for k, v in scoring.breakdown(g, 0).items() if k != "artifacts"))
        theirs = float(sum(v for k, v in qin.breakdown(g).items() if k != "artifacts"))
        temp = max(8.0, 0.2 * max(abs(mine), abs(theirs)))
        lead = 1.0 / (1.0 + math.exp(-(mine - theirs) / temp))
        safe = min(1.0, max(0, int(g["shame_supply"])) / model.SHAME_PER_PLAYER)
        return [lead * (0.5 + 0.5 * safe)]
    return None
