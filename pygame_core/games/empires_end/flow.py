"""Setup (L75-105, quick game L654-668) and the phase track (L143-195): who moves, and
moving the hourglass on when every player has finished the current phase."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end import conflict, disaster, industry, quick
from pygame_core.games.empires_end.data import CARD_ORDER, CONFLICT_ORDER, LOC_ORDER, track_for
from pygame_core.games.empires_end.decisions import settle, steps_of
from pygame_core.games.empires_end.empire import new_empire
from pygame_core.games.empires_end.model import draw_to_hand, turn_order
from pygame_core.games.empires_end.text import PHASE_NAME, t
from pygame_core.kernel.decisions import stack
from pygame_core.kernel.state import Ctx
from pygame_core.kernel.text import join, seat_name

Data = dict[str, Any]
SIMULTANEOUS = ("economy", "industry", "economy_industry", "quick_setup")


def setup(ctx: Ctx) -> None:
    n = ctx.players
    quick = ctx.options.get("mode") == "quick"
    tr_ = track_for(n)
    deck = list(CARD_ORDER)
    ctx.rng.shuffle(deck)  # L87
    cdeck = list(CONFLICT_ORDER)
    ctx.rng.shuffle(cdeck)  # L89
    start = ctx.rng.below(n)  # L743: a random start player (ruling A1)
    order = list(LOC_ORDER)
    ctx.rng.shuffle(order)  # L103: the start player's random order, copied by everyone
    d: Data = {
        "track": list(tr_["phases"]), "lightning": tr_["quick_start"] if quick else None,
        "phase_index": (tr_["quick_start"] - 1) if quick else -1, "phase": "start", "step": "",
        "start_player": start, "deck": deck, "discard": [], "face_up": [],
        "conflict_deck": cdeck, "conflict_discard": [],
        "disasters": [], "turn": start, "decided": [], "conflict": None, "decisions": [],
        "hand_size": 2 if quick else 4, "learning": bool(ctx.options.get("learning")), "over": False,
        "seats": [{"score": 0, "resources": {"wheat": 2, "hammer": 2, "axe": 2, "coin": 2},  # L97
               "hand": [], "locations": new_empire(order), "done": False, "used": {},
               "resources_shown": False, "industry": industry.new_counters(), "phase": None,
               "phases_done": 0, "mulligan_used": False, "executed": False, "known_discards": []}
              for _ in range(n)],
    }
    ctx.data.update(d)
    d = ctx.data
    ctx.log(join(seat_name(start), t(" holds the temple (start player).", "獲得神廟（起始玩家）。")))
    for s in range(n):
        draw_to_hand(ctx, s, 4)  # L98 (quick game too, L659)
    if quick:
        d["phase"] = "quick_setup"
        d["step"] = "act"
        ctx.log(t("Quick game: choose 2 cards to execute (one redraw allowed).",
                  "快速遊戲：選擇2張災難牌執行（可重新抽取一次）。"))
    else:
        next_phase(ctx)
        progress(ctx)


def next_phase(ctx: Ctx) -> None:
    """Move the hourglass one space (L151) and set the new phase up."""
    d = ctx.data
    d["phase_index"] += 1
    for p in d["seats"]:
        p["done"] = False
        p["used"] = {}
        p["phase"] = None
        p["phases_done"] = 0
        p["industry"] = industry.new_counters()
    if d["phase_index"] >= len(d["track"]):
        ctx.reveal()  # the screens open for final scoring: the game's last action cannot be taken back
        d["over"] = True
        d["phase"] = "end"
        for p in d["seats"]:
            p["resources_shown"] = True  # screens open for final scoring (L489-495; token scoring L623)
        d["step"] = ""
        ctx.log(t("The hourglass reaches Game End: final scoring.", "階段指示物到達遊戲結束格：最終計分。"))
        return
    kind = d["track"][d["phase_index"]]
    d["phase"] = kind
    d["step"] = "act"
    n = d["phase_index"] + 1
    ctx.log(join(t(f"Phase {n}: ", f"第{n}階段："), PHASE_NAME[kind], t(".", "。")))
    if kind in ("disaster", "double_disaster"):
        disaster.start(ctx, kind == "double_disaster")
    elif kind == "conflict":
        conflict.start(ctx)
    elif kind in ("economy", "industry"):
        for p in d["seats"]:
            p["phase"] = kind


def waiting(d: Data) -> list[int]:
    """Seats still playing a simultaneous phase, in turn order from the temple holder."""
    return [s for s in turn_order(d) if not d["seats"][s]["done"]]


def to_move(d: Data) -> list[int]:
    """The seats of the game's own flow. The kernel adds the seats of pending decisions (a seat's
    own steps, the Resource Shortage offer, the sealed conflict bid), which come first."""
    if d["over"]:
        return []
    phase = d["phase"]
    if phase in ("disaster", "double_disaster"):
        return [d["turn"]] if d["step"] == "turn" else []
    if phase == "conflict":
        return []  # the sealed bid, then each seat's refresh steps, are decisions
    w = waiting(d)
    if d["learning"]:
        return w[:1]  # L195: a first game may play these phases in turn order
    return sorted(w)


def progress(ctx: Ctx) -> None:
    """Resolve automatic steps and move through phases until some seat must decide."""
    d = ctx.data
    while not d["over"]:
        for s in range(len(d["seats"])):
            settle(ctx, s)
        pending = bool(stack(d))  # a decision to answer first
        phase = d["phase"]
        if phase in ("disaster", "double_disaster"):
            if pending or not disaster.advance(ctx):
                return
            d["disasters"] = []
        elif phase == "conflict":
            if pending:
                return
        elif phase == "quick_setup":
            for s, p in enumerate(d["seats"]):
                if p["executed"] and not p["done"] and not steps_of(d, s):
                    quick.finish(ctx, s)
            if not all(p["done"] for p in d["seats"]):
                return
        elif pending or not all(p["done"] for p in d["seats"]):
            return
        next_phase(ctx)


def done(ctx: Ctx, seat: int) -> None:
    """A player ends their Economy or Industry (sub-)phase (L302; L485 for Economy/Industry)."""
    d = ctx.data
    p = d["seats"][seat]
    if p["phase"] == "industry":
        industry.finish(ctx, seat)
    ctx.log(join(seat_name(seat), t(" is done with the ", "完成了"), PHASE_NAME[p["phase"]], t(".", "。")))
    p["phases_done"] += 1
    if d["phase"] == "economy_industry" and p["phases_done"] < 2:
        p["phase"] = "industry" if p["phase"] == "economy" else "economy"
        p["used"] = {}
        return
    p["done"] = True
