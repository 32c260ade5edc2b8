"""A seat hands a Reed Clan choice to a bot (issue 18 §5).

The seed gives the Reed Clan's choices to "the acting player (or the player highest in tea order)"
(L715, L719-733): ``reed_clerks``, ``reed_envoy``, ``reed_build`` and ``reed_deploy`` are decisions on
that seat. They carry ``automa: "reed"`` in every view (kernel ``decisions.public``), and the play page
offers "Let the bot decide": webapi ``bot`` for that seat with ``kind: "best"``. The bot's choice is an
ordinary action of the seat: in the history, replayed by a save, taken back by undo.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pygame_core import bots, webapi
from pygame_core.games.great_wall import reed
from pygame_core.kernel import decisions
from tests.great_wall.helpers import game

MODES = {"two_player": 2, "solo": 1}


def call(method: str, **args: Any) -> Any:
    reply = json.loads(webapi.call(method, json.dumps(args)))
    assert reply["ok"], reply
    return reply["result"]


def reed_choice(mode: str, seed: int = 0) -> tuple[Any, int]:
    """A game of ``mode`` played by heuristic seats up to the first Reed Clan choice on a seat."""
    gm = game()
    players = MODES[mode]
    seat_bots = [bots.make("heuristic", "great_wall", i) for i in range(players)]
    s = gm.new_game(players=players, seed=seed, options={"mode": mode})
    while gm.to_move(s):
        seat = gm.to_move(s)[0]
        top = decisions.top_for(s.data, seat)
        if top is not None and top["kind"] in reed.AUTOMA_KINDS:
            return s, seat
        s = gm.apply(s, seat, seat_bots[seat].choose(gm, s, seat))
    raise AssertionError(f"no Reed Clan choice in {mode} seed {seed}")


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_reed_choice_is_marked_for_every_viewer(mode: str) -> None:
    """L715, L719-733: the acting seat decides for the Reed Clan; every view marks that decision
    ``automa: "reed"`` (public: who decides what is no secret), and no other decision is marked."""
    gm = game()
    s, seat = reed_choice(mode)
    for viewer in [None, *range(s.players)]:
        items = gm.view(s, viewer)["decisions"]
        top = items[-1]
        assert top["kind"].startswith("reed_") and top["seats"] == [seat]
        assert top["automa"] == "reed"
        assert all("automa" not in d for d in items[:-1])
    first = gm.new_game(players=MODES[mode], seed=0, options={"mode": mode})
    assert first.data["decisions"] and all("automa" not in d for d in gm.view(first, 0)["decisions"])


def test_the_temple_is_the_seats_own_choice_not_the_reed_clans() -> None:
    """L723: at the Temple the active player may discard its own shame: its choice, not the Reed
    Clan's, so ``reed_temple`` is not handed to a bot as one."""
    assert reed.AUTOMA_KINDS == frozenset({"reed_clerks", "reed_envoy", "reed_build", "reed_deploy"})


def test_the_kernel_shows_the_mark_only_where_a_game_put_it() -> None:
    data: dict[str, Any] = {}
    decisions.push(data, "plain", [0])
    decisions.push(data, "for_automa", [1], automa="reed")
    assert decisions.public(data) == [
        {"kind": "plain", "seats": [0], "blocking": True},
        {"kind": "for_automa", "seats": [1], "blocking": True, "automa": "reed"},
    ]


@pytest.mark.parametrize("mode", sorted(MODES))
def test_let_the_bot_decide_is_an_ordinary_action_of_the_seat(mode: str) -> None:
    """The page's "Let the bot decide" (webapi ``bot``, ``kind: "best"``) plays the heuristic's choice
    as the seat's own action: the same as applying it by hand, kept by a save and taken back by undo."""
    gm = game()
    s, seat = reed_choice(mode)
    sid = f"reed-{mode}"
    call("load", sid=sid, text=gm.save(s), seat=seat)
    r = call("bot", sid=sid, seat=seat, kind="best", view_seat=seat)
    action = r["played"]["action"]
    assert r["played"]["seat"] == seat
    assert action in gm.legal_actions(s, seat)
    # "best" is the game's strongest bot: the heuristic, with the page's bot seed (the game's)
    assert action == bots.make("heuristic", "great_wall", s.seed).choose(gm, s, seat)
    by_hand = gm.apply(s, seat, action)
    saved = call("save", sid=sid)
    after = gm.load(saved["save"])
    assert after.digest() == by_hand.digest()
    assert after.history[-1] == (seat, action)
    assert r["view"]["actions_played"] == len(s.history) + 1
    # the Reed Clan's choice is made: the decision is off the stack (or the next one of the same
    # effect, a second clerk, is asked); the game goes on
    assert gm.to_move(after)
    undone = call("undo", sid=sid, seat=seat, view_seat=seat)
    assert undone["view"]["actions_played"] == len(s.history)
    assert undone["view"]["decisions"][-1]["automa"] == "reed"
    call("close", sid=sid)


ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node") if sys.platform != "emscripten" else None
BUTTON = """
globalThis.addEventListener ||= () => {};
const S = (await import(process.argv[1])).default.en;
const { automaButton } = await import(process.argv[2]);
let input = "";
for await (const chunk of process.stdin) input += chunk;
const text = (k, v) => (k in S ? S[k].replace(/\\{(\\w+)\\}/g, (m, x) => v[x]) : null);
process.stdout.write(JSON.stringify(JSON.parse(input).map((view) => automaButton(view, { text }))));
"""


@pytest.mark.skipif(NODE is None, reason="needs Node")
def test_the_kit_offers_the_button_to_the_seat_that_decides_only() -> None:
    """web/app/kit/automa.js over real views: the seat deciding for the Reed Clan gets "Let the bot
    decide for the Reed Clan"; the other seat, and the same seat at a decision of its own, get none."""
    gm = game()
    s, seat = reed_choice("two_player")
    own = gm.new_game(players=2, seed=0, options={"mode": "two_player"})  # the draft: the seat's own
    views = [gm.view(s, seat), gm.view(s, 1 - seat), gm.view(own, 0)]
    strings = ROOT / "web" / "games" / "great_wall" / "strings.js"
    kit = ROOT / "web" / "app" / "kit" / "automa.js"
    out = subprocess.run([str(NODE), "--no-warnings", "--input-type=module", "-e", BUTTON, strings.as_uri(),
                          kit.as_uri()], input=json.dumps(views), capture_output=True, text=True,
                         timeout=60, check=True).stdout
    mine, other, draft = json.loads(out)
    assert 'data-testid="bot-decide"' in mine and "Let the bot decide for the Reed Clan" in mine, mine
    assert other == "" and draft == ""
