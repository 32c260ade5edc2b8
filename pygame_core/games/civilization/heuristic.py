"""The heuristic bot: every legal action gets a score from a few cheap rules; the best one is played.

It aims at the economic victory, with the tech victory as the second road: researches the coin
techs early (Pottery, Code of Laws, Democracy, Printing Press, Civil Service) and then the highest
level it can, fills its coin tasks every turn, harvests resources for them, advances on the
culture track, and in battle plays the card that kills most for least. Scouts walk the shortest
way over land to a square where a city may be founded (or to the unexplored edge) and wait there;
at the city limit they gather on rich unworked squares. Movement is cautious: armies attack only
with a large force. Everything it reads is its own seat's view (own hand, public map and dials).
Ties are broken by the bot's seeded RNG, so it stays a random player wherever it has no opinion.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import city, combat, geo, model, research
from pygame_core.games.civilization.data import BUILDINGS, TECHS, TRACK, UNIT_CARDS, UNIT_TYPES
from pygame_core.kernel.game import Game
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import State

Data = dict[str, Any]
COIN_TECHS = (
    "pottery",
    "code_of_laws",
    "democracy",
    "printing_press",
    "civil_service",
    "currency",
    "irrigation",
    "railroad",
    "computers",
    "banking",
)
_BASE = {
    "coin_task": 40,
    "found": 30,
    "advance": 25,
    "capital": 5,
    "place": 5,
    "site": 5,
    "place_gp": 12,
    "keep_gp": 1,
    "gather": 8,
    "ability": 6,
    "culture_card": 5,
    "end_trade": 3,
    "decline": 3,
    "accept": 0,
    "offer": -20,
    "cancel": 8,
    "allow": 0,
    "wonder": 15,
    "arts": 4,
    "harvest": 5,
    "explore": 9,
    "stop": 1,
    "end_move": 0.5,
    "end_start": 0,
    "end_city": 0,
    "research": 10,
    "loot": 5,
    "discard": 1,
}


def choose(game: Game, state: State, seat: int, rng: Rng) -> dict[str, Any]:
    actions = game.legal_actions(state, seat)
    d = state.data
    memo: Data = {}
    return max(actions, key=lambda a: _score(d, seat, a, memo) + rng.below(1000) / 2000.0)


def _score(d: Data, seat: int, a: dict[str, Any], memo: Data) -> float:
    k = a["type"]
    p = d["p"][seat]
    s = float(_BASE.get(k, 2))
    if k == "research":
        tid = a["tech"]
        if not tid:
            return 0.0
        s += 6 * int(TECHS[tid]["level"]) + (12 if tid in COIN_TECHS else 0)
        if TECHS[tid]["level"] == 5:
            s += 100
        elif _pyramid_ready(d, seat):
            s -= 60  # save trade for Space Flight (26, L946)
    elif k == "produce":
        s += _produce(d, seat, a)
        key = f"yield{a['city']}"  # the same city for each of its items
        y = memo.get(key)
        if y is None:
            if "occ" not in memo:
                memo["occ"] = model.occupants(d)
            y = memo[key] = model.city_yield(d, a["city"], memo["occ"])
        cost = 0 if a.get("free") else city.item_cost(d, seat, a["item"])
        s -= city.rush_cost(d, seat, cost - y["production"]) / 1.5  # keep trade for research
    elif k == "site":
        s -= 8 if str(a["sq"]) in d["items"] else 0
    elif k == "advance":
        sp = d["p"][seat]["track"]
        s -= TRACK[sp]["cost"].get("trade", 0) * 1.5 if sp < len(TRACK) else 0
    elif k == "harvest":
        s += 4 if "pottery" in p["techs"] else 0
    elif k == "government":
        s += {"democracy": 12, "republic": 10, "monarchy": 6, "feudalism": 7}.get(a["gov"], -10)
    elif k in ("move", "step"):
        s += _move(d, seat, a, memo)
    elif k == "stop":
        s += _stop(d, seat, memo)
    elif k == "play":
        s += _play(d, seat, a)
    elif k == "loot":
        s += {"tech": 6, "trade": a.get("n", 0), "culture": a.get("n", 0) * 0.8}.get(a["take"], 1)
    elif k == "place" and d["phase"] == "setup" and p["setup"] and p["setup"][0] == "capital":
        s += 0
    elif k == "capital":
        s += _capital(d, a["sq"])
    return s


def _pyramid_ready(d: Data, seat: int) -> bool:
    c = research.counts(d, seat)
    return c[1] >= 5 and c[2] >= 4 and c[3] >= 3 and c[4] >= 2


def _capital(d: Data, sq: int) -> float:
    tot = 0.0
    for n in geo.ring(d, sq):
        g = geo.grid(d)[n] if n is not None else None
        if g is not None:
            tot += (
                g.get("trade", 0) + g.get("production", 0) + 0.5 * g.get("culture", 0) + 2 * g.get("coin", 0)
            )
    return tot


def _produce(d: Data, seat: int, a: dict[str, Any]) -> float:
    item = a["item"]
    p = d["p"][seat]
    if item == "scout":
        scouts = sum(1 for f in d["figs"].values() if f["o"] == seat and f["k"] == "scout")
        cities = len(model.cities_of(d, seat))
        return 10.0 if scouts == 0 and cities < model.traits(d, seat)["cities"] else -5.0
    if item == "army":
        armies = sum(1 for f in d["figs"].values() if f["o"] == seat and f["k"] == "army")
        return 3.0 if armies < 2 else -4.0
    if item.startswith("unit:"):
        return 2.0 if len(p["forces"]) < 6 else -3.0
    if item.startswith("building:"):
        bid = item.split(":", 1)[1]
        have = [d["items"].get(str(q)) for q in model.outskirts(d, a["city"])]
        if any(
            h is not None and h["k"] == "b" and BUILDINGS[h["id"]]["marker"] == BUILDINGS[bid]["marker"]
            for h in have
        ):
            return -30.0  # never rebuild what the city has
        if BUILDINGS[bid]["limited"] and any(
            h is not None and h["k"] == "b" and BUILDINGS[h["id"]]["limited"] for h in have
        ):
            return -30.0
        icons = BUILDINGS[bid]["icons"]
        return (
            6.0
            + 4 * icons.get("coin", 0)
            + icons.get("trade", 0)
            + icons.get("culture", 0)
            + (8 if a.get("free") else 0)
        )
    if item.startswith("wonder:"):
        return 9.0
    return 1.0


def _expanding(d: Data, seat: int, memo: Data) -> bool:
    if "expanding" not in memo:
        memo["expanding"] = len(model.cities_of(d, seat)) < model.traits(d, seat)["cities"]
    return bool(memo["expanding"])


def _site_dist(d: Data, seat: int, memo: Data) -> dict[int, int]:
    """Steps over land from every square to the nearest square where a scout could found a city now
    (or, while none is known, to the nearest square next to a face-down tile, to explore)."""
    if "dist" in memo:
        return memo["dist"]
    grid = geo.grid(d)
    land, cand = _land(d)
    goals = _found_squares(d, seat, cand)
    found = bool(goals)
    if not goals:
        near = _near_hidden(d)
        w = d["w"]
        goals = [i for i in land if (i % w, i // w) in near]
    key = (d["gk"], tuple(goals))
    dist = _DISTS.get(key)
    if dist is None:
        dist = {i: 0 for i in goals}
        frontier = list(goals)
        while frontier:
            nxt = []
            for sq in frontier:
                for n in geo.orth(d, sq):
                    g = grid[n]
                    if n not in dist and g is not None and g["terrain"] != "water":
                        dist[n] = dist[sq] + 1
                        nxt.append(n)
            frontier = nxt
        if len(_DISTS) > 4096:
            _DISTS.clear()
        _DISTS[key] = dist
    memo["dist"] = dist
    memo["sites"] = set(goals) if found else set()
    return dist


#: :func:`_site_dist`'s distances by map layout and goals (read only: rollouts ask the same again and again).
_DISTS: dict[tuple[str, tuple[int, ...]], dict[int, int]] = {}

#: Per map layout (``data["gk"]``): its land squares, and those of them whose 8 neighbours are all on
#: the map and face up (where start.found_ok's L541-542 tests pass), both in square order.
_LANDS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _land(d: Data) -> tuple[tuple[int, ...], tuple[int, ...]]:
    key = d["gk"]
    hit = _LANDS.get(key)
    if hit is None:
        grid = geo.grid(d)
        land = tuple(i for i, g in enumerate(grid) if g is not None and g["terrain"] != "water")
        cand = tuple(i for i in land if all(n is not None and grid[n] is not None for n in geo.ring(d, i)))
        if len(_LANDS) > 4096:
            _LANDS.clear()
        hit = _LANDS[key] = (land, cand)
    return hit


def _found_squares(d: Data, seat: int, cand: tuple[int, ...]) -> list[int]:
    """The land squares where start.found_ok holds for ``seat``, in square order: of ``cand`` (the
    L541-542 tests), those with no hut, village or enemy figure on them or next to them (L546-547),
    at least 3 squares from every city (L548)."""
    marks = d["marks"]
    bad = {f["sq"] for f in d["figs"].values() if f["o"] != seat}
    bad.update(int(k) for k in marks)
    w, h = d["w"], d["h"]
    near = set(bad)
    for b in bad:
        if type(b) is int and 0 <= b < w * h:
            near.update(geo.around(d, b))
    cities = [geo.xy(d, c["sq"]) for c in d["cities"]]
    out = []
    for i in cand:
        if i in near:
            continue
        x, y = i % w, i // w
        if all(max(abs(x - cx), abs(y - cy)) >= 3 for cx, cy in cities):
            out.append(i)
    return out


def _near_hidden(d: Data) -> set[tuple[int, int]]:
    """The (x, y) of the squares edge-adjacent to a face-down tile, outside it (geo.facing not None)."""
    out: set[tuple[int, int]] = set()
    for c in d["tiles"]:
        if c["up"]:
            continue
        x0, y0 = c["x"] * 4, c["y"] * 4
        for k in range(4):
            out.update(((x0 + k, y0 + 4), (x0 + k, y0 - 1), (x0 - 1, y0 + k), (x0 + 4, y0 + k)))
    return out


def _group_sq(d: Data, a: dict[str, Any]) -> int:
    if a["type"] == "move":
        return int(a["from"])
    return int(d["figs"][d["mv"]["figs"][0]]["sq"])


def _gather_value(d: Data, seat: int, sq: int) -> float:
    """What a scout standing on ``sq`` adds to a city of its owner when it gathers there (L1235)."""
    g = geo.grid(d)[sq]
    if g is None or g["terrain"] == "water" or model.city_at(d, sq) >= 0:
        return 0.0
    if model.owner_of_square(d, sq)[0] == seat:
        return 0.0  # already worked
    y = model.square_icons(d, sq)
    return 3.0 * y["coin"] + y["trade"] + y["production"] + 0.5 * y["culture"]


def _stop(d: Data, seat: int, memo: Data) -> float:
    """A group of scouts standing where it can found a city stays there (it founds next turn)."""
    figs = d["mv"]["figs"] if d["mv"] else []
    if figs and all(d["figs"][f]["k"] == "scout" for f in figs) and _expanding(d, seat, memo):
        _site_dist(d, seat, memo)
        if d["figs"][figs[0]]["sq"] in memo["sites"]:
            return 25.0
    return 0.0


def _move(d: Data, seat: int, a: dict[str, Any], memo: Data) -> float:
    to = a["to"]
    scouts_only = (
        a.get("scouts", 0) > 0 and a.get("armies", 0) == 0
        if a["type"] == "move"
        else all(d["figs"][f]["k"] == "scout" for f in d["mv"]["figs"])
    )
    if a["type"] == "move" and a.get("scouts", 0) and a.get("armies", 0):
        return -4.0  # scouts and armies go their own ways
    if scouts_only and _expanding(d, seat, memo):
        dist = _site_dist(d, seat, memo)
        here = dist.get(_group_sq(d, a))
        there = dist.get(to)
        if there is None:
            return -6.0
        if there == 0 and to in memo["sites"]:
            return 15.0
        return 0.0 if here is None else 4.0 * (here - there)
    if scouts_only:
        return 2.0 * (_gather_value(d, seat, to) - _gather_value(d, seat, _group_sq(d, a)))
    if "occ" not in memo:
        memo["occ"] = model.occupants(d)
    hostile = (
        model.enemy_on(d, to, seat, memo["occ"])
        or str(to) in d["marks"]
        or (model.city_at(d, to) >= 0 and d["cities"][model.city_at(d, to)]["o"] != seat)
    )
    if "sacrifice" in a:
        return 20.0
    if hostile:
        mark = d["marks"].get(str(to))
        if mark and mark["k"] == "hut":
            return 12.0
        strong = len(d["p"][seat]["forces"]) >= 5
        ci = model.city_at(d, to)
        if ci >= 0 and d["cities"][ci]["cap"]:
            return 15.0 if len(d["p"][seat]["forces"]) >= 9 else -20.0
        return 6.0 if strong else -15.0
    return 0.0


def _play(d: Data, seat: int, a: dict[str, Any]) -> float:
    b = d["battle"]
    side = "a" if combat.controller(b, "a") == seat else "d"
    other = "d" if side == "a" else "a"
    st = combat.card_strength(d, b, side, a["card"])
    if a["front"] < 0:
        return 1.0 - st * 0.3  # open a front with a weak card, keep strong ones to attack
    enemy = b["fronts"][a["front"]][other]
    es = combat.card_strength(d, b, other, enemy["c"])
    left = es - enemy["w"]
    mine, theirs = UNIT_CARDS[a["card"]]["type"], UNIT_CARDS[enemy["c"]]["type"]
    trump = UNIT_TYPES[mine].get("trumps") == theirs
    trumped = UNIT_TYPES[theirs].get("trumps") == mine
    kills = st >= left
    dies = (es >= st) and not (trump and kills)
    if trumped:
        dies = es >= st
        kills = kills and not dies
    return 3.0 * kills * es - 2.0 * dies * st + (1 if trump else 0)


# ------------------------------------------------------------------ search hooks (bots/search.py)
def rollout(d: Data, seat: int, actions: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """The search's rollout policy: this bot's choice on the position data."""
    memo: Data = {}
    return max(actions, key=lambda a: _score(d, seat, a, memo) + rng.below(1000) / 2000.0)


def search_order(d: Data, seat: int, actions: list[dict[str, Any]]) -> list[float]:
    """The order in which the search tries a node's actions: this bot's score of each."""
    memo: Data = {}
    return [_score(d, seat, a, memo) for a in actions]
