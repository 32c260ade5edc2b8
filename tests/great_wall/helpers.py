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

from pygame_core import games
from pygame_core.games.great_wall import flow, model, steps
from pygame_core.kernel import decisions as kdec
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


# ----------------------------------------------------------------------------- driving the flow
def _halt(ctx: Ctx, st: Data) -> None:
    ctx.data["over"] = True  # a test's end of the flow: advance() stops here


def run(ctx: Ctx, *todo: Data) -> None:
    """Run ``todo`` (flow steps, e.g. ``{"do": "activate", "loc": "tea_house", "advanced": False}``)
    until a decision waits or they are done (then ``g["over"]`` is set: nothing else pending)."""
    steps.STEPS.setdefault("halt", _halt)
    ctx.data["over"] = False
    steps.push(ctx.data, *todo, {"do": "halt"})
    flow.advance(ctx)


def waiting(ctx: Ctx) -> Data | None:
    """The top decision, or None."""
    ds = ctx.data.get("decisions") or []
    return ds[-1] if ds else None


def legal(ctx: Ctx, seat: int | None = None) -> list[dict[str, Any]]:
    d = waiting(ctx)
    assert d is not None, "no decision waits"
    seat = d["seats"][0] if seat is None else seat
    top = kdec.top_for(ctx.data, seat)
    assert top is not None
    out: list[dict[str, Any]] = game()._decision_legal(ctx.data, seat, top)
    return out


def answer(ctx: Ctx, action: dict[str, Any], seat: int | None = None) -> None:
    """``seat`` (default: the top decision's first seat) answers its decision with ``action``, which
    must be legal; the flow then runs on (as Game.apply does)."""
    d = waiting(ctx)
    assert d is not None, "no decision waits"
    seat = d["seats"][0] if seat is None else seat
    acts = legal(ctx, seat)
    assert action in acts, (action, acts)
    top = kdec.top_for(ctx.data, seat)
    assert top is not None
    game()._answer(ctx, seat, top, dict(action))


def kinds(ctx: Ctx) -> list[str]:
    return [d["kind"] for d in ctx.data.get("decisions") or []]
