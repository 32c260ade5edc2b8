"""The solo game against Qin Jiushao (seed L735-878; digest §4.10, rulings A34-A38)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pygame_core import OptionError
from pygame_core.games.great_wall import combat, flow, horde, locations, modes, qin, scoring
from tests.great_wall.helpers import answer, ctx_for, game, legal, run, waiting

Data = dict[str, Any]
SOLO = {"mode": "solo"}


def start(seed: int = 0, difficulty: str = "normal") -> Any:
    return game().new_game(players=1, seed=seed, options={**SOLO, "difficulty": difficulty})


def board(seed: int = 0) -> Data:
    """A solo game just past the draft, nothing pending; Qin's track set to a known order."""
    gm, s = game(), start(seed)
    while any(d["kind"] == "draft" for d in s.data["decisions"]):
        s = gm.apply(s, 0, gm.legal_actions(s, 0)[0])
    g = copy.deepcopy(s.data)
    g["decisions"], g["todo"] = [], []
    # left (highest) to right (lowest): Wood, Stone, Gold, Chi, Barracks
    g["qin"]["track"] = ["wood", "stone", "gold", "chi", "wound"]
    for loc in g["locations"]:
        g["locations"][loc] = [x for x in g["locations"][loc] if x != "qin"]
    g["qin"]["clerks"] = 8
    return g


def clear_rows(g: Data) -> None:
    for sec in g["sections"]:
        sec["rows"] = [None] * 3


def plain(n: int) -> str:
    return next(c for c, x in horde.CARDS.items() if len(x["spots"]) == n and not x["ability"])


def put(g: Data, section: int, row: int, cid: str) -> Data:
    slot = {"card": cid, "soldiers": [], "wounds": []}
    g["sections"][section]["rows"][row] = slot
    return slot


def point(g: Data, section: int) -> None:
    """Make the Horde deck's top back name ``section`` (A6)."""
    top = next(c for c in g["horde_deck"] if horde.CARDS[c]["indicator"] == section)
    g["horde_deck"].remove(top)
    g["horde_deck"].append(top)


# ------------------------------------------------------------------------------------------- setup
def test_solo_is_for_one_player_and_difficulty_for_solo_only() -> None:
    """L735-743, L878."""
    gm = game()
    with pytest.raises(OptionError):
        gm.new_game(players=2, seed=0, options=SOLO)
    with pytest.raises(OptionError):
        gm.new_game(players=3, seed=0, options={"difficulty": "hard"})
    assert gm.new_game(players=1, seed=0).options["mode"] == "solo"


def test_setup_deltas() -> None:
    """L749-781: 2-3p side, 10 shame tokens, the leftmost section out, a Horde card in each of the 6
    slots, 6 barricades; Qin's 8 clerks, 6 shuffled cards, 2 spearmen and 2 horsemen as level-1
    overseers of the 4 production locations (A34), a random 5-marker track, 2 Supporting Advisors;
    the Reed Clan on the Lumber mill, Quarry and Gold mine; the player's 3 clerks on the Envoy; tea
    order from the bottom: Reed, Qin, the player."""
    tracks = set()
    for seed in range(8):
        g = start(seed).data
        assert g["side"] == "23p" and g["shame_supply"] == 10
        left, *rest = g["sections"]
        assert not left["open"] and left["blocked"] == 3
        assert all(slot is not None for s in rest for slot in s["rows"])
        assert sum(s["barricades"] for s in rest) == 6
        q = g["qin"]
        assert q["clerks"] == 8 and len(q["deck"]) == 6 and q["honor"] == 0
        assert sorted(q["overseers"]) == ["gold_mine", "lumber_mill", "quarry", "temple"]
        assert sorted(o["unit"] for o in q["overseers"].values()) == ["horse", "horse", "spear", "spear"]
        assert {o["level"] for o in q["overseers"].values()} == {1}
        assert q["supply"] == {"spear": 8, "archer": 4, "horse": 0}
        assert sorted(q["track"]) == ["chi", "gold", "stone", "wood", "wound"]
        assert len(q["supporting"]) == 2
        assert [loc for loc, xs in g["locations"].items() if "reed" in xs] == ["lumber_mill", "quarry",
                                                                               "gold_mine"]
        assert g["players"][0]["envoy"] == 3
        tracks.add(tuple(q["track"]))
    assert len(tracks) > 1
    g = board()
    assert g["tea_all"] == [0, "qin", "reed"]


