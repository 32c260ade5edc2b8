"""Every card's effect, checked by its outcome (issue 16, item 5): each culture event, wonder, great
person and hut/village marker of Civilization's data is applied to a position, through the public API
(``legal_actions``/``apply``) where practical, and the numbers it promises are checked for every
player it touches. The numbers come from the card data (``data/*.json``: public facts, digest §7), so
a wrong number there or a wrong executor here fails. ``test_every_card_has_a_row`` keeps the table
complete: a new card in the data needs a row.

Seed lines: culture events are played in their phase (L814-824), great persons' and wonders' icons
replace a square's (L738-752, L804-806), huts give a face-down resource marker and villages a battle,
then a great person or a marker (L896-914), disaster markers (L216-222), loot (L1179-1193)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from civ_helpers import after_setup, bare, edit, flat_map, set_square, square

from pygame_core.games.civilization import GAME, combat, effects, geo, model, research
from pygame_core.games.civilization.data import (
    EVENTS,
    GREAT_PERSONS,
    HUTS,
    TECHS,
    UNIT_CARDS,
    VILLAGES,
    WONDERS,
)
from pygame_core.kernel.state import State

Data = dict[str, Any]
Act = dict[str, Any]


# ------------------------------------------------------------------ positions and the public API
def position(phase: str, seat: int = 0, terrain: str = "grassland", **icons: int) -> Callable[..., State]:
    """A 2-player game after setup on a flat map: seat 0's capital at (2,2), seat 1's city at (2,12),
    nothing else on the map; ``phase`` is ``seat``'s part of it. ``fn(d)`` edits the data further."""
    base = after_setup()

    def build(fn: Callable[[Data], None] | None = None) -> State:
        def setup(d: Data) -> None:
            bare(d)
            flat_map(d, terrain, **icons)
            n = len(d["p"])
            d.update(phase=phase, order=[(seat + k) % n for k in range(n)], i=0, acted=[], mv=None, moved=[])
            d["cities"] = [
                {"o": 0, "sq": square(d, 2, 2), "cap": True, "wall": False},
                {"o": 1, "sq": square(d, 2, 12), "cap": True, "wall": False},
            ]
            for p in d["p"]:
                p.update(gov="despotism", civ_effects=[], hand=[], trade=0, culture=0, res={}, hv=[], used=[])
            if fn is not None:
                fn(d)

        return edit(base, setup)

    return build


def allow(s: State) -> State:
    """Every react window (an effect aimed at a player, or a cancel-any card's holder) lets it happen."""
    while s.data.get("decisions") and s.data["decisions"][-1]["kind"] == "react":
        s = GAME.apply(s, GAME.to_move(s)[0], {"type": "allow"})
    return s


def options(s: State, seat: int, kind: str, key: str, value: Any) -> list[Act]:
    return [a for a in GAME.legal_actions(s, seat) if a["type"] == kind and a.get(key) == value]


def play(s: State, seat: int, card: str, pick: Callable[[Act], bool] = lambda a: True) -> State:
    acts = [a for a in options(s, seat, "culture_card", "card", card) if pick(a)]
    assert acts, (card, options(s, seat, "culture_card", "card", card))
    return allow(GAME.apply(s, seat, acts[0]))


def effect(eid: str) -> dict[str, Any]:
    return dict(EVENTS[eid]["effects"][0])


def branch(eid: str, k: int) -> dict[str, Any]:
    return dict(EVENTS[eid]["effects"][0]["options"][k][0])


def dist(d: Data, a: int, b: int) -> int:
    (ax, ay), (bx, by) = geo.xy(d, a), geo.xy(d, b)
    return abs(ax - bx) + abs(ay - by)


# ------------------------------------------------------------------ culture events
def ev_production(eid: str) -> None:  # We Love the ... Day: +N production in one city this turn
    n = int(effect(eid)["amount"])
    s = position("city")(lambda d: d["p"][0].update(hand=[f"{eid}_1"]))
    before = [model.city_yield(s.data, ci)["production"] for ci in (0, 1)]
    s = play(s, 0, f"{eid}_1", lambda a: a["city"] == 0)
    assert [model.city_yield(s.data, ci)["production"] for ci in (0, 1)] == [before[0] + n, before[1]]


