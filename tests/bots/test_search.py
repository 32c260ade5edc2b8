"""The search bot (pygame_core/bots/search.py) over every registered game: it plays legal moves, the
same move for the same seed and iteration budget, the same move in every world its seat cannot tell
apart (issue 20 §6), never raises on any game's decisions (sealed bids, the Reed Clan's choices, co-op,
solo), finishes games, and the webapi's "bot" and "hint" calls keep their contract.

Budgets are tiny (a few iterations, a short depth): these are properties of the search, not of its
strength (bench/strength.py measures that)."""

from __future__ import annotations

import json

import pytest

from pygame_core import IllegalAction, OptionError, bots, games, webapi
from pygame_core.bots import RandomBot, hint, search
from pygame_core.kernel.game import Game
from pygame_core.kernel.state import State, json_key

#: (game, players, options) covering every mode: Great Wall's solo, Reed Clan and co-op games included.
CASES: list[tuple[str, int, dict]] = [
    ("toy", 2, {}),
    ("empires_end", 2, {}),
    ("empires_end", 3, {"mode": "quick"}),
    ("through_the_ages", 2, {}),
    ("through_the_ages", 3, {"mode": "full"}),
    ("civilization", 2, {}),
    ("great_wall", 1, {"mode": "solo"}),
    ("great_wall", 2, {"mode": "two_player"}),
    ("great_wall", 3, {"mode": "competitive"}),
    ("great_wall", 2, {"mode": "coop"}),
    ("brazil_imperial", 2, {}),
]
IDS = [f"{g}-{n}p-{'-'.join(map(str, o.values())) or 'default'}" for g, n, o in CASES]
#: Random actions walked per case at most (Civilization's random games run to thousands).
WALK = 300


def walk(game: Game, players: int, options: dict, seed: int = 3, limit: int = WALK) -> list[State]:
    """The states of a random game (up to ``limit`` actions)."""
    state = game.new_game(players=players, seed=seed, options=options)
    rb = RandomBot(seed)
    out = [state]
    for _ in range(limit):
        seats = game.to_move(state)
        if not seats:
            break
        state = game.apply(state, seats[0], rb.choose(game, state, seats[0]))
        out.append(state)
    return out


