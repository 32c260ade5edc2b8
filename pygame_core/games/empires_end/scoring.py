"""Final scoring (L487-501): score track + points of intact locations + end-game
innovations under intact locations (L491-495); tie-break on most intact locations, then a
shared win (L501). End-game families: L594-635."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import active
from pygame_core.games.empires_end.empire import adjacent, intact_count, loc_type, points

END_KINDS = {"end_per_destroyed", "end_adj_destroyed", "copy_end", "end_per_resource", "end_adj_type",
             "most_destroyed"}


def destroyed_count(p: dict[str, Any]) -> int:
    return sum(1 for x in p["locations"] if not x["intact"])


def _value(p: dict[str, Any], ab: dict[str, Any], i: int, most: int) -> int:
    k = ab["kind"]
    adj = adjacent(p["locations"], i)
    if k == "end_per_destroyed":
        return int(ab["points"]) * destroyed_count(p)  # L598: own empire only
    if k == "end_adj_destroyed":
        return int(ab["points"]) * sum(1 for x in adj if not x["intact"])  # L611
    if k == "end_per_resource":
        return int(ab["points"]) * int(p["resources"][ab["resource"]])  # L623: coins only count as coins
    if k == "end_adj_type":
        # L629 counted like L519: only adjacent intact locations of the type (ruling A23)
        return int(ab["points"]) * sum(1 for x in adj if x["intact"] and loc_type(x) == ab["loc_type"])
    if k == "most_destroyed":
        return int(ab["points"]) if destroyed_count(p) >= most else 0  # L635: ties count
    return 0


def innovation_points(p: dict[str, Any], most: int) -> int:
    """End-game abilities; a copy scores the best other end-game ability again (L617, A17)."""
    vals = []
    copies = 0
    for _key, ab, ph, i in active(p):
        if ph != "end":
            continue
        if ab["kind"] == "copy_end":
            copies += 1
        else:
            vals.append(_value(p, ab, i, most))
    return sum(vals) + copies * (max(vals) if vals else 0)


def scores(d: dict[str, Any]) -> dict[str, Any]:
    ps = d["seats"]
    most = max(destroyed_count(p) for p in ps)
    totals, breakdown = [], []
    for p in ps:
        locs = sum(points(x) for x in p["locations"] if x["intact"])
        inn = innovation_points(p, most)
        breakdown.append({"track": p["score"], "locations": locs, "innovations": inn})
        totals.append(p["score"] + locs + inn)
    best = max(totals)
    tied = [s for s, v in enumerate(totals) if v == best]
    tiebreak = None
    if len(tied) > 1:
        intact = {s: intact_count(ps[s]["locations"]) for s in tied}
        top = max(intact.values())
        winners = [s for s in tied if intact[s] == top]
        tiebreak = {"rule": "most_intact_locations", "intact": {str(s): v for s, v in intact.items()}}
    else:
        winners = tied
    return {"totals": totals, "breakdown": breakdown, "winners": winners, "tiebreak": tiebreak}
