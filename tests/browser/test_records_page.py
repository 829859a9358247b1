"""A game's record on the phone page (issue 26), in Debian's Chromium at 360 x 740 (and 390).

A game against the computer keeps its record (docs/records.md: the new-game request and every
move, the computer's included) with the game in History; a finished game replays move by move
and is reviewed with its mistakes marked; a pasted or shared record opens the same way, and
one that stops says where and why; the Build tab's refusal offers the ruling's picture to show
full screen or share. Every record here is a game played through the public API in-process
(play_positions.Api), and every expectation is the API's own answer for it (a replay, a
review, the rules' texts), never the page's.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright import sync_api as playwright_api

from calculator.core.text import Text
from calculator.i18n import LANGUAGES, messages, say
from tests.helpers.browser import (
    STORED,
    Phone,
    assert_accessible,
    assert_words_whole,
    not_busy,
    place,
    play_one_move,
    start_play,
    your_move,
)
from tests.helpers.play_positions import Api, money_first, wide

expect = playwright_api.expect
SMALL = {"width": 360, "height": 740}
SIZES = [SMALL, {"width": 390, "height": 844}]
YOU = 0
Record = dict[str, Any]
State = dict[str, Any]

# The README's referee: Anna's second purchase pays 4 florin for the chambers at 10 (T4).
STOPPED_TEXT = (
    '[Player1 "Anna"]\n[Player2 "Ben"]\n[Seed "1"]\n\n'
    "1. Anna: buy 2 dirham 8; buy 1 florin 4; place seraglio 8 S at 1,0\n"
)
# A garden 8 comes with three sets of walls (C1): the reader cannot tell which one is meant.
UNREADABLE_TEXT = STOPPED_TEXT.replace("buy 1 florin 4; place seraglio 8 S", "place garden 8")


# --- games played through the API, as records -----------------------------------------------


def new_game(seed: int, opponents: int) -> dict[str, Any]:
    """The body of POST /v1/games the Play tab sends: you, the computers, a seed (T1)."""
    players = ["You", *(f"Computer {n}" for n in range(1, opponents + 1))]
    return {"players": players, "seed": seed, "start_player": YOU, "options": {"modules": []}}


def played(
    api: Api,
    game: dict[str, Any],
    bots: dict[str, str],
    policy: Callable[[State, list[Any]], Any] = money_first,
    stop: Callable[[State], bool] = lambda state: False,
) -> tuple[Record, State]:
    """A game played through the public API: the seats in `bots` by bot-turns (their moves as
    it answers them), yours by `policy`, until it ends or `stop(state)` holds at a decision of
    yours; its record and the state it reached."""
    state = api.post("/v1/games", game)["state"]
    moves: list[Any] = []
    while not state["over"]:
        listing = api.legal(state)
        if str(listing["player"]) in bots:
            # greedy judges every action well within the budget, whatever the machine's load:
            # the same record at every run (under a budget cut short, it judges fewer)
            body = {"state": state, "bots": bots, "budget_ms": 1000, "seed": len(moves)}
            answer = api.post("/v1/games/bot-turns", body)
            state = answer["state"]
            moves += answer["actions"]
            continue
        if stop(state):
            break
        action = policy(state, listing["actions"])
        state, _ = api.advance(state, action)
        moves.append(action)
    return {"game": game, "moves": moves}, state


def round_points(events: list[Any]) -> list[list[int]]:
    """Each scoring round's points by seat, from the totals after each (T8)."""
    totals = [event["totals"] for event in events if event["type"] == "round_scored"]
    return [
        [total - (totals[i - 1][seat] if i else 0) for seat, total in enumerate(round_totals)]
        for i, round_totals in enumerate(totals)
    ]


def kept_play(api: Api, record: Record, levels: list[str], id_: str = "kept-play") -> Any:
    """A game against the computer as History keeps it, with its record."""
    replayed = api.post("/v1/records/replay", {"record": record})
    state = replayed["state"]
    return {
        "id": id_,
        "kind": "play",
        "at": "2026-11-25T20:15:00Z",
        "names": [player["name"] for player in state["players"]],
        "rounds": round_points(replayed["events"]),
        "totals": [player["score"] for player in state["players"]],
        "winners": state["winners"],
        "finished": state["over"],
        "opponents": levels,
        "modules": [],
        "record": record,
    }


