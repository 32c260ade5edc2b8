"""The immutable game state and the mutable context a game's rules run in."""

from __future__ import annotations

import hashlib
import json
import marshal
from collections.abc import Iterator, Sequence
from typing import Any, overload

from pygame_core.errors import SaveError
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.text import Text

Action = dict[str, Any]
"""An action: a JSON object with a ``"type"`` key, e.g. ``{"type": "pass", "pay": "wheat"}``."""
Played = tuple[int, Action]
"""One entry of a game's history: the seat and the action it played."""


def copy_json(obj: Any) -> Any:
    """A fast deep copy of JSON-like data (dicts, lists, str, int, float, bool, None).

    ``marshal`` at version 2 copies in C, about 1.5x as fast as walking the tree in Python, and
    (unlike pickle or later marshal versions) never shares an object between two places of the
    copy: two paths to one list in the original are two lists in the copy, as after a JSON round
    trip, so a position plays the same whether it was reached by play or loaded from a save."""
    try:
        return marshal.loads(marshal.dumps(obj, 2))
    except ValueError:  # not marshallable (a game stored something that is not JSON-like)
        return _copy_tree(obj)


def _copy_tree(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {k: _copy_tree(v) if isinstance(v, (dict, list)) else v for k, v in obj.items()}
    if isinstance(obj, list):
        return [_copy_tree(v) if isinstance(v, (dict, list)) else v for v in obj]
    return obj


def short(value: Any) -> str:
    """A short, safe description of any value for an error message (never a deep repr)."""
    if isinstance(value, (bool, int, float)) or value is None:
        text = repr(value)
    elif isinstance(value, str):
        text = value[:20] + ("..." if len(value) > 20 else "")
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) < 40 else text[:37] + "..."


MAX_DEPTH = 64
# The bytes kept to read nesting (brackets and quotes), and curly brackets written as square ones.
_NOT_NESTING = bytes(b for b in range(256) if b not in b'[]{}"')
_CURLY_AS_SQUARE = bytes.maketrans(b"{}", b"[]")


class TooDeep(ValueError):
    """JSON text nested deeper than :data:`MAX_DEPTH`."""


