"""The phone page in a real browser: Debian's Chromium driven by Playwright at 390 x 844.

The app runs in a real HTTP server (werkzeug, in a thread, on a free port); the page talks to
the real API. Expected scores are worked out here from RULES.md (M2-M6, W4, D3), not read
from the page or the API. Screenshots of the key screens go to tests/artifacts/.
"""

from __future__ import annotations

import json
import threading
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from playwright import sync_api as playwright_api
from werkzeug.serving import make_server

from calculator import create_app
from calculator.core.alhambra import Alhambra
from calculator.core.building import legal_cells
from calculator.core.tiles import Building, Tile
from calculator.core.walls import longest_wall
from tests.helpers.browser import (
    ARTIFACTS,
    PHONE,
    SETTLED,
    THREE_PLAYER_GAME,
    THREE_PLAYERS,
    Phone,
    assert_accessible,
    assert_fits,
    cell,
    choose_round,
    enter_table,
    not_busy,
    place,
    play_one_move,
    player_card,
    round_points,
    score,
    shown_round_points,
    shown_totals,
    start_play,
    step_to,
    switch_language,
    your_move,
)

# --- quick scoring -------------------------------------------------------------------------


def test_three_player_game_scored_over_three_rounds(phone):
    page = phone.open()
    for seat, name in enumerate(THREE_PLAYERS):
        page.get_by_label(f"Name of player {seat + 1}").fill(name)
    assert page.locator("fieldset.dummy").count() == 0  # only a 2-player table has the dummy
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("phone-start")

    expected_totals = [0, 0, 0]
    for round_, table in THREE_PLAYER_GAME.items():
        choose_round(page, round_)
        enter_table(page, table)
        if round_ == 2:
            phone.shot("phone-entries")
        score(page, round_)
        expected, _ = round_points(round_, table)
        assert shown_round_points(page) == expected, f"round {round_}"
        expected_totals = [a + b for a, b in zip(expected_totals, expected, strict=True)]
        assert shown_totals(page) == expected_totals, f"after round {round_}"
        if round_ == 2:
            anna = page.locator('#results-body details[data-player="0"]')
            anna.locator("summary").click()  # the breakdown opens on a tap
            towers = anna.locator('tr[data-building="tower"] td')
            assert towers.all_inner_texts() == ["3", "1st\ntie of 2", "9"]
            page.locator("#results").scroll_into_view_if_needed()
            phone.shot("phone-results")

    chris = page.locator('#results-body details[data-player="2"]')
    chris.locator("summary").click()
    pavilions = chris.locator('tr[data-building="pavilion"] td')
    assert pavilions.all_inner_texts() == ["2", "1st\ntie of 3", "8"]
    best = max(expected_totals)
    winners = [
        name for name, total in zip(THREE_PLAYERS, expected_totals, strict=True) if total == best
    ]
    verdict = "Winner: " if len(winners) == 1 else "Shared win: "
    assert page.locator("#winners").inner_text() == verdict + ", ".join(winners)
    page.locator("#totals").scroll_into_view_if_needed()
    phone.shot("phone-totals")

    # The game survives a reload: it is kept on the device.
    page.reload()
    not_busy(page)
    assert shown_totals(page) == expected_totals
    assert page.get_by_label("Name of player 2").input_value() == "Ben"

    # Shared as a link, it opens on another phone with the same standings (scored again there).
    page.get_by_role("button", name="Share as a link").click()
    link = page.get_by_label("Link to this game").input_value()
    assert "#game=" in link
    other = Phone(phone.devices, phone.base_url)
    try:
        other.page.goto(link)
        other.page.locator("#score-status").filter(has_text="Game loaded from the link.").wait_for()
        not_busy(other.page)
        expect_totals(other.page, expected_totals)
        assert other.page.locator("#winners").inner_text() == verdict + ", ".join(winners)
        assert "#game=" not in other.page.url  # the link's state now lives on that device
    finally:
        other.close()

    # A new game clears the table (after the question, test_page_at_the_table.py).
    page.get_by_role("button", name="New game").click()
    page.locator("dialog#confirm").get_by_role("button", name="Clear and start anew").click()
    assert shown_totals(page) == [0, 0, 0]
    assert page.get_by_label("Name of player 1").input_value() == "Player 1"


