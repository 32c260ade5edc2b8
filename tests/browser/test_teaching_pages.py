"""Every game's rule-teaching page (games/<id>/examples/teaching.html): each frame boots in step mode,
shows a caption (with no seed line numbers: provenance is not for players), and stepping to the end
changes the caption at every step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser import app
from tests.browser.support import describe, wait_ready

pytestmark = pytest.mark.browser
WEB = Path(__file__).resolve().parents[2] / "web"
STEP_AT = (  # the step counter ("Step k of n", in any language) shows step k
    "(k) => (document.querySelector(\"[data-testid='step-pos']\").innerText.match(/\\d+/) || [])[0]"
    " === String(k)"
)
PAGES = sorted(p.relative_to(WEB).as_posix() for p in WEB.glob("games/*/examples/teaching.html"))


def test_there_are_teaching_pages() -> None:
    assert PAGES


@pytest.mark.parametrize("path", PAGES)
def test_a_teaching_page_steps_through_its_examples_with_a_caption_per_step(page, base_url, path):
    page.goto(f"{base_url}/{path}")
    frames = [f for f in page.frames if "embed.html" in f.url and "step=1" in f.url]
    assert len(frames) >= 2, [f.url for f in page.frames]
    for frame in frames:
        wait_ready(page, frame=frame)
        pos = frame.locator("[data-testid='step-pos']")
        total = int(re.findall(r"\d+", pos.inner_text())[-1])
        assert total >= 1, pos.inner_text()
        seen = []
        for k in range(total + 1):
            if k:
                frame.locator(app.sel("step_next")).click()
                frame.wait_for_function(STEP_AT, arg=k, timeout=30_000)
            cap = frame.locator("[data-testid='caption']")
            assert cap.is_visible(), describe(frame)
            text = cap.inner_text()
            assert not re.search(r"\bL\d+", text), text  # seed line numbers are not for players
            seen.append(text)
        assert len(set(seen)) == len(seen), f"{frame.url}: a step repeats the caption of another"
