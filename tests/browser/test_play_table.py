"""Play at the table, round two (issue 27), in Debian's Chromium.

With two bought tiles you choose which to place first, and a hint that places one shows that
one (T6); the tiles awarded at the end are in the log and the strip, which names who places
them (T9); the strip shows everything since your last turn; the hand is sorted by currency with
each total, and the payments that are exact are marked (T4); the market is drawn with tiles as
Build draws them; your Alhambra fits its box, or scrolls in it from its west edge.

The positions come from seeded games played through the public API (tests/helpers/), and
the page is handed one by its own POST /v1/games; every later answer is the real server's.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from tests.helpers.browser import Phone, assert_accessible, saved_state, start_play, your_move
from tests.helpers.play_positions import (
    Api,
    money_first,
    play,
    start_from,
    two_tiles_to_place,
    wide,
)

expect = playwright_api.expect
CURRENCIES = ["denar", "dirham", "ducat", "florin"]


@pytest.fixture(scope="module")
def api() -> Api:
    return Api()


def building_name(tile: dict[str, Any]) -> str:
    return str(tile["building"])


# --- two tiles to place (T6) -----------------------------------------------------------------


def test_t6_you_choose_which_bought_tile_to_place_and_a_hint_shows_its_cells(phone, api):
    state = two_tiles_to_place(api)
    first, second = state["turn"]["bought"]
    page = phone.open()
    start_from(page, state)
    start_play(page, ["greedy"])
    your_move(page)
    choice = page.get_by_role("group", name="Which tile to place first")
    tiles = choice.get_by_role("button")
    expect(tiles).to_have_count(2)
    assert tiles.nth(0).get_attribute("aria-pressed") == "true"
    expect(page.locator("#play-status")).to_contain_text(f"Place the {building_name(first)}")
    legal = api.legal(state)["actions"]

    def cells(tile: dict[str, Any]) -> list[str]:
        return sorted(
            f"{a['x']},{a['y']}" for a in legal if a["type"] == "place" and a["tile"] == tile
        )

    def shown() -> list[str]:
        grid = page.locator("#play-grid button.fits")
        return sorted(
            f"{b.get_attribute('data-x')},{b.get_attribute('data-y')}" for b in grid.all()
        )

    assert shown() == cells(first)
    tiles.nth(1).click()  # the second tile first
    expect(tiles.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#play-status")).to_contain_text(f"Place the {building_name(second)}")
    assert shown() == cells(second)
    expect(page.locator("#play-actions")).to_contain_text(f"Put the {building_name(second)} in")
    expect(page.locator("#play-actions")).not_to_contain_text(f"Put the {building_name(first)} in")
    assert_accessible(page, "two tiles to place, the second chosen")
    phone.shot("play-choose-tile")

    # The advisor's best move places the first tile: the hint shows the first tile's cells
    # with its star, so that it can be followed.
    tiles.nth(1).click()
    hinted = next(a for a in legal if a["type"] == "place" and a["tile"] == first)

    def advice(route: Any) -> None:
        body = {
            "player": 0,
            "level": "mcts",
            "iterations": 1,
            "actions": [{"action": hinted, "expected_points": 20.0}],
        }
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route("**/v1/games/advice", advice)
    page.get_by_role("button", name="Hint", exact=True).click()
    star = page.locator(f'#play-grid button.hinted[data-x="{hinted["x"]}"][data-y="{hinted["y"]}"]')
    expect(star).to_have_count(1)
    expect(tiles.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#play-hint-status")).to_have_text(
        f"Hint: Place the {building_name(first)} at ({hinted['x']},{hinted['y']})"
    )
    star.click()
    your_move(page)  # the other tile still waits: its cells are on show, no choice left
    expect(choice).to_be_hidden()
    expect(page.locator("#play-status")).to_contain_text(f"Place the {building_name(second)}")
    alhambra = saved_state(page)["players"][0]["alhambra"]
    assert [(t["x"], t["y"], t["building"]) for t in alhambra] == [
        (hinted["x"], hinted["y"], first["building"])
    ]


def make(page: Any, action: dict[str, Any]) -> None:
    """Tap the move `action` on the page: a cell for a tile to place (its tile chosen first,
    when more than one waits), or the button of money taken."""
    if action["type"] == "place":
        choice = page.get_by_role("group", name="Which tile to place first")
        if choice.is_visible():
            tile = action["tile"]
            choice.get_by_role(
                "button", name=re.compile(rf"^{tile['building']} \({tile['price']}\)")
            ).click()
        page.locator(
            f'#play-grid button.fits[data-x="{action["x"]}"][data-y="{action["y"]}"]'
        ).click()
    else:
        assert action["type"] == "take_money", action
        cards = ", ".join(f"{c['currency']} {c['value']}" for c in action["cards"])
        page.get_by_role("button", name=f"Take {cards}", exact=True).click()


# --- the end (T9) ----------------------------------------------------------------------------


def test_t9_the_tiles_awarded_at_the_end_are_in_the_log_and_the_strip(phone, api):
    """Seed 38: you take money every turn; when the bag runs out the market's tiles go to you,
    who holds the most of each slot's currency, and you place them while the turn is still the
    computer's: the strip says who places, and the log names each tile received."""
    turns = play(api, 38, 1, money_first, lambda state, legal: legal["phase"] == "final_placement")
    last = turns[-1]
    assert last.bot_turns is not None  # the computer's refill ended the game
    page = phone.open()
    start_from(page, last.before)

    def recorded(route: Any) -> None:  # the bot-turns answer the real server gave from there
        route.fulfill(status=200, content_type="application/json", body=json.dumps(last.bot_turns))

    page.route("**/v1/games/bot-turns", recorded)
    start_play(page, ["greedy"])
    your_move(page)
    make(page, last.action)
    your_move(page)
    end = last.bot_turns["state"]
    assert saved_state(page) == end
    awarded = end["turn"]["awarded"]
    assert awarded and all(award["player"] == 0 for award in awarded)
    assert end["turn"]["player"] == 1  # the turn is still the computer's
    expect(page.locator("#play-where span").last).to_have_text(
        "You place the tiles awarded at the end"
    )
    received = [
        f"You receive the {a['tile']['building']} ({a['tile']['price']}) from slot {a['slot']} (T9)"
        for a in awarded
    ]
    latest = page.locator("#play-latest li").all_inner_texts()
    assert all(line in latest for line in received), latest
    page.locator("#play-log summary").click()
    log = page.locator("#play-steps li").all_inner_texts()
    assert all(line in log for line in received)
    first = awarded[0]["tile"]
    expect(page.locator("#play-status")).to_have_text(
        f"Place the {first['building']} ({first['price']}) you received at the end (T9): tap a "
        "marked cell of your Alhambra, or choose a move above it."
    )

    # a tile nobody holds the most of its currency for stays (the event names no player) and
    # says why: a tie, or nobody holds any; a game kept before the reason was given says neither
    def stays(**why: str) -> str:
        return page.evaluate(
            """async (award) => {
                const { stepText } = await import('/static/js/moves.js');
                return stepText(award, ['You', 'Computer 1']);
            }""",
            {"type": "market_tile_awarded", **awarded[0], "player": None, **why},
        )

    tile = f"The {first['building']} ({first['price']}) stays in slot {awarded[0]['slot']}"
    assert stays(reason="tie") == f"{tile}: a tie for the most of its currency (T9)"
    assert stays(reason="nobody_holds") == f"{tile}: nobody holds any of its currency (T9)"
    assert stays() == f"{tile}: nobody holds the most of its currency (T9)"
    assert_accessible(page, "the tiles awarded at the end")
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("play-awarded")


