"""A minimal stand-in for the parts of pytest the rule tests use, for running them inside Pyodide.

Installed as ``sys.modules["pytest"]`` by ``runner.py`` only when the real pytest is not importable.
Covers ``raises`` (with ``match``), ``approx``, ``skip``, ``importorskip``, ``fail``, ``param``,
``fixture`` (tests that take fixtures are skipped) and ``mark.<name>(...)`` (parametrize, skip, skipif, xfail
and any custom marker).
"""

from __future__ import annotations

import importlib
import itertools
import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


class Skipped(Exception):  # noqa: N818 - mirrors pytest's name
    pass


class Failed(AssertionError):
    pass


def skip(reason: str = "", *, allow_module_level: bool = False) -> None:
    raise Skipped(reason)


def fail(reason: str = "", pytrace: bool = True) -> None:
    raise Failed(reason)


def importorskip(modname: str, minversion: str | None = None, reason: str | None = None) -> Any:
    try:
        return importlib.import_module(modname)
    except ImportError as exc:
        raise Skipped(reason or f"could not import {modname!r}") from exc


class ExceptionInfo:
    def __init__(self) -> None:
        self.value: BaseException | None = None
        self.type: type[BaseException] | None = None

    def match(self, pattern: str) -> bool:
        assert re.search(pattern, str(self.value)), f"{pattern!r} does not match {str(self.value)!r}"
        return True


@contextmanager
def raises(expected: Any, *, match: str | None = None) -> Iterator[ExceptionInfo]:
    info = ExceptionInfo()
    try:
        yield info
    except expected as exc:
        info.value, info.type = exc, type(exc)
        if match is not None:
            info.match(match)
        return
    raise Failed(f"DID NOT RAISE {expected}")


class approx:  # noqa: N801 - pytest's name
    def __init__(self, expected: Any, rel: float | None = None, abs: float | None = None) -> None:  # noqa: A002
        self.expected, self.rel, self.abs = expected, rel, abs

    def _close(self, a: Any, b: Any) -> bool:
        rel = 1e-6 if self.rel is None else self.rel
        tol = max(rel * abs(b), 1e-12 if self.abs is None else self.abs)
        return bool(math.isclose(a, b, rel_tol=0, abs_tol=tol) or a == b)

    def __eq__(self, actual: object) -> bool:
        exp = self.expected
        if isinstance(exp, dict) and isinstance(actual, dict):
            return exp.keys() == actual.keys() and all(self._close(actual[k], exp[k]) for k in exp)
        if isinstance(exp, list | tuple) and isinstance(actual, list | tuple):
            pairs = zip(actual, exp, strict=True)
            return len(exp) == len(actual) and all(self._close(a, b) for a, b in pairs)
        return self._close(actual, exp)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"approx({self.expected!r})"


class Mark:
    def __init__(self, name: str, args: tuple[Any, ...] = (), kwargs: dict[str, Any] | None = None) -> None:
        self.name, self.args, self.kwargs = name, args, kwargs or {}


def _attach(fn: Any, mark: Mark) -> Any:
    marks = list(getattr(fn, "pytestmark", []))
    fn.pytestmark = [mark, *marks]
    return fn


class _MarkDecorator:
    """``mark.parametrize(...)`` returns a decorator that records the mark on the function."""

    def __init__(self, mark: Mark) -> None:
        self.mark = mark

    def __call__(self, fn: Any) -> Any:
        return _attach(fn, self.mark)

    @property
    def name(self) -> str:
        return self.mark.name

    @property
    def args(self) -> tuple[Any, ...]:
        return self.mark.args

    @property
    def kwargs(self) -> dict[str, Any]:
        return self.mark.kwargs


class _MarkFactory:
    def __getattr__(self, name: str) -> Callable[..., Any]:
        def make(*args: Any, **kwargs: Any) -> Any:
            if len(args) == 1 and callable(args[0]) and not kwargs:   # bare @mark.name
                return _attach(args[0], Mark(name))
            return _MarkDecorator(Mark(name, args, kwargs))
        return make


mark = _MarkFactory()


class ParameterSet:
    def __init__(self, values: tuple[Any, ...], marks: Any = (), id: str | None = None) -> None:  # noqa: A002
        self.values = values
        self.marks = [_one_mark(m) for m in (marks if isinstance(marks, list | tuple) else [marks])]
        self.id = id


def param(*values: Any, marks: Any = (), id: str | None = None) -> ParameterSet:  # noqa: A002
    return ParameterSet(values, marks, id)


def fixture(*args: Any, **kwargs: Any) -> Any:
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda fn: fn


def _one_mark(m: Any) -> Any:
    return getattr(m, "mark", m)   # a decorator (ours or pytest's) or a mark


def param_sets(marks: list[Any]) -> list[tuple[str, dict[str, Any], list[Any]]]:
    """Cartesian product of every parametrize mark: [(id, kwargs, extra marks)]; [("", {}, [])] if none."""
    axes: list[list[tuple[str, dict[str, Any], list[Any]]]] = []
    for m in map(_one_mark, marks):
        if m.name != "parametrize":
            continue
        names, values = m.args[0], list(m.args[1])
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        ids = m.kwargs.get("ids")
        axis = []
        for i, v in enumerate(values):
            extra: list[Any] = []
            pid = None
            if isinstance(v, ParameterSet) or type(v).__name__ == "ParameterSet":   # ours or pytest's
                extra, pid = [_one_mark(x) for x in v.marks], v.id
                v = v.values if len(names) > 1 else v.values[0]
            vals = tuple(v) if len(names) > 1 else (v,)
            if isinstance(ids, list | tuple) and i < len(ids):
                pid = pid or str(ids[i])
            elif callable(ids):
                pid = pid or "-".join(str(ids(x)) for x in vals)
            kwargs = dict(zip(names, vals, strict=True))
            axis.append((pid or "-".join(_short(x) for x in vals), kwargs, extra))
        axes.append(axis)
    out = []
    for combo in itertools.product(*reversed(axes)):   # innermost decorator first, like pytest ids
        ids_ = [c[0] for c in combo]
        kw: dict[str, Any] = {}
        extra_marks: list[Any] = []
        for c in combo:
            kw.update(c[1])
            extra_marks += c[2]
        out.append(("-".join(ids_), kw, extra_marks))
    return out or [("", {}, [])]


def _short(x: Any) -> str:
    if isinstance(x, str | int | float | bool) or x is None:
        return str(x)
    return type(x).__name__
