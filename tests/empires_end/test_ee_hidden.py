"""Hidden information and undo (kernel rule: undo never steps back past a reveal).

An action that shows a card from a hidden hand (build L353, sell L359, the quick game's execute
L662) is an undo barrier, and so is one whose visible outcome gives a hidden card away (the
positions an executed card destroys). Re-dealing what a seat cannot see changes every hidden card:
deck order, other hands, face-down discards, unshown queued cards."""

from __future__ import annotations

from ee_helpers import edit, fresh, legal, play, set_phase

from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.data import CARD_NAME
from pygame_core.games.empires_end.decisions import queue, steps_of
from pygame_core.games.empires_end.hidden import hidden_card_slots
from pygame_core.kernel.state import canonical


def _first_legal_until_seat_0_builds():
    s = GAME.new_game(2, seed=1)
    while not any(a["type"] == "build" for a in legal(s, 0)):
        seat = GAME.to_move(s)[0]
        acts = legal(s, seat)
        s = play(s, seat, next((a for a in acts if a["type"] == "order"), acts[0]))
    return s


def test_build_and_sell_show_a_hand_card_so_they_cannot_be_undone():
    """The reported game: seed 1, first legal action each turn, until seat 0 is in the Industry
    phase holding plague-09 (L353-359)."""
    s = _first_legal_until_seat_0_builds()
    assert "plague-09" in s.data["seats"][0]["hand"]
    assert GAME.can_undo(s, 0)
    for action in ({"type": "sell", "card": "plague-09"},
                   next(a for a in legal(s, 0) if a["type"] == "build" and a["card"] == "plague-09")):
        after = play(s, 0, action)
        assert not GAME.can_undo(after) and not GAME.can_undo(after, 0), action


def test_discarding_both_cards_face_down_can_be_undone():
    """L359-361: the discarded cards are not shown, so nothing was revealed."""
    def fn(d):
        set_phase(d, "industry")
        d["seats"][0]["hand"] = ["fire-01", "fire-02"]
        d["seats"][0]["industry"]["cards_used"] = 2
    s = edit(fresh(2), fn)
    after = play(s, 0, {"type": "discard_rest"})
    assert GAME.can_undo(after, 0)
    assert after.data["seats"][0]["known_discards"] == ["fire-01", "fire-02"]
    for viewer in (None, 1):
        assert "fire-01" not in canonical(GAME.view(after, viewer))


def test_quick_execute_shows_both_cards_and_cannot_be_undone():
    """L662: both cards are executed face up; others see their names (three languages)."""
    s = GAME.new_game(2, 1, {"mode": "quick"})
    after = play(s, 0, {"type": "execute", "cards": ["plague-09", "barbarians-07"]})
    assert not GAME.can_undo(after, 0) and not GAME.can_undo(after)
    texts = [e["text"] for e in GAME.view(after, 1)["log"] if "executes" in e["text"]["en"]]
    assert texts, "the execution is logged for the other seat"
    for lang in ("en", "zh-Hant", "zh-Hans"):
        assert CARD_NAME["plague-09"][lang] in texts[0][lang]
        assert CARD_NAME["barbarians-07"][lang] in texts[0][lang]


def test_executed_cards_give_their_targets_away_so_the_destruction_is_a_barrier():
    """Fire 5 + Flood 3 (L662): the other seat watches positions 5 and 3 fall, which names the
    cards even without their names; the step cannot be undone."""
    s = GAME.new_game(2, 1, {"mode": "quick"})

    def fn(d):
        d["seats"][0]["hand"] = ["fire-05", "flood-03", "fire-01", "fire-02"]
        d["deck"] = [c for c in d["deck"] if c not in d["seats"][0]["hand"]]
    s = edit(s, fn)
    after = play(s, 0, {"type": "execute", "cards": ["fire-05", "flood-03"]})
    locs = after.data["seats"][0]["locations"]
    assert not locs[4]["intact"] and not locs[2]["intact"]
    assert not GAME.can_undo(after, 0)


def test_redetermine_deals_every_hidden_card_and_keeps_shown_ones():
    """A queued card nobody was shown, another seat's hand, the deck and face-down discards are
    re-dealt; a sold (face-up) discard and the viewer's own face-down discards stay."""
    def fn(d):
        set_phase(d, "industry")
        # seat 0 took fire-04 (shown) and has flood-06 queued, never shown
        queue(d, 0, [{"kind": "place", "card": "fire-04"}, {"kind": "place", "card": "flood-06"}])
        for c in ("fire-04", "flood-06", "fire-01", "fire-02", "fire-03"):
            for pile in [d["deck"], *[p["hand"] for p in d["seats"]]]:
                if c in pile:
                    pile.remove(c)
        d["discard"] = ["fire-01", "fire-02", "fire-03"]
        d["face_up"] = ["fire-01", "fire-04"]           # sold / taken: everyone knows
        d["seats"][0]["known_discards"] = ["fire-02"]   # seat 0 discarded it face down
        d["seats"][1]["known_discards"] = ["fire-03"]   # seat 1 discarded it face down
    s = edit(fresh(2), fn)
    hidden = {box[k] for box, k in hidden_card_slots(s.data, 1)}
    assert "flood-06" in hidden and "fire-02" in hidden
    assert "fire-01" not in hidden and "fire-03" not in hidden
    assert not set(s.data["seats"][1]["hand"]) & hidden
    queued, hands, decks = set(), set(), set()
    for k in range(12):
        r = GAME.redetermine(s, 1, k).data
        queued.add(steps_of(r, 0)[1]["card"])
        assert steps_of(r, 0)[0]["card"] == "fire-04"
        hands.add(tuple(r["seats"][0]["hand"]))
        decks.add(tuple(r["conflict_deck"]))
        assert r["discard"][0] == "fire-01" and r["discard"][2] == "fire-03"
        assert r["seats"][1]["hand"] == s.data["seats"][1]["hand"]
        assert canonical(GAME.view(GAME.redetermine(s, 1, k), 1)) == canonical(GAME.view(s, 1))
    assert len(queued) > 1 and len(hands) > 1 and len(decks) > 1
    # once shown, the queued card is known to everyone and stays
    shown = edit(s, lambda d: d["face_up"].append("flood-06"))
    assert all(steps_of(GAME.redetermine(shown, 1, k).data, 0)[1]["card"] == "flood-06"
               for k in range(6))
