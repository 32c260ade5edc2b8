"""The card data files: the public counts (digest §2), provenance on every entry, three languages, texts
that say what the structured effects do, only the spec's effect vocabulary and triggers, and the names
and numbers the seed gives (Song Ci L193, Withdrawal L472, distinct tea values: ruling A33)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core.games.great_wall import cards

DATA = Path(cards.__file__).parent / "data"
KINDS = ("generals", "advisors", "tactics", "artifacts")
COUNTS = {"generals": 13, "advisors": 44, "tactics": 20, "artifacts": 5}


def load(kind: str) -> list[dict[str, Any]]:
    return json.loads((DATA / f"{kind}.json").read_text(encoding="utf-8"))[kind]


def effects_of(kind: str, c: dict[str, Any]) -> list[dict[str, Any]]:
    if kind in ("generals", "advisors"):
        return list(c["ability"]["effects"])
    if kind == "tactics":
        return [*c["basic"], *c["enhanced"]["effects"]]
    return []


@pytest.mark.parametrize("kind", KINDS)
def test_public_counts_and_unique_ids(kind: str) -> None:
    """Digest §2: 13 Generals, 44 Advisors, 20 Tactics, 5 Artifacts."""
    items = load(kind)
    assert len(items) == COUNTS[kind]
    assert len({c["id"] for c in items}) == len(items)


def test_names_are_unique_across_every_card() -> None:
    """A Supporting Advisor's id and name are secret: no other card may show the same name."""
    names = [c["name"][lang] for k in KINDS for c in load(k) for lang in ("en", "zh-Hant")]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("kind", KINDS)
def test_every_entry_has_provenance(kind: str) -> None:
    for c in load(kind):
        src = c["source"]
        assert src["kind"] in ("seed", "public", "authored"), c["id"]
        if src["kind"] == "seed":
            assert isinstance(src["line"], int) and c.get("authored"), c["id"]
        elif src["kind"] == "public":
            assert src["ref"], c["id"]
        else:
            assert len(src["why"]) > 10, c["id"]


@pytest.mark.parametrize("kind", KINDS)
def test_names_and_texts_in_three_languages(kind: str) -> None:
    """zh-Hant is canon; zh-Hans is derived by the converter; each text is the one cards.describe writes
    from the card's fields (so a text never promises what the effects do not give)."""
    for c in load(kind):
        for field in ("name", "text"):
            txt = c[field]
            assert set(txt) == {"en", "zh-Hant", "zh-Hans"}, c["id"]
            assert all(txt.values()), c["id"]
            assert txt["zh-Hans"] == cards.hans(txt["zh-Hant"]), c["id"]
        assert c["text"] == cards.describe(kind, c), c["id"]


@pytest.mark.parametrize("kind", ("generals", "advisors", "tactics"))
def test_only_the_vocabulary(kind: str) -> None:
    """The spec's effect ops and triggers only (an op outside them would need core's effects.py)."""
    for c in load(kind):
        for e in effects_of(kind, c):
            assert e["op"] in cards.OPS, (c["id"], e)
            for r in cards.RES:
                assert isinstance(e.get(r, 0), int) and e.get(r, 0) >= 0
            if e["op"] == "gain":
                assert set(e) - {"op"} <= set(cards.RES) and len(e) > 1
        trig = c["window"] if kind == "tactics" else c["ability"]["trigger"]
        assert trig in cards.TRIGGERS, c["id"]
        if kind != "tactics":
            ab = c["ability"]
            assert not (ab.get("per_supporting") and ab.get("per_icon")), c["id"]
            assert ab.get("per_icon") in (None, *cards.ICONS), c["id"]
            assert set(ab.get("when") or {}) <= {"kind", "res"}, c["id"]


