"""Bilingual texts: names of resources, location types, disaster types and phases.

Traditional Chinese terms are the seed's own (e.g. 小麥/錘子/戰斧/金幣 L135, 城市/村鎮/軍隊/
道路/農場 L113, the eight disaster names L413-441, the phase names L159-191). Simplified
Chinese is derived with a small character table (:func:`hans`).
"""

from __future__ import annotations

from pygame_core.kernel.i18n import Text

_T2S = dict(zip(
    "麥錘戰幣國鎮軍隊場災難階雙經濟業衝擊亂蠻饑瘟洪這個張將為從於與後來時點數無須選擇"
    "並會動條轉換資源產獲發壞毀繕費創新複製終計標記減價買賣棄補應該們對給拿跳過開給"
    "發揭示應區號勝獎懲罰動蕩總頂庫廢護儲劃當還沒實際輪順傳說權處銷剩兩歸還誰贏結"
    "積極負強讓變換麼樣錢飢護離鄰價檔張並從場戶項準備認確請開啟關閉產業讀隨機種類"
    "執帶廟戲設農進遊達響額餘顯驗鍵寶滅輸盡現報倉裝釋誤壓廣勻決問詢",
    "麦锤战币国镇军队场灾难阶双经济业冲击乱蛮饥瘟洪这个张将为从于与后来时点数无须选择"
    "并会动条转换资源产获发坏毁缮费创新复制终计标记减价买卖弃补应该们对给拿跳过开给"
    "发揭示应区号胜奖惩罚动荡总顶库废护储划当还没实际轮顺传说权处销剩两归还谁赢结"
    "积极负强让变换么样钱饥护离邻价档张并从场户项准备认确请开启关闭产业读随机种类"
    "执带庙戏设农进游达响额余显验键宝灭输尽现报仓装释误压广匀决问询",
    strict=True))


def hans(s: str) -> str:
    """Traditional -> Simplified for the characters this game uses."""
    return "".join(_T2S.get(c, c) for c in s)


def t(en: str, hant: str) -> Text:
    """A :data:`Text` with the Simplified form derived from the Traditional one."""
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans(hant)}


RESOURCES = ("wheat", "hammer", "axe", "coin")
RES_NAME: dict[str, Text] = {
    "wheat": t("wheat", "小麥"), "hammer": t("hammer", "錘子"),
    "axe": t("axe", "戰斧"), "coin": t("coin", "金幣"),
}
LOC_TYPE_NAME: dict[str, Text] = {
    "city": t("City", "城市"), "town": t("Town", "村鎮"), "army": t("Army", "軍隊"),
    "road": t("Road", "道路"), "farm": t("Farm", "農場"),
}
DISASTER_NAME: dict[str, Text] = {
    "fire": t("Fire", "火災"), "blight": t("Blight", "枯病"), "rebellion": t("Rebellion", "叛亂"),
    "barbarians": t("Barbarians", "蠻族"), "famine": t("Famine", "饑荒"), "plague": t("Plague", "瘟疫"),
    "flood": t("Flood", "洪水"), "earthquake": t("Earthquake", "地震"),
}
PHASE_NAME: dict[str, Text] = {
    "disaster": t("Disaster phase", "災難階段"),
    "double_disaster": t("Double Disaster phase", "雙重災難階段"),
    "economy": t("Economy phase", "經濟階段"),
    "industry": t("Industry phase", "工業階段"),
    "conflict": t("Conflict phase", "衝突階段"),
    "economy_industry": t("Economy/Industry phase", "經濟/工業階段"),
    # the word differs, not only the script: 設定 in Taiwan, 设置 on the mainland
    "quick_setup": {"en": "Quick-game setup", "zh-Hant": "快速遊戲設定", "zh-Hans": "快速游戏设置"},
    "end": t("Game end", "遊戲結束"),
}


def res_text(gain: dict[str, int], lang: str) -> str:
    """'2 wheat, 1 coin' in ``lang`` ('2個小麥、1個金幣': Chinese counts with a measure word)."""
    parts = []
    for r in RESOURCES:
        n = gain.get(r, 0)
        if n:
            unit = {"zh-Hant": "個", "zh-Hans": "个"}.get(lang, "")
            parts.append(f"{n} {RES_NAME[r]['en']}" if lang == "en" else f"{n}{unit}{RES_NAME[r][lang]}")
    return ", ".join(parts) if lang == "en" else "、".join(parts)


def res_t(gain: dict[str, int]) -> Text:
    return {lang: res_text(gain, lang) for lang in ("en", "zh-Hant", "zh-Hans")}


def seat_t(seat: int) -> Text:
    return {"en": f"Player {seat + 1}", "zh-Hant": f"玩家{seat + 1}", "zh-Hans": f"玩家{seat + 1}"}


def join(*parts: Text | str) -> Text:
    """Concatenate texts (plain strings are used for every language)."""
    out = {"en": "", "zh-Hant": "", "zh-Hans": ""}
    for p in parts:
        for k in out:
            out[k] += p if isinstance(p, str) else p[k]
    return out
