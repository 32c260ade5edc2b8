"""Combat at the Wall: deployments, shooting, defeats, casualties, sieges, breaches and the Transport
station.

Rules (seed lines): attacks L526-537; defeating a card L539-549; casualties and saving L257-268, L470-472,
L553-555; breach L557-569; Winter shooting L632-638 and siege L640-651; Transport station L446-450.
Rulings (digest section 8): A9 (Attack Order takes a rest-area archer onto a free firing spot of the
same section's Wall, and it shoots once), A10 (one shot per archer per Winter), A11 (survivors of a
defeated card go to that section's rest area; a card defeated by wounds alone goes to the Horde
discard), A12 (+2 Honor per archer on the Wall also without credit), A13 (the owner chooses which of its
soldiers die; the archers killed in a breach can be saved), A14 (breach shame hits every seat, and an
archer on the Wall is not a soldier on a card), A15 (cards stay after a breach), A28 (one Transport move
per clerk: one zone to one zone), A44 (each section's barricades go after its own siege).

Decisions this module pushes (answered through :func:`decision_legal` / :func:`decide`):

- ``{"kind": "shoot", "seats": [s], "queue": [[section, seat], ...]}``: the shots still to fire, the
  head's seat answers ``{"type": "shoot", "section", "row", "spot"}``; heads with no target are skipped.
- ``{"kind": "casualties", "seats": [s], "event": "defeat" | "breach", "groups": [...], "dying": [...],
  "free": n}``: first, where the seat has a choice of which soldiers die on a card (mixed kinds),
  ``{"type": "lose", "section", "row", "kind"}``; then ``{"type": "save", "n": k}`` (k soldiers saved
  to their section's rest area for 2 Chi each, ``free`` of them without paying).

For the rest of the game (core, cards): :func:`describe` and ``shame.describe`` give the words for the
actions above and for Transport moves; a ``save`` effect played during a casualties decision should
call :func:`add_saves` at once (a step scheduled by ``effects.run`` runs only after the decision is
answered; ``g["free_saves"]`` is read too); a raid that empties the shame supply sets ``g["end"]``
("shame", L522), which the end of Winter keeps.
"""

from __future__ import annotations

import importlib
import itertools
from typing import Any

from pygame_core.games.great_wall import horde, model, modes, shame
from pygame_core.games.great_wall.horde import CARDS, Rec, add_honor, section_name, t, tea
from pygame_core.kernel import decisions
from pygame_core.kernel.text import Text, fmt, seat_name

KINDS = ("spear", "archer", "horse")
#: Chi to save one soldier (L470).
SAVE_COST = 2
#: Honor per player with soldiers on a defeated card (L544), per archer on its section's Wall (L545).
DEFEAT_HONOR = 2
ARCHER_HONOR = 2
#: Defense per barricade (L498, L642).
BARRICADE_DEFENSE = 2
_KIND_NAME: dict[str, Text] = {
    "spear": t("spearman", "矛兵"), "archer": t("archer", "弓兵"), "horse": t("horseman", "騎兵"),
}


_FOUGHT: Text = t("{p} gains 2 Honor for fighting it.", "{p}參與擊退，獲得 2 點榮譽。")
_ARCHERS: Text = t("{p} gains {h} Honor for archers on the Wall.", "{p}的弓兵在長城上，獲得 {h} 點榮譽。")
_NO_CREDIT: Text = t("Nobody gets credit: the card is discarded.", "無人獲得功勳：此卡被棄置。")
_CREDIT: Text = t("{p} takes the card for the credit.", "{p}獲得擊退功勳，取得此卡。")
_LOSSES: Text = t("{p} loses {n} soldier(s) and saves {k}.", "{p}陣亡 {n} 名士兵，救回 {k} 名。")


def kind_name(kind: str) -> Text:
    return _KIND_NAME[kind]


# ---------------------------------------------------------------- cards on the array

def covered(slot: Rec) -> set[int]:
    """The vital spots of a card slot held by a soldier or a wound token (a soldier's spot counts as
    wounded, L528)."""
    out = set(slot["wounds"])
    for s in slot["soldiers"]:
        out.update(s["spots"])
    return out


def free_spots(slot: Rec) -> list[int]:
    """The vital spots no soldier and no wound holds."""
    taken = covered(slot)
    return [i for i in range(len(CARDS[slot["card"]]["spots"])) if i not in taken]


def complete(slot: Rec) -> bool:
    """Every vital spot is covered: the card is defeated at the next defeat check (L541)."""
    return not free_spots(slot)


def adjacent(cid: str, i: int, j: int) -> bool:
    """Two vital spots of a card are orthogonally adjacent (not diagonal, L536)."""
    a, b = CARDS[cid]["spots"][i], CARDS[cid]["spots"][j]
    return abs(a["x"] - b["x"]) + abs(a["y"] - b["y"]) == 1


