"""A small, seeded, deterministic mutation tester for the games' rule modules.

Not part of the test suite. It copies the repository's ``pygame_core`` and ``tests`` into a scratch
directory, then for each sampled mutant rewrites ONE module there (one small change: a comparison
flipped, an integer constant moved by one, ``and``/``or`` swapped, ``True``/``False`` swapped, ``+``/``-``
swapped), runs a fast test subset against the copy with a per-mutant timeout, and records whether a
test failed ("killed") or every test passed ("survived"). The worktree itself is never touched.

    PYTHONPATH=$PWD .venv/bin/python scripts/mutate.py through_the_ages           # default sample
    PYTHONPATH=$PWD .venv/bin/python scripts/mutate.py civilization --per-module 8 --seed 16
    PYTHONPATH=$PWD .venv/bin/python scripts/mutate.py through_the_ages --list     # sample only, no runs

The sample is a function of (seed, module path, module source) only, so the same sources give the
same mutants on every machine. Run it niced (``nice -n 10``): it runs one mutant at a time.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The rule modules of each game (bots, labels, texts, catalogues and scenarios are left out) and the fast
# test subset each mutant runs against.
GAMES: dict[str, dict[str, list[str]]] = {
    "through_the_ages": {
        "modules": [
            "abilities", "civil", "decks", "economy", "effects", "flow", "game", "model",
            "politics", "ratings", "resolve", "scoring", "tokens", "views",
        ],
        "tests": ["tests/through_the_ages"],
    },
    "civilization": {
        "modules": [
            "city", "combat", "effects", "flow", "game", "geo", "model", "move", "research",
            "start", "trade", "victory", "views",
        ],
        # the rule tests; test_civ_texts and test_civ_bot play whole games (a minute per mutant here)
        "tests": sorted(
            str(f.relative_to(ROOT)) for f in (ROOT / "tests/civilization").glob("test_civ_*.py")
            if f.name not in ("test_civ_texts.py", "test_civ_bot.py")
        ),
    },
    "empires_end": {
        "modules": [
            "abilities", "conflict", "decisions", "disaster", "economy", "empire", "flow", "game",
            "hidden", "industry", "model", "quick", "scoring", "views",
        ],
        "tests": ["tests/empires_end"],
    },
    "brazil_imperial": {
        # the bots (heuristic), labels, texts and the data loader are left out
        "modules": [
            "arches", "build", "cards", "combat", "economy", "effects", "eras", "flow", "game", "hidden",
            "model", "monarchs", "movement", "scoring", "setup", "trade", "views",
        ],
        # every test of the game (10-30 s) but the two that read web/ (not copied): the rules reference
        # and the panels (drawn by node from web/games/brazil_imperial/panels.js)
        "tests": sorted(
            str(f.relative_to(ROOT)) for f in (ROOT / "tests/brazil_imperial").glob("test_*.py")
            if f.name not in ("test_bi_rules_reference.py", "test_panels.py")
        ),
    },
    "great_wall": {
        "modules": [
            "cards", "clerks", "coop", "combat", "command", "effects", "flow", "game", "hidden", "horde",
            "locations", "model", "modes", "production", "qin", "reed", "scoring", "setup", "shame", "steps",
            "tea", "views",
        ],
        "tests": ["tests/great_wall"],
    },
}

_CMP_SWAP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_CMP_TEXT = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.In: "in", ast.NotIn: "not in", ast.Is: "is", ast.IsNot: "is not",
}


@dataclass(frozen=True)
class Mutant:
    module: str  # dotted module name
    path: str  # repository-relative path
    index: int  # which mutation point in the module (walk order)
    line: int
    kind: str
    before: str
    after: str

    @property
    def key(self) -> str:
        return f"{self.path}:{self.line}:{self.kind}:{self.before}->{self.after}"


def _skip_lines(tree: ast.Module) -> set[int]:
    """Lines not worth mutating: type-checking-only imports, annotations, ``__all__`` and docstrings."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        if isinstance(node, (ast.AnnAssign, ast.arg)) and node.annotation is not None:
            ann = node.annotation
            skip.update(range(ann.lineno, (ann.end_lineno or ann.lineno) + 1))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.returns is not None:
            skip.update(range(node.returns.lineno, (node.returns.end_lineno or node.returns.lineno) + 1))
    return skip


