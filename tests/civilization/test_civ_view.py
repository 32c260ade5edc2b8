"""View additions for the board (README "View"): where a combat bonus comes from (L1086-1100), the
last card played in a battle, the last battle's result, and the effect a ``react`` decision is about.
Everything here is public: the property tests' no-leak checks cover it in random games."""

from __future__ import annotations

from typing import Any

from civ_helpers import square
from test_civ_abilities import allow_all
from test_civ_rules import _city_state, _move_state, card_of, ctx_of, turn_of

from pygame_core.games.civilization import combat, effects, model, views

Data = dict[str, Any]


def _attack_capital(d: Data, walls: bool = False) -> Any:
    sq = square(d, 4, 6)
    d["cities"] = [{"o": 1, "sq": sq, "cap": True, "wall": walls}]
    d["items"] = {str(square(d, 5, 6)): {"k": "b", "id": "barracks", "o": 1}}
    army = model.new_fig(d, 0, "army", sq)
    ctx = ctx_of(d)
    combat.start(ctx, 0, [army], sq, 1, city=0)
    return ctx


def test_a_defended_capital_with_barracks_has_bonus_14_and_the_log_says_why_L1090_L1098():
    """L1090 Barracks +2, L1098 capital +12: 14 against 0, so the defender takes the +14 card (L1088)."""
    d = _move_state()
    ctx = _attack_capital(d)
    assert d["battle"]["bonus"] == {"a": 0, "d": 14}
    line = next(e["text"] for e in ctx.events if e["text"]["en"].startswith("Battle:"))
    assert "Player 2 +14 (Barracks +2, capital +12)" in line["en"]
    assert "Player 2 takes the +14 combat bonus card" in line["en"]
    assert "軍營 +2、首都 +12" in line["zh-Hant"] and "军营 +2、首都 +12" in line["zh-Hans"]
    v = views.view(d, 0)["battle"]
    assert v["bonus_from"]["d"] == [
        {"what": "building", "id": "barracks", "n": 2},
        {"what": "capital", "id": None, "n": 12},
    ]
    assert v["bonus_from"]["a"] == []


def test_walls_add_4_to_the_city_bonus_L1100():
    d = _move_state()
    _attack_capital(d, walls=True)
    assert d["battle"]["bonus"] == {"a": 0, "d": 18}
    assert {"what": "walls", "id": None, "n": 4} in views.view(d, 1)["battle"]["bonus_from"]["d"]


def test_the_last_card_played_is_public_L1110():
    """L1110-1112: a played unit is face up; every seat sees the last one played."""
    d = _move_state()
    sq = square(d, 4, 5)
    army = model.new_fig(d, 0, "army", sq)
    model.new_fig(d, 1, "army", sq)
    m3 = card_of("mounted", [3])
    i2 = card_of("infantry", [2])
    d["p"][0]["forces"] = [m3]
    d["p"][1]["forces"] = [i2]
    ctx = ctx_of(d)
    combat.start(ctx, 0, [army], sq, 1)
    assert all(views.view(d, s)["battle"]["last"] is None for s in (0, 1, None))
    side = d["battle"]["turn"]
    seat = combat.controller(d["battle"], side)
    card = d["battle"]["hand"][side][0]
    combat.play(ctx, seat, {"type": "play", "card": card, "front": -1})
    utype = "mounted" if card == m3 else "infantry"
    for viewer in (0, 1, None):
        last = views.view(d, viewer)["battle"]["last"]
        assert last["side"] == side and last["type"] == utype and last["front"] == 0
        assert last["strength"] == combat.card_strength(d, d["battle"], side, card)


def _fought(d: Data) -> Any:
    """Player 1's mounted 3 against Player 2's mounted 1: Player 1 kills it and wins (L1121, L1169)."""
    sq = square(d, 4, 5)
    army = model.new_fig(d, 0, "army", sq)
    model.new_fig(d, 1, "army", sq)
    d["p"][0]["forces"] = [card_of("mounted", [3])]
    d["p"][1]["forces"] = [card_of("mounted", [1])]
    d["p"][1]["trade"] = 5
    ctx = ctx_of(d)
    combat.start(ctx, 0, [army], sq, 1)
    while d["battle"] is not None:
        b = d["battle"]
        side = b["turn"]
        acts = combat.legal(d, combat.controller(b, side))
        attack = [a for a in acts if a["front"] >= 0]
        combat.play(ctx, combat.controller(b, side), (attack or acts)[0])
    return ctx


