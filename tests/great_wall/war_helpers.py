"""Plain-dict Great Wall states for the war modules' tests (horde, combat, shame), built by the shared
spec's State section, and a kernel Ctx to run rules on them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pygame_core.games.great_wall import combat, horde, model, shame
from pygame_core.kernel import decisions
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx

Rec = dict[str, Any]


def section(wall: int = 0, barricades: int = 0) -> Rec:
    sec = model.new_section(barricades=barricades)
    sec["wall"] = wall
    sec["firing"] = [None] * horde.wall(wall)["firing_spots"]
    return sec


def state(players: int = 3, tea: list[int] | None = None, barricades: int = 0) -> Rec:
    """Core's empty frame (model.new_game_data) in Winter, with level-0 Walls and their firing spots."""
    g = model.new_game_data(players)
    g["season"] = "winter"
    if tea is not None:
        g["tea"] = list(tea)
    g["sections"] = [section(0, barricades) for _ in range(3)]
    return g


def ctx(g: Rec, seed: int = 1) -> Ctx:
    return Ctx(g, Rng.from_seed(seed), len(g["players"]), {"mode": "competitive"}, None)


def put(g: Rec, sec: int, row: int, cid: str, soldiers: Sequence[tuple[int, str, list[int]]] = (),
        wounds: Sequence[int] = ()) -> Rec:
    """Put Horde card ``cid`` at (section, row) with soldiers (seat, kind, spots) and wounds."""
    slot = {"card": cid, "soldiers": [{"seat": s, "kind": k, "spots": list(sp)} for s, k, sp in soldiers],
            "wounds": list(wounds)}
    g["sections"][sec]["rows"][row] = slot
    return slot


def with_spots(n: int, *, ability: bool | None = False, adjacent_pair: bool | None = None) -> str:
    """A Horde card id with ``n`` vital spots (by default one with no ability)."""
    for cid, c in horde.CARDS.items():
        if len(c["spots"]) != n or (ability is not None and bool(c["ability"]) != ability):
            continue
        pairs = any(combat.adjacent(cid, i, j) for i in range(n) for j in range(i + 1, n))
        if adjacent_pair is None or pairs == adjacent_pair:
            return cid
    raise LookupError(n)


def top(g: Rec) -> Rec | None:
    items = decisions.stack(g)
    return items[-1] if items else None


def answer(c: Ctx, seat: int, action: Rec) -> None:
    """Answer the decision ``seat`` faces now, as core's game.py dispatches it."""
    d = decisions.top_for(c.data, seat)
    assert d is not None, "no decision for this seat"
    (shame if d["kind"] == "shame" else combat).decide(c, d, seat, action)


def legal(g: Rec, seat: int) -> list[Rec]:
    d = decisions.top_for(g, seat)
    assert d is not None
    return (shame if d["kind"] == "shame" else combat).decision_legal(g, d, seat)


def soldiers_total(g: Rec, seat: int) -> int:
    """Every figure of the seat: supply (shamed or not), rest areas, Walls and cards (overseers aside)."""
    p = g["players"][seat]
    n = sum(p["supply"].values()) + sum(p["shamed"].values())
    for sec in g["sections"]:
        n += sum(1 for s in sec["rest"] if s["seat"] == seat) + sum(1 for s in sec["firing"] if s == seat)
        n += sum(1 for slot in sec["rows"] if slot for s in slot["soldiers"] if s["seat"] == seat)
    return n


def settle(c: Ctx) -> None:
    """Run the steps core's effects.run scheduled (spot rewards), as flow.advance does, until a decision
    waits or none is left."""
    from pygame_core.games.great_wall import flow, steps  # noqa: F401  (flow registers the step handlers)
    g = c.data
    while g.get("todo") and not steps.pending(g):
        st = g["todo"].pop()
        steps.STEPS[st["do"]](c, st)


def no_saves(c: Ctx) -> list[int]:
    """Answer every casualty decision waiting, top first, by saving nobody (a seat is asked whenever its
    soldiers die, even without 2 Chi: who must answer is public); returns the seats asked, in order."""
    asked = []
    while (d := top(c.data)) is not None and d["kind"] == "casualties" and not d["groups"]:
        seat = d["seats"][0]
        assert {"type": "save", "n": 0} in legal(c.data, seat)
        answer(c, seat, {"type": "save", "n": 0})
        asked.append(seat)
    return asked


#: Horde cards of fixed shapes for the combat rule tests (registered by id like another deck's cards,
#: ``horde.EXTRA``), so that the geometry rules (L530-537: spots, adjacency, horsemen's pairs) are tested
#: on the same shapes whatever the authored deck holds (data/horde.json, tuned for balance).
def _fixture(cid: str, en: str, attack: int, spots: list[tuple[int, int]], rewards: list[Rec]) -> str:
    horde.EXTRA[cid] = {
        "id": cid, "name": {"en": en, "zh-Hant": en, "zh-Hans": en}, "attack": attack, "reward": 4,
        "indicator": 1, "shame_slots": 2, "ability": None,
        "spots": [{"x": x, "y": y, "reward": r} for (x, y), r in zip(spots, rewards, strict=True)],
        "source": {"kind": "authored", "why": "a test fixture (tests/great_wall/war_helpers.py)"}}
    return cid


_G = {"op": "gain"}
SQUARE = _fixture("test_square", "Test Square", 3, [(0, 0), (1, 0), (0, 1), (1, 1)],
                  [{**_G, "stone": 1}, {**_G, "gold": 1}, {"op": "honor", "n": 1}, {**_G, "chi": 1}])
LINE = _fixture("test_line", "Test Line", 2, [(0, 0), (1, 0), (2, 0)],
                [{**_G, "wood": 1}, {**_G, "chi": 1}, {**_G, "stone": 1}])
PAIR = _fixture("test_pair", "Test Pair", 1, [(0, 0), (1, 0)], [{**_G, "stone": 1}, {"op": "honor", "n": 1}])
SCATTER = _fixture("test_scatter", "Test Scatter", 2, [(0, 0), (2, 0), (1, 1)],
                   [{**_G, "chi": 1}, {"op": "honor", "n": 1}, {**_G, "wood": 1}])
