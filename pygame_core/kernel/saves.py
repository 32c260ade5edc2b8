"""The save envelope: parsing and checking it, and the position snapshot that makes loading fast.

A save is ``{format, engine_version, game, options, players, seed, actions, checksum, meta}``; the
actions alone define the game, and loading replays them. A save written by this version also
carries ``snapshot``: the final position and the one at the last undo barrier (``checkpoint``), so
that loading a long game costs the same as loading a short one. The snapshot is only a cache: it
is used when it was written by this very engine version and its ``seal`` matches everything else
in the save; otherwise the actions are replayed.

The first part of this module reads and checks the envelope; the second writes and loads a game's
saves (:func:`save`, :func:`load`, :func:`load_report`), which the
:class:`~pygame_core.kernel.game.Game` methods of the same names call.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from typing import TYPE_CHECKING, Any

from pygame_core.errors import IllegalAction, OptionError, SaveError
from pygame_core.kernel.patches import changes, patched
from pygame_core.kernel.state import (
    History,
    Played,
    State,
    TooDeep,
    canonical,
    decode_actions,
    digest_of,
    dumps,
    loads,
    well_formed_actions,
)
from pygame_core.kernel.undo import confirmed_anchor

if TYPE_CHECKING:
    from pygame_core.kernel.game import Game

ENGINE_VERSION = "0.2.0"
SAVE_FORMAT = 1
#: How many of the last log entries a view shows and a snapshot keeps.
LOG_KEPT = 150

REQUIRED = ("format", "game", "options", "players", "seed", "actions")
#: Where the actions start and end in the text ``Game.save`` writes: ``{head…,"actions":[…],"checksum":…}``.
ACTIONS_AT = ',"actions":'
ACTIONS_END = '],"checksum":'
#: How a save ends: the snapshot's log, then its seal (see :func:`log_text`).
LOG_AT = ',"log":'
SEAL_AT = ',"seal":"'


def split_actions(text: str) -> tuple[str, str] | None:
    """A save's text with its actions cut out (``"actions":0`` in their place), and the actions'
    text; None if the text is not laid out as :meth:`Game.save` writes it.

    Loading parses the two apart, so the actions' text can be checked against the snapshot's
    ``seal`` as it stands, instead of writing the parsed actions out again. The cut is only a
    guess (the first place the start marker appears, the last the end marker does) until the seal
    confirms it.
    """
    at = text.find(ACTIONS_AT)
    if at < 0:
        return None
    start = at + len(ACTIONS_AT)
    end = text.rfind(ACTIONS_END, start)  # the tail after it is shorter than the actions
    if end < 0:
        return None
    return f"{text[:start]}0{text[end + 1:]}", text[start:end + 1]


def parse_save(text: Any, expected_game: str | None = None) -> dict[str, Any]:
    """Decode a save's JSON text and check its shape (not yet its actions)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark, as some editors write, is fine
        except UnicodeDecodeError:
            raise SaveError("this save is not UTF-8 text") from None
    if not isinstance(text, str):
        raise SaveError("a save must be JSON text")
    try:
        doc = loads(text)
    except (TooDeep, RecursionError):  # TooDeep is a ValueError: it must come first
        raise SaveError("this save is corrupt (nested too deeply)") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"this save is corrupt (not valid JSON: {exc.msg} at character {exc.pos})") from None
    except ValueError as exc:
        raise SaveError(f"this save is corrupt (not valid JSON: {exc})") from None
    if not isinstance(doc, dict):
        raise SaveError("this save is corrupt (not a JSON object)")
    missing = [k for k in REQUIRED if k not in doc]
    if missing:
        raise SaveError(f"this save is corrupt (missing {', '.join(missing)})")
    if type(doc["format"]) is not int or doc["format"] != SAVE_FORMAT:
        raise SaveError(f"unsupported save format {doc['format']!r}; this version reads format {SAVE_FORMAT}")
    if not isinstance(doc.get("engine_version", ""), str):
        raise SaveError("this save is corrupt (engine_version is not text)")
    if expected_game is not None and doc["game"] != expected_game:
        raise SaveError(f"this save is for {doc['game']!r}, not {expected_game!r}")
    if not isinstance(doc["actions"], list):
        raise SaveError("this save is corrupt (actions is not a list)")
    if not well_formed_actions(doc["actions"]):
        bad = next(i for i, item in enumerate(doc["actions"]) if not well_formed_actions([item]))
        raise SaveError(f"this save is corrupt (action #{bad + 1} is malformed)")
    if not isinstance(doc["options"], dict) or not isinstance(doc["players"], int) \
            or not isinstance(doc["seed"], int):
        raise SaveError("this save is corrupt (bad options, players or seed)")
    if "meta" in doc and not isinstance(doc["meta"], dict):
        raise SaveError("this save is corrupt (meta is not an object)")
    return doc


