"""What a seat may see (docs/empires-end-view.md). Hidden: other seats' hands and resources
(L97-98) unless shown for Resource Shortage (L270), and sealed bids before the reveal (L457)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end import pending
from pygame_core.games.empires_end.abilities import base_military
from pygame_core.games.empires_end.data import CARD_VIEW, CONFLICT_VIEW, LOC_ABILITY_VIEW, LOC_NAME, LOCS
from pygame_core.games.empires_end.scoring import scores
from pygame_core.games.empires_end.text import LOC_TYPE_NAME, PHASE_NAME, join, seat_t, t

PROMPTS = {
    "destroy": t("Choose the location the disaster destroys", "選擇災難毀壞的地點"),
    "place": t("Choose where to place the innovation", "選擇放置創新的地點"),
    "refresh": t("Choose an exhausted ability to refresh", "選擇要刷新的已消耗能力"),
}


def _loc(p: dict[str, Any], i: int, loc: dict[str, Any]) -> dict[str, Any]:
    tile = LOCS[loc["id"]]
    used = p["used"]
    return {"pos": i + 1, "id": loc["id"], "type": tile["type"], "type_name": LOC_TYPE_NAME[tile["type"]],
            "name": LOC_NAME[loc["id"]], "points": tile["points"], "repair": tile["repair"],
            "intact": loc["intact"], "ability": LOC_ABILITY_VIEW[loc["id"]] if loc["intact"] else None,
            "exhausted": False, "used": used.get("L:" + loc["id"], 0) > 0,
            "innovations": [{"card": CARD_VIEW[x["card"]], "exhausted": x["ex"],
                             "used": used.get("I:" + x["card"], 0) > 0} for x in loc["inn"]]}


def view(d: dict[str, Any], seat: int | None) -> dict[str, Any]:
    stage = d["stage"]
    empires = []
    for s, p in enumerate(d["p"]):
        mine = s == seat
        empires.append({
            "seat": s, "score": p["score"],
            "military": base_military(p),  # public: it follows from the face-up empire (L456)
            "resources": dict(p["res"]) if (mine or p["shown"]) else None,
            "resources_revealed": p["shown"],
            "hand": [CARD_VIEW[c] for c in p["hand"]] if mine else None,
            "hand_count": len(p["hand"]),
            "done": p["done"], "bid_committed": p["bid"] is not None,
            "my_bid": dict(p["bid"]) if (mine and p["bid"] is not None) else None,
            "sub_phase": p["sub"], "mulligan_used": p["mull"],
            "repaired": p["ind"]["repaired"], "cards_used": p["ind"]["uses"],
            "locations": [_loc(p, i, x) for i, x in enumerate(p["locs"])],
        })
    disasters = [{"card": CARD_VIEW[x["card"]], "pool": dict(x["pool"]),
                  "targets": {str(s): CARD_VIEW[x["card"]]["target"] for s in range(len(d["p"]))},
                  "taken_by": x["taken_by"]} for x in d["dis"]]
    conflict = None
    if d["conflict"] is not None:
        c = d["conflict"]
        conflict = {"card": CONFLICT_VIEW[c["card"]], "bids": c["bids"], "totals": c["totals"],
                    "resolved": c["bids"] is not None}
    pend = None
    order = ([seat] if seat is not None else []) + list(range(len(d["p"])))
    for s in order:
        if d["p"][s]["pend"]:
            item = d["p"][s]["pend"][0]
            pend = {"kind": item["kind"], "seat": s, "prompt": PROMPTS.get(item["kind"], t("", "")),
                    "card": CARD_VIEW[item["card"]] if "card" in item else None}
            if s == seat:
                pend["options"] = pending.options(d["p"][s], item)
            break
    kind = stage if stage != "start" else "disaster"
    idx = d["idx"] if stage != "quick_setup" else d["lightning"]
    step = d["step"]
    if stage in ("disaster", "double_disaster") and step == "turn":
        step = "pass_or_take"
    out: dict[str, Any] = {
        "phase": {"index": idx, "kind": kind, "name": PHASE_NAME[kind], "track": d["track"], "step": step,
                  "lightning": d["lightning"]},
        "start_player": d["start"], "turn": d["turn"] if stage in ("disaster", "double_disaster") else None,
        "deck_count": len(d["deck"]), "discard_count": len(d["discard"]),
        "conflict_deck_count": len(d["cdeck"]), "hand_size": d["hand_size"],
        "empires": empires, "disasters": disasters, "conflict": conflict, "pending": pend,
        "shortage": sorted(d["short"]) if step == "shortage" else [],
        "status": _status(d),
    }
    if d["over"]:
        out["winners"] = scores(d)["winners"]
    return out


def _status(d: dict[str, Any]) -> dict[str, str]:
    stage = d["stage"]
    if d["over"]:
        sc = scores(d)
        names = [seat_t(w) for w in sc["winners"]]
        top = sc["totals"][sc["winners"][0]]
        return join(*[x for i, n in enumerate(names) for x in ((t(" and ", "與"), n) if i else (n,))],
                    t(f" win{'' if len(names) > 1 else 's'} with {top} points.", f"以{top}分獲勝。"))
    for s, p in enumerate(d["p"]):
        if p["pend"]:
            prompt = PROMPTS.get(p["pend"][0]["kind"], t("must decide", "須作出決定"))
            return join(seat_t(s), t(": ", "："), prompt)
    if stage in ("disaster", "double_disaster"):
        if d["step"] == "shortage":
            return t("Resource Shortage: players with fewer than 5 resources may trade 2 points for 1 coin.",
                     "資源短缺：資源少於5個的玩家可以失去2分獲得1個金幣。")
        return join(seat_t(d["turn"]), t(" must pass (pay 1 resource) or take the disaster.",
                                         "須選擇跳過（支付1個資源）或拿取災難牌。"))
    if stage == "conflict":
        return t("Conflict: everyone makes a sealed bid of axes and coins.",
                 "衝突：所有玩家秘密出價戰斧與金幣。")
    return PHASE_NAME.get(stage, t("", ""))
