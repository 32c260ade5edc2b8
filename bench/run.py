#!/usr/bin/env python3
"""pygame_core benchmark: boot time vs bare Pyodide, click-to-redraw latency, random games per second.

usage: .venv/bin/python bench/run.py [--pairs 7] [--clicks 100] [--games 20] [--only boot,click,games,long]
                                    [--base OTHER_DIST]

Prints a human table on stderr and ONE JSON report on stdout. Speed targets are printed and
compared, never asserted (the exit status is 0 whatever the numbers). Needs a built ``dist/``
(``python3 build.py``), ``node_modules/pyodide`` (``npm ci``) and Debian's ``/usr/bin/chromium``.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import importlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # siteserver.py: the one static server (build.py serve, bench, tests)

from siteserver import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from siteserver import StaticServer as Server  # noqa: E402

BENCH = ROOT / "bench"
DIST = Path(os.environ.get("PGC_DIST", ROOT / "dist")).resolve()
PRISTINE_PYODIDE = Path(os.environ.get("PGC_NODE_MODULES", ROOT / "node_modules")) / "pyodide"
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
#: The game measured: --game, default the first listed game of the engine (the bench names no game).
GAME = ""
#: The game's options (--options JSON, e.g. '{"mode":"full"}') for every part; {} = its defaults.
OPTIONS: dict[str, Any] = {}
#: Action types the random policies of `games` and `long` leave out when they can (--exclude).
EXCLUDE: list[str] = []
TARGETS = {"boot_ratio_max": 0.5, "first_visit_until_idle_bytes_max": 7_000_000,
           "click_p95_ms_max": 16.0, "bot_decision_ms_max": 1000.0,
           "long_undo_p95_ms_max": 5.0, "long_task_ms_max": 50.0}
READY_TIMEOUT_MS = 120_000

# Records when <html data-ready="true"> appears, in performance.now() ms since navigation start.
READY_PROBE = """
(() => {
  const mark = () => {
    const html = document.documentElement;
    if (window.__benchReadyAt === undefined && html?.getAttribute('data-ready') === 'true')
      window.__benchReadyAt = performance.now();
  };
  new MutationObserver(mark)
    .observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
  mark();
})();
"""


# ---------------------------------------------------------------- helpers


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    s = sorted(values)
    k = max(0, min(len(s) - 1, int(round(p / 100 * len(s) + 0.5)) - 1))
    return s[k]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "min": round(min(values), 1),
        "median": round(statistics.median(values), 1),
        "max": round(max(values), 1),
    }


def log(*args: Any) -> None:
    print(*args, file=sys.stderr, flush=True)


class Browser:
    """One Chromium for the whole run; fresh guarded context per page load."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self.pw = sync_playwright().start()
        self.browser = self.pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.outside: list[str] = []
        self.page_errors: list[str] = []

    def context(self, route: bool = True) -> Any:
        """A fresh context. ``route``: every request goes through a guard that aborts anything outside
        127.0.0.1 (Playwright routing turns Chromium's HTTP cache off); without it the HTTP cache works
        as in a real browser, the resolver rule still stops outside hosts and a listener records them."""
        ctx = self.browser.new_context()

        def outside(url: str) -> bool:
            return urlparse(url).hostname != "127.0.0.1" and not url.startswith("data:")

        def guard(route: Any) -> None:
            if not outside(route.request.url):
                route.continue_()
            else:
                self.outside.append(route.request.url)
                route.abort()

        if route:
            ctx.route("**/*", guard)
        else:
            ctx.on("request", lambda r: self.outside.append(r.url) if outside(r.url) else None)
        ctx.on("page", lambda p: p.on("pageerror", lambda e: self.page_errors.append(f"{p.url}: {e}")))
        return ctx

    def close(self) -> None:
        self.browser.close()
        self.pw.stop()


READY_MODE = {"mode": "data-ready"}


#: The boot's timeline: the first of each performance mark the runtime sets ("pgc:*", web/runtime/) and
#: the first render ("pgc-render"), in ms since navigation.
TIMELINE = """() => {
  const out = {};
  for (const m of performance.getEntriesByType('mark'))
    if ((m.name.startsWith('pgc:') || m.name === 'pgc-render') && !(m.name in out)) out[m.name] = m.startTime;
  return out;
}"""


def find_ready(page: Any, timeout: int = READY_TIMEOUT_MS) -> dict[str, Any]:
    """data-ready mode: <html data-ready="true"> (page rendered); pgc mode: window.pgcReadyAt / readyAt."""
    if READY_MODE["mode"] == "pgc":
        page.wait_for_function(
            "(window.pgcReadyAt ?? window.readyAt) !== undefined", timeout=timeout, polling=50
        )
        return page.evaluate(
            "() => ({ready: window.pgcReadyAt ?? window.readyAt, pgcReadyAt: window.pgcReadyAt ?? null})"
        )
    page.wait_for_selector("html[data-ready='true']", state="attached", timeout=timeout)
    return page.evaluate("""() => ({ready: window.__benchReadyAt ?? performance.now(),
                                     pgcReadyAt: window.pgcReadyAt ?? window.readyAt ?? null})""")


# ---------------------------------------------------------------- page bytes

#: Already compressed: a host serves these as they are (no Content-Encoding), so they count raw.
PRECOMPRESSED = (".gz", ".zip", ".png", ".jpg", ".jpeg", ".webp", ".woff2", ".br")
_NODE_BROTLI = """
const z = require("zlib"), fs = require("fs"), q = z.constants.BROTLI_PARAM_QUALITY;
const out = {};
for (const f of JSON.parse(fs.readFileSync(0, "utf8")))
  out[f] = z.brotliCompressSync(fs.readFileSync(f), {params: {[q]: 11}}).length;
process.stdout.write(JSON.stringify(out));
"""


#: Compressed sizes already worked out, by sha256 of the file (brotli q11 of a 10 MB wasm takes a
#: minute on a busy machine): {"<how>": {"<sha256>": size}}.
SIZE_CACHE = ROOT / ".build-cache" / "bench-compressed-sizes.json"


