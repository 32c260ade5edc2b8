"""The search's value of an unfinished Great Wall position (issue 20 §3: a co-op team of hard bots must
beat a team of heuristic bots, and hard must beat Qin more often than the heuristic).

Before the ``search_value`` hook the search valued a rollout cut off short of the end by a softmax of
the seats' Honor: in co-op (L880-994, a shared result L994) that set the partners against each other,
and in solo (one seat) it was 1 for every position, so only the rare rollout that reached the end
counted."""

from __future__ import annotations

from pygame_core import games
from pygame_core.bots import search
from pygame_core.games.great_wall import heuristic, model, qin

GAME_ID = "great_wall"


def _new(mode: str, players: int) -> dict:
    return games.get(GAME_ID).new_game(players=players, seed=3, options={"mode": mode}).data


def test_coop_value_is_the_tables_and_grows_with_the_requests_done() -> None:
    """L992-994: the Requests done win for the whole table, an empty shame supply loses."""
    g = _new("coop", 2)
    base = heuristic.search_value(g, 2)
    assert base is not None and base[0] == base[1]
    g["players"][0]["honor"] += 30  # one seat's Honor says nothing in co-op
    assert heuristic.search_value(g, 2) == base
    g["coop"]["done"] += 2
    more = heuristic.search_value(g, 2)
    assert more is not None and more[0] > base[0] and more[0] == more[1]
    g["shame_supply"] -= 10
    worse = heuristic.search_value(g, 2)
    assert worse is not None and worse[0] < more[0]
    assert all(0.0 < v < 1.0 for v in worse)  # short of a win (1) and of a loss (0)


def test_solo_value_follows_the_seats_honor_against_qin() -> None:
    """L862-874: the seat wins with more Honor than Qin and a shame supply not emptied."""
    g = _new("solo", 1)
    base = heuristic.search_value(g, 1)
    assert base is not None and len(base) == 1
    g["players"][0]["honor"] += 20
    ahead = heuristic.search_value(g, 1)
    assert ahead is not None and ahead[0] > base[0]
    g["qin"]["honor"] += 40
    behind = heuristic.search_value(g, 1)
    assert behind is not None and behind[0] < ahead[0]
    g["shame_supply"] = model.SHAME_PER_PLAYER // 2
    poorer = heuristic.search_value(g, 1)
    assert poorer is not None and poorer[0] < behind[0]
    assert qin.total(g) > 0


def test_the_two_player_game_keeps_the_totals() -> None:
    g = _new("two_player", 2)
    assert heuristic.search_value(g, 2) is None


def test_the_search_values_an_unfinished_coop_position_by_the_hook() -> None:
    game = games.get(GAME_ID)
    g = _new("coop", 2)
    g["players"][0]["honor"] += 30
    hook = heuristic.search_value
    assert search.value(game, g, 2, hook) == hook(g, 2)
    assert search.value(game, g, 2)[0] != search.value(game, g, 2)[1]  # without it: seat against seat
    bot = search.SearchBot(game, seed=1, iterations=2)
    assert bot._value is hook
