"""The Python half of the Pyodide test run (``tests/pyodide/run.mjs``); also runs under CPython.

Two jobs, identical code on both interpreters:

* ``simulate_cases``: complete random-bot games of every registered game through
  :func:`pygame_core.simulate.simulate`, minus ``timing`` -- the CPython and Pyodide outputs must be equal.
* ``run_tests``: a tiny test collector for the engine's rule tests (pytest is not in Pyodide): imports
  ``tests/kernel/test_*.py`` and ``tests/<game id>/test_*.py``, calls every ``test_*`` function that needs no
  fixture (``@pytest.mark.parametrize`` is expanded), and counts passed/failed/skipped. Modules needing
  hypothesis or other missing packages are skipped and reported.

CPython use (the reference side)::

    python -m tests.pyodide.runner simulate --games 2     # prints the JSON list of results
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (1,)


# ------------------------------------------------------------------ determinism


def game_cases(n_games: int) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """(cases, broken): one case per registered game and player count (min and max)."""
    from pygame_core import games

    cases: list[dict[str, Any]] = []
    broken: dict[str, str] = {}
    for gid in games.available():
        try:
            game = games.get(gid)
        except Exception as exc:  # a game still being written must not hide the others
            broken[gid] = f"{type(exc).__name__}: {exc}"
            continue
        for players in sorted({game.min_players, game.max_players}):
            for seed in SEEDS:
                cases.append({"game": gid, "players": players, "games": n_games, "seed": seed})
    return cases, broken


def simulate_cases(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from pygame_core.simulate import play, simulate

    out = []
    for case in cases:
        try:
            res = simulate(case["game"], case["players"], case["games"], case["seed"])
            res.pop("timing", None)
            # same scores could hide a different position: compare every final state's digest too
            res["digests"] = [play(case["game"], case["players"], case["seed"] + k).digest()
                              for k in range(case["games"])]
        except Exception as exc:
            res = {"error": f"{type(exc).__name__}: {exc}"}
        out.append({"case": case, "result": res})
    return out


def determinism_report(n_games: int) -> dict[str, Any]:
    cases, broken = game_cases(n_games)
    t0 = time.perf_counter()
    results = simulate_cases(cases)
    return {"results": results, "broken_games": broken, "seconds": round(time.perf_counter() - t0, 3)}


# ------------------------------------------------------------------ rule tests


class Outcome:
    def __init__(self) -> None:
        self.passed: list[str] = []
        self.failed: dict[str, str] = {}
        self.skipped: dict[str, str] = {}
        self.xfailed: list[str] = []

    def as_dict(self) -> dict[str, Any]:
        return {"passed": len(self.passed), "failed": self.failed, "skipped": self.skipped,
                "xfailed": len(self.xfailed), "passed_ids": self.passed}


def install_pytest_stub() -> None:
    """Use the real pytest if importable, else the minimal stand-in (Pyodide has no pytest)."""
    try:
        import pytest  # noqa: F401
    except ImportError:
        from tests.pyodide import pytest_stub

        sys.modules["pytest"] = pytest_stub


def _marks(fn: Any) -> list[Any]:
    return _as_list(getattr(fn, "pytestmark", []))


def _param_sets(fn: Any) -> list[tuple[str, dict[str, Any], list[Any]]] | None:
    """Expand stacked parametrize marks: [(id, kwargs, marks)], or None if a non-param argument remains."""
    from tests.pyodide.pytest_stub import param_sets

    names = list(inspect.signature(fn).parameters)
    sets = param_sets(_marks(fn))
    if any(n not in sets[0][1] for n in names):
        return None
    return sets


def _skip_reason(marks: list[Any]) -> str | None:
    for m in marks:
        if m.name == "skip":
            return str(m.kwargs.get("reason", m.args[0] if m.args else "skip"))
        if m.name == "skipif" and (m.args[0] if m.args else m.kwargs.get("condition")):
            return str(m.kwargs.get("reason", "skipif"))
    return None


def _run_one(test_id: str, fn: Any, kwargs: dict[str, Any], marks: list[Any], out: Outcome) -> None:
    from tests.pyodide.pytest_stub import Skipped

    reason = _skip_reason(marks)
    if reason is not None:
        out.skipped[test_id] = reason
        return
    xfail = any(m.name == "xfail" for m in marks)
    try:
        fn(**kwargs)
    except Skipped as exc:
        out.skipped[test_id] = str(exc) or "skipped"
    except Exception:
        if xfail:
            out.xfailed.append(test_id)
        else:
            out.failed[test_id] = traceback.format_exc(limit=-4)
    else:
        out.passed.append(test_id)


def run_module(modname: str, out: Outcome) -> None:
    from tests.pyodide.pytest_stub import Skipped

    try:
        mod = importlib.import_module(modname)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] not in ("hypothesis", "pytest", "_pytest"):
            out.failed[modname] = traceback.format_exc(limit=-4)
        else:
            out.skipped[modname] = f"needs {exc.name}"
        return
    except Skipped as exc:
        out.skipped[modname] = str(exc)
        return
    except Exception:
        out.failed[modname] = traceback.format_exc(limit=-4)
        return
    mod_marks = _as_list(getattr(mod, "pytestmark", []))  # a module may set one mark, not a list
    for name, fn in sorted(vars(mod).items()):
        if not (name.startswith("test_") and inspect.isfunction(fn)) or fn.__module__ != mod.__name__:
            continue
        if getattr(fn, "is_hypothesis_test", False) or hasattr(fn, "hypothesis"):
            out.skipped[f"{modname}::{name}"] = "hypothesis"
            continue
        sets = _param_sets(fn)
        if sets is None:
            out.skipped[f"{modname}::{name}"] = "needs fixtures"
            continue
        for pid, kwargs, marks in sets:
            test_id = f"{modname}::{name}" + (f"[{pid}]" if pid else "")
            _run_one(test_id, fn, kwargs, mod_marks + _marks(fn) + marks, out)


def import_name(path: Path) -> str:
    """Like pytest's default "prepend" import mode: the dotted name from the topmost folder that is a
    package, whose parent goes first on sys.path (a folder without __init__.py: just the file's name)."""
    base = path.parent
    parts = [path.stem]
    while (base / "__init__.py").is_file():
        parts.insert(0, base.name)
        base = base.parent
    if str(base) not in sys.path:
        sys.path.insert(0, str(base))
    return ".".join(parts)


def _as_list(marks: Any) -> list[Any]:
    """``pytestmark`` as a list: pytest takes one mark or a list of them."""
    return list(marks) if isinstance(marks, (list, tuple)) else [marks]


def rule_test_modules(root: Path) -> list[str]:
    """``tests/kernel`` and ``tests/<game id>`` test modules, as importable names (see ``import_name``)."""
    from pygame_core import games

    dirs = [root / "tests" / "kernel"] + [root / "tests" / gid for gid in games.available()]
    return [import_name(path) for d in dirs for path in sorted(d.glob("test_*.py"))]


def run_tests(root: Path = ROOT) -> dict[str, Any]:
    install_pytest_stub()
    out = Outcome()
    t0 = time.perf_counter()
    mods = rule_test_modules(root)
    for modname in mods:
        run_module(modname, out)
    res = out.as_dict()
    res["modules"] = mods
    res["seconds"] = round(time.perf_counter() - t0, 3)
    return res


# ------------------------------------------------------------------ entry points


def pyodide_main(n_games: int, root: str) -> str:
    """Called by run.mjs inside Pyodide: both jobs, as one JSON text."""
    sys.dont_write_bytecode = True
    import pygame_core

    report = {"python": sys.version.split()[0], "platform": sys.platform,
              "engine_file": pygame_core.__file__,
              "determinism": determinism_report(n_games), "tests": run_tests(Path(root))}
    return json.dumps(report, sort_keys=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("job", choices=["simulate", "tests"])
    ap.add_argument("--games", type=int, default=2)
    args = ap.parse_args(argv)
    sys.dont_write_bytecode = True
    if args.job == "simulate":
        print(json.dumps(determinism_report(args.games), sort_keys=True))
    else:
        print(json.dumps(run_tests(), sort_keys=True, indent=2))


if __name__ == "__main__":
    main()
