"""Teaching scenarios: the rulebook's worked examples as positions to step through.

A scenario (``data/scenarios.json``) is a named starting position plus a script of actions; every step
(the start, then each scripted action) has a caption in en, zh-Hant and zh-Hans and the seed lines it
teaches (provenance in the data and the tests; the caption a player reads shows no line numbers). The
game option ``scenario`` builds the position (:func:`build`, called from ``_setup``); the kernel's view
carries the caption of the current step while the actions played follow the script (kernel/scenarios.py,
docs/embedding.md "Teaching scenarios").

A position is written in this game's own state vocabulary (model.py): the season, the Time token (by the
casualty value it shows), the tea order, each named seat's resources, Honor, overseers and command hand,
the clerks on the locations, the Warehouse, the sections (Wall level, barricades, archers on the Wall,
rest areas, Horde cards with their soldiers and wounds), the command track and the flow steps still to
run (steps.py), e.g. the activation step of the turn. Every figure placed comes out of its seat's
supply, and every Horde card out of the deck, so the position keeps every piece.

The examples play without Advisors, so that no ability adds to the numbers an example teaches: each
seat has a General, whose ability counts its Supporting Advisors (L181, L191) and so does nothing here.

A scenario builds for any player count: seats and closed sections it names beyond what the count has are
left out (its script is written for its own player count and mode).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall import flow, locations, model, modes, steps
from pygame_core.kernel import Ctx
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.scenarios import ScenarioBook

Data = dict[str, Any]

BOOK = ScenarioBook(Path(__file__).parent / "data" / "scenarios.json")
SCENARIOS: dict[str, dict[str, Any]] = BOOK.scenarios
NAMES: list[str] = BOOK.names
script = BOOK.script
save_doc = BOOK.save_doc
TRACK = 4  # Advisors on the track (L160)


def _time_index(g: Data, casualties: int) -> int:
    """The first space of the time track, from the player count's start, whose casualty value is
    ``casualties`` (2.1; L264)."""
    spaces = gdata.TIME["spaces"]
    for i in range(g["time"], len(spaces)):
        if int(spaces[i]["casualties"]) == casualties:
            return i
    raise ValueError(f"no time space with {casualties} casualties")


def _take(g: Data, seat: int, kind: str) -> None:
    """A figure leaves the seat's supply for the board."""
    supply = g["players"][seat]["supply"]
    if supply[kind] <= 0:
        raise ValueError(f"seat {seat} has no {kind} left to place")
    supply[kind] -= 1


def _no_draft(ctx: Ctx) -> None:
    """The draft skipped: each seat keeps the first General it was dealt and no Advisor (the dealt ones
    go to the bottom of their deck). A General's ability counts the Supporting Advisors or their icons
    (L181, L191), so with none it adds nothing; no Active Advisor acts either (L189). The draft decision
    is dropped and the Advisor track laid out as at setup step 13 (L160)."""
    g = ctx.data
    for d in list(kdec.stack(g)):
        kdec.pop(g, d)
    for p in g["players"]:
        dealt = p.pop("draft", None) or {}
        g["advisor_deck"][0:0] = dealt.get("advisors", [])
        general = (dealt.get("generals") or [p.get("general")])[0]
        p.update({"general": general, "active": [], "supporting": [], "tactics": []})
    while len(g["advisor_track"]) < TRACK and g["advisor_deck"]:
        g["advisor_track"].append(g["advisor_deck"].pop())


def _seats(g: Data, pos: Data) -> None:
    n = model.nplayers(g)
    tea = [s for s in pos.get("tea", range(n)) if s < n]
    g["tea"] = tea + [s for s in range(n) if s not in tea]
    if modes.ais(g):
        modes.after_tea(g)  # the Reed Clan and Qin below the seats (L703, L781)
    for key, spec in pos.get("seats", {}).items():
        seat = int(key)
        if seat >= n:
            continue
        p = g["players"][seat]
        p["res"].update({r: int(v) for r, v in spec.get("res", {}).items()})
        p["honor"] = int(spec.get("honor", 0))
        for loc, o in spec.get("overseers", {}).items():
            _take(g, seat, o["unit"])
            p["overseers"][loc] = {"level": int(o["level"]), "unit": o["unit"]}
    for loc in g["locations"]:  # the seats' clerks go back (the Reed Clan's stay, L712)
        for s in g["locations"][loc]:
            if not modes.is_ai(s):
                g["players"][s]["clerks"] += 1
        g["locations"][loc] = [s for s in g["locations"][loc] if modes.is_ai(s)]
    for loc, seats in pos.get("locations", {}).items():
        for s in seats:
            if s < n:
                g["players"][s]["clerks"] -= 1
                g["locations"][loc].append(s)