# --- the strip: everything since your last turn ---------------------------------------------


def test_the_strip_shows_everything_since_your_last_turn(phone):
    """Two computers: after your move and theirs, the strip holds every step from your last
    turn on, as the log words them, however many (the log's newest first)."""
    page = phone.open()
    start_play(page, ["greedy", "greedy"])
    for _ in range(20):
        your_move(page)
        steps = page.evaluate("JSON.parse(localStorage.getItem('alhambra-scores/v1')).play.steps")
        yours = [i for i, s in enumerate(steps) if s["type"] == "turn_started" and s["player"] == 0]
        since = (
            [s for s in steps[yours[-2] :] if s["type"] != "turn_started"] if len(yours) > 1 else []
        )
        if len(since) > 3:
            break
        page.locator("#play-actions button, #play-grid button.fits").first.click()
    else:
        pytest.fail("no turn of the computers took more than 3 steps")
    latest = page.locator("#play-latest li").all_inner_texts()
    assert len(latest) == len(since) > 3
    page.locator("#play-log summary").click()
    log = page.locator("#play-steps li").all_inner_texts()
    moves = [line for line in log if line != "Your turn" and not line.endswith("'s turn")]
    assert latest == moves[: len(latest)]
    assert any(line.startswith("Computer 1 ") for line in latest)
    assert any(line.startswith("Computer 2 ") for line in latest)
    assert latest[-1].startswith("You ")  # back to your own last turn
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("play-strip-since-your-turn")


# --- your hand, the market -------------------------------------------------------------------