def free_pairs(slot: Rec) -> list[list[int]]:
    """The pairs of free, orthogonally adjacent spots a horseman may take (L536)."""
    free = free_spots(slot)
    return [[i, j] for i, j in itertools.combinations(free, 2) if adjacent(slot["card"], i, j)]


def soldiers_of(slot: Rec, seat: int) -> list[Rec]:
    return [s for s in slot["soldiers"] if s["seat"] == seat]


def spots_of(slot: Rec, seat: int) -> int:
    """How many vital spots the seat's soldiers hold on the card (a horseman holds 2, L543)."""
    return sum(len(s["spots"]) for s in slot["soldiers"] if s["seat"] == seat)


# ---------------------------------------------------------------- walls

def level(g: Rec, section: int) -> int:
    return g["sections"][section]["wall"]


def firing(g: Rec, section: int) -> list[int | None]:
    return g["sections"][section]["firing"]


def archers_on_wall(g: Rec, section: int, seat: int) -> int:
    return sum(1 for s in firing(g, section) if s == seat)


def free_firing(g: Rec, section: int) -> int:
    return sum(1 for s in firing(g, section) if s is None)


def defense(g: Rec, section: int) -> int:
    """The Wall tile's defense plus 2 per barricade (L642, L498)."""
    sec = g["sections"][section]
    return horde.wall(sec["wall"])["defense"] + BARRICADE_DEFENSE * sec["barricades"]


def card_attack(g: Rec, section: int, row: int) -> int:
    """One card's attack in the siege, with its attack-changing ability (L644)."""
    slot = g["sections"][section]["rows"][row]
    c = CARDS[slot["card"]]
    value = c["attack"]
    ab = c["ability"]
    if ab and ab["timing"] == "siege" and ab["op"] == "attack":
        per = ab.get("per")
        if ab.get("if") == "front":
            value += ab["n"] if row == 0 else 0
        elif per == "barricade":
            value += ab["n"] * g["sections"][section]["barricades"]
        elif per == "other_card":
            value += ab["n"] * (len(horde.column(g, section)) - 1)
        elif per == "wall_level":
            value += ab["n"] * level(g, section)
    return value


def attack(g: Rec, section: int) -> int:
    """The sum of the attack values of the section's Horde cards, abilities included (L642-644)."""
    rows = g["sections"][section]["rows"]
    return sum(card_attack(g, section, r) for r in range(len(rows)) if rows[r] is not None)


# ---------------------------------------------------------------- deploying

def _rest_count(g: Rec, section: int, seat: int, kind: str) -> int:
    return sum(1 for s in g["sections"][section]["rest"] if s["seat"] == seat and s["kind"] == kind)


def _figures(g: Rec, seat: int, kind: str, source: Any) -> int:
    """Figures available to deploy: unshamed ones in the personal supply for a recruit (a shamed
    soldier cannot be deployed, L244), or the seat's soldiers of that kind in the rest area."""
    if source == "recruit":
        return int(g["players"][seat]["supply"][kind])
    return _rest_count(g, _rest_section(source), seat, kind)


def _rest_section(source: Any) -> int:
    where, section = source
    if where != "rest":
        raise ValueError(f"unknown deploy source {source!r}")
    return int(section)


def targets(g: Rec, seat: int, kind: str, source: Any = "recruit") -> list[Rec]:
    """The legal attacks of one soldier of ``kind``:

    - spearman: 1 free spot of a card in the row nearest the Wall (L530-532);
    - horseman: 2 free orthogonally adjacent spots of a card in any row (L536);
    - archer: a Wall with a free firing spot (L537); the wound it then shoots is a decision.

    ``source`` is "recruit" (a new recruit from the Barracks may attack any section, L528) or
    ``("rest", i)`` (Attack Order: from the rest area of section i onto that section only, L526-528; an
    archer onto a free firing spot of that section's Wall, ruling A9). Each target is the action
    ``{"type": "deploy", "kind", "section", "row", "spots"}`` (an archer's has no row or spots)."""
    if kind not in KINDS or _figures(g, seat, kind, source) <= 0:
        return []
    sections = horde.open_sections(g)
    if source != "recruit":
        sections = [i for i in sections if i == _rest_section(source)]
    out: list[Rec] = []
    for i in sections:
        if kind == "archer":
            if free_firing(g, i):
                out.append({"type": "deploy", "kind": kind, "section": i})
            continue
        rows = g["sections"][i]["rows"]
        for r, slot in enumerate(rows):
            if slot is None or (kind == "spear" and r != 0):
                continue
            options = [[j] for j in free_spots(slot)] if kind == "spear" else free_pairs(slot)
            out += [{"type": "deploy", "kind": kind, "section": i, "row": r, "spots": sp} for sp in options]
    return out


