"""build.py's wheels: the engine as a pure-Python wheel that pip and micropip install, and micropip's own
wheel shipped beside Pyodide with a lock entry that matches it (tests/test_pyodide.py installs the
built wheel with that micropip in Pyodide; tests/browser/test_wheel_page.py does it in Chromium)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"


def test_the_engine_wheel_is_a_valid_deterministic_wheel_that_pip_installs(tmp_path: Path) -> None:
    entries = build.engine_entries()
    data = build.wheel_bytes(entries)
    assert data == build.wheel_bytes(reversed(entries)), "same files, same bytes"
    name = build.engine_wheel_name()
    meta = build.project_meta()
    assert name == f"pygame_core-{meta['version']}-py3-none-any.whl"
    info = f"pygame_core-{meta['version']}.dist-info"
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = zf.namelist()
        assert names[-3:] == [f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD"]
        assert {n for n in names if not n.startswith(info)} == {n for n, _ in entries}
        record = zf.read(f"{info}/RECORD").decode().splitlines()
        assert record[-1] == f"{info}/RECORD,,"
        for line in record[:-1]:
            path, digest, size = line.split(",")
            body = zf.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={expected}", len(body)), path
        assert f"Version: {meta['version']}\n" in zf.read(f"{info}/METADATA").decode()
        assert "Root-Is-Purelib: true\nTag: py3-none-any\n" in zf.read(f"{info}/WHEEL").decode()
    wheel = tmp_path / name
    wheel.write_bytes(data)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "--no-deps", "--no-index", "--target", str(target), str(wheel)], check=True)
    out = subprocess.run([sys.executable, "-c", "import pygame_core.games as g; print(g.__file__); "
                          "print(','.join(g.available()))"], cwd=tmp_path, env={"PYTHONPATH": str(target)},
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0].startswith(str(target)), out
    assert out[1].split(",") == __import__("pygame_core.games").games.available()


def test_the_site_ships_micropip_with_the_lock_entry_of_the_file_it_ships() -> None:
    lock_path = DIST / "pyscript/pyodide/pyodide-lock.json"
    if not lock_path.is_file():
        pytest.skip("dist/ is not built (python3 build.py)")
    wheel = DIST / "pyscript/pyodide" / build.MICROPIP_WHEEL
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == build.MICROPIP_SHA256
    shipped = json.loads(lock_path.read_text(encoding="utf-8"))
    stock = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    assert shipped["packages"]["micropip"]["sha256"] == build.MICROPIP_SHA256
    # nothing else in the lock changed
    stock["packages"]["micropip"]["sha256"] = build.MICROPIP_SHA256
    assert shipped == stock
    info = json.loads((DIST / "build-info.json").read_text(encoding="utf-8"))
    assert info["wheel"] == build.engine_wheel_name() and (DIST / info["wheel"]).is_file()
