"""The Score tab with the Big Box (issue 21), in Debian's Chromium at 390 x 844: the table
chooses its modules once per game, all twenty grouped by expansion; each round asks for exactly
what the chosen ones score (G3, G4, H3, K1, K3, K4, S1, S4; X1: what the table counted); the
breakdown shows each module's part citing its rule; the running total never goes below 0 (K3);
a refusal stands beside the entry it points at.

Every control is found by its accessible name, as a screen reader would name it. The points are
held to a hand count worked out here from RULES.md and to the server's own answer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from tests.helpers.browser import (
    STORED,
    Phone,
    assert_accessible,
    choose_round,
    not_busy,
    score,
    shown_round_points,
    shown_totals,
    step_to,
)
from tests.helpers.score_modules import CARD, SCORING_MODULES, choose_modules

expect = playwright_api.expect

BUILDINGS = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]

# --- the worked example: round 3 of a Big Box game, counted by hand ----------------------------
#
# The score card (S1), least valuable first: tower, garden, chambers, arcades, seraglio,
# pavilion. The type at position p pays M2's row p in round 3: p + 15, p + 7, p.
PAID = {b: [p + 15, p + 7, p] for p, b in enumerate(CARD, start=1)}  # pavilion 21, 13, 6
TABLE = [  # counts in BUILDINGS order (C1: no type beyond 7, 7, 9, 9, 11, 11)
    {
        "name": "Anna",
        "counts": [2, 1, 3, 1, 2, 3],
        "wall": 6,
        "chests": 2,
        "residents": {"arcades": 1, "garden": 1, "tower": 2},
        "facing": 2,
        "beside": 3,
        "camp": 4,
        "bazaar": 6,
        "culture": 5,
    },
    {
        "name": "Ben",
        "counts": [1, 2, 1, 2, 3, 2],
        "wall": 4,
        "chests": 3,
        "residents": {"pavilion": 1, "seraglio": 1, "chambers": 1, "garden": 1},
        "facing": 1,
        "beside": 2,
        "camp": 0,
        "bazaar": 12,
        "culture": 0,
    },
    {
        "name": "Chris",
        "counts": [2, 1, 0, 3, 1, 1],
        "wall": 5,
        "chests": 1,
        "residents": {},
        "facing": 0,
        "beside": 0,
        "camp": 3,
        "bazaar": 0,
        "culture": 9,
    },
]
# G3: Chris owns the Wise Man and names pavilion; Anna owns the City Watch. K3: attack from
# the north.
EXPECTED_MAJORITIES = [  # M3, M4 with the card's rows, before the Wise Man
    # pavilion: Anna and Chris tie on 2 for 1st, (21 + 13) / 2 = 17 each, Ben 3rd 6;
    # seraglio: Ben 1st 20, Anna and Chris tie for 2nd, (12 + 5) / 2 = 8 (rounded down);
    # arcades: Anna 19, Ben 11; chambers: Chris 18, Ben 10, Anna 3;
    # garden: Ben 17, Anna 9, Chris 2; tower: Anna 16, Ben 8, Chris 1.
    [17, 8, 19, 3, 9, 16],
    [6, 20, 11, 10, 17, 8],
    [17, 8, 0, 18, 2, 1],
]
EXPECTED_PARTS = [
    {
        # G3: the Wise Man makes Chris 2.5 pavilions, 1st alone: Anna falls to 2nd, 13 - 17;
        # the City Watch: longest wall 6 / 3 = 2
        "characters": -4 + 2,
        "camps": 4,  # G4, as counted
        "street_traders": 6 + 1,  # H3: {arcades, garden, tower} 6, {tower} 1
        "treasure": 14,  # K1 round 3: 22, 14, 7; Ben's 3 chests first, Anna's 2 second
        "invaders": -3 * 2 - 1 * 3,  # K3 round 3: 3 per side facing, 1 per side beside
        "bazaars": 6,  # K4, final scoring
        "art_of_the_moors": 5,  # S4
    },
    {
        "characters": 0,
        "camps": 0,
        "street_traders": 10,  # H3: four colours, one set
        "treasure": 22,
        "invaders": -3 * 1 - 1 * 2,
        "bazaars": 12,
        "art_of_the_moors": 0,
    },
    {
        "characters": 21 - 17,  # the Wise Man: pavilion 1st alone
        "camps": 3,
        "street_traders": 0,
        "treasure": 7,
        "invaders": 0,
        "bazaars": 0,
        "art_of_the_moors": 9,
    },
]
EXPECTED_POINTS = [  # M5: majorities + wall (W4) + every module's part
    sum(EXPECTED_MAJORITIES[seat]) + TABLE[seat]["wall"] + sum(EXPECTED_PARTS[seat].values())
    for seat in range(3)
]
assert EXPECTED_POINTS == [103, 115, 74]


def player(page: Any, name: str) -> Any:
    """A player's card: the group named after the player."""
    return page.get_by_role("group", name=name, exact=True)


