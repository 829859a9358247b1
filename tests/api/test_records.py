"""A game's record over HTTP and in ``alhambra record``: both ways (JSON and text), replayed to
any move exactly as ``/v1/games/advance`` plays it, the first illegal move found (T1-T9, V1-V4).

The replay is held state for state to the requests a client makes: ``POST /v1/games`` with the
record's game, then ``/v1/games/advance`` one move at a time, for seeded games of 2 to 6
players, digital and table, with modules, and for the golden games.
"""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

import pytest

from calculator.api.game_document import dump_action
from calculator.api.record_document import dump_record
from calculator.cli.records import run_record
from calculator.modules import NAMES as MODULES
from calculator.records.notation import write
from calculator.records.record import Record
from tests.helpers.api import pointers
from tests.helpers.record_games import GOLDEN_GAMES, golden, played

SHORT = {
    "game": {"players": ["Anna", "Ben"], "seed": 1},
    "moves": [
        {"type": "buy", "player": 0, "slot": 2, "payment": [{"currency": "dirham", "value": 8}]},
        {
            "type": "buy",
            "player": 0,
            "slot": 1,
            "payment": [{"currency": "florin", "value": 4}, {"currency": "florin", "value": 7}],
        },
        {
            "type": "place",
            "player": 0,
            "tile": {"building": "chambers", "walls": "", "price": 10},
            "x": 0,
            "y": -1,
        },
        {
            "type": "place",
            "player": 0,
            "tile": {"building": "seraglio", "walls": "S", "price": 8},
            "x": 1,
            "y": 0,
        },
    ],
    "tags": {"Event": "Club night"},
}
SHORT_TEXT = (
    '[Event "Club night"]\n[Player1 "Anna"]\n[Player2 "Ben"]\n[Seed "1"]\n\n'
    "1. Anna: buy 2 dirham 8; buy 1 florin 4 + florin 7; place chambers 10 - at 0,-1; "
    "place seraglio 8 S at 1,0\n"
)


# --- both ways ---------------------------------------------------------------------------------


def test_a_record_is_answered_both_ways(client):
    answer = client.post("/v1/records/notation", json={"record": SHORT}).get_json()
    assert answer == {"record": SHORT, "text": SHORT_TEXT}
    back = client.post("/v1/records/notation", json={"record": SHORT_TEXT}).get_json()
    assert back == answer


def test_the_json_form_answered_is_canonical(client):
    """Cards sorted as the engine lists them, the options' defaults left out."""
    given = {
        "game": {
            "players": ["Anna", "Ben"],
            "seed": 1,
            "options": {"mode": "digital", "holes": "region", "modules": []},
        },
        "moves": [{**SHORT["moves"][1], "payment": SHORT["moves"][1]["payment"][::-1]}],
    }
    answer = client.post("/v1/records/notation", json={"record": given}).get_json()
    assert answer["record"] == {
        "game": {"players": ["Anna", "Ben"], "seed": 1},
        "moves": [SHORT["moves"][1]],
    }


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_a_golden_game_converts_both_ways(client, name):
    record, _ = golden(name)
    document = dump_record(record)
    answer = client.post("/v1/records/notation", json={"record": document}).get_json()
    assert answer["record"] == document and answer["text"] == write(record)
    assert client.post("/v1/records/notation", json={"record": answer["text"]}).get_json() == (
        answer
    )


