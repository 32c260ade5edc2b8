"""The Game subclass: the kernel hooks wired to the rule modules.

Everything a seat decides is a kernel decision (kernel/decisions.py): the flow (flow.py, steps.py)
never waits in code, so ``_to_move`` of the flow itself is always empty and the decision stack names
the seats. Core's decisions are registered in ``steps.DECISIONS``; the draft is the cards module's,
casualties/shame/shooting are the war modules' (combat.py, shame.py).
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.great_wall import (
    cards,
    combat,
    command,
    coop,
    effects,
    flow,
    hidden,
    labels,
    modes,
    qin,
    reed,
    scenarios,
    scoring,
    setup,
    shame,
    steps,
    views,
)
from pygame_core.games.great_wall.text import GAME_NAME, PHASE_NAME, t
from pygame_core.kernel import Ctx, Game
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action

Data = dict[str, Any]
# the mode hooks call into the mode modules and scoring, which sit above modes.py (modes.register)
modes.register(coop, qin, reed, scoring)
#: the decisions the cards module pushes and answers
CARDS_KINDS = ("draft", "tactic_discard")


class GreatWall(Game):
    id = "great_wall"
    names = GAME_NAME
    min_players = 1  # solo (L735); 2 players with the Reed Clan (L683)
    max_players = 4
    seed_file = "002_0500a7cf6a39c93f.txt"
    listed = True  # offered: the board is web/games/great_wall/ (issue 18 §3)
    bots = ("random", "heuristic", "normal", "hard")
    scenario_book = scenarios.BOOK  # teaching scenarios: the worked examples (scenarios.py)
    # L608: command cards are chosen face down and revealed together
    sealed = {"command": ("card",), "draft": ("general", "active", "supporting")}
    options_schema = {
        "mode": {"values": list(modes.MODES), "default": "competitive", "label": t("Game mode", "遊戲模式"),
                 "value_labels": {"competitive": t("Competitive", "競爭模式"),
                                  "two_player": t("2 players and the Reed Clan", "二人模式（Reed Clan）"),
                                  "solo": t("Solo against Qin Jiushao", "單人模式（秦九韶）"),
                                  "coop": t("Co-op against the Horde", "合作模式")}},
        "difficulty": {"values": list(modes.DIFFICULTIES), "default": "normal",
                       "label": t("Qin's difficulty (solo)", "秦九韶難度（單人）"),
                       "value_labels": {"normal": t("Normal", "一般"),
                                        "hard": t("Hard: Qin starts at 50 Honor",
                                                  "困難：秦九韶從50點榮譽開始"),
                                        "hardest": t("Hardest: 50 Honor and the 100H token",
                                                     "極難：50點榮譽加100H標記")}},
        "scenario": scenarios.BOOK.option(t("Start from a worked example of the rulebook",
                                            "從規則書的範例開始")),
    }
    _modules = (coop, qin, reed)  # they register their steps and decisions

    def normalize_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """A mode fits its player counts (competitive 3-4, two_player 2, solo 1); with no mode asked
        for, the count's usual one."""
        if isinstance(options, dict):
            options = modes.check_options(options, players)
        return super().normalize_options(options, players)

    def _setup(self, ctx: Ctx) -> None:
        setup.setup(ctx)
        if ctx.options.get("scenario", "none") != "none":
            scenarios.build(ctx, ctx.options["scenario"])

    def _to_move(self, data: Data) -> list[int]:
        return []

    def _legal(self, data: Data, seat: int) -> list[Action]:
        return []

    def _decision_legal(self, data: Data, seat: int, decision: Decision) -> list[Action]:
        kind = decision["kind"]
        if kind == "command":
            return command.select_legal(data, seat)
        if kind in steps.DECISIONS:
            return steps.DECISIONS[kind][0](data, seat, decision)
        if kind in CARDS_KINDS:
            return list(cards.decision_legal(data, decision, seat))
        if kind == "shame":
            return list(shame.decision_legal(data, decision, seat))
        return list(combat.decision_legal(data, decision, seat))

    def _decide(self, ctx: Ctx, seat: int, decision: Decision, action: Action) -> None:
        """Core's decisions are popped here before their rule runs (it may push the next one); the
        cards and war modules pop theirs when they are done (several answers may share one)."""
        kind = decision["kind"]
        if decision.get("sealed"):
            return  # the kernel stores the answer; _resolve plays them all
        g = ctx.data
        if kind in steps.DECISIONS:
            kdec.pop(g, decision)
            steps.DECISIONS[kind][1](ctx, seat, decision, action)
        elif kind in CARDS_KINDS:
            cards.decide(ctx, decision, seat, action)
        elif kind == "shame":
            shame.decide(ctx, decision, seat, action)
        else:
            combat.decide(ctx, decision, seat, action)
        flow.advance(ctx)

    def _resolve(self, ctx: Ctx, decision: Decision) -> None:
        if decision["kind"] == "draft":
            setup.resolve_draft(ctx, decision)
        else:
            command.resolve_select(ctx, decision)
        flow.advance(ctx)

    def _optional(self, data: Data, seat: int) -> list[Action]:
        """Tactics playable "at any time" their window is open (L464): a casualty event is the window
        of the seat it belongs to, once (L466)."""
        ds = data.get("decisions") or []
        if data["over"] or not ds:
            return []
        d = ds[-1]
        if d["kind"] != "casualties" or seat not in d["seats"] or d.get("tactic_played"):
            return []
        windows = ["on_casualties", "on_breach"] if d.get("event") == "breach" else ["on_casualties"]
        return [a for w in windows for a in cards.tactics_playable(data, seat, w)]

    def _apply(self, ctx: Ctx, seat: int, action: Action) -> None:
        if action["type"] != "tactic":
            raise ValueError(f"unexpected action {action['type']}")
        d = ctx.data["decisions"][-1]
        d["tactic_played"] = True  # one Tactic per window (L466)
        effects.play(ctx, seat, action)
        flow.advance(ctx)

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
        return views.phase(data)["name"][lang]

    def _redetermine(self, data: Data, seat: int | None, rng: Rng) -> None:
        hidden.redetermine(data, seat, rng)

    def _secret_tokens(self, data: Data, seat: int) -> list[str]:
        return hidden.secret_tokens(data, seat)
