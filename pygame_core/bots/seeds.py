"""A bot's own random generator, a function of its seed and the position only (so that simulations
and a search replay exactly)."""

from __future__ import annotations

from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import State


def _rng_for(seed: int, state: State, seat: int) -> Rng:
    return rng_at(seed, len(state.history), state.seed, seat)


def rng_at(seed: int, played: int, game_seed: int, seat: int) -> Rng:
    """The generator of a bot seeded ``seed`` deciding for ``seat`` after ``played`` actions of the
    game seeded ``game_seed``: a bot's choices depend on its seed and the position only."""
    return Rng.from_seed(seed ^ (played * 7919 + seat * 104729 + game_seed), stream=17)
