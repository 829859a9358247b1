"""The phone page at a real table, in Debian's Chromium at 390 x 844 (issue 19).

Nothing a player entered is lost to one tap: every action that discards a game, a scored
round or a drawing asks first and names what it would discard (confirm.js). Every tap
answers where the thumb is: after Score the points (or the refusal) are in view and hold the
focus. Build's tile dialog names its tile and offers removal only when the rules allow it
(T5). The share card draws the standings and each round's points (M2-M6) as a PNG to share or
save. Finished games are kept on the phone, reopened read-only, and deleted only after asking.
Expected points are worked out from RULES.md by test_browser.round_points, not read from the
page.
"""

from __future__ import annotations

import json
import re
import struct
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from tests.helpers.browser import (
    STORED,
    THREE_PLAYERS,
    Phone,
    assert_accessible,
    cell,
    choose_round,
    expected_rounds,
    lost_items,
    not_busy,
    place,
    play_one_move,
    player_card,
    question,
    score,
    score_three_rounds,
    shown_round_points,
    shown_totals,
    start_play,
    step_to,
    your_move,
)

expect = playwright_api.expect


def in_view(page: Any, selector: str) -> bool:
    """Whether the element is wholly inside the viewport."""
    return bool(
        page.evaluate(
            """selector => {
                const box = document.querySelector(selector).getBoundingClientRect();
                return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
            }""",
            selector,
        )
    )


def focused_id(page: Any) -> str:
    return str(page.evaluate("document.activeElement.id"))


# --- nothing lost to one tap --------------------------------------------------------------


def test_new_game_in_play_asks_first_and_names_the_game_in_progress(phone):
    page = phone.open()
    start_play(page, ["random"])
    your_move(page)
    before = page.evaluate(STORED)["play"]["state"]
    page.get_by_role("button", name="New game").click()
    dialog = question(page)
    assert dialog.locator("h2").inner_text() == (
        "End this game against the computer? This will be lost:"
    )
    assert lost_items(page) == [
        "The game in progress, with its scores so far: You: 0, Computer 1: 0"
    ]
    expect(dialog.get_by_role("button", name="Keep it")).to_be_focused()  # the safe answer
    assert_accessible(page, "the question before a game against the computer ends")
    phone.shot("play-new-confirm")
    dialog.get_by_role("button", name="Keep it").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#play-table")).to_be_visible()
    assert page.evaluate(STORED)["play"]["state"] == before
    expect(page.locator("#play-status")).to_have_text("The game goes on.")

    page.get_by_role("button", name="New game").click()
    question(page).get_by_role("button", name="End the game").click()
    expect(page.locator("#play-setup")).to_be_visible()
    assert page.evaluate(STORED)["play"]["state"] is None
    expect(page.locator("#play-setup-status")).to_have_text("The game was ended. Set up a new one.")
    expect(page.get_by_role("button", name="Start the game")).to_be_focused()


