"""Brazil: Imperial's panels on the game page (issue 19 §3), at desktop and phone sizes: the player boards,
the common board and the combat box (web/games/brazil_imperial/panels.js).

- A new game opened by address (the game is not listed; play.html?new= opens it): every empire's board
  and the common board show, the viewer's board first; the mission draft is answered by clicking an
  offered mission on the own board.
- From a save reached by playing the engine in Python, at a battle whose cards seat 0 must commit (L496-500):
  the box shows both sides' strength by source; seat 0 picks two battle cards by clicking them on the box
  (the first click only picks: a step of the kit's panel), commits them with the box's button, and after
  the reveal (L501) the box shows the cards of both sides, the totals and the winner (L502).

Every step checks that the page does not scroll sideways (the fixtures fail a test on any request beyond
127.0.0.1 and on page errors).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import (
    SIZE_IDS,
    SIZES,
    describe,
    legal,
    new_page,
    no_sideways_scroll,
    reach,
    view,
    wait_not_busy,
    wait_ready,
)

pytestmark = pytest.mark.browser
GAME = "brazil_imperial"


def click(page: Any, loc: Any, what: str) -> None:
    assert loc.count(), f"no {what}: {describe(page)}"
    assert reach(page, loc.first), f"{what} cannot be brought on screen unobstructed: {describe(page)}"
    loc.first.click()
    wait_not_busy(page)


# ------------------------------------------------------------------------------ positions by play


def play(players: int, seed: int, stop: Any, limit: int = 6000) -> Any:
    """Random play from a new game (moves, deploys and battle cards preferred) until ``stop(state)``;
    seat 0 is the human of the save, the others random bots."""
    game = games.get(GAME)
    seats = [{"kind": "human" if i == 0 else "random", "name": f"P{i + 1}"} for i in range(players)]
    meta = {"seats": seats, "created": 1, "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=players, seed=seed, meta=meta)
    rng = random.Random(seed)
    for _ in range(limit):
        to_move = game.to_move(state)
        if not to_move:
            return None
        if stop(state):
            return state
        seat = to_move[0]
        acts = game.legal_actions(state, seat)
        pref = [
            a for a in acts if a["type"] in ("move", "ranged", "deploy") or a.get("arch") == "deploy"
        ]
        if acts and acts[0]["type"] == "commit":  # commit the most cards (a battle with cards shown)
            pick = max(acts, key=lambda a: len(a["cards"]))
        else:
            pick = rng.choice(pref if pref and rng.random() < 0.6 else acts)
        state = game.apply(state, seat, pick)
    return None


def commit_top(state: Any) -> dict[str, Any] | None:
    ds = state.data.get("decisions") or []
    return ds[-1] if ds and ds[-1]["kind"] == "commit" else None


@cache
def commit_save() -> str:
    """Seat 0, attacking another seat (not a red flag) on its own turn, must commit battle cards with at
    least 2 in hand: after the reveal the turn is still seat 0's, so no bot plays on past the battle."""

    def stop(state: Any) -> bool:
        d = commit_top(state)
        b = state.data.get("battle")
        return bool(
            d and b and b["attacker"] == 0 and b["defender"] is not None
            and 0 in d["seats"] and "0" not in d["answers"]
            and len(state.data["players"][0]["battle"]) >= 2
        )

    for seed in range(1, 60):
        state = play(2, seed, stop)
        if state is not None:
            return str(games.get(GAME).save(state))
    raise AssertionError("random play never reached seat 0's commit")


def open_save(contexts: Any, base_url: str, text: str, size: tuple[int, int]) -> Any:
    page, _ = new_page(contexts, size)
    app.put_saves(page, base_url, {"bz": text})
    page.goto(f"{base_url}/play.html?save=bz&lang=en&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    return page


# ------------------------------------------------------------------------------ tests


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_new_game_by_address_shows_the_boards_and_takes_the_draft_by_click(contexts, base_url, size):
    page, _ = new_page(contexts, size)
    page.goto(f"{base_url}/{app.play_url(GAME, players=3, seed=5, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    boards = page.locator("#game [data-testid='bz-empire']")
    assert boards.count() == 3, describe(page)
    assert boards.first.get_attribute("data-seat") == "0"
    assert page.locator("#game [data-testid='bz-common']").count() == 1
    assert page.locator("#game [data-testid='bz-display'] .bz-card").count() == 6
    assert page.locator("#game [data-testid='bz-arches'] .bz-arch-w").count() == 7 * 3
    no_sideways_scroll(page, size[0])
    keeps = [a for a in legal(page) if a["type"] == "keep_mission"]
    assert keeps, describe(page)
    before = len(view(page)["empires"][0]["missions"])
    click(page, page.locator(f"#game [data-key='keep:{keeps[0]['id']}']"), "an offered mission")
    v = view(page)
    assert len(v["empires"][0]["missions"]) > before or any(
        0 in (d.get("answered") or []) for d in v.get("decisions") or []
    ), describe(page)
    no_sideways_scroll(page, size[0])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_battle_cards_picked_on_the_combat_box_then_revealed(contexts, base_url, size):
    page = open_save(contexts, base_url, commit_save(), size)
    box = page.locator("#game [data-testid='bz-combat']")
    assert box.count() == 1, describe(page)
    assert "+ ?" in box.inner_text(), "the strength is built before the cards"
    no_sideways_scroll(page, size[0])
    hand = sorted(view(page)["empires"][0]["battle"])
    picks = hand[:2]
    before = app.actions_played(page)
    for c in picks:
        click(page, page.locator(f"#game [data-testid='bz-commit'] [data-key='bcard:{c}']"), f"the card {c}")
        assert app.actions_played(page) == before, "a click on a card committed it at once"
        assert page.locator(f"#game [data-testid='bz-commit'] [data-key='bcard:{c}']").get_attribute(
            "aria-pressed") == "true"
    go = page.locator("#game [data-testid='bz-commit-go']")
    assert '"cards":' in (go.get_attribute("data-action") or ""), describe(page)
    click(page, go, "the commit button")
    v = view(page)
    lb = v.get("last_battle")
    if v.get("battle") is None and lb:  # the other side (a bot) has answered: revealed
        assert sorted(lb["cards"]["0"]) == sorted(picks)
        box = page.locator("#game [data-testid='bz-combat']")
        assert box.locator("[data-testid='bz-revealed']").count() >= 1, describe(page)
        assert page.locator("#game [data-testid='bz-result']").count() == 1
        total = box.locator("[data-testid='bz-total-attack']").inner_text()
        assert total == str(lb["attack"]), (total, lb)
    else:
        assert v["battle"]["committed"].get("0") == 2, describe(page)
    no_sideways_scroll(page, size[0])
