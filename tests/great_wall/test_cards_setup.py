"""Setup steps 4 and 9-17 as far as the cards go (L138, L150-170): the deal, the draft (keep 1 of 2
Generals; 1 Advisor Active, 1 Supporting, L152-156), the Advisor track of 4 (L160), starting resources
and Tactics (L164), the tea order (L170), and what the views show (L156, L166, L191)."""

from __future__ import annotations

import copy

import pytest

from pygame_core.errors import IllegalAction
from pygame_core.games.great_wall import cards
from pygame_core.kernel import decisions
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Ctx
from tests.great_wall.cards_helpers import ctx, state


def dealt(players: int = 3, seed: int = 7) -> tuple[dict, Ctx]:
    g = state(players)
    c = ctx(g, seed)
    cards.setup(c)
    return g, c


@pytest.mark.parametrize("players", [3, 4])
def test_the_deal(players: int) -> None:
    """L138: 3 Artifacts face up; L150: the Tactic deck; L152: 2 Generals each (the rest to the box);
    L154: 2 Advisors each, the rest form the deck."""
    g, _ = dealt(players)
    assert len(g["artifacts"]) == 3 and len(set(g["artifacts"])) == 3
    assert sorted(g["tactic_deck"]) == sorted(cards.tactics()) and g["tactic_discard"] == []
    gens = [x for p in g["players"] for x in p["draft"]["generals"]]
    advs = [x for p in g["players"] for x in p["draft"]["advisors"]]
    assert all(len(p["draft"]["generals"]) == 2 and len(p["draft"]["advisors"]) == 2 for p in g["players"])
    assert len(set(gens)) == 2 * players and set(gens) <= set(cards.generals())
    assert len(set(advs)) == 2 * players
    assert sorted(g["advisor_deck"] + advs) == sorted(cards.advisors())
    assert g["advisor_track"] == []  # revealed only after the draft (step 13 follows step 12)


def test_the_deal_is_seeded() -> None:
    assert dealt(3, 5)[0] == dealt(3, 5)[0]
    assert dealt(3, 5)[0] != dealt(3, 6)[0]


def test_draft_choices() -> None:
    """L156: keep 1 of the 2 Generals; one Advisor Active, the other Supporting: 4 answers."""
    g, _ = dealt()
    d = g["players"][0]["draft"]
    legal = cards.draft_legal(g, 0)
    assert len(legal) == 4
    assert {(a["general"], a["active"], a["supporting"]) for a in legal} == {
        (gen, d["advisors"][i], d["advisors"][1 - i]) for gen in d["generals"] for i in (0, 1)}


def test_apply_draft() -> None:
    """L156: the kept General, the Active Advisor face up, the Supporting one under the General."""
    g, c = dealt()
    d = copy.deepcopy(g["players"][1]["draft"])
    cards.apply_draft(c, 1, {"type": "draft", "general": d["generals"][1], "active": d["advisors"][1],
                             "supporting": d["advisors"][0]})
    p = g["players"][1]
    assert p["general"] == d["generals"][1]
    assert p["active"] == [d["advisors"][1]] and p["supporting"] == [d["advisors"][0]]
    assert "draft" not in p


@pytest.mark.parametrize("bad", [
    {"general": "other"}, {"active": "x"}, {"supporting": "x"}, {"swap": True}, {"type": "tactic"}])
def test_illegal_draft_changes_nothing(bad: dict) -> None:
    """A General or Advisor not dealt to you, both Advisors in one role: refused before any change."""
    g, c = dealt()
    d = g["players"][0]["draft"]
    other = g["players"][1]["draft"]
    choice = {"type": "draft", "general": d["generals"][0], "active": d["advisors"][0],
              "supporting": d["advisors"][1]}
    if "general" in bad:
        choice["general"] = other["generals"][0]
    elif "active" in bad:
        choice["active"] = other["advisors"][0]
    elif "supporting" in bad:
        choice["supporting"] = d["advisors"][0]
    elif "swap" in bad:
        choice["active"] = choice["supporting"] = d["advisors"][1]
    else:
        choice["type"] = "tactic"
    before = copy.deepcopy(g)
    with pytest.raises(IllegalAction):
        cards.apply_draft(c, 0, choice)
    assert g == before


def draft_all(g: dict, c: Ctx) -> None:
    answers = {str(s): cards.draft_legal(g, s)[0] for s in range(len(g["players"]))}
    cards.resolve_draft(c, answers)


def test_after_the_draft() -> None:
    """L160: 4 Advisors revealed onto the track; L164: each seat takes its General's starting resources
    and draws its Tactics; L170: tea order from the tea values, highest on top."""
    g, c = dealt(4)
    draft_all(g, c)
    assert len(g["advisor_track"]) == 4
    assert len(g["advisor_deck"]) == 44 - 8 - 4
    drawn = 0
    for s, p in enumerate(g["players"]):
        start = cards.general(p["general"])["start"]
        assert p["res"] == {r: start.get(r, 0) for r in cards.RES}
        assert len(p["tactics"]) == start["tactics"]
        assert cards.start_resources(g, s) == {**{r: start.get(r, 0) for r in cards.RES},
                                               "tactics": start["tactics"]}
        drawn += start["tactics"]
    assert len(g["tactic_deck"]) == 20 - drawn
    teas = [cards.general(g["players"][s]["general"])["tea"] for s in cards.tea_order(g)]
    assert teas == sorted(teas, reverse=True) and len(set(teas)) == 4


