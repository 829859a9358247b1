"""From the table (issue 26): a game at a physical table entered on the phone as it lies, then
played on from there on the Play tab, in Debian's Chromium at 360 x 740 (and 390 x 844).

The players and their Alhambras are the page's already (the Score tab's names and totals,
Build's drawings); the rest is typed on the screen, sent to ``POST /v1/games/position`` and
opened as a table-mode game with its legal moves, the hint and the table's reveals. Every
expectation is the public API's own answer for the table the test enters (asked in-process),
never the page's: the page's state is the API's state for that very table.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from calculator.i18n import LANGUAGES, messages
from tests.helpers.browser import (
    STORED,
    assert_accessible,
    assert_words_whole,
    choose_round,
    enter_table,
    not_busy,
    place,
    question,
    score,
    start_play,
    your_move,
)
from tests.helpers.play_positions import Api

expect = playwright_api.expect
SMALL = {"width": 360, "height": 740}
SIZES = [SMALL, {"width": 390, "height": 844}]

NAMES = ["Anna", "Ben", "Carla"]
# Round 1 as the Score tab scored it (M2: a tower alone 6 points, a garden alone 5).
ROUND_1 = {
    "players": [
        {"counts": [0, 0, 0, 0, 0, 1], "wall": 0},
        {"counts": [0, 0, 0, 0, 1, 0], "wall": 0},
        {"counts": [0, 0, 0, 0, 0, 0], "wall": 0},
    ]
}
MARKET = [
    {"building": "pavilion", "walls": "NW", "price": 5},
    {"building": "garden", "walls": "", "price": 10},
    {"building": "seraglio", "walls": "S", "price": 8},
    {"building": "arcades", "walls": "", "price": 9},
]
FACE_UP = [
    {"currency": "denar", "value": 3},
    {"currency": "ducat", "value": 1},
    {"currency": "dirham", "value": 7},
    {"currency": "florin", "value": 2},
]
A_RECORD = '[Player1 "Anna"]\n[Player2 "Ben"]\n[Seed "1"]\n\n'  # a new game, no move yet
ANNA_HAND = [{"currency": "florin", "value": 5}, {"currency": "dirham", "value": 8}]
# The table the test enters, as the position editor takes it: what the page must send.
TABLE: dict[str, Any] = {
    "players": [
        {
            "name": "Anna",
            "alhambra": [{"building": "tower", "walls": "", "price": 12, "x": 1, "y": 0}],
            "reserve": [{"building": "chambers", "walls": "", "price": 11}],
            "hand": ANNA_HAND,
            "score": 6,
        },
        {
            "name": "Ben",
            "alhambra": [{"building": "garden", "walls": "", "price": 11, "x": 0, "y": 1}],
            "reserve": [],
            "hand_size": 4,
            "score": 5,
        },
        {"name": "Carla", "alhambra": [], "reserve": [], "hand_size": 3, "score": 0},
    ],
    "market": [{"slot": n + 1, "tile": tile} for n, tile in enumerate(MARKET)],
    "face_up": FACE_UP,
    "round": 2,
    "turn": 0,
    "options": {"modules": []},
}

tile_key = "{building}/{walls}/{price}".format_map
card_key = "{currency}/{value}".format_map


def seat(page: Any, index: int) -> Any:
    return page.locator(f'#position fieldset.position-seat[data-seat="{index}"]')


def name_the_players(page: Any) -> None:
    for index, name in enumerate(NAMES):
        page.get_by_label(f"Name of player {index + 1}").fill(name)


def open_the_screen(page: Any) -> None:
    page.locator("#tab-play").click()
    page.locator("#position-from-setup, #position-from-game").locator("visible=true").click()
    expect(page.locator("#position")).to_be_visible()


def draw_in_build(page: Any, index: int, x: int, y: int, building: str, catalog: str) -> None:
    """The seat's "Draw it in Build": Build opens on that player's drawing; one catalog tile."""
    seat(page, index).locator("button", has_text="Draw it in Build").click()
    expect(page.locator("#panel-build")).to_be_visible()
    place(page, x, y, building, catalog=catalog)
    page.locator("#picker").wait_for(state="hidden")
    page.locator("#tab-play").click()
    expect(page.locator("#position")).to_be_visible()


def add(page: Any, select: str, key: str) -> None:
    page.locator(select).select_option(key)


def enter_the_table(page: Any) -> None:
    """The mid-game table of TABLE typed on the page: round 1 scored on the Score tab, the
    Alhambras drawn in Build, the rest on the screen."""
    name_the_players(page)
    choose_round(page, 1)
    enter_table(page, ROUND_1)
    score(page, 1)
    open_the_screen(page)
    draw_in_build(page, 0, 1, 0, "tower", "12:")
    draw_in_build(page, 1, 0, 1, "garden", "11:")
    add(page, "#position-reserve-0", tile_key(TABLE["players"][0]["reserve"][0]))
    seat(page, 0).get_by_label("The hand is known").check()
    for card in ANNA_HAND:
        add(page, "#position-hand-0", card_key(card))
    for index, size in ((1, 4), (2, 3)):
        field = page.locator(f"#position-hand-size-{index}")
        field.fill(str(size))
        field.press("Enter")
    for slot, tile in enumerate(MARKET, start=1):
        page.locator(f"#position-slot-{slot}").select_option(tile_key(tile))
    for card in FACE_UP:
        add(page, "#position-face-up", card_key(card))


def stored(page: Any) -> Any:
    return page.evaluate(STORED)


def play_on(page: Any) -> None:
    page.locator("#position-play").click()


def refusal_at(page: Any, pointers: str) -> Any:
    return page.locator(f'#position .position-problems[data-pointers~="{pointers}"] .entry-refusal')


def take_and_await_the_refill(page: Any, api: Api, state: Any, take: Any, text: str) -> Any:
    """The take of money whose button says `text`: the page's next state is the API's (the
    refill to come, T7). Returns it."""
    page.locator("#play-actions button").filter(has_text=text).first.click()
    after, _ = api.advance(state, take)
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('alhambra-scores/v1')).play.state.turn.phase"
        " === 'refill'"
    )
    assert stored(page)["play"]["state"] == after
    return after


# --- the tests --------------------------------------------------------------------------------


def test_a_table_entered_as_it_lies_is_played_on_with_the_hint_and_a_move(phone):
    """The players, Alhambras and scores come from the Score and Build tabs (round 2 to come,
    the totals of round 1); the rest is typed. The game on Play is the API's state for exactly
    that table (T1, T8); the hint stars the advisor's move of the player whose turn it is, and a
    move played gives the API's next state, after which the table reveals the refill (T7)."""
    api = Api()
    page = phone.open("/?lang=en")
    page.set_viewport_size(SMALL)
    enter_the_table(page)
    expect(page.locator("#position-round")).to_have_value("2")  # after round 1 scored
    expect(page.locator("#position-score-0")).to_have_value("6")  # the Score tab's totals
    expect(page.locator("#position-score-1")).to_have_value("5")
    expect(seat(page, 0).locator(".position-alhambra")).to_have_text(
        "Alhambra: 1 tile, drawn in Build"
    )
    page.locator("#position-heading").evaluate("h => h.scrollIntoView()")
    phone.shot("position-entry")
    play_on(page)
    expect(page.locator("#play-table")).to_be_visible()
    expect(page.locator("#play-heading")).to_have_text("A game at the table")
    expected = api.post("/v1/games/position", TABLE)["state"]
    game = stored(page)
    assert game["play"]["table"] is True
    assert game["play"]["state"] == expected

    expect(page.locator("#play-moves-heading")).to_have_text("Moves of Anna")
    expect(page.locator("#play-actions button").first).to_be_enabled()
    legal = api.legal(expected)
    assert legal["player"] == 0
    expect(page.locator("#play-actions button")).to_have_count(
        len([a for a in legal["actions"] if a["type"] != "place"])
    )
    page.locator("#play-hint").click()
    expect(page.locator("#play-actions button.hinted, #play-grid button.hinted")).to_have_count(1)
    hinted = stored(page)["play"]["hint"]
    assert hinted in legal["actions"]
    hinted_button = page.locator("#play-actions button.hinted, #play-grid button.hinted")
    hinted_button.evaluate("b => b.scrollIntoView({ block: 'center' })")
    phone.shot("position-play-hint")

    take = {"type": "take_money", "player": 0, "cards": [FACE_UP[0]]}
    assert take in legal["actions"]
    after = take_and_await_the_refill(page, api, expected, take, "Take denar 3")
    expect(page.locator("#play-moves-heading")).to_have_text("What the table reveals")
    expect(page.locator("#play-hint")).to_be_disabled()  # the table's draws are nobody's
    reveals = api.legal(after)
    assert reveals["player"] is None
    expect(page.locator("#play-actions button")).to_have_count(len(reveals["actions"]))
    phone.shot("position-reveal")


