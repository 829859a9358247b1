"""The build tab's Big Box pieces (G1, G4, H3, H4, K1, K4): the modules chosen by name, a tile's
dialog, a piece's toggle and a camp or bazaar placed by taps."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.helpers.browser import cell


def choose_modules(page: Any, names: list[str]) -> None:
    """Tap the Score tab's modules by their names (the table's choice, once per game)."""
    choice = page.locator("#score-modules")
    if choice.get_attribute("open") is None:
        choice.locator("summary").click()
    for name in names:
        choice.get_by_label(re.compile(f"^{name} [A-Z][0-9]$")).check()


def tile_dialog(page: Any, x: int, y: int) -> Any:
    cell(page, x, y).click()
    dialog = page.locator("dialog#picker")
    expect(dialog).to_be_visible()
    return dialog


def toggle(dialog: Any, name: str, refused: str | None = None) -> None:
    """Tap a piece's toggle and wait for the server's word on it: the toggle turned, or the
    rule ``refused`` named beside it and the toggle as it was."""
    button = dialog.get_by_role("button", name=name, exact=True)
    pressed = button.get_attribute("aria-pressed")
    button.click()
    if refused is None:
        expect(dialog.get_by_role("button", name=name, exact=True)).to_have_attribute(
            "aria-pressed", "false" if pressed == "true" else "true"
        )
        expect(dialog.locator("#picker-result li")).to_have_count(0)
    else:
        expect(dialog.locator(f'#picker-result li[data-rule="{refused}"]')).to_be_visible()
        expect(dialog.get_by_role("button", name=name, exact=True)).to_have_attribute(
            "aria-pressed", str(pressed)
        )


def place_piece(page: Any, x: int, y: int, kind: str, choices: list[str]) -> Any:
    """Tap an empty cell, choose a camp or bazaar and tap its sides or types by label."""
    dialog = tile_dialog(page, x, y)
    dialog.get_by_text(kind, exact=True).click()
    group = dialog.locator("#camp-choice" if kind == "Camp" else "#bazaar-choice")
    for label in choices:
        group.get_by_text(label, exact=True).click()
    dialog.get_by_role("button", name=f"Place the {kind.lower()}").click()
    return dialog
