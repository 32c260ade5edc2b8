"""The engine under Pyodide (Node): same simulate() results as CPython, rule tests pass there too.

Runs ``node tests/pyodide/run.mjs`` (see that file): once on the working tree's engine with the npm
Pyodide, and once on the built site's own files (``dist/pyscript/pyodide`` with the precompiled stdlib
and the engine wheel installed by the site's own micropip, as the boot without a snapshot does) when
``dist/`` is built from the current sources.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from tests.pyodide.runner import determinism_report

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
GAMES = 2


def site_is_current() -> str | None:
    """None if dist/ holds an engine wheel equal to the working tree's sources, else why not."""
    info = DIST / "build-info.json"
    wheel = json.loads(info.read_text(encoding="utf-8")).get("wheel") if info.is_file() else None
    zpath = DIST / wheel if wheel else DIST / "(no engine wheel)"
    if not (zpath.is_file() and (DIST / "pyscript/pyodide/pyodide.mjs").is_file()):
        return "dist/ is not built (python3 build.py)"
    with zipfile.ZipFile(zpath) as zf:
        shipped = {n: zf.read(n) for n in zf.namelist() if "__pycache__" not in n and ".dist-info/" not in n}
    source = {p.relative_to(ROOT).as_posix(): p.read_bytes()
              for p in sorted((ROOT / "pygame_core").rglob("*"))
              if p.is_file() and p.suffix in (".py", ".json") and "__pycache__" not in p.parts}
    return None if shipped == source else f"dist/{zpath.name} is older than the sources (python3 build.py)"


def run_node(tmp_path: Path, *extra: str) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is required for the Pyodide tests", pytrace=False)
    if not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file():
        pytest.fail("node_modules/pyodide is missing: run `npm ci` (or `python3 build.py`)", pytrace=False)
    out = tmp_path / "report.json"
    proc = subprocess.run([node, "tests/pyodide/run.mjs", "--games", str(GAMES), "--json", str(out),
                           "--python", sys.executable, *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert out.is_file(), f"run.mjs wrote no report (exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert proc.returncode == 0, f"run.mjs failed:\n{proc.stdout}\n{proc.stderr}"
    return report


def check(report: dict[str, Any]) -> None:
    assert report["ok"], report["problems"]
    pyo = report["pyodide"]
    assert pyo["platform"] == "emscripten"
    # the reference computed here, in this CPython process, must equal what Pyodide produced
    here = determinism_report(GAMES)
    assert pyo["determinism"]["results"] == here["results"]
    assert pyo["determinism"]["results"], "no game was simulated"
    assert not pyo["tests"]["failed"], pyo["tests"]["failed"]
    assert pyo["tests"]["passed"] > 0


def test_engine_source_in_pyodide(tmp_path: Path) -> None:
    check(run_node(tmp_path))


def test_built_site_engine_in_pyodide(tmp_path: Path) -> None:
    why = site_is_current()
    if why:
        pytest.skip(why)
    report = run_node(tmp_path, "--site", str(DIST))
    check(report)
    # the engine that ran is the site's wheel, installed by the site's micropip
    assert "/site-packages/pygame_core/" in report["pyodide"]["engine_file"], report["pyodide"]["engine_file"]
