"""Disaster phase (L206-258), Double Disaster (L282-294), abilities used in it (L236-248,
L584-592, L600-604), Resource Shortage (L268-270) and Earthquake triggers (L637-641)."""

from __future__ import annotations

from ee_helpers import POS, decline_shortage, edit, fresh, give, legal, play, res, set_disaster, set_phase

from pygame_core.errors import IllegalAction
from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.empire import destroy_options, placement_options


def test_golden_basic_take_example():
    """L274-278: Fire 9 (wheat or axe) hits both players' 3-pt farm at position 9; B (temple)
    pays 1 wheat, A pays 1 axe, B takes: temple, both resources, farm destroyed, innovation."""
    A, B = 0, 1
    s = edit(fresh(2), lambda d: set_disaster(d, ["fire-09"], start=B))
    assert s.data["seats"][A]["locations"][8]["id"] == "farm_wheat"
    assert GAME.to_move(s) == [B]
    s = play(s, B, {"type": "pass", "card": 0, "pay": "wheat"})
    s = play(s, A, {"type": "pass", "card": 0, "pay": "axe"})
    assert s.data["disasters"][0]["pool"] == res(wheat=1, axe=1)
    s = play(s, B, {"type": "take", "card": 0})
    d = s.data
    assert d["start_player"] == B
    assert d["seats"][B]["resources"] == res(wheat=2, hammer=2, axe=3, coin=2)
    assert not d["seats"][B]["locations"][8]["intact"]
    assert d["seats"][A]["resources"] == res(wheat=2, hammer=2, axe=1, coin=2)
    assert all(x["intact"] for x in d["seats"][A]["locations"])
    # B must now tuck Fire 9 under an intact location with the fewest innovations (L256, L397-399)
    assert GAME.to_move(s) == [B]
    places = legal(s, B)
    assert sorted(a["loc"] for a in places) == [p for p in range(1, 12) if p != 9]
    s = play(s, B, {"type": "place", "loc": 1})
    assert s.data["seats"][B]["locations"][0]["innovations"] == [{"card": "fire-09", "exhausted": False}]
    s = decline_shortage(s)  # L270: everyone is asked after a take
    assert s.data["phase"] == "economy"  # L258: the phase ends


def test_pass_must_pay_a_listed_resource_or_a_coin():
    """L232, L220: a pass costs exactly one resource of a listed type; a coin always works."""
    s = edit(fresh(2), lambda d: set_disaster(d, ["fire-09"], start=0))
    pays = sorted(a["pay"] for a in legal(s, 0) if a["type"] == "pass")
    assert pays == ["axe", "coin", "wheat"]
    try:
        play(s, 0, {"type": "pass", "card": 0, "pay": "hammer"})
        raise AssertionError("hammer is not listed on Fire 9")
    except IllegalAction:
        pass


def test_forced_take_when_unable_to_pay():
    """Ruling A3 (L232-234): a player with none of the listed resources and no coin must take."""
    def fn(d):
        set_disaster(d, ["fire-09"], start=0)
        d["seats"][0]["resources"] = res(hammer=5)
    s = edit(fresh(2), fn)
    assert legal(s, 0) == [{"type": "take", "card": 0}]


def test_passing_goes_round_until_someone_takes():
    """L232-234: turns keep going clockwise, several laps if needed, until a take."""
    s = edit(fresh(3), lambda d: set_disaster(d, ["fire-09"], start=1))
    order = []
    for _ in range(5):
        seat = GAME.to_move(s)[0]
        order.append(seat)
        s = play(s, seat, {"type": "pass", "card": 0, "pay": "coin"})
    assert order == [1, 2, 0, 1, 2]
    assert s.data["disasters"][0]["pool"]["coin"] == 5


