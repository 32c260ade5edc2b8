"""The short-game variant 简易模式 (seed L2220-2247): Ages A-II with the full rules, the Age III events
dealt at setup and chosen at the end of Age I, War over Culture on the table, and the final scoring
of Age II wonders and Age III events."""

from __future__ import annotations

from collections import Counter

from tta_helpers import edit, fresh, legal, p0, play

from pygame_core.games.through_the_ages import GAME, scoring
from pygame_core.games.through_the_ages.catalog import CARDS, deck
from pygame_core.games.through_the_ages.decks import unpack
from pygame_core.games.through_the_ages.model import WAR_OVER_CULTURE, consumption
from pygame_core.games.through_the_ages.ratings import stats
from pygame_core.kernel import Ctx
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import State

SHORT = {"short": True}


def _age_iii_events(n: int) -> list[str]:
    return [c for c in deck("military", "III", n) if CARDS[c]["kind"] == "event"]


def _end_age_one(s: State) -> State:
    """Seat 0 ends its turn with the Age I civil deck empty: seat 1's replenish starts Age II."""
    def setup(d):
        d["age"] = 1
        d["civil_deck"] = ""
    return play(edit(s, setup), {"type": "end"})


def _score(s: State) -> list[int]:
    ctx = Ctx(s.data, Rng(s.rng), s.players, s.options, 0)
    scoring.final(ctx)
    return [p["culture"] for p in ctx.data["players"]]


# ------------------------------------------------------------------ setup (L2224-2231)
def test_setup_deals_two_hidden_events_each_and_three_face_up_l2226_l2231():
    """All Age III events form the deck: 2 face down to each player, 3 face up; every other Age III
    card is out of the game (L2226-2231)."""
    for n in (2, 3, 4):
        d = fresh(n, "full", **SHORT).data
        held = d["age_iii_held"]
        assert len(held) == n and all(len(h) == 2 for h in held)
        assert len(d["age_iii_open"]) == 3
        box = [c for c in unpack(d["box"]) if CARDS[c]["lvl"] == 3]
        dealt = [c for h in held for c in h] + d["age_iii_open"] + box
        assert Counter(dealt) == Counter(_age_iii_events(n))          # each event exactly once
        assert "III" not in d["civil_decks"] and "III" not in d["military_decks"]   # L2231
        assert d["age_iii_discarded"] == []


def test_no_short_game_cards_without_the_option_or_in_the_first_game_l2220():
    assert "age_iii_open" not in fresh(2, "full").data
    assert "age_iii_open" not in fresh(2, "simple", **SHORT).data
    assert GAME.view(fresh(2, "full"), 0)["short_game"] is None


def test_dealt_events_are_hidden_even_from_their_owner_until_age_i_ends_l2226():
    """"在时代Ⅰ结束前，所有玩家都不可以查看这些牌" (L2226): counts only, for everyone."""
    s = fresh(3, "full", round_=2, **SHORT)
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)["short_game"]
        assert [h["count"] for h in v["held"]] == [2, 2, 2]
        assert all(h["cards"] is None for h in v["held"])
        assert [c["id"] for c in v["open"]] == s.data["age_iii_open"]      # face up for all (L2227)
        assert v["war"]["id"] == WAR_OVER_CULTURE                            # L2229
    # the owner cannot tell its own dealt events apart: re-dealing them leaves its view unchanged
    other = GAME.redetermine(s, 0, seed=11)
    assert GAME.view(other, 0) == GAME.view(s, 0)
    tokens = GAME.secret_tokens(s, 0)
    assert all(c in tokens for c in s.data["age_iii_held"][0])


# ------------------------------------------------------------------ end of Age I (L2237-2239)
def test_end_of_age_i_each_player_secretly_keeps_one_event_l2237_l2239():
    s = _end_age_one(fresh(2, "full", round_=2, **SHORT))
    assert s.data["age"] == 2
    assert GAME.to_move(s) == [0, 1]                                    # a sealed simultaneous choice
    mine, theirs = s.data["age_iii_held"]
    assert legal(s, 0) == [{"type": "keep", "card": c} for c in mine]
    v0 = GAME.view(s, 0)["short_game"]["held"]
    assert [c["id"] for c in v0[0]["cards"]] == mine and v0[1]["cards"] is None   # now own only
    s = play(s, {"type": "keep", "card": mine[1]}, seat=0)
    assert GAME.to_move(s) == [1]
    seen_by_1 = GAME.view(s, 1)
    text = str(seen_by_1)
    assert CARDS[mine[1]]["name"]["en"] not in text and CARDS[mine[0]]["name"]["en"] not in text
    assert seen_by_1["decisions"][-1]["answered"] == [0]
    s = play(s, {"type": "keep", "card": theirs[0]}, seat=1)
    assert s.data["age_iii_held"] == [[mine[1]], [theirs[0]]]
    assert sorted(map(tuple, s.data["age_iii_discarded"])) == sorted([(mine[0], 0), (theirs[1], 1)])
    assert GAME.to_move(s) == [s.data["turn"]] and not s.data["decisions"]
    # nobody sees another's discard or kept event (L2239); the owner sees its kept one
    for seat, other in ((0, 1), (1, 0)):
        text = str(GAME.view(s, seat)) + str(GAME.legal_actions(s, seat))
        for c in (*s.data["age_iii_held"][other], *[c for c, o in s.data["age_iii_discarded"] if o == other]):
            assert CARDS[c]["name"]["en"] not in text
            assert c in GAME.secret_tokens(s, other)
    assert [c["id"] for c in GAME.view(s, 0)["short_game"]["held"][0]["cards"]] == [mine[1]]


