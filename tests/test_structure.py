"""Readable, layered code (principle 10): no import cycles between the engine's modules, and no
import tucked inside a function to break one. Games and the kernel alike."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pygame_core"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, ast.Module]:
    return {module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py"))}


def imported(tree: ast.Module, name: str, known: set[str]) -> set[str]:
    """The package modules a module imports at its top level (one under ``if TYPE_CHECKING:`` is for
    the type checker only and never runs: not an edge; The Great Wall's modes.py names the mode modules
    so, and game.py hands them over, modes.register)."""
    out: set[str] = set()
    is_package = any(k.startswith(name + ".") for k in known)
    package = name if is_package else name.rsplit(".", 1)[0]
    for node in tree.body:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + [base]).strip(".")
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return {m for m in out if m in known}


def test_no_import_inside_a_function() -> None:
    found = []
    for name, tree in modules().items():
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        found.append(f"{name}.{fn.name} (line {node.lineno})")
    assert not found, "imports inside functions: " + ", ".join(found)


def test_no_import_cycle() -> None:
    mods = modules()
    known = set(mods)
    graph = {name: imported(tree, name, known) - {name} for name, tree in mods.items()}
    # a package imports its submodules by design (games/__init__ discovers them); an edge from a
    # module up to its own package's __init__ is the only allowed kind of loop
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if node.startswith(nxt + "."):
                continue
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)
