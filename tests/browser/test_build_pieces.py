"""The Build tab draws the Big Box's pieces, in Debian's Chromium at 390 x 844 (issue 21).

Only the pieces of the modules the table chose are offered: chests (K1) and residents (H3) on
a building of their colour, walls added on sides without a printed wall (H4), gates on a
double wall (G1), camps with their bastions and arrows (G4) and bazaars with their three
types (K4), placed like tiles. Each is checked by the server and a refusal names its rule
beside the control; nothing is lost to one tap. "Use for" fills the round's inputs with what
the server counts in the drawing (X1), and the round then scores what the server gives the
Alhambra itself. Expected points are worked out here by hand from RULES.md.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from tests.helpers.browser import (
    ARTIFACTS,
    STORED,
    Phone,
    assert_accessible,
    assert_fits,
    cell,
    choose_round,
    not_busy,
    place,
    player_card,
    score,
    shown_round_points,
)
from tests.helpers.pieces import choose_modules, place_piece, tile_dialog, toggle

expect = playwright_api.expect

PIECE_MODULES = {  # the module names as the Score tab lists them, and their wire names
    "City gates": "gates",
    "Camps": "camps",
    "Street traders": "street_traders",
    "City walls": "city_walls",
    "Treasure chests": "treasure",
    "Invaders": "invaders",
    "Bazaars": "bazaars",
}

# --- the drawing of the tests, and its points worked out by hand ----------------------------
# Fountain (0,0); arcades (0,-1) without walls; a garden (1,0) with a north wall, a tower
# (1,-1) with a south wall: a double wall between them, gated (G1). The garden holds a chest
# (K1), a resident (H3) and a wall added on its south side (H4), which the camp at (1,1) faces
# with its bastion (G4); the tower holds a resident. A bazaar of arcades, garden and tower
# stands at (-1,0) (K4).
TILES = [((0, -1), "arcades", ""), ((1, 0), "garden", "N"), ((1, -1), "tower", "S")]
ALHAMBRA = [
    {"building": "arcades", "walls": "", "x": 0, "y": -1},
    {
        "building": "garden",
        "walls": "N",
        "x": 1,
        "y": 0,
        "chest": True,
        "resident": True,
        "added_walls": "S",
    },
    {"building": "tower", "walls": "S", "x": 1, "y": -1, "resident": True},
    {"camp": {"bastions": "N", "arrows": "N"}, "x": 1, "y": 1},
    {"bazaar": ["arcades", "garden", "tower"], "x": -1, "y": 0},
]
GATES = [{"x": 1, "y": 0, "side": "N"}]
DRAWING = [  # what the page keeps of it, in the order the taps below draw it
    [0, -1, "arcades", "", None],
    [1, 0, "garden", "N", None],
    [1, -1, "tower", "S", None],
    {"x": 1, "y": 0, "chest": True},
    {"x": 1, "y": 0, "resident": True},
    {"x": 1, "y": 0, "added_wall": "S"},
    {"x": 1, "y": 0, "gate": "N"},
    {"x": 1, "y": -1, "resident": True},
    {"x": 1, "y": 1, "camp": {"bastions": "N", "arrows": "N"}},
    {"x": -1, "y": 0, "bazaar": ["arcades", "garden", "tower"]},
]

# Round 3, attack from the north, the two other players with nothing:
MAJORITIES = 18 + 20 + 21  # M2 round 3, first place: arcades, garden, tower
WALL = 1  # W1-W3: the added south wall faces the camp's bastion, so it stays outer (G4, H4);
#           the gated double wall is inner (G1); no other wall
CHESTS = 22  # K1 round 3: 1 chest, first place
RESIDENTS = 3  # H3: one set of two colours (garden, tower)
CAMP = 2  # G4: the arrow north from (1,1) passes the garden and the tower, then an empty cell
BAZAAR = 1  # K4: of its 8 neighbours only the arcades are of its types: n = 1, c = 1
FACING, BESIDE = 3, 6
# K3, attack N: open north sides of the arcades, the tower and the bazaar (3); open east sides
# of the garden, the tower and the camp, open west sides of the arcades, the camp and the
# bazaar (6); round 3 costs 3 per side facing and 1 per side beside.
INVADERS = -(3 * FACING + BESIDE)
HAND_COUNT = MAJORITIES + WALL + CHESTS + RESIDENTS + CAMP + BAZAAR + INVADERS
assert HAND_COUNT == 73


def expect_422_logged(phone: Phone) -> None:
    """A refusal comes as a 422, which Chromium logs as a failed resource: expected here."""
    refused = [e for e in phone.errors if "status of 422" in e]
    assert len(refused) == 1, phone.errors
    phone.errors.remove(refused[0])


def draw_the_alhambra(page: Any, phone: Phone) -> None:
    """TILES and every piece of ALHAMBRA by taps, with a gate and a camp refused on the way."""
    page.get_by_role("tab", name="Build").click()
    for (x, y), building, walls in TILES:
        expect(place(page, x, y, building, walls=walls)).to_be_hidden()

    garden = tile_dialog(page, 1, 0)
    expect(garden.get_by_role("heading")).to_have_text(
        "garden at (1,0) — north"
    )  # capitalised by CSS
    toggles = garden.locator("#piece-buttons button").all_inner_texts()
    # walls only where none is printed (H4), gates only on a walled side (G1)
    assert toggles == [
        "Chest",
        "Resident",
        "Added wall: east",
        "Added wall: south",
        "Added wall: west",
        "Gate: north",
    ]
    for name in ["Chest", "Resident", "Added wall: south", "Gate: north"]:
        toggle(garden, name)
    expect(garden.locator("#picker-status")).to_have_text("Added: gate (north) at (1,0).")

    # G1: the added south wall faces an empty cell, no double wall: refused, rule beside it.
    toggle(garden, "Gate: south", refused="G1")
    expect(garden.locator('#picker-result li[data-rule="G1"]')).to_have_text(
        "G1 City gates: The gate on the south side of (1,0) stands on no double wall: it needs "
        "a wall there and one across it, on a tile at (1,1)."
    )
    expect(garden.locator("#picker-status")).to_have_text(
        "Not added: gate (south) at (1,0) breaks G1."
    )
    expect_422_logged(phone)
    phone.shot("build-piece-refused")
    garden.get_by_role("button", name="Cancel").click()

    tower = tile_dialog(page, 1, -1)
    toggle(tower, "Resident")
    tower.get_by_role("button", name="Cancel").click()

    # G4: a bastion west at (2,0) faces the garden's east side, which has no wall.
    dialog = place_piece(page, 2, 0, "Camp", ["West bastion", "Arrow east"])
    refused = dialog.locator('#picker-result li[data-rule="G4"]')
    expect(refused).to_have_text(
        "G4 Camps: The bastion on the west side of the camp at (2,0) faces no building's wall "
        "at (1,0)."
    )
    expect(page.locator("#build-status")).to_have_text("Not placed: camp at (2,0) breaks G4.")
    dialog.get_by_role("button", name="Cancel").click()

    # Where may a camp with a north bastion go? The cells marked are the server's (G4, B4-B6).
    dialog = tile_dialog(page, 2, 0)
    dialog.get_by_text("Camp", exact=True).click()
    dialog.locator("#camp-choice").get_by_text("North bastion", exact=True).click()
    dialog.locator("#camp-choice").get_by_text("Arrow north", exact=True).click()
    dialog.get_by_role("button", name="Where does it fit?").click()
    expect(dialog).to_be_hidden()
    answer = page.request.post(
        f"{phone.base_url}/v1/placement/options",
        data=json.dumps(
            {
                "alhambra": ALHAMBRA[:3],
                "gates": GATES,
                "modules": ["camps", "city_walls", "gates", "street_traders", "treasure"],
                "tile": {"camp": {"bastions": "N", "arrows": "N"}},
            }
        ),
        headers={"Content-Type": "application/json"},
    )
    assert answer.ok, answer.text()
    cells = sorted((c["x"], c["y"]) for c in answer.json()["cells"])
    assert (1, 1) in cells  # facing the garden's added south wall
    fits = page.locator("#grid button.cell.fits").evaluate_all(
        "cells => cells.map(c => [Number(c.dataset.x), Number(c.dataset.y)])"
    )
    assert sorted(map(tuple, fits)) == cells

    expect(place_piece(page, 1, 1, "Camp", ["North bastion", "Arrow north"])).to_be_hidden()
    expect(page.locator("#build-status")).to_have_text("Added: camp at (1,1).")
    expect(place_piece(page, -1, 0, "Bazaar", ["garden", "tower", "arcades"])).to_be_hidden()
    expect(page.locator("#build-status")).to_have_text("Added: bazaar at (-1,0).")


def test_build_every_piece_by_taps_refused_with_its_rule(phone):
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    choose_modules(page, list(PIECE_MODULES))
    draw_the_alhambra(page, phone)

    # The grid says what stands where, in words (the colours are the style sheet's).
    assert cell(page, 1, 0).get_attribute("aria-label") == (
        "garden at (1,0), north; chest; resident; added walls: south; gates: north; "
        "part of the longest wall"
    )
    assert cell(page, 1, -1).get_attribute("aria-label") == (
        "tower at (1,-1), south; resident; gates: south"
    )
    assert cell(page, 1, 1).get_attribute("aria-label") == (
        "Camp at (1,1), bastions: north, arrows: north"
    )
    assert cell(page, -1, 0).get_attribute("aria-label") == (
        "Bazaar at (-1,0): arcades, garden, and tower"
    )
    expect(page.locator("#summary-wall")).to_have_attribute("data-length", str(WALL))
    expect(page.locator("#summary-pieces")).to_have_text(
        "Pieces: camp 1, bazaar 1, chest 1, resident 2, added wall 1, gate 1"
    )
    stored = page.evaluate(STORED)
    assert stored["drawings"][0] == DRAWING
    page.locator("#grid").scroll_into_view_if_needed()
    phone.shot("build-pieces")

    # The picture draws the pieces too (POST /v1/render with them).
    page.get_by_role("button", name="Show the picture").click()
    picture = page.locator("#picture svg")
    picture.wait_for()
    expect(picture.locator('[data-piece="camp"]')).to_have_count(1)
    expect(picture.locator('[data-piece="bazaar"]')).to_have_count(1)
    expect(picture.locator('[data-token="chest"]')).to_have_count(1)
    expect(picture.locator('[data-token="resident"]')).to_have_count(2)
    expect(picture.locator(".gates .gate")).to_have_count(1)
    assert_accessible(page, "the Build tab with every piece and its picture")

    # Undo takes back the last piece drawn, whichever it is.
    expect(page.get_by_role("button", name="Undo last piece")).to_be_visible()
    page.get_by_role("button", name="Undo last piece").click()
    expect(page.locator("#build-status")).to_have_text("Last piece taken back: bazaar at (-1,0).")
    expect(cell(page, -1, 0)).not_to_have_class(re.compile(r"\bbazaar\b"))


def test_removing_a_tile_with_pieces_asks_first_and_names_them(phone):
    """The tower's resident and the gate on its double wall go with it (G1: a gate needs both
    tiles): one tap loses nothing, the page asks and names them."""
    page = phone.open()
    choose_modules(page, list(PIECE_MODULES))
    draw_the_alhambra(page, phone)
    before = page.evaluate(STORED)["drawings"][0]
    tower = tile_dialog(page, 1, -1)
    tower.get_by_role("button", name="Remove this tile").click()
    question = page.locator("dialog#confirm")
    expect(question).to_be_visible()
    expect(question.locator("h2")).to_have_text("Remove what stands at (1,-1)? This will be lost:")
    assert question.locator("#confirm-lost li").all_inner_texts() == [
        "The pieces on it at (1,-1): gate (south) and resident"
    ]
    expect(question.get_by_role("button", name="Keep it")).to_be_focused()
    phone.shot("build-remove-confirm")
    question.get_by_role("button", name="Keep it").click()
    assert page.evaluate(STORED)["drawings"][0] == before

    tower.get_by_role("button", name="Remove this tile").click()
    question.get_by_role("button", name="Remove it").click()
    expect(page.locator("#build-status")).to_have_text("Tile removed from (1,-1).")
    after = page.evaluate(STORED)["drawings"][0]
    assert [entry for entry in before if entry not in after] == [
        [1, -1, "tower", "S", None],
        {"x": 1, "y": 0, "gate": "N"},
        {"x": 1, "y": -1, "resident": True},
    ]


def test_use_for_fills_the_round_from_the_drawing_and_scores_as_the_alhambra(phone):
    """X1: Use for copies what the server counts in the drawing into round 3's inputs, and the
    round then scores what the server gives the Alhambra itself: the hand count above."""
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    choose_modules(page, list(PIECE_MODULES))
    choose_round(page, 3)
    page.locator("#round-cards").get_by_text("North", exact=True).click()  # the attack (K3)
    draw_the_alhambra(page, phone)

    page.get_by_role("button", name="Use for Anna in round 3").click()
    expect(page.locator("#use-status")).to_have_text(
        "Counts, wall and pieces copied to Anna, round 3."
    )
    page.get_by_role("tab", name="Score").click()
    anna = player_card(page, 0)
    entered = {
        label: int(anna.get_by_label(label, exact=True).input_value())
        for label in [
            "arcades",
            "garden",
            "tower",
            "Longest wall",
            "Chests",
            "garden residents",
            "tower residents",
            "Exposed sides facing the attack",
            "Exposed sides beside the attack",
            "Camp points",
            "Bazaar points",
        ]
    }
    assert entered == {
        "arcades": 1,
        "garden": 1,
        "tower": 1,
        "Longest wall": WALL,
        "Chests": 1,
        "garden residents": 1,
        "tower residents": 1,
        "Exposed sides facing the attack": FACING,
        "Exposed sides beside the attack": BESIDE,
        "Camp points": CAMP,
        "Bazaar points": BAZAAR,
    }
    score(page, 3)
    by_counts = shown_round_points(page)[0]

    # The server's answer for the Alhambra itself, at the same table.
    response = page.request.post(
        f"{phone.base_url}/v1/scores",
        data=json.dumps(
            {
                "round": 3,
                "attack": "N",
                "modules": sorted(PIECE_MODULES.values()),
                "players": [
                    {"name": "Anna", "alhambra": ALHAMBRA, "gates": GATES},
                    {"name": "Player 2", "counts": {}},
                    {"name": "Player 3", "counts": {}},
                ],
            }
        ),
        headers={"Content-Type": "application/json"},
    )
    assert response.ok, response.text()
    by_alhambra = response.json()["players"][0]["points"]
    assert by_counts == by_alhambra == HAND_COUNT

    # The same drawing again: nothing to copy.
    page.get_by_role("tab", name="Build").click()
    page.get_by_role("button", name="Use for Anna in round 3").click()
    expect(page.locator("#use-status")).to_have_text(
        "Anna's entries in round 3 already match the drawing."
    )


def test_only_the_chosen_modules_bring_their_pieces(phone):
    page = phone.open()
    choose_modules(page, ["Treasure chests"])
    page.get_by_role("tab", name="Build").click()
    dialog = tile_dialog(page, 1, 0)
    expect(dialog.locator("#picker-kind")).to_be_hidden()  # no camps, no bazaars: tiles only
    dialog.get_by_role("button", name="Cancel").click()
    expect(place(page, 1, 0, "garden")).to_be_hidden()
    dialog = tile_dialog(page, 1, 0)
    assert dialog.locator("#piece-buttons button").all_inner_texts() == ["Chest"]


STORED_GAME = {  # DRAWING as the page keeps it, for the layout checks
    "modules": sorted(PIECE_MODULES.values()),
    "tab": "build",
    "drawings": [DRAWING, [], []],
}


@pytest.mark.parametrize("language", ["en", "de", "ru", "ja"])
def test_build_pieces_fit_a_phone_in_every_language(phone, language):
    """No sideways scroll at 390 px, every target at least 44 px, axe-clean: the grid with
    every piece, the tile dialog's toggles, the camp's and the bazaar's choices."""
    page = phone.open(f"/?lang={language}")
    page.get_by_role("tab").nth(1).click()  # Build: the game is saved from here on
    page.evaluate(
        """game => {
            const key = 'alhambra-scores/v1';
            const saved = JSON.parse(localStorage.getItem(key));
            localStorage.setItem(key, JSON.stringify({ ...saved, ...game }));
        }""",
        STORED_GAME,
    )
    page.reload()
    not_busy(page)
    messages = json.loads(page.locator("#messages").text_content() or "{}")
    expect(cell(page, 1, 1)).to_have_class(re.compile(r"\bcamp\b"))

    def fits(where: str) -> None:
        assert_fits(page, f"{language}, {where}", "main button:visible, dialog button:visible")
        assert_accessible(page, f"{language}: {where}")

    fits("the grid with every piece")
    dialog = tile_dialog(page, 1, 0)
    expect(dialog.locator("#piece-buttons button")).to_have_count(7)
    # the garden holds the camp to the Alhambra (B4): once said, the grid is drawn for good
    expect(dialog.locator('#picker-result li[data-rule="B4"]')).to_be_visible()
    expect(cell(page, 1, 1)).to_have_class(re.compile(r"\bbad\b"))  # what would break
    fits("a building's pieces")
    if language == "en":
        phone.shot("build-tile-pieces")
    dialog.locator("#picker-cancel").click()
    # nothing was removed: the camp is legal again in the grid's eyes
    expect(cell(page, 1, 1)).not_to_have_class(re.compile(r"\bbad\b"))
    dialog = tile_dialog(page, 2, 0)
    dialog.get_by_text(messages["kind.camp"], exact=True).click()
    dialog.get_by_text(messages["camp.bastions_S"], exact=True).click()
    dialog.get_by_text(messages["camp.arrows_N"], exact=True).click()
    expect(dialog.locator(".camp-preview.bastion-S .arrow-N")).to_have_count(2)  # both editors
    fits("a camp's bastions and arrows")
    if language == "en":
        phone.shot("build-camp-choice")
    dialog.get_by_text(messages["kind.bazaar"], exact=True).click()
    fits("a bazaar's types")
    dialog.locator("#picker-cancel").click()
    page.locator("#show-picture").click()  # the picture names the pieces in the page's language
    picture = page.locator("#picture svg")
    expect(picture.locator('[data-piece="camp"]')).to_contain_text(messages["piece.camp"])
    expect(picture.locator('[data-piece="bazaar"]')).to_contain_text(messages["piece.bazaar"])
    if language != "en":
        page.screenshot(path=str(ARTIFACTS / f"build-pieces-{language}.png"))


