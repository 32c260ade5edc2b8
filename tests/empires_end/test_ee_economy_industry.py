"""Economy (L298-339), Industry (L349-389), Economy/Industry (L483-485), learning mode
(L193-195) and the innovation abilities used in them (L505-582)."""

from __future__ import annotations

from ee_helpers import POS, edit, fresh, give, legal, play, res, set_phase

from pygame_core.games.empires_end import GAME


def _econ(**kw):
    def fn(d):
        set_phase(d, "economy")
        for k, v in kw.items():
            d["seats"][0][k] = v
    return edit(fresh(2), fn)


def test_starting_economy_abilities_each_once():
    """L312-328: the three farms produce wheat/hammer/axe once each; a destroyed farm gives
    nothing (L337); then done."""
    def fn(d):
        set_phase(d, "economy")
        d["seats"][0]["locations"][POS["farm_wheat"] - 1]["intact"] = False
    s = edit(fresh(2), fn)
    srcs = {a.get("src") for a in legal(s, 0)}
    assert {"L:farm_axe", "L:farm_hammer"} <= srcs and "L:farm_wheat" not in srcs
    r0 = dict(s.data["seats"][0]["resources"])
    s = play(s, 0, {"type": "use", "src": "L:farm_hammer"})
    s = play(s, 0, {"type": "use", "src": "L:farm_axe"})
    assert s.data["seats"][0]["resources"] == {**r0, "hammer": r0["hammer"] + 1, "axe": r0["axe"] + 1}
    assert "L:farm_hammer" not in {a.get("src") for a in legal(s, 0)}


def test_convert_road_up_to_two_times():
    """L324: 1 wheat -> 1 hammer or 1 axe, at most twice."""
    s = _econ(resources=res(wheat=5))
    for to in ("hammer", "axe"):
        s = play(s, 0, {"type": "use", "src": "L:road_convert", "to": to})
    assert s.data["seats"][0]["resources"] == res(wheat=3, hammer=1, axe=1)
    assert not [a for a in legal(s, 0) if a.get("src") == "L:road_convert"]


def test_convert_with_plus_gives_all_outputs():
    """L531, L338 (3b): a '+' converter gives every output shown."""
    def fn(d):
        set_phase(d, "economy")
        d["seats"][0]["resources"] = res(wheat=1)
        give(d, 0, 1, "flood-06")  # wheat -> hammer + axe
    s = play(edit(fresh(2), fn), 0, {"type": "use", "src": "I:flood-06"})
    assert s.data["seats"][0]["resources"] == res(hammer=1, axe=1)


def test_refresh_road_refreshes_neighbours():
    """L328: refresh all exhausted abilities at both neighbouring locations."""
    def fn(d):
        set_phase(d, "economy")
        give(d, 0, POS["road_refresh_a"] - 1, "famine-01")
        give(d, 0, POS["road_refresh_a"] + 1, "rebellion-05")
        for x in d["seats"][0]["locations"]:
            for y in x["innovations"]:
                y["exhausted"] = True
    s = edit(fresh(2), fn)
    s = play(s, 0, {"type": "use", "src": "L:road_refresh_a"})
    assert all(not y["exhausted"] for x in s.data["seats"][0]["locations"] for y in x["innovations"])


def test_refresh_is_offered_only_with_something_to_refresh():
    """L339: with no exhausted ability, the refresh road has no effect."""
    s = _econ()
    assert not [a for a in legal(s, 0) if a.get("src", "").startswith("L:road_refresh")]


def test_adjacency_gain_counts_intact_farms_only():
    """L517-521: +1 wheat per adjacent intact farm (0, 1 or 2)."""
    def fn(d):
        set_phase(d, "economy")
        give(d, 0, POS["farm_axe"], "famine-03")  # neighbours: farm_wheat, farm_hammer
        d["seats"][0]["locations"][POS["farm_hammer"] - 1]["intact"] = False
        d["seats"][0]["resources"] = res()
    s = play(edit(fresh(2), fn), 0, {"type": "use", "src": "I:famine-03"})
    assert s.data["seats"][0]["resources"] == res(wheat=1)


def test_points_per_adjacent_destroyed():
    """L507-511: points per adjacent destroyed location in the Economy phase."""
    def fn(d):
        set_phase(d, "economy")
        give(d, 0, 5, "blight-03")
        d["seats"][0]["locations"][3]["intact"] = False
        d["seats"][0]["locations"][5]["intact"] = False
    s = play(edit(fresh(2), fn), 0, {"type": "use", "src": "I:blight-03"})
    assert s.data["seats"][0]["score"] == 2


def test_copy_economy_uses_another_ability_again():
    """L540-544: use another economy ability of the empire once more."""
    def fn(d):
        set_phase(d, "economy")
        give(d, 0, 1, "barbarians-01")
        d["seats"][0]["resources"] = res()
    s = edit(fresh(2), fn)
    s = play(s, 0, {"type": "use", "src": "L:farm_hammer"})
    copy = {"type": "use", "src": "I:barbarians-01", "target": "L:farm_hammer"}
    assert copy in legal(s, 0)
    assert not [a for a in legal(s, 0) if a.get("target") == "I:barbarians-01"]
    s = play(s, 0, copy)
    assert s.data["seats"][0]["resources"] == res(hammer=2)