def seal(doc: dict[str, Any], actions_json: str, log_json: str) -> str:
    """A mark binding a save's snapshot to everything else the save holds and shows: its actions and
    its log (each as the JSON text the save holds), settings, meta and checksum.

    The positions themselves are bound through the checksum (the final one, recomputed on load)
    and the base's digest; the position before the last action (its data and rng) is confirmed by
    playing that action when undo first needs it, and only the length of its log is bound here.
    The log is never played from, but it is shown, so it is bound too: a save whose log was
    damaged replays its actions (which write the log anew) instead of showing the damaged one. The
    actions' text and the log's, the long parts, enter through their length and CRC-32: the seal
    guards against a save damaged or edited by hand, not against forgery, and a CRC costs a tenth
    of a SHA-256 in Pyodide. The mark is the hash, a dot and the log's length in characters: the
    snapshot ends with its log and then its seal (:func:`log_text`), so that loading finds the
    log's text as it stands instead of writing the parsed log out again.
    """
    snap = doc["snapshot"]
    base = snap.get("base") or {}
    before = snap.get("before") or {}
    core = [doc["game"], doc["players"], doc["seed"], doc["options"], doc.get("checksum"), snap.get("n"),
            snap.get("checkpoint"), snap.get("rng"), base.get("digest"), base.get("rng"), base.get("log_len"),
            before.get("log_len"), doc.get("meta"), len(log_json), f"{zlib.crc32(log_json.encode()):08x}"]
    text = f"{len(actions_json)}:{zlib.crc32(actions_json.encode()):08x}\n{canonical(core)}"
    return f"{hashlib.sha256(text.encode()).hexdigest()[:24]}.{len(log_json)}"


def log_text(text: str) -> str | None:
    """The snapshot log's JSON text in a save's ``text`` as :meth:`Game.save` writes it (it ends
    ``,"log":[…],"seal":"<hash>.<the log's length>"}}``), or None if it is not laid out so. Only a
    guess until the seal, which binds that text and its length, confirms it."""
    if not text.endswith('"}}'):
        return None
    at = text.rfind(SEAL_AT)
    size = text[at + len(SEAL_AT):-3].rpartition(".")[2] if at >= 0 else ""
    if not (size.isascii() and size.isdigit()) or len(size) > 9:
        return None
    start = at - int(size)
    if start < len(LOG_AT) or text[start - len(LOG_AT):start] != LOG_AT:
        return None
    return text[start:at]


def readable_log(log: Any) -> bool:
    """Whether a snapshot's log is a list of entries a view can read: each an object with a whole
    number ``i`` (rising), a ``text`` in words (text, or text by language), a ``seat`` (a seat number
    or null) and, if present, ``to`` and ``not_to`` lists of seat numbers."""
    if not isinstance(log, list):
        return False
    last = -1
    for e in log:
        if not isinstance(e, dict) or type(e.get("i")) is not int or e["i"] <= last:
            return False
        last = e["i"]
        text, seat = e.get("text"), e.get("seat")
        if not (isinstance(text, str) or isinstance(text, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in text.items())):
            return False
        if seat is not None and type(seat) is not int:
            return False
        for key in ("to", "not_to"):
            if key in e and not (isinstance(e[key], list) and all(type(x) is int for x in e[key])):
                return False
    return True


