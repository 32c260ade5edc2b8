"""Tactics (L213-215, L462-480): every card by its numbers, basic free and enhanced paid in Chi, the
window, the hand limit of 5 with the excess discarded at once, the reshuffle of the discard."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygame_core.errors import IllegalAction
from pygame_core.games.great_wall import cards
from pygame_core.kernel import decisions
from tests.great_wall.cards_helpers import ctx, run, state

S = {"op": "save"}
#: Tactic -> (window, basic effects, (Chi, enhanced effects)) as each card promises them.
TACTICS: dict[str, tuple[str, list[dict[str, Any]], tuple[int, list[dict[str, Any]]]]] = {
    "withdrawal": ("on_casualties", [{**S, "n": 1}], (3, [{**S, "all": True}])),  # L472
    "field_hospital": ("on_casualties", [{**S, "n": 1}], (2, [{**S, "n": 2}])),
    "last_stand": ("on_breach", [{**S, "n": 1}],
                   (2, [{**S, "n": 1}, {"op": "discard_shame", "n": 1, "free": True}])),
    "counterattack": ("on_breach", [{"op": "wound", "n": 1}], (2, [{"op": "wound", "n": 2}])),
    "ambush": ("on_command", [{"op": "wound", "n": 1}], (2, [{"op": "wound", "n": 2}])),
    "forced_march": ("on_command", [{"op": "move_clerks", "n": 1}], (2, [{"op": "move_clerks", "n": 2}])),
    "sortie": ("on_command", [{"op": "attack_order"}],
                   (2, [{"op": "attack_order"}, {"op": "wound", "n": 1}])),
    "muster": ("on_command", [{"op": "recruit", "kinds": ["spear"]}],
               (2, [{"op": "recruit", "kinds": ["spear"], "free": True}])),
    "stratagem": ("on_command", [{"op": "draw_tactic", "n": 1}], (1, [{"op": "draw_tactic", "n": 2}])),
    "feint": ("on_command", [{"op": "tea_up", "n": 1}], (2, [{"op": "tea_top"}])),
    "arrow_rain": ("on_recruit", [{"op": "wound", "n": 1}], (2, [{"op": "wound", "n": 2}])),
    "spoils": ("on_defeat_participate", [{"op": "gain", "gold": 1}], (1, [{"op": "honor", "n": 3}])),
    "exhortation": ("on_defeat_credit", [{"op": "honor", "n": 2}], (2, [{"op": "honor", "n": 5}])),
    "fortify": ("on_build_barricade", [{"op": "honor", "n": 1}],
                (2, [{"op": "build", "what": "barricade", "free": True}])),
    "corvee": ("on_build_wall", [{"op": "honor", "n": 2}], (3, [{"op": "honor", "n": 5}])),
    "seek_talent": ("on_hire_advisor", [{"op": "gain", "gold": 1}],
                    (3, [{"op": "hire", "what": "advisor", "free": True}])),
    "tea_tasting": ("on_summer", [{"op": "tea_up", "n": 1}], (2, [{"op": "tea_top"}])),
    "supply_line": ("on_summer", [{"op": "gain", "wood": 1}],
                    (2, [{"op": "gain", "wood": 1, "stone": 1, "gold": 1}])),
    "audit": ("on_overseer_upgrade", [{"op": "gain", "chi": 1}], (1, [{"op": "honor", "n": 3}])),
    "charity": ("on_donate", [{"op": "honor", "n": 1}], (1, [{"op": "honor", "n": 3}])),
}


def holding(tid: str, chi: int = 5, seat: int = 1) -> tuple[dict[str, Any], Any]:
    """``seat`` holds ``tid`` (and another card); a casualty event of its is open when the card's window
    is one (a save counts only there, L472)."""
    g = state(3)
    g["players"][seat]["tactics"] = [tid, "withdrawal" if tid != "withdrawal" else "ambush"]
    g["players"][seat]["res"]["chi"] = chi
    if TACTICS[tid][0] in ("on_casualties", "on_breach"):
        decisions.push(g, "casualties", [seat], event="breach", groups=[])
    return g, ctx(g, seat=seat)


def test_every_tactic_has_a_row() -> None:
    assert set(TACTICS) == set(cards.tactics())


@pytest.mark.parametrize("tid", sorted(TACTICS))
def test_tactic_basic_is_free(tid: str) -> None:
    """L464: the basic effect costs nothing; the card goes to the discard; only its owner is touched."""
    window, basic, _ = TACTICS[tid]
    g, c = holding(tid)
    others = copy.deepcopy([g["players"][0], g["players"][2]])
    assert {"type": "tactic", "card": tid, "enhanced": False} in cards.tactics_playable(g, 1, window)
    effects = cards.play_tactic(c, 1, {"type": "tactic", "card": tid, "enhanced": False}, window)
    assert effects == basic
    p = g["players"][1]
    assert p["res"]["chi"] == 5 and tid not in p["tactics"] and len(p["tactics"]) == 1
    assert g["tactic_discard"] == [tid]
    assert [g["players"][0], g["players"][2]] == others


@pytest.mark.parametrize("tid", sorted(TACTICS))
def test_tactic_enhanced_pays_chi(tid: str) -> None:
    """L464: the enhanced effect costs its Chi; it is offered only with that Chi in hand (L480)."""
    window, _, (chi, enhanced) = TACTICS[tid]
    g, c = holding(tid, chi=chi)
    assert {"type": "tactic", "card": tid, "enhanced": True} in cards.tactics_playable(g, 1, window)
    effects = cards.play_tactic(c, 1, {"type": "tactic", "card": tid, "enhanced": True}, window)
    assert effects == enhanced
    assert g["players"][1]["res"]["chi"] == 0
    g2, c2 = holding(tid, chi=chi - 1)
    assert {"type": "tactic", "card": tid, "enhanced": True} not in cards.tactics_playable(g2, 1, window)
    before = copy.deepcopy(g2)
    with pytest.raises(IllegalAction):
        cards.play_tactic(c2, 1, {"type": "tactic", "card": tid, "enhanced": True}, window)
    assert g2 == before


@pytest.mark.parametrize("tid", sorted(TACTICS))
def test_tactic_only_in_its_window(tid: str) -> None:
    """L464: a Tactic is played when its condition is met, not at another moment."""
    window = TACTICS[tid][0]
    g, c = holding(tid)
    for other in cards.TRIGGERS:
        if other != window:
            assert all(a["card"] != tid for a in cards.tactics_playable(g, 1, other)), other
            with pytest.raises(IllegalAction):
                cards.play_tactic(c, 1, {"type": "tactic", "card": tid, "enhanced": False}, other)
    assert cards.tactics_playable(g, 0, window) == []


def test_gains_run_for_the_owner() -> None:
    """Spoils enhanced: 1 Chi for 3 Honor, the owner's only (L476)."""
    g, c = holding("spoils", chi=1)
    effects = cards.play_tactic(c, 1, {"type": "tactic", "card": "spoils", "enhanced": True})
    run(g, [(1, effects)])
    assert [p["honor"] for p in g["players"]] == [0, 3, 0]
    assert g["players"][1]["res"]["chi"] == 0


