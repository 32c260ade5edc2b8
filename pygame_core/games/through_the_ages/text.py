"""Three-language texts. zh-Hans is canon (the seed's terms, e.g. 内政行动点, 军事行动点, 卡牌列,
L901-903, L209); zh-Hant is derived with a small character table (:func:`hant`)."""

from __future__ import annotations

from functools import lru_cache

from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.kernel.i18n import Text

#: Simplified -> Traditional, one character each (the usual form; words that need another form are in
#: :data:`_WORDS`). Only the characters this game's own texts use; tests/test_chinese_script.py fails
#: on a Simplified character left in a zh-Hant text.
_S2T = dict(
    zip(
        "与专业两个为举义书争于产从们价会体余内军农冲划则剧动励区单历发变后图场处复夺奖学实对将尔并应庙开弃张"
        "当总戏战择换数无时条来毁没游满炮点盖矿竞筹简类约级线终结给绝胜脸获蓝补规计该败贸资轮过这迹选铜长队阵"
        "阶项领额馆马验骑黄册",
        "與專業兩個為舉義書爭於產從們價會體餘內軍農衝劃則劇動勵區單歷發變後圖場處復奪獎學實對將爾並應廟開棄張"
        "當總戲戰擇換數無時條來毀沒遊滿砲點蓋礦競籌簡類約級線終結給絕勝臉獲藍補規計該敗貿資輪過這跡選銅長隊陣"
        "階項領額館馬驗騎黃冊",
        strict=True,
    )
)
#: Words whose Traditional form is not the characters' usual one (複製, not 復製; 奇蹟, not 奇跡).
_WORDS = {"复制": "複製", "奇迹": "奇蹟", "防御": "防禦", "吞并": "吞併", "面包": "麵包", "制图": "製圖"}


@lru_cache(maxsize=4096)
def hant(s: str) -> str:
    """Simplified -> Traditional for the characters and words this game uses."""
    for word, trad in _WORDS.items():
        s = s.replace(word, trad)
    return "".join(_S2T.get(c, c) for c in s)


def t(en: str, hans: str) -> Text:
    """A :data:`Text` from English and the canonical Simplified Chinese."""
    return {"en": en, "zh-Hant": hant(hans), "zh-Hans": hans}


def seat_t(seat: int) -> Text:
    return t(f"Player {seat + 1}", f"玩家{seat + 1}")


@lru_cache(maxsize=64)
def _seat_name(seat: int, lang: str) -> str:
    return seat_t(seat)[lang]


def say(en: str, hans: str, **kw: object) -> Text:
    """A log text: ``{p}`` a seat, ``{c}``/``{d}`` card ids (named in each language), others as is."""
    v_en: dict[str, str] = {}
    v_hant: dict[str, str] = {}
    v_hans: dict[str, str] = {}
    for k, v in kw.items():
        if k in ("p", "q") and isinstance(v, int):
            names = _seat_names(v)
        elif isinstance(v, str) and v in CARDS:
            names = _NAMES3[v]
        else:
            x = str(v)
            names = (x, x, x)
        v_en[k], v_hant[k], v_hans[k] = names
    return {"en": en.format(**v_en), "zh-Hant": hant(hans).format(**v_hant), "zh-Hans": hans.format(**v_hans)}


@lru_cache(maxsize=64)
def _seat_names(seat: int) -> tuple[str, str, str]:
    """A seat's name in en, zh-Hant and zh-Hans (:func:`say`'s order)."""
    return _seat_name(seat, "en"), _seat_name(seat, "zh-Hant"), _seat_name(seat, "zh-Hans")


_AGES = ("A", "I", "II", "III", "IV")


def _names() -> dict[tuple[str, str], str]:
    """Every card's name per language; with its age when a card of another age has the same name
    (the military bonus cards of every age, say), so that two choices never read the same."""
    names: dict[tuple[str, str], str] = {}
    for lg in ("en", "zh-Hant", "zh-Hans"):
        ages: dict[str, set[int]] = {}
        for c in CARDS.values():
            ages.setdefault(str(c["name"][lg]), set()).add(c["lvl"])
        for k, c in CARDS.items():
            name = str(c["name"][lg])
            if len(ages[name]) > 1:
                name = f"{name} ({_AGES[c['lvl']]})"
            names[(k, lg)] = name
    return names


_NAMES = _names()
#: Every card's name in en, zh-Hant and zh-Hans (:func:`say`'s order).
_NAMES3 = {k: (_NAMES[(k, "en")], _NAMES[(k, "zh-Hant")], _NAMES[(k, "zh-Hans")]) for k in CARDS}


def card_name(cid: str, lang: str) -> str:
    """A card's name in ``lang`` (with its age where names repeat across ages)."""
    return _NAMES[(cid, lang)]
