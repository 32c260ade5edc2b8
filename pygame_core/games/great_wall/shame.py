"""Shame tokens: gaining and placing them, the overflow, the Summer discard and the end penalty.

Rules (seed lines): sources L233-236 (breach, lone yellow flag); placement L242-245 (under an unshamed
soldier in the personal supply, or in a free shame slot of a Horde card the seat holds); L249 (empty
shame supply: -5 Honor at once; no legal place: the token leaves the game and -5 Honor); Summer discard
for 2 Chi each L247, L598; end scoring L675 (-5 per token under a soldier, never below 0 Honor).
Rulings: A17 (Honor never drops below 0, also for the immediate -5), A23 (a shamed soldier cannot be an
overseer either), A43 (discarded tokens go back to the shame supply).

A place for a token is ``"spear" | "archer" | "horse"`` (under one soldier of that kind in the supply)
or ``{"trophy": index}`` (into ``players[s]["trophies"][index]``). The decision
``{"kind": "shame", "seats": [s], "n": tokens still to place}`` is pushed only when the seat has a
choice; it is answered with ``{"type": "shame", "on": place}``.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import modes
from pygame_core.games.great_wall.horde import CARDS, Rec, add_honor, t
from pygame_core.kernel import decisions
from pygame_core.kernel.text import Text, fmt, seat_name

KINDS = ("spear", "archer", "horse")
#: Honor lost for a token with nowhere to go (L249) and per token under a soldier at the end (L675).
PENALTY = 5
#: Chi per discarded token (L247, L598).
DISCARD_COST = 2

_OVERFLOW: Text = t("{p} loses {h} Honor: {n} shame token(s) with nowhere to go leave the game.",
                    "{p}的 {n} 個恥辱標記無處可放，移出遊戲，失去 {h} 點榮譽。")
_EMPTY: Text = t("{p} loses {h} Honor: the shame supply is empty ({n} token(s) owed).",
                 "恥辱標記供應區已空（應得 {n} 個），{p}失去 {h} 點榮譽。")
_GAIN: Text = t("{p} gains {n} shame token(s).", "{p}獲得 {n} 個恥辱標記。")
_PLACED: Text = t("{p} puts a shame token {where}.", "{p}將恥辱標記放在{where}。")
_UNDER: dict[str, Text] = {
    "spear": t("under a spearman", "矛兵底下"),
    "archer": t("under an archer", "弓兵底下"),
    "horse": t("under a horseman", "騎兵底下"),
}
_ON_TROPHY: Text = t("on a defeated Horde card", "擊退的蒙軍卡上")
_DISCARD: Text = t("{p} pays {c} Chi to discard {n} shame token(s).",
                   "{p}支付 {c} 個氣，棄置 {n} 個恥辱標記。")
_DISCARD_FREE: Text = t("{p} discards {n} shame token(s) for free.", "{p}免費棄置 {n} 個恥辱標記。")


def places(g: Rec, seat: int) -> list[Any]:
    """Where a new shame token may go now (L242-245): under an unshamed soldier of each kind in the
    personal supply, or into a free shame slot of each Horde card the seat holds."""
    p = g["players"][seat]
    out: list[Any] = [k for k in KINDS if p["supply"][k] > 0]
    out += [{"trophy": i} for i, tr in enumerate(p["trophies"])
            if tr["shame"] < CARDS[tr["card"]]["shame_slots"] and modes.shame_on_cards(g)]  # co-op: L961
    return out


def _put(ctx: Any, seat: int, place: Any) -> None:
    p = ctx.data["players"][seat]
    if isinstance(place, dict):
        p["trophies"][place["trophy"]]["shame"] += 1
        where = _ON_TROPHY
    else:
        p["supply"][place] -= 1
        p["shamed"][place] += 1
        where = _UNDER[place]
    ctx.log(fmt(_PLACED, p=seat_name(seat), where=where))


def _overflow(ctx: Any, seat: int, text: Text, n: int = 1) -> None:
    """-5 Honor per token (L249), never below 0 (A17); one log line."""
    if n <= 0:
        return
    lost = -add_honor(ctx.data, seat, -PENALTY * n)
    ctx.log(fmt(text, p=seat_name(seat), h=lost, n=n))


def _place_forced(ctx: Any, seat: int, n: int) -> int:
    """Place tokens while the seat has one place or none (a token with no place leaves the game for
    -5 Honor, L249). Returns the tokens left that need the seat's choice."""
    while n > 0:
        options = places(ctx.data, seat)
        if len(options) > 1:
            return n
        if not options:
            _overflow(ctx, seat, _OVERFLOW, n)
            return 0
        _put(ctx, seat, options[0])
        n -= 1
    return 0


def _open(g: Rec, seat: int, defer: list[Rec] | None) -> Rec | None:
    """The seat's unanswered shame decision (on the stack, or among the deferred ones), if any."""
    for d in [*(defer or []), *decisions.stack(g)]:
        if d["kind"] == "shame" and d["seats"] == [seat]:
            return d
    return None


