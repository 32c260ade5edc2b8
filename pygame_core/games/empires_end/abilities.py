"""The ability families of the seed (starting abilities L308-389, appendix L505-641).

An ability is a JSON dict ``{"kind": ..., params}`` on a tile or a card; its phase is the
tile's/card's ``phase``. Abilities are addressed by a *source key*: ``"L:<tile id>"`` for a
location's own ability, ``"I:<card id>"`` for an innovation. Only abilities of intact
locations and of innovations under intact locations are active (L127, L304, L521).

Families (phase):
- economy: ``produce`` (L312-320), ``convert`` (L324, L525-531; "all" = the "+" form),
  ``refresh_adjacent`` (L328; industry form L566-570), ``points`` (L534-538),
  ``adj_destroyed_points`` (L507-511), ``adj_type_gain`` (L513-521), ``copy_economy`` (L540-544)
- conflict: ``military`` (L456, L546-550), ``adj_destroyed_military`` (L552-556)
- industry: ``swap`` (City, L389), ``build_discount`` (Town, L357, L383; passive),
  ``repair_discount`` (L572-576; passive), ``move_innovation`` (L578-582), ``points``, ``produce``
- disaster (exhausting, L236-248): ``free_pass`` (L600-604), ``change_disaster`` (L584-592)
- end: ``end_per_destroyed`` (L594-598), ``end_adj_destroyed`` (L607-611), ``copy_end`` (L613-617),
  ``end_per_resource`` (L619-623), ``end_adj_type`` (L625-629), ``most_destroyed`` (L631-635)
- destroyed: ``on_destroy`` (Earthquake, L637-641)
"""

from __future__ import annotations

from typing import Any

from pygame_core.games.empires_end.data import CARDS, LOCS
from pygame_core.games.empires_end.empire import adjacent, loc_type, neighbours, placement_options, swap
from pygame_core.games.empires_end.model import gain
from pygame_core.kernel.state import Ctx

#: abilities a player activates with a "use" action, by phase
ACTIVATED = {
    "economy": {"produce", "convert", "refresh_adjacent", "points", "adj_destroyed_points",
                "adj_type_gain", "copy_economy"},
    "industry": {"swap", "refresh_adjacent", "move_innovation", "points", "produce"},
}
EXHAUSTING = {"free_pass", "change_disaster"}


# ----------------------------------------------------------------- active abilities
def active(p: dict[str, Any]) -> list[tuple[str, dict[str, Any], str, int]]:
    """Every active ability of an empire: ``(key, ability, phase, 0-based index)``.

    Only intact locations and innovations under intact locations count (L127, L304, L521).
    """
    out = []
    for i, loc in enumerate(p["locations"]):
        if not loc["intact"]:
            continue
        key, ab, phase = _LOC_ROW[loc["id"]]
        out.append((key, ab, phase, i))
        for inn in loc["innovations"]:
            key, ab, phase = _CARD_ROW[inn["card"]]
            out.append((key, ab, phase, i))
    return out


#: :func:`active`'s rows of every location tile and innovation card, but the index (a hot path: the
#: rules ask it for every discount, pass and use).
_LOC_ROW = {lid: ("L:" + lid, t["ability"], t["phase"]) for lid, t in LOCS.items()}
_CARD_ROW = {cid: ("I:" + cid, c["ability"], c["phase"]) for cid, c in CARDS.items()}


def find_inn(p: dict[str, Any], card: str) -> dict[str, Any] | None:
    for loc in p["locations"]:
        for inn in loc["innovations"]:
            if inn["card"] == card:
                return inn
    return None


