"""Kernel behaviour every game inherits: immutability, typed errors, undo barrier, saves, redaction."""

from __future__ import annotations

import json

import pytest

from pygame_core import IllegalAction, OptionError, SaveError
from pygame_core.games.toy import TOY
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import canonical


def play(state, moves):
    for seat, n in moves:
        state = TOY.apply(state, seat, {"type": "bid", "n": n})
    return state


def test_rng_is_deterministic_and_uniform_enough():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    counts = [0] * 6
    r = Rng.from_seed(7)
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert all(900 < c < 1100 for c in counts), counts


def test_rng_sequence_is_pinned():
    """Saves replay only if the RNG never changes; this value is fixed forever."""
    r = Rng.from_seed(2026)
    assert [r.below(100) for _ in range(8)] == PINNED


PINNED = [1, 34, 86, 41, 19, 6, 97, 20]


def test_apply_never_mutates_input():
    s0 = TOY.new_game(players=2, seed=3)
    before = canonical(s0.data), s0.rng, s0.history, s0.log
    s1 = TOY.apply(s0, 0, {"type": "bid", "n": 1})
    assert (canonical(s0.data), s0.rng, s0.history, s0.log) == before
    assert s1 is not s0 and s1.history == ((0, {"type": "bid", "n": 1}),)


@pytest.mark.parametrize("seat,action,code", [
    (0, {"type": "bid", "n": 3}, "not_legal"),
    (0, {"type": "bid"}, "not_legal"),
    (0, {"n": 1}, "malformed"),
    (0, "bid", "malformed"),
    (5, {"type": "bid", "n": 1}, "malformed"),
    (True, {"type": "bid", "n": 1}, "malformed"),
    (0, {"type": "bid", "n": float("nan")}, "malformed"),  # NaN is not JSON
])
def test_illegal_and_malformed_actions_raise_and_change_nothing(seat, action, code):
    s0 = TOY.new_game(players=2, seed=3)
    snap = canonical(s0.data)
    with pytest.raises(IllegalAction) as err:
        TOY.apply(s0, seat, action)
    assert err.value.code == code and err.value.reason
    assert canonical(s0.data) == snap and s0.history == ()


def test_seat_that_already_committed_cannot_act_again():
    s = play(TOY.new_game(players=2, seed=3), [(0, 1)])
    assert TOY.to_move(s) == [1]
    with pytest.raises(IllegalAction) as err:
        TOY.apply(s, 0, {"type": "bid", "n": 0})
    assert err.value.code == "not_your_turn"


def test_undo_stops_at_the_last_reveal():
    s = TOY.new_game(players=2, seed=3)
    s = play(s, [(0, 1)])
    assert TOY.can_undo(s)
    assert TOY.undo(s).history == ()
    s = play(s, [(1, 2)])          # both bids in: revealed, a card drawn
    assert not TOY.can_undo(s)
    with pytest.raises(IllegalAction):
        TOY.undo(s)
    s2 = play(s, [(1, 0), (0, 1)])
    assert s2.checkpoint == 4 and not TOY.can_undo(s2)
    s3 = play(s, [(1, 0)])
    assert TOY.undo(s3, seat=1).history == s.history
    # a seat can only take back its own moves: seat 0 has none since the reveal
    assert TOY.can_undo(s3, 1) and not TOY.can_undo(s3, 0)
    assert TOY.view(s3, 1)["can_undo"] and not TOY.view(s3, 0)["can_undo"]
    with pytest.raises(IllegalAction):
        TOY.undo(s3, seat=0)


def test_options_and_players_are_validated():
    with pytest.raises(OptionError):
        TOY.new_game(players=3)
    with pytest.raises(OptionError):
        TOY.new_game(players=2, options={"nope": 1})
    with pytest.raises(OptionError):
        TOY.new_game(players=2, options={"rounds": 7})
    with pytest.raises(OptionError):
        TOY.new_game(players=2, seed=-1)