def test_economy_innovation_under_destroyed_location_is_kept_but_unusable():
    """L304: not usable while its location is destroyed, and not discarded."""
    def fn(d):
        set_phase(d, "economy")
        give(d, 0, 1, "flood-01")
        d["seats"][0]["locations"][0]["intact"] = False
    s = edit(fresh(2), fn)
    assert not [a for a in legal(s, 0) if a.get("src") == "I:flood-01"]
    assert s.data["seats"][0]["locations"][0]["innovations"][0]["card"] == "flood-01"


def _industry(hand, **kw):
    def fn(d):
        set_phase(d, "industry")
        d["seats"][0]["hand"] = list(hand)
        for k, v in kw.items():
            d["seats"][0][k] = v
    return edit(fresh(2), fn)


def test_golden_town_discounts_do_not_stack_on_one_card():
    """L357, L383-385: each intact Town takes 1 hammer off one innovation; with both Towns a
    2-hammer and a 1-hammer card cost 1 hammer in total; one 2-hammer card alone costs 1."""
    s = _industry(["blight-04", "fire-01", "fire-02", "fire-03"], resources=res(hammer=5))
    s = play(s, 0, {"type": "build", "card": "blight-04", "loc": 1})
    assert s.data["seats"][0]["resources"]["hammer"] == 4
    s = play(s, 0, {"type": "build", "card": "fire-01", "loc": 2})
    assert s.data["seats"][0]["resources"]["hammer"] == 4


def test_one_town_destroyed_leaves_one_discount():
    """L357: only intact Towns discount."""
    def fn(d):
        d["seats"][0]["locations"][POS["town_b"] - 1]["intact"] = False
    s = edit(_industry(["fire-01", "fire-02", "fire-03", "fire-04"], resources=res(hammer=5)), fn)
    s = play(s, 0, {"type": "build", "card": "fire-01", "loc": 1})
    s = play(s, 0, {"type": "build", "card": "fire-02", "loc": 2})
    assert s.data["seats"][0]["resources"]["hammer"] == 4


def test_build_pays_with_coins_as_hammers():
    """L355: a coin can replace a hammer."""
    def fn(d):
        for t in ("town_a", "town_b"):
            d["seats"][0]["locations"][POS[t] - 1]["intact"] = False
    s = edit(_industry(["blight-04", "fire-01", "fire-02", "fire-03"], resources=res(hammer=1, coin=1)), fn)
    s = play(s, 0, {"type": "build", "card": "blight-04", "loc": 1})
    assert s.data["seats"][0]["resources"] == res()


def test_build_must_follow_the_placement_rule():
    """L397-400 when building: only intact locations with the fewest innovations."""
    def fn(d):
        for i in range(11):
            if i != 4:
                give(d, 0, i + 1, ["rebellion-01", "rebellion-02", "rebellion-03", "rebellion-04",
                                   "rebellion-06", "rebellion-07", "rebellion-08", "rebellion-09",
                                   "rebellion-10", "rebellion-11"][i - (i > 4)])
    s = edit(_industry(["fire-01", "fire-02", "fire-03", "fire-04"]), fn)
    assert {a["loc"] for a in legal(s, 0) if a["type"] == "build"} == {5}


def test_sell_for_a_coin_and_at_most_two_cards():
    """L359: sell = discard for 1 coin; at most 2 cards built or sold in a phase."""
    s = _industry(["fire-01", "fire-02", "fire-03", "fire-04"], resources=res())
    s = play(s, 0, {"type": "sell", "card": "fire-01"})
    s = play(s, 0, {"type": "sell", "card": "fire-02"})
    assert s.data["seats"][0]["resources"] == res(coin=2) and "fire-01" in s.data["discard"]
    assert not [a for a in legal(s, 0) if a["type"] in ("sell", "build")]


def test_discard_both_or_neither_then_refill():
    """L359-361: after using 2 cards, discard both remaining cards (never one); then refill to 4."""
    s = _industry(["fire-01", "fire-02", "fire-03", "fire-04"], resources=res())
    assert {"type": "discard_rest"} not in legal(s, 0)
    s = play(s, 0, {"type": "sell", "card": "fire-01"})
    s = play(s, 0, {"type": "sell", "card": "fire-02"})
    assert [a for a in legal(s, 0) if a["type"] == "discard_rest"] == [{"type": "discard_rest"}]
    s = play(s, 0, {"type": "discard_rest"})
    assert s.data["seats"][0]["hand"] == [] and {"fire-03", "fire-04"} <= set(s.data["discard"])
    s = play(s, 0, {"type": "done"})
    hand = s.data["seats"][0]["hand"]
    assert len(hand) == 4 and not {"fire-01", "fire-02", "fire-03", "fire-04"} & set(hand)


