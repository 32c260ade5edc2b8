"""Hidden information: what a seat cannot see, re-dealt for the leak tests and for bots that
search (``Game._redetermine``), and the tokens that name another seat's secrets.

Hidden from a seat (L97-98, L457): the order of both decks; the identity of every card in another
seat's hand, in the discard pile face down (put there by someone else) and in another seat's
pending decisions unless it was shown (``face_up``); which kinds of resources another seat holds
unless its screen is open (L270, game end); and a sealed bid before the reveal (L457).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.data import CARD_NAME
from pygame_core.games.empires_end.model import total, zero_res
from pygame_core.kernel import deck
from pygame_core.kernel.decisions import stack
from pygame_core.kernel.rng import Rng

Data = dict[str, Any]
Slot = tuple[Any, Any]  # (container, index or key) holding one card id


def hidden_card_slots(d: Data, seat: int | None) -> list[Slot]:
    """Every place holding a card whose identity ``seat`` (None: the public) does not know."""
    face_up = set(d["face_up"])
    mine = set(d["seats"][seat]["known_discards"]) if seat is not None else set()
    slots: list[Slot] = [(d["deck"], i) for i in range(len(d["deck"]))]
    slots += [(d["discard"], i) for i, c in enumerate(d["discard"]) if c not in face_up and c not in mine]
    for s, p in enumerate(d["seats"]):
        if s != seat:
            slots += [(p["hand"], i) for i in range(len(p["hand"]))]
    slots += [(x, "card") for x in stack(d)
              if "card" in x and seat not in x["seats"] and x["card"] not in face_up]
    return slots


def redetermine(d: Data, seat: int | None, rng: Rng) -> None:
    """Re-deal, in place, everything ``seat`` cannot see.

    Cards: the ids in every hidden slot are shuffled among those slots (so the deck order, other
    hands, face-down discards and unshown queued cards all change; every count stays). Conflict
    deck: its order. Resources: a seat's total is kept (every change to it is public: payments,
    pools, named economy sources, costs, sales, conflict rewards), the kinds are re-dealt; during
    a sealed bid, how many are in the fist rather than behind the screen, and of which kinds."""
    deck.redeal(rng, hidden_card_slots(d, seat))
    rng.shuffle(d["conflict_deck"])
    bids: dict[str, Any] = next((x["answers"] for x in stack(d) if x["kind"] == "bid" and x.get("sealed")),
                                {})  # learning mode's open bids (L195) hide nothing
    for s, p in enumerate(d["seats"]):
        if s == seat:
            continue
        n = total(p["resources"])
        if str(s) in bids:
            bid = bids[str(s)]
            held = bid["axe"] + bid["coin"]
            if not p["resources_shown"]:
                whole = n + held
                held = rng.below(whole + 1)
                n = whole - held
            b = _deal(held, rng)
            bids[str(s)] = {**bid, "axe": b["axe"] + b["wheat"], "coin": b["coin"] + b["hammer"]}
        if not p["resources_shown"]:
            p["resources"] = _deal(n, rng)


def _deal(n: int, rng: Rng) -> dict[str, int]:
    """``n`` resources of random kinds."""
    res = zero_res()
    keys = list(res)
    for _ in range(n):
        res[keys[rng.below(4)]] += 1
    return res


def secret_tokens(d: Data, seat: int) -> list[str]:
    """Ids and names, in every UI language, of the cards only ``seat`` knows: its hand, its
    face-down discards and any unshown card in its pending decisions."""
    p = d["seats"][seat]
    face_up = set(d["face_up"])
    cards = list(p["hand"]) + list(p["known_discards"])
    cards += [x["card"] for x in stack(d) if "card" in x and seat in x["seats"] and x["card"] not in face_up]
    out: list[str] = []
    for c in dict.fromkeys(cards):
        out.append(c)
        out.extend(dict.fromkeys(CARD_NAME[c].values()))
    return out
