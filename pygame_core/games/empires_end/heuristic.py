"""A one-step greedy bot with a hand-made evaluation.

It reads only what its seat may see: its own hand, resources and pending decisions, and the
public board (empires, open disasters, the conflict card, scores). Lookahead applies only its
own non-final actions (never "done", never a bid, never a draw), so it never peeks at deck
order, other hands or sealed bids. It uses Change disaster (L588) on its own turn when the open card
would cost it a valuable location.

Evaluation = score + intact location points + end-game innovation points + the future value of
active abilities and of resources (both shrinking as the phase track runs out).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import active, base_military
from pygame_core.games.empires_end.conflict import row_for
from pygame_core.games.empires_end.data import CARDS, CONFLICTS, LOCS
from pygame_core.games.empires_end.empire import destroy_options, points
from pygame_core.games.empires_end.scoring import destroyed_count, innovation_points
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import State

RES_VALUE = {"wheat": 0.8, "hammer": 1.1, "axe": 0.9, "coin": 1.3}


def _remaining(d: dict[str, Any], kinds: tuple[str, ...]) -> int:
    return sum(1 for k in d["track"][d["phase_index"] + 1:] if k in kinds)


def ability_value(ab: dict[str, Any], phase: str, d: dict[str, Any]) -> float:
    """Rough worth of an active in-play ability over the rest of the game (the phases left of the
    kind it acts in, counted only for the kinds that ask: a rollout values many abilities)."""
    k = ab["kind"]
    if k == "produce":
        n = sum(ab["gain"].values())
        return n * (_econ(d) if phase == "economy" else _remaining(d, _IND))
    if k == "points":
        return ab["points"] * (_econ(d) if phase == "economy" else _remaining(d, _IND))
    if k in ("adj_destroyed_points", "adj_type_gain"):
        return 0.8 * _econ(d)
    if k == "convert":
        return 0.3 * _econ(d) * ab["uses"]
    if k == "copy_economy":
        return 0.8 * _econ(d)
    if k == "military":
        return 1.2 * ab["amount"] * _remaining(d, _CONF)
    if k == "adj_destroyed_military":
        return 0.6 * _remaining(d, _CONF)
    if k in ("free_pass", "change_disaster"):
        return min(1.5, 0.5 * _remaining(d, _DIS))
    if k in ("build_discount", "repair_discount", "refresh_adjacent", "move_innovation", "swap"):
        return 0.6 * _remaining(d, _IND)
    if k == "on_destroy":
        return 1.5
    return 0.0


_ECON = ("economy", "economy_industry")
_IND = ("industry", "economy_industry")
_CONF = ("conflict",)
_DIS = ("disaster", "double_disaster")


def _econ(d: dict[str, Any]) -> int:
    """The economy phases left, the current one included."""
    return _remaining(d, _ECON) + (1 if d["phase"] == "economy" else 0)


def evaluate(d: dict[str, Any], seat: int) -> float:
    p = d["seats"][seat]
    if d["over"]:
        frac = 0.0
    else:
        frac = (len(d["track"]) - max(d["phase_index"], 0)) / len(d["track"])
    most = max(destroyed_count(q) for q in d["seats"])
    v: float = p["score"] + innovation_points(p, most)[0]
    for loc in p["locations"]:
        if loc["intact"]:
            v += points(loc)
        elif _remaining(d, ("industry", "economy_industry")) or d["phase"] in ("industry",
                                                                               "economy_industry"):
            v += 0.25 * points(loc)
    for _key, ab, ph, _i in active(p):
        if ph != "end":
            v += 0.6 * ability_value(ab, ph, d)
    res = p["resources"]
    for r, w in RES_VALUE.items():
        v += res[r] * w * (0.3 + 0.7 * frac) if not d["over"] else 0
    if sum(res.values()) < 3 and not d["over"]:
        v -= 1.5 * (3 - sum(res.values()))
    v += 0.3 * len(p["hand"]) * frac
    return v


def _after(game: Any, state: State, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The position after ``seat``'s own non-final ``action`` (none of them draws a card)."""
    return dict(game.apply(state, seat, action).data)


def _take_value(d: dict[str, Any], seat: int, i: int) -> float:
    """Pool + innovation worth - what the destruction costs."""
    p = d["seats"][seat]
    entry = d["disasters"][i]
    card = CARDS[entry["card"]]
    gain = sum(entry["pool"][r] * w for r, w in RES_VALUE.items())
    opts = destroy_options(p["locations"], card["target"])
    loss = 0.0
    if opts:
        tiles = [LOCS[p["locations"][q - 1]["id"]] for q in opts]
        loss = min(x["points"] + 0.6 * ability_value(x["ability"], x["phase"], d) for x in tiles)
        for q in opts[:1]:
            for inn in p["locations"][q - 1]["innovations"]:
                loss += 0.6 * ability_value(CARDS[inn["card"]]["ability"], CARDS[inn["card"]]["phase"], d)
    inn_val = 2.0 if card["phase"] == "end" else 0.6 * ability_value(card["ability"], card["phase"], d)
    scarce = 2.0 if sum(p["resources"].values()) <= 2 else 0.0
    return gain + inn_val + scarce - loss + 0.8


