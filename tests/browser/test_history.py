"""History, rematch and roster (issue 27), in Debian's Chromium at 390 x 844.

The games kept on the phone have a tab of their own, one tap away; each reopens read-only with
its rounds, each player's breakdown and its modules, a game against the computer with every
round and the opponents' levels. The whole history is saved as a file and read back, asking
before it changes a game kept; the names played are counted (games, wins, best score). A new
game may keep the table (names, seats, modules), and names typed once are offered again.
Expected points come from RULES.md (test_browser.round_points), not from the page.
"""

from __future__ import annotations

import json
from typing import Any

from playwright import sync_api as playwright_api

from tests.helpers.browser import (
    STORED,
    THREE_PLAYER_GAME,
    THREE_PLAYERS,
    assert_accessible,
    choose_round,
    expected_rounds,
    lost_items,
    not_busy,
    play_one_move,
    player_card,
    question,
    round_points,
    score,
    score_three_rounds,
    start_play,
    step_to,
    your_move,
)
from tests.helpers.score_modules import choose_modules

expect = playwright_api.expect
NOT_SCORED = "\u2013"  # an en dash, in a round not scored


def history(page: Any) -> Any:
    page.get_by_role("tab", name="History").click()
    return page.locator("#past-list li")


def test_history_is_a_tab_of_its_own_and_a_game_reopens_with_its_breakdowns(phone):
    """A finished game with a module (K1, no chests: no points): the History tab lists it;
    Open shows each round's points, the modules, and per round each player's breakdown as the
    Score tab showed it."""
    page = phone.open()
    choose_modules(page, ["Treasure chests K1"])
    totals = score_three_rounds(page)
    assert page.locator("#panel-score #past-list").count() == 0  # not on the Score tab
    games = history(page)
    expect(games).to_have_count(1)
    expect(page.locator("#panel-history")).to_be_visible()
    games.first.get_by_role("button", name="Open").click()
    dialog = page.locator("dialog#past-game")
    expect(dialog).to_be_visible()
    expect(dialog.locator("#past-game-setup")).to_have_text("Modules: Treasure chests.")
    rows = dialog.locator("#past-game-table tbody tr")
    order = sorted(range(3), key=lambda seat: (-totals[seat], seat))
    rounds = expected_rounds()
    assert [rows.nth(i).locator("th, td").all_inner_texts() for i in range(3)] == [
        [THREE_PLAYERS[seat], *(str(points[seat]) for points in rounds), str(totals[seat])]
        for seat in order
    ]
    folds = dialog.locator("details.past-round")
    expect(folds).to_have_count(3)
    folds.nth(1).locator(":scope > summary").click()
    anna = folds.nth(1).locator('details[data-player="0"]')
    anna.locator("summary").click()
    # round 2 as scored: Anna and Ben tie on towers, M4: (13 + 6) / 2 = 9 each
    assert anna.locator('tr[data-building="tower"] td').all_inner_texts() == [
        "3",
        "1st\ntie of 2",
        "9",
    ]
    assert anna.locator('tr[data-module="treasure"] th').inner_text() == "Treasure chests (K1)"
    assert anna.locator('tr[data-module="treasure"] td').all_inner_texts() == ["0", "—", "0"]
    expect(anna.locator("tfoot td.points")).to_have_text(str(rounds[1][0]))
    assert dialog.locator("input, select, textarea").count() == 0
    assert_accessible(page, "a past game reopened with its breakdowns")
    phone.shot("history-game-open")
    dialog.get_by_role("button", name="Close").click()


def the_end(route: Any) -> None:
    """The server's answer that ends a game against the computer, stood in for (a whole game
    is test_browser's to play): three scoring rounds (T8, T9) and the end."""
    state = route.request.post_data_json["state"]
    state["over"] = True
    state["winners"] = [1]
    state["players"][0]["score"] = 41
    state["players"][1]["score"] = 57
    state["players"][2]["score"] = 30
    events = [
        {
            "type": "round_scored",
            "round": 1,
            "scores": {"round": 1, "players": []},
            "totals": [5, 9, 3],
        },
        {
            "type": "round_scored",
            "round": 2,
            "scores": {"round": 2, "players": []},
            "totals": [20, 31, 14],
        },
        {
            "type": "round_scored",
            "round": 3,
            "scores": {"round": 3, "players": []},
            "totals": [41, 57, 30],
        },
        {"type": "game_ended", "winners": [1], "totals": [41, 57, 30]},
    ]
    answer = {"state": state, "events": events, "stopped": "over"}
    route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))


