"""Empire's End on the kernel's decision stack: a seat's own steps (destroy, place, refresh), the
sealed conflict bid (L457), the Resource Shortage offer to every seat (L270), Change disaster out of
turn (L588), labels that name the acting seat's own locations, and the public summary."""

from __future__ import annotations

from ee_helpers import edit, fresh, give, legal, play, res, set_conflict, set_disaster, set_phase

from pygame_core.bots import make
from pygame_core.games.empires_end import GAME


def test_own_steps_are_non_blocking_decisions_while_others_go_on():
    """L662 quick setup: seat 0 places its executed cards while seat 1 still chooses."""
    s = GAME.new_game(2, 1, {"mode": "quick"})
    s = play(s, 0, {"type": "execute", "cards": ["plague-09", "barbarians-07"]})
    assert GAME.to_move(s) == [0, 1]
    assert {a["type"] for a in legal(s, 0)} == {"place"}
    assert {a["type"] for a in legal(s, 1)} >= {"execute", "mulligan"}
    top = GAME.view(s, 1)["decisions"][-1]
    assert top == {"kind": "place", "seats": [0], "blocking": False}
    assert GAME.view(s, 1)["pending"]["card"]["id"] == "plague-09"


def test_the_conflict_bid_is_a_sealed_decision():
    """L457: everyone bids in secret; the answers show only when all have bid, and then the
    reveal cannot be undone."""
    s = edit(fresh(2), lambda d: set_conflict(d, "conflict-01"))
    assert GAME.to_move(s) == [0, 1]
    s = play(s, 0, {"type": "bid", "axe": 2, "coin": 1})
    for viewer in (None, 1):
        v = GAME.view(s, viewer)
        assert v["decisions"] == [{"kind": "bid", "seats": [0, 1], "blocking": True, "answered": [0]}]
        assert v["empires"][0]["bid_committed"] and v["empires"][0]["my_bid"] is None
        assert v["empires"][0]["resources"] is None
    mine = GAME.view(s, 0)
    assert mine["decisions"][0]["answer"] == {"type": "bid", "axe": 2, "coin": 1}
    assert mine["empires"][0]["my_bid"] == {"axe": 2, "coin": 1}
    assert mine["empires"][0]["resources"] == res(wheat=2, hammer=2, axe=0, coin=1)  # in the fist
    assert GAME.to_move(s) == [1] and GAME.can_undo(s, 0)
    s = play(s, 1, {"type": "bid", "axe": 0, "coin": 0})
    assert GAME.view(s, 1)["conflict"]["bids"] == {"0": {"axe": 2, "coin": 1}, "1": {"axe": 0, "coin": 0}}
    assert not GAME.can_undo(s)


def test_change_disaster_out_of_turn():
    """L588: "at any moment of the disaster phase": seat 1 changes the card during seat 0's turn
    (ruling A18 lifted); seat 0 then decides on the new card."""
    def fn(d):
        set_disaster(d, ["fire-09"], start=0)
        give(d, 1, 1, "barbarians-02")
    s = edit(fresh(2), fn)
    assert GAME.to_move(s) == [0]
    change = {"type": "change", "card": 0, "src": "I:barbarians-02"}
    assert legal(s, 1) == [change]
    after = play(s, 1, change)
    assert after.data["disasters"][0]["card"] != "fire-09"
    assert after.data["seats"][1]["locations"][0]["innovations"][0]["exhausted"]
    assert GAME.to_move(after) == [0] and legal(after, 1) == []
    assert not GAME.can_undo(after)  # a card was drawn


def test_labels_name_the_acting_seats_own_location():
    """In a simultaneous phase two seats may repair the same position; each label names the
    location of the seat that acts (the kernel passes the seat)."""
    def fn(d):
        set_phase(d, "industry")
        d["seats"][1]["locations"].reverse()
        for p in d["seats"]:
            p["locations"][3]["intact"] = False
            p["resources"] = res(hammer=20)
    s = edit(fresh(2), fn)
    repair = {"type": "repair", "loc": 4}
    assert repair in legal(s, 0) and repair in legal(s, 1)
    zero, one = GAME.label(s, 0, repair, "en"), GAME.label(s, 1, repair, "en")
    assert zero != one
    assert zero == "Repair #4 Army (5), destroyed" and one == "Repair #4 Road (6), destroyed"


def test_summary_is_public_in_three_languages():
    s = GAME.new_game(3, seed=2)
    assert GAME.summary(s, "en")["text"] == "Phase 1 of 20 · Disaster phase"
    assert GAME.summary(s, "zh-Hant")["text"] == "第1/20階段 · 災難階段"
    assert GAME.summary(s, "zh-Hans")["text"] == "第1/20阶段 · 灾难阶段"
    q = GAME.new_game(2, 1, {"mode": "quick"})
    assert GAME.summary(q, "en")["text"] == "Quick-game setup"


def test_heuristic_changes_a_disaster_that_would_cost_its_best_location():
    """L588: the bot uses Change disaster when the open card would destroy a valuable location."""
    def fn(d):
        set_disaster(d, ["fire-01"], start=0)  # position 1: the City (20), L113
        give(d, 0, 2, "barbarians-02")
        d["seats"][0]["resources"] = res(coin=1)
    s = edit(fresh(2), fn)
    assert s.data["seats"][0]["locations"][0]["id"] == "city"
    bot = make("heuristic", "empires_end", 1)
    assert bot.choose(GAME, s, 0) == {"type": "change", "card": 0, "src": "I:barbarians-02"}