def keep(page: Any, entry: Any) -> None:
    """`entry` kept in History, as a history file brings it (the page's own change)."""
    page.evaluate(
        """async (entry) => {
            const { update } = await import('/static/js/store.js');
            update({ type: 'import', entries: [entry] });
        }""",
        entry,
    )


def stored(page: Any) -> Any:
    return page.evaluate(STORED)


_games: dict[str, Any] = {}


def random_against_greedy() -> tuple[Record, State]:
    """A whole 2-player game, a random seat (you) against a greedy one: a game with mistakes
    to mark (docs/records.md: a random seat is ranked well below greedy ones)."""
    if "random" not in _games:
        api = Api()
        _games["random"] = played(api, new_game(11, 1), {"0": "random", "1": "greedy"})
    return _games["random"]


def open_in_history(page: Any, entry: Any) -> None:
    """`entry` kept in History, then replayed from there: the Play tab shows its start."""
    keep(page, entry)
    page.get_by_role("tab", name="History").click()
    page.locator(f'#past-list li[data-id="{entry["id"]}"]').get_by_role(
        "button", name="Replay"
    ).click()
    expect(page.locator("#replay-move")).to_have_text("The start, before the first move")


def reviewed(page: Any, level: str) -> list[Any]:
    """Review the record on show at `level` until the page says it is whole; the answers of
    POST /v1/records/review it was given, in order."""
    responses: list[Any] = []
    page.on("response", lambda r: r.url.endswith("/v1/records/review") and responses.append(r))
    page.get_by_label("Reviewer").select_option(level)
    page.get_by_role("button", name="Review the game").click()
    expect(page.locator("#review-status")).to_have_text(
        re.compile(r"^Reviewed: \d+ decisions judged\.$"), timeout=120_000
    )
    return [response.json() for response in responses]


def shown_scores(page: Any) -> list[int]:
    return [int(cell) for cell in page.locator("#replay-scores td").all_inner_texts()]


def shown_cells(page: Any) -> set[tuple[int, int]]:
    """The cells of the Alhambra on show that hold a tile (the fountain left out)."""
    cells = page.locator("#replay-grid [role='img']:not(.fountain)")
    return {
        (int(cell.get_attribute("data-x")), int(cell.get_attribute("data-y")))
        for cell in cells.all()
    }


# --- a game against the computer keeps its record --------------------------------------------


