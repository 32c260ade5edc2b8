"""A save's earlier positions as changes against its last one (``kernel/patches.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.kernel.patches import changes, patched
from pygame_core.kernel.state import json_key

LAST: dict[str, Any] = {"turn": 9, "figs": {"f1": {"o": 0, "sq": 4}, "f2": {"o": 1, "sq": 7}},
        "p": [{"coins": 3}, {"coins": 5}], "log": [1, 2, 3]}


@pytest.mark.parametrize("earlier", [
    LAST,
    {**LAST, "turn": 8},
    {**LAST, "figs": {"f1": {"o": 0, "sq": 5}, "f2": {"o": 1, "sq": 7}}},
    {**LAST, "figs": {"f2": {"o": 1, "sq": 7}, "f1": {"o": 0, "sq": 4}}},  # same keys, other order
    {**LAST, "figs": {"f1": {"o": 0, "sq": 4}}},                           # a figure fewer
    {**LAST, "p": [{"coins": 3}, {"coins": True}]},                       # true is not 1
    {**LAST, "log": [1, 2]},
    {"turn": 9, "p": [], "figs": {}, "log": [1, 2, 3]},                   # keys in another order
    {"other": 1},
])
def test_changes_rebuild_the_earlier_position_as_json_to_the_bit(earlier: dict[str, Any]) -> None:
    edits = changes(LAST, earlier)
    rebuilt = patched(LAST, edits)
    assert json_key(rebuilt) == json_key(earlier)  # the same types and key order throughout
    assert (edits == []) == (json_key(earlier) == json_key(LAST))
    assert json_key(LAST) == json_key({"turn": 9, "figs": {"f1": {"o": 0, "sq": 4}, "f2": {"o": 1, "sq": 7}},
                                       "p": [{"coins": 3}, {"coins": 5}], "log": [1, 2, 3]})  # untouched


def test_a_change_deep_in_the_position_is_written_as_that_change_only() -> None:
    earlier = {**LAST, "figs": {"f1": {"o": 0, "sq": 5}, "f2": LAST["figs"]["f2"]}}
    assert changes(LAST, earlier) == [[["figs", "f1", "sq"], 5]]
    rebuilt = patched(LAST, changes(LAST, earlier))
    assert rebuilt["p"] is LAST["p"] and rebuilt["figs"]["f2"] is LAST["figs"]["f2"]  # shared, not copied


@pytest.mark.parametrize("edits", [None, {}, [["turn", 1]], [[["nope"], 1]], [[["p", 2], 1]],
                                   [[["p", "0"], 1]], [[["turn", "x"], 1]], [[[True], 1]], [[["p", -1], 1]]])
def test_changes_that_do_not_fit_the_position_are_refused(edits: Any) -> None:
    with pytest.raises(ValueError):
        patched(LAST, edits)