def compressed_sizes(files: list[Path]) -> tuple[str, dict[Path, int]]:
    """Size of each file as a compressing host serves it: brotli quality 11 (Python's `brotli` if
    installed, else Node's zlib), gzip -9 if neither is there; files in PRECOMPRESSED stay raw."""
    todo = sorted({f for f in files if not f.name.endswith(PRECOMPRESSED)})
    sizes = {f: f.stat().st_size for f in files}
    digest = {f: hashlib.sha256(f.read_bytes()).hexdigest() for f in todo}
    try:
        cache: dict[str, dict[str, int]] = json.loads(SIZE_CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cache = {}

    def cached(how: str, work: Any) -> tuple[str, dict[Path, int]]:
        known = cache.setdefault(how, {})
        missing = [f for f in todo if digest[f] not in known]
        if missing:
            known.update({digest[f]: n for f, n in work(missing).items()})
            try:
                SIZE_CACHE.parent.mkdir(exist_ok=True)
                SIZE_CACHE.write_text(json.dumps(cache), encoding="utf-8")
            except OSError:
                pass
        sizes.update({f: known[digest[f]] for f in todo})
        return how, sizes

    try:
        brotli = importlib.import_module("brotli")
        return cached("brotli q11 (python brotli)",
                      lambda fs: {f: len(brotli.compress(f.read_bytes(), quality=11)) for f in fs})
    except ImportError:
        pass

    def node(fs: list[Path]) -> dict[Path, int]:
        done = subprocess.run(["node", "-e", _NODE_BROTLI], input=json.dumps([str(f) for f in fs]),
                              capture_output=True, text=True, check=True).stdout
        return {Path(f): n for f, n in json.loads(done).items()}

    try:
        return cached("brotli q11 (node zlib)", node)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return cached("gzip -9 (no brotli: neither python brotli nor node found)",
                      lambda fs: {f: len(gzip.compress(f.read_bytes(), 9)) for f in fs})


def traffic_bytes(entries: list[dict[str, Any]], root: Path, sizes: dict[Path, int]) -> dict[str, Any]:
    """What the server sent for ``entries`` (bodies only): raw, and as a compressing host sends it
    (``sizes``; a 304 sends no body), with every file of 100 KB or more one by one."""
    files: dict[str, dict[str, int]] = {}
    for e in entries:
        rel = e["path"].lstrip("/") or "index.html"
        f = files.setdefault(rel, {"raw": 0, "compressed": 0, "full": 0, "not_modified": 0})
        f["raw"] += e["bytes"]
        if e["status"] == 304:
            f["not_modified"] += 1
        elif e["bytes"]:
            f["full"] += 1
            f["compressed"] += sizes.get(root / rel, e["bytes"])
    return {
        "requests": len(entries),
        "not_modified": sum(f["not_modified"] for f in files.values()),
        "raw": sum(f["raw"] for f in files.values()),
        "compressed": sum(f["compressed"] for f in files.values()),
        "big_files": {k: v for k, v in sorted(files.items(), key=lambda kv: -kv[1]["raw"])
                      if v["raw"] >= 100_000},
    }


#: The first visit's phases: until the page is ready; then PLAYABLE_S of play (no input is given, but
#: a page must download nothing more before its idle moment); then the idle tasks (window.pgcIdleNow,
#: else the page's own timing) until the service worker has cached the build and the wire is quiet.
PLAYABLE_S = 4.0
QUIET_S = 3.0
FIRST_VISIT_TIMEOUT_S = 180.0


def first_visit_bytes(br: Browser, site: Server, page_path: str, root: Path) -> dict[str, Any]:
    """Every byte the server sends on a first visit (a fresh context with Chromium's HTTP cache on, as
    a real browser has it), the service worker's included, counted by the server itself. siteserver.py
    answers like an ordinary static host: Last-Modified, If-Modified-Since -> 304, no-cache."""
    assert site.traffic is not None, "the site server must record its traffic"
    site.traffic.clear()
    ctx = br.context(route=False)
    try:
        page = ctx.new_page()
        page.add_init_script(READY_PROBE)
        t0 = time.monotonic()
        page.goto(f"{site.url}/{page_path}")
        find_ready(page)
        t_ready = time.monotonic()
        time.sleep(PLAYABLE_S)
        t_play = time.monotonic()
        page.evaluate("() => { globalThis.pgcIdleNow?.(); }")
        deadline = t_play + FIRST_VISIT_TIMEOUT_S
        offline = None
        while time.monotonic() < deadline:
            offline = page.evaluate("""async () => ({state: globalThis.pgcOffline ?? null,
                controlled: !!navigator.serviceWorker?.controller,
                cached: (await Promise.all((await caches.keys()).map(async (k) =>
                    (await (await caches.open(k)).keys()).length))).reduce((a, b) => a + b, 0)})""")
            last = max((e["t"] for e in site.traffic), default=t0)
            settled = offline["state"] in ("ready", "unsupported") or (
                offline["state"] is None and offline["controlled"])
            if settled and time.monotonic() - last >= QUIET_S:
                break
            time.sleep(0.5)
        t_end = time.monotonic()
    finally:
        ctx.close()
    entries = list(site.traffic)
    site_files = [p for p in root.rglob("*") if p.is_file()]
    how, sizes = compressed_sizes(site_files)
    return {
        "compression": how,
        "method": "server-side count of response bodies, fresh context with the HTTP cache on; "
                  f"playable = {PLAYABLE_S:.0f} s after ready with no input; then window.pgcIdleNow() "
                  f"and wait for the service worker's cache and {QUIET_S:.0f} s without a request",
        "until_ready": traffic_bytes([e for e in entries if e["t"] <= t_ready], root, sizes),
        "until_idle": traffic_bytes([e for e in entries if e["t"] <= t_play], root, sizes),
        "whole_visit": traffic_bytes(entries, root, sizes),
        "seconds": {"ready": round(t_ready - t0, 2), "whole_visit": round(t_end - t0, 2)},
        "offline_state": offline,
        "site": {"files": len(site_files), "raw": sum(p.stat().st_size for p in site_files),
                 "compressed": sum(sizes.values())},
    }


# ---------------------------------------------------------------- 1. boot A/B


def stage_bare(tmp: Path) -> Path:
    """bench-only folder: bare.html + an untouched copy of the npm Pyodide (never written into dist/)."""
    if not PRISTINE_PYODIDE.is_dir():
        raise SystemExit(f"{PRISTINE_PYODIDE} missing: run `npm ci` (build.py does it)")
    folder = tmp / "bare"
    (folder / "pyodide").mkdir(parents=True)
    shutil.copy2(BENCH / "bare.html", folder / "bare.html")
    for name in PYODIDE_FILES:
        shutil.copy2(PRISTINE_PYODIDE / name, folder / "pyodide" / name)
    return folder


def pyodide_version() -> str | None:
    try:
        return json.loads((PRISTINE_PYODIDE / "package.json").read_text())["version"]
    except OSError:
        return None


def load_now() -> float:
    """The machine's 1-minute load average (shared machine: reported beside every figure)."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return -1.0


def bench_boot(br: Browser, site: Server, bare: Server, page_path: str, pairs: int,
               site_root: Path | None = None, base: Server | None = None,
               base_root: Path | None = None) -> dict[str, Any]:
    """Cold boots, alternating: bare Pyodide and the site (and, with ``base``, a previous build of the
    site: each round runs bare, base, site, the next one site, base, bare)."""
    urls = {"bare": f"{bare.url}/bare.html", "site": f"{site.url}/{page_path}"}
    if base is not None:
        urls["base"] = f"{base.url}/{page_path}"
    kinds = [k for k in ("bare", "base", "site") if k in urls]

    def load(kind: str) -> dict[str, Any]:
        ctx = br.context()
        try:
            page = ctx.new_page()
            page.add_init_script(READY_PROBE)
            page.goto(urls[kind])
            got = find_ready(page)
            if kind != "bare":
                got["timeline"] = page.evaluate(TIMELINE)
            return got
        finally:
            ctx.close()

    for kind in kinds:  # one throw-away warm-up load each (OS file cache, Chromium start-up)
        load(kind)
    runs: dict[str, list[float]] = {k: [] for k in kinds}
    loads: list[float] = []
    pgc: list[float] = []
    timelines: dict[str, list[dict[str, float]]] = {k: [] for k in kinds if k != "bare"}
    pair_ratios: list[float] = []
    base_ratios: list[float] = []
    for i in range(pairs):
        order = kinds if i % 2 == 0 else kinds[::-1]  # AB, BA, AB, ... balanced
        got: dict[str, float] = {}
        for kind in order:
            loads.append(load_now())
            r = load(kind)
            got[kind] = r["ready"]
            if kind in timelines:
                timelines[kind].append({**r["timeline"], "data-ready": r["ready"]})
            if kind == "site" and r["pgcReadyAt"] is not None:
                pgc.append(r["pgcReadyAt"])
        for kind in kinds:
            runs[kind].append(got[kind])
        pair_ratios.append(got["site"] / got["bare"])
        if base is not None:
            base_ratios.append(got["site"] / got["base"])
        log(
            f"  boot round {i + 1}/{pairs} ({''.join(k[0].upper() for k in order)}): "
            + ", ".join(f"{k} {got[k]:.0f} ms" for k in kinds)
            + f", site/bare {got['site'] / got['bare']:.2f}"
            + (f", site/base {got['site'] / got['base']:.2f}" if base is not None else "")
            + f", load {loads[-1]:.2f}"
        )
    med = {k: statistics.median(v) for k, v in runs.items()}
    out: dict[str, Any] = {
        "page": page_path,
        "metric": (
            "performance.now() when <html data-ready='true'> appears (ms since navigation)"
            if READY_MODE["mode"] == "data-ready"
            else "window.pgcReadyAt (bare: window.readyAt)"
        ),
        "pairs": pairs,
        "order": "alternating " + "/".join(["".join(k[0].upper() for k in kinds),
                                            "".join(k[0].upper() for k in kinds[::-1])])
                 + ", fresh browser context per run, cold cache",
        "load_average_1min": summary(loads),
        "bare_ms": summary(runs["bare"]),
        "site_ms": summary(runs["site"]),
        "site_pgcReadyAt_ms": summary(pgc) if pgc else None,
        "raw": {k: [round(v, 1) for v in runs[k]] for k in kinds},
        "ratio_of_medians": round(med["site"] / med["bare"], 3),
        "median_pair_ratio": round(statistics.median(pair_ratios), 3),
        "target_ratio_max": TARGETS["boot_ratio_max"],
        "meets_target": med["site"] / med["bare"] <= TARGETS["boot_ratio_max"],
    }
    # median time of each step of the boot (web/runtime's performance marks), earliest first
    for kind, rows in timelines.items():
        names = {name for row in rows for name in row}
        medians = {name: round(statistics.median([row[name] for row in rows if name in row]), 1)
                   for name in names}
        out[f"{kind}_timeline_median_ms"] = dict(sorted(medians.items(), key=lambda kv: kv[1]))
    if base is not None:
        out["base_ms"] = summary(runs["base"])
        out["base_ratio_of_medians"] = round(med["base"] / med["bare"], 3)
        out["site_vs_base_ratio_of_medians"] = round(med["site"] / med["base"], 3)
        out["site_vs_base_median_pair_ratio"] = round(statistics.median(base_ratios), 3)
    if site_root is not None and site.traffic is not None:
        log("  first visit: counting every byte the server sends (page and service worker)")
        out["load_average_1min_at_bytes"] = load_now()
        out["bytes"] = first_visit_bytes(br, site, page_path, site_root)
        out["bytes"]["meets_target"] = (out["bytes"]["until_idle"]["compressed"]
                                        <= TARGETS["first_visit_until_idle_bytes_max"])
        if base is not None and base_root is not None and base.traffic is not None:
            out["base_bytes"] = first_visit_bytes(br, base, page_path, base_root)
    return out


# ---------------------------------------------------------------- 2. click-to-redraw

# Installed in the game page. One sample = click one control, then wait for the redraw:
#  - "render" = the front end's own performance mark after its render, if it makes one;
#  - "dom"    = the last DOM mutation of that update (MutationObserver), after the page is no longer busy;
#  - "frame"  = the first animation frame after the DOM was updated (what the user can see at the earliest).
CLICK_PROBE = """
// a control a player can click where it is drawn: an HTML control that is rendered, or a drawn target
// (e.g. an SVG square) whose centre hits it and lies in the window (not panned out of sight)
const benchVisible = (el) => {
  if (!el || el.disabled) return false;
  if (el instanceof HTMLElement) return el.offsetParent !== null;
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width <= 0 || r.height <= 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit));
};
window.__benchPickN = 0;
window.__benchPick = (afterSelect) => {
  // what a player would click next: pass-the-device continue, else (every other pick, or right after a
  // selection, if the game draws any) a drawn target it marks [data-bench=target], else the first visible
  // enabled legal action, else (none visible, e.g. while a selection shows its choices) a drawn target
  const vis = benchVisible;
  const cont = document.querySelector("[data-testid='pass-device-continue']");
  if (vis(cont)) return {kind: 'continue', selector: "[data-testid='pass-device-continue']"};
  const over = document.querySelector("[data-testid='game-over']");
  if (over && !over.hidden) return {kind: 'over'};
  document.querySelectorAll('[data-bench-next]').forEach((el) => el.removeAttribute('data-bench-next'));
  const n = window.__benchPickN++;
  const target = () => {
    let targets = [...document.querySelectorAll("#game [data-bench='target']")];
    if (targets.length && !targets.some(vis)) {
      // none in the window (e.g. a phone's map below the fold): scroll as a player would, untimed
      targets[0].scrollIntoView({block: 'center', inline: 'center'});
    }
    targets = targets.filter(vis);
    if (!targets.length) return null;
    targets[Math.floor(n / 2) % targets.length].setAttribute('data-bench-next', '1');
    return {kind: 'target', selector: '[data-bench-next]'};
  };
  if (n % 2 === 0 || afterSelect) {
    const t = target();
    if (t) return t;
  }
  for (const d of document.querySelectorAll('#game details.act-group:not([open])')) d.open = true;
  const acts = [...document.querySelectorAll(
    "#game [data-testid='legal-action'][data-action], #game [data-testid='choice-action'][data-action], "
    + "#game [data-testid='bid-commit'][data-action]")];
  const i = acts.findIndex(vis);
  if (i < 0) return target() || {kind: 'none'};
  acts[i].setAttribute('data-bench-next', '1');
  return {kind: 'action', selector: '[data-bench-next]'};
};
// after the page's own work for an input: the next animation frame, then a task posted from it, which runs
// once that frame's style, layout and paint are done on the main thread
const benchAfterFrame = () => new Promise((resolve) => requestAnimationFrame(() => {
  const tRaf = performance.now();
  const ch = new MessageChannel();
  ch.port1.onmessage = () => resolve({tRaf, tDone: performance.now()});
  ch.port2.postMessage(0);
}));
// one pan or zoom sample on the board the game marks [data-bench=pan] (an <svg> it pans and zooms):
// a synthetic pointer drag step or wheel notch at the board's centre, timed to the end of the next frame
window.__benchPanZoom = async (what, step) => {
  const board = document.querySelector("#game [data-bench='pan']");
  if (!board) return null;
  window.__benchNote(what, null);
  let r = board.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) {  // bring the board into the window first (untimed)
    board.scrollIntoView({block: 'center'});
    await benchAfterFrame();
    r = board.getBoundingClientRect();
  }
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  const ptr = (type, x, y) => new PointerEvent(type, {bubbles: true, cancelable: true, composed: true,
    pointerId: 7, pointerType: 'mouse', isPrimary: true, button: 0, buttons: type === 'pointerup' ? 0 : 1,
    clientX: x, clientY: y});
  let t0, tSync;
  if (what === 'pan') {
    // a drag already under way (first step: press and move past the click slop, untimed)
    if (!window.__benchDrag) {
      board.dispatchEvent(ptr('pointerdown', cx, cy));
      board.dispatchEvent(ptr('pointermove', cx + 8, cy + 6));
      window.__benchDrag = {x: cx + 8, y: cy + 6};
      await benchAfterFrame();
    }
    const d = window.__benchDrag;
    d.x += step; d.y += step * 0.6;
    t0 = performance.now();
    board.dispatchEvent(ptr('pointermove', d.x, d.y));
    tSync = performance.now();
  } else {
    if (window.__benchDrag) {
      board.dispatchEvent(ptr('pointerup', window.__benchDrag.x, window.__benchDrag.y));
      window.__benchDrag = null;
      await benchAfterFrame();
    }
    t0 = performance.now();
    board.dispatchEvent(new WheelEvent('wheel', {bubbles: true, cancelable: true, clientX: cx, clientY: cy,
                                                 deltaY: step, deltaMode: 0}));
    tSync = performance.now();
  }
  const f = await benchAfterFrame();
  return {input: tSync - t0, paint: f.tDone - f.tRaf, redraw: (tSync - t0) + (f.tDone - f.tRaf),
          frame: f.tDone - t0, viewBox: board.getAttribute('viewBox')};
};
window.__benchDragEnd = () => {
  const d = window.__benchDrag;
  const board = document.querySelector("#game [data-bench='pan']");
  if (d && board) board.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, pointerId: 7,
    pointerType: 'mouse', isPrimary: true, clientX: d.x, clientY: d.y}));
  window.__benchDrag = null;
};
// long tasks (main-thread tasks over 50 ms, PerformanceObserver 'longtask'), each given to the click it
// followed: the last one started before it (its kind and number in the run), or 'load' before the first
window.__benchClicks = [];
window.__benchLong = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLong.push({start: e.startTime, ms: e.duration});
  }).observe({type: 'longtask', buffered: true});
  window.__benchLongOK = true;
} catch (e) { window.__benchLongOK = false; }
window.__benchNote = (kind, i) => { window.__benchClicks.push({t0: performance.now(), kind, i}); };
window.__benchLongTasks = () => new Promise((resolve) => setTimeout(() => {
  // (the observer's callback runs after the task it reports: one task later, all are in)
  const clicks = window.__benchClicks;
  resolve({ok: window.__benchLongOK, tasks: window.__benchLong.map((t) => {
    let c = null;
    for (const k of clicks) if (k.t0 <= t.start + 1) c = k;
    return {ms: t.ms, after: c ? c.kind : 'load', click: c ? c.i : null,
            since_click_ms: c ? t.start - c.t0 : null};
  })});
}, 0));
window.__benchEngineMs = 0;
window.__benchStorageMs = 0;
{
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    const t = performance.now();
    try { return setItem.call(this, k, v); } finally { window.__benchStorageMs += performance.now() - t; }
  };
}
const benchWrapEngine = () => {
  // time inside the engine (pgc.call: JS -> Python -> JSON) during a click, via play.js's window.pgcGame
  const session = window.pgcGame && window.pgcGame.session;
  if (!session || session.pgc.__bench) return;
  const gv = window.pgcGame.view;
  const render = gv.render.bind(gv);
  window.__benchRenders = 0;
  window.__benchRenderTotalMs = 0;
  gv.render = (...a) => {
    const t = performance.now();
    window.__benchRenders += 1;
    try { return render(...a); } finally { window.__benchRenderTotalMs += performance.now() - t; }
  };
  const inner = session.pgc;
  session.pgc = {__bench: true, call(method, args) {
    const t = performance.now();
    try { return inner.call(method, args); } finally { window.__benchEngineMs += performance.now() - t; }
  }};
};
window.__benchClick = async (selector, renderMark, i) => {
  window.__benchNote('click', i);
  performance.mark('bench-click:' + i); // for --cpu (a Chromium trace): where click i begins
  // a pointer focuses what it presses (the control, or its focusable ancestor such as a map <svg>) at
  // mousedown, a moment before the click: untimed here, but what the redraw then has to keep or move
  const pressed = document.querySelector(selector);
  const focusable = pressed && pressed.closest('button, a[href], input, select, textarea, [tabindex]');
  if (focusable && document.activeElement !== focusable) {
    focusable.focus({preventScroll: true});
    await benchAfterFrame();
  }
  return benchClickTimed(selector, renderMark);
};
const benchClickTimed = (selector, renderMark) => new Promise((resolve, reject) => {
  benchWrapEngine();
  const engineBefore = window.__benchEngineMs;
  const storageBefore = window.__benchStorageMs;
  const rendersBefore = window.__benchRenders || 0;
  const renderTotalBefore = window.__benchRenderTotalMs || 0;
  const el = document.querySelector(selector);
  if (!el) { reject(new Error('no element ' + selector)); return; }
  let lastMutation = null;
  const mo = new MutationObserver(() => { lastMutation = performance.now(); });
  mo.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  const marksBefore = renderMark ? performance.getEntriesByName(renderMark, 'mark').length : 0;
  const t0 = performance.now();
  if (el instanceof HTMLElement) el.click();
  else el.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  const tClickReturned = performance.now();
  const deadline = t0 + 20000;
  const check = () => {
    const busy = document.documentElement.getAttribute('data-busy') === 'true';
    if (lastMutation !== null && !busy) {
      mo.disconnect();
      let tRender = null;
      if (renderMark) {
        const marks = performance.getEntriesByName(renderMark, 'mark');
        if (marks.length > marksBefore) tRender = marks[marks.length - 1].startTime;
      }
      const rm = document.querySelector('[data-render-ms]');
      const tDom = lastMutation;
      benchAfterFrame().then((f) => resolve({dom: tDom - t0, sync: tClickReturned - t0,
                                           frame: f.tRaf - t0, paint: f.tDone - f.tRaf,
                                           redraw: tDom - t0 + (f.tDone - f.tRaf),
                                           render: tRender === null ? null : tRender - t0,
                                           renderMs: rm ? Number(rm.dataset.renderMs) : null,
                                           engine: window.__benchEngineMs - engineBefore,
                                           storage: window.__benchStorageMs - storageBefore,
                                           renders: (window.__benchRenders || 0) - rendersBefore,
                                           renderTotal: (window.__benchRenderTotalMs || 0)
                                                        - renderTotalBefore}));
      return;
    }
    if (performance.now() > deadline) { mo.disconnect(); reject(new Error('no redraw within 20 s')); return; }
    setTimeout(check, 0);
  };
  queueMicrotask(check);
});
"""


CLICK_WHAT = "(s) => { const e = document.querySelector(s); return e ? e.textContent.slice(0, 40) : null; }"
CLICK_STATE = """() => {
  const s = window.pgcGame && window.pgcGame.session;
  const v = s && s.reply && s.reply.view;
  return {busy: document.documentElement.getAttribute('data-busy'), canUndo: s ? s.canUndo() : null,
          thinking: s ? s.thinking : null, passTo: s ? s.passTo : null, viewer: s ? s.viewer : null,
          seat: v ? v.seat : null, can_undo: v ? v.can_undo : null, over: v ? v.over : null,
          token: s && s.reply ? s.reply.token : null};
}"""


def find_render_mark() -> str | None:
    """The name of a performance.mark the front end sets after rendering, if any (read from web/app/*.js)."""
    import re

    for js in sorted((ROOT / "web").rglob("*.js")):
        text = js.read_text(encoding="utf-8", errors="replace")
        for m in re.finditer(r"performance\.mark\(\s*[\"'`]([^\"'`]+)[\"'`]", text):
            if "render" in m.group(1) or "draw" in m.group(1):
                return m.group(1)
    return None


def hotseat_url(players: int, seed: int) -> str:
    from urllib.parse import quote

    settings = {
        "game": GAME,
        "players": players,
        "seed": seed,
        "options": OPTIONS,
        "seats": [{"kind": "human", "name": f"P{i + 1}"} for i in range(players)],
    }
    return f"play.html?new={quote(json.dumps(settings, separators=(',', ':')))}&speed=fast"


def played_save(players: int, seed: int, actions: int) -> str:
    """A save of ``GAME`` (``OPTIONS``, all seats human) after ``actions`` random actions (seeded; action
    types in ``EXCLUDE`` left out when another is legal), or fewer if the game ends first."""
    import random

    from pygame_core import games

    game = games.get(GAME)
    meta = {"seats": [{"kind": "human", "name": f"P{i + 1}"} for i in range(players)], "created": 1,
            "lang": "en", "app": "pygame_core-web"}
    state = game.new_game(players=players, seed=seed, options=OPTIONS, meta=meta)
    rng = random.Random(seed)
    while len(state.history) < actions:
        seats = game.to_move(state)
        if not seats:
            break
        legal = game.legal_actions(state, seats[0])
        pool = [a for a in legal if a["type"] not in EXCLUDE] or legal
        after = game.apply(state, seats[0], rng.choice(pool))
        if not game.to_move(after):
            break  # keep a position where someone still moves
        state = after
    return game.save(state)


def bench_click(br: Browser, site: Server, samples: int, page_path: str | None,
                pan_samples: int = 40, viewport: tuple[int, int] = (1366, 768),
                at: int = 0, undo: bool = True, cpu: bool = False) -> dict[str, Any]:
    """An all-human hotseat game on the game page: every click is one sample.

    After each action the same seat undoes it (if it may) and takes it again, so actions and undos
    alternate; pass-the-device "continue" clicks are redraws too and counted apart. A finished game
    starts a new one (new seed). Every other pick is a target the game draws and marks
    ``[data-bench=target]`` (e.g. a square of an SVG map), if there is one in sight: ``target`` when the
    click played an action (the engine was called), ``select`` when it only narrowed the choice.
    With ``at`` > 0 the first game is a saved one after ``at`` random actions (a later, fuller
    position: ``played_save``), opened with ``play.html?save=``. Then, on the last position,
    ``pan_samples`` drag steps and as many wheel notches on the board the game marks
    ``[data-bench=pan]`` (if any), each timed to the end of the next frame. With ``undo`` False, no undo:
    the game goes on, with more turns and so more pass-the-device continues. With ``cpu``, the clicks run
    under a Chromium trace, and each click's longest main-thread task is also given in CPU time
    (``cpu_tasks``: the thread's own time, which other processes on the machine do not lengthen)."""
    mark = find_render_mark()
    undo_sel = "[data-testid='undo']:not([disabled])"
    res: dict[str, dict[str, list[float]]] = {}
    render_ms: list[float] = []
    engine_ms: list[float] = []
    storage_ms: list[float] = []
    renders: list[int] = []
    render_total_ms: list[float] = []
    kinds: list[str] = []
    long_tasks: list[dict[str, Any]] = []
    trail: list[tuple[str, Any]] = []
    seed = 1
    ctx = br.context()
    try:
        page = ctx.new_page()
        # a hotseat undo that takes back another seat's moves asks first (confirm): the player says yes
        page.on("dialog", lambda d: d.accept())
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.add_init_script(CLICK_PROBE)
        if cpu:
            br.browser.start_tracing(page=page, categories=["toplevel", "blink.user_timing"])
        if at > 0:
            page.goto(f"{site.url}/build-info.json")  # same origin, does not boot the engine
            page.evaluate("(t) => localStorage.setItem('pgc.save.bench-at', t)", played_save(2, seed, at))
        while len(kinds) < samples:
            first = at > 0 and seed == 1 and not kinds
            url = "play.html?save=bench-at&speed=fast" if first else page_path or hotseat_url(2, seed)
            if kinds:  # the game before (it ended): its long tasks
                long_tasks += page_long_tasks(page, kinds)
            page.goto(f"{site.url}/{url}")
            find_ready(page)
            wait_idle(page)
            last = None
            while len(kinds) < samples:
                if undo and last == "action" and page.locator(undo_sel).count():
                    kind, selector = "undo", undo_sel
                else:
                    pick = page.evaluate("(s) => window.__benchPick(s)", last == "select")
                    kind, selector = pick["kind"], pick.get("selector")
                    if kind == "over":
                        break
                    if kind == "none":
                        seen = page.evaluate(SEEN_CONTROLS)
                        raise RuntimeError("no legal-action control, no pass-device button, no game over "
                                           f"after {len(kinds)} clicks; the page shows {seen}")
                if kind == "continue":
                    # a player takes a moment to hand the device over, and the page fetches the next seat's
                    # view in that idle time (Session.preparePass): wait for it, untimed, as a hand-over takes
                    page.wait_for_function("() => { const s = window.pgcGame && window.pgcGame.session;"
                                           " return !s || !s.passReady || s.passReady(); }",
                                           timeout=PASS_IDLE_MS, polling=20)
                trail.append((kind, page.evaluate(CLICK_WHAT, selector)))
                try:
                    r = page.evaluate("([s, m, i]) => window.__benchClick(s, m, i)",
                                      [selector, mark, len(kinds)])
                except Exception as e:  # say which click, on what, so a stuck page can be reproduced
                    seen = page.evaluate(SEEN_CONTROLS)
                    state = page.evaluate(CLICK_STATE)
                    raise RuntimeError(f"click {len(kinds)} ({kind}, {selector}) in game seed {seed}: {e}; "
                                       f"the page shows {seen}; {state}; last clicks {trail[-6:]}") from e
                if kind == "target" and not r["engine"]:
                    kind = "select"  # the click narrowed the choice (a figure picked), nothing played
                for k in ("dom", "redraw", "paint", "frame", "sync", "render"):
                    if r[k] is not None:
                        res.setdefault(kind, {}).setdefault(k, []).append(r[k])
                        res.setdefault("all", {}).setdefault(k, []).append(r[k])
                if r["renderMs"] is not None:
                    render_ms.append(r["renderMs"])
                engine_ms.append(r["engine"])
                storage_ms.append(r["storage"])
                renders.append(r["renders"])
                render_total_ms.append(r["renderTotal"])
                kinds.append(kind)
                last = "action" if kind == "target" else kind
                wait_idle(page)
            seed += 1
        trace = br.browser.stop_tracing() if cpu else None
        pan = bench_pan_zoom(page, pan_samples)
        long_tasks += page_long_tasks(page, kinds)
    finally:
        ctx.close()
    allres = res["all"]
    primary = "render" if len(allres.get("render", [])) == len(kinds) else "dom"
    out: dict[str, Any] = {
        "page": page_path or "play.html?new=<2 human seats>&speed=fast",
        "start_after_random_actions": at,
        "undo": undo,
        "viewport": f"{viewport[0]}x{viewport[1]}",
        "samples": len(kinds),
        "clicks": {k: kinds.count(k) for k in ("action", "target", "select", "undo", "continue")},
        "render_mark": mark,
        "primary_metric": primary,
    }
    for k in ("render", "dom", "redraw", "paint", "frame", "sync"):
        if allres.get(k):
            out[k + "_ms"] = {
                "p50": round(pct(allres[k], 50), 2),
                "p95": round(pct(allres[k], 95), 2),
                "max": round(max(allres[k]), 2),
            }
    out["by_kind_" + primary + "_ms"] = {
        kind: {
            "n": len(v[primary]),
            "p50": round(pct(v[primary], 50), 2),
            "p95": round(pct(v[primary], 95), 2),
        }
        for kind, v in res.items()
        if kind != "all" and v.get(primary)
    }
    if render_ms:
        out["frontend_render_ms"] = {
            "p50": round(pct(render_ms, 50), 2),
            "p95": round(pct(render_ms, 95), 2),
            "note": "GameView.render() duration as the page records it (data-render-ms)",
        }
    out["engine_ms"] = {"p50": round(pct(engine_ms, 50), 2), "p95": round(pct(engine_ms, 95), 2),
                        "note": "time inside pgc.call (JS -> Python -> JSON) per click"}
    out["storage_ms"] = {"p50": round(pct(storage_ms, 50), 2), "p95": round(pct(storage_ms, 95), 2),
                         "note": "time inside localStorage.setItem per click (saves + index)"}
    out["render_calls_ms"] = {"p50": round(pct(render_total_ms, 50), 2),
                              "p95": round(pct(render_total_ms, 95), 2),
                              "calls_per_click_mean": round(statistics.mean(renders), 2),
                              "note": "all GameView.render() calls of one click, summed"}
    out["by_kind_redraw_ms"] = {
        kind: {"n": len(v["redraw"]), "p50": round(pct(v["redraw"], 50), 2),
               "p95": round(pct(v["redraw"], 95), 2)}
        for kind, v in res.items() if kind != "all" and v.get("redraw")
    }
    out["by_kind_sync_ms"] = {  # how long the click's own task ran (element.click() returning)
        kind: {"n": len(v["sync"]), "p50": round(pct(v["sync"], 50), 2), "p95": round(pct(v["sync"], 95), 2),
               "max": round(max(v["sync"]), 2)}
        for kind, v in res.items() if kind != "all" and v.get("sync")
    }
    p95 = out[primary + "_ms"]["p95"]
    out.update(
        {"target_p95_ms_max": TARGETS["click_p95_ms_max"], "meets_target": p95 < TARGETS["click_p95_ms_max"]}
    )
    if pan:
        out["pan_zoom"] = pan
        out["meets_target"] = out["meets_target"] and all(
            v["redraw_ms"]["p95"] < TARGETS["click_p95_ms_max"] for v in pan.values())
    out["long_tasks"] = long_task_summary(long_tasks)
    if trace is not None:
        out["cpu_tasks"] = cpu_task_summary(trace, kinds)
    return out


def cpu_task_summary(trace: bytes, kinds: list[str]) -> dict[str, Any]:
    """From a Chromium trace of the clicks: each click's longest task on the page's main thread (from the
    click's ``bench-click:i`` mark to the next one: the click, the frames and idle work after it, and the
    bench's own probing between clicks), in thread CPU time (``tdur``) and wall time (``dur``). On a loaded
    machine the wall time of a task grows with the load; its CPU time much less, so A/B runs at different
    loads compare. Per kind of click: p50/p95/max of that longest task, and how many exceed 50 ms CPU."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    marks: list[tuple[float, int, Any, Any]] = []
    for e in events:
        name = e.get("name", "")
        if name.startswith("bench-click:") and e.get("ph") in ("R", "I", "i", "n", "b"):
            marks.append((e["ts"], int(name.split(":")[1]), e.get("pid"), e.get("tid")))
    marks.sort()
    threads = {(m[2], m[3]) for m in marks}
    tasks = sorted((e["ts"], e["dur"], e.get("tdur", e["dur"])) for e in events
                   if e.get("ph") == "X" and e.get("name") in ("ThreadControllerImpl::RunTask", "RunTask")
                   and (e.get("pid"), e.get("tid")) in threads)
    if not marks or not tasks:
        return {"note": "no click marks or tasks in the trace"}
    per: dict[str, list[tuple[float, float]]] = {}
    j = 0
    for n, (ts, i, _, _) in enumerate(marks):
        end = marks[n + 1][0] if n + 1 < len(marks) else float("inf")
        while j < len(tasks) and tasks[j][0] + tasks[j][1] < ts:
            j += 1
        mine = [t for t in tasks[j:] if t[0] < end]
        if mine and i < len(kinds):
            longest = max(mine, key=lambda t: t[2])
            per.setdefault(kinds[i], []).append((longest[2] / 1000, longest[1] / 1000))
    by = {
        kind: {"n": len(v), "cpu_p50": round(pct([c for c, _ in v], 50), 1),
               "cpu_p95": round(pct([c for c, _ in v], 95), 1), "cpu_max": round(max(c for c, _ in v), 1),
               "wall_max": round(max(w for _, w in v), 1), "over_50ms_cpu": sum(c > 50 for c, _ in v)}
        for kind, v in per.items()
    }
    return {"note": "each click's longest main-thread task, thread CPU ms (and wall), Chromium trace",
            "by_click": by, "over_50ms_cpu": sum(v["over_50ms_cpu"] for v in by.values()),
            "longest_cpu_ms": max(v["cpu_max"] for v in by.values())}


def page_long_tasks(page: Any, kinds: list[str]) -> list[dict[str, Any]]:
    """The page's long tasks so far (CLICK_PROBE's observer), each with the kind of the click it followed
    (``kinds[i]``: action, target, select, undo, continue), ``pan``/``zoom``, or ``load`` (before the first
    click of this page: boot and the first render, not play)."""
    got = page.evaluate("() => window.__benchLongTasks()")
    if not got["ok"]:
        return [{"unsupported": True}]
    for t in got["tasks"]:
        if t["after"] == "click":
            t["after"] = kinds[t["click"]] if t["click"] < len(kinds) else "click"
    return list(got["tasks"])


def long_task_summary(tasks: list[dict[str, Any]]) -> dict[str, Any]:
    """Long tasks of one run: during play (after a click, pan or zoom) and apart at load; count, longest,
    and per kind of click they followed."""
    if any(t.get("unsupported") for t in tasks):
        return {"note": "this browser does not report 'longtask' entries"}
    play = [t for t in tasks if t["after"] != "load"]
    load = [t for t in tasks if t["after"] == "load"]
    by: dict[str, list[float]] = {}
    for t in play:
        by.setdefault(t["after"], []).append(t["ms"])
    return {
        "during_play": len(play),
        "longest_ms": round(max((t["ms"] for t in play), default=0.0), 1),
        "total_ms": round(sum(t["ms"] for t in play), 1),
        "by_click": {k: {"n": len(v), "longest_ms": round(max(v), 1)} for k, v in sorted(by.items())},
        "at_load": len(load),
        "longest_at_load_ms": round(max((t["ms"] for t in load), default=0.0), 1),
        "list": [{"ms": round(t["ms"], 1), "after": t["after"], "click": t["click"],
                  "since_click_ms": None if t["since_click_ms"] is None else round(t["since_click_ms"], 1)}
                 for t in sorted(play, key=lambda t: -t["ms"])[:20]],
        "target_max_ms": TARGETS["long_task_ms_max"],
        "meets_target": not play,
        "note": "main-thread tasks over 50 ms (PerformanceObserver 'longtask'), each with the click it "
                "followed (after: its kind, click: its number in the run, since_click_ms: from that "
                "click's start); "
                "list = the 20 longest during play; at_load = before the first click of a page (boot)",
    }


# ---------------------------------------------------------------- 2b. a move's whole cost


# Probes of one move on the game page: the click (element.click(): the engine's reply and the redraw),
# the engine calls inside it, then the page's idle save (Session.flush: the engine's "journal" or "save"
# call and the storage writes), the time inside localStorage writes and the UTF-16 units written.
MOVE_PROBE = """
(() => {
  const acc = {storage: 0, units: 0, engine: 0, calls: {}};
  window.__mc = acc;
  const set = Storage.prototype.setItem, rm = Storage.prototype.removeItem;
  Storage.prototype.setItem = function (k, v) {
    const t = performance.now();
    try { return set.call(this, k, v); } finally {
      acc.storage += performance.now() - t; acc.units += String(k).length + String(v).length;
    }
  };
  Storage.prototype.removeItem = function (k) {
    const t = performance.now();
    try { return rm.call(this, k); } finally { acc.storage += performance.now() - t; }
  };
  window.__mcInstall = () => {
    const s = window.pgcGame.session, door = s.pgc, flush = s.flush.bind(s);
    s.pgc = {call(m, a) {  // the engine door is frozen: the session gets a timed one
      const t = performance.now();
      try { return door.call(m, a); } finally {
        const d = performance.now() - t; acc.engine += d; acc.calls[m] = (acc.calls[m] || 0) + d;
      }
    }};
    window.__mcFlushes = [];
    s.flush = (...args) => {
      const before = {storage: acc.storage, units: acc.units, engine: acc.engine};
      const t = performance.now();
      try { return flush(...args); } finally {
        window.__mcFlushes.push({ms: performance.now() - t, storage: acc.storage - before.storage,
          units: acc.units - before.units, engine: acc.engine - before.engine, full: !!args[0]});
      }
    };
  };
  const shown = (el) => !!el && el.getClientRects().length > 0 && !el.closest('[hidden]');
  window.__mcMove = () => {
    const cont = document.querySelector("[data-testid='pass-device-continue']");
    if (shown(cont)) { cont.click(); return {kind: 'continue'}; }
    let el = null;
    for (let k = 0; k < 2 && !el; k++) {
      el = [...document.querySelectorAll("#game [data-testid='legal-action'][data-action]:not([disabled])")]
        .find(shown) || null;
      if (!el) {
        const closed = document.querySelector('#game details.act-group:not([open]) > summary');
        if (!closed) break;
        closed.click();
      }
    }
    if (!el) return {kind: document.querySelector("[data-testid='game-over']") ? 'over' : 'none'};
    window.__mcFlushes = [];
    const e0 = acc.engine, s0 = acc.storage;
    const t = performance.now();
    el.click();
    return {kind: 'move', click: performance.now() - t, reply: acc.engine - e0, storage: acc.storage - s0};
  };
})();
"""


def bench_movecost(br: Browser, site: Server, players: int, runs: int, moves: int,
                   lengths: tuple[int, ...] = (30, 300, 3000)) -> dict[str, Any]:
    """A move's whole cost at ``lengths`` actions: an all-human hotseat game of ``GAME`` opened from a save
    after that many seeded random actions (``played_save``, ``players`` seats), then ``moves`` clicks on the
    first legal-action control, each timed in the page: ``click`` (``element.click()``: the engine's reply
    and the redraw), ``reply`` (the engine calls inside it), ``save`` (the page's idle save after it,
    ``Session.flush``: engine and storage), ``storage`` (inside localStorage writes, click and save) and the
    UTF-16 units written; ``total`` = click + save. ``runs`` fresh pages per length; each run's median
    per move, then the median of the runs. Apart: ``snapshot``, the whole save the page stores when it is
    hidden or idle for a while (``flush(true)``), once per run."""
    out: dict[str, Any] = {"players": players, "runs": runs, "moves_per_run": moves, "lengths": {}}
    for at in lengths:
        text = played_save(players, 1, at)
        actions = len(json.loads(text)["actions"])
        per_run: list[dict[str, float]] = []
        snaps: list[dict[str, float]] = []
        load = os.getloadavg()
        for _ in range(runs):
            ctx = br.context()
            try:
                page = ctx.new_page()
                page.add_init_script(MOVE_PROBE)
                page.goto(f"{site.url}/build-info.json")
                page.evaluate("(t) => localStorage.setItem('pgc.save.bench-mc', t)", text)
                page.goto(f"{site.url}/play.html?save=bench-mc&speed=fast")
                find_ready(page)
                wait_idle(page)
                page.wait_for_function("() => window.pgcGame.session.unsaved === false", timeout=60_000)
                page.evaluate("() => window.__mcInstall()")
                rows: list[dict[str, float]] = []
                while len(rows) < moves:
                    r = page.evaluate("() => window.__mcMove()")
                    if r["kind"] in ("over", "none"):
                        break
                    wait_idle(page)
                    if r["kind"] != "move":
                        continue
                    page.wait_for_function("() => window.pgcGame.session.unsaved === false", timeout=60_000)
                    fl = page.evaluate("() => window.__mcFlushes")
                    save = sum(f["ms"] for f in fl)
                    rows.append({"click": r["click"], "reply": r["reply"], "save": save,
                                 "storage": r["storage"] + sum(f["storage"] for f in fl),
                                 "units": sum(f["units"] for f in fl), "total": r["click"] + save})
                    time.sleep(0.05)  # the page's idle work after a save (replies worked out ahead)
                if rows:
                    per_run.append({k: statistics.median(x[k] for x in rows) for k in rows[0]})
                page.evaluate("() => { window.__mcFlushes = []; window.pgcGame.session.flush(true); }")
                fl = page.evaluate("() => window.__mcFlushes")
                if fl:
                    snaps.append({"ms": fl[0]["ms"], "storage": fl[0]["storage"], "units": fl[0]["units"]})
            finally:
                ctx.close()
        if not per_run:
            out["lengths"][str(at)] = {"error": "no move was played"}
            continue
        row: dict[str, Any] = {"actions": actions, "save_kb": round(len(text) / 1024, 1),
                               "loadavg": [round(x, 2) for x in load]}
        for k in per_run[0]:
            vals = [r[k] for r in per_run]
            row[k + ("" if k == "units" else "_ms")] = {"median": round(statistics.median(vals), 2),
                                                         "runs": [round(v, 2) for v in vals]}
        if snaps:
            row["snapshot"] = {k: round(statistics.median(s[k] for s in snaps), 2) for k in snaps[0]}
        out["lengths"][str(at)] = row
    meds = [v["total_ms"]["median"] for v in out["lengths"].values() if "total_ms" in v]
    if meds:
        out["flatness"] = round(max(meds) / max(min(meds), 1e-9), 2)
        out["meets_target"] = out["flatness"] <= 2.0
    out["target"] = "a move's total (click + idle save) within 2x from the shortest game to the longest"
    return out


def bench_pan_zoom(page: Any, samples: int) -> dict[str, Any]:
    """Drag steps (``pan``) and wheel notches (``zoom``, in then out) on the board the game marks
    ``[data-bench=pan]``, each timed in the page from the synthetic event to the end of the next frame."""
    if samples <= 0 or not page.evaluate("() => !!document.querySelector(\"#game [data-bench='pan']\")"):
        return {}
    out: dict[str, Any] = {}
    for what in ("pan", "zoom"):
        rows = []
        for i in range(samples):
            # pan: 12 px steps, back and forth; zoom: 100 px wheel notches, in then out
            sign = 1 if (i // 10) % 2 == 0 else -1
            step = sign * 12 if what == "pan" else -sign * 100
            r = page.evaluate("([w, s]) => window.__benchPanZoom(w, s)", [what, step])
            if r is None:
                return out
            rows.append(r)
        page.evaluate("() => window.__benchDragEnd()")
        out[what] = {"n": len(rows), "moved": len({r["viewBox"] for r in rows}) > 1}
        for k in ("redraw", "input", "paint", "frame"):
            vals = [r[k] for r in rows]
            out[what][k + "_ms"] = {"p50": round(pct(vals, 50), 2), "p95": round(pct(vals, 95), 2),
                                    "max": round(max(vals), 2)}
    return out


#: what the page shows when the click part finds nothing to click (for its error message)
SEEN_CONTROLS = """() => [...document.querySelectorAll('#game button, #game [data-bench]')].slice(0, 30)
  .map((b) => `${b.dataset.testid || b.dataset.bench || b.tagName}:`
    + (b.textContent || '').trim().slice(0, 30))"""

#: at most this long is waited, untimed, before a pass-the-device "continue" (a hand-over takes longer)
PASS_IDLE_MS = 2_000


def wait_idle(page: Any) -> None:
    page.wait_for_function(
        "document.documentElement.getAttribute('data-busy') !== 'true'", timeout=60_000, polling=20
    )


# ---------------------------------------------------------------- 3. games per second


def _rate(r: dict[str, Any], runtime: str) -> dict[str, Any]:
    """One runtime's games/s line from bench/game_rate.py's JSON."""
    out = {
        "runtime": runtime,
        "games": r["games"],
        "finished": r["finished"],
        "mean_actions": r["mean_actions"],
        "cpu_seconds": r["cpu_seconds"],
        "wall_seconds": r["wall_seconds"],
        "games_per_cpu_second": r["games_per_cpu_second"],
        "games_per_second": r["games_per_second"],
        "options": r["options"],
        "excluded_action_types": r["excluded_action_types"],
        "path": r["path"],
    }
    return out


def bench_games_cpython(players: int, n: int, seed: int, path: str) -> dict[str, Any]:
    """bench/game_rate.py in a CPython subprocess."""
    proc = subprocess.run(
        [sys.executable, str(BENCH / "game_rate.py"), GAME, str(players), str(n), str(seed),
         json.dumps(OPTIONS), ",".join(EXCLUDE), path],
        cwd=ROOT, capture_output=True, text=True, timeout=1800, check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    return _rate(r, f"CPython {r['python']}")


def site_pyodide_dir() -> Path:
    hits = sorted(DIST.rglob("pyodide.asm.wasm"))
    if not hits:
        raise RuntimeError("no vendored Pyodide (pyodide.asm.wasm) in dist/")
    return hits[0].parent


def site_engine_zip() -> Path:
    for z in sorted(DIST.rglob("*.zip")):
        if z.name == "python_stdlib.zip" or "pyodide" in z.parts:
            continue
        import zipfile

        with zipfile.ZipFile(z) as zf:
            if any(
                n.endswith("pygame_core/simulate.py") or n.endswith("pygame_core/simulate.pyc")
                for n in zf.namelist()
            ):
                return z
    raise RuntimeError("no engine zip holding pygame_core/simulate.py in dist/")


def bench_games_pyodide(players: int, n: int, seed: int, path: str) -> dict[str, Any]:
    """bench/game_rate.py unchanged inside Pyodide under Node (bench/pyodide_games.mjs), with the
    site's own Pyodide and engine zip."""
    pdir, zpath = site_pyodide_dir(), site_engine_zip()
    proc = subprocess.run(
        ["node", str(BENCH / "pyodide_games.mjs"), str(pdir), str(zpath), GAME, str(players), str(n),
         str(seed), json.dumps(OPTIONS), ",".join(EXCLUDE), path],
        cwd=ROOT, capture_output=True, text=True, timeout=1800, check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"node pyodide_games.mjs failed: {proc.stderr[-2000:]}")
    r = json.loads(proc.stdout.strip().splitlines()[-1])
    out = _rate(r, f"Pyodide (CPython {r['python']}) under Node {platform_node()}")
    out.update({
        "pyodide_dir": str(pdir.relative_to(ROOT)) if pdir.is_relative_to(ROOT) else str(pdir),
        "engine_zip": str(zpath.relative_to(ROOT)) if zpath.is_relative_to(ROOT) else str(zpath),
        "boot_ms": r["boot_ms"],
        "import_ms": r["import_ms"],
        "node_cpu_ms": r["node_cpu_ms"],
        # Pyodide's time.process_time() is wall time: the CPU rate is Node's (the whole process's
        # CPU time over the games, process.cpuUsage; its helper threads count too)
        "games_per_cpu_second": round(r["games"] * 1000 / r["node_cpu_ms"], 2) if r["node_cpu_ms"] else None,
        "cpu_seconds": round(r["node_cpu_ms"] / 1000, 4),
    })
    return out


def _script_runs(script: Path, args: list[str]) -> dict[str, Any]:
    """A bench script on CPython and, unchanged, in Pyodide under Node with the site's engine."""
    out: dict[str, Any] = {}
    runs = {"cpython": [sys.executable, str(script), *args]}
    try:
        runs["pyodide"] = ["node", str(BENCH / "pyodide_script.mjs"), str(site_pyodide_dir()),
                           str(site_engine_zip()), str(script), *args]
    except RuntimeError as exc:
        out["pyodide"] = {"error": repr(exc)}
    for key, cmd in runs.items():
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=3600, check=False,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            out[key] = json.loads(proc.stdout.strip().splitlines()[-1])
        except (IndexError, ValueError):
            out[key] = {"error": proc.stderr[-2000:]}
    return out


def bench_long(game: str) -> dict[str, Any]:
    """bench/long_game.py (with --options and --exclude for the real game)."""
    return _script_runs(BENCH / "long_game.py", [game, json.dumps(OPTIONS), ",".join(EXCLUDE)])


def bench_bots(game: str, players: int, seed: int) -> dict[str, Any]:
    """bench/bot_time.py: every decision of the game's strongest bot over one full game."""
    out = _script_runs(BENCH / "bot_time.py", [game, str(players), str(seed), json.dumps(OPTIONS)])
    out["target_ms_max_per_decision_pyodide"] = TARGETS["bot_decision_ms_max"]
    v = out.get("pyodide")
    if isinstance(v, dict) and "wall_ms" in v:
        out["meets_target"] = v["wall_ms"]["max"] <= TARGETS["bot_decision_ms_max"]
    return out


# Installed in the game page: times every engine call a bot makes (play.js's window.pgcGame.session), the
# page's waits for the bot worker (window.pgcThinker.ask: a bot thinking, web/app/thinker.js) and every
# main-thread long task.
BOT_PROBE = """
window.__benchBotMs = [];
window.__benchThink = [];
window.__benchLong = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLong.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: "longtask", buffered: true });
} catch {}
const benchWrapBots = () => {
  const s = window.pgcGame && window.pgcGame.session;
  if (!s) { setTimeout(benchWrapBots, 2); return; }
  if (s.pgc.__benchBots) return;
  const inner = s.pgc;
  s.pgc = {__benchBots: true, call(method, args) {
    const t = performance.now();
    try { return inner.call(method, args); }
    finally { if (method === 'bot') window.__benchBotMs.push(performance.now() - t); }
  }};
  const th = s.thinker;
  if (th && !th.__benchBots) {
    th.__benchBots = true;
    const ask = th.ask.bind(th);
    th.ask = async (method, args) => {
      // thinking starts once the frame that draws the last move is over (its layout is the move's)
      const w = { method, asked: performance.now() };
      window.__benchThink.push(w);
      const open = () => { if (w.end === undefined) w.start = performance.now(); };
      requestAnimationFrame(() => setTimeout(open, 0));
      try { return await ask(method, args); } finally { w.end = performance.now(); }
    };
  }
};
benchWrapBots();
"""


def _bot_time() -> Any:
    """bench/bot_time.py as a module (its ``players_for``: the most seats the options allow)."""
    return importlib.import_module("bench.bot_time")


def _ms(values: list[float]) -> dict[str, float]:
    values = sorted(values)
    return {"p50": round(pct(values, 50), 2), "p95": round(pct(values, 95), 2),
            "p99": round(pct(values, 99), 2), "max": round(values[-1], 2)}


def bench_bots_page(br: Browser, site: Server, players: int, seed: int, seconds: float,
                    kind: str | None = None) -> dict[str, Any]:
    """A game with only one bot kind on every seat (``kind``: by default the game's ``hard`` search level
    when it offers one, else its heuristic, ``bots.best_kind``), on the game page (``speed=fast``). The
    bots think in the bot worker (web/runtime/bot-worker.mjs): each decision is one sample, the worker's
    time in Python (choose, and its reply) and the page's wait for it (``think_ms``: the round trip, the
    sync of the position included); ``page_ms`` is the page's own engine call that plays the move. Also
    the worker's boot (``worker.boot_ms``: from its start to its ready message; the first decision's wait,
    which includes it, is in none of the samples) and memory (``heap_mb``: its wasm heap), and the main
    thread's long tasks while a bot thinks (target: none). Stops at the game's end or after ``seconds``."""
    from urllib.parse import quote

    from pygame_core import bots, games

    game = games.get(GAME)
    players = players or _bot_time().players_for(game, OPTIONS)
    kind = kind or ("hard" if "hard" in game.bots else bots.best_kind(game))
    settings = {"game": GAME, "players": players, "seed": seed, "options": OPTIONS,
                "seats": [{"kind": kind, "name": f"B{i + 1}"} for i in range(players)]}
    over_js = ("() => { const o = document.querySelector(\"[data-testid='game-over']\");"
               " return !!o && !o.hidden; }")
    ctx = br.context()
    try:
        page = ctx.new_page()
        page.add_init_script(BOT_PROBE)
        page.goto(f"{site.url}/play.html?new={quote(json.dumps(settings, separators=(',', ':')))}&speed=fast")
        find_ready(page)
        start = time.monotonic()
        loads: list[float] = []
        while time.monotonic() - start < seconds and not page.evaluate(over_js):
            time.sleep(1)
            if hasattr(os, "getloadavg"):
                loads.append(os.getloadavg()[0])
        over = bool(page.evaluate(over_js))
        got = page.evaluate("""() => ({page: window.__benchBotMs, think: window.__benchThink,
            long: window.__benchLong, thinker: window.pgcThinker && {state: pgcThinker.state,
            info: pgcThinker.info, calls: pgcThinker.calls.filter(c => c.method === 'bot')}})""")
    finally:
        ctx.close()
    ms = sorted(got["page"])
    if not ms:
        return {"error": "no bot call was seen"}
    out: dict[str, Any] = {"bot": kind, "players": players, "decisions": len(ms), "finished": over,
                           "runtime": f"Chromium {br.browser.version}, the site's Pyodide"}
    th = got.get("thinker") or {}
    calls = th.get("calls") or []
    asks = [w for w in got["think"] if w.get("method") == "bot" and "end" in w]
    thinks = [w for w in asks if "start" in w]
    if th.get("state") == "ready" and calls:
        # the first wait includes the worker's boot: the decisions are the others
        waits = [w["end"] - w["asked"] for w in asks[1:]] or [asks[0]["end"] - asks[0]["asked"]]
        out["wall_ms"] = _ms([c["ms"] for c in calls])
        out["think_ms"] = _ms(waits)
        out["page_ms"] = _ms(ms)
        info = th.get("info") or {}
        heap = max((c.get("heapBytes") or 0 for c in calls), default=0) or info.get("heapBytes") or 0
        out["worker"] = {"boot_ms": info.get("bootMs"), "snapshot": info.get("snapshot"),
                         "heap_mb_at_boot": round((info.get("heapBytes") or 0) / 1e6, 1),
                         "heap_mb": round(heap / 1e6, 1)}
        during = [t for t in got["long"] if any(w["start"] <= t["start"] < w["end"] for w in thinks[1:])]
        out["long_tasks_while_thinking"] = {"count": len(during),
                                            "longest_ms": round(max((t["ms"] for t in during), default=0), 1)}
        # a whole bot turn: from the page's question to the next one (the move played and drawn included)
        turns = [(a["asked"], b["asked"]) for a, b in zip(asks[1:], asks[2:], strict=False)]
        in_turns = [t for t in got["long"] if any(a <= t["start"] < b for a, b in turns)]
        out["long_tasks_per_bot_turn"] = {"turns": len(turns), "count": len(in_turns),
                                          "longest_ms": round(max((t["ms"] for t in in_turns), default=0), 1)}
        out["load_avg"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        if loads:
            loads.sort()
            out["load_avg_during"] = {"min": loads[0], "median": loads[len(loads) // 2], "max": loads[-1]}
        # where the page's wait goes (a build whose thinker.js times the parts): the page's "position"
        # call, the worker's sync, the search (the bot's choice), the reply (the move applied and labelled
        # in the same call), and the rest of the round trip (messages, the worker's queue, JSON)
        timed = [c for c in calls if c.get("thinkMs") is not None and c.get("callMs") is not None]
        if timed:
            out["split_ms"] = {
                "position": _ms([c["positionMs"] for c in timed]),
                "sync": _ms([c["syncMs"] for c in timed]),
                "search": _ms([c["thinkMs"] for c in timed]),
                "reply": _ms([c["callMs"] - c["thinkMs"] for c in timed]),
                "transit": _ms([c["roundMs"] - c["syncMs"] - c["callMs"] for c in timed]),
            }
        # issue 20 §4: hard decides within 1 s and normal within 0.3 s in the browser, p99 <= 1.2x that
        level_ms = {"normal": 300, "hard": 1000}.get(kind)
        if level_ms:
            out["budget"] = {"ms": level_ms, "p99_max_ms": 1.2 * level_ms,
                             "worker_p99_meets": out["wall_ms"]["p99"] <= 1.2 * level_ms,
                             "page_wait_p99_meets": out["think_ms"]["p99"] <= 1.2 * level_ms}
        out["note"] = ("wall_ms: the worker's time per decision (choose + its reply); think_ms: the page's "
                       "wait for it; page_ms: the page's engine playing the chosen move")
    else:
        out["wall_ms"] = _ms(ms)
        out["worker"] = {"state": th.get("state")}
        out["note"] = "no bot worker: pgc.call('bot') per decision on the page's thread"
    return out


@functools.cache
def platform_node() -> str:
    try:
        return subprocess.run(
            ["node", "--version"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


# ---------------------------------------------------------------- main


def table(report: dict[str, Any]) -> str:
    lines = ["", "pygame_core benchmark", "=" * 78]
    m = report.get("movecost")
    if isinstance(m, dict) and m.get("lengths"):
        lines.append(f"a move's whole cost ({m['players']} seats, median of {m['runs']} runs, each the"
                     f" median of {m['moves_per_run']} moves), ms; units = UTF-16 code units written")
        lines.append(f"  {'actions':>8} {'save KB':>8} {'click':>7} {'reply':>7} {'save':>7} {'storage':>8} "
                     f"{'units':>8} {'total':>7}   snapshot ms/units   load avg")
        for v in m["lengths"].values():
            if "total_ms" not in v:
                lines.append(f"  {v}")
                continue
            sn = v.get("snapshot") or {}
            lines.append(f"  {v['actions']:>8} {v['save_kb']:>8} {v['click_ms']['median']:>7} "
                         f"{v['reply_ms']['median']:>7} {v['save_ms']['median']:>7} "
                         f"{v['storage_ms']['median']:>8} "
                         f"{v['units']['median']:>8} {v['total_ms']['median']:>7}   "
                         f"{sn.get('ms', '-')}/{sn.get('units', '-')}   {v['loadavg']}")
        if "flatness" in m:
            lines.append(f"  longest/shortest total {m['flatness']}x   target <= 2x   "
                         f"{'MEETS' if m['meets_target'] else 'MISSES'}")
    b = report.get("boot")
    if isinstance(b, dict) and "ratio_of_medians" in b:
        lines += [
            f"boot to interactive ({b['pairs']} alternating pairs, cold, fresh context per run)",
            f"  bare Pyodide {report['env'].get('pyodide')}  min/median/max  "
            f"{b['bare_ms']['min']:.0f} / {b['bare_ms']['median']:.0f} / {b['bare_ms']['max']:.0f} ms",
            f"  {'game page':<24} min/median/max  "
            f"{b['site_ms']['min']:.0f} / {b['site_ms']['median']:.0f} / {b['site_ms']['max']:.0f} ms",
            f"  ratio of medians {b['ratio_of_medians']:.2f}   median pair ratio {b['median_pair_ratio']:.2f}"
            f"   target <= {b['target_ratio_max']}   {'MEETS' if b['meets_target'] else 'MISSES'}",
            f"  load average (1 min) during the boots min/median/max  {b['load_average_1min']['min']:.2f} / "
            f"{b['load_average_1min']['median']:.2f} / {b['load_average_1min']['max']:.2f}",
        ]
        if "base_ms" in b:
            lines += [
                f"  {'previous build (--base)':<24} min/median/max  "
                f"{b['base_ms']['min']:.0f} / {b['base_ms']['median']:.0f} / {b['base_ms']['max']:.0f} ms"
                f"   base/bare {b['base_ratio_of_medians']:.2f}",
                f"  site/base ratio of medians {b['site_vs_base_ratio_of_medians']:.2f}   median pair ratio "
                f"{b['site_vs_base_median_pair_ratio']:.2f}",
            ]
        timeline = b.get("site_timeline_median_ms")
        if timeline:
            lines.append("  game page's boot timeline, medians (ms since navigation): "
                         + ", ".join(f"{k.removeprefix('pgc:')} {ms:.0f}" for k, ms in timeline.items()))
        for key, what in (("base_bytes", "previous build"), ("bytes", "this build")):
            y = b.get(key)
            if not y:
                continue
            mb = lambda n: f"{n / 1e6:.2f} MB"  # noqa: E731
            how = y["compression"].split(" (")[0]
            lines.append(f"  first visit of {what}, every byte the server sent (page + service worker; "
                         f"load {b.get('load_average_1min_at_bytes', -1):.2f}):")
            for phase, label in (("until_ready", "until ready"), ("until_idle", "until idle (playing)"),
                                 ("whole_visit", "whole visit (+idle work)")):
                u = y[phase]
                lines.append(f"    {label:<26} {u['requests']:>4} requests ({u['not_modified']} x 304) "
                             f"{mb(u['raw']):>9} raw {mb(u['compressed']):>9} {how}"
                             + (f"   target <= {mb(TARGETS['first_visit_until_idle_bytes_max'])} "
                                f"{'MEETS' if y['meets_target'] else 'MISSES'}"
                                if phase == "until_idle" and "meets_target" in y else ""))
            for name, v in y["whole_visit"]["big_files"].items():
                lines.append(f"      {name:<40} {v['full']} x full, {v['not_modified']} x 304 "
                             f"{mb(v['raw']):>9} raw {mb(v['compressed']):>9}")
            lines.append(f"    whole site ({y['site']['files']} files): "
                         f"{mb(y['site']['raw'])} raw, {mb(y['site']['compressed'])} compressed; "
                         f"offline state at the end: {y['offline_state']}")
    c = report.get("click")
    if isinstance(c, dict) and "samples" in c:
        lines += [
            f"click to redraw at {c['viewport']} ({c['samples']} samples: {c['clicks']['action']} actions, "
            f"{c['clicks']['target']} map targets, {c['clicks']['select']} selections, "
            f"{c['clicks']['undo']} undos, {c['clicks']['continue']} pass-device continues; "
            f"primary metric: {c['primary_metric']})"
        ]
        for k in ("render", "dom", "redraw", "paint", "frame", "sync"):
            if k + "_ms" in c:
                v = c[k + "_ms"]
                lines.append(
                    f"  {k:<7} p50 {v['p50']:7.2f} ms   p95 {v['p95']:7.2f} ms   max {v['max']:7.2f} ms"
                )
        for kind, v in c.get("by_kind_" + c["primary_metric"] + "_ms", {}).items():
            r = c.get("by_kind_redraw_ms", {}).get(kind)
            extra = f"   redraw p50 {r['p50']:.2f} p95 {r['p95']:.2f}" if r else ""
            y = c.get("by_kind_sync_ms", {}).get(kind)
            extra += f"   click task p95 {y['p95']:.2f} max {y['max']:.2f}" if y else ""
            lines.append(f"    {kind:<9} n={v['n']:<4} p50 {v['p50']:7.2f} ms   p95 {v['p95']:7.2f} ms"
                         + extra)
        for what, v in c.get("pan_zoom", {}).items():
            lines.append(f"  {what:<7} n={v['n']:<3} redraw p50 {v['redraw_ms']['p50']:.2f} ms  p95 "
                         f"{v['redraw_ms']['p95']:.2f} ms  (input p95 {v['input_ms']['p95']:.2f}, paint p95 "
                         f"{v['paint_ms']['p95']:.2f}, to frame end p95 {v['frame_ms']['p95']:.2f})"
                         + ("" if v["moved"] else "  NOT MOVED"))
        for key, what in (("engine_ms", "inside the engine (pgc.call)"),
                          ("storage_ms", "in localStorage.setItem"),
                          ("render_calls_ms", "in all GameView.render() calls")):
            if c.get(key):
                v = c[key]
                extra = f"   ({v['calls_per_click_mean']} calls/click)" if "calls_per_click_mean" in v else ""
                lines.append(f"  {what:<40} p50 {v['p50']:.2f} ms   p95 {v['p95']:.2f} ms{extra}")
        if c.get("frontend_render_ms"):
            v = c["frontend_render_ms"]
            what = "last GameView.render() (data-render-ms)"
            lines.append(f"  {what:<40} p50 {v['p50']:.2f} ms   p95 {v['p95']:.2f} ms")
        lines.append(
            f"  target p95 < {c['target_p95_ms_max']} ms   {'MEETS' if c['meets_target'] else 'MISSES'}"
        )
        lt = c.get("long_tasks") or {}
        if "during_play" in lt:
            by = ", ".join(f"{k} {v['n']} (longest {v['longest_ms']:.0f})" for k, v in lt["by_click"].items())
            lines.append(f"  long tasks (> 50 ms) during play: {lt['during_play']}, longest "
                         f"{lt['longest_ms']:.0f} ms, {lt['total_ms']:.0f} ms in all"
                         + (f"; after {by}" if by else "")
                         + f"   (at load: {lt['at_load']}, longest {lt['longest_at_load_ms']:.0f} ms)"
                         + f"   target none   {'MEETS' if lt['meets_target'] else 'MISSES'}")
        elif lt:
            lines.append(f"  long tasks: {lt.get('note')}")
        ct = c.get("cpu_tasks") or {}
        for kind, v in ct.get("by_click", {}).items():
            lines.append(f"    longest task after {kind:<9} n={v['n']:<4} CPU p50 {v['cpu_p50']:6.1f} ms  "
                         f"p95 {v['cpu_p95']:6.1f} ms  max {v['cpu_max']:6.1f} ms  (wall max "
                         f"{v['wall_max']:.0f} ms), {v['over_50ms_cpu']} over 50 ms CPU")
    games_rows = report.get("games")
    for g in games_rows if isinstance(games_rows, list) else [games_rows] if games_rows else []:
        shown = json.dumps(g.get("options") or {}, separators=(",", ":"))
        skip = f", random policy without {','.join(g['excluded_action_types'])}" \
            if g.get("excluded_action_types") else ""
        lines.append(f"random complete games per second ({GAME} {shown}, {g.get('players')} players{skip}, "
                     f"played by {g.get('path', 'playout')}; per CPU second, wall beside)")
        for k in ("cpython", "pyodide"):
            v = g.get(k)
            if isinstance(v, dict) and "games_per_second" in v:
                lines.append(
                    f"  {v['runtime']:<44} {v['games_per_cpu_second']:8.2f} games/s "
                    f"(wall {v['games_per_second']:.2f}; {v['games']} games, "
                    f"{v['mean_actions']} actions/game)"
                )
            elif v:
                lines.append(f"  {k}: {v}")
    lg = report.get("long")
    if isinstance(lg, dict):
        lines.append("long games: undo / load / save p95 ms (undo target <= 5 ms at every length)")
        for k in ("cpython", "pyodide"):
            v = lg.get(k)
            if not isinstance(v, dict) or "error" in v:
                lines.append(f"  {k}: {v}")
                continue
            for part in ("marathon", "real"):
                for row in v.get(part, []):
                    name = "marathon" if part == "marathon" else v.get("game", "?")
                    undo = row["undo_ms"]["p95"] if row["undo_ms"] else None
                    lines.append(
                        f"  {k:<8} {name:<12} {row['actions']:>5} actions  undo {undo}  "
                        f"undo after load {(row['undo_after_load_ms'] or {}).get('p95')}  "
                        f"load {row['load_ms']['p95']}  save {row['save_ms']['p95']}  ({row['save_kb']} KB)")
    bt = report.get("bots")
    if isinstance(bt, dict):
        lines.append(f"bot decisions over a full game (target <= {TARGETS['bot_decision_ms_max']:.0f} ms "
                     "per decision in the browser): ms per decision, wall (CPU)")
        for k in ("cpython", "pyodide", "browser"):
            v = bt.get(k)
            if not isinstance(v, dict) or "wall_ms" not in v:
                lines.append(f"  {k}: {v}")
                continue
            w, c = v["wall_ms"], v.get("cpu_ms") or {"p50": "-", "p95": "-", "max": "-"}
            lines.append(f"  {k:<8} {v['bot']} x{v['players']}, {v['decisions']} decisions: p50 {w['p50']} "
                         f"({c['p50']})  p95 {w['p95']} ({c['p95']})  p99 {w.get('p99', '-')} "
                         f"({c.get('p99', '-')})  max {w['max']} ({c['max']})"
                         + ("" if v.get("finished", True) else "  (game not finished)"))
            bu = v.get("budget")
            if isinstance(bu, dict):
                tw = v["think_ms"]
                ok = {True: "MEETS", False: "MISSES"}
                lines.append(f"  {'':<8} budget {bu['ms']} ms, p99 <= {bu['p99_max_ms']:.0f} ms: worker "
                             f"{ok[bu['worker_p99_meets']]}; page's wait p50 {tw['p50']} "
                             f"p95 {tw['p95']} p99 {tw['p99']} max {tw['max']} "
                             f"{ok[bu['page_wait_p99_meets']]} (load {v.get('load_avg')})")
            sp = v.get("split_ms")
            if isinstance(sp, dict):
                lines.append(f"  {'':<8} the wait's parts, p50/p99 ms: " + ", ".join(
                    f"{k} {x['p50']}/{x['p99']}" for k, x in sp.items()))
            wk = v.get("worker")
            if isinstance(wk, dict) and "boot_ms" in wk:
                lt = v.get("long_tasks_while_thinking") or {}
                lines.append(f"  {'':<8} bot worker: boot {wk['boot_ms']} ms ({wk['snapshot']}), heap "
                             f"{wk['heap_mb_at_boot']} MB at boot, {wk['heap_mb']} MB at most; page waits "
                             f"p95 {v['think_ms']['p95']} ms; main-thread long tasks while thinking: "
                             f"{lt.get('count')} (longest {lt.get('longest_ms')} ms)")
    for k in ("boot", "click"):
        if isinstance(report.get(k), dict) and "error" in report[k]:
            lines.append(f"{k}: ERROR {report[k]['error']}")
    if report.get("outside_requests"):
        lines.append(f"WARNING requests outside 127.0.0.1 were aborted: {report['outside_requests']}")
    if report.get("page_errors"):
        lines.append(f"WARNING page errors: {report['page_errors'][:5]}")
    lines.append("=" * 78)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=7, help="A/B boot pairs (default 7)")
    ap.add_argument(
        "--page",
        default=None,
        help="site page for the boot benchmark (default: play.html opening a new 2-seat game)",
    )
    ap.add_argument(
        "--click-page",
        default=None,
        help="game page for the click benchmark (default: a new all-human 2-seat hotseat game)",
    )
    ap.add_argument("--clicks", type=int, default=100, help="click-to-redraw samples (default 100)")
    ap.add_argument("--pan", type=int, default=40,
                    help="pan (drag step) and zoom (wheel notch) samples each, on a board the game marks "
                         "[data-bench=pan] (default 40)")
    ap.add_argument("--viewport", default="1366x768",
                    help="browser window of the click part (default 1366x768)")
    ap.add_argument("--click-at", type=int, default=0,
                    help="click part: start from a save after this many random actions "
                         "(default 0: a new game)")
    ap.add_argument("--cpu", action="store_true",
                    help="click part: run the clicks under a Chromium trace and report each click's longest "
                         "main-thread task in CPU time too (cpu_tasks), which the machine's load lengthens "
                         "much less than wall time")
    ap.add_argument("--no-undo", action="store_true",
                    help="click part: never undo, play on (more turns, so more pass-the-device continues)")
    ap.add_argument("--games", type=int, default=20, help="random games per runtime (default 20)")
    ap.add_argument("--players", default="3",
                    help="players of the random games: a number or a comma list, e.g. 2,3,4 (default 3)")
    ap.add_argument("--options", default="{}",
                    help='the game\'s options as JSON for every part, e.g. \'{"mode":"full"}\' (default: {})')
    ap.add_argument("--exclude", default="",
                    help="comma list of action types the random policies of games/long leave out when "
                         "they can (e.g. resign, to play games to their real end)")
    ap.add_argument("--path", default="playout,apply",
                    help="games part: how the random games are played, a comma list of playout (the "
                         "kernel's in-place forward model) and apply (Game.apply, as the site plays; "
                         "default both)")
    ap.add_argument("--bot-players", type=int, default=None,
                    help="players of the bot-decision game (default: the game's maximum)")
    ap.add_argument("--page-bot", default=None,
                    help="bots part in the browser: the bot on every seat (default: hard, else heuristic)")
    ap.add_argument("--bots-browser-only", action="store_true",
                    help="bots part: only the game in the browser (not bench/bot_time.py on CPython, node)")
    ap.add_argument("--bot-seconds", type=float, default=600,
                    help="bots part in the browser: stop the bots-only game after this long (default 600)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--base", type=Path, default=None,
                    help="a previous build's dist/ folder: boot it too, alternating with this one and bare "
                         "Pyodide, and count its first-visit bytes (e.g. main's build in /tmp/fv-base)")
    ap.add_argument(
        "--ready",
        choices=["data-ready", "pgc"],
        default="data-ready",
        help="boot end: <html data-ready='true'> (default) or window.pgcReadyAt (runtime only)",
    )
    ap.add_argument("--only", default="boot,click,games,long,bots",
                    help="comma list of boot,click,games,long,bots,movecost (movecost only when named)")
    ap.add_argument("--runs", type=int, default=3, help="movecost: fresh pages per length (default 3)")
    ap.add_argument("--moves", type=int, default=20, help="movecost: timed moves per page (default 20)")
    ap.add_argument("--mc-players", type=int, default=None,
                    help="movecost: seats of the hotseat game (default: the game's maximum)")
    ap.add_argument("--game", default=None, help="game id (default: the engine's first listed game)")
    args = ap.parse_args(argv)
    global GAME, OPTIONS, EXCLUDE
    OPTIONS = json.loads(args.options)
    if not isinstance(OPTIONS, dict):
        raise SystemExit("--options must be a JSON object")
    EXCLUDE = [x for x in args.exclude.split(",") if x]
    player_counts = [int(x) for x in str(args.players).split(",") if x]
    paths = [x for x in args.path.split(",") if x]
    if not set(paths) <= {"playout", "apply"}:
        raise SystemExit("--path takes playout and/or apply")
    if args.game:
        GAME = args.game
    else:
        from pygame_core import games

        GAME = games.available()[0]
    parts = set(args.only.split(","))
    vw, vh = (int(x) for x in args.viewport.split("x"))
    viewport = (vw, vh)
    READY_MODE["mode"] = args.ready
    boot_page = args.page or DEFAULT_BOOT_PAGE or hotseat_url(2, 1)
    click_page = args.click_page or DEFAULT_CLICK_PAGE
    for part, pg in (("boot", boot_page), ("click", click_page or "play.html")):
        if part in parts and not (DIST / pg.split("?")[0]).is_file():
            raise SystemExit(f"{DIST} has no {pg.split('?')[0]}: run `python3 build.py` first")

    report: dict[str, Any] = {
        "env": {
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "pyodide": pyodide_version(),
            "chromium": None,
            "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        },
        "targets": TARGETS,
        "game": GAME,
        "options": OPTIONS,
        "timing": "games/s: CPU time of the measuring process (time.process_time; Node's process.cpuUsage "
                  "beside it in Pyodide), since other processes share the cores; wall time beside it",
    }
    bots_page: dict[str, Any] | None = None
    if parts & {"boot", "click", "bots", "movecost"}:
        br = Browser()
        report["env"]["chromium"] = br.browser.version
        tmp = Path(tempfile.mkdtemp(prefix="pgc-bench-"))
        # a snapshot of dist/: a rebuild running beside the benchmark must not pull files from under it
        shutil.copytree(DIST, tmp / "site")
        site = Server(tmp / "site", record=True)
        bare = Server(stage_bare(tmp), security=False) if "boot" in parts else None
        base = None
        if args.base and "boot" in parts:
            shutil.copytree(args.base, tmp / "base")
            base = Server(tmp / "base", record=True)
        try:
            if "boot" in parts and bare is not None:
                shown = boot_page if len(boot_page) < 60 else boot_page[:40] + "…"
                log(f"boot: {args.pairs} pairs, {shown} vs bare.html")
                try:
                    report["boot"] = bench_boot(br, site, bare, boot_page, args.pairs, tmp / "site",
                                                base, tmp / "base" if base is not None else None)
                except Exception as exc:  # report, don't hide the rest
                    report["boot"] = {"error": repr(exc)}
            if "click" in parts:
                log(f"click: {args.clicks} samples on {click_page or 'a new all-human hotseat game'}"
                    + (f" (from a save after {args.click_at} random actions)" if args.click_at else ""))
                try:
                    report["click"] = bench_click(br, site, args.clicks, click_page, args.pan,
                                                  viewport,
                                                  args.click_at, undo=not args.no_undo, cpu=args.cpu)
                except Exception as exc:
                    report["click"] = {"error": repr(exc)}
            if "movecost" in parts:
                from pygame_core import games

                mc_players = args.mc_players or games.get(GAME).max_players
                log(f"movecost: a move's click, reply, idle save and storage at 30, 300 and 3,000 actions "
                    f"({mc_players} seats, {args.runs} runs x {args.moves} moves)")
                try:
                    report["movecost"] = bench_movecost(br, site, mc_players, args.runs, args.moves)
                except Exception as exc:
                    report["movecost"] = {"error": repr(exc)}
            if "bots" in parts:
                log("bots: a game of bots only on the game page (Chromium), every engine call of a bot timed")
                try:
                    bots_page = bench_bots_page(br, site, args.bot_players or 0, args.seed, args.bot_seconds,
                                                args.page_bot)
                except Exception as exc:
                    bots_page = {"error": repr(exc)}
        finally:
            site.stop()
            if bare is not None:
                bare.stop()
            if base is not None:
                base.stop()
            br.close()
            shutil.rmtree(tmp, ignore_errors=True)
        report["outside_requests"] = br.outside
        report["page_errors"] = br.page_errors
    if "games" in parts:
        rows = []
        for path in paths:
            for n in player_counts:
                log(f"games: {args.games} random {n}-player games ({path}) on CPython and on Pyodide (node)")
                g: dict[str, Any] = {"game": GAME, "players": n, "seed": args.seed, "options": OPTIONS,
                                     "excluded_action_types": EXCLUDE, "path": path}
                for key, fn in (("cpython", bench_games_cpython), ("pyodide", bench_games_pyodide)):
                    try:
                        g[key] = fn(n, args.games, args.seed, path)
                    except Exception as exc:
                        g[key] = {"error": repr(exc)}
                rows.append(g)
        report["games"] = rows[0] if len(rows) == 1 else rows
    if "long" in parts:
        log("long: undo, load and save at 30, 300 and 3,000 actions on CPython and on Pyodide (node)")
        report["long"] = bench_long(GAME)
    if "bots" in parts:
        if args.bots_browser_only:
            report["bots"] = {}
        else:
            log("bots: time per decision of the strongest bot over a full game, on CPython and on Pyodide "
                "(node)")
            report["bots"] = bench_bots(GAME, args.bot_players or 0, args.seed)
        report["bots"]["browser"] = bots_page
        if isinstance(bots_page, dict) and "wall_ms" in bots_page:
            report["bots"]["meets_target"] = report["bots"].get("meets_target", True) and \
                bots_page["wall_ms"]["max"] <= TARGETS["bot_decision_ms_max"]
    log(table(report))
    print(json.dumps(report, ensure_ascii=False))
    return 0


DEFAULT_BOOT_PAGE = None  # the game page opening a new 2-seat game, see hotseat_url()
DEFAULT_CLICK_PAGE = None  # an all-human hotseat game, see hotseat_url()

if __name__ == "__main__":
    sys.exit(main())
