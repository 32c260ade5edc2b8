"""Combat (L487-513) and exploration (L249-255).

- A battle starts when units enter a hex holding enemy units, or an enemy building or city (L489); a
  cannon or grenadier may attack an adjacent hex with the free move instead (L494).
- Strength is the sum of the side's units (their VP, L491), the defended tile's VP when its owner
  holds it (plus 1 for a palace on it: B18, authored), paintings, the Port/Trade marker (+1 attack,
  +2 defence, L482-486) and battle cards (L492).
- Battle cards: each side commits up to 3 face down (L496-499): one sealed kernel decision for both
  seats, revealed together (an undo barrier); effects resolve attacker first (L500).
- The higher total wins; the defender wins ties (L502). The loser's units go to its personal supply
  (L503, L507); a winner may lose units to a card's ``lose_unit`` but keeps at least 1 (L505, B19).
- An attacker that wins on an enemy building or city occupies it (control, L509-510); a ranged
  attacker never occupies (L513). When an occupied tile is attacked nobody counts its strength (L512).
- Exploration: a unit entering a face-down tile flips it and takes its reward (L251); a red flag must
  be beaten in a fight against the printed number (L254), the mover alone committing cards. The tile
  then shows its Bandeiras side and cannot be built on (B11, FAQ).
"""

from __future__ import annotations

import itertools
from typing import Any

from pygame_core.games.brazil_imperial import build, cards, effects, model
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import fmt, said, seat_name, t
from pygame_core.kernel import Ctx
from pygame_core.kernel import decisions as kdec

Data = dict[str, Any]
Action = dict[str, Any]
PALACE_STRENGTH = 1  # B18, authored
PORT_TRADE = {"attack": 1, "defence": 2}  # L484-486


def defender_of(g: Data, h: str, seat: int) -> int | None:
    """The seat a unit of ``seat`` entering ``h`` fights: the enemy units there, else the enemy that
    controls the tile (never a capital: L324)."""
    others = model.seats_at(g, h) - {seat}
    if others:
        return min(others)
    if model.capital(g, h) is not None:
        return None
    c = model.controller(g, h)
    return c if c is not None and c != seat else None


def start(
    ctx: Ctx, seat: int, units: list[str], h: str, *, ranged: bool = False, flag: int | None = None
) -> None:
    g = ctx.data
    defender = None if flag is not None else defender_of(g, h, seat)
    g["battle"] = {
        "attacker": seat,
        "defender": defender,
        "hex": h,
        "units": list(units),
        "ranged": ranged,
        "flag": flag,
    }
    who = t("a red flag", "紅旗") if defender is None else seat_name(defender)
    ctx.log(said(seat, fmt(t("attacks {w}", "向{w}發起戰鬥"), w=who)))
    seats = [s for s in (seat, defender) if s is not None and model.player(g, s)["battle"]]
    if seats:
        kdec.push(g, "commit", seats, sealed=True)
    else:
        resolve(ctx, {})


def commit_legal(g: Data, seat: int) -> list[Action]:
    hand = sorted(model.player(g, seat)["battle"])
    out: list[Action] = []
    for n in range(min(model.BATTLE_MAX, len(hand)) + 1):
        out += [{"type": "commit", "cards": list(c)} for c in itertools.combinations(hand, n)]
    return out


def _card_strength(card: str) -> int:
    c = bd.BATTLE[card]
    return int(c.get("strength", 0)) + sum(
        int(e.get("n", 0)) for e in c.get("effect", []) or [] if e.get("op") == "strength"
    )


def _ops(cards_: list[str], op: str) -> list[dict[str, Any]]:
    return [e for c in cards_ for e in bd.BATTLE[c].get("effect", []) or [] if e.get("op") == op]


def _paintings(g: Data, seat: int, side: str) -> int:
    total = 0
    for card in model.player(g, seat)["paintings"]:
        ab = bd.PAINTINGS[card].get("ability") or {}
        if ab.get("kind") == "combat":
            total += int(ab.get(side, 0))
    return total


