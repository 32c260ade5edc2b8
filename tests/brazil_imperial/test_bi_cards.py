"""Every card, tile and monarch of the data, tested by its outcome (issue 19 §6): each test is
parametrized over ``data/*.json``, plays the effect through the Game API (``GAME.apply``) and checks
the numbers it promises for every seat it touches: goods, hands, pending choices, strength (who wins
a battle at the threshold), VP in the end scoring.

Numbers are read from the data (most of it authored, data/README.md); the rules that use them are
the seed's: battle cards (L292-301, L496-505), gold cards (L277-290), paintings (L271-275, L375-377),
missions (L303-316, L519-523), exploration tiles (L249-255), cities (L167-171, L383), palaces
(L318-355), monarchs (L53-104), capitals (L20-21).
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from pygame_core.games.brazil_imperial import build, eras, model, scoring
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import ARCHES, GOODS, RESOURCES
from pygame_core.kernel.state import State
from tests.brazil_imperial.helpers import (
    BOARD,
    GAME,
    attack_position,
    base,
    capital,
    doing,
    edit,
    explore_pair,
    far_pair,
    fresh,
    hx,
    legal,
    near,
    put_building,
    put_unit,
    to_turn,
)

Data = dict[str, Any]
PLAIN_BATTLE = sorted(
    (c for c, e in bd.BATTLE.items() if not e.get("effect")), key=lambda c: -int(bd.BATTLE[c]["strength"])
)
#: buildings that make up a count of "buildings" (an era I one first: no era III objective names it)
FILLERS = ("sugarcane_field", "farm", "sawmill", "trading_post", "smelter", "plantation", "church", "college")


def unit_vp(kind: str) -> int:
    return int(next(u["vp"] for u in bd.board(BOARD)["units"] if u["type"] == kind))


def free_hexes(g: Data) -> list[str]:
    """Land hexes with nothing on them, nearest to seat 0's capital first."""
    geo = bd.geometry(g["map"])
    cap = capital(g, 0)
    out = [
        h
        for h in geo.order
        if geo.terrain[h] not in ("edge", "water")
        and model.tile(g, h) is None
        and hx(g, h)["capital"] is None
        and hx(g, h)["explore"] is None
        and not hx(g, h)["bandeiras"]
    ]
    return sorted(out, key=lambda h: (bd.distance(h, cap), geo.order.index(h)))


def tile_of_vp(vp: int) -> tuple[str, str]:
    """A building (seed VP) or, failing one, a city (authored VP) worth ``vp``."""
    for b, e in sorted(bd.BUILDINGS.items()):
        if int(e["vp"]) == vp:
            return "building", b
    for c, e in sorted(bd.CITIES.items()):
        if int(e["vp"]) == vp:
            return "city", c
    raise LookupError(vp)


def put_tile(g: Data, h: str, kind: str, what: str, owner: int) -> None:
    if kind == "building":
        put_building(g, h, what, owner)
    else:
        model.put(g, h, "city", {"kind": "city", "id": what, "owner": owner, "palace": None})
        model.put(g, h, "explore", None)


def cards_summing(n: int) -> list[str]:
    """Battle cards without effects whose strengths add up to ``n`` (at most 3 cards)."""
    out: list[str] = []
    for c in PLAIN_BATTLE:
        s = int(bd.BATTLE[c]["strength"])
        if s and s <= n - sum(int(bd.BATTLE[x]["strength"]) for x in out):
            out.append(c)
    assert sum(int(bd.BATTLE[x]["strength"]) for x in out) == n and len(out) <= model.BATTLE_MAX
    return out


def commit_all(s: State) -> State:
    """Each seat of an open battle commits its whole hand (the hands are set by the test)."""
    while GAME.to_move(s) and any(d["kind"] == "commit" for d in s.data.get("decisions", [])):
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, {"type": "commit", "cards": sorted(s.data["players"][seat]["battle"])})
    return s


def fight(
    attackers: tuple[str, ...],
    tile_vp: int,
    *,
    att_cards: tuple[str, ...] = (),
    def_cards: tuple[str, ...] = (),
    att_paintings: tuple[str, ...] = (),
    def_paintings: tuple[str, ...] = (),
) -> tuple[State, list[str], str]:
    """Seat 0's units (the first carries the others) attack seat 1's empty tile worth ``tile_vp``."""
    kind, what = tile_of_vp(tile_vp)

    def then(g: Data, spot: str) -> None:
        put_tile(g, spot, kind, what, 1)
        g["players"][0].update({"battle": list(att_cards), "paintings": list(att_paintings)})
        g["players"][1].update({"battle": list(def_cards), "paintings": list(def_paintings)})

    s, units, spot, _ = attack_position(attackers, tile=None, then=then)
    lead, carry = units[0], sorted(units[1:])
    s = GAME.apply(s, 0, {"type": "move", "unit": lead, "to": spot, "as": "free", "carry": carry})
    return commit_all(s), [lead, *carry], spot


def attacker_won(s: State, units: list[str], spot: str) -> bool:
    won = model.controller(s.data, spot) == 0
    assert won is any(s.data["units"][u]["hex"] == spot for u in units)
    assert s.data["players"][0]["counters"]["battles_won"] == int(won)
    assert s.data["players"][1]["counters"]["battles_won"] == int(not won)
    if not won:  # L503, L507: the loser's units go to its supply
        assert all(
            s.data["units"][u] == {**s.data["units"][u], "state": "supply", "hex": None} for u in units
        )
    return won


# ------------------------------------------------------------------------------------ battle cards
def _vp_of(card: str) -> int:
    return sum(int(e.get("n", 1)) for e in bd.BATTLE[card]["effect"] if e["op"] == "vp")


