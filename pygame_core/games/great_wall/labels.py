"""Action labels in three languages (en, zh-Hant, zh-Hans)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import cards, combat, horde, shame
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import KIND_NAME, RES_NAME, WORD, Text, fmt, join, t

Data = dict[str, Any]


def _sep(parts: list[Text], sep: str) -> list[Text | str]:
    out: list[Text | str] = []
    for i, p in enumerate(parts):
        out += [sep, p] if i else [p]
    return out


def _zone(zone: list[Any]) -> Text:
    if zone[0] == "wall":
        return fmt(t("the Wall of {s}", "{s}的長城"), s=horde.section_name(int(zone[1])))
    return fmt(t("the rest area of {s}", "{s}的休息區"), s=horde.section_name(int(zone[1])))


def _loc(g: Data, loc: str) -> Text:
    if loc == "supply":
        return t("your supply", "個人供應區")
    out: Text = gdata.location(g["side"], loc)["name"]
    return out


def _text(g: Data, seat: int, a: dict[str, Any]) -> Text:
    ty = a["type"]
    if ty in ("deploy", "shoot", "lose", "save"):  # war's actions, in war's words
        said = combat.describe(g, a)
        if said is not None:
            return said
    if ty == "shame":
        said = shame.describe(g, seat, a)
        if said is not None:
            return said
    if ty == "command":
        return fmt(t("Choose {c}", "選擇「{c}」"), c=gdata.command(a["card"])["name"])
    if ty == "slot":
        return fmt(t("Command track slot {i}", "指揮軌第{i}格"), i=int(a["slot"]) + 1)
    if ty == "clerk":
        return fmt(t("Clerk: {a} → {b}", "文官：{a} → {b}"), a=_loc(g, a["from"]), b=_loc(g, a["to"]))
    if ty in ("stop", "pass"):
        return WORD[ty]
    if ty == "order":
        return fmt(t("Activate the {l}", "發動{l}"), l=_loc(g, a["location"]))
    if ty == "activate":
        return fmt(t("Advanced activation: {l}", "進階發動：{l}"), l=_loc(g, a["location"]))
    if ty == "use":
        loc = a["location"]
        if "upgrade" in a:
            if a["upgrade"] == "level":
                return fmt(t("Upgrade the {l} overseer", "升級{l}的監工"), l=_loc(g, loc))
            return fmt(t("Make a {k} the {l} overseer", "以{k}擔任{l}的監工"), k=KIND_NAME[a["upgrade"]],
                    l=_loc(g, loc))
        if "donate" in a:
            return fmt(t("Donate 1 {r} (+2 Honor)", "捐獻1個{r}（+2榮譽）"), r=RES_NAME[a["donate"]])
        if "kind" in a:
            return fmt(t("Recruit a {k}", "招募1個{k}"), k=KIND_NAME[a["kind"]])
        if a.get("build") == "barricade":
            pay = join(*_sep([RES_NAME[r] for r in a["pay"]], " + ")) if a["pay"] else t("free", "免費")
            return fmt(t("Barricade in {s} ({p})", "在{s}設置防禦工事（{p}）"),
                    s=horde.section_name(int(a["section"])),
                    p=pay)
        if a.get("build") == "wall":
            return fmt(t("Build the Wall of {s}", "修築{s}的長城"), s=horde.section_name(int(a["section"])))
        if a.get("hire") == "clerk":
            return t("Hire a clerk (2 Gold)", "僱用1個文官（2個黃金）")
        if a.get("hire") == "advisor":
            role = t("Active", "正軍師") if a["as"] == "active" else t("Supporting", "副軍師")
            return fmt(t("Hire {c} as {r}", "僱用{c}為{r}"), c=cards.name(a["card"]), r=role)
        if "move" in a:
            m = a["move"]
            units = _sep([fmt(t("{n} {k}", "{n}個{k}"), n=n, k=KIND_NAME[k]) for k, n in m["units"].items()],
                    ", ")
            return fmt(t("Move {u}: {a} → {b}", "移動{u}：{a} → {b}"), u=join(*units),
                       a=_zone(m["from"]), b=_zone(m["to"]))
    if ty == "deploy":
        sec = int(a.get("section", a.get("from", 0)))
        where = horde.section_name(sec)
        if "row" in a:
            slot = g["sections"][sec]["rows"][int(a["row"])]
            spots = ", ".join(str(int(j) + 1) for j in a["spots"])
            if slot is not None:
                return fmt(t("{k} onto {c} ({w}, spot {p})", "{k}攻擊{c}（{w}，部位{p}）"),
                           k=KIND_NAME[a["kind"]], c=horde.name(slot["card"]), w=where, p=spots)
        return fmt(t("{k} onto the Wall ({w})", "{k}登上長城（{w}）"), k=KIND_NAME[a["kind"]], w=where)
    if ty == "rest":
        return fmt(t("To the rest area of {s}", "放到{s}的休息區"), s=horde.section_name(int(a["section"])))
    if ty == "shoot":
        slot = g["sections"][int(a["section"])]["rows"][int(a["row"])]
        card = horde.name(slot["card"]) if slot is not None else t("a card", "蒙軍卡")
        return fmt(t("Wound {c}, spot {p} ({s})", "使{c}的部位{p}受傷（{s}）"),
                   c=card, s=horde.section_name(int(a["section"])), p=int(a["spot"]) + 1)
    if ty == "lose":
        return fmt(t("A {k} dies ({s})", "1個{k}陣亡（{s}）"), k=KIND_NAME[a["kind"]],
                   s=horde.section_name(int(a["section"])))
    if ty == "retrieve":
        return t("Take your command cards back", "取回指揮卡")
    if ty == "honor":
        return t("Leave them: 2 Honor per card", "留在棄牌區：每張2點榮譽")
    if ty == "discard_shame" and not int(a["n"]):
        return t("Keep your shame tokens", "保留恥辱標記")
    if ty == "discard_shame":
        return fmt(t("Discard {n} shame ({c} Chi)", "棄置{n}個恥辱標記（{c}個氣）"), n=int(a["n"]),
                c=2 * int(a["n"]))
    if ty == "discard_tactic":
        return fmt(t("Discard {c}", "棄置{c}"), c=cards.name(a["card"]))
    if ty == "draft":
        return fmt(t("General {g}, Active {a}, Supporting {s}", "將軍{g}，正軍師{a}，副軍師{s}"),
                   g=cards.name(a["general"]), a=cards.name(a["active"]), s=cards.name(a["supporting"]))
    if ty == "save":
        return fmt(t("Save {n} soldier(s)", "拯救{n}個士兵"), n=int(a["n"]))
    if ty == "shame":
        on = a["on"]
        if on is None:
            return t("No place for the shame token: -5 Honor", "恥辱標記無處可放：-5榮譽")
        if isinstance(on, str):
            where = KIND_NAME[on]
        else:
            card = g["players"][seat]["trophies"][int(on["trophy"])]["card"]
            where = horde.name(card)
        return fmt(t("Shame under: {w}", "恥辱標記放在：{w}"), w=where)
    if ty == "tactic":
        return fmt(t("Play {c}{e}", "打出{c}{e}"), c=cards.name(a["card"]),
                   e=t(" (enhanced)", "（強化）") if a.get("enhanced") else t("", ""))
    return t(str(ty), str(ty))


def label(g: Data, seat: int, action: dict[str, Any], lang: str) -> str:
    return str(_text(g, seat, action)[lang])
