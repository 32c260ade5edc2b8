"""The cards inside the whole engine (core's flow, war's combat): golden test 3 through a real overseer
upgrade (L193), golden test 4 through a real Imperial Envoy activation (L436, L444), and complete random
games in which the cards' triggers fire and Tactics are played."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from pygame_core.games.great_wall import cards
from pygame_core.simulate import play_random
from tests.great_wall.helpers import answer, blank, ctx_for, kinds, put_clerks, run, set_res


def test_golden_3_song_ci_through_a_production_location() -> None:
    """Golden test 3, L193 (with L370, L386): Song Ci with 3 Supporting Advisors upgrades an overseer at
    the Lumber mill: +6 Honor from the General, on top of what the upgrade itself gives (nothing); the
    seat that upgrades without Song Ci gets nothing from him."""
    g = blank(3, tea=[0, 1, 2])
    g["players"][0].update(general="song_ci", active=[], supporting=["monk", "herald", "censor"])
    g["players"][1].update(general="xu_da", active=[], supporting=["taoist"])
    set_res(g, 0, chi=9)
    set_res(g, 1, chi=9)
    put_clerks(g, "lumber_mill", [0, 0, 1, 1, 2])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "lumber_mill", "advanced": False})
    assert kinds(ctx)[-1] == "upgrade" and g["decisions"][-1]["seats"] == [0]
    answer(ctx, {"type": "use", "location": "lumber_mill", "upgrade": "spear"})
    answer(ctx, {"type": "use", "location": "lumber_mill", "upgrade": "spear"}, 1)
    assert [p["honor"] for p in g["players"]] == [6, 0, 0]
    assert g["players"][0]["overseers"]["lumber_mill"]["level"] == 1


def test_golden_4_hire_through_the_envoy() -> None:
    """Golden test 4, L436, L444: owning 2 Advisors, a hire costs 3 Gold; the track slides left and the
    deck's top fills the right; the second clerk's hire then costs 4."""
    g = blank(3, tea=[0, 1, 2])
    A, B, C, D, E, F = "monk", "herald", "censor", "hermit", "taoist", "veteran"
    g["advisor_track"], g["advisor_deck"] = [A, B, C, D], [F, E]
    g["players"][0].update(general="wang_jian", active=["smith"], supporting=["groom"])
    set_res(g, 0, gold=7)
    put_clerks(g, "imperial_envoy", [0, 0])
    ctx = ctx_for(g)
    run(ctx, {"do": "activate", "loc": "imperial_envoy", "advanced": False})
    hire = {"type": "use", "location": "imperial_envoy", "hire": "advisor"}
    answer(ctx, {**hire, "card": C, "as": "supporting"})
    p = g["players"][0]
    assert p["res"]["gold"] == 4 and p["supporting"] == ["groom", C]
    assert g["advisor_track"] == [A, B, D, E]
    assert cards.hire_advisor_cost(g, 0) == 4
    answer(ctx, {**hire, "card": E, "as": "active"})
    assert p["res"]["gold"] == 0 and p["active"] == ["smith", E] and g["advisor_track"] == [A, B, D, F]


def test_wang_jian_in_summer_sheds_shame_and_gains_honor_per_seal_icon() -> None:
    """Wang Jian (authored; data/README.md, Balance) through core's Summer trigger: per Seal icon among
    his Supporting Advisors (3 here) a free shame discard, back to the supply (A43; no Chi paid, L598
    is the paid one), and 2 Honor, whether or not he holds shame; the other seats get nothing."""
    g = blank(3, tea=[0, 1, 2])
    g["players"][0].update(general="wang_jian", active=[], supporting=["censor", "grand_tutor"])
    g["players"][1].update(general="xu_da", active=[], supporting=["censor", "grand_tutor"])
    p = g["players"][0]
    p["shamed"]["spear"], p["supply"]["spear"] = 2, p["supply"]["spear"] - 2
    supply, chi = g["shame_supply"], p["res"]["chi"]
    ctx = ctx_for(g)
    run(ctx, {"do": "trigger_all", "name": "on_summer"})
    assert p["shamed"]["spear"] == 0 and g["shame_supply"] == supply + 2 and p["res"]["chi"] == chi
    assert [q["honor"] for q in g["players"]] == [6, 0, 0]
    run(ctx, {"do": "trigger_all", "name": "on_summer"})  # no shame left: the Honor still comes
    assert [q["honor"] for q in g["players"]] == [12, 0, 0]


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_use_the_cards(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Complete random games end; between them, Tactics are played, Advisors hired, and card abilities
    fire for their owners."""
    used: Counter[str] = Counter()
    real_fire, real_play = cards.fire, cards.play_tactic

    def fire(ctx: Any, trigger: str, seat: int, **info: Any) -> list[tuple[int, list[dict[str, Any]]]]:
        out = real_fire(ctx, trigger, seat, **info)
        used["fired"] += len(out)
        return out

    def play(ctx: Any, seat: int, action: dict[str, Any], window: str | None = None) -> list[dict[str, Any]]:
        used["tactics"] += 1
        return real_play(ctx, seat, action, window)

    monkeypatch.setattr(cards, "fire", fire)
    monkeypatch.setattr(cards, "play_tactic", play)
    for seed in range(8):
        p = play_random("great_wall", players, seed)
        assert p.is_over()
        g = p.data
        used["advisors"] += sum(len(q["active"]) + len(q["supporting"]) - 2 for q in g["players"])
        assert all(q["general"] in cards.generals() for q in g["players"])
    assert used["fired"] > 0 and used["tactics"] > 0 and used["advisors"] > 0, used
