"""Combat at the Wall (digest section 9 I, golden tests 7-10, 14 and 17's deploy half): deployments,
shooting, defeats with credit and casualties, sieges and breaches, the Transport station."""

from __future__ import annotations

import json

import pytest

from pygame_core.games.great_wall import combat, horde, model
from pygame_core.kernel import decisions
from tests.great_wall import war_helpers as w

# fixed shapes (war_helpers: test fixtures, not the authored deck, which is tuned for balance)
SQUARE = w.SQUARE  # 4 spots: 0 (0,0), 1 (1,0), 2 (0,1), 3 (1,1); attack 3, no ability
LINE = w.LINE  # 3 spots in a line: 0-1-2; attack 2
PAIR = w.PAIR  # 2 adjacent spots; attack 1
SCATTER = w.SCATTER  # 3 spots, none adjacent; attack 2


def test_card_data_is_what_the_tests_assume() -> None:
    assert [(s["x"], s["y"]) for s in horde.card(SQUARE)["spots"]] == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert horde.card(SQUARE)["attack"] == 3 and horde.card(LINE)["attack"] == 2
    assert horde.card(PAIR)["attack"] == 1 and len(horde.card(SCATTER)["spots"]) == 3
    assert not any(horde.card(c)["ability"] for c in (SQUARE, LINE, PAIR, SCATTER))


# ---------------------------------------------------------------- golden 14: spearman / horseman legality

def test_golden_14_spearman_row_nearest_the_wall_only_horseman_any_row() -> None:
    """L530: spearmen only onto a card in the row nearest the Wall, 1 free spot; L536: horsemen onto
    any row, 2 orthogonally adjacent free spots, never a diagonal pair."""
    g = w.state()
    w.put(g, 0, 0, SQUARE, soldiers=[(1, "horse", [0, 1]), (1, "spear", [2])])  # 1 free spot: 3
    w.put(g, 0, 1, SQUARE)  # second row, all free
    spear = combat.targets(g, 0, "spear")
    assert {(t["section"], t["row"], tuple(t["spots"])) for t in spear} == {(0, 0, (3,))}
    horse = combat.targets(g, 0, "horse")
    assert all(t["row"] == 1 for t in horse)  # the front card has only 1 free spot
    assert sorted(tuple(t["spots"]) for t in horse) == [(0, 1), (0, 2), (1, 3), (2, 3)]
    assert not combat.can_deploy(g, 0, {"kind": "horse", "section": 0, "row": 1, "spots": [0, 3]})  # diagonal
    assert not combat.can_deploy(g, 0, {"kind": "spear", "section": 0, "row": 1, "spots": [0]})
    with pytest.raises(ValueError):
        combat.deploy(w.ctx(g), 0, "spear", {"section": 0, "row": 1, "spots": [0]})


def test_golden_14_a_spot_reward_goes_to_a_soldier_never_to_a_wound() -> None:
    """L530: a spearman on a spot gains that spot's reward; L537: a wound on the same spot gives none."""
    g = w.state()
    w.put(g, 1, 0, SQUARE)
    reward = horde.card(SQUARE)["spots"][0]["reward"]
    before = dict(g["players"][0]["res"]), g["players"][0]["honor"]
    c = w.ctx(g)
    combat.shoot(c, 0, 1, 0, 0)
    assert (dict(g["players"][0]["res"]), g["players"][0]["honor"]) == before
    combat.deploy(c, 0, "spear", {"section": 1, "row": 0, "spots": [1]})
    w.settle(c)
    r1 = horde.card(SQUARE)["spots"][1]["reward"]
    got = {k: g["players"][0]["res"][k] - before[0][k] for k in before[0]}
    if r1["op"] == "gain":
        assert got == {k: r1.get(k, 0) for k in got} and g["players"][0]["honor"] == 0
    else:
        assert g["players"][0]["honor"] == r1["n"]
    assert reward is not None


