"""Rules that mutants of the Civilization rule code (scripts/mutate.py) showed no test checked. Each
test cites the seed lines (000_fcd7daf2adb52f57.txt) it checks."""

from __future__ import annotations

from typing import Any

from civ_helpers import after_setup, bare, flat_map, square
from test_civ_rules import ctx_of, turn_of

from pygame_core.games.civilization import combat, model

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
