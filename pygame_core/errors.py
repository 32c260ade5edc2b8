"""Typed errors raised by the kernel and the games."""

from __future__ import annotations


class PygameCoreError(Exception):
    """Base class of every error this package raises on purpose."""


#: The codes the kernel itself raises; games may add their own.
KERNEL_CODES = ("not_legal", "not_your_turn", "game_over", "malformed", "cannot_undo")


class IllegalAction(PygameCoreError):
    """An action was illegal or malformed; the state it was applied to is unchanged.

    ``reason`` is a short English sentence fit to show a player; ``code`` is a stable
    machine-readable token (``not_your_turn``, ``malformed``, ``not_legal``, ...).
    """

    def __init__(self, reason: str, code: str = "not_legal") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class SaveError(PygameCoreError):
    """A saved game could not be loaded: corrupt text, tampering or an unknown format."""


class OptionError(PygameCoreError, ValueError):
    """Unknown game id, a bad player count or an unknown option value."""
