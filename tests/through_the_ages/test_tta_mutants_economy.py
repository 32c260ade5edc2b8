"""Rules that mutants of the rule code (scripts/mutate.py) showed no test checked: the bank tables
at every count, the uprising threshold, the peaceful decks, first-game and short-game scoring, the
deck counts in the view."""

from __future__ import annotations

from collections import Counter

from tta_helpers import edit, fresh, p0, play

from pygame_core.games.through_the_ages import GAME, decks, scoring, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import consumption, corruption, happy_needed, pop_cost
from pygame_core.games.through_the_ages.ratings import stats
from pygame_core.kernel import Ctx
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import State


def test_yellow_bank_table_at_every_count_l656_l677_l1624_l1638_l1748():
    """Food to grow, consumption and happy faces needed for 18 down to 0 tokens in the yellow bank:
    the seed gives the first section (L661, L677: 2 food twice, then 3; -1 food; L1638: 1 face) and
    the leftmost uncovered number rule (L1624, L1748-1750); the rest is the public table (digest §7.3)."""
    banks = list(range(18, -1, -1))
    assert [pop_cost(y) for y in banks] == [2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 7, 7, 7, 7, None]
    assert [consumption(y) for y in banks] == [0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 6]
    assert [happy_needed(y) for y in banks] == [0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8]


def test_blue_bank_corruption_at_every_count_l1720_l1722():
    """No corruption with 11+ tokens in the blue bank (L1722); then the leftmost uncovered negative:
    -2 (10-6), -4 (5-1), -6 (empty) (digest §7.3)."""
    got = [corruption(b) for b in range(16, -1, -1)]
    assert got == [0] * 6 + [2] * 5 + [4] * 5 + [6]


def _discontent(yellow: int, unused: int):
    def setup(d):
        p = d["players"][0]
        p["yellow_bank"] = yellow
        p["unused_workers"] = unused
    return edit(fresh(2, round_=2), setup)


def test_uprising_only_when_discontent_exceeds_unused_workers_l1630_l1702():
    """L1702: production is skipped only if the discontent workers *exceed* the unused workers; with
    as many unused workers as discontent ones production happens."""
    s = _discontent(10, 3)
    p = p0(s)
    assert happy_needed(10) - stats(p)["happiness"] == 3
    science, blue = p["science"], p["blue_bank"]
    after = p0(play(s, {"type": "end"}))
    assert after["science"] == science + stats(p)["science"]                 # produced
    assert after["blue_bank"] < blue
    s = _discontent(10, 2)                                                   # 3 discontent > 2 unused
    after = p0(play(s, {"type": "end"}))
    assert (after["science"], after["blue_bank"]) == (p0(s)["science"], p0(s)["blue_bank"])


def test_peaceful_game_removes_aggressions_wars_and_war_pacts_l2249_l2253():
    """L2251: no aggressions, wars or pacts; L2253: the 4 pacts not about war may stay."""
    d = GAME.new_game(players=4, seed=5, options={"mode": "full", "peaceful": True}).data
    cards = [c for pile in d["military_decks"].values() for c in decks.unpack(pile)]
    kinds = Counter(CARDS[c]["kind"] for c in cards)
    assert kinds["aggression"] == kinds["war"] == 0
    pacts = {c for c in cards if CARDS[c]["kind"] == "pact"}
    assert pacts and all(CARDS[c]["no_war_theme"] for c in pacts)
    assert len({c for c in CARDS if CARDS[c]["kind"] == "pact" and CARDS[c].get("no_war_theme")}) == 4
    assert kinds["event"] and kinds["tactic"] and kinds["territory"]                # the rest stays
    war = GAME.new_game(players=4, seed=5, options={"mode": "full"}).data
    kinds = Counter(CARDS[c]["kind"] for pile in war["military_decks"].values() for c in decks.unpack(pile))
    assert kinds["aggression"] and kinds["war"]


def test_view_counts_the_cards_in_each_pile():
    """The public deck sizes: 0 for an empty pile, else the number of cards."""
    def setup(d):
        d["civil_deck"] = "a_homer"
        d["military_deck"] = "i_legion,i_immigration,i_fighting_band"
        d["military_discards"] = ""
    v = GAME.view(edit(fresh(2, round_=2), setup), 1)
    assert (v["civil_deck"], v["military_deck"], v["military_discards"]) == (1, 3, 0)
    assert decks.size("") == 0 and decks.size("a,b") == 2


def test_military_draw_one_per_unused_ma_l1783_l1785():
    """Each unused MA draws one military card at the end of the turn (L1783), and the log says how many."""
    def setup(d):
        d["age"] = 1
        d["military_deck"] = "i_legion,i_immigration,i_fighting_band,i_vast_territory"
        d["players"][0]["ma_used"] = 0                                      # 2 MA unused
    s = play(edit(fresh(2, round_=2), setup), {"type": "end"})
    assert len(p0(s)["military_hand"]) == 2 and decks.size(s.data["military_deck"]) == 2
    assert any("draws 2 military card" in line["text"]["en"] for line in s.log)


def _final(s: State) -> list[int]:
    ctx = Ctx(s.data, Rng(s.rng), s.players, s.options, 0)
    scoring.final(ctx)
    return [p["culture"] for p in ctx.data["players"]]


def test_first_game_scoring_counts_ages_and_doubles_the_government_l1916():
    """L1916: each Age I technology 1 culture, each Age II technology 2; the government counts double
    (an Age II government 4); Age A cards score nothing."""
    def setup(d):
        p = d["players"][0]
        p["government"] = "ii_republic"
        p["workers"]["i_alchemy"] = 0
        p["workers"]["ii_journalism"] = 0
    s = edit(fresh(2, round_=2), setup)
    assert scoring.first_game_parts(p0(s))["technologies"] == 4 + 2 + 1
    s = edit(s, lambda d: d["players"][0].update(government="i_monarchy"))
    assert scoring.first_game_parts(p0(s))["technologies"] == 2 + 2 + 1


def test_short_game_scores_six_per_age_ii_wonder_only_l2243():
    """L2243: +6 culture for each completed Age II wonder; Age A and Age I wonders give nothing here."""
    def setup(d):
        d["current_events"] = []
        d["future_events"] = []
        d["age_iii_open"] = []
        d["age_iii_held"] = [[], []]
        for p in d["players"]:
            p["culture"] = 0
        d["players"][0]["wonders"] = ["ii_kremlin", "ii_eiffel_tower", "ii_ocean_liner_service", "a_pyramids"]
        d["players"][1]["wonders"] = ["i_great_wall"]
    s = edit(fresh(2, "full", round_=2, short=True), setup)
    assert _final(s) == [18, 0]


def test_full_game_end_scores_only_the_age_iii_events_l2083_l2085():
    """At the end of a full game the Age III events still in the current and future event decks are
    resolved (L2083); events of earlier ages are not (L2085)."""
    def setup(d):
        d["current_events"] = ["ii_cold_war", "iii_impact_of_colonies"]
        d["future_events"] = []
        for p in d["players"]:
            p["culture"] = 0
            p["colonies"] = []
        d["players"][1]["colonies"] = ["i_historic_territory"]
    s = edit(fresh(2, "full", round_=2), setup)
    assert _final(s) == [0, 3]                                   # Impact of Colonies: 3 per colony


def test_production_is_counted_in_first_game_scoring_l1920():
    """L1920: food and resource production count, without consumption or corruption."""
    s = fresh(2, round_=2)
    p = p0(s)
    parts = scoring.first_game_parts(p)
    assert parts["production"] == tokens.production(p, "farm") + tokens.production(p, "mine") == 4