def test_a_game_against_the_computer_reopens_with_every_round_and_the_levels(phone):
    page = phone.open()
    page.route("**/v1/games/bot-turns", the_end)
    page.route("**/v1/games/advance", the_end)
    start_play(page, ["greedy", "mcts"], modules=("vizier",))
    your_move(page)
    play_one_move(page)
    expect(page.locator("#play-winners")).to_have_text("Winner: Computer 1", timeout=60_000)
    [kept] = page.evaluate(STORED)["past"]
    assert kept["rounds"] == [[5, 9, 3], [15, 22, 11], [21, 26, 16]]
    assert kept["opponents"] == ["greedy", "mcts"] and kept["modules"] == ["vizier"]
    games = history(page)
    games.first.get_by_role("button", name="Open").click()
    dialog = page.locator("dialog#past-game")
    expect(dialog.locator("#past-game-setup")).to_have_text(
        "Modules: The vizier. Computer players: Computer 1 Medium (greedy) and "
        "Computer 2 Strong (search)."
    )
    rows = dialog.locator("#past-game-table tbody tr")
    assert [rows.nth(i).locator("th, td").all_inner_texts() for i in range(3)] == [
        ["Computer 1", "9", "22", "26", "57"],
        ["You", "5", "15", "21", "41"],
        ["Computer 2", "3", "11", "16", "30"],
    ]
    phone.shot("history-play-open")


