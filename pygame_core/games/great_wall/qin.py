"""Qin Jiushao (秦九韶, L735-878): the opponent of the solo game, played by the rules with no choice left.

- His set (L755-759): 8 clerks, all the soldiers of a clan, 2 spearmen and 2 horsemen as level-1
  overseers of the 4 production locations (ruling A34: level 1, the figures dealt at random), 6 solo
  command cards (data/solo.json) shuffled into his deck; 2 random Advisors as his Supporting Advisors
  (L773-775); his location track (L771): Wood, Stone, Gold, Chi and a wound marker (the Barracks) in
  random order, left = highest level (L791-797).
- Rules of thumb (L805-812): no shame, no Active Advisor, no saves and no rest areas (his soldiers on a
  card all go home when any of them dies or the card is defeated), no resources (but the Warehouse's),
  Honor as a seat gains it; he builds the Wall named by the Horde deck's indicator, paying from the
  Warehouse (L812).
- His card takes the leftmost free slot (L816); on a seat's or the Reed Clan's turn he moves 2 clerks
  to the locations of his 2 lowest markers, the next one when full, taking clerks from his highest
  location when all 8 are out (L820-824); only the 5 track locations (L824).
- At a location that activates (L826-836): per clerk, Honor = his overseer level there; at the
  Barracks a spearman per clerk, paid from the Warehouse (L810: he has no resources but may use the
  Warehouse's; void when it cannot pay); then the marker goes to the leftmost slot. On his turn his
  own locations activate first, lowest level first (L834); "choose 1 location": his lowest (L836).
- Attacks (L838-844, A37): soldiers go to the section named by the indicator (a spearman tries the
  other section next; an archer only there), onto the Horde card nearest the Wall, spots top to bottom
  then left to right; +2 Honor per spot or wound so placed; +2 per archer of his on the Wall of a
  section whose card is defeated (L545, L811).
- He runs the Reed Clan when he is active or tops the tea order on its turn, by his own rules, gaining
  nothing (L848-854). Spring: of the 2 leftmost Advisors he keeps one, the other is discarded (L858).
- The end (L862-874): +20 Honor per Artifact; an empty shame supply loses the game for the player at
  once; the player wins with more Honor than Qin. Difficulty (L878): he starts at 0, 50, or 50 and the
  100H token (150).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import cards, clerks, combat, horde, locations, model, modes, reed, steps
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.modes import name, order
from pygame_core.games.great_wall.text import Text, fmt, t
from pygame_core.kernel import deck as kdeck
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action, Ctx

Data = dict[str, Any]
DOC: Data = gdata.load("solo.json")
CARDS: dict[str, Data] = {c["id"]: c for c in DOC["cards"]}
TRACK: dict[str, str] = DOC["general"]["track"]  # marker -> location
MARKER: dict[str, str] = {loc: m for m, loc in TRACK.items()}
QIN = "qin"
NAME = name(QIN)
DIFFICULTY = tuple(DOC["difficulty"])


def runs_reed(g: Data) -> bool:
    """Qin acts for the Reed Clan when he is the active player, or tops the tea order on the Reed
    Clan's own turn (L850)."""
    if "qin" not in g:
        return False
    turn = g.get("turn")
    if not turn:
        return False
    if turn["seat"] == QIN:
        return True
    return bool(turn["seat"] == "reed" and [x for x in order(g) if x != "reed"][0] == QIN)


# ------------------------------------------------------------------------------------- setup
def setup(ctx: Ctx) -> None:
    """Setup steps 2, 5 and 10-11 of the solo game (L751-775); the Horde cards and his Advisors come
    once the decks exist (:func:`after_deal`)."""
    g = ctx.data
    g["shame_supply"] = int(DOC["shame_supply"])  # L751
    supply = dict(DOC["soldiers"])
    units = list(DOC["overseers"])
    ctx.rng.shuffle(units)
    overseers = {}
    for loc, unit in zip(("lumber_mill", "quarry", "gold_mine", "temple"), units, strict=True):
        supply[unit] -= 1
        overseers[loc] = {"level": int(DOC["overseer_level"]), "unit": unit}
    track = list(TRACK)
    ctx.rng.shuffle(track)
    deck = list(CARDS)
    ctx.rng.shuffle(deck)
    start = int(DOC["difficulty"][str(ctx.options.get("difficulty", "normal"))])
    g["qin"] = {"honor": start, "clerks": int(DOC["clerks"]), "supply": supply, "overseers": overseers,
                "track": track, "deck": deck, "discard": [], "supporting": [], "trophies": []}


