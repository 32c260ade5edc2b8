"""Conflict (L451-481), final scoring and tie-break (L487-501, L594-635), deck exhaustion
(ruling G7), hidden information in views and logs, labels and the heuristic bot."""

from __future__ import annotations

import pytest
from ee_helpers import POS, edit, fresh, give, legal, play, res, set_conflict, set_phase

from pygame_core import bots
from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.abilities import base_military
from pygame_core.kernel.state import canonical


def test_golden_conflict_example():
    """L476-481: A base 5 bids 2 axes (7): +7 points +2 wheat. B base 3 bids 4 axes + 1 coin
    (8): 7+ row and the victory reward (+3 points +1 coin). A suffers turmoil: its City swaps
    with position 11; bids go back to the supply."""
    A, B = 0, 1

    def fn(d):
        set_conflict(d, "conflict-01")
        give(d, A, 1, "rebellion-01")  # +1 military under the City
        d["seats"][A]["resources"] = res(axe=2)
        d["seats"][B]["locations"][POS["army_b"] - 1]["intact"] = False  # B: one army (2) ...
        give(d, B, 2, "rebellion-06")  # ... + 1 = 3
        d["seats"][B]["resources"] = res(axe=4, coin=1)
    s = edit(fresh(2), fn)
    assert base_military(s.data["seats"][A]) == 5 and base_military(s.data["seats"][B]) == 3
    s = play(s, A, {"type": "bid", "axe": 2, "coin": 0})
    assert GAME.to_move(s) == [B]
    v = GAME.view(s, B)
    assert v["empires"][A]["bid_committed"] and v["conflict"]["bids"] is None
    s = play(s, B, {"type": "bid", "axe": 4, "coin": 1})
    d = s.data
    assert d["seats"][A]["score"] == 7 and d["seats"][A]["resources"] == res(wheat=2)
    assert d["seats"][B]["score"] == 10 and d["seats"][B]["resources"] == res(wheat=2, coin=1)
    assert d["seats"][A]["locations"][10]["id"] == "city"
    assert d["seats"][A]["locations"][0]["id"] == "farm_hammer"
    assert d["seats"][A]["locations"][10]["innovations"][0]["card"] == "rebellion-01"
    assert d["seats"][B]["locations"][0]["id"] == "city"
    assert d["conflict"]["totals"] == {"0": 7, "1": 8}


def test_conflict_low_row_loses_points_and_middle_gives_nothing():
    """L467: at most one row; totals between rows give nothing; losses may go negative."""
    def fn(d):
        set_conflict(d, "conflict-01")  # rows: <=2 lose 3, 5-6 +3 & refresh, 7+ +7
        for p in d["seats"]:
            for x in p["locations"]:
                if x["id"].startswith("army"):
                    x["intact"] = False
        d["seats"][1]["locations"][POS["army_a"] - 1]["intact"] = True  # seat 1 base 2
        d["seats"][1]["resources"] = res(axe=2)
    s = edit(fresh(2), fn)
    s = play(s, 0, {"type": "bid", "axe": 0, "coin": 0})
    s = play(s, 1, {"type": "bid", "axe": 2, "coin": 0})  # total 4: nothing, but highest
    assert s.data["seats"][0]["score"] == -3
    assert s.data["seats"][1]["score"] == 3  # victory only


def test_conflict_tied_highest_all_get_victory_and_no_turmoil():
    """L458, L466, A14: every tied-highest player gains the reward; none suffers turmoil."""
    s = edit(fresh(2), lambda d: set_conflict(d, "conflict-01"))
    s = play(s, 0, {"type": "bid", "axe": 0, "coin": 0})
    s = play(s, 1, {"type": "bid", "axe": 0, "coin": 0})
    for p in s.data["seats"]:
        assert p["score"] == 3 + 0  # base 4: no row, victory +3
        assert p["locations"][0]["id"] == "city"