def test_the_history_is_saved_as_a_file_and_read_back(phone, tmp_path):
    """Saved, deleted, read back: the same games. A file that changes a game kept asks first
    and names it; a file of something else is refused in words."""
    page = phone.open()
    score_three_rounds(page)
    games = history(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Save as a file").click()
    saved = download.value
    assert saved.suggested_filename.startswith("alhambra-history-")
    path = tmp_path / saved.suggested_filename
    saved.save_as(path)
    expect(page.locator("#history-status")).to_have_text("Saved: 1 game.")
    file = json.loads(path.read_text("utf-8"))
    kept = page.evaluate(STORED)["past"]
    assert file["format"] == "alhambra-history" and file["games"] == kept

    games.first.get_by_role("button", name="Delete").click()
    question(page).get_by_role("button", name="Delete").click()
    expect(games).to_have_count(0)
    page.locator("#history-import").set_input_files(str(path))
    expect(page.locator("#history-status")).to_have_text("Read: 1 new game, 0 changed.")
    assert page.evaluate(STORED)["past"] == kept
    expect(games).to_have_count(1)

    changed = {**file, "games": [{**kept[0], "names": ["Anna", "Ben", "Christa"]}]}
    other = tmp_path / "changed.json"
    other.write_text(json.dumps(changed), "utf-8")
    page.locator("#history-import").set_input_files(str(other))
    date = games.first.locator("time").inner_text()
    assert lost_items(page) == [
        f"The game of {date} (Anna, Ben, and Christa) as History keeps it now"
    ]
    question(page).get_by_role("button", name="Keep it").click()
    expect(page.locator("#history-status")).to_have_text(
        "Nothing was read: History stays as it is."
    )
    assert page.evaluate(STORED)["past"] == kept

    junk = tmp_path / "notes.json"
    junk.write_text('{"shopping": ["figs"]}', "utf-8")
    page.locator("#history-import").set_input_files(str(junk))
    expect(page.locator("#history-status")).to_have_text(
        "notes.json is not a history file of this page: nothing was read."
    )
    assert page.evaluate(STORED)["past"] == kept


def test_statistics_count_games_wins_and_best_score_per_name(phone):
    page = phone.open()
    page.evaluate("""async () => {
        const { update } = await import('/static/js/store.js');
        const games = [
            [['Anna', 'Ben'], [30, 52]],
            [['Ben', 'Chris', 'Anna'], [61, 61, 40]],
            [['anna', 'Dora'], [70, 12]],
        ];
        games.forEach(([names, totals], i) => {
            update({ type: 'new-game' });
            update({ type: 'players', players: names.length });
            names.forEach((name, player) => update({ type: 'name', player, name }));
            update({ type: 'import', entries: [{
                id: `g${i}`, kind: 'score', at: `2026-0${i + 1}-01T20:00:00Z`, names, totals,
                rounds: null,
                winners: totals.flatMap((t, s) => (t === Math.max(...totals) ? [s] : [])),
            }] });
        });
    }""")
    history(page)
    rows = page.locator("#stats-table tbody tr")
    assert [rows.nth(i).locator("th, td").all_inner_texts() for i in range(rows.count())] == [
        ["Anna", "3", "1", "70"],  # any case, as written most: anna's 70 is Anna's
        ["Ben", "2", "2", "61"],  # a shared win is a win
        ["Chris", "1", "1", "61"],
        ["Dora", "1", "0", "12"],
    ]
    assert_accessible(page, "History with its statistics")
    page.locator("#stats").scroll_into_view_if_needed()
    phone.shot("history-statistics")


def test_a_new_game_at_the_same_table_keeps_the_names_seats_and_modules(phone):
    page = phone.open()
    choose_modules(page, ["Treasure chests K1", "Art of the Moors S4"])
    totals = score_three_rounds(page)
    assert totals
    rematch = page.get_by_role("button", name="Rematch at the same table")
    expect(page.locator("#rematch-table")).to_have_text(
        "Anna, Ben, and Chris, in the same seats, with 2 modules"
    )
    rematch.click()  # the finished game is kept in History as it is: nothing to ask
    expect(page.locator("dialog#confirm")).to_be_hidden()
    expect(page.locator("#reset-status")).to_have_text(
        "The rematch has started: Anna, Ben, and Chris, in the same seats."
    )
    game = page.evaluate(STORED)
    assert game["names"] == THREE_PLAYERS
    assert game["modules"] == ["treasure", "art_of_the_moors"]
    assert game["round"] == 1 and all(r["result"] is None for r in game["rounds"])
    assert all(count == 0 for r in game["rounds"] for row in r["counts"] for count in row)
    assert len(game["past"]) == 1 and game["past"][0]["id"] != game["id"]
    expect(page.locator("#score-modules summary")).to_have_text("Modules: 2 chosen")
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("score-same-table")

    # New game, a new table: the names go from their seats (after the question), and are
    # offered again
    page.get_by_role("button", name="New game", exact=True).click()
    assert lost_items(page) == ["The names Anna, Ben, and Chris"]
    question(page).get_by_role("button", name="Clear and start anew").click()
    assert page.get_by_label("Name of player 1").input_value() == "Player 1"
    assert page.evaluate(STORED)["modules"] == []
    name = page.get_by_label("Name of player 1")
    assert name.get_attribute("list") == "roster"
    offered = page.locator("datalist#roster option")
    expect(offered).to_have_count(3)
    assert sorted(offered.evaluate_all("options => options.map((o) => o.value)")) == THREE_PLAYERS


def test_names_typed_once_are_offered_again(phone):
    """Typed (the field left), a name joins the roster; a name at the table is not offered for
    another seat; the page's own names (Player 2) are not kept."""
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Zoe")
    page.get_by_label("Name of player 2").click()  # Zoe typed: the field is left
    page.get_by_label("Name of player 2").fill("Yusuf")
    page.get_by_label("Name of player 3").click()
    assert page.evaluate(STORED)["roster"] == ["Yusuf", "Zoe"]
    offered = page.locator("datalist#roster option")
    expect(offered).to_have_count(0)  # both sit at the table
    page.get_by_label("Name of player 2").fill("Player 2")
    page.get_by_label("Name of player 3").click()
    expect(offered).to_have_count(1)
    assert offered.first.get_attribute("value") == "Yusuf"
    page.reload()
    not_busy(page)
    assert page.evaluate(STORED)["roster"] == ["Yusuf", "Zoe"]
    expect(page.locator("datalist#roster option")).to_have_count(1)


def test_an_unfinished_game_kept_by_a_link_reopens_with_its_rounds(phone):
    """A game set aside after round 1: Open shows round 1's points and the rounds to come."""
    page = phone.open()
    for seat, name in enumerate(THREE_PLAYERS):
        page.get_by_label(f"Name of player {seat + 1}").fill(name)
    choose_round(page, 1)
    table = THREE_PLAYER_GAME[1]
    for seat, player in enumerate(table["players"]):
        step_to(player_card(page, seat), "tower", player["counts"][5])
    score(page, 1)
    link = page.evaluate(
        "async () => (await import('/static/js/game.js')).toLink("
        "(await import('/static/js/store.js')).currentGame())"
    )
    page.get_by_label("Name of player 1").fill("Anne")  # the link's game differs from it
    page.goto(link)
    question(page).get_by_role("button", name="Open it, keep both").click()
    games = history(page)
    expect(games).to_have_count(1)
    assert games.first.locator(".past-winner").inner_text() == "Set aside after 1 round"
    games.first.get_by_role("button", name="Open").click()
    dialog = page.locator("dialog#past-game")
    towers = [player["counts"][5] for player in table["players"]]
    expected, _ = round_points(
        1, {"players": [{"counts": [0] * 5 + [count], "wall": 0} for count in towers]}
    )
    rows = dialog.locator("#past-game-table tbody tr")
    order = sorted(range(3), key=lambda seat: (-expected[seat], seat))
    names = ["Anne", "Ben", "Chris"]
    assert [rows.nth(i).locator("th, td").all_inner_texts() for i in range(3)] == [
        [names[seat], str(expected[seat]), NOT_SCORED, NOT_SCORED, str(expected[seat])]
        for seat in order
    ]
    expect(dialog.locator("#past-game-winners")).to_have_text("Set aside after 1 round")
