"""The Advisor track (L160, L431-444, L588) and the Artifacts' end scoring (L679)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygame_core.errors import IllegalAction
from pygame_core.games.great_wall import cards
from tests.great_wall.cards_helpers import ctx, state

A, B, C, D, E, F = "monk", "pathfinder", "censor", "hermit", "taoist", "veteran"


def with_track(gold: int = 3) -> dict[str, Any]:
    g = state(3, advisor_track=[A, B, C, D], advisor_deck=[F, E])  # top last: E, then F
    g["players"][0].update(general="song_ci", active=["smith"], supporting=["groom"])
    g["players"][0]["res"]["gold"] = gold
    return g


def test_golden_4_hire_cost_and_refill() -> None:
    """Golden test 4, L436, L444: owning 1 Active + 1 Supporting, hiring costs 3 Gold; take C as
    Supporting: the track slides left and E fills the right end; the next hire costs 4."""
    g = with_track(gold=3)
    assert cards.hire_advisor_cost(g, 0) == 3
    cards.take_advisor(ctx(g), 0, C, "supporting")
    p = g["players"][0]
    assert p["res"]["gold"] == 0
    assert g["advisor_track"] == [A, B, D, E] and g["advisor_deck"] == [F]
    assert p["supporting"] == ["groom", C] and p["active"] == ["smith"]
    assert cards.supporting_count(g, 0) == 2
    assert cards.hire_advisor_cost(g, 0) == 4


def test_hire_as_active() -> None:
    """L187, L189: an Active Advisor's ability works at once; any track card may be taken (A5)."""
    g = with_track(gold=5)
    cards.take_advisor(ctx(g), 0, A, "active")
    assert g["players"][0]["active"] == ["smith", A] and g["players"][0]["res"]["gold"] == 2
    assert g["advisor_track"] == [B, C, D, E]
    assert cards.fire(g, "on_casualties", 0) == [(0, [{"op": "gain", "chi": 1}])]


def test_hire_cost_counts_every_advisor() -> None:
    """L436: Advisors owned, Active and Supporting, + 1."""
    g = state(3)
    assert cards.hire_advisor_cost(g, 1) == 1
    g["players"][1].update(active=["monk", "pathfinder"], supporting=["censor", "hermit", "taoist"])
    assert cards.hire_advisor_cost(g, 1) == 6


def test_hire_needs_the_gold_and_a_track_card() -> None:
    g = with_track(gold=2)
    before = copy.deepcopy(g)
    for aid, as_ in ((C, "supporting"), (E, "active"), (C, "both")):
        with pytest.raises(IllegalAction):
            cards.take_advisor(ctx(g), 0, aid, as_)
    assert g == before
    assert cards.advisor_choices(g, 0) == []
    assert len(cards.advisor_choices(g, 0, free=True)) == 8
    cards.take_advisor(ctx(g), 0, C, "active", free=True)  # hire {free: true}
    assert g["players"][0]["res"]["gold"] == 2
    rich = with_track(gold=9)
    before = copy.deepcopy(rich)
    with pytest.raises(IllegalAction):  # E is still in the deck (A5: the track's cards only)
        cards.take_advisor(ctx(rich), 0, E, "active")
    assert rich == before


def test_take_advisor_free() -> None:
    """A ``hire {free: true}`` effect (the Seek Talent Tactic): the card without the Gold."""
    g = with_track(gold=0)
    cards.take_advisor(ctx(g), 0, B, "active", free=True)
    assert g["players"][0]["res"]["gold"] == 0 and g["players"][0]["active"] == ["smith", B]
    assert g["advisor_track"] == [A, C, D, E]
    with pytest.raises(IllegalAction):
        cards.take_advisor(ctx(g), 0, F, "active", free=True)


def test_advisor_choices() -> None:
    g = with_track(gold=3)
    assert cards.advisor_choices(g, 0) == [{"advisor": a, "as": s} for a in (A, B, C, D)
                                          for s in ("active", "supporting")]


