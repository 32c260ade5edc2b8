"""The kernel's text module (pygame_core/kernel/text.py): one pair of script converters for every game,
and the helpers the games share."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from pygame_core.kernel import text
from pygame_core.kernel.text import fmt, from_hans, from_hant, hans, hant, join, possessive, seat_name

CORPUS = json.loads((Path(__file__).with_name("script_corpus.json")).read_text(encoding="utf-8"))


@pytest.mark.parametrize("direction", ["hans", "hant"])
def test_the_converter_gives_what_each_game_s_own_converter_gave(direction: str) -> None:
    """Every text the games converted before there was one converter comes out byte for byte the same
    (the corpus was recorded with the per-game converters; see its "about")."""
    convert = getattr(text, direction)
    pairs = CORPUS[direction]
    assert len(pairs) > (1000 if direction == "hans" else 100)
    assert sum(a != b for a, b in pairs.items()) > len(pairs) // 2  # the corpus converts, not copies
    bad = {s: (want, convert(s)) for s, want in pairs.items() if convert(s) != want}
    assert not bad, f"{len(bad)} texts changed, e.g. {next(iter(bad.items()))}"


@pytest.mark.parametrize(("game", "direction"), [("civilization", "hans"), ("empires_end", "hans"),
                                                   ("great_wall", "hans"), ("through_the_ages", "hant")])
def test_each_game_uses_the_kernel_s_converter(game: str, direction: str) -> None:
    mod = importlib.import_module(f"pygame_core.games.{game}.text")
    assert getattr(mod, direction) is getattr(text, direction)
    assert not {"_T2S", "_S2T", "_WORDS", "_T2S_EXTRA"} & set(vars(mod)), "a game keeps its own table"


def test_the_converters_work_by_character_and_by_word() -> None:
    assert hans("貿易階段") == "贸易阶段" and hans("設定") == "设置" and hans("abc 1") == "abc 1"
    assert hant("行动阶段") == "行動階段" and hant("复制") == "複製" and hant("复") == "復"


def test_texts_are_built_and_formatted_in_every_language() -> None:
    assert from_hant("Trade", "貿易") == {"en": "Trade", "zh-Hant": "貿易", "zh-Hans": "贸易"}
    assert from_hans("Action phase", "行动阶段") == {"en": "Action phase", "zh-Hant": "行動階段",
                                                  "zh-Hans": "行动阶段"}
    p2 = seat_name(1)
    assert p2 == {"en": "Player 2", "zh-Hant": "玩家2", "zh-Hans": "玩家2"}
    assert fmt(from_hant("{p} wins {n}.", "{p}贏得{n}。"), p=p2, n=3) == {
        "en": "Player 2 wins 3.", "zh-Hant": "玩家2贏得3。", "zh-Hans": "玩家2赢得3。"}
    assert join(p2, ": ", from_hant("Trade", "貿易"))["zh-Hans"] == "玩家2: 贸易"
    assert possessive(p2)["en"] == "Player 2's"
    assert possessive(from_hant("The barbarians", "蠻族"))["en"] == "The barbarians'"
