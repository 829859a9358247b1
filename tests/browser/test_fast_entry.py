"""Fast entry at the table (issue 27), in Debian's Chromium at 390 x 844.

A number opens the phone's numeric keyboard with the number selected, so that typing replaces
it, and its Next key goes on to the following number; minus and plus repeat while held; a count that
can be derived is offered in one tap: from the previous round (counts only grow), and from a
player's drawing (X1, counted by the server).
"""

from __future__ import annotations

from typing import Any

from playwright import sync_api as playwright_api

from tests.browser.test_browser import choose_round, place, player_card, score, step_to
from tests.browser.test_page_at_the_table import STORED

expect = playwright_api.expect


def stored_counts(page: Any, round_: int, seat: int) -> list[int]:
    return list(page.evaluate(STORED)["rounds"][round_ - 1]["counts"][seat])


def test_tapping_a_number_opens_the_numeric_keyboard_and_typing_replaces_it(phone):
    page = phone.open()
    anna = player_card(page, 0)
    tower = anna.get_by_label("tower", exact=True)
    for field in page.locator("#entries input[type=number], #player-count").all():
        assert field.get_attribute("inputmode") == "numeric"  # the digits keyboard
        assert field.get_attribute("enterkeyhint") == "next"
    step_to(anna, "tower", 3)
    tower.click()  # the tap that opens the keyboard selects the number shown
    page.keyboard.type("7")
    expect(tower).to_have_value("7")  # typed over the 3, not after it
    assert stored_counts(page, 1, 0)[5] == 7
    page.keyboard.press("Enter")  # Next: the following number of the card
    wall = anna.get_by_label("Longest wall", exact=True)
    expect(wall).to_be_focused()
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    expect(wall).to_have_value("12")
    assert page.evaluate(STORED)["rounds"][0]["walls"][0] == 12
    expect(player_card(page, 1).get_by_label("Name of player 2")).not_to_be_focused()
    # typing past the game's tiles stops at them (C1: 11 towers), and an emptied field left
    # alone shows its number again
    tower.click()
    page.keyboard.type("40")
    expect(tower).to_have_value("11")
    tower.click()
    page.keyboard.press("Backspace")
    expect(tower).to_have_value("")
    page.get_by_label("Name of player 1").click()
    expect(tower).to_have_value("11")
    assert stored_counts(page, 1, 0)[5] == 11


def test_holding_plus_or_minus_repeats_until_released(phone):
    page = phone.open()
    anna = player_card(page, 0)
    garden = anna.get_by_label("garden", exact=True)
    more = anna.get_by_role("button", name="garden: one more")
    more.hover()
    page.mouse.down()
    page.wait_for_function(
        "field => Number(field.value) >= 6", arg=garden.element_handle(), timeout=5_000
    )
    page.mouse.up()
    held = int(garden.input_value())
    page.wait_for_timeout(600)
    assert int(garden.input_value()) == held  # released: it stops, and the lift adds none
    assert held >= 6
    assert stored_counts(page, 1, 0)[4] == held

    fewer = anna.get_by_role("button", name="garden: one fewer")
    fewer.hover()
    page.mouse.down()
    page.wait_for_function("field => field.value === '0'", arg=garden.element_handle())
    page.wait_for_timeout(400)  # held on at 0: nothing below it
    page.mouse.up()
    expect(garden).to_have_value("0")

    more.click()  # a tap is still one step
    expect(garden).to_have_value("1")
    phone.shot("score-hold-to-repeat")


def test_a_count_below_the_previous_rounds_is_offered_in_one_tap(phone):
    """Counts only grow: round 2 was started from round 1, then round 1 was corrected; round 2
    offers round 1's count where its own is lower, and takes it in one tap."""
    page = phone.open()
    anna = player_card(page, 0)
    step_to(anna, "tower", 2)
    score(page, 1)
    choose_round(page, 2)  # starts from round 1: 2 towers
    assert stored_counts(page, 2, 0)[5] == 2
    expect(page.locator("#entries button.offer:visible")).to_have_count(0)
    choose_round(page, 1)
    step_to(anna, "tower", 3)
    choose_round(page, 2)
    offer = player_card(page, 0).get_by_role("button", name="tower: take 3, as in round 1")
    expect(offer).to_have_text("3, as in round 1")
    expect(page.locator("#entries button.offer:visible")).to_have_count(1)
    phone.shot("score-previous-round-offer")
    offer.click()
    expect(player_card(page, 0).get_by_label("tower", exact=True)).to_have_value("3")
    expect(offer).to_be_hidden()
    assert stored_counts(page, 2, 0)[5] == 3


def test_a_players_drawing_is_offered_on_their_card(phone):
    """Anna drew a garden with a north wall and a tower in Build: her card offers the round's
    entries from it, counted by the server (X1: W1-W3 count the wall, 2 segments here); the
    card of a player without a drawing offers nothing."""
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    page.get_by_role("tab", name="Build").click()
    expect(place(page, 1, 0, "garden", walls="N")).to_be_hidden()
    expect(place(page, 2, 0, "tower", walls="N")).to_be_hidden()
    page.get_by_role("tab", name="Score").click()
    offer = player_card(page, 0).get_by_role("button", name="Take round 1 from the drawing (Build)")
    expect(offer).to_be_visible()
    expect(player_card(page, 1).locator(".from-drawing")).to_be_hidden()
    offer.click()
    expect(player_card(page, 0).locator(".from-drawing .status")).to_have_text(
        "Counts and wall copied to Anna, round 1."
    )
    assert stored_counts(page, 1, 0) == [0, 0, 0, 0, 1, 1]
    assert page.evaluate(STORED)["rounds"][0]["walls"][0] == 2
    expect(player_card(page, 0).get_by_label("Longest wall", exact=True)).to_have_value("2")