def _battle_state(eid: str) -> State:
    """Seat 0's army attacks seat 1's army next to it: a real battle, hands drawn (L1060-1062)."""

    def fn(d: Data) -> None:
        d["phase"] = "move"
        d["p"][0]["hand"] = [f"{eid}_1"]
        model.new_fig(d, 0, "army", square(d, 4, 6))
        model.new_fig(d, 1, "army", square(d, 5, 6))

    s = position("move")(fn)
    return GAME.apply(s, 0, {"type": "move", "from": square(s.data, 4, 6), "armies": 1, "scouts": 0,
                             "to": square(s.data, 5, 6)})


def ev_free_units(eid: str) -> None:  # Duty and Honor / Nationalism / Patriotism: N units join the battle
    n = int(effect(eid)["count"])
    s = _battle_state(eid)
    b = s.data["battle"]
    hand, forces, theirs = len(b["hand"]["a"]), len(s.data["p"][0]["forces"]), len(b["hand"]["d"])
    s = play(s, 0, f"{eid}_1")
    b = s.data["battle"]
    assert len(b["hand"]["a"]) == hand + n and len(s.data["p"][0]["forces"]) == forces
    assert len(b["hand"]["d"]) == theirs


def ev_anarchy(eid: str) -> None:  # Citizens Revolting: a chosen rival falls into Anarchy
    s = position("start")(lambda d: d["p"][0].update(hand=[f"{eid}_1"]))
    s = play(s, 0, f"{eid}_1", lambda a: a["target"] == 1)
    assert s.data["p"][1]["gov"] == effect(eid)["government"] == "anarchy"
    assert s.data["p"][0]["gov"] == "despotism"


def ev_kill_figures(eid: str, opt: int = 0) -> None:
    """Defection family: up to ``count`` enemy figures of one square within ``range`` (orthogonal) of
    an own figure or city; the square one step further is out of range."""
    e = effect(eid) if opt == 0 and EVENTS[eid]["effects"][0]["kind"] != "choose" else branch(eid, opt)
    rng, n = e["range"], int(e["count"])
    at = 2 + (rng if rng is not None else 8)  # straight south of the capital at (2,2)
    s = position("move")(lambda d: d["p"][0].update(hand=[f"{eid}_1"]))

    def fn(d: Data) -> None:
        for _ in range(3):
            model.new_fig(d, 1, "army", square(d, 2, at))
        if rng is not None:
            model.new_fig(d, 1, "army", square(d, 3, at))  # one step further: out of range

    s = edit(s, fn)
    acts = [a for a in options(s, 0, "culture_card", "card", f"{eid}_1") if a["opt"] == opt]
    assert {s.data["figs"][f]["sq"] for a in acts for f in a["figs"]} == {square(s.data, 2, at)}
    assert all(len(a["figs"]) == n for a in acts)
    before = len([f for f in s.data["figs"].values() if f["o"] == 1])
    s = allow(GAME.apply(s, 0, acts[0]))
    assert len([f for f in s.data["figs"].values() if f["o"] == 1]) == before - n


def ev_kill_great_person(eid: str) -> None:  # Mass / Wholesale Defection, second branch
    e = branch(eid, 1)
    rng = e["range"]
    at = 2 + (rng if rng is not None else 9)

    def fn(d: Data) -> None:
        d["p"][0]["hand"] = [f"{eid}_1"]
        d["items"][str(square(d, 2, at))] = {"k": "gp", "id": "general", "o": 1}
        if rng is not None:
            d["items"][str(square(d, 3, at))] = {"k": "gp", "id": "artist", "o": 1}  # out of range

    s = position("move")(fn)
    acts = [a for a in options(s, 0, "culture_card", "card", f"{eid}_1") if a["opt"] == 1]
    assert [a["sq"] for a in acts] == [square(s.data, 2, at)]
    s = allow(GAME.apply(s, 0, acts[0]))
    assert str(square(s.data, 2, at)) not in s.data["items"]


