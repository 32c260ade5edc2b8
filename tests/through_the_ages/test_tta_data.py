"""Data tests of Through the Ages' card files (data/README.md): every ``per`` and ``by`` key is
in the vocabulary the engine implements, so that no effect silently counts 0 (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tta_helpers import fresh, p0

from pygame_core.games.through_the_ages import catalog
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.ratings import SPECIAL_COUNTS, count

#: The data README is documentation, not shipped in the site's engine (tests/pyodide runs these tests there).
README = Path(catalog.__file__).parent / "data" / "README.md"


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


@pytest.mark.skipif(not README.exists(), reason="the data README is not in the site's engine")
def test_every_single_card_count_is_in_the_vocabulary_and_the_data_readme():
    readme = README.read_text(encoding="utf-8")
    for key in SPECIAL_COUNTS:
        assert key in catalog.PER_KEYS and f"`{key}`" in readme, key


def _engine_source() -> str:
    from pathlib import Path
    return "\n".join(f.read_text(encoding="utf-8") for f in Path(catalog.__file__).parent.glob("*.py"))


def test_every_trigger_event_is_fired_by_the_engine():
    """An ``on`` event the engine never fires is an ability that does nothing (Ocean Liner Service
    waited for an 'action_phase' that never came)."""
    src = _engine_source()
    events = {ev for c in CARDS.values() for ev in c["triggers"]}
    for ev in events:
        assert f'triggers(ctx, seat, "{ev}")' in src, ev


def test_every_rule_code_is_implemented_by_name():
    src = _engine_source()
    codes = {code for c in CARDS.values() for code in c["rules"]}
    codes |= {code for c in CARDS.values() for side in c.get("sides", {}).values() for code in side["rules"]}
    for code in codes:
        assert f'"{code}"' in src.replace(f'"code": "{code}"', ""), code


def test_every_effect_kind_is_in_the_vocabulary():
    kinds = {"gain", "per", "rank", "discount", "do", "budget", "choice", "steal", "destroy", "on", "rule"}
    for c in CARDS.values():
        for effs in catalog._effect_lists(c):
            for e in effs:
                assert e["kind"] in kinds, (c["id"], e)
