"""The generic shell around a game: rules links, end screen, projected scores, out-of-turn actions,
folded action lists, import checks, Simplified Chinese names."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest

from pygame_core import bots, games
from pygame_core.simulate import play
from tests.browser import app
from tests.browser.support import ROOT, describe, format_violations, run_axe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)
NAMES = ["Ann", "Bo", "Cy", "Di"]


def rules_doc() -> dict:
    return json.loads((ROOT / "web" / "games" / GAME / "rules.json").read_text(encoding="utf-8"))


def seed_save(page, base_url: str, sid: str, text: str) -> None:
    page.goto(f"{base_url}/build-info.json")
    page.evaluate("([k, v]) => localStorage.setItem('pgc.save.' + k, v)", [sid, text])


def with_seats(state, kinds: list[str]):
    game = games.get(GAME)
    meta = {"seats": [{"kind": k, "name": NAMES[i]} for i, k in enumerate(kinds)], "created": 1}
    return game.replay(state.players, state.seed, state.options, list(state.history), meta=meta)


# ------------------------------------------------------------------ rules links


def test_status_line_links_the_phase_and_an_illegal_action_links_its_rule(page, base_url):
    rules = rules_doc()
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=3, humans=1)}&lang=en")
    wait_ready(page)
    wait_not_busy(page)
    kind = page.evaluate("() => window.pgcGame.session.reply.view.phase.kind")
    want = rules["links"][f"phase:{kind}"]
    link = page.locator("[data-testid='phase-name'] a.rules-q")
    link.wait_for(state="visible")
    href = link.get_attribute("href")
    q = urlparse(href)
    assert q.path.endswith("/rules.html") and q.fragment == want, href
    assert parse_qs(q.query) == {"game": [GAME], "lang": ["en"]}, href
    with page.context.expect_page() as popup:
        link.click()
    rp = popup.value
    rp.wait_for_load_state()
    rp.wait_for_selector(f"#{want}")
    assert rp.evaluate("() => location.hash") == f"#{want}"
    assert rp.locator(f"#{want}").is_visible()
    # the rules page jumps to the section once its content is drawn
    rp.wait_for_function(
        f"() => Math.abs(document.querySelector('#{want}').getBoundingClientRect().top) < 40"
    )
    rp.close()

    # an action the rules refuse: the message and a "Why?" link to the rule of its code
    page.evaluate("() => window.pgcGame.view.act({action: {type: 'no_such_move'}, label: 'x'})")
    banner = page.locator(app.sel("error"))
    banner.wait_for(state="visible")
    assert "not a legal action" in banner.inner_text(), banner.inner_text()
    why = banner.locator("[data-testid='error-rules'] a")
    assert why.inner_text() == "Why?"
    assert urlparse(why.get_attribute("href")).fragment == rules["links"]["code:not_legal"]


# ------------------------------------------------------------------ end screen


TIE = {"players": 4, "seed": 12, "options": {"mode": "quick"}}  # totals tie for second place


def test_end_screen_ranks_crowns_winners_says_the_tie_break_and_offers_a_rematch(page, base_url):
    game = games.get(GAME)
    state = play(GAME, TIE["players"], seed=TIE["seed"], bot_kinds=["random"] * 4, options=TIE["options"])
    sc = game.scores(state)
    assert sc["tiebreak"], "this seed no longer ends in a tie: pick another one"
    kinds = ["human", "random", "human", "heuristic"]
    seed_save(page, base_url, "done", game.save(with_seats(state, kinds)))
    app.open_ready(page, f"{base_url}/play.html?save=done&lang=en")
    panel = page.locator(app.sel("game_over"))
    panel.wait_for(state="visible")
    # the status line says "Game over" once, not "Game over  Game end" (the end phase keeps only its "?")
    status = page.locator("[data-testid='status']").inner_text()
    assert "Game over" in status and "Game end" not in status, status
    assert page.locator("[data-testid='status'] [data-testid='phase-name'] a.rules-q").count() == 1
    rows = panel.locator("[data-testid='score-row']")
    assert [int(rows.nth(i).get_attribute("data-seat")) for i in range(rows.count())] == sc["rank"]
    crowned = [int(rows.nth(i).get_attribute("data-seat")) for i in range(rows.count())
               if rows.nth(i).locator("th svg").count()]
    assert crowned == sc["winners"], (crowned, sc["winners"])
    tb = panel.locator("[data-testid='tiebreak']").inner_text()
    tied = sc["tiebreak"]["tied"]
    for s in tied:
        assert f"{NAMES[s]} {sc['tiebreak']['values'][s]}" in tb, tb
    assert "Tie on" in tb and sc["tiebreak"]["key"] not in tb, tb
    assert "Player " not in tb, f"seat names not used: {tb}"
    violations = run_axe(page)
    assert not violations, format_violations("the end screen", violations)

    panel.locator("[data-testid='rematch']").click()
    page.wait_for_url(re.compile(r"play\.html\?save="))
    wait_ready(page)
    app.wait_saved(page)
    (sid, text), = [(k, v) for k, v in app.saves(page).items() if k != "done"]
    doc = json.loads(text)
    assert doc["game"] == GAME and doc["players"] == 4 and doc["options"] == state.options
    assert [(s["kind"], s["name"]) for s in doc["meta"]["seats"]] == list(zip(kinds, NAMES, strict=False))
    assert doc["seed"] != state.seed


def test_projected_scores_show_each_seat_by_category(page, base_url):
    page.goto(f"{base_url}/{app.play_url(GAME, players=3, seed=7, humans=1)}&lang=zh-Hans")
    wait_ready(page)
    wait_not_busy(page)
    for _ in range(4):
        app.step(page)
    view = page.evaluate("() => window.pgcGame.session.reply.view")
    panel = page.locator("[data-testid='projected']")
    assert panel.is_visible(), describe(page)
    shown = {int(c.get_attribute("data-seat")): int(c.inner_text())
             for c in panel.locator("[data-testid='projected-total']").all()}
    assert shown == {s: p["total"] for s, p in enumerate(view["projected"])}
    heads = panel.locator("tbody th").all_inner_texts()
    assert "若游戏现在结束" in panel.inner_text()
    assert not any(re.search(r"[a-z]_[a-z]|^[a-z]+$", h) for h in heads), f"raw category keys: {heads}"


# ------------------------------------------------------------------ optional (out-of-turn) actions


def optional_position():
    """A 3-player position where seat 2 may act (Change disaster, L588) while seat 0 is to move."""
    game = games.get(GAME)
    s = game.new_game(players=3, seed=3)
    bot = bots.make("heuristic", GAME, 3)
    for _ in range(400):
        tm = game.to_move(s)
        if tm == [0] and game.legal_actions(s, 2) and not game.legal_actions(s, 1):
            return s
        s = game.apply(s, tm[0], bot.choose(game, s, tm[0]))
    raise AssertionError("no position with an optional action for seat 2")


def test_hotseat_offers_the_device_to_a_seat_that_may_act_out_of_turn(page, base_url):
    state = optional_position()
    seed_save(page, base_url, "opt", games.get(GAME).save(with_seats(state, ["human"] * 3)))
    app.open_ready(page, f"{base_url}/play.html?save=opt&lang=en")
    page.locator(app.sel("pass_continue")).click()  # Ann, whose turn it is
    wait_not_busy(page)
    note = page.locator("[data-testid='others-can-act']")
    note.wait_for(state="visible")
    assert "Cy can act now" in note.inner_text(), note.inner_text()
    note.locator("[data-testid='hand-to']").click()
    page.locator("#game [data-testid='pass-device']").wait_for(state="visible")
    assert "Cy" in page.locator("#game [data-testid='pass-device']").inner_text()
    page.locator(app.sel("pass_continue")).click()
    wait_not_busy(page)
    assert page.evaluate("() => window.pgcGame.session.reply.view.seat") == 2
    assert page.locator("[data-testid='out-of-turn']").is_visible(), describe(page)
    legal = page.evaluate("() => window.pgcGame.session.reply.legal.map(l => l.action)")
    assert legal == games.get(GAME).legal_actions(state, 2)
    before = app.actions_played(page)
    page.locator(app.sel("action")).first.click()
    wait_not_busy(page)
    assert app.actions_played(page) == before + 1
    # done out of turn: back to the seat to move
    page.locator("[data-testid='hand-back']").or_(page.locator(app.sel("pass_continue"))).first.wait_for()
    if page.locator("[data-testid='hand-back']").count():
        page.locator("[data-testid='hand-back']").click()
    assert "Ann" in page.locator("#game [data-testid='pass-device']").inner_text()


def test_the_viewer_is_offered_its_optional_actions_before_a_bot_plays(page, base_url):
    state = optional_position()
    text = games.get(GAME).save(with_seats(state, ["random", "random", "human"]))
    seed_save(page, base_url, "opt1", text)
    app.open_ready(page, f"{base_url}/play.html?save=opt1&lang=en&speed=fast")
    assert page.locator("[data-testid='out-of-turn']").is_visible(), describe(page)
    assert app.actions_played(page) == len(state.history), "the bot played before the viewer could act"
    violations = run_axe(page)
    assert not violations, format_violations("out-of-turn actions and projected scores", violations)
    assert page.locator(app.sel("action")).count() == len(games.get(GAME).legal_actions(state, 2))
    page.locator("[data-testid='let-play']").click()
    wait_not_busy(page)
    assert app.actions_played(page) > len(state.history), describe(page)


# ------------------------------------------------------------------ long action lists


def test_a_long_action_list_folds_and_keeps_done_in_reach(page, base_url):
    """The kit's panel (app/kit/panel.js) with a game that says nothing about its actions: 40 of them fold
    into groups by action type (a click narrows to one group), and Done is in the finishing bar."""
    page.set_viewport_size({"width": 390, "height": 844})
    app.open_ready(page, f"{base_url}/index.html")
    shown = page.evaluate("""async () => {
        const m = await import('./app/kit/panel.js');
        const g = await import('./app/gameview.js');
        const legal = [];
        for (let i = 0; i < 40; i++)
            legal.push({action: {type: i < 25 ? 'build' : 'sell', card: i}, label: 'card ' + i});
        legal.push({action: {type: 'done'}, label: 'Done'});
        const ctx = m.stepContext({}, {}, legal, [], {primary: g.isPrimary, groupLabel: (x) => x});
        const {body, finish} = m.actionPanel({}, ctx);
        const div = document.createElement('div');
        div.className = 'gv-actions';
        const bar = m.finishBar(ctx, finish);
        div.innerHTML = `<div class="act-body"><div class="kp-body">${body}</div>${bar}</div>`;
        document.body.prepend(div);
        const vis = [...div.querySelectorAll('button')].filter(b => b.checkVisibility());
        return {visible: vis.length, labels: vis.map(b => b.textContent),
                groups: [...div.querySelectorAll('.kp-body [data-key^="grp:"]')].map(b => b.dataset.key),
                primary: !!div.querySelector('.act-primary button[data-action*=done]')};
    }""")
    assert shown["visible"] <= 15, shown
    assert "Done" in shown["labels"] and shown["primary"], shown
    assert sorted(shown["groups"]) == ["grp:build", "grp:sell"], shown


# ------------------------------------------------------------------ import checks


def test_imports_refuse_huge_files_and_unknown_seat_kinds_with_their_own_messages(page, base_url, tmp_path):
    game = games.get(GAME)
    state = game.new_game(players=2, seed=5)
    good = tmp_path / "good.json"
    good.write_text(game.save(with_seats(state, ["human", "random"])), encoding="utf-8")
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (20 * 1024 * 1024) + good.read_bytes())
    alien = tmp_path / "alien.json"
    alien.write_text(game.save(with_seats(state, ["human", "alien"])), encoding="utf-8")
    app.open_ready(page, f"{base_url}/index.html?lang=en")
    info = page.locator("#home-info")
    page.locator(app.sel("import")).set_input_files(str(good))
    page.wait_for_function("() => document.querySelector('#home-info').textContent.includes('imported')")

    page.locator(app.sel("import")).set_input_files(str(huge))
    banner = page.locator(app.sel("error"))
    banner.wait_for(state="visible")
    said = banner.inner_text()
    assert re.search(r"too large", said) and "20.0 MB" in said, said
    assert not re.search(r"storage", banner.inner_text(), re.I), banner.inner_text()
    assert info.inner_text().strip() == "", f"a stale info message beside the error: {info.inner_text()}"

    page.locator(app.sel("import")).set_input_files(str(alien))
    page.wait_for_function("() => /seat kind/.test(document.querySelector('#home-error').textContent)")
    assert '"alien"' in banner.inner_text(), banner.inner_text()
    assert len(app.saves(page)) == 1, "a refused file was stored"


# ------------------------------------------------------------------ Simplified Chinese


def test_simplified_pages_never_show_the_traditional_name(page, base_url):
    names = games.get(GAME).names
    if names["zh-Hant"] == names["zh-Hans"]:
        pytest.skip("the game's name is the same in both scripts")
    app.open_ready(page, f"{base_url}/index.html?lang=zh-Hans")
    assert names["zh-Hant"] not in page.locator("body").inner_text(), describe(page)
    assert names["zh-Hans"] in page.locator("[data-testid='playable-games']").inner_text()
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=1)}&lang=zh-Hans")
    wait_ready(page)
    assert page.title().startswith(names["zh-Hans"]), page.title()
    assert names["zh-Hant"] not in page.locator("#topbar").inner_text()

