"""Nothing lost without a question, anywhere (issue 27), in Debian's Chromium at 390 x 844.

A shared link opened over a game in progress asks first and keeps both: the game on the phone
goes to History, where it can be continued. An entry changed in a scored round keeps that
round's last points on show, marked as changed, until the round is scored again (and tapping
back to the entry scored takes the mark away). A game kept in History changes there only after
the page has said so: Use for names it, and scoring a round of it again asks first.
Expected points come from RULES.md (test_browser.round_points), not from the page.
"""

from __future__ import annotations

from typing import Any

from playwright import sync_api as playwright_api

from tests.helpers.browser import (
    STORED,
    THREE_PLAYER_GAME,
    Phone,
    assert_accessible,
    choose_round,
    lost_items,
    place,
    player_card,
    question,
    round_points,
    score,
    score_three_rounds,
    shown_round_points,
    shown_totals,
    step_to,
)

expect = playwright_api.expect


def share_link(page: Any) -> str:
    page.get_by_role("button", name="Share as a link").click()
    return str(page.get_by_label("Link to this game").input_value())


def history(page: Any) -> Any:
    """The History tab, one tap away, and its list of games."""
    page.get_by_role("tab", name="History").click()
    return page.locator("#past-list li")


# --- a shared link -------------------------------------------------------------------------


def test_a_shared_link_asks_before_it_replaces_a_game_and_keeps_both(phone, devices, base_url):
    """The link of another phone's game, opened here over a game with entries: the page asks,
    and Keep stays with the game here; Open keeps both, the game here going to History, from
    where it comes back, the link's game set aside in its turn."""
    sender = Phone(devices, base_url)
    try:
        page = sender.open()
        page.get_by_label("Name of player 1").fill("Sara")
        step_to(player_card(page, 0), "tower", 2)
        score(page, 1)
        link = share_link(page)
    finally:
        sender.close()

    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    step_to(player_card(page, 0), "garden", 3)
    before = page.evaluate(STORED)
    page.goto(link)
    dialog = question(page)
    assert dialog.locator("h2").inner_text() == (
        "Open the game of the link? This phone has a game in progress."
    )
    assert dialog.locator("#confirm-notes").inner_text() == (
        "Both are kept: the game in progress goes to History, where you can continue it."
    )
    expect(dialog.get_by_role("button", name="Stay with this game")).to_be_focused()
    assert_accessible(page, "the question before a link replaces a game")
    phone.shot("link-confirm")
    dialog.get_by_role("button", name="Stay with this game").click()
    expect(page.locator("#score-status")).to_have_text("The link was not opened: the game goes on.")
    after = page.evaluate(STORED)
    assert after["names"] == before["names"] and after["rounds"] == before["rounds"]
    assert after["past"] == []

    page.goto(link)
    question(page).get_by_role("button", name="Open it, keep both").click()
    expect(page.locator("#score-status")).to_have_text(
        "Game loaded from the link. The game you had is in History."
    )
    expect(page.locator("#totals-table tbody td.total")).to_have_text(["6", "0", "0"])  # M2
    assert page.get_by_label("Name of player 1").input_value() == "Sara"
    [kept] = page.evaluate(STORED)["past"]
    assert kept["names"][0] == "Anna" and kept["finished"] is False
    assert kept["table"]["rounds"][0]["counts"][0] == [0, 0, 0, 0, 3, 0]

    games = history(page)
    expect(games).to_have_count(1)
    assert games.first.locator(".past-winner").inner_text() == "Set aside before round 1 was scored"
    expect(games.first.locator(".hint").last).to_have_text(  # said before the tap
        "Continue takes it back to the Score tab; a game in progress there comes here."
    )
    assert_accessible(page, "History with a game set aside")
    phone.shot("history-set-aside")
    games.first.get_by_role("button", name="Continue").click()
    expect(page.locator("#tab-score")).to_have_attribute("aria-selected", "true")
    assert page.get_by_label("Name of player 1").input_value() == "Anna"
    assert player_card(page, 0).get_by_label("garden", exact=True).input_value() == "3"
    expect(page.locator("#score-status")).to_contain_text("The game you had is in History.")
    [sara] = page.evaluate(STORED)["past"]  # the link's game, kept in its turn
    assert sara["names"][0] == "Sara" and sara["totals"] == [6, 0, 0]