def test_horseman_gains_both_rewards() -> None:
    """L536 (translator's note, ruling A29): a horseman gains the rewards of both spots it takes."""
    g = w.state()
    w.put(g, 2, 2, LINE)
    c = w.ctx(g)
    combat.deploy(c, 0, "horse", {"section": 2, "row": 2, "spots": [1, 0]})
    w.settle(c)
    want = {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
    for j in (0, 1):
        r = horde.card(LINE)["spots"][j]["reward"]
        for k, v in r.items():
            if k != "op":
                want[k] += v
    assert g["players"][0]["res"] == want
    assert g["sections"][2]["rows"][2]["soldiers"] == [{"seat": 0, "kind": "horse", "spots": [0, 1]}]
    assert g["players"][0]["supply"]["horse"] == 1


def test_no_free_row_spot_means_no_spearman_attack() -> None:
    """L532: once every spot of the front row is taken, spearmen cannot attack."""
    g = w.state()
    for i in range(3):
        w.put(g, i, 0, PAIR, wounds=[0, 1])
        w.put(g, i, 1, SQUARE)
    assert combat.targets(g, 0, "spear") == []
    assert combat.targets(g, 0, "horse") != []


# ---------------------------------------------------------------- golden 17, deploy half

def test_golden_17_a_recruit_attacks_any_section_or_rests_anywhere() -> None:
    """L402, L528: a new recruit attacks a card in any section (spearman: the front row) or goes to any
    rest area; L244: a shamed soldier in the supply cannot be deployed."""
    g = w.state()
    for i in range(3):
        w.put(g, i, 0, PAIR)
        w.put(g, i, 1, SQUARE)
    p = g["players"][0]
    p["supply"]["spear"], p["shamed"]["spear"] = 1, 9
    spear = combat.targets(g, 0, "spear")
    assert {t["section"] for t in spear} == {0, 1, 2} and {t["row"] for t in spear} == {0}
    c = w.ctx(g)
    combat.place_rest(c, 0, "spear", 2)
    assert g["sections"][2]["rest"] == [{"seat": 0, "kind": "spear"}]
    assert combat.targets(g, 0, "spear") == []  # the other 9 carry shame
    with pytest.raises(ValueError):
        combat.place_rest(c, 0, "spear", 1)


def test_attack_order_from_a_rest_area_hits_its_own_section_only() -> None:
    """L526-528: rest-area soldiers sent by Attack Order attack cards in the same section only."""
    g = w.state()
    for i in range(3):
        w.put(g, i, 0, SQUARE)
    g["sections"][1]["rest"] = [{"seat": 0, "kind": "spear"}, {"seat": 1, "kind": "horse"}]
    ts = combat.targets(g, 0, "spear", ("rest", 1))
    assert ts and {t["section"] for t in ts} == {1}
    assert combat.targets(g, 0, "horse", ("rest", 1)) == []  # seat 0 has no horseman resting there
    assert combat.targets(g, 0, "spear", ("rest", 0)) == []
    combat.deploy(w.ctx(g), 0, "spear", ts[0], ("rest", 1))
    assert g["sections"][1]["rest"] == [{"seat": 1, "kind": "horse"}]
    assert g["players"][0]["supply"]["spear"] == 10  # not taken from the supply


def test_a_soldier_on_a_card_cannot_attack_again_or_move() -> None:
    """L528: soldiers on a Horde card neither attack again nor move; Transport lists no card zones."""
    g = w.state()
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0])])
    g["players"][0]["supply"] = {"spear": 0, "archer": 0, "horse": 0}
    assert combat.targets(g, 0, "spear") == [] and combat.transport_moves(g, 0) == []


# ---------------------------------------------------------------- archers and shooting

def test_archer_takes_a_free_firing_spot_of_any_wall_then_wounds_its_section() -> None:
    """L537: the recruit goes onto a free firing spot of any Wall (none free: no attack), then puts 1
    wound on a vital spot of a card in that section, with no reward."""
    g = w.state()
    w.put(g, 0, 0, PAIR)
    w.put(g, 2, 1, SQUARE)
    g["sections"][1]["firing"] = [1]  # full
    assert [t["section"] for t in combat.targets(g, 0, "archer")] == [0, 2]
    c = w.ctx(g)
    combat.deploy(c, 0, "archer", {"section": 2})
    assert g["sections"][2]["firing"] == [0] and g["players"][0]["supply"]["archer"] == 3
    d = w.top(g)
    assert d is not None and d["kind"] == "shoot" and d["seats"] == [0]
    assert {(a["section"], a["row"]) for a in w.legal(g, 0)} == {(2, 1)}
    w.answer(c, 0, {"type": "shoot", "section": 2, "row": 1, "spot": 3})
    assert g["sections"][2]["rows"][1]["wounds"] == [3] and w.top(g) is None
    assert g["players"][0]["res"] == {"wood": 0, "stone": 0, "gold": 0, "chi": 0}
    assert g["players"][0]["honor"] == 0
    g["sections"][0]["firing"] = [1]
    assert [t["section"] for t in combat.targets(g, 0, "archer")] == []  # every firing spot taken


def test_attack_order_archer_goes_to_its_own_wall_and_shoots_once() -> None:
    """Ruling A9 (L528: archers must be on the Wall to attack): a rest-area archer sent by Attack Order
    takes a free firing spot of the same section and shoots once."""
    g = w.state()
    w.put(g, 1, 0, PAIR)
    g["sections"][1]["rest"] = [{"seat": 2, "kind": "archer"}]
    assert combat.targets(g, 2, "archer", ("rest", 1)) == [{"type": "deploy", "kind": "archer", "section": 1}]
    assert combat.targets(g, 2, "archer", ("rest", 0)) == []
    c = w.ctx(g)
    combat.deploy(c, 2, "archer", {"section": 1}, ("rest", 1))
    assert g["sections"][1]["firing"] == [2] and g["sections"][1]["rest"] == []
    w.answer(c, 2, {"type": "shoot", "section": 1, "row": 0, "spot": 0})
    assert w.top(g) is None


