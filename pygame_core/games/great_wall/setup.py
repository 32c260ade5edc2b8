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

from pygame_core.games.great_wall import cards, horde, locations, model, modes, steps, tea
from pygame_core.games.great_wall.text import t
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.state import Ctx

Data = dict[str, Any]


def setup(ctx: Ctx) -> None:
    players = ctx.players
    mode = str(ctx.options.get("mode", "competitive"))
    ctx.data.update(modes.new_game_data(players, mode))  # model.new_game_data; 1-2 players as 3 (A31)
    g = ctx.data
    for sec in g["sections"]:  # step 8 (L148) and the level-0 Wall's firing spots
        sec["barricades"] = 3
        sec["firing"] = [None] * locations.firing_spots(0)
    modes.setup(ctx)  # the 2-player and solo deltas (L689-703, L747-781)
    horde.build_deck(ctx, mode, players)  # steps 6-7 (war's horde.py)
    modes.after_deck(ctx)  # co-op: its own Horde deck (L901)
    horde.setup_array(ctx, players)
    cards.setup(ctx)  # steps 4, 9, 10-11 (cards.py: Artifacts, Tactic deck, the deal for the draft)
    modes.after_deal(ctx)  # solo: 6 Horde cards and Qin's Advisors (L763, L775)
    ctx.log(t("The Great Wall: the Horde gathers. Choose your General and Advisors.",
            "長城：蒙古大軍集結。請選擇將軍與軍師。"))
    kdec.push(g, "draft", list(range(players)), sealed=True)  # step 12


def resolve_draft(ctx: Ctx, d: Data) -> None:
    """Every seat has drafted: steps 12, 15, 17 and 18."""
    g = ctx.data
    cards.resolve_draft(ctx, d["answers"])  # steps 12, 13 and 15 (L156, L160, L164)
    values = {s: int(cards.general(g["players"][s]["general"])["tea"]) for s in range(model.nplayers(g))}
    g["tea"] = tea.initial_order(values)  # step 17 (L170)
    modes.after_tea(g)  # the Reed Clan and Qin below the seats (L703, L781)
    steps.push(g, {"do": "season", "name": "autumn"})  # step 18 (L172)
