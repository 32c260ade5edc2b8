"""The Great Wall's board, played by clicks at desktop and phone sizes (issue 18 §3).

- From a new game opened by address: the draft is made on the dealt cards (a General, then the Advisor
  made Active), Autumn's command card through the kit's sealed form, the card placed by clicking a space
  of the command track, and a clerk sent by clicking a location.
- From saves reached by playing the engine in Python: a horseman is deployed on the Horde card itself by
  clicking its two vital spots (the first narrows to the pairs it belongs to, the second plays), and an
  archer's wound is put on a spot by clicking it; in co-op the table picks who acts next inside a
  location (L952) with a button per seat.

Every step checks that the page does not scroll sideways and that the legal board targets can be brought
on screen unobstructed (the fixtures fail a test on any request beyond 127.0.0.1 and on page errors).
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
GAME = "great_wall"  # the game this file plays


def top_kind(page: Any) -> str | None:
    ds = view(page).get("decisions") or []
    return ds[-1]["kind"] if ds else None


def click_target(page: Any, key: str) -> None:
    """Click the board element of a key (it must be a button the player can reach)."""
    loc = page.locator(f"#game .gw-board [data-key='{key}']").first
    assert loc.count(), f"no board element for {key}: {describe(page)}"
    assert loc.evaluate("el => el.tagName") == "BUTTON", f"{key} is not clickable"
    assert reach(page, loc), f"{key} cannot be brought on screen unobstructed: {describe(page)}"
    loc.click()
    wait_not_busy(page)


def targets_reachable(page: Any) -> None:
    """Every board target of the moment can be brought on screen and clicked."""
    locs = page.locator("#game .gw-board [data-testid='board-target']")
    for i in range(min(locs.count(), 12)):
        assert reach(page, locs.nth(i)), f"board target {i} out of reach: {describe(page)}"


# ------------------------------------------------------------------------------ a new game by clicks


def board_step(page: Any, done: set[str]) -> None:
    """One step of the human seat, on the board when the decision has board targets."""
    kind = top_kind(page)
    acts = legal(page)
    before = app.actions_played(page)
    if kind == "draft" and acts:
        a = acts[-1]
        click_target(page, f"gen:{a['general']}")  # narrows to the two Advisor choices
        click_target(page, f"act:{a['active']}")  # plays: the sealed draft is answered
        done.add("draft")
    elif kind == "command" and any(a["type"] == "command" for a in acts):
        form = page.locator("#game [data-testid='bid-form']")
        assert form.count() and "sealed" in (form.get_attribute("class") or ""), describe(page)
        assert page.locator("#game [data-testid='command-choice']").count() == len(
            [a for a in acts if a["type"] == "command"]), "one choice per card of the hand"
        page.locator("#game [data-testid='command-choice']").last.check()
        page.locator("#game [data-testid='bid-commit']").click()
        wait_not_busy(page)
        done.add("command")
    elif kind == "slot" and acts:
        click_target(page, f"slot:{acts[-1]['slot']}")
        done.add("slot")
    elif kind == "clerks" and any(a["type"] == "clerk" and a["from"] == "supply" for a in acts):
        a = next(a for a in acts if a["type"] == "clerk" and a["from"] == "supply")
        froms = {x["from"] for x in acts if x["type"] == "clerk"}
        if len(froms) > 1:  # the source is a step of the action panel
            page.locator("#game [data-testid='pick-key'][data-key='from:supply']").click()
            wait_not_busy(page)
        click_target(page, f"loc:{a['to']}")
        done.add("clerk")
    else:
        control = app.first_action_control(page)
        assert control is not None, describe(page)
        control.click()
        wait_not_busy(page)
    if kind not in ("draft", "command"):  # a sealed answer plays no action until all have answered
        moved = (app.actions_played(page) or 0) > (before or 0)
        assert moved or app.visible(page, "game_over"), describe(page)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_draft_command_slot_and_clerk_by_clicks(contexts, base_url, size):
    page, _ = new_page(contexts, size)
    page.goto(f"{base_url}/{app.play_url(GAME, players=3, seed=5, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    assert page.locator("#game [data-testid='horde-card']").count() >= 3, describe(page)
    assert page.locator("#game [data-testid='gw-section']").count() == 3
    assert page.locator("#game [data-testid='gw-draft']").count() == 1
    done: set[str] = set()
    for _ in range(40):
        if {"draft", "command", "slot", "clerk"} <= done or app.visible(page, "game_over"):
            break
        no_sideways_scroll(page, size[0])
        targets_reachable(page)
        board_step(page, done)
    assert {"draft", "command", "slot", "clerk"} <= done, (done, describe(page))
    v = view(page)
    assert any(0 in seats for seats in v["locations"].values()) or v["clans"][0]["clerks"] < 5, v["locations"]
    no_sideways_scroll(page, size[0])


# ------------------------------------------------------------------------------ saves: battle on the card


def _play(players: int, seed: int, stop: Any, limit: int = 3000) -> Any:
    """Random play (the Barracks and deploying preferred) from a new game until ``stop(state)``."""
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
        legal_now = game.legal_actions(state, to_move[0])
        pref = [a for a in legal_now if a["type"] == "deploy" or a.get("to") == "barracks"
                or a.get("location") == "barracks" or (a["type"] == "use" and a.get("kind"))]
        state = game.apply(state, to_move[0], rng.choice(pref if pref and rng.random() < 0.8 else legal_now))
    return None


def _top(state: Any) -> dict[str, Any] | None:
    ds = games.get(GAME).view(state, 0).get("decisions") or []
    return ds[-1] if ds else None


def _save_when(stop: Any, what: str) -> str:
    for seed in range(1, 40):
        state = _play(3, seed, stop)
        if state is not None:
            return games.get(GAME).save(state)
    raise AssertionError(f"random play never reached {what}")


@cache
def horse_save() -> str:
    def stop(state: Any) -> bool:
        d = _top(state)
        return bool(d and d["kind"] == "deploy" and 0 in d["seats"]
                    and any(a.get("kind") == "horse" for a in games.get(GAME).legal_actions(state, 0)))

    return _save_when(stop, "a horseman's deployment by seat 0")


@cache
def shoot_save() -> str:
    def stop(state: Any) -> bool:
        d = _top(state)
        return bool(d and d["kind"] in ("shoot", "wound") and 0 in d["seats"])

    return _save_when(stop, "an archer's shot by seat 0")


def open_save(contexts: Any, base_url: str, text: str, size: tuple[int, int]) -> Any:
    page, _ = new_page(contexts, size)
    app.put_saves(page, base_url, {"gw": text})
    page.goto(f"{base_url}/play.html?save=gw&lang=en&speed=fast")
    wait_ready(page)
    wait_not_busy(page)
    return page


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_horseman_takes_two_spots_picked_as_a_pair_on_the_card(contexts, base_url, size):
    page = open_save(contexts, base_url, horse_save(), size)
    no_sideways_scroll(page, size[0])
    horses = [a for a in legal(page) if a["type"] == "deploy" and a["kind"] == "horse"]
    # a first spot that belongs to more than one pair, so that the first click only narrows
    count: dict[tuple[int, int, int], int] = {}
    for a in horses:
        for j in a["spots"]:
            count[(a["section"], a["row"], j)] = count.get((a["section"], a["row"], j), 0) + 1
    first = max(count, key=lambda k: count[k])
    a = next(x for x in horses if first[2] in x["spots"] and (x["section"], x["row"]) == first[:2])
    second = next(j for j in a["spots"] if j != first[2])
    key1 = f"spot:{first[0]}:{first[1]}:{first[2]}"
    key2 = f"spot:{a['section']}:{a['row']}:{second}"
    before = app.actions_played(page)
    click_target(page, key1)
    if count[first] > 1:
        assert app.actions_played(page) == before, "the first spot of a horseman played at once"
        spot = page.locator(f"#game .gw-board [data-key='{key1}']")
        assert spot.get_attribute("aria-pressed") == "true", describe(page)
        # only the partners of the first spot stay clickable
        live = {k for k in page.locator("#game .gw-board .gw-spot.target").evaluate_all(
            "els => els.map((e) => e.dataset.key)")}
        partners = {f"spot:{x['section']}:{x['row']}:{j}" for x in horses if first[2] in x["spots"]
                    and (x["section"], x["row"]) == first[:2] for j in x["spots"]}
        assert live <= partners, (live, partners)
        click_target(page, key2)
    assert app.actions_played(page) > before, describe(page)
    slot = view(page)["sections"][a["section"]]["rows"][a["row"]]
    placed = [s for s in (slot or {}).get("soldiers", []) if s["seat"] == 0 and s["kind"] == "horse"]
    # the card may have been defeated at once (its spots all covered): then the horseman is gone from it
    if slot is not None and placed:
        assert sorted(placed[-1]["spots"]) == sorted(a["spots"]), placed
        assert page.locator(f"#game .gw-board [data-testid='gw-section'][data-section='{a['section']}'] "
                            ".gw-fig.seat-0").count() >= 1
    no_sideways_scroll(page, size[0])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_archer_wound_put_on_a_spot_by_clicking_it(contexts, base_url, size):
    page = open_save(contexts, base_url, shoot_save(), size)
    no_sideways_scroll(page, size[0])
    shots = [a for a in legal(page) if a["type"] == "shoot"]
    assert shots, describe(page)
    targets_reachable(page)
    a = shots[-1]
    slot_before = view(page)["sections"][a["section"]]["rows"][a["row"]] or {}
    wounds_before = len(slot_before.get("wounds", []))
    before = app.actions_played(page)
    click_target(page, f"spot:{a['section']}:{a['row']}:{a['spot']}")
    assert app.actions_played(page) > before, describe(page)
    slot = view(page)["sections"][a["section"]]["rows"][a["row"]]
    # not defeated by that wound (a defeated card leaves its slot, which the next Horde card may take)
    if slot is not None and slot["card"] == slot_before.get("card"):
        assert len(slot["wounds"]) > wounds_before or a["spot"] in slot["wounds"], slot
    no_sideways_scroll(page, size[0])


def test_a_whole_game_by_clicks_to_the_end_screen(contexts, base_url):
    """One human seat and two random bots, played to the end by clicking the first legal action (the
    sealed forms through their commit button); the end screen ranks the clans with their scores."""
    page, _ = new_page(contexts, (1366, 768))
    page.goto(f"{base_url}/{app.play_url(GAME, players=3, seed=11, humans=1)}")
    wait_ready(page)
    wait_not_busy(page)
    app.play_until_over(page, max_steps=400, deadline_s=600)
    assert page.locator(app.sel("scores")).count(), describe(page)
    no_sideways_scroll(page, 1366)


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desktop", "phone"])
def test_a_whole_solo_game_by_clicks_shows_qin_s_honor_to_the_end(contexts, base_url, size):
    """Issue 18: solo against Qin Jiushao (L735-878), played to the end by clicks; his Honor stands on
    the Honor track all game (L874) and the end screen names him."""
    page, _ = new_page(contexts, size)
    page.goto(f"{base_url}/{app.play_url(GAME, players=1, seed=5, humans=1, options={'mode': 'solo'})}")
    wait_ready(page)
    wait_not_busy(page)
    assert page.locator("[data-testid='gw-qin-honor']").count() == 1, describe(page)
    app.play_until_over(page, max_steps=400, deadline_s=600)
    assert page.locator(app.sel("scores")).count(), describe(page)
    assert "Qin" in page.locator("#game").inner_text()
    no_sideways_scroll(page, size[0])


@cache
def coop_next_save() -> str:
    """Co-op, 3 players (seat 0 human, 2 random bots): random play until seat 0 answers for the table
    who acts next inside a location (L952)."""
    game = games.get(GAME)
    for seed in range(1, 40):
        seats = [{"kind": "human" if i == 0 else "random", "name": f"P{i + 1}"} for i in range(3)]
        meta = {"seats": seats, "created": 1, "lang": "en", "app": "pygame_core-web"}
        state = game.new_game(players=3, seed=seed, options={"mode": "coop"}, meta=meta)
        rng = random.Random(seed)
        for _ in range(3000):
            to_move = game.to_move(state)
            if not to_move:
                break
            d = _top(state)
            if d and d["kind"] == "coop_next" and d["seats"] == [0]:
                return game.save(state)
            state = game.apply(state, to_move[0], rng.choice(game.legal_actions(state, to_move[0])))
    raise AssertionError("random co-op play never reached the table's choice of who acts next")


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_coop_table_picks_who_acts_next_at_a_location(contexts, base_url, size):
    """Issue 18, L952: in co-op the table (the seat highest in tea order) says who acts next inside a
    location; each seat is a button named in words, and clicking one plays it."""
    page = open_save(contexts, base_url, coop_next_save(), size)
    nxt = [a for a in legal(page) if a["type"] == "next"]
    assert len(nxt) >= 2 and top_kind(page) == "coop_next", describe(page)
    buttons = page.locator(app.sel("action")).filter(has_text="acts next at the")
    if not buttons.count():
        page.locator(app.sel("closed_group")).first.click()
    assert buttons.count() == len(nxt), describe(page)
    before = app.actions_played(page)
    buttons.last.click()
    wait_not_busy(page)
    assert app.actions_played(page) > before, describe(page)
    no_sideways_scroll(page, size[0])


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["desktop", "phone"])
def test_a_whole_coop_game_by_clicks_to_the_end_screen(contexts, base_url, size):
    """Issue 18: co-op (L880-994), two human seats in hotseat, played to the end by clicks."""
    page, _ = new_page(contexts, size)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=2, options={'mode': 'coop'})}")
    wait_ready(page)
    wait_not_busy(page)
    app.play_until_over(page, max_steps=600, deadline_s=600)
    assert page.locator(app.sel("scores")).count(), describe(page)
    no_sideways_scroll(page, size[0])
