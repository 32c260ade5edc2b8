"""Rule tests beyond the golden ones (digest §9), each citing its seed lines."""

from __future__ import annotations

from functools import partial
from typing import Any

from pygame_core.games.brazil_imperial import build, combat, economy, eras, model, movement, scoring
from pygame_core.games.brazil_imperial import data as bd
from tests.brazil_imperial.helpers import (
    GAME,
    attack_position,
    base,
    board_with,
    capital,
    clear,
    doing,
    edit,
    explore_pair,
    far_plains,
    hx,
    legal,
    near,
    put_building,
    put_unit,
    started,
    to_turn,
)

Data = dict[str, Any]


def test_deploy_pays_once_draws_a_card_and_redeploys_free() -> None:
    """L368-373: pay the slot's cost on the first deployment, place in the own capital, draw 1 battle
    card; a defeated unit redeploys without paying (L373); the slot's reward (L38, L261)."""
    s = started(2, 1)

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0].update({"board": "green", "monarch": "pedro_ii", "supply": {"sugarcane": 1}})
        doing(g, 0, "deploy")

    s = edit(s, prep)
    archer = next(u for u, x in s.data["units"].items() if x["seat"] == 0 and x["slot"] == 1)
    cap = capital(s.data, 0)
    s = GAME.apply(s, 0, {"type": "deploy", "unit": archer, "hex": cap})
    p = s.data["players"][0]
    assert s.data["units"][archer] == {"seat": 0, "slot": 1, "hex": cap, "state": "map"}
    assert p["supply"] == {} and len(p["battle"]) == 1
    assert [x["kind"] for x in s.data["pending"]] == ["gain_any"]  # the green archer slot's reward
    s = GAME.apply(s, 0, {"type": "gain_any", "good": "coffee"})
    assert s.data["players"][0]["supply"] == {"coffee": 1}

    def again(g: Data) -> None:
        g["units"][archer].update({"state": "supply", "hex": None})
        g["players"][0]["supply"] = {}
        doing(g, 0, "deploy")

    s2 = edit(s, again)
    assert {"type": "deploy", "unit": archer, "hex": cap} in legal(s2, 0)
    s2 = GAME.apply(s2, 0, {"type": "deploy", "unit": archer, "hex": cap})
    assert s2.data["units"][archer]["state"] == "map" and not s2.data["pending"]


def test_era_markers_give_their_bonus_when_the_arch_is_used() -> None:
    """L114-120: era I's marker lets its seat look at a face-down tile (only its view shows it, L116);
    era II's draws a battle card."""
    s = started(2, 1)

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0]["under"] = {"port": 1, "trade": 2}
        to_turn(g, 0)

    s = edit(s, prep)
    t = GAME.apply(s, 0, {"type": "arch", "arch": "trade"})
    assert len(t.data["players"][0]["battle"]) == 1
    p = GAME.apply(s, 0, {"type": "arch", "arch": "port"})
    peek = legal(p, 0)[0]
    assert peek["type"] == "peek"
    p = GAME.apply(p, 0, peek)
    tile = hx(p.data, peek["hex"])["explore"]
    assert GAME.view(p, 0)["hexes"][peek["hex"]]["explore"] == tile
    assert GAME.view(p, 1)["hexes"][peek["hex"]]["explore"] == "?"
    assert not GAME.can_undo(p)


def test_the_supply_holds_five_after_a_trim() -> None:
    """L47, L404, L415: take the gain, then return the excess of your choice."""

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0]["supply"] = {"gold": 5}
        doing(g, 0, "port")

    s = edit(started(2, 1), prep)
    s = GAME.apply(s, 0, {"type": "port", "good": "cotton"})
    assert legal(s, 0) == [{"type": "trim", "good": "cotton"}, {"type": "trim", "good": "gold"}]
    s = GAME.apply(s, 0, {"type": "trim", "good": "gold"})
    assert s.data["players"][0]["supply"] == {"gold": 4, "cotton": 1}


