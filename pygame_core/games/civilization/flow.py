"""Setup (L328-493) and the turn: five phases (L497-523), turn order and the first player."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import city, effects, geo, model, research, victory
from pygame_core.games.civilization.data import (
    CIVS,
    CULTURE_CARDS,
    EVENTS,
    GREAT_PERSONS,
    HOME_TILE,
    HUTS,
    LAYOUTS,
    MARKER_SUPPLY,
    NEUTRAL_TILES,
    UNIT_CARDS,
    VILLAGES,
    WONDERS,
)
from pygame_core.games.civilization.text import PHASE, t
from pygame_core.kernel import Ctx
from pygame_core.kernel.text import fmt, seat_name

Data = dict[str, Any]
MAIN_RESOURCES = ("wheat", "silk", "incense", "iron")
PHASES = ("start", "trade", "city", "move", "research")
LEARNING_OUT = ("egypt", "rome")  # L322


def learning(data: Data) -> bool:
    return bool(data["learning"])


# ------------------------------------------------------------------ setup
def setup(ctx: Ctx) -> None:
    """L334: each player draws a civilization sheet at random (option ``civs: random``), or, if all
    agree, chooses one (``civs: choose``): then each seat picks in turn order from the first player
    (the ``civ`` setup action) before anything else is set up. The learning game has no Egypt or Rome.
    A teaching scenario names its own civilizations, so ``civs`` does not apply to it."""
    n, rng = ctx.players, ctx.rng
    is_learning = ctx.options["game"] == "learning"
    civs = [c for c in CIVS if not (is_learning and c in LEARNING_OUT)]
    if ctx.options.get("civs", "random") == "choose" and ctx.options.get("scenario", "none") == "none":
        first = rng.below(n)  # L405
        ctx.data.update(
            {
                **_turn_zero(is_learning, first, n),
                "picks": [None] * n,
                "civ_pool": civs,
                "p": [{"civ": None, "setup": ["civ"], "forces": [], "hand": [], "hv": []} for _ in range(n)],
                "over": False,
                "winners": [],
                "victory": None,
                "battle": None,
                "mv": None,
            }
        )
        ctx.log(fmt(t("{p} is the first player.", "{p}是起始玩家。"), p=seat_name(first)))
        return
    rng.shuffle(civs)  # L334: drawn at random
    _build(ctx, civs)


def _turn_zero(is_learning: bool, first: int, n: int) -> Data:
    """The turn state before turn 1: setup, seats in turn order from the first player (L405)."""
    order = [(first + k) % n for k in range(n)]
    return {"learning": is_learning, "turn": 0, "phase": "setup", "first": first, "order": order, "i": 0}


def picking(data: Data) -> bool:
    """Civilizations are still being chosen (``civs: choose``): nothing else is on the table yet."""
    return "picks" in data


def civ_choices(data: Data) -> list[str]:
    return [c for c in data["civ_pool"] if c not in data["picks"]]


def pick_civ(ctx: Ctx, seat: int, civ: str) -> None:
    """One seat's choice; after the last one the game is set up with the chosen civilizations."""
    d = ctx.data
    d["picks"][seat] = civ
    ctx.log(fmt(t("{p} chooses {c}.", "{p}選擇{c}。"), p=seat_name(seat), c=CIVS[civ]["name"]))
    d["i"] += 1
    if d["i"] >= len(d["order"]):
        civs = d.pop("picks")
        del d["civ_pool"]
        _build(ctx, civs, d["first"])


