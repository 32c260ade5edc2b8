"""No zh-Hant text shows a Simplified-only character, and no zh-Hans text a Traditional-only one.

A player reading 繁體中文 should never meet 发 or 后 (for 發, 後), nor a player reading 简体中文 meet 發.
Which script a character belongs to is read from two standard character sets, not from the games' own
conversion tables: a character of GB 2312 (Simplified) that Big5 (Traditional) lacks is Simplified-only,
and one of Big5 that GB 2312 lacks is Traditional-only; a few common characters both sets hold but one
script uses only in other words (后 for 後, 於 for 于 ...) are listed by hand.

Scanned for every game: its data names and texts (``data/*.json``), its rules reference (``rules.json``),
its board strings (``strings.js``, ``names.js``), the shell's ``i18n.js``, the engine's Chinese string
literals (converted by the game's ``text.hant``/``text.hans`` when it derives one script from the other),
and the views, logs and action labels of the first moves of a random game.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_core import games
from pygame_core.bots import RandomBot

ROOT = Path(__file__).resolve().parent.parent
GAME_DIRS = sorted(p for p in (ROOT / "pygame_core" / "games").iterdir() if (p / "__init__.py").exists())
WEB_GAMES = sorted(p for p in (ROOT / "web" / "games").iterdir() if p.is_dir())
ZH = ("zh-Hant", "zh-Hans")

#: Simplified characters that Big5 also holds (as rare or old forms), but that a Traditional text writes
#: otherwise: 與 萬 後 於 價 雲 範 幾 鬥 劃 採 黨 塗 僕 蟲 醜.
SIMPLIFIED_TOO = set("与万后于价云范几斗划采党涂仆虫丑")
#: Traditional characters that GB 2312 also holds, but that a Simplified text writes otherwise.
TRADITIONAL_TOO = set("於後徵")
#: Words in which a character of the lists above is right in that script (皇后 is 皇后 in both; 于 is
#: the surname of the Ming general 于謙, 于 in both scripts).
ALLOWED_WORDS = ("皇后", "王后", "太后", "神采", "風采", "划算", "于謙")


def _in(c: str, codec: str) -> bool:
    try:
        c.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


def _cjk(c: str) -> bool:
    return "\u4e00" <= c <= "\u9fff"


def wrong_chars(text: str, lang: str) -> list[str]:
    """The characters of ``text`` that belong to the other Chinese script than ``lang``'s."""
    for word in ALLOWED_WORDS:
        text = text.replace(word, "")
    text = _without_script_tables(text)
    hant = lang == "zh-Hant"
    own, other, also = ("big5", "gb2312", SIMPLIFIED_TOO) if hant else ("gb2312", "big5", TRADITIONAL_TOO)
    return sorted({c for c in text if c in also or (_cjk(c) and _in(c, other) and not _in(c, own))})


def _without_script_tables(text: str) -> str:
    """``text`` without the rows of a Markdown glossary table that has a column per script
    (繁體 | 简体): those rows show both scripts on purpose."""
    out: list[str] = []
    both = False
    for line in text.split("\n"):
        if line.startswith("|"):
            if not both and re.search("[繁][體体]", line) and re.search("[简簡][体體]", line):
                both = True
            if both:
                continue
        else:
            both = False
        out.append(line)
    return "\n".join(out)


def test_the_detector_sees_both_scripts() -> None:
    assert wrong_chars("發展後", "zh-Hant") == [] and wrong_chars("发展后", "zh-Hant") == ["发", "后"]
    assert wrong_chars("发展后", "zh-Hans") == [] and wrong_chars("發展後", "zh-Hans") == ["後", "發"]
    assert wrong_chars("皇后", "zh-Hant") == []
    assert wrong_chars("| 繁體 | 简体 |\n|---|---|\n| 發 | 发 |\n发", "zh-Hant") == ["发"]


