"""Copy on read: the working copy of a position that ``apply`` plays an action on.

``apply`` must never change the state it is given, so the rules play on a copy of its data. A
whole deep copy costs about a third of an action in a long game (Through the Ages, 4 players), yet
most actions read a few parts of the position: the seat that acts, the row, a deck. :func:`working`
gives the rules a :class:`LazyDict` instead: its values are the position's own objects until the
rules first reach one, and then a private deep copy (:func:`~pygame_core.kernel.state.copy_json`)
that they may change freely. A top-level list of objects (one per seat, say) is a :class:`LazyList`
whose items are copied the same way, one at a time. :func:`settled` then turns the working copy
back into plain dicts and lists: the parts the rules reached are the copies, the rest are the
position's own objects, now shared by both positions (positions are never changed in place, as
``kernel/patches.py`` shares parts of loaded positions).

Every way in which Python hands out a value of a dict or a list goes through the copy: item
access, ``get``, ``setdefault``, ``pop``, ``items``, ``values``, iteration, unpacking into another
dict or list, slices, ``copy``, ``+`` and ``|``. A value the rules store is theirs and never copied
again. The rules may read a part they never change; it is copied all the same (the copy cannot tell
a read from a write), which is why only the top level and the items of top-level lists are lazy:
below that, a copy costs less than the checks. ``tests/test_properties.py`` checks, for every game,
that ``apply`` leaves its input unchanged and plays as a whole copy would.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, SupportsIndex

from pygame_core.kernel.state import copy_json

_MISSING: Any = object()
_LAZY: tuple[type, ...] = ()


DEPTH = 1


def working(data: dict[str, Any]) -> dict[str, Any]:
    """The working copy of a position's ``data`` (left unchanged) for the rules to play on."""
    return LazyDict(data, DEPTH)


def settled(work: Any) -> Any:
    """Plain data of a working copy after the rules ran: what they reached is theirs, the rest is
    shared with the position it was made from. Keys keep the order the rules left them in."""
    kind = type(work)
    if kind is LazyDict:
        # the values as they are: dict.copy(work) would read each one through __getitem__, unless the
        # class overrides no way of reading (then it copies the table whole, in C)
        work.__class__ = _Settled
        try:
            out = dict.copy(work)
        finally:
            work.__class__ = LazyDict
        for k in work._lazy:
            v = out.get(k)
            if type(v) in _LAZY:
                out[k] = settled(v)
        return out
    if kind is LazyList:
        return [settled(v) if type(v) in _LAZY else v for v in list.__iter__(work)]
    return work


def pluck(items: list[dict[str, Any]], key: str) -> list[Any]:
    """``[item[key] for item in items]``, for reading: on a working copy, without copying the items
    it reaches (a rule that only looks at one field of every seat, say whether it resigned, would
    otherwise copy every seat). A value that is a list or a dict is still a copy of its own."""
    own = items._own if type(items) is LazyList else None
    if own is None:
        return [item[key] for item in items]
    out = []
    for done, item in zip(own, list.__iter__(items), strict=True):
        value = item[key]
        out.append(value if done or not (type(value) is dict or type(value) is list) else copy_json(value))
    return out


def _copied(value: Any, depth: int) -> Any:
    """A value as the rules first reach it: their own copy, lazy ``depth`` more levels down."""
    kind = type(value)
    if depth > 0:
        if kind is dict:
            return LazyDict(value, depth - 1)
        if kind is list and value and all(type(v) is dict for v in value):
            return LazyList(value, depth - 1)
    return copy_json(value) if kind is dict or kind is list else value