@pytest.mark.parametrize("card", sorted(bd.BATTLE))
def test_a_battle_card_played_by_the_attacker(card: str) -> None:
    """L492, L496-502: the attacker's card adds its strength (higher total wins, the defender takes
    ties); ``ignore_tile`` leaves the defended tile's VP out; ``vp`` scores for its player; the card
    is discarded (L501)."""
    e = bd.BATTLE[card]
    strength, ops = int(e["strength"]), {x["op"] for x in e["effect"]}
    attack = unit_vp("archer") + strength
    cases = {4: True} if "ignore_tile" in ops else {attack - 1: True, attack: False}
    for tile_vp, wins in cases.items():
        if not 1 <= tile_vp <= 4:
            continue
        s, units, spot = fight(("archer",), tile_vp, att_cards=(card,))
        assert attacker_won(s, units, spot) is wins, (tile_vp, wins)
        p0 = s.data["players"][0]
        assert p0["battle"] == [] and card in s.data["decks"]["battle_discard"]
        assert scoring.breakdown(s.data, 0)["cards"] == _vp_of(card)
        assert scoring.breakdown(s.data, 1)["cards"] == 0


@pytest.mark.parametrize("card", sorted(bd.BATTLE))
def test_a_battle_card_played_by_the_defender(card: str) -> None:
    """L492, L499-505: the defender's card adds its strength to the tile's; ``lose_unit`` makes a
    winning attacker lose its weakest units but keep 1 (B19); ``vp`` scores for the defender."""
    e = bd.BATTLE[card]
    strength = int(e["strength"])
    lose = sum(int(x.get("n", 1)) for x in e["effect"] if x["op"] == "lose_unit")
    attack = unit_vp("cavalry") + unit_vp("archer")
    for tile_vp, wins in {attack - strength: False, attack - strength - 1: True}.items():
        if not 1 <= tile_vp <= 4:
            continue
        s, units, spot = fight(("cavalry", "archer"), tile_vp, def_cards=(card,))
        assert attacker_won(s, units, spot) is wins, (tile_vp, wins)
        if wins:
            cav, archer = units
            assert s.data["units"][cav]["hex"] == spot
            assert s.data["units"][archer]["state"] == ("supply" if lose else "map")
        assert s.data["players"][1]["battle"] == [] and card in s.data["decks"]["battle_discard"]
        assert scoring.breakdown(s.data, 1)["cards"] == _vp_of(card)
        assert scoring.breakdown(s.data, 0)["cards"] == 0


# -------------------------------------------------------------------------------------- gold cards
@pytest.mark.parametrize("card", sorted(bd.GOLD))
def test_a_gold_card(card: str) -> None:
    """L277-290: a gold card pays as 1 gold (L288); its extra action (data) is played in the movement
    phase and runs that arch without moving the marker; its VP counts when kept to the end (FAQ)."""
    e = bd.GOLD[card]
    painting = next(c for c, x in sorted(bd.PAINTINGS.items()) if x["cost"] == {"gold": 1})

    def pay(g: Data) -> None:
        fresh(g)
        g["players"][0]["gold"] = [card]
        g["decks"]["display"] = [painting, *[c for c in g["decks"]["display"] if c != painting][:5]]
        doing(g, 0, "paint")

    s = GAME.apply(edit(base(), pay), 0, {"type": "buy", "painting": painting})
    assert s.data["players"][0]["gold"] == [] and card in s.data["decks"]["gold_discard"]
    assert painting in s.data["players"][0]["paintings"]

    def hold(g: Data) -> None:
        fresh(g)
        g["players"][0]["gold"] = [card]
        to_turn(g, 0, "movement", "build")

    s = edit(base(), hold)
    assert scoring.breakdown(s.data, 0)["cards"] == int(e.get("vp", 0))
    play = {"type": "gold", "card": card}
    actions = [x for x in e.get("effect", []) if x["op"] == "action"]
    if not e.get("effect"):
        assert play not in legal(s, 0)
        return
    assert play in legal(s, 0)
    s = GAME.apply(s, 0, play)
    assert s.data["players"][0]["gold"] == [] and card in s.data["decks"]["gold_discard"]
    for a in actions:
        arches = list(ARCHES) if a["arch"] == "any" else [a["arch"]]
        assert legal(s, 0) == [{"type": "extra", "arch": x} for x in arches]
        s = GAME.apply(s, 0, {"type": "extra", "arch": arches[-1]})
        assert s.data["turn"]["doing"] == arches[-1] and s.data["turn"]["phase"] == "arch"
        assert s.data["players"][0]["marker"]["arch"] == "build"  # the marker stays
        while s.data["turn"]["phase"] != "movement":
            s = GAME.apply(s, 0, {"type": "trade_done"} if arches[-1] == "trade" else {"type": "skip"})


# --------------------------------------------------------------------------------------- paintings
def _ability(card: str) -> Data:
    ab: Data = bd.PAINTINGS[card]["ability"]
    return ab


@pytest.mark.parametrize("card", sorted(c for c in bd.PAINTINGS if _ability(c)["kind"] == "combat"))
def test_a_combat_painting(card: str) -> None:
    """L492, L496-498: a combat painting adds its attack when its holder attacks, its defence when
    it defends; the other side's strength is unchanged (ties to the defender, L502)."""
    ab = _ability(card)
    attack = unit_vp("archer") + int(ab["attack"])
    for tile_vp in (attack - 1, attack):
        if 1 <= tile_vp <= 4:
            s, units, spot = fight(("archer",), tile_vp, att_paintings=(card,))
            assert attacker_won(s, units, spot) is (attack > tile_vp)
    cav = unit_vp("cavalry")
    for tile_vp in (cav - int(ab["defence"]), cav - int(ab["defence"]) - 1):
        if 1 <= tile_vp <= 4:
            s, units, spot = fight(("cavalry",), tile_vp, def_paintings=(card,))
            assert attacker_won(s, units, spot) is (cav > tile_vp + int(ab["defence"]))