# ------------------------------------------------------------ a game's saves (Game.save, Game.load)
def save(game: Game, state: State) -> str:
    """The game as JSON text: ``{format, engine_version, game, options, players, seed, actions,
    checksum, meta, snapshot}``; the snapshot only makes loading fast (see ``kernel/saves.py``).

    The actions' text is built incrementally (:meth:`State.actions_json`), so a save costs about
    the same after 3,000 actions as after 30."""
    head = save_head(game, state.options, state.players, state.seed)
    snap: dict[str, Any] = {"n": len(state.history), "rng": state.rng, "checkpoint": state.checkpoint,
                            "data": state.data}
    base = confirmed_anchor(state)
    if base is not None and len(base.history) == state.checkpoint:
        snap["base"] = {"rng": base.rng, "digest": base.digest(),
                        "changes": changes(state.data, base.data), "log_len": game._next_event(base.log)}
    before = state.prev
    if before is not None and len(before.history) + 1 == len(state.history) > state.checkpoint:
        snap["before"] = {"rng": before.rng, "changes": changes(state.data, before.data),
                          "log_len": game._next_event(before.log)}
    tail: dict[str, Any] = {"checksum": state.digest(), "meta": state.meta, "snapshot": snap}
    actions = state.actions_json()
    cut = checkpoint_cut(state, actions)
    if cut is not None:
        snap["cut"] = cut
    log = dumps(list(state.log[-LOG_KEPT:]))
    mark = seal({**head, **tail}, actions, log)
    # the snapshot ends with its log and then its seal (saves.log_text): dumps(tail) without its "}}"
    end = f"{LOG_AT}{log}{SEAL_AT}{mark}\"}}}}"
    return f"{dumps(head)[:-1]}{ACTIONS_AT}{actions},{dumps(tail)[1:-2]}{end}"

def checkpoint_cut(state: State, actions: str) -> int | None:
    """Where the checkpoint falls in the actions' text (the index of the comma or bracket after
    the last action before it), so that a load can leave the older actions undecoded."""
    n, k = len(state.history), state.checkpoint
    if k == 0:
        return None
    if k == n:
        return len(actions) - 1
    anchor = state.anchor  # its actions' text, when it has been written, ends where the cut is
    if anchor is not None and len(anchor.history) == k and "actions_json" in anchor.memo:
        return len(anchor.memo["actions_json"]) - 1
    if n - k > 1000:  # writing the newer actions out again would cost more than it saves
        return None
    return len(actions) - len(dumps([list(x) for x in state.history[k:]]))

def save_head(game: Game, options: Any, players: Any, seed: Any) -> dict[str, Any]:
    """The fields a save starts with, in their order (the text before its actions)."""
    return {"format": SAVE_FORMAT, "engine_version": ENGINE_VERSION, "rules": game.rules_version(),
            "game": game.id, "options": options, "players": players, "seed": seed}

def load(game: Game, text: str) -> State:
    """Load a save exactly as it was. Raises :class:`SaveError` with a clear reason, also when the
    save no longer replays to the position it recorded (see :func:`load_report` to recover those)."""
    report = load_report(game, text)
    if report["status"] != "ok":
        raise SaveError(report["message"])
    state: State = report["state"]
    return state

