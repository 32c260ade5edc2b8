"""The browser's door into the engines: one ``call(method, args_json) -> json`` function.

The front end (JavaScript, rendering SVG/HTML) keeps no rules of its own. It calls
``call("new", ...)``, ``call("view", ...)``, ``call("apply", ...)`` and so on, and
renders the returned view. Every reply is ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"kind": ..., "message": ..., "code": ...}}``. Nothing raises
across the boundary, and a call that fails leaves its session exactly as it was: each
method computes the new session and the whole reply first, and stores the session last.

Sessions are kept in memory, keyed by an id the caller chooses (one per open game);
the caller persists ``save`` texts in localStorage. A caller on the click path asks for replies
without the save (``"save": false``: the save is most of a long game's reply), and takes the log in its
language only (``"log_lang": true``). Once the move is drawn it asks for what to store (``"journal"``):
the actions played since the save it last stored whole (its *base*), a few hundred bytes whatever the
length of the game, and only now and then the whole save again (see :func:`_journal_reply`).

This module owns the sessions and what each caller stored; the caches that make a reply small and quick
(log lines drawn per language, the view each caller holds, replies worked out ahead) are
:mod:`pygame_core.replies`'.
"""

from __future__ import annotations

import json
import re
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pygame_core import bots, games, replies
from pygame_core.bots import hint as hints
from pygame_core.errors import IllegalAction, OptionError, SaveError
from pygame_core.kernel.game import ENGINE_VERSION, Game
from pygame_core.kernel.saves import parse_save
from pygame_core.kernel.state import (
    Action,
    Played,
    State,
    dumps,
    loads,
    well_formed_actions,
)
from pygame_core.kernel.text import LANGS

#: Every how many actions the stepper keeps a position, so that a jump replays at most this many.
MARK_EVERY = 16


@dataclass
class Journal:
    """What the caller has stored of a session (``"journal"``): its base, the save text of the position
    after ``base_n`` actions whose checksum is ``base_sum`` (None: nothing stored whole yet, or a save the
    engine had to replay, to be written again), and ``low``, the fewest actions the session has had since
    (the current history and the base's agree up to it: every change of a session appends an action or
    cuts the history back to a prefix of itself, its line's)."""

    base_n: int
    base_sum: str | None
    low: int


@dataclass(frozen=True)
class Session:
    """One open game: its position, and the line of actions a stepper moves along.

    ``line`` is the longest known action list of this game (a loaded replay keeps all of it while
    stepping back); ``marks`` caches positions along it every :data:`MARK_EVERY` actions.
    """

    game: Game
    state: State
    line: Sequence[Played] = ()
    marks: dict[int, State] = field(default_factory=dict)
    #: What the caller had stored of the game when the session opened (``load``), see :class:`Journal`.
    stored: Journal | None = None


_sessions: dict[str, Session] = {}

#: What a call changes once its reply is complete: a session (None: closed), or only what its caller stored.
Change = tuple[str, Session | Journal | None] | None


#: sid -> Journal, for the sessions whose caller stores its moves as a journal.
_journals: dict[str, Journal] = {}
#: A tail of more actions than this is replaced by a whole save (loading applies the tail's actions).
TAIL_MAX = 100
#: The format of a tail's text.
TAIL_FORMAT = 1


# ------------------------------------------------------------------ argument checks
#: Longest seat name, in characters (web/app/common.js NAME_MAX).
NAME_MAX = 40
#: Control characters, bidi overrides, embeddings, isolates and marks, line separators, the BOM.
_NAME_DROP = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]")


def clean_name(raw: Any) -> str:
    """A player's name as the site keeps it (as web/app/common.js cleanName): no control or bidi-control
    characters (a U+202E override shows "evil" as "live"), runs of spaces as one, trimmed, at most
    :data:`NAME_MAX` characters."""
    if not isinstance(raw, str):
        return ""
    s = " ".join(_NAME_DROP.sub("", unicodedata.normalize("NFC", raw)).split())
    return s[:NAME_MAX].strip()


def _clean_meta(meta: Any) -> Any:
    """A new game's meta with its seats' names cleaned (anything else is the kernel's to check)."""
    if not isinstance(meta, dict) or not isinstance(meta.get("seats"), list):
        return meta
    seats = [{**s, "name": clean_name(s["name"])} if isinstance(s, dict) and "name" in s else s
             for s in meta["seats"]]
    return {**meta, "seats": seats}


