"""Properties every game must keep, checked over random complete games.

- every game terminates; replays are deterministic; save/load round-trips anywhere;
- no view or visible log shows another seat's hidden information (hand, resources,
  sealed bid, deck order): re-dealing what a seat cannot see leaves its view unchanged;
- illegal and malformed actions, and near misses of legal ones, raise IllegalAction and leave the
  state unchanged;
- an action that shows a seat hidden information is an undo barrier: the same action played in every
  position that seat could not tell apart leaves it seeing the same (issue 16).
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Iterable

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pygame_core import IllegalAction, OptionError, games, webapi
from pygame_core.bots import RandomBot
from pygame_core.kernel.game import Game
from pygame_core.kernel.state import State, canonical, json_key
from pygame_core.kernel.text import LANGS
from pygame_core.simulate import bot_seed, play_random

#: Every registered game, the test games (toy) included.
GAMES: list[Game] = [games.get(g) for g in games.registered()]
CASES = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.id}-{n}p" for g, n in CASES]
# No shrinking: an example is a seed of a whole random game, so a shrunk seed explains nothing
# more, and shrinking would replay hundreds of complete games before reporting a failure.
# PGC_EXAMPLES=200 soaks the properties over many more random games (the suite default stays quick).
FAST = settings(max_examples=int(os.environ.get("PGC_EXAMPLES", "8")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
                phases=[Phase.explicit, Phase.reuse, Phase.generate],
                # the suite replays the same examples on every run, so CI is deterministic; a soak
                # (PGC_EXAMPLES set) draws new ones each time
                derandomize="PGC_EXAMPLES" not in os.environ)


#: Games whose random complete games are long (thousands of actions): each property plays one in N of
#: its examples (decided by the example's seed, so a replayed example decides the same way), and the
#: suite stays within CI's time. Civilization's random games run to 2,000-3,700 actions (about one game
#: per second): one in four keeps its property tests near 2.5 minutes of CPU.
SHARE = {"civilization": 4}


def beyond_share(seed: int, game: Game) -> bool:
    """True for the examples of a long game outside its share (see SHARE)."""
    return (seed * 2654435761 >> 7) % SHARE.get(game.id, 1) != 0


def fitting_options(game: Game, players: int) -> list[dict]:
    """Every combination of the game's options that this player count may play (a game may tie an
    option's values to player counts: The Great Wall's modes)."""
    names = sorted(game.options_schema)
    out = []
    for combo in itertools.product(*(game.options_schema[k]["values"] for k in names)):
        options = dict(zip(names, combo, strict=True))
        try:
            game.normalize_options(options, players)
        except OptionError:
            continue
        out.append(options)
    return out


def options_for(game: Game, players: int) -> st.SearchStrategy[dict]:
    """Any combination of the game's options (variants: quick game, learning mode, ...) that fits the
    player count."""
    return st.sampled_from(fitting_options(game, players))


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
    if beyond_share(seed, game):
        return
    options = data.draw(options_for(game, players))
    a = random_game(game, players, seed, options)
    b = random_game(game, players, seed, options)
    assert game.is_over(a[-1]) and game.to_move(a[-1]) == []
    assert a[-1].digest() == b[-1].digest() and a[-1].history == b[-1].history
    sc = game.scores(a[-1])
    assert len(sc["totals"]) == players and len(sc["breakdown"]) == players
    assert set(sc["winners"]) <= set(range(players))
    if not sc["winners"]:  # a result without a winner (Civilization's learning game) says why
        assert all(sc["outcome"].get(lang) for lang in LANGS), sc
    info = set(sc.get("info", ()))  # shown beside the points, not part of the total (Civilization)
    for total, parts in zip(sc["totals"], sc["breakdown"], strict=True):
        assert sum(v for k, v in parts.items() if k not in info) == total, (total, parts)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_save_load_round_trips_at_random_points(game, players, seed, data):
    if beyond_share(seed, game):
        return
    states = random_game(game, players, seed, data.draw(options_for(game, players)))
    for _ in range(3):
        s = states[data.draw(st.integers(0, len(states) - 1))]
        text = game.save(s)
        json.loads(text)
        back = game.load(text)
        assert back.digest() == s.digest() and back.checkpoint == s.checkpoint
        assert game.view(back, None) == game.view(s, None)


def shared_object(data: object) -> str | None:
    """The path of a list or dict that ``data`` holds in two places (the second place), or None."""
    seen: set[int] = set()
    todo: list[tuple[object, str]] = [(data, "data")]
    while todo:
        value, path = todo.pop()
        if isinstance(value, (dict, list)):
            if id(value) in seen:
                return path
            seen.add(id(value))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            todo.extend((v, f"{path}[{k!r}]") for k, v in items)
    return None


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_a_playout_plays_the_game_apply_plays(game, players, seed, data):
    """kernel/playout.py plays in place what ``apply`` plays on copies: the same game as long as the
    rules never keep one list or dict in two places of a game's data (in place, changing one would
    change the other; a copy, a save and a load part them)."""
    if beyond_share(seed, game):
        return
    options = data.draw(options_for(game, players))
    playout = play_random(game.id, players, seed, options)
    seat_bots = [RandomBot(bot_seed(seed, i)) for i in range(players)]  # simulate.play's random bots
    state = game.new_game(players=players, seed=seed, options=options)
    while seats := game.to_move(state):
        state = game.apply(state, seats[0], seat_bots[seats[0]].choose(game, state, seats[0]))
        assert shared_object(state.data) is None, (len(state.history), shared_object(state.data))
    assert (playout.played, playout.rng.state) == (len(state.history), state.rng)
    assert canonical(playout.data) == canonical(state.data)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@settings(FAST, max_examples=max(1, FAST.max_examples // 2))
@given(seed=st.integers(0, 2**40), data=st.data())
def test_apply_never_changes_a_state_it_was_given_nor_an_earlier_one(game, players, seed, data):
    """``apply`` plays on a copy made as the rules reach each part (kernel/cow.py), and positions share
    what an action did not reach: no later action, undo or save may change any earlier position."""
    if beyond_share(seed, game):
        return
    options = data.draw(options_for(game, players))
    bot = RandomBot(seed)
    state = game.new_game(players=players, seed=seed, options=options)
    states, keys = [state], [json_key(state.data)]
    while seats := game.to_move(state):
        seat = seats[len(state.history) % len(seats)]
        state = game.apply(state, seat, bot.choose(game, state, seat))
        assert json_key(states[-1].data) == keys[-1], f"action {len(state.history)} changed its input"
        states.append(state)
        keys.append(json_key(state.data))
        assert keys[-1] is not None, "a position holds something other than plain JSON data"
        if len(state.history) % 50 == 0 and game.can_undo(state):
            game.undo(state)
            game.save(state)
    for n, (s, key) in enumerate(zip(states, keys, strict=True)):
        assert json_key(s.data) == key, f"the position after {n} actions changed later"


def leaked(game: Game, state: State, seats: Iterable[int], text: str) -> str | None:
    """The first secret token of ``seats`` that ``text`` contains as a whole token ("Fire 1" is not
    in "Fire 10", nor card id "defection_2" in "mass_defection_2"), or None."""
    for token in {t for o in seats for t in game.secret_tokens(state, o)}:
        if token in text and re.search(rf"(?<![A-Za-z0-9_]){re.escape(token)}(?![A-Za-z0-9_])", text):
            return token
    return None


def test_secret_tokens_match_whole_tokens_in_every_script():
    tokens = ["Fire 1", "火災 1"]

    class Hand(Game):
        def _secret_tokens(self, data, seat):
            return tokens

    s = State("x", 2, 0, {}, {}, 0)
    for text in ["Player 2 sells Fire 10.", "Fire 11", "玩家2出售了火災 10。", "#Fire 1x"]:
        assert leaked(Hand(), s, [0], text) is None, text
    for text in ["You draw: Fire 1, Flood 2", "(Fire 1)", "拿取了火災 1並獲得", "摸取：火災 1"]:
        assert leaked(Hand(), s, [0], text) in tokens, text


def difference(a: object, b: object, path: str = "") -> str:
    """Where two JSON values first differ, e.g. ``view.empires[1].res_total: 7 != 5``."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if canonical(a.get(k)) != canonical(b.get(k)):
                return difference(a.get(k), b.get(k), f"{path}.{k}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if canonical(x) != canonical(y):
                return difference(x, y, f"{path}[{i}]")
    return f"{path[1:]}: {a!r:.80} != {b!r:.80}"


def ui_text(obj: object) -> str:
    """JSON as the browser gets it: Chinese stays Chinese, not \\u escapes."""
    return json.dumps(obj, ensure_ascii=False, sort_keys=True)


def screen(game: Game, state: State, seat: int | None) -> dict:
    """What the front end gets for ``seat`` (pygame_core.webapi): the view, with texts in every UI
    language, and the labels of the seat's legal actions in en, zh-Hant and zh-Hans. (The save
    text it also gets is the hotseat device's own record for localStorage, never shown.)"""
    labels = {lang: webapi._snapshot(game, state, seat, lang)["legal"] for lang in LANGS} \
        if seat is not None else {}
    return {"view": game.view(state, seat), "labels": labels}




def sealed_steps(game: Game, states: list[State]) -> list[int]:
    """Steps ``i`` where ``states[i + 1]`` follows a secret choice that it does not reveal yet."""
    sealed = game.sealed
    return [i for i in range(len(states) - 1) if states[i + 1].history[-1][1]["type"] in sealed
            and states[i + 1].checkpoint < len(states[i + 1].history)]


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_views_and_logs_leak_nothing_hidden(game, players, seed, data):
    """What a seat's screen shows (view, log and action labels, in en, zh-Hant and zh-Hans) is the
    same in every position it cannot tell apart (other hands, deck order, kinds of resources, sealed
    bids and how much they hold, re-dealt), and never names a card another seat holds."""
    if beyond_share(seed, game):
        return
    states = random_game(game, players, seed, data.draw(options_for(game, players)))
    viewers = [None, *range(players)]
    # every log line, at the step that writes it, against the cards other seats hold then
    # (a card named earlier, e.g. sold, may be reshuffled and drawn later)
    born = [0] * len(states[-1].log)
    for step in range(1, len(states)):
        start, stop = len(states[step - 1].log), len(states[step].log)
        born[start:stop] = [step] * (stop - start)
    readers, lines = {}, {}  # log index -> the seats (None: the public) that read it; the entry
    for seat in viewers:
        for entry in Game.visible_log(states[-1], seat):
            readers.setdefault(entry["i"], set()).add(seat)
            lines[entry["i"]] = entry
    for i, entry in lines.items():
        hidden = [o for o in range(players) if readers[i] - {o}]
        found = leaked(game, states[born[i]], hidden, ui_text(entry))
        assert not found, f"seats {sorted(readers[i], key=str)} read {found!r} of another seat: {entry}"
    picks = {0, len(states) - 1} | {data.draw(st.integers(0, len(states) - 1)) for _ in range(6)}
    # also look while each kind of secret choice (a sealed bid...) is still secret
    for kind in game.sealed:
        steps = [i for i in sealed_steps(game, states) if states[i + 1].history[-1][1]["type"] == kind]
        if steps:
            picks.add(data.draw(st.sampled_from(steps)) + 1)
    for i in sorted(picks):
        s = states[i]
        for seat in viewers:
            seen = screen(game, s, seat)
            redealt = screen(game, game.redetermine(s, seat, seed + i), seat)
            assert canonical(redealt) == canonical(seen), (
                f"seat {seat} sees re-dealt hidden info at step {i}: {difference(seen, redealt)}")
            del seen["view"]["log"]  # checked line by line above
            found = leaked(game, s, [o for o in range(players) if o != seat], ui_text(seen))
            assert not found, f"seat {seat} sees {found!r} of another seat at step {i}"


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_a_secret_choice_shows_nothing_until_it_is_revealed(game, players, seed, data):
    """Had a seat chosen otherwise in secret (another bid), no other seat's screen, log included,
    would differ until a step reveals it."""
    if beyond_share(seed, game):
        return
    sealed = game.sealed
    states = random_game(game, players, seed, data.draw(options_for(game, players)))
    steps = sealed_steps(game, states)
    for i in data.draw(st.lists(st.sampled_from(steps), max_size=12, unique=True)) if steps else []:
        s, after = states[i], states[i + 1]
        seat, action = after.history[-1]
        fields = sealed[action["type"]]
        same = {k: v for k, v in action.items() if k not in fields}
        alts = [a for a in game.legal_actions(s, seat) if a != action
                and {k: v for k, v in a.items() if k not in fields} == same]
        for alt in alts[:3]:
            changed = game.apply(s, seat, alt)
            for viewer in [None, *range(players)]:
                if viewer != seat:
                    seen, other = game.view(after, viewer), game.view(changed, viewer)
                    assert canonical(other) == canonical(seen), (
                        f"step {i}: seat {viewer} can tell {alt} from {action}: {difference(seen, other)}")


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
    if beyond_share(seed, game):
        return
    states = random_game(game, players, seed, data.draw(options_for(game, players)))
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


def near_misses(action: dict) -> list[dict]:
    """Actions one edit away from a legal one: a value of another JSON type that Python may still
    find equal (1.0 or true for 1), a huge or negative number, null, an extra key, a lost key."""
    out: list[dict] = [{**action, "extra": 1}]
    for k, v in action.items():
        if k == "type":
            continue
        out += [{**action, k: None}, {**action, k: [v]}, {kk: vv for kk, vv in action.items() if kk != k}]
        if isinstance(v, int) and not isinstance(v, bool):
            out += [{**action, k: float(v)}, {**action, k: 10**30}, {**action, k: -1 - v}]
            if v in (0, 1):
                out.append({**action, k: bool(v)})
    return out


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_near_miss_actions_are_refused_cleanly(game, players, seed, data):
    """Actions a buggy UI or a hand-edited save could send: each one is either legal or raises
    IllegalAction (never another exception), and the state is unchanged."""
    if beyond_share(seed, game):
        return
    states = random_game(game, players, seed, data.draw(options_for(game, players)))
    for _ in range(6):
        s = states[data.draw(st.integers(0, len(states) - 2))]
        seat = game.to_move(s)[0]
        legal = {canonical(a) for a in game.legal_actions(s, seat)}
        before = (canonical(s.data), s.rng, s.history, s.log, s.checkpoint)
        for action in near_misses(data.draw(st.sampled_from(game.legal_actions(s, seat)))):
            if canonical(action) in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                game.apply(s, seat, action)
            assert err.value.reason
        assert (canonical(s.data), s.rng, s.history, s.log, s.checkpoint) == before


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_undo_cannot_take_back_an_action_that_showed_hidden_information(game, players, seed, data):
    """An action shows hidden information to a viewer if it puts on the viewer's screen a card only
    another seat knew, or if, replayed on a position that viewer cannot tell apart (hidden items
    re-dealt), it leaves the viewer seeing something else. Such an action must be an undo barrier:
    undo never goes back past a draw, a flip or a reveal."""
    if beyond_share(seed, game):
        return
    states = random_game(game, players, seed, data.draw(options_for(game, players)))
    steps = {data.draw(st.integers(0, len(states) - 2)) for _ in range(10)}
    for i in sorted(steps):
        s, after = states[i], states[i + 1]
        seat, action = after.history[-1]
        if after.checkpoint == len(after.history):
            continue  # already a barrier
        for viewer in [None, *range(players)]:
            # a card only another seat knew (a hand card: built, sold, executed) now on the screen
            shown = game.view(after, viewer)
            shown["log"] = [e for e in shown["log"] if e["i"] >= len(s.log)]
            found = leaked(game, s, [o for o in range(players) if o != viewer], ui_text(shown))
            assert not found, f"step {i}: {action} showed seat {viewer} {found!r}, yet it can be undone"
            seen = canonical(game.view(after, viewer))
            for k in range(2):
                other = game.redetermine(s, viewer, seed + 31 * i + k)
                try:
                    other_after = game.apply(other, seat, action)
                except IllegalAction:
                    continue
                assert canonical(game.view(other_after, viewer)) == seen, (
                    f"step {i}: {action} showed seat {viewer} hidden information, yet it can be undone")


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
@FAST
@given(seed=st.integers(0, 2**40), data=st.data())
def test_every_label_of_every_seat_names_its_own_action(game, players, seed, data):
    """label(state, seat, action, lang) is told whose action it labels, so in a simultaneous phase
    it never has to guess. For every seat with legal actions (optional ones included) at sampled
    positions: every label is a non-empty text in each language, and two different legal actions of
    one seat never share a label (a player could not tell them apart)."""
    if beyond_share(seed, game):
        return
    states = random_game(game, players, seed, data.draw(options_for(game, players)))
    picks = data.draw(st.lists(st.integers(0, len(states) - 1), min_size=1, max_size=12, unique=True))
    for i in picks:
        s = states[i]
        for seat in range(players):
            legal = game.legal_actions(s, seat)
            for lang in LANGS:
                labels = [game.label(s, seat, a, lang) for a in legal]
                assert all(isinstance(x, str) and x.strip() for x in labels), (seat, lang, labels)
                twins = {x for x in labels if labels.count(x) > 1}
                assert not twins, (game.id, i, seat, lang, sorted(twins)[:3])


# ---------------------------------------------------------------- undo after a reveal (issue 16)
#: Games with a known leak still being fixed, by id, with the reason: their cases are expected to fail
#: (xfail, not strict) until the fix lands. Empty: none is known.
KNOWN_REVEALS: dict[str, str] = {}
#: Actions whose rules pay openly from behind a player's screen (Empire's End README, "Hidden information
#: and undo": a payment comes from behind the screen openly, a conversion's output is sealed): a world where
#: the seat could not have paid so is told apart by the payment itself, which is not counted a reveal. The
#: action must still show nothing else (every world where it can be played looks the same).
PAID_OPENLY = {"empires_end": frozenset({"pass", "repair", "use"})}


def shown_to(game: Game, s: State, seat: int, action: dict, after: State, viewer: int | None,
             seeds: Iterable[int], alternatives: int = 200) -> str | None:
    """What ``seat``'s ``action`` (played from ``s`` to ``after``) showed ``viewer``, or None.

    Re-deal what the viewer cannot see (``redetermine``): worlds it cannot tell from ``s`` (its view there
    must be the same: a check of ``redetermine``). Play the same action in each. If the viewer's view
    afterwards differs between worlds, the action showed it something. Where the action cannot be played
    (it names a card the seat holds only in some worlds), the viewer rules that world out unless another
    action of the same type there would have looked the same to it (a sealed bid of another amount)."""
    target = canonical(game.view(after, viewer))
    before = canonical(game.view(s, viewer))
    for seed in seeds:
        world = game.redetermine(s, viewer, seed)
        assert canonical(game.view(world, viewer)) == before, (
            f"redetermine({viewer}) gives a position seat {viewer} can tell apart")
        try:
            seen = canonical(game.view(game.apply(world, seat, action), viewer))
        except IllegalAction:
            if action["type"] in PAID_OPENLY.get(game.id, ()):
                continue
            same_type = [a for a in game.legal_actions(world, seat) if a["type"] == action["type"]]
            if not any(canonical(game.view(game.apply(world, seat, a), viewer)) == target
                       for a in same_type[:alternatives]):
                return f"the worlds where {action} cannot be played look different afterwards"
            continue
        if seen != target:
            return difference(json.loads(target), json.loads(seen))
    return None


def undo_reveal_cases() -> list:
    out = []
    for game, players in CASES:
        known = KNOWN_REVEALS.get(game.id)
        marks = [pytest.mark.xfail(strict=False, reason=known)] if known else []
        out.append(pytest.param(game, players, marks=marks, id=f"{game.id}-{players}p"))
    return out


@pytest.mark.parametrize("game,players", undo_reveal_cases())
def test_an_action_that_shows_another_seat_anything_cannot_be_undone(game, players):
    """Issue 16, for every registered game (present and future): after an action of seat A that can be
    undone, no seat B (nor the public) may see anything it could not see in another position it could
    not tell apart before the action. Otherwise A showed B something, and undo would pretend B never saw
    it: ``can_undo`` must be false after it. Random play (seat and action drawn with ``random.Random``),
    at up to two sampled undoable steps of each action type and a few more."""
    import random

    seed = 1000 + players
    rng = random.Random(seed)
    combos = fitting_options(game, players)
    options = combos[players % len(combos)]
    state = game.new_game(players=players, seed=seed, options=options)
    steps: dict[str, list[tuple[State, State]]] = {}
    while game.to_move(state) and len(state.history) < 20_000:
        seat = rng.choice(game.to_move(state))
        after = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        if game.can_undo(after):
            steps.setdefault(after.history[-1][1]["type"], []).append((state, after))
        state = after
    picks = [p for kind in sorted(steps) for p in rng.sample(steps[kind], min(2, len(steps[kind])))]
    every = [p for kind in sorted(steps) for p in steps[kind]]
    picks += rng.sample(every, min(8, len(every)))
    for s, after in picks:
        seat, action = after.history[-1]
        n = len(after.history)
        for viewer in [None, *range(players)]:
            seeds = (seed * 7919 + n * 31 + k for k in range(2))
            shown = shown_to(game, s, seat, action, after, viewer, seeds)
            assert shown is None, (
                f"{game.id} seed {seed} action {n}: seat {seat}'s {action} showed seat {viewer} {shown}, "
                "yet it can be undone")


def test_a_civilization_offer_of_a_hidden_culture_card_cannot_be_undone():
    """Issue 16: 2 players, seed 1, random play (``random.Random(1)``): action 212 is seat 0's offer of
    a culture card only it holds; seat 1 then reads the card's name, so the offer must be an undo barrier."""
    import random

    game = games.get("civilization")
    s, rng = game.new_game(2, seed=1), random.Random(1)
    for _ in range(212):
        seat = rng.choice(game.to_move(s))
        s = game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
    seat = rng.choice(game.to_move(s))
    action = rng.choice(game.legal_actions(s, seat))
    assert action["type"] == "offer" and action["give"].startswith("card:")
    after = game.apply(s, seat, action)
    assert shown_to(game, s, seat, action, after, 1, range(6)) is not None  # the property sees the reveal
    assert not game.can_undo(after)


def test_a_through_the_ages_colonization_bid_above_the_force_on_the_board_cannot_be_undone():
    """Found by the property above (random play, seed 25): bids are capped by the force a player could
    muster, bonus cards in its hidden military hand included (L1426-1440), so a bid above the force on
    the board shows the others such cards: it is an undo barrier."""
    import random

    game = games.get("through_the_ages")
    options = {"global_conflict": False, "mode": "simple", "peaceful": True, "scenario": "colonization",
               "short": True}
    s, rng = game.new_game(2, seed=25, options=options), random.Random(252)
    while len(s.history) < 86:
        seat = rng.choice(game.to_move(s))
        s = game.apply(s, seat, rng.choice(game.legal_actions(s, seat)))
        if game.can_undo(s):
            rng.random()
    seat, action = 1, {"type": "bid", "n": 7}
    assert game.to_move(s) == [seat] and action in game.legal_actions(s, seat)
    assert any(game.redetermine(s, None, k).data["players"][seat]["military_hand"] !=
               s.data["players"][seat]["military_hand"] for k in range(3))
    after = game.apply(s, seat, action)
    assert shown_to(game, s, seat, action, after, None, range(5)) is not None  # what the property sees
    assert not game.can_undo(after)
