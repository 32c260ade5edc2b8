"""Hidden information for the kernel's leak tests and search bots.

Hidden: the order of every deck (battle, gold, each medal of paintings, the city stacks below their
face-up tops), other seats' battle and gold hands, their missions until shown (and the ones they put
back, and those never dealt), the face-down exploration tiles (a seat that peeked at one knows it,
L116) and the tiles left in the box. ``redetermine`` re-deals exactly these; ``secret_tokens`` names
a seat's hidden items (ids and names, when a name belongs to that item alone).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import model
from pygame_core.games.brazil_imperial.text import LANGS
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel import deck as kdeck
from pygame_core.kernel.rng import Rng

Data = dict[str, Any]


def redetermine(g: Data, seat: int | None, rng: Rng) -> None:
    if g["over"]:  # the end reveals every mission and the gold cards kept (L519-523, FAQ)
        return
    others = [s for s in range(len(g["players"])) if s != seat]
    d = g["decks"]
    slots: list[tuple[Any, Any]]
    # the battle cards this Deploy drew cannot pay for it (FAQ): they stay the cards of those places
    # of the hand, so that what the seat may pay with looks the same in every re-dealt world
    turn = g.get("turn") or {}
    fresh_at: list[int] = []
    gone: list[str] = []
    if turn.get("fresh") and turn.get("seat") in others:
        hand = model.player(g, int(turn["seat"]))["battle"]
        fresh_at = [i for i, c in enumerate(hand) if c in turn["fresh"]]
        gone = [c for c in turn["fresh"] if c not in hand]  # discarded: face up
    for kind in ("battle", "gold"):
        slots = [(d[kind], i) for i in range(len(d[kind]))]
        for s in others:
            hand = model.player(g, s)[kind]
            slots += [(hand, i) for i in range(len(hand))]
        kdeck.redeal(rng, slots)
    if fresh_at:
        hand = model.player(g, int(turn["seat"]))["battle"]
        turn["fresh"] = [hand[i] for i in fresh_at] + gone
    for era in ("1", "2", "3"):
        pool = g["mission_pool"][era]
        slots = [(pool, i) for i in range(len(pool))]
        for s in others:
            p = model.player(g, s)
            if era in p["missions"] and int(era) not in p["shown"]:
                slots.append((p["missions"], era))
            slots += [(p["rejected"].get(era, []), i) for i in range(len(p["rejected"].get(era, [])))]
            slots += [(p["offer"].get(era, []), i) for i in range(len(p["offer"].get(era, [])))]
        kdeck.redeal(rng, slots)
    for dec in kdec.stack(g):  # sealed answers follow the re-dealt offers and hands
        if dec["kind"] == "commit":
            for s in others:
                if str(s) in dec["answers"]:
                    k = len(dec["answers"][str(s)]["cards"])
                    hand = model.player(g, s)["battle"]
                    dec["answers"][str(s)] = {"type": "commit", "cards": sorted(hand[:k])}
        if dec["kind"] == "keep_mission":
            for s in others:
                if str(s) in dec["answers"]:
                    dec["answers"][str(s)] = {
                        "type": "keep_mission",
                        "id": model.player(g, s)["offer"][str(dec["era"])][0],
                    }
    known = set(g["peeked"].get(str(seat), [])) if seat is not None else set()
    hexes = [h for h in model.geo(g).order if model.explore(g, h) is not None and h not in known]
    kdeck.redeal(  # each of these hexes is in g["hexes"] (it holds its face-down tile) and keeps one
        rng, [(g["hexes"][h], "explore") for h in hexes] + [(g["box"], i) for i in range(len(g["box"]))]
    )
    for deck in d["paintings"].values():
        rng.shuffle(deck)
    kdeck.redeal(rng, [(stack, i) for stack in d["cities"] for i in range(len(stack) - 1)])


@cache
def _universe() -> tuple[str, ...]:
    """Every id and name the data holds, in every language."""
    out: list[str] = []
    for table in (
        bd.BATTLE,
        bd.GOLD,
        bd.MISSIONS,
        bd.EXPLORATION,
        bd.PAINTINGS,
        bd.CITIES,
        bd.BUILDINGS,
        bd.MONARCHS,
        bd.CAPITALS,
        bd.PALACES,
    ):
        for k, e in table.items():
            out.append(k)
            if e.get("name"):
                out += [bd.name(e)[lang] for lang in LANGS]
    return tuple(out)


def _pattern(token: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9_]){re.escape(token)}(?![A-Za-z0-9_])")


@cache
def tokens_of(kind: str, card: str) -> tuple[str, ...]:
    """The id and names of one item that name it alone: a token found in any other id or name of
    the data (two battle cards of one name, a name inside another) cannot tell a leak apart."""
    table = {"battle": bd.BATTLE, "gold": bd.GOLD, "mission": bd.MISSIONS, "tile": bd.EXPLORATION}[kind]
    e = table[card]
    cands = [card] + ([bd.name(e)[lang] for lang in LANGS] if e.get("name") else [])
    out = []
    for x in dict.fromkeys(cands):
        pat = _pattern(x)
        if len(x) > 2 and sum(1 for s in _universe() if pat.search(s)) == sum(
            1 for y in cands if pat.search(y)
        ):
            out.append(x)
    return tuple(out)


def secret_tokens(g: Data, seat: int) -> list[str]:
    if g["over"]:
        return []
    p = model.player(g, seat)
    out: list[str] = []
    for kind in ("battle", "gold"):
        for c in p[kind]:
            out += tokens_of(kind, c)
    for era, m in p["missions"].items():
        if int(era) not in p["shown"]:
            out += tokens_of("mission", m)
    for era in ("1", "2", "3"):
        for m in [*p["rejected"].get(era, []), *p["offer"].get(era, [])]:
            out += tokens_of("mission", m)
    for h in g["peeked"].get(str(seat), []):
        tile = model.explore(g, h)
        shared = any(h in hexes for s, hexes in g["peeked"].items() if s != str(seat))
        if tile is not None and not shared:  # a tile two seats looked at is a secret of neither alone
            out += tokens_of("tile", tile)
    return out