def expect_totals(page: Any, totals: list[int]) -> None:
    playwright_api.expect(page.locator("#totals-table tbody td.total")).to_have_text(
        [str(total) for total in totals]
    )


TWO_PLAYER_GAME = {  # the dummy's counts last (D3): he never scores walls (W6)
    1: {
        "players": [
            {"counts": [1, 0, 1, 0, 0, 1], "wall": 2},
            {"counts": [0, 1, 0, 1, 1, 0], "wall": 1},
        ],
        "dummy": [1, 1, 1, 0, 1, 2],
    },
    2: {
        "players": [
            {"counts": [2, 1, 2, 1, 1, 2], "wall": 5},
            {"counts": [1, 2, 1, 2, 2, 2], "wall": 3},
        ],
        "dummy": [2, 2, 2, 2, 2, 2],
    },  # D2: 12 tiles by round 2
    3: {
        "players": [
            {"counts": [3, 2, 3, 2, 3, 3], "wall": 8},
            {"counts": [2, 3, 2, 3, 3, 4], "wall": 6},
        ],
        "dummy": [2, 2, 4, 2, 3, 4],
    },
}


def test_two_player_game_with_the_dummy(phone):
    page = phone.open()
    page.get_by_role("button", name="Number of players: one fewer").click()
    dummy = page.locator("fieldset.dummy")
    dummy.wait_for()
    assert dummy.locator("legend").inner_text() == "Dirk"
    assert player_card(page, 2).count() == 0
    page.get_by_label("Name of player 1").fill("Anna")
    page.get_by_label("Name of player 2").fill("Ben")

    expected_totals = [0, 0]
    for round_, table in TWO_PLAYER_GAME.items():
        choose_round(page, round_)
        enter_table(page, table)
        score(page, round_)
        expected, dummy_points = round_points(round_, table)
        assert shown_round_points(page) == expected, f"round {round_}"
        dirk = page.locator("#results-body details[data-dummy]")
        assert dirk.locator("summary").inner_text().startswith("Dirk")
        assert int(dirk.locator("tfoot td.points").text_content() or "") == dummy_points
        assert dirk.locator("tr").filter(has_text="Longest wall").count() == 0  # W6
        expected_totals = [a + b for a, b in zip(expected_totals, expected, strict=True)]
        assert shown_totals(page) == expected_totals
        if round_ == 3:
            page.locator("fieldset.dummy").scroll_into_view_if_needed()
            phone.shot("phone-dummy")
    best = max(expected_totals)
    winners = [
        name for name, total in zip(["Anna", "Ben"], expected_totals, strict=True) if total == best
    ]
    assert "Dirk" not in page.locator("#winners").inner_text()  # D3: he cannot win
    assert page.locator("#winners").inner_text().endswith(", ".join(winners))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_implausible_wall_is_warned_beside_its_field(phone, language):
    """W1, M1: a wall of 40 beside no building is scored, and the warning stands next to that
    player's wall, in the page's language; W1-W3: one tower carries at most 3 segments."""
    page = phone.open(f"/?lang={language}")
    messages = json.loads(page.locator("#messages").text_content() or "{}")
    score = page.get_by_role("button", name=messages["score.button"].format(n=1))
    anna = player_card(page, 0)
    anna.locator("input[data-wall]").fill("40")
    score.click()
    warning = anna.locator(".stepper:has(input[data-wall]) + .entry-warning")
    playwright_api.expect(warning).to_have_text(messages["warning.wall-without-buildings"])
    assert warning.get_attribute("data-pointer") == "/players/0/wall"
    assert anna.locator("input[data-wall]").get_attribute("aria-describedby") == (
        warning.get_attribute("id")
    )
    assert page.locator(".entry-warning").count() == 1  # nobody else's entry is doubted
    assert page.locator("#results .results-warned").inner_text() == messages["warning.check"]
    assert shown_round_points(page)[0] == 40  # M5, W4: scored all the same
    assert_accessible(page, f"{language}: a warned wall")
    warning.evaluate("note => note.scrollIntoView({block: 'center'})")
    phone.shot(f"phone-warning-{language}")

    anna.locator('input[data-building="5"]').fill("1")  # one tower: the entry changed
    playwright_api.expect(page.locator(".entry-warning")).to_have_count(0)
    score.click()
    playwright_api.expect(warning).to_have_text(messages["warning.wall-longer-than-tiles-carry"])

    anna.locator("input[data-wall]").fill("3")  # one tile carries 3: the warning goes
    playwright_api.expect(page.locator(".entry-warning")).to_have_count(0)
    score.click()
    page.locator("#results-body details").first.wait_for()
    assert page.locator(".entry-warning").count() == 0