def test_using_a_drawing_for_a_scored_round_asks_and_names_what_it_replaces(phone):
    """The drawing's counts replace a player's entries only once the player agrees; a scored
    round keeps its points on show, marked as changed, until scored again, and the question
    says so apart from what is lost."""
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    anna = player_card(page, 0)
    step_to(anna, "garden", 2)
    step_to(anna, "Longest wall", 1)
    score(page, 1)
    scored = shown_totals(page)
    assert scored == [6, 0, 0]  # M2: the most gardens in round 1, 5; W4: a wall of 1
    page.get_by_role("tab", name="Build").click()
    expect(place(page, 1, 0, "tower")).to_be_hidden()

    use = page.get_by_role("button", name="Use for Anna in round 1")
    use.click()
    dialog = question(page)
    assert dialog.locator("h2").inner_text() == (
        "Replace Anna's entries in round 1 with the drawing? This will be lost:"
    )
    assert lost_items(page) == ["Anna's entries in round 1: garden 2, longest wall 1"]
    assert dialog.locator("#confirm-notes").inner_text() == (
        "Round 1 was scored: its points stay on show, marked as changed, until you score it again."
    )
    assert_accessible(page, "the question before a scored round is replaced")
    phone.shot("build-use-confirm")
    dialog.get_by_role("button", name="Keep it").click()
    expect(page.locator("#use-status")).to_have_text(
        "Nothing replaced: Anna's entries in round 1 stay."
    )
    stored = page.evaluate(STORED)["rounds"][0]
    assert stored["counts"][0] == [0, 0, 0, 0, 2, 0] and stored["walls"][0] == 1
    assert stored["result"] is not None

    use.click()
    question(page).get_by_role("button", name="Replace them").click()
    expect(page.locator("#use-status")).to_have_text(
        "Counts and wall copied to Anna, round 1. Score round 1 again."
    )
    stored = page.evaluate(STORED)["rounds"][0]
    assert stored["counts"][0] == [0, 0, 0, 0, 0, 1] and stored["walls"][0] == 0
    assert stored["result"] is not None  # kept on show, marked as changed
    page.get_by_role("tab", name="Score").click()
    expect(page.locator("#results")).to_have_class("results changed")
    assert shown_totals(page) == scored
    page.get_by_role("tab", name="Build").click()

    # The same counts again: nothing to replace, nothing asked, nothing dropped.
    use.click()
    expect(page.locator("#use-status")).to_have_text(
        "Anna's entries in round 1 already match the drawing."
    )
    expect(page.locator("dialog#confirm")).to_be_hidden()

    # An untouched player's entries: copied at once, nothing to lose.
    page.get_by_label("Alhambra of").select_option("1")
    expect(place(page, 1, 0, "garden")).to_be_hidden()
    page.get_by_role("button", name="Use for Player 2 in round 1").click()
    expect(page.locator("#use-status")).to_have_text(  # the round was scored: its points stay
        "Counts and wall copied to Player 2, round 1. Score round 1 again."
    )
    expect(page.locator("dialog#confirm")).to_be_hidden()


def test_clearing_a_drawing_asks_first(phone):
    page = phone.open()
    page.get_by_role("tab", name="Build").click()
    for x, building in [(1, "garden"), (2, "tower")]:
        expect(place(page, x, 0, building)).to_be_hidden()
    page.get_by_role("button", name="Clear drawing").click()
    dialog = question(page)
    assert dialog.locator("h2").inner_text() == "Clear Player 1's drawing? This will be lost:"
    assert lost_items(page) == ["Player 1's drawing: 2 tiles (garden 1, tower 1)"]
    dialog.get_by_role("button", name="Keep it").click()
    expect(page.locator("#build-status")).to_have_text("Nothing cleared: Player 1's drawing stays.")
    assert len(page.evaluate(STORED)["drawings"][0]) == 2
    expect(page.get_by_role("button", name="Clear drawing")).to_be_focused()

    page.get_by_role("button", name="Clear drawing").click()
    question(page).get_by_role("button", name="Clear drawing").click()
    expect(page.locator("#build-status")).to_have_text("Drawing cleared.")
    assert page.evaluate(STORED)["drawings"][0] == []


def test_a_new_game_of_scores_asks_first_and_names_what_it_clears(phone):
    page = phone.open()
    page.get_by_role("button", name="New game").click()  # nothing entered: nothing to ask
    expect(page.locator("#reset-status")).to_have_text("A new game has started.")
    expect(page.locator("dialog#confirm")).to_be_hidden()

    page.get_by_label("Name of player 1").fill("Anna")
    step_to(player_card(page, 0), "tower", 1)
    score(page, 1)
    choose_round(page, 2)  # round 2 starts from round 1's entries (unscored)
    page.get_by_role("tab", name="Build").click()
    expect(place(page, 1, 0, "garden")).to_be_hidden()
    page.get_by_role("tab", name="Score").click()
    page.get_by_role("button", name="New game").click()
    assert lost_items(page) == [
        "The names Anna",
        "The points of round 1",
        "The entries of round 2",
        "1 tile drawn in Build",
    ]
    question(page).get_by_role("button", name="Keep it").click()
    expect(page.locator("#reset-status")).to_have_text("Nothing was cleared: the game goes on.")
    assert page.get_by_label("Name of player 1").input_value() == "Anna"

    page.get_by_role("button", name="New game").click()
    question(page).get_by_role("button", name="Clear and start anew").click()
    expect(page.locator("#reset-status")).to_have_text("A new game has started.")
    assert page.get_by_label("Name of player 1").input_value() == "Player 1"
    assert page.evaluate(STORED)["drawings"] == [[], [], []]


