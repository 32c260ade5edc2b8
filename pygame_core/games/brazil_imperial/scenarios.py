"""Teaching scenarios: the rules the digest's golden tests check (digest §10), as positions to step through.

A scenario (``data/scenarios.json``) is a named starting position plus a script of actions; every step
(the start, then each scripted action) has a caption in en, zh-Hant and zh-Hans and the seed lines it
teaches (provenance in the data and the tests; the caption a player reads shows no line numbers). The
game option ``scenario`` builds the position (:func:`build`, called from ``_setup``); the kernel's view
carries the caption of the current step while the actions played follow the script (kernel/scenarios.py,
docs/embedding.md "Teaching scenarios").

A position is written in this game's own vocabulary (model.py), with its hexes named, not numbered:

- ``places``: named hexes, found on the map in order (:func:`places`): ``{"capital": seat}`` (seat k
  holds the map's k-th capital hex); ``{"next_to": name | [names], "terrain": ..., "apart_from":
  [names], "beside": terrain}``, the first free neighbour of those places with that terrain, at least
  2 hexes from the ``apart_from`` places, with a free neighbour of the ``beside`` terrain; or
  ``{"far": n, "terrain": ...}``, the first free hex at least ``n`` from every capital and place found
  so far. Free: no capital, no face-down exploration tile, no place already found. Every map's
  capitals see the same six neighbours (alternating plains and forest), so a position builds on the
  map of any player count; the script (written for the scenario's own player count) names a place as
  ``"@name"`` and reads the hex of that count's map.
- ``seats``: per seat its ``board`` (colour), ``monarch`` (one its board offers, B2), ``supply``,
  ``gold`` and ``battle`` hands (taken out of their decks), ``missions`` kept (``{era: id}``, swapped in
  from wherever the setup dealt them) and the ``marker``'s arch; seats the count lacks are left out.
- ``tiles``: buildings ``{place, building, owner, goods?}`` (a double-sided tile out of the stock; the
  goods it produced unless ``goods`` says; a monarch's override counts as when built) and cities
  ``{place, city, owner}``; ``units``: ``{seat, type, place}`` (the first unit of that type on the
  seat's board); ``city_tops``: the face-up tile of each city stack.
- ``era``, ``round``, ``start`` and ``turn`` (``seat``, ``phase``: ``action`` or ``movement``, ``arch``).

The setup's draws are kept where the position says nothing (the other missions, the deck order, the
exploration tiles); every card, mission and tile the position names comes out of where the setup put
it, so the position keeps every piece and every hidden item stays hidden.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pygame_core.games.brazil_imperial import data as bd
from pygame_core.games.brazil_imperial import flow, model, monarchs, setup
from pygame_core.kernel import Ctx
from pygame_core.kernel import decisions as kdec
from pygame_core.kernel.scenarios import ScenarioBook

Data = dict[str, Any]


# ------------------------------------------------------------------------------------------- places
def places(map_key: str, pos: Data) -> dict[str, str]:
    """The hexes a position names, found on the map ``map_key`` (see the module's docstring)."""
    geo = bd.geometry(map_key)
    found: dict[str, str] = {f"capital{k}": h for k, h in enumerate(geo.capitals)}
    taken = set(geo.capitals) | set(geo.explore)
    for name, spec in pos.get("places", {}).items():
        if "capital" in spec:
            found[name] = geo.capitals[int(spec["capital"])]
            continue
        want = spec.get("terrain")
        kinds = [want] if isinstance(want, str) else list(want or [])
        apart = [found[a] for a in spec.get("apart_from", [])]
        beside = spec.get("beside")

        def fits(h: str, kinds: list[str] = kinds, apart: list[str] = apart, beside: Any = beside) -> bool:
            return (
                h not in taken
                and (not kinds or geo.terrain[h] in kinds)
                and all(bd.distance(h, a) >= 2 for a in apart)
                and (
                    beside is None
                    or any(geo.terrain[n] == beside and n not in taken for n in geo.neighbours[h])
                )
            )

        if "far" in spec:
            gap = int(spec["far"])
            cands = [
                h
                for h in geo.order
                if all(bd.distance(h, o) >= gap for o in [*geo.capitals, *found.values()])
            ]
        else:
            near = spec["next_to"]
            cands = [n for a in ([near] if isinstance(near, str) else near) for n in geo.neighbours[found[a]]]
        hit = next((h for h in cands if fits(h)), None)
        if hit is None:
            raise ValueError(f"map {map_key}: no hex for the place {name!r} ({spec})")
        found[name] = hit
        taken.add(hit)
    return found


def _named(x: Any, where: dict[str, str]) -> Any:
    """An action with its ``"@place"`` strings replaced by their hexes."""
    if isinstance(x, str) and x.startswith("@"):
        return where[x[1:]]
    if isinstance(x, list):
        return [_named(v, where) for v in x]
    if isinstance(x, dict):
        return {k: _named(v, where) for k, v in x.items()}
    return x


class Book(ScenarioBook):
    """The kernel's scenario book, with each script's places read on its own player count's map."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        for sc in self.scenarios.values():
            where = places(bd.map_for(int(sc["players"])), sc["position"])
            for step in sc["steps"][1:]:
                step["play"] = [step["play"][0], _named(step["play"][1], where)]


BOOK = Book(Path(__file__).parent / "data" / "scenarios.json")
SCENARIOS: dict[str, dict[str, Any]] = BOOK.scenarios
NAMES: list[str] = BOOK.names
script = BOOK.script
save_doc = BOOK.save_doc


# -------------------------------------------------------------------------------------------- build
def _no_setup_choices(g: Data) -> None:
    """The mission draft, monarchs and capitals are the position's: the draft decision is dropped."""
    for d in list(kdec.stack(g)):
        kdec.pop(g, d)
    g["pending"] = []


def _boards(g: Data, seats: dict[int, Data]) -> None:
    """Each named seat's board; the others take the colours left, in the data's order. The units are
    dealt again to match (all on their boards)."""
    n = len(g["players"])
    named = {s: str(spec["board"]) for s, spec in seats.items() if "board" in spec}
    left = [b["colour"] for b in bd.BOARDS if b["colour"] not in named.values()]
    g["units"] = {}
    for seat in range(n):
        colour = named.get(seat) or left.pop(0)
        p = model.player(g, seat)
        p["board"] = colour
        for slot, _u in enumerate(bd.board(colour)["units"]):
            g["units"][f"{seat}-{slot}"] = {"seat": seat, "slot": slot, "hex": None, "state": "board"}


def _missions(g: Data, seats: dict[int, Data]) -> None:
    """Every seat keeps one mission of each era (the first it was dealt, or the one the position names,
    swapped in from wherever the setup put it: every swap is done before any seat keeps, as a named
    mission may have been dealt to another seat) and puts the other back (L19)."""
    want = {
        seat: {str(e): m for e, m in seats.get(seat, {}).get("missions", {}).items()}
        for seat in range(len(g["players"]))
    }
    for seat, p in enumerate(g["players"]):
        for era, m in want[seat].items():
            if m not in p["offer"][era]:
                _swap_in(g, m, era, p["offer"][era])
    for seat, p in enumerate(g["players"]):
        for era in ("1", "2", "3"):
            offer = p["offer"][era]
            kept = want[seat].get(era, offer[0])
            p["missions"][era] = kept
            p["rejected"][era] = [m for m in offer if m != kept]
            p["offer"][era] = []


def _swap_in(g: Data, mission: str, era: str, offer: list[str]) -> None:
    """Put ``mission`` into ``offer`` in place of its first card, which goes where the mission was."""
    for box in [g["mission_pool"][era], *(q["offer"][era] for q in g["players"])]:
        if mission in box:
            box[box.index(mission)] = offer[0]
            offer[0] = mission
            return
    raise ValueError(f"mission {mission} is not in era {era}")


def _cards(g: Data, seat: int, kind: str, ids: list[str]) -> None:
    hand = model.player(g, seat)[kind]
    deck = g["decks"][kind]
    for c in ids:
        deck.remove(c)  # ValueError if the position names a card twice
        hand.append(c)


def _capitals(g: Data, start: int) -> None:
    """Seat k takes the map's k-th capital hex; the start player's is the "1st" tile (L21). Their goods
    are the position's supply, so none are added here."""
    hexes = model.geo(g).capitals
    first = [c for c in sorted(bd.CAPITALS) if bd.CAPITALS[c].get("first")]
    tiles = sorted(g["capitals"].values(), key=lambda c: (c not in first, c))
    order = [start] + [s for s in range(len(hexes)) if s != start]
    g["capitals"] = {hexes[s]: tiles[k] for k, s in enumerate(order)}
    for seat, h in enumerate(hexes[: len(g["players"])]):
        model.player(g, seat)["capital"] = h
        model.put(g, h, "capital", seat)
    g["start"] = start


def _tile(g: Data, spec: Data, h: str) -> None:
    seat = int(spec["owner"])
    if "city" in spec:
        stacks = g["decks"]["cities"]
        stack = next(s for s in stacks if spec["city"] in s)
        stack.remove(spec["city"])
        model.put(g, h, "city", {"kind": "city", "id": spec["city"], "owner": seat, "palace": None})
        return
    what = str(spec["building"])
    tid = next(t["id"] for t in bd.TILES if what in t["sides"] and g["tiles"].get(t["id"], 0) > 0)
    g["tiles"][tid] -= 1
    b = {
        "kind": "building",
        "id": what,
        "tile": tid,
        "side": list(next(t["sides"] for t in bd.TILES if t["id"] == tid)).index(what),
        "owner": seat,
        "goods": {},
        "palace": None,
    }
    ov = monarchs.override(g, seat, what)  # built earlier under the seat's monarch
    if ov is not None:
        b["vp"], b["output"] = ov
        monarchs.count_override(g, seat)
    b["goods"] = (
        dict(spec["goods"]) if "goods" in spec else dict(b.get("output") or bd.BUILDINGS[what]["produces"])
    )
    model.put(g, h, "building", b)
    if model.geo(g).terrain[h] == "forest":
        model.player(g, seat)["counters"]["forest_builds"] += 1


def _city_tops(g: Data, tops: list[str]) -> None:
    """The named tiles face up on the stacks (the rest keep the setup's order, the stacks their sizes)."""
    stacks = g["decks"]["cities"]
    rest = [c for s in stacks for c in s]
    for c in tops:
        rest.remove(c)
    sizes = [len(s) for s in stacks]
    out, at = [], 0
    for k, size in enumerate(sizes):
        below = size - (1 if k < len(tops) else 0)
        out.append(rest[at : at + below] + ([tops[k]] if k < len(tops) else []))
        at += below
    g["decks"]["cities"] = out


def _unit(g: Data, seat: int, unit_type: str, h: str) -> None:
    for u in g["units"].values():
        if (
            u["seat"] == seat
            and u["state"] == "board"
            and model.unit_slot(g, seat, u["slot"])["type"] == unit_type
        ):
            u.update({"state": "map", "hex": h})
            return
    raise ValueError(f"seat {seat} has no {unit_type} on its board")


def build(ctx: Ctx, name: str) -> None:
    """Turn the freshly set-up game in ``ctx.data`` into the scenario's position (the setup's choices
    skipped): the position's seat is to move."""
    g = ctx.data
    sc = SCENARIOS[name]
    pos = sc["position"]
    n = ctx.players
    where = places(g["map"], pos)
    seats = {int(k): v for k, v in pos.get("seats", {}).items() if int(k) < n}
    g["scenario"] = name
    _no_setup_choices(g)
    _boards(g, seats)
    _missions(g, seats)
    _capitals(g, int(pos.get("start", 0)))
    g["era"] = era = int(pos.get("era", 1))
    g["round"] = int(pos.get("round", 1))
    g["stage"] = "play"
    for seat, p in enumerate(g["players"]):
        spec = seats.get(seat, {})
        choices = setup.monarch_choices(g, seat)
        monarch = spec.get("monarch", choices[0])
        if monarch not in choices:
            raise ValueError(f"the {p['board']} board does not offer {monarch} (B2)")
        p["monarch"] = monarch
        p["supply"] = {k: int(v) for k, v in spec.get("supply", {}).items()}
        _cards(g, seat, "gold", list(spec.get("gold", [])))
        _cards(g, seat, "battle", list(spec.get("battle", [])))
        p["marker"] = {"era": era, "arch": spec.get("marker")}
    for spec in pos.get("tiles", []):
        if int(spec["owner"]) < n:
            _tile(g, spec, where[spec["place"]])
    _city_tops(g, list(pos.get("city_tops", [])))
    for spec in pos.get("units", []):
        if int(spec["seat"]) < n:
            _unit(g, int(spec["seat"]), str(spec["type"]), where[spec["place"]])
    turn = pos.get("turn", {})
    seat = int(turn.get("seat", g["start"]))
    g["turn"] = flow.new_turn(seat)
    if turn.get("phase") == "movement":
        g["turn"].update({"phase": "movement", "arch": turn["arch"]})
        model.player(g, seat)["marker"]["arch"] = turn["arch"]
    del ctx.events[:]  # the set-up's log (the draft) no longer holds
    title = sc["title"]
    ctx.log(
        {
            "en": f"Worked example: {title['en']}",
            "zh-Hant": f"規則範例：{title['zh-Hant']}",
            "zh-Hans": f"规则范例：{title['zh-Hans']}",
        }
    )
