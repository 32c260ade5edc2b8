"""Event and conflict choices go to the players through the kernel's decision stack (checklist
I32-I35): "if an event makes players decide, they decide one by one clockwise, starting with the
current player" (L1376-1378); events grant actions without CA and free builds cost nothing
(L1380, L1412); ties of strength go to the current player, then the nearest clockwise (L1392-1396);
"the two strongest" is one in a 2-player game (L1404). Card effects are public P1 facts."""

from __future__ import annotations

from tta_helpers import edit, fresh, legal, p0, play

from pygame_core.games.through_the_ages import GAME, tokens
from pygame_core.games.through_the_ages.ratings import stats
from pygame_core.kernel import decisions

LANGS = ("en", "zh-Hant", "zh-Hans")


def _reveal(players, event, *, mode="simple", setup=None):
    """Seat 0 prepares an event; ``event`` is the top current event and is revealed."""
    def fn(d):
        d["current_events"] = ["a_development_of_science", event]
        d["players"][0]["military_hand"] = ["i_pestilence"]
        if setup:
            setup(d)
    s = edit(fresh(players, mode, round_=2), fn)
    return play(s, {"type": "event", "card": "i_pestilence"})


def _labels(s, seat):
    acts = GAME.legal_actions(s, seat)
    for lang in LANGS:
        texts = [GAME.label(s, seat, a, lang) for a in acts]
        assert len(set(texts)) == len(texts), texts
    return acts


def test_development_of_markets_each_decides_clockwise_from_the_current_player_l1378():
    """3p, seat 0 reveals Development of Markets (2 food or 2 resources, own choice): seat 0 decides
    first, then 1, then 2; nobody else acts meanwhile; then seat 0's turn goes on (L1365)."""
    s = _reveal(3, "a_development_of_markets")
    order = []
    for _ in range(3):
        seats = GAME.to_move(s)
        assert len(seats) == 1 and decisions.stack(s.data)[-1]["kind"] == "choose"
        order.append(seats[0])
        acts = _labels(s, seats[0])
        assert [GAME.label(s, seats[0], a) for a in acts] == ["Gain 2 food", "Gain 2 resources"]
        assert GAME.label(s, seats[0], acts[1], "zh-Hans") == "获得2资源"
        before = tokens.amount(s.data["players"][seats[0]], "mine")
        s = play(s, acts[1], seats[0])
        assert tokens.amount(s.data["players"][order[-1]], "mine") == before + 2
    assert order == [0, 1, 2]
    assert GAME.to_move(s) == [0] and not decisions.stack(s.data)
    assert any(a["type"] == "end" for a in legal(s))


def test_development_of_civilization_offers_the_actions_at_one_less_or_declining_l1380():
    """Development of Civilization: increase population, build or develop, 1 less, no CA spent
    (L1380); "may": declining is an answer."""
    def setup(d):
        for p in d["players"]:
            p["blue_tokens"] = {"a_agriculture": 2, "a_bronze": 2}
            p["blue_bank"] -= 4
    s = _reveal(2, "a_development_of_civilization", setup=setup)
    acts = _labels(s, 0)
    builds = [a for a in acts if a["type"] == "event_do" and a["do"]["type"] == "build"]
    assert {"type": "skip"} in acts and builds
    mine = next(a for a in builds if a["do"]["card"] == "a_bronze")
    assert GAME.label(s, 0, mine) == "Event: Build Bronze (1 resources)"       # 2 - 1 (P1)
    ca = p0(s)["ca_used"]
    s = play(s, mine, 0)
    assert p0(s)["workers"]["a_bronze"] == 3 and p0(s)["ca_used"] == ca           # no CA (L1380)
    assert GAME.to_move(s) == [1]
    s = play(s, {"type": "skip"}, 1)
    assert s.data["players"][1]["workers"]["a_bronze"] == 2