def test_winter_shooting_walls_left_to_right_tea_order_within() -> None:
    """L634: from the leftmost Wall, the players with archers there shoot in tea order; one shot per
    archer (A10); L636: archers in rest areas do not shoot; L638: defeats wait for the check."""
    g = w.state(tea=[2, 0, 1])
    for i in range(3):
        g["sections"][i] = w.section(wall=2)
        w.put(g, i, 0, SQUARE)
    g["sections"][0]["firing"] = [1, 0]
    g["sections"][2]["firing"] = [2, 2]
    g["sections"][1]["rest"] = [{"seat": 0, "kind": "archer"}]
    c = w.ctx(g)
    combat.winter_shooting(c)
    order = []
    while (d := w.top(g)) is not None:
        seat = d["seats"][0]
        act = w.legal(g, seat)[0]
        order.append((seat, act["section"]))
        w.answer(c, seat, act)
    assert order == [(0, 0), (1, 0), (2, 2), (2, 2)]  # seat 2 tops the tea order but its Wall is right
    assert g["sections"][1]["rows"][0]["wounds"] == []


def test_shots_without_a_target_are_skipped() -> None:
    """L537: an archer wounds a free vital spot of its section; a section with none has no shot."""
    g = w.state()
    g["sections"][0]["firing"] = [0]
    g["sections"][1]["firing"] = [1]
    w.put(g, 1, 0, PAIR, wounds=[0])
    c = w.ctx(g)
    combat.winter_shooting(c)
    d = w.top(g)
    assert d is not None and d["seats"] == [1]
    w.answer(c, 1, {"type": "shoot", "section": 1, "row": 0, "spot": 1})
    assert w.top(g) is None


# ---------------------------------------------------------------- golden 9 and 10: defeat

def _golden_9() -> dict:
    g = w.state(players=3, tea=[0, 1, 2])
    g["sections"][1] = w.section(wall=1)
    w.put(g, 1, 0, SQUARE, soldiers=[(0, "spear", [0]), (1, "horse", [2, 3])], wounds=[1])
    w.put(g, 1, 1, PAIR)
    g["sections"][1]["firing"] = [2, 2]
    return g


def test_golden_9_defeat_credit_honor_trophy_compaction_casualties() -> None:
    """L541-549, L553: credit to B (2 spots against 1); +2 Honor to A and B (soldiers on it), +4 to C
    (2 archers on that Wall); B takes the card face down; the card behind moves toward the Wall; with
    casualty 2, A loses its 1 spearman and B its horseman (capped by the soldiers on the card)."""
    g = _golden_9()
    c = w.ctx(g)
    assert combat.defeat_check(c, casualty=2) == [SQUARE]
    assert [p["honor"] for p in g["players"]] == [2, 2, 4]
    assert g["players"][1]["trophies"] == [{"card": SQUARE, "shame": 0}]
    assert g["players"][0]["trophies"] == [] and g["horde_discard"] == []
    assert [s and s["card"] for s in g["sections"][1]["rows"]] == [PAIR, None, None]
    # nobody has 2 Chi: each seat losing soldiers is still asked (whom it asks is public), and saves none
    assert w.no_saves(c) == [0, 1]
    assert g["players"][0]["supply"]["spear"] == 11 and g["players"][1]["supply"]["horse"] == 3
    assert g["sections"][1]["rest"] == [] and g["sections"][1]["firing"] == [2, 2]


def test_golden_9_saving_for_two_chi_sends_the_soldier_to_that_rest_area() -> None:
    """L553, L470: a dying soldier saved for 2 Chi goes to the rest area of the card's section."""
    g = _golden_9()
    g["players"][1]["res"]["chi"] = 3
    c = w.ctx(g)
    combat.defeat_check(c, casualty=2)
    w.answer(c, 0, {"type": "save", "n": 0})  # A, without Chi, is asked first (tea order) and saves none
    d = w.top(g)
    assert d is not None and d["kind"] == "casualties" and d["seats"] == [1]
    assert w.legal(g, 1) == [{"type": "save", "n": 0}, {"type": "save", "n": 1}]
    w.answer(c, 1, {"type": "save", "n": 1})
    assert g["sections"][1]["rest"] == [{"seat": 1, "kind": "horse"}]
    assert g["players"][1]["res"]["chi"] == 1 and g["players"][1]["supply"]["horse"] == 2
    assert w.top(g) is None