def test_a_refused_table_shows_each_refusal_at_its_entry_in_the_page_language(phone):
    """A market with a slot left empty (T4) and points before any scoring (T8), then a tile
    twice (C1: the market's slot 2 shows slot 1's tile): each refusal stands under the entry
    it points at, in German, citing its rule, and goes once that entry changes; nothing opens
    on Play meanwhile."""
    de = messages("de")
    page = phone.open("/?lang=de")
    page.set_viewport_size(SMALL)
    page.locator("#tab-play").click()
    page.locator("#position-from-setup").click()
    expect(page.locator("#position-heading")).to_have_text(de["position.heading"])
    for slot, tile in enumerate(MARKET[:3], start=1):
        page.locator(f"#position-slot-{slot}").select_option(tile_key(tile))
    score = page.locator("#position-score-0")
    score.fill("8")
    score.press("Enter")
    play_on(page)
    at_market = refusal_at(page, "/market")
    at_score = refusal_at(page, "/players/0/score")
    expect(at_market).to_have_count(1)
    expect(at_market).to_contain_text("(T4)")
    expect(at_score).to_have_count(1)
    expect(at_score).to_contain_text("8 Punkte")  # the server's words, in German
    expect(at_score).to_contain_text("(T8)")
    expect(page.locator("#position-status")).to_have_text(
        "So kann der Tisch nicht sein: 2 Fehler, jeder bei seinem Eintrag gezeigt."
    )
    phone.shot("position-refused")
    page.locator("#position-slot-4").select_option(tile_key(MARKET[3]))
    expect(at_market).to_have_count(0)  # that entry changed
    expect(at_score).to_have_count(1)  # this one did not

    score.fill("0")
    score.press("Enter")
    expect(at_score).to_have_count(0)
    page.locator("#position-slot-2").select_option(tile_key(MARKET[0]))
    play_on(page)
    at_slot = refusal_at(page, "/market/1")
    expect(at_slot).to_have_count(1)
    expect(at_slot).to_contain_text("Pavillon (Preis 5, Mauern NW)")
    expect(at_slot).to_contain_text("(C1)")
    expect(page.locator("#position .entry-refusal")).to_have_count(1)
    expect(page.locator("#play-table")).to_be_hidden()
    assert stored(page)["play"]["state"] is None
    phone.errors.clear()  # the two 422s the browser logs