def _target_key(target: Rec) -> Rec:
    key = {"type": "deploy", "kind": target["kind"], "section": target["section"]}
    if target["kind"] != "archer":
        key["row"] = target["row"]
        key["spots"] = sorted(target["spots"])
    return key


def can_deploy(g: Rec, seat: int, target: Rec, source: Any = "recruit") -> bool:
    try:
        key = _target_key(target)
    except (KeyError, TypeError):
        return False
    return key in targets(g, seat, key["kind"], source)


def _take(g: Rec, seat: int, kind: str, source: Any) -> None:
    if source == "recruit":
        g["players"][seat]["supply"][kind] -= 1
        return
    rest = g["sections"][_rest_section(source)]["rest"]
    rest.remove({"seat": seat, "kind": kind})


def deploy(ctx: Any, seat: int, kind: str, target: Rec, source: Any = "recruit") -> None:
    """Send one soldier to attack (L526-537). The figure comes from the personal supply (a recruit;
    the caller has paid for it) or from the rest area ``source = ("rest", i)`` (also given as
    ``target["from"] = i``). A spearman or horseman
    takes its spot(s) and gains each spot's reward (L530, L536); an archer takes a free firing spot and
    then shoots 1 wound into its section (L537), a decision of ``seat`` pushed here (skipped when no
    card there has a free spot). Raises ValueError on an illegal target."""
    g = ctx.data
    if "from" in target:  # Attack Order: the rest area of that section
        source = ("rest", int(target["from"]))
    target = {**target, "kind": kind}
    if not can_deploy(g, seat, target, source):
        raise ValueError(f"illegal deployment {target!r} from {source!r}")
    _take(g, seat, kind, source)
    i = target["section"]
    if kind == "archer":
        spots = firing(g, i)
        spots[spots.index(None)] = seat
        ctx.log(fmt(t("{p} puts an archer on the Wall of {section}.", "{p}將弓兵部署到{section}的長城上。"),
                    p=seat_name(seat), section=section_name(i)))
        push_shots(g, [[i, seat]])
        return
    slot = g["sections"][i]["rows"][target["row"]]
    spots = sorted(target["spots"])
    slot["soldiers"].append({"seat": seat, "kind": kind, "spots": spots})
    ctx.log(fmt(t("{p} sends a {kind} onto {card} ({section}).", "{p}派出{kind}攻擊{card}（{section}）。"),
                p=seat_name(seat), kind=kind_name(kind), card=horde.name(slot["card"]),
                section=section_name(i)))
    rewards = [dict(CARDS[slot["card"]]["spots"][j]["reward"]) for j in spots]
    run_rewards(ctx, seat, rewards)


def place_rest(ctx: Any, seat: int, kind: str, section: int, source: Any = "recruit") -> None:
    """A recruit (or a soldier moved by an effect) goes to the rest area of ``section`` (L402)."""
    g = ctx.data
    if _figures(g, seat, kind, source) <= 0 or section not in horde.open_sections(g):
        raise ValueError("no such figure or section")
    _take(g, seat, kind, source)
    g["sections"][section]["rest"].append({"seat": seat, "kind": kind})
    ctx.log(fmt(t("{p} puts a {kind} in the rest area of {section}.", "{p}將{kind}放到{section}的休息區。"),
                p=seat_name(seat), kind=kind_name(kind), section=section_name(section)))


def run_rewards(ctx: Any, seat: int, effects: list[Rec]) -> None:
    """Give a vital spot's rewards (core's effects.run schedules them, L530, L536)."""
    _module("effects").run(ctx, seat, effects, "spot")


def _module(name: str) -> Any:
    """Core's ``effects`` or the cards helper's ``cards``, imported when first used: both import this
    module, so it cannot import them at its top."""
    return importlib.import_module(f"pygame_core.games.great_wall.{name}")


def _fire(ctx: Any, trigger: str, seat: int, **info: Any) -> None:
    """A card trigger point: the abilities cards.fire sets off, run by effects.run. Not
    effects.trigger: the Tactic windows of a defeat are opened by core's defeat-check step, and a
    casualty event's window is the casualties decision itself."""
    effects = _module("effects")
    for who, effs in _module("cards").fire(ctx, trigger, seat, **info):
        effects.run(ctx, who, list(effs), trigger)


def _tactic_window(g: Rec, seat: int, window: str) -> bool:
    """Whether the seat may play a Tactic in this window (cards.tactics_playable)."""
    return bool(_module("cards").tactics_playable(g, seat, window))


# ---------------------------------------------------------------- shooting

