"""Code structure the engine keeps: no import cycle among its modules and no import hidden
inside a function to dodge one; one adjacency rule for every neighbour computation."""

from __future__ import annotations

import ast
from pathlib import Path

from pygame_core.games.empires_end import empire

PKG = Path(empire.__file__).parent
PREFIX = "pygame_core.games.empires_end"


def _imports(tree: ast.AST) -> set[str]:
    out: set[str] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith(PREFIX):
            rest = n.module[len(PREFIX):].lstrip(".")
            out |= {a.name for a in n.names} if not rest else {rest.split(".")[0]}
    return out


def test_no_import_cycle_and_no_import_inside_a_function():
    graph = {}
    for f in sorted(PKG.glob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = [n for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))]
                assert not inner, f"{f.name}: {fn.name} imports inside the function"
        graph[f.stem] = _imports(tree) & {g.stem for g in PKG.glob("*.py")}

    def visit(node: str, path: list[str]) -> None:
        for dep in graph[node]:
            assert dep not in path, f"import cycle: {' -> '.join(path[path.index(dep):] + [dep])}"
            visit(dep, path + [dep])

    for node in graph:
        visit(node, [node])


def test_adjacency_is_one_rule():
    """L254/L328/L511/L576: left and right neighbours; the edges have one."""
    assert empire.neighbours(0, 11) == [1]
    assert empire.neighbours(10, 11) == [9]
    assert empire.neighbours(4, 11) == [3, 5]
    # nobody else spells the rule out again
    for f in PKG.glob("*.py"):
        if f.name != "empire.py":
            assert "i - 1, i + 1" not in f.read_text(encoding="utf-8"), f.name
