"""Every shipped save (rule-teaching examples, fixtures) loads exactly as recorded under the current
rules. A rules change that makes one stale fails here; `python scripts/refresh_examples.py` renews it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("refresh_examples", ROOT / "scripts" / "refresh_examples.py")
assert _spec is not None and _spec.loader is not None
refresh_examples = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(refresh_examples)

SAVES = list(refresh_examples.shipped_saves())


def test_the_repository_ships_saves_to_check() -> None:
    assert any("examples" in p.parts for p in SAVES), SAVES


@pytest.mark.parametrize("path", SAVES, ids=[str(p.relative_to(ROOT)) for p in SAVES])
def test_a_shipped_save_loads_as_recorded(path: Path) -> None:
    report = refresh_examples.status(path)
    assert report["status"] == "ok", (
        f"{path.relative_to(ROOT)} is {report['status']}: {report['message']} "
        "Run `python scripts/refresh_examples.py` to renew it.")
