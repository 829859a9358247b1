"""Worst-case positions at every size limit, at every operation that takes an Alhambra.

The limits (schemas/alhambra.json: 80 tiles; schemas/coordinate.json: -60..60) let a client
send positions no game produces: checkerboards of three- and four-wall tiles (every corner an
odd corner: the longest-wall search's hardest case), chains spanning the whole coordinate
range (the largest empty area for hole detection), tiles at the far corners. Each is answered
(200, or 422 where the operation refuses it) within the bounded time of ``tests.hostile``.
Just past each limit, the answer is 422 naming the member.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from calculator import create_app
from tests.hostile import (
    assert_points_at,
    body_operations,
    check_answer,
    replaced,
    send,
    worst_case_status,
)

MAX_TILES = 80
LIMIT = 60
Cell = tuple[int, int]


def placed(cells: Iterable[Cell], walls: Callable[[Cell], str]) -> list[dict[str, Any]]:
    chosen = [c for c in cells if c != (0, 0)][:MAX_TILES]
    buildings = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]
    return [{"building": buildings[(x * 7 + y) % 6], "walls": walls((x, y)), "x": x, "y": y}
            for x, y in chosen]


def nearest_first(cells: Iterable[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda c: (abs(c[0]) + abs(c[1]), c))


CHECKER = nearest_first((x, y) for x in range(-7, 8) for y in range(-7, 8) if (x + y) % 2 == 0)
FULL = nearest_first((x, y) for x in range(-5, 6) for y in range(-5, 6))

POSITIONS: dict[str, list[dict[str, Any]]] = {
    "checkerboard NES": placed(CHECKER, lambda c: "NES"),
    "checkerboard ESW": placed(CHECKER, lambda c: "ESW"),
    "checkerboard NESW": placed(CHECKER, lambda c: "NESW"),
    "checkerboard NES/SW": placed(CHECKER, lambda c: "NES" if c[0] % 2 else "SW"),
    "checkerboard NESW/none": placed(FULL, lambda c: "NESW" if (c[0] + c[1]) % 2 else ""),
    "solid block NESW": placed(FULL, lambda c: "NESW"),
    "diagonal chain -40..40": placed(((i, i) for i in range(-40, 41)), lambda c: "NESW"),
    "far corners": placed([(-LIMIT, -LIMIT), (LIMIT, LIMIT), (-LIMIT, LIMIT), (LIMIT, -LIMIT),
                           *((i, 0) for i in range(-38, 39))], lambda c: "N"),
    "spread grid": placed(((x, y) for x in range(-LIMIT, LIMIT + 1, 15)
                           for y in range(-LIMIT, LIMIT + 1, 15)), lambda c: "NESW"),
    "ring at the limit": placed(
        nearest_first(itertools.chain(((x, -LIMIT) for x in range(-LIMIT, LIMIT + 1)),
                                      ((LIMIT, y) for y in range(-LIMIT, LIMIT + 1)))),
        lambda c: "NS"),
    "comb": placed(itertools.chain.from_iterable(
        ((x, y) for y in range(0, 10)) for x in range(-8, 9, 2)), lambda c: ""),
    "line of 80": placed(((x, 0) for x in range(-40, 41)), lambda c: "NS"),
}


def alhambra_members(document: Any, here: str = "") -> list[str]:
    """Pointers of every Alhambra (array of placed tiles) in an example body."""
    found = []
    if isinstance(document, list) and document and all(
            isinstance(t, dict) and {"x", "y", "walls"} <= set(t) for t in document):
        return [here]
    children = (document.items() if isinstance(document, dict)
                else enumerate(document) if isinstance(document, list) else ())
    for key, value in children:
        found.extend(alhambra_members(value, f"{here}/{key}"))
    return found


TARGETS = [(op, where) for op in body_operations() for where in alhambra_members(op.example)]
TARGET_IDS = [f"{op.id}{where}" for op, where in TARGETS]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_every_api_md_alhambra_operation_is_a_target():
    paths = {op.path for op, _ in TARGETS}
    assert {"/v1/placement", "/v1/placement/options", "/v1/removal", "/v1/alhambra/check",
            "/v1/walls"} <= paths


def test_the_positions_are_at_the_limits():
    for name, alhambra in POSITIONS.items():
        assert len(alhambra) == MAX_TILES or name in ("diagonal chain -40..40", "spread grid",
                                                      "comb"), name
        assert all(abs(t["x"]) <= LIMIT and abs(t["y"]) <= LIMIT for t in alhambra)
    assert max(abs(t["x"]) for t in POSITIONS["far corners"]) == LIMIT


@pytest.mark.parametrize(("operation", "where"), TARGETS, ids=TARGET_IDS)
@pytest.mark.parametrize("position", list(POSITIONS))
def test_a_worst_case_position_is_answered(client, operation, where, position):
    body = replaced(operation.example, where, POSITIONS[position])
    response = send(client, operation, body)
    document = check_answer(operation, response, worst_case_status(operation))
    if response.status_code == 422:
        assert all("(C1)" in error["message"] for error in document["errors"])


@pytest.mark.parametrize("operation", [op for op in body_operations() if op.path == "/v1/scores"],
                         ids=lambda op: op.id)
def test_a_full_table_of_worst_case_alhambras_is_scored(client, operation):
    names = list(POSITIONS)[:6]
    body = {"round": 3, "players": [{"name": n[:40], "alhambra": POSITIONS[n]} for n in names]}
    check_answer(operation, send(client, operation, body), 200)


@pytest.mark.parametrize(("operation", "where"), TARGETS, ids=TARGET_IDS)
def test_one_tile_past_the_limit_is_422(client, operation, where):
    too_many = [*placed([*FULL, (9, 9)], lambda c: ""),
                {"building": "garden", "walls": "", "x": 20, "y": 20}]
    assert len(too_many) == MAX_TILES + 1
    body = replaced(operation.example, where, too_many)
    document = check_answer(operation, send(client, operation, body), 422)
    assert_points_at(document, where)


@pytest.mark.parametrize(("operation", "where"), TARGETS, ids=TARGET_IDS)
@pytest.mark.parametrize(("x", "y"), [(LIMIT + 1, 0), (0, -LIMIT - 1), (10**6, 10**6)])
def test_a_coordinate_past_the_limit_is_422(client, operation, where, x, y):
    body = replaced(operation.example, where,
                         [{"building": "garden", "walls": "", "x": x, "y": y}])
    document = check_answer(operation, send(client, operation, body), 422)
    assert_points_at(document, f"{where}/0/{'x' if x != 0 else 'y'}")
