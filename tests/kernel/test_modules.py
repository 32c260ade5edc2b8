"""The kernel's modules and the browser's door import each other without a cycle, and each imports on
its own (issue 17: ``kernel/game.py`` split into the rules API, saves and undo)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import pygame_core

ROOT = Path(pygame_core.__file__).parent
#: The modules checked: the kernel, the browser's door and its reply caches.
MODULES = sorted([f"pygame_core.kernel.{p.stem}" for p in (ROOT / "kernel").glob("*.py")
                  if p.stem != "__init__"] + ["pygame_core.webapi", "pygame_core.replies"])


def _file(module: str) -> Path:
    return ROOT.parent / (module.replace(".", "/") + ".py")


def _imported_at_load(module: str) -> set[str]:
    """The pygame_core modules ``module`` imports when it is loaded: its top-level imports, leaving out
    those under ``if TYPE_CHECKING:`` (for annotations only) and those inside functions."""
    out: set[str] = set()
    tree = ast.parse(_file(module).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # "from pygame_core.kernel import undo" imports the module pygame_core.kernel.undo
            out |= {f"{node.module}.{a.name}" if _file(f"{node.module}.{a.name}").exists() else node.module
                    for a in node.names}
    return {m for m in out if m.startswith("pygame_core.")}


def test_the_kernel_and_the_door_import_without_a_cycle():
    graph = {m: _imported_at_load(m) & set(MODULES) for m in MODULES}
    assert graph["pygame_core.kernel.saves"] >= {"pygame_core.kernel.undo"}  # the graph is read at all
    done: set[str] = set()

    def visit(m: str, path: list[str]) -> None:
        if m in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(m):], m]))
        if m in done:
            return
        for n in sorted(graph[m]):
            visit(n, [*path, m])
        done.add(m)

    for m in MODULES:
        visit(m, [])


def test_a_cycle_would_be_found(monkeypatch):
    """The check above can fail: a module that imports one that imports it is a cycle."""
    real = _imported_at_load
    monkeypatch.setitem(globals(), "_imported_at_load", lambda m: real(m) | (
        {"pygame_core.kernel.saves"} if m == "pygame_core.kernel.undo" else set()))
    with pytest.raises(AssertionError, match="import cycle"):
        test_the_kernel_and_the_door_import_without_a_cycle()


@pytest.mark.skipif(sys.platform == "emscripten", reason="Pyodide starts no processes")
@pytest.mark.parametrize("module", MODULES)
def test_each_module_imports_on_its_own(module):
    done = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True,
                          cwd=ROOT.parent, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
