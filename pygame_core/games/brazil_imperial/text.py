"""Brazil: Imperial's strings: goods, arches, units, terrain, eras, phases and the words labels use.

Traditional Chinese is canon: the seed's own terms (goods L132-163, arches L126 and L361, units L65-68,
terrain L245-252, eras L305). Simplified Chinese is derived by the kernel's converter (kernel/text.py,
:func:`hans`). English is our own; texts are our own short words.
"""

from __future__ import annotations

from pygame_core.kernel.text import LANGS as LANGS
from pygame_core.kernel.text import Text as Text
from pygame_core.kernel.text import fmt as fmt
from pygame_core.kernel.text import hans as hans
from pygame_core.kernel.text import join as join
from pygame_core.kernel.text import seat_name as seat_name

__all__ = ["LANGS", "Text", "fmt", "hans", "join", "said", "seat_name", "t"]


def t(en: str, hant: str) -> Text:
    """A Text from English and Traditional Chinese, Simplified derived by :func:`hans`."""
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans(hant)}


def said(seat: int, text: Text) -> Text:
    """A log line with its subject: "Player 2 takes the Build action" / 玩家2執行「建造」行動 (the page
    puts the names chosen for the seats in). The engine's lines about a seat are written without one."""
    return join(seat_name(seat), {"en": " ", "zh-Hant": "", "zh-Hans": ""}, text)


GAME_NAME: Text = t("Brazil: Imperial", "巴西帝國")

RESOURCES = ("brazilwood", "sugarcane", "coffee", "cotton")
ASSETS = ("gold", "science")
GOODS = RESOURCES + ASSETS
#: L134, L141-163
GOOD_NAME: dict[str, Text] = {
    "brazilwood": t("brazilwood", "巴西紅木"),
    "sugarcane": t("sugarcane", "甘蔗"),
    "coffee": t("coffee", "咖啡豆"),
    "cotton": t("cotton", "棉花"),
    "gold": t("gold", "黃金"),
    "science": t("science", "科學"),
}

#: L126, L361 (the order of the board)
ARCHES = ("deploy", "paint", "build", "renovate", "manufacture", "port", "trade")
ARCH_NAME: dict[str, Text] = {
    "deploy": t("Deploy", "部署"),
    "paint": t("Paint", "繪畫"),
    "build": t("Build", "建造"),
    "renovate": t("Renovate", "翻新"),
    "manufacture": t("Manufacture", "製造"),
    "port": t("Port", "港口"),
    "trade": t("Trade", "貿易"),
}

#: L65-68, L494
UNIT_NAME: dict[str, Text] = {
    "archer": t("Archer", "弓箭手"),
    "cannon": t("Cannon", "大砲"),
    "monarch": t("Monarch", "君王"),
    "cavalry": t("Heavy cavalry", "重騎兵"),
    "grenadier": t("Grenadier", "手榴彈兵"),
}

#: L245-252, L474
TERRAIN_NAME: dict[str, Text] = {
    "forest": t("forest", "森林"),
    "gold_mine": t("gold mine", "金礦"),
    "plains": t("plains", "平原"),
    "water": t("water", "水域"),
    "edge": t("map edge", "地圖邊界"),
}

#: L305
ERA_NAME: dict[int, Text] = {
    1: t("Era I: Exploration", "時代 I：探索時代"),
    2: t("Era II: Navigation", "時代 II：航海時代"),
    3: t("Era III: Railway", "時代 III：鐵路時代"),
}

MEDAL_NAME: dict[str, Text] = {"red": t("red", "紅"), "pink": t("pink", "粉紅"), "blue": t("blue", "藍")}

#: view.phase names, by kind
PHASE_NAME: dict[str, Text] = {
    "draft": t("Setup: keep one mission of each era", "遊戲設置：每個時代保留 1 張任務卡"),
    "monarch": t("Setup: choose your monarch", "遊戲設置：選擇君王"),
    "capital": t("Setup: choose your capital", "遊戲設置：選擇首都"),
    "action": t("Action phase", "行動階段"),
    "movement": t("Movement phase", "移動階段"),
    "battle": t("Battle", "戰鬥"),
    "era": t("New era: place your action marker", "新時代：放置行動指示物"),
    "end": t("Game end", "遊戲結束"),
}

#: the words the labels and log are built from
WORD: dict[str, Text] = {
    "battle_card": t("battle card", "戰鬥卡"),
    "gold_card": t("gold card", "黃金卡"),
    "painting": t("painting", "繪畫卡"),
    "city": t("city", "城市"),
    "capital": t("capital", "首都"),
    "palace": t("palace", "宮殿"),
    "mission": t("mission", "任務卡"),
    "supply": t("supply", "個人供應區"),
    "tile": t("exploration tile", "探索板塊"),
    "queen": t("the Queen's board", "女王圖板"),
    "nothing": t("nothing", "無"),
    "vp": t("VP", "勝利點數"),
}

SCORE_NAME: dict[str, Text] = {
    "units": t("Deployed units", "已部署的軍隊"),
    "products": t("Products", "已製造的產品"),
    "cards": t("Paintings, gold cards, exploration tiles", "繪畫卡、黃金卡、探索板塊"),
    "missions": t("Missions of eras I and II", "時代 I 與時代 II 任務卡"),
    "era3": t("Era III objectives", "時代 III 任務目標"),
    "palaces": t("Palaces II-VI", "宮殿 II 到宮殿 VI"),
    "tiles": t("Controlled tiles", "控制的建築與城市板塊"),
    "monarch": t("Monarch", "君王"),
}
