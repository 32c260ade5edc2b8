"""The shared game kernel: state, seeded RNG, the Game base class, saves and undo."""

from pygame_core.kernel.game import Game
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx, State

__all__ = ["Ctx", "Game", "Rng", "State"]
