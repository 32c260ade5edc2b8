"""The heuristic bot's solo plan against Qin Jiushao (heuristic.py, "solo"; L735-878): every decision
legal, and the behaviour the plan relies on: every affordable shame discard (the 10-token supply, L751,
A43), and the Reed Clan's free help directed by the seat highest in tea order (L714-715, L723, L727)."""

from __future__ import annotations

from pygame_core import bots, games
from pygame_core.games.great_wall import flow, heuristic, model, reed
from pygame_core.kernel import decisions
from tests.great_wall import war_helpers as w
from tests.great_wall.test_modes_solo import board, clear_rows, plain, put


def _legal(g, seat, kind, fn, **kw):
    decisions.push(g, kind, [seat], **kw)
    d = decisions.top_for(g, seat)
    return d, fn(g, seat, d)


def _shamed(g, n):
    p = g["players"][0]
    p["shamed"]["spear"] = n
    p["supply"]["spear"] -= n


def test_every_solo_decision_is_legal_and_the_reed_clan_is_directed_L714():
    game = games.get("great_wall")
    kinds: list[str] = []
    moves: list[dict] = []
    for seed in (0, 5):
        b = bots.make("heuristic", "great_wall", seed)
        s = game.new_game(players=1, seed=seed, options={"mode": "solo"})
        while not game.is_over(s):
            seat = game.to_move(s)[0]
            d = decisions.top_for(s.data, seat)
            action = b.choose(game, s, seat)
            assert action in game.legal_actions(s, seat)
            kinds.append(d["kind"] if d else "")
            if d and d["kind"] == "reed_clerks":
                moves.append(action)
            s = game.apply(s, seat, action)
    assert {"reed_clerks", "reed_build"} <= set(kinds)
    assert any(m.get("to") == "builders_camp" for m in moves)


def test_solo_discards_every_shame_token_the_chi_pays_for_L598_A43():
    g = board()
    p = g["players"][0]
    p["trophies"] = [{"card": plain(2), "shame": 1} for _ in range(3)]  # shame on defeated cards
    p["res"]["chi"] = 6
    _, legal = _legal(g, 0, "discard_shame", flow._discard_shame_legal)
    assert heuristic.decide(g, 0, legal) == {"type": "discard_shame", "n": 3}
    g["mode"] = "competitive"  # the common rule keeps the Chi for these until the last Years
    assert heuristic.decide(g, 0, legal)["n"] == 0


def test_reed_clerks_go_to_the_builders_camp_then_the_temple_L715_L727():
    g = board()
    assert [loc for loc in g["locations"] if reed.REED in g["locations"][loc]] == \
        ["lumber_mill", "quarry", "gold_mine"]
    d, legal = _legal(g, 0, "reed_clerks", reed._clerks_legal, left=2, used=[])
    pick = heuristic.decide(g, 0, legal)
    assert pick["to"] == "builders_camp" and pick["from"] in ("lumber_mill", "quarry", "gold_mine")
    reed.move(_Ctx(g), pick["from"], pick["to"])
    d["used"] = [pick["to"]]
    pick = heuristic.decide(g, 0, reed._clerks_legal(g, 0, d))
    assert pick["to"] == "temple"


def test_reed_at_the_temple_takes_the_free_discard_L723():
    g = board()
    _shamed(g, 1)
    _, legal = _legal(g, 0, "reed_temple", reed._temple_legal)
    assert heuristic.decide(g, 0, legal) == {"type": "discard_shame", "n": 1}


def test_reed_barricade_goes_where_it_makes_the_section_hold_L642_L727():
    g = board()
    clear_rows(g)
    a, b = model.open_sections(g)
    for sec in g["sections"]:
        sec["barricades"] = 0
    gain = {"op": "gain", "wood": 1}
    big = w._fixture("test_attack_4", "Test Attack Four", 4, [(0, 0), (1, 0)], [gain, gain])
    for row in range(3):
        put(g, a, row, big)  # 12 against a level-0 Wall: 3 barricades cannot hold it
    put(g, b, 0, big)  # 1 above: one barricade holds it
    assert not heuristic.holdable(g, a) and heuristic.holdable(g, b)
    _, legal = _legal(g, 0, "reed_build", lambda g, s, d: reed.barricade_options(g))
    assert legal[0]["section"] == a  # the fallback's pick
    assert heuristic.decide(g, 0, legal) == {"type": "reed_build", "section": b}


