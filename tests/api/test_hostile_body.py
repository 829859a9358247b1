"""Hostile request bodies at every operation that takes one: each is refused with the right 4xx
as problem+json (with the request id), never a 5xx, always within a bounded time.

The operations and their valid example bodies come from the served ``openapi.yaml``; each case
below breaks one thing about that example. Statuses per API.md: malformed JSON 400, body over
the limit 413, wrong media type 415, JSON that is not a valid request 422 (naming the member).
"""

from __future__ import annotations

import functools
import io
import json
from typing import Any

import jsonschema_rs
import pytest

from bench.spec import JSON_BODY, at, body_operations, replaced
from calculator import create_app
from calculator.api.contract import served_openapi
from tests.helpers.hostile import assert_points_at, check_answer, distinct_pointers, objects, send

pytestmark = pytest.mark.slow  # every member of every body: out of make check

OPERATIONS = body_operations()
API_MD = {
    "/v1/placement",
    "/v1/placement/options",
    "/v1/removal",
    "/v1/alhambra/check",
    "/v1/walls",
    "/v1/scores",
}


@pytest.fixture(scope="module")
def app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def by_operation(cases: dict[str, Any]) -> Any:
    return pytest.mark.parametrize(
        ("operation", "case"),
        [(op, name) for op in OPERATIONS for name in cases],
        ids=[f"{op.id}:{name}" for op in OPERATIONS for name in cases],
    )


def encoded(operation) -> bytes:
    return json.dumps(operation.example).encode()


def test_every_api_md_operation_is_covered_and_has_an_example():
    covered = {op.path for op in OPERATIONS}
    assert covered >= API_MD
    assert all(op.example is not None for op in OPERATIONS), [
        op.id for op in OPERATIONS if op.example is None
    ]


def test_the_examples_themselves_are_accepted(client):
    for operation in OPERATIONS:
        response = send(client, operation, operation.example)
        check_answer(operation, response, 200)


# --- 400: not JSON, or JSON we refuse to read ---------------------------------------------------

WITH_MARKER = "\x00marker\x00"


def with_raw(document: Any, where: str, raw: str) -> bytes:
    """``document`` as JSON text with the member at ``where`` written as ``raw`` text."""
    return (
        json.dumps(replaced(document, where, WITH_MARKER))
        .replace(json.dumps(WITH_MARKER), raw)
        .encode()
    )


def first_key_twice(document: dict[str, Any]) -> bytes:
    key, value = next(iter(document.items()))
    return (
        b"{"
        + json.dumps(key).encode()
        + b":"
        + json.dumps(value).encode()
        + b","
        + json.dumps(document).encode()[1:]
    )