def test_golden_repair_limit_and_repaired_ability_usable_at_once():
    """L363-367: pay hammers/coins, flip intact, one repair per phase; the repaired location's
    industry ability works in the same phase."""
    def fn(d):
        d["seats"][0]["locations"][0]["intact"] = False  # city
        d["seats"][0]["locations"][1]["intact"] = False  # town_a
    s = edit(_industry([], resources=res(hammer=20)), fn)
    assert not [a for a in legal(s, 0) if a["type"] == "use" and a["src"] == "L:city"]
    s = play(s, 0, {"type": "repair", "loc": 1})
    assert s.data["seats"][0]["resources"]["hammer"] == 15  # city repair cost 5
    assert not [a for a in legal(s, 0) if a["type"] == "repair"]
    assert {"type": "use", "src": "L:city", "a": 1, "b": 11} in legal(s, 0)


def test_repair_discount_from_adjacent_innovation():
    """L572-576: an adjacent repair-discount innovation lowers the repair by 1 hammer."""
    def fn(d):
        d["seats"][0]["locations"][0]["intact"] = False  # city, repair 5
        give(d, 0, 2, "fire-02")
    s = play(edit(_industry([], resources=res(hammer=20)), fn), 0, {"type": "repair", "loc": 1})
    assert s.data["seats"][0]["resources"]["hammer"] == 16


def test_city_swap_moves_innovations_with_locations():
    """L389, L403: swap any two locations; innovations move with them."""
    def fn(d):
        give(d, 0, 1, "fire-01")
    s = play(edit(_industry([]), fn), 0, {"type": "use", "src": "L:city", "a": 1, "b": 9})
    locs = s.data["seats"][0]["locations"]
    assert locs[0]["id"] == "farm_wheat" and locs[8]["id"] == "city"
    assert locs[8]["innovations"][0]["card"] == "fire-01"
    assert not [a for a in legal(s, 0) if a.get("src") == "L:city"]


def test_move_innovation_follows_placement_rules():
    """L578-582: move one innovation to another location, by the placement rules."""
    def fn(d):
        give(d, 0, 1, "fire-03")  # move innovation
        give(d, 0, 2, "flood-01")
    s = edit(_industry([]), fn)
    moves = [a for a in legal(s, 0) if a.get("src") == "I:fire-03"]
    assert {(a["card"], a["loc"]) for a in moves if a["card"] == "flood-01"} == {
        ("flood-01", p) for p in range(3, 12)}
    s = play(s, 0, {"type": "use", "src": "I:fire-03", "card": "flood-01", "loc": 7})
    locs = s.data["seats"][0]["locations"]
    assert locs[6]["innovations"][0]["card"] == "flood-01" and not locs[1]["innovations"]


def test_industry_innovation_built_is_usable_same_phase():
    """L373: an industry innovation built in Action 1 can be used at once."""
    s = _industry(["fire-05", "fire-01", "fire-02", "fire-04"], resources=res(hammer=3))
    s = play(s, 0, {"type": "build", "card": "fire-05", "loc": 1})
    assert {"type": "use", "src": "I:fire-05"} in legal(s, 0)


def test_economy_industry_phase_one_then_the_other():
    """L485: choose the order; finish one completely before the other; no interleaving."""
    s = edit(fresh(3), lambda d: set_phase(d, "economy_industry"))
    assert legal(s, 0) == [{"type": "order", "first": "economy"}, {"type": "order", "first": "industry"}]
    s = play(s, 0, {"type": "order", "first": "industry"})
    assert not [a for a in legal(s, 0) if a.get("src") == "L:farm_wheat"]
    s = play(s, 0, {"type": "done"})
    assert s.data["seats"][0]["phase"] == "economy" and not s.data["seats"][0]["done"]
    assert {"type": "use", "src": "L:farm_wheat"} in legal(s, 0)
    assert not [a for a in legal(s, 0) if a["type"] in ("build", "sell", "repair")]
    s = play(s, 0, {"type": "done"})
    assert s.data["seats"][0]["done"]


def test_simultaneous_phase_everyone_moves_and_phase_ends_when_all_done():
    """L302, L195: Economy is simultaneous; the hourglass moves when all are done."""
    s = edit(fresh(3), lambda d: set_phase(d, "economy", follow=["industry"]))
    assert GAME.to_move(s) == [0, 1, 2]
    s = play(s, 2, {"type": "done"})
    assert GAME.to_move(s) == [0, 1]
    s = play(s, 0, {"type": "done"})
    s = play(s, 1, {"type": "done"})
    assert s.data["phase"] == "industry"


def test_learning_mode_plays_in_turn_order():
    """L193-195: in a first game the simultaneous phases may go one player at a time."""
    def fn(d):
        set_phase(d, "economy", follow=["industry"])
        d["start_player"] = 1
    s = edit(fresh(3, learning=True), fn)
    assert GAME.to_move(s) == [1]
    s = play(s, 1, {"type": "done"})
    assert GAME.to_move(s) == [2]
