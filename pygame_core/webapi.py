"""The browser's door into the engines: one ``call(method, args_json) -> json`` function.

The front end (JavaScript, rendering SVG/HTML) keeps no rules of its own. It calls
``call("new", ...)``, ``call("view", ...)``, ``call("apply", ...)`` and so on, and
renders the returned view. Every reply is ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": {"kind": ..., "message": ..., "code": ...}}``; nothing raises
across the boundary. Sessions are kept in memory, keyed by an id the caller chooses
(one per open game); the caller persists ``save`` texts in localStorage.
"""

from __future__ import annotations

import json
from typing import Any

from pygame_core import bots, games
from pygame_core.errors import IllegalAction, OptionError, SaveError
from pygame_core.kernel.game import ENGINE_VERSION, Game
from pygame_core.kernel.i18n import LANGS
from pygame_core.kernel.saves import load_any
from pygame_core.kernel.state import State, loads

_sessions: dict[str, tuple[Game, State]] = {}


def _catalog() -> dict[str, Any]:
    """Every registered game; ``listed: false`` marks test games (playable by id, not offered)."""
    out = []
    for gid in games.registered():
        g = games.get(gid)
        out.append({"id": gid, "names": g.names, "min_players": g.min_players, "max_players": g.max_players,
                    "options": g.options_schema, "bots": bots.available(gid), "listed": games.is_listed(g)})
    return {"engine_version": ENGINE_VERSION, "langs": list(LANGS), "games": out}


def _session(sid: str) -> tuple[Game, State]:
    if sid not in _sessions:
        raise OptionError(f"no open game {sid!r}")
    return _sessions[sid]


def _legal(game: Game, state: State, seat: int, lang: str) -> list[dict[str, Any]]:
    return [{"action": a, "label": game.label(state, a, lang)} for a in game.legal_actions(state, seat)]


def _summary(game: Game, state: State, lang: str) -> dict[str, Any]:
    """The public one-line summary of a game (kernel v2 ``Game.summary``; a plain one until it lands)."""
    kernel = getattr(game, "summary", None)
    if callable(kernel):
        return dict(kernel(state, lang))
    over = game.is_over(state)
    return {"text": "", "players": state.players, "actions_played": len(state.history), "over": over,
            "winners": list(game.scores(state).get("winners", [])) if over else []}


def _snapshot(sid: str, seat: int | None, lang: str) -> dict[str, Any]:
    game, state = _session(sid)
    out: dict[str, Any] = {"view": game.view(state, seat), "save": game.save(state),
                           "summary": _summary(game, state, lang)}
    if seat is not None:
        out["legal"] = _legal(game, state, seat, lang)
    return out


def _played(game: Game, before: State, after: State, seat: int, action: dict[str, Any],
            viewer: int | None, lang: str) -> dict[str, Any]:
    """What the viewer may learn about a bot's move: its own action in full; another seat's only
    as far as the redacted log tells (a sealed bid is "has made a sealed bid", not the amount)."""
    if viewer == seat:
        return {"seat": seat, "action": action, "label": game.label(before, action, lang)}
    new = [e for e in Game.visible_log(after, viewer) if e["i"] >= len(before.log)]
    label = new[0]["text"].get(lang, new[0]["text"]["en"]) if new else ""
    return {"seat": seat, "action": None, "label": label}


