"""War's decisions inside whole games through the Game API: every shoot, casualties and shame decision
met in random 3- and 4-player games offers exactly war's answers (plus any Tactic), each with a label
in every language, and the game goes on to its end."""

from __future__ import annotations

import collections

from pygame_core import games
from pygame_core.games.great_wall import combat, shame
from pygame_core.kernel import decisions
from pygame_core.kernel.rng import Rng

WAR = {"shoot": combat, "casualties": combat, "shame": shame}


def test_war_decisions_in_random_games() -> None:
    game = games.get("great_wall")
    met: collections.Counter[str] = collections.Counter()
    for seed, players in ((1, 3), (7, 4), (39, 3), (16, 4), (4, 4), (17, 3), (33, 4), (22, 4), (39, 4)):
        if all(met[k] for k in WAR):
            break
        state = game.new_game(players=players, seed=seed)
        rng = Rng.from_seed(seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            d = decisions.top_for(state.data, seat)
            if d is not None and d["kind"] in WAR:
                met[d["kind"]] += 1
                mine = WAR[d["kind"]].decision_legal(state.data, d, seat)
                assert mine and [a for a in legal if a["type"] != "tactic"] == mine
                for a in mine[:3]:
                    for lang in ("en", "zh-Hant", "zh-Hans"):
                        assert game.label(state, seat, a, lang)
            # prefer attacking, so that casualties and shots come up
            war = [a for a in legal if a["type"] in ("deploy", "shoot", "save", "lose")]
            pool = war if war and rng.below(2) else legal
            state = game.apply(state, seat, pool[rng.below(len(pool))])
        assert game.scores(state)["winners"]
    assert all(met[k] for k in WAR), met
