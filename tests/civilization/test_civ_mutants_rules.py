"""Rules that mutants of the Civilization rule code (scripts/mutate.py) showed no test checked. Each
test cites the seed lines (000_fcd7daf2adb52f57.txt) it checks."""

from __future__ import annotations

from typing import Any

from civ_helpers import after_setup, bare, edit, flat_map, play, square
from test_civ_rules import _can_found, _city_state, _founding_state, ctx_of, turn_of

from pygame_core.games.civilization import GAME, combat, model, research, trade, victory

Data = dict[str, Any]


def _move_state(players: int) -> Data:
    d = after_setup(players=players).data
    bare(d)
    flat_map(d, "grassland")
    turn_of(d, "move")
    for p in d["p"]:
        p["civ_effects"] = []
    return d


def test_the_player_to_the_attackers_left_plays_the_village_L902_L1056():
    """L902, L1056: the player on the attacker's left plays the barbarians; turns pass to the left
    (L507), so that is the next seat."""
    for attacker in (0, 1, 2):
        d = _move_state(3)
        army = model.new_fig(d, attacker, "army", square(d, 2, 2))
        combat.start(ctx_of(d, attacker), attacker, [army], square(d, 2, 2), combat.BARBARIAN, village=True)
        assert d["battle"]["proxy"] == (attacker + 1) % 3


def test_each_extra_army_on_the_square_adds_two_battle_cards_L1062_L1066():
    """L1062-1066: a battle hand of 3 cards, +2 for each friendly army beyond the first on the square;
    a defender with 1 army draws 3, with 2 armies 5 (not a city: no +3, L1068)."""
    for defenders, size in ((1, 3), (2, 5)):
        d = _move_state(2)
        sq = square(d, 2, 2)
        for _ in range(defenders):
            model.new_fig(d, 1, "army", sq)
        d["p"][1]["forces"] = list(d["p"][1]["forces"]) * 4
        army = model.new_fig(d, 0, "army", sq)
        combat.start(ctx_of(d), 0, [army], sq, 1)
        assert len(d["battle"]["hand"]["d"]) == size
        assert len(d["battle"]["hand"]["a"]) == 3


def test_an_army_produced_among_enemy_armies_fights_them_L1270():
    """L1270: an army placed on a square with enemy figures attacks them: the battle's own figures are
    the new army (and its friends there), the defender the enemy."""
    d = _move_state(2)
    sq = square(d, 2, 2)
    enemy = model.new_fig(d, 1, "army", sq)
    mine = model.new_fig(d, 0, "army", sq)
    combat.engage(ctx_of(d), 0, sq)
    b = d["battle"]
    assert (b["att"], b["def"], b["figs"]) == (0, 1, [mine])
    assert enemy in d["figs"]


def test_germany_takes_no_resource_from_an_empty_market():
    """Germany (public civ sheet, digest §3.2): a free unit and a market resource when a tech upgrades a
    unit type; with the market empty there is no resource to take."""
    d = _city_state("grassland")
    d["p"][0]["civ_effects"] = [{"kind": "rule", "rule": "free_unit_on_upgrade"}]
    d["p"][0]["techs"].update({"pottery": 1, "writing": 1})
    d["market"] = {r: 0 for r in d["market"]}
    n = len(d["p"][0]["forces"])
    research.learn(ctx_of(d), 0, "chivalry")
    assert len(d["p"][0]["forces"]) == n + 1
    assert sum(d["p"][0]["res"].values()) == 0 and all(v == 0 for v in d["market"].values())


def test_a_city_may_be_founded_exactly_three_squares_from_another_L548():
    """L548: three or more squares from every other city, diagonals included (no shared outskirts)."""
    for x, y, ok in ((5, 2, True), (5, 5, True), (4, 2, False), (4, 4, False)):
        d, _target = _founding_state()
        d["figs"] = {}
        model.new_fig(d, 0, "scout", square(d, x, y))
        assert _can_found(d) is ok, (x, y)


def test_a_resource_held_zero_times_cannot_be_offered_L611_L621():
    """Trade (L611-621) exchanges what a player holds: a resource at 0 is not offered nor accepted."""
    d = after_setup(game="full").data
    d["p"][0]["res"] = {"wheat": 0, "silk": 1}
    bundles = trade._bundles(d, 0, True)
    assert "res:silk" in bundles and "res:wheat" not in bundles
    assert trade._has(d, 0, "res:silk") and not trade._has(d, 0, "res:wheat")


def test_fourteen_coins_do_not_win_L1219():
    """L1219: the economic victory needs 15 coins; 14 is not enough."""
    s = after_setup(game="full")
    d = s.data
    turn_of(d, "city")
    d["p"][0]["coin_tokens"] = {"pottery": 14}
    s = edit(s, lambda x: x.update(d))
    s = play(s, 0, next(a for a in GAME.legal_actions(s, 0) if a["type"] == "arts"))
    assert not GAME.is_over(s) and s.data["p"][0]["coins"] == 14


def test_the_turn_limit_is_won_by_the_furthest_on_the_culture_track():
    """The optional turn limit (authored ruling, README): the furthest on the culture track wins, then
    most techs, then most coins; a full tie shares the win."""
    d = after_setup(players=3, game="full").data
    for p, track in zip(d["p"], (4, 2, 4), strict=True):
        p["track"] = track
    d["p"][2]["techs"]["pottery"] = 1
    victory.turn_limit(ctx_of(d))
    assert d["over"] and d["winners"] == [2] and d["victory"] == "turn_limit"
    d = after_setup(players=3, game="full").data
    for p in d["p"]:
        p["track"] = 1
    victory.turn_limit(ctx_of(d))
    assert d["winners"] == [0, 1, 2]


def test_redetermine_keeps_the_face_up_killed_units_and_culture_cards_L1121_L1203():
    """A killed unit goes face up to the bottom of its deck (L1121, L1203): everyone has seen it, so
    re-dealing the hidden cards for a seat leaves those bottom cards where they are; only the face-down
    part is re-dealt (with the other seats' standing forces)."""
    s = after_setup(game="full")

    def fn(d: Data) -> None:
        d["up"]["infantry"] = 2
        d["culture_up"]["ancient"] = 1
    s = edit(s, fn)
    deck = list(s.data["decks"]["infantry"])
    culture = list(s.data["culture"]["ancient"])
    for seed in range(3):
        other = GAME.redetermine(s, 0, seed=seed).data
        assert other["decks"]["infantry"][-2:] == deck[-2:]
        assert len(other["decks"]["infantry"]) == len(deck)
        assert other["culture"]["ancient"][-1] == culture[-1]