def ev_kill_figures_or_great_person(eid: str) -> None:  # Mass / Wholesale Defection: either branch
    ev_kill_figures(eid, 0)
    ev_kill_great_person(eid)


def ev_destroy_buildings(eid: str) -> None:  # Sabotage, Catastrophe, Disaster
    e = effect(eid)
    rng, n = e["range"], int(e["count"])
    at = 2 + (rng if rng is not None else 9)

    def fn(d: Data) -> None:
        d["p"][0]["hand"] = [f"{eid}_1"]
        d["items"][str(square(d, 2, at))] = {"k": "b", "id": "granary", "o": 1}
        d["items"][str(square(d, 1, at))] = {"k": "b", "id": "temple", "o": 1}
        if rng is not None:
            d["items"][str(square(d, 3, at + 1))] = {"k": "b", "id": "market", "o": 1}  # out of range

    s = position("start")(fn)
    acts = options(s, 0, "culture_card", "card", f"{eid}_1")
    in_range = {square(s.data, 2, at), square(s.data, 1, at)} if rng is not None else None
    for a in acts:
        hit = set(a.get("sqs") or [a["sq"]])
        assert len(hit) == n and (in_range is None or hit <= in_range)
    supply, items = dict(s.data["supply"]), len(s.data["items"])
    s = allow(GAME.apply(s, 0, acts[0]))
    assert len(s.data["items"]) == items - n and sum(s.data["supply"].values()) == sum(supply.values()) + n


def ev_terrain(eid: str) -> None:  # Drought (to desert), Deforestation (forest to grassland)
    to = effect(eid)["to"]
    s = position("start", terrain="forest", production=2)(lambda d: d["p"][0].update(hand=[f"{eid}_1"]))
    acts = options(s, 0, "culture_card", "card", f"{eid}_1")
    assert acts and all(a["sq"] in model.outskirts(s.data, 1) for a in acts)  # another player's outskirts
    before = model.city_yield(s.data, 1)["production"]
    s = allow(GAME.apply(s, 0, acts[0]))
    g = geo.grid(s.data)[acts[0]["sq"]]
    assert g is not None and g["terrain"] == to
    assert model.city_yield(s.data, 1)["production"] < before


def ev_tech_exchange(eid: str) -> None:  # Exchange of Ideas / Knowledge Shared / Think Tank
    top = int(effect(eid)["max_level"])
    mine, theirs = sorted(t for t, r in TECHS.items() if r["level"] == top)[:2]
    high = [t for t, r in TECHS.items() if r["level"] == top + 1]

    def fn(d: Data) -> None:
        d["p"][0]["hand"] = [f"{eid}_1"]
        for p in d["p"]:
            p["techs"] = {}
        for lvl in range(1, top):  # a full pyramid below, so each may learn a tech of level ``top``
            few = [t for t, r in TECHS.items() if r["level"] == lvl][: 2 * (top - lvl) + 2]
            for p in d["p"]:
                p["techs"].update({t: lvl for t in few})
        d["p"][0]["techs"][mine] = top
        d["p"][1]["techs"][theirs] = top
        if high:
            d["p"][1]["techs"][high[0]] = top + 1

    s = position("start")(fn)
    acts = options(s, 0, "culture_card", "card", f"{eid}_1")
    assert {a["learn"] for a in acts} == {theirs}  # never a tech above the card's level
    s = play(s, 0, f"{eid}_1", lambda a: a["learn"] == theirs and a["give"] == mine)
    assert theirs in s.data["p"][0]["techs"] and mine in s.data["p"][1]["techs"]


def ev_displace(eid: str) -> None:  # Disoriented / Lost / Out of Position: a rival stack up to N squares
    n = int(effect(eid)["distance"])
    s = position("city")(lambda d: d["p"][0].update(hand=[f"{eid}_1"]))
    frm = square(s.data, 4, 7)
    s = edit(s, lambda d: [model.new_fig(d, 1, "army", frm) for _ in range(2)])
    acts = options(s, 0, "culture_card", "card", f"{eid}_1")
    assert acts and max(dist(s.data, frm, a["sq"]) for a in acts) == n
    far = max(acts, key=lambda a: dist(s.data, frm, a["sq"]))
    s = allow(GAME.apply(s, 0, far))
    assert sorted(f["sq"] for f in s.data["figs"].values()) == [far["sq"]] * 2


