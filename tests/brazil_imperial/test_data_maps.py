"""The authored maps (digest G1): one per count of seats "1".."4", axial "q,r" hexes (pointy-top) with
the five terrains (L247, L474), capitals (at least one per seat, on plains, apart), exploration hexes
(about a quarter of the land, plains while face down: L252), connected land, water and a map edge, and a
symmetric layout (every capital sees the same terrain around it)."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from tests.brazil_imperial.test_data_files import TERRAIN, distance, entries, hex_of, load, neighbours

COUNTS = ("1", "2", "3", "4")


def hexes(count: str) -> dict[tuple[int, int], dict[str, object]]:
    return {hex_of(k): v for k, v in load("maps")["maps"][count]["hexes"].items()}


def test_a_map_per_count() -> None:
    maps = load("maps")["maps"]
    assert sorted(maps) == list(COUNTS)
    for m in maps.values():
        assert "authored" in m["source"]


@pytest.mark.parametrize("count", COUNTS)
def test_hexes_schema(count: str) -> None:
    for k, v in load("maps")["maps"][count]["hexes"].items():
        q, r = hex_of(k)
        assert k == f"{q},{r}"
        assert set(v) == {"terrain", "explore", "capital"} and v["terrain"] in TERRAIN, (k, v)
        assert isinstance(v["explore"], bool) and isinstance(v["capital"], bool)
    assert {v["terrain"] for v in hexes(count).values()} == set(TERRAIN)  # water and edge exist


@pytest.mark.parametrize("count", COUNTS)
def test_capitals(count: str) -> None:
    hs = hexes(count)
    caps = [h for h, v in hs.items() if v["capital"]]
    assert len(caps) >= max(2, int(count))
    assert len(caps) <= len(entries("capitals"))
    for c in caps:
        assert hs[c]["terrain"] == "plains" and not hs[c]["explore"], c
        around = Counter(str(hs[n]["terrain"]) for n in neighbours(c) if n in hs and not hs[n]["explore"])
        assert around["forest"] >= 1 and around["plains"] >= 1, (c, around)  # an era I building either way
        assert around["water"] == 0 and around["edge"] == 0, (c, around)
    for a in caps:
        for b in caps:
            assert a == b or distance(a, b) >= 4, (a, b)


@pytest.mark.parametrize("count", COUNTS)
def test_exploration_hexes(count: str) -> None:
    hs = hexes(count)
    land = [h for h, v in hs.items() if v["terrain"] not in ("water", "edge")]
    explore = [h for h in land if hs[h]["explore"]]
    assert all(hs[h]["terrain"] == "plains" for h, v in hs.items() if v["explore"])  # L252
    assert all(not v["explore"] for v in hs.values() if v["terrain"] in ("water", "edge"))
    assert 0.2 <= len(explore) / len(land) <= 0.3, len(explore) / len(land)
    assert len(explore) <= len(entries("exploration"))  # a tile for every hex (L15)


@pytest.mark.parametrize("count", COUNTS)
def test_land_is_connected_and_edged(count: str) -> None:
    hs = hexes(count)
    land = {h for h, v in hs.items() if v["terrain"] not in ("water", "edge")}
    start = next(iter(land))
    seen, todo = {start}, deque([start])
    while todo:
        for n in neighbours(todo.popleft()):
            if n in land and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == land
    for h, v in hs.items():  # the edge is the rim: every rim hex is edge, every edge hex is on the rim
        rim = any(n not in hs for n in neighbours(h))
        assert rim == (v["terrain"] == "edge"), h


@pytest.mark.parametrize("count", COUNTS)
def test_every_capital_sees_the_same_land(count: str) -> None:
    """Fairness: the terrain within 3 hexes of each capital is the same multiset, ring by ring."""
    hs = hexes(count)
    caps = [h for h, v in hs.items() if v["capital"]]

    def rings(c: tuple[int, int]) -> list[Counter[str]]:
        out: list[Counter[str]] = []
        for d in (1, 2, 3):
            out.append(
                Counter(
                    "explore" if v["explore"] else str(v["terrain"])
                    for h, v in hs.items()
                    if distance(h, c) == d
                )
            )
        return out

    first = rings(caps[0])
    for c in caps[1:]:
        assert rings(c) == first, c


@pytest.mark.parametrize("count", COUNTS)
def test_gold_mines_for_era_two(count: str) -> None:
    """Smelters need a gold mine (L215): each seat has one within 4 hexes of its capital."""
    hs = hexes(count)
    gold = [h for h, v in hs.items() if v["terrain"] == "gold_mine"]
    for c in (h for h, v in hs.items() if v["capital"]):
        assert any(distance(c, g) <= 4 for g in gold), c
