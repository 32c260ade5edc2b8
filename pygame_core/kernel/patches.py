"""Changes between two JSON values, so that a save can hold a second position as what differs.

A save's snapshot holds the position it ends in and, to make undo after a load cheap, up to two
earlier ones: the position at the checkpoint and the one before the last action. Written out whole,
they tripled the JSON a load parses. Two positions of one game a few actions apart share most of
their data, so the earlier ones are written as :func:`changes` against the last and rebuilt by
:func:`patched`, which shares every part the changes do not touch (positions are never changed in
place: ``apply`` and the playout copy a position before they play on it).

A change is ``[path, value]``: the value at ``path`` (dict keys and list indices from the root) is
``value``. Paths go only through dicts with the same keys in the same order and lists of the same
length, so a rebuilt value has its keys in the order of the one it was taken from, and plays the same.
"""

from __future__ import annotations

from typing import Any

from pygame_core.kernel.state import json_key

Change = list[Any]  # [path, value]
DEPTH = 6


def changes(base: Any, target: Any, depth: int = DEPTH) -> list[Change]:
    """What turns ``base`` into ``target``: ``[[path, value], ...]`` (``[]`` if they are equal as
    JSON). The values are ``target``'s own objects, not copies."""
    want = json_key(target)
    if want is not None and want == json_key(base):
        return []
    out: list[Change] = []
    _collect(base, target, [], out, depth)
    # Python's == found the parts that differ; 1 == 1.0 == True and dicts equal in another key order
    # differ as JSON, so the result must rebuild ``target`` to the bit, else it is ``target`` whole
    if want is None or json_key(patched(base, out)) != want:
        return [[[], target]]
    return out


def _collect(a: Any, b: Any, path: list[Any], out: list[Change], depth: int) -> None:
    if a is b or a == b:
        return
    if depth > 0 and type(a) is dict and type(b) is dict and list(a) == list(b):
        for k, v in a.items():
            _collect(v, b[k], [*path, k], out, depth - 1)
    elif depth > 0 and type(a) is list and type(b) is list and len(a) == len(b):
        for i, v in enumerate(a):
            _collect(v, b[i], [*path, i], out, depth - 1)
    else:
        out.append([path, b])


def patched(base: Any, edits: Any) -> Any:
    """``base`` with ``edits`` (a list of :func:`changes`) made, sharing every part they do not touch;
    ``base`` itself is not changed. Raises ValueError if the edits do not fit ``base`` (a damaged save)."""
    if type(edits) is not list:
        raise ValueError("changes must be a list")
    root = base
    for edit in edits:
        if type(edit) is not list or len(edit) != 2 or type(edit[0]) is not list:
            raise ValueError("a change is [path, value]")
        root = _with(root, edit[0], 0, edit[1])
    return root


def _with(node: Any, path: list[Any], at: int, value: Any) -> Any:
    """``node`` with the value at ``path[at:]`` replaced, as a new container along the path."""
    if at == len(path):
        return value
    k = path[at]
    if type(node) is dict and type(k) is str and k in node:
        new: Any = dict(node)
    elif type(node) is list and type(k) is int and 0 <= k < len(node):
        new = list(node)
    else:
        raise ValueError("a change's path does not fit the position")
    new[k] = _with(node[k], path, at + 1, value)
    return new
