"""Trade (L406-415): any number of exchanges from the table of ``data/trade.json``, then
``trade_done``.

- Inputs are strict (B6, FAQ): the listed resources themselves, never gold or science in their place;
  "any resource" means one of the four resources.
- Inputs come from the personal supply or from buildings the seat controls, occupied ones included
  (L413, B14).
- Gains go to the personal supply; the cap and the hand limit are enforced before the next exchange
  (L415: the flow asks for ``trim`` / ``discard`` steps first).
"""

from __future__ import annotations

import itertools
from typing import Any

from pygame_core.games.brazil_imperial import cards, economy, effects, model
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial.text import RESOURCES, fmt, said, t
from pygame_core.kernel import Ctx

Data = dict[str, Any]
Action = dict[str, Any]


def _held(g: Data, seat: int) -> dict[str, int]:
    """The resources the seat may trade: supply plus controlled tiles."""
    out = {r: model.player(g, seat)["supply"].get(r, 0) for r in RESOURCES}
    for h in model.controlled(g, seat):
        for k, n in (model.tile(g, h) or {}).get("goods", {}).items():
            if k in RESOURCES:
                out[k] += n
    return out


def gives(row: Data) -> list[dict[str, int]]:
    return economy.alternatives(row["give"])


def legal(g: Data, seat: int) -> list[Action]:
    out: list[Action] = []
    held = _held(g, seat)
    hand = sorted(model.player(g, seat)["battle"])
    for i, row in enumerate(bd.TRADE):
        alts = gives(row)
        for k, give in enumerate(alts):
            extra = {"alt": k} if len(alts) > 1 else {}
            if "battle_cards" in give:
                n = int(give["battle_cards"])
                for combo in itertools.combinations(hand, n) if len(hand) >= n else []:
                    out.append({"type": "trade", "row": i, **extra, "cards": list(combo)})
                continue
            any_n = int(give.get("any_resource", 0))
            spec = {r: int(v) for r, v in give.items() if r in RESOURCES}
            if any(held[r] < n for r, n in spec.items()):
                continue
            left = {r: held[r] - spec.get(r, 0) for r in RESOURCES}
            if any_n == 1:
                out += [{"type": "trade", "row": i, **extra, "good": r} for r in RESOURCES if left[r] > 0]
            elif sum(left.values()) >= any_n:
                out.append({"type": "trade", "row": i, **extra})
    return [*out, {"type": "trade_done"}]


def cost(action: Action) -> dict[str, int]:
    """The resources an exchange takes, paid strictly (B6, economy.charge): its row's inputs, the
    resource the action names for row 1's "any resource" (nothing for the battle cards of row 4, which
    the action names itself)."""
    if action["type"] != "trade" or "cards" in action:
        return {}
    give = gives(bd.TRADE[action["row"]])[action.get("alt", 0)]
    out = {r: int(give[r]) for r in RESOURCES if give.get(r)}
    n = int(give.get("any_resource", 0))
    if n == 1 and "good" in action:
        out[action["good"]] = out.get(action["good"], 0) + 1
    elif n:
        out["any_resource"] = n
    return out


def apply(ctx: Ctx, seat: int, action: Action) -> None:
    """An exchange, its resources paid (arches.charge), or the end of trading."""
    g = ctx.data
    if action["type"] == "trade_done":
        model.finish_arch(g)
        return
    row = bd.TRADE[action["row"]]
    if "cards" in action:
        p = model.player(g, seat)
        for c in action["cards"]:
            p["battle"].remove(c)
            g["decks"]["battle_discard"].append(c)
        ctx.reveal()
    ctx.log(said(seat, t("trades", "進行交易")))
    get = row["get"]  # {"goods", "gold_cards"} (data/README.md "Trade rows")
    goods = {k: int(v) for k, v in get["goods"].items()}
    economy.gain(g, seat, goods)
    ctx.log(said(seat, fmt(t("gains {g}", "獲得 {g}"), g=effects.goods_text(goods))))
    if get["gold_cards"]:
        cards.draw(ctx, seat, "gold", int(get["gold_cards"]))
