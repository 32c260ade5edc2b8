"""Data tests of Through the Ages' card files (data/README.md): every ``per`` and ``by`` key is
in the vocabulary the engine implements, so that no effect silently counts 0 (issue 16)."""

from __future__ import annotations

import pytest
from tta_helpers import fresh, p0

from pygame_core.games.through_the_ages import catalog
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.ratings import SPECIAL_COUNTS, count


def test_an_unknown_per_key_fails_at_load_instead_of_counting_zero():
    bad = dict(CARDS["ii_napoleon_bonaparte"], effects=[{"kind": "per", "what": "strength", "n": 2,
                                                          "per": "unit_kinds"}])
    with pytest.raises(ValueError, match="unit_kinds"):
        catalog.check_counts(bad)
    with pytest.raises(KeyError):
        count(p0(fresh()), "unit_kinds")


def test_every_per_and_by_key_of_the_data_is_in_the_vocabulary():
    for c in CARDS.values():
        catalog.check_counts(c)                                  # raises on an unknown key


def test_every_single_card_count_is_in_the_vocabulary_and_the_data_readme():
    from pathlib import Path
    readme = (Path(catalog.__file__).parent / "data" / "README.md").read_text(encoding="utf-8")
    for key in SPECIAL_COUNTS:
        assert key in catalog.PER_KEYS and f"`{key}`" in readme, key