def unexhausted(p: dict[str, Any], kind: str) -> list[tuple[str, dict[str, Any]]]:
    """Active, not exhausted disaster-phase abilities of ``kind`` (L236-248)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for key, ab, _ph, _i in active(p):
        if ab["kind"] == kind and key.startswith("I:"):
            inn = find_inn(p, key[2:])
            if inn is not None and not inn["exhausted"]:
                out.append((key, ab))
    return out


def exhausted_keys(p: dict[str, Any], idxs: list[int] | None = None) -> list[str]:
    """Innovations carrying an exhaust marker (at locations ``idxs``, or anywhere)."""
    out: list[str] = []
    for i, loc in enumerate(p["locations"]):
        if idxs is not None and i not in idxs:
            continue
        out.extend("I:" + inn["card"] for inn in loc["innovations"] if inn["exhausted"])
    return out


def refresh(p: dict[str, Any], key: str) -> None:
    inn = find_inn(p, key[2:])
    if inn is not None:
        inn["exhausted"] = False


def base_military(p: dict[str, Any]) -> int:
    """L456: red abilities of intact locations and their innovations; Army = 2 (L456),
    +N per icon (L546-550), +1 per adjacent destroyed location (L552-556)."""
    m = 0
    for _key, ab, _ph, i in active(p):
        if ab["kind"] == "military":
            m += ab["amount"]
        elif ab["kind"] == "adj_destroyed_military":
            m += sum(1 for x in adjacent(p["locations"], i) if not x["intact"])
    return m


def discount_sources(p: dict[str, Any], kind: str) -> list[int]:
    """0-based indices of active passive discounts of ``kind`` (build_discount: Towns L357 and
    Fire innovations; repair_discount: L572-576)."""
    return [i for _k, ab, _ph, i in active(p) if ab["kind"] == kind]


def repair_cost(p: dict[str, Any], pos: int) -> int:
    """Printed repair cost minus 1 per active repair-discount ability adjacent (L365, L576)."""
    i = pos - 1
    base = int(LOCS[p["locations"][i]["id"]]["repair"])
    near = neighbours(i, len(p["locations"]))
    disc = sum(1 for j in discount_sources(p, "repair_discount") if j in near)
    return max(0, base - disc)


# ----------------------------------------------------------------- activated abilities
def _one_use_actions(p: dict[str, Any], key: str, ab: dict[str, Any], i: int, base: dict[str, Any],
                     phase: str) -> list[dict[str, Any]]:
    """The ways to activate ability ``ab`` once (``base`` carries src/target)."""
    k = ab["kind"]
    if k == "convert":
        if p["resources"][ab["from"]] < 1:
            return []
        if ab["mode"] == "all":
            return [dict(base)]
        return [{**base, "to": r} for r in ab["to"]]
    if k == "refresh_adjacent":
        return [dict(base)] if exhausted_keys(p, neighbours(i, len(p["locations"]))) else []
    if k == "swap":
        n = len(p["locations"])
        return [{**base, "a": a, "b": b} for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    if k == "move_innovation":
        out: list[dict[str, Any]] = []
        for j, loc in enumerate(p["locations"]):
            for inn in loc["innovations"]:
                # the moved card is lifted first, then placed by the rules (L582)
                opts = placement_options(p["locations"], lifted=j)
                out.extend({**base, "card": inn["card"], "loc": q} for q in opts if q != j + 1)
        return out
    return [dict(base)]


def use_actions(p: dict[str, Any], phase: str) -> list[dict[str, Any]]:
    """Every legal "use" action of ``phase`` (economy L300-330, industry L369-389)."""
    acts: list[dict[str, Any]] = []
    act = active(p)
    kinds = ACTIVATED[phase]
    for key, ab, ph, i in act:
        if ph != phase or ab["kind"] not in kinds:
            continue
        if p["used"].get(key, 0) >= ab.get("uses", 1):
            continue
        if ab["kind"] == "copy_economy":
            # L544: another economy ability (starting or innovation); no copy of a copy (A17)
            for key2, ab2, ph2, i2 in act:
                if key2 == key or ph2 != "economy" or ab2["kind"] not in kinds \
                        or ab2["kind"] == "copy_economy":
                    continue
                acts.extend(_one_use_actions(p, key2, ab2, i2, {"type": "use",
                                             "src": key, "target": key2}, phase))
            continue
        acts.extend(_one_use_actions(p, key, ab, i, {"type": "use", "src": key}, phase))
    return acts


def _lookup(p: dict[str, Any], key: str) -> tuple[dict[str, Any], int]:
    for k, ab, _ph, i in active(p):
        if k == key:
            return ab, i
    raise KeyError(key)


def apply_use(ctx: Ctx, seat: int, action: dict[str, Any]) -> dict[str, int]:
    """Resolve a validated "use" action; returns the resources gained (for the private log)."""
    p = ctx.data["seats"][seat]
    key = action["src"]
    p["used"][key] = p["used"].get(key, 0) + 1
    ab, i = _lookup(p, action.get("target", key))
    k = ab["kind"]
    got: dict[str, int] = {}
    if k == "produce":
        got = dict(ab["gain"])
    elif k == "convert":
        got = {r: 1 for r in ab["to"]} if ab["mode"] == "all" else {action["to"]: 1}
        got[ab["from"]] = got.get(ab["from"], 0) - 1
    elif k == "refresh_adjacent":
        for x in adjacent(p["locations"], i):
            for inn in x["innovations"]:
                inn["exhausted"] = False
    elif k == "points":
        p["score"] += ab["points"]
    elif k == "adj_destroyed_points":
        p["score"] += ab["points"] * sum(1 for x in adjacent(p["locations"], i) if not x["intact"])
    elif k == "adj_type_gain":
        n = sum(1 for x in adjacent(p["locations"], i) if x["intact"] and loc_type(x) == ab["loc_type"])
        if "points" in ab:
            p["score"] += ab["points"] * n
        else:
            got = {r: v * n for r, v in ab["gain"].items()}
    elif k == "swap":
        swap(p["locations"], action["a"], action["b"])
    elif k == "move_innovation":
        for loc in p["locations"]:
            for inn in loc["innovations"]:
                if inn["card"] == action["card"]:
                    loc["innovations"].remove(inn)
                    p["locations"][action["loc"] - 1]["innovations"].append(inn)
                    break
            else:
                continue
            break
    gain(p["resources"], got)
    return got