def test_development_of_religion_builds_a_free_temple_if_the_player_wants_l1380():
    def setup(d):
        d["players"][0]["blue_tokens"] = {"a_agriculture": 0, "a_bronze": 3}
    s = _reveal(2, "a_development_of_religion", setup=setup)
    acts = _labels(s, 0)
    assert acts == [{"type": "event_do", "do": {"type": "build", "card": "a_religion"}}, {"type": "skip"}]
    res = tokens.amount(p0(s), "mine")
    s = play(s, acts[0], 0)
    assert p0(s)["workers"]["a_religion"] == 1 and tokens.amount(p0(s), "mine") == res   # free (L1380)


def test_border_conflict_the_weakest_chooses_its_building_ties_to_the_current_player_l1394():
    """2p, equal strength: seat 0 (current) counts as stronger (L1394-1396), so seat 1 is the weakest
    and chooses which farm, mine or urban building it loses; seat 0 gains 3 resources."""
    s = _reveal(2, "i_border_conflict")
    assert GAME.to_move(s) == [1]
    acts = _labels(s, 1)
    assert {a["card"] for a in acts} == {"a_agriculture", "a_bronze", "a_philosophy", "a_religion"} - {
        c for c, n in s.data["players"][1]["workers"].items() if not n}
    s = play(s, {"type": "lose", "card": "a_bronze"}, 1)
    assert s.data["players"][1]["workers"]["a_bronze"] == 1
    assert GAME.to_move(s) == [0] and not decisions.stack(s.data)


def test_foray_the_two_strongest_split_their_gain_one_in_2p_l1404():
    """Foray: the two strongest each gain 3 food and/or resources (own split); in 2p only the
    strongest (L1404)."""
    s = _reveal(2, "i_foray")
    assert GAME.to_move(s) == [0]
    acts = _labels(s, 0)
    assert [(a["food"], a["resources"]) for a in acts] == [(0, 3), (1, 2), (2, 1), (3, 0)]
    food = tokens.amount(p0(s), "farm")
    s = play(s, {"type": "split", "food": 2, "resources": 1}, 0)
    assert tokens.amount(p0(s), "farm") == food + 2
    assert not decisions.stack(s.data)                                   # seat 1 is not in it


def test_raiders_a_loss_is_split_by_the_loser_within_what_it_has():
    def setup(d):
        d["players"][1]["blue_tokens"] = {"a_agriculture": 1, "a_bronze": 3}
    s = _reveal(2, "i_raiders", setup=setup)
    acts = _labels(s, 1)
    assert [(a["food"], a["resources"]) for a in acts] == [(0, -2), (-1, -1)]
    assert GAME.label(s, 1, acts[1]) == "Lose 1 food and 1 resources"


def test_politics_of_strength_the_weakest_discards_three_cards_one_by_one_hidden():
    """The weakest discards 3 military cards of its choice: only its own seat sees the choices and
    the names; the others' log says only that a card was discarded."""
    hand = ["i_bonus", "i_raid", "i_enslave", "i_foray"]
    s = _reveal(2, "ii_politics_of_strength",
                setup=lambda d: d["players"][1].update(military_hand=list(hand)))
    for _ in range(3):
        assert GAME.to_move(s) == [1]
        assert GAME.legal_actions(s, 0) == []
        acts = _labels(s, 1)
        assert {a["card"] for a in acts} == set(s.data["players"][1]["military_hand"])
        s = play(s, acts[0], 1)
    assert len(s.data["players"][1]["military_hand"]) == 1
    seen = " ".join(e["text"]["en"] for e in GAME.view(s, 0)["log"])
    assert "discards a military card" in seen and "Raid" not in seen.split("Event")[-1]


def test_politics_of_strength_in_the_game_ending_age_scores_culture_instead():
    def setup(d):
        d["age"] = 3                                   # simple mode ends when Age III begins
        d["players"][0]["culture"] = d["players"][1]["culture"] = 10
    s = _reveal(2, "ii_politics_of_strength", setup=setup)
    assert not decisions.stack(s.data)
    assert [p["culture"] for p in s.data["players"]] == [10 + 1 + 5, 10 - 3]