@pytest.mark.parametrize(
    "stored",
    [
        "{not json",
        json.dumps({"v": 1, "names": ["A"], "round": 1}),  # one player: no game
        json.dumps({"v": 1, "names": ["A", "B"], "round": 9, "rounds": [], "drawings": [[], []]}),
    ],
)
def test_a_damaged_saved_game_or_link_is_set_aside(phone, stored):
    page = phone.open()
    page.evaluate("stored => localStorage.setItem('alhambra-scores/v1', stored)", stored)
    page.reload()
    not_busy(page)
    assert page.get_by_label("Name of player 1").input_value() == "Player 1"  # a fresh game
    page.goto(f"{phone.base_url}/?lang=en#game=bm90IGEgZ2FtZQ")  # "not a game"
    playwright_api.expect(page).to_have_url(f"{phone.base_url}/?lang=en")
    assert page.locator("#score-status").inner_text() == ""
    assert shown_totals(page) == [0, 0, 0]


def test_the_game_changes_only_through_update_which_saves_and_redraws(phone):
    """store.js: the game the page holds is frozen, so nothing changes it behind update's back;
    an update is saved on the device and drawn at once, in every view that shows it."""
    page = phone.open()
    outcome = page.evaluate("""async () => {
        'use strict';
        const store = await import('/static/js/store.js');
        let refused = false;
        try {
            store.currentGame().names[0] = 'Mallory';
        } catch (error) {
            refused = error instanceof TypeError;
        }
        const untouched = store.currentGame().names[0];
        store.update({ type: 'name', player: 0, name: 'Zoe' });
        const saved = JSON.parse(localStorage.getItem('alhambra-scores/v1')).names[0];
        return { refused, untouched, saved };
    }""")
    assert outcome == {"refused": True, "untouched": "Player 1", "saved": "Zoe"}
    assert page.get_by_label("Name of player 1").input_value() == "Zoe"
    assert page.locator("#totals-table tbody th").first.inner_text() == "Zoe"
    assert page.locator("#build-player option").first.inner_text() == "Zoe"


def test_scores_wait_out_a_lost_connection(phone):
    page = phone.open()
    step_to(player_card(page, 0), "tower", 2)
    phone.context.set_offline(True)
    page.get_by_role("button", name="Score round 1").click()
    playwright_api.expect(page.locator("#score-status")).to_contain_text("Cannot reach the server")
    phone.context.set_offline(False)
    page.reload()  # the entry was kept on the device
    assert player_card(page, 0).get_by_label("tower", exact=True).input_value() == "2"
    score(page, 1)
    expected, _ = round_points(
        1,
        {
            "players": [
                {"counts": [0, 0, 0, 0, 0, 2], "wall": 0},
                {"counts": [0] * 6, "wall": 0},
                {"counts": [0] * 6, "wall": 0},
            ]
        },
    )
    assert shown_round_points(page) == expected == [6, 0, 0]
    phone.errors.clear()  # the refused fetch while offline is logged by the browser, on purpose


