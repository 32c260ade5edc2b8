"""Rules that mutants of the Empire's End rule code (scripts/mutate.py) showed no test checked. Each
test cites the seed lines (003_812ab895ee4e74e5.txt) it checks."""

from __future__ import annotations

from ee_helpers import edit, fresh, legal, res, set_phase

from pygame_core.games.empires_end import GAME, disaster
from pygame_core.games.empires_end.conflict import row_for
from pygame_core.games.empires_end.data import CONFLICTS


def test_a_conflict_row_covers_both_of_its_printed_bounds_L458_L467():
    """L458, L467: each total strength falls in at most one of the card's three rows; a row's printed
    lowest and highest totals both belong to it, and a total between rows gets nothing."""
    for card in CONFLICTS.values():
        for row in card["rows"]:
            for bound in (row["min"], row["max"]):
                if bound is not None:
                    assert row_for(card, bound) is row, (card["id"], bound)
    card = CONFLICTS["conflict-01"]
    assert [r["min"] for r in card["rows"]] == [None, 5, 7] and card["rows"][0]["max"] == 2
    assert row_for(card, 3) is None and row_for(card, 4) is None


def test_only_fewer_than_five_resources_may_trade_in_a_shortage_L270():
    """L270: a player with *fewer than* 5 resources may lose 2 points for 1 coin; with 5 it may not."""
    for wheat, allowed in ((4, True), (5, False)):
        s = edit(fresh(2), lambda d, w=wheat: d["seats"][0].update(resources=res(wheat=w)))
        acts = disaster.shortage_legal(s.data, 0)
        assert ({"type": "shortage"} in acts) is allowed
        assert {"type": "shortage_done"} in acts


def test_the_ranked_intact_location_exists_with_exactly_that_many_intact_L459():
    """L459: the card names the n-th highest-valued intact location; with exactly n intact ones it is
    the lowest of them, with fewer there is none."""
    from pygame_core.games.empires_end.empire import points, ranked_intact

    locs = fresh(2).data["seats"][0]["locations"]
    for i, x in enumerate(locs):
        x["intact"] = i in (2, 6)
    low = min((2, 6), key=lambda i: (points(locs[i]), i))
    assert ranked_intact(locs, 2) == low + 1
    assert ranked_intact(locs, 3) is None


def test_a_seat_that_is_done_has_no_actions_until_the_phase_ends():
    """Simultaneous phases (L151, L302): a player who has finished waits for the others; it has nothing
    to do while they play on."""
    def fn(d):
        set_phase(d, "economy")
        d["seats"][0]["done"] = True
    s = edit(fresh(2), fn)
    assert legal(s, 0) == [] and legal(s, 1)
    assert GAME.to_move(s) == [1]


def test_secret_tokens_leave_out_other_seats_pending_cards():
    """Hidden information: a card another seat is still placing is not among this seat's secrets; the
    seat's own pending card is."""
    from pygame_core.kernel import decisions as stack

    s = fresh(2)
    d = s.data
    theirs, mine = d["deck"][0], d["deck"][1]
    stack.push(d, "place", [1], blocking=False, card=theirs)
    stack.push(d, "place", [0], blocking=False, card=mine)
    tokens = GAME.secret_tokens(s, 0)
    assert mine in tokens and theirs not in tokens


def test_the_industry_refill_draws_a_single_missing_card_L361():
    """L361: at the end of its Industry phase a player refills its hand to the hand size, even when
    just one card is missing."""
    from pygame_core.games.empires_end import industry
    from pygame_core.kernel import Ctx
    from pygame_core.kernel.rng import Rng

    s = fresh(2)
    d = s.data
    p = d["seats"][0]
    p["hand"] = list(d["deck"][: d["hand_size"] - 1])
    del d["deck"][: d["hand_size"] - 1]
    industry.finish(Ctx(d, Rng(s.rng), s.players, s.options, 0), 0)
    assert len(p["hand"]) == d["hand_size"]


def test_the_view_marks_only_abilities_used_this_phase_L300_L302():
    """L300-302: in the Economy phase each player uses its intact locations' abilities in any order; the
    view shows which ones it has used, and at the start of the phase none is."""
    def fn(d):
        set_phase(d, "economy")
    s = edit(fresh(2), fn)
    for seat in (None, 0, 1):
        for civ in GAME.view(s, seat)["empires"]:
            assert not any(x["used"] for x in civ["locations"])