def test_heavy_cavalry_carries_and_a_cannon_fires_without_occupying() -> None:
    """L268: the heavy cavalry carries other units (G14: up to 2); L494, L513: a cannon attacks an
    adjacent hex with the free move and never occupies it."""
    kinds = ("cavalry", "archer", "cannon")
    s, placed, spot, come = attack_position(kinds, tile="sugarcane_field")
    units = dict(zip(kinds, placed, strict=True))
    fire = {"type": "ranged", "unit": units["cannon"], "target": spot}
    assert fire in legal(s, 0)
    after = GAME.apply(s, 0, fire)
    assert after.data["units"][units["cannon"]]["hex"] == come  # 3 beats the field's 1, stays put
    assert model.controller(after.data, spot) == 1
    targets = [a for a in legal(s, 0) if a["type"] == "move" and a["unit"] == units["cavalry"] and a["carry"]]
    assert {tuple(a["carry"]) for a in targets} >= {(units["archer"],), (units["archer"], units["cannon"])}


def test_a_red_flag_must_be_beaten() -> None:
    """L254: a red-flag tile is a fight against its number (strictly above); the reward only on a win;
    the tile then shows its Bandeiras side (B11)."""
    s = base()
    spot, come = explore_pair(s.data)
    flag = next(x for x, e in bd.EXPLORATION.items() if e.get("flag") == 2)

    def prep(g: Data, kind: str) -> None:
        clear(g)
        g["players"][0]["board"] = "green"
        model.put(g, spot, "explore", flag)
        put_unit(g, 0, kind, come)
        to_turn(g, 0, "movement", "build")

    for kind, wins in (("archer", False), ("cavalry", True)):
        st = edit(s, partial(prep, kind=kind))
        uid = next(u for u, x in st.data["units"].items() if x["seat"] == 0 and x["state"] == "map")
        st = GAME.apply(st, 0, {"type": "move", "unit": uid, "to": spot, "as": "free", "carry": []})
        assert hx(st.data, spot)["bandeiras"] and hx(st.data, spot)["explore"] is None
        assert (flag in st.data["players"][0]["explored"]) is wins
        assert (st.data["units"][uid]["state"] == "map") is wins


def test_monarch_hooks_pedro_i_victoria_and_tibirica() -> None:
    """L65-68 (Pedro I: first archer deployed, 1 resource of choice), L98-100 (Queen Victoria: the
    product on her board, 1 science), L78-84 (Tibiriçá: 1st forest building, 1 resource of choice)."""
    s = started(2, 1)
    cap = capital(s.data, 0)

    def pedro(g: Data) -> None:
        clear(g)
        g["players"][0].update({"board": "blue", "monarch": "pedro_i", "supply": {"brazilwood": 1}})
        doing(g, 0, "deploy")

    st = edit(s, pedro)
    archer = next(u for u, x in st.data["units"].items() if x["seat"] == 0 and x["slot"] == 1)
    st = GAME.apply(st, 0, {"type": "deploy", "unit": archer, "hex": cap})
    # the archer slot's own reward (data) and Pedro I's
    assert [x["kind"] for x in st.data["pending"]] == ["gain_any", "gain_any"]
    st = GAME.apply(st, 0, {"type": "gain_any", "good": "coffee"})
    st = GAME.apply(st, 0, {"type": "gain_any", "good": "cotton"})
    assert st.data["players"][0]["firsts"]["deploy:archer"] is True

    def queen(g: Data) -> None:
        clear(g)
        g["players"][0].update({"board": "blue", "monarch": "victoria", "supply": {"brazilwood": 2}})
        doing(g, 0, "manufacture")

    st = edit(s, queen)
    st = GAME.apply(st, 0, {"type": "manufacture", "product": "dye", "arch": "queen"})
    assert st.data["players"][0]["products"] == {"dye": "queen"}
    assert st.data["players"][0]["supply"] == {"science": 1}
    assert scoring.breakdown(st.data, 0)["monarch"] == 1

    forest = near(s.data, cap, "forest")

    def tibirica(g: Data) -> None:
        clear(g)
        g["players"][0].update({"monarch": "tibirica", "supply": {"sugarcane": 1}})
        doing(g, 0, "build")

    st = edit(s, tibirica)
    act = next(
        a for a in legal(st, 0) if a["type"] == "build" and a["hex"] == forest and a["what"] == "sawmill"
    )
    st = GAME.apply(st, 0, act)
    assert [x["kind"] for x in st.data["pending"]] == ["gain_any"]


