"""Action labels in three languages (en, zh-Hant, zh-Hans)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import KIND_NAME, RES_NAME, WORD, Text, fmt, join, t

Data = dict[str, Any]


def _sep(parts: list[Text], sep: str) -> list[Text | str]:
    out: list[Text | str] = []
    for i, p in enumerate(parts):
        out += [sep, p] if i else [p]
    return out


def _loc(g: Data, loc: str) -> Text:
    if loc == "supply":
        return t("your supply", "個人供應區")
    out: Text = gdata.location(g["side"], loc)["name"]
    return out


def _text(g: Data, seat: int, a: dict[str, Any]) -> Text:
    ty = a["type"]
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
            return fmt(t("Barricade in section {s} ({p})", "在第{s}段設置防禦工事（{p}）"),
                    s=int(a["section"]) + 1,
                    p=pay)
        if a.get("build") == "wall":
            return fmt(t("Build the Wall of section {s}", "修築第{s}段長城"), s=int(a["section"]) + 1)
        if a.get("hire") == "clerk":
            return t("Hire a clerk (2 Gold)", "僱用1個文官（2個黃金）")
        if a.get("hire") == "advisor":
            role = t("Active", "正軍師") if a["as"] == "active" else t("Supporting", "副軍師")
            return fmt(t("Hire Advisor {c} as {r}", "僱用軍師{c}為{r}"), c=str(a["card"]), r=role)
        if "move" in a:
            return fmt(t("Transport: {m}", "運輸：{m}"), m=str(a["move"]))
    if ty == "deploy":
        where = fmt(t("section {s}", "第{s}段"), s=int(a.get("section", a.get("from", 0))) + 1)
        return fmt(t("Deploy a {k} ({w})", "部署1個{k}（{w}）"), k=KIND_NAME[a["kind"]], w=where)
    if ty == "rest":
        return fmt(t("To the rest area of section {s}", "放到第{s}段的休息區"), s=int(a["section"]) + 1)
    if ty == "shoot":
        return fmt(t("Wound: section {s}, row {r}, spot {p}", "受傷：第{s}段，第{r}列，部位{p}"),
                   s=int(a["section"]) + 1, r=int(a["row"]) + 1, p=int(a["spot"]) + 1)
    if ty == "retrieve":
        return t("Take your command cards back", "取回指揮卡")
    if ty == "honor":
        return t("Leave them: 2 Honor per card", "留在棄牌區：每張2點榮譽")
    if ty == "discard_shame":
        return fmt(t("Discard {n} shame ({c} Chi)", "棄置{n}個恥辱標記（{c}個氣）"), n=int(a["n"]),
                c=2 * int(a["n"]))
    if ty == "discard_tactic":
        return fmt(t("Discard Tactic {c}", "棄置戰術卡{c}"), c=str(a["card"]))
    if ty == "draft":
        return fmt(t("General {g}, Active {a}, Supporting {s}", "將軍{g}，正軍師{a}，副軍師{s}"),
                   g=str(a["general"]), a=str(a["active"]), s=str(a["supporting"]))
    if ty == "save":
        return fmt(t("Save {n} soldier(s)", "拯救{n}個士兵"), n=int(a["n"]))
    if ty == "shame":
        on = a["on"]
        where = KIND_NAME[on] if isinstance(on, str) else t("a Horde card", "1張蒙軍卡")
        return fmt(t("Shame under: {w}", "恥辱標記放在：{w}"), w=where)
    if ty == "tactic":
        return fmt(t("Play Tactic {c}{e}", "打出戰術卡{c}{e}"), c=str(a["card"]),
                   e=t(" (enhanced)", "（強化）") if a.get("enhanced") else t("", ""))
    return t(str(ty), str(ty))


def label(g: Data, seat: int, action: dict[str, Any], lang: str) -> str:
    return str(_text(g, seat, action)[lang])
