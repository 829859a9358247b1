"""Answers that say why: each majority of a scores answer carries its arithmetic and rule
(M1, M2, M4), at /v1/scores and /v1/table; the dummy's wall is refused citing W6."""

from __future__ import annotations

from tests.helpers.api import ROUND_2, placed


def test_m4_each_majority_says_how_its_points_are_made(client):
    answer = client.post("/v1/scores", json=ROUND_2).get_json()
    anna, ben = answer["players"]
    assert anna["majorities"]["tower"] == {
        "count": 4,
        "place": 1,
        "shared_with": 1,
        "points": 9,
        "rule": "M4",
        "arithmetic": "(13 + 6) / 2 = 9",
    }
    assert anna["majorities"]["garden"]["arithmetic"] == "12"
    assert anna["majorities"]["garden"]["rule"] == "M2"
    assert ben["majorities"]["garden"]["rule"] == "M1"
    assert answer["dummy"]["majorities"]["tower"]["arithmetic"] == "0"  # third in round 2


def test_s1_the_arithmetic_follows_the_rounds_score_card(client):
    """A score card pays the places of its round (S1): the arithmetic adds its points."""
    body = {
        "round": 1,
        "modules": ["score_cards"],
        "score_card": ["tower", "garden", "chambers", "arcades", "seraglio", "pavilion"],
        "players": [
            {"name": "Anna", "counts": {"tower": 1}},
            {"name": "Ben", "counts": {"tower": 1}},
        ],
    }
    answer = client.post("/v1/scores", json=body)
    assert answer.status_code == 200, answer.get_json()
    tower = answer.get_json()["players"][0]["majorities"]["tower"]
    assert tower["arithmetic"] == f"(1 + 0) / 2 = {tower['points']}"


def test_the_table_report_says_why_too(client):
    table = {
        "players": [
            {"name": "Anna", "alhambra": [placed(1, 0, "tower")]},
            {"name": "Ben", "alhambra": [placed(-1, 0, "tower")]},
        ],
        "round": 2,
    }
    scores = client.post("/v1/table", json=table).get_json()["scores"]
    assert scores["players"][0]["majorities"]["tower"]["arithmetic"] == "(13 + 6) / 2 = 9"


def test_w6_a_wall_given_to_the_dummy_is_refused(client):
    body = {**ROUND_2, "dummy": {"counts": {"tower": 2}, "wall": 4}}
    response = client.post("/v1/scores", json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {
            "pointer": "/dummy/wall",
            "message": "the dummy never scores walls (W6): his tiles count in the majorities only",
        }
    ]


def test_w6_beside_the_other_problems_of_the_request(client):
    body = {
        **ROUND_2,
        "round": 2,
        "dummy": {"tiles": [{"building": "tower", "walls": "", "price": 5}], "wall": 1},
    }
    pointers = [
        error["pointer"] for error in client.post("/v1/scores", json=body).get_json()["errors"]
    ]
    assert "/dummy/wall" in pointers and "/dummy/tiles/0/price" in pointers
