"""Render the phone page's app icons (``calculator/web/static/icons/``) from ``icon.svg``.

    .venv/bin/python scripts/page_icons.py

The web app manifest (``GET /manifest.webmanifest``) names PNG icons at the sizes browsers ask
for when the page is installed to a home screen: 192 and 512 px, each as the SVG draws it
(``any``) and as a ``maskable`` icon (the drawing within the central 80 %, the safe zone a
launcher may crop to a circle, on the icon's own blue), and 180 px for iOS's
``apple-touch-icon``. They are drawn by Chromium (Debian's, through Playwright, as the page's
tests use it) from the SVG alone, so they change only when the SVG does: rerun this script
then, and commit the PNGs.
"""

from __future__ import annotations

import base64
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "calculator" / "web" / "static"
ICONS = STATIC / "icons"
BACKGROUND = "#0d3b66"  # the icon's own blue (icon.svg), under a maskable icon's crop
SAFE_ZONE = 0.8  # a maskable icon's drawing stays within the central 80 % (W3C manifest)
SIZES = {  # file name: (size in px, maskable)
    "icon-180.png": (180, False),
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-192.png": (192, True),
    "maskable-512.png": (512, True),
}


def page_of(svg: str, size: int, maskable: bool) -> str:
    """An HTML page of exactly `size` px showing the SVG, whole or within the safe zone."""
    drawn = round(size * SAFE_ZONE) if maskable else size
    margin = (size - drawn) // 2
    source = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    return (
        f'<html><body style="margin:0;width:{size}px;height:{size}px;'
        f'background:{BACKGROUND if maskable else "transparent"}">'
        f'<img src="{source}" width="{drawn}" height="{drawn}" '
        f'style="display:block;position:absolute;left:{margin}px;top:{margin}px"></body></html>'
    )


def main() -> None:
    svg = (STATIC / "icon.svg").read_text("utf-8")
    ICONS.mkdir(exist_ok=True)
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        for name, (size, maskable) in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_of(svg, size, maskable))
            page.screenshot(path=str(ICONS / name), omit_background=not maskable)
            page.close()
            print(f"{name}: {size} x {size}{' maskable' if maskable else ''}")
        browser.close()


if __name__ == "__main__":
    main()
