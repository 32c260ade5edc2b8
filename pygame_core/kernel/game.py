"""The one API every game exposes, implemented once here on top of a few hooks.

A game subclasses :class:`Game` and fills in the ``_hooks``; the public methods
(``new_game``, ``to_move``, ``legal_actions``, ``apply``, ``view``, ``is_over``,
``scores``, ``save``, ``load``, ``undo``) are the same for all five games.
"""

from __future__ import annotations

import json
from typing import Any

from pygame_core.errors import IllegalAction, OptionError, SaveError
from pygame_core.kernel.i18n import LANGS, Text
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action, Ctx, State, canonical, copy_json

ENGINE_VERSION = "0.1.0"
SAVE_FORMAT = 1


def _same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values (``1``, ``1.0`` and ``true`` all differ); False if either is not JSON."""
    try:
        return canonical(a) == canonical(b)
    except (TypeError, ValueError):
        return False


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

    # ------------------------------------------------------------------ hooks
    def _setup(self, ctx: Ctx) -> None:
        """Fill ``ctx.data`` with the starting position (use ``ctx.rng`` for shuffles)."""
        raise NotImplementedError

    def _to_move(self, data: dict[str, Any]) -> list[int]:
        raise NotImplementedError

    def _legal(self, data: dict[str, Any], seat: int) -> list[Action]:
        raise NotImplementedError

    def _validate(self, data: dict[str, Any], seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal. Default: membership in ``_legal``,
        compared as canonical JSON so that ``1.0`` or ``true`` never passes for ``1``."""
        if not any(_same_json(a, action) for a in self._legal(data, seat) if a == action):
            raise IllegalAction(f"{action.get('type')!s} is not a legal action now", "not_legal")

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

    def _label(self, data: dict[str, Any], action: Action, lang: str) -> str:
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
            if not any(_same_json(value, v) for v in spec["values"]):
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
        try:
            canonical(meta)
        except (TypeError, ValueError) as exc:
            raise OptionError(f"meta is not JSON: {exc}") from None
        return copy_json(meta)

    def to_move(self, state: State) -> list[int]:
        """The seats that must decide now (several for a simultaneous choice; [] when over)."""
        return [] if self._is_over(state.data) else list(self._to_move(state.data))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action for ``seat`` now ([] if that seat need not decide)."""
        if seat not in self.to_move(state):
            return []
        return self._legal(state.data, seat)

    def label(self, state: State, action: Action, lang: str = "en") -> str:
        """A short human label of ``action`` in ``lang`` (en, zh-Hant, zh-Hans)."""
        return self._label(state.data, action, lang if lang in LANGS else "en")

    def apply(self, state: State, seat: int, action: Action) -> State:
        """Play ``action`` for ``seat``; return the new state. ``state`` is never changed.

        Raises :class:`IllegalAction` with a reason if the seat may not act now or the
        action is malformed or illegal.
        """
        self._check_shape(seat, action, state.players)
        if self._is_over(state.data):
            raise IllegalAction("the game is over", "game_over")
        if seat not in self._to_move(state.data):
            raise IllegalAction(f"seat {seat} does not decide now", "not_your_turn")
        self._validate(state.data, seat, action)
        rng = Rng(state.rng)
        ctx = Ctx(copy_json(state.data), rng, state.players, state.options, seat)
        self._apply(ctx, seat, copy_json(action))
        n = len(state.history) + 1
        checkpoint = n if (ctx.revealed or rng.used) else state.checkpoint
        log = state.log + tuple(self._number(ctx.events, len(state.log)))
        return State(self.id, state.players, state.seed, state.options, ctx.data, rng.state,
                     state.history + ((seat, copy_json(action)),), checkpoint, log, state.meta)

    @staticmethod
    def _check_seat(seat: Any, players: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not (0 <= seat < players):
            raise IllegalAction(f"no such seat: {seat!r}", "malformed")

    @classmethod
    def _check_shape(cls, seat: Any, action: Any, players: int) -> None:
        cls._check_seat(seat, players)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("an action must be an object with a string 'type'", "malformed")
        try:
            canonical(action)
        except (TypeError, ValueError) as exc:
            raise IllegalAction(f"action is not JSON: {exc}", "malformed") from None

    @staticmethod
    def _number(events: list[dict[str, Any]], start: int) -> list[dict[str, Any]]:
        for i, e in enumerate(events):
            e["i"] = start + i
        return events

    def view(self, state: State, seat: int | None = None) -> dict[str, Any]:
        """A JSON-able dict of what ``seat`` may see; ``seat=None`` is the public view."""
        if seat is not None:
            self._check_seat(seat, state.players)
        v = self._view(state.data, seat)
        over = self._is_over(state.data)
        v.update({
            "game": self.id,
            "seat": seat,
            "players": state.players,
            "options": dict(state.options),
            "to_move": self.to_move(state),
            "over": over,
            "actions_played": len(state.history),
            "can_undo": self.can_undo(state, seat),
            "log": self.visible_log(state, seat),
        })
        if over:
            v["scores"] = self.scores(state)
        return v

    @staticmethod
    def visible_log(state: State, seat: int | None) -> list[dict[str, Any]]:
        """The log with every entry ``seat`` may not read removed."""
        out = []
        for e in state.log:
            if "to" in e and (seat is None or seat not in e["to"]):
                continue
            if "not_to" in e and seat in e["not_to"]:
                continue
            out.append({k: v for k, v in e.items() if k not in ("to", "not_to")})
        return out

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
        return self.replay(state.players, state.seed, state.options, state.history[:keep], state.meta)

    def replay(self, players: int, seed: int, options: dict[str, Any],
               actions: Any, meta: dict[str, Any] | None = None) -> State:
        """Rebuild a state from its options, seed and action list (raises IllegalAction)."""
        state = self.new_game(players=players, seed=seed, options=options, meta=meta)
        for seat, action in actions:
            state = self.apply(state, seat, action)
        return state

    # ----------------------------------------------------------------- saves
    def save(self, state: State) -> str:
        """The game as JSON text: ``{format, engine_version, game, options, players, seed, actions, ...}``."""
        return json.dumps({
            "format": SAVE_FORMAT,
            "engine_version": ENGINE_VERSION,
            "game": self.id,
            "options": state.options,
            "players": state.players,
            "seed": state.seed,
            "actions": [[s, a] for s, a in state.history],
            "checksum": state.digest(),
            "meta": state.meta,
        }, ensure_ascii=False, separators=(",", ":"))

    def load(self, text: str) -> State:
        """Replay a save and verify it. Raises :class:`SaveError` with a clear reason."""
        from pygame_core.kernel.saves import parse_save

        doc = parse_save(text, expected_game=self.id)
        # A save from another engine version is not refused for that alone: it is replayed and
        # checked like any other, and loads if it still gives the same game. If not, the error
        # names both versions, since changed rules rather than tampering are the likely cause.
        version = doc.get("engine_version")
        other = (f" (it was made by engine version {version}; this is {ENGINE_VERSION}, whose rules may "
                 "differ)") if version and version != ENGINE_VERSION else ""
        try:
            state = self.replay(doc["players"], doc["seed"], doc["options"], doc["actions"], doc.get("meta"))
        except OptionError as exc:
            raise SaveError(f"this save has bad settings: {exc}{other}") from None
        except IllegalAction as exc:
            raise SaveError(f"this save was modified or is corrupt: {exc.reason}{other}") from None
        if doc.get("checksum") is not None and doc["checksum"] != state.digest():
            raise SaveError(f"this save was modified: its final position does not match its checksum{other}")
        return state