def test_tea_order_highest_value_on_top() -> None:
    """L170, L276: the lowest tea value at the bottom of the stack; the top acts first."""
    g = state(3)
    for s, gid in enumerate(["ban_chao", "wang_jian", "song_ci"]):  # tea 1, 13, 7
        g["players"][s]["general"] = gid
    assert cards.tea_order(g) == [1, 2, 0]


def test_views_hide_supporting_ids_and_hands() -> None:
    """L156, L191: a Supporting Advisor is face down, only its back icons show; L166: a seat's hand is
    hidden. The seat itself sees its own."""
    g = state(3)
    p = g["players"][0]
    p.update(general="song_ci", active=["monk"], supporting=["vanguard", "registrar"],
             tactics=["withdrawal", "ambush"])
    pub = cards.public(g, 0)
    assert pub == {"general": "song_ci", "active": ["monk"], "supporting": 2,
                   "icons": {"blade": 2, "scroll": 1, "seal": 1}, "tactics": 2, "drafting": False}
    text = repr(pub)
    assert "vanguard" not in text and "registrar" not in text and "withdrawal" not in text
    priv = cards.private(g, 0)
    assert priv["supporting_ids"] == ["vanguard", "registrar"] and priv["hand"] == ["withdrawal", "ambush"]
    assert set(cards.secret_ids(g, 0)) == {"vanguard", "registrar", "withdrawal", "ambush"}


def test_views_hide_the_draft() -> None:
    g, _ = dealt()
    pub = repr(cards.public(g, 0))
    for cid in cards.secret_ids(g, 0):
        assert cid not in pub
    assert cards.private(g, 0)["draft"] == g["players"][0]["draft"]
    assert len(cards.secret_ids(g, 0)) == 4


def test_supporting_hire_is_logged_without_its_name_for_others() -> None:
    """A card hired as Supporting goes face down (L436): others' log line does not name it."""
    g = state(3, advisor_track=["monk", "pathfinder", "censor", "hermit"], advisor_deck=["taoist"])
    g["players"][0]["res"]["gold"] = 5
    c = ctx(g)
    cards.take_advisor(c, 0, "pathfinder", "supporting")
    mine = [e for e in c.events if e.get("to") == [0]]
    others = [e for e in c.events if e.get("not_to") == [0]]
    assert mine and "Pathfinder" in mine[0]["text"]["en"]
    assert others and "Pathfinder" not in others[0]["text"]["en"]
    assert not decisions.stack(g)


def test_secret_tokens() -> None:
    """What no other seat may read: the ids and names of a seat's Supporting Advisors, Tactics, draft."""
    g = state(3)
    g["players"][0].update(general="song_ci", active=["monk"], supporting=["pathfinder"], tactics=["feint"])
    toks = cards.secret_tokens(g, 0)
    assert {"pathfinder", "Pathfinder", "探馬", "feint", "Feint", "佯攻"} <= set(toks)
    assert "monk" not in toks and "song_ci" not in toks


def _views(g: dict) -> list:
    return [cards.public(g, s) for s in range(len(g["players"]))]


def _tactic_pool(g: dict) -> list:
    return sorted(g["tactic_deck"] + [t for p in g["players"] for t in p["tactics"]])


def _advisor_pool(g: dict) -> list:
    held = [a for p in g["players"] for a in p["supporting"] + (p.get("draft") or {}).get("advisors", [])]
    return sorted(g["advisor_deck"] + held)


@pytest.mark.parametrize("drafting", [True, False])
def test_redetermine_keeps_what_the_seat_sees(drafting: bool) -> None:
    """The re-deal changes only what seat 0 cannot see: every public side (with the back icons of the
    Supporting Advisors, L191) and seat 0's own cards stay; the card sets are the same."""
    g, c = dealt(4, seed=11)
    if not drafting:
        draft_all(g, c)
        for s, p in enumerate(g["players"]):
            p["supporting"].append(g["advisor_deck"].pop())
            cards.draw_tactics(c, s, 2)
    changed = False
    for k in range(12):
        h = copy.deepcopy(g)
        cards.redetermine(h, 0, Rng.from_seed(k))
        assert _views(h) == _views(g)
        assert cards.private(h, 0) == cards.private(g, 0)
        assert h["tactic_discard"] == g["tactic_discard"] and h["advisor_track"] == g["advisor_track"]
        assert _tactic_pool(h) == _tactic_pool(g)
        assert _advisor_pool(h) == _advisor_pool(g)
        if drafting:
            gens = [x for p in h["players"] for x in p["draft"]["generals"]]
            assert len(set(gens)) == 8
        changed |= h != g
    assert changed
