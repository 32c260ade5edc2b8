"""The Game subclass: the kernel hooks wired to the rule modules.

The flow (flow.py) names the seat to move: a seat's owed step (``pending``), else the turn's seat. Two
sealed kernel decisions hold the secret choices: the mission draft (``keep_mission``, one per era, L19)
and the battle cards of a combat (``commit``, both sides at once, L496-500). A cost that can be paid
in more than one way is the paying seat's own ``pay`` decision (non-blocking, economy.py).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.brazil_imperial import (
    combat,
    economy,
    flow,
    hidden,
    labels,
    model,
    scenarios,
    scoring,
    setup,
    views,
)
from pygame_core.games.brazil_imperial import (
    data as bd,
)
from pygame_core.games.brazil_imperial.text import GAME_NAME, PHASE_NAME, said, t
from pygame_core.kernel import Ctx, Game
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action

Data = dict[str, Any]


class BrazilImperial(Game):
    id = "brazil_imperial"
    names = GAME_NAME
    min_players = 2  # solo is one human against 1-3 bot seats (issue 19): a normal game with bots
    max_players = 4
    seed_file = "004_5d2e064babb0bb6e.txt"
    listed = True  # the board: the hex map (issue 19 §3)
    bots = ("random", "heuristic", "normal", "hard")
    sealed = {"keep_mission": ("id",), "commit": ("cards",)}
    scenario_book = scenarios.BOOK  # teaching scenarios: the golden tests' rules (scenarios.py)
    # one mode: the seed gives no solo rules (its automa sheet is not public), so solo is a normal game
    # in which the other seats are bots (issue 19 §1); the option's text says so on the home page
    options_schema: dict[str, dict[str, Any]] = {
        "mode": {
            "values": ["standard"],
            "default": "standard",
            "label": {
                "en": "Game mode (solo: one human against 1–3 bot empires; make the other seats bots)",
                "zh-Hant": "遊戲模式（單人遊戲：1 位真人對抗 1 到 3 個電腦帝國，其他座位設為電腦）",
                "zh-Hans": "游戏模式（单人游戏：1 位真人对抗 1 到 3 个电脑帝国，其他座位设为电脑）",
            },
            "value_labels": {"standard": t("Standard: 2–4 empires", "標準：2 到 4 個帝國")},
        },
        "scenario": scenarios.BOOK.option(t("Start from a worked example of a rule", "從規則範例開始")),
    }

    def _setup(self, ctx: Ctx) -> None:
        setup.setup(ctx)
        if ctx.options.get("scenario", "none") != "none":
            scenarios.build(ctx, ctx.options["scenario"])

    def _to_move(self, data: Data) -> list[int]:
        return flow.to_move(data)

    def _legal(self, data: Data, seat: int) -> list[Action]:
        return flow.legal(data, seat)

    def _decision_legal(self, data: Data, seat: int, decision: Decision) -> list[Action]:
        if decision["kind"] == "pay":
            return economy.pay_legal(data, seat, decision)
        if decision["kind"] == "keep_mission":
            offer = model.player(data, seat)["offer"][str(decision["era"])]
            return [{"type": "keep_mission", "id": m} for m in offer]
        return combat.commit_legal(data, seat)

    def _decide(self, ctx: Ctx, seat: int, decision: Decision, action: Action) -> None:
        if decision["kind"] == "pay":
            flow.pay(ctx, seat, decision, action)
            return
        what = (
            t("keeps a mission", "保留 1 張任務卡")
            if decision["kind"] == "keep_mission"
            else t("commits battle cards face down", "蓋放戰鬥卡")
        )
        ctx.log(said(seat, what))

    def _resolve(self, ctx: Ctx, decision: Decision) -> None:
        if decision["kind"] == "keep_mission":
            setup.resolve_draft(ctx, decision)
        else:
            combat.resolve(ctx, decision["answers"])

    def _apply(self, ctx: Ctx, seat: int, action: Action) -> None:
        flow.apply(ctx, seat, action)

    def _view(self, data: Data, seat: int | None) -> dict[str, Any]:
        return views.view(data, seat)

    def _is_over(self, data: Data) -> bool:
        return bool(data["over"])

    def _scores(self, data: Data) -> dict[str, Any]:
        return scoring.scores(data)

    def _label(self, data: Data, seat: int, action: Action, lang: str) -> str:
        return labels.label(data, seat, action, lang)

    def _summary(self, data: Data, lang: str) -> str:
        if data["over"]:
            return PHASE_NAME["end"][lang]
        return f"{views.phase(data)['name'][lang]} · {data['era']}/{data['round']}"

    def _older_layouts(self, data: Data) -> list[Data]:
        """Saves made before ``hexes`` became sparse (model.py) wrote every hex of the map with
        every field, unset ones as None (``bandeiras`` False) and an unused ``palace``: the same
        position in that layout, so that their checksums still match (kernel ``_older_layouts``)."""
        hexes = data["hexes"]
        dense = {h: {"building": None, "city": None, "capital": None, "explore": None,
                     "bandeiras": False, "palace": None, **hexes.get(h, {})}
                 for h in bd.geometry(data["map"]).order}
        return [{**data, "hexes": dense}]

    def _redetermine(self, data: Data, seat: int | None, rng: Rng) -> None:
        hidden.redetermine(data, seat, rng)

    def _secret_tokens(self, data: Data, seat: int) -> list[str]:
        return hidden.secret_tokens(data, seat)