def ev_princely_gift(eid: str) -> None:  # one resource of the listed kinds
    listed = effect(eid)["resources"]
    s = position("city")(lambda d: d["p"][0].update(hand=[f"{eid}_1"]))
    assert sorted(a["res"] for a in options(s, 0, "culture_card", "card", f"{eid}_1")) == sorted(listed)
    for r in listed:
        after = play(s, 0, f"{eid}_1", _res_is(r))
        assert effects.holdings(after.data, 0).get(r, 0) == effects.holdings(s.data, 0).get(r, 0) + 1


def _res_is(r: str) -> Callable[[Act], bool]:
    return lambda a: bool(a["res"] == r)


def ev_supply_drop(eid: str) -> None:  # +7 trade, or a second action for a non-capital city
    trade = int(branch(eid, 0)["amount"])

    def fn(d: Data) -> None:
        d["p"][0]["hand"] = [f"{eid}_1"]
        d["cities"].append({"o": 0, "sq": square(d, 5, 5), "cap": False, "wall": False})

    s = position("start")(fn)
    after = play(s, 0, f"{eid}_1", lambda a: a["opt"] == 0)
    assert after.data["p"][0]["trade"] == trade and after.data["p"][1]["trade"] == 0
    assert [a.get("city") for a in options(s, 0, "culture_card", "card", f"{eid}_1") if a["opt"] == 1] == [2]
    after = play(s, 0, f"{eid}_1", lambda a: a["opt"] == 1)
    assert after.data["extra"] == {"2": 1}


def ev_cancel(eid: str) -> None:
    """Bread and Circuses cancels an event aimed at its holder; Jousting Tourney and Primetime TV any
    event (scope any), Primetime TV also a resource ability aimed at its holder."""
    e = effect(eid) if EVENTS[eid]["effects"][0]["kind"] != "choose" else branch(eid, 0)
    for aimed in (True, False):
        def fn(d: Data, aimed: bool = aimed) -> None:
            d["p"][0]["hand"] = [f"{eid}_1"]
            d["p"][1]["hand"] = ["citizens_revolting_1" if aimed else "we_love_the_despot_day_1"]
            if not aimed:
                d["phase"] = "city"

        s = position("start" if aimed else "city", seat=1)(fn)
        s = GAME.apply(s, 1, next(a for a in GAME.legal_actions(s, 1) if a["type"] == "culture_card"
                                  and a.get("target", 0) == 0 and a.get("city", 1) == 1))
        cancel = {"type": "cancel", "card": f"{eid}_1", "opt": 0}
        if not aimed and e.get("scope") != "any":
            assert not any(x["kind"] == "react" for x in s.data.get("decisions") or [])
            assert s.data["bonus_prod"] == {"1": 4}  # not aimed at seat 0: its card cannot stop it
            continue
        assert GAME.to_move(s) == [0] and cancel in GAME.legal_actions(s, 0)
        s = GAME.apply(s, 0, cancel)
        assert s.data["p"][0]["gov"] == "despotism" and s.data["bonus_prod"] == {}
        assert s.data["p"][0]["hand"] == [] and s.data["p"][1]["hand"] == []
    if EVENTS[eid]["effects"][0]["kind"] == "choose":  # Primetime TV: a resource ability aimed at you
        def fn2(d: Data) -> None:
            d["p"][0]["hand"] = [f"{eid}_1"]
            d["p"][1]["techs"]["horseback_riding"] = 1
            d["p"][1]["res"] = {"silk": 1}

        s = position("trade", seat=1)(fn2)
        use = next(a for a in options(s, 1, "ability", "tech", "horseback_riding") if a["target"] == 0)
        s = GAME.apply(s, 1, use)
        s = GAME.apply(s, 0, {"type": "cancel", "card": f"{eid}_1", "opt": 1})
        assert [p["trade"] for p in s.data["p"]] == [0, 0]  # neither the 9 nor the 6 trade
        assert s.data["p"][1]["res"]["silk"] == 0  # the ability was paid for


