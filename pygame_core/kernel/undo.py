"""Undo: taking actions back, never past what another seat could not have known.

``apply`` links each new state to the one before it (``prev``) and to the position at its
checkpoint (``anchor``), the last action that revealed hidden information; :func:`undo` and
:func:`state_at` walk those links, and where one is missing (after a load) replay from the anchor
on one copy of the data (:func:`replayed`). Nothing older than the checkpoint is ever needed. The
:class:`~pygame_core.kernel.game.Game` methods of the same names call these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygame_core.errors import IllegalAction
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.state import State, copy_json, json_key, short

if TYPE_CHECKING:
    from pygame_core.kernel.game import Game


def can_undo(state: State, seat: int | None = None) -> bool:
    """Whether :func:`undo` would succeed: an action (of ``seat``, if given) was played since
    hidden information was last revealed."""
    return any(s == seat or seat is None for s, _ in state.history[state.checkpoint:])

def undo(game: Game, state: State, seat: int | None = None) -> State:
    """Take back the last action, or with ``seat`` every action back to and including
    that seat's last one. Never goes back past revealed hidden information."""
    if seat is not None:
        game._check_seat(seat, state.players)
    if len(state.history) <= state.checkpoint:
        raise IllegalAction("nothing to undo since hidden information was revealed", "cannot_undo")
    keep = len(state.history) - 1
    if seat is not None:
        while keep >= state.checkpoint and state.history[keep][0] != seat:
            keep -= 1
        if keep < state.checkpoint:
            raise IllegalAction(f"seat {seat} has no action to undo", "cannot_undo")
    return state_at(game, state, keep)

def state_at(game: Game, state: State, n: int) -> State:
    """The position after the first ``n`` actions of ``state``'s game (``0 <= n <= len``).

    From ``state.checkpoint`` on it follows the cached links (``prev``, then a replay from
    ``anchor``), so it costs about the same at action 3,000 as at action 30; before the
    checkpoint it replays from the start.
    """
    if not 0 <= n <= len(state.history):
        raise IllegalAction(f"no position after {short(n)} actions in a game of {len(state.history)}",
                            "malformed")
    s: State | None = state
    while s is not None and len(s.history) > n:
        s = prev(game, s)
    if s is not None and len(s.history) == n:
        return s
    anchor = confirmed_anchor(state)
    start = anchor if anchor is not None and len(anchor.history) <= n else None
    if start is None:
        return replay(game, state.players, state.seed, state.options, state.history[:n], state.meta)
    if len(start.history) == n:
        return start
    fast = replayed(game, start, state, n)
    if fast is not None:
        return fast
    for seat, action in state.history[len(start.history):n]:
        start = game.apply(start, seat, action)
    return start

def prev(game: Game, state: State) -> State | None:
    """``state.prev``; if it came from a save (the position before the last action, which makes
    the first undo after a load cheap), first confirmed by playing that action from it to
    ``state``, as JSON to the bit; a link that does not lead there is dropped."""
    before = state.prev
    if before is None or "expected_next" not in before.memo:
        return before
    seat, action = state.history[-1]
    try:
        playout = Playout(game, before)
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

def replayed(game: Game, anchor: State, state: State, n: int) -> State | None:
    """The position after ``n`` actions of ``state``, played from ``anchor`` (its checkpoint) on one
    copy of the data, in place; None if that replay does not end in ``state`` itself.

    Between a checkpoint and its state no action reveals anything, so undo replays from the anchor
    when the links are missing (after a load). ``apply`` would check and copy every action; a
    :class:`~pygame_core.kernel.playout.Playout` plays them on one copy, in place, and this keeps
    one more copy, at ``n``. Checking them is left out, so the replay goes on to the end and must
    reach ``state``'s digest: then every action was the one this engine played (else the caller
    replays through ``apply``, which names the first illegal action).
    """
    playout, log, start = Playout(game, anchor), list(anchor.log), len(anchor.history)
    played = state.history[start:]
    kept: State | None = None
    try:
        for at, (seat, action) in enumerate(played, start + 1):
            ctx = playout.play_unchecked(seat, action)
            if ctx.revealed or playout.rng.used:
                return None
            log += game._number(ctx.events, game._next_event(log))
            if at == n:
                kept = State(game.id, state.players, state.seed, state.options, copy_json(playout.data),
                             playout.rng.state, anchor.history + played[:n - start], anchor.checkpoint,
                             tuple(log), state.meta, None, anchor)
    except Exception:  # an action this replay should not have played: let apply say which
        return None
    end = State(game.id, state.players, state.seed, state.options, playout.data, playout.rng.state,
                state.history)
    return kept if end.digest() == state.digest() else None

def replay(game: Game, players: int, seed: int, options: dict[str, Any],
           actions: Any, meta: dict[str, Any] | None = None) -> State:
    """Rebuild a state from its options, seed and action list (raises IllegalAction)."""
    state = game.new_game(players=players, seed=seed, options=options, meta=meta)
    for seat, action in actions:
        state = game.apply(state, seat, action)
    return state


def confirmed_anchor(state: State) -> State | None:
    """``state.anchor``, unless it came from a save and its position is not the one the save's digest
    records (checked on first use, so that loading a game does not pay for it)."""
    anchor = state.anchor
    if anchor is None:
        return None
    expected = anchor.memo.get("expected_digest")
    return anchor if expected is None or anchor.digest() == expected else None
