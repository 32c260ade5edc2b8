"""Action labels in three languages (en, zh-Hant, zh-Hans): each names its own action, so two legal
actions of a seat never share a label."""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import economy, effects, model
from pygame_core.games.brazil_imperial.names import card_text, hex_name
from pygame_core.games.brazil_imperial.text import (
    ARCH_NAME,
    ERA_NAME,
    GOOD_NAME,
    UNIT_NAME,
    WORD,
    Text,
    fmt,
    t,
)

Data = dict[str, Any]


def unit_name(g: Data, uid: str) -> Text:
    u = g["units"][uid]
    kind = str(model.unit_slot(g, u["seat"], u["slot"]).get("type"))
    return fmt(t("{u} #{n}", "{u} #{n}"), u=UNIT_NAME.get(kind, t(kind, kind)), n=str(int(u["slot"]) + 1))


def _cards(g: Data, seat: int, kind: str, ids: list[str]) -> Text:
    if not ids:
        return t("no cards", "不出牌")
    return effects.listing([card_text(g, seat, kind, c) for c in ids])


def _trade(g: Data, seat: int, a: Data) -> Text:
    row = bd.TRADE[a["row"]]
    alt = a.get("alt", 0)
    goods = _alts(row)[alt]
    give = effects.listing(
        [
            fmt(t("{n} {g}", "{n} {g}"), n=str(v), g=GOOD_NAME.get(k, t(k.replace("_", " "), _zh(k))))
            for k, v in goods.items()
        ]
    )
    if "good" in a:
        give = fmt(t("1 {g}", "1 {g}"), g=GOOD_NAME[a["good"]])
    if "cards" in a:
        give = _cards(g, seat, "battle", a["cards"])
    return fmt(t("Trade row {r}: give {g}", "交易第 {r} 列：付出 {g}"), r=str(a["row"] + 1), g=give)


def _alts(row: Data) -> list[dict[str, int]]:
    give = row.get("give", {})
    if isinstance(give, list):
        return give
    if isinstance(give, dict) and "any_of" in give:
        return list(give["any_of"])
    return [give]


def _zh(k: str) -> str:
    return {"any_resource": "任意資源", "battle_cards": "戰鬥卡"}.get(k, k)