def test_palace_iv_scores_two_per_controlled_plantation_and_the_tie_break() -> None:
    """L342-345 (palace IV: 2 VP per plantation built and still controlled, FAQ); L527 (B27: tie broken
    by science on controlled tiles)."""
    s = started(2, 1)
    cap = capital(s.data, 0)
    spots = [
        n
        for n in bd.geometry(s.data["map"]).neighbours[cap]
        if hx(s.data, n)["explore"] is None and bd.geometry(s.data["map"]).terrain[n] != "edge"
    ][:2]

    def prep(g: Data) -> None:
        clear(g)
        put_building(g, spots[0], "plantation", 0)
        put_building(g, spots[1], "plantation", 0, {"science": 1})
        hx(g, spots[0])["building"]["palace"] = "IV"
        g["players"][0]["palaces"] = {"IV": spots[0]}

    s = edit(s, prep)
    parts = scoring.breakdown(s.data, 0)
    assert parts["palaces"] == 4 and parts["tiles"] == 4
    tie = edit(s, lambda g: g["players"][1].update({"paintings": []}))
    assert scoring.science_on_tiles(tie.data, 0) == 1


def test_strength_counts_units_tile_paintings_and_cards() -> None:
    """L491-492: units and the tile by their VP, paintings, battle cards (their strength)."""
    s = started(2, 1)
    spot = far_plains(s.data)

    def prep(g: Data) -> None:
        clear(g)
        g["players"][1]["board"] = "green"
        put_building(g, spot, "farm", 1)
        put_unit(g, 1, "archer", spot)
        g["players"][1]["paintings"] = ["fortifier"]  # +2 defence

    s = edit(s, prep)
    b = {"attacker": 0, "defender": 1, "hex": spot, "units": [], "ranged": False, "flag": None}
    card = next(c for c, e in bd.BATTLE.items() if e.get("strength") == 3 and not e.get("effect"))
    assert combat.strengths(s.data, b, {})[1] == 1 + 2 + 2
    assert combat.strengths(s.data, b, {1: [card]})[1] == 1 + 2 + 2 + 3
    ignore = next(
        c for c, e in bd.BATTLE.items() if any(x.get("op") == "ignore_tile" for x in e.get("effect", []))
    )
    assert combat.strengths(s.data, b, {0: [ignore]})[1] == 1 + 2


def test_heavy_cavalry_is_on_a_board() -> None:
    assert board_with("cavalry") and board_with("grenadier")


def test_no_unit_enters_an_enemy_capital_and_an_occupier_never_renovates() -> None:
    """L324, L509: a capital is never attacked nor occupied; FAQ: an occupied enemy tile is not
    renovated by its occupier."""
    s = started(2, 1)
    enemy = capital(s.data, 1)
    beside = next(
        n
        for n in bd.geometry(s.data["map"]).neighbours[enemy]
        if bd.geometry(s.data["map"]).terrain[n] in ("plains", "forest")
    )

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0]["board"] = "green"
        put_unit(g, 0, "cavalry", beside)
        to_turn(g, 0, "movement", "build")

    st = edit(s, prep)
    uid = next(u for u, x in st.data["units"].items() if x["seat"] == 0 and x["state"] == "map")
    assert enemy not in movement.free_targets(st.data, uid)
    assert enemy not in movement.bonus_targets(st.data, uid)  # Build's bonus: tiles, not capitals
    assert combat.defender_of(st.data, enemy, 0) is None

    def occupied(g: Data) -> None:
        prep(g)
        model.put(g, beside, "explore", None)
        put_building(g, beside, "farm", 1)
        g["players"][0]["supply"] = {"coffee": 1}
        doing(g, 0, "renovate")

    st = edit(s, occupied)
    assert model.controller(st.data, beside) == 0
    assert not [a for a in legal(st, 0) if a["type"] == "renovate"]