# --- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "where", "says"),
    [
        ({**SHORT, "game": {"players": ["Anna", "Ben"]}}, "/record/game/seed", "gives its seed"),
        ({**SHORT, "tags": {"Seed": "2"}}, "/record/tags/Seed", "one of the game's own tags"),
        ({**SHORT, "tags": {"2nd": "x"}}, "/record/tags", "'2nd' cannot be a key"),
        (
            {**SHORT, "game": {"players": ["Anna", "Ben"], "seed": 1, "start_player": 3}},
            "/record/game/start_player",
            "there is no seat 3",
        ),
        (
            {**SHORT, "moves": [{"type": "buy", "player": 0, "slot": 2, "payment": []}]},
            "/record/moves/0/payment",
            "",
        ),
        (
            {**SHORT, "moves": [{"type": "pass", "player": 0}] * 901},
            "/record/moves",
            "at most 900 moves",
        ),
        ([SHORT], "/record", "must be an object"),
    ],
)
def test_a_record_that_is_not_one_is_a_422_pointing_into_it(client, record, where, says):
    response = client.post("/v1/records/replay", json={"record": record})
    assert response.status_code == 422
    problem = response.get_json()
    assert where in pointers(problem)
    assert any(says in error["message"] for error in problem["errors"] if error["pointer"] == where)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("1. Anna: take_money florin 3", "line 1, column 4: the player 'Anna' is not a player"),
        (SHORT_TEXT.replace("dirham 8", "dirham 10"), "line 6, column 23: a money card's value"),
        (SHORT_TEXT.replace('[Seed "1"]\n', ""), "the tag Seed: a digital game's record gives"),
        (
            SHORT_TEXT.replace('[Player2 "Ben"]', '[Player2 "Anna"]'),
            "the tag Player2: the name 'Anna' is taken",
        ),
        (
            SHORT_TEXT.replace('[Player2 "Ben"]\n', ""),
            "the tags Player1, Player2, ...: the players",
        ),
        (SHORT_TEXT.replace("Club night", "x" * 201), "the tag Event: a tag's value is up to 200"),
        (SHORT_TEXT + "2. #3: take_money florin 3", "line 7 (move 4): a seat is 0 to 5"),
    ],
)
def test_a_text_that_is_not_a_record_is_a_422_naming_its_line_or_tag(client, text, says):
    if "#3" in text:
        text = text.replace("#3", "#7")
        says = "line 7, column 4: a seat is #1 to #6 (C2), not #7"
    response = client.post("/v1/records/notation", json={"record": text})
    assert response.status_code == 422, response.get_json()
    problem = response.get_json()
    assert pointers(problem) == ["/record"]
    assert says in problem["errors"][0]["message"], problem


def test_to_is_at_most_the_moves_of_the_record(client):
    response = client.post("/v1/records/replay", json={"record": SHORT, "to": 5})
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"pointer": "/to", "message": "the record has 4 moves, not 5"}
    ]


# --- replay: exactly what advance gives --------------------------------------------------------


def advanced(client, record: Record) -> tuple[list[dict], list[list[dict]]]:
    """The states a client gets playing the record's moves one by one: POST /v1/games, then
    /v1/games/advance for each move; and the events of each move."""
    document = dump_record(record)
    state = client.post("/v1/games", json=document["game"]).get_json()["state"]
    found, events = [state], []
    for move in document["moves"]:
        answer = client.post("/v1/games/advance", json={"state": state, "actions": [move]})
        assert answer.status_code == 200, answer.get_json()
        state = answer.get_json()["state"]
        found.append(state)
        events.append(answer.get_json()["events"])
    return found, events


