"""Disaster phase (L206-258), Double Disaster phase (L282-294) and Resource Shortage (L268-270).

Step machine in ``data["step"]``: ``turn`` (the seat ``data["turn"]`` decides on every open card
it has not yet decided on this turn, ``data["decided"]``), ``resolve`` (a card was just taken and
the taker's own steps, destroy and place, are being answered), ``shortage`` (every seat answers the
Resource Shortage offer, a blocking decision; only a seat below 5 resources can trade, L270, so a
decline tells nothing).

Change disaster (L584-592) is an optional action: any seat with the ability may use it at any moment
of a pass-or-take turn, its own or another's (L588 "在災難階段的任何時刻").
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.abilities import unexhausted
from pygame_core.games.empires_end.data import CARD_NAME, CARDS
from pygame_core.games.empires_end.decisions import queue
from pygame_core.games.empires_end.model import discard, draw_cards, gain, total, zero_res
from pygame_core.games.empires_end.text import RES_NAME, res_t, t
from pygame_core.kernel import decisions as stack
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import join, seat_name

Data = dict[str, Any]


def start(ctx: Ctx, double: bool) -> None:
    """L230-231 (and L284 for two cards): reveal, every player marks the target position."""
    d = ctx.data
    cards = draw_cards(ctx, 2 if double else 1)
    d["disasters"] = [{"card": c, "pool": zero_res(), "taken_by": None, "free_passes": []} for c in cards]
    d["turn"] = d["start_player"]
    d["decided"] = []
    d["step"] = "turn"
    for c in cards:
        ctx.log(join(t("Disaster revealed: ", "翻開災難牌："), CARD_NAME[c],
                     t(f" (targets position {CARDS[c]['target']}).",
                       f"（影響第{CARDS[c]['target']}個位置）。")))


def open_cards(d: Data) -> list[int]:
    return [i for i, x in enumerate(d["disasters"]) if x["taken_by"] is None]


def legal(d: Data, seat: int) -> list[dict[str, Any]]:
    """L232: pay one listed resource (a coin always works, L220) to pass, or take.
    A seat that cannot pay can only take (ruling A3). Free pass L246-248; change: :func:`changes`."""
    p = d["seats"][seat]
    acts: list[dict[str, Any]] = []
    opened = open_cards(d)
    free = unexhausted(p, "free_pass")
    for i in opened:
        if i in d["decided"]:
            continue
        card = CARDS[d["disasters"][i]["card"]]
        for r in card["pay"]:
            if p["resources"][r] > 0:
                acts.append({"type": "pass", "card": i, "pay": r})
        if p["resources"]["coin"] > 0:
            acts.append({"type": "pass", "card": i, "pay": "coin"})
        seen = set()
        for key, ab in free:
            if key in d["disasters"][i].get("free_passes", ()):
                continue  # L248: one free pass per ability on this card, even if refreshed since
            if ab["resource"] in card["pay"] and ab["resource"] not in seen:
                seen.add(ab["resource"])
                acts.append({"type": "free_pass", "card": i, "src": key})
        acts.append({"type": "take", "card": i})
    return acts


def changes(d: Data, seat: int) -> list[dict[str, Any]]:
    """Change disaster (L584-592), usable "at any moment of the disaster phase" (L588) by any seat,
    in turn or not: while a pass-or-take turn is under way, on any open card, if a card can replace
    it. One source is offered (the abilities are alike)."""
    if d["over"] or d["phase"] not in ("disaster", "double_disaster") or d["step"] != "turn":
        return []
    if not (d["deck"] or d["discard"]):
        return []
    p = d["seats"][seat]
    return [{"type": "change", "card": i, "src": key}
            for key, _ab in unexhausted(p, "change_disaster")[:1] for i in open_cards(d)]


def shortage_legal(d: Data, seat: int) -> list[dict[str, Any]]:
    """L270: a seat with fewer than 5 resources may trade; every seat may decline."""
    acts: list[dict[str, Any]] = [{"type": "shortage_done"}]
    if total(d["seats"][seat]["resources"]) < 5:
        acts.insert(0, {"type": "shortage"})
    return acts


def shortage(ctx: Ctx, seat: int, offer: Decision, a: dict[str, Any]) -> None:
    """Answer the Resource Shortage offer (L270): trade (the screen opens: reveal the resources,
    lose 2 points, gain 1 coin; again while below 5; scores may go negative) or decline."""
    d = ctx.data
    p = d["seats"][seat]
    if a["type"] == "shortage":
        ctx.reveal()  # the screen opens: hidden resources become public, so no undo past here
        p["score"] -= 2
        p["resources"]["coin"] += 1
        p["resources_shown"] = True
        ctx.log(join(seat_name(seat), t(" reveals resources (", "揭示資源（"), res_t(p["resources"]),
                     t(") and trades 2 points for 1 coin (Resource Shortage).",
                       "），失去2分獲得1個金幣（資源短缺）。")))
        if total(p["resources"]) < 5:
            return  # may trade again
    offer["seats"].remove(seat)
    if not offer["seats"]:
        stack.pop(d, offer)


def _exhaust(p: dict[str, Any], key: str) -> None:
    for loc in p["locations"]:
        for inn in loc["innovations"]:
            if inn["card"] == key[2:]:
                inn["exhausted"] = True


def apply(ctx: Ctx, seat: int, a: dict[str, Any]) -> None:
    d = ctx.data
    p = d["seats"][seat]
    kind = a["type"]
    entry = d["disasters"][a["card"]]
    name = CARD_NAME[entry["card"]]
    if kind == "pass":
        p["resources"][a["pay"]] -= 1
        entry["pool"][a["pay"]] += 1
        d["decided"].append(a["card"])
        ctx.log(join(seat_name(seat), t(" pays 1 ", "支付1個"), RES_NAME[a["pay"]], t(" to pass ", "跳過"),
                     name, t(".", "。")))
    elif kind == "free_pass":
        _exhaust(p, a["src"])
        entry.setdefault("free_passes", []).append(a["src"])
        d["decided"].append(a["card"])
        ctx.log(join(seat_name(seat), t(" passes ", "免費跳過"), name, t(" for free (exhausts ", "（消耗"),
                     CARD_NAME[a["src"][2:]], t(").", "）。")))
    elif kind == "change":
        # L588-590: discard it, reveal the top card; the pool stays with the new card
        _exhaust(p, a["src"])
        new = draw_cards(ctx, 1)
        if new:
            discard(ctx, [entry["card"]])
            entry["card"] = new[0]
            entry["free_passes"] = []  # a new card: free passes used on the old one no longer count
            if a["card"] in d["decided"]:
                d["decided"].remove(a["card"])
            ctx.log(join(seat_name(seat), t(" changes ", "將"), name, t(" into ", "換成"), CARD_NAME[new[0]],
                         t(f" (targets position {CARDS[new[0]]['target']}).",
                           f"（影響第{CARDS[new[0]]['target']}個位置）。")))
    elif kind == "take":
        take(ctx, seat, a["card"])


def take(ctx: Ctx, seat: int, i: int) -> None:
    """L250-256: temple, pool, destroy (adjacency/nearest rule), place the innovation.
    In a Double Disaster the temple ends with the taker of the 2nd card (L292)."""
    d = ctx.data
    p = d["seats"][seat]
    entry = d["disasters"][i]
    entry["taken_by"] = seat
    d["start_player"] = seat
    d["decided"].append(i)
    pool = entry["pool"]
    gain(p["resources"], pool)
    got = join(t(" and gains ", "，獲得"), res_t(pool)) if total(pool) else \
        t(" and gains nothing", "，沒有獲得資源")
    ctx.log(join(seat_name(seat), t(" takes ", "拿取了"), CARD_NAME[entry["card"]], got, t(".", "。")))
    entry["pool"] = zero_res()
    d["face_up"].append(entry["card"])  # it was open on the table: everyone knows it
    queue(d, seat, [{"kind": "destroy", "card": entry["card"]}, {"kind": "place", "card": entry["card"]}])
    d["step"] = "resolve"


def advance(ctx: Ctx) -> bool:
    """Move the disaster phase on once no one has a pending decision; True when it is over."""
    d = ctx.data
    if d["step"] == "resolve":
        # L270 after each taken card (each of the two in a Double Disaster): every seat is asked at
        # once, so that who may trade (fewer than 5 resources) stays behind the screens
        stack.push(d, "shortage", list(range(len(d["seats"]))), blocking=True)
        d["step"] = "shortage"
        return False
    if d["step"] == "shortage":
        for q in d["seats"]:
            q["resources_shown"] = False
        d["step"] = "turn"
    opened = open_cards(d)
    if not opened:
        return True
    if all(i in d["decided"] for i in opened):
        d["turn"] = (d["turn"] + 1) % len(d["seats"])
        d["decided"] = []
    return False
