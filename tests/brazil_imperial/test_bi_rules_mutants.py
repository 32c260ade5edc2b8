"""Rule tests written from the mutants that survived scripts/mutate.py (README "Mutation testing"):
each states a rule a player would notice broken, with its seed lines."""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from pygame_core import games, webapi
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import economy, model
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.state import State
from tests.brazil_imperial.helpers import (
    GAME,
    attack_position,
    base,
    capital,
    clear,
    edit,
    hx,
    legal,
    put_building,
    put_unit,
    to_turn,
)

Data = dict[str, Any]


def test_a_ranged_attack_spends_the_free_move() -> None:
    """L494: a cannon attacks an adjacent hex with the free move, so no free move is left after it
    (the bonus move still is, L449-451)."""
    s, (cannon, _), spot, come = attack_position(("cannon", "archer"), tile="sugarcane_field", arch="paint")
    s = GAME.apply(s, 0, {"type": "ranged", "unit": cannon, "target": spot})
    assert s.data["units"][cannon]["hex"] == come  # it fired from where it stands
    acts = legal(s, 0)
    assert not [a for a in acts if a["type"] == "ranged" or a.get("as") == "free"]
    assert {a["type"] for a in acts} >= {"end_turn"}


def test_the_port_or_trade_marker_attacks_with_1_more() -> None:
    """L482-486: with its marker on Port or Trade (the arch it took this turn) a seat attacks with 1
    more: an archer (1) then beats a sugarcane field (1); on another arch it ties, and ties go to the
    defender (L502)."""
    for arch, wins in (("port", True), ("trade", True), ("paint", False)):
        st, (archer,), spot, _ = attack_position(("archer",), tile="sugarcane_field", arch=arch)
        st = GAME.apply(st, 0, {"type": "move", "unit": archer, "to": spot, "as": "free", "carry": []})
        assert (model.controller(st.data, spot) == 0) is wins, arch
        assert (st.data["units"][archer]["state"] == "map") is wins


def test_a_city_or_era_iii_building_covers_an_own_controlled_building() -> None:
    """L171 (B9): a city or an era III building may be built on the seat's own era I/II building,
    which is removed with its goods; never on one another seat occupies, one under a palace, or
    another seat's."""
    s = base()
    cap = capital(s.data, 0)
    geo = bd.geometry(s.data["map"])
    spot = next(
        n
        for n in geo.neighbours[cap]
        if geo.terrain[n] in ("plains", "forest") and hx(s.data, n)["explore"] is None
    )

    def prep(g: Data, how: str) -> None:
        clear(g)
        for p in g["players"]:
            p["board"] = "green"
        g["era"] = 3
        put_building(g, spot, "sugarcane_field", 1 if how == "theirs" else 0, {"sugarcane": 2})
        if how == "occupied":
            put_unit(g, 1, "archer", spot)
        if how == "palace":
            hx(g, spot)["building"]["palace"] = "II"
        if how != "occupied":
            put_unit(g, 0, "monarch", spot)
        g["players"][0]["supply"] = {"cotton": 1, "gold": 3, "science": 1}
        g["decks"]["cities"][0].append(
            next(c for c, e in sorted(bd.CITIES.items()) if set(e["cost"]) <= {"gold"})
        )
        to_turn(g, 0, "arch", "build")
        g["turn"].update({"doing": "build", "step": 0})

    def here(st: State) -> set[str]:
        return {a["what"] for a in legal(st, 0) if a["type"] == "build" and a["hex"] == spot}

    own = edit(s, partial(prep, how="own"))
    assert {"church", "college", "city"} <= here(own)
    assert not here(own) & {"farm", "sawmill", "sugarcane_field", "trading_post", "smelter", "plantation"}
    act = next(
        a for a in legal(own, 0) if a["type"] == "build" and a["hex"] == spot and a["what"] == "church"
    )
    after = GAME.apply(own, 0, act)
    for _ in range(2):  # 1 cotton + 1 gold (L232), paid the default way (economy.py "Paying")
        d = kdec.top_for(after.data, 0)
        if d is not None:
            after = GAME.apply(after, 0, economy.default_step(after.data, 0, d))
    b = hx(after.data, spot)["building"]
    assert b["id"] == "church" and b["goods"] == bd.BUILDINGS["church"]["produces"]
    for how in ("occupied", "palace", "theirs"):
        assert not here(edit(s, partial(prep, how=how))), how