def test_the_page_is_busy_while_a_request_is_on_its_way(phone):
    """``<main>`` is ``aria-busy`` while the page waits for the server, answered or not, and
    not once it has its answer: screen readers hold what the answer changes until then (and
    the tests wait for it, ``not_busy``)."""
    page = phone.open()
    main = page.locator("main")
    expect_not_busy = playwright_api.expect(main).not_to_have_attribute
    expect_not_busy("aria-busy", "true")  # drawn, nothing asked
    busy_when_asked: list[str | None] = []

    def answer(route: Any) -> None:  # the request as it leaves the page, let through
        busy_when_asked.append(main.get_attribute("aria-busy"))
        route.continue_()

    page.route("**/v1/scores", answer)
    step_to(player_card(page, 0), "tower", 2)
    page.get_by_role("button", name="Score round 1").click()
    playwright_api.expect(page.locator("#score-status")).to_have_text("Round 1 scored.")
    expect_not_busy("aria-busy", "true")
    assert busy_when_asked == ["true"]

    def lose(route: Any) -> None:  # the connection lost on the way
        busy_when_asked.append(main.get_attribute("aria-busy"))
        route.abort("internetdisconnected")

    page.unroute("**/v1/scores")
    page.route("**/v1/scores", lose)
    page.get_by_role("button", name="Score round 1").click()
    playwright_api.expect(page.locator("#score-status")).to_contain_text("Cannot reach the server")
    expect_not_busy("aria-busy", "true")
    assert busy_when_asked == ["true", "true"]
    phone.errors.clear()  # the browser logs the lost request, as it should


ACTIVATED = """navigator.serviceWorker.ready.then(registration => new Promise(settled => {
    const worker = registration.active;
    const unless_activating = () => worker.state === "activating" || settled(worker.state);
    worker.addEventListener("statechange", unless_activating);
    unless_activating();
}))"""
"""The state of the page's service worker once it has left ``activating``: ``ready`` resolves
as soon as there is an active worker, while it may still be activating (clearing old caches,
claiming the page), and a reload before it is done may reach the server."""


def test_the_page_opens_again_with_the_server_gone(devices):
    """A lost connection at the table: the page reopens from its service worker's cache and the
    game from the device; scoring waits for the server."""
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    visitor = Phone(devices, f"http://127.0.0.1:{server.server_port}")
    try:
        page = visitor.open()
        assert page.evaluate(ACTIVATED) == "activated"
        step_to(player_card(page, 0), "garden", 3)
        server.shutdown()
        thread.join()
        server.server_close()
        page.reload()
        assert player_card(page, 0).get_by_label("garden", exact=True).input_value() == "3"
        page.get_by_role("button", name="Score round 1").click()
        playwright_api.expect(page.locator("#score-status")).to_contain_text(
            "Cannot reach the server"
        )
        visitor.errors.clear()  # the browser logs the refused requests, as it should
    finally:
        visitor.close()
        if thread.is_alive():
            server.shutdown()


def test_two_players_with_one_name_are_refused_in_words(phone):
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    page.get_by_label("Name of player 2").fill("Anna")
    page.get_by_role("button", name="Score round 1").click()
    playwright_api.expect(page.locator("#score-status")).to_have_text(
        "Two players are called Anna: give each player a different name."
    )


# --- build mode ----------------------------------------------------------------------------


