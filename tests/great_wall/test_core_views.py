"""Core rule tests: what each seat sees (L166: resources and hands behind the screen, decks hidden; the
command choice sealed until all have chosen, L608; the Horde deck's top back is public, A6)."""

from __future__ import annotations

from typing import Any

from tests.great_wall.helpers import game, new_state


def _after_draft(players: int = 3, seed: int = 3) -> Any:
    gm = game()
    state = new_state(players, seed)
    for seat in list(gm.to_move(state)):
        state = gm.apply(state, seat, gm.legal_actions(state, seat)[0])
    return state


def test_a_seat_sees_its_own_screen_and_hand_and_only_counts_of_the_others() -> None:
    """L166: resources, command hand and Tactics are behind the screen; the others see counts."""
    gm = game()
    state = _after_draft()
    g = state.data
    mine, theirs = gm.view(state, 0)["clans"][0], gm.view(state, 0)["clans"][1]
    assert mine["res"] == g["players"][0]["res"] and mine["hand"] == g["players"][0]["hand"]
    assert mine["tactics"] == g["players"][0]["tactics"]
    assert theirs["res"] is None and theirs["hand"] is None and theirs["tactics"] is None
    assert theirs["hand_count"] == 6 and theirs["tactics_count"] == len(g["players"][1]["tactics"])
    public = gm.view(state, None)
    assert all(c["res"] is None and c["hand"] is None for c in public["clans"])


def test_decks_are_counts_and_the_horde_top_back_is_public() -> None:
    """L166: every deck is hidden; A6: the invasion indicator on the top card's back is read by the
    rules, so it is shown."""
    gm = game()
    state = _after_draft()
    v = gm.view(state, 1)
    g = state.data
    assert v["horde_deck"] == len(g["horde_deck"]) and v["tactic_deck"] == len(g["tactic_deck"])
    assert v["advisor_deck"] == len(g["advisor_deck"])
    assert v["horde_indicator"] in (0, 1, 2)
    text = str(v)
    assert g["horde_deck"][0] not in text  # the bottom card's id appears nowhere


def test_the_draft_options_are_private() -> None:
    """L152-156: the Generals and Advisors dealt are face down until kept."""
    gm = game()
    state = new_state(3, 8)
    dealt = state.data["players"][2]["draft"]
    assert gm.view(state, 2)["clans"][2]["draft"] == dealt
    for viewer in (0, 1, None):
        text = str(gm.view(state, viewer))
        assert not any(c in text for c in dealt["generals"] + dealt["advisors"])


def test_command_choices_stay_sealed_until_all_have_chosen() -> None:
    """L608: cards are chosen face down and revealed together."""
    gm = game()
    state = _after_draft()
    state = gm.apply(state, 0, {"type": "command", "card": "despotism"})
    state = gm.apply(state, 1, {"type": "command", "card": "economy"})
    for viewer in (1, 2, None):
        v = gm.view(state, viewer)
        assert "despotism" not in str({k: v[k] for k in v if k != "clans"})
        assert v["decisions"][-1]["answered"] == [0, 1]
    state = gm.apply(state, 2, {"type": "command", "card": "edict"})
    assert gm.view(state, 1)["chosen"] == {"0": "despotism", "1": "economy", "2": "edict"}
    assert state.data["decisions"][-1]["kind"] == "slot"
    assert not gm.can_undo(state)  # the reveal is an undo barrier


def test_the_phase_names_the_season() -> None:
    gm = game()
    state = new_state(3, 1)
    assert gm.view(state, 0)["phase"]["kind"] == "setup"
    state = _after_draft(3, 1)
    v = gm.view(state, 0)
    assert v["phase"]["kind"] == "autumn" and "Autumn" in v["phase"]["name"]["en"]