def test_play_refuses_a_card_not_held() -> None:
    g, c = holding("ambush")
    before = copy.deepcopy(g)
    for bad in ({"card": "feint", "enhanced": False}, {"card": "ambush"}, {"card": "ambush", "enhanced": 1},
                {"card": ["ambush"], "enhanced": False}):
        with pytest.raises(IllegalAction):
            cards.play_tactic(c, 1, {"type": "tactic", **bad})
    assert g == before


def test_hand_limit_five() -> None:
    """L213: at most 5 Tactics; over it, discard the excess at once (the seat's choice, a decision)."""
    g = state(3, tactic_deck=["ambush", "feint", "muster", "spoils", "corvee", "charity", "fortify"])
    c = ctx(g)
    assert cards.draw_tactics(c, 0, 5) == ["fortify", "charity", "corvee", "spoils", "muster"]
    assert decisions.stack(g) == []
    cards.draw_tactics(c, 0, 2)
    assert len(g["players"][0]["tactics"]) == 7
    d = decisions.stack(g)[-1]
    assert d["kind"] == "tactic_discard" and d["seats"] == [0]
    assert cards.hand_excess(g, 0) == 2
    legal = cards.decision_legal(g, d, 0)
    assert sorted(a["card"] for a in legal) == sorted(g["players"][0]["tactics"])
    with pytest.raises(IllegalAction):
        cards.decide(c, d, 0, {"type": "discard_tactic", "card": "withdrawal"})
    cards.decide(c, d, 0, {"type": "discard_tactic", "card": "feint"})
    assert decisions.stack(g) == [d] and len(g["players"][0]["tactics"]) == 6
    cards.decide(c, d, 0, {"type": "discard_tactic", "card": "spoils"})
    assert decisions.stack(g) == [] and len(g["players"][0]["tactics"]) == 5
    assert g["tactic_discard"] == ["feint", "spoils"]
    assert cards.discard_legal(g, 0) == []


