"""A first heuristic bot: one step of look-ahead on a position its seat cannot tell from the real one.

Every legal action is played on a redetermined copy (``Game.redetermine``: other hands, deck orders
and face-down tiles re-dealt, so the bot reads nothing hidden) and the result valued by :func:`value`:
the seat's score now, plus goods, cards, units on the map and progress towards its missions. Battles
are judged before they start: a move into a battle is taken only when the known strengths favour the
mover (combat.strengths without cards), and a seat commits its strongest cards. ``skip`` and an early
``end_turn`` are valued as the position stands.
"""

from __future__ import annotations

import itertools
from typing import Any

from pygame_core.errors import IllegalAction
from pygame_core.games.brazil_imperial import combat, eras, model, scoring
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action, State

Data = dict[str, Any]


def mission_progress(g: Data, seat: int) -> float:
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
                    min(1.0, eras.count(g, seat, n["count"]) / max(1, int(n.get("n", 1)))) for n in needs
                ) / len(needs)
    return total


def value(g: Data, seat: int) -> float:
    p = model.player(g, seat)
    score = sum(scoring.breakdown(g, seat).values())
    goods = model.supply_total(p) + 0.8 * sum(
        sum((model.tile(g, h) or {}).get("goods", {}).values()) for h in model.controlled(g, seat)
    )
    units = sum(1 for u in g["units"].values() if u["seat"] == seat and u["state"] == "map")
    return (
        score
        + 0.35 * goods
        + 0.5 * len(p["gold"])
        + 0.4 * len(p["battle"])
        + 0.6 * units
        + 3.0 * mission_progress(g, seat)
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
    g = state.data
    kinds = {a["type"] for a in actions}
    if "show_mission" in kinds:
        return next(a for a in actions if a["type"] == "show_mission")
    if "commit" in kinds:
        return max(
            actions, key=lambda a: (sum(bd.BATTLE[c].get("strength", 0) for c in a["cards"]), len(a["cards"]))
        )
    if "keep_mission" in kinds:
        return max(
            actions,
            key=lambda a: sum(
                int(n.get("n", 1)) for o in eras.objectives(bd.MISSIONS[a["id"]]) for n in o.get("needs", [])
            )
            * -1,
        )
    world = game.redetermine(state, seat, rng.below(2**31))
    base = value(world.data, seat)
    best, best_v = actions[0], float("-inf")
    for a in itertools.islice(actions, 60):
        v = _worth(game, world, g, seat, a, base, deep=a["type"] in ("arch", "extra"))
        if v is None:
            continue
        v += rng.below(1000) / 100000
        if v > best_v:
            best, best_v = a, v
    return best


def _worth(
    game: Any, world: State, g: Data, seat: int, a: Action, base: float, *, deep: bool
) -> float | None:
    """The value of playing ``a``; for an arch, the value of its best first step (one ply more)."""
    odds = _battle_odds(world.data, seat, a) if a["type"] in ("move", "ranged") else None
    if odds is not None:
        return base + (2.5 if odds > 0 else -3.0) + 0.2 * odds
    if a["type"] in ("skip", "end_turn", "trade_done"):
        return base - 0.05
    try:
        after = game.apply(world, seat, a)
    except IllegalAction:
        return None
    if not deep or game.to_move(after) != [seat]:
        return value(after.data, seat)
    inner = [
        _worth(game, after, g, seat, b, base, deep=False)
        for b in itertools.islice(game.legal_actions(after, seat), 40)
    ]
    return max((x for x in inner if x is not None), default=base)
