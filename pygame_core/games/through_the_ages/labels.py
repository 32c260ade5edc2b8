"""Action labels in en, zh-Hant and zh-Hans (seed terms: 拿取卡牌 L380, 增加人口 L648, 建造 L689,
升级 L1058, 发展科技 L924, 宣告革命 L1022, 筹划事件 L1336, 阵型 L1500)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import resolve
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.civil import build_cost, pop_food, take_cost, upgrade_cost
from pygame_core.games.through_the_ages.text import say
from pygame_core.kernel import decisions

WHAT = {
    "food": ("food", "食物"),
    "resources": ("resources", "资源"),
    "science": ("science", "科学点数"),
    "culture": ("culture", "文化点数"),
}


def _effects_text(effs: list[dict[str, Any]], lang: str) -> str:
    """A short text of simple gains ("Gain 2 food")."""
    parts = []
    for e in effs:
        if e["kind"] == "budget":  # Winston Churchill: usable only for military technologies / units
            military = e.get("for") == "military_tech"
            if military:
                text = say("{n} science for military technologies", "{n}科学点数用于军事科技", n=e["n"])
            else:
                text = say("{n} resources for units", "{n}资源用于军事单位", n=e["n"])
            parts.append(text[lang])
            continue
        en, hans = WHAT.get(e.get("what", ""), (e.get("what", "?"), e.get("what", "?")))
        verb = ("Gain", "获得") if e.get("n", 0) >= 0 else ("Lose", "失去")
        parts.append(say(f"{verb[0]} {{n}} {en}", f"{verb[1]}{{n}}{hans}", n=abs(int(e.get("n", 0))))[lang])
    return ", ".join(parts) if lang == "en" else "，".join(parts)


def _split(d: dict[str, Any], a: dict[str, Any]) -> dict[str, str]:
    f, x = a["food"], a["resources"]
    r = d.get("resolving") or {}
    if r.get("winner") is not None:
        return say("Take {f} food and {x} resources", "夺取{f}食物和{x}资源", f=f, x=x)
    if f < 0 or x < 0:
        return say("Lose {f} food and {x} resources", "失去{f}食物和{x}资源", f=-f, x=-x)
    return say("Gain {f} food and {x} resources", "获得{f}食物和{x}资源", f=f, x=x)


def _n(cid: str, lang: str) -> str:
    return str(CARDS[cid]["name"][lang])


def label(d: dict[str, Any], seat: int, a: dict[str, Any], lang: str) -> str:
    p = d["players"][seat]
    k = a["type"]
    txt: dict[str, str]
    if k == "take":
        cid = d["row"][a["slot"]]
        txt = say("Take {c} from space {s} ({n} CA)", "从第{s}格拿取{c}（{n}内政行动点）", c=cid,
                  s=a["slot"] + 1, n=take_cost(p, a["slot"], cid))
    elif k == "pop":
        txt = say("Increase population ({n} food)", "增加人口（{n}食物）", n=pop_food(p))
    elif k == "build":
        txt = say("Build {c} ({n} resources)", "建造{c}（{n}资源）", c=a["card"], n=build_cost(p, a["card"]))
    elif k == "upgrade":
        txt = say(
            "Upgrade {c} to {d} ({n} resources)",
            "将{c}升级为{d}（{n}资源）",
            c=a["from"],
            d=a["to"],
            n=upgrade_cost(p, a["from"], a["to"]),
        )
    elif k == "destroy":
        txt = say("Destroy one {c}", "摧毁一个{c}", c=a["card"])
    elif k == "disband":
        txt = say("Disband one {c}", "解散一个{c}", c=a["card"])
    elif k == "leader":
        txt = say("Play the leader {c}", "打出领袖{c}", c=a["card"])
    elif k == "stage":
        txt = say("Build {n} wonder stage(s)", "建造奇迹的{n}个等级", n=a["n"])
    elif k == "develop":
        txt = say("Develop {c}", "发展{c}", c=a["card"])
    elif k == "revolution":
        txt = say("Revolution: {c}", "宣告革命：{c}", c=a["card"])
    elif k == "play":
        txt = say("Play {c}", "打出{c}", c=a["card"])
        if a.get("do"):
            sub = label(d, seat, a["do"], lang)
            return f"{txt[lang]}: {sub}" if lang == "en" else f"{txt[lang]}：{sub}"
        if a.get("option") is not None:
            txt = say("Play {c} (option {n})", "打出{c}（选项{n}）", c=a["card"], n=a["option"] + 1)
    elif k == "tactic":
        txt = say("Play the tactic {c} (1 MA)", "打出阵型{c}（1军事行动点）", c=a["card"])
    elif k == "copy":
        txt = say("Copy the tactic {c} (2 MA)", "复制阵型{c}（2军事行动点）", c=a["card"])
    elif k == "end":
        txt = say("End the turn", "结束回合")
    elif k == "event":
        txt = say("Prepare the event {c}", "筹划事件{c}", c=a["card"])
    elif k == "aggress":
        txt = say("Aggression {c} against {q}", "对{q}发动侵略{c}", c=a["card"], q=a["target"])
    elif k == "war" and a.get("declare"):  # short game: War over Culture instead (L2233-2235)
        txt = say("Play {c}: declare {d} on {q}", "打出{c}：对{q}宣告{d}", c=a["card"], d=a["declare"],
                  q=a["target"])
    elif k == "war":
        txt = say("Declare {c} on {q}", "对{q}宣告{c}", c=a["card"], q=a["target"])
    elif k == "keep":  # short game: the Age III event kept at the end of Age I (L2237-2239)
        txt = say("Keep {c} and discard the other face down", "保留{c}，将另一张面朝下弃置", c=a["card"])
    elif k == "pact":
        txt = say(
            "Offer {c} (side {n}) to {q}", "向{q}提出{c}（{n}面）", c=a["card"], n=a["side"], q=a["target"]
        )
    elif k == "cancel_pact":
        txt = say("Cancel your pact", "取消条约")
    elif k == "leader_ability" and a.get("territory"):
        txt = say("Remove {c}: colonize {d} without units", "移除{c}：不派遣单位殖民{d}",
                  c=a["card"], d=a["territory"])
    elif k == "leader_ability":
        txt = say("Remove {c} for its ability", "移除{c}以发动其能力", c=a["card"])
    elif k == "resign":
        txt = say("Resign", "体面退出")
    elif k == "discard":
        txt = say("Discard {c}", "弃置{c}", c=a["card"])
    elif k == "option":
        top = decisions.top_for(d, seat)
        if top is not None and top["kind"] == "option":  # a card in play's choice (Winston Churchill)
            trig = CARDS[top["card"]]["triggers"][top["event"]]
            opts = next(e for e in trig if e["kind"] == "choice")["options"]
        else:
            r = d["resolving"]
            opts = CARDS[r["card"]]["effects"][r["i"]]["options"]
        return _effects_text(opts[a["n"]], lang)
    elif k == "event_do":
        dd = dict(d)
        dd["players"] = list(d["players"])
        dd["players"][seat] = resolve.label_player(d, seat, a)
        sub = label(dd, seat, a["do"], lang)
        txt = say("Event: ", "事件：")
        return txt[lang] + sub
    elif k == "under_wonder":
        txt = say("Slide Homer under {c} (+1 happy face)", "将荷马置于{c}下（+1笑脸）", c=a["card"])
    elif k == "regain_ca":
        txt = say("Take the civil action back", "收回内政行动点")
    elif k == "barbarossa":
        txt = say("Increase population and build {c} (1 MA)", "增加人口并建造{c}（1军事行动点）", c=a["card"])
    elif k == "free_pop":
        txt = say("{c}: gain 1 population", "{c}：获得1人口", c="ii_ocean_liner_service")
    elif k == "convert":
        txt = say("Trade Routes: exchange 1 food or resource", "贸易路线：交换1食物或资源")
    elif k == "peek":
        txt = say("Look at the next event", "查看下一张事件牌")
    elif k == "skip":
        txt = say("Decline", "放弃")
    elif k == "split":
        txt = _split(d, a)
    elif k == "lose":
        txt = say("Remove {c}", "移除{c}", c=a["card"])
    elif k == "ravage":
        txt = say("Turn {c} face down (2 culture)", "将{c}翻面（2文化）", c=a["card"])
    elif k == "steal_tech":
        txt = say("Take {c} instead of science", "夺取{c}以代替科学点数", c=a["card"])
    elif k == "science":
        txt = say("Take science", "夺取科学点数")
    elif k == "bid":
        txt = say("Bid {n} for the territory", "殖民出价{n}", n=a["n"])
    elif k == "pass":
        txt = say("Pass", "放弃")
    elif k == "send":
        txt = say("Send one {c}", "派遣一个{c}", c=a["card"])
    elif k == "bonus":
        txt = say("Play the bonus card {c}", "打出军事奖励牌{c}", c=a["card"])
    elif k == "defend":
        txt = say("Defend with {c}", "用{c}防御", c=a["card"])
    elif k == "discard_card" and d.get("colonize"):  # James Cook
        txt = say("Discard {c} for +1 colonization", "弃置{c}以获得+1殖民军力", c=a["card"])
    elif k == "discard_card":
        txt = say("Discard {c} for +1 strength", "弃置{c}以获得+1军力", c=a["card"])
    elif k == "done":
        txt = say("Done", "完成")
    elif k == "accept":
        txt = say("Accept the pact", "接受条约")
    elif k == "refuse":
        txt = say("Refuse the pact", "拒绝条约")
    else:
        return k
    return txt[lang]