MALFORMED = {
    "empty": lambda v: b"",
    "only-whitespace": lambda v: b" \n\t ",
    "truncated-half": lambda v: v[: len(v) // 2],
    "truncated-last-byte": lambda v: v[:-1],
    "trailing-garbage": lambda v: v + b"x",
    "two-documents": lambda v: v + v,
    "single-quotes": lambda v: v.replace(b'"', b"'"),
    "trailing-comma": lambda v: v[:-1] + b",}",
    "comment": lambda v: b"/* hello */" + v,
    "bare-word": lambda v: b"nul",
    "unquoted-key": lambda v: b"{alhambra: []}",
    "nan": lambda v: v[:-1] + b',"x":NaN}',
    "infinity": lambda v: v[:-1] + b',"x":Infinity}',
    "minus-infinity": lambda v: v[:-1] + b',"x":-Infinity}',
    "integer-of-5000-digits": lambda v: v[:-1] + b',"x":' + b"9" * 5000 + b"}",
    "deep-100k-open-brackets": lambda v: b"[" * 100_000,
    "deep-50k-closed-brackets": lambda v: b"[" * 50_000 + b"]" * 50_000,
    "deep-40k-objects": lambda v: b'{"a":' * 40_000 + b"1" + b"}" * 40_000,
    "deep-inside-a-member": lambda v: v[:-1] + b',"x":' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "not-utf8-byte": lambda v: b"\xff" + v,
    "latin-1-string": lambda v: v[:-1] + b',"x":"Jos\xe9"}',
    "utf-16": lambda v: v.decode().encode("utf-16"),
    "utf-8-bom": lambda v: b"\xef\xbb\xbf" + v,
    "raw-control-character": lambda v: v[:-1] + b',"x":"a\x01b"}',
    "raw-newline-in-string": lambda v: v[:-1] + b',"x":"a\nb"}',
    "lone-surrogate-key": lambda v: v[:-1] + b',"\\ud800":1}',
    "lone-low-surrogate": lambda v: v[:-1] + b',"x":"\\udc00"}',
    "invalid-escape": lambda v: v[:-1] + b',"x":"\\q"}',
}


@by_operation(MALFORMED)
def test_malformed_json_is_400(client, operation, case):
    response = send(client, operation, MALFORMED[case](encoded(operation)))
    check_answer(operation, response, 400)


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_a_duplicate_key_is_400_at_any_depth(client, operation):
    for where in objects(operation.example):
        target = at(operation.example, where)
        if not target:
            continue
        raw = first_key_twice(target).decode()
        body = with_raw(operation.example, where, raw) if where else raw.encode()
        document = check_answer(operation, send(client, operation, body), 400)
        assert "twice" in document["detail"]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_a_lone_surrogate_in_any_string_is_400(client, operation):
    """JSON allows "\\ud800"; Unicode text does not, and it could not be sent back as UTF-8."""
    strings = [
        p for p in distinct_pointers(operation.example) if isinstance(at(operation.example, p), str)
    ]
    assert strings or operation.path not in ("/v1/scores",)
    for where in strings:
        body = with_raw(operation.example, where, '"\\ud800"')
        check_answer(operation, send(client, operation, body), 400)
    # ... while a proper pair (an emoji, escaped) is fine as far as the parser is concerned
    body = encoded(operation)[:-1] + b',"zz-unknown":"\\ud83d\\ude00"}'
    check_answer(operation, send(client, operation, body), 422)


# --- 413: larger than the limit, declared or chunked --------------------------------------------


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_a_body_over_the_limit_is_413(app, client, operation):
    limit = app.config["MAX_CONTENT_LENGTH"]
    padded = encoded(operation) + b" " * limit  # valid JSON, just too long
    check_answer(operation, send(client, operation, padded), 413)


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_a_chunked_body_over_the_limit_is_413(app, client, operation):
    """No Content-Length: the limit holds while reading (gunicorn marks such input terminated)."""
    limit = app.config["MAX_CONTENT_LENGTH"]
    stream = io.BytesIO(encoded(operation) + b" " * limit)
    response = send(
        client,
        operation,
        b"",
        input_stream=stream,
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    check_answer(operation, response, 413)


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_a_huge_declared_length_is_413_without_reading(client, operation):
    response = send(
        client, operation, encoded(operation), environ_overrides={"CONTENT_LENGTH": str(10**12)}
    )
    check_answer(operation, response, 413)


# --- 415: not declared as JSON -------------------------------------------------------------------

MEDIA_TYPES = [
    None,
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "text/json",
    "application/jsonx",
    "application/json-seq",
    "json",
    "*/*",
    "",
]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
@pytest.mark.parametrize("media_type", MEDIA_TYPES, ids=repr)
def test_a_body_not_declared_json_is_415(client, operation, media_type):
    response = send(client, operation, encoded(operation), content_type=media_type)
    check_answer(operation, response, 415)


# --- 422: JSON, but not a request the operation accepts ------------------------------------------

NOT_OBJECTS = {
    "array": [],
    "string": "alhambra",
    "number": 1,
    "null": None,
    "true": True,
    "huge-integer": 10**400,
}


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_a_body_that_is_not_an_object_is_422(client, operation):
    for value in NOT_OBJECTS.values():
        document = check_answer(operation, send(client, operation, value), 422)
        assert_points_at(document, "")


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_an_empty_object_is_422_naming_what_is_required(client, operation):
    document = check_answer(operation, send(client, operation, {}), 422)
    assert any("required" in e["message"] for e in document["errors"])


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_an_unknown_member_anywhere_is_422_naming_it(client, operation):
    for where in objects(operation.example):
        body = replaced_object(operation.example, where, "sneaky", 1)
        document = check_answer(operation, send(client, operation, body), 422)
        assert_points_at(document, f"{where}/sneaky")


def accepts(operation, where: str, value: Any) -> bool:
    """Does the request schema itself allow ``value`` at ``where``? Then 200 is the answer."""
    if isinstance(value, str) and value.startswith("RAW:"):
        return False
    return request_validator(operation.id).is_valid(replaced(operation.example, where, value))


@functools.cache
def request_validator(operation_id: str) -> Any:
    """The request schema of the served document's operation, compiled once (the compiled
    validator of the schema files, which the app asks, is not this one)."""
    operation = next(operation for operation in OPERATIONS if operation.id == operation_id)
    schema = operation.spec["requestBody"]["content"][JSON_BODY]["schema"]
    # "#/components/schemas/Name", itself with references to the others: read within them
    root = {**schema, "components": served_openapi()["components"]}
    return jsonschema_rs.Draft202012Validator(root)


def replaced_object(document: Any, where: str, key: str, value: Any) -> Any:
    copy = json.loads(json.dumps(document))
    target = at(copy, where)
    target[key] = value
    return copy


HOSTILE_VALUES: dict[str, Any] = {
    "integer-10**400": 10**400,
    "integer--10**400": -(10**400),
    "float-1e400": "RAW:1e400",  # parses as infinity
    "float--1e400": "RAW:-1e400",
    "fraction": 1.5,
    "true": True,
    "null": None,
    "string-100k": "N" * 100_000,
    "nul-character": "tower\u0000",
    "nested-500": json.loads("[" * 500 + "]" * 500),
}


@by_operation(HOSTILE_VALUES)
def test_a_hostile_value_in_any_member_is_422_naming_it(client, operation, case):
    value = HOSTILE_VALUES[case]
    for where in distinct_pointers(operation.example):
        if at(operation.example, where) is value or accepts(operation, where, value):
            continue  # e.g. null where the schema allows null (an empty market slot)
        if isinstance(value, str) and value.startswith("RAW:"):
            body = with_raw(operation.example, where, value[4:])
        else:
            body = replaced(operation.example, where, value)
        document = check_answer(operation, send(client, operation, body), 422)
        assert_points_at(document, where)


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_every_array_is_bounded(client, operation):
    """Any array of the example, repeated to 1000 items, is refused naming the array."""
    arrays = [
        p
        for p in distinct_pointers(operation.example)
        if isinstance(at(operation.example, p), list)
    ]
    for where in arrays:
        items = at(operation.example, where) or [0]
        body = replaced(operation.example, where, (items * 1000)[:1000])
        document = check_answer(operation, send(client, operation, body), 422)
        assert_points_at(document, where)


def test_the_content_type_charset_parameter_does_not_matter(client):
    operation = next(op for op in OPERATIONS if op.path == "/v1/walls")
    response = send(
        client, operation, operation.example, content_type=JSON_BODY + "; charset=utf-8"
    )
    check_answer(operation, response, 200)