def sample(states: list[State], n: int) -> list[State]:
    """The first three states (setup choices: drafts, sealed picks) and ``n`` more spread evenly."""
    step = max(1, len(states) // n)
    return states[:3] + states[3::step][:n]


def tiny(game: Game, seed: int = 7, iterations: int = 6, depth: int = 12,
         prior: float = 0.0) -> search.SearchBot:
    """A search bot with a tiny budget (``prior``: the root prior's weight, the normal level's is
    ``search.PRIOR["normal"]``)."""
    return search.SearchBot(game, seed, iterations, depth=depth, prior=prior)


#: the normal level's root prior (the heuristic's move, read from the real state)
NORMAL = search.PRIOR["normal"]


@pytest.mark.parametrize("gid,players,options", CASES, ids=IDS)
def test_the_search_never_raises_and_plays_a_legal_move_for_every_deciding_seat(gid, players, options):
    game = games.get(gid)
    for state in sample(walk(game, players, options), 24):
        for seat in game.to_move(state):  # every seat of a simultaneous choice (sealed bids too)
            bot = tiny(game, iterations=3, depth=8)
            action = bot.choose(game, state, seat)
            game.apply(state, seat, action)  # legal: raises otherwise
            assert bot.failed == 0, (gid, len(state.history), seat)  # every world dealt was playable


@pytest.mark.parametrize("gid,players,options", CASES, ids=IDS)
def test_same_seed_and_budget_give_the_same_move_and_statistics(gid, players, options):
    game = games.get(gid)
    for state in sample(walk(game, players, options), 5):
        seat = game.to_move(state)[0] if game.to_move(state) else None
        if seat is None or len(game.legal_actions(state, seat)) < 2:
            continue
        a = tiny(game).ranked(game, state, seat)
        b = tiny(game).ranked(game, state, seat)
        assert a == b
        assert tiny(game).choose(game, state, seat) == tiny(game).choose(game, state, seat)
        c = tiny(game, prior=NORMAL).ranked(game, state, seat)
        assert c == tiny(game, prior=NORMAL).ranked(game, state, seat)


@pytest.mark.parametrize("gid,players,options", CASES, ids=IDS)
def test_the_move_is_the_same_in_every_world_the_seat_cannot_tell_apart(gid, players, options):
    """Issue 20 §6: re-deal everything the deciding seat cannot see (``redetermine``); with the same
    seed and budget the search's whole statistics, hence its move, are the same in every such world.
    With the normal level's root prior: the heuristic it asks reads the real state, and must read only
    what the seat sees."""
    game = games.get(gid)
    checked = 0
    for state in sample(walk(game, players, options), 6):
        for seat in game.to_move(state):
            if len(game.legal_actions(state, seat)) < 2:
                continue
            here = tiny(game, prior=NORMAL).ranked(game, state, seat)
            for k in (1, 2, 3):
                world = game.redetermine(state, seat, seed=k)
                assert game.view(world, seat) == game.view(state, seat)
                there = tiny(game, prior=NORMAL).ranked(game, world, seat)
                assert there == here, (gid, len(state.history), seat, k)
            checked += 1
    assert checked


def test_a_sealed_draft_answer_follows_its_redealt_cards_great_wall():
    """L156: each seat keeps 1 of its 2 dealt Generals and sets its 2 Advisors Active/Supporting, sealed.
    After seat 0 has answered, a world re-dealt for seat 1 re-deals seat 0's draft cards, and seat 0's
    hidden answer must name cards of its new draft, else the world cannot be played (the search bot
    found it: 'that is not a choice of the cards you were dealt')."""
    from pygame_core.games.great_wall import cards

    game = games.get("great_wall")
    state = game.new_game(players=2, seed=4, options={"mode": "two_player"})
    state = game.apply(state, 0, game.legal_actions(state, 0)[1])
    assert game.to_move(state) == [1]
    for k in range(6):
        world = game.redetermine(state, 1, seed=k)
        d = next(x for x in world.data["decisions"] if x["kind"] == "draft")
        assert d["answers"]["0"] in cards.draft_legal(world.data, 0)
        game.apply(world, 1, game.legal_actions(world, 1)[0])  # resolves the draft: raises otherwise
    bot = tiny(game, iterations=10)
    bot.choose(game, state, 1)
    assert bot.failed == 0


@pytest.mark.parametrize("gid,players,options", [c for c in CASES if c[0] != "toy"],
                         ids=[i for c, i in zip(CASES, IDS, strict=True) if c[0] != "toy"])
def test_the_games_search_hooks_pick_legal_actions_and_change_nothing(gid, players, options):
    """A game's optional hooks (docs/api.md "bots"): ``rollout`` returns one of the listed actions,
    ``search_order`` one score per action; neither changes the position."""
    import importlib

    from pygame_core.kernel.rng import Rng
    from pygame_core.kernel.state import copy_json

    game = games.get(gid)
    hooks = importlib.import_module(f"pygame_core.games.{gid}.heuristic")
    rollout, order = getattr(hooks, "rollout", None), getattr(hooks, "search_order", None)
    if rollout is None and order is None:
        pytest.skip(f"{gid} has no search hook")
    for state in sample(walk(game, players, options), 20):
        for seat in game.to_move(state):
            legal = game.legal_actions(state, seat)
            before = copy_json(state.data)
            if rollout is not None:
                assert rollout(state.data, seat, legal, Rng(5)) in legal
            if order is not None:
                scores = order(state.data, seat, legal)
                assert len(scores) == len(legal) and all(isinstance(x, float) for x in scores)
            assert state.data == before


def test_a_world_dealt_for_a_seed_depends_only_on_what_the_seat_sees():
    """The bot's generator sorts before it shuffles: the same hidden cards in any order deal alike."""
    a, b = ["c", "a", "b", "d"], ["d", "b", "a", "c"]
    search.CanonRng(5).shuffle(a)
    search.CanonRng(5).shuffle(b)
    assert a == b
    assert search.CanonRng(9).choice([3, 1, 2]) == search.CanonRng(9).choice([2, 3, 1])


@pytest.mark.parametrize("gid,players,options", [
    ("toy", 2, {}), ("great_wall", 1, {"mode": "solo"}), ("great_wall", 2, {"mode": "coop"}),
], ids=["toy", "great_wall-solo", "great_wall-coop"])
def test_search_bots_finish_a_game(gid, players, options):
    game = games.get(gid)
    state = game.new_game(players=players, seed=11, options=options)
    seat_bots = [tiny(game, seed=s, iterations=4, depth=10) for s in range(players)]
    for _ in range(3000):
        seats = game.to_move(state)
        if not seats:
            break
        state = game.apply(state, seats[0], seat_bots[seats[0]].choose(game, state, seats[0]))
    assert game.is_over(state)


FINISH = [("empires_end", 2, {}), ("through_the_ages", 3, {"mode": "full"}), ("civilization", 2, {}),
          ("great_wall", 3, {"mode": "competitive"}), ("brazil_imperial", 2, {})]


@pytest.mark.parametrize("gid,players,options", FINISH, ids=[f"{g}-{n}p" for g, n, _ in FINISH])
def test_a_search_seat_finishes_a_game_of_every_game(gid, players, options):
    """Seat 0 the search (a tiny budget), the others random, to the game's end."""
    game = games.get(gid)
    state = game.new_game(players=players, seed=5, options=options)
    searcher = tiny(game, seed=1, iterations=2, depth=6)
    others = RandomBot(5)
    for _ in range(20000):
        seats = game.to_move(state)
        if not seats:
            break
        seat = seats[0]
        bot = searcher if seat == 0 else others
        state = game.apply(state, seat, bot.choose(game, state, seat))
        assert searcher.failed == 0
    assert game.is_over(state)


PRIOR_GAMES = [("empires_end", 2, {}), ("brazil_imperial", 2, {}), ("great_wall", 2, {"mode": "two_player"}),
               ("through_the_ages", 2, {}), ("civilization", 2, {})]


@pytest.mark.parametrize("gid,players,options", PRIOR_GAMES, ids=[g for g, _, _ in PRIOR_GAMES])
def test_the_normal_level_starts_from_the_heuristics_move(gid, players, options):
    """The root prior (search.PRIOR): at one iteration the normal level plays the heuristic level's
    move (same seed), where the search without the prior plays its own order's first action."""
    from pygame_core.bots import HeuristicBot

    assert search.PRIOR["normal"] > 0
    game = games.get(gid)
    differs = 0
    for state in sample(walk(game, players, options, limit=120), 12):
        for seat in game.to_move(state):
            if len(game.legal_actions(state, seat)) < 2:
                continue
            mine = HeuristicBot(game, seed=3).choose(game, state, seat)
            assert search.level("normal", game, seed=3, iterations=1).choose(game, state, seat) == mine
            plain = search.SearchBot(game, 3, 1, depth=search.BUDGETS[gid]["depth"], name="normal")
            differs += plain.choose(game, state, seat) != mine
    if gid == "empires_end":
        assert differs  # without the prior the search's first move is not always the heuristic's


def test_a_single_legal_action_is_not_searched(monkeypatch):
    game = games.get("toy")
    state = game.new_game(players=2, seed=1)
    only = game.legal_actions(state, 0)[:1]
    monkeypatch.setattr(type(game), "legal_actions", lambda self, s, seat: [dict(a) for a in only])
    bot = tiny(game)
    monkeypatch.setattr(bot, "search", lambda *a, **k: pytest.fail("searched a forced move"))
    assert bot.choose(game, state, 0) == only[0]


def test_value_normalises_public_scores_to_win_chances():
    class G:
        def __init__(self, over, sc):
            self.over, self.sc = over, sc

        def _is_over(self, data):
            return self.over

        def _scores(self, data):
            return self.sc

    assert search.value(G(True, {"totals": [3, 5], "winners": [1]}), {}, 2) == [0.0, 1.0]
    assert search.value(G(True, {"totals": [5, 5, 1], "winners": [0, 1]}), {}, 3) == [0.5, 0.5, 0.0]
    assert search.value(G(True, {"totals": [0, 0], "winners": [0, 1]}), {}, 2) == [1.0, 1.0]  # co-op win
    assert search.value(G(True, {"totals": [0, 0], "winners": []}), {}, 2) == [0.0, 0.0]  # lost to the Horde
    mid = search.value(G(False, {"totals": [10, 20], "winners": [1]}), {}, 2)
    assert mid[1] > 0.5 > mid[0] and abs(sum(mid) - 1) < 1e-9
    ranked = search.value(G(False, {"totals": [0, 0, 0], "winners": [], "rank": [2, 0, 1]}), {}, 3)
    assert ranked[2] > ranked[0] > ranked[1]


# ------------------------------------------------------------------------------------ levels and webapi
def test_every_listed_game_offers_the_four_levels_and_best_stays_the_heuristic():
    for gid in games.available():
        game = games.get(gid)
        assert list(game.bots) == ["random", "heuristic", "normal", "hard"], gid
        assert bots.best_kind(game) == "heuristic"
        assert bots.make("best", gid, seed=1).name == "heuristic"
        assert bots.make("hard", gid, seed=1).name == "hard"
        assert bots.make("normal", gid, seed=1, iterations=5).iterations == 5
    with pytest.raises(OptionError):
        bots.make("mcts", "empires_end")


def call(method: str, **args):
    return json.loads(webapi.call(method, json.dumps(args)))


def test_webapi_hint_gives_the_top_moves_with_the_legal_lists_labels():
    r = call("new", sid="hint1", game="empires_end", players=2, seed=4, seat=0, lang="zh-Hant")
    seat = r["result"]["view"]["to_move"][0]
    legal = call("view", sid="hint1", seat=seat, lang="zh-Hant")["result"]["legal"]
    h = call("hint", sid="hint1", seat=seat, n=3, iterations=12, lang="zh-Hant")
    assert h["ok"], h
    hints = h["result"]["hints"]
    assert 1 <= len(hints) <= 3
    labels = {json_key(x["action"]): x["label"] for x in legal}
    for x in hints:
        assert labels[json_key(x["action"])] == x["label"]
        assert 0.0 <= x["win_rate"] <= 1.0 and isinstance(x["visits"], int)
    # best first by what the simulations support (pygame_core/bots/hint.py; tests/bots/test_hint.py)
    bounds = [hint.lower_bound(x["win_rate"], x["visits"]) for x in hints]
    assert bounds == sorted(bounds, reverse=True)
    again = call("hint", sid="hint1", seat=seat, n=3, iterations=12, lang="zh-Hant")["result"]
    assert again == h["result"]  # an iteration budget: deterministic
    assert call("hint", sid="hint1", seat=seat, budget_ms=30)["ok"]
    other = 1 - seat
    assert call("hint", sid="hint1", seat=other)["error"]["code"] == "not_your_turn"
    assert call("hint", sid="hint1", seat=seat, iterations=0)["error"]["kind"] == "option"
    assert call("hint", sid="hint1", seat=seat, n=0)["error"]["kind"] == "option"
    assert call("view", sid="hint1")["result"]["view"]["actions_played"] == 0  # a hint plays nothing
    call("close", sid="hint1")


def test_webapi_bot_plays_a_search_level_with_a_budget():
    r = call("new", sid="bot1", game="toy", players=2, seed=4, seat=0)
    assert r["ok"]
    for kind in ("random",):
        assert call("bot", sid="bot1", seat=0, kind=kind)["ok"]
    r = call("new", sid="bot1", game="great_wall", players=2, seed=4, options={"mode": "two_player"}, seat=0)
    seat = r["result"]["view"]["to_move"][0]
    assert call("bot", sid="bot1", seat=seat, kind="normal", budget_ms=0)["error"]["kind"] == "option"
    assert call("bot", sid="bot1", seat=seat, kind="hard", iterations=1.5)["error"]["kind"] == "option"
    played = call("bot", sid="bot1", seat=seat, kind="hard", iterations=5, view_seat=seat)
    assert played["ok"], played
    assert played["result"]["played"]["seat"] == seat
    seat = played["result"]["view"]["to_move"][0]
    assert call("bot", sid="bot1", seat=seat, kind="normal", budget_ms=20)["ok"]
    call("close", sid="bot1")


def test_best_is_the_heuristic_for_a_reed_clan_choice():
    """webapi ``kind: "best"`` (a seat handing one Reed Clan decision to a bot) is the fast heuristic."""
    from pygame_core.bots import HeuristicBot

    made: list[str] = []
    real = bots.make

    def spy(kind, game_id, seed=0, iterations=None, time_ms=None):
        bot = real(kind, game_id, seed, iterations, time_ms)
        made.append(bot.name)
        return bot

    bots.make, old = spy, bots.make
    try:
        call("new", sid="best1", game="great_wall", players=2, seed=2, options={"mode": "two_player"})
        seat = call("view", sid="best1")["result"]["view"]["to_move"][0]
        assert call("bot", sid="best1", seat=seat, kind="best")["ok"]
    finally:
        bots.make = old
        call("close", sid="best1")
    assert made == ["heuristic"]
    assert isinstance(real("best", "great_wall"), HeuristicBot)


def test_unknown_seat_or_game_over_is_refused():
    game = games.get("toy")
    state = game.new_game(players=2, seed=1)
    with pytest.raises(IllegalAction):
        game.legal_actions(state, 5)
    with pytest.raises(OptionError):
        search.SearchBot(game, 0, iterations=0)
