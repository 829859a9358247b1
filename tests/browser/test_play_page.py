"""The phone page's Play tab telling the game, its languages and its width, in Chromium.

Play (T2-T9): the strip on top (the round, the bag, whose turn, the latest moves, yours too,
the whole log one tap away), an exact payment marked before the tap and its extra action said
after it (T4), cells named as the grid shows them, the opponents' Alhambras folded away.
Languages: default names follow the language while a typed name stays; a building takes the
case its sentence needs; every message of every catalog renders (the width of every tab in
every language: test_words_and_layout.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from calculator.api.contract import schema_documents
from calculator.i18n import LANGUAGES, messages, page_messages
from tests.helpers.browser import (
    BUILDINGS,
    Phone,
    saved_state,
    start_play,
    switch_language,
    your_move,
)

PAGE = Path(__file__).resolve().parents[2] / "calculator" / "web"


def take_money(page: Any) -> None:
    page.locator("#play-actions button", has_text=re.compile(r"^Take ")).first.click()


# --- the strip: where the game stands, the latest moves, the whole log ---------------------


def held_back(route: Any) -> None:
    """bot-turns answering that the computer cannot move: the state stays as it is."""
    state = route.request.post_data_json["state"]
    answer = {"state": state, "actions": [], "events": [], "stopped": "bounds"}
    route.fulfill(status=200, content_type="application/json", body=json.dumps(answer))


def test_the_strip_tells_the_round_the_bag_whose_turn_and_your_own_moves(phone):
    page = phone.open()
    start_play(page, ["greedy"])
    your_move(page)
    state = saved_state(page)
    where = page.locator("#play-where span").all_inner_texts()
    assert where == ["Round 1 of 3", f"{len(state['bag'])} tiles in the bag", "Your turn"]
    # the strip comes first in the tab, above the moves
    strip, moves = page.locator("#play-strip"), page.locator("#play-moves")
    assert strip.bounding_box()["y"] < moves.bounding_box()["y"]

    # your move, with the computer's answer held back: the strip shows yours on top
    page.route("**/v1/games/bot-turns", held_back)
    taken = page.locator("#play-actions button", has_text=re.compile(r"^Take ")).first
    words = taken.inner_text()  # "Take ducat 3"
    taken.click()
    page.locator("#play-status").filter(has_text="The game cannot go on").wait_for()
    mine = "You take " + words.removeprefix("Take ")
    assert page.locator("#play-latest li").first.inner_text() == mine
    assert page.locator("#play-where span").last.inner_text() == "Computer 1's turn"
    page.unroute("**/v1/games/bot-turns")
    page.reload()  # the computer plays on
    your_move(page)
    log = page.locator("#play-steps li").all_text_contents()
    assert mine in log, log  # your own move is logged, in your own words
    latest = page.locator("#play-latest li").all_inner_texts()
    assert len(latest) >= 1  # everything since your last turn (test_play_table.py)
    assert all(not line.endswith("'s turn") for line in latest)  # moves, not turn changes
    # the whole log is one tap away, newest first, everything the game kept
    assert page.locator("#play-steps").is_hidden()
    summary = page.locator("#play-log summary")
    kept = page.evaluate("JSON.parse(localStorage.getItem('alhambra-scores/v1')).play.steps.length")
    assert summary.inner_text() == f"The whole log: {kept} entries"
    summary.click()
    assert page.locator("#play-steps").is_visible()
    assert page.locator("#play-steps li").count() == kept
    whole = page.locator("#play-steps li").all_inner_texts()
    moves_only = [line for line in whole if line != "Your turn" and not line.endswith("'s turn")]
    assert moves_only[: len(latest)] == latest  # the strip's are the newest of the log
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("play-strip")


# --- an exact payment (T4) -----------------------------------------------------------------

BUY = re.compile(r"^Buy the .* \((\d+)\) in slot \d, paying (.*)$")


def test_t4_exact_payments_are_marked_and_the_extra_action_is_said(phone):
    page = phone.open()
    start_play(page, ["random"])
    for _ in range(60):  # take money until some purchase can be paid exactly
        your_move(page)
        buttons = page.locator("#play-actions button").all()
        exact = []
        for button in buttons:
            words = button.locator("span").first.inner_text()
            bought = BUY.match(words)
            marked = button.locator(".exact").count() == 1
            if bought is None:
                assert not marked, words
                continue
            paid = sum(int(value) for value in re.findall(r"\d+", bought.group(2)))
            assert marked == (paid == int(bought.group(1))), words  # T4: exact, no more
            if marked:
                assert button.locator(".exact").inner_text() == "exact: one more action"
                exact.append(button)
        if exact:
            break
        if page.locator("#play-grid button.fits").count():
            page.locator("#play-grid button.fits").first.click()
        else:
            take_money(page)
    else:
        pytest.fail("no exact payment came up in 60 moves")
    exact[0].click()
    your_move(page)
    assert saved_state(page)["turn"]["extra_action"] is True
    playwright_api.expect(page.locator("#play-status")).to_have_text(
        "Exact payment: you may take another action (T4)."
    )
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("play-extra-action")


# --- cells, the placing status, the opponents -----------------------------------------------


def test_cells_are_named_as_the_grid_shows_them_and_the_choices_are_where_it_says(phone):
    page = phone.open()
    start_play(page, ["greedy"])
    for _ in range(60):  # until a bought tile waits for its cell
        your_move(page)
        if page.locator("#play-grid button.fits").count():
            break
        buys = page.locator("#play-actions button", has_text="Buy the")
        (buys.first.click() if buys.count() else take_money(page))
    else:
        pytest.fail("nothing bought in 60 moves")
    status = page.locator("#play-status").inner_text()
    placing = re.fullmatch(
        r"Place the (\w+) \(\d+\): tap a marked cell of your Alhambra, or choose a move above it\.",
        status,
    )
    assert placing, status
    # "above it": the list of moves is above your Alhambra
    actions = page.locator("#play-actions").bounding_box()
    grid = page.locator("#play-grid").bounding_box()
    assert actions["y"] + actions["height"] <= grid["y"]
    # every cell of the grid shows its coordinate, as the moves and steps name it
    for square in page.locator("#play-grid .cell").all():
        x, y = square.get_attribute("data-x"), square.get_attribute("data-y")
        assert square.locator(".coordinate").inner_text() == f"({x},{y})"
    target = page.locator("#play-grid button.fits").first
    named = target.get_attribute("aria-label")  # "Place the tower at (1,0)"
    cell = re.search(r"\(-?\d+,-?\d+\)$", named or "")
    assert cell, named
    phone.shot("play-cells")
    target.click()
    your_move(page)
    building = placing.group(1)
    placed = f"You place the {building} at {cell.group(0)}"
    assert placed in page.locator("#play-steps li").all_text_contents()
    shown = page.locator("#play-grid .cell", has=page.get_by_text(cell.group(0), exact=True))
    assert shown.count() == 1 and f"building-{building}" in (shown.get_attribute("class") or "")


def test_the_opponents_alhambras_fold_away(phone):
    page = phone.open()
    start_play(page, ["random", "random"])
    your_move(page)
    fold = page.locator("#play-opponents")
    assert fold.evaluate("element => element.tagName") == "DETAILS"
    assert fold.get_attribute("open") is None
    assert page.locator("#play-opponent-grid").is_hidden()
    fold.locator("summary").click()
    page.get_by_role("button", name="Computer 2", exact=True).click()
    assert page.get_by_role("group", name="Alhambra of Computer 2").is_visible()


# --- languages ------------------------------------------------------------------------------


def test_default_names_follow_the_language_a_typed_name_stays(phone):
    page = phone.open()
    page.get_by_label("Name of player 1").fill("Anna")
    start_play(page, ["random", "random"])
    your_move(page)
    switch_language(page, "Русский", "ru")
    your_move(page)
    assert page.locator("#play-scores th[scope=row]").all_inner_texts() == [
        "Вы",
        "Компьютер 1",
        "Компьютер 2",
    ]
    page.locator("#play-opponents summary").click()
    assert page.locator("#play-opponent-heading").inner_text() == "Альгамбра: Компьютер 1"
    assert "Ваш ход" in page.locator("#play-where").inner_text()
    page.get_by_role("tab", name="Очки").click()
    assert page.get_by_label("Имя игрока 1").input_value() == "Anna"  # typed: as typed
    assert page.get_by_label("Имя игрока 2").input_value() == "Игрок 2"
    # and back: the game goes on with the names in German
    switch_language(page, "Deutsch", "de")
    assert page.get_by_label("Name von Spieler 2").input_value() == "Spieler 2"
    assert page.get_by_label("Name von Spieler 1").input_value() == "Anna"
    page.get_by_role("tab", name="Spielen").click()
    your_move(page)
    names = [player["name"] for player in saved_state(page)["players"]]
    assert names == ["Sie", "Computer 1", "Computer 2"]


ACCUSATIVE = {
    "ru": (
        r"(?:покупает|покупаете|строит|строите|кладёт|кладёте|отдаёт|отдаёте) (\w+)",
        {"беседку", "гарем", "галерею", "палаты", "сад", "башню"},
    ),
    "de": (
        r"(?:kauft|kaufen|baut|bauen|legt|legen|gibt|geben) (\w+ \w+)",
        {"den Pavillon", "das Serail", "die Arkaden", "die Gemächer", "den Garten", "den Turm"},
    ),
}


@pytest.mark.parametrize("language", sorted(ACCUSATIVE))
def test_a_building_takes_the_case_its_sentence_needs(devices, base_url, language):
    """Russian "покупает башню", German "kauft den Turm": the object of a move is in the
    accusative, with German's article carrying the case."""
    visitor = Phone(devices, base_url)
    try:
        page = visitor.open(f"/?lang={language}")
        catalog = messages(language)
        page.get_by_role("tab", name=catalog["tab.play"]).click()
        page.locator("#opponent-count").select_option("2")
        page.get_by_role("button", name=catalog["play.start"]).click()
        page.locator("#play-table").wait_for()
        pattern, forms = ACCUSATIVE[language]
        objects: list[str] = []
        for _ in range(12):  # the computers buy and build meanwhile; so do you
            your_move(page)
            log = page.locator("#play-steps li").all_text_contents()
            objects = [found for line in log for found in re.findall(pattern, line)]
            if len(objects) >= 4:
                break
            fits = page.locator("#play-grid button.fits")
            (fits.first if fits.count() else page.locator("#play-actions button").first).click()
        assert len(objects) >= 4
        assert set(objects) <= forms, objects
    finally:
        visitor.close()