QUESTION_RIGHT_AFTER_ANOTHER = """async () => {
    const { confirmLoss } = await import('/static/js/confirm.js');
    const ask = () => confirmLoss({ question: 'Q', lost: [], action: 'Yes' });
    const first = ask();
    document.querySelector('#confirm-keep').click();
    await first;
    ask();  // asked before the first question's close event is dispatched
    await new Promise((done) => setTimeout(done, 100));
    return document.querySelector('#confirm').open;
}"""


def test_a_question_asked_right_after_another_stays_open(phone):
    """The close event of a question just answered is dispatched after the code that awaited
    the answer has run; a question asked there (a link opened again at once) stays open for
    its own answer, not closed by the earlier one's event."""
    page = phone.open()
    assert page.evaluate(QUESTION_RIGHT_AFTER_ANOTHER) is True


def test_a_link_over_an_untouched_game_opens_without_asking(phone, devices, base_url):
    sender = Phone(devices, base_url)
    try:
        page = sender.open()
        step_to(player_card(page, 0), "tower", 1)
        link = share_link(page)
    finally:
        sender.close()
    page = phone.open()
    page.goto(link)
    expect(page.locator("#score-status")).to_have_text("Game loaded from the link.")
    expect(page.locator("dialog#confirm")).to_be_hidden()
    assert page.evaluate(STORED)["past"] == []


# --- a scored round's points, kept on show while its entries change ----------------------------


def test_a_changed_entry_keeps_the_rounds_points_marked_until_scored_again(phone):
    """One stray tap on a scored round: its points and the totals stay, marked as changed;
    tapping back to the entry scored takes the mark away; scoring again answers the new
    entries (M2, W4)."""
    page = phone.open()
    for seat, name in enumerate(["Anna", "Ben", "Chris"]):
        page.get_by_label(f"Name of player {seat + 1}").fill(name)
    table = THREE_PLAYER_GAME[1]
    for seat, player in enumerate(table["players"]):
        step_to(player_card(page, seat), "tower", player["counts"][5])
        step_to(player_card(page, seat), "Longest wall", player["wall"])
    score(page, 1)
    scored = shown_round_points(page)
    totals = shown_totals(page)

    anna = player_card(page, 0)
    anna.get_by_role("button", name="tower: one more").click()  # the stray tap
    status = page.locator("#score-status")
    expect(status).to_have_text("Round 1 changed since it was scored: score it again.")
    results = page.locator("#results")
    expect(results).to_have_class("results changed")
    expect(results.locator(".results-changed")).to_have_text(
        "Entries of round 1 changed since it was scored: these are its last points. Score it again."
    )
    assert shown_round_points(page) == scored
    assert shown_totals(page) == totals
    first_round = page.locator("#totals-table tbody tr").first.locator("td").first
    expect(first_round).to_have_class("changed")
    assert first_round.get_attribute("aria-label") == f"{scored[0]}, changed since scored"
    expect(page.locator("#winners")).to_have_text(
        "Round 1 changed since it was scored: score it again to know the winner."
    )
    assert page.evaluate(STORED)["rounds"][0]["result"] is not None
    page.locator("#results").evaluate("results => results.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -60)")  # below the sticky tabs
    phone.shot("score-changed-marked")

    anna.get_by_role("button", name="tower: one fewer").click()  # back to the entry scored
    expect(results).to_have_class("results")
    expect(first_round).not_to_have_class("changed")
    expect(page.locator("#winners")).to_have_text(
        "The winner is known once all three rounds are scored."
    )

    anna.get_by_role("button", name="tower: one more").click()
    score(page, 1)
    towers = [player["counts"][5] for player in table["players"]]
    towers[0] += 1
    expected, _ = round_points(
        1,
        {
            "players": [
                {"counts": [0, 0, 0, 0, 0, count], "wall": player["wall"]}
                for count, player in zip(towers, table["players"], strict=True)
            ]
        },
    )
    assert shown_round_points(page) == expected
    expect(results).to_have_class("results")
    expect(page.locator("#totals-table tbody td.changed")).to_have_count(0)


