"""A player's empire: 11 positions, placement of innovations, destruction, swaps.

Positions are 1-based in actions and views (L216: numbered left to right, destroyed
locations included); ``locs`` lists are 0-based internally.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.data import CARD_NAME, CARDS, LOC_NAME, LOCS
from pygame_core.games.empires_end.model import gain
from pygame_core.games.empires_end.text import t
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import Text, join, seat_name

Locs = list[dict[str, Any]]


def new_empire(order: list[str]) -> Locs:
    """Tiles intact side up in the start player's order (L103-105)."""
    return [{"id": lid, "intact": True, "innovations": []} for lid in order]


def points(loc: dict[str, Any]) -> int:
    return int(LOCS[loc["id"]]["points"])


def loc_type(loc: dict[str, Any]) -> str:
    return str(LOCS[loc["id"]]["type"])


def neighbours(i: int, n: int) -> list[int]:
    """0-based indices of the positions left and right of index ``i`` among ``n`` (the only
    adjacency rule of the game: an edge position has one neighbour, L254, L328, L511, L576)."""
    return [j for j in (i - 1, i + 1) if 0 <= j < n]


def adjacent(locs: Locs, i: int) -> Locs:
    """The locations next to index ``i`` (destroyed ones included)."""
    return [locs[j] for j in neighbours(i, len(locs))]


def placement_options(locs: Locs, lifted: int | None = None) -> list[int]:
    """L397-400: under an intact location with the fewest innovations among intact ones.
    Returns 1-based positions ([] if nothing is intact, ruling A5). ``lifted``: 0-based index
    of a location one innovation is being moved away from (L582)."""
    counts = [len(x["innovations"]) - (i == lifted) for i, x in enumerate(locs)]
    intact = [counts[i] for i, x in enumerate(locs) if x["intact"]]
    if not intact:
        return []
    low = min(intact)
    return [i + 1 for i, x in enumerate(locs) if x["intact"] and counts[i] == low]


def destroy_options(locs: Locs, target: int) -> list[int]:
    """L254: the target if intact; else an intact neighbour (taker's choice); else the nearest
    intact location(s) (equidistant: taker's choice, ruling A4). [] when none is intact."""
    i = target - 1
    if locs[i]["intact"]:
        return [target]
    adj = [j + 1 for j in neighbours(i, len(locs)) if locs[j]["intact"]]
    if adj:
        return adj
    intact = [j for j, x in enumerate(locs) if x["intact"]]
    if not intact:
        return []
    best = min(abs(j - i) for j in intact)
    return [j + 1 for j in intact if abs(j - i) == best]


def _positions(ps: list[int]) -> Text:
    en = " or ".join(str(q) for q in ps)
    zh = "或".join(f"第{q}個" for q in ps)
    return t(f"position {en}", f"{zh}位置")


def hit_text(locs: Locs, target: int) -> Text:
    """What a disaster aimed at ``target`` does to this empire, in words (L254): the target itself,
    or, if it is already destroyed, the neighbour(s) or nearest intact location(s) instead."""
    opts = destroy_options(locs, target)
    if opts == [target]:
        name = LOC_NAME[locs[target - 1]["id"]]
        return join(t(f"destroys position {target}, ", f"毀壞第{target}個位置的"), name)
    gone = t(f"position {target} is already destroyed", f"第{target}個位置已毀壞")
    if not opts:
        return join(gone, t(" and nothing intact is left", "，且已沒有完好地點"))
    return join(gone, t(": destroys ", "：改為毀壞"), _positions(opts), t(" instead", ""))


def destroy(ctx: Ctx, seat: int, pos: int) -> None:
    """Flip the location at ``pos`` to its destroyed side (L254, L123-127) and fire the
    on-destruction abilities of the innovations under it (Earthquake, L637-641)."""
    p = ctx.data["seats"][seat]
    loc = p["locations"][pos - 1]
    loc["intact"] = False
    ctx.log(join(seat_name(seat), t(" loses ", f"失去了第{pos}個位置的"), LOC_NAME[loc["id"]],
                 t(f" at position {pos}.", "。")))
    for inn in loc["innovations"]:
        ab = CARDS[inn["card"]]["ability"]
        if ab["kind"] != "on_destroy":
            continue
        if "gain" in ab:
            gain(p["resources"], ab["gain"])
        if "points" in ab:
            p["score"] += ab["points"]
        if ab.get("refresh_all"):
            for x in p["locations"]:
                for y in x["innovations"]:
                    y["exhausted"] = False
        ctx.log(join(seat_name(seat), t(" triggers ", "發動了"), CARD_NAME[inn["card"]], t(".", "。")))


def place(ctx: Ctx, seat: int, card: str, pos: int) -> None:
    """Tuck ``card`` under the location at ``pos`` (already validated)."""
    loc = ctx.data["seats"][seat]["locations"][pos - 1]
    loc["innovations"].append({"card": card, "exhausted": False})
    ctx.log(join(seat_name(seat), t(" places ", "將"), CARD_NAME[card], t(" under ",
                                                                      "放置於"), LOC_NAME[loc["id"]],
                 t(".", "下方。")))


def swap(locs: Locs, a: int, b: int) -> None:
    """Swap two positions; innovations move with their locations (L389, L403)."""
    locs[a - 1], locs[b - 1] = locs[b - 1], locs[a - 1]


def ranked_intact(locs: Locs, rank: int) -> int | None:
    """1-based position of the ``rank``-th highest-valued intact location (L459), or None."""
    intact = sorted((points(x), i) for i, x in enumerate(locs) if x["intact"])
    if len(intact) < rank:
        return None
    return intact[-rank][1] + 1


def intact_count(locs: Locs) -> int:
    return sum(1 for x in locs if x["intact"])