def test_conflict_refresh_icon_removes_one_marker():
    """L469: each refresh icon removes 1 exhaust marker, the player's choice."""
    def fn(d):
        set_conflict(d, "conflict-01")
        give(d, 0, 1, "famine-01")
        give(d, 0, 2, "famine-04")
        for i in (0, 1):
            d["seats"][0]["locations"][i]["innovations"][0]["exhausted"] = True
        d["seats"][0]["resources"] = res(axe=2)
        d["seats"][1]["resources"] = res(axe=5)
    s = edit(fresh(2), fn)
    s = play(s, 0, {"type": "bid", "axe": 1, "coin": 0})  # 5: +3 and a refresh
    s = play(s, 1, {"type": "bid", "axe": 5, "coin": 0})
    assert GAME.to_move(s) == [0]
    assert sorted(a["src"] for a in legal(s, 0)) == ["I:famine-01", "I:famine-04"]
    s = play(s, 0, {"type": "refresh", "src": "I:famine-04"})
    exs = {y["card"]: y["exhausted"] for x in s.data["seats"][0]["locations"] for y in x["innovations"]}
    assert exs == {"famine-01": True, "famine-04": False} and s.data["phase"] == "economy"


def test_bids_are_hidden_until_everyone_commits():
    """L457: sealed bids; revealed together."""
    s = edit(fresh(3), lambda d: set_conflict(d, "conflict-02"))
    s = play(s, 0, {"type": "bid", "axe": 2, "coin": 1})
    for seat in (None, 1, 2):
        v = GAME.view(s, seat)
        assert v["empires"][0]["my_bid"] is None and v["conflict"]["bids"] is None
        assert "2 axe" not in canonical(GAME.visible_log(s, seat))
    assert GAME.view(s, 0)["empires"][0]["my_bid"] == {"axe": 2, "coin": 1}
    other = GAME.redetermine(s, 1, 9)
    assert canonical(GAME.view(other, 1)) == canonical(GAME.view(s, 1))


def _final(fn):
    def wrap(d):
        d["track"] = ["economy"]
        set_phase(d, "economy", follow=[])
        fn(d)
    s = edit(fresh(2), wrap)
    s = play(s, 0, {"type": "done"})
    return play(s, 1, {"type": "done"})


def test_final_scoring_intact_points_and_end_game_innovations():
    """L491-495: track + intact location points + end-game innovations under intact
    locations; L598: 2 per own destroyed location; L623: coins only count as coins."""
    def fn(d):
        p = d["seats"][0]
        p["score"] = 5
        p["locations"][POS["farm_wheat"] - 1]["intact"] = False   # -3
        p["locations"][POS["town_b"] - 1]["intact"] = False       # -4
        give(d, 0, 1, "blight-02")      # 2 per destroyed: 4
        give(d, 0, 2, "famine-02")      # 1 per wheat
        give(d, 0, POS["town_b"], "blight-10")  # under a destroyed location: nothing
        p["resources"] = res(wheat=3, coin=4)
    s = _final(fn)
    assert GAME.is_over(s)
    sc = GAME.scores(s)
    assert sc["breakdown"][0] == {"track": 5, "locations": 95 - 7, "innovations": 4 + 3}
    assert sc["totals"][0] == 5 + 88 + 7


def test_most_destroyed_ties_count_and_copy_end():
    """L635: 13 points for the most destroyed locations, ties count; L617: copy scores
    another end-game ability again."""
    def fn(d):
        for s in (0, 1):
            d["seats"][s]["locations"][0]["intact"] = False
        give(d, 0, 2, "blight-05")  # most destroyed: 13 (tied at 1 each)
        give(d, 0, 3, "blight-08")  # copy end
    s = _final(fn)
    assert GAME.scores(s)["breakdown"][0]["innovations"] == 26


def test_adjacent_end_scoring():
    """L611, L629: per adjacent destroyed location / per adjacent location of a type."""
    def fn(d):
        give(d, 0, POS["farm_axe"], "plague-02")  # 2 per adjacent farm -> 4
        give(d, 0, POS["army_a"], "plague-05")    # 2 per adjacent destroyed
        d["seats"][0]["locations"][POS["town_b"] - 1]["intact"] = False
    s = _final(fn)
    assert GAME.scores(s)["breakdown"][0]["innovations"] == 4 + 2


