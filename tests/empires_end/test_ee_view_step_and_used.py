"""What the view tells the table about the current step and the abilities already used.

- In a Disaster phase the players in turn pass or take the card (L232-234): the view names that step
  `pass_or_take`, which the page reads to draw the pass and take buttons; no other phase has it.
- In the Economy phase each green ability is activated at most once (L300-302): the view marks a
  location's ability `used` from its first use, so the page shows it spent.
(Found by surviving mutants of scripts/mutate.py on the merged main: views.py's `in` of the disaster
phases and the `> 0` of the used count.)"""

from __future__ import annotations

from ee_helpers import edit, fresh, give, legal, play, res, set_phase

from pygame_core.games.empires_end import GAME


def test_a_disaster_turn_is_the_pass_or_take_step_L232():
    s = fresh(2)
    assert (s.data["phase"], s.data["step"]) == ("disaster", "turn")
    for viewer in (0, 1, None):
        assert GAME.view(s, viewer)["phase"]["step"] == "pass_or_take"


def test_no_other_phase_shows_the_pass_or_take_step_L300():
    s = fresh(2)
    for _ in range(200):
        if s.data["phase"] == "economy":
            break
        seat = GAME.to_move(s)[0]
        s = play(s, seat, legal(s, seat)[0])
    assert s.data["phase"] == "economy"
    assert GAME.view(s, 0)["phase"]["step"] == s.data["step"] != "pass_or_take"


def test_an_ability_is_shown_used_from_its_first_use_L300():
    s = fresh(2)
    for _ in range(200):
        seat = GAME.to_move(s)[0]
        uses = [a for a in legal(s, seat) if a["type"] == "use" and a["src"].startswith("L:")]
        if uses and s.data["phase"] == "economy":
            break
        s = play(s, seat, legal(s, seat)[0])
    else:
        raise AssertionError("no location ability was ever usable")
    src = uses[0]["src"]
    loc = src[2:]
    before = {x["id"]: x["used"] for x in GAME.view(s, seat)["empires"][seat]["locations"]}
    assert before[loc] is False
    s = play(s, seat, uses[0])
    assert s.data["seats"][seat]["used"][src] == 1
    for viewer in (seat, 1 - seat, None):
        after = {x["id"]: x["used"] for x in GAME.view(s, viewer)["empires"][seat]["locations"]}
        assert after[loc] is True, viewer


def test_an_innovation_is_shown_unused_until_it_is_used_L300():
    def fn(d):
        give(d, 0, 1, "rebellion-01")
    s = edit(fresh(2), fn)
    inn = GAME.view(s, 0)["empires"][0]["locations"][0]["innovations"]
    assert [(x["card"]["id"], x["used"]) for x in inn] == [("rebellion-01", False)]


def test_an_innovation_is_shown_used_from_its_first_use_L300():
    def fn(d):
        set_phase(d, "economy")
        give(d, 0, 1, "flood-11")  # economy: convert wheat to coin
        d["seats"][0]["resources"] = res(wheat=2)
    s = edit(fresh(2), fn)
    use = {"type": "use", "src": "I:flood-11", "to": "coin"}
    assert use in legal(s, 0)
    s = play(s, 0, use)
    assert s.data["seats"][0]["used"]["I:flood-11"] == 1
    for viewer in (0, 1, None):
        inn = GAME.view(s, viewer)["empires"][0]["locations"][0]["innovations"]
        assert [(x["card"]["id"], x["used"]) for x in inn] == [("flood-11", True)], viewer