def test_survivors_of_a_defeated_card_go_to_its_rest_area() -> None:
    """L264 (losses capped by the casualty value) and ruling A11: the soldiers that do not die go to the
    rest area of the card's section."""
    g = w.state()
    w.put(g, 2, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [1]), (0, "spear", [2]),
                                     (1, "spear", [3])])
    c = w.ctx(g)
    combat.defeat_check(c, casualty=1)
    w.no_saves(c)
    assert sorted(s["seat"] for s in g["sections"][2]["rest"]) == [0, 0]
    assert g["players"][0]["supply"]["spear"] == 11 and g["players"][1]["supply"]["spear"] == 11
    assert w.soldiers_total(g, 0) == 16 + 3 and w.soldiers_total(g, 1) == 16 + 1  # no figure lost


def test_golden_10_credit_tie_goes_up_the_tea_order() -> None:
    """L549, L287: equal spots: the seat higher in tea order takes the credit."""
    g = w.state(tea=[1, 0, 2])
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [1]), (1, "horse", [2, 3])])
    combat.defeat_check(w.ctx(g), casualty=0)
    assert g["players"][1]["trophies"] == [{"card": SQUARE, "shame": 0}] and g["players"][0]["trophies"] == []
    g = w.state(tea=[0, 1, 2])
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [1]), (1, "horse", [2, 3])])
    combat.defeat_check(w.ctx(g), casualty=0)
    assert g["players"][0]["trophies"] == [{"card": SQUARE, "shame": 0}]


def test_golden_10_wounds_alone_give_no_credit_but_archers_still_score() -> None:
    """L549: a card covered only by wounds gives nobody credit (to the Horde discard, A11); L545 and
    ruling A12: archers on that Wall still give +2 Honor each."""
    g = w.state()
    w.put(g, 0, 0, SQUARE, wounds=[0, 1, 2, 3])
    g["sections"][0]["firing"] = [2]
    combat.defeat_check(w.ctx(g), casualty=2)
    assert all(p["trophies"] == [] for p in g["players"]) and g["horde_discard"] == [SQUARE]
    assert [p["honor"] for p in g["players"]] == [0, 0, 2]
    assert g["sections"][0]["rows"] == [None, None, None]


def test_defeat_needs_every_spot_covered() -> None:
    """L541: only a card with all its vital spots covered is defeated."""
    g = w.state()
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "horse", [0, 1])], wounds=[2])
    assert combat.defeat_check(w.ctx(g), casualty=1) == []
    assert g["sections"][0]["rows"][0]["card"] == SQUARE and g["players"][0]["honor"] == 0


def test_the_owner_chooses_which_kind_dies() -> None:
    """Ruling A13 (L264): when only some of a seat's soldiers on a card die, the owner picks them."""
    g = w.state()
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "horse", [2, 3])], wounds=[1])
    c = w.ctx(g)
    combat.defeat_check(c, casualty=1)
    assert w.legal(g, 0) == [{"type": "lose", "section": 0, "row": 0, "kind": "spear"},
                             {"type": "lose", "section": 0, "row": 0, "kind": "horse"}]
    w.answer(c, 0, {"type": "lose", "section": 0, "row": 0, "kind": "horse"})
    assert w.legal(g, 0) == [{"type": "save", "n": 0}]  # no Chi: asked all the same, saves none
    assert w.no_saves(c) == [0] and w.top(g) is None
    assert g["sections"][0]["rest"] == [{"seat": 0, "kind": "spear"}]
    assert g["players"][0]["supply"]["horse"] == 3  # 2 in the supply + the dead one


# ---------------------------------------------------------------- golden 7 and 8: siege and breach

def test_golden_7_siege_thresholds() -> None:
    """L642-649: defense = Wall + 2 per barricade; defense >= attack holds, attack > defense breaches;
    L651: the section's barricades are discarded either way."""
    d0 = horde.wall(0)["defense"]
    assert combat.defense(w.state(barricades=2), 0) == d0 + 4
    holds = [c for c in horde.CARDS if not horde.card(c)["ability"]]
    for extra, breach in ((2, False), (3, True)):
        g = w.state(barricades=1)
        # two ability-free cards whose attack sums to D + extra
        pair = next((a, b) for a in holds for b in holds
                    if a != b and horde.card(a)["attack"] + horde.card(b)["attack"] == d0 + extra)
        w.put(g, 0, 0, pair[0])
        w.put(g, 0, 1, pair[1])
        assert combat.attack(g, 0) == d0 + extra
        assert combat.siege(w.ctx(g), casualty=1) == ([0] if breach else [])
        assert [s["barricades"] for s in g["sections"]] == [0, 0, 0]
        assert g["shame_supply"] == 30 - (6 if breach else 0)


def _golden_8() -> dict:
    g = w.state(players=3, tea=[0, 1, 2])
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [1])])  # H1: A has 2 spearmen
    w.put(g, 0, 1, LINE)  # H2
    g["sections"][0]["firing"] = [0]  # A's archer
    g["sections"][0]["rest"] = [{"seat": 0, "kind": "spear"}, {"seat": 1, "kind": "horse"}]
    for p in g["players"]:
        p["supply"] = {"spear": 1, "archer": 0, "horse": 0}  # one place only: shame placed at once
    return g


