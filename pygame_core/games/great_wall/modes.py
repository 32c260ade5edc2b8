"""The game modes beside the competitive one (digest §4.9-4.11): what every mode shares, and the hooks
that core's and war's modules call (each hook does nothing in a competitive game).

- ``two_player`` (L683-733): two seats and the Reed Clan (reed.py), which is played by the rules and is
  not a seat; the seat that acts for it decides its choices through kernel decisions (L714-715).
- ``solo`` (L735-878): one seat against Qin Jiushao (qin.py), who also runs the Reed Clan.

The Reed Clan and Qin are named ``"reed"`` and ``"qin"`` wherever a seat number would stand on the
board: their clerks in ``g["locations"]``, their soldiers on Horde cards, their command cards on the
track. ``g["tea"]`` keeps the seats only (every rule that asks a seat reads it); ``g["tea_all"]`` is the
whole tea track, top first, with the two names in it (:func:`order`).
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from pygame_core.errors import OptionError
from pygame_core.games.great_wall import data as gdata
from pygame_core.games.great_wall import model, steps
from pygame_core.games.great_wall.text import Text, fmt, seat_name, t
from pygame_core.kernel.state import Ctx

if TYPE_CHECKING:  # for the type checker only; at run time game.py hands them over (register)
    from pygame_core.games.great_wall import coop, qin, reed, scoring


def register(*mods: ModuleType) -> None:
    """The modules the hooks below call into: ``coop``, ``qin``, ``reed`` and ``scoring`` import this
    module (directly or through core's modules), so it cannot import them; game.py, which imports
    everything, hands them over once (tests/test_structure.py: no import cycle, no import inside a
    function). Each is bound here under its own name (``qin.draw_card(ctx)`` below)."""
    for m in mods:
        globals()[m.__name__.rsplit(".", 1)[-1]] = m

Data = dict[str, Any]

MODES = ("competitive", "two_player", "solo", "coop")
DIFFICULTIES = ("normal", "hard", "hardest")  # L878: Qin at 0, at 50, at 50 with the 100H token
#: the player counts of each mode (L13, L687, L735)
PLAYERS = {"competitive": (3, 4), "two_player": (2,), "solo": (1,), "coop": (2, 3, 4)}
#: the mode a game gets when none is asked for
DEFAULT_FOR = {1: "solo", 2: "two_player", 3: "competitive", 4: "competitive"}
#: the opponents played by the rules, bottom of the tea track first (L703, L781)
AIS = {"two_player": ("reed",), "solo": ("reed", "qin")}
#: 2 players and solo count as 3 for the board side, shame supply, time track and raids (ruling A31,
#: L687); solo's shame supply is 10 (L751)
AS_PLAYERS = 3



def check_options(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The mode for this player count: the one asked for must fit it (OptionError), none asked for
    takes the count's usual mode."""
    mode = options.get("mode")
    if mode is None:
        mode = DEFAULT_FOR.get(players, "competitive")
        options = {**options, "mode": mode}
    if mode in PLAYERS and players not in PLAYERS[mode]:
        counts = " or ".join(map(str, PLAYERS[mode]))
        raise OptionError(f"mode {mode!r} is for {counts} player(s), not {players}")
    if options.get("difficulty", "normal") != "normal" and mode != "solo":
        raise OptionError("the difficulty is Qin's: solo games only (L878)")
    return options


def ais(g: Data) -> tuple[str, ...]:
    """The opponents played by the rules; co-op with 2 players has the Reed Clan too (L685)."""
    if g.get("mode") == "coop":
        return ("reed",) if model.nplayers(g) == 2 else ()
    return AIS.get(str(g.get("mode")), ())


def coop_on(g: Data) -> bool:
    return g.get("mode") == "coop"


def is_ai(x: Any) -> bool:
    return isinstance(x, str)


def name(who: str) -> Text:
    if who == "reed":
        return t("the Reed Clan", "蘆葦氏族")
    return t("Qin Jiushao", "秦九韶")


# ------------------------------------------------------------------------------------- tea track
def order(g: Data) -> list[Any]:
    """The whole tea track, top first: ``g["tea"]``'s seats in the places of ``g["tea_all"]`` that hold
    a seat (a rule moving seats among themselves leaves the Reed Clan and Qin where they stand)."""
    full = g.get("tea_all")
    if not full:
        return list(g["tea"])
    seats = iter(g["tea"])
    return [x if is_ai(x) else next(seats) for x in full]


def set_order(g: Data, full: list[Any]) -> None:
    g["tea_all"] = list(full)
    g["tea"] = [x for x in full if not is_ai(x)]


def rank(g: Data, who: Any) -> int:
    return order(g).index(who)


def acting(g: Data) -> int:
    """The seat that acts for the Reed Clan: the active player, or the seat highest in tea order when
    the card being resolved is not a seat's (L714-715)."""
    turn = g.get("turn")
    if turn and not is_ai(turn["seat"]):
        return int(turn["seat"])
    return int(g["tea"][0])


# ------------------------------------------------------------------------------- setup hooks
def new_game_data(players: int, mode: str) -> Data:
    """The empty frame (model.new_game_data); the 2-player and solo games are laid out as for 3
    players (A31) with their own seats."""
    if mode not in AIS:
        return model.new_game_data(players, mode)
    g = model.new_game_data(AS_PLAYERS, mode)
    g["players"] = g["players"][:players]
    g["tea"] = list(range(players))
    return g


def setup(ctx: Ctx) -> None:
    """Setup deltas after the empty frame is made (before the Horde deck, L689-703, L747-781)."""
    g = ctx.data
    if coop_on(g):
        coop.setup(ctx)
    if not ais(g):
        return
    g["side"] = gdata.side_for(AS_PLAYERS)  # L689, L749
    g["time"] = gdata.time_start(AS_PLAYERS)  # A31
    g["shame_supply"] = AS_PLAYERS * model.SHAME_PER_PLAYER  # A31 (solo: 10, qin.setup)
    g["command_track"] = [None] * gdata.command_slots(g["side"])
    left = g["sections"][0]  # L691, L753: the leftmost section is out; its 3 array slots are blocked
    left["open"] = False
    left["barricades"] = 0
    left["firing"] = []
    left["blocked"] = 3
    reed.setup(ctx)
    if "qin" in ais(g):
        qin.setup(ctx)


def after_deck(ctx: Ctx) -> None:
    """Co-op: its own Horde deck (L901)."""
    if coop_on(ctx.data):
        coop.after_deck(ctx)


def after_deal(ctx: Ctx) -> None:
    """Setup steps that need the decks (solo: 6 Horde cards and Qin's Advisors, L763, L773-775;
    co-op: Requests instead of Artifacts and players + 1 Horde cards, L899, L903)."""
    if coop_on(ctx.data):
        coop.after_deal(ctx)
    if "qin" in ais(ctx.data):
        qin.after_deal(ctx)


def after_tea(g: Data) -> None:
    """Setup step 17 (L703, L781): the Reed Clan's marker at the bottom, Qin's above it, the seats
    above them by tea value."""
    if ais(g):
        set_order(g, list(g["tea"]) + list(reversed(ais(g))))


def walls_needed(g: Data) -> int:
    """Walls at level 3 that end the game (L655, L667): 2 in a 3-player game and with 2 sections in
    play (ruling A30), else 3."""
    if ais(g) or model.nplayers(g) == 3:
        return 2
    return 3


def raid_shame(g: Data) -> int | None:
    """Shame tokens a raid removes (L522): 3 when the Reed Clan makes 3 players (A31, L687); solo
    keeps the player count, 1, as its 10-token supply does (L751)."""
    if "qin" in ais(g):
        return model.nplayers(g)
    return AS_PLAYERS if ais(g) else None


# ------------------------------------------------------------------------------- command track
def placements(g: Data, seats: list[int]) -> list[Data]:
    """The placement steps of Autumn in tea order (L610): the Reed Clan and Qin take the leftmost free
    slot when their turn to place comes (L713, L816)."""
    return [{"do": "ai_place", "who": x} if is_ai(x) else {"do": "place", "seat": x}
            for x in order(g) if is_ai(x) or x in seats]


@steps.step("ai_place")
def _ai_place(ctx: Ctx, st: Data) -> None:
    g = ctx.data
    who = str(st["who"])
    card = reed.CARD["id"] if who == "reed" else qin.draw_card(ctx)
    if card is None:
        return
    free = [i for i, x in enumerate(g["command_track"]) if x is None]
    if not free:
        return
    g["command_track"][free[0]] = {"seat": who, "card": card}
    ctx.log(fmt(t("{p} takes slot {i} of the command track.",
                  "{p}佔據指揮軌第{i}格。"), p=name(who), i=free[0] + 1))


def turn_steps(ctx: Ctx, slot: int, who: str, card: str) -> list[Data]:
    """The turn of a card that is not a seat's (L614-624)."""
    if who == "reed":
        return reed.turn_steps(ctx, slot, card)
    return qin.turn_steps(ctx, slot, card)


def middle_steps(g: Data, seat: Any) -> list[Data]:
    """What the Reed Clan and Qin do in another's middle box: Qin moves 2 clerks (L820)."""
    if "qin" not in ais(g):
        return []
    return qin.middle_steps(g, seat)


def before_boxes(g: Data, seat: int, card: str) -> list[Data]:
    """Solo (L864-868): a player resolving Betrayal may copy the name of Qin's card."""
    if "qin" not in ais(g):
        return []
    return qin.betrayal_steps(g, seat, card)


def first_to_activate(g: Data, waiting: list[str]) -> str | None:
    """A location that activates before the active player chooses: Qin's own on his turn (L834)."""
    if "qin" not in ais(g):
        return None
    return qin.first_to_activate(g, waiting)


def winter(g: Data) -> list[Data]:
    """Winter's steps (L628-661): Qin's archers shoot too (L632-636); co-op's Winter has the Request and
    Event steps (L979-988)."""
    if coop_on(g):
        return coop.winter_steps()
    qin = [{"do": "qin_winter"}] if "qin" in ais(g) else []
    return [{"do": "shooting"}, *qin, {"do": "defeat_check"}, {"do": "siege"}, {"do": "end_check"}]


def summer(g: Data) -> list[Data] | None:
    """Co-op's Summer (no retrieval, shame for Honor, L956-965); None: the usual one."""
    if not coop_on(g):
        return None
    return coop.summer_steps(g)


def extra_horde(g: Data) -> int:
    """Co-op: the Time token's "+1" face (L973) and passive Events."""
    if not coop_on(g):
        return 0
    return coop.extra_horde(g)


def shame_on_cards(g: Data) -> bool:
    """Whether shame may go on defeated Horde cards: not in co-op (L961)."""
    return not coop_on(g)


def short_of_shame(g: Data) -> None:
    """A shame token had to come from an empty supply: co-op is lost at once (L994)."""
    if coop_on(g):
        g["coop"]["lost"] = True


def coop_discard_legal(g: Data, seat: int, d: Data) -> list[Data]:
    return [a for a in coop.discard_legal(g, seat, d) if int(a["n"]) <= int(d.get("most", 99))]


def coop_discard(ctx: Ctx, seat: int, d: Data, action: Data) -> None:
    coop.discard(ctx, seat, int(action["n"]))


def gained_shame(g: Data, seat: int) -> None:
    """Co-op (L958): a seat that gains shame may discard it for Honor at once (asked once the tokens are
    placed)."""
    if coop_on(g):
        steps.push(g, steps.later("coop_discard", seat))


def on_wall(ctx: Ctx, seat: int) -> None:
    """Co-op: building a Wall takes 1 own command card back (L969)."""
    if coop_on(ctx.data):
        coop.on_wall(ctx, seat)


def spring_refresh(ctx: Ctx) -> bool:
    """Solo's Spring Advisor refresh (L858); False: the usual one."""
    if "qin" not in ais(ctx.data):
        return False
    qin.spring_refresh(ctx)
    return True


def sudden_end(ctx: Ctx) -> bool:
    """Solo (L872): the player loses at once when the shame supply is empty."""
    g = ctx.data
    if g["over"]:
        return False
    lost = coop_on(g) and g["coop"]["lost"]
    if not lost and ("qin" not in ais(g) or g["shame_supply"] > 0):
        return False
    g["end"] = "shame"
    g["decisions"] = []  # at once (L872, L994): nothing left to decide
    if lost:
        ctx.log(t("A shame token had to come from the empty supply: the Horde wins.",
                  "須從已空的恥辱標記供應區拿取標記：蒙軍獲勝。"))
        scoring.finish(ctx)
        return True
    ctx.log(t("The shame supply is empty: Qin Jiushao wins.", "恥辱標記供應區已空：秦九韶獲勝。"))
    scoring.finish(ctx)
    return True


def adjust_scores(g: Data, result: Data) -> Data:
    """Solo (L862-874): Qin's total beside the player's; the player wins only with more Honor than
    Qin and a shame supply not emptied."""
    if coop_on(g):
        return coop.scores(g, result)
    if "qin" not in ais(g):
        return result
    mine = int(result["totals"][0])
    theirs = qin.total(g)
    won = mine > theirs and g.get("end") != "shame"
    out = {**result, "winners": [0] if won else [], "qin": {"total": theirs, "breakdown": qin.breakdown(g)}}
    result_word = (t("Victory", "勝利") if won
                   else t("Defeat", "落敗"))
    out["outcome"] = fmt(t("{r}: {a} Honor against Qin Jiushao's {b}.",
                           "{r}：{a}點榮譽，秦九韶{b}點。"), r=result_word, a=mine, b=theirs)
    out["tiebreak"] = None
    return out


def redetermine(g: Data, rng: Any) -> None:
    if coop_on(g):
        coop.redetermine(g, rng)
    if "qin" in ais(g):
        qin.redetermine(g, rng)


def discard_entry(x: Data) -> bool:
    """Whether a command card leaving the track goes to the discard (the Reed Clan's card is used
    again every Autumn, L713; Qin's go to his own discard, qin.py)."""
    return not is_ai(x["seat"])


# ------------------------------------------------------------------------------- locations
def humans_at(g: Data, loc: str) -> bool:
    return any(not is_ai(x) for x in g["locations"][loc])


def may_activate(g: Data, loc: str) -> bool:
    """A location holding only the Reed Clan's clerks does not activate (L711)."""
    return humans_at(g, loc) or (bool(g["locations"][loc]) and "qin" in g["locations"][loc])


def lone(g: Data, loc: str) -> bool:
    """The yellow flag's "only player there" (L236): the Reed Clan and Qin count as players (A32)."""
    return not any(is_ai(x) for x in g["locations"][loc])


def on_activate(g: Data, loc: str) -> list[Data]:
    """The steps the Reed Clan and Qin add to a location's activation (L717-733, L826-836)."""
    here = g["locations"][loc]
    out: list[Data] = []
    if "qin" in here:
        out.append({"do": "qin_act", "loc": loc})
    if "reed" in here and loc != "tea_house":
        out.append({"do": "reed_act", "loc": loc})
    return out


def returning(g: Data, loc: str) -> list[Any]:
    """Who takes a clerk back from ``loc`` after it activates: every seat, and Qin (his clerks go to
    his supply); the Reed Clan's clerks stay (L712)."""
    return [x for x in g["locations"][loc] if x != "reed"]


def take_back(g: Data, loc: str) -> None:
    """After an activation (L318, L712): the seats' and Qin's clerks go back, the Reed Clan's stay."""
    for x in g["locations"][loc]:
        if x == "qin":
            g["qin"]["clerks"] += 1
        elif not is_ai(x):
            g["players"][x]["clerks"] += 1
    g["locations"][loc] = [x for x in g["locations"][loc] if x == "reed"]


def tea_house(ctx: Ctx, here: list[Any], spaces: int | None, seats: list[int] | None = None) -> None:
    """The Tea house on the whole tea track (L394-396, A24): every marker with clerks there, the Reed
    Clan's too (L733), moves up 1 in the order as it stood; one filling every space goes to the top.
    In co-op ``seats`` is the table's order of the seats (L952): they take the seats' turns in that
    order, the Reed Clan keeping its own."""
    g = ctx.data
    full = order(g)
    movers = [x for x in full if x in here]
    if seats is not None:
        chosen = iter(seats)
        movers = [x if is_ai(x) else next(chosen) for x in movers]
    for who in movers:
        mine = sum(1 for x in here if x == who)
        i = full.index(who)
        if spaces is not None and mine >= spaces and len(set(here)) == 1:
            full.insert(0, full.pop(i))
        elif i > 0:
            full[i - 1], full[i] = full[i], full[i - 1]
        else:
            continue
        ctx.log(fmt(t("{p} moves up the tea order to place {n}.",
                      "{p}在茶序中上升到第{n}位。"), p=who_name(who), n=full.index(who) + 1))
    set_order(g, full)


def who_name(who: Any) -> Text:
    return name(who) if is_ai(who) else dict(seat_name(int(who)))


# ------------------------------------------------------------------------------- combat hooks
def defeat(ctx: Ctx, slot: Data, cas: int) -> bool:
    """A defeated card with soldiers of the Reed Clan or Qin on it (L709, L809): True when one of them
    earns the credit (most spots, ties by the whole tea order, L543) -- the Reed Clan's card is
    discarded (L709), Qin's is his. Their soldiers all go back to their supply (L710, L809); Qin gains
    Honor for being there, and for his archers on the section's Wall, as a seat would (L811, L544-545)."""
    g = ctx.data
    qin_archers(ctx, slot)
    mine = [s for s in slot["soldiers"] if is_ai(s["seat"])]
    if not mine:
        return False
    spots: dict[Any, int] = {}
    for s in slot["soldiers"]:
        spots[s["seat"]] = spots.get(s["seat"], 0) + len(s["spots"])
    best = max(spots, key=lambda x: (spots[x], -rank(g, x)))
    for s in mine:
        slot["soldiers"].remove(s)
        home(g, s["seat"], s["kind"])
    if "qin" in spots:
        qin.fought(ctx, slot, credit=best == "qin")
    return is_ai(best)


def qin_archers(ctx: Ctx, slot: Data) -> None:
    """Solo: Qin's archers on the Wall of a defeated card's section (L545, L811)."""
    if "qin" in ais(ctx.data):
        qin.archers_at_defeat(ctx, slot)


def home(g: Data, who: str, kind: str) -> None:
    if who == "reed":
        g["reed"]["supply"] += 1
    else:
        g["qin"]["supply"][kind] += 1


def breach(ctx: Ctx, section: int, cas: int) -> None:
    """A breach with the Reed Clan's or Qin's soldiers on the section's cards (L562-563): the casualty
    value of them dies on each card, never saved (L709, L809), a wound on each spot they leave; the
    Reed Clan's survivors stay (L268); Qin's soldiers all go back when his die (L809)."""
    g = ctx.data
    fire = g["sections"][section]["firing"]
    for k, x in enumerate(fire):
        if x == "qin":  # every archer on a breached Wall dies (L564)
            fire[k] = None
            home(g, "qin", "archer")
    for slot in g["sections"][section]["rows"]:
        if slot is None:
            continue
        for who in ("reed", "qin"):
            mine = [s for s in slot["soldiers"] if s["seat"] == who]
            if not mine:
                continue
            dying = mine[:cas] if who == "reed" else mine
            for s in dying:
                slot["soldiers"].remove(s)
                if who == "reed" or s in mine[:cas]:
                    slot["wounds"] = sorted(slot["wounds"] + s["spots"])
                home(g, who, s["kind"])


# ------------------------------------------------------------------------------- views, labels
def view(g: Data) -> Data:
    out: Data = {}
    if coop_on(g):
        out["coop"] = coop.view(g)
    if not ais(g):
        return out
    out["tea_all"] = order(g)
    out["reed"] = reed.view(g)
    if "qin" in ais(g):
        out["qin"] = qin.view(g)
    return out



def label(g: Data, seat: int, action: Data) -> Text | None:
    """Labels of the actions the modes add (None: not one of them)."""
    ds = g.get("decisions") or []
    kind = str(ds[-1]["kind"]) if ds else ""
    if kind.startswith("coop_"):
        return coop.label(g, action)
    if kind == "qin_betrayal":

        name = gdata.command(action["card"])["name"] if action["type"] == "copy" else None
        return (fmt(t("Copy {c}", "複製「{c}」"), c=name) if name
                else t("Keep Betrayal", "保留背叛"))
    if not kind.startswith("reed_"):
        return None
    return reed.label(g, action)
