"""Whole games of the 2-player (Reed Clan) and solo (Qin Jiushao) modes: random games end within a
bounded number of actions, play the same for the same seed, survive a save/load round trip, and keep
Qin's Honor in every view and in the scores."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.bots import RandomBot
from pygame_core.simulate import play_random
from tests.great_wall.helpers import game

MAX_ACTIONS = 5000
CASES = [(2, {"mode": "two_player"}), (1, {"mode": "solo"}), (1, {"mode": "solo", "difficulty": "hard"}),
         (1, {"mode": "solo", "difficulty": "hardest"}), (2, {"mode": "coop"}), (3, {"mode": "coop"}),
         (4, {"mode": "coop"})]


def _play(players: int, options: dict[str, Any], seed: int, check: Any = None) -> Any:
    gm = game()
    state = gm.new_game(players=players, seed=seed, options=options)
    bot = RandomBot(seed)
    n = 0
    while not gm.is_over(state) and n < MAX_ACTIONS:
        seat = gm.to_move(state)[0]
        state = gm.apply(state, seat, bot.choose(gm, state, seat))
        n += 1
        if check:
            check(gm, state, n)
    return state


@pytest.mark.parametrize("players,options", CASES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_end_with_scores(players: int, options: dict[str, Any], seed: int) -> None:
    p = play_random("great_wall", players, seed, options)
    assert p.is_over() and p.played <= MAX_ACTIONS
    sc = p.scores()
    assert len(sc["totals"]) == players and len(sc["breakdown"]) == players
    if options["mode"] == "solo":  # L874: against Qin, whose total is in the scores
        assert set(sc["qin"]["breakdown"]) == {"honor", "horde", "artifacts"}
        assert sc["winners"] == ([0] if sc["totals"][0] > sc["qin"]["total"] and p.data["end"] != "shame"
                                 else [])
        assert all(sc["outcome"][lang] for lang in ("en", "zh-Hant", "zh-Hans"))
    elif options["mode"] == "coop":  # L994: a shared result
        assert sc["winners"] in ([], list(range(players)))
        assert (sc["winners"] != []) == (p.data["end"] == "requests")
    else:
        assert sc["winners"] and sc["rank"][0] == sc["winners"][0]


@pytest.mark.parametrize("players,options", [CASES[0], CASES[1], CASES[5]])
def test_the_same_seed_plays_the_same_game(players: int, options: dict[str, Any]) -> None:
    a, b = play_random("great_wall", players, 7, options), play_random("great_wall", players, 7, options)
    assert a.played == b.played and a.scores() == b.scores()


@pytest.mark.parametrize("players,options", [CASES[0], CASES[1], CASES[5]])
def test_save_and_load_round_trip(players: int, options: dict[str, Any]) -> None:
    def check(gm: Any, state: Any, n: int) -> None:
        if n in (10, 40, 120):
            back = gm.load(gm.save(state))
            assert back.digest() == state.digest() and gm.view(back, 0) == gm.view(state, 0)

    state = _play(players, options, 11, check)
    assert game().is_over(state)
    again = game().load(game().save(state))
    assert again.digest() == state.digest() and game().scores(again) == game().scores(state)


def test_qins_honor_is_in_every_view() -> None:
    """Issue 18: Qin's Honor is shown all game."""
    def check(gm: Any, state: Any, n: int) -> None:
        for viewer in (None, 0):
            v = gm.view(state, viewer)
            assert v["qin"]["honor"] == state.data["qin"]["honor"]
            assert v["qin"]["deck"] == len(state.data["qin"]["deck"])  # his deck stays hidden (L166)

    _play(1, {"mode": "solo"}, 5, check)


def coop_policy(gm: Any, state: Any, seat: int, rng: Any) -> dict[str, Any]:
    """A documented greedy co-op policy: complete a Request when one can be; discard shame and save
    soldiers as much as possible; build a Wall, else a barricade, where the Horde outweighs the defense
    most; deploy there; recruit; send clerks mostly to the Builders' camp, Barracks and production."""
    from pygame_core.games.great_wall import combat

    g = state.data
    acts = gm.legal_actions(state, seat)

    def threat(i: int) -> int:
        return int(combat.attack(g, i) - combat.defense(g, i))

    def of(ty: str, key: str | None = None, value: Any = None) -> list[dict[str, Any]]:
        return [a for a in acts if a["type"] == ty and (key is None or (a.get(key) == value if value
                                                                         else key in a))]

    if of("request"):
        return of("request")[0]
    if of("pay"):  # asked to pay for a Request the table names (coop_pay)
        return of("pay")[0]
    for ty in ("discard_shame", "save"):
        if of(ty):
            return max(of(ty), key=lambda a: a["n"])
    for build in ("wall", "barricade"):
        if of("use", "build", build):
            return max(of("use", "build", build), key=lambda a: threat(a["section"]))
    if of("deploy"):
        return max(of("deploy"), key=lambda a: threat(a["section"]))
    if of("use", "kind"):
        return rng.choice(of("use", "kind"))
    weight = {"builders_camp": 4, "barracks": 3, "quarry": 2, "lumber_mill": 2, "gold_mine": 1, "temple": 1}
    pool = [a for a in of("clerk") for _ in range(weight.get(a["to"], 0))]
    if pool:
        return rng.choice(pool)
    busy = [a for a in acts if a["type"] not in ("pass", "stop")]
    return rng.choice(busy or acts)


@pytest.mark.parametrize("players", [3, 4])
def test_the_coop_policy_completes_requests_and_the_game_ends(players: int) -> None:
    """L985, L994: under the documented policy Requests get completed and every game ends with a
    shared result. (It does not win yet with the authored decks: README, Modes.)"""
    import random

    gm, done = game(), 0
    for seed in range(4):
        rng = random.Random(seed)
        state = gm.new_game(players=players, seed=seed, options={"mode": "coop"})
        n = 0
        while not gm.is_over(state) and n < MAX_ACTIONS:
            seat = gm.to_move(state)[0]
            state = gm.apply(state, seat, coop_policy(gm, state, seat, rng))
            n += 1
        assert gm.is_over(state)
        sc = gm.scores(state)
        assert sc["winners"] in ([], list(range(players)))
        done += state.data["coop"]["done"]
    assert done > 0
