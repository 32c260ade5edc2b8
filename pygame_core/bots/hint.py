"""The hint ("What would a strong player do?", issue 20 §5): the ``hard`` level's search from the asking
seat's view only, run in slices that grow one tree, and its moves ranked for a reader.

**Slices.** The browser's bot worker (web/runtime/bot-worker.mjs) gives a hint a few seconds, in slices
of a fraction of a second: between two slices it reads its messages, and a question about a newer
position (the player moved on, a bot must think) ends the hint there. :class:`HintSearch` keeps the tree
and the search's generator between slices, so that ``k`` slices of ``i`` iterations build exactly the
tree one search of ``k * i`` iterations builds (the same one the ``hard`` bot of that seed would build:
the same generator, :func:`~pygame_core.bots.seeds.rng_at`, the same iteration). A slice's time
budget is checked inside an iteration too (as the search's, :data:`~pygame_core.bots.search.CHECK_EVERY`
plies apart), so that a slice ends on time however slow an iteration is on a loaded machine: the
iteration running at the deadline is not dropped but paused there, half played, and the next slice
(``run`` again) resumes it, so that slices of any length build the tree of one search of as many
iterations. Until it ends it has backed up nothing: no visit and no value (the ranking reads only
those), the tree as it was but for that descent's availability counts and the one edge it expanded,
unvisited. Every slice moves the search on by at least one ply.

**Ranking.** The search spends its simulations on the moves that look best, so a move's share of them
(its visits) is the search's own verdict and what the bot plays (``search._best``). Its win rate is a
mean over those simulations. Ranked by visits alone, a move visited a little more stands above a better
one visited a little less (Empire's End, seed 4, 24 simulations: 47% of 11 above 57% of 9; issue 20 saw
55% above 63%), and the reader of the list sees a contradiction; ranked by the rate alone, a lucky move
tried twice would top it. The hint ranks by what the simulations support: the lower end of the rate's 95%
Wilson score interval (:func:`lower_bound`, ``Z`` = 1.96, the interval bench/README gives beside every
rate), which grows with the rate and with the number of simulations behind it (a search value is a win
share or a softmax of the scores in 0..1, whose spread is at most a win/loss one's: the bound is, if
anything, cautious). The most visited move is nearly always first (the search visits a move because its
rate held up); a high rate over few simulations is ranked by what those few can vouch for (63% of 8 below
55% of 60; 90% of 10 above 40% of 12; a single won simulation far down). The page shows each rate with
its number of simulations beside it, so the reader sees why a 63% may stand below a 55%. A move the
search never tried is last (its bound is 0).
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator

from pygame_core.bots import search
from pygame_core.bots.search import Edge, SearchBot, level
from pygame_core.bots.seeds import rng_at
from pygame_core.errors import OptionError
from pygame_core.kernel.game import Game
from pygame_core.kernel.state import Action, State

#: The width of the interval whose lower end ranks the moves, in standard errors (a 95% interval).
Z = 1.96


def lower_bound(rate: float, n: int, z: float = Z) -> float:
    """The lower end of the Wilson score interval of a mean ``rate`` (0..1) over ``n`` simulations; 0
    when ``n`` is 0. It stays in 0..rate, and for a fixed rate rises with ``n`` towards the rate."""
    if n <= 0:
        return 0.0
    rate = min(1.0, max(0.0, rate))
    z2 = z * z
    centre = rate + z2 / (2 * n)
    spread = z * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n))
    return max(0.0, (centre - spread) / (1 + z2 / n))


def rank(stats: list[tuple[Action, float, int]]) -> list[tuple[Action, float, int]]:
    """``(action, win rate, simulations)`` best first: by :func:`lower_bound`, then by simulations, then in
    the order given (the legal list's)."""
    order = sorted(range(len(stats)), key=lambda i: (-lower_bound(stats[i][1], stats[i][2]), -stats[i][2], i))
    return [stats[i] for i in order]


class HintSearch:
    """The ``hard`` level's search of ``seat``'s decision in ``state``, from that seat's view, grown by
    :meth:`run` in as many slices as the caller likes."""

    def __init__(self, game: Game, state: State, seat: int, seed: int) -> None:
        self.legal = game.legal_actions(state, seat)
        if not self.legal:
            raise OptionError(f"seat {seat} has no legal action")
        self.game, self.state, self.seat = game, state, seat
        self.bot: SearchBot = level("hard", game, seed)
        self.root = Edge({}, seat, state.players)
        # the generator SearchBot.search would seed for this decision, kept from slice to slice
        self.rng = rng_at(seed, len(state.history), state.seed, seat)
        #: the iteration a slice's deadline paused (the next ``run`` resumes it), or None
        self.pending: Generator[None, None, None] | None = None

    @property
    def simulations(self) -> int:
        """The simulations run so far (every slice's)."""
        return self.root.visits

    def run(self, iterations: int, budget_ms: float | None = None) -> None:
        """Add up to ``iterations`` simulations (a paused one, finished, is one of them), stopping at
        ``budget_ms`` (the iteration running then is paused for the next call; every call plays at
        least one ply of it)."""
        deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0
        game, state, seat, root, rng = self.game, self.state, self.seat, self.root, self.rng
        players = state.players
        for i in range(iterations):
            if deadline is not None and i and time.perf_counter() >= deadline:
                break
            # the search's own iteration (select, expand, roll out, back up), on the kept tree
            steps = self.pending or self.bot._steps(game, state, seat, players, root, rng)
            self.pending = None
            try:
                if deadline is None:
                    for _ in steps:
                        pass
                elif not search.run_until(steps, deadline):
                    self.pending = steps
                    break
            except Exception:  # noqa: BLE001 - a world the rules refuse: it counts for nothing, as in search
                self.bot.failed += 1

    def ranked(self) -> list[tuple[Action, float, int]]:
        """Every legal action, best first (:func:`rank`): ``(action, win rate, simulations)``."""
        kids = self.root.children
        stats = []
        for a in self.legal:
            e = kids.get(search._key(a))
            stats.append((a, e.total[self.seat] / e.visits if e and e.visits else 0.0, e.visits if e else 0))
        return rank(stats)
