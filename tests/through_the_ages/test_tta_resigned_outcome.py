"""A player who resigns (L2071) is ranked below every player still in the game, whatever its culture;
only when one player is left does that player win as "the last player left". With three players and
one resigned, the two still playing are ranked by culture and the end screen says why the resigned one
is last, not that a last player is left. (Found by a surviving mutant of scripts/mutate.py: the
`and` of scoring.py's two conditions.)"""

from __future__ import annotations

from tta_helpers import edit, fresh

from pygame_core.games.through_the_ages.scoring import scores


def _resigned(players: int, gone: int, culture: list[int]):
    def fn(d):
        d["players"][gone]["resigned"] = True
        for p, c in zip(d["players"], culture, strict=True):
            p["culture"] = c
    return edit(fresh(players, "full"), fn).data


def test_two_players_left_are_ranked_and_the_resigned_one_is_below_them_L2071():
    out = scores(_resigned(3, 2, [5, 9, 30]))
    assert out["winners"] == [1] and out["rank"] == [1, 0, 2]
    assert out["outcome"]["en"] == "Player 3 resigned, and so ranks below every player still in the game."


def test_the_last_player_left_wins_L2071():
    out = scores(_resigned(2, 1, [5, 30]))
    assert out["winners"] == [0] and out["rank"] == [0, 1]
    assert out["outcome"]["en"] == "Player 2 resigned: Player 1, the last player left, wins."
