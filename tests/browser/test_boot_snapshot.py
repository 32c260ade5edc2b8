"""The boot snapshot (build.py, web/runtime/pyodide-snapshot.mjs): the page really boots from it without
waiting for the stdlib zip, and a missing, damaged or mismatched snapshot falls back to a plain boot
(which does load the stdlib zip) instead of bricking the site."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import shutil
import struct
import subprocess
import zipfile
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from build import (
    BROTLI_DIR,
    NODE_MODULES,
    ROOT,
    SNAPSHOT,
    SNAPSHOT_DELTA_HEADER,
    SNAPSHOT_DELTA_JS,
    SNAPSHOT_PAGE,
    game_engine_zip,
    snapshot_delta,
    snapshot_file,
    snapshot_from_delta,
    wasm_data_segments,
)
from tests.browser import app
from tests.browser.support import describe, wait_not_busy, wait_ready

pytestmark = pytest.mark.browser
GAME = "empires_end"  # the game this file plays (its only mention of a game id)

WASM = "pyscript/pyodide/pyodide.asm.wasm"
#: The boot snapshot of this file's game, which its game pages boot from (build.py makes one per game).
OWN = snapshot_file(GAME)


def snapshot_built(site: Path) -> bool:
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    if not info.get("snapshot"):
        pytest.skip("dist/ was built with --no-snapshot")
    assert (site / SNAPSHOT).is_file(), f"build-info says snapshot but {SNAPSHOT} is missing"
    return True


STDLIB = "pyscript/pyodide/python_stdlib.zip"
#: Issue 16: a cold first visit downloads at most this much (as a brotli-compressing host sends it)
#: until the page is playable. A game page boots from its own game's snapshot, so another game does not
#: add to it.
FIRST_VISIT_BUDGET = 7_000_000

# Node's zlib brotli on stdin -> stdout (Python has no brotli module here): argv[1] "c" or "d".
BROTLI_NODE = r"""
const z = require("zlib"), chunks = [];
process.stdin.on("data", (c) => chunks.push(c)).on("end", () => {
  const data = Buffer.concat(chunks);
  process.stdout.write(process.argv[1] === "c"
    ? z.brotliCompressSync(data, {params: {[z.constants.BROTLI_PARAM_QUALITY]: 1}})
    : z.brotliDecompressSync(data));
});
"""


def compressed_sizes(files: list[Path]) -> dict[Path, int]:
    """Each file's size as a brotli host sends it, worked out (and cached) as bench/run.py does."""
    spec = importlib.util.spec_from_file_location("pgc_bench_run", ROOT / "bench" / "run.py")
    assert spec and spec.loader
    bench: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return dict(bench.compressed_sizes(files)[1])


def brotli(data: bytes, how: str) -> bytes:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    return subprocess.run([node, "-e", BROTLI_NODE, how], input=data, capture_output=True, check=True,
                          timeout=120).stdout


def snapshot_state(page: Any) -> dict[str, Any]:
    return page.evaluate("() => ({...(window.pgcSnapshot ?? {state: 'absent'})})")


def fetch_starts(page: Any, rel: str) -> list[float]:
    """When the page started fetching ``rel`` (ms since navigation), one entry per download."""
    return page.evaluate("(rel) => performance.getEntriesByType('resource')"
                         ".filter((e) => new URL(e.name).pathname.endsWith('/' + rel))"
                         ".map((e) => e.startTime)", rel)


def wait_stdlib_installed(page: Any) -> str:
    """The snapshot shim's late stdlib install finished: "same" or "other" (anything else fails).
    It waits until the player has been idle a while: the test says the page is idle now."""
    page.evaluate("window.pgcIdleNow()")
    page.wait_for_function("['same', 'other'].includes(window.pgcSnapshot.stdlib)"
                           " || String(window.pgcSnapshot.stdlib).startsWith('failed')", timeout=30_000)
    return str(snapshot_state(page)["stdlib"])


# Imports, in the page's interpreter, a stdlib module that the snapshot does not hold (only the late
# stdlib zip can provide it), and says where it came from.
LATE_IMPORT = """async () => {
  const py = await (await import('./runtime/pyodide-snapshot.mjs')).loadPyodide();
  return py.runPython(`
import sys
before = "calendar" in sys.modules
import calendar
(before, calendar.__spec__.origin, calendar.month_name[1])
`).toJs();
}"""