def load_report(game: Game, text: str) -> dict[str, Any]:
    """Load a save and say how it went, recovering what the current rules allow.

    ``{"status": "ok" | "stale" | "broken_at", "state", "at", "message", "cause"}``:

    - ``ok``: the save loads as recorded.
    - ``stale``: every action replays, but the game ends in another position than the save
      recorded (its checksum): it was made under other rules, e.g. by an older version of the
      site. ``state`` is the game under the current rules.
    - ``broken_at``: action number ``at`` (0-based) is not legal under the current rules.
      ``state`` is the position just before it.

    ``cause`` says why a save that is not ``ok`` differs, for a page to word it: ``"version"`` (made
    by another engine version, an older site), ``"build"`` (this engine version, but its ``rules``
    fingerprint differs: another build) or ``"damaged"`` (this very version and rules: the save was
    edited or damaged since it was written); None when ``ok``.

    Raises :class:`SaveError` only for a save that cannot be read at all (not JSON, a missing
    field, bad settings, another game).
    """
    fast = from_snapshot(game, text)
    if fast is not None:
        return {"status": "ok", "state": fast, "at": None, "message": "", "cause": None}
    doc = parse_save(text, expected_game=game.id)
    cause = save_cause(game, doc)
    version = doc.get("engine_version") or "unknown"
    if cause == "version":
        age = "an older" if _older(version, ENGINE_VERSION) else "another"
        made = (f"this save was made with {age} version of the site (engine {version}; "
                f"this is {ENGINE_VERSION}): ")
        why = ""
    elif cause == "build":
        made = "this save was made with another build of the site, whose rules differ: "
        why = ""
    else:
        made = ""
        why = "; the save was edited or damaged, or made by a build of the site whose rules differ"
    try:
        state = game.new_game(players=doc["players"], seed=doc["seed"], options=doc["options"],
                              meta=doc.get("meta"))
    except OptionError as exc:
        raise SaveError(f"{made}its settings are not accepted by the current version: {exc}") from None
    total = len(doc["actions"])
    for i, (seat, action) in enumerate(doc["actions"]):
        try:
            state = game.apply(state, seat, action)
        except IllegalAction as exc:
            return {"status": "broken_at", "state": state, "at": i, "cause": cause,
                    "message": (f"{made}move {i + 1} of {total} of this save is not legal under the "
                                f"current rules ({exc.reason}){why}. The game can go on from just before "
                                "that move.")}
    if doc.get("checksum") is not None and doc["checksum"] != state.digest() \
            and doc["checksum"] not in older_digests(game, state):
        return {"status": "stale", "state": state, "at": None, "cause": cause,
                "message": (f"{made}the moves of this save replay under the current rules, but the game "
                            f"ends in another position than its checksum records{why}. The game can go "
                            "on under the current rules.")}
    return {"status": "ok", "state": state, "at": None, "message": "", "cause": None}

def older_digests(game: Game, state: State) -> list[str]:
    """The digests of ``state``'s position in the game's earlier state layouts (``_older_layouts``)."""
    return [digest_of(data, state.rng, len(state.history)) for data in game._older_layouts(state.data)]

def save_cause(game: Game, doc: dict[str, Any]) -> str:
    """Why a parsed save that does not load as it was saved differs: ``"version"`` (another engine
    version), ``"build"`` (this version, other rules) or ``"damaged"`` (this version and rules)."""
    if (doc.get("engine_version") or "unknown") != ENGINE_VERSION:
        return "version"
    if doc.get("rules") not in (None, game.rules_version()):
        return "build"
    return "damaged"

