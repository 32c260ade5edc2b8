"""The save envelope: parsing and checking it, and the position snapshot that makes loading fast.

A save is ``{format, engine_version, game, options, players, seed, actions, checksum, meta}``; the
actions alone define the game, and loading replays them. A save written by this version also
carries ``snapshot``: the final position and the one at the last undo barrier (``checkpoint``), so
that loading a long game costs the same as loading a short one. The snapshot is only a cache: it
is used when it was written by this very engine version and its ``seal`` matches everything else
in the save; otherwise the actions are replayed.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from typing import Any

from pygame_core.errors import SaveError
from pygame_core.kernel.state import TooDeep, canonical, loads, well_formed_actions

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