def test_save_load_round_trip_and_same_digest():
    s = play(TOY.new_game(players=2, seed=11), [(0, 1), (1, 0), (1, 1)])
    text = TOY.save(s)
    doc = json.loads(text)
    assert {"format", "engine_version", "game", "options", "players", "seed", "actions"} <= set(doc)
    s2 = TOY.load(text)
    assert s2.digest() == s.digest() and s2.history == s.history and s2.checkpoint == s.checkpoint


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: "{not json", "not valid JSON"),
    (lambda d: json.dumps({**d, "format": 99}), "unsupported save format"),
    (lambda d: json.dumps({**d, "actions": [[0, {"type": "bid", "n": 9}]]}), "not legal under the current"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}), "missing seed"),
    (lambda d: json.dumps({**d, "game": "chess"}), "not 'toy'"),
])
def test_corrupt_or_tampered_saves_are_refused_clearly(mutate, needle):
    s = play(TOY.new_game(players=2, seed=11), [(0, 1), (1, 0)])
    doc = json.loads(TOY.save(s))
    with pytest.raises(SaveError) as err:
        TOY.load(mutate(doc))
    assert needle in str(err.value)


def test_tampering_with_a_legal_action_is_caught_by_the_checksum():
    s = play(TOY.new_game(players=2, seed=11), [(0, 1), (1, 0)])
    doc = json.loads(TOY.save(s))
    doc["actions"][0][1]["n"] = 2           # still legal, different game
    with pytest.raises(SaveError, match="checksum"):
        TOY.load(json.dumps(doc))


def test_private_log_entries_reach_only_their_seat():
    s = play(TOY.new_game(players=2, seed=11), [(0, 2), (1, 0)])
    drew = [e["text"]["en"] for e in TOY.view(s, 0)["log"]]
    other = [e["text"]["en"] for e in TOY.view(s, 1)["log"]]
    public = [e["text"]["en"] for e in TOY.view(s, None)["log"]]
    assert any(t.startswith("you drew") for t in drew)
    assert not any(t.startswith("you drew") for t in other + public)
    assert "drew a card" in other and "drew a card" in public and "drew a card" not in drew


@pytest.mark.parametrize("n", [1.0, True, "1", [1]])
def test_an_action_equal_in_python_but_not_in_json_is_refused(n):
    """``{"n": 1.0}`` or ``{"n": true}`` is not the legal ``{"n": 1}``: it would be saved as a different
    action, and rule code indexing a list with it would crash instead of raising IllegalAction."""
    s0 = TOY.new_game(players=2, seed=3)
    snap = canonical(s0.data), s0.rng, s0.history, s0.log
    with pytest.raises(IllegalAction) as err:
        TOY.apply(s0, 0, {"type": "bid", "n": n})
    assert err.value.code == "not_legal"
    assert (canonical(s0.data), s0.rng, s0.history, s0.log) == snap


@pytest.mark.parametrize("options", [{"rounds": 1.0}, {"rounds": True}, {"rounds": "1"}, [], {"rounds": {1}}])
def test_option_values_must_match_as_json(options):
    with pytest.raises(OptionError):
        TOY.new_game(players=2, options=options)


@pytest.mark.parametrize("meta", [[1], "names", {"when": object()}])
def test_meta_must_be_a_json_object_or_the_game_could_not_be_saved(meta):
    with pytest.raises(OptionError, match="meta"):
        TOY.new_game(players=2, meta=meta)
    s = TOY.new_game(players=2, seed=1, meta={"names": ["Ann", "Bo"]})
    assert TOY.load(TOY.save(s)).meta == {"names": ["Ann", "Bo"]}


@pytest.mark.parametrize("seat", [True, "0", 0.0, 2, -1, [0]])
def test_view_and_undo_refuse_a_seat_that_is_not_a_seat_number(seat):
    s = play(TOY.new_game(players=2, seed=3), [(0, 1)])
    for call in (TOY.view, TOY.undo):
        with pytest.raises(IllegalAction) as err:
            call(s, seat)
        assert err.value.code == "malformed" and "no such seat" in err.value.reason


