"""The one API every game exposes, implemented once here on top of a few hooks.

A game subclasses :class:`Game` and fills in the ``_hooks``; the public methods
(``new_game``, ``to_move``, ``legal_actions``, ``apply``, ``view``, ``is_over``,
``scores``, ``save``, ``load``, ``undo``) are the same for all five games.

This module holds the rules API (the hooks, ``apply``, listings, views); saving and loading are in
``kernel/saves.py`` and undo in ``kernel/undo.py``, which :class:`Game`'s methods of those names call.
``ENGINE_VERSION`` and ``SAVE_FORMAT`` (defined in ``kernel/saves.py``) are imported from here too.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pygame_core.errors import IllegalAction, OptionError
from pygame_core.kernel import decisions, saves, undo
from pygame_core.kernel.cow import settled
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.saves import ENGINE_VERSION, LOG_KEPT, SAVE_FORMAT
from pygame_core.kernel.scenarios import ScenarioBook
from pygame_core.kernel.state import (
    Action,
    Ctx,
    State,
    among_actions,
    among_json,
    canonical,
    copy_json,
    json_key,
    same_json,
    short,
    too_deep,
)
from pygame_core.kernel.text import LANGS, Text

#: Keys every view gets from the kernel; a game's own view must not use them.
RESERVED_VIEW_KEYS = frozenset({"game", "seat", "players", "options", "to_move", "over", "actions_played",
                                "can_undo", "decisions", "log", "scores", "caption"})
__all__ = ["ENGINE_VERSION", "SAVE_FORMAT", "Game", "among_actions"]


def _keys(actions: list[Action]) -> set[bytes]:
    """The :func:`~pygame_core.kernel.state.json_key` of each action that has one."""
    return {k for k in map(json_key, actions) if k is not None}


#: an action or value in an error message, short and safe (never a deep repr)
_short = short


class Game:
    """Base class of a game. Subclasses set the class attributes and the hooks."""

    id: str = ""
    names: Text = {}
    min_players: int = 2
    max_players: int = 4
    #: ``{name: {"values": [...], "default": v, "label": Text}}``
    options_schema: dict[str, dict[str, Any]] = {}
    #: Provenance of the game's rules: the seed file name.
    seed_file: str = ""
    #: The script of the seed's Chinese names, shown beside English ("zh-Hant", or "zh-Hans" for a
    #: game whose rulebook is in Simplified Chinese, such as Through the Ages).
    native: str = "zh-Hant"
    #: False for a test game: registered and playable by address, never in the production game list.
    listed: bool = True
    #: The bots this game offers ("heuristic" is the module ``<game package>.heuristic``).
    bots: tuple[str, ...] = ("random",)
    #: Action fields that other seats may not see until the game reveals them, by action type
    #: (e.g. ``{"bid": ("axe", "coin")}``); labels and logs shown to others never contain them.
    sealed: dict[str, tuple[str, ...]] = {}

    #: A game's teaching scenarios (kernel/scenarios.py), if it ships any; the view then carries the
    #: current step's caption.
    scenario_book: ScenarioBook | None = None
    _rules: str | None = None

    def rules_version(self) -> str:
        """A fingerprint of the rules as this build has them: a hash of the game package's and the
        kernel's source and data files. A save's snapshot is trusted only when it was written under
        the same rules; any change to them (even without a new engine version) means a replay."""
        if self._rules is None:
            h = hashlib.sha256()
            folders = {Path(__file__).parent, Path(sys.modules[type(self).__module__].__file__ or ".").parent}
            for folder in sorted(folders):
                for path in sorted(folder.rglob("*")):
                    if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                        h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
            self._rules = h.hexdigest()[:16]
        return self._rules

    # ------------------------------------------------------------------ hooks
    def _setup(self, ctx: Ctx) -> None:
        """Fill ``ctx.data`` with the starting position (use ``ctx.rng`` for shuffles)."""
        raise NotImplementedError

    def _to_move(self, data: dict[str, Any]) -> list[int]:
        raise NotImplementedError

    def _legal(self, data: dict[str, Any], seat: int) -> list[Action]:
        raise NotImplementedError

    def _validate(self, data: dict[str, Any], seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal. Default: membership in the legal
        actions, compared as canonical JSON so that ``1.0`` or ``true`` never passes for ``1``.
        Asked only of an action the kernel did not just list for this seat (those are legal)."""
        if not among_json(action, self._choices(data, seat)):
            raise IllegalAction(f"{_short(action.get('type'))} is not a legal action now", "not_legal")

    def _decision_legal(self, data: dict[str, Any], seat: int, decision: Decision) -> list[Action]:
        """The answers ``seat`` may give to ``decision`` (see :mod:`pygame_core.kernel.decisions`)."""
        raise NotImplementedError(f"{self.id} has no decision of kind {decision['kind']!r}")

    def _decide(self, ctx: Ctx, seat: int, decision: Decision, action: Action) -> None:
        """Play ``seat``'s answer to ``decision`` (which is in ``ctx.data``). For a sealed decision the
        kernel has stored the answer already; this hook may log that the seat answered (not how)."""
        if not decision.get("sealed"):
            raise NotImplementedError(f"{self.id} has no decision of kind {decision['kind']!r}")

    def _resolve(self, ctx: Ctx, decision: Decision) -> None:
        """Every seat has answered the sealed ``decision`` (already popped): play the answers
        (``decision["answers"]``, keyed by ``str(seat)``) together."""
        raise NotImplementedError(f"{self.id} cannot resolve {decision['kind']!r}")

    def _optional(self, data: dict[str, Any], seat: int) -> list[Action]:
        """Actions ``seat`` may take "at any time", even when it is not in ``to_move`` (an ability
        usable at any moment of a phase). ``_apply`` plays them like any other action."""
        return []

    def _summary(self, data: dict[str, Any], lang: str) -> str:
        """A public one-line summary of the position ("Round 3 · Conflict"), for save lists."""
        return ""

    def _apply(self, ctx: Ctx, seat: int, action: Action) -> None:
        """Mutate ``ctx.data`` to play ``action``; it has been validated already."""
        raise NotImplementedError

    def _view(self, data: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the public). Must not include others' secrets."""
        raise NotImplementedError

    def _is_over(self, data: dict[str, Any]) -> bool:
        raise NotImplementedError

    def _scores(self, data: dict[str, Any]) -> dict[str, Any]:
        """``{"totals": [...], "breakdown": [{category: points}], "winners": [...]}``."""
        raise NotImplementedError

    def _label(self, data: dict[str, Any], seat: int, action: Action, lang: str) -> str:
        """A short label of ``seat``'s ``action`` in ``lang``."""
        return str(action.get("type", "?"))

    def _redetermine(self, data: dict[str, Any], seat: int | None, rng: Rng) -> None:
        """Re-deal, in place, everything ``seat`` cannot see (others' hands and resources,
        sealed bids, deck order) into another position consistent with ``seat``'s view.

        Used by the leak tests (the view must not change) and by bots that search
        under hidden information. Games with hidden information must override it.
        """
        raise NotImplementedError

    def _older_layouts(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """The same position as earlier builds of this game wrote their state, newest first. A
        save's checksum is the digest of the position in its build's layout: when a game changes
        only how it writes its state, a save from before replays to the same game, and its checksum
        matches one of these (so it loads as ``ok``, not ``stale``). Default: none."""
        return []

    def _secret_tokens(self, data: dict[str, Any], seat: int) -> list[str]:
        """Strings that identify ``seat``'s still-hidden items (card ids, card names), which
        must not appear in any other seat's view or log. Used by the leak tests."""
        return []

    # ------------------------------------------------------------- public API
    def new_game(self, players: int = 2, seed: int = 0, options: dict[str, Any] | None = None,
                 meta: dict[str, Any] | None = None) -> State:
        """A new game for ``players`` seats (0..players-1), shuffled by ``seed``."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
                self.min_players <= players <= self.max_players):
            span = f"{self.min_players}-{self.max_players}"
            raise OptionError(f"{self.id} is for {span} players, not {players!r}")
        if not isinstance(seed, int) or isinstance(seed, bool) or not (0 <= seed < 2**63):
            raise OptionError(f"seed must be an integer from 0 to 2^63-1, not {seed!r}")
        opts = self.normalize_options({} if options is None else options, players)
        meta = self._check_meta(meta)
        rng = Rng.from_seed(seed)
        ctx = Ctx({}, rng, players, opts, None)
        self._setup(ctx)
        log = tuple(self._number(ctx.events, 0))
        return State(self.id, players, seed, opts, ctx.data, rng.state, (), 0, log, meta)

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Fill defaults and reject unknown option names or values."""
        if not isinstance(options, dict):
            raise OptionError("options must be an object")
        out: dict[str, Any] = {}
        for name in options:
            if name not in self.options_schema:
                known = ", ".join(sorted(self.options_schema)) or "none"
                raise OptionError(f"unknown option {name!r} for {self.id} (known: {known})")
        for name, spec in self.options_schema.items():
            value = options.get(name, spec["default"])
            # compared as JSON: 1 is not the option value true, nor 1.0 the value 1
            if not any(same_json(value, v) for v in spec["values"]):
                raise OptionError(f"option {name!r} cannot be {value!r} (allowed: {spec['values']})")
            out[name] = value
        return out

    @staticmethod
    def _check_meta(meta: Any) -> dict[str, Any] | None:
        """``meta`` must be a JSON object, or the game could not be saved and loaded again."""
        if meta is None:
            return None
        if not isinstance(meta, dict):
            raise OptionError("meta must be a JSON object")
        if too_deep(meta):
            raise OptionError("meta is nested too deeply")
        try:
            canonical(meta)
        except (TypeError, ValueError) as exc:
            raise OptionError(f"meta is not JSON: {exc}") from None
        return copy_json(meta)

    # ------------------------------------------------------------ position memo
    # What was computed for the last position asked about through the public API: the seats waiting
    # and, per seat, what was listed. A bot lists a seat's actions, then ``apply`` checks the chosen
    # one against that listing. A state's data is never changed in place after its State is made, so
    # the data object names the position; it is held (not its id), so its identity cannot be reused.
    # Only ever consulted with a State's data, never with a ``Ctx``'s working copy. The listing
    # itself goes to the caller (who may change it): the memo keeps each action's marshal bytes,
    # which equal only for actions equal as JSON (same types, same key order).
    #: (data, memo): one pair, replaced whole, so a memo is never read for another position's data
    _last: tuple[dict[str, Any] | None, dict[Any, Any]] = (None, {})

    def _memo_of(self, data: dict[str, Any]) -> dict[Any, Any]:
        last = self._last
        if last[0] is not data:
            last = self._last = (data, {})
        return last[1]

    def _waiting(self, data: dict[str, Any]) -> list[int]:
        """``decisions.waiting`` for a State's data, memoized (callers must not change the list)."""
        memo = self._memo_of(data)
        seats: list[int] | None = memo.get("waiting")
        if seats is None:
            seats = memo["waiting"] = decisions.waiting(data, list(self._to_move(data)))
        return seats

    def _listed_keys(self, data: dict[str, Any], seat: Any, part: str) -> set[bytes] | frozenset[bytes]:
        """The json keys of the actions last listed for ``seat`` in this State's data (``part="main"``:
        its main ones; empty if none were). An action whose key is among them is, as JSON, one of them."""
        last = self._last
        if last[0] is not data or type(seat) is not int:
            return frozenset()
        keys: set[bytes] | None = last[1].get((part, seat))
        return frozenset() if keys is None else keys

    def to_move(self, state: State) -> list[int]:
        """The seats that must decide now (several for a simultaneous choice; [] when over).

        Pending decisions come first (:mod:`pygame_core.kernel.decisions`); then the game's flow.
        """
        if self._is_over(state.data):
            return []
        return list(self._waiting(state.data))

    def _main(self, data: dict[str, Any], seat: int) -> list[Action]:
        """The actions of a seat that must decide now: its decision's answers, or the flow's."""
        d = decisions.top_for(data, seat)
        return self._legal(data, seat) if d is None else self._decision_legal(data, seat, d)

    def _choices(self, data: dict[str, Any], seat: int) -> list[Action]:
        """Every action ``seat`` may take now: its main ones (if it must decide) and the optional ones."""
        main = self._main(data, seat) if seat in decisions.waiting(data, list(self._to_move(data))) else []
        extra = [a for a in self._optional(data, seat) if not among_json(a, main)]
        return main + extra

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action for ``seat`` now: what it must decide (if it is in ``to_move``) and any
        optional "at any time" action it may take even when it is not ([] if none)."""
        self._check_seat(seat, state.players)
        if self._is_over(state.data):
            return []
        data = state.data
        memo = self._memo_of(data)
        if ("all", seat) in memo:  # asked again: list once more and keep a private copy
            kept: list[Action] | None = memo.get(("list", seat))
            if kept is None:
                kept = memo[("list", seat)] = self._choices(data, seat)
            out: list[Action] = copy_json(kept)
            return out
        main = self._main(data, seat) if seat in self._waiting(data) else []
        extra = [a for a in self._optional(data, seat) if not among_json(a, main)]
        main_keys = _keys(main)
        memo[("main", seat)] = main_keys
        memo[("all", seat)] = main_keys | _keys(extra)
        return main + extra

    def label(self, state: State, seat: int, action: Action, lang: str = "en") -> str:
        """A short human label of ``seat``'s ``action`` in ``lang`` (en, zh-Hant, zh-Hans)."""
        self._check_seat(seat, state.players)
        return self._label(state.data, seat, action, lang if lang in LANGS else "en")

    def summary(self, state: State, lang: str = "en") -> dict[str, Any]:
        """Public facts for a save list: a one-line text, the seats, progress and winners."""
        over = self._is_over(state.data)
        return {"game": self.id, "text": self._summary(state.data, lang if lang in LANGS else "en"),
                "players": state.players, "actions_played": len(state.history), "over": over,
                "winners": list(self._scores(state.data)["winners"]) if over else []}

    def apply(self, state: State, seat: int, action: Action) -> State:
        """Play ``action`` for ``seat``; return the new state. ``state`` is never changed.

        Raises :class:`IllegalAction` with a reason if the seat may not act now or the
        action is malformed or illegal.
        """
        data = state.data
        key = json_key(action) if type(action) is dict else None
        # Just listed for this seat (a bot's choice): a JSON action, legal now, so the checks below,
        # the game's _validate included, would all pass.
        if key is None or key not in self._listed_keys(data, seat, "all"):
            self._check_shape(seat, action, state.players)
            if self._is_over(data):
                raise IllegalAction("the game is over", "game_over")
            if seat not in self._waiting(data) and not self._optional(data, seat):
                raise IllegalAction(f"seat {seat} does not decide now", "not_your_turn")
            self._validate(data, seat, action)
        # the rules run on the playout's copy; one of the seat's just-listed main actions answers its
        # decision if it has one, any other action is told apart there
        listed = key is not None and key in self._listed_keys(data, seat, "main")
        playout = Playout(self, state, lazy=True)
        ctx = playout.play_unchecked(seat, action, True if listed else None)
        rng = playout.rng
        n = len(state.history) + 1
        revealed = ctx.revealed or rng.used
        checkpoint = n if revealed else state.checkpoint
        log = state.log + tuple(self._number(ctx.events, self._next_event(state.log)))
        prev = None if revealed else state
        anchor = None if revealed else (state.anchor or state)
        after = State(self.id, state.players, state.seed, state.options, settled(ctx.data), rng.state,
                      state.history + ((seat, copy_json(action) if key is None else marshal.loads(key)),),
                      checkpoint, log, state.meta, prev, anchor)
        after.follows(state)
        return after

    def _answer(self, ctx: Ctx, seat: int, d: Decision, action: Action) -> None:
        """``seat`` answers decision ``d``; a sealed decision resolves once every seat has answered."""
        if not d.get("sealed"):
            self._decide(ctx, seat, d, action)
            return
        d["answers"][str(seat)] = action
        self._decide(ctx, seat, d, action)
        if all(str(s) in d["answers"] for s in d["seats"]):
            decisions.pop(ctx.data, d)
            ctx.reveal()
            self._resolve(ctx, d)

    @staticmethod
    def _check_seat(seat: Any, players: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not (0 <= seat < players):
            raise IllegalAction(f"no such seat: {_short(seat)}", "malformed")

    @classmethod
    def _check_shape(cls, seat: Any, action: Any, players: int) -> None:
        cls._check_seat(seat, players)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action must be an object with a string 'type'", "malformed")
        if too_deep(action):
            raise IllegalAction("action is nested too deeply", "malformed")
        try:
            canonical(action)
        except RecursionError:
            raise IllegalAction("action is nested too deeply", "malformed") from None
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"action is not JSON: {exc}", "malformed") from None

    @staticmethod
    def _next_event(log: Sequence[dict[str, Any]]) -> int:
        """The number of the next entry of a state's log (a loaded state keeps only the log's tail)."""
        return log[-1]["i"] + 1 if log else 0

    @staticmethod
    def _number(events: list[dict[str, Any]], start: int) -> list[dict[str, Any]]:
        for i, e in enumerate(events):
            e["i"] = start + i
        return events

    def view(self, state: State, seat: int | None = None, *, log: bool = True) -> dict[str, Any]:
        """A JSON-able dict of what ``seat`` may see; ``seat=None`` is the public view. ``log=False``
        leaves the log empty, for a caller that builds it from :meth:`visible_entry` itself."""
        if seat is not None:
            self._check_seat(seat, state.players)
        v = self._view(state.data, seat)
        over = self._is_over(state.data)
        clash = RESERVED_VIEW_KEYS & set(v)
        if clash:
            raise RuntimeError(f"{self.id}'s view uses keys the kernel sets: {sorted(clash)}")
        v.update({
            "game": self.id,
            "seat": seat,
            "players": state.players,
            "options": dict(state.options),
            "to_move": self.to_move(state),
            "over": over,
            "actions_played": len(state.history),
            "can_undo": self.can_undo(state, seat),
            "decisions": self._public_decisions(state.data, seat),
            "log": self.visible_log(state, seat, LOG_KEPT) if log else [],
        })
        if self.scenario_book is not None and state.options.get("scenario", "none") != "none":
            v["caption"] = self.scenario_book.caption(state.options["scenario"], state.history)
        if over:
            v["scores"] = self.scores(state)
        return v

    @staticmethod
    def _public_decisions(data: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
        """The decision stack as anyone may see it, plus ``seat``'s own sealed answers."""
        out = decisions.public(data)
        if seat is not None:
            for item, d in zip(out, decisions.stack(data), strict=True):
                if d.get("sealed") and str(seat) in d["answers"]:
                    item["answer"] = d["answers"][str(seat)]
        return out

    @staticmethod
    def visible_log(state: State, seat: int | None, last: int | None = None) -> list[dict[str, Any]]:
        """The log (or its ``last`` entries) with every entry ``seat`` may not read removed."""
        out = []
        for e in (state.log if last is None else state.log[-last:]):
            if "to" not in e and "not_to" not in e:  # most entries: for everyone, copied as they are
                out.append(e.copy())
                continue
            v = Game.visible_entry(e, seat)
            if v is not None:
                out.append(v)
        return out

    @staticmethod
    def visible_entry(e: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
        """A copy of log entry ``e`` as ``seat`` reads it, or None if it may not read it."""
        if "to" in e and (seat is None or seat not in e["to"]):
            return None
        if "not_to" in e and seat in e["not_to"]:
            return None
        return {k: v for k, v in e.items() if k not in ("to", "not_to")}

    def is_over(self, state: State) -> bool:
        return self._is_over(state.data)

    def scores(self, state: State) -> dict[str, Any]:
        """Totals, a per-category breakdown per seat and the winners (final once over)."""
        return self._scores(state.data)

    def redetermine(self, state: State, seat: int | None, seed: int) -> State:
        """A state ``seat`` cannot tell from ``state``: all hidden information re-dealt."""
        data = copy_json(state.data)
        self._redetermine(data, seat, Rng.from_seed(seed, stream=99))
        return State(self.id, state.players, state.seed, state.options, data, state.rng, state.history,
                     state.checkpoint, state.log, state.meta)

    def secret_tokens(self, state: State, seat: int) -> list[str]:
        return self._secret_tokens(state.data, seat)

    # ------------------------------------------------------------------ undo (kernel/undo.py)
    def can_undo(self, state: State, seat: int | None = None) -> bool:
        """Whether :meth:`undo` would succeed: an action (of ``seat``, if given) was played since
        hidden information was last revealed."""
        return undo.can_undo(state, seat)

    def undo(self, state: State, seat: int | None = None) -> State:
        """Take back the last action, or with ``seat`` every action back to and including
        that seat's last one. Never goes back past revealed hidden information."""
        return undo.undo(self, state, seat)

    def state_at(self, state: State, n: int) -> State:
        """The position after the first ``n`` actions of ``state``'s game (``0 <= n <= len``); see
        :func:`pygame_core.kernel.undo.state_at`."""
        return undo.state_at(self, state, n)

    def _prev(self, state: State) -> State | None:
        return undo.prev(self, state)

    def _replayed(self, anchor: State, state: State, n: int) -> State | None:
        return undo.replayed(self, anchor, state, n)

    def replay(self, players: int, seed: int, options: dict[str, Any],
               actions: Any, meta: dict[str, Any] | None = None) -> State:
        """Rebuild a state from its options, seed and action list (raises IllegalAction)."""
        return undo.replay(self, players, seed, options, actions, meta)

    # ----------------------------------------------------------------- saves (kernel/saves.py)
    def save(self, state: State) -> str:
        """The game as JSON text: ``{format, engine_version, game, options, players, seed, actions,
        checksum, meta, snapshot}``; the snapshot only makes loading fast (see ``kernel/saves.py``)."""
        return saves.save(self, state)

    def load(self, text: str) -> State:
        """Load a save exactly as it was. Raises :class:`SaveError` with a clear reason, also when the
        save no longer replays to the position it recorded (see :meth:`load_report` to recover those)."""
        return saves.load(self, text)

    def load_report(self, text: str) -> dict[str, Any]:
        """Load a save and say how it went, recovering what the current rules allow:
        ``{"status": "ok" | "stale" | "broken_at", "state", "at", "message", "cause"}`` (see
        :func:`pygame_core.kernel.saves.load_report`)."""
        return saves.load_report(self, text)

    def save_cause(self, doc: dict[str, Any]) -> str:
        """Why a parsed save that does not load as it was saved differs: ``"version"`` (another engine
        version), ``"build"`` (this version, other rules) or ``"damaged"`` (this version and rules)."""
        return saves.save_cause(self, doc)

    def _from_snapshot(self, text: Any) -> State | None:
        return saves.from_snapshot(self, text)
