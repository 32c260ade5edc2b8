"""What the browser's door (``webapi``) keeps between calls so that a reply is small and quick.

``webapi`` owns the sessions (the games) and what each caller stored; this module owns the caches of
the replies themselves, all of which may be dropped at any time without changing a game:

- the log lines already drawn, per seat and language (:func:`log_in_lang`): a position shares its log's
  entries with the positions before it, so each line is drawn once and is then the same object;
- the view last sent to each session's caller with a token (:class:`Held`, :func:`trim`, :func:`remember`):
  the next reply leaves out what the caller holds already;
- the replies worked out ahead of the calls a player may make next (``"ahead"``: :func:`ahead_for`,
  :func:`keep_ahead`, :func:`worked_out`), dropped as soon as the session changes.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

from pygame_core.errors import OptionError
from pygame_core.kernel.game import Game
from pygame_core.kernel.saves import LOG_KEPT
from pygame_core.kernel.state import State, canonical, json_key


# ------------------------------------------------------------------------ log lines in one language
def _in_lang(entry: dict[str, Any], lang: str) -> dict[str, Any]:
    """A log entry with its text in one language (a text of every language is most of a long view's
    log): the ``lang`` string, else the English one, else the first."""
    text = entry.get("text")
    if isinstance(text, dict):
        text = (text[lang] if lang in text
                else text["en"] if "en" in text else next(iter(text.values()), ""))
    return {**entry, "text": text}


#: (id of a log entry, seat, language) -> (that entry, what the seat reads of it in that language, or None).
_read: dict[tuple[int, int | None, str], tuple[dict[str, Any], dict[str, Any] | None]] = {}


def log_in_lang(state: State, seat: int | None, lang: str) -> list[dict[str, Any]]:
    """The view's log as ``seat`` reads it, each text in ``lang``. A position shares its log's entries
    with the positions before it, so an entry already drawn is taken from ``_read`` by identity, as the
    same object (:func:`trim` then finds the lines the caller holds without comparing them)."""
    out = []
    for e in state.log[-LOG_KEPT:]:
        key = (id(e), seat, lang)
        hit = _read.get(key)
        if hit is None or hit[0] is not e:
            seen = Game.visible_entry(e, seat)
            hit = (e, None if seen is None else _in_lang(seen, lang))
            if len(_read) >= 8 * LOG_KEPT:
                _read.clear()
            _read[key] = hit
        if hit[1] is not None:
            out.append(hit[1])
    return out


# ------------------------------------------------------------------------ the view the caller holds
@dataclass(frozen=True)
class Held:
    """The last view sent to a session's caller with a token (see :func:`trim`), and the marshal key
    (:func:`~pygame_core.kernel.state.json_key`) of each of its top-level values, so that the next reply
    compares its own keys with these instead of encoding the held view's values again."""

    token: int
    view: dict[str, Any]
    keys: dict[str, bytes | None]

    @classmethod
    def of(cls, token: int, view: dict[str, Any]) -> Held:
        return cls(token, view, cls.keys_of(view))

    @staticmethod
    def keys_of(view: dict[str, Any]) -> dict[str, bytes | None]:
        # the log is compared line by line instead (``_log_span``): most of its lines are the objects held
        return {k: None if k == "log" else json_key(v) for k, v in view.items()}


#: The last view sent to each session's caller with a token: sid -> Held.
_sent: dict[str, Held] = {}
_tokens = iter(range(1, 2**62))


# ------------------------------------------------------------------------ replies worked out ahead
#: A reply worked out ahead: the result, the session change (the webapi's, kept as it is), and its view's
#: keys (as ``Held.keys``).
Worked = tuple[Any, Any, dict[str, bytes | None] | None]
#: Replies worked out ahead of their call (``"ahead"``): sid -> (the session they were worked out from,
#: {the call's key: the reply worked out}). Dropped as soon as the session changes.
_ahead: dict[str, tuple[object, dict[str, Worked]]] = {}
#: At most this many replies are kept ahead per session.
AHEAD_KEPT = 12


def ahead_key(method: str, a: dict[str, Any]) -> str | None:
    """What makes two calls of ``method`` the same call: every argument but ``sid`` and ``since``
    (the reply is trimmed against the held view when it is sent, not when it is worked out)."""
    try:
        return f"{method}:{canonical({k: v for k, v in a.items() if k not in ('sid', 'since')})}"
    except (TypeError, ValueError, RecursionError):
        return None


def worked_out(method: str, a: dict[str, Any], session: object) -> Worked | None:
    """The reply to this call if it was worked out ahead from ``session`` (the call's session as it
    stands), else None."""
    if method not in ("apply", "undo") or not isinstance(a.get("sid"), str):
        return None
    kept = _ahead.get(a["sid"])
    if kept is None or kept[0] is not session:
        return None
    key = ahead_key(method, a)
    return None if key is None else kept[1].get(key)