def test_generals() -> None:
    """L164, L176-181: start resources, Tactics and a tea value; every General's ability grows with its
    Supporting Advisors or their icons (L181); no General gives Summer income (L596); distinct tea values
    1..13 (ruling A33)."""
    gens = load("generals")
    assert sorted(c["tea"] for c in gens) == list(range(1, 14))
    for c in gens:
        assert set(c["start"]) <= {*cards.RES, "tactics"}, c["id"]
        assert 1 <= c["start"]["tactics"] <= 2, c["id"]
        assert 4 <= sum(c["start"].get(r, 0) for r in cards.RES) <= 9, c["id"]
        ab = c["ability"]
        assert ab.get("per_supporting") or ab.get("per_icon"), c["id"]
        assert not (ab["trigger"] == "on_summer" and any(e["op"] == "gain" for e in ab["effects"])), c["id"]


def test_song_ci_is_the_seeds() -> None:
    """L193: Song Ci 宋慈, when you upgrade an overseer, +2 Honor per Supporting Advisor."""
    c = cards.general("song_ci")
    assert c["name"]["zh-Hant"] == "宋慈" and c["name"]["en"] == "Song Ci"
    assert c["ability"] == {"trigger": "on_overseer_upgrade", "effects": [{"op": "honor", "n": 2}],
                            "per_supporting": True}
    assert c["source"] == {"kind": "seed", "line": 193, "note": c["source"]["note"]}


def test_withdrawal_is_the_seeds() -> None:
    """L472: Withdrawal's enhanced effect saves every soldier dying at once (a casualty event)."""
    c = cards.tactic("withdrawal")
    assert c["window"] == "on_casualties"
    assert c["enhanced"]["effects"] == [{"op": "save", "all": True}]
    assert c["enhanced"]["chi"] >= 1
    assert c["source"]["line"] == 472


def test_advisors_have_back_icons() -> None:
    """L156, L191: a Supporting Advisor shows the icons on its back."""
    for c in load("advisors"):
        assert 1 <= len(c["icons"]) <= 2 and set(c["icons"]) <= set(cards.ICONS), c["id"]
        assert not c["ability"].get("per_supporting") and not c["ability"].get("per_icon"), c["id"]


def test_tactics_have_a_free_basic_and_a_paid_enhanced_effect() -> None:
    """L464: basic (free, top) and enhanced (paid in Chi, bottom)."""
    for c in load("tactics"):
        assert c["basic"] and c["enhanced"]["effects"], c["id"]
        assert 1 <= c["enhanced"]["chi"] <= 3, c["id"]


def test_artifacts_give_honor_on_a_condition() -> None:
    """L679: Honor at the end when the condition holds."""
    for c in load("artifacts"):
        assert c["condition"]["count"] in cards.COUNTS and c["condition"]["at_least"] >= 1, c["id"]
        assert c["honor"] > 0, c["id"]


def _words(x: Any, out: list[str]) -> list[str]:
    """Every id and name string of a data file."""
    if isinstance(x, dict):
        for k, v in x.items():
            if isinstance(v, str) and k in ("id", "card", "en", "zh-Hant", "zh-Hans"):
                out.append(v)
            else:
                _words(v, out)
    elif isinstance(x, list):
        for v in x:
            _words(v, out)
    return out


def test_no_card_token_is_inside_another_cards_words() -> None:
    """The leak tests look for a hidden card's id and names in what others read: no card's id or name
    may be part of another card's id, name or text (a Supporting "Surgeon" must not be found in a public
    "Court Surgeon"), nor of any other data file's ids and names (a command card "inspection" in a seat's
    own hand once showed another seat's Tactic "inspection")."""
    every = {k: c for kind in KINDS for c in load(kind) for k in [c["id"]]}
    words = [(cid, w) for cid, c in every.items()
             for w in (cid, *c["name"].values(), *c["text"].values())]
    for path in sorted(DATA.glob("*.json")):
        if path.stem not in KINDS:
            words += [(path.name, w) for w in _words(json.loads(path.read_text(encoding="utf-8")), [])]
    for cid, c in every.items():
        for tok in (cid, *c["name"].values()):
            assert not [(other, w) for other, w in words if other != cid and tok in w], (cid, tok)