def test_the_entry_survives_a_reload(phone):
    """Everything typed on the screen is the game's, kept on the phone: a reload opens the
    screen again with each entry as it was."""
    page = phone.open("/?lang=en")
    name_the_players(page)
    open_the_screen(page)
    page.locator("#position-slot-3").select_option(tile_key(MARKET[2]))
    add(page, "#position-face-up", card_key(FACE_UP[0]))
    add(page, "#position-reserve-1", tile_key(TABLE["players"][0]["reserve"][0]))
    seat(page, 2).get_by_label("The hand is known").check()
    add(page, "#position-hand-2", card_key(ANNA_HAND[1]))
    page.locator("#position-turn").select_option("2")
    score_field = page.locator("#position-score-1")
    score_field.fill("17")
    score_field.press("Enter")
    choose_modules(page, "exchange", "bonus", "huts")
    add(page, "#position-face-up", exchange_key(*EXCHANGE_FACE_UP["exchange"]))
    add(page, "#position-bonus-hand-0", tile_key(BONUS_HANDS[0][0]))
    page.locator("#position-hut-garden").select_option("NE")
    page.reload()
    not_busy(page)
    expect(page.locator("#position")).to_be_visible()
    expect(page.locator("#position-slot-3")).to_have_value(tile_key(MARKET[2]))
    expect(page.locator("#position-turn")).to_have_value("2")
    expect(page.locator("#position-score-1")).to_have_value("17")
    expect(seat(page, 1).locator("ul.pieces li")).to_have_text(["✕ chambers 11 — no walls"])
    expect(seat(page, 2).locator("ul.pieces li").last).to_have_text("✕ dirham 8")
    face_up = page.locator("#position-table-cards ul.pieces").nth(0)
    expect(face_up.locator("li")).to_have_text(["✕ denar 3", "✕ exchange card dirham/ducat"])
    expect(page.locator("#position-module-bonus")).to_be_checked()
    expect(page.locator("#position-module-vizier")).not_to_be_checked()
    expect(seat(page, 0).locator("ul.pieces").last.locator("li")).to_have_text(
        ["✕ garden 10 — no walls"]
    )
    expect(page.locator("#position-hut-garden")).to_have_value("NE")