def test_golden_8_breach_shame_casualties_archers_rest_areas() -> None:
    """L559-569: A +1 shame (H2), B and C +2 (H1, H2; L235); A loses 1 spearman from H1 (a wound in its
    spot, the other stays, L562-563); A's archer dies (L564); rest areas are safe (L565); the cards
    stay (A15)."""
    g = _golden_8()
    c = w.ctx(g)
    combat.breach(c, 0, casualty=1)
    assert w.no_saves(c) == [0]
    assert w.top(g) is None
    sh = [p["shamed"]["spear"] + sum(t["shame"] for t in p["trophies"]) for p in g["players"]]
    assert sh == [1, 1, 1]  # each had one place: the rest overflowed
    assert [p["honor"] for p in g["players"]] == [0, 0, 0]  # -5 never takes Honor below 0 (A17)
    assert g["shame_supply"] == 30 - 5
    h1 = g["sections"][0]["rows"][0]
    assert len(h1["soldiers"]) == 1 and len(h1["wounds"]) == 1
    assert sorted(h1["wounds"] + h1["soldiers"][0]["spots"]) == [0, 1]
    assert g["sections"][0]["firing"] == [None]
    assert g["players"][0]["supply"] == {"spear": 1, "archer": 1, "horse": 0}  # the shamed spear stays shamed
    assert g["sections"][0]["rest"] == [{"seat": 0, "kind": "spear"}, {"seat": 1, "kind": "horse"}]
    assert [s and s["card"] for s in g["sections"][0]["rows"]] == [SQUARE, LINE, None]


def test_golden_8_shame_counts_per_card_without_own_soldier() -> None:
    """L561: every player gains 1 shame per card of the breached section without their soldier."""
    g = _golden_8()
    for p in g["players"]:
        p["supply"] = {"spear": 10, "archer": 4, "horse": 2}
        p["honor"] = 20
    c = w.ctx(g)
    combat.breach(c, 0, casualty=1)
    need: dict[int, int] = {}
    while (d := w.top(g)) is not None:
        seat = d["seats"][0]
        if d["kind"] == "shame":
            need[seat] = need.get(seat, 0) + 1
            w.answer(c, seat, {"type": "shame", "on": "spear"})
        else:
            w.answer(c, seat, w.legal(g, seat)[0])
    assert need == {0: 1, 1: 2, 2: 2}
    assert [p["shamed"]["spear"] for p in g["players"]] == [1, 2, 2]


def test_golden_8_a_saved_soldier_still_leaves_a_wound() -> None:
    """L563, L567, L569: a soldier saved for 2 Chi goes to the section's rest area and still leaves a
    wound in its spot; ruling A13: the archers killed by a breach may be saved too."""
    g = _golden_8()
    g["players"][0]["res"]["chi"] = 2
    c = w.ctx(g)
    combat.breach(c, 0, casualty=1)
    d = w.top(g)
    assert d is not None and d["kind"] == "casualties" and d["seats"] == [0]
    assert {"type": "save", "n": 1, "kinds": {"archer": 1}} in w.legal(g, 0)
    w.answer(c, 0, {"type": "save", "n": 1, "kinds": {"spear": 1}})
    assert g["sections"][0]["rest"][-1] == {"seat": 0, "kind": "spear"}
    assert len(g["sections"][0]["rows"][0]["wounds"]) == 1
    assert g["players"][0]["res"]["chi"] == 0 and g["players"][0]["supply"]["archer"] == 1


def test_breach_decisions_come_shame_first_section_by_section() -> None:
    """L559-562: sections left to right; in a breach the shame step comes before casualties."""
    g = w.state(tea=[0, 1, 2])
    for i in (0, 2):
        w.put(g, i, 0, SQUARE, soldiers=[(0, "spear", [0])])
        w.put(g, i, 1, SQUARE)
    for p in g["players"]:
        p["res"]["chi"] = 10
    c = w.ctx(g)
    assert combat.siege(c, casualty=1) == [0, 2]
    top_first = list(reversed(decisions.stack(g)))
    # one shame decision per seat (tokens of both breaches merged), then casualties section by section
    assert [(d["kind"], d["seats"][0]) for d in top_first] == [
        ("shame", 0), ("shame", 1), ("shame", 2), ("casualties", 0), ("casualties", 0)]
    assert [d["n"] for d in top_first[:3]] == [2, 4, 4]
    assert [d["dying"][0]["section"] for d in top_first[3:]] == [0, 2]
    assert all(d["blocking"] for d in top_first)