def test_golden_target_already_destroyed_adjacent_choice():
    """L254: target destroyed -> the taker destroys one of its intact neighbours (choice)."""
    def fn(d):
        set_disaster(d, ["fire-05"], start=0)
        d["seats"][0]["locations"][4]["intact"] = False
    s = play(edit(fresh(2), fn), 0, {"type": "take", "card": 0})
    assert sorted(a["loc"] for a in legal(s, 0)) == [4, 6]
    s = play(s, 0, {"type": "destroy", "loc": 6})
    locs = s.data["seats"][0]["locations"]
    assert not locs[4]["intact"] and not locs[5]["intact"] and locs[3]["intact"]


def test_golden_nearest_intact_when_both_neighbours_destroyed():
    """L254: target and both neighbours destroyed -> the nearest intact location (3 beats 8)."""
    def fn(d):
        set_disaster(d, ["fire-05"], start=0)
        for pos in (4, 5, 6, 7):
            d["seats"][0]["locations"][pos - 1]["intact"] = False
    s = play(edit(fresh(2), fn), 0, {"type": "take", "card": 0})
    locs = s.data["seats"][0]["locations"]
    assert not locs[2]["intact"] and locs[7]["intact"]


def test_edge_and_equidistant_and_nothing_left():
    """L254 at the edge (one neighbour), equidistant nearest (choice), none intact (A4)."""
    locs = [{"id": str(i), "intact": True, "innovations": []} for i in range(11)]
    locs[0]["intact"] = False
    assert destroy_options(locs, 1) == [2]
    for i in (3, 4, 5):
        locs[i]["intact"] = False
    assert destroy_options(locs, 5) == [3, 7]
    for x in locs:
        x["intact"] = False
    assert destroy_options(locs, 5) == []
    assert placement_options(locs) == []


def test_golden_placement_rule_fewest_innovations_among_intact():
    """L397-400: only intact locations, and only those with the fewest innovations."""
    locs = [{"id": str(i), "intact": i < 4, "innovations": []} for i in range(11)]
    for i, n in enumerate([1, 1, 0, 2]):
        locs[i]["innovations"] = [{"card": f"x{i}{k}", "exhausted": False} for k in range(n)]
    assert placement_options(locs) == [3]


def test_golden_free_pass_once_per_card():
    """L246-248: a free pass on a card listing its resource exhausts it; on the next lap the
    player must pay or take."""
    def fn(d):
        set_disaster(d, ["famine-03"], start=0)  # famine-03 lists wheat
        give(d, 0, 1, "famine-01")  # free pass: wheat
    s = edit(fresh(2), fn)
    free = [a for a in legal(s, 0) if a["type"] == "free_pass"]
    assert free == [{"type": "free_pass", "card": 0, "src": "I:famine-01"}]
    before = dict(s.data["seats"][0]["resources"])
    s = play(s, 0, free[0])
    assert s.data["seats"][0]["resources"] == before and s.data["disasters"][0]["pool"] == res()
    assert s.data["seats"][0]["locations"][0]["innovations"][0]["exhausted"] is True
    s = play(s, 1, {"type": "pass", "card": 0, "pay": "wheat"})
    assert not [a for a in legal(s, 0) if a["type"] == "free_pass"]
    assert {"type": "take", "card": 0} in legal(s, 0)


def test_free_pass_once_per_card_even_if_refreshed_meanwhile():
    """L248: the ability makes only one pass on a card; when the player must decide on that
    same card again they pay or take, even if the ability was refreshed meanwhile (for
    example by an Earthquake's refresh-all, L641, on taking the other card of a double
    disaster)."""
    def fn(d):
        set_disaster(d, ["famine-03"], start=0)
        give(d, 0, 1, "famine-01")
    s = play(edit(fresh(2), fn), 0, {"type": "free_pass", "card": 0, "src": "I:famine-01"})

    def refreshed(d):
        d["seats"][0]["locations"][0]["innovations"][0]["exhausted"] = False
    s = play(edit(s, refreshed), 1, {"type": "pass", "card": 0, "pay": "wheat"})
    assert not [a for a in legal(s, 0) if a["type"] == "free_pass"]