def test_a_table_over_a_game_in_progress_asks_first_and_keeps_both(phone):
    """A game against the computer in progress, with its record: opening the table's game asks
    first; keeping the game changes nothing, agreeing sets it aside in History (Continue) and
    opens the table's game."""
    api = Api()
    page = phone.open("/?lang=en")
    name_the_players(page)
    start_play(page, ["greedy"])
    your_move(page)
    page.locator("#play-actions button").first.click()
    your_move(page)
    before = stored(page)["play"]
    assert before["record"]["moves"]
    page.locator("#position-from-game").click()
    body = copy.deepcopy(TABLE)
    for slot, tile in enumerate(MARKET, start=1):
        page.locator(f"#position-slot-{slot}").select_option(tile_key(tile))
    for card in FACE_UP:
        add(page, "#position-face-up", card_key(card))
    play_on(page)
    dialog = question(page)
    expect(dialog).to_contain_text("A game is in progress on Play")
    phone.shot("position-replace-confirm")
    page.locator("#confirm-keep").click()
    expect(page.locator("#position-status")).to_have_text(
        "The game in progress stays; the table's game was not opened."
    )
    assert stored(page)["play"] == before

    play_on(page)
    question(page).locator("#confirm-yes").click()
    expect(page.locator("#play-table")).to_be_visible()
    game = stored(page)
    body["players"] = [
        {"name": name, "alhambra": [], "reserve": [], "hand_size": 0, "score": 0} for name in NAMES
    ]
    body["round"] = 1
    assert game["play"]["state"] == api.post("/v1/games/position", body)["state"]
    kept = next(entry for entry in game["past"] if entry["id"] == before["id"])
    assert kept["finished"] is False and kept["record"] == before["record"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_screens_fit_keep_words_whole_and_pass_wcag_checks(phone, language):
    """The screen of a 2-player table (the dummy's tiles; every module chosen: the vizier's
    tokens, an exchange card in hand, bonus cards laid and in hand, a hut stack's top) with
    refusals,
    the table's game on Play and its next move, and the question over a game in progress: at
    360 x 740 and 390 x 844 nothing scrolls sideways and no word breaks, and axe-core finds
    nothing (WCAG 2.1 AA)."""
    page = phone.open(f"/?lang={language}")
    page.locator('#player-count-stepper button[data-step="-1"]').click()  # two: the dummy too
    page.locator("#tab-play").click()
    page.locator("#position-from-setup").click()
    expect(page.locator("#position-dummy")).to_be_visible()
    for slot, tile in enumerate(MARKET, start=1):
        page.locator(f"#position-slot-{slot}").select_option(tile_key(tile))
    seat(page, 0).locator('input[type="checkbox"]').first.check()
    add(page, "#position-hand-0", card_key(ANNA_HAND[0]))
    choose_modules(page, "vizier", "exchange", "bonus", "huts")  # every module's pieces
    page.locator(f"#position-vizier-{1}").uncheck()
    add(page, "#position-hand-0", exchange_key("denar", "florin"))
    add(page, "#position-bonus-cards-0", tile_key(ANNA_TOWER))
    add(page, "#position-bonus-hand-1", tile_key(BONUS_HANDS[1][0]))
    page.locator("#position-hut-chambers").select_option("NE")
    page.locator("#position-slot-2").select_option(tile_key(MARKET[0]))
    play_on(page)
    expect(page.locator("#position .entry-refusal").first).to_be_visible()
    expect(refusal_at(page, "/players/0/bonus_cards").first).to_be_visible()
    phone.errors.clear()  # the 422 the browser logs
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(page, f"{language}, {size['width']} px, the table refused")
    assert_accessible(page, f"{language}: the table refused")

    page.locator("#position-slot-2").select_option(tile_key(MARKET[1]))
    for module in ("vizier", "exchange", "bonus", "huts"):
        page.locator(f"#position-module-{module}").uncheck()
    for tile in DUMMY:
        add(page, "#position-dummy", tile_key(tile))
    play_on(page)
    expect(page.locator("#play-table")).to_be_visible()
    expect(page.locator("#play-actions button").first).to_be_enabled()
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(page, f"{language}, {size['width']} px, the table's game")
    assert_accessible(page, f"{language}: the table's game")

    page.locator("#play-actions button").first.click()
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('alhambra-scores/v1')).play.steps.length > 0"
    )
    expect(page.locator("#play-actions button").first).to_be_enabled()
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(page, f"{language}, {size['width']} px, the table's next move")
    assert_accessible(page, f"{language}: the table's next move")

    page.locator("#position-from-game").click()
    play_on(page)
    question(page)
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(
            page, f"{language}, {size['width']} px, a table over a game", "dialog#confirm"
        )
    assert_accessible(page, f"{language}: a table over a game in progress")
    page.locator("#confirm-keep").click()


