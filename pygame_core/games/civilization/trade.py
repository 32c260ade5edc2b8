"""The Trade phase after collection (L611-621): each player in turn may use Trade abilities and make
up to two offers to other players. An offer exchanges one bundle for another: trade points, culture
tokens, a resource token (from the market, or one's own hut or village marker, offered face down) or
a culture card (L613-617); the other player accepts or declines. Promises are free talk and are not
recorded."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import city, flow
from pygame_core.games.civilization.data import EVENTS, HUTS, VILLAGES
from pygame_core.games.civilization.text import HUT, RESOURCE, VILLAGE, t
from pygame_core.kernel import Ctx, decisions
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import Text, fmt, seat_name

Data = dict[str, Any]
OFFERS_PER_TURN = 2


def _bundles(data: Data, seat: int, own: bool) -> list[str]:
    """What ``seat`` holds that may change hands: ``trade:N``, ``culture:N``, ``res:R``, ``card:ID`` (a
    card only from one's own hand, since another's hand is hidden), and ``nothing``."""
    p = data["p"][seat]
    out = ["nothing"]
    out += [f"trade:{n}" for n in (1, 3) if p["trade"] >= n]
    out += [f"culture:{n}" for n in (1, 3) if p["culture"] >= n]
    out += [f"res:{r}" for r, n in sorted(p["res"].items()) if n > 0]
    if own:
        out += [f"card:{c}" for c in city.one_per_event(p["hand"])]
        alike: dict[tuple[bool, str], str] = {}  # L615: hut and village resource tokens too, one per kind
        for m in p["hv"]:
            alike.setdefault((m in HUTS, str((HUTS.get(m) or VILLAGES.get(m) or {}).get("resource"))), m)
        out += [f"hv:{m}" for m in alike.values()]
    return out


def legal(data: Data, seat: int) -> list[Action]:
    out: list[Action] = []
    if data["p"][seat].get("offers", 0) < OFFERS_PER_TURN:
        gives = _bundles(data, seat, True)
        for other in range(len(data["p"])):
            if other == seat:
                continue
            for g in gives:
                for h in _bundles(data, other, False):
                    if g != "nothing" or h != "nothing":
                        out.append({"type": "offer", "to": other, "give": g, "get": h})
    out.append({"type": "end_trade"})
    return out


def bundle_text(b: str, viewer_sees_card: bool = True) -> Text:
    kind, _, v = b.partition(":")
    if kind == "trade":
        return fmt(t("{n} trade", "{n}點貿易"), n=v)
    if kind == "culture":
        return fmt(t("{n} culture", "{n}個文化指示物"), n=v)
    if kind == "res":
        return RESOURCE[v]
    if kind == "card":
        if viewer_sees_card:
            return dict(EVENTS[v.rsplit("_", 1)[0]]["name"])
        return t("a culture card", "一張文化事件卡")
    if kind == "hv":
        back = HUTS.get(v) or VILLAGES.get(v) or {}
        what = HUT if v in HUTS else VILLAGE
        if viewer_sees_card and back.get("resource"):
            return fmt(t("a {w} marker ({r})", "一個{w}標誌物（{r}）"), w=what, r=RESOURCE[back["resource"]])
        return fmt(t("a face-down {w} marker", "一個面朝下的{w}標誌物"), w=what)
    return t("nothing", "什麼都沒有")


def apply(ctx: Ctx, seat: int, action: Action) -> None:
    d = ctx.data
    if action["type"] == "end_trade":
        d["p"][seat].pop("offers", None)
        flow.next_player(ctx)
        return
    p = d["p"][seat]
    p["offers"] = p.get("offers", 0) + 1
    to = action["to"]
    decisions.push(d, "offer", [to], blocking=True, by=seat, give=action["give"], get=action["get"])
    if action["give"].startswith(("card:", "hv:")):
        # the receiver learns a card of the hidden hand, or that a face-down marker is the offerer's to
        # give: an undo barrier, so the offer cannot be taken back once it is known (issue 16)
        ctx.reveal()
    both = [seat, to]
    line = t("{p} offers {q} {g} for {h}.", "{p}向{q}提議以{g}交換{h}。")
    full = fmt(
        line, p=seat_name(seat), q=seat_name(to), g=bundle_text(action["give"]), h=bundle_text(action["get"])
    )
    others = fmt(t("{p} makes {q} an offer.", "{p}向{q}提出交易。"), p=seat_name(seat), q=seat_name(to))
    if action["give"].startswith("hv:"):  # the receiver sees a face-down marker until it is theirs
        masked = fmt(
            line,
            p=seat_name(seat),
            q=seat_name(to),
            g=bundle_text(action["give"], False),
            h=bundle_text(action["get"]),
        )
        ctx.log(full, to=[seat], others=others)
        ctx.log(masked, to=[to])
    else:
        ctx.log(full, to=both, others=others)


def answer_legal(data: Data, seat: int, dec: dict[str, Any]) -> list[Action]:
    return [{"type": "accept"}, {"type": "decline"}]


def answer(ctx: Ctx, seat: int, dec: dict[str, Any], action: Action) -> None:
    d = ctx.data
    decisions.pop(d, dec)
    by = dec["by"]
    if action["type"] == "decline" or not (_has(d, by, dec["give"]) and _has(d, seat, dec["get"])):
        ctx.log(fmt(t("{q} declines.", "{q}拒絕。"), q=seat_name(seat)))
        return
    if any(dec[k].startswith(("card:", "hv:")) for k in ("give", "get")):
        ctx.reveal()  # a culture card or a marker changes hands: the receiver sees it (an undo barrier)
    _move(d, by, seat, dec["give"])
    _move(d, seat, by, dec["get"])
    ctx.log(fmt(t("{q} accepts the offer of {p}.", "{q}接受{p}的提議。"), q=seat_name(seat), p=seat_name(by)))
    for s in (by, seat):
        city.check_hand(ctx, s)  # L619


def _has(data: Data, seat: int, b: str) -> bool:
    kind, _, v = b.partition(":")
    p = data["p"][seat]
    if kind in ("trade", "culture"):
        return bool(p[kind] >= int(v))
    if kind == "res":
        return bool(p["res"].get(v, 0) > 0)
    if kind == "card":
        return v in p["hand"]
    if kind == "hv":
        return v in p["hv"]
    return True


def _move(data: Data, src: int, dst: int, b: str) -> None:
    kind, _, v = b.partition(":")
    a, z = data["p"][src], data["p"][dst]
    if kind == "trade":
        a["trade"] -= int(v)
        z["trade"] = min(city.TRADE_MAX, z["trade"] + int(v))
    elif kind == "culture":
        a["culture"] -= int(v)
        z["culture"] += int(v)
    elif kind == "res":
        a["res"][v] -= 1
        z["res"][v] = z["res"].get(v, 0) + 1
    elif kind == "card":
        a["hand"].remove(v)
        z["hand"].append(v)
    elif kind == "hv":
        a["hv"].remove(v)
        z["hv"].append(v)
