"""The one API every game exposes, implemented once here on top of a few hooks.

A game subclasses :class:`Game` and fills in the ``_hooks``; the public methods
(``new_game``, ``to_move``, ``legal_actions``, ``apply``, ``view``, ``is_over``,
``scores``, ``save``, ``load``, ``undo``) are the same for all five games.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pygame_core.errors import IllegalAction, OptionError, SaveError
from pygame_core.kernel import decisions
from pygame_core.kernel.cow import settled
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.i18n import LANGS, Text
from pygame_core.kernel.patches import changes, patched
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.saves import (
    ACTIONS_AT,
    LOG_AT,
    LOG_KEPT,
    SAVE_FORMAT,
    SEAL_AT,
    log_text,
    parse_save,
    readable_log,
    seal,
    split_actions,
)
from pygame_core.kernel.scenarios import ScenarioBook
from pygame_core.kernel.state import (
    Action,
    Ctx,
    History,
    Played,
    State,
    among_actions,
    among_json,
    canonical,
    copy_json,
    decode_actions,
    dumps,
    json_key,
    loads,
    same_json,
    too_deep,
)

ENGINE_VERSION = "0.2.0"
#: Keys every view gets from the kernel; a game's own view must not use them.
RESERVED_VIEW_KEYS = frozenset({"game", "seat", "players", "options", "to_move", "over", "actions_played",
                                "can_undo", "decisions", "log", "scores", "caption"})
__all__ = ["ENGINE_VERSION", "SAVE_FORMAT", "Game", "among_actions"]


def _keys(actions: list[Action]) -> set[bytes]:
    """The :func:`~pygame_core.kernel.state.json_key` of each action that has one."""
    return {k for k in map(json_key, actions) if k is not None}


def _older(version: str, than: str) -> bool:
    """Whether version text ``version`` ("0.1.0") is older than ``than``; False if unreadable."""
    try:
        return tuple(int(x) for x in version.split(".")) < tuple(int(x) for x in than.split("."))
    except ValueError:
        return False


def _short(value: Any) -> str:
    """A short, safe description of any value for an error message (never a deep repr)."""
    if isinstance(value, (bool, int, float)) or value is None:
        text = repr(value)
    elif isinstance(value, str):
        text = value[:20] + ("..." if len(value) > 20 else "")
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) < 40 else text[:37] + "..."


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

    def _just_listed(self, data: dict[str, Any], seat: Any, action: Any, part: str = "all") -> bool:
        """Whether ``action`` is, as JSON, one of the actions last listed for ``seat`` (a whole
        number) in this State's data (``part="main"``: one of its main ones). False proves nothing."""
        last = self._last
        if last[0] is not data or type(seat) is not int or type(action) is not dict:
            return False
        keys = last[1].get((part, seat))
        if keys is None:
            return False
        key = json_key(action)
        return key is not None and key in keys

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
        # Just listed for this seat (a bot's choice): a JSON action, legal now, so the checks below,
        # the game's _validate included, would all pass.
        if not self._just_listed(data, seat, action):
            self._check_shape(seat, action, state.players)
            if self._is_over(data):
                raise IllegalAction("the game is over", "game_over")
            if seat not in self._waiting(data) and not self._optional(data, seat):
                raise IllegalAction(f"seat {seat} does not decide now", "not_your_turn")
            self._validate(data, seat, action)
        # the rules run on the playout's copy; one of the seat's just-listed main actions answers its
        # decision if it has one, any other action is told apart there
        playout = Playout(self, state, lazy=True)
        listed = self._just_listed(data, seat, action, "main")
        ctx = playout.play_unchecked(seat, action, True if listed else None)
        rng = playout.rng
        n = len(state.history) + 1
        revealed = ctx.revealed or rng.used
        checkpoint = n if revealed else state.checkpoint
        log = state.log + tuple(self._number(ctx.events, self._next_event(state.log)))
        prev = None if revealed else state
        anchor = None if revealed else (state.anchor or state)
        after = State(self.id, state.players, state.seed, state.options, settled(ctx.data), rng.state,
                      state.history + ((seat, copy_json(action)),), checkpoint, log, state.meta, prev, anchor)
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

    # ------------------------------------------------------------------ undo
    def can_undo(self, state: State, seat: int | None = None) -> bool:
        """Whether :meth:`undo` would succeed: an action (of ``seat``, if given) was played since
        hidden information was last revealed."""
        return any(s == seat or seat is None for s, _ in state.history[state.checkpoint:])

    def undo(self, state: State, seat: int | None = None) -> State:
        """Take back the last action, or with ``seat`` every action back to and including
        that seat's last one. Never goes back past revealed hidden information."""
        if seat is not None:
            self._check_seat(seat, state.players)
        if len(state.history) <= state.checkpoint:
            raise IllegalAction("nothing to undo since hidden information was revealed", "cannot_undo")
        keep = len(state.history) - 1
        if seat is not None:
            while keep >= state.checkpoint and state.history[keep][0] != seat:
                keep -= 1
            if keep < state.checkpoint:
                raise IllegalAction(f"seat {seat} has no action to undo", "cannot_undo")
        return self.state_at(state, keep)

    def state_at(self, state: State, n: int) -> State:
        """The position after the first ``n`` actions of ``state``'s game (``0 <= n <= len``).

        From ``state.checkpoint`` on it follows the cached links (``prev``, then a replay from
        ``anchor``), so it costs about the same at action 3,000 as at action 30; before the
        checkpoint it replays from the start.
        """
        if not 0 <= n <= len(state.history):
            raise IllegalAction(f"no position after {_short(n)} actions in a game of {len(state.history)}",
                                "malformed")
        s: State | None = state
        while s is not None and len(s.history) > n:
            s = self._prev(s)
        if s is not None and len(s.history) == n:
            return s
        anchor = _confirmed_anchor(state)
        start = anchor if anchor is not None and len(anchor.history) <= n else None
        if start is None:
            return self.replay(state.players, state.seed, state.options, state.history[:n], state.meta)
        if len(start.history) == n:
            return start
        fast = self._replayed(start, state, n)
        if fast is not None:
            return fast
        for seat, action in state.history[len(start.history):n]:
            start = self.apply(start, seat, action)
        return start

    def _prev(self, state: State) -> State | None:
        """``state.prev``; if it came from a save (the position before the last action, which makes
        the first undo after a load cheap), first confirmed by playing that action from it to
        ``state``, as JSON to the bit; a link that does not lead there is dropped."""
        before = state.prev
        if before is None or "expected_next" not in before.memo:
            return before
        seat, action = state.history[-1]
        try:
            playout = Playout(self, before)
            ctx = playout.play_unchecked(seat, action)
            leads = (not ctx.revealed and not playout.rng.used and playout.rng.state == state.rng
                     and json_key(playout.data) == json_key(state.data))
        except Exception:  # not an action this position can play: the link is wrong
            leads = False
        if not leads:
            state.prev = None
            return None
        del before.memo["expected_next"]
        return before

    def _replayed(self, anchor: State, state: State, n: int) -> State | None:
        """The position after ``n`` actions of ``state``, played from ``anchor`` (its checkpoint) on one
        copy of the data, in place; None if that replay does not end in ``state`` itself.

        Between a checkpoint and its state no action reveals anything, so undo replays from the anchor
        when the links are missing (after a load). ``apply`` would check and copy every action; a
        :class:`~pygame_core.kernel.playout.Playout` plays them on one copy, in place, and this keeps
        one more copy, at ``n``. Checking them is left out, so the replay goes on to the end and must
        reach ``state``'s digest: then every action was the one this engine played (else the caller
        replays through ``apply``, which names the first illegal action).
        """
        playout, log, start = Playout(self, anchor), list(anchor.log), len(anchor.history)
        played = state.history[start:]
        kept: State | None = None
        try:
            for at, (seat, action) in enumerate(played, start + 1):
                ctx = playout.play_unchecked(seat, action)
                if ctx.revealed or playout.rng.used:
                    return None
                log += self._number(ctx.events, self._next_event(log))
                if at == n:
                    kept = State(self.id, state.players, state.seed, state.options, copy_json(playout.data),
                                 playout.rng.state, anchor.history + played[:n - start], anchor.checkpoint,
                                 tuple(log), state.meta, None, anchor)
        except Exception:  # an action this replay should not have played: let apply say which
            return None
        end = State(self.id, state.players, state.seed, state.options, playout.data, playout.rng.state,
                    state.history)
        return kept if end.digest() == state.digest() else None

    def replay(self, players: int, seed: int, options: dict[str, Any],
               actions: Any, meta: dict[str, Any] | None = None) -> State:
        """Rebuild a state from its options, seed and action list (raises IllegalAction)."""
        state = self.new_game(players=players, seed=seed, options=options, meta=meta)
        for seat, action in actions:
            state = self.apply(state, seat, action)
        return state

    # ----------------------------------------------------------------- saves
    def save(self, state: State) -> str:
        """The game as JSON text: ``{format, engine_version, game, options, players, seed, actions,
        checksum, meta, snapshot}``; the snapshot only makes loading fast (see ``kernel/saves.py``).

        The actions' text is built incrementally (:meth:`State.actions_json`), so a save costs about
        the same after 3,000 actions as after 30."""
        head = self._save_head(state.options, state.players, state.seed)
        snap: dict[str, Any] = {"n": len(state.history), "rng": state.rng, "checkpoint": state.checkpoint,
                                "data": state.data}
        base = _confirmed_anchor(state)
        if base is not None and len(base.history) == state.checkpoint:
            snap["base"] = {"rng": base.rng, "digest": base.digest(),
                            "changes": changes(state.data, base.data), "log_len": self._next_event(base.log)}
        before = state.prev
        if before is not None and len(before.history) + 1 == len(state.history) > state.checkpoint:
            snap["before"] = {"rng": before.rng, "changes": changes(state.data, before.data),
                              "log_len": self._next_event(before.log)}
        tail: dict[str, Any] = {"checksum": state.digest(), "meta": state.meta, "snapshot": snap}
        actions = state.actions_json()
        cut = self._checkpoint_cut(state, actions)
        if cut is not None:
            snap["cut"] = cut
        log = dumps(list(state.log[-LOG_KEPT:]))
        mark = seal({**head, **tail}, actions, log)
        # the snapshot ends with its log and then its seal (saves.log_text): dumps(tail) without its "}}"
        end = f"{LOG_AT}{log}{SEAL_AT}{mark}\"}}}}"
        return f"{dumps(head)[:-1]}{ACTIONS_AT}{actions},{dumps(tail)[1:-2]}{end}"

    @staticmethod
    def _checkpoint_cut(state: State, actions: str) -> int | None:
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

    def _save_head(self, options: Any, players: Any, seed: Any) -> dict[str, Any]:
        """The fields a save starts with, in their order (the text before its actions)."""
        return {"format": SAVE_FORMAT, "engine_version": ENGINE_VERSION, "rules": self.rules_version(),
                "game": self.id, "options": options, "players": players, "seed": seed}

    def load(self, text: str) -> State:
        """Load a save exactly as it was. Raises :class:`SaveError` with a clear reason, also when the
        save no longer replays to the position it recorded (see :meth:`load_report` to recover those)."""
        report = self.load_report(text)
        if report["status"] != "ok":
            raise SaveError(report["message"])
        state: State = report["state"]
        return state

    def load_report(self, text: str) -> dict[str, Any]:
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
        fast = self._from_snapshot(text)
        if fast is not None:
            return {"status": "ok", "state": fast, "at": None, "message": "", "cause": None}
        doc = parse_save(text, expected_game=self.id)
        cause = self.save_cause(doc)
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
            state = self.new_game(players=doc["players"], seed=doc["seed"], options=doc["options"],
                                  meta=doc.get("meta"))
        except OptionError as exc:
            raise SaveError(f"{made}its settings are not accepted by the current version: {exc}") from None
        total = len(doc["actions"])
        for i, (seat, action) in enumerate(doc["actions"]):
            try:
                state = self.apply(state, seat, action)
            except IllegalAction as exc:
                return {"status": "broken_at", "state": state, "at": i, "cause": cause,
                        "message": (f"{made}move {i + 1} of {total} of this save is not legal under the "
                                    f"current rules ({exc.reason}){why}. The game can go on from just before "
                                    "that move.")}
        if doc.get("checksum") is not None and doc["checksum"] != state.digest():
            return {"status": "stale", "state": state, "at": None, "cause": cause,
                    "message": (f"{made}the moves of this save replay under the current rules, but the game "
                                f"ends in another position than its checksum records{why}. The game can go "
                                "on under the current rules.")}
        return {"status": "ok", "state": state, "at": None, "message": "", "cause": None}

    def save_cause(self, doc: dict[str, Any]) -> str:
        """Why a parsed save that does not load as it was saved differs: ``"version"`` (another engine
        version), ``"build"`` (this version, other rules) or ``"damaged"`` (this version and rules)."""
        if (doc.get("engine_version") or "unknown") != ENGINE_VERSION:
            return "version"
        if doc.get("rules") not in (None, self.rules_version()):
            return "build"
        return "damaged"

    def _from_snapshot(self, text: Any) -> State | None:
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
            head = self._save_head(doc.get("options"), doc.get("players"), doc.get("seed"))
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
            if type(players) is not int or not self.min_players <= players <= self.max_players \
                    or type(seed) is not int or not 0 <= seed < 2**63:
                return None
            options = self.normalize_options(doc["options"], players)
            if canonical(options) != canonical(doc["options"]):
                return None
            meta = self._check_meta(doc.get("meta"))
        except (OptionError, KeyError, TypeError, ValueError, RecursionError):
            return None
        state = State(self.id, players, seed, options, data, rng, history, checkpoint, tuple(log), meta)
        if state.digest() != doc.get("checksum"):
            return None
        state.memo["actions_json"] = actions_json
        if checkpoint < n:
            base = self._saved_position(state, snap.get("base"), checkpoint)
            if base is not None and isinstance(snap["base"].get("digest"), str):
                base.memo["expected_digest"] = snap["base"]["digest"]  # confirmed when first used
                state.anchor = base
            before = self._saved_position(state, snap.get("before"), n - 1)
            if before is not None:  # confirmed by :meth:`_prev` when first used
                before.anchor = state.anchor if n - 1 > checkpoint else None
                before.memo["expected_next"] = "yes"
                state.prev = before
        return state

    def _saved_position(self, state: State, saved: Any, n: int) -> State | None:
        """The position after ``n`` actions of a loaded ``state`` (``checkpoint <= n`` < its length) from
        an entry of its save's snapshot (``base``: at the checkpoint, ``before``: before the last
        action), or None if the save has no such entry or it is malformed."""
        data = _saved_data(state.data, saved)
        if data is None or type(saved.get("rng")) is not int or type(saved.get("log_len")) is not int:
            return None
        history, checkpoint = state.history, state.checkpoint
        older = history.older() if isinstance(history, History) else history[:checkpoint]
        log = tuple(e for e in state.log if e["i"] < saved["log_len"])
        return State(self.id, state.players, state.seed, state.options, data, saved["rng"],
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


def _confirmed_anchor(state: State) -> State | None:
    """``state.anchor``, unless it came from a save and its position is not the one the save's digest
    records (checked on first use, so that loading a game does not pay for it)."""
    anchor = state.anchor
    if anchor is None:
        return None
    expected = anchor.memo.get("expected_digest")
    return anchor if expected is None or anchor.digest() == expected else None