DUMMY = [  # D2: the dummy's six tiles of the setup
    {"building": "chambers", "walls": "", "price": 11},
    {"building": "pavilion", "walls": "NEW", "price": 2},
    {"building": "pavilion", "walls": "SW", "price": 3},
    {"building": "pavilion", "walls": "ES", "price": 4},
    {"building": "seraglio", "walls": "ESW", "price": 3},
    {"building": "seraglio", "walls": "NE", "price": 4},
]


def test_d2_v1_two_players_give_the_dummy_his_tiles_and_the_vizier_its_tokens(phone):
    """With two players the screen asks for the dummy's tiles (D2), and with the vizier each
    player's token (V1): the game on Play is the API's state for that table, the vizier among
    its modules; the moves and the hint are Ben's, whose turn begins. New game, or a record
    opened over it, asks first: the game at the table has no record to keep it by."""
    api = Api()
    page = phone.open("/?lang=en")
    page.set_viewport_size(SMALL)
    page.get_by_role("button", name="Number of players: one fewer").click()
    for index, name in enumerate(NAMES[:2]):
        page.get_by_label(f"Name of player {index + 1}").fill(name)
    open_the_screen(page)
    expect(page.locator("#position fieldset.position-seat")).to_have_count(2)
    expect(page.locator("#position-dummy")).to_be_visible()
    for tile in DUMMY:
        add(page, "#position-dummy", tile_key(tile))
    for slot, tile in enumerate(MARKET, start=1):
        page.locator(f"#position-slot-{slot}").select_option(tile_key(tile))
    for card in FACE_UP:
        add(page, "#position-face-up", card_key(card))
    page.locator("#position-module-vizier").check()
    seat(page, 1).get_by_label("The vizier token lies before this player (V1)").uncheck()
    page.locator("#position-turn").select_option("1")
    page.locator("#position-table-cards fieldset").last.evaluate("f => f.scrollIntoView()")
    phone.shot("position-dummy-vizier")
    play_on(page)
    expect(page.locator("#play-table")).to_be_visible()
    body = {
        "players": [
            {"name": name, "alhambra": [], "reserve": [], "hand_size": 0, "score": 0,
             "vizier": name == "Anna"}
            for name in NAMES[:2]
        ],
        "market": TABLE["market"],
        "face_up": FACE_UP,
        "dummy": {"tiles": DUMMY},
        "round": 1,
        "turn": 1,
        "options": {"modules": ["vizier"]},
    }  # fmt: skip
    state = api.post("/v1/games/position", body)["state"]
    assert stored(page)["play"]["state"] == state
    assert stored(page)["play"]["modules"] == ["vizier"]
    expect(page.locator("#play-moves-heading")).to_have_text("Moves of Ben")
    legal = api.legal(state)
    expect(page.locator("#play-actions button")).to_have_count(
        len([a for a in legal["actions"] if a["type"] != "place"])
    )
    page.locator("#play-hint").click()  # the advice for Ben, whose turn it is
    expect(page.locator("#play-actions button.hinted, #play-grid button.hinted")).to_have_count(1)
    assert stored(page)["play"]["hint"] in legal["actions"]
    page.locator("#play-new").click()  # nothing lost without a question
    expect(question(page)).to_contain_text("End this game at the table?")
    page.locator("#confirm-keep").click()
    assert stored(page)["play"]["state"] == state
    page.locator("#tab-history").click()  # a record pasted over it asks too
    page.locator("#record-open-fold summary").click()
    page.locator("#record-given").fill(A_RECORD)
    page.locator("#record-open").click()
    expect(question(page)).to_contain_text("end the game at the table?")
    page.locator("#confirm-keep").click()
    assert stored(page)["play"]["state"] == state


