"""embed.html in an iframe of a page from another origin: ready message, errors, step mode."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from pygame_core import games
from tests.browser import app
from tests.browser.support import describe, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)

PARENT = """<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Rules page embedding a game</title></head><body><main><h1>Outer page</h1>
{frames}
</main><script>
window.messages = [];
addEventListener("message", (e) => {{
  const src = [...document.querySelectorAll("iframe")].find((f) => f.contentWindow === e.source);
  window.messages.push({{origin: e.origin, frame: src ? src.id : null, data: e.data}});
}});
</script></body></html>"""


def parent_page(host_dir: Path, name: str, frames: dict[str, str]) -> str:
    html = "\n".join(
        f'<iframe id="{fid}" title="game {fid}" src="{src}" width="900" height="700"></iframe>'
        for fid, src in frames.items()
    )
    (host_dir / name).write_text(PARENT.format(frames=html), encoding="utf-8")
    return name


def messages(page, frame_id: str, kind: str) -> list[dict]:
    return [
        m
        for m in page.evaluate("window.messages")
        if m["frame"] == frame_id and isinstance(m["data"], dict) and m["data"].get("type") == kind
    ]


def wait_message(page, frame_id: str, kind: str, timeout: int = 90_000) -> dict:
    page.wait_for_function(
        "([f, k]) => window.messages.some(m => m.frame === f && m.data && m.data.type === k)",
        arg=[frame_id, kind],
        timeout=timeout,
        polling=50,
    )
    return messages(page, frame_id, kind)[0]


def test_embed_in_foreign_page_posts_ready_and_plays_and_bad_game_shows_error(
    page, base_url, host_server, host_dir
):
    name = parent_page(
        host_dir,
        "embed-parent.html",
        {
            "good": f"{base_url}/embed.html?game={GAME}&players=2&seed=5&speed=fast",
            "bad": f"{base_url}/embed.html?game=no_such_game&players=2&seed=5",
        },
    )
    page.goto(f"{host_server.url}/{name}")
    ready = wait_message(page, "good", "pgc-ready")
    assert ready["origin"] == base_url, ready
    first = next(m for m in page.evaluate("window.messages") if m["frame"] == "good")
    assert first["data"]["type"] == "pgc-ready", f"the frame spoke before it was ready: {first}"
    assert ready["data"]["actions_played"] == 0, ready
    assert ready["data"]["game"] == GAME and ready["data"]["mode"] == "play", ready
    frame = page.frame_locator("#good")
    good = next(f for f in page.frames if "game=" + GAME in f.url)
    wait_ready(page, frame=good)
    assert good.get_attribute("html", "data-ready") == "true"
    # it is a playable game: a click inside the frame reaches the engine and the parent hears of it
    good.wait_for_function("document.documentElement.getAttribute('data-busy') !== 'true'", timeout=30_000)
    before = good.evaluate("window.pgcGame.session.reply.view.actions_played")
    frame.locator("[data-testid='legal-action'][data-action]:visible").first.click()
    page.wait_for_function(
        "(n) => window.messages.some(m => m.frame === 'good' && m.data && m.data.type === 'pgc-state'"
        " && m.data.actions_played > n)",
        arg=before,
        timeout=30_000,
    )

    err = wait_message(page, "bad", "pgc-error")
    assert "no_such_game" in err["data"]["message"], err
    bad = next(f for f in page.frames if "no_such_game" in f.url)
    wait_ready(page, frame=bad)
    banner = bad.locator("[data-testid='error-banner']")
    assert banner.is_visible(), describe(bad)
    assert re.search(r"not valid|unknown", banner.inner_text(), re.I), banner.inner_text()
    assert "no_such_game" in banner.inner_text(), banner.inner_text()
    assert not messages(page, "bad", "pgc-ready"), "a failed embed still announced pgc-ready"


def step_save() -> tuple[str, int]:
    game = games.get(GAME)
    state = game.new_game(players=2, seed=9, options={"mode": "quick"})
    for _ in range(6):
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    return game.save(state), 6


def test_embed_step_mode_steps_through_a_save(page, base_url, host_server, host_dir):
    text, total = step_save()
    b64 = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    name = parent_page(host_dir, "embed-step.html", {"step": f"{base_url}/embed.html?save={b64}&step=1"})
    page.goto(f"{host_server.url}/{name}")
    ready = wait_message(page, "step", "pgc-ready")
    assert ready["data"]["mode"] == "step", ready
    assert messages(page, "step", "pgc-state") == [], "pgc-state came before pgc-ready"
    frame = next(f for f in page.frames if "step=1" in f.url)
    wait_ready(page, frame=frame)
    pos = frame.locator("[data-testid='step-pos']")
    nxt, prev = frame.locator(app.sel("step_next")), frame.locator(app.sel("step_prev"))
    assert re.search(rf"\b0 of {total}\b", pos.inner_text()), pos.inner_text()
    assert prev.is_disabled() and nxt.is_enabled()
    assert frame.locator("[data-testid='legal-action']").count() == 0, "step mode is read-only"
    log0 = frame.locator("[data-testid='event-log'] li").count()

    for k in (1, 2, 3):
        nxt.click()
        assert re.search(rf"\b{k} of {total}\b", pos.inner_text()), pos.inner_text()
        page.wait_for_function(
            "(k) => window.messages.some(m => m.frame === 'step' && m.data && m.data.type === 'pgc-state'"
            " && m.data.actions_played === k)",
            arg=k,
            timeout=5_000,
        )
    assert frame.locator("[data-testid='event-log'] li").count() > log0, (
        "stepping forward changed nothing shown"
    )
    prev.click()
    assert re.search(rf"\b2 of {total}\b", pos.inner_text()), pos.inner_text()
    frame.locator("[data-testid='step-last']").click()
    assert re.search(rf"\b{total} of {total}\b", pos.inner_text()), pos.inner_text()
    assert nxt.is_disabled()


def sealed_bid_save() -> tuple[str, int, str]:
    """A 2-player save whose action ``n`` is seat 1's sealed conflict bid, made before seat 0's (L457)."""
    from pygame_core import bots

    game = games.get(GAME)
    state = game.new_game(players=2, seed=9, options={"mode": "quick"}, meta={"seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "heuristic", "name": "Bob"}]})
    bot = bots.make("heuristic", GAME, 9)
    for _ in range(300):
        tm = game.to_move(state)
        seat = 1 if 1 in tm else tm[0]
        action = bot.choose(game, state, seat)
        label = game.label(state, seat, action, "en")
        state = game.apply(state, seat, action)
        if action["type"] == "bid" and seat == 1:
            return game.save(state), len(state.history), label
    raise AssertionError("no sealed bid by seat 1")


@pytest.mark.parametrize("seat", ["0", None, "1"])
def test_step_mode_over_another_seats_sealed_bid_shows_no_amount(page, base_url, seat):
    text, n, label = sealed_bid_save()
    b64 = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    seat_q = f"&seat={seat}" if seat is not None else ""
    page.goto(f"{base_url}/embed.html?save={b64}&step=1&at={n}&lang=en{seat_q}")
    wait_ready(page)
    last = page.locator("[data-testid='status'] .last-move")
    last.wait_for(state="visible")
    shown = last.inner_text()
    if seat == "1":
        # the bidder's own view: its bid in full
        assert label in shown, (shown, label)
    else:
        # another seat's view, or the public one: the log's redacted line, never the amount
        assert re.search(r"made a sealed bid", shown), shown
        assert label not in shown and not re.search(r"\d", shown), shown
        assert "Bob" in shown, shown


def frames_ready(page, count: int) -> None:
    """Until `count` frames are ready and idle, and a few animation frames more (where a redraw would
    focus or scroll)."""
    page.wait_for_function("(n) => document.querySelectorAll('iframe').length >= n", arg=count)
    frames = page.frames[1:]
    assert len(frames) >= count, [f.url for f in page.frames]
    for f in frames:
        wait_ready(page, frame=f)
        f.wait_for_function("document.documentElement.getAttribute('data-busy') !== 'true'", timeout=90_000)
    page.wait_for_timeout(1500)


def test_example_page_is_not_scrolled_or_focused_by_its_frames(page, base_url):
    """web/examples/rule-teaching.html: the live game below the fold scrolled the host page to itself
    as it loaded (a redraw scrolled its disaster tile into view). A frame moves neither focus nor the
    host page until the reader uses it."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{base_url}/examples/rule-teaching.html")
    frames_ready(page, 2)
    assert page.evaluate("scrollY") == 0, "the host page was scrolled by an embedded game"
    assert page.evaluate("document.activeElement.tagName") == "BODY", "an embedded game took focus"
    # once the reader uses the frame it behaves as a page of its own (focus follows the game)
    live = next(f for f in page.frames if "game=" + GAME in f.url)
    live.locator("[data-testid='legal-action'][data-action]:visible").first.click()
    assert page.evaluate("document.activeElement.id") == "live"