def _attack_farm(
    marker: str | None, attackers: tuple[str, ...], paintings: tuple[str, ...]
) -> tuple[State, str]:
    """Seat 0's units (the first carries the others) attack seat 1's empty farm (2 VP)."""

    def then(g: Data, spot: str) -> None:
        g["players"][0]["paintings"] = list(paintings)
        g["players"][1]["marker"]["arch"] = marker

    s, units, spot, _ = attack_position(attackers, then=then)
    lead, carry = units[0], sorted(units[1:])
    return GAME.apply(s, 0, {"type": "move", "unit": lead, "to": spot, "as": "free", "carry": carry}), spot


def test_the_port_or_trade_marker_defends_with_exactly_2_more() -> None:
    """L482-486: the defender's marker on Port or Trade adds 2, no more: a farm (2) with it holds
    against 4 (a tie, L502) and falls to 5."""
    attack = bd.board("green")["units"][3]["vp"] + bd.board("green")["units"][1]["vp"]  # cavalry + archer
    assert attack == 4
    plus_one = next(
        c
        for c, e in sorted(bd.PAINTINGS.items())
        if e["ability"] == {"kind": "combat", "attack": 1, "defence": 0}
    )
    for marker in ("port", "trade"):
        held, spot = _attack_farm(marker, ("cavalry", "archer"), ())
        assert model.controller(held.data, spot) == 1
        taken, spot = _attack_farm(marker, ("cavalry", "archer"), (plus_one,))
        assert model.controller(taken.data, spot) == 0
    no_marker, spot = _attack_farm("build", ("cavalry",), ())  # 3 against 2
    assert model.controller(no_marker.data, spot) == 0


def test_an_extra_free_move_effect_adds_one_free_move(monkeypatch: Any) -> None:
    """data/README.md "Effects": ``move {kind: "free"}`` (a gold card's effect, L280-288) gives one free
    move more this turn (L451), once."""
    card = sorted(bd.GOLD)[0]
    monkeypatch.setitem(bd.GOLD, card, {**bd.GOLD[card], "effect": [{"op": "move", "kind": "free"}]})

    def then(g: Data, spot: str) -> None:
        g["players"][0]["gold"] = [card]

    s, (archer,), spot, come = attack_position(("archer",), tile=None, arch="port", then=then)
    s = GAME.apply(s, 0, {"type": "move", "unit": archer, "to": spot, "as": "free", "carry": []})
    assert not [a for a in legal(s, 0) if a.get("as") == "free"]
    s = GAME.apply(s, 0, {"type": "gold", "card": card})
    again = [a for a in legal(s, 0) if a.get("as") == "free"]
    assert {"type": "move", "unit": archer, "to": come, "as": "free", "carry": []} in again
    s = GAME.apply(s, 0, {"type": "move", "unit": archer, "to": come, "as": "free", "carry": []})
    assert not [a for a in legal(s, 0) if a.get("as") == "free"]


def test_a_redetermined_battle_keeps_the_seats_own_cards() -> None:
    """L496-499 (cards face down): a position redetermined for one seat keeps the cards that seat
    committed and re-deals the other seat's committed cards from what it could hold."""
    plain = [c for c, e in sorted(bd.BATTLE.items()) if not e["effect"]]

    def then(g: Data, spot: str) -> None:
        g["players"][0]["battle"] = plain[:2]
        g["players"][1]["battle"] = plain[2:4]

    s, (cav,), spot, _ = attack_position(then=then)
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    s = GAME.apply(s, 0, {"type": "commit", "cards": plain[:2]})
    for k in range(4):
        mine = GAME.redetermine(s, 0, k)
        (d,) = mine.data["decisions"]
        assert d["answers"]["0"] == {"type": "commit", "cards": plain[:2]}
        theirs = GAME.redetermine(s, 1, k)
        (d,) = theirs.data["decisions"]
        hand = theirs.data["players"][0]["battle"]
        assert len(d["answers"]["0"]["cards"]) == 2 and set(d["answers"]["0"]["cards"]) <= set(hand)
        after = GAME.apply(theirs, 1, {"type": "commit", "cards": []})  # it still resolves
        assert not after.data["decisions"]


def test_the_game_is_listed_with_its_catalog_entry() -> None:
    """Issue 19 §3 (the board is done): the home page offers the game. The catalog names it in three
    languages (the seed's own name, L3), for 2-4 players (solo is one human against bot seats,
    ``test_solo_is_a_game_against_bot_seats``), with its random and heuristic bots first and its two
    sealed decisions (the mission kept, L19, and the battle cards, L496-499)."""
    assert "brazil_imperial" in games.available()
    reply = json.loads(webapi.call("catalog", "{}"))
    (entry,) = [g for g in reply["result"]["games"] if g["id"] == "brazil_imperial"]
    assert entry["listed"] is True
    assert (entry["min_players"], entry["max_players"]) == (2, 4)
    assert entry["names"] == {"en": "Brazil: Imperial", "zh-Hant": "巴西帝國", "zh-Hans": "巴西帝国"}
    assert entry["bots"][:2] == ["random", "heuristic"]  # then the search levels (issue 20)
    assert entry["sealed"] == {"keep_mission": ["id"], "commit": ["cards"]}
    assert set(entry["options"]) == {"mode", "scenario"}


