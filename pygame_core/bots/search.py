"""The search bot: information-set Monte Carlo tree search, written once against the kernel API.

Each iteration deals a world the deciding seat cannot tell from the real one (the game's
``_redetermine``: other hands, deck orders, sealed bids re-dealt; :class:`CanonRng` makes that world a
function of the seat's information alone, see below), with a fresh chance generator, and plays it
forward in place (:class:`~pygame_core.kernel.playout.Playout`, the kernel's forward model):

- **select** down one tree shared by every world (single-observer ISMCTS): at each node the seat to
  move (the deciding seat at the root, then ``to_move()[0]``: seats deciding together, a sealed bid
  included, are taken in ``to_move`` order) picks, among its children legal in this world, the one of
  best UCB1 for *its own* value, counting as trials the iterations in which that child was legal
  (availability), plus a progressive bias towards the actions the game orders first (hook
  ``search_order``) that fades with visits; a node with fewer children than its visits allow
  (progressive widening) first expands its next untried action, in the game's order or a seeded random one;
- **roll out** from the new node with a cheap policy (hook ``rollout``, else uniform) to the end of the
  game or a depth cut-off;
- **evaluate** with the kernel's public scores, as one number per seat in 0..1 (:func:`value`): a
  finished game is 1 for a sole winner, 1/k for k seats sharing a win, 1 for every seat of a win that
  lists them all (co-op), 0 for the others and when nobody won; an unfinished one is the game's
  ``search_value`` where it gives one (co-op, solo), else a softmax of the totals (and of the ``rank``
  when the totals tie, as Civilization's do until someone wins);
- **back up** that vector along the path.

The move is the root child visited most. Decisions with one legal action are not searched.

**Root prior** (:data:`PRIOR`, per level): the game's heuristic (its ``heuristic`` module's ``choose``,
the ``heuristic`` level, with that level's generator for the same seed) names its move once per
decision, on the real state (a heuristic reads only what its seat may see); at the root that child
is expanded first and gets the progressive bias ``PRIOR[level]`` instead of its ``search_order``
prior, so a short search keeps to the heuristic's move unless its playouts find a better one.

**Hidden information.** The bot reads the real state only through ``legal_actions`` for its seat and
``_redetermine(copy, seat, rng)``, which overwrites everything the seat cannot see. A redetermination
shuffles the hidden items it finds in the copy, so its result depends on their order there, which
the seat cannot know; the bot's generator (:class:`CanonRng`) sorts what it is asked to shuffle or
choose from before doing it, so the world dealt for a given seed is the same from every position the
seat cannot tell apart, and so is the move (tests/bots/test_search.py checks it for every game). The
game's own chance generator is replaced in each world by one from the bot's seed: future draws and
dice come from the bot's seed, never from the real game's.

**Budgets.** ``iterations`` (deterministic: the same seed, position and budget give the same move, as
tests and the strength bench need) and optionally ``time_ms`` (play: stop when either runs out). The
generator is seeded from the bot's seed and the position, as :class:`~pygame_core.bots.RandomBot`'s.
With ``time_ms`` the clock is read between iterations and inside one too (:meth:`SearchBot._steps`:
after its first ply, then every :data:`CHECK_EVERY` plies of its descent and rollout), since on a
loaded machine one iteration alone (a rollout of 40-80 plies) may take longer than the budget: an
iteration that reaches the deadline is abandoned there (no visit, no value backed up; the tree keeps
only the selection's availability counts and the edge it expanded, unvisited) and the search returns
what it has. So a decision overruns its budget by at most :data:`CHECK_EVERY` plies (and the
redetermination of the world, and the root prior's one heuristic call), not by an iteration. The move
is then the root child visited most; if no iteration was completed, it is the first child the search
expanded at the root, which the first iteration does at its first ply, before any check: the
heuristic's move where the level has a root prior (normal), else the one the game's ``search_order``
puts first (ties drawn by the search's generator; hard). Without ``time_ms`` the clock is never read
and the search is the same, move for move, as one that never checked it.

**Game hooks** (optional functions of the game's ``heuristic`` module, docs/api.md "bots"):

- ``rollout(g, seat, legal, rng) -> action``: the rollout policy, one of ``legal`` (the seat's legal
  actions in position data ``g``); used with probability 1 - :data:`EPSILON`, else a uniform pick;
- ``search_order(g, seat, legal) -> list[float]``: a score per action, higher first: the order in
  which a node expands its children (progressive widening tries the best-scored first);
- ``search_value(g, players) -> list[float] | None``: each seat's value in 0..1 of an unfinished
  position, where the totals' softmax misjudges it: a co-op game (the seats win or lose together, so
  their totals against each other say nothing of it) or a solo game against an automaton (one seat:
  a softmax of one total is always 1). None: the totals' softmax.
"""