def test_adjacent_type_end_scoring_counts_intact_neighbours_only():
    """L625-629 with L519: adjacency abilities that give points or resources count adjacent
    *intact* locations of the type (a destroyed tile has no type or ability, L123-127)."""
    def fn(d):
        give(d, 0, POS["farm_axe"], "plague-02")  # 2 per adjacent farm
        d["seats"][0]["locations"][POS["farm_hammer"] - 1]["intact"] = False
    s = _final(fn)
    assert GAME.scores(s)["breakdown"][0]["innovations"] == 2


def test_golden_tie_break_most_intact_then_shared():
    """L501: tied totals -> most intact locations wins; still tied -> shared win."""
    def fn(d):
        for pos in (1, 2, 3, 4):
            d["seats"][0]["locations"][pos - 1]["intact"] = False   # 7 intact, lost 16+12+4+5 = 37
        for pos in (9, 10, 6, 7, 8):
            d["seats"][1]["locations"][pos - 1]["intact"] = False   # 6 intact, lost 3+8+14+9+6 = 40
        d["seats"][1]["score"] = 3
    s = _final(fn)
    sc = GAME.scores(s)
    assert sc["totals"][0] == sc["totals"][1] == 58
    assert sc["winners"] == [0] and sc["rank"] == [0, 1]
    tb = sc["tiebreak"]
    assert tb["key"] == "intact_locations" and tb["values"] == [7, 6] and tb["tied"] == [0, 1]
    assert tb["label"]["en"] == "Most intact locations" and tb["label"]["zh-Hans"] == "完好地点最多"
    assert tb["text"]["en"] == "Tie on 58 points, broken by most intact locations: Player 1 7, Player 2 6."
    assert "58" in tb["text"]["zh-Hant"] and "玩家1 7" in tb["text"]["zh-Hant"]

    def fn2(d):
        d["seats"][1]["score"] = 0
    s = _final(fn2)
    sc = GAME.scores(s)
    assert sc["winners"] == [0, 1] and sc["totals"][0] == sc["totals"][1]


def test_a_tie_on_points_ranks_the_tiebreak_winner_first():
    """L501, as players found it: the seat that wins the tie-break is ranked first even when it
    is not seat 0, and lower places tied on points are ordered the same way."""
    def fn(d):
        for pos in (9, 10, 6, 7, 8):
            d["seats"][0]["locations"][pos - 1]["intact"] = False   # 6 intact, lost 40
        for pos in (1, 2, 3, 4):
            d["seats"][1]["locations"][pos - 1]["intact"] = False   # 7 intact, lost 37
        d["seats"][0]["score"] = 3
    s = _final(fn)
    sc = GAME.scores(s)
    assert sc["totals"][0] == sc["totals"][1]
    assert sc["winners"] == [1] and sc["rank"] == [1, 0] and sc["tiebreak"]["values"] == [6, 7]
    assert "Player 2 7, Player 1 6" in sc["tiebreak"]["text"]["en"]
    assert GAME.view(s, 0)["winners"] == [1]


def test_no_tie_no_tiebreak():
    sc = GAME.scores(_final(lambda d: d["seats"][1].update(score=5)))
    assert sc["rank"] == [1, 0] and sc["winners"] == [1] and sc["tiebreak"] is None


def test_deck_exhaustion_reshuffles_the_discard_pile():
    """Ruling G7: when the deck runs out the discard pile is shuffled into a new deck."""
    def fn(d):
        set_phase(d, "industry", follow=["disaster"])
        d["discard"] = d["deck"][:-1]
        d["deck"] = d["deck"][-1:]
        d["seats"][0]["hand"] = []
    s = edit(fresh(2), fn)
    s = play(s, 0, {"type": "done"})
    assert len(s.data["seats"][0]["hand"]) == 4 and s.data["discard"] == []
    assert "shuffled" in canonical(GAME.visible_log(s, 1))