def page_keys() -> set[str]:
    """Every key the page's template and scripts name, the families they build expanded."""
    sources = [path.read_text("utf-8") for path in (PAGE / "static" / "js").glob("*.js")]
    template = (PAGE / "templates" / "page.html").read_text("utf-8")
    keys = set(re.findall(r"\bt\(\s*'([\w.-]+)'", "\n".join(sources)))
    keys |= set(re.findall(r"\bt\('([\w.-]+)'", template))
    built = r"'((?:play|step|results|position)\.[\w]+)'"  # keys chosen before t() says them
    keys |= {key for text in sources for key in re.findall(built, text)}
    # every action, the table's reveals too: a record of a table game shows them (issue 26)
    player_actions = list(schema_documents()["game-action.json"]["discriminator"]["mapping"])
    moves = (PAGE / "static" / "js" / "moves.js").read_text("utf-8")
    steps = re.findall(r"'(\w+)'", re.search(r"new Set\(\[(.*?)\]\)", moves, re.S).group(1))  # type: ignore[union-attr]
    yours = [step for step in steps if step not in ("round_scored", "game_ended")]
    families = {
        "building": BUILDINGS,
        "building_acc": BUILDINGS,
        "building_short": BUILDINGS,
        "currency": ["denar", "dirham", "ducat", "florin"],
        "side": ["N", "E", "S", "W"],
        "action": player_actions,
        "step": steps,
        "step_you": yours,
        "play.level": ["random", "greedy", "mcts"],
        "play.module": ["vizier", "exchange", "bonus", "huts"],
        "review.level": ["greedy", "mcts"],
        "review.verdict": ["best", "good", "inaccuracy", "mistake", "blunder"],
        "review.count": ["inaccuracy", "mistake", "blunder"],
        "move": ["buy", "vizier_buy"],  # a purchase worded without its market (moves.js)
    }
    built = {f"{family}.{member}" for family, members in families.items() for member in members}
    return {key for key in keys if not key.endswith(".")} | built  # "building." + a building


