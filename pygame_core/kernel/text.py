"""The engine's texts, one module for every game: the three UI languages and the :data:`Text` type,
building and formatting texts, seat names, and the converters between Traditional and Simplified Chinese.

A game keeps only its own strings (``games/<id>/text.py``) and writes each Chinese text once, in the
script of its seed, deriving the other: Empire's End and Civilization from Traditional (:func:`from_hant`,
:func:`hans`), Through the Ages from Simplified (:func:`from_hans`, :func:`hant`). The converters know
the characters and words the games' own texts use, not the whole of Chinese: a text that needs another
character adds it to the table here (tests/test_chinese_script.py fails on a character left in the wrong
script), and tests/test_text.py checks that every text the games convert comes out as it did before the
converters were one.
"""

from __future__ import annotations

from functools import lru_cache

LANGS: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")

Text = dict[str, str]
"""A text in every UI language: ``{"en": ..., "zh-Hant": ..., "zh-Hans": ...}``."""


def tr(en: str, hant: str, hans: str | None = None) -> Text:
    """Build a :data:`Text`; Simplified defaults to the Traditional string."""
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans if hans is not None else hant}


def pick(text: Text | str, lang: str) -> str:
    """The string for ``lang``, falling back to English."""
    if isinstance(text, str):
        return text
    return text.get(lang) or text.get("en") or ""


# --------------------------------------------------------------------------- the script converters

#: Traditional -> Simplified, one character each (the characters the games' Traditional texts use).
_T2S = dict(
    zip(
        "貿開階動發軍隊偵莊備獻給藝術資穫無狀態戰鬥勝經濟從來創導紀權觀築廠場擊間諜鈾絲麥鐵產點數選擇結輪"
        "屬傷殲滅寶貴幣錢張將領員傳統們這個會為與後時並還沒處應該對過區號總頂庫廢護當際順說鄰價認確請啟關"
        "閉讀隨機種類執帶廟進遊達響額餘顯驗鍵輸盡現報倉裝誤壓廣險衝亂蠻農樂紅綠藍黃線圖標誌塊層級實習學離"
        "獲邊條轉換兩歸誰贏變麼樣顆棄補騎砲飛設計畫據論謀議協貨鄉鎮圍牆灣運橋醫寫書憲專礎斷邏輯體極羅馬國"
        "漢華盤陸舊網絡舉聖錄單雙壘營訓練隻匯萬億陳韋釋稱長內則務勵奪強戲敵東毀災爾犧獎疊療範絕繼續裡襲規"
        "讓費贈軌闢難項蒐錘業饑於須壞繕複製終記減買賣懲罰蕩儲劃銷積負飢檔戶準勻決問詢"
        "採礦爭館趙嶽槍鋒緒衛師誘敗搶恥揮榮欄氣監禦譽頭陣貢僱鋪損閱燒緊調詳細較驅趕殺門賞車見顧題預養僅優勢參"
        "團夠尋幫彈復擴暫構歷殘滿競簡約組維義聯聲視許試證識財責購載輕辦遠銀錯電靜驚軟輔異節紙編績職覺評譯貼質"
        "遞針閃靈頓魚龍鳥憑獨環帥賜壯糧瞭齊寧兇嚇鎖潰罷懼勞紮艦鏢臨蓋禮儀蹤縱擋擺雖謝嘗頁讚鏈愛憂雜頻蘭韓劉孫"
        "遼飯餅廚燈鐘錦繩紋綱繪織纏擔幟擾繫鬆脅閘獵貫盪稅鑄煉緩劍盜賊奮勳勛嶺彥龐瑩淵鎧韜詭謹懷鑑鑒歲遺鋼蠟燭"
        "銅爐鏡璽硯筆絹綢緞輿鳳龜鶴詔擁驛縣隱俠賢鍛賑測薦"
        "檢驟別幾況佔圓顏縮觸葦蘆訊風"
        "鋸園宮膠紐奧亞崙貝薩熱盧"
        "腦雲霧攜適連詞彙語祕",
        "贸开阶动发军队侦庄备献给艺术资获无状态战斗胜经济从来创导纪权观筑厂场击间谍铀丝麦铁产点数选择结轮"
        "属伤歼灭宝贵币钱张将领员传统们这个会为与后时并还没处应该对过区号总顶库废护当际顺说邻价认确请启关"
        "闭读随机种类执带庙进游达响额余显验键输尽现报仓装误压广险冲乱蛮农乐红绿蓝黄线图标志块层级实习学离"
        "获边条转换两归谁赢变么样颗弃补骑炮飞设计画据论谋议协货乡镇围墙湾运桥医写书宪专础断逻辑体极罗马国"
        "汉华盘陆旧网络举圣录单双垒营训练只汇万亿陈韦释称长内则务励夺强戏敌东毁灾尔牺奖叠疗范绝继续里袭规"
        "让费赠轨辟难项搜锤业饥于须坏缮复制终记减买卖惩罚荡储划销积负饥档户准匀决问询"
        "采矿争馆赵岳枪锋绪卫师诱败抢耻挥荣栏气监御誉头阵贡雇铺损阅烧紧调详细较驱赶杀门赏车见顾题预养仅优势参"
        "团够寻帮弹复扩暂构历残满竞简约组维义联声视许试证识财责购载轻办远银错电静惊软辅异节纸编绩职觉评译贴质"
        "递针闪灵顿鱼龙鸟凭独环帅赐壮粮了齐宁凶吓锁溃罢惧劳扎舰镖临盖礼仪踪纵挡摆虽谢尝页赞链爱忧杂频兰韩刘孙"
        "辽饭饼厨灯钟锦绳纹纲绘织缠担帜扰系松胁闸猎贯荡税铸炼缓剑盗贼奋勋勋岭彦庞莹渊铠韬诡谨怀鉴鉴岁遗钢蜡烛"
        "铜炉镜玺砚笔绢绸缎舆凤龟鹤诏拥驿县隐侠贤锻赈测荐"
        "检骤别几况占圆颜缩触苇芦讯风"
        "锯园宫胶纽奥亚仑贝萨热卢"
        "脑云雾携适连词汇语秘",
        strict=True,
    )
)
#: Words whose Simplified form is another word, not only other characters (the Taiwan wording of the
#: seeds' translations -> the mainland one): 設定 -> 设置, 點選 -> 点击 ...
_T2S_WORDS = {"設定": "设置", "點選": "点击", "清單": "列表", "拖曳": "拖动", "程式": "程序", "資訊": "信息",
              "接著": "接着"}

