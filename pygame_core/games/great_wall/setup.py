"""Setup for 3-4 players (digest §3, L128-172).

1 board side by player count (L130); 2 shame supply = players x 10 (L132); 3 Time token on the
player-count space (L134); 4 three Artifacts face up (L138); 5 each clan's pieces (L140, model.py);
6-7 Horde deck and first row, +1 by indicator in 4p (L142-144, war's horde.py); 8 one barricade per
slot, 9 in all (L148); 9 Tactic deck (L150); 10-12 two Generals and two Advisors dealt to each seat,
then the sealed draft: keep 1 General, 1 Active and 1 Supporting Advisor (L152-156, cards.py);
13 Advisor track of 4 (L160); 14 three clerks on the Envoy (L162); 15 starting resources and Tactics
from the General (L164); 16 Honor 0 (L168); 17 tea order by tea value (L170); 18 Autumn of Year 1
(L172).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import cards, effects, horde, locations, model, steps, tea
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall.text import RESOURCES, fmt, seat_name, t
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.state import Ctx

Data = dict[str, Any]
ARTIFACTS_SHOWN = 3  # L138
ADVISOR_TRACK = 4  # L160
DEALT = 2  # Generals and Advisors per seat (L152, L154)

_FALLBACK_COUNTS = {"generals.json": ("g", 13), "advisors.json": ("a", 44), "tactics.json": ("t", 20),
                    "artifacts.json": ("r", 5)}


def card_ids(name: str) -> list[str]:
    """The ids of a card file of the cards helper (stand-in ids until gw-cards is merged)."""
    try:
        doc = gdata.load(name)
    except FileNotFoundError:
        prefix, n = _FALLBACK_COUNTS[name]
        return [f"{prefix}{i:02d}" for i in range(1, n + 1)]
    items = doc if isinstance(doc, list) else next(v for v in doc.values() if isinstance(v, list))
    return [str(x["id"]) for x in items]


def setup(ctx: Ctx) -> None:
    players = ctx.players
    mode = str(ctx.options.get("mode", "competitive"))
    ctx.data.update(model.new_game_data(players, mode))
    g = ctx.data
    rng = ctx.rng
    for sec in g["sections"]:  # step 8 (L148) and the level-0 Wall's firing spots
        sec["barricades"] = 3
        sec["firing"] = [None] * locations.firing_spots(0)
    arts = card_ids("artifacts.json")  # step 4 (L138)
    rng.shuffle(arts)
    g["artifacts"] = sorted(arts[:ARTIFACTS_SHOWN])
    horde.build_deck(ctx, mode, players)  # steps 6-7
    horde.setup_array(ctx, players)
    tactics = card_ids("tactics.json")  # step 9
    rng.shuffle(tactics)
    g["tactic_deck"] = tactics
    generals = card_ids("generals.json")  # step 10
    rng.shuffle(generals)
    advisors = card_ids("advisors.json")  # step 11
    rng.shuffle(advisors)
    for p in g["players"]:
        p["draft"] = {"generals": sorted(generals[-DEALT:]), "advisors": sorted(advisors[-DEALT:])}
        del generals[-DEALT:]
        del advisors[-DEALT:]
    g["advisor_track"] = [advisors.pop() for _ in range(ADVISOR_TRACK)]  # step 13
    g["advisor_deck"] = advisors
    ctx.log(t("The Great Wall: the Horde gathers. Choose your General and Advisors.",
            "長城：蒙古大軍集結。請選擇將軍與軍師。"))
    kdec.push(g, "draft", list(range(players)), sealed=True)  # step 12


def resolve_draft(ctx: Ctx, d: Data) -> None:
    """Every seat has drafted: steps 12, 15, 17 and 18."""
    g = ctx.data
    for key in sorted(d["answers"]):
        seat = int(key)
        cards.apply_draft(ctx, seat, d["answers"][key])
        g["players"][seat].pop("draft", None)
    values: dict[int, int] = {}
    for seat in range(model.nplayers(g)):
        start = cards.start_resources(g, seat)  # step 15 (L164)
        model.gain(g, seat, {r: int(start.get(r, 0)) for r in RESOURCES})
        if int(start.get("tactics", 0)):
            effects.draw_tactics(ctx, seat, int(start["tactics"]))
        values[seat] = int(cards.general(g["players"][seat]["general"])["tea"])
        ctx.log(fmt(t("{p} leads as General.", "{p}就任將軍。"), p=seat_name(seat)), seat=seat)
    g["tea"] = tea.initial_order(values)  # step 17 (L170)
    steps.push(g, {"do": "season", "name": "autumn"})  # step 18 (L172)