def test_a_game_from_a_table_joins_history_as_played_on_from_a_table(phone):
    """At its end a game from the table is kept in History as the page keeps any Play game
    (the page's own change, play-finished), said to be played on from a table, with its totals
    and no rounds it never saw; a reload reads it back."""
    page = phone.open("/?lang=en")
    name_the_players(page)
    open_the_screen(page)
    for slot, tile in enumerate(MARKET, start=1):
        page.locator(f"#position-slot-{slot}").select_option(tile_key(tile))
    play_on(page)
    expect(page.locator("#play-table")).to_be_visible()
    page.evaluate(
        """async () => {
            const { update } = await import('/static/js/store.js');
            update({ type: 'play-finished', at: '2026-11-27T12:00:00.000Z' });
        }"""
    )
    page.reload()
    not_busy(page)
    kept = stored(page)["past"][0]
    assert kept["at_table"] is True and kept["rounds"] is None and "record" not in kept
    assert kept["names"] == NAMES
    page.locator("#tab-history").click()
    entry = page.locator("#past-list li").first
    expect(entry).to_contain_text("Played on from a table: Anna, Ben, and Carla")
    expect(entry.get_by_role("button", name="Replay", exact=False)).to_have_count(0)
    entry.get_by_role("button", name="Open", exact=False).click()
    expect(page.locator("#past-game")).to_be_visible()
    expect(page.locator("#past-game")).to_contain_text("Carla")


# --- the Vizier's Favour's pieces (V2-V4) ----------------------------------------------------

EXCHANGE_FACE_UP = {"exchange": ["dirham", "ducat"]}
# V3, with three players each holds three bonus cards (the stand-in cards of the catalog), laid
# face up only while the tile is in the Alhambra: Anna's tower.
ANNA_TOWER = {"building": "tower", "walls": "ES", "price": 9}
BONUS_HANDS = [
    [
        {"building": "garden", "walls": "", "price": 10},
        {"building": "garden", "walls": "NE", "price": 8},
    ],
    [
        {"building": "pavilion", "walls": "NEW", "price": 2},
        {"building": "pavilion", "walls": "E", "price": 7},
        {"building": "seraglio", "walls": "ES", "price": 6},
    ],
    [
        {"building": "arcades", "walls": "NW", "price": 5},
        {"building": "arcades", "walls": "E", "price": 8},
        {"building": "chambers", "walls": "SW", "price": 7},
    ],
]
# V4: each stack's face-up top, pavilion to tower (the arcades' stack empty).
HUT_TOPS = ["N", "E", None, "S", "W", "NE"]
BUILDINGS = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]
MODULES_TABLE: dict[str, Any] = {
    "players": [
        {
            "name": "Anna",
            "alhambra": [{**ANNA_TOWER, "x": 1, "y": 0}],
            "reserve": [],
            "hand": [{"currency": "florin", "value": 5}, {"exchange": ["denar", "florin"]}],
            "score": 0,
            "bonus_cards": [ANNA_TOWER],
            "bonus_hand": BONUS_HANDS[0],
        },
        *(
            {"name": name, "alhambra": [], "reserve": [], "hand_size": 0, "score": 0,
             "bonus_cards": [], "bonus_hand": hand}
            for name, hand in zip(NAMES[1:], BONUS_HANDS[1:], strict=True)
        ),
    ],
    "market": TABLE["market"],
    "face_up": [*FACE_UP[:3], EXCHANGE_FACE_UP],
    "round": 1,
    "turn": 0,
    "options": {"modules": ["exchange", "bonus", "huts"]},
    "hut_stacks": [
        [{"hut": building, "walls": walls}] if walls else []
        for building, walls in zip(BUILDINGS, HUT_TOPS, strict=True)
    ],
}  # fmt: skip

exchange_key = "exchange/{0}/{1}".format


def choose_modules(page: Any, *modules: str) -> None:
    for module in modules:
        page.locator(f"#position-module-{module}").check()


