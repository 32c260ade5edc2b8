"""Three-language texts of the engine: phases, actions, log lines.

Traditional Chinese terms are the seed's (000_fcd7daf2adb52f57.txt): 回合開始 L507, 貿易 L511,
城市管理 L515, 移動 L519, 研發 L523, 軍隊/偵察隊 L44-45, 茅屋/村莊 L74-75, 常備軍 L357,
奉獻給藝術 L762, 資源收穫 L834, 無政府狀態 L576. Simplified forms are derived by the kernel's
converter (kernel/text.py).
"""

from __future__ import annotations

from pygame_core.kernel.text import Text
from pygame_core.kernel.text import from_hant as t
from pygame_core.kernel.text import hans as hans  # this game's converter (tests/test_chinese_script.py)

PHASE: dict[str, Text] = {
    "setup": t("Setup", "設定"),
    "start": t("Start of Turn", "回合開始"),
    "trade": t("Trade", "貿易"),
    "city": t("City Management", "城市管理"),
    "move": t("Movement", "移動"),
    "research": t("Research", "研發"),
}
FIGURE: dict[str, Text] = {"army": t("army", "軍隊"), "scout": t("scout", "偵察隊")}
TERRAIN: dict[str, Text] = {
    "water": t("water", "水域"),
    "grassland": t("grassland", "草原"),
    "forest": t("forest", "森林"),
    "mountain": t("mountain", "山岳"),
    "desert": t("desert", "沙漠"),
}
RESOURCE: dict[str, Text] = {
    "wheat": t("wheat", "小麥"),
    "silk": t("silk", "絲"),
    "incense": t("incense", "焚香"),
    "iron": t("iron", "鐵"),
    "spy": t("spy", "間諜"),
    "uranium": t("uranium", "鈾"),
}
UNIT: dict[str, Text] = {
    "artillery": t("artillery", "砲兵"),
    "infantry": t("infantry", "步兵"),
    "mounted": t("mounted", "騎乘"),
    "aircraft": t("aircraft", "飛行器"),
}
VICTORY: dict[str, Text] = {
    "culture": t("culture victory", "文化勝利"),
    "tech": t("tech victory", "科技勝利"),
    "economic": t("economic victory", "經濟勝利"),
    "military": t("military victory", "軍事勝利"),
    "learning": t("Learning game over (no winner or loser)", "學習模式結束（沒有贏家或輸家）"),
    "turn_limit": t("Turn limit reached", "達到回合上限"),
}
#: Why the learning game's result names no winner (L322).
LEARNING_END: Text = t(
    "Learning game: it ends when a player founds a third city, and nobody wins or loses.",  # L322
    "學習模式：有玩家建立第三座城市時遊戲結束，沒有贏家也沒有輸家。",
)
ANARCHY: Text = t("Anarchy", "無政府狀態")
CITY: Text = t("city", "城市")
CAPITAL: Text = t("capital", "首都")
WALLS: Text = t("City Walls", "城牆")
HUT: Text = t("hut", "茅屋")
VILLAGE: Text = t("village", "村莊")
#: The barbarians as a side of a battle, named like a seat ("The barbarians", 蠻族 L904).
BARBARIANS: Text = t("The barbarians", "蠻族")
#: The same in the middle of a sentence.
BARBARIANS_MID: Text = t("the barbarians", "蠻族")
#: "{n} <what>" for the gains of cards, abilities and wonders (``gain`` effects).
GAIN: dict[str, Text] = {
    "trade": t("{n} trade", "{n}點貿易"),
    "culture": t("{n} culture", "{n}點文化"),
    "production": t("{n} production", "{n}點生產"),
    "coin_token": t("{n} coin", "{n}枚錢幣"),
    "great_person": t("{n} great person", "{n}位重要人士"),
}

