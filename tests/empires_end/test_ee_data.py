"""The data files: 88 disaster cards (L49, L214), 11 conflict cards (L45), both phase tracks
(L77-81, L143-151, L658), provenance of every value, and every ability family of the appendix
(L505-641) present in the cards AND doing something in play."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from ee_helpers import POS, edit, fresh, give, legal, play, res, set_disaster, set_phase

from pygame_core.games.empires_end import GAME
from pygame_core.games.empires_end.abilities import base_military
from pygame_core.games.empires_end.data import CARDS, CONFLICTS, LOCS, TRACKS

DATA = Path(__file__).parents[2] / "pygame_core" / "games" / "empires_end" / "data"
SEED_LINES = 799

#: appendix family -> (seed line of its heading, the phase its cards carry)
FAMILIES = {
    "adj_destroyed_points": (507, "economy"),
    "adj_type_gain": (513, "economy"),
    "convert": (525, "economy"),
    "points": (534, "economy"),
    "copy_economy": (540, "economy"),
    "military": (546, "conflict"),
    "adj_destroyed_military": (552, "conflict"),
    "refresh_adjacent": (566, "industry"),
    "repair_discount": (572, "industry"),
    "move_innovation": (578, "industry"),
    "change_disaster": (584, "disaster"),
    "end_per_destroyed": (594, "end"),
    "free_pass": (600, "disaster"),
    "end_adj_destroyed": (607, "end"),
    "copy_end": (613, "end"),
    "end_per_resource": (619, "end"),
    "end_adj_type": (625, "end"),
    "most_destroyed": (631, "end"),
    "on_destroy": (637, "destroyed"),
}


def test_88_disaster_cards_8_types_one_per_target():
    """L49, L214: 88 cards, 8 types x 11; one card per target position 1-11 in each type
    (public backerkit update). L220: 1-2 listed resources among wheat/hammer/axe; L222: cost
    1 or 2 hammers."""
    assert len(CARDS) == 88
    by_type = Counter(c["type"] for c in CARDS.values())
    assert len(by_type) == 8 and set(by_type.values()) == {11}
    for ty in by_type:
        assert sorted(c["target"] for c in CARDS.values() if c["type"] == ty) == list(range(1, 12))
    for c in CARDS.values():
        assert 1 <= len(c["pay"]) <= 2 and set(c["pay"]) <= {"wheat", "hammer", "axe"}
        assert c["cost"] in (1, 2)


def test_seed_example_values_are_kept():
    """L274-278: Fire 9 targets 9, is paid with wheat or axe, has an industry innovation;
    L113 + L337-339: tile set and the example values; L456: an Army gives 2 military."""
    f9 = CARDS["fire-09"]
    assert (f9["target"], sorted(f9["pay"]), f9["phase"]) == (9, ["axe", "wheat"], "industry")
    assert Counter(x["type"] for x in LOCS.values()) == {"city": 1, "town": 2, "army": 2, "road": 3,
                                                         "farm": 3}
    assert len({x["points"] for x in LOCS.values()}) == 11  # L113: all different
    farms = ("farm_wheat", "farm_axe", "farm_hammer")
    assert tuple(LOCS[f]["points"] for f in farms) == (3, 8, 11)
    assert (LOCS["road_convert"]["points"], LOCS["road_refresh_a"]["points"]) == (14, 9)
    armies = [x for x in LOCS.values() if x["type"] == "army"]
    assert all(x["ability"] == {"kind": "military", "amount": 2} for x in armies)
    assert max(LOCS.values(), key=lambda x: x["points"])["type"] == "city"  # L480


def test_11_conflict_cards_three_rows_victory_and_turmoil():
    """L45: 11 conflict cards. L462-470: three threshold rows (at most one applies, so they
    never overlap), a victory reward, and a turmoil swap of the 1st/2nd/3rd highest intact
    location with a position. L474-481: the example card is kept."""
    assert len(CONFLICTS) == 11
    for c in CONFLICTS.values():
        assert len(c["rows"]) == 3
        covered = Counter(v for r in c["rows"]
                          for v in range(r["min"] if r["min"] is not None else 0,
                                         (r["max"] if r["max"] is not None else 40) + 1))
        assert max(covered.values()) == 1, c["id"]
        assert c["turmoil"]["rank"] in (1, 2, 3) and 1 <= c["turmoil"]["to"] <= 11
    ex = CONFLICTS["conflict-01"]
    top = [r for r in ex["rows"] if r["max"] is None][0]
    assert (top["min"], top["points"], top["gain"]) == (7, 7, {"wheat": 2})
    assert ex["victory"] == {"points": 3, "gain": {"coin": 1}} and ex["turmoil"] == {"rank": 1, "to": 11}


def test_both_phase_tracks():
    """L77-81: a 2-player side and a 3-4-player side with a quick-game lightning space (L658);
    L149: the first phase is a disaster; L165-167, L189-191: double disaster and
    economy/industry only on the 3-4-player side; every phase kind appears."""
    two, big = TRACKS["2p"], TRACKS["3-4p"]
    for tr in (two, big):
        assert tr["phases"][0] == "disaster"
        assert 0 < tr["quick_start"] < len(tr["phases"])
        assert {"disaster", "economy", "industry", "conflict"} <= set(tr["phases"])
    assert {"double_disaster", "economy_industry"} <= set(big["phases"])
    assert not {"double_disaster", "economy_industry"} & set(two["phases"])


def _sources(obj: Any) -> list[dict[str, Any]]:
    if isinstance(obj, dict):
        own = [obj["source"]] if "source" in obj else []
        return own + [s for v in obj.values() for s in _sources(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in _sources(v)]
    return []


@pytest.mark.parametrize("name", ["disasters.json", "conflicts.json", "locations.json", "tracks.json"])
def test_every_entry_says_where_its_values_come_from(name):
    """Provenance (data/README.md): each entry is `seed` with a line of the seed, `public` with a
    URL, or `authored` with a note; the data is flagged as a placeholder."""
    doc = json.loads((DATA / name).read_text(encoding="utf-8"))
    assert doc["canonical"] is False
    entries = doc.get("cards") or doc.get("locations") or list(doc["tracks"].values())
    assert all("source" in e for e in entries)
    for src in _sources(doc):
        assert src["kind"] in ("seed", "public", "authored")
        if src["kind"] == "seed":
            assert 1 <= src["line"] <= SEED_LINES
        elif src["kind"] == "public":
            assert src["cite"].startswith("https://")
        else:
            assert src["note"]


#: abilities the seed gives exactly (numbers included): every card carrying one cites that line
SEED_GIVEN = [
    ({"kind": "adj_type_gain", "loc_type": "farm", "gain": {"wheat": 1}}, 517),
    ({"kind": "convert", "from": "wheat", "to": ["coin"], "mode": "or", "uses": 3}, 529),
    ({"kind": "copy_economy"}, 544),
    ({"kind": "military", "amount": 1}, 550),
    ({"kind": "adj_destroyed_military"}, 556),
    ({"kind": "repair_discount"}, 576),
    ({"kind": "move_innovation"}, 582),
    ({"kind": "change_disaster"}, 588),
    ({"kind": "end_per_destroyed", "points": 2}, 598),
    ({"kind": "free_pass", "resource": "axe"}, 604),
    ({"kind": "free_pass", "resource": "wheat"}, 604),  # "similar abilities for wheat", Famine L429
    ({"kind": "convert", "from": "wheat", "to": ["hammer", "axe"], "mode": "all", "uses": 1}, 338),
    ({"kind": "copy_end"}, 617),
    ({"kind": "most_destroyed", "points": 13}, 635),
    ({"kind": "on_destroy", "refresh_all": True}, 641),
]


@pytest.mark.parametrize("ability,line", SEED_GIVEN, ids=[f"L{ln}" for _a, ln in SEED_GIVEN])
def test_seed_given_abilities_are_marked_seed_with_their_line(ability, line):
    """Every value the seed gives is marked `seed` with its line (L505-641 appendix)."""
    cards = [c for c in CARDS.values() if c["ability"] == ability]
    assert cards, ability
    for c in cards:
        src = c["source"]
        assert src["kind"] == "seed" and (src["line"] == line or f"L{line}" in src["note"]), c["id"]


def test_every_appendix_family_is_in_the_cards():
    """L505-641: every ability family of the appendix appears on some card, in its phase."""
    for fam, (_line, phase) in FAMILIES.items():
        assert any(c["ability"]["kind"] == fam and c["phase"] == phase for c in CARDS.values()), fam


def _card(fam: str) -> str:
    return next(cid for cid, c in CARDS.items() if c["ability"]["kind"] == fam)


def _effect(fam: str) -> bool:
    """Play one card of ``fam`` in a position where it matters; True if it changed the game."""
    cid = _card(fam)
    ab = CARDS[cid]["ability"]
    phase = CARDS[cid]["phase"]
    pos = POS["army_a"]  # neighbours: town_b (3) and army_b (5)
    if ab.get("loc_type") == "army":
        pos = POS["town_b"]
    elif ab.get("loc_type") == "farm":
        pos = POS["farm_axe"]
    elif ab.get("loc_type") == "road":
        pos = POS["road_refresh_a"]
    elif ab.get("loc_type") == "town":
        pos = POS["town_b"] + 1 if ab["kind"] != "end_adj_type" else POS["army_a"]

    def setup(d: dict[str, Any]) -> None:
        give(d, 0, pos, cid)
        d["seats"][0]["resources"] = res(wheat=3, hammer=9, axe=3, coin=3)
        if "destroyed" in fam:
            d["seats"][0]["locations"][pos - 2]["intact"] = False
        if fam == "refresh_adjacent":
            give(d, 0, pos + 1, "famine-01")
            d["seats"][0]["locations"][pos]["innovations"][0]["exhausted"] = True
        if fam == "repair_discount":
            d["seats"][0]["locations"][pos]["intact"] = False
        if fam == "move_innovation":
            give(d, 0, 1, "flood-01")

    if phase in ("economy", "industry"):
        def in_phase(d: dict[str, Any]) -> None:
            set_phase(d, phase)
            setup(d)
        s = edit(fresh(2), in_phase)
        before = s.data["seats"][0]
        if fam == "repair_discount":
            after = play(s, 0, {"type": "repair", "loc": pos + 1}).data["seats"][0]
            repair = LOCS[after["locations"][pos]["id"]]["repair"]
            return bool(after["resources"]["hammer"] == 9 - (repair - 1))
        uses = [a for a in legal(s, 0) if a.get("src") == "I:" + cid]
        if fam == "copy_economy":
            uses = [a for a in uses if a.get("target") == "L:farm_hammer"]
        if not uses:
            return False
        after = play(s, 0, uses[0]).data["seats"][0]
        return any(after[k] != before[k] for k in ("resources", "score", "locations"))  # not just "used"
    if phase == "conflict":
        s = edit(fresh(2), setup)
        return base_military(s.data["seats"][0]) > 4
    if phase == "disaster":
        other = "rebellion-04" if fam == "change_disaster" else "rebellion-11"  # axe-payable
        def open_other(d: dict[str, Any]) -> None:
            set_disaster(d, [other], start=0)
            setup(d)
        s = edit(fresh(2), open_other)
        kind = "change" if fam == "change_disaster" else "free_pass"
        return any(a["type"] == kind and a["src"] == "I:" + cid for a in legal(s, 0))
    if phase == "destroyed":
        fire = f"fire-{pos:02d}"
        assert CARDS[fire]["target"] == pos
        def open_fire(d: dict[str, Any]) -> None:
            set_disaster(d, [fire], start=0)
            setup(d)
        s = edit(fresh(2), open_fire)
        before = s.data["seats"][0]
        after = play(s, 0, {"type": "take", "card": 0}).data["seats"][0]
        return bool(after["resources"] != before["resources"] or after["score"] != before["score"]
                    or [i["exhausted"] for q in after["locations"] for i in q["innovations"]]
                    != [i["exhausted"] for q in before["locations"] for i in q["innovations"]])
    # end game: compare the innovation points with and without the card
    def final(with_card: bool) -> int:
        def fn(d: dict[str, Any]) -> None:
            set_phase(d, "economy", follow=[])
            if with_card:
                setup(d)
            else:
                d["seats"][0]["locations"][pos - 2]["intact"] = "destroyed" not in fam
            if fam == "copy_end":
                give(d, 0, 1, "famine-02")  # 1 point per wheat
            d["seats"][0]["resources"] = res(wheat=3, hammer=9, axe=3, coin=3)
        s = edit(fresh(2), fn)
        s = play(play(s, 0, {"type": "done"}), 1, {"type": "done"})
        return int(GAME.scores(s)["breakdown"][0]["innovations"])
    if fam == "copy_end":
        return final(True) == 6
    return final(True) > final(False)


@pytest.mark.parametrize("fam", sorted(FAMILIES), ids=[f"{f}-L{FAMILIES[f][0]}" for f in sorted(FAMILIES)])
def test_every_appendix_family_is_implemented(fam):
    """L505-641: a card of each family, placed where it applies, changes the game."""
    assert _effect(fam)
