"""Resignation (体面退出, L2065-2071): a civilization that resigns leaves the game; when one player is
left, that player wins. The end screen ranks those still playing above those who resigned."""

from __future__ import annotations

from typing import Any

from tta_helpers import edit, fresh, legal

from pygame_core.games.through_the_ages import GAME
from pygame_core.kernel.state import State


def _resign_turns(s: State, seats: tuple[int, ...]) -> State:
    """Play on (always the first legal action other than resigning) until each of ``seats`` has
    resigned, each on its own turn."""
    todo = list(seats)
    for _ in range(400):
        if not todo or GAME.is_over(s):
            break
        seat = GAME.to_move(s)[0]
        acts = legal(s, seat)
        pick: dict[str, Any] | None = next((a for a in acts if a["type"] == "resign"), None) \
            if seat == todo[0] else None
        if pick is not None:
            todo.pop(0)
        else:
            pick = next(a for a in acts if a["type"] != "resign")
        s = GAME.apply(s, seat, pick)
    assert not todo, f"seats {todo} never had the chance to resign"
    return s


def test_the_last_player_left_wins_and_resigned_players_rank_last_l2071():
    s = fresh(3, "full", round_=2)
    s = edit(s, lambda d: d["players"][1].update(culture=9))  # more culture than the winner
    s = _resign_turns(s, (0, 1))
    assert GAME.is_over(s)
    sc = GAME.scores(s)
    assert sc["winners"] == [2]
    assert sc["rank"][0] == 2 and sorted(sc["rank"][1:]) == [0, 1]
    assert sc["rank"].index(1) < sc["rank"].index(0) or sc["totals"][1] == sc["totals"][0]
    assert "Player 1, Player 2 resigned" in sc["outcome"]["en"] and "Player 3" in sc["outcome"]["en"]
    assert "体面退出" in sc["outcome"]["zh-Hans"] and "體面退出" in sc["outcome"]["zh-Hant"]


def test_a_game_without_resignations_ranks_by_culture_and_says_nothing_more():
    s = fresh(2, "full", round_=2)
    s = edit(s, lambda d: [p.update(culture=c) for p, c in zip(d["players"], (3, 8), strict=True)])
    sc = GAME.scores(s)
    assert sc["rank"] == [1, 0] and "outcome" not in sc
