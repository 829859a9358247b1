"""The operations of the served OpenAPI document with their example requests, read from the spec
so that every operation that lands is covered without editing a list; and reading or replacing
a member of an example body by JSON Pointer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from calculator.api.contract import served_openapi
from calculator.api.problems import pointer

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
    """The operations that take a JSON body."""
    return [op for op in operations() if "requestBody" in op.spec]


def at(document: Any, where: str) -> Any:
    """The member of ``document`` at the JSON Pointer ``where``."""
    for part in where.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        document = document[int(part) if isinstance(document, list) else part]
    return document


def replaced(document: Any, where: str, value: Any) -> Any:
    """A deep copy of ``document`` with the member at ``where`` replaced by ``value``."""
    copy, holder, last = _holding(document, where)
    holder[last] = value
    return copy


def removed(document: Any, where: str) -> Any:
    """A deep copy of ``document`` without the member at ``where``."""
    copy, holder, last = _holding(document, where)
    del holder[last]
    return copy


def _holding(document: Any, where: str) -> tuple[Any, Any, int | str]:
    """A deep copy of ``document``, the member of it holding ``where``, and its key there."""
    copy = json.loads(json.dumps(document))
    parts = [p.replace("~1", "/").replace("~0", "~") for p in where.split("/")[1:]]
    target = copy
    for part in parts[:-1]:
        target = target[int(part) if isinstance(target, list) else part]
    last = parts[-1]
    return copy, target, int(last) if isinstance(target, list) else last


def members(document: Any, here: str = "") -> Iterator[tuple[str, Any]]:
    """Every value of a JSON document with its JSON Pointer, the root first, each object's
    members and each array's items in order, depth first."""
    yield here, document
    children = (
        document.items()
        if isinstance(document, dict)
        else enumerate(document)
        if isinstance(document, list)
        else ()
    )
    for key, value in children:
        yield from members(value, here + pointer(key))
