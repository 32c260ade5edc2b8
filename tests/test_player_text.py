"""No text a player reads shows seed line numbers (issue 16: teaching captions ended in "(L1084-1088, …)").

Provenance stays in the data (a scenario step's ``lines``, a rules section's ``seed``, the tests), never in
what is shown: the captions of every teaching scenario, every game's option labels and value labels, the
rules references (web/games/<id>/rules.json, all but their ``seed`` fields), the front ends' strings and
the shell's, and the visible text of the teaching pages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core import games

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(r"\bL\d+")  # a seed line number: L1084, L1084-1088
LANGS = ("en", "zh-Hant", "zh-Hans")
GAMES = games.registered()


def texts(x: Any, skip: tuple[str, ...] = ()) -> list[str]:
    """Every string in a JSON value, leaving out the values of the keys in `skip`."""
    if isinstance(x, str):
        return [x]
    if isinstance(x, dict):
        return [t for k, v in x.items() if k not in skip for t in texts(v, skip)]
    if isinstance(x, list):
        return [t for v in x for t in texts(v, skip)]
    return []


def shown(found: list[str]) -> list[str]:
    return [t for t in found if LINE.search(t)]


@pytest.mark.parametrize("gid", [g for g in GAMES if games.get(g).scenario_book is not None])
def test_no_teaching_caption_shows_a_seed_line(gid: str) -> None:
    book = games.get(gid).scenario_book
    assert book is not None
    captions = []
    for name in book.names:
        script = book.script(name)
        for k in range(len(script) + 1):
            cap = book.caption(name, script[:k])
            assert cap is not None, (name, k)
            captions += [cap[lang] for lang in LANGS]
        captions += texts(book.scenarios[name]["title"])
    assert len(captions) > 10
    assert shown(captions) == []
    # the provenance is still there, where players do not read it
    assert all(step["lines"] for sc in book.scenarios.values() for step in sc["steps"])


@pytest.mark.parametrize("gid", GAMES)
def test_no_option_label_shows_a_seed_line(gid: str) -> None:
    schema = games.get(gid).options_schema
    labels = [t for spec in schema.values() for k in ("label", "value_labels") for t in texts(spec.get(k))]
    assert shown(labels) == []


@pytest.mark.parametrize("path", sorted(ROOT.glob("web/games/*/rules.json")), ids=lambda p: p.parent.name)
def test_no_rules_reference_text_shows_a_seed_line(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert shown(texts(doc, skip=("seed", "links"))) == []
    assert any(s.get("seed") for s in doc["sections"]), "the sections lost their provenance"


JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`')


STRINGS = sorted([*ROOT.glob("web/games/*/strings.js"), *ROOT.glob("web/games/*/names.js"),
                  ROOT / "web" / "app" / "i18n.js"])


@pytest.mark.parametrize("path", STRINGS, ids=lambda p: p.relative_to(ROOT / "web").as_posix())
def test_no_front_end_string_shows_a_seed_line(path: Path) -> None:
    found = [a or b for a, b in JS_STRING.findall(path.read_text(encoding="utf-8"))]
    assert len(found) > 10
    assert shown(found) == []


TEACHING_PAGES = sorted([*ROOT.glob("web/games/*/examples/*.html"), *ROOT.glob("web/examples/*.html")])


@pytest.mark.parametrize("path", TEACHING_PAGES, ids=lambda p: p.relative_to(ROOT / "web").as_posix())
def test_no_teaching_page_shows_a_seed_line(path: Path) -> None:
    html = path.read_text(encoding="utf-8")
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    visible = re.sub(r"<[^>]*>", " ", body)  # the text between tags (attribute values are not shown)
    assert shown([visible]) == [], LINE.findall(visible)


def test_the_check_finds_a_seed_line() -> None:
    cited = ["Production (L1084-1088, L1714)", "生產（L12）"]
    assert shown(cited) == cited
    assert shown(["Level 1", "HL2", "Lumber"]) == []