@pytest.mark.parametrize("difficulty,honor", [("normal", 0), ("hard", 50), ("hardest", 150)])
def test_difficulty_sets_qins_starting_honor(difficulty: str, honor: int) -> None:
    """L878: Qin at 50 Honor; harder still, also the 100H token."""
    s = start(0, difficulty)
    assert s.data["qin"]["honor"] == honor
    assert game().view(s, 0)["qin"]["honor"] == honor


# ------------------------------------------------------------------------------------------ clerks
def test_qin_card_takes_the_leftmost_free_slot() -> None:
    """L816."""
    g = board()
    g["command_track"][0] = {"seat": 0, "card": "economy"}
    top = g["qin"]["deck"][-1]
    run(ctx_for(g), {"do": "ai_place", "who": "qin"})
    assert g["command_track"][1] == {"seat": "qin", "card": top}


def test_qin_moves_two_clerks_to_his_two_lowest_locations() -> None:
    """L820, L824: the 2 lowest markers (Barracks, then Temple); a full one is skipped for the next."""
    g = board()
    ctx = ctx_for(g)
    qin.move_clerks(ctx, 2)
    assert g["locations"]["barracks"] == ["qin"] and "qin" in g["locations"]["temple"]
    g2 = board()
    n = locations.model.spaces(g2, "barracks")
    assert n is not None
    g2["locations"]["barracks"] = [0] * n
    qin.move_clerks(ctx_for(g2), 2)
    assert "qin" in g2["locations"]["temple"] and "qin" in g2["locations"]["gold_mine"]


def test_qin_with_every_clerk_out_takes_from_his_highest_location() -> None:
    """L822."""
    g = board()
    g["qin"]["clerks"] = 0
    g["locations"]["lumber_mill"] = ["qin"]
    g["locations"]["quarry"] = ["qin"]
    qin.move_clerks(ctx_for(g), 1)
    assert g["locations"]["lumber_mill"] == [] and g["locations"]["barracks"] == ["qin"]


def test_qin_moves_on_the_players_turn() -> None:
    """L820: on a seat's turn Qin moves 2 clerks after the middle box."""
    g = board()
    assert modes.middle_steps(g, 0) == [{"do": "qin_op", "effect": {"op": "qin_clerks", "n": 2}}]
    assert modes.middle_steps(g, "qin") == []


# ------------------------------------------------------------------------------------- locations
def test_activation_gives_honor_per_clerk_times_overseer_level_and_moves_the_marker() -> None:
    """L828, L832: 3 clerks at a level-2 overseer: 6 Honor; the Gold marker goes to the front."""
    g = board()
    g["qin"]["overseers"]["gold_mine"]["level"] = 2
    g["locations"]["gold_mine"] = ["qin", "qin", "qin"]
    ctx = ctx_for(g)
    qin.act(ctx, "gold_mine")
    assert g["qin"]["honor"] == 6
    assert g["qin"]["track"] == ["gold", "wood", "stone", "chi", "wound"]


def test_barracks_recruits_a_spearman_per_clerk() -> None:
    """L830, L810 (paid from the Warehouse: test_solo_rules.py), A37 (+2 per spot his spearman takes)."""
    g = board()
    g["warehouse"] = {"wood": 2, "stone": 4, "gold": 0}
    clear_rows(g)
    cid = plain(3)
    put(g, 1, 0, cid)
    put(g, 2, 0, plain(2))
    point(g, 1)
    g["locations"]["barracks"] = ["qin", "qin"]
    ctx = ctx_for(g)
    qin.act(ctx, "barracks")
    mine = [s for s in g["sections"][1]["rows"][0]["soldiers"] if s["seat"] == "qin"]
    assert len(mine) == 2 and g["qin"]["supply"]["spear"] == 6
    assert g["qin"]["honor"] == 4
    assert g["qin"]["track"][0] == "wound"


def test_on_his_turn_his_locations_activate_first_lowest_first() -> None:
    """L834."""
    g = board()
    g["turn"] = {"slot": 0, "seat": "qin"}
    g["locations"]["temple"] = ["qin"]
    g["locations"]["lumber_mill"] = ["qin"]
    assert modes.first_to_activate(g, ["lumber_mill", "temple", "builders_camp"]) == "temple"
    g["turn"] = {"slot": 0, "seat": 0}
    assert modes.first_to_activate(g, ["lumber_mill", "temple"]) is None


