"""Every General and every Advisor by the numbers it promises (L176-193): fire its trigger for its owner
and check exactly what each seat gets. Generals scale with Supporting Advisors or their back icons
(L181, L191); Advisors act only while Active (L189). Golden test 3 (L193) is Song Ci's row."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.games.great_wall import cards
from tests.great_wall.cards_helpers import run, snapshot, state

#: 3 Supporting Advisors whose back icons are: blade 2, scroll 1, seal 3.
SUPPORT = ["vanguard", "registrar", "grand_tutor"]

#: General -> (trigger, info, what the owner gets with SUPPORT under it).
#: Keys "honor" and resources are deltas; "ops" are the other effects, as they reach effects.run.
GENERALS: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "song_ci": ("on_overseer_upgrade", {}, {"honor": 6}),  # L193: 2 x 3 Supporting
    "meng_tian": ("on_build_wall", {}, {"honor": 6}),
    "qi_jiguang": ("on_build_barricade", {}, {"honor": 3}),
    "li_mu": ("on_defeat_credit", {}, {"honor": 4}),  # 2 per blade, 2 blades
    "wei_qing": ("on_defeat_participate", {}, {"honor": 3}),
    "huo_qubing": ("on_recruit", {"kind": "horse"}, {"honor": 6}),
    "yue_fei": ("on_recruit", {"kind": "spear"}, {"honor": 2}),  # 1 per blade
    "li_guang": ("on_recruit", {"kind": "archer"}, {"honor": 6}),
    "di_qing": ("on_casualties", {}, {"chi": 3}),
    "ban_chao": ("on_hire_advisor", {}, {"honor": 6}),  # 2 per seal, 3 seals
    "xu_da": ("on_donate", {"res": "gold"}, {"honor": 3}),  # Gold donations only
    "li_jing": ("on_command", {}, {"ops": [{"op": "draw_tactic", "n": 3}]}),  # 1 per Supporting
    # per seal, 3 seals: 3 free discards and 2 Honor each (authored; data/README.md, Balance)
    "wang_jian": ("on_summer", {}, {"honor": 6, "ops": [{"op": "discard_shame", "n": 3, "free": True}]}),
}

#: Advisor -> (trigger, info, what its owner gets while it is Active).
ADVISORS: dict[str, tuple[str, dict[str, Any], dict[str, Any]]] = {
    "quartermaster": ("on_overseer_upgrade", {}, {"honor": 1}),
    "foreman": ("on_overseer_upgrade", {}, {"wood": 1}),
    "steward": ("on_overseer_upgrade", {}, {"chi": 1}),
    "registrar": ("on_overseer_upgrade", {}, {"honor": 1}),
    "treasurer": ("on_donate", {}, {"honor": 1}),
    "tax_collector": ("on_donate", {}, {"gold": 1}),
    "granary_officer": ("on_donate", {}, {"honor": 1}),
    "minister_of_agriculture": ("on_donate", {}, {"chi": 1}),
    "drillmaster": ("on_recruit", {"kind": "archer"}, {"honor": 1}),
    "smith": ("on_recruit", {"kind": "spear"}, {"stone": 1}),
    "bowyer": ("on_recruit", {"kind": "archer"}, {"chi": 1}),
    "groom": ("on_recruit", {"kind": "horse"}, {"honor": 2}),
    "vanguard": ("on_recruit", {"kind": "spear"}, {"wood": 1}),
    "master_mason": ("on_build_wall", {}, {"honor": 2}),
    "surveyor": ("on_build_wall", {}, {"stone": 1}),
    "commandant": ("on_build_wall", {}, {"honor": 2}),
    "carpenter": ("on_build_barricade", {}, {"honor": 1}),
    "field_engineer": ("on_build_barricade", {}, {"wood": 1}),
    "garrison_captain": ("on_build_barricade", {}, {"honor": 1}),
    "standard_bearer": ("on_defeat_credit", {}, {"honor": 2}),
    "chronicler": ("on_defeat_credit", {}, {"honor": 2}),
    "marshal": ("on_defeat_credit", {}, {"ops": [{"op": "draw_tactic", "n": 1}]}),
    "veteran": ("on_defeat_participate", {}, {"honor": 1}),
    "crossbow_master": ("on_defeat_participate", {}, {"gold": 1}),
    "herald": ("on_defeat_participate", {}, {"honor": 1}),
    "surgeon": ("on_casualties", {}, {"chi": 2}),
    "monk": ("on_casualties", {}, {"chi": 1}),
    "court_physician": ("on_casualties", {}, {"ops": [{"op": "draw_tactic", "n": 1}]}),
    "censor": ("on_breach", {}, {"ops": [{"op": "discard_shame", "n": 1, "free": True}]}),
    "hermit": ("on_breach", {}, {"chi": 2}),
    "pathfinder": ("on_breach", {}, {"ops": [{"op": "draw_tactic", "n": 1}]}),
    "retainer": ("on_hire_advisor", {}, {"honor": 1}),
    "talent_seeker": ("on_hire_advisor", {}, {"gold": 1}),
    "grand_tutor": ("on_hire_advisor", {}, {"honor": 1}),
    "tea_master": ("on_summer", {}, {"ops": [{"op": "tea_up", "n": 1}]}),
    "taoist": ("on_summer", {}, {"ops": [{"op": "discard_shame", "n": 1, "free": True}]}),
    "historian": ("on_summer", {}, {"honor": 1}),
    "musician": ("on_summer", {}, {"honor": 1}),
    "strategist": ("on_command", {}, {"ops": [{"op": "draw_tactic", "n": 1}]}),
    "messenger": ("on_command", {}, {"ops": [{"op": "move_clerks", "n": 1}]}),
    "diviner": ("on_command", {}, {"chi": 1}),
    "interpreter": ("on_command", {}, {"ops": [{"op": "tea_up", "n": 1}]}),
    "archery_instructor": ("on_command", {}, {"ops": [{"op": "wound", "n": 1}]}),
    "persuader": ("on_command", {}, {"honor": 1}),
}


Fired = list[tuple[int, list[dict[str, Any]]]]


def outcome(g: dict[str, Any], fired: Fired, owner: int) -> list[dict[str, Any]]:
    """Each seat's deltas after running ``fired`` (ops listed under the owner)."""
    before = snapshot(g)
    ops = run(g, fired)
    assert all(s == owner for s, _ in ops)
    after = snapshot(g)
    out = []
    for s, (b, a) in enumerate(zip(before, after, strict=True)):
        d: dict[str, Any] = {k: a[k] - b[k] for k in a if a[k] != b[k]}
        mine = [e for seat, e in ops if seat == s]
        if mine:
            d["ops"] = mine
        out.append(d)
    return out