def test_the_kept_choice_is_sealed_until_everyone_has_chosen_l2239():
    s = _end_age_one(fresh(2, "full", round_=2, **SHORT))
    mine = s.data["age_iii_held"][0]
    a = play(s, {"type": "keep", "card": mine[0]}, seat=0)
    b = play(s, {"type": "keep", "card": mine[1]}, seat=0)
    assert GAME.view(a, 1) == GAME.view(b, 1) and GAME.view(a, None) == GAME.view(b, None)


# ------------------------------------------------------------------ war (L2233-2235)
def _war_position(short: bool) -> State:
    def setup(d):
        p = d["players"][0]
        p["military_hand"] = ["ii_war_over_territory"]
        p["workers"]["a_warriors"] = 5
        p["temporary_ma"] = 1                                           # 3 MA available
    return edit(fresh(2, "full", round_=2, **({"short": True} if short else {})), setup)


def test_a_war_card_may_declare_war_over_culture_instead_l2233_l2235():
    s = _war_position(True)
    wars = [a for a in legal(s) if a["type"] == "war"]
    assert {"type": "war", "card": "ii_war_over_territory", "target": 1} in wars
    woc = {"type": "war", "card": "ii_war_over_territory", "target": 1, "declare": WAR_OVER_CULTURE}
    assert woc in wars
    assert "War over Culture" in GAME.label(s, 0, woc, "en")
    assert "为文化而战" in GAME.label(s, 0, woc, "zh-Hans")
    assert not any(a.get("declare") for a in legal(_war_position(False)))   # only in the short game


def test_declaring_war_over_culture_pays_its_cost_and_discards_the_played_card_l2235_ruling():
    """L2235 is cut off; our ruling: War over Culture's 3 MA are paid, the played card is discarded
    face up, War over Culture stays on the table and the war resolves as War over Culture."""
    s = _war_position(True)
    ma = p0(s)["ma_total"] - p0(s)["ma_used"] + p0(s)["temporary_ma"]
    s = play(s, {"type": "war", "card": "ii_war_over_territory", "target": 1, "declare": WAR_OVER_CULTURE})
    p = p0(s)
    assert ma - (p["ma_total"] - p["ma_used"] + p["temporary_ma"]) == CARDS[WAR_OVER_CULTURE]["ma_cost"] == 3
    assert "ii_war_over_territory" in s.data["past_events"] and p["military_hand"] == []
    played = "ii_war_over_territory"
    assert s.data["wars"] == [{"card": WAR_OVER_CULTURE, "from": 0, "to": 1, "played": played}]
    s = play(s, {"type": "end"})                                       # seat 0 ends its turn
    s = edit(s, lambda d: d["players"][1].update(culture=20))
    mine, theirs = stats(p0(s))["strength"], stats(s.data["players"][1])
    s = play(s, {"type": "end"}, seat=1)                               # seat 0's turn: the war
    assert s.data["wars"] == [] and WAR_OVER_CULTURE not in s.data["past_events"]
    adv = mine - theirs["strength"]
    assert adv > 0
    # War over Culture: the loser loses 5 + the advantage, the winner gains it (P1)
    assert s.data["players"][1]["culture"] == 20 + theirs["culture"] - (5 + adv)


# ------------------------------------------------------------------ final scoring (L2241-2247)
def test_final_scoring_wonders_face_up_and_kept_events_l2243_l2247():
    """+6 per completed Age II wonder (L2243); the 3 face-up events (L2245) and the kept ones
    (L2247) score; discarded ones do not."""
    def setup(d):
        d["age_iii_open"] = ["iii_impact_of_colonies", "iii_impact_of_industry", "iii_impact_of_balance"]
        d["age_iii_held"] = [["iii_impact_of_wonders"], ["iii_impact_of_government"]]
        d["age_iii_discarded"] = [["iii_impact_of_strength", 0]]
        d["current_events"] = []
        d["future_events"] = []
        for p in d["players"]:
            p["culture"] = 0
            p["workers"]["a_bronze"] = 0                                # no mine production
        d["players"][0]["wonders"] = ["ii_kremlin", "a_pyramids"]
        d["players"][1]["colonies"] = ["i_historic_territory"]
    s = edit(fresh(2, "full", round_=2, **SHORT), setup)
    ca = [p["ca_total"] for p in s.data["players"]]
    ma = [p["ma_total"] for p in s.data["players"]]
    got = _score(s)
    # seat 0: Kremlin 6 (Age II wonder) + Impact of Wonders 3 (II) + 5 (A); Impact of Government 2/CA 1/MA
    # seat 1: Impact of Colonies 3; Impact of Balance: its lowest output is 0 resources
    assert got[0] == 6 + 3 + 5 + 2 * ca[0] + ma[0]
    assert got[1] == 3 + 2 * ca[1] + ma[1]