def gain(ctx: Any, seat: int, n: int, why: str = "", *, defer: list[Rec] | None = None) -> None:
    """The seat gains ``n`` shame tokens (L242). Each comes from the shame supply; with the supply empty
    the seat loses 5 Honor instead (L249). Tokens are placed at once: automatically when there is one
    place, -5 Honor when there is none (L249), else through a ``shame`` decision of the seat (pushed,
    or appended to ``defer`` for a caller that orders its decisions). ``why`` names the source for the
    log ("breach", "flag" ...)."""
    g = ctx.data
    took = min(n, max(0, g["shame_supply"]))
    g["shame_supply"] -= took
    if took < n:
        modes.short_of_shame(g)  # co-op: lost at once (L994)
    if took:
        modes.gained_shame(g, seat)  # co-op: it may be discarded for Honor at once (L958)
    _overflow(ctx, seat, _EMPTY, n - took)
    if not took:
        return
    ctx.log(fmt(_GAIN, p=seat_name(seat), n=took), why=why)
    d = _open(g, seat, defer)
    if d is not None:
        d["n"] += took
        return
    left = _place_forced(ctx, seat, took)
    if not left:
        return
    if defer is not None:
        defer.append({"kind": "shame", "seats": [seat], "blocking": True, "n": left})
    else:
        decisions.push(g, "shame", [seat], n=left)


def decision_legal(g: Rec, d: Rec, seat: int) -> list[Rec]:
    """``{"type": "shame", "on": place}`` for each place; ``"on": None`` (-5 Honor) only if none is left."""
    if d["kind"] != "shame" or seat not in d["seats"]:
        return []
    return [{"type": "shame", "on": p} for p in places(g, seat)] or [{"type": "shame", "on": None}]


def decide(ctx: Any, d: Rec, seat: int, action: Rec) -> None:
    g = ctx.data
    if action not in decision_legal(g, d, seat):
        raise ValueError(f"{action!r} does not answer this shame decision")
    if action["on"] is None:
        _overflow(ctx, seat, _OVERFLOW)
    else:
        _put(ctx, seat, action["on"])
    d["n"] = _place_forced(ctx, seat, d["n"] - 1)
    if not d["n"]:
        _pop(g, d)


def _pop(g: Rec, d: Rec) -> None:
    decisions.pop(g, d)


def held(g: Rec, seat: int) -> int:
    """Shame tokens the seat holds: under soldiers and on Horde cards."""
    p = g["players"][seat]
    return sum(p["shamed"].values()) + sum(tr["shame"] for tr in p["trophies"])


def discard_max(g: Rec, seat: int) -> int:
    """How many tokens the seat may discard in Summer now (2 Chi each, L598)."""
    return min(held(g, seat), g["players"][seat]["res"]["chi"] // DISCARD_COST)


def _discard_order(g: Rec, seat: int) -> list[Any]:
    """Default order of tokens to discard: under soldiers first (each costs 5 Honor at the end and
    blocks a figure), then on the Horde cards with the highest reward and a single token."""
    p = g["players"][seat]
    out: list[Any] = [k for k in ("horse", "archer", "spear") for _ in range(p["shamed"][k])]
    cards = sorted(range(len(p["trophies"])),
                   key=lambda i: (p["trophies"][i]["shame"], -CARDS[p["trophies"][i]["card"]]["reward"]))
    out += [{"trophy": i} for i in cards for _ in range(p["trophies"][i]["shame"])]
    return out


def discard(ctx: Any, seat: int, n: int, on: list[Any] | None = None, *, free: bool = False,
            text: Text | None = None) -> None:
    """Summer step 2 (L598, L247): pay 2 Chi per token to discard ``n`` tokens; they go back to the
    shame supply (A43). ``on`` lists where each comes from (a kind, or ``{"trophy": i}``); by default
    from under soldiers first. ``free``: an effect's discard, no Chi paid (L723, the cards' free
    discards); ``text`` is then the log line ({p}: the seat, {n}: the tokens). Raises ValueError if
    the seat cannot."""
    g = ctx.data
    p = g["players"][seat]
    if n < 0 or n > (held(g, seat) if free else discard_max(g, seat)):
        raise ValueError(f"cannot discard {n} shame tokens")
    picks = list(on) if on is not None else _discard_order(g, seat)[:n]
    if len(picks) != n:
        raise ValueError("say where every discarded token comes from")
    for where in picks:
        if isinstance(where, dict):
            tr = p["trophies"][where["trophy"]]
            if tr["shame"] <= 0:
                raise ValueError("no shame on that card")
            tr["shame"] -= 1
        else:
            if p["shamed"][where] <= 0:
                raise ValueError(f"no shamed {where}")
            p["shamed"][where] -= 1
            p["supply"][where] += 1
    g["shame_supply"] += n
    if free and n:
        ctx.log(fmt(text or _DISCARD_FREE, p=seat_name(seat), n=n))
    elif n:
        p["res"]["chi"] -= DISCARD_COST * n
        ctx.log(fmt(_DISCARD, p=seat_name(seat), c=DISCARD_COST * n, n=n))


def end_penalty(g: Rec, seat: int) -> int:
    """End scoring step 1 (L675): the Honor the seat loses, 5 per token under a soldier, at most its
    Honor (the penalty never takes Honor below 0). The caller subtracts it."""
    p = g["players"][seat]
    return min(p["honor"], PENALTY * sum(p["shamed"].values()))


def describe(g: Rec, seat: int, action: Rec) -> Text | None:
    """A player's words for a ``shame`` answer (where the token goes), else None."""
    if action.get("type") != "shame":
        return None
    on = action["on"]
    if on is None:
        return t("No place: lose 5 Honor", "無處可放：失去 5 點榮譽")
    if isinstance(on, dict):
        cid = g["players"][seat]["trophies"][on["trophy"]]["card"]
        return fmt(t("Shame on {card} (its reward is lost)", "恥辱標記放在{card}上（失去其獎勵）"),
                   card=CARDS[cid]["name"])
    return fmt(t("Shame {where} (-5 Honor at the end)", "恥辱標記放在{where}（終局失去 5 點榮譽）"),
               where=_UNDER[on])