def test_a_game_against_the_computer_keeps_its_record_and_replays_move_by_move(phone):
    """The Play tab's game near its end (a seeded game played through the API, with its
    record), played to the end on the page: the record kept is the request and every move,
    the computer's included, and its replay is the very game the page shows (T1: the draws
    follow from the seed). At the end it opens move by move: each position is the API's
    replay of that many moves."""
    api = Api()
    game = new_game(5, 1)
    record, state = played(api, game, {"1": "greedy"}, wide, lambda s: len(s["bag"]) <= 4)
    page = phone.open()
    page.set_viewport_size(SMALL)
    page.evaluate(
        """async ({ state, record }) => {
            const { update } = await import('/static/js/store.js');
            update({ type: 'play-started', state, record });
            update({ type: 'tab', tab: 'play' });
        }""",
        {"state": state, "record": record},
    )
    for _ in range(200):
        your_move(page)
        if page.locator("#play-winners").inner_text():
            break
        play_one_move(page)
    game_over = stored(page)["play"]
    assert game_over["state"]["over"]
    kept = game_over["record"]
    assert kept["game"] == game
    assert kept["moves"][: len(record["moves"])] == record["moves"]
    since = kept["moves"][len(record["moves"]) :]
    assert {move["player"] for move in since} == {0, 1}  # yours, and the computer's
    replayed = api.post("/v1/records/replay", {"record": kept})
    assert replayed["stopped"] is None and replayed["played"] == len(kept["moves"])
    assert replayed["state"] == game_over["state"]
    [entry] = stored(page)["past"]  # kept in History with the game
    assert entry["record"] == kept and entry["kind"] == "play"

    page.get_by_role("button", name="Replay and review").click()
    expect(page.locator("#replay-move")).to_have_text("The start, before the first move")
    assert shown_scores(page) == [0, 0]
    total = len(kept["moves"])
    page.get_by_role("button", name="Next move").click()
    expect(page.locator("#replay-move")).to_have_text(f"Move 1 of {total}")
    first = kept["moves"][0]
    words = "You take " if first["type"] == "take_money" else "You buy the "
    expect(page.locator("#replay-events li").first).to_contain_text(words)
    for position in (total // 3, total - 7, total):  # jumped to by the field
        page.get_by_label("Go to move").fill(str(position))
        page.get_by_label("Go to move").press("Enter")
        expect(page.locator("#replay-move")).to_have_text(f"Move {position} of {total}")
        at = api.post("/v1/records/replay", {"record": kept, "to": position})["state"]
        expect(page.locator("#replay-scores td")).to_have_text(
            [str(player["score"]) for player in at["players"]]
        )
        seat = kept["moves"][position - 1].get("player", YOU)
        on_show = {(tile["x"], tile["y"]) for tile in at["players"][seat]["alhambra"]}
        assert shown_cells(page) == on_show, position
        if position == total - 7:  # late in the game: an Alhambra, a hand, the market
            page.locator("#replay-seat-heading").scroll_into_view_if_needed()
            page.evaluate("window.scrollBy(0, 200)")
            phone.shot("replay-table")
    assert page.get_by_role("button", name="Next move").is_disabled()
    page.get_by_role("button", name="Previous move").click()
    expect(page.locator("#replay-move")).to_have_text(f"Move {total - 1} of {total}")
    page.get_by_role("button", name="To the start").click()
    expect(page.locator("#replay-move")).to_have_text("The start, before the first move")
    page.get_by_role("button", name="Next move").click()
    page.get_by_role("button", name="Next move").click()
    page.locator("#replay-move").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -120)")
    phone.shot("replay-move")
    page.get_by_role("button", name="Close the record").click()
    expect(page.locator("#play-winners")).to_contain_text("Winner")  # the game over, as it was


def test_a_game_begun_before_records_still_opens_and_a_record_over_it_asks(phone):
    """A game against the computer saved by the page before games kept records (no record,
    no replay) loads as it was; opening a record over it cannot keep it, so the question names
    what would be lost, and Stay keeps it."""
    api = Api()
    record, state = played(api, new_game(3, 1), {"1": "greedy"}, stop=lambda s: True)
    page = phone.open()
    page.evaluate(
        """async ({ state }) => {
            const { update } = await import('/static/js/store.js');
            update({ type: 'play-started', state, record: null });
        }""",
        {"state": state},
    )
    saved = stored(page)
    del saved["replay"]
    del saved["play"]["record"]
    page.evaluate(
        "(game) => localStorage.setItem('alhambra-scores/v1', JSON.stringify(game))", saved
    )
    page.reload()
    not_busy(page)
    assert stored(page)["play"]["state"] == state
    page.get_by_role("tab", name="History").click()
    page.locator("#record-open-fold summary").click()
    page.get_by_label("The record", exact=True).fill(json.dumps(record))
    page.get_by_role("button", name="Open the record").click()
    dialog = page.locator("dialog#confirm")
    expect(dialog.locator("#confirm-title")).to_contain_text("It has no record to keep it by")
    expect(dialog.locator("#confirm-lost li")).to_have_text(
        ["The game in progress, with its scores so far: You: 0, Computer 1: 0"]
    )
    dialog.get_by_role("button", name="Stay with this game").click()
    expect(page.locator("#record-status")).to_have_text(
        "The record was not opened: the game goes on."
    )
    assert stored(page)["play"]["state"] == state and stored(page)["replay"] is None


# --- a review, its marks, and its parts -------------------------------------------------------