EVENT_ROWS: dict[str, Callable[[str], None]] = {
    "we_love_the_despot_day": ev_production,
    "we_love_the_queen_day": ev_production,
    "we_love_the_president_day": ev_production,
    "duty_and_honor": ev_free_units,
    "nationalism": ev_free_units,
    "patriotism": ev_free_units,
    "citizens_revolting": ev_anarchy,
    "citizens_revolting_2": ev_anarchy,
    "defection": ev_kill_figures,
    "mass_defection": ev_kill_figures_or_great_person,
    "wholesale_defection": ev_kill_figures_or_great_person,
    "sabotage": ev_destroy_buildings,
    "catastrophe": ev_destroy_buildings,
    "disaster": ev_destroy_buildings,
    "drought": ev_terrain,
    "deforestation": ev_terrain,
    "exchange_of_ideas": ev_tech_exchange,
    "knowledge_shared": ev_tech_exchange,
    "think_tank": ev_tech_exchange,
    "disoriented": ev_displace,
    "lost": ev_displace,
    "out_of_position": ev_displace,
    "a_princely_gift": ev_princely_gift,
    "supply_drop": ev_supply_drop,
    "bread_and_circuses": ev_cancel,
    "jousting_tourney": ev_cancel,
    "primetime_tv": ev_cancel,
}


@pytest.mark.parametrize("eid", sorted(EVENT_ROWS))
def test_culture_event_outcome(eid: str) -> None:
    EVENT_ROWS[eid](eid)


# ------------------------------------------------------------------ wonders
def _wonder(wid: str, fn: Callable[[Data], None] | None = None, phase: str = "start") -> State:
    def setup(d: Data) -> None:
        d["p"][0]["wonders"] = [wid]
        d["items"][str(square(d, 3, 3))] = {"k": "w", "id": wid, "o": 0}
        if fn is not None:
            fn(d)

    return position(phase)(setup)


def _start_gain(wid: str) -> None:  # Colossus +3 trade, Stonehenge +1 culture, the Louvre +3, Panama +1 coin
    e = WONDERS[wid]["abilities"][0]
    s = _wonder(wid)
    d = s.data
    key = {"trade": ("trade",), "culture": ("culture",), "coin_token": ("coin_tokens", "_cards")}[e["what"]]
    before = [d["p"][k][key[0]] if len(key) == 1 else d["p"][k][key[0]].get(key[1], 0) for k in (0, 1)]
    from test_civ_rules import ctx_of

    effects.start_of_turn(ctx_of(d), 0)
    after = [d["p"][k][key[0]] if len(key) == 1 else d["p"][k][key[0]].get(key[1], 0) for k in (0, 1)]
    assert after == [before[0] + int(e["amount"]), before[1]]


def w_hanging_gardens(wid: str) -> None:  # a free figure on its square at Start of Turn
    s = _wonder(wid)
    acts = options(s, 0, "wonder", "wonder", wid)
    assert {a["figure"] for a in acts} == {"army", "scout"}
    s = GAME.apply(s, 0, next(a for a in acts if a["figure"] == "army"))
    assert [f["sq"] for f in s.data["figs"].values() if f["o"] == 0] == [square(s.data, 3, 3)]


def w_great_wall(wid: str) -> None:  # free City Walls; who beats its owner takes no loot
    s = _wonder(wid)
    s = GAME.apply(s, 0, options(s, 0, "wonder", "wonder", wid)[0])
    assert s.data["cities"][0]["wall"] is True
    from test_civ_rules import ctx_of

    d = s.data
    combat._loot(ctx_of(d), 1, 0, False)
    assert not [x for x in d.get("decisions", []) if x["kind"] == "loot"]
    combat._loot(ctx_of(d), 0, 1, False)
    assert [x for x in d.get("decisions", []) if x["kind"] == "loot"]


def w_himeji(wid: str) -> None:  # +1 to every unit of its owner
    s = _wonder(wid)
    assert combat.unit_bonus(s.data, 0) == int(WONDERS[wid]["abilities"][0]["amount"]) == 1
    assert combat.unit_bonus(s.data, 1) == 0


