"""View and effect details that mutants of the rule code (scripts/mutate.py) showed no test
checked: blue tokens shown per technology, the short game's discard counts, and which buildings an
event's "destroy" removes."""

from __future__ import annotations

from tta_helpers import edit, fresh, p0

from pygame_core.games.through_the_ages import GAME, effects
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx


def test_view_shows_blue_tokens_only_where_they_are():
    """Blue tokens lie on farm and mine technologies only (L1220-1228): the view shows 0 on the others."""
    def setup(d):
        p = d["players"][0]
        p["blue_tokens"]["a_bronze"] = 2
        p["blue_bank"] -= 2
    v = GAME.view(edit(fresh(2, round_=2), setup), 1)
    blue = {t["card"]["id"]: t["blue"] for t in v["civs"][0]["technologies"]}
    assert blue["a_bronze"] == 2 and blue["a_agriculture"] == 0
    assert blue["a_philosophy"] == blue["a_religion"] == blue["a_warriors"] == 0


def test_short_game_view_counts_each_seats_discarded_event_l2239():
    """L2239: each player discards one of its two dealt Age III events face down; the view shows only
    how many each seat discarded."""
    def setup(d):
        d["age_iii_discarded"] = [["iii_impact_of_wonders", 1], ["iii_impact_of_balance", 1]]
    s = edit(fresh(3, "full", round_=2, short=True), setup)
    for seat in (None, 0, 1, 2):
        assert GAME.view(s, seat)["short_game"]["discarded"] == [0, 2, 0]


def test_destroy_removes_the_lowest_buildings_of_the_named_kinds_only():
    """An event's "destroy" (P1 texts) removes buildings of the named kinds up to its age, lowest level
    first, and the worker becomes unused; units are not buildings."""
    def setup(d):
        p = d["players"][0]
        p["workers"].update(a_warriors=2, i_alchemy=1, a_philosophy=1, i_swordsmen=1)
    s = edit(fresh(2, round_=2), setup)
    ctx = Ctx(s.data, Rng(s.rng), s.players, s.options, 0)
    unused = p0(s)["unused_workers"]
    assert effects.destroy(ctx, 0, "urban", 1, "A") == ["a_philosophy"]
    assert effects.destroy(ctx, 0, "urban", 1, "A") == []                 # Alchemy is Age I
    assert effects.destroy(ctx, 0, "urban", 2, "I") == ["i_alchemy"]       # none left after it
    p = ctx.data["players"][0]
    assert p["workers"]["a_warriors"] == 2 and p["workers"]["i_swordsmen"] == 1
    assert p["unused_workers"] == unused + 2
    assert effects.destroy(ctx, 0, "unit", 1, None) == ["a_warriors"]