def name_players(page: Any, names: list[str]) -> None:
    for seat, name in enumerate(names):
        page.get_by_label(f"Name of player {seat + 1}").fill(name)


def tap_score_card(page: Any, card: list[str]) -> None:
    for building in card:
        page.get_by_role("button", name=f"{building}: next on the score card").click()


def enter_worked_example(page: Any) -> None:
    name_players(page, [seat["name"] for seat in TABLE])
    choose_round(page, 3)
    page.get_by_role("group", name="Attack card (K3)").get_by_text("North").click()
    tap_score_card(page, CARD)
    page.get_by_label("Wise Man's owner").select_option(label="Chris")
    page.get_by_label("Type the Wise Man names").select_option(label="pavilion")
    page.get_by_label("City Watch's owner").select_option(label="Anna")
    for seat in TABLE:
        card = player(page, seat["name"])
        for building, count in zip(BUILDINGS, seat["counts"], strict=True):
            step_to(card, building, count)
        step_to(card, "Longest wall", seat["wall"])
        step_to(card, "Chests", seat["chests"])
        for building, count in seat["residents"].items():
            step_to(card, f"{building} residents", count)
        step_to(card, "Exposed sides facing the attack", seat["facing"])
        step_to(card, "Exposed sides beside the attack", seat["beside"])
        step_to(card, "Camp points", seat["camp"])
        step_to(card, "Bazaar points", seat["bazaar"])
        step_to(card, "Culture points", seat["culture"])


def shown_part(page: Any, seat: int, module: str) -> int:
    row = page.locator(f'#results-body details[data-player="{seat}"] tr[data-module="{module}"]')
    return int(row.locator("td").last.inner_text())