def _sections(g: Data, pos: Data) -> None:
    n = model.nplayers(g)
    used: list[str] = []
    back: list[str] = []
    if "sections" not in pos:  # the setup's Horde array stays
        g["horde_deck"] = [c for c in g["horde_deck"] if c not in pos.get("horde_top", [])]
        g["horde_deck"] += list(reversed(pos.get("horde_top", [])))
        return
    for sec in g["sections"]:
        back += [slot["card"] for slot in sec["rows"] if slot is not None]
        sec["rows"] = [None] * model.ROWS
    for key, spec in pos.get("sections", {}).items():
        sec = g["sections"][int(key)]
        if not sec["open"]:
            continue
        sec["wall"] = int(spec.get("wall", 0))
        sec["barricades"] = int(spec.get("barricades", sec["barricades"]))
        archers = [s if s is not None and s < n else None for s in spec.get("firing", [])]
        for s in archers:
            if s is not None:
                _take(g, s, "archer")
        spots = max(locations.firing_spots(sec["wall"]), len(archers))
        sec["firing"] = archers + [None] * (spots - len(archers))
        sec["rest"] = []
        for x in spec.get("rest", []):
            if x["seat"] < n:
                _take(g, x["seat"], x["kind"])
                sec["rest"].append({"seat": x["seat"], "kind": x["kind"]})
        for r, row in enumerate(spec.get("rows", [])):
            soldiers = []
            for x in row.get("soldiers", []):
                if x["seat"] < n:
                    _take(g, x["seat"], x["kind"])
                    soldiers.append({"seat": x["seat"], "kind": x["kind"], "spots": list(x["spots"])})
            wounds = list(row.get("wounds", []))
            sec["rows"][r] = {"card": row["card"], "soldiers": soldiers, "wounds": wounds}
            used.append(row["card"])
    # the Horde deck: the cards the setup laid out go back under it; the position's are taken out; the
    # named cards go on top, the first named on top (the deck's top is its last card)
    top = list(pos.get("horde_top", []))
    taken = set(used) | set(top)
    deck = [c for c in back + g["horde_deck"] if c not in taken]
    g["horde_discard"] = [c for c in g["horde_discard"] if c not in taken]
    g["horde_deck"] = deck + list(reversed(top))


def _track(g: Data, pos: Data) -> None:
    n = model.nplayers(g)
    for p in g["players"]:
        p["hand"] = list(gdata.COMMAND_IDS)
    g["command_track"] = [None] * len(g["command_track"])
    for i, x in enumerate(pos.get("command_track", [])):
        if x is not None and x["seat"] < n:
            g["command_track"][i] = {"seat": x["seat"], "card": x["card"]}
            g["players"][x["seat"]]["hand"].remove(x["card"])
    turn = pos.get("turn")
    x = g["command_track"][turn] if turn is not None else None
    g["turn"] = {"slot": turn, "seat": x["seat"]} if x else None


def _flow(g: Data, pos: Data) -> list[Data]:
    """The flow steps still to run, without those of seats the player count leaves out."""
    n = model.nplayers(g)
    return [dict(st) for st in pos.get("flow", []) if int(st.get("seat", 0)) < n]


def build(ctx: Ctx, name: str) -> None:
    """Turn the freshly set-up game in ``ctx.data`` into the scenario's position (the draft skipped),
    then run the flow to the example's first decision."""
    g = ctx.data
    sc = SCENARIOS[name]
    pos = sc["position"]
    g["scenario"] = name
    _no_draft(ctx)
    g["year"] = int(pos.get("year", 2))
    g["season"] = pos.get("season", "autumn")
    if "casualties" in pos:
        g["time"] = _time_index(g, int(pos["casualties"]))
    if "shame_supply" in pos:
        g["shame_supply"] = int(pos["shame_supply"])
    g["warehouse"].update({r: int(v) for r, v in pos.get("warehouse", {}).items()})
    _seats(g, pos)
    _sections(g, pos)
    _track(g, pos)
    g["todo"] = []
    steps.push(g, *_flow(g, pos))
    del ctx.events[:]  # the set-up's log (the draft) no longer holds
    title = sc["title"]
    ctx.log({
        "en": f"Worked example: {title['en']}",
        "zh-Hant": f"規則書範例：{title['zh-Hant']}",
        "zh-Hans": f"规则书范例：{title['zh-Hans']}",
    })
    flow.advance(ctx)