def after_deal(ctx: Ctx) -> None:
    """Setup step 7 (L763): a Horde card in every slot of the 2 sections in play; step 11 (L773-775):
    2 random Advisors under Qin's card."""
    g = ctx.data
    for i in model.open_sections(g):
        rows = g["sections"][i]["rows"]
        for r in range(len(rows)):
            if rows[r] is None:
                cid = kdeck.draw(ctx.rng, g["horde_deck"], g["horde_discard"])
                if cid is not None:
                    rows[r] = {"card": cid, "soldiers": [], "wounds": []}
    for _ in range(2):
        a = kdeck.draw(ctx.rng, g["advisor_deck"], g["advisor_discard"])
        if a is not None:
            g["qin"]["supporting"].append(a)


def view(g: Data) -> Data:
    q = g["qin"]
    return {"honor": q["honor"], "clerks": q["clerks"], "supply": dict(q["supply"]),
            "overseers": {k: dict(v) for k, v in q["overseers"].items()}, "track": list(q["track"]),
            "deck": len(q["deck"]), "discard": list(q["discard"]), "supporting": len(q["supporting"]),
            "trophies": list(q["trophies"]), "total": total(g)}


def redetermine(g: Data, rng: Rng) -> None:
    """His command deck is hidden (L166): any order."""
    rng.shuffle(g["qin"]["deck"])


# ------------------------------------------------------------------------------ track and levels
def ranking(g: Data) -> list[str]:
    """His 5 locations, lowest level first (the rightmost marker, L793)."""
    return [TRACK[m] for m in reversed(g["qin"]["track"])]


def to_front(ctx: Ctx, loc: str) -> None:
    """After a location with his clerks activates its marker goes to the leftmost slot (L797, L832)."""
    track = ctx.data["qin"]["track"]
    track.remove(MARKER[loc])
    track.insert(0, MARKER[loc])


def add_honor(ctx: Ctx, n: int, why: Text) -> None:
    if n <= 0:
        return
    ctx.data["qin"]["honor"] += n
    ctx.log(fmt(t("{p} gains {n} Honor ({w}).", "{p}獲得{n}點榮譽（{w}）。"),
                p=NAME, n=n, w=why))


# ---------------------------------------------------------------------------------- his cards
def draw_card(ctx: Ctx) -> str | None:
    """Autumn (L816): the top card of his deck; an empty deck takes his shuffled discard (authored)."""
    q = ctx.data["qin"]
    card = kdeck.draw(ctx.rng, q["deck"], q["discard"])
    if card is not None:
        ctx.reveal()
        ctx.log(fmt(t("{p} plays {c}.", "{p}打出「{c}」。"), p=NAME,
                    c=CARDS[card]["name"]))
    return card


def turn_steps(ctx: Ctx, slot: int, card: str) -> list[Data]:
    """His turn: the top box is his (automatic), the middle box the player's (L801); his card then goes
    to his discard."""
    g = ctx.data
    g["turn"] = {"slot": slot, "seat": QIN}
    g["qin"]["discard"].append(card)
    ctx.log(fmt(t("{p}'s turn.", "輪到{p}。"), p=NAME))
    todo: list[Data] = [{"do": "qin_op", "effect": dict(e)} for e in CARDS[card]["top"]]
    for s in g["tea"]:
        todo += [{"do": "effect", "seat": s, "effect": dict(e), "why": "command:qin:middle"}
                 for e in CARDS[card]["middle"]]
    return todo


def middle_steps(g: Data, seat: Any) -> list[Data]:
    """On a seat's or the Reed Clan's turn Qin moves 2 clerks (L820)."""
    if "qin" not in g or seat == QIN:
        return []
    return [{"do": "qin_op", "effect": {"op": "qin_clerks", "n": 2}}]


@steps.step("qin_op")
def _op(ctx: Ctx, st: Data) -> None:
    e = st["effect"]
    op = e["op"]
    if op == "qin_clerks":
        move_clerks(ctx, int(e.get("n", 2)))
    elif op == "qin_recruit":
        recruit(ctx, str(e["kind"]))
    elif op == "qin_build":
        build(ctx)
    elif op == "qin_advanced":
        advanced(ctx)