def assert_late_import_works(page: Any) -> None:
    before, origin, january = page.evaluate(LATE_IMPORT)
    assert before is False, "the snapshot holds calendar: pick another module for this test"
    assert origin.startswith("/lib/python") and ".zip" in origin, origin
    assert january == "January"


def play_a_few(page: Any, steps: int = 6) -> None:
    wait_not_busy(page)
    before = app.actions_played(page)
    assert before is not None, describe(page)
    for _ in range(steps):
        if app.step(page) == "over":
            break
    after = app.actions_played(page)
    assert after is not None and after > before, describe(page)


# Records every state of the boot progress indicator (web/runtime/boot.js) while the page boots.
PROGRESS_PROBE = """
window.__progress = [];
new MutationObserver(() => {
  const root = document.getElementById('boot-progress');
  const bar = root && root.querySelector('progress');
  if (!root || !bar) return;
  const last = window.__progress[window.__progress.length - 1];
  const value = bar.getAttribute('value') === null ? null : bar.value;
  const now = {step: root.dataset.step, value, max: bar.max};
  if (!last || JSON.stringify(last) !== JSON.stringify(now)) window.__progress.push(now);
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def progress_log(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("window.__progress")


def assert_download_bar_filled(page: Any, expected: int) -> None:
    """The bar's total is the build's byte count, it reaches it, then says "Starting Python"."""
    log = progress_log(page)
    downloads = [p for p in log if p["step"] == "download" and p["value"] is not None]
    assert downloads, log
    assert {p["max"] for p in downloads if p["value"] > 0} == {expected}, log
    assert downloads[-1]["value"] == expected, log
    assert any(p["step"] == "python" for p in log), log


def fresh_page(contexts: Any, site: Path, progress: bool = False) -> tuple[Any, list[str]]:
    """A page in a fresh context of a site built with its snapshots, and the URLs it fetches (with the
    boot's progress probe where ``progress``)."""
    snapshot_built(site)
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    if progress:
        page.add_init_script(PROGRESS_PROBE)
    fetched: list[str] = []
    page.on("requestfinished", lambda r: fetched.append(r.url))
    return page, fetched


def test_game_page_boots_from_the_snapshot_and_plays_a_whole_game(contexts, base_url, site: Path):
    page, fetched = fresh_page(contexts, site, progress=True)
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=1)}")
    wait_ready(page)
    until_ready = list(fetched)
    assert snapshot_state(page)["state"] == "used", (snapshot_state(page), warnings)
    assert snapshot_state(page)["snapshot"] == OWN.rsplit("/", 1)[1], snapshot_state(page)
    # the snapshot of this game, and no other (neither another game's nor the one of no game)
    snapshots = [u for u in fetched if ".snap" in u]
    assert snapshots == [f"{base_url}/{OWN}"], snapshots
    # the snapshot is rebuilt from the wasm's bytes, yet the wasm is downloaded once (Pyodide gets a clone)
    assert len(fetch_starts(page, WASM)) == 1, fetch_starts(page, WASM)
    assert sum(u.endswith("/" + WASM) for u in fetched) == 1, fetched
    assert not [w for w in warnings if "snapshot" in w.lower()], warnings
    # the engine was imported at build time: main.py found it loaded
    assert page.evaluate("window.pgcEngineLoadMs") < 50
    assert info["snapshot_bytes"] == (site / SNAPSHOT).stat().st_size
    assert info["game_snapshot_bytes"][GAME] == (site / OWN).stat().st_size
    assert_download_bar_filled(
        page, info["boot_download_bytes"] - info["snapshot_bytes"] + info["game_snapshot_bytes"][GAME])
    # the stdlib zip is not on the snapshot's boot path: not fetched while the player plays, but once
    # after the engine answered and the player was idle for a while
    ready_at = page.evaluate("window.pgcReadyAt")
    assert snapshot_state(page)["stdlib"] == "pending", snapshot_state(page)
    assert fetch_starts(page, STDLIB) == []
    assert wait_stdlib_installed(page) == "same", snapshot_state(page)
    starts = fetch_starts(page, STDLIB)
    assert len(starts) == 1 and starts[0] > ready_at, (starts, ready_at)
    assert_late_import_works(page)
    app.play_until_over(page)
    # the <head> preloads were all used (Chromium warns about unused ones a few seconds after load)
    assert not [w for w in warnings if "preload" in w.lower()], warnings
    # issue 16: what a cold first visit downloads until ready, as a brotli host sends it (the
    # snapshot and the zips count raw), stays within the budget; the brotli decoder included
    files = [site / urlparse(u).path.lstrip("/") for u in until_ready if u.startswith(base_url)]
    assert site / BROTLI_DIR / "brotli_dec_wasm_bg.wasm" in files, until_ready
    sizes = compressed_sizes(sorted({f for f in files if f.is_file()}))
    total = sum(sizes.get(f, 0) for f in files)
    assert total <= FIRST_VISIT_BUDGET, (total, {str(f): sizes.get(f) for f in files})


