"""Three-language texts of the engine: phases, actions, log lines.

Traditional Chinese terms are the seed's (000_fcd7daf2adb52f57.txt): 回合開始 L507, 貿易 L511,
城市管理 L515, 移動 L519, 研發 L523, 軍隊/偵察隊 L44-45, 茅屋/村莊 L74-75, 常備軍 L357,
奉獻給藝術 L762, 資源收穫 L834, 無政府狀態 L576. Simplified forms come from a small table.
"""

from __future__ import annotations

from functools import lru_cache

from pygame_core.kernel.i18n import Text

_T2S = dict(
    zip(
        "貿易開始階段城市管理動研發軍隊偵察屋莊備奉獻給藝術資源穫無政府狀態戰鬥勝利經濟"
        "術從來創導紀權觀築廠場擊間諜鈾絲麥鐵產點數選擇結束輪屬傷殲滅戰利品寶貴幣錢"
        "張將領導員傳統們這個會為與後時並還沒處應該對給拿過開揭示區號總頂庫廢護當際順"
        "說鄰價認確請開啟關閉讀隨機種類執帶廟進遊達響額餘顯驗鍵輸盡現報倉裝誤壓廣險"
        "衝擊亂蠻農樂紅綠藍黃線圖標誌塊層級實習學離獲邊條轉換剩兩歸誰贏變麼樣顆棄補"
        "騎兵砲飛機設計畫據類論謀議協貨幣鄉鎮圍牆灣運橋醫寫書憲專礎斷邏輯體極權"
        "羅馬俄國國德漢華盤陸舊網絡舉聖紀錄單雙壘營訓練隻匯萬億陳韋釋稱號長內"
        "則務勵奪強戲敵東毀災爾犧獎疊療範絕繼續裡襲規讓費贈軌闢難項蒐",
        "贸易开始阶段城市管理动研发军队侦察屋庄备奉献给艺术资源获无政府状态战斗胜利经济"
        "术从来创导纪权观筑厂场击间谍铀丝麦铁产点数选择结束轮属伤歼灭战利品宝贵币钱"
        "张将领导员传统们这个会为与后时并还没处应该对给拿过开揭示区号总顶库废护当际顺"
        "说邻价认确请开启关闭读随机种类执带庙进游达响额余显验键输尽现报仓装误压广险"
        "冲击乱蛮农乐红绿蓝黄线图标志块层级实习学离获边条转换剩两归谁赢变么样颗弃补"
        "骑兵炮飞机设计画据类论谋议协货币乡镇围墙湾运桥医写书宪专础断逻辑体极权"
        "罗马俄国国德汉华盘陆旧网络举圣纪录单双垒营训练只汇万亿陈韦释称号长内"
        "则务励夺强戏敌东毁灾尔牺奖叠疗范绝继续里袭规让费赠轨辟难项搜",
        strict=True,
    )
)


#: Words whose Simplified form is another word, not only other characters (the Taiwan wording of the
#: seed's translation -> the mainland one): 設定 -> 设置, 點選 -> 点击 ...
_WORDS = {"設定": "设置", "點選": "点击", "清單": "列表", "拖曳": "拖动", "程式": "程序", "資訊": "信息"}


@lru_cache(maxsize=4096)
def hans(s: str) -> str:
    """Traditional -> Simplified for the characters and words this game's own texts use (remembered:
    labels and logs convert the same few hundred texts again and again)."""
    for word, simp in _WORDS.items():
        s = s.replace(word, simp)
    return "".join(_T2S.get(c, c) for c in s)


def t(en: str, hant: str) -> Text:
    """A :data:`Text` whose Simplified form is derived from the Traditional one."""
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans(hant)}


def fmt(text: Text, **kw: object) -> Text:
    """``text`` with ``{name}`` fields filled in every language (values may be Texts)."""
    texts = [(k, v) for k, v in kw.items() if isinstance(v, dict)]
    if not texts:
        return {lang: s.format(**kw) for lang, s in text.items()}
    out: Text = {}
    for lang, s in text.items():
        for k, v in texts:
            kw[k] = v.get(lang, v.get("en", ""))
        out[lang] = s.format(**kw)
    return out


def seat_name(seat: int) -> Text:
    return t(f"Player {seat + 1}", f"玩家{seat + 1}")


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


def possessive(name: Text) -> Text:
    """The owner form: "Player 2's", "The barbarians'" (en); the Chinese templates add 的."""
    en = name["en"]
    return {**name, "en": en + ("'" if en.endswith("s") else "'s")}