def test_breach_bloody_card_adds_casualties() -> None:
    """L222, L644: a card ability may change the assault: +1 casualty on it in a breach."""
    cid = next(c for c, v in horde.CARDS.items() if v["ability"] and v["ability"]["op"] == "casualties")
    g = w.state()
    w.put(g, 0, 0, cid, soldiers=[(0, "spear", [0]), (0, "spear", [1])])
    for p in g["players"]:
        p["supply"] = {"spear": 0, "archer": 0, "horse": 0}
    c = w.ctx(g)
    combat.breach(c, 0, casualty=1)
    w.no_saves(c)
    assert g["sections"][0]["rows"][0]["soldiers"] == [] and g["players"][0]["supply"]["spear"] == 2


# ---------------------------------------------------------------- attack modifiers

def test_attack_abilities_change_the_siege() -> None:
    """L222, L644: Horde abilities change the attack value in the siege."""
    by_kind: dict[str, str] = {}
    for cid, c in horde.CARDS.items():
        ab = c["ability"]
        if ab and ab["timing"] == "siege":
            by_kind.setdefault(ab.get("per") or ab.get("if"), cid)
    assert sorted(by_kind) == ["barricade", "front", "other_card", "wall_level"]

    def attack_of(cid: str, row: int, *, wall: int = 0, barricades: int = 0, others: int = 0) -> int:
        g = w.state(barricades=barricades)
        g["sections"][1]["wall"] = wall
        for r in range(others):
            w.put(g, 1, r, PAIR)
        w.put(g, 1, row, cid)
        return combat.attack(g, 1) - others * horde.card(PAIR)["attack"]

    front = by_kind["front"]
    base = {k: horde.card(c)["attack"] for k, c in by_kind.items()}
    assert attack_of(front, 0) == base["front"] + 2 and attack_of(front, 1, others=1) == base["front"]
    assert attack_of(by_kind["barricade"], 0, barricades=3) == base["barricade"] + 3
    assert attack_of(by_kind["wall_level"], 0, wall=2) == base["wall_level"] + 2
    assert attack_of(by_kind["other_card"], 2, others=2) == base["other_card"] + 2
    assert attack_of(by_kind["other_card"], 0) == base["other_card"]


# ---------------------------------------------------------------- Transport station

def test_transport_moves_one_zone_to_another() -> None:
    """L448-450, ruling A28: one clerk moves any number and kind of soldiers from one zone to one other:
    rest to rest, archers Wall to Wall or Wall to rest; never rest to Wall, never onto cards."""
    g = w.state()
    g["sections"][0]["rest"] = [{"seat": 0, "kind": "spear"}, {"seat": 0, "kind": "archer"},
                                {"seat": 1, "kind": "spear"}]
    g["sections"][1]["firing"] = [0]
    moves = combat.transport_moves(g, 0)
    assert all(not (m["from"][0] == "rest" and m["to"][0] == "wall") for m in moves)
    assert len({json.dumps(m, sort_keys=True) for m in moves}) == len(moves)  # no move listed twice
    assert {"from": ["rest", 0], "to": ["rest", 2], "units": {"spear": 1, "archer": 1}} in moves
    assert {"from": ["wall", 1], "to": ["wall", 0], "units": {"archer": 1}} in moves
    assert {"from": ["wall", 1], "to": ["rest", 1], "units": {"archer": 1}} in moves
    c = w.ctx(g)
    with pytest.raises(ValueError):
        combat.transport(c, 0, {"from": ["rest", 0], "to": ["wall", 0], "units": {"archer": 1}})
    with pytest.raises(ValueError):
        combat.transport(c, 0, {"from": ["rest", 0], "to": ["rest", 1], "units": {"spear": 2}})
    for bad in ({"from": ["card", 0], "to": ["rest", 1], "units": {"spear": 1}},
                {"from": ["rest", 0], "to": ["card", 1], "units": {"spear": 1}},
                {"from": ["rest", 0], "to": ["rest", 0], "units": {"spear": 1}},
                {"from": ["rest", 0], "to": ["rest", 1]}, {"from": "rest", "to": ["rest", 1], "units": {}}):
        with pytest.raises(ValueError):
            combat.transport(c, 0, bad)
    combat.transport(c, 0, {"from": ["rest", 0], "to": ["rest", 2], "units": {"spear": 1, "archer": 1}})
    assert g["sections"][0]["rest"] == [{"seat": 1, "kind": "spear"}]
    assert sorted(s["kind"] for s in g["sections"][2]["rest"]) == ["archer", "spear"]
    combat.transport(c, 0, {"from": ["wall", 1], "to": ["wall", 0], "units": {"archer": 1}})
    assert g["sections"][0]["firing"] == [0] and g["sections"][1]["firing"] == [None]
    g["sections"][2]["firing"] = [2]
    assert not any(m["to"] == ["wall", 2] for m in combat.transport_moves(g, 0))  # no free firing spot