def w_angkor_wat(wid: str) -> None:  # one city action harvests twice
    s = _wonder(wid, lambda d: set_square(d, square(d, 1, 1), resource="wheat"), phase="city")
    acts = [a for a in options(s, 0, "harvest", "city", 0) if "res2" in a]
    assert acts
    s = GAME.apply(s, 0, acts[0])
    assert s.data["p"][0]["res"].get("wheat", 0) == 2


def w_porcelain_tower(wid: str) -> None:  # research 5 trade cheaper
    s = _wonder(wid)
    assert research.research_discount(s.data, 0) == int(WONDERS[wid]["abilities"][0]["amount"]) == 5
    assert research.research_discount(s.data, 1) == 0


def w_statue_of_liberty(wid: str) -> None:  # learn a tech another player knows
    s = _wonder(wid, lambda d: d["p"][1]["techs"].update(pottery=1))
    theirs = {x for x in set(s.data["p"][1]["techs"]) - set(s.data["p"][0]["techs"])
              if research.slot_ok(s.data, 0, x)}
    assert "pottery" in theirs
    acts = options(s, 0, "wonder", "wonder", wid)
    assert {a["tech"] for a in acts} == theirs
    s = GAME.apply(s, 0, acts[0])
    assert acts[0]["tech"] in s.data["p"][0]["techs"]


def w_big_ben(wid: str) -> None:  # one of every resource still in the market
    s = _wonder(wid)
    d = s.data
    market = {r: n for r, n in d["market"].items() if n > 0}
    from test_civ_rules import ctx_of

    effects.start_of_turn(ctx_of(d), 0)
    assert {r: d["p"][0]["res"].get(r, 0) for r in market} == {r: 1 for r in market}
    assert d["p"][1]["res"] == {}


def w_kremlin(wid: str) -> None:  # two resources stand for a spy, once per turn
    s = _wonder(wid, lambda d: d["p"][0].update(res={"wheat": 2, "silk": 2}))
    assert effects.can_pay(s.data, 0, ["spy"]) and not effects.can_pay(s.data, 1, ["spy"])
    d = s.data
    effects.pay(d, 0, ["spy"])
    assert sum(d["p"][0]["res"].values()) == 2 and not effects.can_pay(d, 0, ["spy"])


WONDER_ROWS: dict[str, Callable[[str], None]] = {
    "colossus": _start_gain,
    "stonehenge": _start_gain,
    "the_louvre": _start_gain,
    "panama_canal": _start_gain,
    "hanging_gardens": w_hanging_gardens,
    "great_wall": w_great_wall,
    "himeji_castle": w_himeji,
    "angkor_wat": w_angkor_wat,
    "porcelain_tower": w_porcelain_tower,
    "statue_of_liberty": w_statue_of_liberty,
    "big_ben": w_big_ben,
    "the_kremlin": w_kremlin,
}


@pytest.mark.parametrize("wid", sorted(WONDER_ROWS))
def test_wonder_outcome(wid: str) -> None:
    WONDER_ROWS[wid](wid)
    # every wonder's marker gives its culture icons to the city, ability or not (L1276-1280)
    s = _wonder(wid)
    bare_city = model.city_yield(position("start")().data, 0)["culture"]
    assert model.city_yield(s.data, 0)["culture"] == bare_city + int(WONDERS[wid]["icons"]["culture"])


# ------------------------------------------------------------------ great persons
@pytest.mark.parametrize("gp", sorted(GREAT_PERSONS))
def test_great_person_outcome(gp: str) -> None:
    """A great person's icons replace the square's (the flat map's squares have none) and a General
    adds +4 to its owner's combat bonus (L1094); nothing changes for the other player."""
    icons = GREAT_PERSONS[gp]["icons"]
    empty = position("start")()

    def fn(d: Data) -> None:
        d["p"][0]["gp"] = [gp]

    s = position("start")(fn)
    sq = square(s.data, 3, 3)
    s = GAME.apply(s, 0, {"type": "place_gp", "gp": gp, "sq": sq})
    y, y0 = model.city_yield(s.data, 0), model.city_yield(empty.data, 0)
    for k in ("trade", "production", "culture"):
        assert y[k] == y0[k] + int(icons[k]), (gp, k)
    assert model.coins(s.data, 0) == model.coins(empty.data, 0) + int(icons["coin"])
    assert combat._bonus(s.data, 0, "a", -1) == combat._bonus(empty.data, 0, "a", -1) + int(icons["combat"])
    assert model.city_yield(s.data, 1) == model.city_yield(empty.data, 1)