def _dispatch(method: str, a: dict[str, Any]) -> Any:
    lang = a.get("lang", "en")
    if method == "catalog":
        return _catalog()
    if method == "new":
        game = games.get(a["game"])
        state = game.new_game(players=a.get("players", game.min_players), seed=a.get("seed", 0),
                              options=a.get("options"), meta=a.get("meta"))
        _sessions[a["sid"]] = (game, state)
        return _snapshot(a["sid"], a.get("seat"), lang)
    if method == "load":
        game, state = load_any(a["text"])
        _sessions[a["sid"]] = (game, state)
        _replays[a["sid"]] = state
        return _snapshot(a["sid"], a.get("seat"), lang)
    if method == "step":
        return _step(a["sid"], a["to"], a.get("seat", a.get("view_seat")), lang)
    if method == "view":
        return _snapshot(a["sid"], a.get("seat"), lang)
    if method == "apply":
        game, state = _session(a["sid"])
        _sessions[a["sid"]] = (game, game.apply(state, a["seat"], a["action"]))
        return _snapshot(a["sid"], a.get("view_seat", a["seat"]), lang)
    if method == "bot":
        game, state = _session(a["sid"])
        seat = a["seat"]
        bot = bots.make(a.get("kind", "random"), game.id, a.get("bot_seed", state.seed))
        action = bot.choose(game, state, seat)
        after = game.apply(state, seat, action)
        _sessions[a["sid"]] = (game, after)
        res = _snapshot(a["sid"], a.get("view_seat"), lang)
        res["played"] = _played(game, state, after, seat, action, a.get("view_seat"), lang)
        return res
    if method == "undo":
        game, state = _session(a["sid"])
        _sessions[a["sid"]] = (game, game.undo(state, a.get("seat")))
        return _snapshot(a["sid"], a.get("view_seat"), lang)
    if method == "close":
        _sessions.pop(a["sid"], None)
        _replays.pop(a["sid"], None)
        return True
    raise OptionError(f"unknown method {method!r}")


# ------------------------------------------------------------------ step (replay sessions)
#
# A session opened with "load" keeps the loaded game's full action list, and "step" moves the session
# to the position after its first n actions, either way. This version replays from the start on every
# step (O(n)); kernel v2 caches states by history prefix and replaces _step_state with a cheap lookup.

_replays: dict[str, State] = {}


def _step_state(sid: str, n: int) -> State:
    """The loaded game of ``sid`` after its first ``n`` actions (replayed from the start)."""
    game, _ = _session(sid)
    if sid not in _replays:
        raise OptionError(f"game {sid!r} was not opened with load: nothing to step through")
    full = _replays[sid]
    return game.replay(full.players, full.seed, dict(full.options), list(full.history[:n]), full.meta)


def _step(sid: str, to: Any, seat: int | None, lang: str) -> dict[str, Any]:
    """Reply of "step": the snapshot at action ``to`` and, after action 1, how the last action reads."""
    game, _ = _session(sid)
    full = _replays.get(sid)
    total = len(full.history) if full is not None else 0
    if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to <= total:
        raise OptionError(f"step: 'to' must be a whole number from 0 to {total}, not {to!r}")
    state = _step_state(sid, to)
    _sessions[sid] = (game, state)
    out = _snapshot(sid, seat, lang)
    out["total"] = total
    if to > 0:
        before = _step_state(sid, to - 1)
        actor, action = state.history[-1]
        out["played"] = {"seat": actor, "action": action, "label": game.label(before, action, lang)}
    return out


def call(method: str, args_json: str = "{}") -> str:
    """Run one API method with JSON arguments; always returns a JSON reply."""
    try:
        args = loads(args_json) if args_json else {}
        if not isinstance(args, dict):
            raise OptionError("arguments must be a JSON object")
        return json.dumps({"ok": True, "result": _dispatch(method, args)}, ensure_ascii=False)
    except IllegalAction as exc:
        err = {"kind": "illegal", "message": exc.reason, "code": exc.code}
    except SaveError as exc:
        err = {"kind": "save", "message": str(exc), "code": "bad_save"}
    except OptionError as exc:
        err = {"kind": "option", "message": str(exc), "code": "bad_option"}
    except (KeyError, TypeError, ValueError) as exc:
        err = {"kind": "request", "message": f"bad request: {exc!r}", "code": "bad_request"}
    except RecursionError:
        err = {"kind": "request", "message": "bad request: nested too deeply", "code": "bad_request"}
    return json.dumps({"ok": False, "error": err}, ensure_ascii=False)
