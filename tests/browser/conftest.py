"""Fixtures for the headless-Chromium tests of the built site (``dist/``).

The test command builds first (``python3 build.py``); these fixtures only require ``dist/``.
Every browser context gets a route guard: any request whose host is not 127.0.0.1 is aborted
and recorded, and the test fails at teardown if the list is not empty. Uncaught page errors
fail the test the same way.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DIST,
    Guard,
    StaticServer,
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def dist() -> Path:
    needed = [DIST / "index.html", DIST / "play.html", DIST / "embed.html", DIST / "sw.js"]
    missing = [str(p) for p in needed if not p.is_file()]
    if missing:
        pytest.fail(
            f"the built site is missing {missing}: run `python3 build.py` before the browser tests",
            pytrace=False,
        )
    return DIST


@pytest.fixture(scope="session")
def host_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for test-only pages (e.g. an outer page embedding the game); served on its own origin."""
    return tmp_path_factory.mktemp("host")


@pytest.fixture(scope="session")
def site(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A snapshot of dist/ taken once per session (~16 MB, well under a second).

    build.py deletes and rewrites dist/; a rebuild running beside the tests (as happens while
    several people work in one checkout) would otherwise make pages 404 half-way through a test.
    """
    snap = tmp_path_factory.mktemp("site") / "dist"
    shutil.copytree(dist, snap)
    return snap


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[StaticServer]:
    srv = StaticServer(site)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def base_url(server: StaticServer) -> str:
    return server.url


@pytest.fixture(scope="session")
def host_server(host_dir: Path) -> Iterator[StaticServer]:
    """Second server (other port = other origin) for outer pages such as an embedding parent."""
    srv = StaticServer(host_dir, security=False)  # test pages with inline scripts: no CSP
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    yield pw
    pw.stop()


@pytest.fixture(scope="module")
def browser(playwright_instance: Any) -> Iterator[Any]:
    """One Chromium per test file: a fresh process for each file keeps a long suite (dozens of
    Pyodide pages) from wearing one renderer process down until a page crashes."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f"{CHROMIUM} not found: install Debian's chromium (never `playwright install`)", pytrace=False
        )
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


class ContextFactory:
    """Makes guarded browser contexts; every one is checked at teardown."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.made: list[tuple[Any, Guard]] = []

    def new(self, route_guard: bool = True, **kwargs: Any) -> tuple[Any, Guard]:
        guard = Guard()
        ctx = self.browser.new_context(**kwargs)
        ctx.set_default_timeout(30_000)
        if route_guard:
            ctx.route("**/*", guard.route)
        ctx.on("request", guard.on_request)
        ctx.on("page", guard.watch)
        self.made.append((ctx, guard))
        return ctx, guard

    def close_and_check(self) -> list[str]:
        problems: list[str] = []
        for ctx, guard in self.made:
            try:
                ctx.close()
            except Exception:
                pass
            if guard.outside_requests():
                problems.append(f"requests outside 127.0.0.1: {guard.outside_requests()}")
            unexpected = guard.unexpected_page_errors()
            if unexpected:
                problems.append(f"uncaught page errors: {unexpected}")
        return problems


@pytest.fixture
def contexts(browser: Any) -> Iterator[ContextFactory]:
    factory = ContextFactory(browser)
    yield factory
    problems = factory.close_and_check()
    assert not problems, "\n".join(problems)


@pytest.fixture
def guarded(contexts: ContextFactory) -> tuple[Any, Guard]:
    return contexts.new()


@pytest.fixture
def context(guarded: tuple[Any, Guard]) -> Any:
    return guarded[0]


@pytest.fixture
def guard(guarded: tuple[Any, Guard]) -> Guard:
    return guarded[1]


@pytest.fixture
def page(context: Any) -> Any:
    return context.new_page()