def test_build_an_alhambra_with_a_refused_placement(phone):
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    page.get_by_role("tab", name="Build").click()
    assert cell(page, 0, 0).get_attribute("aria-label") == "Lion Fountain at (0,0)"

    dialog = place(page, 1, 0, "garden", walls="NE")
    playwright_api.expect(dialog).to_be_hidden()
    playwright_api.expect(page.locator("#build-status")).to_have_text("Placed: garden at (1,0).")
    playwright_api.expect(cell(page, 1, 0)).to_be_focused()  # the keyboard stays on the tile

    # B2: the garden's east side is walled, a tower east of it with no west wall does not
    # match (and is walled off: B3).
    dialog = place(page, 2, 0, "tower", walls="")
    refused = dialog.locator("#picker-result li")
    refused.first.wait_for()
    assert refused.evaluate_all("items => items.map(i => i.dataset.rule)") == ["B2", "B3"]
    assert refused.first.inner_text() == (
        "B2 Matching sides: The east side of the garden at (1,0) has a wall, "
        "the west side of the tower at (2,0) has none."
    )
    phone.shot("phone-build-refused")
    dialog.get_by_role("button", name="Cancel").click()
    playwright_api.expect(cell(page, 2, 0)).to_be_focused()
    assert "bad" in (cell(page, 2, 0).get_attribute("class") or "")  # marked on the grid
    assert cell(page, 2, 0).locator(".short").count() == 0  # and not placed

    # B4 and B3: a tile touching the fountain only at a corner.
    dialog = place(page, -1, 1, "tower")
    dialog.locator('#picker-result li[data-rule="B4"]').wait_for()
    assert (
        "shares no side with the Alhambra"
        in dialog.locator('#picker-result li[data-rule="B4"]').inner_text()
    )
    dialog.get_by_role("button", name="Cancel").click()

    # A legal Alhambra, one tile from the catalog (tower 9, walls E S).
    tiles = [((1, 0), Tile(Building.GARDEN, "NE"))]
    for (x, y), building, walls, price in [
        ((0, 1), "chambers", "SW", None),
        ((1, 1), "tower", "ES", 9),
        ((-1, 0), "pavilion", "NSW", None),
        ((0, -1), "arcades", "", None),  # open to the north
    ]:
        dialog = place(
            page, x, y, building, walls=walls, catalog=None if price is None else f"{price}:{walls}"
        )
        playwright_api.expect(dialog).to_be_hidden()
        tiles.append(((x, y), Tile(Building(building), walls, price)))
        playwright_api.expect(page.locator("#build-status")).to_contain_text(f"({x},{y})")
    alhambra = Alhambra.of(tiles)
    wall = longest_wall(alhambra)
    summary = page.locator("#summary-wall")
    playwright_api.expect(summary).to_have_attribute("data-length", str(wall.length))
    assert summary.inner_text().startswith(f"Longest wall: {wall.length}")
    shown_counts = {
        item.get_attribute("data-building"): int(item.locator("strong").inner_text())
        for item in page.locator("#summary-counts li").all()
    }
    assert shown_counts == {
        "pavilion": 1,
        "seraglio": 0,
        "arcades": 1,
        "chambers": 1,
        "garden": 1,
        "tower": 1,
    }
    highlighted = page.locator("#grid button.cell").evaluate_all(
        "cells => cells.flatMap(c => [...c.classList].filter(k => k.startsWith('longest-'))"
        ".map(k => `${c.dataset.x},${c.dataset.y},${k.slice(8)}`))"
    )
    assert sorted(highlighted) == sorted(f"{x},{y},{side}" for (x, y), side in wall.segments)
    assert cell(page, 1, 1).locator(".price").inner_text() == "9"
    phone.shot("phone-build")

    # Where does a bare garden fit? The cells marked are exactly the legal cells (core).
    cell(page, 2, 2).click()
    page.locator("dialog#picker").get_by_text("garden", exact=True).click()
    for side in "NESW":
        if page.locator(f"#wall-{side}").is_checked():
            page.locator(f'label[for="wall-{side}"]').click()
    page.get_by_role("button", name="Where does it fit?").click()
    page.locator("#grid button.cell.fits").first.wait_for()
    fits = page.locator("#grid button.cell.fits").evaluate_all(
        "cells => cells.map(c => [Number(c.dataset.x), Number(c.dataset.y)])"
    )
    expected_cells = legal_cells(alhambra, Tile(Building.GARDEN, ""))
    assert expected_cells  # north of the open arcades at least
    assert sorted(map(tuple, fits)) == sorted(expected_cells)
    where = f"{len(expected_cells)} cell{'s' if len(expected_cells) > 1 else ''}"
    playwright_api.expect(page.locator("#build-status")).to_have_text(
        f"This tile fits on {where}, marked with +."
    )

    # The drawing gives Anna's counts and wall for the current round.
    page.get_by_role("button", name="Use for Anna in round 1").click()
    playwright_api.expect(page.locator("#use-status")).to_have_text(  # counted by the server
        "Counts and wall copied to Anna, round 1."
    )
    page.get_by_role("tab", name="Score").click()
    anna = player_card(page, 0)
    assert anna.get_by_label("tower", exact=True).input_value() == "1"
    assert anna.get_by_label("Longest wall", exact=True).input_value() == str(wall.length)
    page.get_by_role("tab", name="Build").click()

    # The picture from /v1/render, shown inline and downloadable.
    page.get_by_role("button", name="Show the picture").click()
    picture = page.locator("#picture svg")
    picture.wait_for()
    assert picture.locator("g.tile").count() == len(tiles)
    assert picture.locator("line.longest-wall").count() == wall.length
    assert (picture.locator("title").text_content() or "").startswith("Alhambra of Anna.")
    picture.scroll_into_view_if_needed()
    phone.shot("phone-picture")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the picture (SVG)").click()
    saved = download.value
    assert saved.suggested_filename == "alhambra-Anna.svg"
    root = ET.parse(saved.path()).getroot()
    assert len(
        [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "tile"]
    ) == len(tiles)

    # Undo takes the last tile back; the drawing is kept on the device.
    page.get_by_role("button", name="Undo last tile").click()
    playwright_api.expect(page.locator("#build-status")).to_have_text("Last tile taken back.")
    page.reload()
    not_busy(page)
    assert page.get_by_role("tab", name="Build").get_attribute("aria-selected") == "true"
    assert page.locator("#grid .short").count() == len(tiles) - 1