def test_no_one_scores_before_the_first_turn() -> None:
    """L515-527: every category counts what a seat has done, holds or controls. During the mission
    draft (L19: no era III mission kept yet) and after it, before the first turn, ``GAME.scores`` (the
    kernel asks it any time) gives every seat 0 in every category."""
    s = GAME.new_game(players=3, seed=2)
    for _ in range(3):  # the eras' drafts
        assert all(v == 0 for b in GAME.scores(s)["breakdown"] for v in b.values()), GAME.scores(s)
        for seat in GAME.to_move(s):
            s = GAME.apply(s, seat, legal(s, seat)[0])
    assert all(p["missions"]["3"] for p in s.data["players"])
    assert all(v == 0 for b in GAME.scores(s)["breakdown"] for v in b.values()), GAME.scores(s)


def test_the_log_tells_a_kept_mission_and_committed_cards_never_which() -> None:
    """L19 (a mission is kept face down) and L496-499 (battle cards are put down face down): the other
    seats read that it happened, each in its own words, and not which mission or cards."""
    s = GAME.new_game(players=2, seed=1)
    kept = s.data["players"][0]["offer"]["1"][0]
    s = GAME.apply(s, 0, {"type": "keep_mission", "id": kept})
    lines = [e["text"]["en"] for e in GAME.view(s, 1)["log"]]
    assert lines[-1] == "Player 1 keeps a mission"
    assert not [x for x in lines if kept in x or bd.name(bd.MISSIONS[kept])["en"] in x]

    plain = [c for c, e in sorted(bd.BATTLE.items()) if not e["effect"]]

    def hands(g: Data, spot: str) -> None:
        g["players"][0]["battle"] = plain[:2]
        g["players"][1]["battle"] = plain[2:4]  # so the battle waits for seat 1

    s, (cav,), spot, _ = attack_position(then=hands)
    s = GAME.apply(s, 0, {"type": "move", "unit": cav, "to": spot, "as": "free", "carry": []})
    s = GAME.apply(s, 0, {"type": "commit", "cards": plain[:2]})
    lines = [e["text"]["en"] for e in GAME.view(s, 1)["log"]]
    assert lines[-1] == "Player 1 commits battle cards face down"
    assert not [x for x in lines if any(bd.name(bd.BATTLE[c])["en"] in x for c in plain[:2])]


def test_a_round_ends_when_the_turn_is_back_to_the_start_player() -> None:
    """L27-32: the seats take their turns clockwise from the start player (L21); the round, which the
    view shows, counts up by one each time the turn comes back to the start player."""
    s = base()
    start = s.data["start"]
    rounds = [GAME.view(s, 0)["round"]]
    for k in range(4):  # two rounds of the two seats

        def moved(g: Data, seat: int = (start + k) % 2) -> None:
            to_turn(g, seat, "movement", "build")

        s = edit(s, moved)
        s = GAME.apply(s, (start + k) % 2, {"type": "end_turn"})
        rounds.append(GAME.view(s, 0)["round"])
    assert rounds == [1, 1, 2, 2, 3]
    assert GAME.to_move(s) == [start]


def test_at_the_end_every_empire_shows_its_missions_and_hands() -> None:
    """L519-523: the final scoring counts every mission and card, so the view of a finished game shows
    each empire's missions, battle and gold cards to everyone (in play, only to their owner)."""
    def over(g: Data) -> None:
        g["over"] = True

    s = base()
    other = GAME.view(s, 1)["empires"][0]
    assert other["battle"] is None and other["gold"] is None
    done = GAME.view(edit(s, over), 1)["empires"][0]
    p = s.data["players"][0]
    assert done["missions"] == p["missions"] and done["battle"] == p["battle"] and done["gold"] == p["gold"]


def test_a_payment_step_names_one_battle_card_in_the_singular() -> None:
    """A payment with Napoleon's battle cards (L290-301 hands): the step names "the battle card X" for
    one card and "the battle cards X and Y" for two."""
    def hand(g: Data) -> None:
        g["players"][0]["battle"] = sorted(bd.BATTLE)[:2]

    g = edit(base(), hand).data
    a, b = g["players"][0]["battle"]
    one = economy.source_text(g, 0, f"battle:{a}")["en"]
    two = economy.source_text(g, 0, f"battle:{a}+{b}")["en"]
    assert one.startswith("the battle card ") and two.startswith("the battle cards ")