SAMPLES = {
    "name": "Anna",
    "names": "Anna, Ben",
    "building": "B",
    "building_acc": "A",
    "other_building": "B2",
    "cell": "(1,0)",
    "other_cell": "(2,0)",
    "cells": "(1,1)",
    "side": "S1",
    "other_side": "S2",
    "walls": "W",
    "price": 7,
    "slot": 2,
    "cards": "C",
    "what": "X",
    "round": 2,
    "totals": "T",
    "action": "Act",
    "detail": "D",
    "max": 7,
    "count": 8,
    "currency": "Cur",
    "a": "a",
    "b": "b",
    "length": 9,
    "x": 1,
    "y": 0,
    "date": "25 Nov 2026",
    "entries": "E",
    "rounds": "R",
    "rules": "B2, B3",
    "scores": "Anna 12, Ben 9",
    "rule": "K1",
    "sets": "3 + 1",
    "facing": 2,
    "beside": 3,
    "points": -4,
    "before": 3,
    "sum": -1,
    "message": "M",
    "sides": "S1, S2",
    "bastions": "S1",
    "arrows": "S2",
    "types": "B, B2, B3",
    "piece": "P",
    "pieces": "P 1",
    "status": 422,
    "most": 42,
    "module": "Mod, K1",
    "buildings": 2,
    "file": "f.json",
    "changed": 1,
    "modules": "M1, M2",
    "levels": "L",
    "level": "Easy",
    "slots": "2, 3",
    "total": 14,
    "line": 5,
    "column": 39,
    "accuracy": "95.2%",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_every_catalog_renders(phone, language):
    """Every key of every catalog the page gets (the API's words are the server's to say) and
    every key the page names, rendered by the page's own words.js with sample values and
    several counts: no key missing, no placeholder left."""
    page = phone.open(f"/?lang={language}")
    keys = sorted(page_keys() | {key for code in LANGUAGES for key in page_messages(code)})
    rendered = page.evaluate(
        """async ([keys, samples]) => {
            const { t } = await import('/static/js/words.js');
            return keys.map((key) => [key, [0, 1, 2, 5, 11, 21].map(
                (n) => t(key, { ...samples, n }))]);
        }""",
        [keys, SAMPLES],
    )
    assert len(rendered) == len(keys)
    for key, texts in rendered:
        for text in texts:
            assert text != key, f"{language}: {key} is missing"
            assert not re.search(r"\{\w+\}", text), f"{language}: {key} leaves {text!r}"