# ------------------------------------------------------------------------------------- clerks
def _dest(g: Data, used: list[str], who: str = QIN) -> str | None:
    for loc in ranking(g):
        if loc in used or not model.has_room(g, loc):
            continue
        if who == "reed" and "reed" in g["locations"][loc]:
            continue
        return loc
    return None


def _unlocked(g: Data, loc: str) -> bool:
    return not clerks.locked(g, loc)


def move_clerks(ctx: Ctx, n: int) -> None:
    """L820-824: each clerk to the lowest location with room not yet used by this move; from his
    supply, else from his highest-level location."""
    g = ctx.data
    used: list[str] = []
    for _ in range(n):
        dst = _dest(g, used)
        if dst is None:
            return
        if g["qin"]["clerks"] > 0:
            g["qin"]["clerks"] -= 1
            src = None
        else:
            srcs = [loc for loc in reversed(ranking(g))
                    if QIN in g["locations"][loc] and loc != dst and _unlocked(g, loc)]
            if not srcs:
                return
            src = srcs[0]
            g["locations"][src].remove(QIN)
        g["locations"][dst].append(QIN)
        used.append(dst)
        where = locations.loc_name(g, dst)
        if src is None:
            ctx.log(fmt(t("{p} sends a clerk to the {l}.", "{p}派遣1個文官到{l}。"),
                        p=NAME, l=where))
        else:
            ctx.log(fmt(t("{p} moves a clerk from the {a} to the {l}.", "{p}將1個文官從{a}移到{l}。"),
                        p=NAME, a=locations.loc_name(g, src), l=where))


def move_reed(ctx: Ctx, n: int) -> None:
    """L852: Reed clerks go to Qin's lowest location; taken first from a location where Qin has no
    clerk, else from his highest-level one."""
    g = ctx.data
    used: list[str] = []
    for _ in range(n):
        dst = _dest(g, used, "reed")
        if dst is None:
            return
        have = [loc for loc in gdata.LOCATION_IDS if "reed" in g["locations"][loc] and _unlocked(g, loc)
                and loc != dst]
        free = [loc for loc in have if QIN not in g["locations"][loc]]
        high = [loc for loc in reversed(ranking(g)) if loc in have]
        if not free and not high:
            return
        src = (free or high)[0]
        reed.move(ctx, src, dst)
        used.append(dst)


# ---------------------------------------------------------------------------------- locations
def act(ctx: Ctx, loc: str) -> None:
    """L828-832: Honor per clerk = his overseer level there; at the Barracks a free spearman per clerk;
    the marker to the front."""
    g = ctx.data
    n = sum(1 for x in g["locations"][loc] if x == QIN)
    if loc == "barracks":
        for _ in range(n):
            recruit(ctx, "spear", paid=True)
    else:
        o = g["qin"]["overseers"].get(loc)
        if o:
            add_honor(ctx, n * int(o["level"]), locations.loc_name(g, loc))
    if loc in MARKER:
        to_front(ctx, loc)


@steps.step("qin_act")
def _act(ctx: Ctx, st: Data) -> None:
    act(ctx, str(st["loc"]))


def first_to_activate(g: Data, waiting: list[str]) -> str | None:
    """L834: on his turn his own locations activate first, lowest level first."""
    turn = g.get("turn")
    if "qin" not in g or not turn or turn["seat"] != QIN:
        return None
    for loc in ranking(g):
        if loc in waiting and QIN in g["locations"][loc]:
            return loc
    return None


def advanced(ctx: Ctx) -> None:
    """"Choose 1 location" (L836): his lowest-level location that holds clerks."""
    g = ctx.data
    for loc in ranking(g):
        if g["locations"][loc] and modes.may_activate(g, loc):
            steps.push(g, {"do": "activate", "loc": loc, "advanced": True})
            return


# ------------------------------------------------------------------------------------- attacks
def indicated_section(g: Data, options: list[int]) -> int:
    """The section named by the Horde deck's top back (L812, L840), else the first of ``options``."""
    col = horde.indicator(g)
    return col if col in options else options[0]


def spot_order(cid: str) -> list[int]:
    """Vital spots top to bottom, then left to right (L843)."""
    spots = horde.CARDS[cid]["spots"]
    return sorted(range(len(spots)), key=lambda j: (spots[j]["y"], spots[j]["x"]))


def _sections(g: Data) -> list[int]:
    opened = model.open_sections(g)
    first = indicated_section(g, opened)
    return [first] + [i for i in opened if i != first]