def check_replays(client, record: Record, points: int) -> None:
    """The replay to ``points`` moves spread over the game, and to its end, against the
    states advance gave (every state on the way is held to the engine's in
    ``tests/engine/test_record_replay.py``)."""
    expected, events = advanced(client, record)
    document = dump_record(record)
    moves = len(record.moves)
    for to in sorted({*range(0, moves, max(1, moves // points)), moves}):
        answer = client.post("/v1/records/replay", json={"record": document, "to": to}).get_json()
        assert answer["stopped"] is None and answer["played"] == to
        assert answer["state"] == expected[to], to
        assert answer["events"] == [event for played in events[:to] for event in played]
    whole = client.post("/v1/records/replay", json={"record": write(record)}).get_json()
    assert whole["state"] == expected[-1] and whole["played"] == moves


def test_a_replay_is_what_advance_gives_in_a_2_player_game(client):
    check_replays(client, played(2, 3), points=6)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "mode", "modules"),
    [
        (2, "digital", ()),
        (2, "table", ()),
        (3, "table", MODULES),
        (3, "digital", MODULES),
        (4, "table", ("vizier", "exchange")),
        (4, "digital", ()),
        (5, "digital", ("bonus", "huts")),
        (6, "table", MODULES),
        (6, "digital", ()),
    ],
)
def test_a_replay_is_what_advance_gives_state_for_state(client, players, mode, modules):
    check_replays(client, played(players, 4, mode, modules), points=25)


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_a_golden_game_replays_over_http_to_its_final_state(client, name):
    record, transcript = golden(name)
    answer = client.post("/v1/records/replay", json={"record": dump_record(record)}).get_json()
    assert answer["stopped"] is None
    assert answer["state"] == transcript["final"]
    assert answer["events"] == [event for step in transcript["steps"] for event in step["events"]]


def test_an_illegal_move_stops_the_replay_with_its_rule_and_pointer(client):
    """T2: Ben buys during Anna's turn."""
    moves = [SHORT["moves"][0], {**SHORT["moves"][1], "player": 1}, *SHORT["moves"][2:]]
    before = client.post("/v1/records/replay", json={"record": {**SHORT, "moves": moves}, "to": 1})
    answer = client.post("/v1/records/replay", json={"record": {**SHORT, "moves": moves}})
    assert answer.status_code == 200
    assert answer.get_json()["stopped"] == {
        "move": 1,
        "rule": "T2",
        "message": "Anna (seat 0) must act now, not seat 1",
        "pointer": "/record/moves/1",
    }
    assert answer.get_json()["state"] == before.get_json()["state"]
    assert answer.get_json()["played"] == 1


def test_a_stop_in_a_text_record_names_its_line(client):
    """T4: a payment of 9 for a tile that costs 10 (slot 1 holds the chambers 10)."""
    text = SHORT_TEXT.replace("florin 4 + florin 7", "florin 4") + "2. Ben: take_money ducat 4\n"
    answer = client.post("/v1/records/replay", json={"record": text}).get_json()
    assert answer["stopped"]["move"] == 1 and answer["stopped"]["rule"] == "T4"
    assert answer["stopped"]["line"] == 6


def test_a_replay_of_no_move_is_the_new_game(client):
    new = client.post("/v1/games", json=SHORT["game"]).get_json()
    answer = client.post("/v1/records/replay", json={"record": {**SHORT, "moves": []}})
    assert answer.get_json() == {"state": new["state"], "events": [], "played": 0, "stopped": None}


# --- alhambra record ---------------------------------------------------------------------------


def run(*arguments: str, **options: object) -> tuple[int, str]:
    namespace = SimpleNamespace(
        file=arguments[0],
        text=options.get("text", False),
        replay=options.get("replay", False),
        to=options.get("to"),
        review=None,
    )
    out = io.StringIO()
    return run_record(namespace, out), out.getvalue()  # type: ignore[arg-type]


def test_the_command_converts_a_record_both_ways(tmp_path, client):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SHORT))
    status, printed = run(str(path))
    assert status == 0
    assert (
        json.loads(printed)
        == client.post("/v1/records/notation", json={"record": SHORT}).get_json()
    )
    status, printed = run(str(path), text=True)
    assert (status, printed) == (0, SHORT_TEXT)
    text_path = tmp_path / "game.txt"
    text_path.write_text(SHORT_TEXT)
    assert json.loads(run(str(text_path))[1])["record"] == SHORT


def test_the_command_replays_a_record(tmp_path, client):
    path = tmp_path / "game.txt"
    path.write_text(SHORT_TEXT)
    status, printed = run(str(path), replay=True, to=2)
    expected = client.post("/v1/records/replay", json={"record": SHORT, "to": 2}).get_json()
    assert status == 0 and json.loads(printed) == expected