def test_a_winner_loses_units_to_cards_but_keeps_one() -> None:
    """L505, B19: ``lose_unit`` takes the winner's weakest units, at least 1 survives."""
    s = started(2, 1)
    spot = far_plains(s.data)

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0]["board"] = "green"
        for kind in ("archer", "cavalry", "cannon"):
            put_unit(g, 0, kind, spot)

    st = edit(s, prep)
    mine = sorted(model.units_at(st.data, spot))
    g = st.data
    combat._lose(g, mine, 5)
    alive = [u for u in mine if g["units"][u]["state"] == "map"]
    assert len(alive) == 1 and model.unit_vp(g, alive[0]) == 3


def test_one_era_marker_per_arch_and_the_tie_break_decides() -> None:
    """B5 (one marker under each arch); L527, B27 (the tie goes to the most science on controlled
    tiles)."""
    s = started(2, 1)
    st = edit(s, lambda g: g["players"][0].update({"under": {"deploy": 1}}))
    assert "deploy" not in eras.marker_choices(st.data, 0)
    assert len(eras.marker_choices(st.data, 0)) == 6
    cap = capital(s.data, 0)
    spot = near(s.data, cap, "plains")

    def tie(g: Data) -> None:
        clear(g)
        put_building(g, spot, "college", 0, {"science": 1})  # 3 VP
        cap1 = capital(g, 1)
        put_building(g, near(g, cap1, "plains"), "college", 1)

    st = edit(s, tie)
    result = scoring.scores(st.data)
    assert result["totals"][0] == result["totals"][1]
    assert result["winners"] == [0] and result["tiebreak"]["values"] == [1, 0]


def test_napoleon_and_afonso_pay_with_battle_cards() -> None:
    """L104: Napoleon, a battle card as a resource, two as a science; L96 (B22): Afonso I, once per turn,
    1/2/3 cards as 1 gold / 2 resources / 1 science + 1 gold. Goods come first, then the fewest cards."""
    s = started(2, 1)

    def prep(g: Data, monarch: str) -> None:
        clear(g)
        g["players"][0]["monarch"] = monarch
        g["players"][0]["battle"] = sorted(g["decks"]["battle"][:3])
        to_turn(g, 0)

    nap = edit(s, partial(prep, monarch="napoleon"))
    hand = nap.data["players"][0]["battle"]
    assert economy.best_plan(nap.data, 0, {"coffee": 1}) == [(f"battle:{hand[0]}", "any_resource")]
    assert economy.best_plan(nap.data, 0, {"science": 1}) == [(f"battle:{hand[0]}+{hand[1]}", "science")]
    # a gold needs a science (L136-139): two cards
    assert economy.best_plan(nap.data, 0, {"gold": 1}) == [(f"battle:{hand[0]}+{hand[1]}", "science")]
    afo = edit(s, partial(prep, monarch="afonso_i"))
    hand = afo.data["players"][0]["battle"]
    three = "battle:" + "+".join(hand)
    plan = economy.best_plan(afo.data, 0, {"science": 1, "gold": 1})
    assert plan == [(three, "science"), (three, "gold")]
    g = edit(afo, lambda g: None).data
    assert economy.pay(g, 0, plan)
    assert g["players"][0]["battle"] == [] and g["turn"]["afonso_used"]
    again = edit(afo, lambda g: g["turn"].update({"afonso_used": True}))
    assert economy.best_plan(again.data, 0, {"gold": 1}) is None


def test_setup_deals_the_display_the_city_stacks_and_two_missions_per_era() -> None:
    """L16 (two equal face-up city stacks), L17 (6 paintings, 2 per medal), L19 (2 missions per era,
    1 kept, sealed: another seat sees neither)."""
    s = GAME.new_game(players=3, seed=4)
    d = s.data["decks"]
    assert sorted(bd.PAINTINGS[c]["medal"] for c in d["display"]) == [
        "blue",
        "blue",
        "pink",
        "pink",
        "red",
        "red",
    ]
    assert abs(len(d["cities"][0]) - len(d["cities"][1])) <= 1
    assert all(len(p["offer"][e]) == 2 for p in s.data["players"] for e in ("1", "2", "3"))
    offer = s.data["players"][0]["offer"]["1"]
    s = GAME.apply(s, 0, {"type": "keep_mission", "id": offer[1]})
    assert GAME.view(s, 1)["empires"][0]["offer"] is None
    for seat in (1, 2):
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert s.data["players"][0]["missions"]["1"] == offer[1]
    assert GAME.view(s, 1)["empires"][0]["missions"] == {}


