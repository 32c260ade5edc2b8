"""Render the site's icon (web/icons/icon.svg) as the PNGs the web app manifest lists.

    python scripts/make_icons.py

Uses Debian's chromium through Playwright (as the browser tests do). The PNGs are committed (a few KB
each): the build copies them and needs no browser. Run again after changing icon.svg.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
ICONS = ROOT / "web" / "icons"
SIZES = (192, 512)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<!doctype html><html><body style='margin:0'>"
                + svg.replace("<svg ", f"<svg width='{size}' height='{size}' style='display:block' ", 1)
                + "</body></html>"
            )
            page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