def test_no_view_or_log_shows_another_seats_hand_or_resources():
    """L97-98: hands and resources are private; a whole random game never leaks them."""
    from pygame_core.simulate import play as sim

    s = sim("empires_end", 3, 21)
    st = GAME.new_game(3, seed=21)
    for seat, a in s.history[:150]:
        st = GAME.apply(st, seat, a)
        for viewer in range(3):
            v = canonical(GAME.view(st, viewer))
            for o in range(3):
                if o != viewer:
                    for c in st.data["seats"][o]["hand"]:
                        assert c not in v
            assert canonical(GAME.view(GAME.redetermine(st, viewer, 5), viewer)) == v


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_every_legal_action_has_a_label(lang):
    """Every action type is labelled in the three languages."""
    from pygame_core.simulate import play as sim

    s = sim("empires_end", 3, 4)
    st = GAME.new_game(3, seed=4)
    for seat, a in s.history[:200]:
        for b in GAME.legal_actions(st, seat)[:30]:
            lab = GAME.label(st, seat, b, lang)
            assert lab and lab != b["type"]
        st = GAME.apply(st, seat, a)


@pytest.mark.parametrize("players,games,needed", [(2, 30, 18), (3, 12, 7), (4, 12, 6)])
def test_heuristic_beats_random_in_most_games(players, games, needed):
    """One heuristic seat against random seats wins most games (a random seat would win 1/players)."""
    wins = 0
    for k in range(games):
        h = k % players
        kinds = ["random"] * players
        kinds[h] = "heuristic"
        bs = [bots.make(kinds[i], "empires_end", k * 7 + i) for i in range(players)]
        s = GAME.new_game(players, seed=500 + k)
        while GAME.to_move(s):
            seat = GAME.to_move(s)[0]
            s = GAME.apply(s, seat, bs[seat].choose(GAME, s, seat))
        wins += GAME.scores(s)["winners"] == [h]
    assert wins >= needed


def test_phase_economy_then_disaster_full_round_trip_save_load():
    """Saves replay exactly (kernel contract) for a quick game."""
    from pygame_core.simulate import play as sim

    s = sim("empires_end", 2, 8, options={"mode": "quick"})
    back = GAME.load(GAME.save(s))
    assert back.digest() == s.digest()


def test_view_shows_every_seats_base_military_before_the_bids():
    """L456: base strength is the red abilities of intact locations (each Army 2). It follows from the
    face-up empires, so every viewer sees it for every seat, before bidding (L457)."""
    s = fresh(players=3)
    for viewer in (0, 1, None):
        assert [e["military"] for e in GAME.view(s, viewer)["empires"]] == [4, 4, 4]

    def ruin_one_army(d):
        d["seats"][1]["locations"][POS["army_a"] - 1]["intact"] = False
    s2 = edit(s, ruin_one_army)
    assert [e["military"] for e in GAME.view(s2, 0)["empires"]] == [4, 2, 4]


def test_projected_score_is_public_and_matches_the_final_score_at_the_end():
    """The view's projection (L489-495 applied now) is the same for every viewer and does not
    depend on what is hidden: hands (L98) or resources behind a screen (L97). A resource-counting
    end-game ability (L623) is flagged, not guessed; at game end the screens open and the
    projection is the final breakdown."""
    def fn(d):
        p = d["seats"][0]
        p["score"] = 5
        p["locations"][POS["town_b"] - 1]["intact"] = False       # -4
        give(d, 0, 1, "blight-02")      # 2 per destroyed: 2
        give(d, 0, 2, "famine-02")      # 1 per wheat, behind the screen
        p["resources"] = res(wheat=3, coin=4)
    s = edit(fresh(2), lambda d: (set_phase(d, "economy"), fn(d)))
    views = [GAME.view(s, v) for v in (None, 0, 1)]
    assert views[0]["projected"] == views[1]["projected"] == views[2]["projected"]
    mine = views[0]["projected"][0]
    assert mine == {"track": 5, "locations": 95 - 4, "innovations": 2, "total": 98, "resources_unknown": True}
    assert views[0]["projected"][1]["resources_unknown"] is False

    def hide(d):
        d["seats"][0]["resources"] = res(wheat=9)
        d["seats"][0]["hand"] = d["seats"][1]["hand"][:]
    assert GAME.view(edit(s, hide), 1)["projected"] == views[2]["projected"]
    end = _final(fn)
    assert GAME.is_over(end)
    final = GAME.scores(end)["breakdown"][0]
    assert final["innovations"] == 2 + 3
    assert {k: v for k, v in GAME.view(end, 1)["projected"][0].items()
            if k in final} == final


