"""docs/embedding.md's page on another host that installs the engine wheel with PyScript's ``packages``:
its config names the wheel build.py makes, and its Python, run here, shows the text the doc promises."""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import build

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "embedding.md"
SITE = "https://games.example"


def wheel_page() -> tuple[dict[str, Any], str, str]:
    """(config, Python code, the text the doc says it shows) of the doc's wheel page."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The engine on your own page", 1)[1].split("\n## ", 1)[0]
    page = re.search(r"```html\n(.*?)```", section, re.S)
    shown = re.search(r"```text\n(.*?)```", section, re.S)
    assert page and shown, "the wheel page or its output is missing from docs/embedding.md"
    script = re.search(r"""<script type="py" config='(.*?)'>\n(.*?)\n  </script>""", page.group(1), re.S)
    assert script, "no <script type=\"py\" config='...'> in the wheel page"
    return json.loads(script.group(1)), script.group(2), shown.group(1).rstrip("\n")


def test_the_page_config_names_the_wheel_build_py_makes() -> None:
    config, _code, _shown = wheel_page()
    assert config == {"interpreter": f"{SITE}/pyscript/pyodide/pyodide.mjs",
                      "packages": [f"{SITE}/{build.engine_wheel_name()}"], "packages_cache": "never"}


class FakeElement:
    textContent = ""


def run_page_python(code: str) -> str:
    """The page's Python under CPython, with a stand-in for PyScript's ``document``."""
    out = FakeElement()
    fake = types.ModuleType("pyscript")
    fake.document = types.SimpleNamespace(  # type: ignore[attr-defined]
        querySelector=lambda sel: out if sel == "#out" else pytest.fail(f"unexpected selector {sel}"))
    saved = sys.modules.get("pyscript")
    sys.modules["pyscript"] = fake
    try:
        exec(compile(code, "embedding.md:wheel-page", "exec"), {"__name__": "__main__"})
    finally:
        if saved is None:
            del sys.modules["pyscript"]
        else:
            sys.modules["pyscript"] = saved
    return out.textContent


def test_the_page_python_shows_what_the_doc_says() -> None:
    _config, code, shown = wheel_page()
    assert run_page_python(code) == shown
