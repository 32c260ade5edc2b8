"""The 2-player game with the Reed Clan (seed L683-733; digest §4.9, rulings A30-A32)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygame_core import OptionError
from pygame_core.games.great_wall import combat, horde, locations, model, modes, reed
from tests.great_wall.helpers import answer, ctx_for, game, kinds, legal, run, waiting

Data = dict[str, Any]
MODE = {"mode": "two_player"}


def start(seed: int = 0) -> Any:
    return game().new_game(players=2, seed=seed, options=MODE)


def drafted(seed: int = 0) -> Any:
    """A 2-player game just past the sealed draft (Autumn of Year 1)."""
    gm, s = game(), start(seed)
    while any(d["kind"] == "draft" for d in s.data["decisions"]):
        seat = gm.to_move(s)[0]
        s = gm.apply(s, seat, gm.legal_actions(s, seat)[0])
    return s


def board(seed: int = 0) -> Data:
    """The data of a fresh 2-player game with nothing pending: tea order 0, 1, then the Reed Clan."""
    g = copy.deepcopy(drafted(seed).data)
    g["decisions"], g["todo"] = [], []
    g["tea"], g["tea_all"] = [0, 1], [0, 1, "reed"]
    for p in g["players"]:
        p.pop("draft", None)
    return g


def empty_rows(g: Data) -> None:
    for sec in g["sections"]:
        sec["rows"] = [None] * 3


def card_with_spots(n: int) -> str:
    return next(cid for cid, c in horde.CARDS.items() if len(c["spots"]) == n and not c["ability"])


# ------------------------------------------------------------------------------------------ setup
def test_player_counts_are_checked_per_mode() -> None:
    """L687: the 2-player game adds the Reed Clan; the competitive rules are for 3-4 players (L78)."""
    gm = game()
    with pytest.raises(OptionError):
        gm.new_game(players=3, seed=0, options=MODE)
    with pytest.raises(OptionError):
        gm.new_game(players=2, seed=0, options={"mode": "competitive"})
    assert gm.new_game(players=2, seed=0).options["mode"] == "two_player"
    assert gm.new_game(players=3, seed=0).options["mode"] == "competitive"


def test_setup_deltas() -> None:
    """L689-701: the 2-3p side; the leftmost section out of play with its 3 array slots blocked; no
    Horde card pointing at the leftmost column; 2 cards in the first row; 6 barricades; the Reed
    Clan's 10 spearmen and its clerks on the Lumber mill, Quarry and Gold mine. A31: the shame supply
    counts 3 players (30)."""
    for seed in range(5):
        g = start(seed).data
        assert g["side"] == "23p"
        left, *rest = g["sections"]
        assert not left["open"] and left["blocked"] == 3 and left["rows"] == [None] * 3
        assert sum(s["barricades"] for s in rest) == 6 and all(s["open"] for s in rest)
        assert [s["rows"][0] is not None for s in rest] == [True, True]
        assert all(s["rows"][1] is None for s in rest)
        cards = g["horde_deck"] + [s["rows"][0]["card"] for s in rest]
        assert all(horde.CARDS[c]["indicator"] != 0 for c in cards)
        assert g["shame_supply"] == 30
        assert g["reed"]["supply"] == 10
        assert [loc for loc, xs in g["locations"].items() if "reed" in xs] == ["lumber_mill", "quarry",
                                                                               "gold_mine"]


def test_reed_marker_starts_at_the_bottom_of_the_tea_track() -> None:
    """L703: the Reed Clan's tea marker goes down first, the players stack above it."""
    s = drafted()
    assert s.data["tea_all"][-1] == "reed" and sorted(s.data["tea"]) == [0, 1]
    assert game().view(s, 0)["tea_all"] == s.data["tea_all"]


def test_reed_card_takes_the_leftmost_free_slot_every_autumn() -> None:
    """L713: the Reed Clan's one command card goes to the leftmost free slot, in its tea turn."""
    g = board()
    g["command_track"][0] = {"seat": 1, "card": "economy"}
    ctx = ctx_for(g)
    run(ctx, {"do": "ai_place", "who": "reed"})
    assert g["command_track"][1] == {"seat": "reed", "card": reed.CARD["id"]}
    assert modes.placements(g, [1, 0]) == [{"do": "place", "seat": 0}, {"do": "place", "seat": 1},
                                           {"do": "ai_place", "who": "reed"}]