def enter_the_modules_table(page: Any) -> None:
    """MODULES_TABLE typed on the screen (open, the players named): Anna's tower drawn in
    Build, the rest on the screen."""
    choose_modules(page, "exchange", "bonus", "huts")
    draw_in_build(page, 0, 1, 0, "tower", "9:ES")
    seat(page, 0).get_by_label("The hand is known").check()
    add(page, "#position-hand-0", card_key(ANNA_HAND[0]))
    add(page, "#position-hand-0", exchange_key("denar", "florin"))
    add(page, "#position-bonus-cards-0", tile_key(ANNA_TOWER))
    for index, hand in enumerate(BONUS_HANDS):
        for card in hand:
            add(page, f"#position-bonus-hand-{index}", tile_key(card))
    for slot, tile in enumerate(MARKET, start=1):
        page.locator(f"#position-slot-{slot}").select_option(tile_key(tile))
    for card in FACE_UP[:3]:
        add(page, "#position-face-up", card_key(card))
    add(page, "#position-face-up", exchange_key(*EXCHANGE_FACE_UP["exchange"]))
    for building, walls in zip(BUILDINGS, HUT_TOPS, strict=True):
        if walls:
            page.locator(f"#position-hut-{building}").select_option(walls)


def test_v2_v4_a_table_with_the_modules_pieces_is_the_apis_and_plays_on(phone):
    """With the exchange cards (V2), the bonus cards (V3) and the worker huts (V4) chosen, the
    screen asks for their pieces: an exchange card in Anna's hand and one face up, every
    player's bonus cards laid and in hand, each hut stack's face-up top. At 360 px the game on
    Play is the API's state for exactly that table; taking the face-up exchange card (V2) gives
    the API's next state. Without the modules, nothing of theirs shows."""
    api = Api()
    page = phone.open("/?lang=en")
    page.set_viewport_size(SMALL)
    name_the_players(page)
    open_the_screen(page)
    for hidden in ("#position-bonus-cards-0", "#position-bonus-hand-0", "#position-hut-pavilion"):
        expect(page.locator(hidden)).to_have_count(0)  # a table without modules: none of theirs
    enter_the_modules_table(page)
    expect(page.locator("#position-vizier-0")).to_have_count(0)  # the vizier not chosen
    expect(seat(page, 0).locator("ul.pieces").nth(1).locator("li")).to_have_text(
        ["✕ florin 5", "✕ exchange card denar/florin"]
    )
    page.locator("#position-hut-pavilion").evaluate("s => s.scrollIntoView({ block: 'center' })")
    phone.shot("position-modules")
    play_on(page)
    expect(page.locator("#play-table")).to_be_visible()
    expected = api.post("/v1/games/position", MODULES_TABLE)["state"]
    game = stored(page)
    assert game["play"]["state"] == expected
    assert game["play"]["modules"] == ["exchange", "bonus", "huts"]

    expect(page.locator("#play-moves-heading")).to_have_text("Moves of Anna")
    legal = api.legal(expected)
    take = {"type": "take_money", "player": 0, "cards": [EXCHANGE_FACE_UP]}
    assert take in legal["actions"]
    expect(page.locator("#play-actions button")).to_have_count(
        len([a for a in legal["actions"] if a["type"] != "place"])
    )
    take_and_await_the_refill(page, api, expected, take, "exchange card dirham/ducat")


def test_v3_v4_a_refused_module_piece_shows_at_its_field(phone):
    """A bonus card laid whose tile is not in its player's Alhambra (V3) and a hut top that is
    no hut of the game (V4): each refusal stands under its own field, and goes once that field
    changes."""
    page = phone.open("/?lang=en")
    page.set_viewport_size(SMALL)
    name_the_players(page)
    open_the_screen(page)
    enter_the_modules_table(page)
    page.locator("#position-hut-seraglio").select_option("NS")
    laid = BONUS_HANDS[1][2]  # Ben's seraglio card, from his hand to the table
    seat(page, 1).locator("ul.pieces").last.locator("button").last.click()
    add(page, "#position-bonus-cards-1", tile_key(laid))
    play_on(page)
    at_laid = refusal_at(page, "/players/1/bonus_cards")
    at_hut = refusal_at(page, "/hut_stacks/1")
    expect(at_laid).to_have_text(
        ["a card lies face up only while its tile is in the Alhambra (V3)"]
    )
    expect(at_hut).to_have_text(["the seraglio hut walled NS: no more such huts (V4)"])
    expect(page.locator("#position .entry-refusal")).to_have_count(2)
    expect(page.locator("#play-table")).to_be_hidden()
    page.locator("#position-hut-seraglio").select_option("E")
    expect(at_hut).to_have_count(0)  # that field changed
    expect(at_laid).to_have_count(1)  # this one did not
    phone.errors.clear()  # the 422 the browser logs