def test_every_card_has_a_row() -> None:
    assert set(GENERALS) == set(cards.generals())
    assert set(ADVISORS) == set(cards.advisors())


def test_support_icons() -> None:
    g = state(3)
    g["players"][1]["supporting"] = list(SUPPORT)
    assert cards.icons(g, 1) == {"blade": 2, "scroll": 1, "seal": 3}
    assert cards.supporting_count(g, 1) == 3


def test_golden_3_song_ci() -> None:
    """Golden test 3, L193: Song Ci with 3 Supporting Advisors gets +6 Honor when upgrading an overseer
    (with 1, +2; the other seats nothing)."""
    g = state(3)
    g["players"][0].update(general="song_ci", supporting=["monk", "pathfinder", "censor"])
    assert cards.general_scale(g, 0) == 3
    assert outcome(g, cards.fire(g, "on_overseer_upgrade", 0), 0) == [{"honor": 6}, {}, {}]
    g["players"][0]["supporting"] = ["monk"]
    assert outcome(g, cards.fire(g, "on_overseer_upgrade", 0), 0) == [{"honor": 2}, {}, {}]


@pytest.mark.parametrize("gid", sorted(GENERALS))
def test_general(gid: str) -> None:
    """The General's ability, scaled by 3 Supporting Advisors (or by their icons), for its owner only;
    nothing on another trigger, nothing for the other seats, nothing with no Supporting Advisor."""
    trigger, info, want = GENERALS[gid]
    g = state(3)
    g["players"][1].update(general=gid, supporting=list(SUPPORT))
    g["players"][0].update(general="song_ci" if gid != "song_ci" else "xu_da")
    assert outcome(g, cards.fire(g, trigger, 1, **info), 1) == [{}, want, {}]
    for other in cards.TRIGGERS:
        if other != trigger:
            assert cards.fire(g, other, 1, **info) == [], other
    assert cards.fire(g, trigger, 2, **info) == []  # the seat without a General
    g["players"][1]["supporting"] = []
    assert cards.fire(g, trigger, 1, **info) == []


