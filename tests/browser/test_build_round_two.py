"""Build and the Big Box entries, round two (issue 27), in Debian's Chromium at 390 x 844.

Each new cell starts from a fresh tile dialog (a refusal or a cancel carries nothing over); the
status under the grid says what the last action did, whatever it was; every module's entry on
the Score tab has a line that says what to count, in each language (G3, G4, H3, K1, K3, K4, S1,
S4).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from tests.helpers.browser import STORED, Phone, cell, place, player_card
from tests.helpers.pieces import choose_modules, place_piece, tile_dialog, toggle
from tests.helpers.score_modules import SCORING_MODULES

expect = playwright_api.expect


def checked_walls(dialog: Any) -> str:
    return "".join(side for side in "NESW" if dialog.locator(f"#wall-{side}").is_checked())


def test_each_new_cell_starts_from_a_fresh_tile_dialog(phone):
    """A tower with north and east walls, after a garden with walls north and east was placed,
    and after a refused tile and a cancel: tapping the walls it has gives exactly those."""
    page = phone.open()
    page.get_by_role("tab", name="Build").click()
    expect(place(page, 1, 0, "garden", walls="NE")).to_be_hidden()
    dialog = place(page, 2, 1, "tower", walls="S")  # B4: only a corner touches
    dialog.locator('#picker-result li[data-rule="B4"]').wait_for()
    dialog.get_by_role("button", name="Cancel").click()

    cell(page, 0, -1).click()
    expect(dialog).to_be_visible()
    assert dialog.locator('input[name="building"]:checked').get_attribute("value") == "pavilion"
    assert checked_walls(dialog) == ""
    assert dialog.locator("#catalog-tile").input_value() == ""
    expect(dialog.locator("#wall-preview")).to_have_class("tile-preview building-pavilion")
    dialog.get_by_text("tower", exact=True).click()
    for side in "NE":  # tapping the walls it has, as a player does
        dialog.locator(f'label[for="wall-{side}"]').click()
    dialog.get_by_role("button", name="Place the tile").click()
    expect(dialog).to_be_hidden()
    drawing = page.evaluate(STORED)["drawings"][0]
    assert drawing[-1] == [0, -1, "tower", "NE", None]


def test_the_status_says_what_the_last_action_did(phone):
    """Placing a bazaar, then a garden, then a chest on it, then taking it back: the line under
    the grid always tells the last of them."""
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    choose_modules(page, ["Bazaars", "Treasure chests"])
    page.get_by_role("tab", name="Build").click()
    status = page.locator("#build-status")
    dialog = place_piece(page, -1, 0, "Bazaar", ["pavilion", "tower", "garden"])
    expect(dialog).to_be_hidden()
    expect(status).to_have_text("Added: bazaar at (-1,0).")
    expect(place(page, 1, 0, "garden")).to_be_hidden()
    expect(status).to_have_text("Placed: garden at (1,0).")
    dialog = tile_dialog(page, 1, 0)
    toggle(dialog, "Chest")
    expect(status).to_have_text("Added: chest at (1,0).")
    dialog.get_by_role("button", name="Cancel").click()
    expect(status).to_have_text("Added: chest at (1,0).")
    dialog = tile_dialog(page, 1, 0)
    toggle(dialog, "Chest")
    dialog.get_by_role("button", name="Cancel").click()
    expect(status).to_have_text("Taken off: chest at (1,0).")
    page.get_by_role("button", name="Undo last tile").click()
    expect(status).to_have_text("Last tile taken back.")


HELPED = {  # each member's entry and the catalog key of the line under it
    "chests": "help.chests",
    "exposed.facing": "help.facing",
    "exposed.beside": "help.beside",
    "camp_points": "help.camp_points",
    "bazaar_points": "help.bazaar_points",
    "culture_points": "help.culture_points",
}


@pytest.mark.parametrize("language", ["en", "ru", "ja", "de"])
def test_every_module_entry_says_what_to_count_in_each_language(devices, base_url, language):
    visitor = Phone(devices, base_url)
    try:
        page = visitor.open(f"/?lang={language}")
        words = json.loads(page.locator("#messages").text_content() or "{}")
        page.locator("#score-modules summary").click()
        for module in SCORING_MODULES:
            page.locator(f"#score-module-{module}").check()
        page.locator("#score-modules summary").click()
        page.locator('label[for="round-3"]').click()  # every entry: beside and bazaars too
        anna = player_card(page, 0)
        for member, key in HELPED.items():
            field = anna.locator(f'input[data-member="{member}"]')
            help_id = (field.get_attribute("aria-describedby") or "").split()[0]
            line = page.locator(f"#{help_id}")
            expect(line).to_be_visible()
            expect(line).to_have_text(words[key])
        groups = {
            anna.locator("fieldset.residents"): "help.residents",
            page.locator("fieldset.attack"): "help.attack",
            page.locator("fieldset.score-card"): "help.score_card",
            page.locator("fieldset.characters"): "help.characters",
        }
        for group, key in groups.items():
            help_id = (group.get_attribute("aria-describedby") or "").split()[0]
            expect(page.locator(f"#{help_id}")).to_have_text(words[key])
        # each line its own, none a copy of its label
        texts = [words[key] for key in [*HELPED.values(), *groups.values()]]
        assert len(set(texts)) == len(texts)
        anna.locator('input[data-member="exposed.beside"]').scroll_into_view_if_needed()
        if language == "en":
            visitor.shot("score-entry-help")
    finally:
        visitor.close()