def shoot_targets(g: Rec, section: int) -> list[Rec]:
    """Where an archer of ``section``'s Wall may put its wound: any free vital spot of any card in that
    section (L537)."""
    out = []
    for r, slot in enumerate(g["sections"][section]["rows"]):
        if slot is not None:
            out += [{"type": "shoot", "section": section, "row": r, "spot": j} for j in free_spots(slot)]
    return out


def shoot(ctx: Any, seat: int, section: int, card_row: int, spot: int) -> None:
    """Put 1 wound token on a free vital spot of a card in the archer's section; wounds give no reward
    (L537)."""
    g = ctx.data
    if {"type": "shoot", "section": section, "row": card_row, "spot": spot} not in shoot_targets(g, section):
        raise ValueError("no free vital spot there")
    slot = g["sections"][section]["rows"][card_row]
    slot["wounds"] = sorted([*slot["wounds"], spot])
    ctx.log(fmt(t("{p}'s archer wounds {card} ({section}).", "{p}的弓兵射傷{card}（{section}）。"),
                p=seat_name(seat), card=horde.name(slot["card"]), section=section_name(section)))


def push_shots(g: Rec, queue: list[list[int]]) -> None:
    """Push a shoot decision for these shots ([section, seat] each, in order), skipping those with no
    target; nothing when none is left."""
    queue = _skip_untargeted(g, [list(q) for q in queue])
    if queue:
        decisions.push(g, "shoot", [queue[0][1]], queue=queue)


def _skip_untargeted(g: Rec, queue: list[list[int]]) -> list[list[int]]:
    while queue and not shoot_targets(g, queue[0][0]):
        queue.pop(0)
    return queue


def winter_shooting(ctx: Any) -> None:
    """Winter step 1a (L632-636): starting with the leftmost Wall, the players with archers on it shoot
    in tea order, one wound per archer (A10). Pushes one decision that walks through every shot."""
    g = ctx.data
    queue = [[i, s] for i in horde.open_sections(g) for s in tea(g) for _ in range(archers_on_wall(g, i, s))]
    push_shots(g, queue)


# ---------------------------------------------------------------- defeat

def casualty_value(g: Rec) -> int:
    """The casualties printed beside the Time token (L253, L264)."""
    return model.casualties(g)


def defeat_check(ctx: Any, casualty: int | None = None) -> list[str]:
    """Defeat every Horde card whose vital spots are all covered (L541-553, L622, L638), sections left
    to right, rows from the Wall out. For each card:

    1. credit to the seat whose soldiers hold the most spots, ties by tea order; none if only wounds
       cover it (L543, L549);
    2. +2 Honor to each seat with soldiers on it (L544);
    3. +2 Honor per archer a seat has on that section's Wall, credit or not (L545, A12);
    4. the card face down to the credited seat, else to the Horde discard (L546, A11);
    5. the column closes up toward the Wall (L547);
    6. casualties: each seat loses min(casualty, its soldiers on the card); the others go to the
       section's rest area (A11); dying soldiers may be saved for 2 Chi each (L553).

    Deaths of one check happen at once (L472): one casualties decision per seat. Returns the ids of the
    defeated cards."""
    g = ctx.data
    done: list[str] = []
    groups: dict[int, list[Rec]] = {}
    cas: int | None = casualty
    for i in horde.open_sections(g):
        sec = g["sections"][i]
        for r, slot in enumerate(sec["rows"]):
            if slot is None or not complete(slot):
                continue
            if cas is None:
                cas = casualty_value(g)
            _defeat(ctx, i, r, slot, cas, groups)
            sec["rows"][r] = None
            done.append(slot["card"])
        kept = [s for s in sec["rows"] if s is not None]
        sec["rows"] = kept + [None] * (horde.ROWS - len(kept))
    _push_all(g, [d for s in tea(g) if s in groups for d in [_casualties(ctx, s, "defeat", groups[s])] if d])
    return done