def test_removing_a_tile_that_holds_the_alhambra_together_is_refused(phone):
    page = phone.open()
    page.get_by_role("tab", name="Build").click()
    for x, building in [(1, "garden"), (2, "tower")]:
        dialog = place(page, x, 0, building)
        playwright_api.expect(dialog).to_be_hidden()
    cell(page, 1, 0).click()
    refused = page.locator('#picker-result li[data-rule="B4"]')
    refused.wait_for()  # T5: the tower at (2,0) would be cut off, so removal is not offered
    playwright_api.expect(page.get_by_role("button", name="Remove this tile")).to_be_hidden()
    page.get_by_role("button", name="Cancel").click()
    cell(page, 2, 0).click()
    page.get_by_role("button", name="Remove this tile").click()
    playwright_api.expect(page.locator("#build-status")).to_have_text("Tile removed from (2,0).")


# --- languages -----------------------------------------------------------------------------


def test_switch_language_and_keep_the_game(phone):
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Анна")
    step_to(player_card(page, 0), "garden", 2)
    switch_language(page, "Русский", "ru")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.get_by_role("button", name="Подсчитать раунд 1").is_visible()
    assert player_card(page, 0).get_by_label("сад", exact=True).input_value() == "2"
    assert page.get_by_label("Имя игрока 1").input_value() == "Анна"
    phone.shot("phone-ru")

    # Rule messages are in the page's language too.
    page.get_by_role("tab", name="Постройка").click()
    playwright_api.expect(place(page, 1, 0, "сад")).to_be_hidden()
    dialog = place(page, 2, 1, "башня")
    refusal = dialog.locator('#picker-result li[data-rule="B4"]')
    refusal.wait_for()
    assert refusal.inner_text() == (
        "B4 Касание стороной: (2,1) (башня): тайл не касается Альгамбры ни одной стороной "
        "(угла недостаточно)."
    )
    dialog.get_by_role("button", name="Отмена").click()

    switch_language(page, "Deutsch", "de")
    assert page.locator("html").get_attribute("lang") == "de"
    playwright_api.expect(page.locator("#summary-wall")).to_have_text(
        "Längste Mauer: 0 (orange hervorgehoben)"
    )
    phone.shot("phone-de")


def test_language_from_the_phone_settings(devices, base_url):
    visitor = Phone(devices, base_url, locale="ja-JP")
    try:
        page = visitor.open("/")
        assert page.locator("html").get_attribute("lang") == "ja"
        page.get_by_role("button", name="1回目の得点計算").wait_for()
        player_card(page, 0).get_by_role("button", name="塔を1つ増やす").click()
        page.get_by_role("button", name="1回目の得点計算").click()
        page.locator("#results-body").get_by_text("6点").first.wait_for()
        assert page.get_by_role("link", name="日本語").get_attribute("aria-current") == "true"
        first = page.locator('#results-body details[data-player="0"]')
        first.locator("summary").click()
        assert first.locator('tr[data-building="tower"] td').all_inner_texts() == ["1", "1位", "6"]
        page.locator("#results").scroll_into_view_if_needed()
        visitor.shot("phone-ja")
    finally:
        visitor.close()


