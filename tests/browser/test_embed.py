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