class LazyDict(dict[Any, Any]):
    """The top level of a working copy: each value is copied the first time the rules read it."""

    __slots__ = ("_own", "_depth", "_lazy")

    def __init__(self, data: dict[str, Any], depth: int) -> None:
        dict.__init__(self, data)
        #: keys whose value is the working copy's own (copied, or stored by the rules)
        self._own: set[Any] = set()
        self._depth = depth
        #: keys that were given a lazy value (:func:`settled` looks only at these)
        self._lazy: list[Any] = []

    def __getitem__(self, key: Any) -> Any:
        value = dict.__getitem__(self, key)
        if (value.__class__ is dict or value.__class__ is list) and key not in self._own:
            self._own.add(key)
            value = _copied(value, self._depth)
            dict.__setitem__(self, key, value)
            if value.__class__ is not dict and value.__class__ is not list:
                self._lazy.append(key)
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key: Any, default: Any = _MISSING) -> Any:
        if key not in self:
            if default is _MISSING:
                raise KeyError(key)
            return default
        value = self[key]
        self.__delitem__(key)
        return value

    def popitem(self) -> tuple[Any, Any]:
        if not self:
            raise KeyError("popitem(): dictionary is empty")
        key = next(reversed(dict.keys(self)))
        return key, self.pop(key)

    def __setitem__(self, key: Any, value: Any) -> None:
        self._own.add(key)
        dict.__setitem__(self, key, value)
        if type(value) in _LAZY:  # a lazy part stored under another key: settled there too
            self._lazy.append(key)

    def __delitem__(self, key: Any) -> None:
        dict.__delitem__(self, key)
        self._own.discard(key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for k, v in dict(*args, **kwargs).items():
            self[k] = v

    def __ior__(self, other: Any) -> LazyDict:
        self.update(other)
        return self

    def __or__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return {**self, **other}

    def __ror__(self, other: Any) -> dict[str, Any]:  # type: ignore[override]
        return {**other, **self}

    def clear(self) -> None:
        dict.clear(self)
        self._own.clear()

    def __iter__(self) -> Iterator[Any]:
        # overridden (same keys) so that dict(w), {**w} and update(w) read values through __getitem__
        return iter(list(dict.keys(self)))

    def items(self) -> Any:
        return [(k, self[k]) for k in list(dict.keys(self))]

    def values(self) -> Any:
        return [self[k] for k in list(dict.keys(self))]

    def copy(self) -> dict[str, Any]:
        return {k: self[k] for k in list(dict.keys(self))}

    def __reduce__(self) -> Any:
        return (dict, (self.copy(),))


class _Settled(dict[Any, Any]):
    """A :class:`LazyDict` while :func:`settled` copies its table (the same layout, nothing overridden)."""

    __slots__ = ("_own", "_depth", "_lazy")


class LazyList(list[Any]):
    """A top-level list of a working copy (one object per seat, say): each item is copied the first
    time the rules read it. Any change to the list's shape first copies every item."""

    __slots__ = ("_own", "_depth")

    def __init__(self, items: list[Any], depth: int) -> None:
        list.__init__(self, items)
        self._own: list[bool] | None = [False] * len(items)
        self._depth = depth

    def _all(self) -> None:
        """Copy every item not yet copied (before the list changes shape: indices move)."""
        own = self._own
        if own is None:
            return
        for i, done in enumerate(own):
            if not done:
                list.__setitem__(self, i, _copied(list.__getitem__(self, i), self._depth))
        self._own = None

    def _at(self, i: int) -> Any:
        own = self._own
        if own is None or own[i]:
            return list.__getitem__(self, i)
        value = _copied(list.__getitem__(self, i), self._depth)
        list.__setitem__(self, i, value)
        own[i] = True
        return value

    def __getitem__(self, index: Any) -> Any:
        if self._own is None:
            return list.__getitem__(self, index)
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        n = len(self)
        i = index.__index__()
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("list index out of range")
        return self._at(i)

    def __setitem__(self, index: Any, value: Any) -> None:
        if isinstance(index, slice):
            self._all()
            list.__setitem__(self, index, value)
            return
        n = len(self)
        i = index.__index__()
        list.__setitem__(self, i, value)  # raises IndexError as a list does
        if self._own is not None:
            self._own[i + n if i < 0 else i] = True

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self)):
            yield self[i]

    def __reversed__(self) -> Iterator[Any]:
        for i in range(len(self) - 1, -1, -1):
            yield self[i]

    def copy(self) -> list[Any]:
        return list(iter(self))

    def __add__(self, other: Any) -> list[Any]:
        return [*self, *other]

    def __radd__(self, other: Any) -> list[Any]:
        return [*other, *self]

    def __mul__(self, n: SupportsIndex) -> list[Any]:
        self._all()
        return list.__mul__(self, n)

    __rmul__ = __mul__

    def __reduce__(self) -> Any:
        return (list, (self.copy(),))

    # every change of shape: copy all items first, then a plain list's method
    def __delitem__(self, index: Any) -> None:
        self._all()
        list.__delitem__(self, index)

    def __iadd__(self, other: Iterable[Any]) -> LazyList:  # type: ignore[misc]
        self._all()
        list.extend(self, other)
        return self

    def __imul__(self, n: SupportsIndex) -> LazyList:
        self._all()
        list.__imul__(self, n)
        return self

    def append(self, value: Any) -> None:
        self._all()
        list.append(self, value)

    def extend(self, values: Iterable[Any]) -> None:
        self._all()
        list.extend(self, values)

    def insert(self, index: SupportsIndex, value: Any) -> None:
        self._all()
        list.insert(self, index, value)

    def pop(self, index: SupportsIndex = -1) -> Any:
        self._all()
        return list.pop(self, index)

    def remove(self, value: Any) -> None:
        self._all()
        list.remove(self, value)

    def clear(self) -> None:
        self._all()
        list.clear(self)

    def reverse(self) -> None:
        self._all()
        list.reverse(self)

    def sort(self, *args: Any, **kwargs: Any) -> None:
        self._all()
        list.sort(self, *args, **kwargs)


_LAZY = (LazyDict, LazyList)
