"""Issue 16: at least 50 finished full-length games fit in localStorage's 5 MB (web/app/store.js stores a
finished game's save packed), and each loads back as it was."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from pygame_core import games
from pygame_core.kernel.game import ENGINE_VERSION
from tests.browser import app
from tests.browser.support import describe

pytestmark = pytest.mark.browser

#: (game, players, options, how many): 50 games of the three playable games, the longest saves
#: (4-player Civilization, ~5,000 actions, 170-210 KB of text each) the most.
MIX = [("civilization", 4, {}, 12), ("civilization", 3, {}, 6), ("civilization", 2, {}, 6),
       ("through_the_ages", 4, {"mode": "full"}, 5), ("through_the_ages", 3, {"mode": "full"}, 4),
       ("through_the_ages", 2, {"mode": "full"}, 4),
       ("empires_end", 4, {}, 5), ("empires_end", 3, {}, 4), ("empires_end", 2, {}, 4)]
QUOTA = 5_000_000  # bytes: localStorage's 5 MB, counted as UTF-16 code units x 2 of keys and values


def finished_game(game_id: str, players: int, options: dict[str, Any], seed: int) -> str:
    """A game played to its end by random play (resigning left out while anything else is legal), with
    the seats' metadata as the game page writes it."""
    game = games.get(game_id)
    meta = {"seats": [{"kind": "random", "name": f"Bot {i + 1}"} for i in range(players)],
            "created": 1_700_000_000_000 + seed, "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=players, seed=seed, options=options, meta=meta)
    rng = random.Random(seed)
    while game.to_move(state):
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, rng.choice([a for a in legal if a["type"] != "resign"] or legal))
        state.actions_json()  # as the site does (the save's actions text grows with the game)
    assert game.is_over(state), (game_id, seed)
    return game.save(state)


@pytest.fixture(scope="module")
def fifty(request: pytest.FixtureRequest) -> list[str]:
    """The 50 saves, made once per engine and rules version (random full games of Civilization take
    seconds each on CPython) and kept in pytest's cache."""
    rules = ",".join(games.get(g).rules_version() for g in sorted({m[0] for m in MIX}))
    key = "pgc/finished50/" + hashlib.sha256(f"{ENGINE_VERSION}|{rules}|{MIX}".encode()).hexdigest()[:16]
    texts: list[str] | None = request.config.cache.get(key, None)
    if texts is None:
        texts = [finished_game(g, p, o, 1000 + 17 * i + k)
                 for i, (g, p, o, n) in enumerate(MIX) for k in range(n)]
        request.config.cache.set(key, texts)
    assert len(texts) == 50
    return texts


STORE = """async ([id, text]) => {
    const store = await import('./app/store.js');
    const { summaryEntry } = await import('./app/common.js');
    const pgc = await (await import('./runtime/boot.js')).ready;
    const r = pgc.call('load', {sid: 'fit', text});
    pgc.call('close', {sid: 'fit'});
    if (!r.ok || !r.result.view.over) return 'not a finished game: ' + JSON.stringify(r.error || '');
    const packed = await store.pack(text);
    localStorage.setItem('pgc.save.' + id, packed);
    store.setSummary(id, {...summaryEntry(r.result, JSON.parse(text)), updated: Date.now()});
    return packed.length;
}"""

USED = """() => {
    let units = 0;
    for (let i = 0; i < localStorage.length; i++) {
        const k = localStorage.key(i);
        units += k.length + localStorage.getItem(k).length;
    }
    return units * 2;
}"""

LOAD_BACK = """async ([id, sha]) => {
    const store = await import('./app/store.js');
    const pgc = await (await import('./runtime/boot.js')).ready;
    const text = (await store.read(id)).text;
    const digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))]
        .map((b) => b.toString(16).padStart(2, '0')).join('');
    const t0 = performance.now();
    const r = pgc.call('load', {sid: 'back', text, save: false});
    const ms = performance.now() - t0;
    const again = r.ok ? pgc.call('save', {sid: 'back'}) : null;
    pgc.call('close', {sid: 'back'});
    return {same: digest === sha, status: r.ok ? r.result.load.status : r.error.message,
            resaved: !!(again && again.ok && again.result.save === text), ms};
}"""


def test_fifty_finished_games_fit_in_5_mb_and_each_loads_back_as_it_was(page, base_url, fifty):
    raw = sum(len(t) for t in fifty) * 2
    app.open_ready(page, f"{base_url}/index.html")
    sizes = []
    for i, text in enumerate(fifty):
        got = page.evaluate(STORE, [f"fit{i:02d}", text])
        assert isinstance(got, int), got
        sizes.append(got)
    used = page.evaluate(USED)
    civ4 = [s for s, t in zip(sizes, fifty, strict=True) if '"game":"civilization","options":' in t
            and json.loads(t)["players"] == 4]
    biggest = max(len(t) for t in fifty)
    print(f"\n50 finished games: {raw / 1e6:.2f} MB as text (UTF-16), {used / 1e6:.3f} MB stored "
          f"(saves packed + summaries); largest save {biggest / 1024:.0f} KB of text; packed 4-player "
          f"Civilization: {min(civ4) * 2 / 1024:.1f}-{max(civ4) * 2 / 1024:.1f} KB")
    assert used <= QUOTA, f"50 finished games take {used} bytes of localStorage"
    assert raw > QUOTA, "the games are not long enough to prove anything"

    app.open_ready(page, f"{base_url}/index.html")  # a new visit: read back from storage alone
    assert page.locator(app.sel("saved_row")).count() == 50, describe(page)
    slow = 0.0
    for i, text in enumerate(fifty):
        r = page.evaluate(LOAD_BACK, [f"fit{i:02d}", hashlib.sha256(text.encode()).hexdigest()])
        assert r["same"] and r["status"] == "ok" and r["resaved"], (i, r)
        slow = max(slow, r["ms"])
    print(f"slowest load of the 50 in the page: {slow:.0f} ms")
    assert json.loads(fifty[0])["game"] == "civilization"
