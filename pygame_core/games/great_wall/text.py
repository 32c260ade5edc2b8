"""The Great Wall's strings: names of resources, soldiers, seasons, phases and tracks.

Traditional Chinese is canon: the seed's own terms (glossary L17-59, board legend L84-123, seasons
L67-72, resources L346-349). Simplified Chinese is derived by the kernel's converter
(kernel/text.py, :func:`hans`). Texts are our own short words, never card text.
"""

from __future__ import annotations

from pygame_core.kernel.text import LANGS as LANGS
from pygame_core.kernel.text import Text as Text
from pygame_core.kernel.text import fmt as fmt
from pygame_core.kernel.text import hans as hans
from pygame_core.kernel.text import join as join
from pygame_core.kernel.text import seat_name as seat_name

__all__ = ["LANGS", "Text", "fmt", "hans", "join", "seat_name", "t"]

def t(en: str, hant: str) -> Text:
    """A Text from English and Traditional Chinese, Simplified derived by :func:`hans`."""
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans(hant)}

GAME_NAME: Text = t("The Great Wall", "長城")

RESOURCES = ("wood", "stone", "gold", "chi")
#: L346-349 (木頭 石頭 黃金 氣)
RES_NAME: dict[str, Text] = {
    "wood": t("Wood", "木頭"), "stone": t("Stone", "石頭"), "gold": t("Gold", "黃金"), "chi": t("Chi", "氣"),
}

KINDS = ("spear", "archer", "horse")
#: L140 (矛兵 弓兵 騎兵)
KIND_NAME: dict[str, Text] = {
    "spear": t("Spearman", "矛兵"), "archer": t("Archer", "弓兵"), "horse": t("Horseman", "騎兵"),
}

SEASONS = ("spring", "summer", "autumn", "winter")
#: L67-72 (春季 夏季 秋季 冬季)
SEASON_NAME: dict[str, Text] = {
    "spring": t("Spring", "春季"), "summer": t("Summer", "夏季"),
    "autumn": t("Autumn", "秋季"), "winter": t("Winter", "冬季"),
}

#: view.phase names, by kind (the phase kinds of docs/api.md "view")
PHASE_NAME: dict[str, Text] = {
    "setup": t("Setup: choose your General and Advisors", "遊戲設置：選擇將軍與軍師"),
    "spring": t("Spring: invasion", "春季：入侵"),
    "summer": t("Summer: preparation", "夏季：整備"),
    "autumn": t("Autumn: command", "秋季：指揮"),
    "winter": t("Winter: assault", "冬季：攻城"),
    "end": t("Game end", "遊戲結束"),
}

#: the words the labels and log are built from
WORD: dict[str, Text] = {
    "honor": t("Honor", "榮譽"),
    "shame": t("Shame", "恥辱"),
    "clerk": t("clerk", "文官"),
    "clerks": t("clerks", "文官"),
    "supply": t("supply", "個人供應區"),
    "wall": t("Wall", "長城"),
    "barricade": t("barricade", "防禦工事"),
    "section": t("section", "長城區"),
    "rest": t("rest area", "休息區"),
    "warehouse": t("Warehouse", "倉庫"),
    "overseer": t("overseer", "監工"),
    "advisor": t("Advisor", "軍師"),
    "general": t("General", "將軍"),
    "tactic": t("Tactic", "戰術卡"),
    "command": t("Command card", "指揮卡"),
    "horde": t("Horde card", "蒙軍卡"),
    "tea": t("tea order", "茶序"),
    "time": t("Time", "時間"),
    "year": t("Year", "年"),
    "slot": t("slot", "欄位"),
    "top": t("top box", "上方效果"),
    "middle": t("middle box", "中央效果"),
    "bottom": t("bottom box", "下方效果"),
    "pass": t("Pass", "放棄"),
    "stop": t("Stop", "停止"),
    "activate": t("Activate", "發動"),
}

#: tracks and areas (board legend L84-123)
AREA_NAME: dict[str, Text] = {
    "honor_track": t("Honor track", "榮譽軌"),
    "time_track": t("Time track", "時間軌"),
    "command_track": t("Command track", "指揮軌"),
    "tea_track": t("Tea track", "茶軌"),
    "advisor_track": t("Advisor track", "軍師軌"),
    "command_discard": t("Command discard", "指揮卡棄牌區"),
    "horde_deck": t("Horde deck", "蒙軍卡"),
    "horde_discard": t("Horde discard", "蒙軍卡棄牌區"),
    "artifacts": t("Artifacts", "神器"),
}

#: end conditions (L653-669)
END_NAME: dict[str, Text] = {
    "walls": t("the Walls are complete", "長城已完工"),
    "shame": t("the shame supply is empty", "恥辱標記已用盡"),
    "time": t("time has run out", "時間已到盡頭"),
}