def _defeat(ctx: Any, i: int, r: int, slot: Rec, cas: int, groups: dict[int, list[Rec]]) -> None:
    g = ctx.data
    cid = slot["card"]
    ai_credit = modes.defeat(ctx, slot, cas)  # the Reed Clan's and Qin's soldiers (L709, L809)
    present = [s for s in tea(g) if soldiers_of(slot, s)]
    credit = max(present, key=lambda s: (spots_of(slot, s), -g["tea"].index(s))) if present else None
    if ai_credit:
        credit = None
    ctx.log(fmt(t("{card} ({section}) is defeated.", "{card}（{section}）被擊退。"),
                card=horde.name(cid), section=section_name(i)), horde=cid)
    for s in present:
        add_honor(g, s, DEFEAT_HONOR)
        ctx.log(fmt(_FOUGHT, p=seat_name(s)))
    for s in tea(g):
        n = archers_on_wall(g, i, s)
        if n:
            add_honor(g, s, ARCHER_HONOR * n)
            ctx.log(fmt(_ARCHERS, p=seat_name(s), h=ARCHER_HONOR * n))
    if credit is None:
        g["horde_discard"].append(cid)
        ctx.log(_NO_CREDIT)
    else:
        g["players"][credit]["trophies"].append({"card": cid, "shame": 0})
        ctx.log(fmt(_CREDIT, p=seat_name(credit)))
    for s in present:
        own = [dict(x, spots=list(x["spots"])) for x in soldiers_of(slot, s)]
        groups.setdefault(s, []).append({"section": i, "row": r, "card": cid, "n": min(cas, len(own)),
                                         "soldiers": own, "where": "gone"})
    if credit is not None:
        _fire(ctx, "on_defeat_credit", credit, card=cid, section=i)
    for s in present:
        _fire(ctx, "on_defeat_participate", s, card=cid, section=i)


# ---------------------------------------------------------------- casualties

def _casualties(ctx: Any, seat: int, event: str, groups: list[Rec]) -> Rec | None:
    """Start a casualty event for one seat. Groups with no choice of who dies are settled now; the
    decision is returned (for the caller to push) when any of its soldiers die: which kind dies, and how
    many to save (0 when it cannot pay: see :func:`_may_save`). None when nobody of the seat dies."""
    d: Rec = {"kind": "casualties", "seats": [seat], "blocking": True, "event": event, "groups": [],
              "dying": [], "free": 0}
    for grp in groups:
        if not _settle_if_no_choice(ctx, d, grp):
            d["groups"].append(grp)
    if d["groups"] or (d["dying"] and _may_save(ctx.data, d)):
        return d
    _finish(ctx, d, 0)
    return None


def _kinds(grp: Rec) -> list[str]:
    return [k for k in KINDS if any(s["kind"] == k for s in grp["soldiers"])]


def _settle_if_no_choice(ctx: Any, d: Rec, grp: Rec) -> bool:
    """Settle a group whose deaths need no choice (all die, or all its soldiers are alike)."""
    if grp["n"] > 0 and grp["n"] < len(grp["soldiers"]) and len(_kinds(grp)) > 1:
        return False
    while grp["n"] > 0 and grp["soldiers"]:
        _die(ctx, d, grp, grp["soldiers"][0])
    _survivors(ctx, d, grp)
    return True


def _die(ctx: Any, d: Rec, grp: Rec, soldier: Rec) -> None:
    """One soldier of the group dies (or will be saved): off its card with a wound on each spot it
    leaves (L553, L563, L569)."""
    g = ctx.data
    grp["soldiers"].remove(soldier)
    grp["n"] -= 1
    slot = g["sections"][grp["section"]]["rows"][grp["row"]] if grp["where"] == "card" else None
    if slot is not None and soldier in slot["soldiers"]:
        slot["soldiers"].remove(soldier)
        slot["wounds"] = sorted(slot["wounds"] + soldier["spots"])
    d["dying"].append({"kind": soldier["kind"], "section": grp["section"]})


def _survivors(ctx: Any, d: Rec, grp: Rec) -> None:
    """Survivors of a defeated card go to its section's rest area (A11); on a breached card they stay
    (L268, L562)."""
    if grp["where"] == "gone":
        rest = ctx.data["sections"][grp["section"]]["rest"]
        rest += [{"seat": d["seats"][0], "kind": s["kind"]} for s in grp["soldiers"]]
    grp["soldiers"] = []


def _may_save(g: Rec, d: Rec) -> bool:
    """The seat is asked about its dying soldiers whenever it has any, even when it cannot pay for a save
    or play a Tactic now: who must answer is public, so asking only a seat with 2 Chi (or a Tactic for the
    window) would tell the others what is behind its screen (L166, L470)."""
    return bool(d["dying"])


def _free(g: Rec, d: Rec) -> int:
    """Free saves in this casualty event: given by :func:`add_saves`, or by core's ``save`` op
    (``g["free_saves"][str(seat)]``)."""
    return int(d["free"]) + int((g.get("free_saves") or {}).get(str(d["seats"][0]), 0))