from __future__ import annotations

import importlib
import json
import marshal
import math
import time
from collections.abc import Callable, Generator
from typing import Any

from pygame_core.bots.seeds import rng_at
from pygame_core.errors import OptionError
from pygame_core.kernel.game import Game
from pygame_core.kernel.playout import Playout
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action, State, copy_json

Data = dict[str, Any]
RolloutFn = Callable[[Data, int, list[Action], Rng], Action]
OrderFn = Callable[[Data, int, list[Action]], list[float]]
ValueFn = Callable[[Data, int], list[float] | None]
ChooseFn = Callable[[Game, State, int, Rng], Action]

#: UCB1's exploration constant (values are in 0..1).
EXPLORE = 0.7
#: Share of rollout moves picked uniformly even when the game has a rollout policy.
EPSILON = 0.1
#: Progressive bias: a child the game orders first (``search_order``) gets ``BIAS * prior / (visits + 1)``
#: more in UCB1: with few iterations the search keeps to the game's choice unless playing says otherwise.
BIAS = 1.0
#: Progressive widening: a node with ``v`` visits may have ``WIDEN_BASE + WIDEN_RATE * sqrt(v)`` children.
WIDEN_BASE = 6
WIDEN_RATE = 2.0
#: Root prior: the game's heuristic (its module's ``choose``, the ``heuristic`` level) names its move
#: for the deciding seat; at the root that child is expanded first and its progressive bias is
#: ``PRIOR[level]`` (the other children's is their ``search_order`` prior, 0..1): the search keeps to
#: the heuristic's move unless its playouts say another is better. 0: no prior.
PRIOR: dict[str, float] = {"normal": 2.0, "hard": 0.0}
#: Never more plies than this in one iteration, whatever the budget says.
MAX_PLIES = 5000
#: A time-budgeted search reads the clock inside an iteration after its first ply, then every this
#: many plies (descent and rollout together): a decision overruns its deadline by at most this many
#: plies (a ply is ~0.1-0.5 ms in Pyodide on a quiet machine; a clock read, ~1 us).
CHECK_EVERY = 4

#: Per game: iterations for each level and the depth cut-off (plies from the root). The iteration
#: counts are set so that a level decides within its browser time budget (normal 0.3 s, hard 1 s in
#: Pyodide), from the CPython rates and the CPython/Pyodide ratio measured in bench/strength.py (see
#: bench/README.md "Search bot strength"). ``default`` is for a game not listed.
BUDGETS: dict[str, dict[str, int]] = {
    "default": {"normal": 12, "hard": 40, "depth": 40},
    "toy": {"normal": 60, "hard": 200, "depth": 60},
    "empires_end": {"normal": 22, "hard": 75, "depth": 60},
    "through_the_ages": {"normal": 9, "hard": 31, "depth": 60},
    "civilization": {"normal": 12, "hard": 41, "depth": 40},
    "great_wall": {"normal": 13, "hard": 43, "depth": 40},
    "brazil_imperial": {"normal": 15, "hard": 52, "depth": 50},
}
#: The time budget of each level in the browser (ms), for callers that play by time.
LEVEL_MS = {"normal": 300, "hard": 1000}


class CanonRng(Rng):
    """A generator whose ``shuffle`` and ``choice`` first sort what they are given (by value): a
    redetermination's world then depends on the multiset of hidden items, never on the order they
    happen to lie in (which the deciding seat cannot know)."""

    __slots__ = ()

    def shuffle(self, items: list[Any]) -> None:
        items.sort(key=_sort_key)
        super().shuffle(items)

    def choice(self, items: list[Any]) -> Any:
        return super().choice(sorted(items, key=_sort_key))


