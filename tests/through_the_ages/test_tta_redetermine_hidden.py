"""Re-dealing what a seat cannot see (``redetermine``, used by the bots and the hidden-information
checks) must re-deal exactly the cards that seat does not know: not the ones it has looked at, and all
the others. (Found by surviving mutants of scripts/mutate.py in game.py's redetermine.)"""

from __future__ import annotations

import random

from tta_helpers import edit, fresh, play

from pygame_core.games.through_the_ages import GAME
from pygame_core.games.through_the_ages.catalog import CARDS

SHORT = {"short": True}


def _joan_position():
    def setup(d):
        d["players"][0].update(leader="i_joan_of_arc")
        d["current_events"] = ["a_development_of_science", "i_rats"]
    return edit(fresh(2, "full", round_=2), setup)


def test_the_top_current_event_is_unknown_to_a_seat_that_has_not_looked_l299_l1361():
    """The current events are face down (L299, L1361); only Joan of Arc's owner, once it has looked,
    knows the top one (her card text). Every other seat, and the public, may see any card there."""
    s = _joan_position()
    for seat in (1, None):
        tops = {GAME.redetermine(s, seat, k).data["current_events"][-1] for k in range(12)}
        assert len(tops) > 1, seat


def test_joan_of_arcs_owner_keeps_the_top_event_it_looked_at_l299():
    s = play(_joan_position(), {"type": "peek"})
    assert all(GAME.redetermine(s, 0, k).data["current_events"][-1] == "i_rats" for k in range(12))
    assert {GAME.redetermine(s, 1, k).data["current_events"][-1] for k in range(12)} != {"i_rats"}


def test_after_age_i_a_player_knows_its_own_age_iii_events_not_the_others_l2228_l2239():
    """L2228: nobody may look at the dealt Age III events before Age I ends; then each player looks
    at its own two and not at anyone else's (L2239)."""
    def setup(d):
        d["age"] = 1
        d["civil_deck"] = ""
    s = play(edit(fresh(2, "full", round_=2, **SHORT), setup), {"type": "end"})
    assert s.data["age"] == 2
    mine, theirs = s.data["age_iii_held"]
    worlds = [GAME.redetermine(s, 0, k).data["age_iii_held"] for k in range(12)]
    assert all(w[0] == mine for w in worlds)
    assert any(w[1] != theirs for w in worlds)


def test_a_re_dealt_events_deck_holds_only_events_and_territories_l1334_l1338():
    """Only an event or a territory can be planned as an event (L1334), face down in the future events
    deck (L1338): a seat that cannot see those cards still knows what kind they are, so a world it
    cannot tell apart never holds an aggression, a pact, a war, a tactic or a bonus there (a search
    bot's playout once resolved an aggression as an event and broke). Full game, 3 players, random play
    into Age I, many worlds for every seat."""
    s = GAME.new_game(players=3, seed=5, options={"mode": "full"})
    rng = random.Random(5)
    checked = 0
    for n in range(400):
        if GAME.is_over(s):
            break
        seat = rng.choice(GAME.to_move(s))
        s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        if n % 20 or not s.data["future_events"]:
            continue
        for seat_ in (0, 1, 2, None):
            for k in range(6):
                d = GAME.redetermine(s, seat_, k).data
                cards = [c for c, _ in d["future_events"]] + list(d["current_events"])
                assert all(CARDS[c]["category"] in ("event", "territory") for c in cards), (n, seat_, k)
                checked += 1
    assert checked > 50