@pytest.mark.parametrize("text,needle", [
    (lambda d: json.dumps({**d, "format": True}), "unsupported save format"),
    (lambda d: json.dumps({**d, "format": 1.0}), "unsupported save format"),
    (lambda d: json.dumps({**d, "engine_version": 5}), "engine_version"),
    (lambda d: '{"a":' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
    (lambda d: json.dumps(d)[:-7], "not valid JSON"),
    (lambda d: b"\xff" + json.dumps(d).encode(), "not UTF-8"),
])
def test_more_corrupt_saves_are_refused_clearly(text, needle):
    s = play(TOY.new_game(players=2, seed=11), [(0, 1), (1, 0)])
    with pytest.raises(SaveError, match=needle):
        TOY.load(text(json.loads(TOY.save(s))))


def test_a_save_with_a_byte_order_mark_loads():
    s = play(TOY.new_game(players=2, seed=11), [(0, 1)])
    assert TOY.load(b"\xef\xbb\xbf" + TOY.save(s).encode()).digest() == s.digest()


def test_a_save_from_another_engine_version_loads_if_it_replays_to_the_same_game():
    """Documented in docs/api.md: the version alone refuses nothing; a failing replay names both versions."""
    s = play(TOY.new_game(players=2, seed=11), [(0, 1), (1, 0)])
    doc = json.loads(TOY.save(s))
    doc["engine_version"] = "0.0.1"
    assert TOY.load(json.dumps(doc)).digest() == s.digest()
    doc["checksum"] = "0" * 20
    with pytest.raises(SaveError, match=r"older version of the site \(engine 0\.0\.1; .*checksum"):
        TOY.load(json.dumps(doc))
    doc["actions"][0][1]["n"] = 9
    with pytest.raises(SaveError, match="engine 0.0.1.*not a legal action now"):
        TOY.load(json.dumps(doc))


def test_an_unknown_game_id_of_any_type_is_a_clear_option_error():
    from pygame_core import games

    for gid in ("chess", None, 5, ["empires_end"]):
        with pytest.raises(OptionError, match="unknown game"):
            games.get(gid)


def test_nesting_is_limited_before_decoding_but_brackets_in_strings_do_not_count():
    """Deeply nested JSON crashes Pyodide itself (WebAssembly stack overflow, not a RecursionError),
    so a save or a webapi call nested deeper than MAX_DEPTH is refused before json.loads sees it."""
    from pygame_core.kernel.state import MAX_DEPTH, TooDeep, loads

    s = TOY.new_game(players=2, seed=1, meta={"note": '[[[{{{ "\\" ]]' * 40})
    assert TOY.load(TOY.save(s)).meta == s.meta
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(TooDeep):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(SaveError, match="nested too deeply"):
        TOY.load('{"format": 1, "meta": ' + "[" * 200 + "]" * 200 + "}")


def _depth(obj: object) -> int:
    if isinstance(obj, list):
        return 1 + max(map(_depth, obj), default=0)
    if isinstance(obj, dict):
        return 1 + max(map(_depth, obj.values()), default=0)
    return 0


def _decoder_depth(text: str) -> int:
    """How deep a JSON decoder nests reading ``text`` before it stops (at its end or its first error)."""
    closing = {"[": "]", "{": "}"}
    stack: list[str] = []
    deepest, i, in_string = 0, 0, False
    while i < len(text):
        c = text[i]
        if in_string:
            i += 2 if c == "\\" else 1
            in_string = c != '"'
            continue
        if c == '"':
            in_string = True
        elif c == "\\" or (c in "]}" and (not stack or closing[stack.pop()] != c)):
            break
        elif c in "[{":
            stack.append(c)
            deepest = max(deepest, len(stack))
        i += 1
    return deepest


def test_the_nesting_check_reads_valid_json_exactly_and_bounds_broken_text():
    """Valid JSON (strings full of brackets, quotes and backslashes included) is refused exactly
    when it nests deeper than the limit; broken text the check lets through never makes a decoder
    nest more than twice the limit before it stops."""
    import random

    from pygame_core.kernel.state import nested_deeper

    rng = random.Random(7)

    def value(depth: int) -> object:
        roll = rng.random()
        if depth <= 0 or roll < 0.3:
            return rng.choice([1, None, "a[b", '\\"[{', "x\\", '"]]}', "", "漢[字"])
        if roll < 0.65:
            return [value(depth - 1) for _ in range(rng.randint(0, 3))]
        return {rng.choice(["k[", '"q', "\\", "z"]): value(depth - 1) for _ in range(rng.randint(0, 3))}

    for _ in range(3000):
        obj, limit = value(rng.randint(0, 9)), rng.randint(0, 8)
        text = json.dumps(obj, ensure_ascii=rng.random() < 0.5)
        assert nested_deeper(text, limit) == (_depth(obj) > limit), text
    for _ in range(20000):
        text = "".join(rng.choice('[]{}"\\a,') for _ in range(rng.randint(0, 30)))
        limit = rng.randint(1, 5)
        assert nested_deeper(text, limit) or _decoder_depth(text) <= 2 * limit, text
