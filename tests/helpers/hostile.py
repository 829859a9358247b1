"""What the hostile-input tests share: sending bytes to an operation of the served spec
(``bench.spec``), checking that an answer keeps the contract's promise (never a 5xx, every
refusal RFC 9457 problem+json with the request id, every answer in bounded time and as the
spec describes it), and the pointers of a body's members to aim hostile values at.
"""

from __future__ import annotations

import json
import time
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from bench.spec import JSON_BODY, Operation, members
from tests.helpers.contract_check import check_response, check_schema_file

HANG = 5.0
"""Seconds. Not a speed target (benchmarks in bench/ measure speed): a bound far above any
answer (the worst positions take milliseconds), so that a hang or a blow-up fails loudly. It
bounds the CPU time of the thread that serves the request (the test client runs the app in
it), so that other processes on a busy machine, or the other xdist worker, do not count."""


def send(
    client: FlaskClient,
    operation: Operation,
    data: bytes | Any,
    content_type: str | None = JSON_BODY,
    **kwargs: Any,
) -> TestResponse:
    """Send raw bytes (or a JSON document, encoded) and insist on an answer in bounded time."""
    if not isinstance(data, bytes | bytearray):
        data = json.dumps(data).encode()
    headers = kwargs.pop("headers", {})
    if content_type is not None:
        headers["Content-Type"] = content_type
    started = time.thread_time()
    response = client.open(
        operation.path, method=operation.method, data=data, headers=headers, **kwargs
    )
    elapsed = time.thread_time() - started
    assert elapsed < HANG, f"{operation.id} took {elapsed:.1f} s of CPU"
    return response


def check_answer(
    operation: Operation, response: TestResponse, expected: int | tuple[int, ...] | None = None
) -> dict[str, Any] | None:
    """The contract's promise for any input; returns the problem document of a refusal."""
    status = response.status_code
    assert status < 500, response.get_data(as_text=True)[:500]
    assert status in operation.statuses, f"{operation.id}: {status} is not documented"
    if expected is not None:
        allowed = expected if isinstance(expected, tuple) else (expected,)
        assert status in allowed, (status, response.get_data(as_text=True)[:500])
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    if status >= 400:
        assert response.mimetype == "application/problem+json"
        document = json.loads(response.get_data())
        check_schema_file("problem.json", document, operation.id)
        assert document["status"] == status
        assert document["request_id"] == response.headers["X-Request-Id"]
        text = response.get_data(as_text=True)
        assert "Traceback" not in text and 'File "' not in text
        return document  # type: ignore[no-any-return]
    check_response(response.request.method, response.request.path, response)
    return None


def assert_points_at(document: dict[str, Any], where: str) -> None:
    """A 422 names the member at fault: an error's pointer is ``where`` or on the way to it."""
    pointers = [error["pointer"] for error in document.get("errors", [])]
    assert any(
        where == p or where.startswith(p + "/") or p.startswith(where + "/") or p == ""
        for p in pointers
    ), (where, pointers)


def pointers(document: Any) -> list[str]:
    """Every member of a document, as JSON Pointers (the root excluded)."""
    return [where for where, _ in members(document) if where]


def distinct_pointers(document: Any) -> list[str]:
    """One pointer for each place the schema tells apart: the items of an array share one
    schema, so the first pointer of each shape (indices read as ``*``) stands for the rest.
    A game state's bag and money pile would otherwise multiply every case by a hundred."""
    seen: set[str] = set()
    found = []
    for where in pointers(document):
        shape = "/".join("*" if part.isdigit() else part for part in where.split("/"))
        if shape not in seen:
            seen.add(shape)
            found.append(where)
    return found


def objects(document: Any) -> list[str]:
    """The pointers of every JSON object in a document, the root included."""
    return [where for where, value in members(document) if isinstance(value, dict)]
