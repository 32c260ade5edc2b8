"""Three-language descriptions of the ability families (see abilities.py for the families and
their seed lines). Kept apart from the rules so that the data tables can use it."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.text import LOC_TYPE_NAME, RES_NAME, res_text
from pygame_core.kernel.text import LANGS, hans

Text = dict[str, str]


def _langs(f: Any) -> Text:
    return {lang: f(lang) for lang in LANGS}


def ability_text(ab: dict[str, Any], phase: str) -> Text:
    """A short description of an ability in the three languages."""
    k = ab["kind"]

    def zh(lang: str, hant: str) -> str:
        return hant if lang == "zh-Hant" else hans(hant)

    def rn(r: str, lang: str) -> str:
        return RES_NAME[r][lang]

    def ln(x: str, lang: str) -> str:
        return LOC_TYPE_NAME[x][lang]

    if k == "produce":
        return _langs(lambda g: (f"Gain {res_text(ab['gain'], g)}" if g == "en"
                                 else zh(g, "獲得") + res_text(ab["gain"], g)))
    if k == "convert":
        n = ab["uses"]

        def conv(g: str) -> str:
            if g == "en":
                sep = " and " if ab["mode"] == "all" else " or "
                return f"Convert 1 {ab['from']} into 1 {sep.join(ab['to'])} (up to {n}x)"
            sep = "與" if ab["mode"] == "all" else "或"
            outs = sep.join("1個" + rn(r, "zh-Hant") for r in ab["to"])
            return zh(g, f"將1個{RES_NAME[ab['from']]['zh-Hant']}轉換為{outs}（最多{n}次）")
        return _langs(conv)
    if k == "refresh_adjacent":
        return _langs(lambda g: "Refresh all exhausted abilities of both neighbours" if g == "en"
                      else zh(g, "刷新左右相鄰地點中的所有已消耗能力"))
    if k == "points":
        return _langs(lambda g: f"Gain {ab['points']} points" if g == "en"
                      else zh(g, f"獲得{ab['points']}分"))
    if k == "adj_destroyed_points":
        return _langs(lambda g: f"Gain {ab['points']} point(s) per adjacent destroyed location" if g == "en"
                      else zh(g, f"每個相鄰的毀壞地點獲得{ab['points']}分"))
    if k == "adj_type_gain":
        if "points" in ab:
            return _langs(lambda g: f"Gain {ab['points']} point(s) per adjacent intact {ab['loc_type']}"
                          if g == "en"
                          else zh(g, f"每個相鄰的完好{ln(ab['loc_type'], 'zh-Hant')}獲得{ab['points']}分"))
        return _langs(lambda g: f"Gain {res_text(ab['gain'], g)} per adjacent intact {ab['loc_type']}"
                      if g == "en" else zh(g, f"每個相鄰的完好{ln(ab['loc_type'], 'zh-Hant')}獲得")
                      + res_text(ab["gain"], g))
    if k == "copy_economy":
        return _langs(lambda g: "Use another economy ability of your empire once more" if g == "en"
                      else zh(g, "額外發動一次帝國中另一個經濟能力"))
    if k == "military":
        return _langs(lambda g: f"+{ab['amount']} base military" if g == "en"
                      else zh(g, f"起始軍事力量+{ab['amount']}"))
    if k == "adj_destroyed_military":
        return _langs(lambda g: "+1 base military per adjacent destroyed location" if g == "en"
                      else zh(g, "每個相鄰的毀壞地點起始軍事力量+1"))
    if k == "swap":
        return _langs(lambda g: "Swap the positions of two of your locations" if g == "en"
                      else zh(g, "選擇帝國中的兩個地點相互交換位置"))
    if k == "build_discount":
        return _langs(lambda g: "One innovation costs 1 hammer less" if g == "en"
                      else zh(g, "一個創新的建造費用減少1個錘子"))
    if k == "repair_discount":
        return _langs(lambda g: "Repairing an adjacent location costs 1 hammer less" if g == "en"
                      else zh(g, "相鄰毀壞地點的修繕費用減少1個錘子"))
    if k == "move_innovation":
        return _langs(lambda g: "Move one innovation to another location" if g == "en"
                      else zh(g, "將一個創新移動至另一個地點下方"))
    if k == "free_pass":
        return _langs(lambda g: f"Exhaust: pass for free on a disaster listing {ab['resource']}"
                      if g == "en"
                      else zh(g, f"消耗：對帶有{RES_NAME[ab['resource']]['zh-Hant']}的災難牌免費跳過一次"))
    if k == "change_disaster":
        return _langs(lambda g: "Exhaust: replace a current disaster with the top of the deck" if g == "en"
                      else zh(g, "消耗：改變1張當前災難牌"))
    if k == "end_per_destroyed":
        return _langs(lambda g: f"Game end: {ab['points']} points per destroyed location" if g == "en"
                      else zh(g, f"終局：每個毀壞地點獲得{ab['points']}分"))
    if k == "end_adj_destroyed":
        return _langs(lambda g: f"Game end: {ab['points']} points per adjacent destroyed location"
                      if g == "en"
                      else zh(g, f"終局：每個相鄰的毀壞地點獲得{ab['points']}分"))
    if k == "copy_end":
        return _langs(lambda g: "Game end: score another end-game ability again" if g == "en"
                      else zh(g, "終局：複製另一個終局計分能力"))
    if k == "end_per_resource":
        return _langs(lambda g: f"Game end: {ab['points']} point(s) per {ab['resource']} held" if g == "en"
                      else zh(g, f"終局：持有的每個{rn(ab['resource'], 'zh-Hant')}獲得{ab['points']}分"))
    if k == "end_adj_type":
        return _langs(lambda g: f"Game end: {ab['points']} points per adjacent intact {ab['loc_type']}"
                      if g == "en"
                      else zh(g, f"終局：每個相鄰的完好{ln(ab['loc_type'], 'zh-Hant')}獲得{ab['points']}分"))
    if k == "most_destroyed":
        return _langs(lambda g: f"Game end: {ab['points']} points if you have the most destroyed locations"
                      if g == "en" else zh(g, f"終局：毀壞地點最多（含並列）時獲得{ab['points']}分"))
    if k == "on_destroy":
        def od(g: str) -> str:
            if "refresh_all" in ab:
                return ("When destroyed: refresh all your exhausted abilities" if g == "en"
                        else zh(g, "所在地點被毀壞時：刷新帝國中所有已消耗能力"))
            if "points" in ab:
                return (f"When destroyed: gain {ab['points']} points" if g == "en"
                        else zh(g, f"所在地點被毀壞時：獲得{ab['points']}分"))
            return (f"When destroyed: gain {res_text(ab['gain'], g)}" if g == "en"
                    else zh(g, "所在地點被毀壞時：獲得") + res_text(ab["gain"], g))
        return _langs(od)
    return _langs(lambda g: k)
