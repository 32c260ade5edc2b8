"""What a seat may see (README.md "View"). Hidden: other seats' military hands and their cards in
the future events deck, the order and content of every face-down deck (L454-456, L1296, L1338)."""

from __future__ import annotations

from typing import Any

from pygame_core.games.through_the_ages import decks, tokens
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.civil import hand_limit, pop_food, take_cost
from pygame_core.games.through_the_ages.economy import ca_left, ma_left
from pygame_core.games.through_the_ages.flow import mil_limit
from pygame_core.games.through_the_ages.model import (
    AGES,
    ROW_COST,
    WAR_OVER_CULTURE,
    consumption,
    corruption,
    happy_needed,
)
from pygame_core.games.through_the_ages.ratings import production, stats, tactic_strength
from pygame_core.games.through_the_ages.text import t

CARD_VIEW: dict[str, dict[str, Any]] = {
    cid: {
        "id": cid,
        "name": c["name"],
        "age": c["age"],
        "kind": c["kind"],
        "type": c["type"],
        "text": c.get("text") or {},
    }
    for cid, c in CARDS.items()
}


def card(cid: str | None) -> dict[str, Any] | None:
    return CARD_VIEW[cid] if cid else None


#: The phases of a turn as the view names them (政治阶段 L1328, 行动阶段 L366), and the game end
#: (游戏结束 L347).
PHASE_NAME = {
    "political": t("Political phase", "政治阶段"),
    "action": t("Action phase", "行动阶段"),
    "end": t("Game end", "游戏结束"),
}


def phase(d: dict[str, Any]) -> dict[str, Any]:
    """The view's ``phase``, ``{kind, name}`` as in every game: the current seat's political phase
    (from round 2, before its first action, L1330), its action phase, or the game end (L347)."""
    if d["over"]:
        kind = "end"
    else:
        p = d["players"][d["turn"]]
        kind = "political" if d["round"] >= 2 and not p["political_done"] and not p["acted"] else "action"
    return {"kind": kind, "name": PHASE_NAME[kind]}


def _player(d: dict[str, Any], s: int, seat: int | None) -> dict[str, Any]:
    p = d["players"][s]
    r = stats(p)
    mine = s == seat
    techs = []
    for cid, n in p["workers"].items():
        techs.append(
            {
                "card": card(cid),
                "workers": n,
                "blue": p["blue_tokens"].get(cid, 0),
                "token_value": CARDS[cid]["token"],
            }
        )
    w = p["wonder"]
    return {
        "seat": s,
        "order": p["order"],
        "resigned": p["resigned"],
        "culture": p["culture"],
        "science": p["science"],
        "ratings": {
            "science": r["science"],
            "culture": r["culture"],
            "strength": r["strength"],
            "happiness": r["happiness"],
            "colonization": r["colonization"],
            "tactics": tactic_strength(p),
        },
        "discontent": max(0, happy_needed(p["yellow_bank"]) - r["happiness"]),
        "happy_needed": happy_needed(p["yellow_bank"]),
        "ca": {"total": p["ca_total"], "available": ca_left(p)},
        "ma": {"total": p["ma_total"], "available": ma_left(p), "temporary": p["temporary_ma"]},
        "military_resources": p["military_resources"],
        "military_science": p.get("military_science", 0),
        "yellow_bank": p["yellow_bank"],
        "blue_bank": p["blue_bank"],
        "unused_workers": p["unused_workers"],
        "food": tokens.amount(p, "farm"),
        "resources": tokens.amount(p, "mine"),
        "food_production": production(p, "farm"),
        "resource_production": production(p, "mine"),
        "consumption": consumption(p["yellow_bank"]),
        "corruption": corruption(p["blue_bank"]),
        "population_cost": pop_food(p),
        "urban_limit": r["urban_limit"],
        "technologies": techs,
        "specials": [card(c) for c in p["specials"]],
        "government": card(p["government"]),
        "leader": card(p["leader"]),
        "wonder": None
        if w is None
        else {
            "card": card(w["id"]),
            "built": w["built"],
            "stages": CARDS[w["id"]]["cost"]["stages"],
            "tokens": w.get("tokens", 0),
        },
        "wonders": [card(c) for c in p["wonders"]],
        "colonies": [card(c) for c in p["colonies"]],
        "tactic": card(p["tactic"]),
        "exclusive_tactic": card(p["exclusive_tactic"]),
        "tactic_done": p["tactic_done"],
        "pact": None
        if not p["pact"]
        else {"card": card(p["pact"]["card"]), "with": p["pact"]["with"], "side": p["pact"]["side"]},
        "civil_hand": [card(c) for c in p["civil_hand"]],  # public (L454-456)
        "civil_hand_limit": hand_limit(p),
        "military_hand": [card(c) for c in p["military_hand"]] if mine else None,
        "peek": card(p["peek"]) if mine else None,  # Joan of Arc's look at the next event
        "ravaged": [card(c) for c in p["ravaged"]],
        "under_wonder": [card(c) for c in p["under_wonder"]],
        "military_count": len(p["military_hand"]),
        "military_hand_limit": mil_limit(p),
        "political_done": p["political_done"],
        "acted": p["acted"],
    }


