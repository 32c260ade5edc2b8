"""End scoring (L515-527): the seven categories, the monarchs' VP, and the tie-break.

1. deployed units: the VP of every slot whose unit was ever deployed, defeated ones included (L508);
2. manufactured products: their slot VP (L421);
3. paintings, gold cards kept in hand (revealed at the end, FAQ), exploration tiles (and VP rewards);
4. shown missions of eras I and II (L522);
5. the objectives met on the era III mission, partly met ones too (L523, B26);
6. palaces II-VI with their bonuses (L337-355, eras.palace_vp);
7. building and city tiles the seat controls, occupied ones included (L525).
Monarchs add theirs (Dom Obá II, Queen Victoria; the override monarchs through their tiles' VP), and
a painting's ``score`` ability its VP per counter. Tie-break: the most science on the tiles the seat
controls (L527, B27); still tied, the win is shared.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import build, eras, model, monarchs
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import fmt, t

Data = dict[str, Any]
CATEGORIES = ("units", "products", "cards", "missions", "era3", "palaces", "tiles", "monarch")


def breakdown(g: Data, seat: int, tiles: list[str] | None = None) -> dict[str, int]:
    """The seat's points per category now; ``tiles``, if given, is ``model.controlled(g, seat)``."""
    p = model.player(g, seat)
    if tiles is None:
        tiles = model.controlled(g, seat)
    b = bd.board(p["board"])
    units = sum(
        int(b["units"][u["slot"]]["vp"])
        for u in g["units"].values()
        if u["seat"] == seat and u["state"] != "board"
    )
    products = sum(int(x["vp"]) for x in b["products"] if x["id"] in p["products"])
    cards = sum(int(bd.PAINTINGS[c]["vp"]) for c in p["paintings"])
    cards += sum(int(bd.GOLD[c]["vp"]) for c in p["gold"])
    cards += sum(int(bd.EXPLORATION[x]["vp"]) for x in p["explored"])
    cards += int(p["counters"].get("bonus_vp", 0))
    for c in p["paintings"]:
        ab = bd.PAINTINGS[c]["ability"]
        if ab["kind"] == "score":
            cards += int(ab["vp"]) * eras.count(g, seat, str(ab["per"]), tiles)
    missions = sum(int(bd.MISSIONS[p["missions"][str(e)]]["vp"]) for e in p["shown"] if e in (1, 2))
    era3 = 0  # before the era III mission is kept (the setup draft, L19)
    m3 = p["missions"].get("3")
    if m3:
        era3 = sum(
            int(o["vp"]) for o in eras.objectives(bd.MISSIONS[m3]) if eras.met(g, seat, o["needs"], tiles)
        )
    return {
        "units": units,
        "products": products,
        "cards": cards,
        "missions": missions,
        "era3": era3,
        "palaces": eras.palace_vp(g, seat, tiles),
        "tiles": sum(build.tile_vp(g, h) for h in tiles),
        "monarch": monarchs.end_vp(g, seat),
    }


def science_on_tiles(g: Data, seat: int) -> int:
    return sum((model.tile(g, h) or {}).get("goods", {}).get("science", 0) for h in model.controlled(g, seat))


def scores(g: Data) -> dict[str, Any]:
    n = len(g["players"])
    parts = [breakdown(g, s) for s in range(n)]
    totals = [sum(x.values()) for x in parts]
    science = [science_on_tiles(g, s) for s in range(n)]
    rank = sorted(range(n), key=lambda s: (-totals[s], -science[s], s))
    best = max(totals) if totals else 0
    top = [s for s in range(n) if totals[s] == best]
    winners = [s for s in top if science[s] == max(science[x] for x in top)]
    tiebreak = None
    if len(top) > 1:
        tiebreak = {
            "key": "science_on_tiles",
            "label": t("Most science on controlled tiles", "地圖上最多科學"),
            "values": science,
            "tied": [s for s in rank if s in top],
            "text": fmt(
                t(
                    "Tie on {v} points, broken by the science on controlled tiles.",
                    "{v} 分平手，以控制板塊上的科學數量決勝。",
                ),
                v=str(best),
            ),
        }
    return {
        "totals": totals,
        "breakdown": parts,
        "winners": sorted(winners),
        "rank": rank,
        "tiebreak": tiebreak,
    }