def test_free_pass_needs_the_resource_on_the_card():
    """L248, L604: the free pass works only on a disaster listing its resource type."""
    def fn(d):
        set_disaster(d, ["rebellion-04"], start=0)  # hammer only
        give(d, 0, 1, "famine-01")
    assert not [a for a in legal(edit(fresh(2), fn), 0) if a["type"] == "free_pass"]


def test_free_pass_under_destroyed_location_is_inactive():
    """L127: abilities under a destroyed location cannot be used."""
    def fn(d):
        set_disaster(d, ["famine-03"], start=0)
        give(d, 0, 1, "famine-01")
        d["seats"][0]["locations"][0]["intact"] = False
    assert not [a for a in legal(edit(fresh(2), fn), 0) if a["type"] == "free_pass"]


def test_change_disaster_keeps_the_pool_and_still_requires_a_decision():
    """L588-592: exhaust to replace the current card with the deck's top card; paid resources
    stay; the new card may target another position; it is not a pass."""
    def fn(d):
        set_disaster(d, ["fire-09"], start=1)
        give(d, 0, 1, "barbarians-02")  # change disaster
        d["deck"].append("flood-03")
        if "flood-03" in d["deck"][:-1]:
            d["deck"].remove("flood-03")
    s = edit(fresh(2), fn)
    s = play(s, 1, {"type": "pass", "card": 0, "pay": "wheat"})
    s = play(s, 0, {"type": "change", "card": 0, "src": "I:barbarians-02"})
    d = s.data
    assert d["disasters"][0]["card"] == "flood-03" and d["disasters"][0]["pool"] == res(wheat=1)
    assert "fire-09" in d["discard"]
    assert d["seats"][0]["locations"][0]["innovations"][0]["exhausted"] is True
    assert GAME.to_move(s) == [0]
    acts = legal(s, 0)
    assert {"type": "take", "card": 0} in acts and not [a for a in acts if a["type"] == "change"]
    v = GAME.view(s, 1)
    assert v["disasters"][0]["targets"] == {"0": 3, "1": 3}


def test_golden_resource_shortage():
    """L270: after a take, a player with fewer than 5 resources may lose 2 points for 1 coin,
    repeatedly while still below 5; scores may go negative."""
    def fn(d):
        set_disaster(d, ["fire-09"], start=0)
        d["seats"][1]["resources"] = res(wheat=1, hammer=1, axe=1)
        d["seats"][1]["score"] = 4
    s = play(edit(fresh(2), fn), 0, {"type": "take", "card": 0})
    s = play(s, 0, {"type": "place", "loc": 1})
    assert GAME.to_move(s) == [0, 1]  # every seat is asked at once
    assert legal(s, 0) == [{"type": "shortage_done"}]  # 8 resources: it can only decline
    assert {"type": "shortage"} in legal(s, 1)
    s = play(s, 1, {"type": "shortage"})
    # revealed screen: everyone sees seat 1's resources while it trades
    assert GAME.view(s, 0)["empires"][1]["resources"] == res(wheat=1, hammer=1, axe=1, coin=1)
    assert GAME.to_move(s) == [0, 1]
    s = play(s, 1, {"type": "shortage"})
    p = s.data["seats"][1]
    assert p["score"] == 0 and p["resources"]["coin"] == 2 and sum(p["resources"].values()) == 5
    assert GAME.to_move(s) == [0]  # a third trade is refused: the total is 5
    s = play(s, 0, {"type": "shortage_done"})
    assert s.data["phase"] == "economy"
    assert GAME.view(s, 0)["empires"][1]["resources"] is None