def test_hotseat_frame_takes_no_focus_until_used(page, base_url, host_server, host_dir):
    """The pass-the-device screen focuses its button, but not in a frame the reader has not used."""
    src = f"{base_url}/embed.html?game={GAME}&players=2&seed=5&bots=human,human&speed=fast"
    (host_dir / "embed-hotseat.html").write_text(
        PARENT.format(frames='<p>Text to read, then a game</p>'
                      f'<iframe id="hs" title="hotseat game" src="{src}" width="900" height="700"></iframe>'),
        encoding="utf-8",
    )
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{host_server.url}/embed-hotseat.html")
    wait_message(page, "hs", "pgc-ready")
    frame = next(f for f in page.frames if "bots=human,human" in f.url)
    frame.locator("[data-testid='pass-device-continue']").wait_for()
    page.wait_for_timeout(500)
    assert page.evaluate("document.activeElement.tagName") == "BODY", "the frame took focus"
    assert frame.evaluate("document.activeElement.tagName") == "BODY", "the frame focused a control"
    # used: the reader's click hands the device on, and focus follows the game inside the frame
    frame.locator("[data-testid='pass-device-continue']").click()
    frame.locator("[data-testid='legal-action'][data-action]:visible").first.click()
    frame.locator("[data-testid='pass-device-continue']").wait_for()
    frame.wait_for_function("document.activeElement.dataset.testid === 'pass-device-continue'")