# ------------------------------------------------------------------ huts and villages
def _one_of_each(pool: dict[str, Any]) -> list[str]:
    out: dict[str, str] = {}
    for m, r in sorted(pool.items()):
        out.setdefault(str(r.get("resource") or r["kind"]), m)
    return sorted(out.values())


@pytest.mark.parametrize("mark", _one_of_each(HUTS))
def test_hut_outcome(mark: str) -> None:
    """An army entering a hut takes its marker face down: one more of its resource to spend (L898-900)."""
    res = HUTS[mark]["resource"]

    def fn(d: Data) -> None:
        model.new_fig(d, 0, "army", square(d, 4, 6))
        d["marks"][str(square(d, 5, 6))] = {"k": "hut", "id": mark}

    s = position("move")(fn)
    before = effects.holdings(s.data, 0).get(res, 0)
    s = GAME.apply(s, 0, {"type": "move", "from": square(s.data, 4, 6), "armies": 1, "scouts": 0,
                          "to": square(s.data, 5, 6)})
    assert s.data["p"][0]["hv"] == [mark] and effects.holdings(s.data, 0).get(res, 0) == before + 1
    assert str(square(s.data, 5, 6)) not in s.data["marks"] and s.data["p"][1]["hv"] == []


@pytest.mark.parametrize("mark", _one_of_each(VILLAGES))
def test_village_outcome(mark: str) -> None:
    """A village won (L902-912): a great person marker draws a great person, another its resource marker
    face down; the barbarians' hand is one unit of each type at rank 1 (L904)."""

    def fn(d: Data) -> None:
        model.new_fig(d, 0, "army", square(d, 4, 6))
        d["marks"][str(square(d, 5, 6))] = {"k": "village", "id": mark}
        d["p"][0]["forces"] = [c for c, r in UNIT_CARDS.items() if r["type"] == "infantry"][-3:]
        d["p"][0]["ranks"]["infantry"] = 4

    s = position("move")(fn)
    s = GAME.apply(s, 0, {"type": "move", "from": square(s.data, 4, 6), "armies": 1, "scouts": 0,
                          "to": square(s.data, 5, 6)})
    b = s.data["battle"]
    assert sorted(UNIT_CARDS[c]["type"] for c in b["hand"]["d"]) == ["artillery", "infantry", "mounted"]
    gps = len(s.data["gps"])
    while s.data["battle"] is not None:
        seat = GAME.to_move(s)[0]
        acts = GAME.legal_actions(s, seat)
        s = GAME.apply(s, seat, acts[0] if seat == 1 else max(acts, key=lambda a: a["front"]))
    assert s.data["last_battle"]["winner"] == 0, s.data["last_battle"]
    if VILLAGES[mark]["kind"] == "great_person":
        assert len(s.data["gps"]) == gps - 1 and len(s.data["p"][0]["gp"]) == 1 and s.data["p"][0]["hv"] == []
    else:
        assert s.data["p"][0]["hv"] == [mark]
        assert effects.holdings(s.data, 0).get(VILLAGES[mark]["resource"], 0) == 1
    assert s.data["p"][1]["hv"] == []


# ------------------------------------------------------------------ the table is complete
def test_every_card_has_a_row() -> None:
    assert set(EVENT_ROWS) == set(EVENTS)
    assert set(WONDER_ROWS) == set(WONDERS)
    kinds = {str(r.get("resource") or r["kind"]) for r in [*HUTS.values(), *VILLAGES.values()]}
    covered = {str(r.get("resource") or r["kind"]) for m in _one_of_each(HUTS) + _one_of_each(VILLAGES)
               for r in [HUTS.get(m) or VILLAGES[m]]}
    assert kinds == covered