def _choose_disaster(d: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    p = d["seats"][seat]
    takes = [a for a in legal if a["type"] == "take"]
    values = [_take_value(d, seat, a["card"]) for a in takes]
    best = max(range(len(takes)), key=values.__getitem__)  # the first of the best, as max(takes) would
    best_take, tv = takes[best], values[best]
    frees = [a for a in legal if a["type"] == "free_pass" and a["card"] == best_take["card"]]
    passes = [a for a in legal if a["type"] == "pass" and a["card"] == best_take["card"]]
    changes = [a for a in legal if a["type"] == "change" and a["card"] == best_take["card"]]
    if changes and tv < -4 and not frees:
        return changes[0]  # L588: swap a card that would cost a valuable location for the next one
    if tv > 0:
        return best_take
    if frees:
        return frees[0]
    if passes:
        return min(passes, key=lambda a: RES_VALUE[a["pay"]] / (1 + p["resources"][a["pay"]]))
    others = [a for a in legal if a["type"] in ("pass", "free_pass")]
    if others:
        return others[0]
    return best_take


def _choose_bid(d: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    card = CONFLICTS[d["conflict"]["card"]]
    base = base_military(d["seats"][seat])
    shown = d["conflict"].get("open_bids") or {}  # learning mode (L195): earlier bids are in the open
    opp = max((base_military(q) + (shown[str(s)]["axe"] + shown[str(s)]["coin"] if str(s) in shown else 2)
               for s, q in enumerate(d["seats"]) if s != seat), default=0)
    vic = card["victory"]["points"] + sum(RES_VALUE[r] * n for r, n in card["victory"]["gain"].items())

    def value(a: dict[str, Any]) -> float:
        total = base + a["axe"] + a["coin"]
        row = row_for(card, total)
        v = 0.0
        if row is not None:
            v += row["points"] + sum(RES_VALUE[r] * n for r, n in row["gain"].items()) + row["refresh"] * 0.5
        v += vic if total > opp else (0.5 * vic if total == opp else -2.0)
        return v - a["axe"] * RES_VALUE["axe"] - a["coin"] * RES_VALUE["coin"] * 1.2

    return max(legal, key=value)


def choose(game: Any, state: State, seat: int, rng: Rng) -> dict[str, Any]:
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    d = state.data
    ruled = _rule(d, seat, legal)
    if ruled is not None:
        return ruled
    # everything else: greedy one-step lookahead on the own evaluation
    base = evaluate(d, seat)
    cands = [a for a in legal if a["type"] not in ("done", "discard_rest")]
    if len(cands) > 40:
        cands = [cands[rng.below(len(cands))] for _ in range(40)]
    best, best_v = None, 0.05
    for a in cands:
        v = evaluate(_after(game, state, seat, a), seat) - base
        if v > best_v:
            best, best_v = a, v
    if best is not None:
        return best
    for a in legal:
        if a["type"] == "done":
            return a
    return max(legal, key=lambda a: evaluate(_after(game, state, seat, a), seat))


def _rule(d: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The choice of a decision this bot makes by rule (no lookahead), or None."""
    kinds = {a["type"] for a in legal}
    if kinds == {"change"}:
        # asked out of turn: replace the open card that would hurt this empire most if it came round
        return min(legal, key=lambda a: _take_value(d, seat, a["card"]))
    if kinds & {"take", "pass"}:
        return _choose_disaster(d, seat, legal)
    if "shortage" in kinds or "shortage_done" in kinds:
        total = sum(d["seats"][seat]["resources"].values())
        frac = (len(d["track"]) - d["phase_index"]) / len(d["track"])
        return {"type": "shortage"} if (total < 2 and frac > 0.4 and "shortage" in kinds) else {
            "type": "shortage_done"}
    if "bid" in kinds:
        return _choose_bid(d, seat, legal)
    if "order" in kinds:
        return {"type": "order", "first": "economy"}
    if "execute" in kinds:
        p = d["seats"][seat]

        def pair_value(a: dict[str, Any]) -> float:
            return -sum(points(p["locations"][CARDS[c]["target"] - 1]) for c in a["cards"])
        return max((a for a in legal if a["type"] == "execute"), key=pair_value)
    return None


# ------------------------------------------------------------------ search hooks (bots/search.py)
def rollout(d: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """The search's rollout policy: this bot's rules (disasters, bids, shortages, order, execution);
    in place of its lookahead (building, repairing ...), a random action, or done one time in four."""
    ruled = _rule(d, seat, legal)
    if ruled is not None and ruled in legal:
        return ruled
    cands = [a for a in legal if a["type"] not in ("done", "discard_rest")]
    done = [a for a in legal if a["type"] == "done"]
    if cands and not (done and rng.below(4) == 0):
        return cands[rng.below(len(cands))]
    return done[0] if done else legal[rng.below(len(legal))]


def search_order(d: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> list[float]:
    """The order in which the search tries a node's actions: the rule's choice first, then the actions
    that change the position before ``done``."""
    ruled = _rule(d, seat, legal) if len(legal) > 1 else None
    return [2.0 if a == ruled else (0.0 if a["type"] in ("done", "discard_rest") else 1.0) for a in legal]
