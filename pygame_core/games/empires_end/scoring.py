"""Final scoring (L487-501): score track + points of intact locations + end-game
innovations under intact locations (L491-495); tie-break on most intact locations, then a
shared win (L501). End-game families: L594-635."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import active
from pygame_core.games.empires_end.empire import adjacent, intact_count, loc_type, points
from pygame_core.games.empires_end.text import t
from pygame_core.kernel.text import Text, join, seat_name

END_KINDS = {"end_per_destroyed", "end_adj_destroyed", "copy_end", "end_per_resource", "end_adj_type",
             "most_destroyed"}


def destroyed_count(p: dict[str, Any]) -> int:
    return sum(1 for x in p["locations"] if not x["intact"])


def _value(p: dict[str, Any], ab: dict[str, Any], i: int, most: int, public: bool) -> int | None:
    """Points of one end-game ability; None if it counts resources that ``public`` may not see."""
    k = ab["kind"]
    adj = adjacent(p["locations"], i)
    if k == "end_per_destroyed":
        return int(ab["points"]) * destroyed_count(p)  # L598: own empire only
    if k == "end_adj_destroyed":
        return int(ab["points"]) * sum(1 for x in adj if not x["intact"])  # L611
    if k == "end_per_resource":
        if public and not p["resources_shown"]:
            return None  # behind the screen (L97) until the game ends (L623)
        return int(ab["points"]) * int(p["resources"][ab["resource"]])  # L623: coins count as coins only
    if k == "end_adj_type":
        # L629 counted like L519: only adjacent intact locations of the type (ruling A23)
        return int(ab["points"]) * sum(1 for x in adj if x["intact"] and loc_type(x) == ab["loc_type"])
    if k == "most_destroyed":
        return int(ab["points"]) if destroyed_count(p) >= most else 0  # L635: ties count
    return 0


def innovation_points(p: dict[str, Any], most: int, public: bool = False) -> tuple[int, bool]:
    """End-game abilities; a copy scores the best other end-game ability again (L617, A17).
    With ``public``, abilities that count hidden resources score 0; the flag says if any did."""
    vals: list[int] = []
    copies = 0
    unknown = False
    for _key, ab, ph, i in active(p):
        if ph != "end":
            continue
        if ab["kind"] == "copy_end":
            copies += 1
            continue
        v = _value(p, ab, i, most, public)
        unknown = unknown or v is None
        vals.append(v or 0)
    return sum(vals) + copies * (max(vals) if vals else 0), unknown


def breakdown(d: dict[str, Any], public: bool = False) -> list[dict[str, int]]:
    """Per seat, the points by category if the game ended now (L489-495): ``track``, ``locations``,
    ``innovations``. With ``public``, only from what every seat sees: an end-game ability that
    counts resources behind a screen counts 0 (see :func:`projected`)."""
    most = max(destroyed_count(p) for p in d["seats"])
    out = []
    for p in d["seats"]:
        locs = sum(points(x) for x in p["locations"] if x["intact"])
        inn = innovation_points(p, most, public)[0]
        out.append({"track": p["score"], "locations": locs, "innovations": inn})
    return out


def projected(d: dict[str, Any]) -> list[dict[str, Any]]:
    """The public projection shown during play: per seat, :func:`breakdown` from public information,
    its ``total``, and ``resources_unknown`` when an end-game ability counts hidden resources."""
    most = max(destroyed_count(p) for p in d["seats"])
    out = []
    for p, parts in zip(d["seats"], breakdown(d, public=True), strict=True):
        out.append({**parts, "total": sum(parts.values()),
                    "resources_unknown": innovation_points(p, most, public=True)[1]})
    return out


TIEBREAK_LABEL = t("Most intact locations", "完好地點最多")


def scores(d: dict[str, Any]) -> dict[str, Any]:
    """Totals, breakdown, the ranking and the winners (L497-501): the highest total wins; among tied
    totals the most intact locations; still tied, a shared win. The ranking applies the same order
    to every place; ``tiebreak`` says in words how it was used (null when no totals tie)."""
    ps = d["seats"]
    parts = breakdown(d)
    totals = [sum(b.values()) for b in parts]
    intact = [intact_count(p["locations"]) for p in ps]
    rank = sorted(range(len(ps)), key=lambda s: (-totals[s], -intact[s], s))
    top = rank[0]
    winners = [s for s in range(len(ps)) if (totals[s], intact[s]) == (totals[top], intact[top])]
    tied_totals = {v for v in totals if totals.count(v) > 1}
    tiebreak = None
    if tied_totals:
        tiebreak = {"key": "intact_locations", "label": TIEBREAK_LABEL, "values": intact,
                    "tied": [s for s in rank if totals[s] in tied_totals],
                    "text": _tiebreak_text(totals, intact, rank, tied_totals)}
    return {"totals": totals, "breakdown": parts, "rank": rank, "winners": winners, "tiebreak": tiebreak}


def _tiebreak_text(totals: list[int], intact: list[int], rank: list[int], tied: set[int]) -> Text:
    """E.g. "Tie on 58 points broken by most intact locations: Player 1 7, Player 2 6." """
    parts: list[Text | str] = []
    for v in sorted(tied, reverse=True):
        seats = [s for s in rank if totals[s] == v]
        who = [join(seat_name(s), f" {intact[s]}") for s in seats]
        listing = join(*[x for i, w in enumerate(who) for x in ((t(", ", "，"), w) if i else (w,))])
        parts.append(join(t(f"Tie on {v} points, broken by most intact locations: ",
                            f"{v}分平手，以完好地點數量決定："), listing, t(".", "。")))
        if len({intact[s] for s in seats}) < len(seats):
            parts.append(t(" Still tied: the win (or place) is shared.", "仍然平手：共享勝利（或名次）。"))
    return join(*[x for i, w in enumerate(parts) for x in ((t(" ", ""), w) if i else (w,))])