def test_raid_the_aggressor_chooses_the_building_and_gains_half_its_cost():
    """Raid (P1): the target loses an Age I-or-older building of the aggressor's choice; the
    aggressor gains half its build cost, rounded up."""
    def setup(d):
        d["players"][0]["military_hand"] = ["i_raid"]
        d["players"][0]["workers"]["a_warriors"] = 3
        d["players"][1]["workers"]["i_iron"] = 1
    s = edit(fresh(2, "full", round_=2), setup)
    s = play(s, {"type": "aggress", "card": "i_raid", "target": 1})
    s = play(s, {"type": "done"}, 1)
    assert GAME.to_move(s) == [0]
    acts = _labels(s, 0)
    assert {"type": "lose", "card": "i_iron"} in acts
    res = tokens.amount(p0(s), "mine")
    s = play(s, {"type": "lose", "card": "i_iron"}, 0)
    assert s.data["players"][1]["workers"]["i_iron"] == 0
    assert tokens.amount(p0(s), "mine") == res + 3                 # Iron costs 5: 5/2 rounded up


def test_ravages_of_time_each_turns_one_age_a_or_i_wonder_face_down():
    def setup(d):
        d["players"][0]["wonders"] = ["a_colossus", "a_pyramids"]
    s = _reveal(2, "ii_ravages_of_time", setup=setup)
    assert GAME.to_move(s) == [0]
    culture = stats(p0(s))["culture"]
    acts = _labels(s, 0)
    assert {a["card"] for a in acts} == {"a_colossus", "a_pyramids"}
    s = play(s, {"type": "ravage", "card": "a_pyramids"}, 0)
    assert p0(s)["ravaged"] == ["a_pyramids"]
    assert stats(p0(s))["culture"] == culture + 2
    assert not decisions.stack(s.data)


def test_international_agreement_the_strongest_takes_cards_and_skips_a_political_action():
    s = _reveal(2, "ii_international_agreement")
    acts = _labels(s, 0)
    assert {"type": "done"} in acts and {"type": "take", "slot": 0} in acts
    card = s.data["row"][0]
    s = play(s, {"type": "take", "slot": 0}, 0)
    assert card in p0(s)["civil_hand"] and p0(s)["ca_used"] == 0
    s = play(s, {"type": "done"}, 0)
    assert None not in s.data["row"][:12] and p0(s)["skip_political"]


def test_war_over_technology_the_winner_may_take_a_special_technology_instead():
    def setup(d):
        d["players"][0]["workers"]["a_warriors"] = 6
        d["players"][1]["specials"] = ["i_cartography"]
        d["players"][1]["science"] = 9
        d["wars"] = [{"card": "ii_war_over_technology", "from": 0, "to": 1}]
        d["turn"] = 1
    s = edit(fresh(2, "full", round_=2), setup)
    s = play(s, {"type": "end"}, 1)                                # seat 0's turn: the war resolves
    assert GAME.to_move(s) == [0]
    acts = _labels(s, 0)
    assert acts == [{"type": "steal_tech", "card": "i_cartography"}, {"type": "science"}]
    s = play(s, acts[0], 0)
    assert "i_cartography" in p0(s)["specials"] and not s.data["players"][1]["specials"]


def test_token_totals_and_limits_need_no_per_worker_work_at_any_step():
    """ratings.limits (used on every action) equals the full ratings for CA, MA and the limits."""
    from pygame_core.games.through_the_ages.ratings import LIMIT_KEYS, limits
    from pygame_core.kernel.rng import Rng

    s = GAME.new_game(players=3, seed=11, options={"mode": "full"})
    for k in range(300):
        if not GAME.to_move(s):
            break
        seat = GAME.to_move(s)[0]
        acts = [a for a in GAME.legal_actions(s, seat) if a["type"] != "resign"]
        s = GAME.apply(s, seat, Rng.from_seed(k, stream=5).choice(acts))
        for p in s.data["players"]:
            full = stats(p, tactics=False)
            assert limits(p) == {key: full[key] for key in LIMIT_KEYS}