def test_upgrades_build_with_any_resource_and_manufacture_for_one_less() -> None:
    """L427-429 (Build: any resource pays a resource; gold and science are not interchangeable, FAQ);
    L441 (Manufacture: 1 resource less)."""
    s = started(2, 1)
    forest = near(s.data, capital(s.data, 0), "forest")

    def prep(g: Data, upgraded: bool) -> None:
        clear(g)
        g["players"][0].update({"monarch": "pedro_ii", "supply": {"cotton": 1}})
        if upgraded:
            g["players"][0]["products"] = {"dye": "build"}
        doing(g, 0, "build")

    plain = [a for a in legal(edit(s, partial(prep, upgraded=False)), 0) if a["type"] == "build"]
    up = [a for a in legal(edit(s, partial(prep, upgraded=True)), 0) if a["type"] == "build"]
    assert not [a for a in plain if a["what"] == "sawmill"]
    assert [a for a in up if a["what"] == "sawmill" and a["hex"] == forest]

    def making(g: Data, upgraded: bool) -> None:
        clear(g)
        g["players"][0].update({"board": "green", "monarch": "pedro_ii", "supply": {"brazilwood": 1}})
        if upgraded:
            g["players"][0]["products"] = {"rum": "manufacture"}
        doing(g, 0, "manufacture")

    dye = {"type": "manufacture", "product": "dye", "arch": "deploy"}  # 2 brazilwood, a square slot
    assert dye not in legal(edit(s, partial(making, upgraded=False)), 0)
    after = GAME.apply(edit(s, partial(making, upgraded=True)), 0, dye)
    assert (
        after.data["players"][0]["supply"] == {} and after.data["players"][0]["products"]["dye"] == "deploy"
    )


def test_a_bought_painting_is_replaced_from_its_medal_and_pays_off() -> None:
    """L375-377: buy from the display, refill from the same medal's deck; L271-275: a production painting
    adds to every such building of its holder."""
    s = started(2, 1)

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0].update({"monarch": "pedro_i", "supply": {"gold": 1}})
        if "timber_baron" not in g["decks"]["display"]:
            deck = g["decks"]["paintings"]["pink"]
            deck.remove("timber_baron") if "timber_baron" in deck else None
            g["decks"]["display"] = [c for c in g["decks"]["display"] if bd.PAINTINGS[c]["medal"] != "pink"][
                :4
            ]
            g["decks"]["display"] += ["timber_baron", deck.pop()]
        doing(g, 0, "paint")

    s = edit(s, prep)
    s = GAME.apply(s, 0, {"type": "buy", "painting": "timber_baron"})
    d = s.data["decks"]["display"]
    assert "timber_baron" not in d and len(d) == 6
    assert sorted(bd.PAINTINGS[c]["medal"] for c in d).count("pink") == 2
    forest = near(s.data, capital(s.data, 0), "forest")
    g = edit(s, lambda g: put_building(g, forest, "sawmill", 0)).data
    assert build.output(g, forest) == {"brazilwood": 3}


def test_exploring_a_tile_takes_its_reward() -> None:
    """L251: a unit entering a face-down tile flips it and takes the reward; it then counts for the end
    (L521) and shows its Bandeiras side (B11)."""
    s = base()
    spot, come = explore_pair(s.data)
    gift = next(
        x
        for x, e in bd.EXPLORATION.items()
        if e.get("flag") is None and e["reward"] == [{"op": "gain", "goods": {"brazilwood": 1}}]
    )

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0]["board"] = "green"
        model.put(g, spot, "explore", gift)
        put_unit(g, 0, "archer", come)
        to_turn(g, 0, "movement", "build")

    s = edit(s, prep)
    uid = next(u for u, x in s.data["units"].items() if x["seat"] == 0 and x["state"] == "map")
    s = GAME.apply(s, 0, {"type": "move", "unit": uid, "to": spot, "as": "free", "carry": []})
    assert s.data["players"][0]["supply"] == {"brazilwood": 1}
    assert s.data["players"][0]["explored"] == [gift] and hx(s.data, spot)["bandeiras"]
    assert not GAME.can_undo(s)
    assert not build.terrain_ok(s.data, spot, "sugarcane_field")