def test_every_language_renders_without_errors(phone):
    for language in ("en", "ru", "ja", "de"):
        page = phone.open(f"/?lang={language}")
        messages = json.loads(page.locator("#messages").text_content() or "{}")
        assert page.get_by_role("tab", name=messages["tab.reference"]).is_visible()
        page.get_by_role("tab", name=messages["tab.reference"]).click()
        assert page.locator(".points-table tbody tr").count() == 6


# --- Play: a game against the computer -------------------------------------------------------


def shown_play_scores(page: Any) -> list[int]:
    return [int(cell) for cell in page.locator("#play-scores td").all_inner_texts()]


def test_play_a_whole_game_against_the_computer_to_the_end(phone):
    page = phone.open()
    start_play(page, ["greedy"])
    your_move(page)
    phone.shot("play-start", full_page=True)
    # a hint: the advisor marks its best move, and it is played
    page.get_by_role("button", name="Hint", exact=True).click()
    hinted = page.locator(".hinted")
    hinted.first.wait_for()
    assert hinted.count() == 1
    assert page.locator("#play-hint-status").inner_text().startswith("Hint: ")
    phone.shot("play-hint", full_page=True)
    hinted.click()
    moves = 1
    placed_shot = False
    while not page.locator("#play-winners").inner_text():
        your_move(page)
        if page.locator("#play-winners").inner_text():
            break
        if not placed_shot and page.locator("#play-grid button.fits").count():
            phone.shot("play-placing", full_page=True)
            placed_shot = True
        play_one_move(page)
        moves += 1
        assert moves < 400, "the game does not end"
    # the end: the final scores, the winner, the computer's steps to read
    assert page.locator("#play-scores-heading").inner_text() == "Final scores"
    scores = shown_play_scores(page)
    assert len(scores) == 2 and max(scores) > 0
    saved = page.evaluate("JSON.parse(localStorage.getItem('alhambra-scores/v1')).play.state")
    assert saved["over"] and [p["score"] for p in saved["players"]] == scores
    winners = ", ".join(saved["players"][seat]["name"] for seat in saved["winners"])
    assert page.locator("#play-winners").inner_text() == f"Winner: {winners}"
    assert (page.locator("#play-steps li").first.text_content() or "").startswith("The game ends.")
    assert page.locator("#play-steps li", has_text="Computer 1 ").count() > 0
    phone.shot("play-over", full_page=True)


def test_the_play_tab_says_when_the_computer_cannot_go_on_past_the_bounds(phone):
    """bot-turns stops at "bounds" when the next decision would take the game past a bound of
    the state document, with the state unchanged: the page says so instead of waiting."""
    page = phone.open()
    asked = []

    def at_the_bounds(route: Any) -> None:
        asked.append(route.request.post_data_json["state"])
        answer = {"state": asked[-1], "actions": [], "events": [], "stopped": "bounds"}
        route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))

    page.route("**/v1/games/bot-turns", at_the_bounds)
    start_play(page, ["greedy"])
    said = (
        "The game cannot go on: the computer's next move would take it past the limits of a "
        "saved game."
    )
    for _ in range(20):  # your moves until the computer's turn
        page.wait_for_function(
            f"() => document.querySelector('#play-status').textContent === {json.dumps(said)}"
            f" || ({SETTLED})()",
            timeout=60_000,
        )
        if asked:
            break
        play_one_move(page)
    assert page.locator("#play-status").inner_text() == said
    page.wait_for_timeout(500)
    assert len(asked) == 1  # asked once, not again and again


