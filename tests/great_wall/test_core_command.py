"""Core rule tests: the command cards' boxes through the effect vocabulary (L197-207, L616-618) and the
effect ops core runs."""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import cards, effects, horde
from pygame_core.games.great_wall import data as gdata
from tests.great_wall.helpers import answer, blank, ctx_for, game, kinds, legal, put_clerks, run


def test_every_clan_has_the_six_cards_with_the_seed_names() -> None:
    """L140: 6 command cards per clan; L526, L801, L864: Attack Order, Economy, Despotism, Betrayal."""
    names = {c: gdata.command(c)["name"]["en"] for c in gdata.COMMAND_IDS}
    assert len(names) == 6
    assert {"Attack Order", "Economy", "Despotism", "Betrayal"} <= set(names.values())
    for c in gdata.COMMAND_IDS:
        card = gdata.command(c)
        assert set(card) >= {"top", "middle", "bottom", "source"}


def test_a_turn_runs_top_then_middle_in_tea_order_then_bottom() -> None:
    """L616-618: Economy: the active player moves 2 clerks (top), every other seat 2 (middle, tea
    order), then the active player gains its bottom box (authored: 1 Gold)."""
    g = blank(3, tea=[2, 0, 1])
    g["command_track"][0] = {"seat": 0, "card": "economy"}
    ctx = ctx_for(g)
    run(ctx, {"do": "next_turn", "after": -1})
    order = []
    while kinds(ctx) == ["clerks"]:
        order.append(g["decisions"][-1]["seats"][0])
        answer(ctx, {"type": "stop"})
    assert order == [0, 2, 1]
    assert g["players"][0]["res"]["gold"] == 1
    assert g["turn"] is None  # the track is done: Winter comes next (L626)
    assert any(e["text"]["en"] == "Year 1, Winter." for e in ctx.events)


def test_despotism_moves_three_and_gives_the_others_nothing() -> None:
    """Authored Despotism (L801 names it): the top box moves up to 3 clerks to 3 different locations; no
    middle box; the bottom moves the active player up the tea order."""
    g = blank(3, tea=[1, 2, 0])
    g["command_track"][2] = {"seat": 0, "card": "despotism"}
    ctx = ctx_for(g)
    run(ctx, {"do": "next_turn", "after": -1})
    for loc in ("temple", "quarry", "barracks"):
        assert g["decisions"][-1]["seats"] == [0]
        answer(ctx, {"type": "clerk", "from": "supply", "to": loc})
    assert g["tea"] == [1, 0, 2]
    assert [g["locations"][x] for x in ("temple", "quarry", "barracks")] == [[0], [0], [0]]


def test_edict_activates_a_location_of_the_active_players_choice() -> None:
    """Authored Edict: its bottom box is an advanced activation (L330-340)."""
    g = blank(3, tea=[0, 1, 2])
    put_clerks(g, "gold_mine", [1])
    g["command_track"][0] = {"seat": 0, "card": "edict"}
    ctx = ctx_for(g)
    run(ctx, {"do": "next_turn", "after": -1})
    while kinds(ctx) == ["clerks"]:
        answer(ctx, {"type": "stop"})
    assert kinds(ctx) == ["advanced"] and g["decisions"][-1]["seats"] == [0]
    assert {"type": "activate", "location": "gold_mine"} in legal(ctx)
    answer(ctx, {"type": "activate", "location": "gold_mine"})
    assert g["players"][1]["res"]["gold"] == 1
    answer(ctx, {"type": "pass"}, 1)  # no donation
    assert g["locations"]["gold_mine"] == [] and g["shame_supply"] == 30  # advanced: no yellow flag


