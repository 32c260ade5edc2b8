"""Setup (L13-21): the map for the player count, capitals and exploration tiles placed face down at
random, the decks shuffled, the city tiles in two equal face-up stacks, the painting display (2 per
medal), the boards, then three steps every seat decides: the mission draft (2 per era, keep 1,
sealed, L19), the monarch (L19, B2), and the capital draft clockwise (L20-21).

Rulings: the capital draft starts with a seat drawn at random (L20 "any player"; ``draft_first``,
public) and goes clockwise; the start player is whoever takes the "1st" capital (L21, B3). (It
started with seat 1 until the balance run: with bots that leave the "1st" tile to the last pick, the
seats' draft and turn order never changed, and the first drafter won 42% of 4-player games.)
Boards are dealt at random (L18 gives each player a colour). The missions not kept go to the bottom
of their era's deck (L19), which is never drawn again, so they simply stay hidden.
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import model
from pygame_core.games.brazil_imperial.text import t
from pygame_core.kernel import Ctx
from pygame_core.kernel import decisions as kdec

Data = dict[str, Any]
PALACES = ("II", "III", "IV", "V", "VI")
ERAS = (1, 2, 3)


def missions_of(era: int) -> list[str]:
    return [m for m, x in bd.MISSIONS.items() if int(x["era"]) == era]


def setup(ctx: Ctx) -> None:
    g = ctx.data
    rng = ctx.rng
    n = ctx.players
    g["map"] = bd.map_for(n)
    geo = bd.geometry(g["map"])
    g["hexes"] = {}  # only the hexes that hold something (model.py)
    # capitals: face down at random on the capital hexes, the "1st" tile among them (L20-21)
    tiles = sorted(bd.CAPITALS)
    first = [c for c in tiles if bd.CAPITALS[c].get("first")]
    others = [c for c in tiles if c not in first]
    rng.shuffle(others)
    chosen = (first + others)[: len(geo.capitals)]
    rng.shuffle(chosen)
    g["capitals"] = dict(zip(geo.capitals, chosen, strict=False))
    # exploration tiles face down on every cloud hex; the rest back to the box (L15)
    explore = sorted(bd.EXPLORATION)
    rng.shuffle(explore)
    for h in geo.explore:
        if explore:
            model.put(g, h, "explore", explore.pop())
    g["box"] = explore
    # decks (L16-17)
    battle, gold = sorted(bd.BATTLE), sorted(bd.GOLD)
    rng.shuffle(battle)
    rng.shuffle(gold)
    cities = [c for c, x in sorted(bd.CITIES.items()) for _ in range(int(x.get("count", 1)))]
    rng.shuffle(cities)
    half = (len(cities) + 1) // 2
    paintings: dict[str, list[str]] = {}
    for p, x in sorted(bd.PAINTINGS.items()):
        paintings.setdefault(str(x.get("medal", "red")), []).append(p)
    display = []
    for m in sorted(paintings):
        rng.shuffle(paintings[m])
        display += [paintings[m].pop() for _ in range(min(2, len(paintings[m])))]
    g["decks"] = {
        "battle": battle,
        "battle_discard": [],
        "gold": gold,
        "gold_discard": [],
        "paintings": paintings,
        "display": display,
        "cities": [cities[:half], cities[half:]],
    }
    tile_stock = {x["id"]: int(x.get("count", 1)) for x in bd.TILES}
    g["tiles"] = tile_stock
    # boards and units (L18)
    colours = [b["colour"] for b in bd.BOARDS]
    rng.shuffle(colours)
    g["players"] = []
    g["units"] = {}
    for seat in range(n):
        colour = colours[seat % len(colours)]
        g["players"].append(_player(colour))
        for slot, _u in enumerate(bd.board(colour)["units"]):
            g["units"][f"{seat}-{slot}"] = {"seat": seat, "slot": slot, "hex": None, "state": "board"}
    # missions: 2 per era for every seat (L19)
    pools = {}
    for era in ERAS:
        pool = missions_of(era)
        rng.shuffle(pool)
        for seat in range(n):
            g["players"][seat]["offer"][str(era)] = [pool.pop() for _ in range(min(2, len(pool)))]
        pools[str(era)] = pool
    g["mission_pool"] = pools
    g.update(
        {
            "era": 1,
            "round": 0,
            "start": 0,
            "ending": False,
            "over": False,
            "stage": "draft",
            "pending": [],
            "peeked": {},
            "battle": None,
            "first_mission": {},
            "turn": {"seat": 0, "phase": "setup"},
        }
    )
    # L20: the capital draft starts with "any player": drawn here, after every shuffle, and public
    g["draft_first"] = rng.below(n)
    kdec.push(g, "keep_mission", list(range(n)), sealed=True, era=1)
    ctx.log(
        t(
            "The game is set up: each player keeps one mission of each era.",
            "遊戲設置完成：每位玩家每個時代保留 1 張任務卡。",
        )
    )


def _player(colour: str) -> Data:
    return {
        "board": colour,
        "monarch": None,
        "supply": {},
        "battle": [],
        "gold": [],
        "missions": {},
        "offer": {},
        "rejected": {},
        "shown": [],
        "capital": None,
        "marker": {"era": 1, "arch": None},
        "under": {},
        "products": {},
        "paintings": [],
        "palaces_left": list(PALACES),
        "palaces": {},
        "explored": [],
        "counters": {"battles_won": 0, "missions_done": 0, "forest_builds": 0},
        "firsts": {},
    }


def resolve_draft(ctx: Ctx, decision: Data) -> None:
    """Every seat has kept one mission of this era; the other goes to the deck bottom (L19)."""
    g = ctx.data
    era = str(decision["era"])
    for seat, p in enumerate(g["players"]):
        kept = decision["answers"][str(seat)]["id"]
        p["missions"][era] = kept
        p["rejected"][era] = [m for m in p["offer"][era] if m != kept]
        p["offer"][era] = []
    if int(era) < 3:
        kdec.push(g, "keep_mission", list(range(ctx.players)), sealed=True, era=int(era) + 1)
        return
    g["stage"] = "monarch"
    g["pending"] = [{"seat": s, "kind": "monarch"} for s in range(ctx.players)]
    first = int(g.get("draft_first", 0))
    g["pending"] += [{"seat": (first + k) % ctx.players, "kind": "capital"} for k in range(ctx.players)]
    ctx.log(t("Missions kept. Each player now chooses a monarch.", "任務卡已保留，每位玩家選擇君王。"))


def monarch_choices(g: Data, seat: int) -> list[str]:
    """B2: the monarchs of the seat's board (L37: at least 2 per board)."""
    return [str(m) for m in bd.board(model.player(g, seat)["board"])["monarchs"]]


def capital_choices(g: Data) -> list[str]:
    taken = {x["capital"] for x in g["players"] if x["capital"]}
    return [h for h in g["capitals"] if h not in taken]