def test_resource_shortage_offer_reveals_nothing_but_a_trade_is_an_undo_barrier():
    """L270: every seat is asked, so the offer tells nobody who holds fewer than 5 resources and a
    decline can be taken back; a trade opens the screen and cannot."""
    def fn(d):
        set_disaster(d, ["fire-09"], start=0)
        d["seats"][1]["resources"] = res(wheat=1, hammer=1, axe=1)
    rich = edit(fresh(2), lambda d: set_disaster(d, ["fire-09"], start=0))
    s = play(edit(fresh(2), fn), 0, {"type": "take", "card": 0})
    s = play(s, 0, {"type": "place", "loc": 1})
    r = play(play(rich, 0, {"type": "take", "card": 0}), 0, {"type": "place", "loc": 1})
    for viewer in (None, 0):  # seat 1 poor or rich: the others see the same offer
        assert GAME.to_move(s) == GAME.to_move(r) == [0, 1]
        assert GAME.view(s, viewer)["shortage"] == GAME.view(r, viewer)["shortage"] == [0, 1]
    assert GAME.view(s, 0)["can_undo"], "asking everyone shows nothing: the place can be taken back"
    declined = play(s, 1, {"type": "shortage_done"})
    assert GAME.can_undo(declined, 1)
    s = play(s, 1, {"type": "shortage"})
    assert not GAME.view(s, 1)["can_undo"], "seat 1 showed its resources, yet it can take that back"


def test_resource_shortage_can_make_the_score_negative():
    """L270: the trade may push the score below zero."""
    def fn(d):
        set_disaster(d, ["fire-09"], start=0)
        d["seats"][1]["resources"] = res()
    s = play(edit(fresh(2), fn), 0, {"type": "take", "card": 0})
    s = play(s, 0, {"type": "place", "loc": 1})
    s = play(s, 1, {"type": "shortage"})
    assert s.data["seats"][1]["score"] == -2


def test_golden_double_disaster_same_target_taken_by_one_player():
    """L286-294: decide on both cards; one player taking both destroys the target, then an
    adjacent location for the 2nd; places 2 innovations; the 2nd taker holds the temple."""
    def fn(d):
        set_disaster(d, ["fire-07", "flood-07"], start=0)
    s = edit(fresh(3), fn)
    s = play(s, 0, {"type": "take", "card": 0})
    s = decline_shortage(play(s, 0, {"type": "place", "loc": 1}))
    assert GAME.to_move(s) == [0]  # must still decide on the other card (L290)
    s = play(s, 0, {"type": "take", "card": 1})
    assert sorted(a["loc"] for a in legal(s, 0)) == [6, 8]
    s = play(s, 0, {"type": "destroy", "loc": 8})
    s = decline_shortage(play(s, 0, {"type": "place", "loc": 2}))
    locs = s.data["seats"][0]["locations"]
    assert [x["intact"] for x in locs[5:8]] == [True, False, False]
    assert sum(len(x["innovations"]) for x in locs) == 2
    assert s.data["start_player"] == 0 and s.data["phase"] == "economy"


def test_double_disaster_gains_pay_the_other_card_and_temple_to_second_taker():
    """L290: resources from one take can pay the other card at once; L292: the temple goes
    to whoever takes the second disaster."""
    def fn(d):
        set_disaster(d, ["fire-03", "flood-05"], start=0)
        d["seats"][0]["resources"] = res()
        d["disasters"][0]["pool"] = res(hammer=1)
    s = edit(fresh(3), fn)
    assert legal(s, 0) == [{"type": "take", "card": 0}, {"type": "take", "card": 1}]
    s = play(s, 0, {"type": "take", "card": 0})
    s = play(s, 0, {"type": "place", "loc": 1})
    while s.data["step"] == "shortage":
        seat = GAME.to_move(s)[0]
        s = play(s, seat, {"type": "shortage_done"})
    assert {"type": "pass", "card": 1, "pay": "hammer"} in legal(s, 0)  # flood-05: wheat/hammer
    s = play(s, 0, {"type": "pass", "card": 1, "pay": "hammer"})
    assert GAME.to_move(s) == [1]
    s = play(s, 1, {"type": "take", "card": 1})
    s = play(s, 1, {"type": "place", "loc": 1})
    assert s.data["start_player"] == 1