def test_reed_card_comes_back_every_year() -> None:
    """L713: the card is used again each Autumn: Summer's discard leaves it out of the discard."""
    g = board()
    g["command_track"][:2] = [{"seat": "reed", "card": reed.CARD["id"]}, {"seat": 0, "card": "economy"}]
    run(ctx_for(g), {"do": "discard_track"})
    assert g["command_track"] == [None] * len(g["command_track"])
    assert g["command_discard"] == [{"seat": 0, "card": "economy"}]


# ------------------------------------------------------------------------------------ locations
def test_a_location_with_only_reed_clerks_does_not_activate() -> None:
    """L711."""
    g = board()
    g["locations"]["builders_camp"] = ["reed"]
    assert "builders_camp" not in locations.to_activate(g)
    g["locations"]["builders_camp"].append(0)
    assert "builders_camp" in locations.to_activate(g)


def test_production_with_reed_donates_and_its_clerk_stays() -> None:
    """L712, L721: the Reed Clan donates 1 of the resource to the Warehouse and gains no Honor; its
    clerk stays, the player's go back. A32: with the Reed clerk there the player is not alone, so no
    yellow-flag shame."""
    g = board()
    spaces = model.spaces(g, "quarry")
    assert spaces is not None
    g["locations"]["quarry"] = ["reed"] + [0] * (spaces - 1)
    g["players"][0]["clerks"] -= spaces - 1
    ctx = ctx_for(g)
    g["turn"] = {"slot": 0, "seat": 0}
    run(ctx, {"do": "activation"})
    while waiting(ctx):
        answer(ctx, {"type": "pass"})
    assert g["warehouse"]["stone"] == 1
    assert g["locations"]["quarry"] == ["reed"]
    assert g["players"][0]["clerks"] == 5
    assert model.shame_held(g, 0) == 0


def test_yellow_flag_still_shames_a_player_alone() -> None:
    """L236, L326: without the Reed clerk, a lone player at a yellow-flag location gains 1 shame (so the
    test above shows A32 at work)."""
    g = board()
    spaces = model.spaces(g, "quarry")
    assert spaces is not None
    g["locations"]["quarry"] = [0] * spaces
    ctx = ctx_for(g)
    g["turn"] = {"slot": 0, "seat": 0}
    run(ctx, {"do": "activation"})
    while waiting(ctx):
        acts = legal(ctx)
        answer(ctx, next((a for a in acts if a["type"] in ("pass", "shame")), acts[0]))
    assert model.shame_held(g, 0) == 1


def test_barracks_reed_spearman_is_placed_by_the_active_player() -> None:
    """L729: the Reed Clan recruits 1 spearman, the active player puts it on a legal vital spot."""
    g = board()
    empty_rows(g)
    cid = card_with_spots(3)
    g["sections"][2]["rows"][0] = {"card": cid, "soldiers": [], "wounds": []}
    g["locations"]["barracks"] = ["reed", 1]
    g["turn"] = {"slot": 0, "seat": 1}
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "barracks"})
    while (w := waiting(ctx)) is not None and w["kind"] != "reed_deploy":
        answer(ctx, {"type": "pass"})
    d = waiting(ctx)
    assert d is not None and d["seats"] == [1]
    assert legal(ctx) == [{"type": "deploy", "kind": "spear", "section": 2, "row": 0, "spots": [j]}
                          for j in range(3)]
    answer(ctx, {"type": "deploy", "kind": "spear", "section": 2, "row": 0, "spots": [1]})
    assert g["sections"][2]["rows"][0]["soldiers"] == [{"seat": "reed", "kind": "spear", "spots": [1]}]
    assert g["reed"]["supply"] == 9
    assert g["players"][1]["honor"] == 0


def test_barracks_reed_spearman_without_a_spot_stays_in_supply() -> None:
    """L729: no legal vital spot: the spearman goes back to the Reed Clan's supply."""
    g = board()
    empty_rows(g)
    g["locations"]["barracks"] = ["reed", 1]
    g["turn"] = {"slot": 0, "seat": 1}
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "barracks"})
    while waiting(ctx):
        answer(ctx, {"type": "pass"})
    assert "reed_deploy" not in kinds(ctx) and g["reed"]["supply"] == 10