def _save_max(g: Rec, d: Rec) -> int:
    chi = g["players"][d["seats"][0]]["res"]["chi"]
    free = _free(g, d)
    return min(len(d["dying"]), free + max(0, chi) // SAVE_COST)


def add_saves(g: Rec, seat: int, n: int | None = None) -> bool:
    """A ``save`` effect (a Tactic such as Withdrawal, L472): ``n`` free saves (None: every soldier
    dying) in the seat's current casualty event. False when the seat has none open."""
    for d in reversed(decisions.stack(g)):
        if d["kind"] == "casualties" and d["seats"] == [seat]:
            d["free"] += len(d["dying"]) + sum(grp["n"] for grp in d["groups"]) if n is None else n
            return True
    return False


def _finish(ctx: Any, d: Rec, saved: int, kinds: dict[str, int] | None = None) -> None:
    """End a casualty event: ``saved`` of the dying (``kinds`` of them when they are of several kinds;
    :func:`save_options` asks for it) go to their section's rest area (paying 2 Chi each beyond the
    free saves, L470, L553); the rest die and go back to the personal supply (L264)."""
    g = ctx.data
    seat = d["seats"][0]
    p = g["players"][seat]
    dying = list(d["dying"])
    if kinds:
        picked: list[Rec] = []
        for k, n in kinds.items():
            picked += [x for x in dying if x["kind"] == k][:n]
        dying = picked + [x for x in dying if not any(x is y for y in picked)]
    p["res"]["chi"] -= SAVE_COST * max(0, saved - _free(g, d))
    if str(seat) in (g.get("free_saves") or {}):  # they were for this event only
        del g["free_saves"][str(seat)]
    for x in dying[:saved]:
        g["sections"][x["section"]]["rest"].append({"seat": seat, "kind": x["kind"]})
    for x in dying[saved:]:
        p["supply"][x["kind"]] += 1
    dead = len(dying) - saved
    if dying:
        ctx.log(fmt(_LOSSES, p=seat_name(seat), n=dead, k=saved))
    if dead:
        _fire(ctx, "on_casualties", seat, dead=dead)


# ---------------------------------------------------------------- siege and breach

def siege(ctx: Any, casualty: int | None = None) -> list[int]:
    """Winter step 2 (L640-651): each section left to right compares attack with defense; attack above
    defense breaches it (L559, L646-649); then that section's barricades are discarded (L651, A44).
    Returns the breached sections. Decisions (shame placement, casualties) are pushed so that they are
    answered in the seed's order: section by section, shame before casualties (L561-564)."""
    g = ctx.data
    pending: list[Rec] = []
    breached = []
    for i in horde.open_sections(g):
        a, dfn = attack(g, i), defense(g, i)
        if a > dfn:
            breached.append(i)
            ctx.log(fmt(t("The Horde breaches the Wall of {section} ({a} against {d}).",
                          "蒙軍突破{section}的長城（進攻 {a} 對防守 {d}）。"),
                        section=section_name(i), a=a, d=dfn))
            breach(ctx, i, casualty, pending)
        else:
            ctx.log(fmt(t("The Wall of {section} holds ({a} against {d}).",
                          "{section}的長城守住了（進攻 {a} 對防守 {d}）。"),
                        section=section_name(i), a=a, d=dfn))
        g["sections"][i]["barricades"] = 0
    _push_all(g, pending)
    return breached


def breach(ctx: Any, section: int, casualty: int | None = None, pending: list[Rec] | None = None) -> None:
    """A breach (L557-569): 1. each seat gains 1 shame per card of the section with none of its soldiers
    (L561, L235); 2. casualties per card, survivors stay (L562); 3. a wound on every spot left (L563);
    4. every archer on that Wall dies, savable (L564, A13); 5. rest areas are safe (L565). The cards stay
    (A15). With ``pending`` the decisions are collected there for the caller to push."""
    g = ctx.data
    own = pending is None
    out: list[Rec] = [] if pending is None else pending
    cas = casualty_value(g) if casualty is None else casualty
    rows = g["sections"][section]["rows"]
    modes.breach(ctx, section, cas)  # the Reed Clan's and Qin's soldiers die unsaved (L709, L809)
    cards = [(r, slot) for r, slot in enumerate(rows) if slot is not None]
    for s in tea(g):
        n = sum(1 for _, slot in cards if not soldiers_of(slot, s))
        if n:
            shame.gain(ctx, s, n, "breach", defer=out)
    for s in tea(g):
        groups = []
        for r, slot in cards:
            mine = [dict(x, spots=list(x["spots"])) for x in soldiers_of(slot, s)]
            if mine:
                ab = CARDS[slot["card"]]["ability"]
                extra = ab["n"] if ab and ab["timing"] == "breach" and ab["op"] == "casualties" else 0
                groups.append({"section": section, "row": r, "card": slot["card"],
                               "n": min(cas + extra, len(mine)), "soldiers": mine, "where": "card"})
        fire = firing(g, section)
        archers = sum(1 for x in fire if x == s)
        if archers:
            fire[:] = [None if x == s else x for x in fire]
            groups.append({"section": section, "row": None, "card": None, "n": archers, "where": "wall",
                           "soldiers": [{"seat": s, "kind": "archer", "spots": []} for _ in range(archers)]})
        if groups:
            d = _casualties(ctx, s, "breach", groups)
            if d:
                out.append(d)
    for s in tea(g):
        _fire(ctx, "on_breach", s, section=section)
    if own:
        _push_all(g, out)


def _push_all(g: Rec, pending: list[Rec]) -> None:
    """Push decisions so that the first of the list is answered first (the stack's top)."""
    for d in reversed(pending):
        info = {k: v for k, v in d.items() if k not in ("kind", "seats", "blocking")}
        decisions.push(g, d["kind"], d["seats"], blocking=d.get("blocking", True), **info)


# ---------------------------------------------------------------- decisions

def decision_legal(g: Rec, d: Rec, seat: int) -> list[Rec]:
    """The actions answering a combat decision (kinds "shoot" and "casualties")."""
    if seat not in d["seats"]:
        return []
    if d["kind"] == "shoot":
        # a Tactic played meanwhile may have covered the last free spot: the shot is then lost
        return shoot_targets(g, d["queue"][0][0]) or [{"type": "pass"}]
    if d["kind"] == "casualties":
        if d["groups"]:
            grp = d["groups"][0]
            return [{"type": "lose", "section": grp["section"], "row": grp["row"], "kind": k}
                    for k in _kinds(grp)]
        return save_options(g, d)
    return []


def save_options(g: Rec, d: Rec) -> list[Rec]:
    """``{"type": "save", "n": k}`` for k = 0 .. what the seat can save; when the dying soldiers are of
    several kinds the owner picks which (A13): ``"kinds": {kind: count}`` says how many of each."""
    most = _save_max(g, d)
    have = {k: sum(1 for x in d["dying"] if x["kind"] == k) for k in KINDS}
    kinds = [k for k in KINDS if have[k]]
    if len(kinds) <= 1:
        return [{"type": "save", "n": k} for k in range(most + 1)]
    out: list[Rec] = [{"type": "save", "n": 0}]
    combos: list[dict[str, int]] = [{}]
    for k in kinds:
        combos = [{**c, k: n} for c in combos for n in range(have[k] + 1)]
    for c in combos:
        n = sum(c.values())
        if 0 < n <= most:
            out.append({"type": "save", "n": n, "kinds": {k: v for k, v in c.items() if v}})
    return out


def decide(ctx: Any, d: Rec, seat: int, action: Rec) -> None:
    """Apply a legal answer to a combat decision (checked against :func:`decision_legal`)."""
    g = ctx.data
    if action not in decision_legal(g, d, seat):
        raise ValueError(f"{action!r} does not answer this {d['kind']} decision")
    if d["kind"] == "shoot":
        if action["type"] == "shoot":
            shoot(ctx, seat, action["section"], action["row"], action["spot"])
        d["queue"].pop(0)
        _skip_untargeted(g, d["queue"])
        if d["queue"]:
            d["seats"] = [d["queue"][0][1]]
        else:
            _pop(g, d)
        return
    if action["type"] == "lose":
        grp = d["groups"][0]
        soldier = next(s for s in grp["soldiers"] if s["kind"] == action["kind"])
        _die(ctx, d, grp, soldier)
        if _settle_if_no_choice(ctx, d, grp):
            d["groups"].pop(0)
        if not d["groups"] and not _may_save(g, d):
            _finish(ctx, d, 0)
            _pop(g, d)
        return
    _finish(ctx, d, action["n"], action.get("kinds"))
    _pop(g, d)


def _pop(g: Rec, d: Rec) -> None:
    decisions.pop(g, d)


# ---------------------------------------------------------------- Transport station

def _zone_units(g: Rec, seat: int, zone: list[Any]) -> dict[str, int]:
    kind, i = zone
    if kind == "wall":
        return {"archer": archers_on_wall(g, i, seat)} if archers_on_wall(g, i, seat) else {}
    out: dict[str, int] = {}
    for s in g["sections"][i]["rest"]:
        if s["seat"] == seat:
            out[s["kind"]] = out.get(s["kind"], 0) + 1
    return out


def transport_moves(g: Rec, seat: int) -> list[Rec]:
    """The Transport station's moves for one clerk (L446-450, A28): soldiers of one zone to one other
    zone: rest area to rest area, archers from a Wall to another Wall (free firing spots) or to a rest
    area; never onto a Wall from a rest area, never onto or off a Horde card. Listed: everything in the
    zone, or 1..all of one kind; :func:`transport` accepts any legal mix."""
    sections = horde.open_sections(g)
    zones = [["rest", i] for i in sections] + [["wall", i] for i in sections]
    out: list[Rec] = []
    for src in zones:
        units = _zone_units(g, seat, src)
        if not units:
            continue
        for dst in zones:
            options = [dict(units)] if len(units) > 1 else []
            options += [{k: n} for k in KINDS if k in units for n in range(1, units[k] + 1)]
            for u in options:
                move = {"from": list(src), "to": list(dst), "units": u}
                if _move_ok(g, seat, move):
                    out.append(move)
    return out


def _move_ok(g: Rec, seat: int, move: Rec) -> bool:
    try:
        src, dst, units = move["from"], move["to"], move["units"]
        sections = horde.open_sections(g)
        if src[0] not in ("rest", "wall") or dst[0] not in ("rest", "wall") or src == dst:
            return False
        if src[1] not in sections or dst[1] not in sections or (src[0] == "rest" and dst[0] == "wall"):
            return False
        have = _zone_units(g, seat, src)
        if not units or any(k not in KINDS or not isinstance(n, int) or n < 1 or n > have.get(k, 0)
                            for k, n in units.items()):
            return False
        return dst[0] != "wall" or sum(units.values()) <= free_firing(g, dst[1])
    except (KeyError, TypeError, IndexError):
        return False


def transport(ctx: Any, seat: int, move: Rec) -> None:
    """Carry out one Transport move (see :func:`transport_moves`)."""
    g = ctx.data
    if not _move_ok(g, seat, move):
        raise ValueError(f"illegal transport move {move!r}")
    src, dst = move["from"], move["to"]
    for kind, n in move["units"].items():
        for _ in range(n):
            if src[0] == "wall":
                fire = firing(g, src[1])
                fire[fire.index(seat)] = None
            else:
                g["sections"][src[1]]["rest"].remove({"seat": seat, "kind": kind})
            if dst[0] == "wall":
                fire = firing(g, dst[1])
                fire[fire.index(None)] = seat
            else:
                g["sections"][dst[1]]["rest"].append({"seat": seat, "kind": kind})
    ctx.log(fmt(t("{p} moves soldiers from {a} to {b}.", "{p}將士兵從{a}移到{b}。"), p=seat_name(seat),
                a=_zone_name(src), b=_zone_name(dst)))


def _zone_name(zone: list[Any]) -> Text:
    if zone[0] == "wall":
        return fmt(t("the Wall of {s}", "{s}的長城"), s=section_name(zone[1]))
    return fmt(t("the rest area of {s}", "{s}的休息區"), s=section_name(zone[1]))


# ---------------------------------------------------------------- labels

def _count_kinds(kinds: dict[str, int]) -> Text:
    parts: list[Text] = [fmt(t("{n} {k}", "{n} 名{k}"), n=n, k=_KIND_NAME[k]) for k, n in kinds.items() if n]
    out: Text = t("", "")
    for i, p in enumerate(parts):
        for lang in out:
            out[lang] += ("、" if lang != "en" else ", ") * (i > 0) + p[lang]
    return out


def describe(g: Rec, action: Rec) -> Text | None:
    """A player's words for the actions this module lists (deploy, shoot, lose, save, a Transport
    move), naming the card and spot; None for any other action."""
    ty = action.get("type")
    if ty == "deploy" and "row" in action:
        slot = g["sections"][action["section"]]["rows"][action["row"]]
        spots = "+".join(str(j + 1) for j in action["spots"])
        return fmt(t("{k} onto {card} ({section}), spot {s}", "{k}攻擊{card}（{section}），部位 {s}"),
                   k=_KIND_NAME[action["kind"]], card=horde.name(slot["card"]) if slot else t("?", "?"),
                   section=section_name(action["section"]), s=spots)
    if ty == "deploy":
        return fmt(t("Archer onto the Wall of {section}", "弓兵登上{section}的長城"),
                   section=section_name(action["section"]))
    if ty == "shoot":
        slot = g["sections"][action["section"]]["rows"][action["row"]]
        return fmt(t("Wound {card} ({section}), spot {s}", "射傷{card}（{section}），部位 {s}"),
                   card=horde.name(slot["card"]) if slot else t("?", "?"),
                   section=section_name(action["section"]), s=action["spot"] + 1)
    if ty == "lose":
        return fmt(t("A {k} dies", "陣亡：{k}"), k=_KIND_NAME[action["kind"]])
    if ty == "save":
        if action.get("kinds"):
            return fmt(t("Save {w} (2 Chi each)", "救回{w}（每名 2 個氣）"), w=_count_kinds(action["kinds"]))
        return fmt(t("Save {n} soldier(s) (2 Chi each)", "救回 {n} 名士兵（每名 2 個氣）"), n=action["n"])
    if "from" in action and "to" in action and "units" in action:
        return fmt(t("Move {u}: {a} to {b}", "將{u}從{a}移到{b}"), u=_count_kinds(action["units"]),
                   a=_zone_name(action["from"]), b=_zone_name(action["to"]))
    return None