def test_t4_the_hand_by_currency_with_totals_and_the_exact_payments_marked(phone, api):
    state = two_tiles_to_place(api)  # seed found there: a hand that pays a slot exactly
    page = phone.open()
    opening = api.new_game(seed_of(api, state), 1)
    start_from(page, opening)
    start_play(page, ["greedy"])
    your_move(page)
    hand = opening["players"][0]["hand"]
    rows = page.locator("#play-hand li").all_inner_texts()
    expected = []
    for currency in CURRENCIES:
        values = sorted(card["value"] for card in hand if card.get("currency") == currency)
        if values:
            expected.append((currency, " · ".join(map(str, values)), sum(values)))
    assert [re.sub(r" exact.*$", "", " ".join(row.split())) for row in rows] == [
        f"{currency.capitalize()} {cards} = {total}" for currency, cards, total in expected
    ]
    legal = api.legal(opening)["actions"]
    exact = sorted(
        {
            a["slot"]
            for a in legal
            if a["type"] == "buy"
            and sum(c["value"] for c in a["payment"])
            == opening["market"][a["slot"] - 1]["tile"]["price"]
        }
    )
    assert exact, "the seed's hand pays a slot exactly"
    marked = [
        int(item.get_attribute("data-slot") or 0)
        for item in page.locator("#play-market li").all()
        if item.locator(".exact").count()
    ]
    assert marked == exact
    for slot in exact:
        currency = opening["market"][slot - 1]["currency"]
        row = page.locator("#play-hand li", has_text=currency)
        expect(row.locator(".exact")).to_contain_text(str(slot))
    # the market drawn as Build draws tiles: the building's colour, its walls, its price
    for item, slot in zip(page.locator("#play-market li").all(), opening["market"], strict=True):
        face = item.locator(".tile-face")
        tile = slot["tile"]
        classes = (face.get_attribute("class") or "").split()
        assert f"building-{tile['building']}" in classes
        assert sorted(c for c in classes if c.startswith("wall-")) == sorted(
            f"wall-{side}" for side in tile["walls"]
        )
        assert face.locator(".price").inner_text() == str(tile["price"])
    page.locator("#play-market").scroll_into_view_if_needed()
    assert_accessible(page, "the hand, the market and the exact payments")
    phone.shot("play-hand-market")


def seed_of(api: Api, state: dict[str, Any]) -> int:
    """The seed of the game two_tiles_to_place played (its state keeps it)."""
    return int(state["rng"]["seed"])


# --- your Alhambra in its box -----------------------------------------------------------------


@pytest.mark.parametrize("width", [360, 390])
def test_your_alhambra_fits_its_box_or_scrolls_from_its_west_edge(devices, base_url, api, width):
    """Seed 1, building east and west: an Alhambra 8 cells wide, 448 px at the cells' full
    size, in a box of about 300: the cells shrink to fit as far as a finger allows, and the
    rest scrolls inside the box, from the westmost column, which is never cut off."""

    def span(state: dict[str, Any]) -> int:
        xs = [0, *(t["x"] for t in state["players"][0]["alhambra"])]
        return max(xs) - min(xs) + 1

    turns = play(
        api, 1, 1, wide, lambda state, legal: legal["phase"] == "action" and span(state) >= 8
    )
    last = turns[-1]
    position = last.bot_turns["state"] if last.bot_turns else last.after
    visitor = Phone(devices, base_url)
    try:
        page = visitor.open()
        page.set_viewport_size({"width": width, "height": 844})
        start_from(page, position)
        start_play(page, ["greedy"])
        your_move(page)
        box = page.locator("#play-grid").locator("xpath=..")
        cells = page.locator("#play-grid .cell")
        geometry = page.evaluate(
            """() => {
                const box = document.querySelector('#play-grid').parentElement;
                const frame = box.getBoundingClientRect();
                const cells = [...document.querySelectorAll('#play-grid .cell')]
                    .map((cell) => cell.getBoundingClientRect());
                return {
                    left: frame.left, right: frame.right, scroll: box.scrollWidth,
                    client: box.clientWidth,
                    westmost: Math.min(...cells.map((c) => c.left)),
                    size: cells[0].width,
                };
            }"""
        )
        assert cells.count() > 0
        assert geometry["westmost"] >= geometry["left"] - 0.5  # never cut off at the west
        assert 44 <= geometry["size"] <= 56
        if geometry["scroll"] > geometry["client"]:  # too wide even so: it scrolls, and says so
            cue = box.locator("xpath=following-sibling::p[1]")
            expect(cue).to_have_text("More to the right: swipe →")
            box.scroll_into_view_if_needed()
            visitor.shot(f"play-wide-alhambra-{width}")
            box.evaluate("box => box.scrollTo({left: box.scrollWidth})")
            expect(cue).to_have_text("← More to the left: swipe")
        else:
            assert page.evaluate(
                "() => { const b = document.querySelector('#play-grid').parentElement;"
                " return b.scrollWidth <= b.clientWidth; }"
            )
        overflow = page.evaluate(
            "document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0
    finally:
        visitor.close()