@pytest.mark.parametrize("card", sorted(c for c in bd.PAINTINGS if _ability(c)["kind"] == "production"))
def test_a_production_painting(card: str) -> None:
    """L271-275: a production painting adds its goods whenever one of its holder's buildings of that
    kind produces (here a Renovate, L393); another seat's same building makes its base output."""
    ab = _ability(card)
    b = str(ab["building"])
    base_out = dict(bd.BUILDINGS[b]["produces"])
    s = base()
    spot = near(s.data, capital(s.data, 0), "plains")
    theirs = near(s.data, capital(s.data, 1), "plains")

    def prep(g: Data, held: bool) -> None:
        fresh(g)
        put_building(g, spot, b, 0)
        put_building(g, theirs, b, 1)
        g["players"][0]["supply"] = {"cotton": 1}
        g["players"][0]["paintings"] = [card] if held else []
        g["players"][1]["paintings"] = []
        doing(g, 0, "renovate")

    for held in (True, False):
        st = GAME.apply(
            edit(s, partial(prep, held=held)), 0, {"type": "renovate", "hex": spot, "flip": False}
        )
        want = dict(base_out)
        if held:
            model.add_goods(want, {k: int(v) for k, v in ab["extra"].items()})
        assert hx(st.data, spot)["building"]["goods"] == want
        assert build.output(st.data, theirs) == base_out
        assert st.data["players"][0]["supply"] == {}


@pytest.mark.parametrize("card", sorted(c for c in bd.PAINTINGS if _ability(c)["kind"] == "score"))
def test_a_scoring_painting(card: str) -> None:
    """L521: a painting scores its VP, and a scoring painting (authored) its VP for each of what it
    counts, here 2 of each (the painting itself counts among its medal's)."""
    ab = _ability(card)
    per = str(ab["per"])
    medal = bd.PAINTINGS[card]["medal"]
    plain = next(
        c for c, e in sorted(bd.PAINTINGS.items()) if e["medal"] == medal and _ability(c)["kind"] != "score"
    )

    def prep(g: Data) -> None:
        fresh(g)
        p = g["players"][0]
        spots = free_hexes(g)
        for h, c in zip(spots[:2], sorted(bd.CITIES), strict=False):
            put_tile(g, h, "city", c, 0)
        p["products"] = {x["id"]: "queen" for x in bd.board(BOARD)["products"][:2]}
        p["explored"] = [x for x, e in sorted(bd.EXPLORATION.items()) if not e["vp"]][:2]
        p["palaces"] = {"II": spots[0], "III": spots[1]}
        p["paintings"] = [card, plain] if per.startswith("paintings:") else [card]

    s = edit(base(), prep)
    assert per in ("cities", "products", "explored", "palaces", f"paintings:{medal}"), per
    held = sum(int(bd.PAINTINGS[c]["vp"]) for c in s.data["players"][0]["paintings"])
    assert scoring.breakdown(s.data, 0)["cards"] == held + int(ab["vp"]) * 2
    assert scoring.breakdown(s.data, 1)["cards"] == 0


def _discount_case(arch: str, off: dict[str, int]) -> tuple[Data, dict[str, int]]:
    """Something bought with ``arch`` whose cost holds ``off``: (what, its cost)."""
    if arch == "deploy":
        for slot, u in enumerate(bd.board(BOARD)["units"]):
            gains = [x for x in u["reward"] if x["op"] in ("gain", "gain_any")]
            if all(u["cost"].get(k, 0) >= n for k, n in off.items()) and not gains:
                return {"slot": slot}, dict(u["cost"])
    if arch == "build":
        for b, e in sorted(bd.BUILDINGS.items()):
            cost = e["cost"] if isinstance(e["cost"], dict) else e["cost"][0]
            if int(e["era"]) == 1 and all(cost.get(k, 0) >= n for k, n in off.items()):
                return {"building": b}, dict(cost)
    if arch == "manufacture":
        for x in bd.board(BOARD)["products"]:
            if all(x["cost"].get(k, 0) >= n for k, n in off.items()):
                return {"product": x}, dict(x["cost"])
    if arch == "paint":
        for c, e in sorted(bd.PAINTINGS.items()):
            if all(e["cost"].get(k, 0) >= n for k, n in off.items()):
                return {"painting": c}, dict(e["cost"])
    raise LookupError(arch)


@pytest.mark.parametrize("card", sorted(c for c in bd.PAINTINGS if _ability(c)["kind"] == "discount"))
def test_a_discount_painting(card: str) -> None:
    """A discount painting (authored) takes its goods off the cost its arch pays: with the cost less
    the discount in the supply the purchase is legal and empties it; without the painting it is not."""
    ab = _ability(card)
    arch, off = str(ab["arch"]), {k: int(v) for k, v in ab["goods"].items()}
    what, cost = _discount_case(arch, off)
    pay = {k: n - off.get(k, 0) for k, n in cost.items() if n - off.get(k, 0) > 0}
    s = base()
    cap = capital(s.data, 0)

    def prep(g: Data, held: bool) -> None:
        fresh(g)
        g["players"][0]["supply"] = dict(pay)
        g["players"][0]["paintings"] = [card] if held else []
        if "painting" in what:
            g["decks"]["display"] = [
                what["painting"],
                *[c for c in g["decks"]["display"] if c != what["painting"]][:5],
            ]
        doing(g, 0, arch)

    def action(st: State) -> Data:
        acts = legal(st, 0)
        if "slot" in what:
            return {"type": "deploy", "unit": f"0-{what['slot']}", "hex": cap}
        if "building" in what:
            return next(
                (a for a in acts if a["type"] == "build" and a["what"] == what["building"]),
                {"type": "build", "what": what["building"], "hex": "none"},
            )
        if "product" in what:
            return {"type": "manufacture", "product": what["product"]["id"], "arch": "queen"}
        return {"type": "buy", "painting": what["painting"]}

    with_it = edit(s, lambda g: prep(g, True))
    if "product" in what:  # an upgrade slot of the product's shape
        slot = next(a for a in ARCHES if what["product"]["shape"] in bd.board(BOARD)["arches"][a]["slots"])
        act = {"type": "manufacture", "product": what["product"]["id"], "arch": slot}
    else:
        act = action(with_it)
    assert act in legal(with_it, 0)
    after = GAME.apply(with_it, 0, act)
    left = after.data["players"][0]["supply"]
    assert not {k: n for k, n in left.items() if k in pay}, left  # the discounted cost was paid
    without = edit(s, lambda g: prep(g, False))
    assert act not in legal(without, 0)