def test_the_last_battle_stays_on_screen_until_the_next_battle_or_turn_L1167_L1183():
    d = _move_state()
    ctx = _fought(d)
    for viewer in (0, 1, None):
        last = views.view(d, viewer)["last_battle"]
        assert last["attacker"] == 0 and last["defender"] == 1 and last["winner"] == 0
        assert last["killed"] == {"a": [], "d": [{"type": "mounted", "strength": 1}]}
        assert last["square"] == square(d, 4, 5) and last["loot"] is None
    dec = d["decisions"][-1]
    combat.loot_apply(ctx, 0, dec, {"type": "loot", "take": "trade", "n": 3})  # L1183
    assert views.view(d, 1)["last_battle"]["loot"] == {"take": "trade", "n": 3}
    d["turn"] += 1  # the turn ends
    assert views.view(d, 0)["last_battle"] is None


def test_a_new_battle_replaces_the_last_result():
    d = _move_state()
    _fought(d)
    d["decisions"] = []
    sq = square(d, 6, 5)
    army = model.new_fig(d, 0, "army", sq)
    model.new_fig(d, 1, "army", sq)
    d["p"][0]["forces"] = [card_of("infantry", [2])]
    d["p"][1]["forces"] = [card_of("infantry", [2])]
    combat.start(ctx_of(d), 0, [army], sq, 1)
    assert views.view(d, 0)["last_battle"] is None and views.view(d, 0)["battle"] is not None


def test_the_react_window_names_the_effect_aimed_at_you():
    """Citizens Revolting aimed at Player 2: the window says who plays which card at whom."""
    d = _city_state("grassland")
    d["p"][0]["hand"] = ["citizens_revolting_1"]
    d["culture"]["ancient"].remove("citizens_revolting_1")
    d["p"][1]["gov"] = "despotism"
    turn_of(d, "start")  # a Start of Turn card
    act = next(a for a in effects.optional(d, 0) if a["type"] == "culture_card" and a.get("target") == 1)
    effects.apply(ctx_of(d), 0, act)
    for viewer in (0, 1, None):
        r = views.view(d, viewer)["react"]
        assert r == {
            "by": 0,
            "to": [1],
            "source": {"src": "card", "id": "citizens_revolting"},
            "choice": {"opt": 0, "target": 1},
        }
    allow_all(d)
    assert views.view(d, 0)["react"] is None and d["p"][1]["gov"] == "anarchy"


def test_the_react_view_names_a_city_action_that_writing_may_cancel() -> None:
    """Writing (S3 tech sheet): a city action opens a react window; the view says which action it is."""
    data = {"decisions": [{"kind": "react", "seats": [1], "by": 0, "blocking": True, "choice": {},
                           "source": {"src": "city", "action": {"type": "arts", "city": 0}}}]}
    assert views._react(data) == {"by": 0, "to": [1], "choice": {},
                                  "source": {"src": "city", "action": {"type": "arts", "city": 0}}}


def test_a_turn_limit_end_shows_the_culture_track_techs_and_coins_that_decided_it():
    """Issue 16: the end screen showed only "Victory 1/0". The breakdown carries the turn limit's order
    (culture track, then techs, then coins) as ``info`` columns; the totals stay the win."""
    from civ_helpers import after_setup, edit

    from pygame_core.games.civilization import GAME, victory

    def fn(d: Data) -> None:
        d["p"][0]["track"], d["p"][1]["track"] = 5, 5
        d["p"][0]["techs"]["pottery"] = 1  # one tech more: seat 0 wins on the second key
        victory.turn_limit(ctx_of(d))

    s = edit(after_setup(), fn)
    sc = GAME.scores(s)
    assert sc["winners"] == [0] and sc["totals"] == [1, 0] and sc["rank"] == [0, 1]
    assert sc["info"] == ["culture_track", "techs", "coins"]
    for seat in (0, 1):
        row = sc["breakdown"][seat]
        assert list(row) == ["victory", "culture_track", "techs", "coins"]
        assert row["culture_track"] == 5 and row["techs"] == len(s.data["p"][seat]["techs"])
        assert row["coins"] == model.coins(s.data, seat)
    assert sc["breakdown"][0]["techs"] == sc["breakdown"][1]["techs"] + 1
    assert GAME.view(s, 1)["scores"]["breakdown"] == sc["breakdown"]