def test_golden_earthquake_triggers_each_time_its_location_is_destroyed():
    """L637-641: an Earthquake innovation fires every time its location is destroyed,
    again after a repair (backerkit: 'gain 3 wheat')."""
    army = POS["army_a"]

    def fn(d):
        set_disaster(d, ["fire-04"], start=0, follow=["industry", "disaster"])
        give(d, 0, army, "earthquake-01")
    s = edit(fresh(2), fn)
    w0 = s.data["seats"][0]["resources"]["wheat"]
    s = play(s, 0, {"type": "take", "card": 0})
    assert s.data["seats"][0]["resources"]["wheat"] == w0 + 3
    s = decline_shortage(play(s, 0, legal(s, 0)[0]))  # place fire-04
    assert s.data["phase"] == "industry"
    s = play(s, 0, {"type": "repair", "loc": army})
    s = play(s, 0, {"type": "done"})
    s = play(s, 1, {"type": "done"})

    def fn2(d):
        set_disaster(d, ["flood-04"], start=0)
    s = edit(s, fn2)
    w1 = s.data["seats"][0]["resources"]["wheat"]
    s = play(s, 0, {"type": "take", "card": 0})
    assert s.data["seats"][0]["resources"]["wheat"] == w1 + 3


def test_earthquake_refresh_all():
    """L641: some Earthquake innovations refresh every exhausted ability when destroyed."""
    def fn(d):
        set_disaster(d, ["fire-02"], start=0)
        give(d, 0, 2, "earthquake-03")  # refresh all
        give(d, 0, 5, "famine-01")
        d["seats"][0]["locations"][4]["innovations"][0]["exhausted"] = True
    s = play(edit(fresh(2), fn), 0, {"type": "take", "card": 0})
    assert s.data["seats"][0]["locations"][4]["innovations"][0]["exhausted"] is False


def test_sequential_disaster_views_hide_hands_and_resources():
    """L97-98: resources and hands are hidden from the other players."""
    s = edit(fresh(2), lambda d: set_phase(d, "economy"))
    v = GAME.view(s, 0)
    assert v["empires"][1]["resources"] is None and v["empires"][1]["hand"] is None
    assert v["empires"][0]["resources"] is not None and len(v["empires"][0]["hand"]) == 4
    assert v["empires"][1]["hand_count"] == 4


def test_a_disaster_on_a_destroyed_position_says_what_it_destroys_instead():
    """L254, as players found it: "hits your position 10" was shown for an already destroyed
    position 10. The view and the take label say what the card really destroys."""
    def fn(d):
        set_disaster(d, ["fire-10"], start=0)
        d["seats"][0]["locations"][9]["intact"] = False
        for loc in d["seats"][1]["locations"]:
            loc["intact"] = False  # seat 1 has nothing left (ruling A4)
    s = edit(fresh(2), fn)
    hits = GAME.view(s, 1)["disasters"][0]["hits"]
    assert hits["0"]["en"] == "position 10 is already destroyed: destroys position 9 or 11 instead"
    assert hits["0"]["zh-Hant"] == "第10個位置已毀壞：改為毀壞第9個或第11個位置"
    assert hits["1"]["en"] == "position 10 is already destroyed and nothing intact is left"
    take = {"type": "take", "card": 0}
    assert GAME.label(s, 0, take, "en") == ("Take Fire 10 (position 10 is already destroyed: "
                                         "destroys position 9 or 11 instead)")
    assert "已毁坏" in GAME.label(s, 0, take, "zh-Hans")
    intact = edit(fresh(2), lambda d: set_disaster(d, ["fire-10"], start=0))
    assert GAME.view(intact, 0)["disasters"][0]["hits"]["0"]["en"].startswith("destroys position 10, ")


def test_labels_mark_a_destroyed_location():
    def fn(d):
        set_phase(d, "industry")
        d["seats"][0]["locations"][3]["intact"] = False
        d["seats"][0]["resources"] = res(hammer=20)
    s = edit(fresh(2), fn)
    repair = {"type": "repair", "loc": 4}
    assert repair in legal(s, 0)
    assert GAME.label(s, 0, repair, "en").endswith(", destroyed")
    assert GAME.label(s, 0, repair, "zh-Hant").endswith("（已毀壞）")
