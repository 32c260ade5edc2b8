"""Page objects for the site's pages: the ``data-testid`` hooks in one place, and small game-driving steps.

Generic: nothing here names a game. A test file says which game it plays (one ``GAME = "<id>"`` per file)
and passes it in (``play_url(GAME, ...)``, ``start_from_home(page, GAME, ...)``).
"""

from __future__ import annotations

import json
import time
import zlib
from typing import Any
from urllib.parse import quote

from pygame_core import webapi
from tests.browser.support import describe, wait_not_busy, wait_ready

T = {
    # home page (web/index.html + web/app/home.js)
    "new_game_form": "[data-testid='new-game-form']",
    "game_select": "[data-testid='game-select']",
    "players": "[data-testid='players-select']",
    "seat": "[data-testid='seat-{i}']",
    "option": "[data-testid='option-{name}']",
    "start": "[data-testid='start-game']",
    "saved_row": "[data-testid='saved-game']",
    "resume": "[data-testid='resume-game']",
    "delete": "[data-testid='delete-game']",
    "export": "[data-testid='export-game']",
    "import": "[data-testid='import-input']",
    "damaged": "[data-testid='saved-game-damaged']",
    # game page (web/app/gameview.js and each game's web/games/<id>/render.js)
    "action": "#game [data-testid='legal-action'][data-action]:not([disabled]):visible",
    "bid_commit": "#game [data-testid='bid-commit'][data-action]:not([disabled]):visible",
    "closed_group": "#game details.act-group:not([open]) > summary",
    "undo": "[data-testid='undo']",
    "pass_continue": "[data-testid='pass-device-continue']",
    "game_over": "[data-testid='game-over']",
    "scores": "[data-testid='final-score']",
    "error": "[data-testid='error-banner']:visible",
    "storage_warning": "[data-testid='storage-warning']",
    # embed
    "step_next": "[data-testid='step-next']",
    "step_prev": "[data-testid='step-prev']",
}


def sel(hook: str, **kw: Any) -> str:
    return T[hook].format(**kw)


def open_ready(page: Any, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    wait_not_busy(page)


def visible(page: Any, name: str) -> bool:
    loc = page.locator(sel(name))
    return loc.count() > 0 and loc.first.is_visible()


def local_storage(page: Any) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))"
    )


def saves(page: Any) -> dict[str, str]:
    """localStorage saves by save id as save texts (web/app/store.js): ``pgc.save.<id>`` unpacked, with the
    moves of its tail ``pgc.tail.<id>`` merged in (by the engine, as the page does)."""
    stored = local_storage(page)
    return {k[len("pgc.save."):]: stored_text(v, stored.get("pgc.tail." + k[len("pgc.save."):]))
            for k, v in stored.items() if k.startswith("pgc.save.")}


def unpack(value: str) -> str:
    """A stored base as its save text: a packed one (``Z1:<bytes>:`` then raw deflate, 15 bits per code
    unit from U+3000, web/app/store.js ``pack``) unpacked; anything else as it is."""
    if not value.startswith("Z1:"):
        return value
    head, _, body = value[3:].partition(":")
    n, acc, bits, out = int(head), 0, 0, bytearray()
    for ch in body:
        acc, bits = (acc << 15) | (ord(ch) - 0x3000), bits + 15
        while bits >= 8 and len(out) < n:
            bits -= 8
            out.append((acc >> bits) & 0xFF)
            acc &= (1 << bits) - 1
    return zlib.decompress(bytes(out), -15).decode("utf-8")


def stored_text(value: str, tail: str | None) -> str:
    """A stored save (its base's value and its tail's text, or None) as one save text."""
    text = unpack(value)
    if tail is None:
        return text
    args = {"sid": "tests-merge", "text": text, "tail": tail, "save": False}
    r = json.loads(webapi.call("load", json.dumps(args)))
    if not r["ok"]:
        return text
    saved = json.loads(webapi.call("save", json.dumps({"sid": "tests-merge"})))
    webapi.call("close", json.dumps({"sid": "tests-merge"}))
    original: str | None = r["result"]["load"].get("original")
    return original if original is not None else str(saved["result"]["save"])


def step(page: Any) -> str:
    """One human step on the game page: continue a pass-device screen, or click the first legal action.

    Returns "over", "continue" or "action".
    """
    wait_not_busy(page)
    if visible(page, "game_over"):
        return "over"
    if visible(page, "pass_continue"):
        page.locator(sel("pass_continue")).first.click()
        wait_not_busy(page)
        return "continue"
    before = actions_played(page)
    control = first_action_control(page)
    if control is None:
        if visible(page, "game_over"):
            return "over"
        raise AssertionError(f"no legal-action control and no game over: {describe(page)}")
    control.click()
    wait_not_busy(page)
    after = actions_played(page)
    if after is not None and before is not None and after <= before:
        raise AssertionError(
            f"clicking {control.get_attribute('data-action')} played nothing "
            f"(actions_played {before} -> {after}): {describe(page)}"
        )
    return "action"