def test_effect_ops_gain_honor_tea_and_free_builds() -> None:
    """The vocabulary: gain, honor, tea_up, tea_top, build (free), hire (free)."""
    g = blank(4, tea=[0, 1, 2, 3])
    for s in g["sections"]:
        s["barricades"] = 0
    ctx = ctx_for(g)
    run(ctx, *({"do": "effect", "seat": 3, "why": "t", "effect": e} for e in (
        {"op": "gain", "wood": 2}, {"op": "gain", "res": {"chi": 1}}, {"op": "honor", "n": 3},
        {"op": "tea_up", "n": 2}, {"op": "hire", "what": "clerk", "free": True},
        {"op": "build", "what": "barricade", "free": True})))
    assert g["players"][3]["res"]["wood"] == 2 and g["players"][3]["res"]["chi"] == 1
    assert g["players"][3]["honor"] == 3 and g["tea"] == [0, 3, 1, 2]
    assert kinds(ctx) == ["location"]  # the free hire asks (clerk, or pass)
    answer(ctx, {"type": "use", "location": "imperial_envoy", "hire": "clerk"})
    assert g["players"][3]["envoy"] == 2 and g["players"][3]["clerks"] == 6
    answer(ctx, {"type": "use", "location": "builders_camp", "build": "barricade", "section": 1, "pay": []})
    assert g["sections"][1]["barricades"] == 1 and g["players"][3]["honor"] == 5
    run(ctx, {"do": "effect", "seat": 3, "why": "t", "effect": {"op": "tea_top"}})
    assert g["tea"][0] == 3


def test_despotism_moves_two_more_clerks_when_another_seat_plays_economy() -> None:
    """L801: Despotism moves 2 more clerks when Economy is played against it (authored for the
    competitive game: another seat's Economy on the command track this Autumn)."""
    g = blank(3, tea=[0, 1, 2])
    g["command_track"][0] = {"seat": 0, "card": "despotism"}
    g["command_track"][1] = {"seat": 1, "card": "economy"}
    ctx = ctx_for(g)
    run(ctx, {"do": "next_turn", "after": -1})
    assert g["decisions"][-1]["left"] == 5
    g2 = blank(3, tea=[0, 1, 2])
    g2["command_track"][0] = {"seat": 0, "card": "despotism"}
    ctx2 = ctx_for(g2)
    run(ctx2, {"do": "next_turn", "after": -1})
    assert g2["decisions"][-1]["left"] == 3


def test_a_defeat_opens_the_tactic_windows_of_its_fighters() -> None:
    """L464: "when you take the credit" and "when you fight on a defeated card" Tactics can be played
    right after the defeat check (L541-549): a ``tactic`` decision for each such seat holding Tactics."""
    g = blank(3, tea=[1, 0, 2])
    cid = sorted(horde.CARDS)[0]
    spots = horde.CARDS[cid]["spots"]
    g["sections"][0]["rows"][0] = {"card": cid, "wounds": [],
                                   "soldiers": [{"seat": 0, "kind": "spear",
                                           "spots": [j]} for j in range(len(spots))]}
    g["players"][0]["supply"]["spear"] -= len(spots)
    g["players"][0]["tactics"] = [sorted(cards.tactics())[0]]
    g["players"][1]["tactics"] = [sorted(cards.tactics())[1]]  # did not fight: no window
    ctx = ctx_for(g)
    run(ctx, {"do": "defeat_check"})
    assert all(d["seats"] == [0] for d in g["decisions"] if d["kind"] == "tactic")
    windows = [d["window"] for d in g["decisions"] if d["kind"] == "tactic"]
    assert sorted(windows) == ["on_defeat_credit", "on_defeat_participate"]
    assert g["players"][0]["trophies"][0]["card"] == cid


def test_every_op_the_cards_and_horde_data_use_has_a_rule() -> None:
    """The effect vocabulary: every op named by a card, a Horde spot reward or a command card runs."""
    known = set(effects.CORE_OPS) | set(effects.OPS)
    used = set(cards.OPS) | {e["op"] for c in gdata.COMMAND.values() for part in ("top", "middle", "bottom")
                             for e in c[part]}
    used |= {sp["reward"]["op"] for c in horde.CARDS.values() for sp in c["spots"] if sp.get("reward")}
    assert used <= known, used - known


def _card_on(g: dict[str, Any], section: int = 0) -> str:
    cid = sorted(horde.CARDS, key=lambda c: -len(horde.CARDS[c]["spots"]))[0]
    g["sections"][section]["rows"][0] = {"card": cid, "soldiers": [], "wounds": []}
    return cid