def _sid(a: dict[str, Any]) -> str:
    sid = a["sid"]
    if not isinstance(sid, str) or not 0 < len(sid) <= 200:
        raise OptionError("sid must be a short string")
    return sid


def _lang(a: dict[str, Any]) -> str:
    lang = a.get("lang", "en")
    return lang if isinstance(lang, str) and lang in LANGS else "en"


def _seat(game: Game, state: State, value: Any) -> int | None:
    """A seat number of this game, or None; anything else is refused before anything changes."""
    if value is None:
        return None
    Game._check_seat(value, state.players)
    return int(value)


def _session(sid: str) -> Session:
    if sid not in _sessions:
        raise OptionError(f"no open game {sid[:40]!r}")
    return _sessions[sid]


# ------------------------------------------------------------------------ replies
#: The catalog worked out ahead from this same engine (``preset_catalog``), or None: work it out here.
_preset_catalog: dict[str, Any] | None = None


def preset_catalog(text: str) -> None:
    """Answer ``catalog`` with ``text`` (the JSON result of ``catalog``, worked out ahead by another run of
    this same engine) instead of importing every game to work it out: the site's boot snapshot of one
    game (build.py) holds that game alone, and a page asks for the catalog of all of them."""
    global _preset_catalog
    doc = json.loads(text)
    if not isinstance(doc, dict) or doc.get("engine_version") != ENGINE_VERSION:
        raise ValueError("the preset catalog is not this engine's")
    _preset_catalog = doc


def _catalog() -> dict[str, Any]:
    if _preset_catalog is not None:
        return _preset_catalog
    out = []
    for gid in games.registered():
        g = games.get(gid)
        out.append({"id": gid, "names": g.names, "min_players": g.min_players, "max_players": g.max_players,
                    "options": g.options_schema, "bots": list(g.bots), "listed": g.listed,
                    "native": g.native, "sealed": {k: list(v) for k, v in g.sealed.items()}})
    return {"engine_version": ENGINE_VERSION, "langs": list(LANGS), "games": out}


def _flag(a: dict[str, Any], name: str, default: bool) -> bool:
    flag = a.get(name, default)
    if not isinstance(flag, bool):
        raise OptionError(f"{name} must be true or false")
    return flag


def _with_save(a: dict[str, Any]) -> bool:
    """Does the caller want the save text and summary in the reply (``"save": false`` leaves them out)?"""
    return _flag(a, "save", True)


def _others(game: Game, state: State, a: dict[str, Any]) -> list[int] | None:
    """Of the seats listed in ``others``, those that have a legal action now (None when none were asked)."""
    seats = a.get("others")
    if seats is None:
        return None
    if not isinstance(seats, list) or len(seats) > state.players:
        raise OptionError("others must be a list of seat numbers")
    for s in seats:
        Game._check_seat(s, state.players)
    return [int(s) for s in seats if game.legal_actions(state, s)]


def _summary(game: Game, state: State, lang: str) -> dict[str, Any]:
    """The game's public summary, whose ``text`` is in every language ({en, zh-Hant, zh-Hans}): the page
    stores it beside the save and shows its saved-games list in the language of the moment, not in the
    one the game was saved in."""
    summary = game.summary(state, lang)
    summary["text"] = {code: summary["text"] if code == lang else game.summary(state, code)["text"]
                       for code in LANGS}
    return summary


def _saved(game: Game, state: State, lang: str) -> dict[str, Any]:
    """The save text and its public summary (:func:`_summary`)."""
    return {"save": game.save(state), "summary": _summary(game, state, lang)}