def _marker(g: Data, seat: int, side: str) -> int:
    return PORT_TRADE[side] if model.player(g, seat)["marker"]["arch"] in ("port", "trade") else 0


def strengths(g: Data, b: Data, played: dict[int, list[str]]) -> tuple[int, int]:
    """(attack, defence) of the battle ``b`` with the cards each seat played."""
    a, d, h = b["attacker"], b["defender"], b["hex"]
    att = sum(model.unit_vp(g, u) for u in b["units"]) + _paintings(g, a, "attack") + _marker(g, a, "attack")
    att += sum(_card_strength(c) for c in played.get(a, []))
    if d is None:
        return att, int(b["flag"] or 0)
    dfn = sum(model.unit_vp(g, u) for u in model.units_at(g, h) if g["units"][u]["seat"] == d)
    ignore = any(_ops(played.get(a, []), "ignore_tile"))
    if model.owner(g, h) == d and not model.occupied(g, h) and not ignore:  # L491, L512
        dfn += build.tile_vp(g, h) + (PALACE_STRENGTH if (model.tile(g, h) or {}).get("palace") else 0)
    dfn += _paintings(g, d, "defence") + _marker(g, d, "defence")
    dfn += sum(_card_strength(c) for c in played.get(d, []))
    return att, dfn


def parts(g: Data, b: Data, played: dict[int, list[str]]) -> dict[str, dict[str, int]]:
    """The strength of each side of the battle ``b`` by where it comes from (L491-492): ``attack`` and
    ``defence`` each ``{units, tile, paintings, arch, cards}`` (a red flag's defence is ``{flag}``).
    Their sums are :func:`strengths`; the board's combat box shows them as the battle is built."""
    a, d, h = b["attacker"], b["defender"], b["hex"]
    att = {
        "units": sum(model.unit_vp(g, u) for u in b["units"]),
        "tile": 0,
        "paintings": _paintings(g, a, "attack"),
        "arch": _marker(g, a, "attack"),
        "cards": sum(_card_strength(c) for c in played.get(a, [])),
    }
    if d is None:
        return {"attack": att, "defence": {"flag": int(b["flag"] or 0)}}
    tile = 0
    ignore = any(_ops(played.get(a, []), "ignore_tile"))
    if model.owner(g, h) == d and not model.occupied(g, h) and not ignore:  # L491, L512
        tile = build.tile_vp(g, h) + (PALACE_STRENGTH if (model.tile(g, h) or {}).get("palace") else 0)
    dfn = {
        "units": sum(model.unit_vp(g, u) for u in model.units_at(g, h) if g["units"][u]["seat"] == d),
        "tile": tile,
        "paintings": _paintings(g, d, "defence"),
        "arch": _marker(g, d, "defence"),
        "cards": sum(_card_strength(c) for c in played.get(d, [])),
    }
    return {"attack": att, "defence": dfn}