def test_a_review_marks_each_move_with_its_verdict_and_the_advisors_move(phone):
    """Review (greedy): each decision's row as the API answered it marks its move in the list,
    Next mistake goes to the first mistake or blunder and shows the advisor's move and the
    points lost; the random seat is ranked below the greedy one. A reload in another language
    keeps the record, the move on show and its review."""
    api = Api()
    record, _ = random_against_greedy()
    page = phone.open()
    page.set_viewport_size(SMALL)
    open_in_history(page, kept_play(api, record, ["greedy"]))
    answers = reviewed(page, "greedy")
    rows = [row for answer in answers for row in answer["moves"]]
    review = stored(page)["replay"]["review"]
    assert review["rows"] == rows and review["next"] is None
    if len(answers) == 1:  # one answer: its summary as the server gave it
        assert review["players"] == answers[0]["players"]
    you, computer = sorted(review["players"], key=lambda p: p["player"])
    assert you["accuracy"] < computer["accuracy"]  # random below greedy
    yours = page.locator('#review-players li[data-player="0"]')
    expect(yours).to_contain_text(f"You: accuracy {you['accuracy']:g}%")
    expect(yours).to_contain_text(f"{you['blunders']} blunder")
    # every judged move marked in the list, by its verdict
    marked = {
        int(item.get_attribute("data-position")): item.get_attribute("data-verdict")
        for item in page.locator("#replay-moves li[data-verdict]").all()
    }
    assert marked == {row["move"] + 1: row["verdict"] for row in rows}
    # the first mistake or blunder, with the advisor's move
    first = next(row for row in rows if row["verdict"] in ("mistake", "blunder"))
    page.get_by_role("button", name="Next mistake").click()
    expect(page.locator("#replay-move")).to_have_text(
        f"Move {first['move'] + 1} of {len(record['moves'])}"
    )
    verdict = page.locator("#replay-verdict")
    word = {"mistake": "? Mistake", "blunder": "?? Blunder"}[first["verdict"]]
    expect(verdict).to_contain_text(re.compile(re.escape(word) + r" [\d.]+ points lost"))
    lost = re.search(r"([\d.]+) points lost", verdict.inner_text())
    assert lost and abs(float(lost[1]) - first["expected_points_lost"]) <= 0.05  # one decimal
    expect(verdict).to_contain_text("The advisor's move: ")
    assert_accessible(page, "a move marked by the review")
    verdict.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, -200)")
    phone.shot("replay-review")
    page.locator("#review-players").scroll_into_view_if_needed()
    phone.shot("replay-review-summary")

    page.goto(phone.base_url + "/?lang=ru")
    not_busy(page)
    russian = messages("ru")
    expect(page.locator("#replay-move")).to_have_text(
        russian["replay.move"].format(n=first["move"] + 1, total=len(record["moves"]))
    )
    expect(page.locator("#replay-verdict .verdict-mark")).to_contain_text(
        russian[f"review.verdict.{first['verdict']}"]
    )
    assert stored(page)["replay"]["review"]["rows"] == rows


def test_a_deeper_review_goes_on_from_where_each_answer_says(phone):
    """The mcts review at 50 ms a decision, each request's whole time cut to 100 ms here (the
    API's least), so that its time runs out: the page sends each answer's `next` as the next
    request's `from` until none is left, and puts the rows together, each decision once."""
    api = Api()
    record, _ = random_against_greedy()
    page = phone.open()
    page.set_viewport_size(SMALL)
    open_in_history(page, kept_play(api, record, ["greedy"]))
    sent: list[Any] = []

    def short(route: Any) -> None:
        body = route.request.post_data_json
        sent.append(body)
        route.continue_(post_data=json.dumps({**body, "total_ms": 100}))

    page.route("**/v1/records/review", short)
    answers = reviewed(page, "mcts")
    assert len(sent) > 1  # its time ran out: the review came in parts
    assert [body["from"] for body in sent] == [0, *(answer["next"] for answer in answers[:-1])]
    assert all(body["level"] == "mcts" and body["budget_ms"] == 50 for body in sent)
    assert answers[-1]["next"] is None
    review = stored(page)["replay"]["review"]
    moves = [row["move"] for row in review["rows"]]
    assert moves == sorted(set(moves))  # each decision once, in order
    for player in review["players"]:
        own = [row for row in review["rows"] if row["player"] == player["player"]]
        assert player["decisions"] == len(own)
        assert player["blunders"] == sum(row["verdict"] == "blunder" for row in own)