def test_draw_reshuffles_the_discard() -> None:
    """L215, L456: an empty deck takes the shuffled discard."""
    g = state(3, tactic_deck=["ambush"], tactic_discard=["feint", "muster"])
    c = ctx(g)
    drawn = cards.draw_tactics(c, 1, 3)
    assert drawn[0] == "ambush" and sorted(drawn) == ["ambush", "feint", "muster"]
    assert g["tactic_deck"] == [] and g["tactic_discard"] == []
    assert cards.draw_tactics(c, 1, 1) == []


def _ask(g: dict[str, Any], kind: str, seat: int, **info: Any) -> dict[str, Any]:
    return decisions.push(g, kind, [seat], **info)


@pytest.mark.parametrize(("kind", "info", "season", "want"), [
    ("casualties", {"event": "defeat", "groups": []}, "autumn", {"on_casualties", "on_defeat_participate"}),
    ("casualties", {"event": "breach", "groups": []}, "winter", {"on_casualties", "on_breach"}),
    ("deploy", {"source": "recruit", "unit": "spear"}, "autumn", {"on_recruit"}),
    ("deploy", {"source": "rest", "unit": "spear"}, "autumn", set()),
    ("donate", {"loc": "quarry", "res": "stone"}, "autumn", {"on_overseer_upgrade", "on_donate"}),
    ("upgrade", {"loc": "quarry"}, "autumn", set()),
    ("location", {"loc": "builders_camp"}, "autumn", {"on_build_wall", "on_build_barricade"}),
    ("location", {"loc": "imperial_envoy"}, "autumn", {"on_hire_advisor"}),
    ("location", {"loc": "barracks"}, "autumn", {"on_recruit"}),
    ("location", {"loc": "tea_house"}, "autumn", set()),
    ("retrieve", {}, "summer", {"on_summer"}),
    ("discard_shame", {}, "summer", set()),
])
def test_open_windows(kind: str, info: dict[str, Any], season: str, want: set[str]) -> None:
    """The engine offers Tactics at its decisions (core's window: the top decision's kind); the seat's
    own decision opens the windows that match it (L464)."""
    g = state(3, season=season, turn=None)
    _ask(g, kind, 1, **info)
    assert cards.open_windows(g, 1, kind) == want
    assert cards.open_windows(g, 0, kind) <= {"on_casualties", "on_breach", "on_defeat_participate"}


def test_command_window_is_the_active_players() -> None:
    """on_command: while the seat's own command card is resolved (L616)."""
    g = state(3, season="autumn", turn={"slot": 0, "seat": 2})
    _ask(g, "clerks", 2, left=2)
    assert cards.open_windows(g, 2, "clerks") == {"on_command"}
    _ask(g, "upgrade", 2, loc="quarry")  # a decision that Chi paid now could leave unanswerable
    assert cards.open_windows(g, 2, "upgrade") == set()
    g["decisions"] = []
    g["decisions"] = []
    _ask(g, "clerks", 1, left=2)  # the middle box: another seat moves its clerks
    assert cards.open_windows(g, 1, "clerks") == set()


def test_defeat_credit_window() -> None:
    g = state(3)
    g["players"][1]["trophies"] = [{"card": "h7", "shame": 0}]
    _ask(g, "casualties", 1, event="defeat", groups=[{"card": "h7"}])
    assert "on_defeat_credit" in cards.open_windows(g, 1, "casualties")
    g["players"][1]["trophies"] = []
    assert "on_defeat_credit" not in cards.open_windows(g, 1, "casualties")