def test_a_big_box_round_scored_by_taps_matches_the_hand_count_and_the_server(phone):
    page = phone.open()
    choose_modules(page, list(SCORING_MODULES.values()))
    expect(page.locator("#score-modules summary")).to_have_text("Modules: 8 chosen")
    page.locator("#score-modules summary").click()
    page.get_by_role("group", name="The Treasure Chamber").scroll_into_view_if_needed()
    phone.shot("score-modules")
    page.locator("#score-modules summary").click()
    enter_worked_example(page)
    page.locator("#round-cards").scroll_into_view_if_needed()
    phone.shot("score-round-cards")
    player(page, "Anna").get_by_label("Chests", exact=True).evaluate(
        "field => field.scrollIntoView({block: 'start'})"
    )
    page.evaluate("window.scrollBy(0, -120)")  # below the sticky tabs, the wall above it
    phone.shot("score-player-members")

    with page.expect_response(lambda response: response.url.endswith("/v1/scores")) as sent:
        score(page, 3)
    answer = sent.value.json()
    asked = json.loads(sent.value.request.post_data or "{}")
    assert asked["attack"] == "N" and asked["score_card"] == CARD
    assert asked["players"][2]["characters"] == {"wise_man": "pavilion"}
    assert asked["players"][0]["characters"] == {"city_watch": True}
    assert answer["warnings"] == []  # a table that can be

    assert shown_round_points(page) == EXPECTED_POINTS
    assert [p["points"] for p in answer["players"]] == EXPECTED_POINTS
    assert shown_totals(page) == EXPECTED_POINTS
    for seat in range(3):
        page.locator(f'#results-body details[data-player="{seat}"] summary').click()
        served = answer["players"][seat]
        assert [served["majorities"][b]["points"] for b in BUILDINGS] == EXPECTED_MAJORITIES[seat]
        for module, points in EXPECTED_PARTS[seat].items():
            assert served["modules"][module]["points"] == points, (seat, module)
            assert shown_part(page, seat, module) == points, (seat, module)
    anna = page.locator('#results-body details[data-player="0"]')
    # each part names its module and cites its rule, as the answer does
    assert anna.locator('tr[data-module="treasure"] th').inner_text() == "Treasure chests (K1)"
    assert anna.locator('tr[data-module="treasure"] td').all_inner_texts() == ["2", "2nd", "14"]
    assert anna.locator('tr[data-module="street_traders"] th').inner_text() == (
        "Street traders (H3)\nsets of 3 colours + 1 colour"
    )
    assert anna.locator('tr[data-module="invaders"] th').inner_text() == (
        "Invaders (K3)\nattack from the North, 2 facing, 3 beside"
    )
    assert anna.locator('tr[data-module="characters"] th').inner_text() == (
        "Characters (G3)\nWise Man -4, City Watch 2"
    )
    expect(page.locator("#results-body > p.hint")).to_have_text(
        "The majorities are paid by this round's score card (S1)."
    )
    assert_accessible(page, "a Big Box round with its breakdown")
    page.locator('#results-body details[data-player="0"]').scroll_into_view_if_needed()
    phone.shot("score-big-box-breakdown")

    # Kept on the device in the request's shape: the modules once per game, the members per
    # player and round.
    stored = page.evaluate(STORED)
    assert stored["modules"] == [
        "characters",
        "camps",
        "street_traders",
        "treasure",
        "invaders",
        "bazaars",
        "score_cards",
        "art_of_the_moors",
    ]
    round3 = stored["rounds"][2]
    assert round3["attack"] == "N" and round3["score_card"] == CARD
    assert round3["members"][0]["exposed"] == {"facing": 2, "beside": 3}
    assert round3["members"][1]["residents"]["seraglio"] == 1
    page.reload()
    not_busy(page)
    assert shown_totals(page) == EXPECTED_POINTS
    assert player(page, "Chris").get_by_label("Culture points", exact=True).input_value() == "9"


def test_each_round_asks_only_for_what_the_chosen_modules_score(phone):
    """No module: the base game's steppers alone. Treasure and invaders: chests and the sides
    facing the attack every round, the sides beside it only in round 3 (K3); bazaars only in
    round 3 (K4); no cards of the round but the attack."""
    page = phone.open()
    anna = player(page, "Player 1")
    for label in ("Chests", "Exposed sides facing the attack", "Camp points"):
        expect(anna.get_by_label(label, exact=True)).to_have_count(0)
    expect(page.locator("#round-cards fieldset")).to_have_count(0)
    choose_modules(page, ["Treasure chests K1", "Invaders K3", "Bazaars K4"])
    expect(anna.get_by_label("Chests", exact=True)).to_have_count(1)
    expect(anna.get_by_label("Exposed sides facing the attack", exact=True)).to_have_count(1)
    for label in ("Exposed sides beside the attack", "Bazaar points", "Culture points"):
        expect(anna.get_by_label(label, exact=True)).to_have_count(0)
    expect(page.get_by_role("group", name="Attack card (K3)")).to_be_visible()
    expect(page.get_by_role("group", name="Score card (S1)")).to_have_count(0)
    expect(page.get_by_label("Wise Man's owner")).to_have_count(0)
    step_to(anna, "Chests", 2)
    choose_round(page, 3)
    anna = player(page, "Player 1")
    expect(anna.get_by_label("Exposed sides beside the attack", exact=True)).to_have_count(1)
    expect(anna.get_by_label("Bazaar points", exact=True)).to_have_count(1)
    # the chests stay in the Alhambra from round to round
    assert anna.get_by_label("Chests", exact=True).input_value() == "2"