def test_builders_camp_reed_barricade_is_free_and_gives_no_honor() -> None:
    """L727, L709."""
    g = board()
    g["sections"][1]["barricades"] = 0
    g["locations"]["builders_camp"] = ["reed", 0]
    g["turn"] = {"slot": 0, "seat": 0}
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "builders_camp"})
    while (w := waiting(ctx)) is not None and w["kind"] != "reed_build":
        answer(ctx, {"type": "pass"})
    assert legal(ctx) == [{"type": "reed_build", "section": 1}]
    answer(ctx, {"type": "reed_build", "section": 1})
    assert g["sections"][1]["barricades"] == 1 and g["players"][0]["honor"] == 0
    assert g["locations"]["builders_camp"] == ["reed"]


def test_envoy_acting_player_discards_a_track_card_and_it_refills() -> None:
    """L725: the acting player discards any 1 Advisor of the track, which slides and refills."""
    g = board()
    g["locations"]["imperial_envoy"] = ["reed", 0]
    g["turn"] = {"slot": 0, "seat": 0}
    track, top = list(g["advisor_track"]), g["advisor_deck"][-1]
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "imperial_envoy"})
    while (w := waiting(ctx)) is not None and w["kind"] != "reed_envoy":
        answer(ctx, {"type": "pass"})
    assert legal(ctx) == [{"type": "reed_discard", "card": c} for c in track]
    answer(ctx, {"type": "reed_discard", "card": track[1]})
    assert g["advisor_track"] == [track[0], track[2], track[3], top]
    assert g["advisor_discard"][-1] == track[1]


def test_temple_lets_the_active_player_discard_one_own_shame() -> None:
    """L723: the active player may discard 1 of its own shame tokens, for free."""
    g = board()
    g["players"][0]["supply"]["spear"] -= 1
    g["players"][0]["shamed"]["spear"] = 1
    g["shame_supply"] -= 1
    g["locations"]["temple"] = ["reed", 1]
    g["turn"] = {"slot": 0, "seat": 0}
    ctx = ctx_for(g)
    chi, supply = g["players"][0]["res"]["chi"], g["shame_supply"]
    run(ctx, {"do": "reed_act", "loc": "temple"})
    assert legal(ctx) == [{"type": "discard_shame", "n": 1}, {"type": "pass"}]
    answer(ctx, {"type": "discard_shame", "n": 1})
    assert model.shame_held(g, 0) == 0 and g["players"][0]["res"]["chi"] == chi
    assert g["shame_supply"] == supply + 1


def test_temple_does_nothing_on_the_reed_turn() -> None:
    """L723: nothing when the Reed Clan is the active player."""
    g = board()
    g["players"][0]["supply"]["spear"] -= 1
    g["players"][0]["shamed"]["spear"] = 1
    g["turn"] = {"slot": 0, "seat": "reed"}
    ctx = ctx_for(g)
    run(ctx, {"do": "reed_act", "loc": "temple"})
    assert waiting(ctx) is None and model.shame_held(g, 0) == 1


# ------------------------------------------------------------------------------------ its turn
def test_reed_turn_highest_tea_player_moves_its_clerks() -> None:
    """L714-715: on the Reed Clan's own turn the seat highest in tea order moves its clerks, at most 1
    per location; every player then does the middle box (data/reed.json)."""
    g = board()
    g["tea"], g["tea_all"] = [1, 0], [1, 0, "reed"]
    g["command_track"][0] = {"seat": "reed", "card": reed.CARD["id"]}
    ctx = ctx_for(g)
    run(ctx, {"do": "next_turn", "after": -1})
    d = waiting(ctx)
    assert d is not None and d["kind"] == "reed_clerks" and d["seats"] == [1]
    acts = legal(ctx)
    assert {"type": "clerk", "from": "quarry", "to": "lumber_mill"} not in acts  # L712
    assert {"type": "clerk", "from": "quarry", "to": "temple"} in acts
    answer(ctx, {"type": "clerk", "from": "quarry", "to": "temple"})
    assert {"type": "clerk", "from": "gold_mine", "to": "temple"} not in legal(ctx)
    answer(ctx, {"type": "clerk", "from": "gold_mine", "to": "barracks"})
    assert [loc for loc, xs in g["locations"].items() if "reed" in xs] == ["lumber_mill", "temple",
                                                                           "barracks"]
    d = waiting(ctx)
    assert d is not None and d["kind"] == "clerks" and d["seats"] == [1]