def _setup_count(g: Data, seat: int, needs: list[Data]) -> None:
    """Make each mission counter of ``needs`` exactly its ``n`` for ``seat`` (nothing else held)."""
    p = g["players"][seat]
    want: dict[str, int] = {}
    for x in needs:
        want[str(x["count"])] = max(want.get(str(x["count"]), 0), int(x["n"]))
    spots = iter(free_hexes(g))
    specific = {k.split(":", 1)[1]: n for k, n in want.items() if k.startswith("buildings:")}
    filler = next(b for b in FILLERS if b not in specific)
    built = 0
    for b, n in specific.items():
        for _ in range(n):
            put_building(g, next(spots), b, seat)
            built += 1
    cities = want.pop("cities", 0)
    for c in sorted(bd.CITIES)[:cities]:
        put_tile(g, next(spots), "city", c, seat)
    for _ in range(want.pop("buildings", 0) - built):
        put_building(g, next(spots), filler, seat)
        built += 1
    for _ in range(want.pop("controlled_tiles", 0) - 1 - built - cities):  # the capital counts
        put_building(g, next(spots), filler, seat)
    medals = {k.split(":", 1)[1]: n for k, n in want.items() if k.startswith("paintings:")}
    held: list[str] = []
    for m, n in medals.items():
        held += [c for c, e in sorted(bd.PAINTINGS.items()) if e["medal"] == m][:n]
    other = [c for c, e in sorted(bd.PAINTINGS.items()) if e["medal"] not in medals and c not in held]
    held += other[: max(0, want.pop("paintings", 0) - len(held))]
    p["paintings"] = held
    prods = bd.board(p["board"])["products"]
    p["products"] = {x["id"]: "queen" for x in prods[: want.pop("products", 0)]}
    for uid in [u for u, x in sorted(g["units"].items()) if x["seat"] == seat][
        : want.pop("units_deployed", 0)
    ]:
        g["units"][uid].update({"state": "map", "hex": capital(g, seat)})
    p["explored"] = sorted(bd.EXPLORATION)[: want.pop("explored", 0)]
    p["counters"]["battles_won"] = want.pop("battles_won", 0)
    p["gold"] = sorted(bd.GOLD)[: want.pop("gold_cards", 0)]
    pals = list(bd.PALACES)[: want.pop("palaces", 0)]
    p["palaces"] = {x: capital(g, seat) for x in pals}
    p["palaces_left"] = [x for x in p["palaces_left"] if x not in pals]
    for k in [k for k in want if k.startswith(("supply:", "buildings:", "paintings:"))]:
        if k.startswith("supply:"):
            p["supply"][k.split(":", 1)[1]] = want[k]
        del want[k]
    assert not want, f"a counter this test does not know: {want}"


def _mission_state(mission: str, needs: list[Data]) -> State:
    era = int(bd.MISSIONS[mission]["era"])

    def prep(g: Data) -> None:
        fresh(g)
        g["players"][0]["monarch"] = "manuel_i"
        g["players"][0]["missions"] = {str(era): mission}
        g["era"] = era
        _setup_count(g, 0, needs)
        to_turn(g, 0)

    return edit(base(), prep)


def _less(needs: list[Data], i: int) -> list[Data]:
    return [dict(x, n=int(x["n"]) - 1) if k == i else x for k, x in enumerate(needs)]


@pytest.mark.parametrize("mission", sorted(m for m, e in bd.MISSIONS.items() if e["era"] in (1, 2)))
def test_an_era_i_or_ii_mission(mission: str) -> None:
    """L307-312, L522: a mission is shown once every objective holds, never one short; shown, it
    scores its VP (and advances the era when it is the era's first)."""
    e = bd.MISSIONS[mission]
    show = {"type": "show_mission", "era": e["era"]}
    for i in range(len(e["needs"])):
        assert show not in legal(_mission_state(mission, _less(e["needs"], i)), 0), e["needs"][i]
    s = _mission_state(mission, e["needs"])
    assert show in legal(s, 0)
    assert scoring.breakdown(s.data, 0)["missions"] == 0
    s = GAME.apply(s, 0, show)
    assert scoring.breakdown(s.data, 0)["missions"] == int(e["vp"])
    assert s.data["era"] == int(e["era"]) + 1


@pytest.mark.parametrize("mission", sorted(m for m, e in bd.MISSIONS.items() if e["era"] == 3))
def test_an_era_iii_mission(mission: str) -> None:
    """L25, L517, L523 (B26): each objective met scores its VP at the end, shown or not; all of them
    let the mission be shown, which triggers the end."""
    e = bd.MISSIONS[mission]
    for o in e["objectives"]:
        s = _mission_state(mission, o["needs"])
        assert scoring.breakdown(s.data, 0)["era3"] == int(o["vp"])
        assert {"type": "show_mission", "era": 3} not in legal(s, 0)
    s = _mission_state(mission, [n for o in e["objectives"] for n in o["needs"]])
    assert scoring.breakdown(s.data, 0)["era3"] == sum(int(o["vp"]) for o in e["objectives"])
    s = GAME.apply(s, 0, {"type": "show_mission", "era": 3})
    assert s.data["ending"] and s.data["era"] == 3


# ------------------------------------------------------------------------------- exploration tiles
def _explore(tile: str, strength: int) -> tuple[State, State, str]:
    """Seat 0's archer (with battle cards adding up to ``strength`` less the archer) enters ``tile``."""
    s = base()
    spot, come = explore_pair(s.data)

    def prep(g: Data) -> None:
        fresh(g)
        model.put(g, spot, "explore", tile)
        put_unit(g, 0, "archer", come)
        g["players"][0]["battle"] = cards_summing(strength - unit_vp("archer"))
        to_turn(g, 0, "movement", "build")

    before = edit(s, prep)
    uid = next(u for u, x in before.data["units"].items() if x["seat"] == 0 and x["state"] == "map")
    after = commit_all(
        GAME.apply(before, 0, {"type": "move", "unit": uid, "to": spot, "as": "free", "carry": []})
    )
    return before, after, spot