def view(d: dict[str, Any], seat: int | None) -> dict[str, Any]:
    cur = d["turn"]
    viewer = seat if seat is not None else cur
    row = []
    for i, cid in enumerate(d["row"]):
        row.append(
            {
                "slot": i,
                "card": card(cid),
                "base_cost": ROW_COST[i],
                "cost": None if cid is None else take_cost(d["players"][viewer], i, cid),
            }
        )
    fut = [
        {"owner": o, "age": CARDS[c]["age"], "card": card(c) if o == seat else None}
        for c, o in d["future_events"]
    ]
    v: dict[str, Any] = {
        "mode": d["mode"],
        "age": AGES[min(d["age"], 4)],
        "round": d["round"],
        "turn": cur,
        "start_player": d["start_player"],
        "order": d["order"],
        "last_round": d["last_round"],
        "phase": phase(d),
        "row": row,
        "civil_deck": decks.size(d["civil_deck"]),
        "military_deck": decks.size(d["military_deck"]),
        "military_discards": decks.size(d["military_discards"]),
        "current_events": len(d["current_events"]),
        "current_events_ages": sorted(CARDS[c]["age"] for c in d["current_events"]),
        "future_events": fut,
        "past_events": [card(c) for c in d["past_events"]],
        "common_tactics": [card(c) for c in d["common_tactics"]],
        "wars": [
            {"card": card(w["card"]), "from": w["from"], "to": w["to"], "played": card(w.get("played"))}
            for w in d["wars"]
        ],
        "short_game": _short_game(d, seat),
        "civs": [_player(d, s, seat) for s in range(len(d["players"]))],
        "auction": None,
        "colonize": None,
        "fight": None,
        "offer": None,
    }
    if d.get("auction"):
        a = d["auction"]
        v["auction"] = {"card": card(a["card"]), "bid": a["bid"], "leader": a["leader"], "in": a["bidders"]}
    if d.get("colonize"):
        c = d["colonize"]
        v["colonize"] = {
            "card": card(c["card"]),
            "seat": c["seat"],
            "bid": c["bid"],
            "sent": c["sent"],
            "bonus": [card(b) for b in c["bonus"]],
        }
    if d.get("fight"):
        f = d["fight"]
        v["fight"] = {
            "card": card(f["card"]),
            "from": f["from"],
            "to": f["to"],
            "bonus": f["bonus"],
            "cards_used": f["cards_used"],
        }
    if d.get("offer"):
        o = d["offer"]
        v["offer"] = {"card": card(o["card"]), "from": o["from"], "to": o["to"], "side": o["side"]}
    return v


def _short_game(d: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """The short game's table (L2226-2239): the 3 face-up Age III events and War over Culture for
    everyone; each player's dealt (later: kept) Age III events, shown to their owner only once Age I
    has ended and to everyone once the game is over (the final scoring reveals them); counts to
    the others. Discards are never shown."""
    if not d.get("age_iii_open"):
        return None
    held = []
    for s, cards in enumerate(d["age_iii_held"]):
        seen = (s == seat and d["age"] >= 2) or (bool(d["over"]) and len(cards) == 1)
        held.append({"seat": s, "count": len(cards), "cards": [card(c) for c in cards] if seen else None})
    return {
        "open": [card(c) for c in d["age_iii_open"]],
        "war": card(WAR_OVER_CULTURE),
        "held": held,
        "discarded": [sum(1 for _c, o in d["age_iii_discarded"] if o == s) for s in range(len(d["players"]))],
    }


def summary(d: dict[str, Any], lang: str) -> str:
    text = t(
        f"Age {AGES[min(d['age'], 4)]} · round {d['round']}",
        f"时代{AGES[min(d['age'], 4)]} · 第{d['round']}轮",
    )
    return text.get(lang, text["en"])
