"""A player's tactical strength, counted straight from the workers, is the strength of its units
as a list (army_strength, golden test 16: L1562-1588, L1959-1975), for every tactic card."""

from __future__ import annotations

import random

from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.ratings import army_strength, tactic_strength, units_of

TACTICS = sorted(c for c, x in CARDS.items() if x["kind"] == "tactic")
UNITS = sorted(c for c, x in CARDS.items() if x["kind"] == "unit")


def _player(rng: random.Random, tactic: str) -> dict:
    workers = {c: rng.randrange(4) for c in rng.sample(UNITS, rng.randrange(1, 7))}
    workers["a_agriculture"] = 2  # not a unit
    return {"tactic": tactic, "workers": workers, "government": "a_despotism", "specials": [],
            "wonders": [], "ravaged": [], "colonies": [], "leader": None, "pact_sides": []}


def test_tactic_strength_counts_the_units_in_play_l1562_l1588_l1959_l1975():
    rng = random.Random(7)
    seen = set()
    for tactic in TACTICS:
        for _ in range(300):
            p = _player(rng, tactic)
            want = army_strength(units_of(p), tactic)
            assert tactic_strength(p) == want, (tactic, p["workers"])
            seen.add(want > 0)
    assert seen == {True, False}  # both armies and no army at all were met


def test_no_tactic_no_tactical_strength_l1562():
    p = _player(random.Random(1), TACTICS[0])
    p["tactic"] = None
    assert tactic_strength(p) == 0