# What the page's interpreter holds right after ready, before the player was idle: the heuristic bots
# and the games imported, the engine zip's webapi.py, PyScript.
AFTER_READY = """async () => {
  const py = await (await import('./runtime/pyodide-snapshot.mjs')).loadPyodide();
  return py.runPython(`
import os, sys, zipfile
heuristics = sorted(m for m in sys.modules if m.startswith("pygame_core.") and m.endswith(".heuristic"))
games = sorted({m.split(".")[2] for m in sys.modules if m.startswith("pygame_core.games.")})
with open("pygame_core/webapi.py", "rb") as f:
    webapi = f.read()
(heuristics, games, len(webapi), "pyscript" in sys.modules)
`).toJs();
}"""


def test_the_snapshot_boot_is_direct_inflated_in_a_worker_with_the_engine_files_and_its_bots(
        contexts, base_url, site: Path):
    """Boot speed (issue 16): boot.js boots the interpreter module itself (PyScript's start-up is not on the
    way: core.js is not even fetched), the snapshot is inflated in a worker, the engine zip is unpacked
    by the page (its files are there, byte for byte, once ready) and the game's heuristic bot is in the
    snapshot (imported at build time, not compiled from source at a bot's first move: this game has no
    bot seat, so only the snapshot can hold it); no other game is (each has its own snapshot)."""
    page, fetched = fresh_page(contexts, site)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=2)}")  # no bot: none imported
    wait_ready(page)
    state = snapshot_state(page)
    assert state["state"] == "used" and state.get("worker") is True, state
    assert state.get("decodeMs", 0) > 0, state
    assert state.get("stampMs") is not None, state  # the worker checked the sha256 stamp
    pyscript = [u for u in fetched if "/pyscript/" in u and "/pyscript/pyodide/" not in u]
    assert pyscript == [], pyscript
    heuristics, imported, webapi_size, pyscript_loaded = page.evaluate(AFTER_READY)
    with zipfile.ZipFile(site / "pygame_core.zip") as z:
        assert webapi_size == len(z.read("pygame_core/webapi.py"))
        assert not [n for n in z.namelist() if n.startswith(f"pygame_core/games/{GAME}/")]
    with zipfile.ZipFile(site / game_engine_zip(GAME)) as z:  # the game's sources: its own zip
        assert f"pygame_core/games/{GAME}/heuristic.py" in z.namelist()
    # the engine zip and this game's, no other game's
    zips = sorted(u for u in fetched if u.endswith(("/pygame_core.zip", "/engine.zip")))
    assert zips == sorted([f"{base_url}/pygame_core.zip", f"{base_url}/{game_engine_zip(GAME)}"]), zips
    assert heuristics == [f"pygame_core.games.{GAME}.heuristic"], heuristics
    assert imported == [GAME], imported
    assert pyscript_loaded is False
    play_a_few(page)


