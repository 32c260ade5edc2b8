"""Rule tests from the survivors of scripts/mutate.py's great_wall sample (seed 16, 3 per module; the
README's "Tests and mutation testing" lists the command, the figures and the survivors judged equivalent).

Each test checks a rule a player sees, with its seed line(s); the mutant it was written against is named
in its docstring.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygame_core.games.great_wall import cards, coop, horde, reed
from pygame_core.games.great_wall import data as gdata
from tests.great_wall.helpers import (
    answer,
    blank,
    ctx_for,
    game,
    legal,
    new_state,
    put_clerks,
    run,
    set_res,
    waiting,
)

Data = dict[str, Any]
PASS = {"type": "pass"}


# ------------------------------------------------------------------------------ the Imperial Envoy
def test_envoy_hires_the_last_clerk_of_the_reserve_and_then_no_more() -> None:
    """L302, L435: a seat hires clerks from its Envoy reserve until it owns 8; the last one in the
    reserve can still be hired, and once the reserve is empty a clerk at the Envoy can only hire an
    Advisor or pass. (mutant locations.py `p["envoy"] > 0` -> `> 1`)"""
    g = blank(3)
    p = g["players"][0]
    p["envoy"], p["clerks"] = 1, 7  # two of the three already hired
    set_res(g, 0, gold=4)
    advisor = sorted(cards.advisors())[0]
    g["advisor_track"] = [advisor]
    put_clerks(g, "imperial_envoy", [0, 0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "imperial_envoy", "advanced": False})
    hire = {"type": "use", "location": "imperial_envoy", "hire": "clerk"}
    assert hire in legal(ctx, 0)
    answer(ctx, hire)
    assert p["envoy"] == 0 and p["res"]["gold"] == 2
    acts = legal(ctx, 0)  # the second clerk: an Advisor, or nothing
    assert hire not in acts and any(a.get("hire") == "advisor" for a in acts) and PASS in acts
    answer(ctx, PASS)
    assert waiting(ctx) is None
    assert p["clerks"] == 8 and p["res"]["gold"] == 2  # all 8 owned, both Envoy clerks back home


# ------------------------------------------------------------------ the Horde deck's public top back
def test_redetermination_keeps_a_unique_indicator_on_top_of_a_short_deck() -> None:
    """A6, L514-516: the invasion indicator on the Horde deck's top back is public, so a re-deal of the
    hidden deck (what a bot may believe) keeps it, even late in the game when only 3 cards are left and
    the top one is the only card with its indicator. (mutant hidden.py: the search for a card with the
    shown indicator steps by 2 and misses one position)"""
    by_ind: dict[int, list[str]] = {}
    for cid, c in horde.CARDS.items():
        by_ind.setdefault(int(c["indicator"]), []).append(cid)
    assert len(by_ind) >= 2
    first, second = sorted(by_ind)[:2]
    state = new_state(3, seed=2)
    g = state.data
    g["horde_deck"] = [by_ind[second][0], by_ind[second][1], by_ind[first][0]]  # top last
    assert horde.indicator(g) == first
    seen = set()
    for k in range(16):
        other = game().redetermine(state, 0, seed=k).data
        assert sorted(other["horde_deck"]) == sorted(g["horde_deck"])
        assert horde.indicator(other) == first, k
        seen.add(tuple(other["horde_deck"]))
    assert len(seen) == 2  # the two cards below the top are re-dealt


def test_redetermination_re_deals_two_cards_that_share_the_top_indicator() -> None:
    """A6: only the top back's indicator is public; with 2 Horde cards left that show the same
    indicator, which of them is on top is hidden, so a re-deal puts either there. (mutant hidden.py:
    a deck of 2 was never re-dealt, so a bot's belief knew the next invader)"""
    by_ind: dict[int, list[str]] = {}
    for cid, c in horde.CARDS.items():
        by_ind.setdefault(int(c["indicator"]), []).append(cid)
    pair = next(cids[:2] for cids in by_ind.values() if len(cids) >= 2)
    state = new_state(3, seed=2)
    state.data["horde_deck"] = list(pair)
    tops = {game().redetermine(state, 0, seed=k).data["horde_deck"][-1] for k in range(16)}
    assert tops == set(pair)


# ----------------------------------------------------------------------------------- co-op Requests
def coop_board(players: int = 3) -> Data:
    gm = game()
    s = gm.new_game(players=players, seed=0, options={"mode": "coop"})
    while any(d["kind"] == "draft" for d in s.data["decisions"]):
        seat = gm.to_move(s)[0]
        s = gm.apply(s, seat, gm.legal_actions(s, seat)[0])
    g = copy.deepcopy(s.data)
    g["decisions"], g["todo"] = [], []
    return g


def test_an_archers_request_counts_each_archer_on_a_wall_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """L911-915 (Requests are completed when their requirements are met; the requirement "n archers on
    the Walls", which "watchtowers" asked before the balance run made it a sacrifice): each archer on a
    firing spot counts 1, whoever owns it, and an archer short of n does not complete it. (mutant
    coop.py: each archer counted 2)"""
    g = coop_board(3)
    need = {"op": "archers", "n": 1}
    monkeypatch.setitem(coop.REQUESTS, "watchtowers", {**coop.REQUESTS["watchtowers"], "need": [need]})
    for sec in g["sections"]:
        sec["firing"] = [None] * len(sec["firing"])
    assert not coop.met(g, need)
    for n in (1, 2, 3):  # the same requirement asking for 1, 2 or 3 archers
        ask = {**need, "n": n}
        for i, sec in enumerate(g["sections"]):
            spot: int | None = i if i < n - 1 else None
            sec["firing"] = [spot]  # n - 1 archers, of different seats
        assert not coop.met(g, ask), n
        g["sections"][n - 1]["firing"] = [n - 1]
        assert coop.met(g, ask), n
    g["coop"]["requests"] = ["watchtowers"]
    for sec in g["sections"]:
        sec["firing"] = [None]
    assert coop.request_options(g) == []
    g["sections"][2]["firing"] = [1]
    assert {"type": "request", "card": "watchtowers"} in coop.request_options(g)


# ---------------------------------------------------------------------------------- the Reed Clan
def test_reed_turn_with_every_reed_clerk_locked_asks_nothing_of_it() -> None:
    """L304, L712-715: on the Reed Clan's turn the seat highest in tea order moves its clerks, but a
    clerk on a full regular location about to activate cannot leave it; with all three Reed clerks so
    locked, no Reed move is asked and the players go on to the card's middle box. (mutant reed.py
    `n <= 0 or not clerk_moves(...)` -> `and`)"""
    gm = game()
    s = gm.new_game(players=2, seed=0, options={"mode": "two_player"})
    while any(d["kind"] == "draft" for d in s.data["decisions"]):
        seat = gm.to_move(s)[0]
        s = gm.apply(s, seat, gm.legal_actions(s, seat)[0])
    g = copy.deepcopy(s.data)
    g["decisions"], g["todo"] = [], []
    g["tea"], g["tea_all"] = [1, 0], [1, 0, "reed"]
    for p in g["players"]:
        p.pop("draft", None)
        p["clerks"] = 20  # enough to fill the three locations
    reed_at = [loc for loc, xs in g["locations"].items() if "reed" in xs]
    assert len(reed_at) == 3
    for i, loc in enumerate(reed_at):
        room = gdata.location(g["side"], loc)["spaces"] - len(g["locations"][loc])
        put_clerks(g, loc, [i % 2] * room)
    assert reed.clerk_moves(g, []) == []
    g["command_track"][0] = {"seat": "reed", "card": reed.CARD["id"]}
    ctx = ctx_for(g)
    run(ctx, {"do": "next_turn", "after": -1})
    d = waiting(ctx)
    assert d is not None and d["kind"] == "clerks" and d["seats"] == [1]  # the middle box, seat 1 first


# ------------------------------------------------------------------------------- solo, Qin Jiushao
def solo_board() -> Data:
    """A solo game just past the draft, with nothing pending."""
    gm = game()
    s = gm.new_game(players=1, seed=0, options={"mode": "solo"})
    while any(d["kind"] == "draft" for d in s.data["decisions"]):
        s = gm.apply(s, 0, gm.legal_actions(s, 0)[0])
    g = copy.deepcopy(s.data)
    g["decisions"], g["todo"] = [], []
    return g


def point_at(g: Data, section: int) -> None:
    """Make the Horde deck's top back name ``section`` (A6)."""
    top = next(c for c in g["horde_deck"] if horde.CARDS[c]["indicator"] == section)
    g["horde_deck"].remove(top)
    g["horde_deck"].append(top)


def test_qin_builds_the_reed_barricade_in_the_other_section_when_the_indicated_one_is_full() -> None:
    """L727, L850 (Qin acts for the Reed Clan by his own rules), L812 (his choice of section follows the
    Horde deck's indicator, another section when that one is full): at the Builders' camp on Qin's turn
    the Reed Clan's free barricade goes to the indicated section, or to the other open section when the
    indicated one has its 3 barricades. (mutant qin.py: the fallback takes the second option, not the
    first, so with one section left it has none)"""
    g = solo_board()
    opened = [i for i, sec in enumerate(g["sections"]) if sec["open"]]
    assert len(opened) == 2  # solo: the leftmost section is out of play (L753)
    first, other = opened
    g["turn"] = {"slot": 0, "seat": "qin"}
    point_at(g, first)
    for sec in g["sections"]:
        if sec["open"]:
            sec["barricades"] = 1
    run(ctx_for(g), {"do": "reed_act", "loc": "builders_camp"})
    assert [g["sections"][i]["barricades"] for i in opened] == [2, 1]  # the indicated section
    g["sections"][first]["barricades"] = 3
    run(ctx_for(g), {"do": "reed_act", "loc": "builders_camp"})
    assert [g["sections"][i]["barricades"] for i in opened] == [3, 2]  # the other one
    assert waiting(ctx_for(g)) is None  # no seat was asked: Qin decides (L850)


def test_qin_spring_refresh_keeps_one_advisor_and_discards_only_the_other() -> None:
    """L858: Qin takes the 2 leftmost Advisors of the track, keeps one as a Supporting Advisor and
    discards the other; the track slides and refills. Every Advisor is then in exactly one place.
    (mutant qin.py: the kept Advisor also went to the discard)"""
    g = solo_board()
    a, b = g["advisor_track"][:2]
    every = sorted(g["advisor_track"] + g["advisor_deck"] + g["advisor_discard"] + g["qin"]["supporting"]
                   + [x for p in g["players"] for x in p["active"] + p["supporting"]])
    run(ctx_for(g), {"do": "advisor_refresh"})
    assert a in g["qin"]["supporting"] and a not in g["advisor_discard"] and a not in g["advisor_track"]
    assert b in g["advisor_discard"] and b not in g["qin"]["supporting"]
    after = sorted(g["advisor_track"] + g["advisor_deck"] + g["advisor_discard"] + g["qin"]["supporting"]
                   + [x for p in g["players"] for x in p["active"] + p["supporting"]])
    assert after == every


# ------------------------------------------------------------------------------------------- offered
def test_the_great_wall_is_offered_to_players() -> None:
    """Issue 18 §3: the game has a board (web/games/great_wall/) and is offered with the others
    (tests/test_registry.py checks every game against its front end; this check sits with the game's
    own tests, which the mutation runs use). (mutant game.py: listed = False)"""
    from pygame_core import games

    assert games.is_listed(game())
    assert "great_wall" in games.available()