def test_casualties_asked_before_the_decision_is_up() -> None:
    """War asks whether a seat could play a Tactic before it pushes the casualty decision; a Tactic that
    only saves is no use then (a save counts in an open casualty event, L472), the others are."""
    g = state(3, season="autumn")
    g["players"][0]["tactics"] = ["withdrawal", "spoils", "last_stand"]
    g["players"][0]["res"]["chi"] = 3
    assert [(a["card"], a["enhanced"]) for a in cards.tactics_playable(g, 0, "casualties")] == [
        ("spoils", False), ("spoils", True)]
    _ask(g, "casualties", 0, event="breach", groups=[])
    assert [(a["card"], a["enhanced"]) for a in cards.tactics_playable(g, 0, "casualties")] == [
        ("withdrawal", False), ("withdrawal", True), ("last_stand", False), ("last_stand", True)]
    g["decisions"] = []
    assert [(a["card"], a["enhanced"]) for a in cards.tactics_playable(g, 0, "on_breach")] == [
        ("last_stand", True)]  # its enhanced side also sheds a shame token


def test_a_trigger_window_is_not_closed_by_an_earlier_tactic() -> None:
    """Core asks each trigger's window as its own decision: a Tactic played at one moment does not close
    the next trigger's window (L464, L466)."""
    g = state(3, season="autumn", turn={"slot": 0, "seat": 0})
    g["players"][0]["tactics"] = ["ambush", "feint"]
    _ask(g, "clerks", 0, left=2)
    cards.play_tactic(ctx(g), 0, {"type": "tactic", "card": "ambush", "enhanced": False}, "clerks")
    assert cards.tactics_playable(g, 0, "clerks") == []
    feint = {"type": "tactic", "card": "feint", "enhanced": False}
    assert cards.tactics_playable(g, 0, "on_command") == [feint]
    cards.play_tactic(ctx(g), 0, {"type": "tactic", "card": "feint", "enhanced": False}, "on_command")


def test_one_tactic_per_decision() -> None:
    """L466: when several Tactics could be played at one moment, only one is."""
    g = state(3, season="autumn")
    g["players"][0]["tactics"] = ["withdrawal", "field_hospital"]
    g["players"][1]["tactics"] = ["last_stand"]
    d = _ask(g, "casualties", 0, event="breach", groups=[])
    assert len(cards.tactics_playable(g, 0, "casualties")) == 2
    cards.play_tactic(ctx(g), 0, {"type": "tactic", "card": "withdrawal", "enhanced": False})
    assert cards.tactics_playable(g, 0, "casualties") == []
    with pytest.raises(IllegalAction):
        cards.play_tactic(ctx(g), 0, {"type": "tactic", "card": "field_hospital", "enhanced": False},
                          "casualties")
    decisions.pop(g, d)
    _ask(g, "casualties", 0, event="defeat", groups=[])
    assert [a["card"] for a in cards.tactics_playable(g, 0, "casualties")] == ["field_hospital"]


def test_no_window_on_another_seats_decision() -> None:
    g = state(3, season="summer")
    g["players"][0]["tactics"] = ["tea_tasting"]
    _ask(g, "retrieve", 1)
    assert cards.tactics_playable(g, 0, "retrieve") == []
    _ask(g, "retrieve", 0)
    assert cards.tactics_playable(g, 0, "retrieve") == [{"type": "tactic", "card": "tea_tasting",
                                                           "enhanced": False}]


def test_playing_or_discarding_a_tactic_reveals_it() -> None:
    """A Tactic leaves a hidden hand (L166): the step cannot be undone past."""
    g, c = holding("ambush")
    assert not c.revealed
    cards.play_tactic(c, 1, {"type": "tactic", "card": "ambush", "enhanced": False})
    assert c.revealed
    g = state(3, tactic_deck=[])
    g["players"][0]["tactics"] = ["ambush", "feint", "muster", "spoils", "corvee", "charity"]
    c = ctx(g)
    cards.discard_tactic(c, 0, "feint")
    assert c.revealed