# --- a game kept in History changes there only after a question -------------------------------


def test_rescoring_a_game_kept_in_history_asks_first(phone):
    """Use for on a finished game says that History changes only when the round is scored
    again; scoring it again asks, naming the record; Keep leaves both the round and the
    record as they were."""
    page = phone.open()
    totals = score_three_rounds(page)
    [record] = page.evaluate(STORED)["past"]
    assert record["totals"] == totals and record["finished"] is True

    page.get_by_role("tab", name="Build").click()
    expect(place(page, 1, 0, "tower")).to_be_hidden()
    page.get_by_role("button", name="Use for Anna in round 3").click()
    dialog = question(page)
    notes = dialog.locator("#confirm-notes p").all_inner_texts()
    assert notes == [
        "Round 3 was scored: its points stay on show, marked as changed, until you score it again.",
        f"This game is kept in History ({page.locator('#past-list time').first.inner_text()}): "
        "it changes there only when round 3 is scored again, and the page asks first.",
    ]
    phone.shot("build-use-kept-game")
    dialog.get_by_role("button", name="Replace them").click()
    assert page.evaluate(STORED)["past"] == [record]  # nothing changed there yet

    page.get_by_role("tab", name="Score").click()
    choose_round(page, 3)
    page.get_by_role("button", name="Score round 3").click()
    dialog = question(page)
    assert (
        dialog.locator("h2").inner_text().startswith("Score round 3 again and change the game of")
    )
    assert lost_items(page) == [
        "The game of Anna, Ben, and Chris: "
        + " · ".join(
            f"{name}: {total}"
            for total, name in sorted(
                zip(totals, ["Anna", "Ben", "Chris"], strict=True), key=lambda p: -p[0]
            )
        )
    ]
    assert_accessible(page, "the question before a kept game changes")
    phone.shot("score-kept-game-confirm")
    dialog.get_by_role("button", name="Keep it").click()
    expect(page.locator("#score-status")).to_have_text(
        "Round 3 not scored: History keeps the game as it was."
    )
    assert page.evaluate(STORED)["past"] == [record]
    expect(page.locator("#results")).to_have_class("results changed")

    page.get_by_role("button", name="Score round 3").click()
    question(page).get_by_role("button", name="Score round 3 and change it").click()
    expect(page.locator("#score-status")).to_have_text("Round 3 scored.")
    [changed] = page.evaluate(STORED)["past"]
    assert changed["id"] == record["id"] and changed["totals"] != record["totals"]
    assert changed["totals"] == shown_totals(page)


def test_a_change_the_phone_cannot_keep_is_said(phone):
    """Storage full or switched off: the game goes on in the tab, and the page says, as long as
    it is so, that the last change is not kept on the phone."""
    page = phone.open()
    notice = page.locator("#unsaved")
    expect(notice).to_be_hidden()
    page.evaluate("""() => {
        window.keep = Storage.prototype.setItem;
        Storage.prototype.setItem = () => {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
    }""")
    step_to(player_card(page, 0), "tower", 1)
    expect(notice).to_be_visible()
    expect(notice).to_have_text(
        "This phone could not keep the last change: its storage is full or switched off. The "
        "game goes on in this tab; delete old games in History, or save them to a file, to keep it."
    )
    assert_accessible(page, "a change not kept")
    page.evaluate("() => { Storage.prototype.setItem = window.keep; }")
    step_to(player_card(page, 0), "tower", 2)
    expect(notice).to_be_hidden()
    assert page.evaluate(STORED)["rounds"][0]["counts"][0][5] == 2