def _first_free(slot: Data | None) -> int | None:
    """The first free vital spot of a card slot in the L843 order (top-to-bottom, left-to-right)."""
    if slot is None:
        return None
    free = combat.free_spots(slot)
    return next((j for j in spot_order(slot["card"]) if j in free), None)


def _spear_target(g: Data) -> tuple[int, int] | None:
    """A spearman's spot: the row nearest the Wall (L530), the indicated section, else the other
    (L841); spots in the L843 order."""
    for i in _sections(g):
        j = _first_free(g["sections"][i]["rows"][0])
        if j is not None:
            return i, j
    return None


def _wound_target(g: Data, section: int) -> tuple[int, int] | None:
    """An archer's wound (L843): the card nearest the Wall in the section, first free spot."""
    for r, slot in enumerate(g["sections"][section]["rows"]):
        j = _first_free(slot)
        if j is not None:
            return r, j
    return None


def _warehouse_pays(g: Data, cost: dict[str, int]) -> bool:
    return all(g["warehouse"].get(r, 0) >= n for r, n in cost.items())


def recruit(ctx: Ctx, kind: str, who: str = QIN, paid: bool = False) -> None:
    """A recruit placed by his rules (L840-844); void when it cannot be placed. ``paid`` (his
    Barracks recruits, L830): he has no resources, so the cost (L404-410) comes from the Warehouse
    (L810), and the recruit is void when the Warehouse cannot pay; a void recruit costs nothing. His
    cards' recruits (data/solo.json) are the cards' own gift."""
    g = ctx.data
    if who == QIN and g["qin"]["supply"].get(kind, 0) <= 0:
        return
    if paid:
        cost = locations.RECRUIT_COST[kind]
        if not _warehouse_pays(g, cost) or _spear_target(g) is None:
            return
        for r, k in cost.items():
            g["warehouse"][r] -= k
        ctx.log(fmt(t("{p} recruits a spearman with the Warehouse's resources.",
                      "{p}以倉庫的資源招募1個矛兵。"), p=NAME))
    if kind == "archer":
        i = indicated_section(g, model.open_sections(g))
        fire = g["sections"][i]["firing"]
        if None not in fire:
            return
        fire[fire.index(None)] = QIN
        g["qin"]["supply"]["archer"] -= 1
        ctx.log(fmt(t("{p} puts an archer on the Wall of section {s}.",
                      "{p}將弓兵部署到長城區 {s} 的城牆上。"), p=NAME, s=i + 1))
        shoot(ctx, i)
        return
    target = _spear_target(g)
    if target is None:
        return
    i, j = target
    slot = g["sections"][i]["rows"][0]
    slot["soldiers"].append({"seat": who, "kind": "spear", "spots": [j]})
    if who == QIN:
        g["qin"]["supply"]["spear"] -= 1
        ctx.log(fmt(t("{p} sends a spearman onto {c}.", "{p}派出矛兵攻擊{c}。"),
                    p=NAME, c=horde.name(slot["card"])))
        add_honor(ctx, int(DOC["wound_honor"]), horde.name(slot["card"]))  # L844, A37
    else:
        g["reed"]["supply"] -= 1
        ctx.log(fmt(t("{p} sends a Reed spearman onto {c}.",
                      "{p}派出蘆葦氏族矛兵攻擊{c}。"), p=NAME, c=horde.name(slot["card"])))


def deploy_for_reed(ctx: Ctx) -> None:
    """L854: a Reed spearman placed by Qin's rules; Qin gains nothing."""
    recruit(ctx, "spear", "reed")


def shoot(ctx: Ctx, section: int) -> None:
    """One arrow of his (L537, L843-844): a wound token, +2 Honor."""
    g = ctx.data
    target = _wound_target(g, section)
    if target is None:
        return
    r, j = target
    slot = g["sections"][section]["rows"][r]
    slot["wounds"] = sorted([*slot["wounds"], j])
    add_honor(ctx, int(DOC["wound_honor"]), horde.name(slot["card"]))


@steps.step("qin_winter")
def _winter(ctx: Ctx, st: Data) -> None:
    """Winter shooting (L632-636): each of his archers on the Wall shoots once."""
    g = ctx.data
    for i in model.open_sections(g):
        for x in list(g["sections"][i]["firing"]):
            if x == QIN:
                shoot(ctx, i)