def test_invaders_may_take_a_round_below_0_but_never_the_total(phone):
    """K3 (a decision): a round's points may be negative; the running total adds them and stops
    at 0, and the breakdown says so. Round 1, attack from the north: Ben's 2 pavilions are 2nd
    to Anna's 3 and round 1 pays only 1st (M2), and he loses 1 per exposed side facing it: 0 - 2
    = -2, total 0. Round 2, attack from the south: 3 pavilions each share 1st and 2nd, (8 + 1)
    / 2 = 4, less 2 for the one side facing it: 2, total 2 (not -2 + 2 = 0)."""
    page = phone.open()
    name_players(page, ["Anna", "Ben", "Chris"])
    choose_modules(page, ["Invaders K3"])
    page.get_by_role("group", name="Attack card (K3)").get_by_text("North").click()
    step_to(player(page, "Anna"), "pavilion", 3)
    step_to(player(page, "Anna"), "Longest wall", 2)
    step_to(player(page, "Ben"), "pavilion", 2)
    step_to(player(page, "Ben"), "Exposed sides facing the attack", 2)
    score(page, 1)
    assert shown_round_points(page) == [1 + 2, -2, 0]  # Anna: pavilion 1st, 1, and a wall of 2
    assert shown_totals(page) == [3, 0, 0]
    ben = page.locator('#results-body details[data-player="1"]')
    ben.locator("summary").click()
    expect(ben.locator(".clamped")).to_have_text(
        "The running total stops at 0 (K3): 0 and -2 this round would make -2."
    )
    assert shown_part(page, 1, "invaders") == -2
    expect(page.locator('#results-body details[data-player="0"] .clamped')).to_have_count(0)
    ben.scroll_into_view_if_needed()
    phone.shot("score-clamped-at-0")

    choose_round(page, 2)
    page.get_by_role("group", name="Attack card (K3)").get_by_text("South").click()
    step_to(player(page, "Ben"), "pavilion", 3)
    step_to(player(page, "Ben"), "Exposed sides facing the attack", 1)
    score(page, 2)
    assert shown_round_points(page) == [4 + 2, 4 - 2, 0]
    assert shown_totals(page) == [3 + 6, 0 + 2, 0]
    assert page.locator("#totals-table tbody tr").nth(1).locator("td").all_inner_texts()[:2] == [
        "-2",
        "2",
    ]


