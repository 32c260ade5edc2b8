"""Building Great Wall states for rule tests without playing up to them.

- :func:`blank` makes the empty frame of a game (``model.new_game_data``): no cards dealt, year 1,
  Autumn, every seat with its starting pieces and nothing on the board. Tests then set exactly the
  fields they need (``g["players"][0]["res"]["chi"] = 4``, ``put_clerks(g, "lumber_mill", [0, 0, 1])``).
- :func:`ctx_for` wraps a data dict in a kernel ``Ctx`` (with a seeded RNG) for calling rule
  functions directly (``locations.activate(ctx, ...)``).
- :func:`new_state` / :func:`play` go through the Game API once ``GAME`` exists.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import model
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx

Data = dict[str, Any]


def blank(players: int = 3, *, tea: list[int] | None = None) -> Data:
    g = model.new_game_data(players)
    if tea is not None:
        g["tea"] = list(tea)
    return g


def ctx_for(g: Data, seed: int = 1, seat: int | None = None) -> Ctx:
    return Ctx(g, Rng.from_seed(seed), len(g["players"]), {"mode": g["mode"]}, seat)


def put_clerks(g: Data, loc: str, seats: list[int]) -> None:
    """Move clerks of ``seats`` (one per entry) from their supplies onto ``loc``."""
    for s in seats:
        g["players"][s]["clerks"] -= 1
        g["locations"][loc].append(s)


def set_res(g: Data, seat: int, **res: int) -> None:
    g["players"][seat]["res"].update(res)


def game() -> Any:
    from pygame_core import games
    return games.get("great_wall")


def new_state(players: int = 3, seed: int = 0) -> Any:
    return game().new_game(players=players, seed=seed)


def answer_all(state: Any, pick: Any = None, limit: int = 100000) -> Any:
    """Play the state forward with ``pick(game, state, seat, legal) -> action`` (default: the first
    legal action) until it is over or ``limit`` actions were played."""
    gm = game()
    for _ in range(limit):
        if gm.is_over(state):
            return state
        seat = gm.to_move(state)[0]
        legal = gm.legal_actions(state, seat)
        action = legal[0] if pick is None else pick(gm, state, seat, legal)
        state = gm.apply(state, seat, action)
    return state