def build(ctx: Ctx) -> None:
    """L812: the next Wall level where the indicator points (another if that one is at level 3), paid
    from the Warehouse; he gains its Honor. Nothing if the Warehouse cannot pay."""
    g = ctx.data
    for i in _sections(g):
        cost = locations.wall_cost(g, i)
        if cost is None:
            continue
        if any(g["warehouse"].get(r, 0) < n for r, n in cost.items()):
            return
        for r, n in cost.items():
            g["warehouse"][r] -= n
        sec = g["sections"][i]
        sec["wall"] += 1
        archers = [x for x in sec["firing"] if x is not None]
        spots = max(locations.firing_spots(sec["wall"]), len(archers))
        sec["firing"] = archers + [None] * (spots - len(archers))
        ctx.log(fmt(t("{p} builds the Wall of section {s} to level {v}.",
                      "{p}將長城區 {s} 的城牆修築到{v}級。"), p=NAME, s=i + 1, v=sec["wall"]))
        add_honor(ctx, locations.WALL_HONOR[sec["wall"]], t("Wall", "長城"))
        return


def fought(ctx: Ctx, slot: Data, credit: bool) -> None:
    """A defeated card his soldiers were on (L543-546): +2 Honor; the card is his with the credit."""
    add_honor(ctx, combat.DEFEAT_HONOR, horde.name(slot["card"]))
    if credit:
        ctx.data["qin"]["trophies"].append(slot["card"])


def archers_at_defeat(ctx: Ctx, slot: Data) -> None:
    """A card defeated in a section where his archers stand on the Wall (L545, A12: credit or not):
    +2 Honor per archer, as a seat gains it (L811)."""
    g = ctx.data
    for sec in g["sections"]:
        if any(x is slot for x in sec["rows"]):
            n = sum(1 for x in sec["firing"] if x == QIN)
            add_honor(ctx, combat.ARCHER_HONOR * n, horde.name(slot["card"]))
            return


# ------------------------------------------------------------------------------------ Betrayal
def copyable(g: Data) -> str | None:
    """The name (id) of Qin's card on the command track this Autumn."""
    return next((str(x["card"]) for x in g["command_track"] if x is not None and x["seat"] == QIN), None)


def betrayal_steps(g: Data, seat: int, card: str) -> list[Data]:
    if card != "betrayal" or copyable(g) in (None, "betrayal"):
        return []
    return [steps.later("qin_betrayal", seat)]


def _betrayal_legal(g: Data, seat: int, d: Data) -> list[Action]:
    name = copyable(g)
    return [{"type": "copy", "card": name}, {"type": "pass"}] if name else []


@steps.decision("qin_betrayal", _betrayal_legal)
def _betrayal(ctx: Ctx, seat: int, d: Data, action: Action) -> None:
    """L864-868: only the name is copied: this turn's boxes are the player's own card of that name."""
    if action["type"] == "pass":
        return
    g = ctx.data
    card = str(action["card"])
    for st in g["todo"]:
        if st.get("do") == "box" and st.get("card") == "betrayal":
            st["card"] = card
    ctx.log(fmt(t("Betrayal copies {c}: the player's own {c} resolves.",
                  "背叛複製「{c}」：執行玩家自己的「{c}」。"), c=gdata.command(card)["name"]))


# ------------------------------------------------------------------------------------- Spring
def spring_refresh(ctx: Ctx) -> None:
    """L858: of the 2 leftmost Advisors he keeps the first as a Supporting Advisor (authored pick),
    the other is discarded; the track slides and refills."""
    g = ctx.data
    track = g["advisor_track"]
    take = track[:2]
    del track[:2]
    if take:
        g["qin"]["supporting"].append(take[0])
        ctx.log(fmt(t("{p} takes {c} as a Supporting Advisor.",
                      "{p}將{c}收為副軍師。"), p=NAME, c=cards.name(take[0])))
    g["advisor_discard"] += take[1:]
    cards._refill_track(ctx)


# ------------------------------------------------------------------------------------- scoring
def total(g: Data) -> int:
    return sum(breakdown(g).values())


def breakdown(g: Data) -> dict[str, int]:
    """L862: his Honor, the rewards of his Horde cards, and 20 per Artifact."""
    q = g["qin"]
    return {"honor": int(q["honor"]), "horde": sum(int(horde.CARDS[c]["reward"]) for c in q["trophies"]),
            "artifacts": int(DOC["artifact_honor"]) * len(g["artifacts"])}
