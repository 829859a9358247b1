"""What the API tests share: builders of request bodies (the wire format of API.md), a
described table for ``POST /v1/table``, and posting to the game endpoints with each answer
checked against its schema."""

from __future__ import annotations

from typing import Any

from calculator.api.contract import request_contract


def placed(
    x: int, y: int, building: str = "garden", walls: str = "", price: int | None = None
) -> dict[str, Any]:
    """A placed tile as the API takes it."""
    tile: dict[str, Any] = {"building": building, "walls": walls, "x": x, "y": y}
    if price is not None:
        tile["price"] = price
    return tile


def tile(building: str = "garden", walls: str = "", price: int | None = None) -> dict[str, Any]:
    wire: dict[str, Any] = {"building": building, "walls": walls}
    if price is not None:
        wire["price"] = price
    return wire


def cells(*pairs: tuple[int, int]) -> list[dict[str, int]]:
    return [{"x": x, "y": y} for x, y in pairs]


def rules_of(verdict: dict[str, Any]) -> list[str]:
    return [violation["rule"] for violation in verdict["violations"]]


def pointers(problem: dict[str, Any]) -> list[str]:
    return [error["pointer"] for error in problem["errors"]]


SCORES_BODY = {
    "round": 2,
    "players": [
        {"name": "Anna", "alhambra": [placed(1, 0, "tower", "NE"), placed(0, 1, "tower")]},
        {"name": "Ben", "counts": {"tower": 2}, "wall": 3},
    ],
    "dummy": {"counts": {"garden": 1}},
}
"""A ``POST /v1/scores`` body with each kind of seat (an Alhambra, counts) and the dummy (D3),
for the tests that send one body by several routes (HTTP, the CLI, the installed wheel)."""


# --- the game endpoints, each answer checked against its schema ------------------------------

PROBLEM = "application/problem+json"


def valid(document: Any, schema: str) -> Any:
    contract = request_contract(schema)
    assert contract.is_valid(document), contract.problems(document)
    return document


def post(client, path: str, body: Any, status: int = 200) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.get_json()
    if status == 200:
        assert response.mimetype == "application/json"
    else:
        assert response.mimetype == PROBLEM
        valid(response.get_json(), "problem.json")
    return response.get_json()


def new_game(client, **body: Any) -> dict[str, Any]:
    answer = post(client, "/v1/games", {"players": ["Anna", "Ben", "Carla"], "seed": 42, **body})
    return valid(answer, "game-response.json")["state"]


def legal(client, state: dict[str, Any]) -> dict[str, Any]:
    return valid(post(client, "/v1/games/legal-actions", {"state": state}), "legal-actions.json")


def advance(client, state: dict[str, Any], *actions: dict[str, Any]) -> dict[str, Any]:
    answer = post(client, "/v1/games/advance", {"state": state, "actions": list(actions)})
    return valid(answer, "game-response.json")


# --- a described table (POST /v1/table) ------------------------------------------------------

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


ROUND_2 = {
    "round": 2,
    "players": [
        {"name": "Anna", "counts": {"tower": 4, "garden": 1}, "wall": 7},
        {"name": "Ben", "counts": {"tower": 4}, "wall": 3},
    ],
    "dummy": {"counts": {"tower": 2}},
}