def test_seating_fewer_players_asks_before_a_seat_with_entries_goes(phone):
    page = phone.open()
    page.get_by_role("button", name="Number of players: one more").click()
    player_card(page, 3).wait_for()
    page.get_by_label("Name of player 4").fill("Dora")
    step_to(player_card(page, 3), "pavilion", 1)
    page.get_by_role("button", name="Number of players: one fewer").click()
    assert lost_items(page) == ["Dora's entries and drawing"]
    question(page).get_by_role("button", name="Keep it").click()
    assert page.locator("#player-count").input_value() == "4"
    assert player_card(page, 3).count() == 1
    page.get_by_role("button", name="Number of players: one fewer").click()
    question(page).get_by_role("button", name="Seat 3 players").click()
    expect(player_card(page, 3)).to_have_count(0)


# --- every tap answers where the thumb is ----------------------------------------------------


@pytest.mark.parametrize("players", [4, 6])
def test_score_brings_the_points_or_the_refusal_into_view_with_the_focus(phone, players):
    """With 4 or 6 players the points lie screens below the sticky Score button: after the
    tap they are in view and their heading holds the focus. A refusal (C1: more towers than
    the game has) stands beside the button and takes the focus."""
    page = phone.open()
    for _ in range(players - 3):
        page.get_by_role("button", name="Number of players: one more").click()
    player_card(page, players - 1).wait_for()
    step_to(player_card(page, 0), "tower", 6)
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="Score round 1").click()
    expect(page.locator("#results-heading")).to_be_focused()
    expect(page.locator("#results-heading")).to_have_text("Round 1: points")
    assert in_view(page, "#results-heading")
    assert shown_round_points(page)[0] == 6  # M2: towers, 1st place in round 1
    assert in_view(page, '#results-body details[data-player="0"]')
    if players == 6:
        phone.shot("phone-scored-in-view")

    step_to(player_card(page, players - 1), "tower", 6)  # 12 towers: the game has 11 (C1)
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="Score round 1").click()
    status = page.locator("#score-status")
    expect(status).to_have_text("Tower: the game has only 11 tiles, this table counts 12 (C1).")
    expect(status).to_be_focused()
    assert in_view(page, "#score-status")
    assert in_view(page, "#score-round")


def test_a_refusal_is_said_beside_the_button_that_was_tapped(phone):
    """Start (Play) and Show the picture (Build), refused for want of a connection: the
    words appear beside the button, not in a part of the page that is hidden or screens away."""
    page = phone.open()
    offline = "Cannot reach the server."
    page.route("**/v1/games", lambda route: route.abort())
    page.get_by_role("tab", name="Play").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#play-start + #play-setup-status")).to_contain_text(offline)
    page.route("**/v1/render", lambda route: route.abort())
    page.get_by_role("tab", name="Build").click()
    page.get_by_role("button", name="Show the picture").click()
    expect(page.locator("#show-picture + #picture-status")).to_contain_text(offline)
    expect(page.locator("#build-status")).to_have_text("")
    phone.errors.clear()  # the browser logs the aborted requests, as it should


def test_the_build_status_never_keeps_stale_text_after_a_refusal(phone):
    page = phone.open()
    page.get_by_role("tab", name="Build").click()
    expect(place(page, 1, 0, "garden")).to_be_hidden()
    expect(page.locator("#build-status")).to_have_text("Placed: garden at (1,0).")
    dialog = place(page, 2, 1, "tower")  # B4: touches the Alhambra at a corner only
    dialog.locator('#picker-result li[data-rule="B4"]').wait_for()
    expect(page.locator("#build-status")).to_have_text(
        "Not placed: tower at (2,1) breaks B3 and B4."
    )
    dialog.get_by_role("button", name="Cancel").click()
    expect(page.locator("#build-status")).to_have_text(
        "Not placed: tower at (2,1) breaks B3 and B4."
    )


