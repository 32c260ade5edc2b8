"""A free shame discard says it is free: the Reed Clan's Temple (seed L723) and the cards' free discards.

The free discard used to go through the Summer discard (L598), which pays 2 Chi a token: it gave the
seat 2 Chi first and logged "pays 2 Chi to discard", a payment that never happened.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import model, shame
from pygame_core.kernel.text import LANGS
from tests.great_wall.helpers import answer, ctx_for, legal, run
from tests.great_wall.test_modes_reed import board

Data = dict[str, Any]


def _shamed(g: Data, seat: int, n: int = 1) -> None:
    g["players"][seat]["supply"]["spear"] -= n
    g["players"][seat]["shamed"]["spear"] = n
    g["shame_supply"] -= n


def _texts(ctx: Any) -> list[dict[str, str]]:
    return [e["text"] for e in ctx.events]


def test_the_reed_temple_discard_is_logged_as_free_in_three_languages_L723() -> None:
    """L723: with the Reed Clan's clerk at the Temple, the active player may discard 1 of its own
    shame tokens; nothing is paid, and the log says so (not "pays 2 Chi") in en, zh-Hant, zh-Hans."""
    g = board()
    _shamed(g, 0)
    g["players"][0]["res"]["chi"] = 0  # a seat without Chi may take it too: it costs nothing
    g["locations"]["temple"] = ["reed", 1]
    g["turn"] = {"slot": 0, "seat": 0}
    ctx = ctx_for(g)
    supply = g["shame_supply"]
    run(ctx, {"do": "reed_act", "loc": "temple"})
    assert legal(ctx) == [{"type": "discard_shame", "n": 1}, {"type": "pass"}]
    ctx.events.clear()
    answer(ctx, {"type": "discard_shame", "n": 1})
    assert model.shame_held(g, 0) == 0 and g["shame_supply"] == supply + 1
    assert g["players"][0]["res"]["chi"] == 0
    [line] = _texts(ctx)
    assert set(line) == set(LANGS)
    assert "for free" in line["en"] and "Temple" in line["en"] and "Reed Clan" in line["en"]
    assert "免費" in line["zh-Hant"] and "廟宇" in line["zh-Hant"] and "蘆葦氏族" in line["zh-Hant"]
    assert "免费" in line["zh-Hans"] and "庙宇" in line["zh-Hans"] and "芦苇氏族" in line["zh-Hans"]
    for lang in LANGS:
        assert "{" not in line[lang] and "1" in line[lang]
    assert "Chi" not in line["en"] and "pays" not in line["en"]
    assert "氣" not in line["zh-Hant"] and "支付" not in line["zh-Hant"]


def test_a_cards_free_discard_is_logged_as_free_and_moves_no_chi() -> None:
    """A card's free discard (the effect op ``discard_shame`` with ``free``: Wang Jian, the Censor, the
    Taoist, a Tactic's enhanced effect) costs no Chi (L598 is the Summer discard's price): the log says
    "for free" and the seat's Chi never moves."""
    g = board()
    _shamed(g, 1, 2)
    g["players"][1]["res"]["chi"] = 3
    ctx = ctx_for(g)
    run(ctx, {"do": "effect", "seat": 1, "why": "t", "effect": {"op": "discard_shame", "n": 2, "free": True}})
    assert model.shame_held(g, 1) == 0 and g["players"][1]["res"]["chi"] == 3
    assert _texts(ctx) == [{"en": "Player 2 discards 2 shame token(s) for free.",
                            "zh-Hant": "玩家2免費棄置 2 個恥辱標記。",
                            "zh-Hans": "玩家2免费弃置 2 个耻辱标记。"}]


def test_the_summer_discard_still_pays_two_chi_a_token_L598() -> None:
    """L598: the Summer discard (not free) pays 2 Chi a token and says so."""
    g = board()
    _shamed(g, 0, 2)
    g["players"][0]["res"]["chi"] = 5
    ctx = ctx_for(g)
    shame.discard(ctx, 0, 2)
    assert g["players"][0]["res"]["chi"] == 1
    [line] = _texts(ctx)
    assert "pays 4 Chi" in line["en"] and "4 個氣" in line["zh-Hant"]

