"""The toy game's hex board (option board=hex): the engine side of the front-end kit's hex proof."""

from __future__ import annotations

from pygame_core.games.toy import TOY
from pygame_core.games.toy.game import HEX_DIRS, HEXAGON


def test_hex_board_claims_are_the_free_neighbours_and_the_game_ends_after_three_each() -> None:
    assert len(HEXAGON) == 19 and all(max(abs(q), abs(r), abs(q + r)) <= 2 for q, r in HEXAGON)
    state = TOY.new_game(2, seed=1, options={"board": "hex"})
    assert TOY.to_move(state) == [0]
    first = {tuple(a["cell"]) for a in TOY.legal_actions(state, 0)}
    assert first == {(-1, 0), (-1, -1), (-2, 1)}  # the three on-board neighbours of the corner (-2, 0)
    turns = 0
    while not TOY.is_over(state):
        seat = TOY.to_move(state)[0]
        view = TOY.view(state, seat)
        owner = view["hex"]["owner"]
        mine = {tuple(map(int, k.split(","))) for k, s in owner.items() if s == seat}
        free = {c for c in HEXAGON if f"{c[0]},{c[1]}" not in owner}
        near = {(q + dq, r + dr) for q, r in mine for dq, dr in HEX_DIRS} & free
        legal = TOY.legal_actions(state, seat)
        assert {tuple(a["cell"]) for a in legal} == near
        assert TOY.label(state, seat, legal[0], "en").startswith("Claim (")
        state = TOY.apply(state, seat, legal[-1])
        turns += 1
    assert turns == 6 and TOY.scores(state)["totals"] == [3, 3]
    assert TOY.scores(state)["breakdown"] == [{"cells": 3}, {"cells": 3}]


def test_the_default_board_is_still_the_sealed_bid_game() -> None:
    state = TOY.new_game(2, seed=1)
    assert "hex" not in TOY.view(state, 0) and sorted(TOY.to_move(state)) == [0, 1]
    assert TOY.legal_actions(state, 0)[0]["type"] == "bid"
