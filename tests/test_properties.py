"""Properties every game must keep, checked over random complete games.

- every game terminates; replays are deterministic; save/load round-trips anywhere;
- no view or visible log shows another seat's hidden information (hand, resources,
  sealed bid, deck order): re-dealing what a seat cannot see leaves its view unchanged;
- illegal and malformed actions raise IllegalAction and leave the state unchanged.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import IllegalAction, games
from pygame_core.bots import RandomBot
from pygame_core.kernel.game import Game
from pygame_core.kernel.state import State, canonical

from .kernel.toy import TOY

GAMES: list[Game] = [TOY] + [games.get(g) for g in games.available()]
CASES = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.id}-{n}p" for g, n in CASES]
FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def options_for(game: Game) -> st.SearchStrategy[dict]:
    """Any combination of the game's options (variants: quick game, learning mode, ...)."""
    return st.fixed_dictionaries({k: st.sampled_from(o["values"]) for k, o in game.options_schema.items()})


def random_game(game: Game, players: int, seed: int, options: dict | None = None) -> list[State]:
    """All states of one random complete game."""
    bot = RandomBot(seed)
    state = game.new_game(players=players, seed=seed, options=options)
    states = [state]
    for _ in range(20_000):
        seats = game.to_move(state)
        if not seats:
            return states
        seat = seats[len(state.history) % len(seats)]
        state = game.apply(state, seat, bot.choose(game, state, seat))
        states.append(state)
    raise AssertionError(f"{game.id} seed {seed} did not end in 20000 actions")


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_random_games_terminate_deterministically_with_scores(game, players, seed, data):
    options = data.draw(options_for(game))
    a = random_game(game, players, seed, options)
    b = random_game(game, players, seed, options)
    assert game.is_over(a[-1]) and game.to_move(a[-1]) == []
    assert a[-1].digest() == b[-1].digest() and a[-1].history == b[-1].history
    sc = game.scores(a[-1])
    assert len(sc["totals"]) == players and len(sc["breakdown"]) == players and sc["winners"]
    for total, parts in zip(sc["totals"], sc["breakdown"], strict=True):
        assert sum(parts.values()) == total, (total, parts)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_save_load_round_trips_at_random_points(game, players, seed, data):
    states = random_game(game, players, seed, data.draw(options_for(game)))
    for _ in range(3):
        s = states[data.draw(st.integers(0, len(states) - 1))]
        text = game.save(s)
        json.loads(text)
        back = game.load(text)
        assert back.digest() == s.digest() and back.checkpoint == s.checkpoint
        assert game.view(back, None) == game.view(s, None)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_views_and_logs_leak_nothing_hidden(game, players, seed, data):
    states = random_game(game, players, seed, data.draw(options_for(game)))
    picks = {0, len(states) - 1} | {data.draw(st.integers(0, len(states) - 1)) for _ in range(6)}
    for i in sorted(picks):
        s = states[i]
        for seat in [None, *range(players)]:
            v = canonical(game.view(s, seat))
            other = game.redetermine(s, seat, seed + i)
            assert canonical(game.view(other, seat)) == v, f"seat {seat} sees re-dealt hidden info, step {i}"
            for o in range(players):
                if o == seat:
                    continue
                for token in game.secret_tokens(s, o):
                    assert token not in v, f"seat {seat} sees {token!r} of seat {o} at step {i}"


MALFORMED = st.one_of(
    st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=6), st.one_of(st.integers(-3, 20), st.text(max_size=6), st.none()),
                    max_size=4),
    st.fixed_dictionaries({"type": st.text(max_size=12)}),
)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_illegal_and_malformed_actions_change_nothing(game, players, seed, data):
    states = random_game(game, players, seed, data.draw(options_for(game)))
    for _ in range(5):
        s = states[data.draw(st.integers(0, len(states) - 1))]
        before = (canonical(s.data), s.rng, s.history, s.log, s.checkpoint)
        seat = data.draw(st.integers(-1, players))
        action = data.draw(MALFORMED)
        movers = game.to_move(s)
        legal = game.legal_actions(s, seat) if 0 <= seat < players else []
        if isinstance(action, dict) and action in legal and seat in movers:
            continue
        with pytest.raises(IllegalAction) as err:
            game.apply(s, seat, action)
        assert err.value.reason
        # a legal action of a seat that is not to move is refused too
        idle = [p for p in range(players) if p not in movers]
        if idle and movers:
            with pytest.raises(IllegalAction):
                game.apply(s, idle[0], game.legal_actions(s, movers[0])[0])
        assert (canonical(s.data), s.rng, s.history, s.log, s.checkpoint) == before
