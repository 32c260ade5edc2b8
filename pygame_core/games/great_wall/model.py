"""The state of a game of The Great Wall (``ctx.data``, JSON only) and small accessors.

The shape is the shared one of /work/briefs/gw-spec.md ("State"); one word per concept:

- ``players[seat]``: ``res`` (hidden: wood/stone/gold/chi), ``honor``, ``clerks`` (in supply),
  ``envoy`` (waiting in the Imperial Envoy reserve, L162), ``supply``/``shamed`` (soldiers in the
  personal supply without/with a shame token under them, L244), ``hand`` (command cards, hidden),
  ``tactics`` (hidden), ``general``/``active``/``supporting``, ``trophies`` (defeated Horde cards,
  L546), ``overseers`` (per production location: level and the soldier kind standing there).
- ``locations[loc]``: the seats of the clerks on it, in placement order.
- ``sections[i]``: ``open``, ``wall`` level, ``barricades``, ``firing`` spots, ``rest`` area and the
  3 Horde ``rows`` (row 0 nearest the Wall).
- ``tea``: the tea order, top first (L276-288).

Rules modules read and change the state through these functions where one exists, so that every
module agrees on the shape. Nothing here draws from the RNG or logs.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import KINDS, RESOURCES

Data = dict[str, Any]

#: clerks per clan: 8, of which 3 start on the Imperial Envoy (L140, L162, L302)
CLERKS = 8
ENVOY_START = 3
#: soldiers per clan (L140)
SOLDIERS = {"spear": 10, "archer": 4, "horse": 2}
HAND_LIMIT = 5  # Tactic cards (L213)
SHAME_PER_PLAYER = 10  # L132
ROWS = 3


# ----------------------------------------------------------------------------------- constructors
def new_player() -> Data:
    """A clan's pieces at setup step 5 and 14 (L140, L162): 5 clerks available, 3 on the Envoy."""
    return {
        "res": {r: 0 for r in RESOURCES},
        "honor": 0,
        "clerks": CLERKS - ENVOY_START,
        "envoy": ENVOY_START,
        "supply": dict(SOLDIERS),
        "shamed": {k: 0 for k in KINDS},
        "hand": list(gdata.COMMAND_IDS),
        "tactics": [],
        "general": None,
        "active": [],
        "supporting": [],
        "trophies": [],
        "overseers": {},
    }


def new_section(is_open: bool = True, barricades: int = 0) -> Data:
    """One section of the Wall area (3.1-3.4): a level-0 Wall, barricade slots, the rest area and an
    empty 3-row Horde column (L94, L502-508)."""
    return {"open": is_open, "wall": 0, "barricades": barricades, "firing": [], "rest": [],
            "rows": [None] * ROWS}


def new_game_data(players: int, mode: str = "competitive") -> Data:
    """The empty frame of a game: everything but what setup deals from the RNG."""
    side = gdata.side_for(players)
    return {
        "mode": mode,
        "side": side,
        "year": 1,
        "season": "autumn",
        "time": gdata.time_start(players),
        "shame_supply": players * SHAME_PER_PLAYER,
        "tea": list(range(players)),
        "warehouse": {"wood": 0, "stone": 0, "gold": 0},
        "players": [new_player() for _ in range(players)],
        "locations": {loc: [] for loc in gdata.LOCATION_IDS},
        "command_track": [None] * gdata.command_slots(side),
        "command_discard": [],
        "turn": None,
        "sections": [new_section() for _ in range(3)],
        "horde_deck": [], "horde_discard": [],
        "tactic_deck": [], "tactic_discard": [],
        "advisor_deck": [], "advisor_discard": [], "advisor_track": [],
        "artifacts": [],
        "end": None,
        "over": False,
        "todo": [],
        "decisions": [],
    }


# ------------------------------------------------------------------------------------- players
def nplayers(g: Data) -> int:
    return len(g["players"])


def player(g: Data, seat: int) -> Data:
    p: Data = g["players"][seat]
    return p


def can_pay(g: Data, seat: int, cost: dict[str, int]) -> bool:
    res = g["players"][seat]["res"]
    return all(res.get(r, 0) >= n for r, n in cost.items())


def pay(g: Data, seat: int, cost: dict[str, int]) -> None:
    res = g["players"][seat]["res"]
    for r, n in cost.items():
        if res.get(r, 0) < n:
            raise ValueError(f"seat {seat} cannot pay {n} {r}")
        res[r] -= n