# --- a pasted record, and one that stops -------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pasted_record_that_stops_says_where_and_why_in_the_page_language(phone, language):
    """The README's referee, pasted as text: move 2 pays 4 florin for the chambers at 10 (T4).
    It opens on the Play tab, says which move and line stop it, the rule in the page's
    language (GET /v1/rules) and the engine's reason, and is kept in History saying where it
    stops. A text the reader cannot read is refused at its line and column, said in the
    page's words."""
    api = Api()
    catalog = messages(language)
    rules = api.client.get(f"/v1/rules?lang={language}").get_json()["rules"]
    asked = {"Accept-Language": language}  # as the page asks: its words come in its language
    stop = api.client.post(
        "/v1/records/replay", json={"record": STOPPED_TEXT}, headers=asked
    ).get_json()["stopped"]
    refused = api.client.post(
        "/v1/records/notation",
        json={"record": UNREADABLE_TEXT},
        headers=asked,
    )
    [problem] = refused.get_json()["errors"]
    at = say(Text("api.notation.line_column", line=5, column=39, what=""), language)
    assert problem["message"].startswith(at.rstrip()), problem  # the text's line and column
    page = phone.open(f"/?lang={language}")
    page.set_viewport_size(SMALL)
    page.locator("#tab-history").click()
    page.locator("#record-open-fold summary").click()
    page.locator("#record-given").fill(UNREADABLE_TEXT)
    page.locator("#record-open").click()
    shown = page.locator("#record-problems li")
    expect(shown.locator("strong")).to_have_text(catalog["record.at_record"])
    expect(shown.locator(f"span[lang='{language}']")).to_have_text(problem["message"])
    phone.errors.clear()  # the browser logs the 422 it was sent, as it should
    page.locator("#record-given").fill(STOPPED_TEXT)
    page.locator("#record-open").click()
    expect(page.locator("#replay")).to_be_visible()
    assert stop["move"] == 1 and stop["rule"] == "T4" and stop["line"] == 5
    expect(page.locator("#replay-stopped-where")).to_have_text(
        catalog["replay.stopped_line"].format(n=2, line=5)
    )
    text = f"T4 {rules['T4']['title']}: {rules['T4']['text']}"
    expect(page.locator("#replay-stopped-rule")).to_have_text(text)
    expect(page.locator(f"#replay-stopped-why span[lang='{language}']")).to_have_text(
        stop["message"]
    )
    expect(page.locator("#replay-moves li[data-position='2'] button")).to_be_disabled()
    assert stored(page)["replay"]["played"] == 1
    if language == "en":
        page.evaluate("window.scrollTo(0, 0)")
        phone.shot("record-stopped")
    page.locator("#tab-history").click()
    [entry] = stored(page)["past"]
    assert entry["kind"] == "record" and entry["stopped"]["rule"] == "T4"
    item = page.locator(f'#past-list li[data-id="{entry["id"]}"]')
    expect(item.locator(".past-winner")).to_have_text(catalog["past.record_stopped"].format(n=2))


def test_a_pasted_json_record_opens_and_the_same_record_is_kept_once(phone):
    """A record's JSON opens as its text does; pasted again it is the same game of History."""
    record, state = random_against_greedy()
    page = phone.open()
    page.get_by_role("tab", name="History").click()
    page.locator("#record-open-fold summary").click()
    for _ in range(2):
        page.get_by_role("tab", name="History").click()
        page.get_by_label("The record", exact=True).fill(json.dumps(record))
        page.get_by_role("button", name="Open the record").click()
        expect(page.locator("#replay-move")).to_have_text("The start, before the first move")
    assert stored(page)["replay"]["played"] == len(record["moves"])
    [entry] = stored(page)["past"]
    assert entry["totals"] == [player["score"] for player in state["players"]]
    assert entry["names"] == ["You", "Computer 1"] and entry["finished"]
    page.get_by_role("button", name="To the last move").click()
    expect(page.locator("#replay-winners")).to_have_text(
        "Winner: " + ", ".join(state["players"][seat]["name"] for seat in state["winners"])
    )