def _check_reward(before: State, after: State, reward: list[Data]) -> None:
    p0, p1 = before.data["players"][0], after.data["players"][0]
    want = dict(p0["supply"])
    anys, draws = 0, {"battle": 0, "gold": 0}
    for e in reward:
        if e["op"] == "gain":
            model.add_goods(want, {k: int(v) for k, v in e["goods"].items()})
        elif e["op"] == "gain_any":
            anys += int(e.get("n", 1))
        elif e["op"] == "draw":
            draws[e["deck"]] += int(e.get("n", 1))
        else:
            raise AssertionError(f"an op this test does not know: {e}")
    assert p1["supply"] == want
    assert [x["kind"] for x in after.data["pending"]] == ["gain_any"] * anys
    assert len(p1["gold"]) == len(p0["gold"]) + draws["gold"]
    assert len(p1["battle"]) == draws["battle"]  # the fight's cards are spent


@pytest.mark.parametrize("tile", sorted(bd.EXPLORATION))
def test_an_exploration_tile(tile: str) -> None:
    """L251-255: entering a face-down tile flips it (Bandeiras, B11) and gives its reward and, at the
    end, its VP; a red flag must be beaten (strictly more, L254): a lost fight gives nothing and sends
    the units to the supply."""
    e = bd.EXPLORATION[tile]
    flag = e.get("flag")
    before, after, spot = _explore(tile, (flag or 0) + 1 if flag else unit_vp("archer"))
    assert hx(after.data, spot)["bandeiras"] and hx(after.data, spot)["explore"] is None
    assert after.data["players"][0]["explored"] == [tile]
    _check_reward(before, after, e["reward"])
    drawn = sum(int(bd.GOLD[c].get("vp", 0)) for c in after.data["players"][0]["gold"])  # kept: they score
    assert scoring.breakdown(after.data, 0)["cards"] == int(e["vp"]) + drawn
    assert scoring.breakdown(after.data, 1)["cards"] == 0
    if flag:
        before, after, spot = _explore(tile, int(flag))
        assert after.data["players"][0]["explored"] == [] and tile in after.data["lost_tiles"]
        assert after.data["players"][0]["supply"] == {} and not after.data["pending"]
        assert scoring.breakdown(after.data, 0)["cards"] == 0
        assert all(u["state"] != "map" for u in after.data["units"].values() if u["seat"] == 0)


# ---------------------------------------------------------------------------------------- cities
@pytest.mark.parametrize("city", sorted(bd.CITIES))
def test_a_city_tile(city: str) -> None:
    """L383: the top city of a stack is built on the monarch's hex for its cost (authored), never one
    good short; it scores its VP as a controlled tile (L525) and defends with it (L491)."""
    e = bd.CITIES[city]
    s = base()
    spot, _ = far_pair(s.data)

    def prep(g: Data, short: bool) -> None:
        fresh(g)
        put_unit(g, 0, "monarch", spot)
        cost = dict(e["cost"])
        if short:
            k = sorted(cost)[0]
            cost[k] -= 1
        g["players"][0]["supply"] = {k: n for k, n in cost.items() if n}
        g["decks"]["cities"][1].append(city)
        doing(g, 0, "build")

    act = {"type": "build", "what": "city", "hex": spot, "stack": 1}
    assert act not in legal(edit(s, lambda g: prep(g, True)), 0)
    after = GAME.apply(edit(s, lambda g: prep(g, False)), 0, act)
    assert hx(after.data, spot)["city"]["id"] == city
    assert after.data["players"][0]["supply"] == {}
    assert scoring.breakdown(after.data, 0)["tiles"] == int(e["vp"])
    assert build.tile_vp(after.data, spot) == int(e["vp"])


# --------------------------------------------------------------------------------------- palaces
def _fits(palace: str, kind: str, what: str) -> bool:
    rule = bd.PALACES[palace]["placement"]
    if kind == "city":
        return bool(rule["city"])
    if rule.get("buildings"):
        return what in rule["buildings"]
    return bool(rule.get("eras")) and int(bd.BUILDINGS[what]["era"]) in rule["eras"]


@pytest.mark.parametrize("palace", sorted(bd.PALACES))
def test_a_palace(palace: str) -> None:
    """L326-355: a palace goes on one of its owner's own, controlled tiles of its kind (one per tile);
    it gives its board slot's reward (L329) and scores its bonus at the end for the tiles its owner
    built and still controls (FAQ)."""
    s = base()
    kinds = [("building", b) for b in sorted(bd.BUILDINGS)] + [("city", sorted(bd.CITIES)[0])]
    spots = free_hexes(s.data)[: len(kinds) + 1]
    order = bd.geometry(s.data["map"]).order

    def prep(g: Data) -> None:
        fresh(g)
        for h, (k, w) in zip(spots, kinds, strict=False):
            put_tile(g, h, k, w, 0)
        put_building(g, spots[len(kinds)], "farm", 0)
        hx(g, spots[len(kinds)])["building"]["palace"] = "II"  # one palace per tile
        g["players"][0]["palaces_left"] = [palace]
        g["players"][0]["products"] = {x["id"]: "queen" for x in bd.board(BOARD)["products"][:2]}
        for uid in ("0-1", "0-2"):
            g["units"][uid].update({"state": "map", "hex": capital(g, 0)})
        g["pending"] = [{"seat": 0, "kind": "palace"}]
        to_turn(g, 0)

    s = edit(s, prep)
    fitting = sorted(
        (h for h, (k, w) in zip(spots, kinds, strict=False) if _fits(palace, k, w)), key=order.index
    )
    want = [{"type": "palace", "palace": palace, "hex": h} for h in fitting]
    assert legal(s, 0) == want
    after = GAME.apply(s, 0, want[0])
    assert after.data["players"][0]["palaces"] == {palace: want[0]["hex"]}
    reward = bd.board(BOARD)["palaces"][palace]["reward"]
    p = after.data["players"][0]
    goods = {k: int(v) for x in reward if x["op"] == "gain" for k, v in x["goods"].items()}
    assert p["supply"] == goods
    draws = {
        d: sum(int(x.get("n", 1)) for x in reward if x["op"] == "draw" and x["deck"] == d)
        for d in ("battle", "gold")
    }
    assert len(p["battle"]) == draws["battle"] and len(p["gold"]) == draws["gold"]
    free = [x for x in reward if x["op"] in ("manufacture", "free_product")]
    assert [x["kind"] for x in after.data["pending"]] == ["free_product"] * len(free)
    rule = bd.PALACES[palace].get("scoring")
    assert "vp" not in bd.PALACES[palace]  # L332-355: a palace scores its bonus only
    held = {"buildings:smelter": 1, "buildings:plantation": 1, "products": 2, "units_deployed": 2}
    bonus = int(rule["vp"]) * held[str(rule["per"])] if rule else 0
    assert eras.palace_vp(after.data, 0) == bonus
    assert scoring.breakdown(after.data, 0)["palaces"] == bonus
    if rule and rule.get("controlled"):  # the one such tile, occupied by another seat, scores nothing
        b = str(rule["per"]).split(":", 1)[1]
        h = next(x for x in spots if (model.tile(after.data, x) or {}).get("id") == b)
        occ = edit(after, partial(occupy, h=h))
        assert eras.palace_vp(occ.data, 0) == 0