#: Simplified -> Traditional, one character each (the usual form; words that need another form are in
#: :data:`_S2T_WORDS`).
_S2T = dict(
    zip(
        "与专业两个为举义书争于产从们价会体余内军农冲划则剧动励区单历发变后图场处复夺奖学实对将尔并应庙开"
        "弃张当总戏战择换数无时条来毁没游满炮点盖矿竞筹简类约级线终结给绝胜脸获蓝补规计该败贸资轮过这迹选"
        "铜长队阵阶项领额馆马验骑黄册",
        "與專業兩個為舉義書爭於產從們價會體餘內軍農衝劃則劇動勵區單歷發變後圖場處復奪獎學實對將爾並應廟開"
        "棄張當總戲戰擇換數無時條來毀沒遊滿砲點蓋礦競籌簡類約級線終結給絕勝臉獲藍補規計該敗貿資輪過這跡選"
        "銅長隊陣階項領額館馬驗騎黃冊",
        strict=True,
    )
)
#: Words whose Traditional form is not the characters' usual one (複製, not 復製; 奇蹟, not 奇跡).
_S2T_WORDS = {"复制": "複製", "奇迹": "奇蹟", "防御": "防禦", "吞并": "吞併", "面包": "麵包", "制图": "製圖"}


@lru_cache(maxsize=8192)
def hans(s: str) -> str:
    """Traditional -> Simplified (remembered: labels and logs convert the same few hundred texts again
    and again)."""
    for word, simp in _T2S_WORDS.items():
        s = s.replace(word, simp)
    return "".join(_T2S.get(c, c) for c in s)


@lru_cache(maxsize=4096)
def hant(s: str) -> str:
    """Simplified -> Traditional."""
    for word, trad in _S2T_WORDS.items():
        s = s.replace(word, trad)
    return "".join(_S2T.get(c, c) for c in s)


def from_hant(en: str, hant: str) -> Text:
    """A :data:`Text` from English and Traditional Chinese (Simplified derived)."""
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans(hant)}


def from_hans(en: str, hans: str) -> Text:
    """A :data:`Text` from English and Simplified Chinese (Traditional derived)."""
    return {"en": en, "zh-Hant": hant(hans), "zh-Hans": hans}


# --------------------------------------------------------------------------- formatting


def fmt(text: Text, **kw: object) -> Text:
    """``text`` with ``{name}`` fields filled in every language (values may be Texts)."""
    # ``format_map``: the fields read from ``kw`` itself, without a copy of it per language (the rules
    # format log texts in every simulated step, the search's playouts included)
    texts = [(k, v) for k, v in kw.items() if isinstance(v, dict)]
    if not texts:
        return {lang: s.format_map(kw) for lang, s in text.items()}
    out: Text = {}
    for lang, s in text.items():
        for k, v in texts:
            kw[k] = v.get(lang, v.get("en", ""))
        out[lang] = s.format_map(kw)
    return out


def join(*parts: Text | str) -> Text:
    """Concatenate texts (plain strings are used for every language)."""
    en = hant = hans = ""
    for p in parts:
        if isinstance(p, str):
            en += p
            hant += p
            hans += p
        else:
            en += p["en"]
            hant += p["zh-Hant"]
            hans += p["zh-Hans"]
    return {"en": en, "zh-Hant": hant, "zh-Hans": hans}


def possessive(name: Text) -> Text:
    """The owner form: "Player 2's", "The barbarians'" (en); the Chinese templates add 的."""
    en = name["en"]
    return {**name, "en": en + ("'" if en.endswith("s") else "'s")}


@lru_cache(maxsize=64)
def _seat_name(seat: int) -> tuple[str, str]:
    return f"Player {seat + 1}", f"玩家{seat + 1}"


def seat_name(seat: int) -> Text:
    """A seat's default name, "Player 2" / 玩家2 (the page puts the names chosen for the seats in)."""
    en, zh = _seat_name(seat)
    return {"en": en, "zh-Hant": zh, "zh-Hans": zh}