# --------------------------------------------------------------------------------------- attacks
def test_spearman_goes_by_the_indicator_then_the_other_section_then_nowhere() -> None:
    """L840-841; spots top to bottom, left to right (L843)."""
    g = board()
    clear_rows(g)
    cid = plain(3)
    put(g, 2, 0, cid)
    point(g, 1)  # the indicated section has no card: the other one
    ctx = ctx_for(g)
    qin.recruit(ctx, "spear")
    spots = horde.CARDS[cid]["spots"]
    first = min(range(len(spots)), key=lambda j: (spots[j]["y"], spots[j]["x"]))
    assert g["sections"][2]["rows"][0]["soldiers"] == [{"seat": "qin", "kind": "spear", "spots": [first]}]
    g2 = board()
    clear_rows(g2)
    qin.recruit(ctx_for(g2), "spear")
    assert g2["qin"]["supply"]["spear"] == 8 and g2["qin"]["honor"] == 0  # void


def test_archer_shoots_the_card_nearest_the_wall_for_two_honor() -> None:
    """L842-844: an archer on a firing spot of the indicated section; a wound on the nearest card's
    first spot (top to bottom, left to right); +2 Honor. No free firing spot: void."""
    g = board()
    clear_rows(g)
    near, far = plain(3), plain(2)
    put(g, 2, 0, near)
    put(g, 2, 1, far)
    point(g, 2)
    ctx = ctx_for(g)
    qin.recruit(ctx, "archer")
    assert g["sections"][2]["firing"].count("qin") == 1 and g["qin"]["supply"]["archer"] == 3
    spots = horde.CARDS[near]["spots"]
    first = min(range(len(spots)), key=lambda j: (spots[j]["y"], spots[j]["x"]))
    assert g["sections"][2]["rows"][0]["wounds"] == [first] and g["qin"]["honor"] == 2
    g["sections"][2]["firing"] = ["qin"] * len(g["sections"][2]["firing"])
    qin.recruit(ctx, "archer")
    assert g["qin"]["supply"]["archer"] == 3


def test_defeat_sends_all_his_soldiers_home_and_gives_him_the_card_with_credit() -> None:
    """L809, L811, L543-546: Qin holds the most spots: +2 Honor and the card; every figure of his back
    in his supply."""
    g = board()
    clear_rows(g)
    cid = plain(3)
    slot = put(g, 1, 0, cid)
    slot["soldiers"] = [{"seat": "qin", "kind": "spear", "spots": [0]},
                        {"seat": "qin", "kind": "spear", "spots": [1]}]
    slot["wounds"] = [2]
    g["qin"]["supply"]["spear"] = 6
    combat.defeat_check(ctx_for(g))
    assert g["qin"]["trophies"] == [cid] and g["qin"]["honor"] == combat.DEFEAT_HONOR
    assert g["qin"]["supply"]["spear"] == 8


def test_qin_builds_the_indicated_wall_from_the_warehouse() -> None:
    """L812: the Wall where the indicator points, paid from the Warehouse, with its Honor."""
    g = board()
    point(g, 2)
    cost = locations.wall_cost(g, 2)
    assert cost is not None
    g["warehouse"].update(cost)
    qin.build(ctx_for(g))
    assert g["sections"][2]["wall"] == 1 and g["qin"]["honor"] == locations.WALL_HONOR[1]
    assert all(g["warehouse"][r] == 0 for r in cost)
    qin.build(ctx_for(g))  # an empty Warehouse: nothing
    assert g["sections"][2]["wall"] == 1


def test_qin_runs_the_reed_clan_on_his_turn() -> None:
    """L850-852: Reed clerks go to Qin's lowest location, first from a location where Qin has none."""
    g = board()
    g["turn"] = {"slot": 0, "seat": "qin"}
    g["locations"]["quarry"].append("qin")
    from pygame_core.games.great_wall import reed

    reed.ask_clerks(ctx_for(g), 1)
    assert waiting(ctx_for(g)) is None
    assert "reed" in g["locations"]["barracks"]
    assert "reed" not in g["locations"]["lumber_mill"] and "reed" in g["locations"]["quarry"]