def ahead_for(sid: str, session: object) -> dict[str, Worked]:
    """The replies worked out ahead for ``session`` as it stands (a new, empty set if there are none
    yet or they were worked out from an older session); :func:`keep_ahead` stores them."""
    kept = _ahead.get(sid)
    return kept[1] if kept is not None and kept[0] is session else {}


def keep_ahead(sid: str, session: object, replies: dict[str, Worked]) -> None:
    """Keep the replies worked out ahead from ``session`` (at most :data:`AHEAD_KEPT`)."""
    _ahead[sid] = (session, replies)


def drop_ahead(sid: str) -> None:
    """The session changed: the replies worked out ahead no longer answer its calls."""
    _ahead.pop(sid, None)


def forget(sid: str) -> None:
    """The session closed: drop everything kept for it."""
    _ahead.pop(sid, None)
    _sent.pop(sid, None)


def remember(sid: str, held: Held) -> None:
    """A reply with a token was sent: its view is what the caller holds now."""
    _sent[sid] = held


def trim(a: dict[str, Any], result: Any,
         keys: dict[str, bytes | None] | None = None) -> tuple[Any, tuple[str, Held] | None]:
    """``"since": token`` (the token of the reply whose view the caller holds, or null): the reply gets a
    new ``token``, and its view leaves out the top-level keys whose values are the same as in the view the
    caller holds, listed in ``"same"`` (most of a long game's view, e.g. a map, does not change with a
    move), and a log that only gained lines at its end is sent as those lines, with ``"log_span": [first,
    upto]``: the held log's entries numbered first ≤ i < upto come before them. Returns the reply and what
    to remember once it is sent. ``keys``: the view's ``Held.keys``, when they were worked out ahead."""
    if "since" not in a or not isinstance(result, dict) or not isinstance(result.get("view"), dict):
        return result, None
    since = a["since"]
    if since is not None and (not isinstance(since, int) or isinstance(since, bool)):
        raise OptionError("since must be a reply's token or null")
    sid = a["sid"]
    if not isinstance(sid, str) or not 0 < len(sid) <= 200:
        raise OptionError("sid must be a short string")
    view = result["view"]
    sent = Held(next(_tokens), view, keys) if keys is not None else Held.of(next(_tokens), view)
    held = _sent.get(sid)
    out = {**result, "token": sent.token}
    if held is not None and since is not None and held.token == since:
        # equal as JSON: the same marshal bytes (1, 1.0 and true are equal in Python, not in a page)
        same = [k for k, key in sent.keys.items() if key is not None and held.keys.get(k) == key]
        out["view"] = {k: v for k, v in view.items() if k not in same}
        out["same"] = same
        old_log: Any = held.view.get("log")
        new_log = view.get("log")
        # the held lines themselves (:func:`log_in_lang`), found without :func:`_log_span`'s comparisons
        held_lines = isinstance(old_log, list) and isinstance(new_log, list) \
            and len(old_log) == len(new_log) and all(map(operator.is_, old_log, new_log))
        span = None if held_lines else _log_span(old_log, new_log)
        if held_lines or (span is not None and not span[2] and len(old_log) == len(new_log)):
            same.append("log")  # every line is the held one, as JSON
            del out["view"]["log"]
        elif span is not None:
            out["view"]["log"] = span[2]
            out["log_span"] = [span[0], span[1]]
    return out, (sid, sent)


def _log_span(old: Any, new: Any) -> tuple[int, int, list[Any]] | None:
    """A log as the held one's entries numbered ``first`` ≤ i < ``upto`` followed by the new ``tail``
    (a move adds lines at the end and the oldest drop off the front), or None when it is not that."""
    if not isinstance(old, list) or not isinstance(new, list) or not new:
        return None
    if not all(isinstance(e, dict) and type(e.get("i")) is int for e in (*old, *new)):
        return None
    by_i = {e["i"]: e for e in old}
    k = 0
    while k < len(new) and _same_line(by_i.get(new[k]["i"]), new[k]):
        k += 1
    first = new[0]["i"]
    upto = new[k]["i"] if k < len(new) else new[-1]["i"] + 1
    tail = new[k:]
    if [e for e in old if first <= e["i"] < upto] + tail != new:
        return None
    return first, upto, tail


def _same_line(held: Any, line: dict[str, Any]) -> bool:
    """The held log line is this one: the same object (:func:`log_in_lang`), else equal as JSON."""
    return held is line or (held is not None and held == line and json_key(held) == json_key(line))