# -------------------------------------------------------------------------------------- monarchs
def occupy(g: Data, h: str) -> None:
    put_unit(g, 1, "archer", h)


def _built(monarch: str, done: int) -> tuple[State, str]:
    ab = bd.MONARCHS[monarch]["ability"]
    b = str(ab["building"])
    s = base()
    terrain = bd.BUILDINGS[b]["terrain"][0]
    h = near(s.data, capital(s.data, 0), terrain)
    cost = bd.BUILDINGS[b]["cost"]
    cost = cost if isinstance(cost, dict) else cost[0]

    def prep(g: Data) -> None:
        fresh(g)
        g["players"][0].update({"monarch": monarch, "supply": dict(cost)})
        g["players"][0]["firsts"]["overrides"] = done
        doing(g, 0, "build")

    s = edit(s, prep)
    act = next(a for a in legal(s, 0) if a["type"] == "build" and a["what"] == b and a["hex"] == h)
    return GAME.apply(s, 0, act), h


@pytest.mark.parametrize("monarch", sorted(m for m, e in bd.MONARCHS.items() if "building" in e["ability"]))
def test_an_override_monarch(monarch: str) -> None:
    """L55-63, L90-92 (Ludopedia: instead of the base values): the first N of the building are worth
    the monarch's VP and produce its goods, the N+1st the seed's base values."""
    ab = bd.MONARCHS[monarch]["ability"]
    b = bd.BUILDINGS[str(ab["building"])]
    first = int(ab["first"])
    for done in range(first + 1):
        s, h = _built(monarch, done)
        over = done < first
        assert hx(s.data, h)["building"]["goods"] == (ab["produces"] if over else b["produces"])
        assert build.tile_vp(s.data, h) == (int(ab["vp"]) if over else int(b["vp"]))
        assert scoring.breakdown(s.data, 0)["tiles"] == build.tile_vp(s.data, h)
        assert s.data["players"][0]["firsts"]["overrides"] == done + int(over)


def test_pedro_i_rewards_the_first_deployment_of_each_type_only() -> None:
    """L65-68: the first deployment of each unit type gives the data's reward; the second of a type
    gives nothing more (the slot's own reward, L38, still comes)."""
    ab = bd.MONARCHS["pedro_i"]["ability"]["first_deploy"]
    board = bd.board(BOARD)["units"]
    s = base()
    cap = capital(s.data, 0)
    seen: set[str] = set()
    for slot, u in enumerate(board):

        def prep(g: Data, slot: int = slot) -> None:
            fresh(g)
            g["players"][0]["monarch"] = "pedro_i"
            g["players"][0]["firsts"] = {f"deploy:{k}": True for k in seen}
            g["players"][0]["supply"] = dict(board[slot]["cost"])
            doing(g, 0, "deploy")

        st = GAME.apply(edit(s, prep), 0, {"type": "deploy", "unit": f"0-{slot}", "hex": cap})
        mine = [] if u["type"] in seen else ab.get(u["type"], [])
        seen.add(u["type"])
        both = [*u["reward"], *mine]
        anys = sum(int(x.get("n", 1)) for x in both if x["op"] == "gain_any")
        golds = sum(int(x.get("n", 1)) for x in both if x["op"] == "draw" and x["deck"] == "gold")
        battles = 1 + sum(int(x.get("n", 1)) for x in both if x["op"] == "draw" and x["deck"] == "battle")
        p = st.data["players"][0]
        assert [x["kind"] for x in st.data["pending"]] == ["gain_any"] * anys, u
        assert len(p["gold"]) == golds and len(p["battle"]) == battles


def test_pedro_ii_rewards_the_first_painting_of_each_medal_only() -> None:
    """L70-74: the first painting of each medal gives red 1 resource of choice, pink 1 gold, blue 1
    science (data); a second of the same medal gives nothing."""
    ab = bd.MONARCHS["pedro_ii"]["ability"]["first_painting"]
    s = base()
    for medal in ("red", "pink", "blue"):
        card = min(
            (c for c, e in bd.PAINTINGS.items() if e["medal"] == medal),
            key=lambda c: (sum(bd.PAINTINGS[c]["cost"].values()), c),
        )
        for again in (False, True):

            def prep(g: Data, card: str = card, again: bool = again, medal: str = medal) -> None:
                fresh(g)
                g["players"][0]["monarch"] = "pedro_ii"
                g["players"][0]["firsts"] = {f"paint:{medal}": True} if again else {}
                g["players"][0]["supply"] = dict(bd.PAINTINGS[card]["cost"])
                g["decks"]["display"] = [card, *[c for c in g["decks"]["display"] if c != card][:5]]
                doing(g, 0, "paint")

            st = GAME.apply(edit(s, prep), 0, {"type": "buy", "painting": card})
            reward = [] if again else ab[medal]
            goods = {k: int(v) for x in reward if x["op"] == "gain" for k, v in x["goods"].items()}
            assert st.data["players"][0]["supply"] == goods, (medal, again)
            anys = sum(int(x.get("n", 1)) for x in reward if x["op"] == "gain_any")
            assert [x["kind"] for x in st.data["pending"]] == ["gain_any"] * anys