def _snapshot(game: Game, state: State, seat: int | None, lang: str,
              a: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the page draws from: the view, the save text and the summary (unless the call says
    ``"save": false``), for a seat its legal actions with labels, and ``others`` when asked."""
    a = a or {}
    if _flag(a, "log_lang", False):
        view = game.view(state, seat, log=False)
        view["log"] = replies.log_in_lang(state, seat, lang)
    else:
        view = game.view(state, seat)
    out: dict[str, Any] = {"view": view}
    if _with_save(a):
        out.update(_saved(game, state, lang))
    if seat is not None:
        out["legal"] = [{"action": act, "label": game.label(state, seat, act, lang)}
                        for act in game.legal_actions(state, seat)]
    others = _others(game, state, a)
    if others is not None:
        out["others"] = others
    return out


def _played(game: Game, before: State, after: State, seat: int, action: Action,
            viewer: int | None, lang: str) -> dict[str, Any]:
    """What the viewer may learn about a bot's move: its own action in full; another seat's only
    as far as the redacted log tells (a sealed bid is "has made a sealed bid", not the amount)."""
    if viewer == seat:
        return {"seat": seat, "action": action, "label": game.label(before, seat, action, lang)}
    first = Game._next_event(before.log)
    new = [e for e in Game.visible_log(after, viewer) if e["i"] >= first]
    label = new[0]["text"].get(lang, new[0]["text"]["en"]) if new else ""
    return {"seat": seat, "action": None, "label": label}


# ------------------------------------------------------------------------ search: bot budgets, hints
def _budget(a: dict[str, Any]) -> tuple[int | None, float | None]:
    """A search bot's ``iterations`` and ``budget_ms`` from a call's arguments (each optional)."""
    iterations, budget_ms = a.get("iterations"), a.get("budget_ms")
    if iterations is not None and (type(iterations) is not int or not 1 <= iterations <= 1_000_000):
        raise OptionError("iterations must be a whole number from 1 to 1000000")
    if budget_ms is not None and (type(budget_ms) not in (int, float) or not 1 <= budget_ms <= 60_000):
        raise OptionError("budget_ms must be a number of milliseconds from 1 to 60000")
    return iterations, None if budget_ms is None else float(budget_ms)


def _bot_seed(a: dict[str, Any], state: State) -> int:
    """A call's ``bot_seed`` (default: the game's seed), checked: a whole number from 0 to 2^63-1."""
    bot_seed = a.get("bot_seed", state.seed)
    if not isinstance(bot_seed, int) or isinstance(bot_seed, bool) or not 0 <= bot_seed < 2**63:
        raise OptionError("bot_seed must be a whole number from 0 to 2^63-1")
    return bot_seed


#: The last hint's search, kept for a ``"more": true`` call about the same decision (one at a time):
#: (sid, position digest, actions played, seat, bot seed) and the search.
_last_hint: tuple[tuple[str, str, int, int, int], hints.HintSearch] | None = None


def _hint(sid: str, game: Game, state: State, a: dict[str, Any], lang: str) -> dict[str, Any]:
    """``"hint"``: the search's best ``n`` actions for ``seat``, searched from that seat's view only (the
    ``hard`` level's search, :mod:`pygame_core.bots.hint`), best first as that module ranks them:
    ``{"hints": [{"action", "label", "win_rate", "visits"}, ...], "simulations"}``. With ``"more": true``
    the search of the previous hint call goes on (the same session, position, seat and ``bot_seed``;
    else a new one starts): the browser's bot worker searches a hint in slices this way."""
    global _last_hint
    seat = _seat(game, state, a["seat"])
    if seat is None or not game.legal_actions(state, seat):
        raise IllegalAction(f"seat {seat} has nothing to decide now", "not_your_turn")
    n = a.get("n", 3)
    if type(n) is not int or not 1 <= n <= 50:
        raise OptionError("n must be a whole number from 1 to 50")
    iterations, budget_ms = _budget(a)
    bot_seed = _bot_seed(a, state)
    more = _flag(a, "more", False)
    if iterations is None and budget_ms is None:
        iterations = bots.search.BUDGETS.get(game.id, bots.search.BUDGETS["default"])["hard"]
    key = (sid, state.digest(), len(state.history), seat, bot_seed)
    if more and _last_hint is not None and _last_hint[0] == key:
        searched = _last_hint[1]
    else:
        searched = hints.HintSearch(game, state, seat, bot_seed)
    _last_hint = (key, searched)
    searched.run(iterations or 10**6, budget_ms)
    return {"hints": [{"action": act, "label": game.label(state, seat, act, lang), "win_rate": round(rate, 4),
                       "visits": visits} for act, rate, visits in searched.ranked()[:n]],
            "simulations": searched.simulations}


# ------------------------------------------------------------------------ stepping
def _position(s: Session, n: Any) -> tuple[State, dict[int, State]]:
    """The position after ``n`` actions of the session's line, and the marks to keep."""
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= len(s.line):
        raise IllegalAction(f"'to' must be a whole number from 0 to {len(s.line)}", "malformed")
    game, state = s.game, s.state
    here = len(state.history)
    if state.checkpoint <= n <= here:
        return game.state_at(state, n), s.marks
    marks = dict(s.marks)
    start = max((k for k in marks if k <= n), default=None)
    if here <= n and (start is None or start < here):
        pos = state
    elif start is not None:
        pos = marks[start]
    else:
        pos = game.new_game(players=state.players, seed=state.seed, options=state.options, meta=state.meta)
    for i in range(len(pos.history), n):
        seat, action = s.line[i]
        pos = game.apply(pos, seat, action)
        if (i + 1) % MARK_EVERY == 0:
            marks[i + 1] = pos
    return pos, marks


def _advance(s: Session, state: State) -> Session:
    """The session after a new move: the line keeps its future only if the move follows it."""
    n = len(state.history)
    if len(s.line) >= n and s.line[n - 1] == state.history[n - 1]:
        return replace(s, state=state)
    return Session(s.game, state, state.history, {k: v for k, v in s.marks.items() if k < n})


# ------------------------------------------------------------------------ dispatch
def _dispatch(method: str, a: dict[str, Any]) -> tuple[Any, Change]:
    """The reply's result, and the session change to commit once the reply is complete."""
    lang = _lang(a)
    if method == "catalog":
        return _catalog(), None
    if method == "new":
        sid = _sid(a)
        game = games.get(a["game"])
        state = game.new_game(players=a.get("players", game.min_players), seed=a.get("seed", 0),
                              options=a.get("options"), meta=_clean_meta(a.get("meta")))
        return _snapshot(game, state, _seat(game, state, a.get("seat")), lang, a), (sid, Session(game, state))
    if method == "load":
        sid = _sid(a)
        game = games.game_of(a["text"])
        report, stored, merged = _load(game, a["text"], a.get("tail"))
        state = report["state"]
        res = _snapshot(game, state, _seat(game, state, a.get("seat")), lang, a)
        res["load"] = {"status": report["status"], "at": report["at"], "message": report["message"],
                       "cause": report["cause"]}
        if merged is not None and report["status"] != "ok":
            res["load"]["original"] = merged  # the save as stored, its tail's actions in it (to export)
        return res, (sid, Session(game, state, state.history, stored=stored))
    if method == "close":
        return True, (_sid(a), None)
    if method == "ahead":
        return _work_ahead(a), None
    if method == "sync":
        return _sync(a)
    if method not in ("view", "save", "apply", "bot", "hint", "undo", "step", "journal", "based", "position"):
        raise OptionError(f"unknown method {method[:40]!r}")
    sid = _sid(a)
    s = _session(sid)
    game, state = s.game, s.state
    if method == "view":
        return _snapshot(game, state, _seat(game, state, a.get("seat")), lang, a), None
    if method == "save":
        return {**_saved(game, state, lang), "actions_played": len(state.history)}, None
    if method == "position":
        return _position_of(game, state, _flag(a, "whole", False)), None
    if method == "journal":
        return _journal_reply(sid, game, state, lang, _flag(a, "full", False)), None
    if method == "based":
        # the caller stored this save whole (``"check": true``: may it? nothing changes)
        n, digest = len(state.history), state.digest()
        ok = a.get("base") == [n, digest]
        return {"ok": ok}, (sid, Journal(n, digest, n)) if ok and not _flag(a, "check", False) else None
    if method == "apply":
        seat = _seat(game, state, a["seat"])
        viewer = _seat(game, state, a.get("view_seat", seat))
        after = game.apply(state, seat, a["action"])  # type: ignore[arg-type]
        return _snapshot(game, after, viewer, lang, a), (sid, _advance(s, after))
    if method == "bot":
        seat = _seat(game, state, a["seat"])
        viewer = _seat(game, state, a.get("view_seat"))
        if seat is None or not game.legal_actions(state, seat):
            raise IllegalAction(f"seat {seat} has nothing to decide now", "not_your_turn")
        bot_seed = _bot_seed(a, state)
        kind = a.get("kind", "random")
        think_ms = None
        if "action" in a:
            # the move a bot chose elsewhere (the page's bot worker, web/runtime/bot-worker.mjs, from the
            # same position): applied as that seat's action, with the same reply as a choice made here
            action = a["action"]
        else:
            # "best": the game's strong fast bot (its heuristic, never a search level), for a seat that
            # hands one decision to a bot (a decision made for an automa, docs/api.md "Pending decisions")
            iterations, budget_ms = _budget(a)
            bot = bots.make(kind, game.id, bot_seed, iterations, budget_ms)
            t0 = time.perf_counter()
            action = bot.choose(game, state, seat)
            think_ms = round((time.perf_counter() - t0) * 1000, 2)
        after = game.apply(state, seat, action)
        played = _played(game, state, after, seat, action, viewer, lang)
        if _flag(a, "played_only", False):  # the bot worker: only the choice (no view, no legal list)
            # and how long the choice took (the rest of the call is its reply: the move applied, labelled)
            return {"played": played, "think_ms": think_ms}, (sid, _advance(s, after))
        res = _snapshot(game, after, viewer, lang, a)
        res["played"] = played
        return res, (sid, _advance(s, after))
    if method == "hint":
        return _hint(sid, game, state, a, lang), None
    if method == "undo":
        seat = _seat(game, state, a.get("seat"))
        viewer = _seat(game, state, a.get("view_seat"))
        after = game.undo(state, seat)
        return _snapshot(game, after, viewer, lang, a), (sid, replace(s, state=after))
    if method == "step":
        viewer = _seat(game, state, a.get("view_seat", a.get("seat")))
        pos, marks = _position(s, a["to"])
        res = _snapshot(game, pos, viewer, lang, a)
        res["line"] = res["total"] = len(s.line)
        if pos.history:
            # the last action as the viewer may read it: a sealed bid of another seat stays sealed
            n = len(pos.history)
            before = game.state_at(pos, n - 1) if pos.checkpoint < n else _position(s, n - 1)[0]
            actor, action = pos.history[-1]
            res["played"] = _played(game, before, pos, actor, action, viewer, lang)
        return res, (sid, replace(s, state=pos, marks=marks))
    raise OptionError(f"unknown method {method[:40]!r}")


# ------------------------------------------------------------------------ the bot worker's copy
def _position_of(game: Game, state: State, whole: bool) -> dict[str, Any]:
    """``"position"``: what a second engine (the page's bot worker) needs to hold the same game: with
    ``whole``, the save text (its snapshot makes loading it fast however long the game); else the game's
    setup and its actions as a save's text of them (``[[seat, action], ...]``, kept by the state and
    extended after each action, so that it costs little however long the game)."""
    n = len(state.history)
    if whole:
        return {"save": game.save(state), "actions_played": n}
    return {"game": game.id, "players": state.players, "seed": state.seed, "options": state.options,
            "meta": state.meta, "actions": state.actions_json(), "actions_played": n}


def _common(history: Sequence[Played], actions: list[Any]) -> int:
    """How many first actions ``history`` and ``actions`` (``[[seat, action], ...]``) share."""
    k, n = 0, min(len(history), len(actions))
    while k < n and tuple(actions[k]) == tuple(history[k]):
        k += 1
    return k


def _sync(a: dict[str, Any]) -> tuple[dict[str, Any], Change]:
    """``"sync"``: make session ``sid`` the game of a ``"position"`` reply (the bot worker's copy of the
    page's game): its ``save``, or its setup and ``actions``. A session of the same setup keeps the
    actions it shares with them and plays only the others (after a move, the one new action; after an
    undo, none), so that a sync costs little after the first."""
    sid = _sid(a)
    if "save" in a:
        game = games.game_of(a["save"])
        state = _load(game, a["save"], None)[0]["state"]
        return {"actions_played": len(state.history)}, (sid, Session(game, state, state.history))
    game = games.get(a["game"])
    text = a["actions"]
    actions = loads(text) if isinstance(text, str) else text
    if not well_formed_actions(actions):
        raise OptionError("actions must be a list of [seat, action] pairs")
    players, seed, options, meta = a["players"], a["seed"], a.get("options") or {}, a.get("meta")
    s = _sessions.get(sid)
    held = s.state if s is not None and s.game is game else None
    if held is not None and (held.players, held.seed, held.options) == (players, seed, options):
        k = _common(held.history, actions)
        if k == len(held.history):
            state = held
        elif held.checkpoint <= k:
            state = game.state_at(held, k)
        else:
            state = game.replay(players, seed, options, held.history[:k], held.meta)
    else:
        k, state = 0, game.new_game(players=players, seed=seed, options=options, meta=meta)
    for seat, action in actions[k:]:
        state = game.apply(state, seat, action)
    return {"actions_played": len(state.history)}, (sid, Session(game, state, state.history))


# ------------------------------------------------------------------------ what the caller stores
def _journal_reply(sid: str, game: Game, state: State, lang: str, full: bool) -> dict[str, Any]:
    """``"journal"``: what the caller stores after a move: the game's summary, and ``tail``, the text of
    the actions since its base (``{"v": 1, "base": [n, checksum], "from": k, "actions": [...]}``: the
    game is the base's first ``k`` actions, then these), or null when the base is the game as it stands.
    A tail costs the same after 3,000 actions as after 30. The whole ``save`` comes too, with ``base``
    (``[n, checksum]``, for ``"based"`` once it is stored), when the caller has no base of this game yet,
    the tail is longer than :data:`TAIL_MAX`, the game is over, or the caller asks (``"full": true``,
    e.g. when the page is hidden) — never when the base is the game as it stands."""
    j = _journals.get(sid)
    n = len(state.history)
    out: dict[str, Any] = {"summary": _summary(game, state, lang), "actions_played": n, "tail": None}
    stored = j is not None and j.base_sum is not None
    if j is not None and stored and j.low == j.base_n == n:
        return out
    if j is not None and stored:
        out["tail"] = dumps({"v": TAIL_FORMAT, "base": [j.base_n, j.base_sum], "from": j.low,
                             "actions": [list(x) for x in state.history[j.low:]]})
    if full or j is None or not stored or n - j.low > TAIL_MAX or game.is_over(state):
        out["save"] = game.save(state)
        out["base"] = [n, state.digest()]
    return out


def _tail_doc(tail: Any) -> dict[str, Any] | None:
    """A journal tail's parsed text, or None when there is none or it is not one (it is then left out:
    a tail damaged by hand must not make its save unloadable)."""
    if tail is None:
        return None
    if not isinstance(tail, str):
        raise OptionError("tail must be a journal tail's text or null")
    try:
        doc = loads(tail)
    except (ValueError, RecursionError):
        return None
    if not isinstance(doc, dict) or doc.get("v") != TAIL_FORMAT:
        return None
    base, k, actions = doc.get("base"), doc.get("from"), doc.get("actions")
    if not (isinstance(base, list) and len(base) == 2 and type(base[0]) is int and isinstance(base[1], str)
            and type(k) is int and 0 <= k <= base[0] and isinstance(actions, list)
            and well_formed_actions(actions)):
        return None
    return doc


def _merged_text(doc: dict[str, Any], k: int, actions: list[Any]) -> str:
    """A base save's envelope with its first ``k`` actions and then a tail's: a normal save, without the
    snapshot and with no checksum (it records no position the engine checked)."""
    out = {key: v for key, v in doc.items() if key != "snapshot"}
    out["actions"] = doc["actions"][:k] + actions
    out["checksum"] = None
    return dumps(out)


def _load(game: Game, text: Any, tail_text: Any) -> tuple[dict[str, Any], Journal | None, str | None]:
    """Load a stored save and its journal tail (``"tail"``, see :func:`_journal_reply`).

    Returns ``Game.load_report``'s report, what the caller has stored (None when the base must be
    written again: the engine replayed it), and, if a tail was merged into a base the engine replayed,
    the text of the two as one save. A tail whose base is not this save (a newer base was stored and the
    page closed before it removed the tail: the base has its actions) is left out."""
    fast = game._from_snapshot(text) if isinstance(text, str) else None
    report: dict[str, Any] = (game.load_report(text) if fast is None else
                              {"status": "ok", "state": fast, "at": None, "message": "", "cause": None})
    state: State = report["state"]
    tail = _tail_doc(tail_text)
    doc = parse_save(text) if fast is None else None
    base_n, base_sum = (len(state.history), state.digest()) if doc is None \
        else (len(doc["actions"]), doc.get("checksum"))
    if tail is None or tail["base"] != [base_n, base_sum]:
        return report, None if fast is None else Journal(base_n, base_sum, base_n), None
    k, actions = tail["from"], tail["actions"]
    merged = None if doc is None else _merged_text(doc, k, actions)
    if report["status"] == "broken_at":
        return report, None, merged
    pos = state
    if k < len(state.history):
        pos = game.state_at(state, k) if state.checkpoint <= k else \
            game.replay(state.players, state.seed, state.options, state.history[:k], state.meta)
    for i, (seat, action) in enumerate(actions):
        try:
            pos = game.apply(pos, seat, action)
        except IllegalAction as exc:
            total = k + len(actions)
            report = {"status": "broken_at", "state": pos, "at": k + i,
                      "cause": game.save_cause(doc if doc is not None else parse_save(text)),
                      "message": (f"move {k + i + 1} of {total} of this save is not legal under the current "
                                  f"rules ({exc.reason}). The game can go on from just before that move.")}
            return report, None, merged if merged is not None else _merged_text(parse_save(text), k, actions)
    return {**report, "state": pos}, None if fast is None else Journal(base_n, base_sum, k), merged


# ------------------------------------------------------------------------ replies worked out ahead
def _work_ahead(a: dict[str, Any]) -> dict[str, Any]:
    """``"ahead"``: work out now, while the page is idle, the reply to a call the player may make next
    (``"for": "apply"`` or ``"undo"``, with that call's arguments), so that the call itself only sends
    it. Nothing changes and nothing of the reply is returned: only whether it is ready (an illegal
    action is not; its call will say why)."""
    method = a.get("for")
    if method not in ("apply", "undo"):
        raise OptionError("'for' must be \"apply\" or \"undo\"")
    sid = _sid(a)
    s = _session(sid)
    args = {k: v for k, v in a.items() if k != "for"}
    key = replies.ahead_key(method, args)
    if key is None:
        return {"ready": False}
    ready = replies.ahead_for(sid, s)
    if key not in ready:
        if len(ready) >= replies.AHEAD_KEPT:
            return {"ready": False}
        try:
            result, change = _dispatch(method, args)
        except (IllegalAction, OptionError, SaveError, KeyError, TypeError, ValueError):
            return {"ready": False}
        view = result.get("view") if isinstance(result, dict) else None
        ready[key] = (result, change, replies.Held.keys_of(view) if isinstance(view, dict) else None)
        replies.keep_ahead(sid, s, ready)
    return {"ready": True}


def _commit(method: str, sid: str, change: Session | Journal | None) -> None:
    """Store a call's change: a session (None: closed), or what its caller stored (``"based"``)."""
    if isinstance(change, Journal):
        _journals[sid] = change
        return
    replies.drop_ahead(sid)
    if change is None:
        _sessions.pop(sid, None)
        replies.forget(sid)
        _journals.pop(sid, None)
        return
    _sessions[sid] = change
    if method in ("new", "load"):
        if change.stored is None:
            _journals.pop(sid, None)
        else:
            _journals[sid] = replace(change.stored)
    elif sid in _journals:
        j = _journals[sid]
        j.low = min(j.low, len(change.state.history))


def call(method: str, args_json: str = "{}") -> str:
    """Run one API method with JSON arguments; always returns a JSON reply, never raises."""
    try:
        if not isinstance(method, str):
            raise OptionError("the method must be a string")
        if args_json is not None and not isinstance(args_json, str):  # bytes, a number, a parsed object
            raise TypeError(f"the arguments must be JSON text, not {type(args_json).__name__}")
        args = loads(args_json) if args_json else {}
        if not isinstance(args, dict):
            raise OptionError("arguments must be a JSON object")
        sid = args.get("sid")
        ready = replies.worked_out(method, args, _sessions.get(sid) if isinstance(sid, str) else None)
        if ready is not None:
            result, change, keys = ready
        else:
            (result, change), keys = _dispatch(method, args), None
        result, sent = replies.trim(args, result, keys)
        # compact, and no circular-reference check (replies are trees; a cycle would raise RecursionError):
        # a long game's reply is written ~15% faster and ~11% shorter
        text = json.dumps({"ok": True, "result": result}, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"), check_circular=False)
        if sent is not None:
            replies.remember(*sent)
        if change is not None:
            _commit(method, *change)
        return text
    except IllegalAction as exc:
        err = {"kind": "illegal", "message": exc.reason, "code": exc.code}
    except SaveError as exc:
        err = {"kind": "save", "message": str(exc), "code": "bad_save"}
    except OptionError as exc:
        err = {"kind": "option", "message": str(exc), "code": "bad_option"}
    except (KeyError, TypeError, ValueError) as exc:
        err = {"kind": "request", "message": f"bad request: {str(exc)[:200]}", "code": "bad_request"}
    except RecursionError:
        err = {"kind": "request", "message": "bad request: nested too deeply", "code": "bad_request"}
    except Exception as exc:  # noqa: BLE001 - the door never raises; a bug is reported, not thrown
        err = {"kind": "internal", "message": f"internal error: {type(exc).__name__}", "code": "internal"}
    return json.dumps({"ok": False, "error": err}, ensure_ascii=False)
