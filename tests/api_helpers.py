"""Small builders for request bodies in the API tests (the wire format of API.md)."""

from __future__ import annotations

from typing import Any


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
