"""The co-op game (L880-994): 2-4 players against the Horde, together.

- Goal (L886-891): complete 6 Emperor's Requests with 2 players, 7 with 3, 9 with 4 (data/coop_requests.json).
- Setup (L893-909): the Time token's "+1" face; no Artifacts: 3 Requests face up in their slots (2 with
  2 players, whose deck leaves out the 4 named at L977); the co-op Horde deck (data/coop_horde.json),
  players + 1 cards placed by the normal rules (L903); the Event deck (data/coop_events.json). With 2
  players the 2-player rules and the Reed Clan apply too (L685).
- Winter (L979-988): shooting, the defeat check and the siege as usual, then the Requests are completed
  (a ``coop_request`` decision of the seat highest in tea order, for the table: sacrifices and payments
  happen only then, "each" ones by every player for itself, L915-921), the end check, the Request step
  (1 shame per unfinished Request to every player, then the slots refill, L925-929) and the Event step
  (L931-942).
- Screens stay up in co-op: its setup is the normal one but for the changes listed (L895), so the
  resources stay behind each seat's screen and secret (L164-166), as the command cards are still
  chosen in secret (L948: the table talks only about their placement and order). The seat that
  answers for the table names any Request it may complete as far as it knows, and a payment out of
  another seat's resources waits for that seat's own ``coop_pay`` answer (pay, or not); a seat that
  declines is not named for that Request again this Winter. Its options never depend on another
  seat's resources.
- Inside a location the table, not the tea order, says who acts next (L952): a ``coop_next`` decision
  of the seat highest in tea order when 2 or more seats have clerks there (locations.py).
- Shame (L954-961): only under soldiers; discarded in Summer for 10 Honor each (not Chi). No Summer
  retrieval: a seat that builds a Wall takes 1 of its command cards back from the discard (L963-969).
  Spring places the Time track's number + 1 Horde cards (L971-973).
- The end (L992-994): a win when the Requests are done at the Winter check (the Wall end does not
  apply); a loss at once when a shame token must be taken from an empty supply, and a loss when the
  Time token reaches the last space (or a raid empties the supply, A16).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pygame_core.games.great_wall import cards, horde, model, scoring, shame, steps
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import RES_NAME, Text, fmt, seat_name, t
from pygame_core.kernel import deck as kdeck
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]
REQ_DOC: Data = gdata.load("coop_requests.json")
REQUESTS: dict[str, Data] = {r["id"]: r for r in REQ_DOC["requests"]}
EVENTS: dict[str, Data] = {e["id"]: e for e in gdata.load("coop_events.json")["events"]}
HORDE: dict[str, Data] = {c["id"]: c for c in gdata.load("coop_horde.json")["cards"]}
horde.EXTRA.update(HORDE)  # the co-op Horde cards are found by id like the base deck's
GENERALS: dict[str, Data] = {c["id"]: c for c in gdata.load("coop_generals.json")["generals"]}
TACTICS: dict[str, Data] = {c["id"]: c for c in gdata.load("coop_tactics.json")["tactics"]}
cards.EXTRA["generals"] = GENERALS  # and the co-op Generals and Tactics like the base ones
cards.EXTRA["tactics"] = TACTICS
GOAL: dict[int, int] = {int(k): int(v) for k, v in REQ_DOC["goal"].items() if k != "source"}
SHAME_HONOR = 10  # L956
TIME_PLUS = 1  # L897, L973
KINDS = ("horse", "archer", "spear")  # the order a discarded shame token leaves the soldiers



def on(g: Data) -> bool:
    return g.get("mode") == "coop"


def slots(g: Data) -> int:
    """Request slots: 3, 2 with 2 players (L899, L977)."""
    return 2 if model.nplayers(g) == 2 else 3


# ------------------------------------------------------------------------------------- setup
def setup(ctx: Ctx) -> None:
    """Setup steps 3, 4 and 13 (L897-909): the decks of Requests and Events."""
    g = ctx.data
    n = model.nplayers(g)
    reqs = [r for r, x in REQUESTS.items() if n > 2 or x["two_player"]]
    ctx.rng.shuffle(reqs)
    evs = list(EVENTS)
    ctx.rng.shuffle(evs)
    g["coop"] = {"goal": GOAL[n], "done": 0, "requests": [], "request_deck": reqs, "request_discard": [],
                 "event_deck": evs, "events": [], "passive": [], "lost": False}


def after_deck(ctx: Ctx) -> None:
    """Step 6 (L901): the co-op Horde deck instead of the base one (with 2 players, less the cards
    pointing at the unused leftmost column, L695)."""
    g = ctx.data
    ids = [c for c, x in HORDE.items() if g["sections"][0]["open"] or x["indicator"] != 0]
    ctx.rng.shuffle(ids)
    g["horde_deck"], g["horde_discard"] = ids, []


def after_deal(ctx: Ctx) -> None:
    """Step 4 (L899): no Artifacts, the Requests in their slots; step 7 (L903): players + 1 Horde cards
    by the normal rules (the setup array placed one fewer)."""
    g = ctx.data
    g["artifacts"] = []
    refill(ctx)
    horde.place_one(ctx)
    deal_coop_cards(ctx)


def deal_coop_cards(ctx: Ctx) -> None:
    """Steps 9-10 (L905-907): the co-op Tactics shuffled into the Tactic deck, the co-op Generals into
    the Generals before 2 are dealt to each player (cards.setup dealt from the base ones: dealt again)."""
    g = ctx.data
    deck = sorted([*g["tactic_deck"], *TACTICS])
    ctx.rng.shuffle(deck)
    g["tactic_deck"] = deck
    pool = sorted([*cards.generals(), *GENERALS])
    ctx.rng.shuffle(pool)
    for p in g["players"]:
        n = len(p["draft"]["generals"])
        p["draft"]["generals"] = [pool.pop() for _ in range(n)]


def refill(ctx: Ctx) -> None:
    c = ctx.data["coop"]
    while len(c["requests"]) < slots(ctx.data) and c["request_deck"]:
        rid = c["request_deck"].pop()
        c["requests"].append(rid)
        ctx.reveal()
        ctx.log(fmt(t("A new Emperor's Request: {r}.", "新的皇帝要求：{r}。"),
                    r=REQUESTS[rid]["name"]))


def view(g: Data) -> Data:
    c = g["coop"]
    return {"goal": c["goal"], "done": c["done"], "requests": list(c["requests"]),
            "request_deck": len(c["request_deck"]), "request_discard": list(c["request_discard"]),
            "event_deck": len(c["event_deck"]), "events": list(c["events"]), "passive": list(c["passive"])}


def redetermine(g: Data, rng: Rng) -> None:
    rng.shuffle(g["coop"]["request_deck"])
    rng.shuffle(g["coop"]["event_deck"])


def passive(g: Data, op: str) -> list[Data]:
    return [EVENTS[e]["passive"] for e in g["coop"]["passive"] if EVENTS[e]["passive"]["op"] == op]


def extra_horde(g: Data) -> int:
    """Spring: the number beside the Time token + 1 (L973), + passive Events."""
    return TIME_PLUS + sum(int(p["n"]) for p in passive(g, "extra_horde"))


# ------------------------------------------------------------------------------------- requests
def _supply_count(g: Data, seat: int, kind: str) -> int:
    p = g["players"][seat]
    return int(p["clerks"]) if kind == "clerk" else int(p["supply"][kind])


def can_pay(g: Data, seat: int, need: Data) -> bool:
    op, n = need["op"], int(need.get("n", 1))
    p = g["players"][seat]
    if op == "sacrifice":
        return _supply_count(g, seat, need["kind"]) >= n
    if op == "discard":
        return int(p["res"][need["res"]]) >= n
    if op == "honor":
        return int(p["honor"]) >= n
    if op == "trophies":
        return len(p["trophies"]) >= n
    return True


def met(g: Data, need: Data) -> bool:
    """A condition of the table (not a payment)."""
    if need["op"] == "walls":
        return model.walls_at(g, int(need["level"])) >= int(need["n"])
    if need["op"] == "archers":
        return sum(1 for i in model.open_sections(g) for x in g["sections"][i]["firing"]
                   if x is not None and not isinstance(x, str)) >= int(need["n"])
    return True


def hidden(need: Data) -> bool:
    """A payment out of the resources behind the seat's screen (L164-166; co-op keeps them, L895)."""
    return bool(need["op"] == "discard")


