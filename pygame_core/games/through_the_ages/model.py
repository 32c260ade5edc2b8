"""Constants and the player model: the yellow and blue banks, ages, the card row.

Numbers cited from the seed handbook (``001_226be1480c28be9b.txt``) by line; bank tables that the
seed only samples come from the public board data (digest §7.3, source P1), checked against the
seed's examples (L661-677, L1638, L1722).
"""

from __future__ import annotations

from typing import Any

Data = dict[str, Any]
Player = dict[str, Any]

AGES = ("A", "I", "II", "III", "IV")
ROW_SIZE = 13  # L213
ROW_COST = (1,) * 5 + (2,) * 4 + (3,) * 4  # L382
SWEEP = {2: 3, 3: 2, 4: 1}  # L544-546
BLUE_START = 16  # L64, L2150
YELLOW_START = 18  # L65
YELLOW_FULL = 18
MAX_DRAW = 3  # L1787-1789
FOOD_SHORT_CULTURE = 4  # L1758 (ruling §8.1: not L1897's "workers")
HAPPY_MAX = 8  # L891


WAR_OVER_CULTURE = "iii_war_over_culture"  # 为文化而战, the Age III war of the short game (L2230)


def short_game(d: Data) -> bool:
    """The short-game variant 简易模式 (L2220-2247) is on: full rules, Ages A-II only."""
    return d["mode"] == "full" and bool(d["short"])


def final_age(d: Data) -> int:
    """The age whose start ends the game: III in the first game and the short game, IV in full."""
    return 3 if d["mode"] == "simple" or d["short"] else 4


def pop_cost(yellow: int) -> int | None:
    """Food to increase population with ``yellow`` tokens in the yellow bank (L656, L661, L677;
    public table §7.3). None when the bank is empty (L681)."""
    if yellow <= 0:
        return None
    if yellow >= 17:
        return 2
    if yellow >= 13:
        return 3
    if yellow >= 9:
        return 4
    if yellow >= 5:
        return 5
    return 7


def consumption(yellow: int) -> int:
    """Food eaten at the end of a turn: the leftmost uncovered red number (L1748-1750, L677)."""
    if yellow >= 17:
        return 0
    if yellow >= 13:
        return 1
    if yellow >= 9:
        return 2
    if yellow >= 5:
        return 3
    if yellow >= 1:
        return 4
    return 6


def happy_needed(yellow: int) -> int:
    """Happy faces needed: the circled number over the leftmost empty section (L1624, L1638)."""
    if yellow >= 17:
        return 0
    if yellow >= 13:
        return 1
    if yellow >= 11:
        return 2
    if yellow >= 1:
        return 3 + (10 - yellow) // 2
    return 8


def corruption(blue: int) -> int:
    """Resources lost to corruption with ``blue`` tokens in the blue bank (L1720-1722, L2148; §7.3)."""
    if blue >= 11:
        return 0
    if blue >= 6:
        return 2
    if blue >= 1:
        return 4
    return 6


def new_player(seat_order: int, workers: dict[str, int], farm: str, mine: str, gov: str) -> Player:
    """A player board at setup (L58-76, L147-161, L225-279): six initial technologies with their
    workers, 18 yellow in the bank and 1 unused worker, 16 blue tokens."""
    return {
        "civil_hand": [],  # civil cards (public, L454-456)
        "military_hand": [],  # military hand (secret)
        "taken_this_turn": [],  # civil cards taken this turn (action cards wait a turn, L1202)
        # worker-holding technologies in play: card id -> workers; initial techs printed on the board
        "workers": dict(workers),
        "blue_tokens": {farm: 0, mine: 0},  # blue tokens on farm/mine cards
        "specials": [],
        "government": gov,
        "leader": None,
        "leader_ages": [],  # ages of every leader taken (one per age, ever: L406-408)
        "wonder": None,  # unfinished wonder: {"id", "built": [stage costs covered]}
        "wonders": [],  # completed wonders
        "colonies": [],
        "pact": None,  # full mode: the pact card in this player's own area
        "tactic": None,  # the card the tactics marker stands on
        "exclusive_tactic": None,  # own tactic played, still in the play area (L1529-1533)
        "tactic_done": False,  # played or copied a tactic this turn (L1508, L2198)
        "yellow_bank": YELLOW_START,
        "unused_workers": 1,
        "blue_bank": BLUE_START,
        "science": 0,
        "culture": 0,
        "ca_total": 4,
        "ma_total": 2,
        "ca_used": 0,
        "ma_used": 0,
        "temporary_ma": 0,  # Patriotism-type temporary MA (L1256-1264)
        "military_resources": 0,  # Patriotism-type resources for units, this turn only
        "political_done": False,  # used the political action this turn (L1330-1332)
        "acted": False,  # took an action-phase action this turn (ends the political phase)
        "caesar_used": False,  # Julius Caesar's extra political action, once per game (L794)
        "ma_as_ca_used": False,  # Hammurabi: one MA spent as a CA this turn
        "skip_political": False,  # gives up the next political action (International Agreement)
        "ravaged": [],  # wonders turned face down by Ravages of Time: 2 culture, no effect
        "under_wonder": [],  # wonders with Homer slid under them: +1 happy face each (P1)
        "leader_replaced": False,  # replaced the leader this turn (Taj Mahal, P1)
        "once_used": [],  # once-per-turn abilities used this turn (J.S. Bach, Trade Routes)
        "peek": None,  # the top current event Joan of Arc looked at this turn (owner only)
        "discounts": [],  # this turn's one-shot discounts (action cards, events)
        "pact_sides": [],  # [pact card, side] in effect for this player (full mode)
        "order": seat_order,
        "resigned": False,
    }


def level(age: int) -> str:
    return AGES[age]