def _build(ctx: Ctx, civs: list[str], first: int | None = None) -> None:
    """The table for seats playing ``civs`` (seat order): map, decks, market, players (L339-493)."""
    n, rng = ctx.players, ctx.rng
    is_learning = ctx.options["game"] == "learning"
    lay = LAYOUTS[n]
    neutral = list(NEUTRAL_TILES)
    rng.shuffle(neutral)  # L393
    tiles = []
    for cell in lay["cells"]:
        if cell["tile"] == "home":
            tiles.append(
                {
                    "x": cell["x"],
                    "y": cell["y"],
                    "tile": HOME_TILE[civs[cell["seat"]]],
                    "up": True,
                    "arrow": cell.get("arrow", "n"),
                    "seat": cell["seat"],
                }
            )
        else:
            tiles.append(
                {
                    "x": cell["x"],
                    "y": cell["y"],
                    "tile": neutral.pop(),
                    "up": False,
                    "arrow": cell.get("arrow", "n"),
                    "seat": None,
                }
            )
    decks: dict[str, list[str]] = {}
    for utype in ("artillery", "infantry", "mounted", "aircraft"):
        deck = [c for c, r in UNIT_CARDS.items() if r["type"] == utype]
        rng.shuffle(deck)  # L357
        decks[utype] = deck
    culture: dict[str, list[str]] = {}
    for era in ("ancient", "medieval", "modern"):
        deck = [c for c, e in CULTURE_CARDS.items() if EVENTS[e]["era"] == era]
        rng.shuffle(deck)  # L381
        culture[era] = deck
    gps = [g for g, rec in GREAT_PERSONS.items() for _ in range(rec["count"])]
    huts, villages = list(HUTS), list(VILLAGES)
    for pool in (gps, huts, villages):
        rng.shuffle(pool)  # L397
    chosen = first is not None
    if first is None:
        first = rng.below(n)  # L405
    data: Data = {
        **_turn_zero(is_learning, first, n),
        "w": lay["width"] * 4,
        "h": lay["height"] * 4,
        "tiles": tiles,
        "decks": decks,
        "up": {u: 0 for u in decks},  # face-up killed cards at the bottom
        "culture": culture,
        "culture_up": {e: 0 for e in culture},
        "gps": gps,
        "huts": huts,
        "villages": villages,
        "marks": {},
        "market": {r: n for r in MAIN_RESOURCES},  # L389
        "supply": dict(MARKER_SUPPLY),  # L65-73
        "wonder_market": [],
        "wonder_deck": [],
        "obsolete": [],
        "figs": {},
        "nf": 0,
        "cities": [],
        "items": {},
        "p": [],
        "over": False,
        "winners": [],
        "victory": None,
        "mv": None,
        "moved": [],
        "acted": [],
        "battle": None,
        "used": [],
        "bonus_prod": {},
        "turn_limit": int(ctx.options.get("turn_limit", 0)),
    }
    ctx.data.update(data)
    geo.grid_key(ctx.data)
    for seat in range(n):
        ctx.data["p"].append(new_player(ctx, seat, civs[seat]))
    if not is_learning:
        _setup_wonders(ctx)
    for i, cell in enumerate(tiles):
        if cell["up"]:
            place_markers(ctx, i)
    _next_setup_step(ctx)
    if not chosen:
        ctx.log(fmt(t("{p} is the first player.", "{p}是起始玩家。"), p=seat_name(first)))


def new_player(ctx: Ctx, seat: int, civ: str) -> Data:
    rec = CIVS[civ]
    d = ctx.data
    forces = [d["decks"][u].pop(0) for u in ("artillery", "infantry", "mounted")]  # L357
    extra_armies = 0
    steps = ["capital", "army", "scout"]
    gp_hold: list[str] = []
    for e in rec.get("setup", []):
        what, amount = e.get("what"), int(e.get("amount", 1))
        if what == "infantry_unit":  # Germany L441
            for _ in range(amount):
                if d["decks"]["infantry"]:
                    forces.append(d["decks"]["infantry"].pop(0))
        elif what == "army":  # Russia L449
            extra_armies += amount
            steps += ["army"] * amount
        elif what == "great_person":  # America L429
            for _ in range(amount):
                if d["gps"]:
                    gp_hold.append(d["gps"].pop())
        elif what == "ancient_wonder":  # Egypt L375, L437
            steps.append("wonder")
        elif what == "walls":  # China L433
            pass
    if gp_hold:
        steps.append("gp")
    ranks = {"artillery": 1, "infantry": 1, "mounted": 1, "aircraft": 0}  # L363, L970
    tech = rec["starting_tech"]
    techs = [tech] if isinstance(tech, str) else list(tech)
    gov = rec["starting_government"]
    if ctx.data["learning"] and gov not in ("despotism", "communism"):
        gov = "despotism"
    return {
        "civ": civ,
        "gov": gov,
        "govs_new": [],
        "anarchy": False,
        "techs": {tid: 1 for tid in techs},  # L457-459, L962
        "trade": 0,
        "coin_tokens": {},
        "culture": 0,
        "track": 0,
        "hand": [],
        "forces": forces,
        "res": {},
        "hv": [],
        "gp": gp_hold,
        "ranks": ranks,
        "armies": 6 + extra_armies,
        "scouts": 2,
        "wonders": [],
        "setup": steps,
        "walls_start": any(e.get("what") == "walls" for e in rec.get("setup", [])),
        "wonder_hold": [],
        "coins": 0,
        "xres": [],
        "used": [],
    }


def _setup_wonders(ctx: Ctx) -> None:
    """L373-379: 4 ancient wonders face up; the deck is medieval on top of modern."""
    d, rng = ctx.data, ctx.rng
    by_era: dict[str, list[str]] = {"ancient": [], "medieval": [], "modern": []}
    for wid, w in WONDERS.items():
        by_era[w["era"]].append(wid)
    for era in by_era.values():
        rng.shuffle(era)
    d["wonder_market"] = by_era["ancient"]
    d["wonder_deck"] = by_era["medieval"] + by_era["modern"]
    for seat, p in enumerate(d["p"]):
        if "wonder" in p["setup"] and d["wonder_market"]:
            k = rng.below(len(d["wonder_market"]))
            p["wonder_hold"].append(d["wonder_market"].pop(k))  # Egypt L375
            if d["wonder_deck"]:
                d["wonder_market"].append(d["wonder_deck"].pop(0))
            ctx.log(
                fmt(
                    t("{p} (Egypt) takes a random ancient wonder.", "{p}（埃及）隨機拿取一個古代奇觀。"),
                    p=seat_name(seat),
                )
            )


