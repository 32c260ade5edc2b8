"""The Great Wall's strings: names of resources, soldiers, seasons, phases and tracks.

Traditional Chinese is canon: the seed's own terms (glossary L17-59, board legend L84-123, seasons
L67-72, resources L346-349). Simplified Chinese is derived by the kernel's converter
(kernel/text.py, :func:`hans`). Texts are our own short words, never card text.
"""

from __future__ import annotations

from pygame_core.kernel.text import LANGS as LANGS
from pygame_core.kernel.text import Text as Text
from pygame_core.kernel.text import fmt as fmt
from pygame_core.kernel.text import hans as _kernel_hans
from pygame_core.kernel.text import join as join
from pygame_core.kernel.text import seat_name as seat_name

__all__ = ["LANGS", "Text", "fmt", "hans", "join", "seat_name", "t"]

#: Traditional -> Simplified for the characters this game's texts use that the kernel's table lacks
#: (kept here, not in kernel/text.py, so that the three Great Wall branches never edit one shared line).
_T2S_EXTRA = dict(
    zip(
        "採礦爭館趙嶽槍鋒緒衛師誘敗搶恥揮榮欄氣監禦譽頭陣術傷擊騎營運輸廟貢獻僱換標記幣頂層級鋪倉庫補領舉際襲壞損結選擇給歸還餘階"
        "閱將軍贏勝負積資費們個張牆築鐵燒緊調動員號總數詳細較無從該讓陸線圍進護驅趕殺亂轉輪廣觀開關門問間隊賞獎勵寶貴錢買賣應當對"
        "過這時為會來東車馬見現裡難顧題類響順須預額飛養體傳備僅優內兩則創勢區協單參啟團圖場塊壓夠奪實寫專尋導屬幫廢彈復戰戲據擴敵"
        "斷暫書條極構樂機權歷殘減滿準發盡確種稱競範簡紀約紅組終絕統經綠維練續罰義習聖聯聲處衝裝規視計設許試認誤說誰請論證識議讀變"
        "財貨責購贈軌載輕辦農達遠邊鄰醫銀錄錯鍵鎮長閉隨險雙離電靜顯驗驚獲軟輔鄉產畫異盤節紙網編績職舊藝覺評譯貼質遞針閃靈頓魚龍鳥"
        "憑獨環犧帥濟賜壯糧瞭齊寧兇嚇鎖滅潰罷懼勞紮艦鏢臨蓋謀禮儀務麼報蹤縱邏擋擺疊壘殲萬億雖謝嘗鬥頁讚鏈療愛憂雜頻蘭韓劉孫遼漢飯"
        "餅廚燈鐘錦繩紋絲綱繪織纏擔幟擾繫鬆脅閘獵貫盪稅鑄煉緩劍盜賊牌陷奮勳勛嶺彥龐瑩淵鎧韜詭謹懷鑑鑒歲遺鋼蠟燭銅爐鏡璽硯筆墨絹綢"
        "緞輿鳳麟龜鶴詔",
        "采矿争馆赵岳枪锋绪卫师诱败抢耻挥荣栏气监御誉头阵术伤击骑营运输庙贡献雇换标记币顶层级铺仓库补领举际袭坏损结选择给归还余阶"
        "阅将军赢胜负积资费们个张墙筑铁烧紧调动员号总数详细较无从该让陆线围进护驱赶杀乱转轮广观开关门问间队赏奖励宝贵钱买卖应当对"
        "过这时为会来东车马见现里难顾题类响顺须预额飞养体传备仅优内两则创势区协单参启团图场块压够夺实写专寻导属帮废弹复战戏据扩敌"
        "断暂书条极构乐机权历残减满准发尽确种称竞范简纪约红组终绝统经绿维练续罚义习圣联声处冲装规视计设许试认误说谁请论证识议读变"
        "财货责购赠轨载轻办农达远边邻医银录错键镇长闭随险双离电静显验惊获软辅乡产画异盘节纸网编绩职旧艺觉评译贴质递针闪灵顿鱼龙鸟"
        "凭独环牺帅济赐壮粮了齐宁凶吓锁灭溃罢惧劳扎舰镖临盖谋礼仪务么报踪纵逻挡摆叠垒歼万亿虽谢尝斗页赞链疗爱忧杂频兰韩刘孙辽汉饭"
        "饼厨灯钟锦绳纹丝纲绘织缠担帜扰系松胁闸猎贯荡税铸炼缓剑盗贼牌陷奋勋勋岭彦庞莹渊铠韬诡谨怀鉴鉴岁遗钢蜡烛铜炉镜玺砚笔墨绢绸"
        "缎舆凤麟龟鹤诏",
        strict=True,
    )
)


def hans(s: str) -> str:
    """This game's converter (tests/test_chinese_script.py): the kernel's, plus :data:`_T2S_EXTRA`."""
    return "".join(_T2S_EXTRA.get(c, c) for c in _kernel_hans(s))


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
    "winter": t("Winter: assault", "冬季：圍攻"),
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