def test_the_boot_starts_in_the_head_with_the_snapshot_worker_before_the_stylesheets(
        contexts, base_url, site: Path):
    """Boot speed (issue 16 §3): every engine page's <head> runs runtime/pick-snapshot.js after its
    preload links and before its stylesheets (a classic script waits for the stylesheets before it; the
    links after it would wait for it); that script starts the snapshot worker, whose own module loads
    then overlap the rest, and runtime/boot.js itself, which starts the snapshot shim at once; the shim
    adopts that worker (pgcSnapshot.headWorker)."""
    snapshot_built(site)
    for name in ("play.html", "embed.html", "index.html"):
        head = (site / name).read_text(encoding="utf-8").split("</head>")[0]
        at = head.index('<script src="./runtime/pick-snapshot.js">')
        assert '<link rel="stylesheet"' not in head[:at], name
        assert "<link" not in head[at:].replace('<link rel="stylesheet"', ""), name
        assert '<link rel="modulepreload" href="./runtime/boot.js">' in head[:at], name
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=2)}")
    wait_ready(page)
    state = snapshot_state(page)
    assert state["state"] == "used" and state.get("worker") is True, state
    assert state.get("headWorker") is True, state
    assert page.evaluate("window.pgcBootSnapshot.interpreter") == f"{base_url}/runtime/pyodide-snapshot.mjs"
    play_a_few(page, 2)


MARKS = "() => performance.getEntriesByType('mark').map((m) => m.name)"


def test_the_snapshot_worker_downloads_the_snapshot_itself(contexts, base_url, site: Path):
    """Boot speed (issue 16 §3): the worker that inflates the snapshot downloads it too (the page's own
    thread, busy starting the page, handed it the chunks late): the file comes once, and not through the
    page's thread (its resource timing has no entry for it); the download bar still counts it."""
    page, fetched = fresh_page(contexts, site, progress=True)
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=2)}")
    wait_ready(page)
    state = snapshot_state(page)
    assert state["state"] == "used" and state.get("fetchedBy") == "worker", state
    assert [u for u in fetched if ".snap" in u] == [f"{base_url}/{OWN}"], fetched
    assert fetch_starts(page, OWN) == [], fetch_starts(page, OWN)
    assert_download_bar_filled(
        page, info["boot_download_bytes"] - info["snapshot_bytes"] + info["game_snapshot_bytes"][GAME])
    play_a_few(page, 2)


def test_pyodide_is_created_before_the_snapshot_is_in(contexts, base_url, site: Path):
    """Boot speed (issue 16 §3): Pyodide's module (its wasm instantiated, linked and started) is created
    from the snapshot's size alone, which runtime/pick-snapshot.js knows, not once the snapshot is
    inflated: with no snapshot at all it is still created (then the page boots without the snapshot)."""
    snapshot_built(site)
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    page.route(f"**/{OWN}", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=2)}")
    wait_ready(page)
    assert snapshot_state(page)["state"] == "fallback", snapshot_state(page)
    assert "pgc:pyodide-created" in page.evaluate(MARKS)
    play_a_few(page, 2)


def test_a_snapshot_of_another_size_than_announced_falls_back_to_a_plain_boot(
        contexts, base_url, site: Path):
    """The size runtime/pick-snapshot.js announces sizes Pyodide's memory before the snapshot is in; a
    snapshot that turns out another size is refused (a plain boot), never restored into the wrong memory."""
    snapshot_built(site)
    picker = (site / "runtime" / "pick-snapshot.js").read_text(encoding="utf-8")
    sizes = json.loads(picker.split("const SIZES = ", 1)[1].split(";", 1)[0])
    wrong = picker.replace(f'"{GAME}": {sizes[GAME]}', f'"{GAME}": {sizes[GAME] + 65536}')
    assert wrong != picker
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    page.route("**/runtime/pick-snapshot.js",
               lambda route: route.fulfill(status=200, body=wrong, content_type="text/javascript"))
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=2)}")
    wait_ready(page)
    state = snapshot_state(page)
    assert state["state"] == "fallback" and "size" in state.get("reason", ""), (state, warnings)
    play_a_few(page, 2)


GAMES_IMPORTED = """async () => {
  const py = await (await import('./runtime/pyodide-snapshot.mjs')).loadPyodide();
  return py.runPython(`sorted({m.split(".")[2] for m in __import__("sys").modules
                              if m.startswith("pygame_core.games.")})`).toJs();
}"""