def test_a_wound_effect_places_as_many_wounds_as_it_says() -> None:
    """The op ``wound {n}``: n wound tokens, one at a time (L537: a wound never gives a spot reward)."""
    g = blank(3)
    _card_on(g)
    ctx = ctx_for(g)
    run(ctx, {"do": "effect", "seat": 1, "why": "t", "effect": {"op": "wound", "n": 2}})
    shots = 0
    while kinds(ctx) == ["wound"]:
        answer(ctx, next(a for a in legal(ctx) if a["type"] == "shoot"))
        shots += 1
    assert shots == 2 and len(g["sections"][0]["rows"][0]["wounds"]) == 2
    assert g["players"][1]["honor"] == 0 and g["players"][1]["res"] == {"wood": 0, "stone": 0, "gold": 0,
            "chi": 0}


def test_a_discard_shame_effect_is_free_only_when_it_says_so() -> None:
    """The op ``discard_shame``: free (a Tactic's enhanced effect) or at 2 Chi each (L598)."""
    for free in (True, False):
        g = blank(3)
        p = g["players"][0]
        p["supply"]["spear"] -= 1
        p["shamed"]["spear"] = 1
        g["shame_supply"] -= 1
        p["res"]["chi"] = 2
        ctx = ctx_for(g)
        run(ctx, {"do": "effect", "seat": 0, "why": "t", "effect": {"op": "discard_shame", "n": 1,
                "free": free}})
        if free:
            assert p["shamed"]["spear"] == 0 and p["res"]["chi"] == 2 and g["shame_supply"] == 30
        else:
            assert kinds(ctx) == ["discard_shame"]
            answer(ctx, {"type": "discard_shame", "n": 1})
            assert p["shamed"]["spear"] == 0 and p["res"]["chi"] == 0


def test_casualty_tactics_are_optional_only_in_the_seats_own_casualty_event() -> None:
    """L464-472: a Tactic that saves is played while its seat's casualties are decided, once (L466)."""
    gm = game()
    g = blank(3)
    withdrawal = "withdrawal"
    assert cards.tactic(withdrawal)["window"] == "on_casualties"
    g["players"][0]["tactics"] = [withdrawal]
    g["players"][1]["tactics"] = [withdrawal + "_"]  # never consulted
    d = {"kind": "casualties", "seats": [0], "blocking": True, "event": "defeat", "groups": [], "dying": [],
         "free": 0}
    g["decisions"] = [d]
    assert gm._optional(g, 0) == [{"type": "tactic", "card": withdrawal, "enhanced": False}]
    assert gm._optional(g, 1) == []
    d["tactic_played"] = True
    assert gm._optional(g, 0) == []
    g["decisions"] = [{"kind": "clerks", "seats": [0], "blocking": True, "left": 1, "used": []}]
    assert gm._optional(g, 0) == []
    # a breach's casualties are also the window of "when a Wall is breached" Tactics (L557-569)
    g["players"][0]["tactics"] = ["last_stand"]
    assert cards.tactic("last_stand")["window"] == "on_breach"
    g["decisions"] = [dict(d, event="defeat", tactic_played=False)]
    assert gm._optional(g, 0) == []
    g["decisions"] = [dict(d, event="breach", tactic_played=False)]
    assert {"type": "tactic", "card": "last_stand", "enhanced": False} in gm._optional(g, 0)


def test_the_slot_is_named_in_the_log() -> None:
    g = blank(3)
    g["chosen"] = {"0": "economy"}
    ctx = ctx_for(g)
    run(ctx, {"do": "place", "seat": 0})
    answer(ctx, {"type": "slot", "slot": 2})
    assert g["command_track"][2] == {"seat": 0, "card": "economy"}
    assert any("slot 3" in e["text"]["en"] for e in ctx.events)


def test_a_single_clerk_move_is_asked_and_needs_a_clerk_in_supply_to_come_from_it() -> None:
    """Attack Order's middle box (authored): up to 1 clerk move (L207, L304); with no clerk in the
    supply, only clerks on locations can move."""
    g = blank(3)
    g["players"][0]["clerks"] = 0
    g["locations"]["temple"].append(0)
    ctx = ctx_for(g)
    run(ctx, {"do": "effect", "seat": 0, "why": "t", "effect": {"op": "move_clerks", "n": 1}})
    assert kinds(ctx) == ["clerks"] and g["decisions"][-1]["left"] == 1
    assert {a["from"] for a in legal(ctx) if a["type"] == "clerk"} == {"temple"}
