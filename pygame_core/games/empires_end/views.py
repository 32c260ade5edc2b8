"""What a seat may see (docs/empires-end-view.md). Hidden: other seats' hands and resources
(L97-98) unless shown for Resource Shortage (L270), and sealed bids before the reveal (L457)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end import decisions
from pygame_core.games.empires_end.abilities import base_military
from pygame_core.games.empires_end.conflict import committed
from pygame_core.games.empires_end.data import CARD_VIEW, CONFLICT_VIEW, LOC_ABILITY_VIEW, LOC_NAME, LOCS
from pygame_core.games.empires_end.empire import hit_text
from pygame_core.games.empires_end.scoring import projected, scores
from pygame_core.games.empires_end.text import LOC_TYPE_NAME, PHASE_NAME, t
from pygame_core.kernel.decisions import stack
from pygame_core.kernel.text import join, pick, seat_name

PROMPTS = {
    "destroy": t("Choose the location the disaster destroys", "選擇災難要毀壞的地點"),
    "place": t("Choose where to place the innovation", "選擇要把創新放在哪個地點下方"),
    "refresh": t("Choose an exhausted ability to refresh", "選擇要刷新的已消耗能力"),
}


def _loc(p: dict[str, Any], i: int, loc: dict[str, Any]) -> dict[str, Any]:
    tile = LOCS[loc["id"]]
    used = p["used"]
    return {"pos": i + 1, "id": loc["id"], "type": tile["type"], "type_name": LOC_TYPE_NAME[tile["type"]],
            "name": LOC_NAME[loc["id"]], "points": tile["points"], "repair": tile["repair"],
            "intact": loc["intact"], "ability": LOC_ABILITY_VIEW[loc["id"]] if loc["intact"] else None,
            "exhausted": False, "used": used.get("L:" + loc["id"], 0) > 0,
            "innovations": [{"card": CARD_VIEW[x["card"]], "exhausted": x["exhausted"],
                             "used": used.get("I:" + x["card"], 0) > 0} for x in loc["innovations"]]}


def view(d: dict[str, Any], seat: int | None) -> dict[str, Any]:
    phase = d["phase"]
    empires = []
    bids = committed(d)
    for s, p in enumerate(d["seats"]):
        mine = s == seat
        my_bid = bids.get(str(s)) if mine else None
        empires.append({
            "seat": s, "score": p["score"],
            "military": base_military(p),  # public: it follows from the face-up empire (L456)
            "resources": dict(p["resources"]) if (mine or p["resources_shown"]) else None,
            "resources_revealed": p["resources_shown"],
            "hand": [CARD_VIEW[c] for c in p["hand"]] if mine else None,
            "hand_count": len(p["hand"]),
            "done": p["done"], "bid_committed": str(s) in bids,
            "my_bid": {"axe": my_bid["axe"], "coin": my_bid["coin"]} if my_bid else None,
            "sub_phase": p["phase"], "mulligan_used": p["mulligan_used"],
            "repaired": p["industry"]["repaired"], "cards_used": p["industry"]["cards_used"],
            "locations": [_loc(p, i, x) for i, x in enumerate(p["locations"])],
        })
    disasters = [{"card": CARD_VIEW[x["card"]], "pool": dict(x["pool"]),
                  "targets": {str(s): CARD_VIEW[x["card"]]["target"] for s in range(len(d["seats"]))},
                  "hits": {str(s): hit_text(p["locations"], CARD_VIEW[x["card"]]["target"])
                           for s, p in enumerate(d["seats"])},
                  "taken_by": x["taken_by"]} for x in d["disasters"]]
    conflict = None
    if d["conflict"] is not None:
        c = d["conflict"]
        conflict = {"card": CONFLICT_VIEW[c["card"]], "bids": c["bids"], "totals": c["totals"],
                    "resolved": c["bids"] is not None,
                    # learning mode (L195): the bids made so far, in the open, else null
                    "open_bids": c.get("open_bids") if c["bids"] is None else None}
    pending = None
    order = ([seat] if seat is not None else []) + list(range(len(d["seats"])))
    for s in order:
        steps = decisions.steps_of(d, s)
        if steps:
            item = steps[0]
            pending = {"kind": item["kind"], "seat": s, "prompt": PROMPTS[item["kind"]],
                       "card": CARD_VIEW[item["card"]] if "card" in item else None}
            if s == seat:
                pending["options"] = decisions.options(d, s, item)
            break
    kind = phase if phase != "start" else "disaster"
    idx = d["phase_index"] if phase != "quick_setup" else d["lightning"]
    step = d["step"]
    if phase in ("disaster", "double_disaster") and step == "turn":
        step = "pass_or_take"
    out: dict[str, Any] = {
        "phase": {"index": idx, "kind": kind, "name": PHASE_NAME[kind], "track": d["track"], "step": step,
                  "lightning": d["lightning"]},
        "start_player": d["start_player"],
        "turn": d["turn"] if phase in ("disaster", "double_disaster") else None,
        "deck_count": len(d["deck"]), "discard_count": len(d["discard"]),
        "conflict_deck_count": len(d["conflict_deck"]), "hand_size": d["hand_size"],
        "empires": empires, "disasters": disasters, "conflict": conflict, "pending": pending,
        "shortage": shortage_seats(d),
        "status": _status(d),
        "projected": projected(d),
    }
    if d["over"]:
        out["winners"] = scores(d)["winners"]
    return out


def shortage_seats(d: dict[str, Any]) -> list[int]:
    """Seats still answering the Resource Shortage offer (every seat is asked, L270)."""
    return [s for x in stack(d) if x["kind"] == "shortage" for s in x["seats"]]


def summary(d: dict[str, Any], lang: str) -> str:
    """A public one-line summary, e.g. "Phase 3 of 13 · Conflict phase" or "Game end · Player 2 wins"."""
    if d["over"]:
        return pick(join(PHASE_NAME["end"], " · ", _status(d)), lang)
    if d["phase"] == "quick_setup":
        return pick(PHASE_NAME["quick_setup"], lang)
    n, total = d["phase_index"] + 1, len(d["track"])
    where = t(f"Phase {n} of {total}", f"第{n}/{total}階段")
    return pick(join(where, " · ", PHASE_NAME.get(d["phase"], t("", ""))), lang)


def _status(d: dict[str, Any]) -> dict[str, str]:
    phase = d["phase"]
    if d["over"]:
        sc = scores(d)
        names = [seat_name(w) for w in sc["winners"]]
        top = sc["totals"][sc["winners"][0]]
        return join(*[x for i, n in enumerate(names) for x in ((t(" and ", "與"), n) if i else (n,))],
                    t(f" win{'' if len(names) > 1 else 's'} with {top} points.", f"以{top}分獲勝。"))
    for s in range(len(d["seats"])):
        steps = decisions.steps_of(d, s)
        if steps:
            return join(seat_name(s), t(": ", "："), PROMPTS[steps[0]["kind"]])
    if phase in ("disaster", "double_disaster"):
        if d["step"] == "shortage":
            return t("Resource Shortage: everyone is asked; a player with fewer than 5 resources may trade "
                     "2 points for 1 coin.",
                     "資源短缺：正在詢問所有玩家；資源少於5個的玩家可以失去2分換取1個金幣。")
        return join(seat_name(d["turn"]), t(" must pass (pay 1 resource) or take the disaster.",
                                         "須選擇跳過（支付1個資源）或拿取災難牌。"))
    if phase == "conflict" and d["learning"]:
        return t("Conflict: in turn order, each player bids axes and coins openly.",
                 "衝突：玩家依順序以戰斧與金幣公開出價。")
    if phase == "conflict":
        return t("Conflict: everyone makes a sealed bid of axes and coins.",
                 "衝突：所有玩家以戰斧與金幣秘密出價。")
    return PHASE_NAME.get(phase, t("", ""))