def test_the_home_page_boots_with_no_game_and_a_saved_game_reopens_from_its_game_s_snapshot(
        contexts, base_url, site: Path):
    """The snapshot of no game (build.py's SNAPSHOT: the kernel and the catalog) serves the home page:
    the catalog names every game and imports none; a game imports there when asked (from the engine
    zip). A game page opened by a saved game's id (play.html?save=ID) boots from that game's snapshot,
    which runtime/pick-snapshot.js finds in the save's stored summary."""
    snapshot_built(site)
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=5, humans=2)}")
    wait_ready(page)
    play_a_few(page, 2)
    page.wait_for_function("new URLSearchParams(location.search).has('save')")
    save_id = page.evaluate("new URLSearchParams(location.search).get('save')")
    page.wait_for_function("(id) => JSON.parse(localStorage.getItem('pgc.sum.' + id) || '{}').game",
                           arg=save_id, timeout=30_000)
    fetched: list[str] = []
    page.on("requestfinished", lambda r: fetched.append(r.url))
    page.goto(f"{base_url}/play.html?save={save_id}")
    wait_ready(page)
    assert snapshot_state(page)["state"] == "used", snapshot_state(page)
    assert [u for u in fetched if ".snap" in u] == [f"{base_url}/{OWN}"], fetched
    assert page.evaluate(GAMES_IMPORTED) == [GAME]

    fetched.clear()
    page.goto(f"{base_url}/index.html")
    wait_ready(page)
    assert snapshot_state(page)["state"] == "used", snapshot_state(page)
    assert [u for u in fetched if ".snap" in u] == [f"{base_url}/{SNAPSHOT}"], fetched
    assert page.evaluate(GAMES_IMPORTED) == []
    listed = json.loads((site / "build-info.json").read_text(encoding="utf-8"))["game_snapshot_bytes"]
    # the home page plays no game: every game's sources, for a saved game it loads
    zips = sorted(u for u in fetched if u.endswith(("/pygame_core.zip", "/engine.zip")))
    assert zips == sorted([f"{base_url}/pygame_core.zip",
                           *(f"{base_url}/{game_engine_zip(g)}" for g in listed)]), zips
    catalog = page.evaluate("window.pgc.call('catalog', {}).result.games"
                            ".filter((g) => g.listed).map((g) => g.id)")
    assert sorted(catalog) == sorted(listed) and GAME in catalog, (catalog, listed)
    assert page.evaluate(GAMES_IMPORTED) == []
    made = page.evaluate(f"window.pgc.call('new', {{sid: 't', game: '{GAME}', players: 2, seed: 1}}).ok")
    assert made is True
    assert page.evaluate(GAMES_IMPORTED) == [GAME]


def corrupt_flip(data: bytes, _site: Path) -> bytes:
    """One byte of the compressed stream changed: the brotli decoder or the sha256 stamp must catch it."""
    i = len(data) // 2
    return data[:i] + bytes([data[i] ^ 0xFF]) + data[i + 1 :]


def changed(data: bytes, at: int, restamp: bool = False) -> bytes:
    """A well-formed brotli stream of the delta with the byte at ``at`` (of the inflated file) changed;
    with ``restamp``, its sha256 stamp made again to match (a file that is not damaged, only wrong)."""
    raw = bytearray(brotli(data, "d"))
    raw[at if at >= 0 else len(raw) + at] ^= 0xFF
    if restamp:
        raw[16:48] = hashlib.sha256(raw[SNAPSHOT_DELTA_HEADER:]).digest()
    return brotli(bytes(raw), "c")


def damaged_heap(data: bytes, _site: Path) -> bytes:
    """A byte of the heap past the wasm's static data changed (no checksum of the delta covers it):
    the sha256 stamp must catch it (brotli itself has no checksum)."""
    return changed(data, -4096)


def pyodide_header_at(raw: bytes) -> int:
    """Where Pyodide's own snapshot header starts in the inflated delta (after the run table)."""
    runs = struct.unpack_from("<I", raw, SNAPSHOT_DELTA_HEADER + 4)[0]
    return SNAPSHOT_DELTA_HEADER + 8 + 8 * runs


def other_build(data: bytes, _site: Path) -> bytes:
    """Pyodide's snapshot header (after the delta's own and its run table) names another Pyodide build
    (BUILD_ID at its bytes 16-47)."""
    return changed(data, pyodide_header_at(brotli(data, "d")) + 20, restamp=True)