def test_a_placed_tile_is_named_and_offered_for_removal_only_when_allowed(phone):
    """T5: the garden holds the tower to the fountain (B4), so it stays; the tower at the
    end may go. The dialog's title says which tile is there, as the grid shows its cell."""
    page = phone.open()
    page.get_by_role("tab", name="Build").click()
    expect(place(page, 1, 0, "garden", walls="N")).to_be_hidden()
    expect(place(page, 2, 0, "tower", catalog="11:")).to_be_hidden()
    cell(page, 1, 0).click()
    dialog = page.locator("dialog#picker")
    expect(dialog.locator("#picker-title")).to_have_text("garden at (1,0) — north")
    assert (
        dialog.locator("#picker-title").evaluate(
            "title => getComputedStyle(title, '::first-letter').textTransform"
        )
        == "uppercase"
    )
    reason = dialog.locator('#picker-result li[data-rule="B4"]')
    reason.wait_for()  # asked of POST /v1/removal when the dialog opened
    assert dialog.locator("#picker-result p").inner_text() == "This tile cannot be removed now:"
    expect(dialog.get_by_role("button", name="Remove this tile")).to_be_hidden()
    assert_accessible(page, "a placed tile that must stay")
    phone.shot("build-tile-dialog")
    dialog.get_by_role("button", name="Cancel").click()

    cell(page, 2, 0).click()
    expect(dialog.locator("#picker-title")).to_have_text("tower 11 at (2,0) — no walls")
    remove = dialog.get_by_role("button", name="Remove this tile")
    expect(remove).to_be_visible()
    remove.click()
    expect(page.locator("#build-status")).to_have_text("Tile removed from (2,0).")
    assert [tile[:2] for tile in page.evaluate(STORED)["drawings"][0]] == [[1, 0]]


# --- the share card -------------------------------------------------------------------------

SHARE_SPY = """
    window.sharedFiles = [];
    navigator.canShare = (data) => Array.isArray(data?.files) && data.files.length > 0;
    navigator.share = async (data) => {
        for (const file of data.files) {
            const bytes = new Uint8Array(await file.arrayBuffer());
            const head = Array.from(bytes.slice(0, 24));
            window.sharedFiles.push({ name: file.name, type: file.type, head });
        }
    };
"""