def loads(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads``, but text nested deeper than ``max_depth`` raises :class:`TooDeep` first.

    In Pyodide, decoding deeply nested JSON overflows the WebAssembly stack: a fatal crash of the
    whole runtime, not a RecursionError. A corrupt save must never do that. See :func:`nested_deeper`.
    """
    if nested_deeper(text, max_depth):
        raise TooDeep(f"nested more than {max_depth} deep")
    return json.loads(text)


def nested_deeper(text: str, max_depth: int = MAX_DEPTH) -> bool:
    """Whether JSON text may make a decoder nest deeper than ``max_depth`` (unbalanced text, which the
    decoder then refuses, may nest up to twice as deep before it stops).

    Every step is one pass of C code over the text: drop escaped backslashes and escaped quotes,
    so that each quote left opens or closes a string; keep only brackets (curly ones written as
    square) and quotes; drop two quotes in a row (an empty string, or the end of one and the start
    of the next: either way the quotes still alternate); keep what lies between strings; then remove
    the innermost ``[]`` pairs one level per pass. Text nested ``max_depth`` deep or less has no pair
    left after that many passes. A decoder stops at the first place where this reading and JSON part
    ways (a backslash outside a string, an unclosed string, a bracket that closes the wrong kind), so
    what it nests before that place is counted here. Brackets that cannot be paired are unbalanced
    text: a few are safe to hand to the decoder, which then names the error.
    """
    raw = text.encode("utf-8", "surrogatepass")
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    marks = raw.translate(_CURLY_AS_SQUARE, _NOT_NESTING).replace(b'""', b"")
    brackets = b"".join(marks.split(b'"')[::2]) if b'"' in marks else marks
    for _ in range(max_depth):
        if b"[]" not in brackets:
            break
        brackets = brackets.replace(b"[]", b"")
    return b"[]" in brackets or brackets.count(b"[") > max_depth


def too_deep(obj: Any, max_depth: int = MAX_DEPTH) -> bool:
    """Whether a Python value nests lists and dicts deeper than ``max_depth`` (checked without
    recursion, since deep recursion in Pyodide can overflow the WebAssembly stack)."""
    todo: list[tuple[Any, int]] = [(obj, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            if depth >= max_depth:
                return True
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def dumps(obj: Any) -> str:
    """Compact JSON text as saves hold it (keys in their order, Chinese kept as is)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def canonical(obj: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces, ASCII only. NaN and infinities are refused
    (ValueError): they are not JSON, and a browser's ``JSON.parse`` rejects them."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def digest_of(data: dict[str, Any], rng: int, n: int) -> str:
    """:meth:`State.digest` of a position: its ``data``, generator state and number of actions."""
    text = canonical({"data": data, "rng": rng, "n": n})
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values (``1``, ``1.0`` and ``true`` all differ); False if either is not JSON."""
    try:
        return canonical(a) == canonical(b)
    except (TypeError, ValueError, RecursionError):
        return False


def among_json(action: Action, choices: list[Action]) -> bool:
    """``action`` is one of ``choices``, compared as canonical JSON."""
    return any(same_json(a, action) for a in choices if a == action)


def _strict_equal(a: Any, b: Any) -> bool:
    """``a == b`` with the same types throughout (``1``, ``1.0`` and ``true`` differ; floats by their
    text, so ``0.0`` is not ``-0.0``): for JSON values, the same canonical text, without writing it.
    False never proves a difference (a str subclass, say): callers then compare as :func:`among_json`."""
    ta = type(a)
    if ta is not type(b):
        return False
    if ta is dict:
        return bool(a.keys() == b.keys() and all(_strict_equal(v, b[k]) for k, v in a.items()))
    if ta is list:
        return len(a) == len(b) and all(map(_strict_equal, a, b))
    if ta is float:
        return repr(a) == repr(b)
    return ta in _SCALARS and bool(a == b)


_SCALARS = (str, int, bool, type(None))


def among_actions(action: Action, choices: list[Action]) -> bool:
    """``action`` is one of ``choices`` as :func:`among_json` decides, the common case found faster."""
    return any(_strict_equal(a, action) for a in choices if a == action) or among_json(action, choices)


def well_formed_actions(actions: Any) -> bool:
    """Whether ``actions`` is a list of ``[seat, action]`` pairs: an int seat and an object."""
    if type(actions) is not list:
        return False
    if not actions:
        return True
    if set(map(type, actions)) != {list} or set(map(len, actions)) != {2}:
        return False
    seats, moves = zip(*actions, strict=True)
    return set(map(type, seats)) == {int} and set(map(type, moves)) == {dict}


def decode_actions(text: str, n: int) -> tuple[Played, ...] | None:
    """A save's actions' text (``[[seat, action], ...]``) as history entries; None unless it holds
    ``n`` well-formed actions. Text that is not JSON raises as :func:`loads` does."""
    items = loads(text)
    if not well_formed_actions(items) or len(items) != n:
        return None
    return tuple(map(tuple, items))


def json_key(value: Any) -> bytes | None:
    """A JSON value's marshal bytes: equal for two values only if they are equal as JSON (the same
    types throughout, floats to the bit, keys in the same order); None if it is not marshallable."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return None


class History(Sequence[Played]):
    """A loaded game's history, its older part still the save's JSON text until first read.

    Loading a long game must not decode thousands of actions it will probably never look at: undo
    goes back no further than the checkpoint, and a save writes the actions' text it already holds.
    So the actions before the checkpoint stay text (``head_text``, ``head_len`` of them) and are
    decoded, once for every history that grew from this one, when something reads one of them (a
    replay from the start, stepping back in the embed page). Everything else behaves as the tuple
    a played game holds, and compares equal to it.
    """

    __slots__ = ("_head", "_tail")

    def __init__(self, head_text: str, head_len: int, tail: tuple[Played, ...] = ()) -> None:
        self._head: list[Any] = [head_text, head_len, None]  # shared by every history grown from this one
        self._tail = tail

    def _older(self) -> tuple[Played, ...]:
        head = self._head
        if head[2] is None:
            head[2] = decode_actions(head[0], head[1])
            if head[2] is None:
                raise SaveError("this save is corrupt (its actions do not match its snapshot)")
        older: tuple[Played, ...] = head[2]
        return older

    @property
    def undecoded(self) -> int:
        """How many actions are still text (0 once they have been read)."""
        return 0 if self._head[2] is not None else int(self._head[1])

    def __len__(self) -> int:
        return int(self._head[1]) + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> Played: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Played, ...]: ...
    def __getitem__(self, index: int | slice) -> Played | tuple[Played, ...]:
        k = int(self._head[1])
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step == 1 and start >= k:
                return self._tail[start - k:max(start, stop) - k]
            return (self._older() + self._tail)[index]
        i = index + len(self) if index < 0 else index
        if k <= i < len(self):
            return self._tail[i - k]
        return self._older()[index]

    def __iter__(self) -> Iterator[Played]:
        yield from self._older()
        yield from self._tail

    def older(self) -> History:
        """The history up to where the text ends (the checkpoint), sharing the same text."""
        return History.__new__(History)._shared(self._head, ())

    def _shared(self, head: list[Any], tail: tuple[Played, ...]) -> History:
        self._head, self._tail = head, tail
        return self

    def __add__(self, more: tuple[Played, ...]) -> History:
        return History.__new__(History)._shared(self._head, self._tail + tuple(more))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (tuple, History)):
            return NotImplemented
        return len(self) == len(other) and tuple(self) == tuple(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"History({len(self)} actions, {self._head[1]} not yet decoded)"


class State:
    """One position of one game. Treat it as immutable: ``Game.apply`` returns a new one.

    ``data`` holds the game's own JSON-able model, hidden parts included (deck order,
    hands, sealed bids). ``rng`` is the seeded generator's integer state. ``history``
    lists every ``(seat, action)`` since ``new_game``, so a save is just the options,
    the seed and this list. ``checkpoint`` is the number of actions before which undo
    may not go, because hidden information was revealed there.

    Two links make undo cheap at any length of game (they are caches, not part of the position):
    ``prev`` is the state before the last action, kept only while no reveal lies between them, and
    ``anchor`` is the state at ``checkpoint`` (None when this state is its own checkpoint). Undo walks
    ``prev`` and, where a link is missing (after a load), replays from ``anchor``; it never needs a
    state before ``checkpoint``, so nothing older is kept.
    """

    __slots__ = ("game", "players", "seed", "options", "data", "rng", "history", "checkpoint", "log", "meta",
                 "prev", "anchor", "memo")

    def __init__(
        self,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        data: dict[str, Any],
        rng: int,
        history: tuple[Played, ...] | History = (),
        checkpoint: int = 0,
        log: tuple[dict[str, Any], ...] = (),
        meta: dict[str, Any] | None = None,
        prev: State | None = None,
        anchor: State | None = None,
    ) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.data = data
        self.rng = rng
        self.history = history
        self.checkpoint = checkpoint
        self.log = log
        self.meta = meta or {}
        self.prev = prev
        self.anchor = anchor
        #: Values computed once from this immutable state: "digest", "actions_json"; and for an anchor
        #: restored from a save, the "expected_digest" the save records for it.
        self.memo: dict[str, str] = {}

    def digest(self) -> str:
        """A short hash of everything that decides the future of the game."""
        if "digest" not in self.memo:
            self.memo["digest"] = digest_of(self.data, self.rng, len(self.history))
        return self.memo["digest"]

    def actions_json(self) -> str:
        """``history`` as the JSON text a save holds (``[[seat, action], ...]``), built once per state
        and, after an action, by appending to the previous state's text rather than anew."""
        if "actions_json" not in self.memo:
            self.memo["actions_json"] = dumps([list(x) for x in self.history])
        return self.memo["actions_json"]

    def follows(self, before: State) -> None:
        """Carry over from ``before`` (one action earlier) what is cheap to extend."""
        text = before.memo.get("actions_json")
        if text is not None:
            seat, action = self.history[-1]
            item = dumps([seat, action])
            self.memo["actions_json"] = f"{text[:-1]},{item}]" if before.history else f"[{item}]"

    def __repr__(self) -> str:
        return f"<State {self.game} players={self.players} seed={self.seed} actions={len(self.history)}>"


class Ctx:
    """What a game's rule code may touch while it builds the next state.

    ``data`` is a private copy (under ``apply``, one made as the rules reach its parts:
    ``kernel/cow.py``), so rules may mutate it freely; if they raise, the copy is dropped and the
    caller's state is unchanged.
    """

    __slots__ = ("data", "rng", "players", "options", "seat", "events", "revealed")

    def __init__(self, data: dict[str, Any], rng: Rng, players: int, options: dict[str, Any],
                 seat: int | None) -> None:
        self.data = data
        self.rng = rng
        self.players = players
        self.options = options
        self.seat = seat
        self.events: list[dict[str, Any]] = []
        self.revealed = False

    def log(self, text: Text, *, to: list[int] | None = None, others: Text | None = None,
            **info: Any) -> None:
        """Add an event to the log.

        ``to`` limits the entry to those seats (a private event); then ``others``, if
        given, is what every other seat (and the public view) reads instead.
        """
        entry: dict[str, Any] = {"text": text, "seat": self.seat, **info}
        if to is not None:
            entry["to"] = sorted(to)
        self.events.append(entry)
        if to is not None and others is not None:
            self.events.append({"text": others, "seat": self.seat, "not_to": sorted(to), **info})

    def reveal(self) -> None:
        """Mark that this step showed hidden information (a draw, a flip, a bid reveal).

        Undo cannot go back past such a step. Using ``rng`` marks it automatically.
        """
        self.revealed = True
