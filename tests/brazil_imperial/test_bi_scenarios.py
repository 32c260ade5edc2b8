"""Teaching scenarios of Brazil: Imperial (scenarios.py, data/scenarios.json): the rules of digest §10's
golden tests as positions to step through. Each scenario builds, shows the numbers its captions teach,
and stepping through its script reaches the result. Public numbers are read from the game's view, as the
board shows them; hands from their holder's view. What every scenario must hold (captions, provenance,
its shipped save) is tests/test_scenarios.py; seed lines are cited per test."""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

import pytest

from pygame_core import games
from pygame_core.games.brazil_imperial import arches, build, combat, model, scenarios, scoring
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.kernel.state import State
from tests.brazil_imperial.helpers import edit, put_building
from tests.scenario_steps import scenario_start, scenario_steps

GAME = games.get("brazil_imperial")
start = partial(scenario_start, GAME)
steps = partial(scenario_steps, GAME)  # the start, then one state per scripted action


def view(s: State, seat: int = 0) -> dict[str, Any]:
    return dict(GAME.view(s, seat))


def empire(s: State, seat: int, by: int | None = None) -> dict[str, Any]:
    """A seat's empire as ``by`` sees it (the seat itself by default)."""
    return dict(view(s, seat if by is None else by)["empires"][seat])


def hexes(s: State) -> dict[str, Any]:
    return dict(view(s)["hexes"])


def place(name: str, where: str) -> str:
    """The hex of a scenario's named place on its own map."""
    sc = scenarios.SCENARIOS[name]
    return scenarios.places(bd.map_for(sc["players"]), sc["position"])[where]


def tile_vp(s: State, h: str) -> int:
    return build.tile_vp(s.data, h)


def test_the_golden_tests_the_issue_names_are_scenarios() -> None:
    """Issue 19 §4, digest §10: build legality (1), a city on the monarch's hex (3), a trade at the cap
    (6), a tie to the defender (8), the Port/Trade bonus (9), occupation (10), an era advance (11) and
    Manuel I's override (12)."""
    assert set(scenarios.NAMES) == {
        "build",
        "city",
        "trade",
        "tie",
        "port_trade",
        "occupation",
        "era",
        "manuel",
    }
    for name in scenarios.NAMES:
        sc = scenarios.SCENARIOS[name]
        assert sc["source"]["kind"] == "seed" and "golden test" in sc["source"]["note"]


