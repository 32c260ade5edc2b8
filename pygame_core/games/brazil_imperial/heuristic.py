"""The heuristic bot: one step of look-ahead (two for an arch) on a position its seat cannot tell from
the real one.

Every legal action is played on a redetermined copy (``Game.redetermine``: other hands, deck orders
and face-down tiles re-dealt, so the bot reads nothing hidden) and the result valued by :func:`value`:
the seat's score now, plus goods (and resources it is owed), cards, units on the map and progress
towards its missions. An arch is valued by its best first step. Battles are judged before they start:
a move into a battle is taken only when the known strengths favour the mover (combat.strengths without
cards), and a seat commits its strongest cards. ``skip`` and an early ``end_turn`` are valued as the
position stands. The mission draft keeps the mission asking least, tiles to explore and battles to
win weighing more (:data:`HARD`). A payment (the seat's ``pay`` decision) is the default one
(economy.default_step), and the look-ahead pays every cost that way at once (``auto_pay``).

Speed (issue 19 §7: a decision within 1 s in the browser; a 4-player game in about a second of
CPython): actions the value cannot tell apart are valued once (:func:`_groups`: the same building on
another empty hex of its kind, a unit deployed elsewhere, a peek...), the pick then drawn among them;
a move that starts no battle and flips no tile is valued in place (:func:`_moved_value`); every other
action is played by the kernel's forward model (``Playout``) on a fast whole copy (:func:`_copy`),
without ``Game.apply``'s history, log, undo links and checks. tests/brazil_imperial/test_bi_heuristic.py
checks that each shortcut values as playing the action would.
"""

from __future__ import annotations

import itertools
from typing import Any

from pygame_core.games.brazil_imperial import combat, economy, eras, flow, hidden, model, scoring
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action, State, copy_json, json_key

Data = dict[str, Any]


def mission_progress(g: Data, seat: int, tiles: list[str] | None = None) -> float:
    p = model.player(g, seat)
    total = 0.0
    for era in range(1, min(3, g["era"]) + 1):
        m = p["missions"].get(str(era))
        if not m or era in p["shown"]:
            continue
        for o in eras.objectives(bd.MISSIONS[m]):
            needs = o.get("needs", [])
            if needs:
                total += sum(
                    min(1.0, eras.count(g, seat, n["count"], tiles) / max(1, int(n.get("n", 1))))
                    for n in needs
                ) / len(needs)
    return total


#: how hard one unit of a mission counter is for this bot, beside 1 for the others: tiles to explore
#: and battles to win need moves planned over several turns, which its one step of look-ahead does
#: not make (a kept mission it cannot finish holds the era back: the game then runs to the round cap)
HARD = {"explored": 2.0, "battles_won": 3.0}


def mission_cost(mission: str) -> float:
    """What the draft (L19) weighs: the counts a mission asks for, the hard ones weighing more."""
    return sum(
        int(n.get("n", 1)) * HARD.get(str(n["count"]).partition(":")[0], 1.0)
        for o in eras.objectives(bd.MISSIONS[mission])
        for n in o.get("needs", [])
    )


def value(g: Data, seat: int) -> float:
    p = model.player(g, seat)
    tiles = model.controlled(g, seat)  # found once: every count below asks for it
    score = sum(scoring.breakdown(g, seat, tiles).values())
    goods = model.supply_total(p) + 0.8 * sum(
        sum((model.tile(g, h) or {}).get("goods", {}).values()) for h in tiles
    )
    units = sum(1 for u in g["units"].values() if u["seat"] == seat and u["state"] == "map")
    owed = sum(1 for x in g["pending"] if x["seat"] == seat and x["kind"] == "gain_any")  # a resource to take
    return (
        score
        + 0.35 * (goods + owed)
        + 0.5 * len(p["gold"])
        + 0.4 * len(p["battle"])
        + 0.6 * units
        + 3.0 * mission_progress(g, seat, tiles)
    )


def _battle_odds(g: Data, seat: int, a: Action) -> float | None:
    """Known attack minus defence for a move or ranged attack into a battle, else None."""
    to = a.get("to") or a.get("target")
    if to is None or combat.defender_of(g, to, seat) is None:
        return None
    units = [a["unit"], *a.get("carry", [])]
    b = {
        "attacker": seat,
        "defender": combat.defender_of(g, to, seat),
        "hex": to,
        "units": units,
        "ranged": a["type"] == "ranged",
        "flag": None,
    }
    att, dfn = combat.strengths(g, b, {})
    return att - dfn


def choose(game: Any, state: State, seat: int, rng: Rng) -> Action:
    actions = game.legal_actions(state, seat)
    if len(actions) == 1:
        return actions[0]
    d = kdec.top_for(state.data, seat)
    if d is not None and d["kind"] == "pay":  # the default payment, as the engine paid before
        return economy.default_step(state.data, seat, d)
    kinds = {a["type"] for a in actions}
    if "show_mission" in kinds:
        return next(a for a in actions if a["type"] == "show_mission")
    if "commit" in kinds:
        return max(
            actions, key=lambda a: (sum(bd.BATTLE[c].get("strength", 0) for c in a["cards"]), len(a["cards"]))
        )
    if "keep_mission" in kinds:
        return min(actions, key=lambda a: mission_cost(a["id"]))
    world = _redetermined(game, state, seat, rng.below(2**31))
    world.data["auto_pay"] = True  # its own copy: the look-ahead pays the default way at once (economy.py)
    base = value(world.data, seat)
    # the seat's own actions are the same in a redetermined world; one listing there says so
    there = {json_key(a) for a in _steps(game, world, seat)}
    groups = _groups(world.data, [a for a in actions if json_key(a) in there])
    best, best_v = actions[0:1], float("-inf")
    for members in itertools.islice(groups, 60):
        a = members[0]
        v = _worth(game, world, seat, a, base, deep=a["type"] in ("arch", "extra"))
        v += rng.below(1000) / 100000
        if v > best_v:
            best, best_v = members, v
    return best[0] if len(best) == 1 else rng.choice(best)