# ------------------------------------------------------------------------------------- Spring, end
def test_spring_refresh_gives_qin_one_of_the_two_leftmost() -> None:
    """L858."""
    g = board()
    a, b, c, d = g["advisor_track"]
    run(ctx_for(g), {"do": "advisor_refresh"})
    assert g["qin"]["supporting"][-1] == a and g["advisor_discard"][-1] == b
    assert g["advisor_track"][:2] == [c, d] and len(g["advisor_track"]) == 4


def test_artifacts_are_worth_twenty_to_qin_and_the_player_must_beat_him() -> None:
    """L862, L874: Qin's total has 20 per Artifact; the player wins only with more Honor."""
    g = board()
    g["qin"]["honor"] = 10
    assert qin.breakdown(g)["artifacts"] == 20 * len(g["artifacts"]) == 60
    g["players"][0]["honor"] = 70
    sc = scoring.compute(g)
    assert sc["qin"]["total"] == 70 and sc["winners"] == []
    g["players"][0]["honor"] = 71
    assert scoring.compute(g)["winners"] == [0]


def test_an_empty_shame_supply_loses_at_once() -> None:
    """L872: the player loses as soon as the supply is empty, whatever the Honor."""
    g = board()
    g["players"][0]["honor"] = 500
    g["shame_supply"] = 0
    g["todo"] = [{"do": "season", "name": "spring"}]
    ctx = ctx_for(g)
    flow.advance(ctx)
    assert g["over"] and g["end"] == "shame" and g["final"]["winners"] == []
    assert g["year"] == 1


def test_raids_in_solo_remove_one_token() -> None:
    """L522, L751: solo's supply is 1 x 10 (one player): a raid removes 1 (A31 is the 2-player count)."""
    assert modes.raid_shame(board()) == 1


def test_despotism_moves_two_more_clerks_against_qins_economy() -> None:
    """L801: Qin plays Economy, the player's Despotism moves 2 more clerks."""
    from pygame_core.games.great_wall import clerks

    g = board()
    g["command_track"][0] = {"seat": "qin", "card": "economy"}
    assert clerks.played_by_another(g, 0, "economy")
    g["command_track"][0] = {"seat": "qin", "card": "edict"}
    assert not clerks.played_by_another(g, 0, "economy")


def test_spots_go_top_to_bottom_then_left_to_right() -> None:
    """L843: with the first spot wounded, the next spot of the top row (x 2, y 0) before the lower
    row's (x 1, y 1)."""
    g = board()
    clear_rows(g)
    slot = put(g, 1, 0, "wolf_riders")  # spots (0, 0), (2, 0), (1, 1)
    slot["wounds"] = [0]
    put(g, 2, 0, plain(2))
    point(g, 1)
    qin.recruit(ctx_for(g), "spear")
    assert slot["soldiers"] == [{"seat": "qin", "kind": "spear", "spots": [1]}]


def test_betrayal_copies_only_the_name_of_qins_card() -> None:
    """L864-868: the player's Betrayal may copy Qin's card; what resolves is the player's own card of
    that name."""
    g = board()
    g["command_track"][:2] = [{"seat": "qin", "card": "economy"}, {"seat": 0, "card": "betrayal"}]
    ctx = ctx_for(g)
    run(ctx, {"do": "next_turn", "after": 0})
    d = waiting(ctx)
    assert d is not None and d["kind"] == "qin_betrayal"
    assert legal(ctx) == [{"type": "copy", "card": "economy"}, {"type": "pass"}]
    answer(ctx, {"type": "copy", "card": "economy"})
    assert {st["card"] for st in g["todo"] if st.get("do") == "box"} == {"economy"}
    gold = g["players"][0]["res"]["gold"]
    while (w := waiting(ctx)) is not None:
        acts = legal(ctx)
        answer(ctx, next((a for a in acts if a["type"] in ("stop", "pass")), acts[0]))
        if w["kind"] == "clerks":
            break
    while (w := waiting(ctx)) is not None and g["players"][0]["res"]["gold"] == gold:
        acts = legal(ctx)
        answer(ctx, next((a for a in acts if a["type"] in ("stop", "pass")), acts[0]))
    assert g["players"][0]["res"]["gold"] == gold + 1  # Economy's bottom box (data/command.json)
