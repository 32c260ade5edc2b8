"""Bilingual texts: names of resources, location types, disaster types and phases.

Traditional Chinese terms are the seed's own (e.g. 小麥/錘子/戰斧/金幣 L135, 城市/村鎮/軍隊/
道路/農場 L113, the eight disaster names L413-441, the phase names L159-191). Simplified
Chinese is derived by the kernel's converter (kernel/text.py, :func:`hans`).
"""

from __future__ import annotations

from pygame_core.kernel.text import LANGS, Text
from pygame_core.kernel.text import from_hant as t
from pygame_core.kernel.text import hans as hans  # this game's converter (tests/test_chinese_script.py)

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
    "quick_setup": t("Quick-game setup", "快速遊戲設定"),
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
    return {lang: res_text(gain, lang) for lang in LANGS}

