"""A forward model for fast simulation: one position played forward in place.

:meth:`Game.apply` never changes a state: it plays the action on a copy of the game's data (made
as the rules reach it, ``kernel/cow.py``) and records the action, the log and the links undo needs.
A simulation that only plays a game to its end (random games, a bot's look-ahead) needs none of that.
A :class:`Playout` holds one private copy of a position and plays actions on it in place, as
OpenSpiel's ``ApplyAction`` does, through the same rule hooks (the game's ``_legal``, ``_apply``,
``_decide``...) and the same decision stack as ``apply``: a game played by ``Playout`` and by
``apply`` is the same game, action for action (``tests/kernel/test_playout.py`` checks it for every
game, with a game's rules never storing one object in two places of its data, which in place would
tie the two together).

What it leaves out: history, log, undo links, saves and views: to keep a position, replay its
actions with ``apply``. The seats that must decide (``to_move``) are worked out once per position:
a caller that changes ``data`` in place between two plays (nobody does: rollout policies only read
it) would have to give the playout a new ``data`` dict.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygame_core.errors import IllegalAction
from pygame_core.kernel import decisions
from pygame_core.kernel.cow import working
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action, Ctx, State, among_actions, copy_json

if TYPE_CHECKING:
    from pygame_core.kernel.game import Game


class Playout:
    """One position of ``game`` that :meth:`play` moves forward in place (``state`` is not changed)."""

    __slots__ = ("game", "data", "rng", "players", "options", "seed", "played", "_listed", "_broken",
                 "_waits")

    def __init__(self, game: Game, state: State, lazy: bool = False) -> None:
        self.game = game
        #: with ``lazy``, copied part by part as the rules reach it (:func:`~pygame_core.kernel.cow.working`):
        #: for one action, whose result :func:`~pygame_core.kernel.cow.settled` turns into plain data
        self.data: dict[str, Any] = working(state.data) if lazy else copy_json(state.data)
        self.rng = Rng(state.rng)
        self.players = state.players
        self.options = state.options
        self.seed = state.seed
        #: Actions played since ``new_game`` (the state's history length, then one more per play).
        self.played = len(state.history)
        #: (seat, main, optional) of the last listing: the actions ``play`` takes without a check.
        self._listed: tuple[int, list[Action], list[Action]] | None = None
        self._broken = False
        #: (data, the seats that must decide there) since the last play: ``to_move`` and then
        #: ``legal_actions`` of the same position ask it once
        self._waits: tuple[dict[str, Any], list[int]] | None = None

    def is_over(self) -> bool:
        return self.game._is_over(self.data)

    def to_move(self) -> list[int]:
        """As :meth:`Game.to_move`."""
        if self.game._is_over(self.data):
            return []
        return list(self._waiting())

    def _waiting(self) -> list[int]:
        """``decisions.waiting`` of the position, remembered until the next play (or a new ``data``)."""
        data, hit = self.data, self._waits
        if hit is not None and hit[0] is data:
            return hit[1]
        seats = decisions.waiting(data, list(self.game._to_move(data)))
        self._waits = (data, seats)
        return seats

    def legal_actions(self, seat: int) -> list[Action]:
        """As :meth:`Game.legal_actions`: the seat's decision or turn first, then its optional actions."""
        game, data = self.game, self.data
        game._check_seat(seat, self.players)
        self._listed = None
        if self._broken or game._is_over(data):
            return []
        main = game._main(data, seat) if seat in self._waiting() else []
        extra = [a for a in game._optional(data, seat) if not _among(a, main)]
        self._listed = (seat, main, extra)
        return main + extra

    def play(self, seat: int, action: Action) -> None:
        """Play one of the actions :meth:`legal_actions` just listed for ``seat``, in place.

        The listed objects are taken as they are: a caller that changes one before playing it plays
        the changed action unchecked (:meth:`Game.apply` is the API that checks everything). Any other
        action raises :class:`IllegalAction` and changes nothing. If the game's rules raise while
        playing, the position is left half played: every later ``play`` raises RuntimeError.
        """
        if self._broken:
            raise RuntimeError("this playout stopped at an error in its game's rules")
        if self._listed is None or self._listed[0] != seat:
            self.legal_actions(seat)
        listed = self._listed
        from_main = listed is not None and _among(action, listed[1])
        if listed is None or not (from_main or _among(action, listed[2])):
            raise IllegalAction(f"seat {seat} may not play {action!r} now", "not_legal")
        self._step(seat, action, from_main)

    def play_unchecked(self, seat: int, action: Action, answer: bool | None = None) -> Ctx:
        """Play an action its caller has checked (``apply``) or will confirm (undo after a load, by the
        digest), and return the rules' context: its log events, and whether it revealed anything.
        ``answer=True``: it answers the seat's pending decision, if there is one; ``None``: it does if
        the seat must decide now and it is one of that decision's answers, as ``apply`` tells them."""
        if self._broken:
            raise RuntimeError("this playout stopped at an error in its game's rules")
        if answer is None:
            data = self.data
            waiting = decisions.waiting(data, list(self.game._to_move(data)))
            d = decisions.top_for(data, seat) if seat in waiting else None
            answer = d is not None and among_actions(action, self.game._decision_legal(data, seat, d))
        return self._step(seat, action, answer)

    def _step(self, seat: int, action: Action, answer: bool) -> Ctx:
        """``seat`` plays ``action`` in place: as its answer to its pending decision (``answer``, if it
        has one), else through the game's ``_apply``."""
        game, data = self.game, self.data
        ctx = Ctx(data, self.rng, self.players, self.options, seat)
        self._listed = None
        self._waits = None
        self._broken = True  # until the rules return
        d = decisions.top_for(data, seat) if answer else None
        if d is not None:
            game._answer(ctx, seat, d, copy_json(action))
        else:
            game._apply(ctx, seat, copy_json(action))
        self._broken = False
        self._waits = None
        self.played += 1
        return ctx

    def scores(self) -> dict[str, Any]:
        """As :meth:`Game.scores`."""
        return self.game._scores(self.data)


def _among(action: Action, actions: list[Action]) -> bool:
    """Whether ``action`` is one of ``actions``: the same object (a caller's pick), else equal as JSON."""
    return any(a is action for a in actions) or among_actions(action, actions)
