"""The ten monarchs (L53-104), each a named hook the rules call at its moment.

| hook | seed | when |
|---|---|---|
| manuel_i | L57-59 | first 3 sawmills: 2 VP, produce 2 brazilwood + 1 gold instead |
| john_maurice | L61-63 | first 3 sugarcane fields: 3 VP, produce 3 sugarcane instead |
| pedro_i | L65-68 | first deploy of each type: archer/cannon 1 any resource, monarch/cavalry 1 gold card |
| pedro_ii | L70-74 | first painting of each medal: red 1 any resource, pink 1 gold, blue 1 science |
| tibirica | L76-80 | 1st/2nd/3rd building or city on forest: any resource / gold / science |
| dom_oba_ii | L86-88 | 1st and 2nd mission: 1 science each; +1 VP each at the end (B21) |
| isabella_i | L90-92 | first 3 trading posts: 3 VP, produce 1 brazilwood + 2 gold instead |
| afonso_i | L94-96 | once per turn 1/2/3 battle cards pay as 1 gold / 2 resources / 1 science + 1 gold |
| victoria | L98-100 | a product may go on her board (max 3): 1 science now, 1 VP at the end |
| napoleon | L102-104 | 1 battle card more after the first Deploy; a card pays a resource, 2 a science |

The override monarchs (Manuel I, John Maurice, Isabella I) replace the base VP and output (Ludopedia,
digest §6.2); the tile keeps its override while it shows that side (a flip drops it).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import cards, economy, model
from pygame_core.games.brazil_imperial import data as bd
from pygame_core.kernel import Ctx

Data = dict[str, Any]

#: hook -> (building, how many, vp, output): the override monarchs' numbers, as data/monarchs.json
#: gives them (an ability with a ``building``: its first ``first`` are worth ``vp`` and produce
#: ``produces`` instead)
OVERRIDES: dict[str, tuple[str, int, int, dict[str, int]]] = {
    str(a["hook"]): (str(a["building"]), int(a["first"]), int(a["vp"]), dict(a["produces"]))
    for m in bd.MONARCHS.values()
    if isinstance(a := m.get("ability"), dict) and "building" in a
}
QUEEN_MAX = 3  # L100
QUEEN = "victoria"


def hook(g: Data, seat: int) -> str | None:
    """The seat's monarch's hook (data/README.md "Monarch hooks"), None before it has chosen one."""
    m = model.player(g, seat)["monarch"]
    return None if m is None else str(bd.MONARCHS[m]["ability"]["hook"])


def override(g: Data, seat: int, building: str) -> tuple[int, dict[str, int]] | None:
    """The VP and output of the seat's next ``building`` when its monarch overrides it (its first 3,
    as the data says)."""
    h = hook(g, seat)
    if h not in OVERRIDES:
        return None
    target, first, vp, out = OVERRIDES[h]
    if building != target:
        return None
    done = model.player(g, seat)["firsts"].get("overrides", 0)
    return (vp, dict(out)) if done < first else None


def count_override(g: Data, seat: int) -> None:
    f = model.player(g, seat)["firsts"]
    f["overrides"] = f.get("overrides", 0) + 1


def on_first_deploy(ctx: Ctx, seat: int, unit_type: str) -> None:
    g = ctx.data
    if hook(g, seat) != "pedro_i":
        return
    f = model.player(g, seat)["firsts"]
    key = f"deploy:{unit_type}"
    if f.get(key):
        return
    f[key] = True
    if unit_type in ("archer", "cannon"):
        model.owe(g, {"seat": seat, "kind": "gain_any"})
    elif unit_type in ("monarch", "cavalry"):
        cards.draw(ctx, seat, "gold")


def on_painting(ctx: Ctx, seat: int, medal: str) -> None:
    g = ctx.data
    if hook(g, seat) != "pedro_ii":
        return
    f = model.player(g, seat)["firsts"]
    key = f"paint:{medal}"
    if f.get(key):
        return
    f[key] = True
    if medal == "red":
        model.owe(g, {"seat": seat, "kind": "gain_any"})
    elif medal == "pink":
        economy.gain(g, seat, {"gold": 1})
    elif medal == "blue":
        economy.gain(g, seat, {"science": 1})


def on_forest_build(ctx: Ctx, seat: int) -> None:
    g = ctx.data
    p = model.player(g, seat)
    p["counters"]["forest_builds"] = n = p["counters"]["forest_builds"] + 1
    if hook(g, seat) != "tibirica":
        return
    if n == 1:
        model.owe(g, {"seat": seat, "kind": "gain_any"})
    elif n == 2:
        economy.gain(g, seat, {"gold": 1})
    elif n == 3:
        economy.gain(g, seat, {"science": 1})


def on_mission(ctx: Ctx, seat: int) -> None:
    g = ctx.data
    p = model.player(g, seat)
    if hook(g, seat) == "dom_oba_ii" and p["counters"]["missions_done"] <= 2:
        economy.gain(g, seat, {"science": 1})


def queen_room(g: Data, seat: int) -> bool:
    p = model.player(g, seat)
    return hook(g, seat) == QUEEN and list(p["products"].values()).count("queen") < QUEEN_MAX


def end_vp(g: Data, seat: int) -> int:
    p = model.player(g, seat)
    h = hook(g, seat)
    if h == "dom_oba_ii":  # B21: +1 VP for each of the first two missions
        return min(2, p["counters"]["missions_done"])
    if h == QUEEN:
        return list(p["products"].values()).count("queen")
    return 0
