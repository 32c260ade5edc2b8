"""Three-language texts. zh-Hans is canon (the seed's terms, e.g. 内政行动点, 军事行动点, 卡牌列,
L901-903, L209); zh-Hant is derived with a small character table (:func:`hant`)."""

from __future__ import annotations

from functools import lru_cache

from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.kernel.i18n import Text

_S2T = dict(
    zip(
        "内政军行动点卡牌列拿取人口增长建造升级摧毁解散领袖奇迹阶段发展科技革命和平演变打出阵型复制结束回合弃置"
        "事件筹划殖民出价放弃派遣奖励侵略战争条约体面退出资源食物文化科学军力幸福不满工人起义腐败消耗生产时代"
        "当前未来过去玩家获得失去为个张与于后从这将会对给没无选择胜们产数级总额专制农业铜矿哲学宗教战士简单完整"
        "模式变体短游戏全球冲突黄色蓝色区开始轮次剩余应该处满实验室寺庙图书馆剧场竞技场步兵骑兵炮兵空军规则补终计两",
        "內政軍行動點卡牌列拿取人口增長建造升級摧毀解散領袖奇蹟階段發展科技革命和平演變打出陣型複製結束回合棄置"
        "事件籌劃殖民出價放棄派遣獎勵侵略戰爭條約體面退出資源食物文化科學軍力幸福不滿工人起義腐敗消耗生產時代"
        "當前未來過去玩家獲得失去為個張與於後從這將會對給沒無選擇勝們產數級總額專制農業銅礦哲學宗教戰士簡單完整"
        "模式變體短遊戲全球衝突黃色藍色區開始輪次剩餘應該處滿實驗室寺廟圖書館劇場競技場步兵騎兵炮兵空軍規則補終計兩",
        strict=True,
    )
)


@lru_cache(maxsize=4096)
def hant(s: str) -> str:
    """Simplified -> Traditional for the characters this game uses."""
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
