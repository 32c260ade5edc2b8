"""Every log line and action label reads as text in en, zh-Hant and zh-Hans: no raw keys, no English
words in the Chinese texts (names such as "II", numbers and seed line refs "L902" aside), zh-Hans
converted. Seed terms: 蠻族 L904, 重要人士 L832, 貿易 L511, 文化指示物 L1185."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from civ_helpers import after_setup
from test_civ_rules import ctx_of

from pygame_core.games.civilization import GAME, effects
from pygame_core.games.civilization.text import hans
from pygame_core.kernel.state import State

LANGS = ("en", "zh-Hant", "zh-Hans")
SNAKE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
ASCII_WORD = re.compile(r"[A-Za-z]+\d*")
ALLOWED_IN_ZH = re.compile(r"^(I|II|III|IV|V)$")  # card numbers
SEED_LINE = re.compile(r"\bL\d{2,4}\b")  # player-facing text never cites seed lines


def problems(kind: str, text: dict[str, str]) -> list[str]:
    out = []
    for lang in LANGS:
        s = text.get(lang)
        if not s:
            out.append(f"{kind} {lang}: missing: {text}")
            continue
        if SNAKE.search(s):
            out.append(f"{kind} {lang}: raw key: {s}")
        if SEED_LINE.search(s):
            out.append(f"{kind} {lang}: seed line number: {s}")
        if lang != "en":
            words = [w for w in ASCII_WORD.findall(s) if not ALLOWED_IN_ZH.match(w)]
            if words:
                out.append(f"{kind} {lang}: English {words}: {s}")
    if kind == "log" and text["en"][:1].islower():
        out.append(f"log en: lowercase start: {text['en']}")
    if text.get("zh-Hans") and hans(text["zh-Hans"]) != text["zh-Hans"]:
        out.append(f"{kind} zh-Hans: Traditional characters left: {text['zh-Hans']}")
    return out


def random_game(players: int, seed: int, options: dict[str, Any], steps: int = 8000) -> list[str]:
    """Play random legal actions; return the text problems of every log entry and every label."""
    s: State = GAME.new_game(players=players, seed=seed, options=options)
    rnd = random.Random(seed)
    bad: list[str] = []
    seen_log = 0
    for _ in range(steps):
        for e in s.log[seen_log:]:
            bad += problems("log", e["text"])
        seen_log = len(s.log)
        seats = GAME.to_move(s)
        if not seats:
            break
        for q in range(players):  # also the optional actions of seats that are not to move
            for a in GAME.legal_actions(s, q):
                label = {lang: GAME.label(s, q, a, lang) for lang in LANGS}
                bad += problems("label", label)
                if a["type"] in label.values():  # the fallback of a label that failed
                    bad.append(f"label: raw action type: {a}")
        seat = rnd.choice(seats)
        s = GAME.apply(s, seat, rnd.choice(GAME.legal_actions(s, seat)))
    assert GAME.is_over(s), "the random game should finish"
    return bad


GAMES = [
    (2, 1, {"game": "full", "barbarians": "rules"}),
    (3, 2, {"game": "full", "barbarians": "neighbour"}),
    (4, 3, {"game": "full", "barbarians": "rules", "turn_limit": 20}),
    (2, 4, {"game": "learning", "barbarians": "neighbour"}),
    (2, 5, {"scenario": "battle"}),
    (2, 6, {"scenario": "trade"}),
]


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_logs_and_labels_have_no_raw_keys_or_english_in_chinese(players, seed, options):
    bad = sorted(set(random_game(players, seed, options)))
    assert not bad, "\n".join(bad[:30])


@pytest.mark.parametrize("what", ["trade", "culture", "coin_token", "great_person"])
def test_gain_log_names_what_is_gained_in_three_languages(what):
    """A card, ability or wonder gain (Colossus: trade; great persons L832) is logged in words."""
    d = after_setup().data
    ctx = ctx_of(d)
    effects._run_one(ctx, 0, {"kind": "gain", "what": what, "amount": 1}, {})
    text = ctx.events[-1]["text"]  # the gain's own line comes after what it caused (a drawn person)
    assert problems("log", text) == []
    assert text["zh-Hant"].startswith("玩家1獲得1")


def test_barbarians_read_like_a_seat_name_L904():
    """L904: the village's defenders are 蠻族 (the barbarians); the log names them like a seat."""
    from pygame_core.games.civilization.combat import BARBARIAN, _side_name

    b = {"att": 0, "def": BARBARIAN}
    assert _side_name(b, "d") == {"en": "The barbarians", "zh-Hant": "蠻族", "zh-Hans": "蛮族"}
    assert _side_name(b, "d", mid=True)["en"] == "the barbarians"


def test_problems_finds_raw_keys_and_english_words():
    """The checker itself catches the old texts."""
    assert problems(
        "log",
        {
            "en": "P2 gains 1 great_person.",
            "zh-Hant": "玩家2獲得1 great_person。",
            "zh-Hans": "玩家2获得1 great_person。",
        },
    )
    assert problems("log", {"en": "barbarians opens a front", "zh-Hant": "蠻族", "zh-Hans": "蠻族"})
    assert not problems(
        "log",
        {
            "en": "Player 2 plays Citizens Revolting II!",
            "zh-Hant": "玩家2打出人民起義II！",
            "zh-Hans": "玩家2打出人民起义II！",
        },
    )


def test_option_labels_and_end_texts_cite_no_seed_lines():
    """Issue 16: "(L320-322)" showed in an option label; provenance stays in code comments."""
    from pygame_core.games.civilization.text import LEARNING_END, VICTORY

    bad = []
    for key, spec in GAME.options_schema.items():
        bad += problems(f"option {key}", spec["label"])
        for v, text in (spec.get("value_labels") or {}).items():
            bad += problems(f"option {key}={v}", text)
    bad += problems("outcome", LEARNING_END)
    for v, text in VICTORY.items():
        bad += problems(f"victory {v}", text)
    assert not bad, "\n".join(bad)