def other_wasm(data: bytes, _site: Path) -> bytes:
    """A heap byte inside the wasm's static data changed, as if the delta were made against another
    pyodide.asm.wasm: the rebuild's checksum must refuse it (Pyodide would not notice)."""
    raw = brotli(data, "d")
    at = pyodide_header_at(raw)
    xor_end = struct.unpack_from("<I", raw, 8)[0]
    first, count = struct.unpack_from("<2I", raw, SNAPSHOT_DELTA_HEADER + 8)  # the first kept run
    assert first * SNAPSHOT_PAGE < xor_end, "the first kept page is past the static data"
    heap = at + struct.unpack_from("<I", raw, at + 4)[0]  # the first kept page's first byte
    inside = min(count * SNAPSHOT_PAGE, xor_end - first * SNAPSHOT_PAGE)  # its bytes of static data
    return changed(data, heap + inside // 2, restamp=True)


def not_a_delta(data: bytes, site: Path) -> bytes:
    """A plain Pyodide snapshot (the format before the delta, no delta header)."""
    return brotli(snapshot_from_delta(brotli(data, "d"), (site / WASM).read_bytes()), "c")


CASES = {
    "missing": None,
    "truncated": lambda d, _site: d[: len(d) // 3],
    "flipped-byte": corrupt_flip,
    "damaged-heap": damaged_heap,
    "other-pyodide-build": other_build,
    "other-wasm": other_wasm,
    "not-a-delta": not_a_delta,
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_snapshot_falls_back_to_a_plain_boot(contexts, base_url, site: Path, case: str):
    snapshot_built(site)
    info = json.loads((site / "build-info.json").read_text(encoding="utf-8"))
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    page.add_init_script(PROGRESS_PROBE)
    how = CASES[case]
    if how is None:
        page.route(f"**/{OWN}", lambda route: route.fulfill(status=404, body="not here"))
    else:
        bad = how((site / OWN).read_bytes(), site)
        page.route(f"**/{OWN}",
                   lambda route: route.fulfill(status=200, body=bad, content_type="application/octet-stream"))
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=8, humans=2)}")
    wait_ready(page)
    state = snapshot_state(page)
    assert state["state"] == "fallback", (state, warnings)
    assert state.get("reason"), state
    assert any("snapshot not used" in w for w in warnings), warnings
    if case == "damaged-heap":  # caught by the sha256 stamp, not by brotli
        assert "sha256" in state["reason"], state
    if case == "other-wasm":  # a well-stamped file: caught by the rebuild's checksum
        assert "checksum" in state["reason"], state
    if case == "other-pyodide-build":  # a well-stamped file: caught by Pyodide's BUILD_ID check
        assert "build id" in state["reason"].lower(), state
    # the plain boot loads the stdlib zip before Python starts, as Pyodide always does
    ready_at = page.evaluate("window.pgcReadyAt")
    assert [t for t in fetch_starts(page, STDLIB) if t < ready_at], fetch_starts(page, STDLIB)
    assert "stdlib" not in state, state  # no late install on this path
    if case == "missing":  # the snapshot's bytes are replaced by the stdlib zip's once it is known missing
        assert_download_bar_filled(
            page, info["boot_download_bytes"] - info["snapshot_bytes"] + info["stdlib_bytes"])
    play_a_few(page)


def test_a_host_that_inflates_the_snapshot_itself_is_understood(contexts, base_url, site: Path):
    """A host serving the .br with "Content-Encoding: br" hands the page the inflated delta: its magic
    number tells, and the page boots from it without decoding it again."""
    snapshot_built(site)
    raw = brotli((site / OWN).read_bytes(), "d")
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    page.route(f"**/{OWN}",
               lambda route: route.fulfill(status=200, body=raw, content_type="application/octet-stream"))
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=8, humans=2)}")
    wait_ready(page)
    state = snapshot_state(page)
    assert state["state"] == "used", state
    assert "decodeMs" not in state, state
    play_a_few(page)


