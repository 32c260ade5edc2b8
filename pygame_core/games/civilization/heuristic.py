"""A heuristic bot: "random, but progressing" (see README). It prefers actions that move the game
towards a victory: research the highest tech it can, devote cities to the arts and advance on the
culture track, found cities, and otherwise plays at random."""

from __future__ import annotations

from typing import Any

from pygame_core.kernel.game import Game
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import State

_PREF = {
    "advance": 10,
    "found": 9,
    "capital": 5,
    "research": 4,
    "arts": 3,
    "produce": 3,
    "explore": 3,
    "loot": 2,
    "play": 2,
    "site": 2,
    "move": 2,
    "step": 2,
    "place": 2,
    "place_gp": 2,
    "harvest": 1,
}


def choose(game: Game, state: State, seat: int, rng: Rng) -> dict[str, Any]:
    actions = game.legal_actions(state, seat)
    data = state.data

    def score(a: dict[str, Any]) -> float:
        k = a["type"]
        s = float(_PREF.get(k, 0))
        if k == "research" and a["tech"]:
            from pygame_core.games.civilization.data import TECHS

            s += 2 * int(TECHS[a["tech"]]["level"])
        if k == "produce":
            item = a["item"]
            if item.startswith("wonder:") or item.startswith("building:"):
                s += 2
            if item == "scout" and data["p"][seat]["scouts"] > 0:
                s += 1
        return s + rng.below(100) / 100.0

    return max(actions, key=score)