def _groups(g: Data, actions: list[Action]) -> list[list[Action]]:
    """The actions in groups that :func:`value` cannot tell apart, in the order of their first
    member: a building of one kind on another empty hex of the same kind (forest or not) or with
    another tile under it (its other side), a unit deployed on another hex, a product
    on another arch's slot (not the Queen's), a peek at another tile (which the value does not
    read). One member is valued for the group."""
    geo = model.geo(g)
    out: dict[Any, list[Action]] = {}
    for a in actions:
        ty = a["type"]
        key: Any
        if ty == "build":
            h = a["hex"]
            forest = geo.terrain[h] == "forest" and not model.bandeiras(g, h)
            covers = h if model.tile(g, h) is not None else None  # the tile it covers goes (B9)
            key = ("build", a["what"], a.get("stack"), forest, covers)
        elif ty == "deploy":
            key = ("deploy", a["unit"])
        elif ty == "manufacture":  # which arch's slot it fills: the value reads no upgrade
            key = ("manufacture", a["product"], a["arch"] == "queen")
        elif ty == "peek":
            key = ("peek",)
        else:
            key = json_key(a)
        out.setdefault(key, []).append(a)
    return list(out.values())


def _played(game: Any, state: State, seat: int, a: Action) -> tuple[State, list[int]]:
    """``state`` after ``seat`` plays ``a`` (legal there), and who moves next: the kernel's forward
    model on a whole copy (:func:`_copy`), without the history, log and undo links."""
    po = Playout(game, state, lazy=True)
    po.data = _copy(state.data)
    po.play_unchecked(seat, a)
    after = State(game.id, state.players, state.seed, state.options, po.data, po.rng.state)
    return after, po.to_move()


def _copy(g: Data) -> Data:
    """A private copy of the position ``g`` that shares nothing with it. (It copied the map's empty
    hexes shallow, in half the time of ``copy_json``, while the state held all 169 hexes; it holds
    only those that hold something now, model.py.)"""
    out: Data = copy_json(g)
    return out


def _redetermined(game: Any, state: State, seat: int, seed: int) -> State:
    """``game.redetermine(state, seat, seed)``, on the fast copy."""
    data = _copy(state.data)
    hidden.redetermine(data, seat, Rng.from_seed(seed, stream=99))
    return State(game.id, state.players, state.seed, state.options, data, state.rng)


def _steps(game: Any, s: State, seat: int) -> list[Action]:
    """The actions of ``seat``, which moves in ``s``: the flow's (as ``Game.legal_actions`` lists
    them, without its memo of every action's key), or its decision's answers."""
    if kdec.stack(s.data):
        out: list[Action] = game.legal_actions(s, seat)
        return out
    return flow.legal(s.data, seat)


def _moved_value(g: Data, seat: int, a: Action) -> float:
    """:func:`value` after a move that starts no battle and flips no tile: then all the move does
    (movement.apply, combat.arrive) is to set its units' hex and count the move in ``turn``, which
    the value does not read; so the units are moved in ``g`` (the bot's own redetermined copy) for
    the count and put back, without copying the position."""
    units = g["units"]
    movers = [a["unit"], *a.get("carry", [])]
    was = [units[u]["hex"] for u in movers]
    for u in movers:
        units[u]["hex"] = a["to"]
    try:
        return value(g, seat)
    finally:
        for u, h in zip(movers, was, strict=True):
            units[u]["hex"] = h


def _worth(game: Any, world: State, seat: int, a: Action, base: float, *, deep: bool) -> float:
    """The value of playing ``a``; for an arch, the value of its best first step (one ply more)."""
    odds = _battle_odds(world.data, seat, a) if a["type"] in ("move", "ranged") else None
    if odds is not None:
        return base + (2.5 if odds > 0 else -3.0) + 0.2 * odds
    if a["type"] in ("skip", "end_turn", "trade_done"):
        return base - 0.05
    if a["type"] == "move" and model.explore(world.data, a["to"]) is None:
        return _moved_value(world.data, seat, a)
    after, movers = _played(game, world, seat, a)
    if not deep or movers != [seat]:
        return value(after.data, seat)
    steps = _steps(game, after, seat)
    if steps and all(b["type"] == "peek" for b in steps):  # the era I marker's peek: any, then the arch
        after, movers = _played(game, after, seat, steps[0])
        if movers != [seat]:
            return value(after.data, seat)
        steps = _steps(game, after, seat)
    inner = [
        _worth(game, after, seat, members[0], base, deep=False)
        for members in itertools.islice(_groups(after.data, steps), 40)
    ]
    return max(inner, default=base)


# ------------------------------------------------------------------ search hooks (bots/search.py)
def search_order(g: Data, seat: int, legal: list[Action]) -> list[float]:
    """The order in which the search tries a node's actions: one of each group :func:`value` cannot
    tell apart (:func:`_groups`: the same building on another hex of its kind ...) before the others,
    so that widening a large set tries different moves first."""
    firsts = {id(members[0]) for members in _groups(g, legal)}
    return [1.0 if id(a) in firsts else 0.0 for a in legal]