def _texts(obj: Any, where: str) -> Iterator[tuple[str, str, str]]:
    """(where, lang, text) for every zh-Hant/zh-Hans string of a JSON-like object."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ZH and isinstance(v, str):
                yield where, k, v
            else:
                yield from _texts(v, f"{where}/{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _texts(v, f"{where}[{i}]")


_SECTION = re.compile(r'^ {2}("?)(en|zh-Hant|zh-Hans)\1:\s*\{')
_JS_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"|`([^`]*)`')


def _js_strings(path: Path) -> Iterator[tuple[str, str, str]]:
    """The string literals of the zh-Hant and zh-Hans sections of a strings module
    (``export default { en: {...}, "zh-Hant": {...}, "zh-Hans": {...} }``, or ``const S = ...``)."""
    lang = None
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        m = _SECTION.match(line)
        if m:
            lang = m.group(2)
            continue
        if line.startswith("};"):
            lang = None
        if lang in ZH:
            for a, b in _JS_STRING.findall(line):
                yield f"{path.relative_to(ROOT)}:{n}", lang, a or b


def static_texts() -> Iterator[tuple[str, str, str]]:
    for d in GAME_DIRS:
        for p in sorted((d / "data").glob("*.json")):
            yield from _texts(json.loads(p.read_text(encoding="utf-8")), str(p.relative_to(ROOT)))
    for d in WEB_GAMES:
        rules = d / "rules.json"
        if rules.exists():
            yield from _texts(json.loads(rules.read_text(encoding="utf-8")), str(rules.relative_to(ROOT)))
        names = d / "names.js"
        if names.exists():
            src = names.read_text(encoding="utf-8")
            body = src[src.index("{"):].rstrip().rstrip(";")
            yield from _texts(json.loads(body), str(names.relative_to(ROOT)))
        strings = d / "strings.js"
        if strings.exists():
            yield from _js_strings(strings)
    yield from _js_strings(ROOT / "web" / "app" / "i18n.js")


def test_the_scan_finds_the_texts() -> None:
    langs = {lang for _, lang, _ in static_texts()}
    assert langs == set(ZH)
    assert sum(1 for _ in _js_strings(ROOT / "web" / "app" / "i18n.js")) > 100


def test_static_texts_keep_to_their_script() -> None:
    bad = [f"{w} ({lang}): {''.join(wrong_chars(s, lang))} in {s[:60]!r}"
           for w, lang, s in static_texts() if wrong_chars(s, lang)]
    assert not bad, "\n".join(bad)


def _converter(game_dir: Path, name: str) -> Callable[[str], str] | None:
    try:
        mod = importlib.import_module(f"pygame_core.games.{game_dir.name}.text")
    except ModuleNotFoundError:
        return None
    fn = getattr(mod, name, None)
    return fn if callable(fn) else None


def _literals(game_dir: Path) -> Iterator[tuple[str, str | None, str]]:
    """(where, lang or None, text) for the engine's Chinese string literals: lang is known for the value
    of a "zh-Hant"/"zh-Hans" key; the conversion tables (arguments of zip, dicts from Chinese to Chinese)
    and docstrings are skipped."""
    for p in sorted(game_dir.glob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        skip: set[int] = set()
        known: dict[int, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "zip":
                skip.update(id(a) for a in ast.walk(node))
            elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                skip.add(id(node.value))
            elif isinstance(node, ast.Dict) and node.keys and all(
                    isinstance(k, ast.Constant) and isinstance(k.value, str) and any(map(_cjk, k.value))
                    for k in node.keys):
                skip.update(id(a) for a in ast.walk(node))  # a table of words: Chinese to Chinese
            elif isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values, strict=True):
                    if isinstance(k, ast.Constant) and isinstance(k.value, str) and k.value in ZH:
                        lang = k.value
                        known.update((id(c), lang) for c in ast.walk(v))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                    and any(_cjk(c) for c in node.value)):
                yield f"{p.relative_to(ROOT)}:{node.lineno}", known.get(id(node)), node.value


@pytest.mark.parametrize("game_dir", GAME_DIRS, ids=[d.name for d in GAME_DIRS])
def test_engine_texts_keep_to_their_script(game_dir: Path) -> None:
    """A literal given for one language keeps to its script; a literal a game converts (its text.hant
    from Simplified, or text.hans from Traditional) comes out in the other script whole."""
    to_hant, to_hans = _converter(game_dir, "hant"), _converter(game_dir, "hans")
    bad = []
    for where, lang, s in _literals(game_dir):
        checks = [(lang, s)] if lang else []
        if lang is None and to_hant:
            checks += [("zh-Hans", s), ("zh-Hant", to_hant(s))]
        if lang is None and to_hans:
            checks += [("zh-Hant", s), ("zh-Hans", to_hans(s))]
        bad += [f"{where} ({lg}): {''.join(wrong_chars(x, lg))} in {x[:60]!r}"
                for lg, x in checks if wrong_chars(x, lg)]
    assert not bad, "\n".join(bad)


GAMES = [games.get(g) for g in games.registered()]


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_what_players_read_keeps_to_its_script(game: Any) -> None:
    """The views, logs and action labels of the first 80 moves of a random game."""
    state = game.new_game(players=game.min_players, seed=3)
    bot = RandomBot(3)
    bad: set[str] = set()
    for step in range(80):
        seats = game.to_move(state)
        if not seats:
            break
        seat = seats[0]
        found = list(_texts(game.view(state, seat), "view"))
        if step % 4 == 0:
            for a in game.legal_actions(state, seat)[:40]:
                found += [("label", lang, game.label(state, seat, a, lang)) for lang in ZH]
        bad.update(f"{w} ({lang}): {''.join(wrong_chars(s, lang))} in {s[:60]!r}"
                   for w, lang, s in found if wrong_chars(s, lang))
        state = game.apply(state, seat, bot.choose(game, state, seat))
    assert not bad, "\n".join(sorted(bad))