def may_pay(g: Data, asker: int, seat: int, need: Data) -> bool:
    """Whether ``seat`` can pay ``need`` as far as ``asker`` knows: its own resources, and everything
    public (figures, Honor, Horde cards); another seat's resources are its own business, so that
    seat is asked (``coop_pay``) and this is True."""
    return can_pay(g, seat, need) if seat == asker or not hidden(need) else True


def payers(g: Data, rid: str, asker: int | None = None) -> list[int | None]:
    """Who may be named to complete a Request, as ``asker`` (default: the seat highest in tea order,
    who answers for the table, L985) knows: None when every player pays (or nobody does), else each
    seat that may make the one payment (:func:`may_pay`)."""
    asker = int(g["tea"][0]) if asker is None else asker
    needs = REQUESTS[rid]["need"]
    seats = range(model.nplayers(g))
    if not all(met(g, x) for x in needs):
        return []
    if not all(may_pay(g, asker, s, x) for x in needs if x.get("each") for s in seats):
        return []
    single = [x for x in needs if not x.get("each") and x["op"] in ("sacrifice", "discard", "honor")]
    if not single:
        return [None]
    return [s for s in seats if all(may_pay(g, asker, s, x) for x in single)]


def request_options(g: Data, asker: int | None = None, declined: Sequence[Any] = ()) -> list[Action]:
    """The Requests ``asker`` may complete for the table, with the payer when one seat pays; a
    seat that declined one this Winter (``declined``: ``[card, payer]`` pairs) is not named again."""
    out: list[Action] = []
    for rid in g["coop"]["requests"]:
        for s in payers(g, rid, asker):
            if [rid, s] in declined:
                continue
            out.append({"type": "request", "card": rid} if s is None else
                       {"type": "request", "card": rid, "payer": s})
    return out