def test_final_scoring_reveals_the_kept_events_to_everyone_l2247():
    def setup(d):
        d["age"] = 2
        d["civil_deck"] = ""
        d["last_round"] = d["round"]
        d["age_iii_open"] = ["iii_impact_of_colonies", "iii_impact_of_industry", "iii_impact_of_balance"]
        d["age_iii_held"] = [["iii_impact_of_wonders"], ["iii_impact_of_government"]]
        d["age_iii_discarded"] = [["iii_impact_of_strength", 0], ["iii_impact_of_science", 1]]
    s = edit(fresh(2, "full", round_=2, **SHORT), setup)
    while not GAME.is_over(s):
        s = play(s, {"type": "end"})
    v = GAME.view(s, 1)
    assert v["short_game"]["held"][0]["cards"][0]["id"] == "iii_impact_of_wonders"
    assert "Impact of Strength" not in str(v)                            # discards stay secret
    assert "iii_impact_of_wonders" not in GAME.secret_tokens(s, 0)
    assert "age_iii_events" in GAME.scores(s)["breakdown"][0]


def test_impact_of_technology_counts_level_ii_in_the_short_game_p1():
    """P1's text of Impact of Technology: level III technologies, level II in the short game."""
    def setup(d):
        d["age_iii_open"] = ["iii_impact_of_technology"]
        d["age_iii_held"] = [[], []]
        d["current_events"] = []
        for p in d["players"]:
            p["culture"] = 0
        d["players"][0]["workers"].update({"ii_coal": 0, "ii_opera": 0, "i_iron": 0})
        d["players"][0]["specials"] = ["ii_navigation"]
    short = edit(fresh(2, "full", round_=2, **SHORT), setup)
    assert _score(short)[0] == 4 * 3
    def full_setup(d):
        setup(d)
        d["future_events"] = [["iii_impact_of_technology", 1]]
    assert _score(edit(fresh(2, "full", round_=2), full_setup))[0] == 0


def test_a_resigning_player_takes_its_age_iii_events_out_unseen():
    """A civilization that resigns leaves the game (L2065-2071): its kept event goes face down out
    of the game (our ruling), so it is not scored."""
    s = _end_age_one(fresh(3, "full", round_=2, **SHORT))
    for seat in (0, 1, 2):
        s = play(s, {"type": "keep", "card": s.data["age_iii_held"][seat][0]}, seat=seat)
    who = s.data["turn"]
    kept = s.data["age_iii_held"][who][0]
    s = play(s, {"type": "resign"})
    assert s.data["age_iii_held"][who] == [] and [kept, who] in s.data["age_iii_discarded"]


def test_random_short_games_finish_with_scores():
    from pygame_core.simulate import play as sim
    for n in (2, 3):
        st: State = sim("through_the_ages", n, 7, options={"mode": "full", "short": True})
        assert GAME.is_over(st) and GAME.scores(st)["winners"]


def test_age_iii_scoring_counts_of_the_events_l2089_l2093():
    """Each Age III event scores from the cards and workers in play (L2089-2093; P1 texts):
    Architecture 1 per urban building level, Competition 1 per level of units and arenas,
    Agriculture 1 per food produced and +4 if that exceeds consumption, Population 2 per content
    worker above 10."""
    def setup(d):
        d["current_events"] = []
        d["future_events"] = [[e, 1] for e in ("iii_impact_of_architecture", "iii_impact_of_competition",
                                               "iii_impact_of_agriculture", "iii_impact_of_population")]
        for p in d["players"]:
            p["culture"] = 0
        p = d["players"][0]
        p["workers"].update({"ii_opera": 1, "i_theology": 2, "i_knights": 1, "ii_team_sports": 1})
        p["unused_workers"] = 0
    s = edit(fresh(2, "full", round_=2), setup)
    p = p0(s)
    farms = [(c, n) for c, n in p["workers"].items() if CARDS[c]["kind"] == "farm"]
    food = sum(CARDS[c]["out"].get("food", 0) * n for c, n in farms)
    assert food == 2 and consumption(p["yellow_bank"]) == 0          # 2 Agriculture workers, full bank
    architecture = 2 + 2 * 1 + 2                     # Opera (II), 2 Theology (I), Team Sports (II arena)
    competition = 1 + 2                              # Knights (I), Team Sports (II arena); Warriors level 0
    population = 2 * (sum(p["workers"].values()) - 10)                  # 11 workers, all content
    assert _score(s)[0] == architecture + competition + (food + 4) + population
