"""Shared pieces of the headless-Chromium tests: static server, browser launch, guards, waits.

Nothing here starts anything at import time; ``conftest.py`` wires it into fixtures.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("PGC_DIST", ROOT / "dist")).resolve()  # PGC_DIST: test another build
NODE_MODULES = ROOT / "node_modules"
AXE_JS = NODE_MODULES / "axe-core" / "axe.min.js"

BOOT_TIMEOUT_MS = 90_000  # a cold Pyodide boot is ~3 s here; generous for a loaded 2-core machine
ACTION_TIMEOUT_MS = 30_000  # one click -> engine -> redraw, bots included

# The one static server of the site (also build.py serve and bench/run.py), security headers included.
from siteserver import CHROMIUM, CHROMIUM_ARGS, MIME, StaticServer  # noqa: E402,F401


def is_local(url: str) -> bool:
    """True for requests that never leave the machine (127.0.0.1, data:, blob:, about:)."""
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about", "chrome-extension"):
        return True
    return parsed.hostname == "127.0.0.1"


class Guard:
    """Aborts and records every request not aimed at 127.0.0.1; collects page errors."""

    def __init__(self) -> None:
        self.outside: list[str] = []  # aborted by the route guard
        self.unrouted: list[str] = []  # seen by the request listener (also catches what routing misses)
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []
        self.allowed_error_patterns: list[str] = []

    def route(self, route: Any) -> None:
        url = route.request.url
        if is_local(url):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def on_request(self, request: Any) -> None:
        # Second line of defence for requests the router does not see (e.g. served by a service worker).
        if not is_local(request.url):
            self.unrouted.append(request.url)

    def watch(self, page: Any) -> None:
        page.on("pageerror", lambda exc: self.page_errors.append(f"{page.url}: {exc}"))
        page.on(
            "console",
            lambda msg: self.console_errors.append(f"{page.url}: {msg.text}")
            if msg.type == "error"
            else None,
        )

    def outside_requests(self) -> list[str]:
        return sorted(set(self.outside) | set(self.unrouted))

    def allow_page_error(self, pattern: str) -> None:
        """A test that provokes an uncaught error on purpose names it here (substring match)."""
        self.allowed_error_patterns.append(pattern)

    def unexpected_page_errors(self) -> list[str]:
        return [e for e in self.page_errors if not any(p in e for p in self.allowed_error_patterns)]


#: A locator's `evaluate` script: the element is inside the viewport and not covered at its centre
#: (e.g. by the pinned status and action panel).
ON_SCREEN = """(el) => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.top < 0 || r.left < 0) return false;
  if (r.bottom > innerHeight || r.right > innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && el.contains(hit);
}"""


#: The two viewport sizes the board tests play at (width, height), and their test ids.
SIZES = [(1366, 768), (390, 844)]
SIZE_IDS = ["desktop", "phone"]


def new_page(contexts: Any, size: tuple[int, int]) -> tuple[Any, Any]:
    """A page of a new guarded context (the ``contexts`` fixture) at ``size``, and its guard; narrower
    than 500 px it is a phone (mobile viewport, touch)."""
    w, h = size
    phone = w < 500
    ctx, guard = contexts.new(viewport={"width": w, "height": h}, is_mobile=phone, has_touch=phone)
    return ctx.new_page(), guard


def view(page: Any) -> dict[str, Any]:
    """The game page's current view (what its seat sees)."""
    return page.evaluate("() => window.pgcGame.session.reply.view")


def legal(page: Any) -> list[dict[str, Any]]:
    """The actions the game page offers now."""
    return [li["action"] for li in page.evaluate("() => window.pgcGame.session.reply.legal")]


def frames(page: Any) -> None:
    """Wait two animation frames (a scroll or a redraw has been painted)."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def reach(page: Any, loc: Any) -> bool:
    """Scroll the element into view as a player would; is it then on screen and clickable there?"""
    for block in ("end", "center", "start"):
        loc.evaluate("(el, block) => el.scrollIntoView({block, inline: 'nearest'})", block)
        frames(page)
        if loc.evaluate(ON_SCREEN):
            return True
    return False


def no_sideways_scroll(page: Any, w: int) -> None:
    """The page, ``w`` px wide, does not scroll sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= w, f"the page scrolls sideways ({width} > {w}): {describe(page)}"


def wait_ready(page: Any, timeout: int = BOOT_TIMEOUT_MS, frame: Any = None) -> None:
    """Wait for ``<html data-ready="true">`` (the front end set it: engine answered, page rendered)."""
    target = frame or page
    try:
        target.wait_for_selector("html[data-ready='true']", state="attached", timeout=timeout)
    except Exception as exc:  # make the failure say what the page showed instead
        raise AssertionError(f"page never became ready ({target.url}): {describe(target)}") from exc


def wait_not_busy(page: Any, timeout: int = ACTION_TIMEOUT_MS) -> None:
    """Wait until bots stopped acting (``<html data-busy>`` absent or not "true")."""
    try:
        page.wait_for_function(
            "document.documentElement.getAttribute('data-busy') !== 'true'", timeout=timeout, polling=25
        )
    except Exception as exc:
        raise AssertionError(f"page stayed busy for {timeout} ms: {describe(page)}") from exc


def describe(page: Any) -> str:
    """A short description of what a page or frame shows, for failure messages."""
    try:
        info = page.evaluate("""() => ({
            url: location.href,
            html: Object.fromEntries([...document.documentElement.attributes].map(a => [a.name, a.value])),
            errors: [...document.querySelectorAll('[data-testid*=error], [role=alert]')]
                        .map(e => e.textContent.trim()).filter(Boolean),
            text: (document.body ? document.body.innerText : '').slice(0, 600)})""")
    except Exception as exc:  # page closed or navigating
        return f"<unavailable: {exc}>"
    return json.dumps(info, ensure_ascii=False)


def run_axe(page: Any, frame: Any = None) -> list[dict[str, Any]]:
    """Inject the vendored axe-core; return the ``serious``/``critical`` violations of the page (or frame)."""
    if not AXE_JS.is_file():
        raise AssertionError(
            f"{AXE_JS} missing: axe-core is vendored from npm (`npm ci`, package.json devDependency)"
        )
    target = frame or page
    # evaluated over the DevTools protocol: the site's CSP forbids inline <script>, as it should
    target.evaluate(AXE_JS.read_text(encoding="utf-8") + "\n;true")
    result = target.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
            nodes: v.nodes.slice(0, 8).map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def format_violations(where: str, violations: list[dict[str, Any]]) -> str:
    lines = [f"axe-core: {len(violations)} serious/critical violation(s) on {where}:"]
    for v in violations:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for n in v["nodes"]:
            lines.append(f"      at {n['target']}: {(n['summary'] or '').splitlines()[0:3]}")
    return "\n".join(lines)