def from_snapshot(game: Game, text: Any) -> State | None:
    """The saved position, if the save is this engine's own unchanged text and its snapshot can be
    trusted (else None: parse it fully and replay instead).

    The actions' text is cut out before parsing (:func:`~pygame_core.kernel.saves.split_actions`)
    and checked against the seal as it stands; the rest must start exactly as this engine starts a
    save. Then nothing of the actions needs writing out again, and the seal proves the cut right.
    """
    parts = split_actions(text) if isinstance(text, str) else None
    if parts is None:
        return None
    rest, actions_json = parts
    try:
        doc = loads(rest)
        if not isinstance(doc, dict) or type(doc.get("actions")) is not int or doc["actions"] != 0:
            return None  # "actions" twice: the cut is not the save's actions
        head = save_head(game, doc.get("options"), doc.get("players"), doc.get("seed"))
        snap = doc.get("snapshot")
        log_json = log_text(rest)
        if not isinstance(snap, dict) or log_json is None \
                or not text.startswith(f"{dumps(head)[:-1]}{ACTIONS_AT}") \
                or snap.get("seal") != seal(doc, actions_json, log_json):
            return None
        n, checkpoint, rng, data, log = (snap["n"], snap["checkpoint"], snap["rng"], snap["data"],
                                          snap["log"])
        if not (type(n) is int and type(checkpoint) is int and 0 <= checkpoint <= n
                and type(rng) is int and isinstance(data, dict) and readable_log(log)):
            return None
        history = _history_of(actions_json, n, checkpoint, snap.get("cut"))
        if history is None:
            return None
        players, seed = doc["players"], doc["seed"]
        if type(players) is not int or not game.min_players <= players <= game.max_players \
                or type(seed) is not int or not 0 <= seed < 2**63:
            return None
        options = game.normalize_options(doc["options"], players)
        if canonical(options) != canonical(doc["options"]):
            return None
        meta = game._check_meta(doc.get("meta"))
    except (OptionError, KeyError, TypeError, ValueError, RecursionError):
        return None
    state = State(game.id, players, seed, options, data, rng, history, checkpoint, tuple(log), meta)
    if state.digest() != doc.get("checksum"):
        return None
    state.memo["actions_json"] = actions_json
    if checkpoint < n:
        base = saved_position(game, state, snap.get("base"), checkpoint)
        if base is not None and isinstance(snap["base"].get("digest"), str):
            base.memo["expected_digest"] = snap["base"]["digest"]  # confirmed when first used
            state.anchor = base
        before = saved_position(game, state, snap.get("before"), n - 1)
        if before is not None:  # confirmed by :func:`~pygame_core.kernel.undo.prev` when first used
            before.anchor = state.anchor if n - 1 > checkpoint else None
            before.memo["expected_next"] = "yes"
            state.prev = before
    return state

def saved_position(game: Game, state: State, saved: Any, n: int) -> State | None:
    """The position after ``n`` actions of a loaded ``state`` (``checkpoint <= n`` < its length) from
    an entry of its save's snapshot (``base``: at the checkpoint, ``before``: before the last
    action), or None if the save has no such entry or it is malformed."""
    data = _saved_data(state.data, saved)
    if data is None or type(saved.get("rng")) is not int or type(saved.get("log_len")) is not int:
        return None
    history, checkpoint = state.history, state.checkpoint
    older = history.older() if isinstance(history, History) else history[:checkpoint]
    log = tuple(e for e in state.log if e["i"] < saved["log_len"])
    return State(game.id, state.players, state.seed, state.options, data, saved["rng"],
                 older + tuple(history[checkpoint:n]), checkpoint, log, state.meta)


def _history_of(actions_json: str, n: int, checkpoint: int, cut: Any) -> tuple[Played, ...] | History | None:
    """The history of a save whose actions' text the seal has confirmed (None if it does not hold
    ``n`` well-formed actions). With a ``cut`` at the checkpoint, only the actions after it are
    decoded now: the older ones stay text in a :class:`History` until something reads them."""
    if type(cut) is int and 0 < checkpoint and 0 < cut < len(actions_json) and actions_json[cut] in ",]":
        newer = decode_actions(f"[{actions_json[cut + 1:]}", n - checkpoint) if actions_json[cut] == "," \
            else (() if n == checkpoint else None)
        if newer is not None:
            return History(f"{actions_json[:cut]}]", checkpoint, newer)
    return decode_actions(actions_json, n)


def _saved_data(data: dict[str, Any], saved: Any) -> dict[str, Any] | None:
    """An earlier position's data from a save's snapshot: its ``changes`` against the snapshot's
    ``data``, sharing the rest (see ``kernel/patches.py``); None if they are missing or do not fit."""
    if not isinstance(saved, dict):
        return None
    try:
        out = patched(data, saved.get("changes"))
    except (ValueError, RecursionError):
        return None
    return out if isinstance(out, dict) else None


def _older(version: str, than: str) -> bool:
    """Whether version text ``version`` ("0.1.0") is older than ``than``; False if unreadable."""
    try:
        return tuple(int(x) for x in version.split(".")) < tuple(int(x) for x in than.split("."))
    except ValueError:
        return False