def test_tibirica_rewards_the_first_three_forest_buildings() -> None:
    """L76-84: the 1st, 2nd and 3rd building or city on forest give the data's rewards (any resource,
    gold, science); the 4th nothing."""
    rewards = bd.MONARCHS["tibirica"]["ability"]["rewards"]
    s = base()
    forest = near(s.data, capital(s.data, 0), "forest")
    cost = bd.BUILDINGS["sawmill"]["cost"][0]
    for done in range(len(rewards) + 1):

        def prep(g: Data, done: int = done) -> None:
            fresh(g)
            g["players"][0].update({"monarch": "tibirica", "supply": dict(cost)})
            g["players"][0]["counters"]["forest_builds"] = done
            doing(g, 0, "build")

        st = edit(s, prep)
        act = next(
            a for a in legal(st, 0) if a["type"] == "build" and a["what"] == "sawmill" and a["hex"] == forest
        )
        st = GAME.apply(st, 0, act)
        reward = rewards[done] if done < len(rewards) else []
        goods = {k: int(v) for x in reward if x["op"] == "gain" for k, v in x["goods"].items()}
        assert st.data["players"][0]["supply"] == goods
        anys = sum(int(x.get("n", 1)) for x in reward if x["op"] == "gain_any")
        assert [x["kind"] for x in st.data["pending"]] == ["gain_any"] * anys
        assert st.data["players"][0]["counters"]["forest_builds"] == done + 1


def test_dom_oba_ii_rewards_the_first_two_missions() -> None:
    """L86-88 (B21): the 1st and 2nd mission shown give 1 science each (data) and +1 VP each at the
    end; the 3rd gives nothing more."""
    ab = bd.MONARCHS["dom_oba_ii"]["ability"]
    mission = "city_founder"
    needs = bd.MISSIONS[mission]["needs"]
    for done in range(int(ab["missions"]) + 1):

        def oba(g: Data, done: int = done) -> None:
            g["players"][0]["monarch"] = "dom_oba_ii"
            g["players"][0]["counters"]["missions_done"] = done

        s = edit(_mission_state(mission, needs), oba)
        s = GAME.apply(s, 0, {"type": "show_mission", "era": 1})
        rewarded = done < int(ab["missions"])
        goods = {k: int(v) for x in ab["reward"] if x["op"] == "gain" for k, v in x["goods"].items()}
        assert s.data["players"][0]["supply"] == (goods if rewarded else {})
        assert scoring.breakdown(s.data, 0)["monarch"] == int(ab["vp_each"]) * min(
            done + 1, int(ab["missions"])
        )


def test_victoria_takes_up_to_three_products_on_her_board() -> None:
    """L98-100: a product manufactured onto the Queen's board gives 1 science (data) and 1 VP at the
    end; at most 3 there, then only the arches' slots are offered."""
    ab = bd.MONARCHS["victoria"]["ability"]
    prods = bd.board(BOARD)["products"]
    s = base()
    for held in range(int(ab["max"]) + 1):

        def prep(g: Data, held: int = held) -> None:
            fresh(g)
            g["players"][0]["monarch"] = "victoria"
            g["players"][0]["products"] = {x["id"]: "queen" for x in prods[:held]}
            g["players"][0]["supply"] = dict(prods[held]["cost"])
            doing(g, 0, "manufacture")

        st = edit(s, prep)
        pid = prods[held]["id"]
        to_queen = {"type": "manufacture", "product": pid, "arch": "queen"}
        if held == int(ab["max"]):
            assert to_queen not in legal(st, 0) and [a for a in legal(st, 0) if a.get("product") == pid]
            continue
        st = GAME.apply(st, 0, to_queen)
        science = sum(int(x["goods"].get("science", 0)) for x in ab["reward"] if x["op"] == "gain")
        assert st.data["players"][0]["supply"] == {"science": science}
        assert scoring.breakdown(st.data, 0)["monarch"] == int(ab["vp_each"]) * (held + 1)


def test_napoleon_draws_one_more_battle_card_after_his_first_deploy_only() -> None:
    """L102-104: after the first Deploy action, 1 extra battle card (data); later Deploys draw 1."""
    extra = int(bd.MONARCHS["napoleon"]["ability"]["first_deploy_draw"])
    s = base()
    for first in (True, False):

        def prep(g: Data, first: bool = first) -> None:
            fresh(g)
            g["players"][0]["monarch"] = "napoleon"
            g["players"][0]["firsts"] = {} if first else {"deploy_action": True}
            doing(g, 0, "deploy")

        st = GAME.apply(edit(s, prep), 0, {"type": "skip"})
        assert len(st.data["players"][0]["battle"]) == 1 + (extra if first else 0)
        assert st.data["players"][0]["firsts"]["deploy_action"] is True


def test_afonso_i_pays_with_each_rate() -> None:
    """L94-96 (B22): 1 / 2 / 3 battle cards pay as the data's goods (each rate a painting costs
    exactly; once per turn: tests/brazil_imperial/test_rules.py)."""
    rates = bd.MONARCHS["afonso_i"]["ability"]["pay"]
    s = base()
    for rate in rates:
        n = int(rate["cards"])
        cost = {("brazilwood" if k == "any_resource" else k): int(v) for k, v in rate["as"].items()}
        found = [c for c, e in sorted(bd.PAINTINGS.items()) if e["cost"] == cost][:1]
        for card in found:  # none when no painting costs exactly this rate's goods
            _afonso_buys(s, card, n)


def _afonso_buys(s: State, card: str, n: int) -> None:
    def prep(g: Data) -> None:
        fresh(g)
        g["players"][0]["monarch"] = "afonso_i"
        g["players"][0]["battle"] = sorted(g["decks"]["battle"])[:n]
        g["decks"]["display"] = [card, *[c for c in g["decks"]["display"] if c != card][:5]]
        doing(g, 0, "paint")

    st = edit(s, prep)
    assert {"type": "buy", "painting": card} in legal(st, 0)
    st = GAME.apply(st, 0, {"type": "buy", "painting": card})
    assert st.data["players"][0]["battle"] == [] and st.data["turn"]["afonso_used"]
    assert st.data["players"][0]["supply"] == {} and card in st.data["players"][0]["paintings"]