def to_ask(g: Data, rid: str, payer: int | None, asker: int) -> list[int]:
    """The seats, other than ``asker``, whose resources completing ``rid`` would take: each answers for
    itself (``coop_pay``), in seat order, before anything is paid (L915: together)."""
    needs = [x for x in REQUESTS[rid]["need"] if hidden(x)]
    seats = range(model.nplayers(g))
    return [s for s in seats if s != asker and any(x.get("each") or s == payer for x in needs)]


def pay(ctx: Ctx, seat: int, need: Data) -> None:
    g = ctx.data
    p = g["players"][seat]
    op, n = need["op"], int(need.get("n", 1))
    if op == "sacrifice":  # removed from the game (L921)
        if need["kind"] == "clerk":
            p["clerks"] -= n
        else:
            p["supply"][need["kind"]] -= n
    elif op == "discard":
        p["res"][need["res"]] -= n
    elif op == "honor":
        p["honor"] -= n


def _completed_text(rid: str, payer: int | None) -> Text:
    """The log line of a completed Request, saying who paid (L915): every player for an "each"
    requirement, else the named payer, or nobody for a condition."""
    needs = [x for x in REQUESTS[rid]["need"] if x["op"] in ("sacrifice", "discard", "honor")]
    if any(x.get("each") for x in needs):
        return t("Emperor's Request completed: {r} ({n} of {m}); every player paid their part.",
                 "完成皇帝要求：{r}（{n}/{m}）；每位玩家各自支付。")
    if payer is not None and needs:
        return t("Emperor's Request completed: {r} ({n} of {m}); {p} paid.",
                 "完成皇帝要求：{r}（{n}/{m}）；由{p}支付。")
    return t("Emperor's Request completed: {r} ({n} of {m}).", "完成皇帝要求：{r}（{n}/{m}）。")


def complete(ctx: Ctx, rid: str, payer: int | None) -> None:
    """L915-917: every requirement is met now: the payments made, the card discarded."""
    g = ctx.data
    c = g["coop"]
    for need in REQUESTS[rid]["need"]:
        if need.get("each"):
            for s in range(model.nplayers(g)):
                pay(ctx, s, need)
        elif payer is not None and need["op"] in ("sacrifice", "discard", "honor"):
            pay(ctx, payer, need)
    c["requests"].remove(rid)
    c["request_discard"].append(rid)
    c["done"] += 1
    ctx.log(fmt(_completed_text(rid, payer), r=REQUESTS[rid]["name"], n=c["done"], m=c["goal"],
                p=seat_name(payer) if payer is not None else ""))
    for p in passive(g, "request_honor"):
        for s in range(model.nplayers(g)):
            model.add_honor(g, s, int(p["n"]))


