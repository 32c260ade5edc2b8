"""kernel/cow.py: the working copy ``apply`` plays on is copied as the rules reach it, and no way of
reaching a value hands the rules a part of the position they were given."""

from __future__ import annotations

import copy
import marshal
from collections.abc import Callable
from typing import Any

import pytest

from pygame_core.kernel.cow import LazyDict, LazyList, pluck, settled, working


def position() -> dict[str, Any]:
    return {
        "round": 3,
        "players": [{"hand": ["a", "b"], "gold": 1, "flags": {"x": 1}},
                    {"hand": ["c"], "gold": 2, "flags": {}}],
        "row": ["r1", "r2"],
        "decks": {"I": ["d1", "d2"], "II": []},
        "offer": None,
        "bids": [[1, 2], [3]],
    }


def frozen(data: Any) -> bytes:
    return marshal.dumps(data, 2)


def _touch(value: Any) -> None:
    """Change a value the rules reached, whatever it is."""
    if isinstance(value, dict):
        value["touched"] = True
        for v in list(value.values()):
            _touch(v)
    elif isinstance(value, list):
        for v in value:
            _touch(v)
        value.append("touched")


def _updated(d: dict[str, Any], w: dict[str, Any]) -> dict[str, Any]:
    d.update(w)
    return d


# each: how rules may reach the values of the working copy's top level or of a top-level list
REACH: dict[str, Callable[[dict[str, Any]], Any]] = {
    "item": lambda w: [w["players"], w["row"], w["decks"], w["bids"]],
    "get": lambda w: [w.get("players"), w.get("decks"), w.get("row")],
    "setdefault": lambda w: [w.setdefault("players", []), w.setdefault("decks", {})],
    "pop": lambda w: [w.pop("players"), w.pop("decks"), w.pop("nothing", None)],
    "popitem": lambda w: [w.popitem() for _ in range(len(w))],
    "items": lambda w: list(w.items()),
    "values": lambda w: list(w.values()),
    "iteration": lambda w: [w[k] for k in w],
    "dict()": lambda w: dict(w),
    "unpacking": lambda w: {**w},
    "update": lambda w: _updated({}, w),
    "copy": lambda w: w.copy(),
    "copy.copy": lambda w: copy.copy(w),
    "or": lambda w: w | {},
    "ror": lambda w: {} | w,
    "player item": lambda w: [w["players"][0], w["players"][-1]],
    "player slice": lambda w: w["players"][0:2],
    "player iteration": lambda w: list(w["players"]),
    "player enumerate": lambda w: [p for _, p in enumerate(w["players"])],
    "player unpacking": lambda w: [*w["players"]],
    "player tuple": lambda w: tuple(w["players"]),
    "player reversed": lambda w: list(reversed(w["players"])),
    "player pop": lambda w: [w["players"].pop(), w["players"].pop(0)],
    "player copy": lambda w: w["players"].copy(),
    "player add": lambda w: w["players"] + [],
    "player radd": lambda w: [] + w["players"],
    "player mul": lambda w: w["players"] * 1,
    "player sorted": lambda w: sorted(w["players"], key=lambda p: p["gold"]),
    "player zip": lambda w: [p for p, _ in zip(w["players"], range(2), strict=True)],
    "player unpack": lambda w: (lambda a, b: [a, b])(*w["players"]),
    "player after append": lambda w: (w["players"].append({"hand": []}), w["players"][0])[1],
    "player after sort": lambda w: (w["players"].sort(key=lambda p: -p["gold"]), list(w["players"]))[1],
    "player after insert": lambda w: (w["players"].insert(0, {}), w["players"][1])[1],
    "player after del": lambda w: (w["players"].__delitem__(0), w["players"][0])[1],
    "player after slice set": lambda w: (w["players"].__setitem__(slice(0, 0), [{}]), w["players"][1])[1],
    "player after iadd": lambda w: (w["players"].__iadd__([{}]), w["players"][0])[1],
    "player pluck": lambda w: pluck(w["players"], "hand") + pluck(w["players"], "flags"),
    "deck values": lambda w: list(w["decks"].values()),
}


@pytest.mark.parametrize("how", list(REACH))
def test_no_way_of_reaching_a_value_changes_the_position(how):
    data = position()
    before = frozen(data)
    work = working(data)
    _touch(REACH[how](work))
    _touch(work.get("players"))
    after = settled(work)
    assert frozen(data) == before, how
    assert frozen(after) != before or how == "popitem"
    marshal.dumps(after, 2)  # plain dicts and lists only: marshal refuses the lazy types


def test_settled_keeps_what_the_rules_did_and_shares_what_they_did_not_reach():
    data = position()
    work = working(data)
    work["players"][1]["gold"] += 5
    work["round"] = 4
    del work["offer"]
    work["new"] = [1]
    after = settled(work)
    assert after["round"] == 4 and after["players"][1]["gold"] == 7 and "offer" not in after
    assert list(after) == ["round", "players", "row", "decks", "bids", "new"]  # the rules' key order
    assert type(after) is dict and type(after["players"]) is list
    assert after["row"] is data["row"] and after["decks"] is data["decks"]  # not reached: shared
    assert after["players"][0] is data["players"][0]  # another seat's part: shared
    assert after["players"][1] is not data["players"][1]
    assert data["players"][1]["gold"] == 2 and data["round"] == 3


def test_a_value_the_rules_store_is_theirs_and_never_copied_again():
    work = working(position())
    mine: list[str] = []
    work["row"] = mine
    mine.append("x")
    assert work["row"] is mine and settled(work)["row"] == ["x"]
    players = work["players"]
    seat = {"hand": []}
    players[0] = seat
    seat["gold"] = 9
    assert players[0] is seat and settled(work)["players"][0]["gold"] == 9


def test_a_lazy_part_the_rules_store_under_another_key_is_settled_there_too():
    data = position()
    work = working(data)
    work["seats"] = work["players"]
    work.setdefault("more", work["decks"])
    after = settled(work)
    marshal.dumps(after, 2)
    assert after["seats"] == data["players"] and after["more"] == data["decks"]


def test_pluck_reads_every_seat_without_copying_it():
    data = position()
    work = working(data)
    assert pluck(work["players"], "gold") == [1, 2]
    assert pluck(data["players"], "gold") == [1, 2]  # plain data: the same values
    assert settled(work)["players"][0] is data["players"][0]  # nothing copied


def test_the_lazy_types_are_only_the_working_copy():
    work = working(position())
    assert type(work) is LazyDict and type(work["players"]) is LazyList
    assert type(work["row"]) is list and type(work["players"][0]) is dict
    assert copy.deepcopy(work) == settled(working(position()))