def test_tea_house_moves_the_reed_marker() -> None:
    """L733, L394: the Reed Clan's marker moves up at the Tea house like anyone's."""
    g = board()
    g["locations"]["tea_house"] = ["reed", 0]
    g["tea"], g["tea_all"] = [1, 0], [1, 0, "reed"]
    ctx = ctx_for(g)
    run(ctx, {"do": "tea_house"})
    # in the order as it stood: seat 0 (place 2) swaps with seat 1, then the Reed Clan with seat 1
    assert g["tea_all"] == [0, "reed", 1] and g["tea"] == [0, 1]


# ------------------------------------------------------------------------------------ combat
def test_defeat_credit_to_reed_discards_the_card() -> None:
    """L709, L543: the Reed Clan holds the most spots: the card goes to the discard, not to a player;
    the player there still gets its +2; the Reed spearmen go back to its supply (L710)."""
    g = board()
    empty_rows(g)
    cid = card_with_spots(3)
    g["sections"][1]["rows"][0] = {"card": cid, "wounds": [], "soldiers": [
        {"seat": "reed", "kind": "spear", "spots": [0]}, {"seat": "reed", "kind": "spear", "spots": [1]},
        {"seat": 0, "kind": "spear", "spots": [2]}]}
    g["reed"]["supply"] = 8
    g["players"][0]["supply"]["spear"] -= 1
    ctx = ctx_for(g)
    combat.defeat_check(ctx)
    assert g["horde_discard"][-1] == cid and g["players"][0]["trophies"] == []
    assert g["players"][0]["honor"] == combat.DEFEAT_HONOR
    assert g["reed"]["supply"] == 10


def test_defeat_credit_tie_goes_by_the_whole_tea_track() -> None:
    """L543: equal spots: the higher marker wins; the Reed Clan at the bottom loses the tie."""
    g = board()
    empty_rows(g)
    cid = card_with_spots(2)
    g["sections"][1]["rows"][0] = {"card": cid, "wounds": [], "soldiers": [
        {"seat": "reed", "kind": "spear", "spots": [0]}, {"seat": 0, "kind": "spear", "spots": [1]}]}
    g["reed"]["supply"] = 9
    ctx = ctx_for(g)
    combat.defeat_check(ctx)
    assert g["players"][0]["trophies"] == [{"card": cid, "shame": 0}]
    g2 = board()
    empty_rows(g2)
    g2["tea_all"] = ["reed", 0, 1]
    g2["sections"][1]["rows"][0] = {"card": cid, "wounds": [], "soldiers": [
        {"seat": "reed", "kind": "spear", "spots": [0]}, {"seat": 0, "kind": "spear", "spots": [1]}]}
    combat.defeat_check(ctx_for(g2))
    assert g2["players"][0]["trophies"] == [] and g2["horde_discard"][-1] == cid


def test_breach_kills_reed_spearmen_unsaved_and_gives_it_no_shame() -> None:
    """L562-563, L709: the casualty value of Reed spearmen on a breached card die (never saved), a wound
    on each spot they leave; the survivors stay; the Reed Clan gains no shame (L709)."""
    g = board()
    empty_rows(g)
    cid = card_with_spots(4)
    g["sections"][1]["rows"][0] = {"card": cid, "wounds": [], "soldiers": [
        {"seat": "reed", "kind": "spear", "spots": [0]}, {"seat": "reed", "kind": "spear", "spots": [1]}]}
    g["reed"]["supply"] = 8
    shame = g["shame_supply"]
    ctx = ctx_for(g)
    combat.breach(ctx, 1, casualty=1)
    slot = g["sections"][1]["rows"][0]
    assert slot["soldiers"] == [{"seat": "reed", "kind": "spear", "spots": [1]}]
    assert slot["wounds"] == [0] and g["reed"]["supply"] == 9
    assert g["shame_supply"] == shame - 2  # one card without soldiers of each player: 1 shame each


# ------------------------------------------------------------------------------------ the end
def test_two_walls_at_level_3_end_the_game() -> None:
    """A30 (L655, L667): with 2 sections in play, 2 Walls at level 3 end the game."""
    from pygame_core.games.great_wall import flow

    g = board()
    g["sections"][1]["wall"] = g["sections"][2]["wall"] = 3
    assert flow.end_reason(g) == "walls"


def test_a_raid_removes_three_shame_tokens() -> None:
    """A31 (L522, L687): the Reed Clan makes 3 players, so a raid takes 3 tokens from the supply."""
    assert modes.raid_shame(board()) == 3
