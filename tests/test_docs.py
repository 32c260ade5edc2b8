"""The examples in docs/api.md run, and print what the page says they print; the site paths the docs
name exist in the built site."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def test_api_examples_run_as_documented() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) > 10, "docs/api.md lost its examples"
    text = "\n".join(blocks)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "docs/api.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 50
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed (see above)"


ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("PGC_DIST", ROOT / "dist"))
#: Docs that name pages and files of the built site.
SITE_DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md",
             *sorted(ROOT.glob("pygame_core/games/*/README.md"))]
SKIP = ("http:", "https:", "#", "data:", "web/")  # other sites, anchors, and the sources (web/…)
#: The site's top-level folders: a backticked path starting with one of them names a file of dist/.
SITE_DIRS = ("examples/", "games/", "app/", "css/", "icons/", "runtime/")


def site_paths(text: str) -> set[str]:
    """The site paths a doc names: src/href values and `replay=` files in its HTML examples, and
    backticked pages (`play.html?...`) and paths under the site's folders."""
    refs = set(re.findall(r'(?:src|href)="([^"]+)"', text))
    refs |= {m for m in re.findall(r"`([^`\s]+)`", text)
             if re.match(r"^[\w./-]+\.html(?:[?#]|$)", m) or m.startswith(SITE_DIRS)}
    out: set[str] = set()
    for ref in refs:
        if "<" in ref or "{" in ref or "..." in ref or ref.startswith(SKIP):
            continue
        for part in [ref.split("?")[0].split("#")[0]] + re.findall(r"replay=([^&\"]+)", ref):
            path = re.sub(r"^(?:\.{1,2}/|/)+", "", part)
            # my-example.json is a name a how-to makes up; a .py is the engine's, not the site's
            if path and "my-" not in path and not path.endswith(".py"):
                out.add(path)
    return out


def test_every_site_path_in_the_docs_is_in_the_built_site() -> None:
    """Issue 16: docs/embedding.md's iframe example pointed at /games/embed.html, a 404. Every page or
    file of the site that a doc names (iframe examples, replay files, pages in backticks) is in dist/."""
    if not (DIST / "index.html").is_file():
        pytest.skip("no built site: run `python3 build.py` first (scripts/test.sh does)")
    named = {(doc.relative_to(ROOT).as_posix(), p)
             for doc in SITE_DOCS for p in site_paths(doc.read_text(encoding="utf-8"))}
    assert len(named) > 15, named
    there = lambda p: (DIST / p).is_dir() if p.endswith("/") else (DIST / p).is_file()  # noqa: E731
    missing = sorted(f"{doc}: {p}" for doc, p in named if not there(p))
    assert not missing, "named in the docs but not in the built site:\n" + "\n".join(missing)


def test_site_path_check_finds_a_missing_page() -> None:
    doc = '<iframe src="/games/embed.html?replay=examples/a.json&step=1"></iframe> `play.html?save=x`'
    paths = site_paths(doc)
    assert paths == {"games/embed.html", "examples/a.json", "play.html"}
