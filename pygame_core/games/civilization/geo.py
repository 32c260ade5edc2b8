"""The map: tiles of 4x4 squares (L108-118), face-down tiles (L870-872), adjacency and outskirts.

A square is an int ``y * W + x`` (``W`` = map width in squares). ``data["tiles"]`` lists the layout
cells ``{"x", "y", "tile", "up", "arrow"}``; a face-down cell's ``tile`` is hidden from every view.
Orthogonal adjacency is for movement (L854); the 8 neighbours are a city's outskirts (L417).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pygame_core.games.civilization.data import TERRAINS, TILES

Data = dict[str, Any]
Square = dict[str, Any]
DIRS = ((0, -1), (1, 0), (0, 1), (-1, 0))


@lru_cache(maxsize=512)
def rotated(tile: str, arrow: str) -> tuple[Square, ...]:
    """The 16 squares of ``tile`` (row-major) laid with its arrow pointing ``arrow``."""
    sq = TILES[tile]["squares"]
    out: list[Square] = [{}] * 16
    for r in range(4):
        for c in range(4):
            if arrow == "n":
                rr, cc = r, c
            elif arrow == "e":  # quarter turn clockwise
                rr, cc = c, 3 - r
            elif arrow == "s":
                rr, cc = 3 - r, 3 - c
            else:  # "w": quarter turn anticlockwise
                rr, cc = 3 - c, r
            out[rr * 4 + cc] = sq[r * 4 + c]
    return tuple(out)


_GRIDS: dict[str, tuple[Square | None, ...]] = {}


def grid(data: Data) -> tuple[Square | None, ...]:
    """Every square of the map (None: off the layout or on a face-down tile). Cached by layout."""
    key = data["gk"]
    g = _GRIDS.get(key)
    if g is None:
        w, h = data["w"], data["h"]
        cells: list[Square | None] = [None] * (w * h)
        for c in data["tiles"]:
            if not c["up"]:
                continue
            sqs = rotated(c["tile"], c["arrow"])
            for r in range(4):
                for k in range(4):
                    cells[(c["y"] * 4 + r) * w + c["x"] * 4 + k] = sqs[r * 4 + k]
        for k, terrain in data.get("terr", {}).items():  # disaster markers (L216-222)
            if cells[int(k)] is not None:
                icons = TERRAINS[terrain].get("icons", {})
                cells[int(k)] = {
                    "terrain": terrain,
                    "trade": icons.get("trade", 0),
                    "production": icons.get("production", 0),
                    "culture": 0,
                    "coin": 0,
                    "resource": None,
                    "hut": False,
                    "village": False,
                }
        g = tuple(cells)
        if len(_GRIDS) > 4096:
            _GRIDS.clear()
        _GRIDS[key] = g
    return g


def grid_key(data: Data) -> None:
    """Refresh ``data["gk"]``, the key of the face-up layout (call after a tile turns face up)."""
    tiles = ";".join(f"{c['tile']}/{c['arrow']}" if c["up"] else "-" for c in data["tiles"])
    marks = ",".join(f"{k}={v}" for k, v in sorted(data.get("terr", {}).items()))
    data["gk"] = f"{data['w']}|{tiles}|{marks}"


def xy(data: Data, sq: int) -> tuple[int, int]:
    return sq % data["w"], sq // data["w"]


def at(data: Data, x: int, y: int) -> int | None:
    if 0 <= x < data["w"] and 0 <= y < data["h"]:
        return y * data["w"] + x
    return None


def orth(data: Data, sq: int) -> list[int]:
    """The up-to-4 edge neighbours of ``sq`` inside the map rectangle."""
    return list(_orth(data["w"], data["h"], sq))


def ring(data: Data, sq: int) -> list[int | None]:
    """The 8 neighbours of ``sq`` (None where off the map rectangle)."""
    return list(_ring(data["w"], data["h"], sq))


def around(data: Data, sq: int) -> tuple[int, ...]:
    """The neighbours of ``sq`` on the map rectangle (up to 8): a city's outskirts (L417)."""
    return _around(data["w"], data["h"], sq)


@lru_cache(maxsize=4096)
def _around(w: int, h: int, sq: int) -> tuple[int, ...]:
    return tuple(s for s in _ring(w, h, sq) if s is not None)


@lru_cache(maxsize=4096)
def _orth(w: int, h: int, sq: int) -> tuple[int, ...]:
    x, y = sq % w, sq // w
    return tuple((y + dy) * w + x + dx for dx, dy in DIRS if 0 <= x + dx < w and 0 <= y + dy < h)


@lru_cache(maxsize=4096)
def _ring(w: int, h: int, sq: int) -> tuple[int | None, ...]:
    x, y = sq % w, sq // w
    return tuple(
        (y + dy) * w + x + dx if 0 <= x + dx < w and 0 <= y + dy < h else None
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if dx or dy
    )


def cheb(data: Data, a: int, b: int) -> int:
    ax, ay = xy(data, a)
    bx, by = xy(data, b)
    return max(abs(ax - bx), abs(ay - by))


def cell_of(data: Data, sq: int) -> int:
    """Index in ``data["tiles"]`` of the layout cell holding ``sq`` (-1 if none)."""
    x, y = xy(data, sq)
    for i, c in enumerate(data["tiles"]):
        if c["x"] == x // 4 and c["y"] == y // 4:
            return i
    return -1


def cell_squares(data: Data, i: int) -> list[int]:
    c = data["tiles"][i]
    return [(c["y"] * 4 + r) * data["w"] + c["x"] * 4 + k for r in range(4) for k in range(4)]


def facing(data: Data, sq: int, i: int) -> str | None:
    """If ``sq`` is edge-adjacent to layout cell ``i`` (and outside it), the arrow direction the
    tile gets when discovered from there: the arrow's base against that edge (L876)."""
    c = data["tiles"][i]
    x, y = xy(data, sq)
    x0, y0 = c["x"] * 4, c["y"] * 4
    if x0 <= x < x0 + 4 and y == y0 + 4:
        return "n"  # figure south of the tile: base on the south edge, arrow points north
    if x0 <= x < x0 + 4 and y == y0 - 1:
        return "s"
    if y0 <= y < y0 + 4 and x == x0 - 1:
        return "e"
    if y0 <= y < y0 + 4 and x == x0 + 4:
        return "w"
    return None