def test_free_saves_cost_no_chi() -> None:
    """L472: a save effect (the Tactic Withdrawal's enhanced effect) saves soldiers dying in this
    casualty event without Chi; core's ``save`` op leaves them in g["free_saves"]."""
    g = w.state()
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [1]), (0, "horse", [2, 3])])
    g["players"][0]["res"]["chi"] = 2
    c = w.ctx(g)
    combat.defeat_check(c, casualty=3)
    assert combat.add_saves(g, 0, 1) and not combat.add_saves(g, 1, 1)
    g["free_saves"] = {"0": 1}
    assert len(w.legal(g, 0)) == 6  # n=0, then each mix of 0-2 spearmen and 0-1 horseman but none
    w.answer(c, 0, {"type": "save", "n": 3, "kinds": {"spear": 2, "horse": 1}})
    assert g["players"][0]["res"]["chi"] == 0 and g["free_saves"] == {}
    assert sorted(x["kind"] for x in g["sections"][0]["rest"]) == ["horse", "spear", "spear"]


def test_attack_order_target_may_name_its_rest_section() -> None:
    """Core's Attack Order sends the rest section as target["from"] (L526)."""
    g = w.state()
    w.put(g, 2, 0, PAIR)
    g["sections"][2]["rest"] = [{"seat": 1, "kind": "spear"}]
    combat.deploy(w.ctx(g), 1, "spear", {"section": 2, "row": 0, "spots": [0], "from": 2})
    assert g["sections"][2]["rest"] == [] and g["players"][1]["supply"]["spear"] == 10


def test_describe_names_the_card_and_spot() -> None:
    g = w.state()
    w.put(g, 0, 0, SQUARE)
    en = combat.describe(g, {"type": "shoot", "section": 0, "row": 0, "spot": 2})
    assert en is not None and horde.name(SQUARE)["en"] in en["en"] and "spot 3" in en["en"]
    sv = combat.describe(g, {"type": "save", "n": 2, "kinds": {"spear": 1, "archer": 1}})
    assert sv is not None and sv["en"] == "Save 1 spearman, 1 archer (2 Chi each)"
    assert sv["zh-Hant"] == "救回1 名矛兵、1 名弓兵（每名 2 個氣）"
    mv = combat.describe(g, {"from": ["wall", 0], "to": ["rest", 2], "units": {"archer": 1}})
    assert mv is not None and mv["en"] == "Move 1 archer: the Wall of section 1 to the rest area of section 3"
    assert combat.describe(g, {"type": "pass"}) is None
    assert combat.describe(g, {"type": "clerk", "from": "supply", "to": "temple"}) is None


def test_breach_casualties_are_per_card_and_die_together() -> None:
    """L472: soldiers on 2 cards of a breached section die at the same moment, the casualties counted
    per card (casualty 1: one dies on each card), so one save covers them all in a single event."""
    g = w.state()
    w.put(g, 1, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [1])])
    w.put(g, 1, 1, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [3])])
    for p in g["players"]:
        p["supply"] = {"spear": 0, "archer": 0, "horse": 0}
    g["players"][0]["res"]["chi"] = 4
    c = w.ctx(g)
    combat.breach(c, 1, casualty=1)
    d = w.top(g)
    assert d is not None and d["kind"] == "casualties" and len(d["dying"]) == 2
    assert [len(s["soldiers"]) for s in g["sections"][1]["rows"][:2]] == [1, 1]
    w.answer(c, 0, {"type": "save", "n": 2})
    assert g["sections"][1]["rest"] == [{"seat": 0, "kind": "spear"}] * 2 and w.top(g) is None
    assert [len(s["wounds"]) for s in g["sections"][1]["rows"][:2]] == [1, 1]


def test_a_shot_whose_targets_are_gone_is_passed() -> None:
    """A decision always has an answer: if something played meanwhile (a Tactic) covered the last free
    spot of the section, the shot is lost."""
    g = w.state()
    g["sections"][0]["firing"] = [0]
    w.put(g, 0, 0, PAIR, wounds=[0])
    c = w.ctx(g)
    combat.winter_shooting(c)
    g["sections"][0]["rows"][0]["wounds"] = [0, 1]
    assert w.legal(g, 0) == [{"type": "pass"}]
    w.answer(c, 0, {"type": "pass"})
    assert w.top(g) is None


def test_add_saves_counts_or_covers_every_dying_soldier() -> None:
    """L472: Withdrawal's enhanced effect saves every soldier dying in this casualty event (n None);
    a counted save effect saves that many, with no Chi."""
    for n, saved in ((None, 3), (2, 2)):
        g = w.state()
        w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "spear", [1]), (0, "spear", [2])],
              wounds=[3])
        g["players"][0]["res"]["chi"] = 2  # enough for a decision, not for the saves below
        c = w.ctx(g)
        combat.defeat_check(c, casualty=3)
        assert combat.add_saves(g, 0, n)
        most = max(a["n"] for a in w.legal(g, 0))
        assert most == min(3, saved + 1)
        w.answer(c, 0, {"type": "save", "n": saved})
        assert g["players"][0]["res"]["chi"] == 2 and len(g["sections"][0]["rest"]) == saved