# --- a shared record ---------------------------------------------------------------------------


def test_a_shared_record_opens_on_another_phone_asking_over_a_game_in_progress(
    phone, devices, base_url
):
    """Share as a link puts the record in the link; another phone with a game against the
    computer in progress asks first: Stay keeps the game; Open, keep both opens the record and
    sets the game aside in History with its record, from where Continue brings it back as it
    was. A link that holds no record opens nothing, and says so."""
    record, _ = random_against_greedy()
    page = phone.open()
    page.get_by_role("tab", name="History").click()
    page.locator("#record-open-fold summary").click()
    page.get_by_label("The record", exact=True).fill(json.dumps(record))
    page.get_by_role("button", name="Open the record").click()
    page.get_by_role("button", name="Share as a link").click()
    field = page.get_by_label("Link to this record")
    expect(field).to_have_value(re.compile(r"#record=[\w-]+$"))
    link = field.input_value()
    canonical = stored(page)["replay"]["record"]

    other = Phone(devices, base_url)
    try:
        friend = other.open()
        friend.set_viewport_size(SMALL)
        start_play(friend, ["greedy"])
        your_move(friend)
        play_one_move(friend)
        your_move(friend)
        before = stored(friend)["play"]
        assert before["record"]["moves"]
        friend.goto(link)
        dialog = friend.locator("dialog#confirm")
        expect(dialog.locator("#confirm-title")).to_have_text(
            "Open the record? A game against the computer is in progress."
        )
        expect(dialog.locator("#confirm-notes")).to_have_text(
            "Both are kept: the game in progress goes to History with its record, where you "
            "can continue it."
        )
        other.shot("record-link-confirm")
        dialog.get_by_role("button", name="Stay with this game").click()
        assert stored(friend)["play"] == before and stored(friend)["replay"] is None
        assert "#record=" not in friend.url
        friend.goto(link)
        dialog.get_by_role("button", name="Open it, keep both").click()
        expect(friend.locator("#replay-move")).to_have_text("The start, before the first move")
        expect(friend.locator("#replay-status")).to_have_text(
            "The record is open. The game you had is in History, with its record."
        )
        assert stored(friend)["replay"]["record"] == canonical
        aside = next(entry for entry in stored(friend)["past"] if entry["kind"] == "play")
        assert aside["record"] == before["record"] and aside["finished"] is False
        friend.get_by_role("tab", name="History").click()
        item = friend.locator(f'#past-list li[data-id="{aside["id"]}"]')
        item.get_by_role("button", name="Continue").click()
        expect(friend.locator("#play-table")).to_be_visible()
        your_move(friend)
        back = stored(friend)["play"]
        assert back["state"] == before["state"] and back["record"] == before["record"]
        assert all(entry["id"] != aside["id"] for entry in stored(friend)["past"])

        friend.goto(base_url + "/?lang=en#record=" + base64.urlsafe_b64encode(b"no").decode())
        expect(friend.locator("#record-status")).to_have_text(
            "The link holds no record this page can read: nothing was opened."
        )
        assert stored(friend)["play"]["state"] == back["state"]
    finally:
        other.close()


# --- the Build tab's refusal: the ruling's picture -------------------------------------------

SHARE_STUB = """
window.shared = [];
navigator.canShare = (data) => Array.isArray(data?.files);
navigator.share = async (data) => {
  const [file] = data.files;
  const bytes = new Uint8Array(await file.arrayBuffer());
  window.shared.push({ name: file.name, type: file.type, head: Array.from(bytes.slice(0, 8)) });
};
"""
PNG = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]