def _open_conflict(d, card, first=0):
    """A learning-mode conflict (L195) as conflict.start leaves it: the first seat in turn order bids."""
    set_conflict(d, card)
    d["start_player"] = first
    d["conflict"]["open_bids"] = {}
    d["decisions"] = [{"kind": "bid", "seats": [first], "blocking": True}]


def test_learning_mode_plays_the_conflict_one_player_at_a_time_with_open_bids():
    """L195: in a first game the simultaneous phases (Conflict included) may be played in turn order.
    In learning mode the conflict opens with one seat to bid (the first in turn order, L232), each bid
    is made in the open (every seat reads it, and it cannot be undone), the next seat bids knowing it,
    and the last bid resolves the conflict as the golden example does (L476-481)."""
    A, B = 0, 1

    def fn(d):
        _open_conflict(d, "conflict-01", first=B)
        give(d, A, 1, "rebellion-01")
        d["seats"][A]["resources"] = res(axe=2)
        d["seats"][B]["locations"][POS["army_b"] - 1]["intact"] = False
        give(d, B, 2, "rebellion-06")
        d["seats"][B]["resources"] = res(axe=4, coin=1)
    s = edit(fresh(2, learning=True), fn)
    assert GAME.to_move(s) == [B] and legal(s, A) == []
    s = play(s, B, {"type": "bid", "axe": 4, "coin": 1})
    assert GAME.to_move(s) == [A] and not GAME.can_undo(s)
    for seat in (None, A, B):
        v = GAME.view(s, seat)
        assert v["conflict"]["open_bids"] == {"1": {"axe": 4, "coin": 1}} and v["empires"][B]["bid_committed"]
        assert "bids 4 axe(s) and 1 coin(s) openly: military 8" in v["log"][-1]["text"]["en"]
    assert "公開出價4個戰斧與1個金幣" in GAME.view(s, A)["log"][-1]["text"]["zh-Hant"]
    s = play(s, A, {"type": "bid", "axe": 2, "coin": 0})
    d = s.data
    assert d["seats"][A]["score"] == 7 and d["seats"][B]["score"] == 10
    assert d["conflict"]["totals"] == {"0": 7, "1": 8} and GAME.view(s, A)["conflict"]["open_bids"] is None


def test_learning_mode_conflict_starts_with_the_first_seat_in_turn_order_and_standard_mode_bids_at_once():
    """L195 (learning) against L457 (standard): played from the start, the first conflict asks one
    seat at a time in learning mode, in turn order from the temple holder (L232), every seat at once
    with a sealed bid otherwise."""
    for learning in (True, False):
        s = GAME.new_game(3, seed=5, options={"learning": learning})
        bot = bots.make("random", "empires_end", seed=5)
        while s.data["phase"] != "conflict" or s.data["step"] != "bid":
            seat = GAME.to_move(s)[0]
            s = GAME.apply(s, seat, bot.choose(GAME, s, seat))
        order = [(s.data["start_player"] + i) % 3 for i in range(3)]
        if not learning:
            assert GAME.to_move(s) == [0, 1, 2] and "sealed bid" in GAME.view(s, None)["status"]["en"]
            continue
        assert "in turn order" in GAME.view(s, None)["status"]["en"]
        for k, seat in enumerate(order):
            assert GAME.to_move(s) == [seat], (k, order)
            s = GAME.apply(s, seat, legal(s, seat)[-1])
        assert s.data["conflict"]["bids"] is not None and s.data["step"] != "bid"