def test_archers_on_the_wall_do_not_spare_breach_shame() -> None:
    """L561, ruling A14: breach shame counts the cards without the seat's soldier ON them; an archer on
    the Wall is not a soldier on a card (and it dies, L564)."""
    g = w.state()
    w.put(g, 2, 0, SQUARE)
    g["sections"][2]["firing"] = [1]
    for p in g["players"]:
        p["supply"] = {"spear": 1, "archer": 0, "horse": 0}
    c = w.ctx(g)
    combat.breach(c, 2, casualty=1)
    w.no_saves(c)
    assert [p["shamed"]["spear"] for p in g["players"]] == [1, 1, 1]
    assert g["sections"][2]["firing"] == [None] and g["players"][1]["supply"]["archer"] == 1


def test_defeats_and_deaths_fire_the_card_triggers() -> None:
    """Card abilities on war's trigger points (the spec's on_defeat_credit, on_defeat_participate,
    on_casualties): Active Advisors standard_bearer (+2 Honor on the credit), veteran (+1 Honor on
    fighting) and surgeon (+2 Chi when soldiers die) pay out after a defeat."""
    g = w.state(tea=[0, 1, 2])
    g["players"][0]["active"] = ["standard_bearer"]
    g["players"][1]["active"] = ["veteran", "surgeon"]
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "horse", [0, 1]), (1, "spear", [2])], wounds=[3])
    c = w.ctx(g)
    combat.defeat_check(c, casualty=1)
    w.no_saves(c)
    w.settle(c)
    assert [p["honor"] for p in g["players"]] == [2 + 2, 2 + 1, 0]
    assert g["players"][1]["res"]["chi"] == 2 and g["players"][0]["res"]["chi"] == 0


def test_a_seat_that_saves_everyone_loses_nobody() -> None:
    """L555: a saved soldier is not dead and sets off no death ability (surgeon: +2 Chi when soldiers
    die)."""
    g = w.state()
    g["players"][0]["active"] = ["surgeon"]
    g["players"][0]["res"]["chi"] = 2
    w.put(g, 0, 0, PAIR, soldiers=[(0, "spear", [0])], wounds=[1])
    c = w.ctx(g)
    combat.defeat_check(c, casualty=1)
    w.answer(c, 0, {"type": "save", "n": 1})
    w.settle(c)
    assert g["players"][0]["res"]["chi"] == 0 and g["sections"][0]["rest"] == [{"seat": 0, "kind": "spear"}]
    assert any("loses 0 soldier(s) and saves 1" in e["text"]["en"] for e in c.events)


def test_each_card_with_a_choice_asks_in_turn() -> None:
    """Ruling A13: with mixed kinds on two defeated cards, the owner picks the dead of each card."""
    g = w.state()
    w.put(g, 0, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "horse", [2, 3])], wounds=[1])
    w.put(g, 1, 0, SQUARE, soldiers=[(0, "spear", [0]), (0, "horse", [2, 3])], wounds=[1])
    c = w.ctx(g)
    combat.defeat_check(c, casualty=1)
    w.answer(c, 0, {"type": "lose", "section": 0, "row": 0, "kind": "spear"})
    assert w.legal(g, 0) == [{"type": "lose", "section": 1, "row": 0, "kind": "spear"},
                             {"type": "lose", "section": 1, "row": 0, "kind": "horse"}]
    w.answer(c, 0, {"type": "lose", "section": 1, "row": 0, "kind": "horse"})
    assert w.no_saves(c) == [0]
    assert w.top(g) is None
    assert g["sections"][0]["rest"] == [{"seat": 0, "kind": "horse"}]
    assert g["sections"][1]["rest"] == [{"seat": 0, "kind": "spear"}]


def test_the_casualty_value_is_read_beside_the_time_token() -> None:
    """L253, L264: the casualties of a defeat or a breach are the number beside the Time token."""
    g = w.state()
    g["time"] = next(i for i in range(20) if model.casualties({**g, "time": i}) >= 2)
    cas = model.casualties(g)
    soldiers = [(0, "spear", [0]), (0, "spear", [1]), (0, "spear", [2])]
    w.put(g, 1, 0, SQUARE, soldiers=soldiers)
    for p in g["players"]:
        p["supply"] = {"spear": 0, "archer": 0, "horse": 0}
    combat.breach(w.ctx(g), 1)
    assert len(g["sections"][1]["rows"][0]["soldiers"]) == 3 - cas
    g2 = w.state()
    g2["time"] = g["time"]
    w.put(g2, 1, 0, SQUARE, soldiers=soldiers, wounds=[3])
    combat.defeat_check(w.ctx(g2))
    assert len(g2["sections"][1]["rest"]) == 3 - cas