def test_palaces_v_and_vi_and_dom_oba() -> None:
    """L347-355 (V: 1 VP per product, B23 the Queen's too; VI: 1 VP per unit ever deployed, B24 the
    defeated too); L86-88 (Dom Obá II: 1 science for each of the first 2 missions, +1 VP each, B21)."""
    s = started(2, 1)
    cap = capital(s.data, 0)
    spots = [
        n
        for n in bd.geometry(s.data["map"]).neighbours[cap]
        if hx(s.data, n)["explore"] is None and bd.geometry(s.data["map"]).terrain[n] != "edge"
    ][:2]

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0].update({"board": "green", "monarch": "dom_oba_ii"})
        put_building(g, spots[0], "farm", 0)
        model.put(g, spots[1], "city", {"kind": "city", "id": "salvador", "owner": 0, "palace": "VI"})
        hx(g, spots[0])["building"]["palace"] = "V"
        g["players"][0]["palaces"] = {"V": spots[0], "VI": spots[1]}
        g["players"][0]["products"] = {"dye": "deploy", "rum": "queen"}
        put_unit(g, 0, "archer", cap)
        g["units"]["0-0"].update({"state": "supply"})
        g["players"][0]["counters"]["missions_done"] = 2

    g = edit(s, prep).data
    assert scoring.breakdown(g, 0)["palaces"] == 2 + 2
    assert scoring.breakdown(g, 0)["monarch"] == 2


def test_a_battle_card_drawn_by_this_deploy_does_not_pay_for_it() -> None:
    """FAQ (digest §6.2): with Napoleon (L104), the card drawn by a Deploy cannot pay that Deploy's
    cost; the upgraded Deploy deploys twice (L425)."""
    s = started(2, 1)

    def prep(g: Data) -> None:
        clear(g)
        g["players"][0].update({"board": "green", "monarch": "napoleon", "products": {"dye": "deploy"}})
        doing(g, 0, "deploy")

    s = edit(s, prep)
    units = {x["slot"]: u for u, x in s.data["units"].items() if x["seat"] == 0}
    cap = capital(s.data, 0)
    s = GAME.apply(s, 0, {"type": "deploy", "unit": units[0], "hex": cap})  # the monarch: free
    assert len(s.data["players"][0]["battle"]) == 1 and s.data["turn"]["step"] == 1
    assert "fresh" not in GAME.view(s, 1)["turn"]  # the drawn card's id stays hidden
    s = edit(s, lambda g: g["players"][0].update({"supply": {}}))  # the monarch slot's gold spent
    assert not [a for a in legal(s, 0) if a["type"] == "deploy" and a["unit"] == units[1]]
    later = edit(s, lambda g: g["turn"].pop("fresh"))
    assert [a for a in legal(later, 0) if a["type"] == "deploy" and a["unit"] == units[1]]


def test_the_capital_draft_starts_with_a_seat_drawn_at_random_and_goes_clockwise() -> None:
    """L20: "starting with any player, clockwise, each player picks 1 capital tile": the first drafter
    is drawn at setup (public) and the draft goes clockwise from it. With the first drafter fixed at
    seat 0, bots that leave the "1st" tile to the last pick gave every game the same turn order."""
    firsts = set()
    for seed in range(24):
        s = GAME.new_game(players=4, seed=seed)
        first = s.data["draft_first"]
        firsts.add(first)
        assert GAME.view(s, 1)["draft_first"] == first
        while s.data["stage"] != "play" and not any(x["kind"] == "capital" for x in s.data["pending"][:1]):
            seat = GAME.to_move(s)[0]
            s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        order = []
        while s.data["pending"]:
            seat = GAME.to_move(s)[0]
            order.append(seat)
            s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        assert order == [(first + k) % 4 for k in range(4)]
    assert firsts == {0, 1, 2, 3}
