"""Cards turned face up stay public (L662: the quick game's two executed cards are executed face up).
Re-dealing what another seat cannot see (``redetermine``, used by the bots and the leak checks) must
keep them where they are, and they are no longer this seat's secrets. (Found by a surviving mutant of
scripts/mutate.py: model.show() not recording a newly shown card.)"""

from __future__ import annotations

from ee_helpers import edit, fresh, give, play, set_disaster

from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.decisions import steps_of

EXECUTED = ["plague-09", "barbarians-07"]


def _executed():
    s = GAME.new_game(2, 1, {"mode": "quick"})
    assert set(EXECUTED) <= set(s.data["seats"][0]["hand"])
    return play(s, 0, {"type": "execute", "cards": EXECUTED})


def test_the_executed_cards_are_public_while_they_wait_to_be_placed_L662():
    s = _executed()
    assert [(x["kind"], x["card"]) for x in steps_of(s.data, 0)] == [("place", c) for c in EXECUTED]
    assert GAME.view(s, 1)["pending"]["card"]["id"] == EXECUTED[0]
    for seed in range(8):
        world = GAME.redetermine(s, 1, seed)
        assert [x["card"] for x in steps_of(world.data, 0)] == EXECUTED, seed


def test_shown_cards_are_not_secrets_of_their_owner_L662():
    s = _executed()
    tokens = GAME.secret_tokens(s, 0)
    assert not set(EXECUTED) & set(tokens)
    assert set(s.data["seats"][0]["hand"]) <= set(tokens)


def test_a_changed_disaster_goes_to_the_discard_pile_face_up_L588_L590():
    """L588-590: Change disaster discards the open card, which everyone has seen; re-dealing another
    seat's unknowns leaves it on the discard pile."""
    def fn(d):
        set_disaster(d, ["fire-09"], start=0)
        give(d, 0, 1, "barbarians-02")  # change disaster
    s = play(edit(fresh(2), fn), 0, {"type": "change", "card": 0, "src": "I:barbarians-02"})
    assert s.data["discard"][-1] == "fire-09"
    for seat in (1, None):
        assert all(GAME.redetermine(s, seat, k).data["discard"][-1] == "fire-09" for k in range(8)), seat
    assert "fire-09" not in GAME.secret_tokens(s, 1)