# ----------------------------------------------------------------------------- unit and product slots
SLOTS = [(b["colour"], i) for b in bd.BOARDS for i in range(len(b["units"]))]


@pytest.mark.parametrize(("colour", "slot"), SLOTS)
def test_a_unit_slot(colour: str, slot: int) -> None:
    """L261, L368-373, L38: the first deployment pays the slot's cost (not one good short) and gives
    its reward; Deploy draws 1 battle card; the unit's VP scores once deployed (L519)."""
    u = bd.board(colour)["units"][slot]
    cost = {k: int(v) for k, v in u["cost"].items()}
    s = base()
    cap = capital(s.data, 0)

    def prep(g: Data, short: bool) -> None:
        fresh(g)
        g["players"][0]["board"] = colour
        supply = dict(cost)
        if short and supply:
            k = sorted(supply)[0]
            supply[k] -= 1
        g["players"][0]["supply"] = {k: n for k, n in supply.items() if n}
        doing(g, 0, "deploy")

    act = {"type": "deploy", "unit": f"0-{slot}", "hex": cap}
    if cost:
        assert act not in legal(edit(s, lambda g: prep(g, True)), 0)
    st = edit(s, lambda g: prep(g, False))
    assert scoring.breakdown(st.data, 0)["units"] == 0
    st = GAME.apply(st, 0, act)
    p = st.data["players"][0]
    goods = {k: int(v) for x in u["reward"] if x["op"] == "gain" for k, v in x["goods"].items()}
    assert p["supply"] == goods
    anys = sum(int(x.get("n", 1)) for x in u["reward"] if x["op"] == "gain_any")
    assert [x["kind"] for x in st.data["pending"]] == ["gain_any"] * anys
    draw = {
        d: sum(int(x.get("n", 1)) for x in u["reward"] if x["op"] == "draw" and x["deck"] == d)
        for d in ("battle", "gold")
    }
    assert len(p["battle"]) == 1 + draw["battle"] and len(p["gold"]) == draw["gold"]
    vp = sum(int(x.get("n", 1)) for x in u["reward"] if x["op"] == "vp")
    assert scoring.breakdown(st.data, 0)["cards"] == vp + sum(int(bd.GOLD[c].get("vp", 0)) for c in p["gold"])
    assert scoring.breakdown(st.data, 0)["units"] == int(u["vp"])
    assert scoring.breakdown(st.data, 1)["units"] == 0


PRODUCTS = [(b["colour"], x["id"]) for b in bd.BOARDS for x in b["products"]]


@pytest.mark.parametrize(("colour", "pid"), PRODUCTS)
def test_a_product(colour: str, pid: str) -> None:
    """L397-402, L417-421: a product costs what its slot shows (not one good short), goes into a free
    upgrade slot of its shape (L49, L400) and scores its VP."""
    x = next(p for p in bd.board(colour)["products"] if p["id"] == pid)
    cost = {k: int(v) for k, v in x["cost"].items()}
    shape_arches = [a for a in ARCHES if x["shape"] in bd.board(colour)["arches"][a]["slots"]]

    def prep(g: Data, short: bool) -> None:
        fresh(g)
        g["players"][0]["board"] = colour
        supply = dict(cost)
        if short:
            k = sorted(supply)[0]
            supply[k] -= 1
        g["players"][0]["supply"] = {k: n for k, n in supply.items() if n}
        doing(g, 0, "manufacture")

    st = edit(base(), lambda g: prep(g, False))
    offered = [a for a in legal(st, 0) if a["type"] == "manufacture" and a["product"] == pid]
    assert offered == [{"type": "manufacture", "product": pid, "arch": a} for a in shape_arches]
    assert not [a for a in legal(edit(base(), lambda g: prep(g, True)), 0) if a.get("product") == pid]
    st = GAME.apply(st, 0, offered[0])
    assert st.data["players"][0]["supply"] == {}
    assert st.data["players"][0]["products"] == {pid: shape_arches[0]}
    assert scoring.breakdown(st.data, 0)["products"] == int(x["vp"])


# -------------------------------------------------------------------------------------- capitals
@pytest.mark.parametrize("cap", sorted(bd.CAPITALS))
def test_a_capital_tile(cap: str) -> None:
    """L20-21: the drafted capital's goods go to the supply, Palace I stands on its hex; the "1st"
    capital's holder starts (B3)."""
    s = GAME.new_game(players=2, seed=1)
    while not (s.data["pending"] and s.data["pending"][0]["kind"] == "capital"):
        seat = GAME.to_move(s)[0]
        s = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    seat = GAME.to_move(s)[0]
    other = next(c for c in sorted(bd.CAPITALS) if c != cap and not bd.CAPITALS[c].get("first"))

    def prep(g: Data) -> None:
        hexes = list(g["capitals"])
        g["capitals"] = {hexes[0]: cap, hexes[1]: other}

    s = edit(s, prep)
    s = GAME.apply(s, seat, {"type": "capital", "id": cap})
    h = next(x for x, c in s.data["capitals"].items() if c == cap)
    p = s.data["players"][seat]
    assert p["supply"] == {k: int(v) for k, v in bd.CAPITALS[cap]["goods"].items() if k in GOODS}
    assert (
        p["capital"] == h and hx(s.data, h)["capital"] == seat and model.terrain(s.data, h) == "building"
    )
    s = GAME.apply(s, 1 - seat, {"type": "capital", "id": other})
    if bd.CAPITALS[cap].get("first"):
        assert s.data["start"] == seat and GAME.to_move(s) == [seat]


def test_every_resource_is_offered_where_a_resource_of_choice_is_owed() -> None:
    """L136: a reward of "1 resource of any kind" (gain_any) offers the four resources, never an asset."""

    def prep(g: Data) -> None:
        fresh(g)
        g["pending"] = [{"seat": 0, "kind": "gain_any"}]

    s = edit(base(), prep)
    assert legal(s, 0) == [{"type": "gain_any", "good": r} for r in RESOURCES]
