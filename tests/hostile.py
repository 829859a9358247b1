"""What the hostile-input tests share: the operations (read from the served OpenAPI document, so
every operation that lands is covered without editing a list), sending bytes, and checking
that an answer keeps the contract's promise: never a 5xx, every refusal RFC 9457 problem+json
with the request id, every answer in bounded time and as the spec describes it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from werkzeug.test import TestResponse

from calculator.api.contract import schema_documents, served_openapi

HANG = 5.0
"""Seconds. Not a speed target (benchmarks in bench/ measure speed): a bound far above any
answer (the worst positions take milliseconds), so that a hang or a blow-up fails loudly."""

PROBLEM = Draft202012Validator(schema_documents()["problem.json"])
JSON_BODY = "application/json"


@dataclass(frozen=True)
class Operation:
    method: str
    path: str
    """The path with its parameters filled from the spec's examples."""
    example: Any
    """The request body the spec gives as its example (None without a body)."""
    spec: dict[str, Any]

    @property
    def id(self) -> str:
        return f"{self.method} {self.path}"

    @property
    def statuses(self) -> set[int]:
        """The statuses the spec documents for this operation."""
        return {int(code) for code in self.spec.get("responses", {}) if code.isdigit()}

    def response_schema(self, status: int, media_type: str) -> dict[str, Any] | None:
        responses = self.spec.get("responses", {})
        response = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX")
        if response is None:
            return None
        response = resolve(response)
        content = response.get("content", {})
        entry = content.get(media_type) or content.get("*/*")
        return None if entry is None else entry.get("schema")


def resolve(node: Any) -> Any:
    """Follow a local ``$ref`` (``#/components/...``) of the served document."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"][:2] == "#/":
        target: Any = served_openapi()
        for part in node["$ref"][2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def _fill(path: str, parameters: list[dict[str, Any]]) -> str | None:
    for parameter in map(resolve, parameters):
        if parameter.get("in") == "path":
            if "example" not in parameter:
                return None
            path = path.replace("{" + parameter["name"] + "}", str(parameter["example"]))
    return path


def operations() -> list[Operation]:
    """Every operation of the served spec whose path parameters have examples."""
    found = []
    for path, item in served_openapi()["paths"].items():
        for method, spec in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            filled = _fill(path, item.get("parameters", []) + spec.get("parameters", []))
            if filled is None:
                continue
            body = resolve(spec.get("requestBody", {})).get("content", {}).get(JSON_BODY)
            example = None if body is None else body.get("example")
            found.append(Operation(method.upper(), filled, example, spec))
    return found


def body_operations() -> list[Operation]:
    """The operations that take a JSON body: the ones hostile bodies are aimed at."""
    return [op for op in operations() if "requestBody" in op.spec]


def worst_case_status(operation: Operation) -> int:
    """The status a valid request gets with a worst-case Alhambra (80 tiles) in it: every
    operation answers it, but a whole table with more buildings of a kind than the game has
    cannot exist (C1), so ``/v1/table`` refuses it."""
    return 422 if operation.path == "/v1/table" else 200


def send(client: FlaskClient, operation: Operation, data: bytes | Any,
         content_type: str | None = JSON_BODY, **kwargs: Any) -> TestResponse:
    """Send raw bytes (or a JSON document, encoded) and insist on an answer in bounded time."""
    if not isinstance(data, bytes | bytearray):
        data = json.dumps(data).encode()
    headers = kwargs.pop("headers", {})
    if content_type is not None:
        headers["Content-Type"] = content_type
    started = time.monotonic()
    response = client.open(operation.path, method=operation.method, data=data,
                           headers=headers, **kwargs)
    elapsed = time.monotonic() - started
    assert elapsed < HANG, f"{operation.id} took {elapsed:.1f} s"
    return response


def check_answer(operation: Operation, response: TestResponse,
                 expected: int | tuple[int, ...] | None = None) -> dict[str, Any] | None:
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
        assert not list(PROBLEM.iter_errors(document)), document
        assert document["status"] == status
        assert document["request_id"] == response.headers["X-Request-Id"]
        text = response.get_data(as_text=True)
        assert "Traceback" not in text and 'File "' not in text
        return document  # type: ignore[no-any-return]
    schema = operation.response_schema(status, response.mimetype)
    if schema is not None and response.mimetype.endswith("json"):
        root = {**schema, "components": served_openapi().get("components", {})}
        errors = list(Draft202012Validator(root).iter_errors(json.loads(response.get_data())))
        assert not errors, errors[0].message
    return None


def assert_points_at(document: dict[str, Any], where: str) -> None:
    """A 422 names the member at fault: an error's pointer is ``where`` or on the way to it."""
    pointers = [error["pointer"] for error in document.get("errors", [])]
    assert any(where == p or where.startswith(p + "/") or p.startswith(where + "/")
               or p == "" for p in pointers), (where, pointers)


def pointers(document: Any, here: str = "") -> list[str]:
    """Every member of a document, as JSON Pointers (the root excluded)."""
    found = []
    if isinstance(document, dict):
        for key, value in document.items():
            at = f"{here}/{key.replace('~', '~0').replace('/', '~1')}"
            found.append(at)
            found.extend(pointers(value, at))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            at = f"{here}/{index}"
            found.append(at)
            found.extend(pointers(value, at))
    return found


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


def at(document: Any, where: str) -> Any:
    """The member of ``document`` at the JSON Pointer ``where``."""
    for part in where.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        document = document[int(part) if isinstance(document, list) else part]
    return document


def replaced(document: Any, where: str, value: Any) -> Any:
    """A deep copy of ``document`` with the member at ``where`` replaced by ``value``."""
    copy = json.loads(json.dumps(document))
    parts = [p.replace("~1", "/").replace("~0", "~") for p in where.split("/")[1:]]
    target = copy
    for part in parts[:-1]:
        target = target[int(part) if isinstance(target, list) else part]
    last = parts[-1]
    target[int(last) if isinstance(target, list) else last] = value
    return copy


def objects(document: Any, here: str = "") -> list[str]:
    """The pointers of every JSON object in a document, the root included."""
    found = [here] if isinstance(document, dict) else []
    children = (document.items() if isinstance(document, dict)
                else enumerate(document) if isinstance(document, list) else ())
    for key, value in children:
        found.extend(objects(value, f"{here}/{str(key).replace('~', '~0').replace('/', '~1')}"))
    return found