@pytest.mark.parametrize("share", [True, False], ids=["share-sheet", "download"])
def test_a_refused_placement_offers_the_ruling_picture_to_show_and_share(devices, base_url, share):
    """B3, B4: a tower touching the Alhambra by a corner only. Show the ruling asks
    POST /v1/rulings for the refused placement itself, in the page's language, as a PNG, and
    shows it full screen; the phone's share sheet takes the PNG where the browser has one,
    and Save downloads it always."""
    visitor = Phone(devices, base_url, locale="ja-JP")
    try:
        page = visitor.page
        if share:
            page.add_init_script(SHARE_STUB)
        page = visitor.open("/?lang=ja")
        page.set_viewport_size(SMALL)
        catalog = messages("ja")
        page.locator("#tab-build").click()
        place(page, 1, 0, catalog["building.garden"], walls="N")
        page.locator("#picker").wait_for(state="hidden")
        dialog = place(page, 2, 1, catalog["building.tower"])
        dialog.locator("#picker-result li").first.wait_for()
        with page.expect_request("**/v1/rulings") as asked:
            dialog.get_by_role("button", name=catalog["ruling.show"]).click()
        body = asked.value.post_data_json
        assert body["lang"] == "ja" and body["format"] == "png"
        assert body["placement"] == {
            "alhambra": [{"building": "garden", "walls": "N", "x": 1, "y": 0}],
            "tile": {"building": "tower", "walls": ""},
            "x": 2,
            "y": 1,
        }
        ruling = page.locator("dialog#ruling")
        expect(ruling).to_be_visible()
        picture = ruling.locator("img")
        expect(picture).to_have_attribute("alt", re.compile("B3.*B4"))
        assert picture.evaluate("img => img.complete && img.naturalWidth > 600")
        box = ruling.bounding_box()
        assert box["width"] == SMALL["width"] and box["height"] == SMALL["height"]  # full screen
        share_button = ruling.get_by_role("button", name=catalog["ruling.share"])
        if share:
            visitor.shot("build-ruling")
            share_button.click()
            expect(ruling.locator("#ruling-status")).to_have_text(catalog["ruling.shared"])
            [shared] = page.evaluate("window.shared")
            assert shared["type"] == "image/png" and shared["head"] == PNG
        else:
            expect(share_button).to_be_hidden()
        with page.expect_download() as download:
            ruling.get_by_role("link", name=catalog["ruling.save"]).click()
        assert download.value.suggested_filename == "alhambra-ruling.png"
        with open(download.value.path(), "rb") as saved:
            assert list(saved.read(8)) == PNG
        ruling.get_by_role("button", name=catalog["ruling.close"]).click()
        expect(ruling).to_be_hidden()
        expect(page.locator("dialog#picker")).to_be_visible()  # back to the refusal
    finally:
        visitor.close()


# --- History with its records, kept on the phone ----------------------------------------------

WRITES = """() => {
    window.written = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        window.written.push([key, value.length]);
        return setItem.call(this, key, value);
    };
}"""


def test_a_tap_saves_the_game_alone_however_many_records_history_keeps(phone):
    """History at its fullest (MAX_PAST games, each with the record of a whole game) is saved
    apart from the game, and only when it changes: a name typed on the Score tab writes the
    game alone, a small fraction of one game of History; a reload brings both back. A game an
    earlier page saved with its History inside it loads with that History, which the next
    change saves apart."""
    api = Api()
    record, _ = random_against_greedy()
    one = kept_play(api, record, ["greedy"])
    at = "2026-11-{:02}T20:15:00Z"
    entries = [{**one, "id": f"kept-{n}", "at": at.format(n % 28 + 1)} for n in range(100)]
    page = phone.open()
    page.evaluate(
        """async (entries) => {
            const { update } = await import('/static/js/store.js');
            update({ type: 'import', entries });
        }""",
        entries,
    )
    page.evaluate(WRITES)
    page.get_by_label("Name of player 1").fill("Anna")
    written = page.evaluate("window.written")
    assert written and {key for key, _ in written} == {"alhambra-scores/v1"}
    assert max(size for _, size in written) < len(json.dumps(one)) / 4
    page.reload()
    not_busy(page)
    assert page.get_by_label("Name of player 1").input_value() == "Anna"
    page.get_by_role("tab", name="History").click()
    expect(page.locator("#past-list li")).to_have_count(100)
    assert stored(page)["past"][0]["record"] == record

    page.evaluate(
        """(entry) => {
            const game = JSON.parse(localStorage.getItem('alhambra-scores/v1'));
            localStorage.setItem('alhambra-scores/v1', JSON.stringify({ ...game, past: [entry] }));
            localStorage.removeItem('alhambra-scores/v1/past');
        }""",
        one,
    )
    page.reload()
    not_busy(page)
    page.get_by_role("tab", name="History").click()
    expect(page.locator("#past-list li")).to_have_count(1)
    page.get_by_role("tab", name="Score").click()
    page.get_by_label("Name of player 1").fill("Ben")
    page.reload()
    not_busy(page)
    assert stored(page)["past"] == [one] and "past" not in page.evaluate(
        "JSON.parse(localStorage.getItem('alhambra-scores/v1'))"
    )