def test_the_builders_camp_is_worth_more_with_the_reed_clan_on_it_L727():
    g = board()
    for sec in g["sections"]:
        sec["barricades"] = 0  # the setup's 3 per section leave no room for its barricade
    without = heuristic._per_clerk(g, 0, "builders_camp", 1)
    g["locations"]["lumber_mill"].remove(reed.REED)
    g["locations"]["builders_camp"].append(reed.REED)
    assert heuristic._per_clerk(g, 0, "builders_camp", 1) == without + heuristic.SOLO_REED_CAMP


class _Ctx:
    def __init__(self, g):
        self.data = g

    def log(self, *a, **k):
        pass


def test_in_a_two_player_game_the_bot_directs_the_reed_clan_too_L714():
    """L714-715: in the 2-player game (not co-op) the seat highest in tea order moves the Reed Clan's
    clerks as in solo; the bot (and so the "let the bot decide" button of a human seat) moves them to
    the plan's places instead of answering "stop" to every move."""
    game = games.get("great_wall")
    moves: list[dict] = []
    for seed in (0, 5):
        b = bots.make("heuristic", "great_wall", seed)
        s = game.new_game(players=2, seed=seed, options={"mode": "two_player"})
        while not game.is_over(s):
            seat = game.to_move(s)[0]
            d = decisions.top_for(s.data, seat)
            action = b.choose(game, s, seat)
            assert action in game.legal_actions(s, seat)
            if d and d["kind"] == "reed_clerks":
                moves.append(action)
            s = game.apply(s, seat, action)
    assert any(m.get("to") in heuristic.REED_PLAN for m in moves), moves[:5]


def test_a_defeat_in_a_full_column_is_worth_a_raid_saved_L522_L751():
    """L518-522: a card for a full column raids, 1 token of the 10 (L751) whose emptying loses (L872):
    in solo, finishing a card in a full column is worth SOLO_RAID more than in a column with room;
    outside solo nothing changes."""
    g = board()
    clear_rows(g)
    for r in range(3):
        put(g, 1, r, plain(2))
    put(g, 2, 0, plain(2))
    full, room = heuristic.raid_saved(g, 1), heuristic.raid_saved(g, 2)
    assert (full, room) == (heuristic.SOLO_RAID, 0.0)
    finish = {"type": "deploy", "kind": "spear", "section": 1, "row": 0, "spots": [0]}
    g["sections"][1]["rows"][0]["wounds"] = [1]
    other = dict(finish, section=2)
    g["sections"][2]["rows"][0]["wounds"] = [1]
    gap = heuristic._deploy_worth(g, 0, finish) - heuristic._deploy_worth(g, 0, other)
    assert gap >= heuristic.SOLO_RAID - 1e-9
    g["mode"] = "competitive"
    assert heuristic.raid_saved(g, 1) == 0.0


def test_progress_toward_a_face_up_artifact_is_worth_its_share_of_the_honor_L679():
    """L679 (Artifacts, data/artifacts.json): one more clerk when the condition asks 7 and the seat owns
    6 earns the whole Honor; with 5 owned, half; none once met or when the Artifact is not face up."""
    from pygame_core.games.great_wall import cards

    g = board()
    g["artifacts"] = ["imperial_tablet"]
    art = cards.artifact("imperial_tablet")
    need = art["condition"]["at_least"]
    p = g["players"][0]
    p["envoy"] = model.CLERKS - (need - 1)
    assert heuristic.artifact_progress(g, 0, "clerks") == art["honor"]
    p["envoy"] = model.CLERKS - (need - 2)
    assert heuristic.artifact_progress(g, 0, "clerks") == art["honor"] / 2
    p["envoy"] = model.CLERKS - need
    assert heuristic.artifact_progress(g, 0, "clerks") == 0.0
    p["envoy"] = model.CLERKS - (need - 1)
    assert heuristic.artifact_progress(g, 0, "advisors") == 0.0
    g["artifacts"] = []
    assert heuristic.artifact_progress(g, 0, "clerks") == 0.0
