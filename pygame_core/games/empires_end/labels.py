"""Short labels of every action type in en / zh-Hant / zh-Hans."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.data import CARD_NAME, CARDS, LOC_NAME
from pygame_core.games.empires_end.empire import hit_text
from pygame_core.games.empires_end.industry import build_cost
from pygame_core.games.empires_end.text import PHASE_NAME, RES_NAME
from pygame_core.kernel.text import hans


def _src(key: str, lang: str) -> str:
    return (LOC_NAME[key[2:]] if key.startswith("L:") else CARD_NAME[key[2:]])[lang]


def _loc_at(d: dict[str, Any], seat: int, pos: int, lang: str) -> str:
    loc = d["seats"][seat]["locations"][pos - 1]
    name = f"#{pos} {LOC_NAME[loc['id']][lang]}"
    if loc["intact"]:
        return name
    return f"{name}, destroyed" if lang == "en" else name + zh_text("（已毀壞）", lang)


def zh_text(hant: str, lang: str) -> str:
    return hant if lang == "zh-Hant" else hans(hant)


def label(d: dict[str, Any], seat: int, a: dict[str, Any], lang: str) -> str:
    """The label of ``seat``'s action ``a``: locations are named in ``seat``'s own empire."""
    en = lang == "en"

    def zh(s: str) -> str:
        return s if lang == "zh-Hant" else hans(s)

    k = a.get("type")
    if k in ("pass", "free_pass", "take", "change"):
        card = CARD_NAME[d["disasters"][a["card"]]["card"]][lang] if a["card"] < len(d["disasters"]) else "?"
        if k == "pass":
            r = RES_NAME[a["pay"]][lang]
            return f"Pass {card}: pay 1 {r}" if en else zh(f"跳過{card}：支付1個") + r
        if k == "free_pass":
            return f"Pass {card} for free ({_src(a['src'], lang)})" if en else zh(f"免費跳過{card}（消耗") + \
                _src(a["src"], lang) + "）"
        if k == "take":
            took = f"Take {card}" if en else zh(f"拿取{card}")
            if a["card"] >= len(d["disasters"]):
                return took
            target = CARDS[d["disasters"][a["card"]]["card"]]["target"]
            hit = hit_text(d["seats"][seat]["locations"], target)[lang]
            return f"{took} ({hit})" if en else f"{took}（{hit}）"
        src = _src(a["src"], lang)
        return f"Change {card} ({src})" if en else zh(f"改變{card}（消耗") + src + "）"
    if k == "shortage":
        return "Resource Shortage: lose 2 points, gain 1 coin" if en else zh("資源短缺：失去2分，獲得1個金幣")
    if k == "shortage_done":
        return "No more Resource Shortage trades" if en else zh("不再進行資源短缺交換")
    if k == "destroy":
        where = _loc_at(d, seat, a["loc"], lang)
        return f"Destroy {where}" if en else zh("毀壞") + where
    if k == "place":
        return f"Place under {_loc_at(d, seat, a['loc'], lang)}" if en else zh("放置於") + \
            _loc_at(d, seat, a["loc"], lang) + zh("下方")
    if k == "refresh":
        return f"Refresh {_src(a['src'], lang)}" if en else zh("刷新") + _src(a["src"], lang)
    if k == "done":
        return "Done" if en else zh("完成")
    if k == "order":
        ph = PHASE_NAME[a["first"]][lang]
        return f"Play the {ph} first" if en else zh("先進行") + ph
    if k == "bid":
        return f"Bid {a['axe']} axe(s) and {a['coin']} coin(s)" if en else \
            zh(f"出價{a['axe']}個戰斧與{a['coin']}個金幣")
    if k == "build":
        name = CARD_NAME[a["card"]][lang]
        cost = build_cost(d["seats"][seat], a["card"])[0]
        where = _loc_at(d, seat, a["loc"], lang)
        if en:
            return f"Build {name} under {where} (cost {cost})"
        return zh(f"建造{name}，放置於") + where + zh(f"下方（費用：{cost}個錘子）")
    if k == "sell":
        name = CARD_NAME[a["card"]][lang]
        return f"Sell {name} for 1 coin" if en else zh(f"出售{name}，獲得1個金幣")
    if k == "discard_rest":
        return "Discard both remaining cards" if en else zh("棄置剩餘的兩張手牌")
    if k == "repair":
        where = _loc_at(d, seat, a["loc"], lang)
        return f"Repair {where}" if en else zh("修繕") + where
    if k == "mulligan":
        return "Redraw all 4 cards" if en else zh("棄置4張手牌並重新抽取")
    if k == "execute":
        names = " + ".join(CARD_NAME[c][lang] for c in a["cards"])
        return f"Execute {names}" if en else zh("執行") + names
    if k == "use":
        s = _src(a["src"], lang)
        extra = ""
        if "target" in a:
            extra += (f" copying {_src(a['target'], lang)}" if en else zh("，複製") + _src(a["target"], lang))
        if "to" in a:
            extra += (f" into {RES_NAME[a['to']][lang]}" if en else zh("，轉換為") + RES_NAME[a["to"]][lang])
        if "a" in a:
            extra += (f": swap #{a['a']} and #{a['b']}" if en
                      else zh(f"：交換第{a['a']}個與第{a['b']}個位置"))
        if "card" in a:
            extra += (f": move {CARD_NAME[a['card']][lang]} to #{a['loc']}" if en
                      else zh(f"：將{CARD_NAME[a['card']][lang]}移至第{a['loc']}個位置"))
        return (f"Use {s}" if en else zh("發動") + s) + extra
    return str(k)