def test_spring_refresh() -> None:
    """L588: discard the 2 leftmost, slide the rest left, refill the right from the deck."""
    g = with_track()
    cards.spring_refresh(ctx(g))
    assert g["advisor_track"] == [C, D, E, F]
    assert g["advisor_discard"] == [A, B] and g["advisor_deck"] == []


def test_refill_takes_the_discard_when_the_deck_is_empty() -> None:
    """Authored ruling (as for Tactics, L215): an empty Advisor deck takes the shuffled discard."""
    g = state(3, advisor_track=[A, B, C, D], advisor_deck=[], advisor_discard=[E, F])
    cards.spring_refresh(ctx(g))
    assert len(g["advisor_track"]) == 4 and g["advisor_track"][:2] == [C, D]
    assert set(g["advisor_track"][2:]) <= {A, B, E, F} and len(g["advisor_deck"]) == 2
    assert sorted(g["advisor_track"][2:] + g["advisor_deck"] + g["advisor_discard"]) == sorted([A, B, E, F])


# --------------------------------------------------------------------------- Artifacts (L679)

#: Artifact -> (how to reach the condition on seat 1, exactly at the threshold; the Honor).
def _trophies(g: dict[str, Any], n: int) -> None:
    g["players"][1]["trophies"] = [{"card": f"h{i}", "shame": 0} for i in range(n)]


def _advisors(g: dict[str, Any], n: int) -> None:
    g["players"][1]["active"] = ["monk"] * (n // 2)
    g["players"][1]["supporting"] = ["pathfinder"] * (n - n // 2)


def _levels(g: dict[str, Any], n: int) -> None:
    locs = ["lumber_mill", "quarry", "gold_mine", "temple"]
    over = {}
    for i, loc in enumerate(locs):
        lv = min(3, n - 3 * i) if n > 3 * i else 0
        if lv:
            over[loc] = {"level": lv, "unit": "spear"}
    g["players"][1]["overseers"] = over


def _archers(g: dict[str, Any], n: int) -> None:
    spots = [(s, i) for s in range(3) for i in range(2)]
    for s, i in spots[:n]:
        g["sections"][s]["firing"][i] = 1


def _clerks(g: dict[str, Any], n: int) -> None:
    g["players"][1]["envoy"] = 8 - n


_MAKE = {"trophies": _trophies, "advisors": _advisors, "overseer_levels": _levels,
         "archers_on_wall": _archers, "clerks": _clerks}
#: each Artifact's condition and Honor, read from data/artifacts.json (authored, L679)
ARTIFACTS = {aid: (_MAKE[c["condition"]["count"]], int(c["condition"]["at_least"]), int(c["honor"]))
             for aid, c in cards.artifacts().items()}


def test_every_artifact_has_a_row() -> None:
    assert set(ARTIFACTS) == set(cards.artifacts())


@pytest.mark.parametrize("aid", sorted(ARTIFACTS))
def test_artifact(aid: str) -> None:
    """L679: at the end, the condition met gives the Artifact's Honor; one short gives nothing; only face
    up Artifacts count (L138); each seat is scored on its own."""
    make, at_least, honor = ARTIFACTS[aid]
    g = state(3, artifacts=[aid])
    g["players"][1]["envoy"] = 3
    make(g, at_least)
    assert cards.artifact_score(g, 1) == [(aid, honor)]
    assert cards.artifact_score(g, 0) == [] and cards.artifact_score(g, 2) == []
    g2 = state(3, artifacts=[aid])
    g2["players"][1]["envoy"] = 3
    make(g2, at_least - 1)
    assert cards.artifact_score(g2, 1) == []
    g3 = state(3, artifacts=[a for a in cards.artifacts() if a != aid][:3])
    g3["players"][1]["envoy"] = 3
    make(g3, at_least)
    assert aid not in [a for a, _ in cards.artifact_score(g3, 1)]


def test_artifact_counts() -> None:
    g = state(3)
    _levels(g, 7)
    _archers(g, 3)
    _trophies(g, 2)
    g["players"][1]["envoy"] = 1
    assert [cards.count(g, 1, w) for w in cards.COUNTS] == [2, 0, 7, 3, 7]
    assert [cards.count(g, 0, w) for w in cards.COUNTS] == [0, 0, 0, 0, 5]