def test_the_score_card_is_six_taps_in_order_with_undo_and_clear(phone):
    """S1: the card lists the six types least valuable first; a type on the card is not offered
    again; undo takes back the last tap, clear all. An unfinished card is refused by the server
    beside the card, and a lone tower first on the card pays row 1 of round 1: 1 (M2 pays 6)."""
    page = phone.open()
    choose_modules(page, ["New score cards S1"])
    card = page.get_by_role("group", name="Score card (S1)")
    chosen = card.locator("ol li")
    tap_score_card(page, ["tower", "garden", "pavilion"])
    expect(chosen).to_have_text(["tower", "garden", "pavilion"])
    expect(card.get_by_role("button", name="garden: next on the score card")).to_be_disabled()
    card.get_by_role("button", name="Take back the last").click()
    expect(chosen).to_have_text(["tower", "garden"])
    card.get_by_role("button", name="Clear the card").click()
    expect(chosen).to_have_count(0)
    expect(card.get_by_text("No building tapped yet.")).to_be_visible()

    tap_score_card(page, CARD[:5])
    step_to(player(page, "Player 1"), "tower", 1)
    page.get_by_role("button", name="Score round 1").click()
    refusal = card.locator(".entry-refusal")
    expect(refusal).to_have_text(
        "Tap all six buildings of the score card, least valuable first (New score cards, S1)."
    )
    expect(page.locator("#score-status")).to_have_text(
        "The server refused 1 entry, marked beside it: change it and score again."
    )
    described = (card.get_attribute("aria-describedby") or "").split()
    assert refusal.get_attribute("id") in described  # after the line that says what to tap
    phone.shot("score-card-refused")

    tap_score_card(page, CARD[5:])
    expect(refusal).to_have_count(0)  # the entry changed: the refusal no longer fits it
    expect(chosen).to_have_text(CARD)
    score(page, 1)
    assert shown_round_points(page) == [1, 0, 0]
    phone.errors.clear()  # the browser logs the 422 it was sent, as it should


def test_a_refusal_stands_beside_the_entry_it_points_at(phone):
    """K1: a chest lies on a building, one per building: 5 chests on 2 buildings are refused,
    beside the chests and described by the refusal; the other entries stay unmarked."""
    page = phone.open()
    name_players(page, ["Anna", "Ben", "Chris"])
    choose_modules(page, ["Treasure chests K1"])
    anna = player(page, "Anna")
    step_to(anna, "tower", 2)
    step_to(anna, "Chests", 5)
    page.get_by_role("button", name="Score round 1").click()
    chests = anna.get_by_label("Chests", exact=True)
    refusal = anna.locator(".stepper:has(input[data-member='chests']) + .entry-refusal")
    expect(refusal).to_have_text(
        "5 chests on 2 buildings: a chest lies on a building, one per building "
        "(Treasure chests, K1)."
    )
    assert refusal.get_attribute("id") in (chests.get_attribute("aria-describedby") or "").split()
    assert page.locator(".entry-refusal").count() == 1
    expect(page.locator("#score-status")).to_be_focused()
    assert_accessible(page, "a refused chest count")
    refusal.evaluate("note => note.scrollIntoView({block: 'center'})")
    phone.shot("score-refused-beside")
    step_to(anna, "Chests", 2)
    expect(page.locator(".entry-refusal")).to_have_count(0)
    score(page, 1)
    assert shown_round_points(page) == [6 + 7, 0, 0]  # M2: towers 6; K1 round 1: 7
    phone.errors.clear()


def test_modules_are_chosen_once_per_game_and_a_change_asks_first(phone):
    page = phone.open()
    choose_modules(page, ["Art of the Moors S4"])
    step_to(player(page, "Player 1"), "Culture points", 3)
    score(page, 1)
    assert shown_round_points(page) == [3, 0, 0]  # S4: the culture points, as read
    page.locator("#score-modules summary").click()
    page.get_by_role("checkbox", name="Camps G4", exact=True).check()
    dialog = page.locator("dialog#confirm")
    expect(dialog.locator("h2")).to_have_text(
        "Play with other modules? Every scored round must then be scored again."
    )
    expect(dialog.locator("#confirm-notes")).to_have_text(
        "The points of round 1 stay on show, marked as changed, until it is scored again."
    )
    dialog.get_by_role("button", name="Keep it").click()
    expect(page.get_by_role("checkbox", name="Camps G4", exact=True)).not_to_be_checked()
    assert shown_totals(page) == [3, 0, 0]
    expect(page.locator("#results")).to_have_class("results")
    page.get_by_role("checkbox", name="Camps G4", exact=True).check()
    dialog.get_by_role("button", name="Change the modules").click()
    expect(page.locator("#score-status")).to_have_text("Modules changed: score the rounds again.")
    assert shown_totals(page) == [3, 0, 0]  # kept on show, marked, until scored again
    expect(page.locator("#results")).to_have_class("results changed")
    assert page.evaluate(STORED)["modules"] == ["camps", "art_of_the_moors"]
    score(page, 1)
    assert shown_totals(page) == [3, 0, 0]  # S4 as before; G4: no camp points
    expect(page.locator("#results")).to_have_class("results")