@pytest.mark.parametrize("name", scenarios.NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_position_keeps_every_piece(name: str, players: int) -> None:
    """Cards, missions, city and building tiles the position names came out of where the setup put them
    (L16-19, L279, L294): none is lost or doubled, so hidden items stay hidden and redetermine."""
    s = start(name, players)
    g = s.data
    ps = g["players"]
    battle = g["decks"]["battle"] + g["decks"]["battle_discard"] + [c for p in ps for c in p["battle"]]
    gold = g["decks"]["gold"] + g["decks"]["gold_discard"] + [c for p in ps for c in p["gold"]]
    assert sorted(battle) == sorted(bd.BATTLE) and sorted(gold) == sorted(bd.GOLD)
    for era in ("1", "2", "3"):
        held = [p["missions"][era] for p in ps] + [m for p in ps for m in p["rejected"][era]]
        assert sorted(held + g["mission_pool"][era]) == sorted(
            m for m, x in bd.MISSIONS.items() if str(x["era"]) == era
        )
        assert all(p["offer"][era] == [] for p in ps)
    cities = Counter(c for stack in g["decks"]["cities"] for c in stack)
    cities.update(x["city"]["id"] for x in g["hexes"].values() if x.get("city"))
    assert cities == Counter({c: int(x.get("count", 1)) for c, x in bd.CITIES.items()})
    built = Counter(x["building"]["tile"] for x in g["hexes"].values() if x.get("building"))
    assert all(g["tiles"][t] + built[t] == 1 for t in g["tiles"])
    assert g["stage"] == "play" and not g["pending"] and not GAME.is_over(s)
    assert [p["capital"] for p in ps] == list(bd.geometry(g["map"]).capitals[:players])
    for p in ps:  # B2: each seat's monarch is one its board offers
        assert p["monarch"] in bd.board(p["board"])["monarchs"]


@pytest.mark.parametrize("seed", [15953, *range(12)])
def test_every_position_builds_whatever_the_setup_dealt(seed: int) -> None:
    """A position builds from any seed (the property tests play the scenarios from random seeds): a
    mission it names may have been dealt to another seat (L19), and is swapped in before anyone keeps
    (seed 15953: Player 2's era I mission was in Player 1's offer)."""
    for name in scenarios.NAMES:
        for players in (2, 3, 4):
            s = GAME.new_game(players=players, seed=seed, options={"scenario": name})
            want = scenarios.SCENARIOS[name]["position"].get("seats", {})
            for seat, spec in want.items():
                assert (
                    s.data["players"][int(seat)]["missions"] | spec.get("missions", {})
                    == s.data["players"][int(seat)]["missions"]
                )
            assert GAME.legal_actions(s, GAME.to_move(s)[0])


def test_build_only_this_eras_buildings_on_their_terrain_L169_L386() -> None:
    """Golden test 1: era I, 1 brazilwood + 1 sugarcane and a sawmill next to the capital, with gold mines
    beside it: sugarcane fields and farms on the plains, sawmills and trading posts on the forests next to
    the capital or the sawmill (L173-179, L386); no smelter on a gold mine although it costs just that
    (L169, L213-219), until era II. The new sawmill pays 1 sugarcane, puts 2 brazilwood on its tile
    (L201-202, L387-388), is worth 1 VP and the hex becomes building terrain (L171, L247)."""
    s0, s1, s2 = steps("build")
    cap, mill, mine = empire(s0, 0)["capital"], place("build", "mill"), place("build", "mine")
    assert empire(s0, 0)["supply"] == {"brazilwood": 1, "sugarcane": 1} and view(s0)["era"] == 1
    terrain = model.geo(s0.data).terrain  # static: the board reads it from data.js, not the view
    assert hexes(s0)[mill]["building"]["id"] == "sawmill" and terrain[mill] == "forest"
    assert terrain[mine] == "gold_mine" and mine in model.geo(s0.data).neighbours[mill]

    def offered(s: State) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for a in GAME.legal_actions(s, 0):
            if a["type"] == "build":
                out.setdefault(a["what"], set()).add(a["hex"])
        return out

    geo = bd.geometry(s0.data["map"])
    near = {n for a in (cap, mill) for n in geo.neighbours[a]} - {cap, mill}
    on = {t: {h for h in near if geo.terrain[h] == t} for t in ("plains", "forest", "gold_mine")}
    assert on["gold_mine"] and len(on["plains"]) >= 3 and len(on["forest"]) >= 3
    assert offered(s1) == {
        "sugarcane_field": on["plains"],
        "farm": on["plains"],
        "sawmill": on["forest"],
        "trading_post": on["forest"],
    }
    assert bd.BUILDINGS["smelter"]["cost"] == bd.BUILDINGS["farm"]["cost"] and model.era_of("smelter") == 2
    in_era_2 = edit(s1, lambda g: g.update({"era": 2}))
    assert offered(in_era_2)["smelter"] == on["gold_mine"]
    forest = place("build", "forest")
    assert forest in geo.neighbours[cap]
    b = hexes(s2)[forest]["building"]
    assert (b["id"], b["goods"], b["owner"]) == ("sawmill", {"brazilwood": 2}, 0)
    assert empire(s2, 0)["supply"] == {"brazilwood": 1}
    assert tile_vp(s2, forest) == 1 and model.terrain(s2.data, forest) == "building"
    assert view(s2)["phase"]["kind"] == "movement"


def test_a_city_on_the_monarchs_hex_L171_L383() -> None:
    """Golden test 3: the monarch stands far from every tile; Ouro Preto (2 gold) cannot be paid with
    resources (L136-139), Salvador (1 brazilwood + 1 sugarcane) from the second stack can; it goes on the
    monarch's hex with no own tile next to it, the next tile of that stack shows (L16), and Player 1 may
    deploy there (L371). Next to an opponent's tile the city is not offered (L383)."""
    s0, s1, s2 = steps("city")
    spot = place("city", "spot")
    g = s0.data
    assert view(s0)["units"]["0-0"]["hex"] == spot and model.unit_slot(g, 0, 0)["type"] == "monarch"
    assert not [n for n in (spot, *model.geo(g).neighbours[spot]) if model.owner(g, n) is not None]
    assert [c["top"] for c in view(s0)["decks"]["cities"]] == ["ouro_preto", "salvador"]
    assert bd.CITIES["ouro_preto"]["cost"] == {"gold": 2}
    assert bd.CITIES["salvador"]["cost"] == {"brazilwood": 1, "sugarcane": 1}
    cities = [a for a in GAME.legal_actions(s1, 0) if a.get("what") == "city"]
    assert cities == [{"type": "build", "what": "city", "hex": spot, "stack": 1}]
    city = hexes(s2)[spot]["city"]
    assert (city["id"], city["owner"]) == ("salvador", 0) and empire(s2, 0)["supply"] == {}
    below = s0.data["decks"]["cities"][1][-2]
    assert view(s2)["decks"]["cities"][1] == {
        "top": below,
        "count": view(s0)["decks"]["cities"][1]["count"] - 1,
    }
    assert tile_vp(s2, spot) == 2
    assert spot in arches.deploy_hexes(s2.data, 0)
    geo = model.geo(g)
    enemy = next(n for n in geo.neighbours[spot] if geo.terrain[n] == "plains")
    beside = edit(s1, lambda d: put_building(d, enemy, "farm", 1))
    assert not [a for a in GAME.legal_actions(beside, 0) if a.get("what") == "city"]


def test_trade_at_the_supply_cap_L406_L415() -> None:
    """Golden test 6 with goods from a controlled tile (L413): 2 cotton -> 2 gold + a gold card keeps the
    supply at 4 and the hand at 3 (L409); the farm's 2 coffee raise them to 6 and 4, so the player returns
    1 good and discards 1 card before trading on (L415, L290); gold never stands in for the listed goods
    (B6, FAQ); 1 brazilwood -> 1 gold leaves the supply at 5 (L408)."""
    s = steps("trade")
    farm = place("trade", "farm")

    def supply(k: int) -> dict[str, int]:
        return dict(empire(s[k], 0)["supply"])

    def hand(k: int) -> int:
        return int(empire(s[k], 0, by=1)["gold_count"])  # the count is public

    assert supply(0) == {"cotton": 2, "sugarcane": 1, "brazilwood": 1} and hand(0) == 2
    assert hexes(s[0])[farm]["building"]["goods"] == {"coffee": 2}
    assert (supply(2), hand(2)) == ({"sugarcane": 1, "brazilwood": 1, "gold": 2}, 3)
    assert (supply(3), hand(3)) == ({"sugarcane": 1, "brazilwood": 1, "gold": 4}, 4)
    assert hexes(s[3])[farm]["building"]["goods"] == {}
    assert {a["type"] for a in GAME.legal_actions(s[3], 0)} == {"trim"}  # the cap first (L415)
    assert sum(supply(4).values()) == 5 and supply(4) == {"brazilwood": 1, "gold": 4}
    assert {a["type"] for a in GAME.legal_actions(s[4], 0)} == {"discard"}
    assert hand(5) == 3 and s[5].data["decks"]["gold_discard"] == ["gold_bar"]
    rows = {a.get("row") for a in GAME.legal_actions(s[5], 0) if a["type"] == "trade"}
    assert rows == {0}  # 4 gold is not 2 cotton or 2 coffee (B6); row 0 takes the brazilwood
    assert supply(6) == {"gold": 5}
    assert view(s[7])["phase"]["kind"] == "movement"


def test_a_tie_goes_to_the_defender_L491_L502_L503() -> None:
    """Golden test 8: cavalry 3 against a farm 2 + an archer 1 (L491: strength is VP); the defender wins
    the tie (L502); the cavalry goes to the attacker's personal supply (L503, L507), not its board slot,
    and still scores its 3 VP (L508)."""
    s0, s1 = steps("tie")
    farm = place("tie", "farm")
    g = s0.data
    battle = {"attacker": 0, "defender": 1, "hex": farm, "units": ["0-3"], "ranged": False, "flag": None}
    assert combat.strengths(g, battle, {}) == (3, 3)
    assert [model.unit_vp(g, u) for u in ("0-3", "1-1")] == [3, 1] and tile_vp(s0, farm) == 2
    assert empire(s0, 0)["battle_count"] == empire(s0, 1)["battle_count"] == 0
    assert empire(s0, 0)["paintings"] == empire(s0, 1)["paintings"] == []
    assert (empire(s0, 0)["marker"]["arch"], empire(s0, 1)["marker"]["arch"]) == ("build", "paint")
    assert view(s1)["units"]["0-3"] == {"seat": 0, "slot": 3, "hex": None, "state": "supply"}
    assert view(s1)["units"]["1-1"]["hex"] == farm
    assert empire(s1, 1)["counters"]["battles_won"] == 1 and empire(s1, 0)["counters"]["battles_won"] == 0
    assert scoring.breakdown(s1.data, 0)["units"] == 3
    assert "3 against 3; the defender wins" in s1.log[-1]["text"]["en"]


def test_the_trade_marker_defends_with_2_more_L484_L502() -> None:
    """Golden test 9: the defender's marker on Trade since its own turn (B17, FAQ): the farm 2 + 2 = 4 beats
    the cavalry's 3; the same attack against the marker elsewhere wins 3 to 2."""
    s0, s1 = steps("port_trade")
    farm = place("port_trade", "farm")
    assert empire(s0, 1)["marker"]["arch"] == "trade" and view(s0)["turn"]["seat"] == 0
    battle = {"attacker": 0, "defender": 1, "hex": farm, "units": ["0-3"], "ranged": False, "flag": None}
    assert combat.strengths(s0.data, battle, {}) == (3, 4)
    assert view(s1)["units"]["0-3"]["state"] == "supply"
    assert "3 against 4; the defender wins" in s1.log[-1]["text"]["en"]
    elsewhere = edit(s0, lambda g: g["players"][1]["marker"].update({"arch": "paint"}))
    after = GAME.apply(elsewhere, 0, scenarios.script("port_trade")[0][1])
    assert view(after)["units"]["0-3"]["hex"] == farm and model.controller(after.data, farm) == 0


def test_occupation_and_its_end_L509_L511() -> None:
    """Golden test 10: the cavalry wins 3 to 2 and controls the farm Player 2 still owns (L509); the tile
    scores for its controller (L525); Player 1 may not build next to it and Player 2 may not renovate it
    (L511, FAQ); Player 1 trades its 2 coffee (L413, L511); control returns as the last unit leaves
    (L510)."""
    s = steps("occupation")
    farm, come = place("occupation", "farm"), place("occupation", "come")
    assert hexes(s[0])[farm]["controller"] == 1 and hexes(s[0])[farm]["building"]["goods"] == {"coffee": 2}
    assert view(s[1])["units"]["0-3"]["hex"] == farm
    assert hexes(s[1])[farm]["controller"] == 0 and hexes(s[1])[farm]["building"]["owner"] == 1
    assert scoring.breakdown(s[1].data, 0)["tiles"] == 2 and scoring.breakdown(s[1].data, 1)["tiles"] == 0
    assert farm not in model.owned_anchors(s[1].data, 0)
    assert not [n for n in model.geo(s[1].data).neighbours[farm] if model.owner(s[1].data, n) == 0]
    assert model.adjacent_enemy(s[1].data, come, 0)  # no Build next to the farm (L511, L386)
    seat1_turn = edit(s[2], lambda g: g["turn"].update({"phase": "arch", "doing": "renovate", "step": 0}))
    assert [a for a in GAME.legal_actions(seat1_turn, 1) if a["type"] == "renovate"] == []
    assert view(s[6])["turn"]["seat"] == 0 and empire(s[6], 0)["supply"] == {}
    assert empire(s[7], 0)["supply"] == {"gold": 2} and empire(s[7], 0, by=1)["gold_count"] == 1
    assert hexes(s[7])[farm]["building"]["goods"] == {} and hexes(s[7])[farm]["controller"] == 0
    assert view(s[9])["units"]["0-3"]["hex"] == come
    assert hexes(s[9])[farm]["controller"] == 1 and scoring.breakdown(s[9].data, 1)["tiles"] == 2


def test_an_era_advances_with_a_palace_L307_L316_L332() -> None:
    """Golden test 11: the first era I mission shown scores and starts era II for everyone (L309-314);
    palace II on an era I building gives 1 sugarcane and a free square product (L332-335); every player
    puts its era I marker under an arch (L313, B5) and takes the era II marker, on no arch (L112); era II
    buildings are offered (L169); a later era I mission gives VP and a palace only (L316)."""
    s = steps("era")
    field, plains, mill = place("era", "field1"), place("era", "plains"), place("era", "mill1")
    vp = int(bd.MISSIONS["sugar_coast"]["vp"])
    assert view(s[0])["era"] == 1 and empire(s[0], 0, by=1)["missions"] == {}  # hidden until shown
    assert view(s[1])["era"] == 2 and empire(s[1], 0, by=1)["missions"] == {"1": "sugar_coast"}
    assert scoring.breakdown(s[1].data, 0)["missions"] == vp
    assert [(x["seat"], x["kind"]) for x in view(s[1])["pending"]] == [
        (0, "palace"),
        (0, "marker"),
        (1, "marker"),
    ]
    assert hexes(s[2])[field]["building"]["palace"] == "II" and empire(s[2], 0)["supply"] == {
        "gold": 1,
        "sugarcane": 1,
    }
    assert empire(s[3], 0)["products"] == {"sugar": "build"}
    assert (empire(s[5], 0)["under"], empire(s[5], 1)["under"]) == ({"port": 1}, {"deploy": 1})
    assert all(empire(s[5], k)["marker"] == {"era": 2, "arch": None} for k in (0, 1))
    assert {a["what"] for a in GAME.legal_actions(s[6], 0) if a["type"] == "build"} >= {"plantation"}
    b = hexes(s[7])[plains]["building"]
    assert (b["id"], b["goods"], tile_vp(s[7], plains)) == ("plantation", {"cotton": 2}, 2)
    assert empire(s[7], 0)["supply"] == {"sugarcane": 1}
    assert view(s[9])["era"] == 2 and view(s[9])["pending"] == [{"seat": 1, "kind": "palace"}]
    assert scoring.breakdown(s[9].data, 1)["missions"] == int(bd.MISSIONS["timber_trade"]["vp"])
    assert hexes(s[10])[mill]["building"]["palace"] == "II" and empire(s[10], 1)["supply"] == {"sugarcane": 1}
    assert empire(s[11], 1)["products"] == {"dye": "trade"} and empire(s[11], 1)["under"] == {"deploy": 1}


def test_manuel_i_overrides_his_first_three_sawmills_only_L55_L57() -> None:
    """Golden test 12 (Ludopedia: instead of the base values): Manuel I's 3rd sawmill produces 2 brazilwood +
    1 gold and is worth 2 VP; a gold card's extra Build action (L287) builds the 4th in the same turn,
    with the base values (1 VP, 2 brazilwood, L201-203): 7 VP of sawmills."""
    s = steps("manuel")
    mills = [place("manuel", k) for k in ("mill1", "mill2", "forest3", "forest4")]
    assert empire(s[0], 0)["monarch"] == "manuel_i" and empire(s[0], 0, by=1)["gold_count"] == 1
    assert [tile_vp(s[0], h) for h in mills[:2]] == [2, 2]
    assert all(hexes(s[0])[h]["building"]["goods"] == {"brazilwood": 2, "gold": 1} for h in mills[:2])
    # a gold (on a sawmill or the gold card) may pay the sugarcane (L136-139, L288): the player chooses
    assert view(s[2])["paying"]["seat"] == 0 and hexes(s[2])[mills[2]]["building"] is None
    assert hexes(s[3])[mills[2]]["building"]["goods"] == {"brazilwood": 2, "gold": 1}
    assert tile_vp(s[3], mills[2]) == 2 and empire(s[3], 0)["supply"] == {"sugarcane": 1}
    assert view(s[4])["decks"]["gold_discard"] == ["land_grant"]
    assert empire(s[5], 0)["marker"]["arch"] == "build"  # an extra action leaves the marker
    assert view(s[6])["paying"]["seat"] == 0
    assert hexes(s[7])[mills[3]]["building"]["goods"] == {"brazilwood": 2}
    assert tile_vp(s[7], mills[3]) == 1 and empire(s[7], 0)["supply"] == {}
    assert sum(tile_vp(s[7], h) for h in mills) == 7
    assert view(s[7])["phase"]["kind"] == "movement"


@pytest.mark.parametrize("players", [3, 4])
def test_the_places_are_found_on_every_map(players: int) -> None:
    """Every map's capitals see three plains and three forests around them (maps.json, G1), so each place
    lands on the terrain it asks for at any player count."""
    for name in scenarios.NAMES:
        pos = scenarios.SCENARIOS[name]["position"]
        found = scenarios.places(bd.map_for(players), pos)
        geo = bd.geometry(bd.map_for(players))
        for key, spec in pos.get("places", {}).items():
            want = spec.get("terrain")
            assert geo.terrain[found[key]] in ([want] if isinstance(want, str) else want)
            assert found[key] not in geo.explore and found[key] not in geo.capitals
        assert len(set(found.values())) == len(found)
