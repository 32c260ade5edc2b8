"""Setup (digest §9 SU) and the turn loop (TU): the checklist items the first rule tests left out.

Each test cites the seed lines (000_fcd7daf2adb52f57.txt) it checks. Civilizations are chosen with
the ``civs: choose`` option (L334) so that a test can name the sheet it needs."""

from __future__ import annotations

from typing import Any

from civ_helpers import after_setup, play

from pygame_core.games.civilization import GAME, flow, model
from pygame_core.games.civilization.catalog import BUILDINGS
from pygame_core.games.civilization.data import CIVS, HUTS, VILLAGES, WONDERS
from pygame_core.kernel.state import State

Data = dict[str, Any]


def chosen(civs: list[str], **options: Any) -> State:
    """A game whose seats play ``civs`` (seat order), played through setup with first legal choices."""
    s = GAME.new_game(players=len(civs), seed=3, options={"civs": "choose", **options})
    while "picks" in s.data:
        seat = GAME.to_move(s)[0]
        s = play(s, seat, {"type": "civ", "civ": civs[seat]})
    while s.data["phase"] == "setup":
        seat = GAME.to_move(s)[0]
        s = play(s, seat, GAME.legal_actions(s, seat)[0])
    return s


def test_building_supply_has_the_boxed_marker_counts_L65_L73():
    """Every marker of the box starts in the supply (the counts themselves: test_civ_data, L65-L73)."""
    d = GAME.new_game(players=2, seed=1).data
    assert d["supply"] == {b: rec["markers"] for b, rec in BUILDINGS.items()}


def test_culture_decks_per_era_and_culture_markers_at_the_start_L381():
    s = after_setup(players=3, seed=2)
    from pygame_core.games.civilization.data import EVENTS

    for era, deck in s.data["culture"].items():
        assert deck and {EVENTS[c.rsplit("_", 1)[0]]["era"] for c in deck} == {era}
    assert all(p["track"] == 0 and p["culture"] == 0 and p["hand"] == [] for p in s.data["p"])
    orders = {tuple(GAME.new_game(players=2, seed=k).data["culture"]["ancient"]) for k in range(4)}
    assert len(orders) > 1  # shuffled


def test_home_tiles_face_up_and_neutral_tiles_face_down_L393():
    for n in (2, 3, 4):
        d = GAME.new_game(players=n, seed=n).data
        homes = [c for c in d["tiles"] if c["seat"] is not None]
        assert sorted(c["seat"] for c in homes) == list(range(n)) and all(c["up"] for c in homes)
        assert all(not c["up"] for c in d["tiles"] if c["seat"] is None)
        for seat, p in enumerate(d["p"]):
            assert d["tiles"][flow.home_cell(d, seat)]["tile"] == CIVS[p["civ"]]["home_tile"]


def test_great_person_hut_and_village_pools_are_shuffled_face_down_L397():
    a, b = GAME.new_game(players=2, seed=1).data, GAME.new_game(players=2, seed=2).data
    assert sorted(a["gps"]) == sorted(b["gps"]) and len(a["gps"]) == 18  # L63
    assert (a["gps"], a["huts"], a["villages"]) != (b["gps"], b["huts"], b["villages"])
    assert set(a["huts"]) <= set(HUTS) and set(a["villages"]) <= set(VILLAGES)
    s = after_setup(players=2, seed=1)
    assert all(m["id"] not in str(GAME.view(s, 0)["markers"]) for m in s.data["marks"].values())


def test_america_places_a_random_great_person_at_the_end_of_setup_L429():
    d = chosen(["america", "china"]).data
    cap = model.cities_of(d, 0)[0]
    gps = [it for sq, it in d["items"].items() if it["k"] == "gp" and it["o"] == 0]
    assert len(gps) == 1 and int(next(iter(k for k, it in d["items"].items() if it["k"] == "gp"))) in (
        model.outskirts(d, cap)
    )
    assert len(d["gps"]) == 17


def test_egypt_takes_a_random_ancient_wonder_and_a_medieval_card_fills_the_market_L375_L437():
    d = chosen(["egypt", "germany"]).data
    (w,) = d["p"][0]["wonders"]
    assert WONDERS[w]["era"] == "ancient"
    sq = next(int(k) for k, it in d["items"].items() if it["k"] == "w")
    assert sq in model.outskirts(d, model.cities_of(d, 0)[0])
    eras = sorted(WONDERS[x]["era"] for x in d["wonder_market"])
    assert eras == ["ancient", "ancient", "ancient", "medieval"]


def test_rome_starts_in_republic_and_russia_in_communism_with_the_white_army_L449_L465():
    d = chosen(["rome", "russia"]).data
    assert d["p"][0]["gov"] == "republic" and d["p"][1]["gov"] == "communism"
    russians = [f for f in d["figs"].values() if f["o"] == 1 and f["k"] == "army"]
    assert len(russians) == 2  # the white army too
    assert model.traits(d, 1)["stack"] == model.traits(d, 0)["stack"] + 1  # ruling A7/A10


def test_russia_keeps_communism_in_the_learning_game_L322_L465():
    d = chosen(["russia", "china"], game="learning").data
    assert d["p"][0]["gov"] == "communism" and d["p"][1]["gov"] == "despotism"


def test_the_five_phases_follow_each_other_L497_L523():
    s = after_setup(players=2, seed=4)
    seen = [s.data["phase"]]
    while s.data["turn"] == 1 and not GAME.is_over(s):
        seat = GAME.to_move(s)[0] if GAME.to_move(s) else None
        if seat is None:  # research: a sealed choice of every seat
            for dec_seat in range(2):
                s = play(s, dec_seat, {"type": "research", "tech": ""})
        else:
            acts = GAME.legal_actions(s, seat)
            ends = [a for a in acts if a["type"].startswith("end_")]
            s = play(s, seat, ends[0] if ends else acts[0])
        if s.data["phase"] != seen[-1]:
            seen.append(s.data["phase"])
    assert seen == ["start", "trade", "city", "move", "research", "start"]
    assert s.data["turn"] == 2


def test_a_learning_game_chooser_never_gets_wonders_L322():
    d = chosen(["america", "germany"], game="learning").data
    assert d["wonder_market"] == [] and not any(p["wonders"] for p in d["p"])


def test_the_first_player_is_chosen_at_random_L405():
    firsts = {GAME.new_game(players=4, seed=k).data["first"] for k in range(12)}
    assert len(firsts) > 1 and firsts <= {0, 1, 2, 3}


def test_the_economy_dial_starts_at_the_coins_a_player_already_owns_L487_L489():
    for seed in range(4):
        d = after_setup(players=2, seed=seed).data
        for seat, p in enumerate(d["p"]):
            assert p["coins"] == model.coins(d, seat) and p["coin_tokens"] == {}
