"""The Game subclass: wiring of the kernel hooks to the rule modules."""

from __future__ import annotations

from typing import Any

from pygame_core.errors import IllegalAction
from pygame_core.games.through_the_ages import (
    abilities,
    civil,
    decks,
    effects,
    flow,
    labels,
    politics,
    resolve,
    scenarios,
    scoring,
    views,
)
from pygame_core.games.through_the_ages.catalog import CARDS
from pygame_core.games.through_the_ages.model import short_game
from pygame_core.games.through_the_ages.text import say, t
from pygame_core.kernel import Ctx, Game, decisions
from pygame_core.kernel.decisions import Decision
from pygame_core.kernel.game import among_actions
from pygame_core.kernel.rng import Rng
from pygame_core.kernel.state import Action

Data = dict[str, Any]
POLITICAL = ("event", "aggress", "war", "pact", "cancel_pact", "resign", "leader_ability", "peek")
#: Military cards that may lie in an events deck: events and territories (L1334, L1338)
EVENT_KINDS = ("event", "territory")


class ThroughTheAges(Game):
    id = "through_the_ages"
    names = {"en": "Through the Ages", "zh-Hant": "歷史巨輪", "zh-Hans": "历史巨轮"}
    min_players = 2
    max_players = 4
    seed_file = "001_226be1480c28be9b.txt"
    listed = True
    native = "zh-Hans"  # the seed is a Simplified Chinese handbook
    bots = ("random", "heuristic", "normal", "hard")
    sealed = {"keep": ("card",)}  # the short game's Age III event kept at the end of Age I (L2239)
    scenario_book = scenarios.BOOK
    options_schema = {
        "mode": {
            "values": ["simple", "full"],
            "default": "simple",
            "label": t(
                "Game mode: first game (Ages A-II) or full game (Ages A-III)",
                "游戏模式：简单模式（时代A-II）或完整模式（时代A-III）",
            ),
        },
        "short": {
            "values": [False, True],
            "default": False,
            # seed L2220-2247 (provenance stays here: players never read seed line numbers)
            "label": t("Short game variant (full rules, two ages)", "简易模式变体（两个时代）"),
        },
        "peaceful": {
            "values": [False, True],
            "default": False,
            "label": t(  # seed L2249-2255
                "Peaceful game: no aggressions, wars or war pacts",
                "和平游戏：无侵略、战争与涉及战争的条约",
            ),
        },
        "global_conflict": {
            "values": [False, True],
            "default": False,
            "label": t(  # seed L2257-2259
                "Global conflict: culture for strength at the end of Ages I-III",
                "全球冲突：时代I-III结束时按军力获得文化",
            ),
        },
        # teaching scenarios: the worked examples (scenarios.py, kernel/scenarios.py)
        "scenario": scenarios.BOOK.option(
            t("Start from a worked example of the handbook", "从玩家手册的举例开始")
        ),
    }

    def _setup(self, ctx: Ctx) -> None:
        flow.setup(ctx)
        if ctx.options.get("scenario", "none") != "none":
            scenarios.build(ctx, ctx.options["scenario"])
            d = ctx.data
            if short_game(d) and d["age"] >= 2 and not d["decisions"]:  # a scenario past Age I
                flow.short_age_one_ended(ctx)
        decks.pack_all(ctx.data)

    def _to_move(self, data: Data) -> list[int]:
        return [] if data["over"] else [data["turn"]]

    def _legal(self, data: Data, seat: int) -> list[Action]:
        if data["turn"] != seat:
            return []
        return politics.legal(data, seat) + civil.legal(data, seat)

    def _validate(self, data: Data, seat: int, action: Action) -> None:
        """Membership in the legal actions (equal as JSON, as the kernel compares), listing only the
        actions of the same type: validation need not build every other choice. (An action the kernel
        just listed for the seat is not asked about.)"""
        if seat not in self._waiting(data):
            raise IllegalAction(f"seat {seat} does not decide now", "not_your_turn")
        decision = decisions.top_for(data, seat)
        kind = action.get("type")
        if decision is not None:
            choices = self._decision_legal(data, seat, decision)
        elif data["turn"] != seat:
            choices = []
        elif kind in POLITICAL:
            choices = politics.legal(data, seat)
        else:
            choices = civil.legal(data, seat, str(kind))
        if not among_actions(action, choices):
            raise IllegalAction(f"{str(kind)[:40]} is not a legal action now", "not_legal")

    def _decision_legal(self, data: Data, seat: int, decision: Decision) -> list[Action]:
        k = decision["kind"]
        if k == "discard":
            hand = data["players"][seat]["military_hand"]
            return [{"type": "discard", "card": c} for c in dict.fromkeys(hand)]
        if k == "bid":
            return politics.bid_legal(data, seat)
        if k == "colonize":
            return politics.colonize_legal(data, seat)
        if k == "defend":
            return politics.defend_legal(data, seat)
        if k == "pact_reply":
            return politics.pact_legal(data, seat)
        if k == "choose":
            return resolve.pending_choices(data, decision)
        if k == "homer":
            return abilities.homer_legal(data, seat)
        if k == "option":  # a choice of a card in play (Winston Churchill at the start of the turn)
            return [{"type": "option", "n": i} for i in range(len(_trigger_choice(decision)["options"]))]
        if k == "keep_event":
            return [{"type": "keep", "card": c} for c in data["age_iii_held"][seat]]
        raise NotImplementedError(k)

    def _decide(self, ctx: Ctx, seat: int, decision: Decision, action: Action) -> None:
        d = ctx.data
        if decision.get("sealed"):  # the kernel holds the answer until every seat has chosen
            ctx.log(say("{p} keeps {c}", "{p}保留{c}", p=seat, c=action["card"]), to=[seat],
                    others=say("{p} has chosen an Age III event", "{p}已选择一张时代III事件牌", p=seat))
            return
        decisions.pop(d, decision)
        k = decision["kind"]
        if k == "discard":
            p = d["players"][seat]
            p["military_hand"].remove(action["card"])
            decks.add(d, "military_discards", [action["card"]])  # face down (L1686)
            flow.end_turn(ctx, seat)
        elif k == "bid":
            politics.bid(ctx, seat, action)
        elif k == "colonize":
            politics.colonize(ctx, seat, action)
        elif k == "defend":
            politics.defend(ctx, seat, action)
        elif k == "pact_reply":
            politics.pact_reply(ctx, seat, action)
        elif k == "choose":
            resolve.resume(ctx, decision, action)
        elif k == "homer":
            abilities.homer(ctx, seat, action)
        elif k == "option":
            chosen = _trigger_choice(decision)["options"][action["n"]]
            effects.apply_list(ctx, seat, chosen, source=decision["card"])
        if d.pop("refill_row", False):
            flow.refill_row(ctx)

    def _resolve(self, ctx: Ctx, decision: Decision) -> None:
        flow.short_keep(ctx, decision["answers"])

    def _apply(self, ctx: Ctx, seat: int, action: Action) -> None:
        k = action["type"]
        if k in POLITICAL:
            politics.apply(ctx, seat, action)
            if ctx.data["players"][seat]["resigned"]:
                if len(politics.active(ctx.data)) <= 1:
                    flow.finish_game(ctx)   # the last civilization standing wins (L2071)
                else:
                    flow.next_player(ctx)
        elif k == "end":
            flow.end_turn(ctx, seat)
        else:
            civil.apply(ctx, seat, action)

    def _view(self, data: Data, seat: int | None) -> dict[str, Any]:
        return views.view(data, seat)

    def _is_over(self, data: Data) -> bool:
        return bool(data["over"])

    def _scores(self, data: Data) -> dict[str, Any]:
        return scoring.scores(data)

    def _summary(self, data: Data, lang: str) -> str:
        return views.summary(data, lang)

    def _label(self, data: Data, seat: int, action: Action, lang: str) -> str:
        try:
            return labels.label(data, seat, action, lang)
        except (KeyError, IndexError, TypeError, ValueError):
            return str(action.get("type", "?"))

    def _redetermine(self, data: Data, seat: int | None, rng: Rng) -> None:
        """Re-deal what ``seat`` cannot see, age by age (card backs show the age): the order of every
        deck, other seats' military hands, face-down discards and cards out of the game, and other
        seats' cards in the future events deck (L454-456, L1296, L1338, L1686)."""
        slots: list[tuple[list[Any], int, bool]] = []  # (container, index, is_pair)
        #: slots of the events decks: they hold an event or a territory whatever the deal (L1338)
        in_events: set[tuple[int, int]] = set()
        piles = {k: decks.unpack(data[k]) for k in decks.PILES}
        ages = {k: {a: decks.unpack(x) for a, x in data[k].items()} for k in decks.AGE_PILES}

        def add(lst: list[Any], pair: bool = False, stop: int | None = None) -> None:
            for i in range(len(lst) if stop is None else stop):
                slots.append((lst, i, pair))

        for key in ("military_deck", "military_discards", "out_of_game", "box"):
            add(piles[key])
        peeked = seat is not None and data["players"][seat]["peek"] is not None
        events = data["current_events"]
        add(events, stop=len(events) - 1 if peeked and events else None)  # Joan of Arc saw the top
        in_events.update((id(events), i) for i in range(len(events)))
        for age_deck in ages["military_decks"].values():
            add(age_deck)
        for s, p in enumerate(data["players"]):
            if s != seat:
                add(p["military_hand"])
        for i, (_c, owner) in enumerate(data["future_events"]):
            if owner != seat:
                slots.append((data["future_events"], i, True))
                in_events.add((id(data["future_events"]), i))
        held = data.get("age_iii_held") or []
        for s, cards in enumerate(held):  # short game: dealt face down, looked at after Age I (L2237)
            if not _age_iii_public(data, s) and (s != seat or data["age"] < 2):
                add(cards)
        for i, (_c, owner) in enumerate(data.get("age_iii_discarded") or []):
            if owner != seat:
                slots.append((data["age_iii_discarded"], i, True))
        pools: dict[int, list[str]] = {}
        for lst, i, pair in slots:
            c = lst[i][0] if pair else lst[i]
            pools.setdefault(CARDS[c]["lvl"], []).append(c)
        for pool in pools.values():
            rng.shuffle(pool)
        # the events decks' slots first, each from the pool's events and territories (there are enough:
        # the real deal is one), then every other slot from what is left
        ordered = [x for x in slots if (id(x[0]), x[1]) in in_events]
        ordered += [x for x in slots if (id(x[0]), x[1]) not in in_events]
        for lst, i, pair in ordered:
            c = lst[i][0] if pair else lst[i]
            pool = pools[CARDS[c]["lvl"]]
            if (id(lst), i) in in_events:
                new = pool.pop(max(k for k, x in enumerate(pool) if CARDS[x]["category"] in EVENT_KINDS))
            else:
                new = pool.pop()
            if pair:
                lst[i] = [new, lst[i][1]]
            else:
                lst[i] = new
        rng.shuffle(piles["civil_deck"])
        for age_deck in ages["civil_decks"].values():
            rng.shuffle(age_deck)
        for dec in data["decisions"]:  # a re-dealt seat's sealed choice: one of its new cards
            if dec.get("sealed"):
                for key, answer in dec["answers"].items():
                    if answer["card"] not in held[int(key)]:
                        answer["card"] = held[int(key)][0]
        for key, pile in piles.items():
            data[key] = decks.pack(pile)
        for key, by_age in ages.items():
            data[key] = {a: decks.pack(x) for a, x in by_age.items()}

    def _secret_tokens(self, data: Data, seat: int) -> list[str]:
        """Ids and names of the military cards only ``seat`` knows: its hand and its future events.
        A card with several copies in the game (bonus cards, most tactics, Plunder ...) is left out:
        another copy may be public at the same time, and naming it then says nothing of this hand."""
        out: list[str] = []
        cards = list(data["players"][seat]["military_hand"])
        cards += [c for c, s in data["future_events"] if s == seat]
        if data.get("age_iii_held") and not _age_iii_public(data, seat):  # the short game
            cards += data["age_iii_held"][seat]
        cards += [c for c, s in data.get("age_iii_discarded") or [] if s == seat]
        n = str(len(data["players"]))
        for c in dict.fromkeys(cards):
            names = CARDS[c]["name"]
            if (
                sum(
                    int(x["counts"][n])
                    for x in CARDS.values()
                    if x["deck"] == "military" and x["name"]["en"] == names["en"]
                )
                != 1
            ):
                continue
            out.append(c)
            out.extend(dict.fromkeys(names.values()))
        return out


def _age_iii_public(data: Data, seat: int) -> bool:
    """The short game's kept Age III event of ``seat`` is public once the game has ended (it is
    resolved at the final scoring, L2247)."""
    return bool(data["over"]) and len(data["age_iii_held"][seat]) == 1


GAME = ThroughTheAges()


def _trigger_choice(decision: Decision) -> dict[str, Any]:
    """The ``choice`` effect an ``option`` decision asks about (a card's ``on`` trigger)."""
    return next(e for e in CARDS[decision["card"]]["triggers"][decision["event"]] if e["kind"] == "choice")
