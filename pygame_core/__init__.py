"""pygame_core: five civilization-themed board games with pure-Python rules engines.

Every game has the same API (see :class:`pygame_core.kernel.Game`)::

    from pygame_core import games
    game = games.get("empires_end")
    state = game.new_game(players=2, seed=1)
    seat = game.to_move(state)[0]
    action = game.legal_actions(state, seat)[0]
    state = game.apply(state, seat, action)      # a new state; the old one is unchanged
    game.view(state, seat)                       # what that seat may see, JSON-able
    text = game.save(state); state = game.load(text)
"""

from pygame_core import games
from pygame_core.errors import IllegalAction, OptionError, PygameCoreError, SaveError
from pygame_core.kernel.game import ENGINE_VERSION, SAVE_FORMAT

__version__ = ENGINE_VERSION
__all__ = ["ENGINE_VERSION", "SAVE_FORMAT", "IllegalAction", "OptionError", "PygameCoreError", "SaveError",
           "games"]