# --- the new screens in every language: fitting, words whole, accessible --------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_record_screens_fit_keep_words_whole_and_pass_wcag_checks(phone, language):
    """The replay with its review, the stop, the list of moves and the record as text; the
    pasted record refused; the question before a record over a game in progress; the ruling
    full screen: at 360 x 740 and 390 x 844 nothing scrolls sideways and no word breaks, and
    axe-core finds nothing (WCAG 2.1 AA)."""
    api = Api()
    catalog = messages(language)
    record, _ = random_against_greedy()
    page = phone.open(f"/?lang={language}")
    keep(page, kept_play(api, record, ["greedy"]))
    page.locator("#tab-history").click()
    page.locator("#past-list li[data-id='kept-play'] button.primary").first.click()
    page.locator("#review-ask").click()
    expect(page.locator("#review-players li")).to_have_count(2, timeout=60_000)
    page.locator("#replay-next-mark").click()
    expect(page.locator("#replay-verdict")).to_be_visible()
    page.locator("#replay-list summary").click()
    page.locator("#replay-text").click()
    expect(page.locator("#replay-notation")).not_to_be_empty()
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(page, f"{language}, {size['width']} px, a reviewed record")
    assert_accessible(page, f"{language}: a reviewed record")

    page.locator("#tab-history").click()
    page.locator("#record-open-fold summary").click()
    page.locator("#record-given").fill(STOPPED_TEXT)
    page.locator("#record-open").click()
    expect(page.locator("#replay-stopped")).to_be_visible()
    expect(page.locator("#replay-stopped-rule")).not_to_have_text("T4")  # the rule's text came
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(page, f"{language}, {size['width']} px, a record that stops")
    assert_accessible(page, f"{language}: a record that stops")

    page.locator("#tab-history").click()
    page.locator("#record-given").fill(UNREADABLE_TEXT)
    page.locator("#record-open").click()
    expect(page.locator("#record-problems li")).to_have_count(1)
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(page, f"{language}, {size['width']} px, History with a record refused")
    assert_accessible(page, f"{language}: History with a record refused")
    phone.errors.clear()  # the 422 the browser logs

    page.locator("#replay-close").evaluate("button => button.click()")
    page.locator("#tab-play").click()
    page.locator("#play-start").click()
    page.locator("#play-table").wait_for()
    your_move(page)
    play_one_move(page)
    your_move(page)
    page.locator("#tab-history").click()
    page.locator("#past-list li[data-id='kept-play'] button.primary").first.click()
    expect(page.locator("dialog#confirm")).to_be_visible()
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(
            page, f"{language}, {size['width']} px, a record over a game", "dialog#confirm"
        )
    assert_accessible(page, f"{language}: a record over a game in progress")
    page.locator("#confirm-keep").click()

    page.locator("#tab-build").click()
    place(page, 1, 0, catalog["building.garden"], walls="N")
    page.locator("#picker").wait_for(state="hidden")
    dialog = place(page, 2, 1, catalog["building.tower"])
    dialog.locator(".ruling-offer").click()
    expect(page.locator("dialog#ruling img")).to_be_visible()
    for size in SIZES:
        page.set_viewport_size(size)
        assert_words_whole(page, f"{language}, {size['width']} px, the ruling", "dialog#ruling")
    assert_accessible(page, f"{language}: the ruling full screen")