def text(g: Data, seat: int, a: Data) -> Text:
    ty = a["type"]
    if ty == "keep_mission":
        return fmt(t("Keep the mission {m}", "保留任務卡 {m}"), m=bd.name(bd.MISSIONS[a["id"]]))
    if ty == "monarch":
        return fmt(t("Monarch: {m}", "君王：{m}"), m=bd.name(bd.MONARCHS[a["id"]]))
    if ty == "capital":
        h = next(x for x, c in g["capitals"].items() if c == a["id"])
        cap = bd.CAPITALS[a["id"]]
        first = t(", start player", "，起始玩家") if cap.get("first") else t("", "")
        return fmt(
            t("Capital at {h}: {g}{f}", "首都 {h}：{g}{f}"),
            h=hex_name(g, h),
            g=effects.goods_text(cap.get("goods", {})),
            f=first,
        )
    if ty == "arch":
        return fmt(t("Action: {a}", "行動：{a}"), a=ARCH_NAME[a["arch"]])
    if ty == "extra":
        return fmt(t("Extra action: {a}", "額外行動：{a}"), a=ARCH_NAME[a["arch"]])
    if ty == "show_mission":
        return fmt(t("Show your mission of {e}", "展示{e}的任務卡"), e=ERA_NAME[int(a["era"])])
    if ty == "skip":
        return t("Skip", "跳過")
    if ty == "deploy":
        return fmt(
            t("Deploy {u} to {h}", "部署{u}到 {h}"), u=unit_name(g, a["unit"]), h=hex_name(g, a["hex"])
        )
    if ty == "buy":
        return fmt(t("Buy the painting {c}", "購買繪畫卡 {c}"), c=bd.name(bd.PAINTINGS[a["painting"]]))
    if ty == "build":
        if a["what"] == "city":
            top = g["decks"]["cities"][a["stack"]][-1]
            return fmt(
                t("Build the city {c} (stack {s}) at {h}", "在 {h} 建造城市 {c}（第 {s} 疊）"),
                c=bd.name(bd.CITIES[top]),
                s=str(a["stack"] + 1),
                h=hex_name(g, a["hex"]),
            )
        back = t("", "")
        if a.get("tile"):
            sides = next(x["sides"] for x in bd.TILES if x["id"] == a["tile"])
            other = sides[1 - list(sides).index(a["what"])]
            back = fmt(t(" (other side: {b})", "（背面：{b}）"), b=bd.name(bd.BUILDINGS[other]))
        return fmt(
            t("Build a {b} at {h}{k}", "在 {h} 建造{b}{k}"),
            b=bd.name(bd.BUILDINGS[a["what"]]),
            h=hex_name(g, a["hex"]),
            k=back,
        )
    if ty == "renovate":
        b = model.building(g, a["hex"])
        assert b is not None  # a legal renovate names a building
        how = t(" and flip it", "並翻面") if a["flip"] else t("", "")
        return fmt(
            t("Renovate the {b} at {h}{f}", "翻新 {h} 的{b}{f}"),
            b=bd.name(bd.BUILDINGS[b["id"]]),
            h=hex_name(g, a["hex"]),
            f=how,
        )
    if ty == "manufacture":
        p = model.player(g, seat)
        x = next(x for x in bd.board(p["board"])["products"] if x["id"] == a["product"])
        where = (
            WORD["queen"]
            if a["arch"] == "queen"
            else fmt(t("the {a} arch", "「{a}」拱門"), a=ARCH_NAME[a["arch"]])
        )
        return fmt(t("Manufacture {p} into {w}", "製造{p}並放在{w}"), p=bd.name(x), w=where)
    if ty == "port":
        return fmt(t("Port: take 1 {g}", "港口：獲得 1 {g}"), g=GOOD_NAME[a["good"]])
    if ty == "trade":
        return _trade(g, seat, a)
    if ty == "trade_done":
        return t("Finish trading", "結束交易")
    if ty == "move":
        how = t("free move", "免費移動") if a["as"] == "free" else t("bonus move", "額外移動")
        carry = t("", "")
        if a.get("carry"):
            carry = fmt(
                t(", carrying {u}", "，載運{u}"), u=effects.listing([unit_name(g, u) for u in a["carry"]])
            )
        return fmt(
            t("Move {u} to {h} ({m}{c})", "將{u}移動到 {h}（{m}{c}）"),
            u=unit_name(g, a["unit"]),
            h=hex_name(g, a["to"]),
            m=how,
            c=carry,
        )
    if ty == "ranged":
        return fmt(
            t("{u} attacks {h} from range", "{u}遠程攻擊 {h}"),
            u=unit_name(g, a["unit"]),
            h=hex_name(g, a["target"]),
        )
    if ty == "gold":
        return fmt(t("Play the gold card {c}", "使用黃金卡 {c}"), c=card_text(g, seat, "gold", a["card"]))
    if ty == "end_turn":
        return t("End the turn", "結束回合")
    if ty == "trim":
        return fmt(t("Return 1 {g} (supply over 5)", "歸還 1 {g}（超過 5 個）"), g=GOOD_NAME[a["good"]])
    if ty == "discard":
        return fmt(t("Discard {c}", "棄置 {c}"), c=card_text(g, seat, a["kind"], a["card"]))
    if ty == "gain_any":
        return fmt(t("Take 1 {g}", "獲得 1 {g}"), g=GOOD_NAME[a["good"]])
    if ty == "peek":
        return fmt(t("Look at the exploration tile at {h}", "查看 {h} 的探索板塊"), h=hex_name(g, a["hex"]))
    if ty == "palace":
        return fmt(
            t("Place palace {p} at {h}", "在 {h} 放置宮殿 {p}"), p=a["palace"], h=hex_name(g, a["hex"])
        )
    if ty == "place_marker":
        return fmt(t("Put the era marker under {a}", "將時代指示物放在「{a}」下方"), a=ARCH_NAME[a["arch"]])
    if ty == "pay":
        return economy.step_text(g, seat, str(a["from"]), str(a["good"]))
    if ty == "commit":
        return fmt(t("Commit to battle: {c}", "投入戰鬥：{c}"), c=_cards(g, seat, "battle", a["cards"]))
    return t(str(ty), str(ty))


def label(g: Data, seat: int, action: Data, lang: str) -> str:
    return text(g, seat, action)[lang]
