"""The Game subclass: wiring of the kernel hooks to the rule modules."""

from __future__ import annotations

from typing import Any

from pygame_core.games.civilization import (
    city,
    combat,
    effects,
    flow,
    labels,
    model,
    move,
    research,
    scenarios,
    start,
    trade,
    victory,
    views,
)
from pygame_core.games.civilization.data import EVENTS
from pygame_core.games.civilization.text import LEARNING_END, PHASE, VICTORY, t
from pygame_core.kernel import Ctx, Game, decisions
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action
from pygame_core.kernel.text import fmt, seat_name

Data = dict[str, Any]


class Civilization(Game):
    id = "civilization"
    names = t("Sid Meier's Civilization: The Board Game", "席德梅爾的文明帝國：圖板遊戲")
    min_players = 2
    max_players = 4
    seed_file = "000_fcd7daf2adb52f57.txt"
    bots = ("random", "heuristic", "normal", "hard")
    sealed = {"research": ("tech",)}  # L940: chosen face down, revealed together
    scenario_book = scenarios.BOOK
    options_schema = {
        "game": {
            "values": ["full", "learning"],
            "default": "full",
            "label": t(
                "Game: full game (four victories) or learning game",  # L320-322
                "遊戲：完整遊戲（四種勝利）或學習模式",
            ),
        },
        "barbarians": {
            "values": ["neighbour", "rules"],
            "default": "neighbour",
            "label": t(
                "Barbarians played by the invader's left neighbour or by the rules",  # L902
                "蠻族由入侵者左方的玩家操作，或依規則自動進行",
            ),
        },
        "civs": {
            "values": ["random", "choose"],
            "default": "random",
            "label": t(
                "Civilizations: drawn at random, or chosen in turn order",  # L334
                "文明：隨機抽取，或依順序選擇",
            ),
        },
        "turn_limit": {
            "values": [0, 20, 40, 80],
            "default": 0,
            "label": t("Turn limit (0 = none)", "回合上限（0 = 無）"),
        },
        # teaching scenarios: the worked examples (scenarios.py, kernel/scenarios.py)
        "scenario": scenarios.BOOK.option(
            t("Start from a worked example of the rulebook", "從規則書的範例開始")
        ),
    }

    def _setup(self, ctx: Ctx) -> None:
        flow.setup(ctx)
        ctx.data["barbarians"] = ctx.options["barbarians"]
        if ctx.options.get("scenario", "none") != "none":
            scenarios.build(ctx, ctx.options["scenario"])

    def _to_move(self, data: Data) -> list[int]:
        return flow.to_move(data)

    def _legal(self, data: Data, seat: int) -> list[Action]:
        ph = data["phase"]
        if ph == "setup":
            return start.setup_legal(data, seat)
        if ph == "start":
            return start.start_legal(data, seat)
        if ph == "trade":
            return trade.legal(data, seat)
        if ph == "city":
            return city.city_legal(data, seat)
        if ph == "move":
            return move.legal(data, seat)
        return []

    def _decision_legal(self, data: Data, seat: int, decision: Decision) -> list[Action]:
        return self._answers(data, seat, decision)

    def _answers(self, data: Data, seat: int, decision: Decision) -> list[Action]:
        k = decision["kind"]
        if k == "research":
            return research.legal(data, seat)
        if k == "battle":
            return combat.legal(data, seat)
        if k == "loot":
            return combat.loot_legal(data, seat, decision)
        if k == "site":
            return city.site_legal(data, seat, decision)
        if k == "great_person":
            return city.gp_legal(data, seat, decision)
        if k == "offer":
            return trade.answer_legal(data, seat, decision)
        if k == "react":
            return effects.react_legal(data, seat, decision)
        if k == "discard":
            hand = city.one_per_event(data["p"][seat]["hand"])
            return [{"type": "discard", "card": c} for c in sorted(hand)]
        return super()._decision_legal(data, seat, decision)

    def _decide(self, ctx: Ctx, seat: int, decision: Decision, action: Action) -> None:
        d = ctx.data
        k = decision["kind"]
        if k == "research":
            ctx.log(fmt(t("{p} has chosen a research.", "{p}已做出研發選擇。"), p=seat_name(seat)))
            return
        if k == "battle":
            combat.play(ctx, seat, action)
        elif k == "loot":
            combat.loot_apply(ctx, seat, decision, action)
        elif k == "offer":
            trade.answer(ctx, seat, decision, action)
        elif k == "react":
            effects.react(ctx, seat, decision, action)
        elif k == "site":
            city.site_apply(ctx, seat, decision, action)
            combat.engage(ctx, seat, action["sq"])  # A53: an army produced among enemies attacks
        elif k == "great_person":
            decisions.pop(d, decision)
            if action["type"] == "place_gp":
                start.place_gp(ctx, seat, action["gp"], action["sq"])
        elif k == "discard":
            p = d["p"][seat]
            p["hand"].remove(action["card"])
            city.discard_culture(d, action["card"])
            ctx.reveal()  # the discarded card is named to everyone: an undo barrier
            ev = EVENTS[action["card"].rsplit("_", 1)[0]]
            ctx.log(fmt(t("{p} discards {c}.", "{p}棄掉{c}。"), p=seat_name(seat), c=ev["name"]))
            if len(p["hand"]) <= model.hand_limit(d, seat):
                decisions.pop(d, decision)
        victory.check(ctx)

    def _resolve(self, ctx: Ctx, decision: Decision) -> None:
        research.resolve(ctx, decision)
        if not ctx.data["over"]:
            flow.start_turn(ctx)  # research is the turn's last phase (L497-523)

    def _optional(self, data: Data, seat: int) -> list[Action]:
        return effects.optional(data, seat)

    def _apply(self, ctx: Ctx, seat: int, action: Action) -> None:
        ph = ctx.data["phase"]
        if action["type"] in ("culture_card", "ability", "coin_task", "heal"):
            effects.apply(ctx, seat, action)
        elif ph == "setup":
            start.setup_apply(ctx, seat, action)
        elif ph == "start":
            start.start_apply(ctx, seat, action)
        elif ph == "trade":
            trade.apply(ctx, seat, action)
        elif action["type"] == "end_city":
            flow.next_player(ctx)
        elif ph == "city":
            city.city_apply(ctx, seat, action)
        elif ph == "move":
            move.apply(ctx, seat, action)
        victory.check(ctx)

    def _view(self, data: Data, seat: int | None) -> dict[str, Any]:
        return views.view(data, seat)

    def _is_over(self, data: Data) -> bool:
        return bool(data["over"])

    def _scores(self, data: Data) -> dict[str, Any]:
        """1 point per winning seat; the learning game names no winner, and ``outcome`` says why (L322).
        The breakdown also shows what decides a turn-limit game, in its order (``victory.standing``:
        culture track, techs, coins); those are ``info``, not points of the total. ``rank``: the winners
        first, then by that order."""
        n = len(data["p"])
        won = set(data["winners"]) if data["over"] else set()
        stand = [victory.standing(data, s) for s in range(n)]
        out: dict[str, Any] = {
            "totals": [1 if s in won else 0 for s in range(n)],
            "breakdown": [
                {"victory": 1 if s in won else 0, **dict(zip(victory.STANDING, stand[s], strict=True))}
                for s in range(n)
            ],
            "info": list(victory.STANDING),
            "winners": sorted(won),
            "victory": data["victory"],
        }
        if won:
            out["rank"] = sorted(range(n), key=lambda s: (s not in won, [-x for x in stand[s]], s))
        if data["over"] and data["victory"] == "learning":
            out["outcome"] = dict(LEARNING_END)
        return out

    def _summary(self, data: Data, lang: str) -> str:
        if data["over"]:
            return VICTORY[data["victory"]].get(lang, "")
        turn = {
            "en": f"Turn {data['turn']}",
            "zh-Hant": f"第{data['turn']}回合",
            "zh-Hans": f"第{data['turn']}回合",
        }
        return f"{turn.get(lang, turn['en'])} · {PHASE[data['phase']].get(lang, '')}"

    def _label(self, data: Data, seat: int, action: Action, lang: str) -> str:
        try:
            return labels.label(data, seat, action, lang)
        except (KeyError, IndexError, TypeError, ValueError):
            return str(action.get("type", "?"))

    def _redetermine(self, data: Data, seat: int | None, rng: Rng) -> None:
        """Re-deal what ``seat`` cannot see: face-down tiles and map markers, deck orders, other seats'
        culture hands (same eras), unit cards (same types), hut/village markers and battle hands."""
        views.redetermine(data, seat, rng)

    def _secret_tokens(self, data: Data, seat: int) -> list[str]:
        """Ids of ``seat``'s hidden unit cards, culture cards and hut/village markers (and of the barbarian
        hand it plays). Names are not secret tokens: several copies share a name, and another seat's copy
        may be played openly."""
        p = data["p"][seat]
        out: list[str] = list(p["forces"]) + list(p["hand"]) + list(p["hv"])
        b = data["battle"]
        if b is not None:
            for side in ("a", "d"):
                if combat.controller(b, side) == seat:
                    out.extend(b["hand"][side])
        return out


GAME = Civilization()