def test_use_for_without_the_attack_card_copies_the_rest_and_says_so(phone):
    """K3: exposed sides follow this scoring's attack card; with none chosen yet, Use for
    copies what it can (the chest, K1) and says what it left."""
    page = phone.open()
    choose_modules(page, ["Treasure chests", "Invaders"])
    page.get_by_role("tab", name="Build").click()
    expect(place(page, 1, 0, "garden")).to_be_hidden()
    garden = tile_dialog(page, 1, 0)
    toggle(garden, "Chest")
    garden.get_by_role("button", name="Cancel").click()
    page.get_by_role("button", name="Use for Player 1 in round 1").click()
    expect(page.locator("#use-status")).to_have_text(
        "Counts, wall and pieces copied to Player 1, round 1. Exposed sides not copied: "
        "choose the attack card of round 1 first (K3)."
    )
    page.get_by_role("tab", name="Score").click()
    player = player_card(page, 0)
    assert player.get_by_label("Chests", exact=True).input_value() == "1"
    assert player.get_by_label("garden", exact=True).input_value() == "1"
    assert player.get_by_label("Exposed sides facing the attack", exact=True).input_value() == "0"


def test_a_new_game_names_the_tiles_and_the_pieces_of_the_drawing_apart(phone):
    """Nothing lost to one tap: the question before a new game counts the drawing's tiles as
    tiles and names its pieces, each kind with its number."""
    page = phone.open()
    choose_modules(page, list(PIECE_MODULES))
    draw_the_alhambra(page, phone)
    assert page.evaluate(STORED)["drawings"][0] == DRAWING
    page.get_by_role("tab", name="Score").click()
    page.get_by_role("button", name="New game").click()
    question = page.locator("dialog#confirm")
    expect(question).to_be_visible()
    lost = question.locator("#confirm-lost li").all_inner_texts()
    assert "3 tiles drawn in Build" in lost, lost
    assert (
        "Pieces drawn in Build: camp 1, bazaar 1, chest 1, resident 2, added wall 1, gate 1" in lost
    ), lost
    phone.shot("score-new-game-pieces")
    question.get_by_role("button", name="Keep it").click()
    assert page.evaluate(STORED)["drawings"][0] == DRAWING
