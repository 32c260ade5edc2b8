"""The Horde: its cards, the Horde deck, the setup array and the Spring invasion with raids.

Rules (seed lines): card anatomy L220-225; setup L142-144 (3 cards in the row nearest the Wall, a 4th
in 4-player games by the invasion indicator); invasion L514-518 and Spring L586-587; raid L518-522.
Rulings (digest section 8): A6, the indicator is read on the back of the NEW top card of the Horde deck,
after the card to place was drawn; A7, an indicator placement takes the empty slot nearest the Wall,
and a card's on-placement ability resolves on every invasion placement (not at setup).

Row 0 of a section is the row nearest the Wall (the digest's "row 1"). Cards in a column are always
packed toward the Wall (defeats compact the column, L547), so the nearest empty slot is the first.

Also the data both war modules read: ``CARDS`` (``data/horde.json``) and ``WALLS``
(``data/walls.json``), and small shared helpers (tea order, Honor that never drops below 0, A17).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygame_core.games.great_wall import model
from pygame_core.games.great_wall.text import Text, fmt, t
from pygame_core.kernel import deck as kdeck

Rec = dict[str, Any]
_DATA = Path(__file__).resolve().parent / "data"


def _load(name: str) -> Any:
    with open(_DATA / name, encoding="utf-8") as fh:
        return json.load(fh)


#: Horde card id -> its record (``data/horde.json``): id, name, attack, reward, indicator, shame_slots,
#: spots [{x, y, reward}], ability (null or {timing, op, ..., text}), source.
class _Cards(dict[str, Rec]):
    """The base deck's cards; another deck's (the co-op Horde, modes' coop.py puts them in ``EXTRA``) are
    found by id but not listed."""

    def __missing__(self, key: str) -> Rec:
        return EXTRA[key]


EXTRA: dict[str, Rec] = {}
CARDS: dict[str, Rec] = _Cards({c["id"]: c for c in _load("horde.json")["cards"]})
#: Wall levels 0-3 (``data/walls.json``): {level, defense, firing_spots, next_cost, source}.
WALLS: list[Rec] = _load("walls.json")["levels"]
#: Modes whose Horde deck leaves out the cards pointing at the leftmost column (L695, L761).
_NO_LEFT = ("two_player", "solo")
ROWS = 3


def card(cid: str) -> Rec:
    """The data record of Horde card ``cid``."""
    return CARDS[cid]


def name(cid: str) -> Text:
    """A Horde card's name in three languages."""
    return CARDS[cid]["name"]


def wall(level: int) -> Rec:
    """The data record of Wall level ``level`` (0-3)."""
    return WALLS[level]


# ---------------------------------------------------------------- shared helpers (war modules)

def tea(g: Rec) -> list[int]:
    """The tea order, top first (L278)."""
    return list(g["tea"])


def tea_rank(g: Rec, seat: int) -> int:
    """0 for the seat on top of the tea order."""
    return g["tea"].index(seat)


def add_honor(g: Rec, seat: int, n: int) -> int:
    """Change a seat's Honor by ``n``; Honor never goes below 0 (L675, ruling A17). Returns the change."""
    return model.add_honor(g, seat, n)


def section_name(i: int) -> Text:
    return fmt(t("section {n}", "長城區 {n}"), n=i + 1)


def open_sections(g: Rec) -> list[int]:
    """The sections in play, left to right (the 2-player/solo game blocks the leftmost, L691)."""
    return model.open_sections(g)


def column(g: Rec, section: int) -> list[Rec]:
    """The cards of a section's column, nearest the Wall first."""
    return [slot for slot in g["sections"][section]["rows"] if slot is not None]


def trophy_honor(g: Rec, seat: int) -> int:
    """End scoring step 2 (L677, L224): the rewards of the seat's defeated cards that carry no shame."""
    return sum(CARDS[tr["card"]]["reward"] for tr in g["players"][seat]["trophies"] if tr["shame"] == 0)


# ---------------------------------------------------------------- deck and array

def build_deck(ctx: Any, mode: str = "competitive", players: int = 4) -> None:
    """Shuffle the Horde deck (L142). The 2-player and solo modes leave out every card whose invasion
    indicator points at the leftmost column (L695, L761)."""
    g = ctx.data
    ids = [cid for cid, c in CARDS.items() if not (mode in _NO_LEFT and c["indicator"] == 0)]
    ctx.rng.shuffle(ids)
    g["horde_deck"] = ids
    g["horde_discard"] = []


def indicator(g: Rec) -> int | None:
    """The invasion indicator on the back of the Horde deck's top card: the only public part of the
    deck (A6), or None when the deck is empty."""
    return kdeck.top_back(g["horde_deck"], lambda cid: CARDS[cid]["indicator"])


def _draw(ctx: Any) -> str | None:
    g = ctx.data
    if not g["horde_deck"] and g["horde_discard"]:
        ctx.log(t("The Horde discard is shuffled into a new Horde deck.",
                  "蒙軍卡棄牌洗勻，成為新的蒙軍卡牌庫。"))
    return kdeck.draw(ctx.rng, g["horde_deck"], g["horde_discard"])


def _slot(cid: str) -> Rec:
    return {"card": cid, "soldiers": [], "wounds": []}


def _put(g: Rec, section: int, cid: str) -> int | None:
    """Put ``cid`` into the empty slot of ``section`` nearest the Wall; the row, or None if full."""
    rows = g["sections"][section]["rows"]
    for r in range(ROWS):
        if rows[r] is None:
            rows[r] = _slot(cid)
            return r
    return None


def _indicated(g: Rec, drawn: str) -> int:
    """The column the indicator names (A6: the new top card's back; the drawn card's own back when
    the deck is now empty)."""
    col = indicator(g)
    return CARDS[drawn]["indicator"] if col is None else col


def setup_array(ctx: Any, players: int) -> None:
    """Setup step 7 (L144): one card in the row nearest the Wall of every section in play, left to
    right; in a 4-player game one more in the column named by the indicator of the new top card (A6).
    On-placement abilities do not resolve at setup (L144 places cards; only the invasion resolves
    them, L516)."""
    g = ctx.data
    for i in open_sections(g):
        cid = _draw(ctx)
        if cid is not None:
            _put(g, i, cid)
    if players == 4:
        cid = _draw(ctx)
        if cid is not None:
            col = _indicated(g, cid)
            if col not in open_sections(g) or _put(g, col, cid) is None:
                g["horde_discard"].append(cid)


def invade(ctx: Any, n: int, *, raid_shame: int | None = None) -> None:
    """Spring step 2 (L587): reveal and place ``n`` Horde cards one at a time (L514-518).

    ``raid_shame`` is how many shame tokens a raid removes from the supply: the player count by
    default (L522; the 2-player game may count 3, ruling A31)."""
    for _ in range(n):
        place_one(ctx, raid_shame=raid_shame)


def place_one(ctx: Any, *, raid_shame: int | None = None) -> None:
    """Place one new Horde card: the leftmost empty slot of the row nearest the Wall (L516), else the
    column of the new top card's indicator (L517, A6) in its slot nearest the Wall (A7), else a raid
    (L518-522). The card's on-placement ability resolves after it is placed (L516, A7)."""
    g = ctx.data
    cid = _draw(ctx)
    if cid is None:
        return
    ctx.reveal()
    front = [i for i in open_sections(g) if g["sections"][i]["rows"][0] is None]
    if front:
        section, row = front[0], _put(g, front[0], cid)
    else:
        section = _indicated(g, cid)
        row = _put(g, section, cid) if section in open_sections(g) else None
    if row is None:
        raid(ctx, cid, section, raid_shame=raid_shame)
        return
    ctx.log(fmt(t("{card} invades {section}.", "{card}入侵{section}。"), card=name(cid),
                section=section_name(section)), horde=cid)
    reveal_ability(ctx, section, cid)


def raid(ctx: Any, cid: str, section: int, *, raid_shame: int | None = None) -> None:
    """A raid (L522): the new card is discarded and as many shame tokens as there are players leave
    the shame supply (out of the game). If that empties the supply, the game ends when this Winter
    is over (L522), even if Summer discards (A43) refill the supply meanwhile: ``g["end"]`` is set to
    "shame" now, and the end check at the end of Winter (L653-665) keeps it."""
    g = ctx.data
    g["horde_discard"].append(cid)
    lost = len(g["players"]) if raid_shame is None else raid_shame
    lost = min(lost, g["shame_supply"])
    g["shame_supply"] -= lost
    if g["shame_supply"] <= 0 and not g.get("end"):
        g["end"] = "shame"
    ctx.log(fmt(t("Raid on {section}: {card} is discarded and {n} shame tokens leave the supply.",
                  "{section}遭到突襲：棄置{card}，{n} 個恥辱標記移出供應區。"),
                section=section_name(section), card=name(cid), n=lost), horde=cid)


def reveal_ability(ctx: Any, section: int, cid: str) -> None:
    """A card's on-placement ability (timing "reveal")."""
    ab = CARDS[cid]["ability"]
    if not ab or ab["timing"] != "reveal" or ab["op"] != "raze":
        return
    sec = ctx.data["sections"][section]
    gone = min(ab["n"], sec["barricades"])
    if gone:
        sec["barricades"] -= gone
        ctx.log(fmt(t("{card} removes {n} barricade(s) from {section}.",
                      "{card}拆除{section}的 {n} 個工事。"),
                    card=name(cid), n=gone, section=section_name(section)))

