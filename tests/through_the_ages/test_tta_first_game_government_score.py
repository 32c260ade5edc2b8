"""First-game final scoring (L1916): each Age I technology card gives 1 culture, each Age II one 2, and
the government card counts double. Despotism, the Age A government every player starts with, is no
Age I or II technology, so it gives nothing; Monarchy (Age I) gives 2, a Republic (Age II) 4. (Found
by a surviving mutant of scripts/mutate.py on the merged main: the government's default of 0.)"""

from __future__ import annotations

from tta_helpers import fresh

from pygame_core.games.through_the_ages.scoring import first_game_parts


def _technologies(government: str) -> int:
    p = fresh(2, "simple").data["players"][0]
    p["government"] = government
    return first_game_parts(p)["technologies"]


def test_despotism_gives_no_culture_and_a_later_government_counts_double_L1916():
    start = fresh(2, "simple").data["players"][0]
    assert start["government"] == "a_despotism"
    assert _technologies("a_despotism") == 0  # the starting cards are all Age A
    assert _technologies("i_monarchy") == 2
    assert _technologies("ii_republic") == 4
