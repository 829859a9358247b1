"""POST /v1/table: a described table evaluated at once (B2-B5, M1, W1-W3, T4, M1-M5, T9)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.test_games import post, valid

TOWER = {"building": "tower", "walls": ""}
GARDEN_W = {"building": "garden", "walls": "W"}
PAVILION_5 = {"building": "pavilion", "walls": "NW", "price": 5}
GARDEN_10 = {"building": "garden", "walls": "", "price": 10}


def florin(value: int) -> dict[str, Any]:
    return {"currency": "florin", "value": value}


def table(**extra: Any) -> dict[str, Any]:
    return {
        "players": [
            {
                "name": "Anna",
                "alhambra": [{**TOWER, "x": 1, "y": 0}, {**GARDEN_W, "x": 0, "y": 1}],
                "reserve": [TOWER, TOWER],
                "hand": [florin(5), florin(3)],
                "score": 10,
            },
            {"name": "Ben", "alhambra": [], "hand": [florin(9)]},
        ],
        "market": [{"slot": 1, "tile": PAVILION_5}, {"slot": 3, "tile": GARDEN_10}],
        **extra,
    }


def evaluate(client, body: dict[str, Any]) -> dict[str, Any]:
    return valid(post(client, "/v1/table", body), "table-report.json")


def test_each_player_gets_legality_buildings_and_the_longest_wall(client):
    anna, ben = evaluate(client, table())["players"]
    assert anna["legal"] and anna["violations"] == []
    assert anna["counts"]["tower"] == 1 and anna["counts"]["garden"] == 1  # M1: not the reserve
    assert anna["wall"] == {"length": 1, "segments": [{"x": 0, "y": 1, "side": "W"}], "exact": True}
    assert ben["counts"] == dict.fromkeys(ben["counts"], 0)


def test_an_illegal_alhambra_is_reported_with_its_violations(client):
    body = table()
    body["players"][0]["alhambra"].append({**GARDEN_W, "x": 2, "y": 0})  # wall against the tower
    anna = evaluate(client, body)["players"][0]
    assert not anna["legal"] and anna["violations"][0]["rule"] == "B2"
    assert anna["violations"][0]["sides"]


def test_t4_which_market_tiles_each_player_can_buy_and_which_exactly(client):
    anna, ben = evaluate(client, table())["players"]
    assert anna["purchases"] == [
        {"slot": 1, "tile": PAVILION_5, "exact": True, "payments": [[florin(5)]]}
    ]
    assert ben["purchases"] == [
        {"slot": 1, "tile": PAVILION_5, "exact": False, "payments": [[florin(9)]]}
    ]


def test_the_round_asked_is_scored_as_v1_scores_does(client):
    scores = evaluate(client, table(round=2))["scores"]
    anna = scores["players"][0]
    assert scores["round"] == 2 and anna["name"] == "Anna"
    assert anna["majorities"]["tower"] == {
        "count": 1,
        "place": 1,
        "shared_with": 0,
        "points": 13,
        "rule": "M2",
        "arithmetic": "13",
    }
    assert anna["points"] == 13 + 12 + 1  # tower, garden, one wall segment
    assert "scores" not in evaluate(client, table())


def test_a_dummy_takes_part_in_the_round(client):
    body = table(round=1, dummy={"tiles": [TOWER, TOWER]})
    scores = evaluate(client, body)["scores"]
    assert scores["dummy"]["majorities"]["tower"]["place"] == 1
    assert scores["players"][0]["majorities"]["tower"]["points"] == 0


def test_t9_where_the_market_tiles_would_go_at_the_end(client):
    body = table(end_of_game=True)
    body["players"][1]["hand"].append({"currency": "denar", "value": 2})
    market = evaluate(client, body)["end_of_game"]["market"]
    assert market == [
        {"slot": 1, "tile": PAVILION_5, "player": 1},  # florin: 9 against 8
        {"slot": 3, "tile": GARDEN_10, "player": 1},  # denar: only Ben holds any
    ]
    body["players"][0]["hand"].append({"currency": "denar", "value": 2})
    market = evaluate(client, body)["end_of_game"]["market"]
    assert market[1] == {"slot": 3, "tile": GARDEN_10, "player": None, "reason": "tie"}
    for player in body["players"]:
        player["hand"] = [card for card in player["hand"] if card.get("currency") != "denar"]
    market = evaluate(client, body)["end_of_game"]["market"]
    assert market[1]["player"] is None and market[1]["reason"] == "nobody_holds"


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        (
            lambda b: b["players"][1]["alhambra"].append({**GARDEN_10, "x": 0, "y": 1}),
            "/players/1/alhambra/0",
        ),
        (lambda b: b["players"][0]["reserve"].extend([TOWER] * 10), "/players/0/reserve/10"),
        (lambda b: b["players"][1]["hand"].extend([florin(9)] * 2), "/players/1/hand/2"),
        (lambda b: b.update(face_up=[florin(5), florin(5)]), "/face_up/1"),
        (lambda b: b["market"].append({"slot": 1, "tile": None}), "/market/2/slot"),
        (
            lambda b: b["players"][0]["alhambra"].append({**TOWER, "x": 1, "y": 0}),
            "/players/0/alhambra/2",
        ),
        (
            lambda b: b["players"][0]["alhambra"].append(
                {"building": "tower", "walls": "", "price": 5, "x": 3, "y": 3}
            ),
            "/players/0/alhambra/2/price",
        ),
    ],
)
def test_a_table_that_cannot_exist_is_a_422_with_pointers(client, change, pointer):
    body = table()
    change(body)
    problem = post(client, "/v1/table", body, 422)
    assert pointer in [error["pointer"] for error in problem["errors"]], problem["errors"]
