"""Setup (L75-105), the board side by player count (L77-81) and the quick game (L654-668)."""

from __future__ import annotations

import pytest
from ee_helpers import fresh, legal, play

from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.data import CARDS, TRACKS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_same_tile_order_two_of_each_resource_hand_of_four(players):
    """L97-98, L103-105: every empire copies the start player's random order, 2 of each
    resource, a private hand of 4; all 88 cards are in the deck or in hands."""
    s = GAME.new_game(players=players, seed=11)
    d = s.data
    orders = [[x["id"] for x in p["locations"]] for p in d["seats"]]
    assert all(o == orders[0] for o in orders) and len(orders[0]) == 11
    assert all(x["intact"] and not x["innovations"] for p in d["seats"] for x in p["locations"])
    for p in d["seats"]:
        assert p["resources"] == {"wheat": 2, "hammer": 2, "axe": 2, "coin": 2}
        assert len(p["hand"]) == 4 and p["score"] == 0
    in_play = d["deck"] + [c for p in d["seats"] for c in p["hand"]] + [x["card"] for x in d["disasters"]]
    assert sorted(in_play) == sorted(CARDS) and len(CARDS) == 88


def test_tile_order_is_random_but_seeded():
    """L103: the order is random (shuffled by the seed)."""
    a = [x["id"] for x in GAME.new_game(2, seed=1).data["seats"][0]["locations"]]
    b = [x["id"] for x in GAME.new_game(2, seed=1).data["seats"][0]["locations"]]
    orders = {tuple(x["id"] for x in GAME.new_game(2, seed=k).data["seats"][0]["locations"])
              for k in range(8)}
    assert a == b and len(orders) > 1


@pytest.mark.parametrize("players,side", [(2, "2p"), (3, "3-4p"), (4, "3-4p")])
def test_board_side_follows_player_count_and_first_phase_is_disaster(players, side):
    """L77-81: 2-player side vs 3-4-player side; L149: the first phase is a disaster phase."""
    s = GAME.new_game(players=players, seed=2)
    assert s.data["track"] == TRACKS[side]["phases"]
    assert s.data["phase"] == "disaster" and s.data["phase_index"] == 0 and len(s.data["disasters"]) == 1
    assert GAME.to_move(s) == [s.data["start_player"]]
    v = GAME.view(s, 0)
    assert v["phase"]["kind"] == "disaster" and v["phase"]["track"] == TRACKS[side]["phases"]


def test_only_the_big_board_has_double_disaster_and_economy_industry():
    """L165-167, L189-191: these phases occur only with 3-4 players."""
    two = TRACKS["2p"]["phases"]
    big = TRACKS["3-4p"]["phases"]
    assert "double_disaster" not in two and "economy_industry" not in two
    assert "double_disaster" in big and "economy_industry" in big
    assert big.index("economy_industry") > len(big) // 2  # late in the game (L483-485)


def test_quick_game_setup():
    """L654-668: start at the ⚡ space; choose 2 of 4 cards (one redraw), destroy their
    targets and place them as innovations; keep a hand of 2."""
    s = fresh(2, seed=5, mode="quick")
    d = s.data
    assert d["phase"] == "quick_setup" and d["hand_size"] == 2
    assert sorted(GAME.to_move(s)) == [0, 1]
    acts = legal(s, 0)
    assert {"type": "mulligan"} in acts and sum(a["type"] == "execute" for a in acts) == 6
    old = list(d["seats"][0]["hand"])
    s = play(s, 0, {"type": "mulligan"})
    assert len(s.data["seats"][0]["hand"]) == 4 and s.data["seats"][0]["hand"] != old
    assert {"type": "mulligan"} not in legal(s, 0)  # only one redraw
    for seat in (0, 1):
        while seat in GAME.to_move(s) and s.data["phase"] == "quick_setup":
            s = play(s, seat, legal(s, seat)[0])
    for p in s.data["seats"]:
        assert sum(not x["intact"] for x in p["locations"]) == 2
        assert sum(len(x["innovations"]) for x in p["locations"]) == 2
        assert all(x["intact"] for x in p["locations"] if x["innovations"])
        assert len(p["hand"]) == 2
    assert s.data["phase_index"] == TRACKS["2p"]["quick_start"]
    assert s.data["phase"] == s.data["track"][s.data["phase_index"]]


def test_quick_game_two_cards_on_the_same_target_use_the_adjacency_rule():
    """L662 + L254 (ruling A19): executing two cards with the same target destroys the target,
    then a neighbour of it."""
    from ee_helpers import edit, pluck

    s = fresh(2, seed=5, mode="quick")

    def fn(d):
        for c in ("fire-07", "flood-07"):
            pluck(d, c)
        d["seats"][0]["hand"] = ["fire-07", "flood-07"] + d["seats"][0]["hand"][2:]
    s = edit(s, fn)
    s = play(s, 0, {"type": "execute", "cards": ["fire-07", "flood-07"]})
    assert not s.data["seats"][0]["locations"][6]["intact"]
    assert sorted(a["loc"] for a in legal(s, 0)) == [6, 8]
