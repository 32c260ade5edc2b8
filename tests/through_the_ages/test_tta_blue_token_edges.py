"""Blue tokens at the edges of the exact token model (L1084-1116, L1220-1228): paying a single
resource takes a token, and a gain placed while the bank runs low still uses the last token in the
bank. (Found by surviving mutants of scripts/mutate.py, seed 17, in tokens.py.)"""

from __future__ import annotations

from tta_helpers import fresh

from pygame_core.games.through_the_ages import tokens


def _player():
    p = fresh(2, round_=2).data["players"][0]
    p["blue_tokens"].update({"a_agriculture": 0, "i_irrigation": 0, "a_bronze": 2})
    p["workers"].update({"i_irrigation": 0})
    return p


def test_paying_a_single_resource_takes_one_token_l1096():
    p = _player()
    bank = p["blue_bank"]
    tokens.pay(p, "mine", 1)
    assert tokens.amount(p, "mine") == 1 and p["blue_tokens"]["a_bronze"] == 1 and p["blue_bank"] == bank + 1


def test_a_gain_uses_the_last_token_in_the_bank_l1220_l1228():
    """3 food with 2 tokens left in the bank: one on Irrigation (2), then the last on Agriculture (1)."""
    p = _player()
    p["blue_bank"] = 2
    tokens.gain(p, "farm", 3)
    assert tokens.amount(p, "farm") == 3 and p["blue_bank"] == 0
    assert (p["blue_tokens"]["i_irrigation"], p["blue_tokens"]["a_agriculture"]) == (1, 1)