def png_size(head: bytes) -> tuple[int, int]:
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_share_card_is_saved_as_a_png_of_the_standings(phone):
    """No Web Share with files (desktop Chromium): the card is offered as a PNG download. The
    card's standings and each round's points are those the rules give (M2-M6)."""
    page = phone.open()
    totals = score_three_rounds(page)
    page.get_by_role("button", name="Share the results as a picture").click()
    expect(page.locator("#game-card .status")).to_have_text(
        "The picture is ready: save it with the button below."
    )
    preview = page.locator("#game-card img")
    expect(preview).to_be_visible()
    assert (preview.get_attribute("alt") or "").startswith("The results of ")
    assert_accessible(page, "the share card")
    with page.expect_download() as download:
        page.get_by_role("link", name="Save the picture (PNG)").click()
    saved = download.value
    assert re.fullmatch(r"alhambra-\d{4}-\d{2}-\d{2}\.png", saved.suggested_filename)
    with open(saved.path(), "rb") as png:
        width, height = png_size(png.read(24))
    assert width == 1200 and height > 600  # 600 units drawn at twice the size
    page.locator("#game-card").evaluate("card => card.scrollIntoView({block: 'center'})")
    phone.shot("share-card")

    # What the card says: the winner, then each player by total with their round points.
    texts = page.evaluate("""async () => {
        const { cardSvg } = await import('/static/js/card.js');
        const { pastGame } = await import('/static/js/game.js');
        const { currentGame } = await import('/static/js/store.js');
        const svg = new DOMParser().parseFromString(
            cardSvg(pastGame(currentGame(), '2026-11-25T18:00:00Z')), 'image/svg+xml');
        return Array.from(svg.querySelectorAll('text'), (text) => text.textContent);
    }""")
    rounds = expected_rounds()
    order = sorted(range(3), key=lambda seat: (-totals[seat], seat))
    best = max(totals)
    winners = [THREE_PLAYERS[seat] for seat in range(3) if totals[seat] == best]
    assert ("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners) in texts
    rows = texts[texts.index("Total") + 1 : -1]
    expected_rows = []
    for seat in order:
        place = 1 + sum(total > totals[seat] for total in totals)
        expected_rows += [str(place), THREE_PLAYERS[seat]]
        expected_rows += [str(points[seat]) for points in rounds] + [str(totals[seat])]
    assert rows == expected_rows


def test_the_share_card_goes_to_the_phones_share_sheet(devices, base_url):
    """Where the phone can share files (Web Share API), the card goes there as a PNG."""
    visitor = Phone(devices, base_url)
    try:
        visitor.add_init_script(SHARE_SPY)
        page = visitor.open()
        step_to(player_card(page, 0), "garden", 1)
        score(page, 1)
        page.get_by_role("button", name="Share the results as a picture").click()
        expect(page.locator("#game-card .status")).to_have_text("Picture shared.")
        [shared] = page.evaluate("window.sharedFiles")
        assert shared["type"] == "image/png"
        assert re.fullmatch(r"alhambra-\d{4}-\d{2}-\d{2}\.png", shared["name"])
        assert png_size(bytes(shared["head"]))[0] == 1200
    finally:
        visitor.close()


# --- the past games ----------------------------------------------------------------------------


def test_a_finished_game_is_kept_reopened_read_only_and_deleted_after_asking(phone):
    page = phone.open()
    totals = score_three_rounds(page)
    page.get_by_role("tab", name="History").click()
    past = page.locator("#past-list li")
    expect(past).to_have_count(1)
    best = max(totals)
    winners = ", ".join(THREE_PLAYERS[seat] for seat in range(3) if totals[seat] == best)
    item = past.first
    assert item.locator("time").get_attribute("datetime")
    assert item.locator(".hint").inner_text() == "Scored at the table: Anna, Ben, and Chris"
    assert winners in item.locator(".past-winner").inner_text()
    order = sorted(range(3), key=lambda seat: (-totals[seat], seat))
    assert item.locator(".past-totals").inner_text() == " · ".join(
        f"{THREE_PLAYERS[seat]}: {totals[seat]}" for seat in order
    )
    item.scroll_into_view_if_needed()
    phone.shot("past-games")

    # Kept on the device, and by a new game too: kept as it is, it leaves nothing to ask.
    page.get_by_role("tab", name="Score").click()
    page.get_by_role("button", name="New game").click()
    expect(page.locator("dialog#confirm")).to_be_hidden()
    expect(page.locator("#reset-status")).to_have_text("A new game has started.")
    page.reload()
    not_busy(page)
    page.get_by_role("tab", name="History").click()
    expect(past).to_have_count(1)

    # Reopened read-only: each round's points and the totals, nothing to edit.
    past.first.get_by_role("button", name="Open").click()
    dialog = page.locator("dialog#past-game")
    expect(dialog).to_be_visible()
    assert dialog.locator("#past-game-title").inner_text().startswith("Game of ")
    rows = dialog.locator("tbody tr")
    rounds = expected_rounds()
    assert [rows.nth(i).locator("th, td").all_inner_texts() for i in range(3)] == [
        [THREE_PLAYERS[seat], *(str(points[seat]) for points in rounds), str(totals[seat])]
        for seat in order
    ]
    assert dialog.locator("input, select, textarea").count() == 0
    assert_accessible(page, "a past game reopened")
    phone.shot("past-game-open")
    dialog.get_by_role("button", name="Close").click()

    # Deleted only after asking.
    past.first.get_by_role("button", name="Delete").click()
    assert lost_items(page) == [
        "The game of Anna, Ben, and Chris: "
        + " · ".join(f"{THREE_PLAYERS[seat]}: {totals[seat]}" for seat in order)
    ]
    question(page).get_by_role("button", name="Keep it").click()
    expect(page.locator("#past-status")).to_have_text("Nothing was deleted.")
    expect(past).to_have_count(1)
    past.first.get_by_role("button", name="Delete").click()
    question(page).get_by_role("button", name="Delete").click()
    expect(past).to_have_count(0)
    expect(page.locator("#past-status")).to_contain_text("was deleted.")
    assert page.evaluate(STORED)["past"] == []


def test_a_game_against_the_computer_is_kept_when_it_ends(phone):
    """Play's game-over point (T9) records the game: the server's answer that ends it is
    stood in for here, since a whole game is test_browser's to play."""
    page = phone.open()

    def the_end(route: Any) -> None:
        state = route.request.post_data_json["state"]
        state["over"] = True
        state["winners"] = [1]
        state["players"][0]["score"] = 41
        state["players"][1]["score"] = 57
        answer = {"state": state, "events": []}
        if route.request.url.endswith("/bot-turns"):  # its moves, and why it stopped
            answer |= {"actions": [], "stopped": "over"}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))

    page.route("**/v1/games/bot-turns", the_end)
    page.route("**/v1/games/advance", the_end)
    start_play(page, ["greedy"])
    your_move(page)
    play_one_move(page)  # the answer to it ends the game
    expect(page.locator("#play-winners")).to_have_text("Winner: Computer 1", timeout=60_000)
    [kept] = page.evaluate(STORED)["past"]
    assert {key: kept[key] for key in ("kind", "names", "totals", "winners", "rounds")} == {
        "kind": "play",
        "names": ["You", "Computer 1"],
        "totals": [41, 57],
        "winners": [1],
        "rounds": [],  # no scoring round in the answer stood in for
    }
    # Over: New game asks nothing (the game is kept) and the list shows it.
    page.get_by_role("button", name="New game").click()
    expect(page.locator("#play-setup")).to_be_visible()
    page.get_by_role("tab", name="History").click()
    item = page.locator("#past-list li").first
    assert item.locator(".hint").inner_text() == "Against the computer: You and Computer 1"
    assert item.locator(".past-totals").inner_text() == "Computer 1: 57 · You: 41"