@pytest.mark.parametrize("gid", ["huo_qubing", "yue_fei", "li_guang"])
def test_general_recruit_filters_the_kind(gid: str) -> None:
    g = state(3)
    g["players"][0].update(general=gid, supporting=list(SUPPORT))
    want = GENERALS[gid][1]["kind"]
    for kind in cards.KINDS:
        fired = cards.fire(g, "on_recruit", 0, kind=kind)
        assert bool(fired) == (kind == want), kind


def test_xu_da_counts_gold_donations_only() -> None:
    """Xu Da (authored; data/README.md, Balance): Honor for a Gold donation, nothing for another resource."""
    g = state(3)
    g["players"][0].update(general="xu_da", supporting=list(SUPPORT))
    for res in cards.RES:
        fired = cards.fire(g, "on_donate", 0, res=res)
        assert bool(fired) == (res == "gold"), res


@pytest.mark.parametrize("aid", sorted(ADVISORS))
def test_advisor(aid: str) -> None:
    """The Advisor's ability for its owner while Active (L189); face down under the General it gives only
    its back icons (L191); nothing on another trigger or for another seat."""
    trigger, info, want = ADVISORS[aid]
    g = state(3)
    g["players"][2].update(active=[aid])
    assert outcome(g, cards.fire(g, trigger, 2, **info), 2) == [{}, {}, want]
    for other in cards.TRIGGERS:
        if other != trigger:
            assert cards.fire(g, other, 2, **info) == [], other
    assert cards.fire(g, trigger, 0, **info) == []
    g["players"][2].update(active=[], supporting=[aid])
    assert cards.fire(g, trigger, 2, **info) == []
    assert sum(cards.icons(g, 2).values()) == len(cards.advisor(aid)["icons"])


@pytest.mark.parametrize("aid", ["smith", "bowyer", "groom"])
def test_advisor_recruit_filters_the_kind(aid: str) -> None:
    g = state(3)
    g["players"][0]["active"] = [aid]
    want = ADVISORS[aid][1]["kind"]
    for kind in cards.KINDS:
        assert bool(cards.fire(g, "on_recruit", 0, kind=kind)) == (kind == want), kind


def test_general_and_advisors_fire_together() -> None:
    """L480: one trigger, every card it fires, one batch: the General first, then the Active Advisors."""
    g = state(3)
    g["players"][0].update(general="song_ci", supporting=["monk", "pathfinder"],
                           active=["quartermaster", "steward"])
    assert cards.fire(g, "on_overseer_upgrade", 0) == [
        (0, [{"op": "honor", "n": 4}]), (0, [{"op": "honor", "n": 1}]), (0, [{"op": "gain", "chi": 1}])]


def test_fire_rejects_an_unknown_trigger() -> None:
    with pytest.raises(ValueError):
        cards.fire(state(3), "on_lunch", 0)


def test_scaled() -> None:
    assert cards.scaled({"op": "gain", "chi": 1, "wood": 2}, 3) == {"op": "gain", "chi": 3, "wood": 6}
    assert cards.scaled({"op": "discard_shame", "n": 1, "free": True}, 2) == {
        "op": "discard_shame", "n": 2, "free": True}
    assert cards.scaled({"op": "save", "all": True}, 2) == {"op": "save", "all": True}