def place_markers(ctx: Ctx, cell: int) -> None:
    """Face-down hut and village markers on a tile's icons (L874-892)."""
    d = ctx.data
    sqs = geo.rotated(d["tiles"][cell]["tile"], d["tiles"][cell]["arrow"])
    for k, sq in zip(geo.cell_squares(d, cell), sqs, strict=True):
        if sq.get("hut") and d["huts"]:
            d["marks"][str(k)] = {"k": "hut", "id": d["huts"].pop()}
        elif sq.get("village") and d["villages"]:
            d["marks"][str(k)] = {"k": "village", "id": d["villages"].pop()}


def home_cell(data: Data, seat: int) -> int:
    for i, c in enumerate(data["tiles"]):
        if c.get("seat") == seat:
            return i
    raise ValueError("no home tile")


def _next_setup_step(ctx: Ctx) -> None:
    """Advance to the next seat with setup steps, or start turn 1."""
    d = ctx.data
    while d["i"] < len(d["order"]) and not d["p"][d["order"][d["i"]]]["setup"]:
        seat = d["order"][d["i"]]
        finish_player_setup(ctx, seat)
        d["i"] += 1
    if d["i"] >= len(d["order"]):
        start_turn(ctx)


def finish_player_setup(ctx: Ctx, seat: int) -> None:
    """Trade dial = the capital's outskirts trade (L481); economy dial = coins (L487)."""
    d = ctx.data
    p = d["p"][seat]
    caps = [i for i, c in enumerate(d["cities"]) if c["o"] == seat]
    if caps:
        p["trade"] = min(27, model.city_yield(d, caps[0])["trade"])
    p["coins"] = model.coins(d, seat)


def setup_done_step(ctx: Ctx, seat: int) -> None:
    d = ctx.data
    d["p"][seat]["setup"].pop(0)
    if not d["p"][seat]["setup"]:
        _next_setup_step(ctx)


# ------------------------------------------------------------------ turns
def to_move(data: Data) -> list[int]:
    if data["over"]:
        return []
    ph = data["phase"]
    if ph in ("setup", "start", "trade", "city", "move"):
        return [data["order"][data["i"]]]
    return []


def start_turn(ctx: Ctx) -> None:
    """L507: the first-player marker passes left, except on turn 1."""
    d = ctx.data
    n = len(d["p"])
    d["turn"] += 1
    if d["turn"] > 1:
        d["first"] = (d["first"] + 1) % n
    d["order"] = [(d["first"] + k) % n for k in range(n)]
    if d["turn_limit"] and d["turn"] > d["turn_limit"]:
        victory.turn_limit(ctx)
        return
    d["used"] = []
    d["frozen"] = []  # Communism's pinned squares (S3), for this turn
    d["pinned"] = []  # figures Steam Power shipped (S3), for this turn
    d["extra"] = {}
    d["split"] = {}
    for f in d["figs"].values():
        f.pop("g", None)  # gathering is declared each turn
    for p in d["p"]:
        p["used"] = []
    ctx.log(
        fmt(
            t("Turn {n} begins; {p} is the first player.", "第{n}回合開始；{p}是起始玩家。"),
            n=d["turn"],
            p=seat_name(d["first"]),
        )
    )
    enter(ctx, "start")


def enter(ctx: Ctx, phase: str) -> None:
    d = ctx.data
    d["phase"] = phase
    d["i"] = 0
    if phase == "start":
        effects.start_of_turn(ctx, d["order"][0])  # the first player's Start of Turn begins (L507)
    elif phase == "trade":
        city.collect_trade(ctx)
    elif phase == "city":
        d["acted"] = []
        d["bonus_prod"] = {}
    elif phase == "move":
        d["mv"] = None
        d["moved"] = []
    elif phase == "research":
        research.begin(ctx)


def next_player(ctx: Ctx) -> None:
    """The current player has finished a sequential phase: the next one clockwise, or the next phase."""
    d = ctx.data
    d["i"] += 1
    if d["phase"] == "city":
        d["acted"] = []
    if d["phase"] == "move":
        d["mv"] = None
    if d["i"] >= len(d["order"]):
        nxt = PHASES[PHASES.index(d["phase"]) + 1]
        enter(ctx, nxt)
    else:
        if d["phase"] == "start":
            effects.start_of_turn(ctx, d["order"][d["i"]])
        ctx.log(fmt(t("{ph}: {p}.", "{ph}：{p}。"), ph=PHASE[d["phase"]], p=seat_name(d["order"][d["i"]])))


def current(data: Data) -> int:
    return int(data["order"][data["i"]])