def test_the_past_games_are_bounded(phone):
    """The device keeps the 100 newest games, newest first."""
    page = phone.open()
    kept = page.evaluate("""async () => {
        const { update, currentGame } = await import('/static/js/store.js');
        const ids = [];
        for (let i = 0; i < 102; i += 1) {
            update({ type: 'new-game' });
            ids.push(currentGame().id);
            update({ type: 'finished', at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() });
        }
        return { ids, past: currentGame().past.map((entry) => entry.id) };
    }""")
    assert kept["past"] == kept["ids"][::-1][:100]
    expect(page.locator("#past-list li")).to_have_count(100)


@pytest.mark.parametrize("language", ["ru", "de", "ja"])
def test_the_question_and_the_past_games_speak_each_language(phone, language):
    page = phone.open(f"/?lang={language}")
    messages = json.loads(page.locator("#messages").text_content() or "{}")
    page.get_by_role("button", name=messages["score.button"].format(n=1)).click()
    expect(page.locator("#results-heading")).to_be_focused()
    page.get_by_role("button", name=messages["game.reset"]).click()
    dialog = question(page)
    assert dialog.locator("h2").inner_text() == messages["game.reset_confirm"]
    assert dialog.get_by_role("button", name=messages["confirm.keep"]).is_visible()
    assert_accessible(page, f"{language}: the question before a new game")
    dialog.get_by_role("button", name=messages["game.reset_action"]).click()
    expect(page.locator("#past-empty")).to_have_text(messages["past.empty"])
