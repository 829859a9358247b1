"""Worst-case positions at every size limit (``bench.positions``), at every operation that
takes an Alhambra. Each is answered (200, or 422 where the operation refuses it) within the
bounded time of ``tests.helpers.hostile``. Just past each limit, the answer is 422 naming the
member.
"""

from __future__ import annotations

import pytest

from bench.positions import (
    FULL,
    LIMIT,
    MAX_TILES,
    POSITIONS,
    alhambra_members,
    placed,
    worst_case_status,
)
from bench.spec import body_operations, replaced
from calculator import create_app
from tests.helpers.hostile import assert_points_at, check_answer, send

TARGETS = [(op, where) for op in body_operations() for where in alhambra_members(op.example)]
TARGET_IDS = [f"{op.id}{where}" for op, where in TARGETS]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_every_api_md_alhambra_operation_is_a_target():
    paths = {op.path for op, _ in TARGETS}
    assert {
        "/v1/placement",
        "/v1/placement/options",
        "/v1/removal",
        "/v1/alhambra/check",
        "/v1/walls",
    } <= paths


def test_the_positions_are_at_the_limits():
    for name, alhambra in POSITIONS.items():
        assert len(alhambra) == MAX_TILES or name in (
            "diagonal chain -40..40",
            "spread grid",
            "comb",
        ), name
        assert all(abs(t["x"]) <= LIMIT and abs(t["y"]) <= LIMIT for t in alhambra)
    assert max(abs(t["x"]) for t in POSITIONS["far corners"]) == LIMIT


@pytest.mark.parametrize(("operation", "where"), TARGETS, ids=TARGET_IDS)
@pytest.mark.parametrize("position", list(POSITIONS))
def test_a_worst_case_position_is_answered(client, operation, where, position):
    body = replaced(operation.example, where, POSITIONS[position])
    response = send(client, operation, body)
    document = check_answer(operation, response, worst_case_status(operation))
    if response.status_code == 422 and operation.path == "/v1/table":
        assert all("(C1)" in error["message"] for error in document["errors"])


@pytest.mark.parametrize(
    "operation", [op for op in body_operations() if op.path == "/v1/scores"], ids=lambda op: op.id
)
def test_a_full_table_of_worst_case_alhambras_is_scored(client, operation):
    names = list(POSITIONS)[:6]
    body = {"round": 3, "players": [{"name": n[:40], "alhambra": POSITIONS[n]} for n in names]}
    check_answer(operation, send(client, operation, body), 200)


@pytest.mark.parametrize(("operation", "where"), TARGETS, ids=TARGET_IDS)
def test_one_tile_past_the_limit_is_422(client, operation, where):
    too_many = [
        *placed([*FULL, (9, 9)], lambda c: ""),
        {"building": "garden", "walls": "", "x": 20, "y": 20},
    ]
    assert len(too_many) == MAX_TILES + 1
    body = replaced(operation.example, where, too_many)
    document = check_answer(operation, send(client, operation, body), 422)
    assert_points_at(document, where)


@pytest.mark.parametrize(("operation", "where"), TARGETS, ids=TARGET_IDS)
@pytest.mark.parametrize(("x", "y"), [(LIMIT + 1, 0), (0, -LIMIT - 1), (10**6, 10**6)])
def test_a_coordinate_past_the_limit_is_422(client, operation, where, x, y):
    body = replaced(operation.example, where, [{"building": "garden", "walls": "", "x": x, "y": y}])
    document = check_answer(operation, send(client, operation, body), 422)
    assert_points_at(document, f"{where}/0/{'x' if x != 0 else 'y'}")