def test_the_command_refuses_as_the_api_does(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("1. Anna: dance")
    status, printed = run(str(path))
    assert status == 1 and json.loads(printed)["status"] == 422
    assert run(str(tmp_path / "missing.txt"))[0] == 2


def test_a_move_is_written_as_the_game_lists_it():
    record = played(2, 0)
    assert dump_record(record)["moves"] == [dump_action(move) for move in record.moves]


# --- review ------------------------------------------------------------------------------------


def test_a_review_judges_every_decision_with_a_row_each(client):
    record = played(2, 6)
    answer = client.post(
        "/v1/records/review", json={"record": write(record), "seed": 4, "total_ms": 5000}
    )
    assert answer.status_code == 200
    review = answer.get_json()
    assert review["level"] == "greedy" and review["stopped"] is None
    rows = review["moves"]
    assert rows and [row["move"] for row in rows] == sorted(row["move"] for row in rows)
    for row in rows:
        assert row["played"] == dump_action(record.moves[row["move"]])
        assert row["played"]["player"] == row["player"]
        points = row["expected_points"]
        assert row["expected_points_lost"] == round(max(0.0, points["best"] - points["played"]), 2)
    for seat, player in enumerate(review["players"]):
        own = [row for row in rows if row["player"] == seat]
        assert player["name"] == record.setup.names[seat]
        assert player["decisions"] == len(own)
        assert player["blunders"] == sum(row["verdict"] == "blunder" for row in own)
        sound = sum(row["verdict"] in ("best", "good") for row in own)
        assert player["accuracy"] == round(100 * sound / len(own), 1)


def test_a_review_goes_on_from_where_its_time_ran_out(client):
    record = dump_record(played(2, 6))
    first = client.post(
        "/v1/records/review", json={"record": record, "total_ms": 100, "budget_ms": 10}
    ).get_json()
    assert first["next"] is not None
    rest = client.post("/v1/records/review", json={"record": record, "from": first["next"]})
    assert rest.get_json()["moves"][0]["move"] >= first["next"]


def test_a_review_stops_at_an_illegal_move(client):
    moves = [SHORT["moves"][0], {**SHORT["moves"][1], "player": 1}]
    review = client.post(
        "/v1/records/review",
        json={"record": {**SHORT, "moves": moves}, "level": "mcts", "budget_ms": 10},
    ).get_json()
    assert review["stopped"]["move"] == 1 and review["stopped"]["rule"] == "T2"
    assert [row["move"] for row in review["moves"]] == [0]


def test_from_is_at_most_the_moves_of_the_record(client):
    response = client.post("/v1/records/review", json={"record": SHORT, "from": 9})
    assert response.status_code == 422 and pointers(response.get_json()) == ["/from"]


def test_the_command_reviews_a_record(tmp_path, client):
    path = tmp_path / "game.txt"
    path.write_text(SHORT_TEXT)
    out = io.StringIO()
    namespace = SimpleNamespace(
        file=str(path),
        text=False,
        replay=False,
        to=None,
        review="greedy",
        total_ms=3000,
        budget_ms=None,
        seed=5,
        **{"from": None},
    )
    assert run_record(namespace, out) == 0  # type: ignore[arg-type]
    expected = client.post(
        "/v1/records/review", json={"record": SHORT, "total_ms": 3000, "seed": 5}
    ).get_json()
    assert json.loads(out.getvalue()) == expected


def test_the_contract_bounds_a_record_to_max_moves():
    """No replay or review runs without end: the record's moves, a replay's ``to`` and a
    review's ``from`` are bounded by ``MAX_MOVES``, under the thousand items every array of
    a request stays below."""
    from calculator.api.contract import schema_documents
    from calculator.records.record import MAX_MOVES

    documents = schema_documents()
    assert documents["record.json"]["properties"]["moves"]["maxItems"] == MAX_MOVES < 1000
    assert documents["replay-request.json"]["properties"]["to"]["maximum"] == MAX_MOVES
    assert documents["review-request.json"]["properties"]["from"]["maximum"] == MAX_MOVES