def test_a_shared_link_carries_the_modules_and_their_entries(phone):
    """The link carries the entries, the modules and their members; the other phone scores the
    round again and gets the same points: a tower 6 (M2) and 2 chests, 1st in round 1, 7 (K1)."""
    page = phone.open()
    choose_modules(page, ["Treasure chests K1"])
    anna = player(page, "Player 1")
    step_to(anna, "tower", 2)
    step_to(anna, "Chests", 2)
    score(page, 1)
    assert shown_totals(page) == [13, 0, 0]
    page.get_by_role("button", name="Share as a link").click()
    link = page.get_by_label("Link to this game").input_value()
    other = Phone(phone.devices, phone.base_url)
    try:
        other.page.goto(link)
        other.page.locator("#score-status").filter(has_text="Game loaded from the link.").wait_for()
        expect(other.page.locator("#totals-table tbody td.total")).to_have_text(["13", "0", "0"])
        assert (
            player(other.page, "Player 1").get_by_label("Chests", exact=True).input_value() == "2"
        )
        expect(other.page.locator("#score-modules summary")).to_have_text("Modules: 1 chosen")
    finally:
        other.close()


# --- every language: words, no sideways scroll, axe ------------------------------------------


@pytest.mark.parametrize("language", ["en", "ru", "ja", "de"])
def test_the_big_box_inputs_speak_each_language_and_fit_390_px(devices, base_url, language):
    """Every scoring module chosen, round 3 with every input and a warning: at 390 px nothing
    scrolls sideways, in the words of each language, and axe finds nothing."""
    visitor = Phone(devices, base_url)
    try:
        page = visitor.open(f"/?lang={language}")
        words = json.loads(page.locator("#messages").text_content() or "{}")
        page.locator("#score-modules summary").click()
        for module in SCORING_MODULES:
            page.locator(f"#score-module-{module}").check()
        expect(page.locator("#score-modules summary")).to_have_text(
            words["modules.summary"]["other"].format(n=8)
        )
        page.locator(f'label[for="round-{3}"]').click()
        page.get_by_role("group", name=words["attack.legend"]).get_by_text(
            words["attack.W"], exact=True
        ).click()
        for building in CARD:
            page.get_by_role(
                "button",
                name=words["score_card.add"].format(building=words[f"building.{building}"]),
            ).click()
        page.get_by_label(words["characters.wise_man"]).select_option(index=1)
        page.get_by_label(words["characters.city_watch"]).select_option(index=2)
        first = page.locator('fieldset.player[data-player="0"]')
        more = words["stepper.more"]
        first.get_by_role(
            "button", name=more.format(what=words["building.tower"]), exact=True
        ).click()
        # K3: more sides facing the attack than a tower, the fountain, 8 camps and 8 bazaars have
        first.get_by_label(words["members.facing"], exact=True).fill("250")
        page.get_by_role("button", name=words["score.button"].format(n=3)).click()
        warning = first.locator(".entry-warning")
        expect(warning).to_have_text(words["warning.exposed-beyond-tiles"])
        for summary in page.locator("#results-body details summary").all():
            summary.click()
        overflow = page.evaluate(
            "document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{language}: the Score tab scrolls sideways by {overflow}px"
        assert_accessible(page, f"{language}: every Big Box input, scored and warned")
        page.locator("#round-cards").scroll_into_view_if_needed()
        visitor.shot(f"score-big-box-{language}")
    finally:
        visitor.close()
