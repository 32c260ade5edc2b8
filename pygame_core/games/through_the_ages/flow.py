"""Setup (L29-321), the turn (L355-514, L1318-1326), the card row (L530-562), the end of turn
(L1676-1809, 2015 order L2144-2164), ages (L1811-1886, L1940-1949) and the game end (L1879-1910)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import decks, effects, politics, scoring, tokens
from pygame_core.games.through_the_ages.catalog import CARDS, INITIAL_WORKERS, TABLES, by, deck
from pygame_core.games.through_the_ages.economy import ma_left, sync
from pygame_core.games.through_the_ages.model import (
    AGES,
    FOOD_SHORT_CULTURE,
    MAX_DRAW,
    ROW_SIZE,
    SWEEP,
    Data,
    Player,
    consumption,
    corruption,
    final_age,
    happy_needed,
    new_player,
    short_game,
)
from pygame_core.games.through_the_ages.ratings import limits, produce_extra, stats
from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import Ctx, decisions
from pygame_core.kernel.cow import pluck

MIL_SIMPLE = ("event", "territory", "tactic", "bonus")  # L187-190


def _military_deck(ctx: Ctx, age: str) -> list[str]:
    d = ctx.data
    cards = deck("military", age, len(d["players"]))
    if d["mode"] == "simple":
        cards = [c for c in cards if CARDS[c]["kind"] in MIL_SIMPLE]
    elif d["peaceful"]:  # L2249-2255
        cards = [
            c
            for c in cards
            if CARDS[c]["kind"] not in ("aggression", "war")
            and not (CARDS[c]["kind"] == "pact" and not CARDS[c].get("no_war_theme"))
        ]
    ctx.rng.shuffle(cards)
    return cards


def setup(ctx: Ctx) -> None:
    n = ctx.players
    opts = ctx.options
    d: Data = {
        "mode": opts["mode"],
        "short": bool(opts["short"]),
        "peaceful": bool(opts["peaceful"]),
        "global_conflict": bool(opts["global_conflict"]),
    }
    ctx.data = d
    start = ctx.rng.below(n)  # L308-310
    d["start_player"] = start
    d["order"] = [(start + i) % n for i in range(n)]
    farm, mine, gov = by("farm"), by("mine"), by("government")
    d["players"] = [new_player(d["order"].index(s), INITIAL_WORKERS, farm, mine, gov) for s in range(n)]
    for s, p in enumerate(d["players"]):
        pos = d["order"].index(s)
        p["ca_used"] = p["ca_total"] - (pos + 1)  # round 1: 1/2/3/4 CA, no MA (L312-321)
        p["ma_used"] = p["ma_total"]
    ages = ["I", "II"] if d["mode"] == "simple" or d["short"] else ["I", "II", "III"]
    civ = {}
    for age in ["A", *ages]:
        cards = deck("civil", age, n)
        ctx.rng.shuffle(cards)
        civ[age] = cards
    d["civil_deck"] = civ.pop("A")
    d["civil_decks"] = civ
    d["row"] = [d["civil_deck"].pop() for _ in range(ROW_SIZE)]  # L213
    d["military_decks"] = {age: _military_deck(ctx, age) for age in ages}
    ev = _military_deck(ctx, "A")
    k = int(TABLES["players"][str(n)]["current_events"]) if "players" in TABLES else n + 2
    d["current_events"] = ev[:k]  # L299
    d["box"] = ev[k:]  # L300: out of the game, unseen
    d["future_events"] = []
    d["past_events"] = []
    d["military_deck"] = []  # no Age A military deck (L269)
    d["military_discards"] = []
    d["out_of_game"] = []  # military cards out of the game face down
    d["age"] = 0
    d["common_tactics"] = []
    d["round"] = 1
    d["turn"] = start
    d["last_round"] = None
    d["over"] = False
    d["wars"] = []
    d["decisions"] = []
    d["scored"] = None
    if short_game(d):
        short_setup(ctx)
    ctx.log(say("{p} is the starting player", "{p}是起始玩家", p=start))


# ------------------------------------------------------------------ the short game (L2220-2247)
def short_setup(ctx: Ctx) -> None:
    """Every Age III event forms the last round's event deck: shuffled, 2 dealt face down to each
    player (nobody may look at them until Age I ends), 3 face up for everyone; War over Culture lies
    face up beside them; every other Age III card stays out of the game (L2226-2231)."""
    d = ctx.data
    events = [c for c in deck("military", "III", len(d["players"])) if CARDS[c]["kind"] == "event"]
    ctx.rng.shuffle(events)
    d["age_iii_held"] = [[events.pop(), events.pop()] for _ in d["players"]]  # L2226
    d["age_iii_open"] = [events.pop() for _ in range(3)]  # L2227
    d["age_iii_discarded"] = []  # [card, owner]: face down, seen by the owner only (L2239)
    d["box"].extend(events)  # the rest of the Age III events: out of the game, unseen


def short_age_one_ended(ctx: Ctx) -> None:
    """Age I has ended: each player looks at its two Age III events and secretly keeps one,
    discarding the other face down (L2237-2239): one sealed decision for every active player."""
    d = ctx.data
    seats = [s for s, p in enumerate(d["players"]) if not p["resigned"] and len(d["age_iii_held"][s]) == 2]
    if seats:
        decisions.push(d, "keep_event", seats, sealed=True)
        ctx.log(say("Age I has ended: each player keeps one of its two Age III events",
                    "时代I结束：每位玩家保留其两张时代III事件牌中的一张"))


def short_keep(ctx: Ctx, answers: dict[str, Any]) -> None:
    """Every player has chosen: the kept events stay face down, the others are discarded face down
    (nobody sees another player's discard, L2239)."""
    d = ctx.data
    for key, action in sorted(answers.items()):
        s = int(key)
        held = d["age_iii_held"][s]
        out = [c for c in held if c != action["card"]]
        d["age_iii_held"][s] = [action["card"]]
        d["age_iii_discarded"] += [[c, s] for c in out]
    ctx.log(say("Every player has kept one Age III event", "每位玩家都已保留一张时代III事件牌"))


# ------------------------------------------------------------------ the row and ages
def replenish(ctx: Ctx) -> None:
    """Sweep the leftmost N slots, slide left, refill from the current civil deck (L530-562)."""
    d = ctx.data
    active = pluck(d["players"], "resigned").count(False)
    n = SWEEP.get(active, 3)
    row = [c for c in d["row"][n:] if c is not None]
    if d["age"] == 0:  # first replenish ends Age A (L570-576)
        d["civil_deck"] = ""
        advance_age(ctx)
    _fill(ctx, row)


def refill_row(ctx: Ctx) -> None:
    """Slide the row's cards left and refill it on the right, with no sweep (International
    Agreement, P1); this may start the next age."""
    d = ctx.data
    row = [c for c in d["row"] if c is not None]
    _fill(ctx, row)


def _fill(ctx: Ctx, row: list[str]) -> None:
    """Deal the civil deck onto the right of ``row`` (starting the next age when the deck runs out)
    and lay it out as the card row: the new cards are shown, so this is an undo barrier."""
    d = ctx.data
    while len(row) < ROW_SIZE:
        if not d["civil_deck"]:
            if d["age"] >= final_age(d) or not advance_age(ctx):
                break
            if not d["civil_deck"]:
                break
        row.append(decks.pop(d, "civil_deck"))
    d["row"] = row + [None] * (ROW_SIZE - len(row))
    ctx.reveal()


def advance_age(ctx: Ctx) -> bool:
    """The current civil deck ran out: the next age starts (L1825-1877, L1944-1949). Returns
    whether a next civil deck exists."""
    d = ctx.data
    d["age"] += 1
    new = AGES[d["age"]]
    ctx.log(say("Age {n} begins", "时代{n}开始", n=new))
    if d["global_conflict"] and d["age"] >= 2:                       # global conflict (L2257-2259)
        alive = [q for q in d["players"] if not q["resigned"]]
        strength = [stats(q)["strength"] for q in alive]
        for q, st in zip(alive, strength, strict=True):
            q["culture"] += st - min(strength)
        ctx.log(say("Global conflict: culture for strength", "全球冲突：按军力获得文化"))
    if d["age"] >= 2:
        for s, p in enumerate(d["players"]):
            if not p["resigned"]:
                antiquate(ctx, s, d["age"] - 2)
    if d["age"] == 2 and short_game(d):
        short_age_one_ended(ctx)
    decks.add(d, "out_of_game", d["military_deck"])
    decks.add(d, "out_of_game", d["military_discards"])
    d["military_discards"] = ""
    d["civil_deck"] = d["civil_decks"].pop(new, "")
    d["military_deck"] = d["military_decks"].pop(new, "")
    if d["age"] >= final_age(d) and d["last_round"] is None:  # L1879-1886, L1949
        mid_start = d["turn"] == d["start_player"]
        d["last_round"] = d["round"] if mid_start else d["round"] + 1
        ctx.log(say("Round {n} is the last round", "第{n}轮是最后一轮", n=d["last_round"]))
    return bool(d["civil_deck"])


def antiquate(ctx: Ctx, seat: int, old: int) -> None:
    """Discard antiquated hand cards, remove the antiquated leader and unfinished wonder, lose 2
    yellow tokens (L1835-1863)."""
    d = ctx.data
    p = d["players"][seat]
    p["civil_hand"] = [c for c in p["civil_hand"] if CARDS[c]["lvl"] > old]
    keep = [c for c in p["military_hand"] if CARDS[c]["lvl"] > old]
    decks.add(d, "out_of_game", [c for c in p["military_hand"] if CARDS[c]["lvl"] <= old])
    p["military_hand"] = keep
    if p["leader"] and CARDS[p["leader"]]["lvl"] <= old:
        effects.remove_leader(ctx, seat)
    w = p["wonder"]
    if w is not None and CARDS[w["id"]]["lvl"] <= old:
        p["blue_bank"] += w.get("tokens", 0)
        p["wonder"] = None
    if p["pact"] and CARDS[p["pact"]["card"]]["lvl"] <= old:
        politics.end_pact(ctx, seat)
    p["yellow_bank"] = max(0, p["yellow_bank"] - 2)  # L1855; ruling §8.14
    sync(p)


# ------------------------------------------------------------------ turns
def start_turn(ctx: Ctx) -> None:
    d = ctx.data
    seat = d["turn"]
    p = d["players"][seat]
    p["political_done"] = False
    p["acted"] = False
    p["tactic_done"] = False
    p["ma_as_ca_used"] = False
    p["leader_replaced"] = False
    p["once_used"] = []
    p["peek"] = None
    p["taken_this_turn"] = []
    p["discounts"] = []
    if p["skip_political"]:  # gave it up for International Agreement's cards (P1)
        p["political_done"] = True
        p["skip_political"] = False
    if d["round"] >= 2:
        replenish(ctx)
        if d["over"]:
            return
        politics.resolve_wars(ctx, seat)
        if p["exclusive_tactic"]:  # L1529-1533
            d["common_tactics"].append(p["exclusive_tactic"])
            p["exclusive_tactic"] = None
    for src in [p["leader"]] if p["leader"] else []:  # permanent unit budget (Homer)
        for e in CARDS[src]["effects"]:
            if e["kind"] == "budget" and e.get("when") == "permanent" and isinstance(e.get("n"), int):
                p["military_resources"] += e["n"]
    effects.triggers(ctx, seat, "turn_start")
    sync(p)


def mil_limit(p: Player) -> int:
    """Military hand limit = red tokens owned (L1684, L1800-1803)."""
    return p["ma_total"] + limits(p)["military_hand"]


def end_turn(ctx: Ctx, seat: int) -> None:
    """After the action phase: discard down to the military hand limit (a decision), then the
    automatic steps."""
    p = ctx.data["players"][seat]
    if len(p["military_hand"]) > mil_limit(p):
        decisions.push(ctx.data, "discard", [seat], blocking=True)
        return
    finish_turn(ctx, seat)


def finish_turn(ctx: Ctx, seat: int) -> None:
    """End-of-turn steps 2-5 (L1700-1809) and the hand-over to the next player."""
    d = ctx.data
    p = d["players"][seat]
    if not p["resigned"]:
        r = stats(p)
        discontent = max(0, happy_needed(p["yellow_bank"]) - r["happiness"])
        if discontent > p["unused_workers"]:  # uprising: skip production (L1630, L1700-1704)
            ctx.log(say("{p}: uprising, no production", "{p}：起义，跳过生产", p=seat))
        else:
            produce(ctx, seat, r)
        effects.triggers(ctx, seat, "turn_end")
        draws = min(ma_left(p), MAX_DRAW)  # L1783-1793, L2160
        if draws > 0:
            decks.draw_military(ctx, seat, draws)
        p["ca_used"] = p["ma_used"] = 0  # reset (L1805-1809)
        p["temporary_ma"] = p["military_resources"] = 0
        if p.get("military_science"):
            p["military_science"] = 0
        p["discounts"] = []
        sync(p)
        p["ca_used"] = p["ma_used"] = 0
    next_player(ctx)


def produce(ctx: Ctx, seat: int, r: dict[str, int]) -> None:
    """Production phase (L1706-1766): score, corruption, food, consumption, resources."""
    p = ctx.data["players"][seat]
    p["science"] += r["science"]
    p["culture"] += r["culture"]
    c = corruption(p["blue_bank"])
    if c:
        short = tokens.lose(p, "mine", c)
        if short:
            tokens.lose(p, "farm", short)  # L1730-1732
    tokens.produce(p, "farm")
    produce_extra(p, "farm")
    eat = consumption(p["yellow_bank"])
    short = tokens.lose(p, "farm", eat)
    if short:
        p["culture"] = max(0, p["culture"] - FOOD_SHORT_CULTURE * short)  # L1758
        ctx.log(
            say(
                "{p} lacks {n} food: -{m} culture",
                "{p}缺少{n}食物：失去{m}文化",
                p=seat,
                n=short,
                m=FOOD_SHORT_CULTURE * short,
            )
        )
    tokens.produce(p, "mine")
    produce_extra(p, "mine")
    effects.triggers(ctx, seat, "production")


def next_player(ctx: Ctx) -> None:
    d = ctx.data
    seat = d["turn"]
    n = len(d["players"])
    if d["last_round"] is not None and d["round"] >= d["last_round"] and seat == d["order"][-1]:
        finish_game(ctx)
        return
    nxt = (seat + 1) % n
    if nxt == d["start_player"]:
        d["round"] += 1
        if d["last_round"] is not None and d["round"] > d["last_round"]:
            finish_game(ctx)
            return
    d["turn"] = nxt
    if d["players"][nxt]["resigned"]:
        next_player(ctx)
        return
    start_turn(ctx)


def finish_game(ctx: Ctx) -> None:
    d = ctx.data
    d["over"] = True
    d["scored"] = scoring.final(ctx)
    ctx.reveal()
    ctx.log(say("The game is over", "游戏结束"))