def _points(tree: ast.Module) -> list[tuple[ast.AST, int, str, str, str]]:
    """Every mutation point as (node, operand index, kind, before, after), in a fixed walk order."""
    skip = _skip_lines(tree)
    out: list[tuple[ast.AST, int, str, str, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", None)
        if line is None or line in skip:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                new = _CMP_SWAP.get(type(op))
                if new is not None:
                    out.append((node, i, "compare", _CMP_TEXT[type(op)], _CMP_TEXT[new]))
        elif isinstance(node, ast.BoolOp):
            before, after = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
            out.append((node, 0, "boolop", before, after))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            # only arithmetic that plausibly counts something: skip string / list concatenation of literals
            if any(isinstance(s, ast.Constant) and isinstance(s.value, str) for s in (node.left, node.right)):
                continue
            before, after = ("+", "-") if isinstance(node.op, ast.Add) else ("-", "+")
            out.append((node, 0, "arith", before, after))
        elif isinstance(node, ast.Constant):
            value = node.value
            if value is True or value is False:
                out.append((node, 0, "bool", repr(value), repr(not value)))
            elif isinstance(value, int) and not isinstance(value, bool):
                out.append((node, 0, "number", repr(value), ""))
    return out


def _apply(tree: ast.Module, index: int, after: str) -> None:
    node, op_index, kind, _before, _ = _points(tree)[index]
    if kind == "compare":
        assert isinstance(node, ast.Compare)
        new = _CMP_SWAP[type(node.ops[op_index])]
        node.ops[op_index] = new()
    elif kind == "boolop":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif kind == "arith":
        assert isinstance(node, ast.BinOp)
        node.op = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
    elif kind == "bool":
        assert isinstance(node, ast.Constant)
        node.value = not node.value
    elif kind == "number":
        assert isinstance(node, ast.Constant)
        node.value = int(after)


def sample(game: str, per_module: int, seed: int) -> list[Mutant]:
    mutants: list[Mutant] = []
    for name in GAMES[game]["modules"]:
        rel = f"pygame_core/games/{game}/{name}.py"
        source = (ROOT / rel).read_text(encoding="utf-8")
        tree = ast.parse(source)
        points = _points(tree)
        digest = hashlib.sha256(f"{seed}:{rel}:{source}".encode()).hexdigest()
        rng = random.Random(int(digest[:16], 16))
        chosen = sorted(rng.sample(range(len(points)), min(per_module, len(points))))
        for index in chosen:
            node, _op, kind, before, after = points[index]
            if kind == "number":
                step = rng.choice((1, -1)) if int(before) != 0 else 1
                after = str(int(before) + step)
            mutants.append(Mutant(f"pygame_core.games.{game}.{name}", rel, index,
                                  getattr(node, "lineno", 0), kind, before, after))
    return mutants


def _run_tests(work: Path, tests: list[str], timeout: float) -> tuple[str, float]:
    env = dict(os.environ, PYTHONPATH=str(work), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", *tests]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        rc = proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return "timeout", time.monotonic() - start
    except BaseException:  # interrupted (Ctrl-C, SIGTERM): stop the test run too
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    return ("survived" if rc == 0 else "killed"), time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=fmt)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--per-module", type=int, default=8, help="mutants per rule module")
    parser.add_argument("--seed", type=int, default=16, help="sampling seed (default 16)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per mutant (timeout = killed)")
    parser.add_argument("--tests", nargs="*", help="test paths (default: the game's fast subset)")
    parser.add_argument("--only", help="run only mutants whose key contains this text")
    parser.add_argument("--survivors-of", type=Path, help="rerun only the survivors of this --json result "
                        "(same game, seed and sample); the rate counts its kills too")
    parser.add_argument("--list", action="store_true", help="print the sample and stop")
    parser.add_argument("--json", type=Path, help="write every result to this file")
    args = parser.parse_args(argv)
    # SIGTERM unwinds like Ctrl-C, so the scratch copy is removed and the test run stopped
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    mutants = sample(args.game, args.per_module, args.seed)
    if args.only:
        mutants = [m for m in mutants if args.only in m.key]
    earlier: list[dict[str, object]] = []
    if args.survivors_of:
        before = json.loads(args.survivors_of.read_text(encoding="utf-8"))
        # results are in sample order: position i is mutant i of the same sample
        assert [r["key"] for r in before["results"]] == [m.key for m in mutants], "not the same sample"
        earlier = before["results"]
        mutants = [m for m, r in zip(mutants, before["results"], strict=True) if r["outcome"] == "survived"]
    if args.list:
        for m in mutants:
            print(m.key)
        print(f"{len(mutants)} mutants")
        return 0
    tests = args.tests or GAMES[args.game]["tests"]
    results: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory(prefix="mutate-") as tmp:
        work = Path(tmp)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "data_cache")
        shutil.copytree(ROOT / "pygame_core", work / "pygame_core", ignore=ignore)
        shutil.copytree(ROOT / "tests", work / "tests", ignore=ignore)
        for extra in ("pyproject.toml", "README.md"):
            if (ROOT / extra).exists():
                shutil.copy2(ROOT / extra, work / extra)
        for sub in ("docs",):
            if (ROOT / sub).is_dir():
                shutil.copytree(ROOT / sub, work / sub, ignore=ignore)
        baseline, took = _run_tests(work, tests, args.timeout * 3)
        if baseline != "survived":
            print(f"the unmutated tests do not pass ({baseline}); stopping", file=sys.stderr)
            return 2
        print(f"baseline passes in {took:.1f}s; {len(mutants)} mutants", flush=True)
        for n, m in enumerate(mutants, 1):
            target = work / m.path
            original = target.read_text(encoding="utf-8")
            tree = ast.parse(original)
            _apply(tree, m.index, m.after)
            target.write_text(ast.unparse(ast.fix_missing_locations(tree)) + "\n", encoding="utf-8")
            try:
                outcome, took = _run_tests(work, tests, args.timeout)
            finally:
                target.write_text(original, encoding="utf-8")
            results.append({"key": m.key, "outcome": outcome, "seconds": round(took, 1)})
            print(f"[{n}/{len(mutants)}] {outcome:8} {took:5.1f}s  {m.key}", flush=True)
    if earlier:  # the earlier results in sample order, the reruns in place of the survivors
        rerun = iter(results)
        results = [next(rerun) if r["outcome"] == "survived" else r for r in earlier]
    survived = [r for r in results if r["outcome"] == "survived"]
    killed = len(results) - len(survived)
    rate = 100.0 * killed / len(results) if results else 100.0
    print(f"\n{args.game}: {killed}/{len(results)} killed ({rate:.1f}%), {len(survived)} survived")
    for r in survived:
        print(f"  SURVIVED {r['key']}")
    if args.json:
        args.json.write_text(json.dumps({"game": args.game, "seed": args.seed, "per_module": args.per_module,
                                         "results": results}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