def test_a_game_against_the_computer_survives_a_reload(phone):
    page = phone.open()
    start_play(page, ["random", "greedy"], modules=("vizier",))
    your_move(page)
    for _ in range(20):  # until the computer has played (an exact payment gives you more)
        play_one_move(page)
        your_move(page)
        if page.locator("#play-steps li", has_text="Computer 2").count():
            break
    before = {
        "steps": page.locator("#play-steps").text_content(),
        "hand": page.locator("#play-hand").inner_text(),
        "market": page.locator("#play-market").inner_text(),
        "scores": shown_play_scores(page),
    }
    assert page.locator("#play-steps li", has_text="Computer 2").count() > 0
    page.locator("#play-log summary").click()  # the whole log, one tap away
    phone.shot("play-steps", full_page=True)
    page.reload()
    not_busy(page)
    assert page.get_by_role("tab", name="Play").get_attribute("aria-selected") == "true"
    your_move(page)
    after = {
        "steps": page.locator("#play-steps").text_content(),
        "hand": page.locator("#play-hand").inner_text(),
        "market": page.locator("#play-market").inner_text(),
        "scores": shown_play_scores(page),
    }
    assert after == before
    # the opponents' Alhambras, folded away, one at a time
    page.locator("#play-opponents summary").click()
    page.get_by_role("button", name="Computer 2", exact=True).click()
    assert page.locator("#play-opponent-heading").inner_text() == "Alhambra of Computer 2"
    assert page.get_by_role("button", name="Computer 2").get_attribute("aria-pressed") == "true"
    opponent = page.get_by_role("group", name="Alhambra of Computer 2")
    assert opponent.get_by_role("img", name="Lion Fountain at (0,0)").count() == 1


# --- accessibility (axe-core, WCAG 2.1 A and AA: labels, names, roles, contrast) -----------


@pytest.mark.parametrize("language", ["en", "ru", "ja", "de"])
def test_every_screen_passes_wcag_checks(phone, language):
    page = phone.open(f"/?lang={language}")
    messages = json.loads(page.locator("#messages").text_content() or "{}")
    page.get_by_role("button", name=messages["score.button"].format(n=1)).click()
    page.locator("#results-body details").first.wait_for()
    page.locator("#results-body details summary").first.click()
    assert_accessible(page, f"{language}: scores")

    page.get_by_role("tab", name=messages["tab.build"]).click()
    place(page, 1, 0, messages["building.garden"], walls="N")
    page.locator("#picker").wait_for(state="hidden")
    dialog = place(page, 2, 1, messages["building.tower"])
    dialog.locator("#picker-result li").first.wait_for()
    assert_accessible(page, f"{language}: refused placement")
    dialog.locator("#picker-cancel").click()
    page.locator("#show-picture").click()
    page.locator("#picture svg").wait_for()
    assert_accessible(page, f"{language}: build mode with the picture")

    page.get_by_role("tab", name=messages["tab.reference"]).click()
    assert_accessible(page, f"{language}: tables")

    page.get_by_role("tab", name=messages["tab.play"]).click()
    assert_accessible(page, f"{language}: a game against the computer, set up")
    page.get_by_role("button", name=messages["play.start"]).click()
    page.locator("#play-table").wait_for()
    your_move(page)
    page.get_by_role("button", name=messages["play.hint"], exact=True).click()
    page.locator(".hinted").first.wait_for()
    assert_accessible(page, f"{language}: a game against the computer, with a hint")


@pytest.mark.parametrize(
    ("device", "viewport"),
    [
        ("phone", PHONE),
        ("tablet", {"width": 820, "height": 1180}),
        ("desktop", {"width": 1440, "height": 900}),
    ],
)
def test_layout_fits_phone_tablet_and_desktop(browser, base_url, device, viewport):
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/?lang=de")  # German: the longest words
        page.get_by_role("button", name="Wertung 1 berechnen").click()
        page.locator("#results-body details").first.wait_for()
        for tab in ("Wertung", "Bauen", "Spielen", "Tabellen"):
            page.get_by_role("tab", name=tab).click()
            assert_fits(page, f"{device}, {tab}")
        page.get_by_role("tab", name="Wertung").click()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{device}-de.png"))
    finally:
        context.close()