def test_another_stdlib_zip_arriving_after_a_snapshot_boot_is_used_for_later_imports(
        contexts, base_url, site: Path):
    """The stock (source-only) stdlib zip instead of the .pyc one the snapshot was made on: the snapshot
    boot does not depend on it; once it arrives, zipimport reads ITS directory, not the heap's stale one."""
    snapshot_built(site)
    ctx, _guard = contexts.new()
    page = ctx.new_page()
    stock = (NODE_MODULES / "pyodide" / "python_stdlib.zip").read_bytes()
    # on the context: once the service worker controls the page, the late fetch is the worker's
    ctx.route(f"**/{STDLIB}",
               lambda route: route.fulfill(status=200, body=stock, content_type="application/zip"))
    page.goto(f"{base_url}/{app.play_url(GAME, players=2, seed=8, humans=2)}")
    wait_ready(page)
    assert snapshot_state(page)["state"] == "used", snapshot_state(page)
    assert wait_stdlib_installed(page) == "other", snapshot_state(page)
    assert_late_import_works(page)
    play_a_few(page)


# The page's decoder (web/runtime/snapshot-delta.mjs, as shipped) run in Node on the shipped files:
# prints the sha256 of the snapshot it rebuilds and the one build.py stamped in the file (of the full
# snapshot it made the delta of), whether the file's own stamp held, or the error.
REBUILD = r"""
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
const [module, br, wasm] = process.argv.slice(1);
const { rebuildSnapshot, checkStamp, HEADER } = await import(pathToFileURL(module).href);
const delta = new Uint8Array(brotliDecompressSync(readFileSync(br)));
const stamp = Buffer.from(delta.subarray(48, HEADER)).toString("hex");
try {
  const stamped = await checkStamp(delta);
  const snap = rebuildSnapshot(delta, new Uint8Array(readFileSync(wasm)));
  const got = createHash("sha256").update(snap).digest("hex");
  console.log(JSON.stringify({ stamp, stamped, got, size: snap.length, inflated: delta.length }));
} catch (err) {
  console.log(JSON.stringify({ stamp, error: err.message }));
}
"""


def rebuild_in_node(site: Path, br: Path, wasm: Path) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--input-type=module", "-e", REBUILD, str(site / SNAPSHOT_DELTA_JS),
                           str(br), str(wasm)], capture_output=True, text=True, check=True, timeout=120)
    return dict(json.loads(done.stdout))


def test_the_page_decoder_rebuilds_the_saved_snapshot_and_refuses_another_wasm(site: Path, tmp_path: Path):
    """Byte for byte (the sha256 of the full snapshot, stamped by build.py before it made the delta); the
    same delta against a wasm with one changed data byte is refused by the checksum."""
    snapshot_built(site)
    good = rebuild_in_node(site, site / SNAPSHOT, site / WASM)
    assert "error" not in good, good
    assert good["stamped"] is True, good
    assert good["got"] == good["stamp"], good
    assert good["size"] > 16_000_000, good  # a whole heap, not a stub
    assert good["inflated"] < good["size"] / 2, good  # its all-zero pages left out
    wasm = bytearray((site / WASM).read_bytes())
    biggest = max((seg for _, seg in wasm_data_segments(bytes(wasm))), key=len)
    at = wasm.find(biggest) + len(biggest) // 2  # a byte of the wasm's static data
    wasm[at] ^= 0x20
    other = tmp_path / "other.wasm"
    other.write_bytes(bytes(wasm))
    bad = rebuild_in_node(site, site / SNAPSHOT, other)
    assert "checksum" in bad.get("error", ""), bad


def test_the_shipped_delta_round_trips_through_build_s_encoder_and_decoder(site: Path):
    """build.py's snapshot_from_delta (the page's rebuild, in Python) gives back the snapshot the delta
    was made of (the sha256 build.py stamped), and snapshot_delta makes the very same file of it again:
    the sparse encoder and the decoder invert each other on the shipped file."""
    snapshot_built(site)
    wasm = (site / WASM).read_bytes()
    for name in (SNAPSHOT, OWN):
        delta = brotli((site / name).read_bytes(), "d")
        full = snapshot_from_delta(delta, wasm)
        assert hashlib.sha256(full).digest() == delta[48:SNAPSHOT_DELTA_HEADER]
        assert snapshot_delta(full, wasm) == delta, name