def _sort_key(x: Any) -> tuple[int, Any]:
    """A total order of JSON values that depends on their value alone (not, as marshal's bytes would,
    on whether a string happens to be interned)."""
    if type(x) is str:
        return (0, x)
    if type(x) is int or type(x) is float:
        return (1, x)
    return (2, json.dumps(x, sort_keys=True, separators=(",", ":")))


def _key(action: Action) -> bytes:
    return marshal.dumps(action, 2)


class Edge:
    """A child of a tree node: the action, its mover, its statistics and the node below it."""

    __slots__ = ("action", "seat", "visits", "avail", "total", "children", "order", "prior")

    def __init__(self, action: Action, seat: int, players: int, prior: float = 0.0) -> None:
        self.action = action
        self.seat = seat
        #: the game's order of this action among its siblings, 0..1 (1: its first choice): progressive bias
        self.prior = prior
        self.visits = 0
        self.avail = 1
        self.total = [0.0] * players
        self.children: dict[bytes, Edge] = {}
        #: the visits of the node below (its children's expansions are paced by it)
        self.order = 0


def value(game: Game, data: Data, players: int, hook: ValueFn | None = None) -> list[float]:
    """Each seat's value of position ``data`` in 0..1, from the kernel's public scores (an unfinished
    position: from the game's ``search_value`` hook where it gives one)."""
    over = game._is_over(data)
    if hook is not None and not over:
        mine = hook(data, players)
        if mine is not None:
            return mine
    sc = game._scores(data)
    if over:
        winners = [w for w in sc.get("winners", []) if isinstance(w, int) and 0 <= w < players]
        if not winners:
            return [0.0] * players
        if len(winners) == players:  # a win every seat shares: co-op
            return [1.0] * players
        share = 1.0 / len(winners)
        return [share if s in winners else 0.0 for s in range(players)]
    totals = [float(t) for t in sc.get("totals", [0] * players)]
    if len(totals) != players:
        return [1.0 / players] * players
    lead = max(totals)
    if min(totals) == lead:
        rank = sc.get("rank")
        if not isinstance(rank, list) or sorted(rank) != list(range(players)):
            return [1.0 / players] * players
        totals = [0.0] * players
        for pos, s in enumerate(rank):
            totals[s] = float(players - 1 - pos)
        lead, temp = float(players - 1), 1.0
    else:
        temp = max(2.0, 0.15 * max(abs(t) for t in totals))
    ex = [math.exp((t - lead) / temp) for t in totals]
    tot = sum(ex)
    return [e / tot for e in ex]


