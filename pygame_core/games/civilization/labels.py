"""Short labels of actions in en, zh-Hant, zh-Hans (only the acting seat's own hidden cards appear)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pygame_core.games.civilization import city, combat, model
from pygame_core.games.civilization.data import EVENTS, TECHS, UNIT_CARDS, name
from pygame_core.games.civilization.text import ANARCHY, FIGURE, RESOURCE, UNIT, t
from pygame_core.games.civilization.trade import bundle_text
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import LANGS, Text, fmt, pick, seat_name

Data = dict[str, Any]
_DIR = {
    (0, -1): t("north", "北"),
    (1, 0): t("east", "東"),
    (0, 1): t("south", "南"),
    (-1, 0): t("west", "西"),
}


# The texts below are remembered by what they are made of (the map's width and squares, a move's
# figures): a position lists the same few dozen moves again and again, and every label is a fresh
# string picked from them (:func:`label`), so the shared Texts are never handed out or changed.


@lru_cache(maxsize=4096, typed=True)
def _where(w: int, sq: int) -> Text:
    x, y = sq % w, sq // w
    return t(f"({x + 1},{y + 1})", f"（{x + 1},{y + 1}）")


def where(data: Data, sq: int) -> Text:
    return _where(data["w"], sq)


@lru_cache(maxsize=4096, typed=True)
def _dir_w(w: int, a: int, b: int) -> Text:
    return _DIR.get((b % w - a % w, b // w - a // w), _where(w, b))


def _dir(data: Data, a: int, b: int) -> Text:
    return _dir_w(data["w"], a, b)


@lru_cache(maxsize=4096, typed=True)
def _move(w: int, frm: int, to: int, armies: int, scouts: int, over: bool) -> Text:
    """"Move 1 army + 2 scouts from (x,y) east" (or the flight over what is there)."""
    figs = []
    if armies:
        army = t("{n} army", "{n}支軍隊") if armies == 1 else t("{n} armies", "{n}支軍隊")
        figs.append(fmt(army, n=armies))
    if scouts:
        scout = t("{n} scout", "{n}支偵察隊") if scouts == 1 else t("{n} scouts", "{n}支偵察隊")
        figs.append(fmt(scout, n=scouts))
    group = {lang: " + ".join(f[lang] for f in figs) for lang in LANGS}
    return fmt(
        t("Fly {g} from {s} {d}, over what is there", "將{g}從{s}往{d}飛越")
        if over
        else t("Move {g} from {s} {d}", "將{g}從{s}往{d}移動"),
        g=group,
        s=_where(w, frm),
        d=_dir_w(w, frm, to),
    )


def label(data: Data, seat: int, action: Action, lang: str) -> str:
    return pick(text(data, seat, action), lang)


def text(data: Data, seat: int, a: Action) -> Text:
    k = a["type"]
    if k == "capital":
        return fmt(t("Found the capital at {s}", "在{s}建立首都"), s=where(data, a["sq"]))
    if k == "place":
        step = data["p"][seat]["setup"][0] if data["phase"] == "setup" and data["p"][seat]["setup"] else ""
        what = FIGURE.get(step) or (
            t("wonder", "奇觀") if step == "wonder" else t("great person", "重要人士")
        )
        return fmt(t("Place the {w} at {s}", "將{w}放在{s}"), w=what, s=where(data, a["sq"]))
    if k == "found":
        return fmt(t("Found a city with {f}", "以{f}建立城市"), f=_scout(data, a["fig"]))
    if k == "government":
        g = ANARCHY if a["gov"] == "anarchy" else name("gov", a["gov"])
        return fmt(t("Change government to {g}", "將政體改為{g}"), g=g)
    if k == "place_gp":
        return fmt(t("Place {g} at {s}", "將{g}放在{s}"), g=name("gp", a["gp"]), s=where(data, a["sq"]))
    if k == "keep_gp":
        return t("Keep the great person on the sheet", "將重要人士留在文明玩家板上")
    if k == "gather":
        c = data["cities"][a["city"]]
        return fmt(
            t("{f} gathers for the city at {c}", "{f}為{c}的城市蒐集"),
            f=_scout(data, a["fig"]),
            c=where(data, c["sq"]),
        )
    if k == "civ":
        return fmt(t("Play {c}", "選擇{c}"), c=name("civ", a["civ"]))
    if k == "wonder":
        if "city" in a:
            return fmt(
                t("{w}: free City Walls for the city at {c}", "{w}：{c}的城市免費建造城牆"),
                w=name("wonder", a["wonder"]),
                c=where(data, data["cities"][a["city"]]["sq"]),
            )
        if "tech" in a:
            return fmt(
                t("{w}: learn {x} for free", "{w}：免費研發{x}"),
                w=name("wonder", a["wonder"]),
                x=name("tech", a["tech"]),
            )
        return fmt(
            t("{w}: place an {f} there for free", "{w}：免費在那裡放置一支{f}"),
            w=name("wonder", a["wonder"]),
            f=FIGURE[a["figure"]],
        )
    if k == "end_start":
        return t("End Start of Turn", "結束回合開始階段")
    if k == "produce":
        c = data["cities"][a["city"]]
        y = model.city_yield(data, a["city"])
        cost = city.item_cost(data, seat, a["item"])
        rush = city.rush_cost(data, seat, cost - y["production"])
        extra = fmt(t(", rush {n} trade", "，加速花費{n}點貿易"), n=rush) if rush else t("", "")
        if a.get("free"):  # a free building (a great person or card gives it): no cost, no rush
            return fmt(
                t("City at {c}: build {i} for free", "{c}的城市：免費建造{i}"),
                c=where(data, c["sq"]), i=city.item_name(a["item"]),
            )
        return fmt(
            t("City at {c}: produce {i} (cost {n}{r})", "{c}的城市：生產{i}（花費{n}{r}）"),
            c=where(data, c["sq"]),
            i=city.item_name(a["item"]),
            n=cost,
            r=extra,
        )
    if k == "site":
        return fmt(t("Place it at {s}", "放在{s}"), s=where(data, a["sq"]))
    if k == "arts":
        c = data["cities"][a["city"]]
        n = 1 + model.city_yield(data, a["city"])["culture"]
        return fmt(
            t("City at {c}: devote to the arts (+{n} culture)", "{c}的城市：奉獻給藝術（+{n}文化）"),
            c=where(data, c["sq"]),
            n=n,
        )
    if k == "harvest":
        c = data["cities"][a["city"]]
        if "res2" in a:  # Angkor Wat
            return fmt(
                t("City at {c}: harvest {r} and {q}", "{c}的城市：收穫{r}與{q}"),
                c=where(data, c["sq"]),
                r=RESOURCE[a["res"]],
                q=RESOURCE[a["res2"]],
            )
        return fmt(
            t("City at {c}: harvest {r}", "{c}的城市：收穫{r}"), c=where(data, c["sq"]), r=RESOURCE[a["res"]]
        )
    if k == "advance":
        sp = city.next_space(data, seat) or {"cost": {}}
        return fmt(
            t("Advance on the culture track ({c} culture, {d} trade)", "在文化軌上前進（{c}文化，{d}貿易）"),
            c=sp["cost"].get("culture", 0),
            d=sp["cost"].get("trade", 0),
        )
    if k == "end_city":
        return t("End City Management", "結束城市管理階段")
    if "sacrifice" in a:  # a move or a step into an enemy city that sacrifices the figure (Russia)
        tech = name("tech", a["sacrifice"])
        if k == "move":
            return fmt(
                t("{m}, then sacrifice the figure in the enemy city to learn {x}",
                  "{m}，並犧牲進入敵方城市的公仔以研發{x}"),
                m=_move(data["w"], a["from"], a["to"], a["armies"], a["scouts"], bool(a.get("over"))),
                x=tech,
            )
        return fmt(t("Sacrifice the figure in the enemy city to learn {x}",
                     "犧牲進入敵方城市的公仔以研發{x}"), x=tech)
    if k == "move":
        return _move(data["w"], a["from"], a["to"], a["armies"], a["scouts"], bool(a.get("over")))
    if k == "step":
        sq = data["figs"][data["mv"]["figs"][0]]["sq"]
        if a.get("over"):
            return fmt(t("Fly on {d}, over what is there", "繼續往{d}飛越"), d=_dir(data, sq, a["to"]))
        return fmt(t("Go on {d}", "繼續往{d}移動"), d=_dir(data, sq, a["to"]))
    if k == "explore":
        return fmt(t("From {s}: discover face-down tile {n} next to it (1 movement)",
                     "從{s}探索旁邊第{n}塊面朝下的地圖板塊（1點移動）"),
                   s=where(data, a["from"]) if "from" in a else t("here", "此處"), n=str(a["cell"] + 1))
    if k == "stop":
        return t("Stop here", "停在這裡")
    if k == "end_move":
        return t("End Movement", "結束移動階段")
    if k == "research":
        if not a["tech"]:
            return t("Learn nothing this turn", "本回合不研發")
        return fmt(t("Research {x}", "研發{x}"), x=name("tech", a["tech"]))
    if k == "play":
        b = data["battle"]
        side = "a" if combat.controller(b, "a") == seat else "d"
        u = UNIT[UNIT_CARDS[a["card"]]["type"]]
        st = combat.card_strength(data, b, side, a["card"])
        if a["front"] < 0:
            return fmt(t("Play {u} {s} on a new front", "打出{u} {s}開闢新戰線"), u=u, s=st)
        other = "d" if side == "a" else "a"
        e = b["fronts"][a["front"]][other]
        return fmt(
            t("Play {u} {s} against {v} {w} on front {n}", "打出{u} {s}攻擊第{n}戰線的{v} {w}"),
            u=u,
            s=st,
            v=UNIT[UNIT_CARDS[e["c"]]["type"]],
            w=combat.unit_strength(data, b, other, e),
            n=a["front"] + 1,
        )
    if k == "offer":
        return fmt(
            t("Offer {q} {g} for {h}", "向{q}提議以{g}交換{h}"),
            q=seat_name(a["to"]),
            g=bundle_text(a["give"]),
            h=bundle_text(a["get"]),
        )
    if k in ("accept", "decline"):
        dec = next(x for x in reversed(data["decisions"]) if x["kind"] == "offer")
        if k == "decline":
            txt = t("Decline the offer of {p}", "拒絕{p}的提議")
        elif dec["get"] == "nothing":
            txt = t("Accept {g} from {p} as a gift", "接受{p}贈送的{g}")
        elif dec["give"] == "nothing":
            txt = t("Give {p} your {h} as asked", "依{p}的要求給予你的{h}")
        else:
            txt = t("Accept: {g} from {p} for your {h}", "接受：以你的{h}換取{p}的{g}")
        g = bundle_text(dec["give"], not dec["give"].startswith("hv:"))  # a marker stays face down
        return fmt(txt, p=seat_name(dec["by"]), g=g, h=bundle_text(dec["get"]))
    if k == "heal":
        if "heals" in a:
            return fmt(
                t("{x}: heal {w}", "{x}：治療{w}"), x=name("tech", a["tech"]), w=_per_front(a["heals"])
            )
        return fmt(
            t("{x}: heal the unit on front {n}", "{x}：治療第{n}戰線的部隊"),
            x=name("tech", a["tech"]),
            n=a["front"] + 1,
        )
    if k == "allow":
        return t("Let it happen", "讓它發生")
    if k == "cancel":
        src = EVENTS[a["card"].rsplit("_", 1)[0]]["name"] if "card" in a else name("tech", a["tech"])
        return fmt(t("Cancel it with {c}", "以{c}取消它"), c=src)
    if k == "end_trade":
        return t("End Trade", "結束貿易階段")
    if k in ("culture_card", "ability", "coin_task"):
        return _effect_label(data, seat, a)
    if k == "loot":
        return _loot(a)
    if k == "discard":
        ev = EVENTS[a["card"].rsplit("_", 1)[0]]
        return fmt(t("Discard {c}", "棄掉{c}"), c=ev["name"])
    return t(k, k)


def _loot(a: Action) -> Text:
    take = a["take"]
    if take == "trade":
        return fmt(t("Loot {n} trade", "掠奪{n}點貿易"), n=a["n"])
    if take == "culture":
        return fmt(t("Loot {n} culture", "掠奪{n}點文化"), n=a["n"])
    if take in ("resource", "resources"):
        rs = [a["res"]] if take == "resource" else a["res"]
        names = [RESOURCE.get(r, t("a face-down marker", "一個面朝下的標誌物")) for r in rs]
        joined = {lang: ", ".join(n[lang] for n in names) for lang in LANGS}
        return fmt(t("Loot {r}", "掠奪{r}"), r=joined)
    if take == "tech":
        return fmt(t("Learn {x} for free", "免費研發{x}"), x=name("tech", a["tech"]))
    if take == "culture_card":
        return t("Steal a culture card (blind)", "偷取一張文化事件卡（隨機）")
    return t("Nothing to loot", "沒有可掠奪的")


def _effect_label(data: Data, seat: int, a: Action) -> Text:
    k = a["type"]
    if k == "coin_task":
        return fmt(t("Coin task of {x}", "{x}的錢幣任務"), x=name("tech", a["tech"]))
    if k == "culture_card":
        ev = EVENTS[a["card"].rsplit("_", 1)[0]]
        head = fmt(t("Play {c}: {e}", "打出{c}：{e}"), c=ev["name"], e=ev["text"])
    else:
        ab = TECHS[a["tech"]]
        head = fmt(t("Use {x}: {e}", "使用{x}：{e}"), x=ab["name"], e=ab["text"])
    extra = []
    if "give" in a:
        extra.append(
            fmt(
                t("learn {x}, give {y}", "學得{x}，給予{y}"),
                x=name("tech", a["learn"]),
                y=name("tech", a["give"]),
            )
        )
    if "freeze" in a:
        extra.append(fmt(t("pin the figures at {s}", "使{s}的公仔不得離開"), s=where(data, a["freeze"])))
    if "from" in a and k == "ability":
        extra.append(fmt(t("ship from {s} to", "從{s}運到"), s=where(data, a["from"])))
    elif "from" in a:
        extra.append(fmt(t("push from {s}", "從{s}推開"), s=where(data, a["from"])))
    if "city_of" in a:
        extra.append(
            fmt(t("the city at {s}", "{s}的城市"), s=where(data, data["cities"][a["city_of"]]["sq"]))
        )
    if "wounds" in a:
        extra.append(_per_front(a["wounds"]))
    for key in ("city", "target", "wonder", "sq", "res", "front", "figs"):
        if key in a:
            if key == "city":
                extra.append(
                    fmt(t("city at {c}", "{c}的城市"), c=where(data, data["cities"][a["city"]]["sq"]))
                )
            elif key == "target":
                extra.append(seat_name(a["target"]))
            elif key == "wonder":
                extra.append(name("wonder", a["wonder"]))
            elif key == "sq":
                extra.append(_joined([where(data, q) for q in a.get("sqs") or [a["sq"]]], " "))
            elif key == "figs":
                extra.append(_joined([_figure(data, f) for f in a["figs"]], ", "))
            elif key == "res":
                extra.append(RESOURCE[a["res"]])
            else:
                extra.append(fmt(t("front {n}", "第{n}戰線"), n=a["front"] + 1))
    if len(a) > 2 and "opt" in a:
        extra.insert(0, fmt(t("option {n}", "選項{n}"), n=a["opt"] + 1))
    if not extra:
        return head
    tail = {lang: ", ".join(x[lang] for x in extra) for lang in LANGS}
    return fmt(t("{h} ({x})", "{h}（{x}）"), h=head, x=tail)


def _per_front(pairs: list[list[int]]) -> Text:
    """"2 wounds on front 1, 1 wound on front 3"."""
    parts = [
        fmt(
            t("{n} wound on front {f}", "第{f}戰線{n}點傷害")
            if n == 1
            else t("{n} wounds on front {f}", "第{f}戰線{n}點傷害"),
            n=n,
            f=i + 1,
        )
        for i, n in pairs
    ]
    return _joined(parts, ", ")


def _joined(parts: list[Text], sep: str) -> Text:
    return {lang: sep.join(x[lang] for x in parts) for lang in LANGS}


def _figure(data: Data, fid: str) -> Text:
    """"Player 2's army at (x,y)"."""
    f = data["figs"][fid]
    return fmt(
        t("{p}'s {k} at {s}", "{p}在{s}的{k}"), p=seat_name(f["o"]), k=FIGURE[f["k"]], s=where(data, f["sq"])
    )


def _scout(data: dict[str, Any], fig_id: str) -> Text:
    """"the scout at (x,y)", or "scout 2 of those at (x,y)" when one seat has several there, so that
    two choices never read the same."""
    fig = data["figs"][fig_id]
    twins = sorted(k for k, f in data["figs"].items()
                   if f["k"] == fig["k"] and f["o"] == fig["o"] and f["sq"] == fig["sq"])
    if len(twins) > 1:
        return fmt(t("scout {n} of those at {s}", "{s}的第{n}支偵察隊"), n=str(twins.index(fig_id) + 1),
                   s=where(data, fig["sq"]))
    return fmt(t("the scout at {s}", "在{s}的偵察隊"), s=where(data, fig["sq"]))