@steps.step("coop_requests")
def _requests(ctx: Ctx, st: Data) -> None:
    """Winter step 3 (L985): the table completes what it can, the seat highest in tea order answering."""
    _ask_table(ctx.data, int(ctx.data["tea"][0]), [])


def _ask_table(g: Data, seat: int, declined: list[Any]) -> None:
    if request_options(g, seat, declined):
        steps.ask(g, "coop_request", seat, declined=declined)


def _request_legal(g: Data, seat: int, d: Data) -> list[Action]:
    return [*request_options(g, seat, d.get("declined") or []), {"type": "stop"}]


@steps.decision("coop_request", _request_legal)
def _request(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    """The seat highest in tea order names a Request (and its payer); a payment out of another seat's
    resources waits for that seat's own answer (``coop_pay``)."""
    if action["type"] == "stop":
        return
    rid, payer = str(action["card"]), action.get("payer")
    declined = list(d.get("declined") or [])
    ask = to_ask(ctx.data, rid, payer, seat)
    if ask:
        steps.ask(ctx.data, "coop_pay", ask[0], card=rid, payer=payer, asker=seat, left=ask[1:],
                  declined=declined)
        return
    complete(ctx, rid, payer)
    _ask_table(ctx.data, seat, declined)


def _pay_legal(g: Data, seat: int, d: Data) -> list[Action]:
    """A seat asked to pay its part of a Request (L915): it pays if its resources allow, or declines."""
    rid, payer = str(d["card"]), d.get("payer")
    mine = [x for x in REQUESTS[rid]["need"] if x.get("each") or payer == seat]
    ok = all(can_pay(g, seat, x) for x in mine)
    return [*([{"type": "pay", "card": rid}] if ok else []), {"type": "decline", "card": rid}]


@steps.decision("coop_pay", _pay_legal)
def _pay(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    g = ctx.data
    rid, payer, asker = str(d["card"]), d.get("payer"), int(d["asker"])
    declined = list(d.get("declined") or [])
    if action["type"] == "decline":
        ctx.log(fmt(t("{p} does not pay for {r}.", "{p}不為{r}支付。"), p=seat_name(seat),
                    r=REQUESTS[rid]["name"]))
        _ask_table(g, asker, [*declined, [rid, payer]])
        return
    left = [int(s) for s in d.get("left") or []]
    if left:
        steps.ask(g, "coop_pay", left[0], card=rid, payer=payer, asker=asker, left=left[1:],
                  declined=declined)
        return
    complete(ctx, rid, payer)
    _ask_table(g, asker, declined)


@steps.step("coop_end_check")
def _end_check(ctx: Ctx, st: Data) -> None:
    """Winter step 4 (L986, L994): the Requests done win; the last Time space or an emptied shame
    supply lose; the Wall end does not apply."""

    g = ctx.data
    c = g["coop"]
    if c["done"] >= c["goal"]:
        g["end"] = "requests"
    elif g.get("end") == "shame" or g["shame_supply"] <= 0:
        g["end"] = "shame"
    elif g["time"] >= gdata.time_last():
        g["end"] = "time"
    else:
        return
    steps.push(g, {"do": "coop_finish"})


@steps.step("coop_finish")
def _finish(ctx: Ctx, st: Data) -> None:
    scoring.finish(ctx)


@steps.step("coop_request_step")
def _request_step(ctx: Ctx, st: Data) -> None:
    """Winter step 5 (L927): 1 shame to every player per unfinished Request, then the slots refill."""
    g = ctx.data
    steps.push(g, {"do": "coop_refill"})
    left = len(g["coop"]["requests"])
    if left:
        ctx.log(fmt(t("{n} Request(s) unfinished: 1 shame each to every player.",
                      "{n}張皇帝要求未完成：每位玩家各獲得等量的恥辱標記。"), n=left))
        for s in reversed(g["tea"]):
            shame.gain(ctx, s, left, "request")


@steps.step("coop_refill")
def _refill(ctx: Ctx, st: Data) -> None:
    refill(ctx)


# --------------------------------------------------------------------------------------- events
@steps.step("coop_event")
def _event(ctx: Ctx, st: Data) -> None:
    """Winter step 6 (L939-942): 1 Event; its instant effect now, a passive one stays in play."""
    g = ctx.data
    c = g["coop"]
    eid = kdeck.draw(ctx.rng, c["event_deck"])
    if eid is None:
        return
    ctx.reveal()
    ev = EVENTS[eid]
    ctx.log(fmt(t("Event: {e}. {x}", "事件：{e}。{x}"), e=ev["name"], x=ev["text"]))
    if ev["passive"]:
        c["passive"].append(eid)
    else:
        c["events"].append(eid)
    for e in ev["instant"]:
        run_event_op(ctx, e)


def run_event_op(ctx: Ctx, e: Data) -> None:
    g = ctx.data
    seats = list(g["tea"])
    op = e["op"]
    if op == "each_gain":
        for s in seats:
            model.gain(g, s, dict(e["res"]))
    elif op == "each_lose":
        for s in seats:
            res = g["players"][s]["res"]
            for r, n in e["res"].items():
                res[r] = max(0, res[r] - int(n))
    elif op == "each_honor":
        for s in seats:
            model.add_honor(g, s, int(e["n"]))
    elif op == "warehouse":
        for r, n in e["res"].items():
            g["warehouse"][r] += int(n)
    elif op == "barricades":
        for i in model.open_sections(g):
            sec = g["sections"][i]
            sec["barricades"] = min(3, sec["barricades"] + int(e["n"]))
    elif op == "horde":
        for _ in range(int(e["n"])):
            horde.place_one(ctx)
    elif op == "each_shame":
        for s in reversed(seats):
            shame.gain(ctx, s, int(e["n"]), "event")


# ---------------------------------------------------------------------------------------- shame
def shame_cost(g: Data) -> int:
    """Honor per discarded shame token (L956), or a passive Event's price."""
    return min([SHAME_HONOR, *(int(p["n"]) for p in passive(g, "shame_honor"))])


def under_soldiers(g: Data, seat: int) -> int:
    return int(sum(g["players"][seat]["shamed"].values()))


def discard_max(g: Data, seat: int) -> int:
    return min(under_soldiers(g, seat), int(g["players"][seat]["honor"]) // shame_cost(g))


def discard_legal(g: Data, seat: int, d: Data) -> list[Action]:
    most = discard_max(g, seat)
    return [{"type": "discard_shame", "n": k} for k in range(most + 1)] if most > 0 else []


@steps.decision("coop_discard", discard_legal)
def _discard(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    discard(ctx, seat, int(action["n"]))


def discard(ctx: Ctx, seat: int, n: int) -> None:
    """L956-959: each token costs 10 Honor and goes back to the supply (A43), freeing its soldier."""
    g = ctx.data
    p = g["players"][seat]
    done = 0
    for k in KINDS:
        while done < n and p["shamed"][k] > 0:
            p["shamed"][k] -= 1
            p["supply"][k] += 1
            done += 1
    p["honor"] -= shame_cost(g) * n
    g["shame_supply"] += n
    if n:
        ctx.log(fmt(t("{p} gives {h} Honor to discard {n} shame token(s).",
                      "{p}以{h}點榮譽棄置{n}個恥辱標記。"),
                    p=seat_name(seat), h=shame_cost(g) * n, n=n))


@steps.step("coop_summer")
def _summer(ctx: Ctx, st: Data) -> None:
    """Passive Events paid in Summer (data/coop_events.json)."""
    g = ctx.data
    for p in passive(g, "summer_gain"):
        for s in g["tea"]:
            model.gain(g, s, dict(p["res"]))
        ctx.log(fmt(t("Every player gains {r}.", "每位玩家獲得{r}。"),
                    r=_res_text(p["res"])))


def _res_text(res: dict[str, int]) -> Text:
    parts = [(n, RES_NAME[r]) for r, n in res.items()]
    return {lang: "、".join(f"{n}{name[lang]}" for n, name in parts) if lang != "en"
            else ", ".join(f"{n} {name[lang]}" for n, name in parts) for lang in ("en", "zh-Hant", "zh-Hans")}


def short_of_shame(g: Data) -> None:
    """L994: a shame token had to come from an empty supply."""
    g["coop"]["lost"] = True


# --------------------------------------------------------------------------------- Wall retrieval
def _retrieve_legal(g: Data, seat: int, d: Data) -> list[Action]:
    mine = sorted({x["card"] for x in g["command_discard"] if x["seat"] == seat}, key=gdata.COMMAND_IDS.index)
    return [*({"type": "retrieve", "card": c} for c in mine), {"type": "pass"}] if mine else []


@steps.decision("coop_retrieve", _retrieve_legal)
def _retrieve(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    """L969: 1 own command card back from the discard when building a Wall."""
    if action["type"] == "pass":
        return
    g = ctx.data
    card = str(action["card"])
    g["command_discard"].remove({"seat": seat, "card": card})
    g["players"][seat]["hand"].append(card)
    g["players"][seat]["hand"].sort(key=gdata.COMMAND_IDS.index)
    ctx.log(fmt(t("{p} takes a command card back.", "{p}取回1張指揮卡。"), p=seat_name(seat)))


def on_wall(ctx: Ctx, seat: int) -> None:
    steps.ask_if(ctx.data, "coop_retrieve", seat)


# ---------------------------------------------------------------------------------------- flow
def winter_steps() -> list[Data]:
    """Co-op Winter (L979-988)."""
    return [{"do": "shooting"}, {"do": "defeat_check"}, {"do": "siege"}, {"do": "coop_requests"},
            {"do": "coop_end_check"}, {"do": "coop_request_step"}, {"do": "coop_event"},
            {"do": "season", "name": "spring"}]


def summer_steps(g: Data) -> list[Data]:
    """Co-op Summer: income, passive Events, the shame discard for Honor (L959), the command track to
    the discard; no retrieval (L965)."""
    return [{"do": "income"}, {"do": "coop_summer"},
            *({"do": "ask", "kind": "coop_discard", "seat": s, "fields": {}} for s in g["tea"]),
            {"do": "trigger_all", "name": "on_summer"}, {"do": "discard_track"},
            {"do": "season", "name": "autumn"}]


def scores(g: Data, result: Data) -> Data:
    """A shared result (L994): every seat wins or none does."""
    c = g["coop"]
    won = g.get("end") == "requests"
    out = {**result, "winners": list(range(model.nplayers(g))) if won else [], "tiebreak": None}
    word = t("Victory", "勝利") if won else t("Defeat", "落敗")
    out["outcome"] = fmt(t("{w}: {n} of {m} Emperor's Requests completed.",
                           "{w}：完成{n}/{m}張皇帝要求。"), w=word, n=c["done"], m=c["goal"])
    out["coop"] = {"done": c["done"], "goal": c["goal"]}
    return out


def label(g: Data, a: Action) -> Text | None:
    ty = a["type"]
    if ty == "request":
        name = REQUESTS[a["card"]]["name"]
        if "payer" in a:
            payer = int(a["payer"])
            if payer != int(g["tea"][0]) and any(hidden(x) for x in REQUESTS[a["card"]]["need"]):
                return fmt(t("Complete {r} (ask {p} to pay)", "完成{r}（請{p}支付）"), r=name,
                           p=seat_name(payer))
            return fmt(t("Complete {r} ({p} pays)", "完成{r}（{p}支付）"), r=name, p=seat_name(payer))
        return fmt(t("Complete {r}", "完成{r}"), r=name)
    if ty == "pay":  # a seat's own part of a Request (L915)
        return fmt(t("Pay for {r}", "為{r}支付"), r=REQUESTS[a["card"]]["name"])
    if ty == "decline":
        return fmt(t("Do not pay for {r}", "不為{r}支付"), r=REQUESTS[a["card"]]["name"])
    if ty == "next":  # L952: the table orders the seats inside a location
        return fmt(t("{p} acts next at the {l}", "{p}接著在{l}執行"), p=seat_name(int(a["seat"])),
                   l=gdata.location(g["side"], a["location"])["name"])
    if ty == "retrieve" and "card" in a:
        return fmt(t("Take back {c}", "取回「{c}」"), c=gdata.command(a["card"])["name"])
    if ty == "discard_shame":
        return fmt(t("Discard {n} shame for {h} Honor", "以{h}點榮譽棄置{n}個恥辱標記"),
                   n=int(a["n"]), h=int(a["n"]) * shame_cost(g))
    if ty in ("stop", "pass"):
        return t("Done", "完成")
    return None