class SearchBot:
    """Information-set MCTS (see the module's doc). ``choose`` plays; ``search`` gives the statistics."""

    def __init__(self, game: Game, seed: int = 0, iterations: int = 100, time_ms: float | None = None,
                 depth: int | None = None, name: str = "search", prior: float = 0.0) -> None:
        if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
            raise OptionError("iterations must be a whole number of at least 1")
        self.name = name
        self.seed = seed
        self.iterations = iterations
        self.time_ms = time_ms
        self.depth = depth if depth is not None else BUDGETS.get(game.id, BUDGETS["default"])["depth"]
        package = type(game).__module__.rsplit(".", 1)[0]
        try:
            hooks: Any = importlib.import_module(f"{package}.heuristic")
        except ModuleNotFoundError:
            hooks = None
        self._rollout: RolloutFn | None = getattr(hooks, "rollout", None)
        self._order: OrderFn | None = getattr(hooks, "search_order", None)
        self._value: ValueFn | None = getattr(hooks, "search_value", None)
        #: the heuristic's choice (``choose(game, state, seat, rng)``) as the root's prior, weight ``prior``
        self._choose: ChooseFn | None = getattr(hooks, "choose", None) if prior > 0 else None
        self.prior = prior
        #: the key of the heuristic's move in the current search (None: no prior)
        self._pref: bytes | None = None
        #: iterations of the last search whose world the rules refused to play (an inconsistent
        #: redetermination): they count for nothing; the tests hold every game to none
        self.failed = 0
        #: whether the last search's time ran out inside an iteration (abandoned: it counts for nothing)
        self.abandoned = False

    # ------------------------------------------------------------------ entry points
    def choose(self, game: Game, state: State, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise OptionError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        root = self.search(game, state, seat, legal)
        if not root.children:
            return legal[0]
        best = _best(root, seat)
        return next((a for a in legal if _key(a) == _key(best.action)), legal[0])

    def ranked(self, game: Game, state: State, seat: int) -> list[tuple[Action, float, int]]:
        """Every legal action of ``seat`` searched, best first: ``(action, win rate, visits)``. An
        action the search never tried comes last, with a win rate of 0 and no visits."""
        legal = game.legal_actions(state, seat)
        if not legal:
            raise OptionError(f"seat {seat} has no legal action")
        if len(legal) == 1:
            return [(legal[0], 1.0, 0)]
        root = self.search(game, state, seat, legal)
        stats = {k: e for k, e in root.children.items()}
        out = []
        for a in legal:
            e = stats.get(_key(a))
            out.append((a, e.total[seat] / e.visits if e and e.visits else 0.0, e.visits if e else 0))
        out.sort(key=lambda x: (-x[2], -x[1]))
        return out

    def search(self, game: Game, state: State, seat: int, legal: list[Action] | None = None) -> Edge:
        """Run the budget from ``seat``'s view of ``state``; return the root (its ``children``)."""
        rng = rng_at(self.seed, len(state.history), state.seed, seat)
        players = state.players
        root = Edge({}, seat, players)
        deadline = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000.0
        self.failed = 0
        self._pref = None
        if self._choose is not None:
            # the heuristic on the real state: it reads only what the seat may see (its module's doc),
            # with its own generator (the heuristic level's: the same seed gives the same move)
            self._pref = _key(self._choose(game, state, seat, rng_at(self.seed, len(state.history),
                                                                     state.seed, seat)))
        self.abandoned = False
        for i in range(self.iterations):
            if deadline is not None and i and time.perf_counter() >= deadline:
                break
            try:
                if deadline is None:
                    self._iterate(game, state, seat, players, root, rng)
                else:
                    steps = self._steps(game, state, seat, players, root, rng)
                    if not run_until(steps, deadline):
                        steps.close()  # abandoned: nothing backed up (see the module's doc, Budgets)
                        self.abandoned = True
                        break
            except Exception:  # noqa: BLE001 - a world the game's rules refuse (see ``failed``)
                self.failed += 1
        return root

    # ------------------------------------------------------------------ one iteration
    @staticmethod
    def _world(game: Game, state: State, seat: int, rng: Rng) -> Playout:
        """A world ``seat`` cannot tell from ``state`` (hidden items re-dealt, a new chance generator),
        ready to play forward in place."""
        data = copy_json(state.data)
        game._redetermine(data, seat, CanonRng(rng.next64()))
        p = Playout(game, state, lazy=True)  # lazy: nothing is copied; the world's data replaces it
        p.data = data
        p.rng = Rng(rng.next64())
        return p

    def _iterate(self, game: Game, state: State, seat: int, players: int, root: Edge, rng: Rng) -> None:
        """One iteration, whole: select, expand, roll out, back up."""
        for _ in self._steps(game, state, seat, players, root, rng):
            pass

    def _steps(self, game: Game, state: State, seat: int, players: int, root: Edge,
               rng: Rng) -> Generator[None, None, None]:
        """One iteration as a generator that yields at its checkpoints, where a time-budgeted caller
        reads the clock (:func:`run_until`): after the first ply (the root's child is chosen, or
        expanded, by then), then every :data:`CHECK_EVERY` plies. It backs up only when run to its end;
        dropped at a checkpoint, it leaves no visit and no value: the nodes it passed keep the
        availability and order counts of that descent, and the edge it expanded stays, unvisited."""
        p = self._world(game, state, seat, rng)
        node = root
        path: list[Edge] = []
        plies = 0
        mover = seat
        expanded = False
        while not expanded and plies < self.depth:
            if plies:
                seats = p.to_move()
                if not seats:
                    break
                mover = seats[0]
            legal = p.legal_actions(mover)
            if not legal:
                break
            keys = [_key(a) for a in legal]
            kids = node.children
            present = [k for k in keys if k in kids]
            for k in present:
                kids[k].avail += 1
            node.order += 1
            untried = [i for i, k in enumerate(keys) if k not in kids]
            room = WIDEN_BASE + WIDEN_RATE * math.sqrt(node.order)
            if untried and (len(present) < room or not present):
                pref = self._pref if not plies else None
                i = next((j for j in untried if keys[j] == pref), -1) if pref is not None else -1
                if i >= 0:  # the heuristic's move, first of the root's children
                    prior = self.prior
                else:
                    i, prior = self._next_untried(p.data, mover, legal, untried, rng)
                edge = kids[keys[i]] = Edge(legal[i], mover, players, prior)
                action = legal[i]
                expanded = True
            else:
                best_i, best_u = -1, -1.0
                for i, k in enumerate(keys):
                    e = kids.get(k)
                    if e is None:
                        continue
                    if e.visits == 0:
                        u = 2.0
                    else:
                        n = e.visits
                        u = (e.total[mover] / n + EXPLORE * math.sqrt(math.log(max(e.avail, 2)) / n)
                             + BIAS * e.prior / (n + 1))
                    if u > best_u:
                        best_i, best_u = i, u
                edge, action = kids[keys[best_i]], legal[best_i]
            p.play(mover, action)
            path.append(edge)
            node = edge
            plies += 1
            if plies % CHECK_EVERY == 1:
                yield
        plies = yield from self._rollout_to(p, rng, plies)
        v = value(game, p.data, players, self._value)
        for e in path:
            e.visits += 1
            t = e.total
            for s in range(players):
                t[s] += v[s]
        root.visits += 1

    def _next_untried(self, g: Data, seat: int, legal: list[Action], untried: list[int],
                      rng: Rng) -> tuple[int, float]:
        """The untried action to expand (the game's best-ordered, ties drawn) and its prior in 0..1."""
        if self._order is None:
            return untried[rng.below(len(untried))], 0.0
        scores = self._order(g, seat, legal)
        top = max(scores[i] for i in untried)
        best = [i for i in untried if scores[i] == top]
        i = best[rng.below(len(best))] if len(best) > 1 else best[0]
        lo, hi = min(scores), max(scores)
        return i, (scores[i] - lo) / (hi - lo) if hi > lo else 0.0

    def _rollout_to(self, p: Playout, rng: Rng, plies: int) -> Generator[None, None, int]:
        """Play on from ``plies`` to the end or the depth cut-off (yields at the checkpoints, as
        :meth:`_steps`); returns the plies from the root."""
        policy = self._rollout
        limit = min(self.depth, MAX_PLIES)
        while plies < limit:
            seats = p.to_move()
            if not seats:
                break
            mover = seats[0]
            legal = p.legal_actions(mover)
            if not legal:
                break
            if len(legal) == 1:
                action = legal[0]
            elif policy is not None and rng.below(1000) >= EPSILON * 1000:
                action = policy(p.data, mover, legal, rng)
            else:
                action = legal[rng.below(len(legal))]
            p.play(mover, action)
            plies += 1
            if plies % CHECK_EVERY == 1:
                yield
        return plies


def run_until(steps: Generator[None, None, None], deadline: float) -> bool:
    """Run an iteration's steps (:meth:`SearchBot._steps`) until it ends (True) or, at one of its
    checkpoints, ``time.perf_counter()`` reaches ``deadline`` (False: the caller drops it, or resumes it)."""
    for _ in steps:
        if time.perf_counter() >= deadline:
            return False
    return True


def _best(root: Edge, seat: int) -> Edge:
    """The root child visited most (ties: the better value, then the first expanded)."""
    best: Edge | None = None
    for e in root.children.values():
        if best is None or (e.visits, e.total[seat]) > (best.visits, best.total[seat]):
            best = e
    assert best is not None
    return best


def level(kind: str, game: Game, seed: int = 0, iterations: int | None = None,
          time_ms: float | None = None) -> SearchBot:
    """The search bot of a level (``"normal"`` or ``"hard"``) for ``game``: its iteration budget
    (:data:`BUDGETS`) unless ``iterations`` is given, and a time cap when ``time_ms`` is."""
    budget = BUDGETS.get(game.id, BUDGETS["default"])
    return SearchBot(game, seed, iterations if iterations is not None else budget[kind], time_ms,
                     budget["depth"], kind, PRIOR.get(kind, 0.0))
