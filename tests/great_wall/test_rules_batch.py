"""Checklist item 57 (digest §9): card effects that trigger at the same moment resolve together, and a
resource one of them gains cannot pay for another of the same moment (seed L480: the Chi a General's
ability gives when a Tactic is played cannot pay that Tactic's enhanced cost).

Here the moment is a donation (L380): the Minister of Agriculture's Chi (an Active Advisor, on_donate)
and the Charity Tactic (played in the on_donate window) fire together, so that Chi comes too late for
Charity's enhanced cost. Numbers are read from the data (authored, digest G1-G13).
"""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.games.great_wall import cards
from tests.great_wall.helpers import answer, blank, ctx_for, legal, put_clerks, run, set_res, waiting

Data = dict[str, Any]
TACTIC, ADVISOR = "charity", "minister_of_agriculture"


def _advisor_chi() -> int:
    ability = cards.advisor(ADVISOR)["ability"]
    assert ability["trigger"] == "on_donate" == cards.tactic(TACTIC)["window"]
    (gain,) = ability["effects"]
    assert gain["op"] == "gain" and set(gain) == {"op", "chi"}
    return int(gain["chi"])


def _donating(chi: int) -> tuple[Data, Any]:
    """Seat 0 at the Lumber mill (with seat 1, so no yellow-flag shame, L236) with ``chi`` Chi, Charity
    in hand and the Minister Active, at its donation (after collecting and passing on the overseers)."""
    g = blank(3, tea=[0, 1, 2])
    p = g["players"][0]
    p["tactics"], p["active"] = [TACTIC], [ADVISOR]
    set_res(g, 0, chi=chi)
    put_clerks(g, "lumber_mill", [0, 1])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "lumber_mill", "advanced": False})
    while (d := waiting(ctx)) is not None and d["kind"] != "donate":
        answer(ctx, {"type": "pass"})
    assert d is not None and d["seats"] == [0]
    answer(ctx, {"type": "use", "location": "lumber_mill", "donate": "wood"})
    d = waiting(ctx)
    assert d is not None and d["kind"] == "tactic" and d["seats"] == [0]
    return g, ctx


def test_chi_gained_at_a_donation_cannot_pay_a_tactic_of_the_same_donation() -> None:
    """L480 (with L380, L464): short of Charity's enhanced cost by the Chi the Minister gives at the same
    donation, the seat may play Charity's basic effect only; the Minister's Chi arrives with the batch."""
    cost = int(cards.tactic(TACTIC)["enhanced"]["chi"])
    gain = _advisor_chi()
    assert gain >= 1 and cost >= 1
    g, ctx = _donating(cost - 1)
    p = g["players"][0]
    acts = legal(ctx, 0)
    assert {"type": "tactic", "card": TACTIC, "enhanced": False} in acts
    assert {"type": "tactic", "card": TACTIC, "enhanced": True} not in acts
    answer(ctx, {"type": "pass"})
    assert p["res"]["chi"] == cost - 1 + gain  # the batch ran: the Chi came, too late for Charity


@pytest.mark.parametrize("enhanced", [False, True])
def test_chi_held_before_the_donation_pays_the_enhanced_tactic(enhanced: bool) -> None:
    """L464, L480: Chi held before the moment pays the enhanced cost; the Minister's Chi still comes."""
    cost = int(cards.tactic(TACTIC)["enhanced"]["chi"])
    gain = _advisor_chi()
    g, ctx = _donating(cost)
    p = g["players"][0]
    honor = int(p["honor"])
    play = {"type": "tactic", "card": TACTIC, "enhanced": enhanced}
    assert play in legal(ctx, 0)
    answer(ctx, play)
    effs = cards.tactic(TACTIC)["enhanced"]["effects"] if enhanced else cards.tactic(TACTIC)["basic"]
    assert [e["op"] for e in effs] == ["honor"]
    assert p["honor"] == honor + int(effs[0]["n"])
    assert p["res"]["chi"] == (0 if enhanced else cost) + gain
    assert p["tactics"] == []