def gain(g: Data, seat: int, res: dict[str, int]) -> None:
    mine = g["players"][seat]["res"]
    for r, n in res.items():
        mine[r] = mine.get(r, 0) + n


def add_honor(g: Data, seat: int, n: int) -> int:
    """Add ``n`` Honor (negative to lose it); Honor never goes below 0 (ruling A17, L249, L675).
    Returns the change actually made."""
    p = g["players"][seat]
    before = p["honor"]
    p["honor"] = max(0, before + n)
    return int(p["honor"] - before)


def soldiers_free(g: Data, seat: int, kind: str) -> int:
    """Unshamed soldiers of ``kind`` in the seat's supply: the only ones that may be recruited,
    deployed or made overseers (L244, A23)."""
    return int(g["players"][seat]["supply"][kind])


# ------------------------------------------------------------------------------------- tea order
def tea_rank(g: Data, seat: int) -> int:
    """0 = top of the tea order (acts first, wins ties, L276-288)."""
    return int(g["tea"].index(seat))


def in_tea_order(g: Data, seats: Any) -> list[int]:
    """``seats`` sorted by tea order, top first (duplicates removed)."""
    wanted = set(seats)
    return [s for s in g["tea"] if s in wanted]


def tea_up(g: Data, seat: int, n: int = 1) -> None:
    """Move ``seat`` up ``n`` places (swapping with the marker above each time, A24)."""
    tea = g["tea"]
    i = tea.index(seat)
    j = max(0, i - n)
    tea.pop(i)
    tea.insert(j, seat)


def tea_top(g: Data, seat: int) -> None:
    tea = g["tea"]
    tea.remove(seat)
    tea.insert(0, seat)


# ------------------------------------------------------------------------------------- locations
def loc_info(g: Data, loc: str) -> dict[str, Any]:
    return gdata.location(g["side"], loc)


def is_regular(g: Data, loc: str) -> bool:
    return _spaces(g["side"])[loc] is not None


def spaces(g: Data, loc: str) -> int | None:
    """Clerk spaces of a regular location; None for a special one (any number, L310-314)."""
    return _spaces(g["side"])[loc]


@cache
def _spaces(side: str) -> dict[str, int | None]:
    """:func:`spaces` of every location of a board side (asked in every clerk move and activation)."""
    return {loc: int(info["spaces"]) if info["kind"] == "regular" else None
            for loc, info in gdata.locations(side).items()}


def clerks_at(g: Data, loc: str) -> list[int]:
    out: list[int] = g["locations"][loc]
    return out


def count_at(g: Data, loc: str, seat: int) -> int:
    return sum(1 for s in g["locations"][loc] if s == seat)


def is_full(g: Data, loc: str) -> bool:
    """A regular location with every space filled (it activates and its clerks are locked, L304)."""
    n = spaces(g, loc)
    return n is not None and len(g["locations"][loc]) >= n


def has_room(g: Data, loc: str) -> bool:
    n = spaces(g, loc)
    return n is None or len(g["locations"][loc]) < n


def should_activate(g: Data, loc: str) -> bool:
    """Normal activation: a full regular location, or a special one with at least 1 clerk (L312-316)."""
    clerks = g["locations"][loc]
    return is_full(g, loc) if is_regular(g, loc) else bool(clerks)


def clerks_on_board(g: Data, seat: int) -> int:
    return sum(1 for seats in g["locations"].values() for s in seats if s == seat)


# ------------------------------------------------------------------------------------ time track
def time_info(g: Data) -> dict[str, Any]:
    return gdata.time_space(g["time"])


def casualties(g: Data) -> int:
    """The casualty value next to the Time token (2.1; L264)."""
    return int(time_info(g)["casualties"])


def horde_per_spring(g: Data) -> int:
    """Horde cards placed this Spring (2.2; L587)."""
    return int(time_info(g)["horde"])


# -------------------------------------------------------------------------------------- sections
def open_sections(g: Data) -> list[int]:
    return [i for i, s in enumerate(g["sections"]) if s["open"]]


def cards_in(g: Data, section: int) -> list[Data]:
    """The Horde card slots of a section that hold a card, nearest the Wall first."""
    return [c for c in g["sections"][section]["rows"] if c is not None]


def walls_at(g: Data, level: int) -> int:
    return sum(1 for s in g["sections"] if s["open"] and s["wall"] >= level)


def shame_held(g: Data, seat: int) -> int:
    """Shame tokens a seat holds: under soldiers and on its trophies (L238-245)."""
    p = g["players"][seat]
    return int(sum(p["shamed"].values()) + sum(t["shame"] for t in p["trophies"]))
