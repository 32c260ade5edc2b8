"""A tiny seeded PRNG (SplitMix64) whose whole state is one integer.

It is written in pure Python so that the same seed gives the same numbers on
CPython 3.11 and in Pyodide (CPython 3.14); ``random.Random`` makes no such promise
across versions for every method.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64. ``state`` is a plain int, so it can live inside a saved state."""

    __slots__ = ("state", "used")

    def __init__(self, state: int) -> None:
        self.state = state & _MASK
        self.used = False

    @staticmethod
    def from_seed(seed: int, stream: int = 0) -> Rng:
        """A generator for ``seed``; ``stream`` derives independent sequences (bots, tests)."""
        r = Rng(seed ^ (stream * 0xD1B54A32D192ED03))
        r.next64()
        return r

    def next64(self) -> int:
        self.used = True
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