def wait_saved(page: Any, timeout: int = 5_000) -> None:
    """Until the open game's last move is in localStorage (the page saves a move once it is idle, within
    a fraction of a second: web/app/controller.js)."""
    page.wait_for_function("() => window.pgcGame && window.pgcGame.session.unsaved === false",
                           timeout=timeout)


def first_action_control(page: Any) -> Any:
    """The first visible legal-action button; else the sealed-bid commit; else open a collapsed group."""
    for _ in range(2):
        for name in ("action", "bid_commit"):
            loc = page.locator(sel(name))
            if loc.count():
                return loc.first
        closed = page.locator(sel("closed_group"))
        if not closed.count():
            return None
        closed.first.click()
    return None


def actions_played(page: Any) -> int | None:
    """``view.actions_played`` of the open game (play.js exposes ``window.pgcGame``)."""
    return page.evaluate("() => window.pgcGame?.session?.reply?.view?.actions_played ?? null")


def view_digest(page: Any) -> str:
    """The whole current view (engine JSON) as canonical text: equal digests = same position, same viewer."""
    return page.evaluate("""() => {
        const v = window.pgcGame?.session?.reply?.view;
        const canon = (x) => Array.isArray(x) ? x.map(canon) : (x && typeof x === 'object')
            ? Object.fromEntries(Object.keys(x).sort().map(k => [k, canon(x[k])])) : x;
        return v ? JSON.stringify(canon(v)) : ''; }""")


def play_url(
    game: str,
    players: int = 2,
    seed: int = 1,
    humans: int = 1,
    bot: str = "random",
    options: dict[str, Any] | None = None,
    speed: str = "fast",
) -> str:
    """play.html?new=<settings>: seats 0..humans-1 human, the rest bots; bots instant."""
    seats = [{"kind": "human" if i < humans else bot, "name": f"P{i + 1}"} for i in range(players)]
    settings = {"game": game, "players": players, "seed": seed, "options": options or {}, "seats": seats}
    return f"play.html?new={quote(json.dumps(settings, separators=(',', ':')))}&speed={speed}"


def play_until_over(page: Any, max_steps: int = 600, deadline_s: float = 300.0) -> int:
    start = time.monotonic()
    for n in range(max_steps):
        if step(page) == "over":
            return n
        if time.monotonic() - start > deadline_s:
            raise AssertionError(f"game not over after {deadline_s:.0f} s ({n} steps): {describe(page)}")
    raise AssertionError(f"game not over after {max_steps} human steps: {describe(page)}")


def set_speed(page: Any, speed: str = "fast") -> None:
    """Bots act at once (the game page's bot-speed select; remembered as a preference)."""
    page.locator("[data-testid='bot-speed']").select_option(speed)


def saved_row(page: Any, save_id: str) -> Any:
    rows = page.locator(f"{sel('saved_row')}[data-id='{save_id}']")
    try:
        rows.first.wait_for(state="visible", timeout=15_000)
    except Exception as exc:
        raise AssertionError(f"no saved-game row for {save_id}: {describe(page)}") from exc
    return rows.first


def start_from_home(
    page: Any,
    game: str,
    players: int,
    seats: list[str],
    options: dict[str, str] | None = None,
    seed: int | None = None,
) -> None:
    """Fill the home page's new-game form and start (navigates to play.html).

    ``options``: option name -> the label of the value to pick in its select (as a player reads it).
    """
    form = page.locator(sel("new_game_form"))
    form.wait_for(state="visible")
    page.locator(sel("game_select")).select_option(game)
    page.locator(sel("players")).select_option(str(players))
    for i, kind in enumerate(seats):
        page.locator(sel("seat", i=i)).select_option(kind)
    for name, label in (options or {}).items():
        page.locator(sel("option", name=name)).select_option(label=label)
    if seed is not None:
        page.locator("[data-testid='seed-input']").fill(str(seed))
    page.locator(sel("start")).click()
    page.wait_for_url(lambda u: "play.html" in u)


def put_saves(page: Any, base_url: str, saves: dict[str, str]) -> None:
    """Write ``pgc.save.<id>`` entries from a same-origin document that does not boot the engine."""
    page.goto(f"{base_url}/build-info.json")
    page.evaluate(
        "(s) => { for (const [id, text] of Object.entries(s))"
        " localStorage.setItem('pgc.save.' + id, text); }",
        saves,
    )