def resolve(ctx: Ctx, answers: dict[str, Any]) -> None:
    g = ctx.data
    b = g["battle"]
    a, d, h = b["attacker"], b["defender"], b["hex"]
    played: dict[int, list[str]] = {}
    for s, ans in answers.items():
        seat = int(s)
        played[seat] = list(ans["cards"])
        for c in played[seat]:
            model.player(g, seat)["battle"].remove(c)
    ctx.reveal()
    att, dfn = strengths(g, b, played)
    # what the board's combat box shows after the reveal (public: the cards are face up now, L501)
    g["last_battle"] = {
        **{k: b[k] for k in ("attacker", "defender", "hex", "units", "ranged", "flag")},
        "defenders": [u for u in model.units_at(g, h) if d is not None and g["units"][u]["seat"] == d],
        "cards": {str(s): list(c) for s, c in played.items()},
        "parts": parts(g, b, played),
        "attack": att,
        "defence": dfn,
        "winner": "attacker" if att > dfn else "defender",
        "round": g["round"],
    }
    for seat in (a, d):
        if seat is not None and played.get(seat):
            names = [cards.card_name("battle", c) for c in played[seat]]
            ctx.log(fmt(t("{s} plays {c}", "{s}打出 {c}"), s=seat_name(seat), c=effects.listing(names)))
    for seat in (a, d):  # a card's VP (data: battle cards worth 1 VP when played)
        for e in _ops(played.get(seat, []) if seat is not None else [], "vp"):
            c = model.player(g, seat)["counters"]
            c["bonus_vp"] = int(c.get("bonus_vp", 0)) + int(e.get("n", 1))
    won = att > dfn  # L502: ties to the defender
    ctx.log(
        fmt(
            t("Battle: {a} against {d}; {w} wins", "戰鬥：{a} 對 {d}，{w}獲勝"),
            a=str(att),
            d=str(dfn),
            w=t("the attacker", "攻擊方") if won else t("the defender", "防守方"),
        )
    )
    for seat in (a, d):
        for c in played.get(seat, []) if seat is not None else []:
            g["decks"]["battle_discard"].append(c)
    if won:
        model.player(g, a)["counters"]["battles_won"] += 1
        if d is not None:
            for u in model.units_at(g, h):
                if g["units"][u]["seat"] == d:
                    _defeated(g, u)
            _lose(g, b["units"], sum(int(e.get("n", 1)) for e in _ops(played.get(d, []), "lose_unit")))
        survivors = [u for u in b["units"] if g["units"][u]["state"] == "map"]
        if not b["ranged"]:
            for u in survivors:
                g["units"][u]["hex"] = h
            g["battle"] = None
            arrive(ctx, a, survivors, h, fought=True)
    else:
        for u in b["units"]:
            _defeated(g, u)
        if d is not None:
            model.player(g, d)["counters"]["battles_won"] += 1
            mine = [u for u in model.units_at(g, h) if g["units"][u]["seat"] == d]
            _lose(g, mine, sum(int(e.get("n", 1)) for e in _ops(played.get(a, []), "lose_unit")))
        if b["flag"] is not None:
            _flip(ctx, a, h, reward=False)
    g["battle"] = None


def _defeated(g: Data, uid: str) -> None:
    """L503, L507: to the personal supply, redeployable free, still worth its VP."""
    g["units"][uid].update({"state": "supply", "hex": None})


def _lose(g: Data, units: list[str], n: int) -> None:
    """B19: a winner loses ``n`` units to the loser's cards, weakest first, keeping at least 1."""
    alive = sorted(
        (u for u in units if g["units"][u]["state"] == "map"), key=lambda u: (model.unit_vp(g, u), u)
    )
    for u in alive[: max(0, min(n, len(alive) - 1))]:
        _defeated(g, u)


def arrive(ctx: Ctx, seat: int, units: list[str], h: str, *, fought: bool = False) -> None:
    """Units stand on ``h``: a face-down exploration tile there flips (L251)."""
    g = ctx.data
    tile = model.explore(g, h)
    if tile is None or not units:
        return
    flag = bd.EXPLORATION[tile].get("flag")
    if flag is not None and not fought:
        ctx.reveal()
        g["battle"] = None
        ctx.log(said(seat, fmt(t("finds a red flag ({n})", "遇到紅旗（{n}）"), n=str(flag))))
        start(ctx, seat, units, h, flag=int(flag))
        return
    _flip(ctx, seat, h, reward=True)


def _flip(ctx: Ctx, seat: int, h: str, *, reward: bool) -> None:
    g = ctx.data
    tile = model.explore(g, h)
    if tile is None:
        return
    model.put(g, h, "explore", None)
    model.put(g, h, "bandeiras", True)  # B11
    ctx.reveal()
    entry = bd.EXPLORATION[tile]
    ctx.log(said(seat, fmt(t("explores a tile: {x}", "探索板塊：{x}"), x=bd.tile_text(tile))))
    if reward:
        model.player(g, seat)["explored"].append(tile)
        effects.apply(ctx, seat, entry.get("reward", []))
    else:
        g.setdefault("lost_tiles", []).append(tile)
