"""The examples in docs/api.md run, and print what the page says they print."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"


def test_api_examples_run_as_documented() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) > 10, "docs/api.md lost its examples"
    text = "\n".join(blocks)
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, "docs/api.md", str(DOC), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 50
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed (see above)"
