"""The wire contract: ``schemas/*.json`` (JSON Schema 2020-12), loaded once, used two ways.

The files ship inside the package (``calculator/contract/``) and are read through
``importlib.resources``, so an installed wheel finds them wherever it is.

* Every request asks a compiled validator (``jsonschema_rs``) one question: is this body
  valid? Compiled code answers the common yes cheaply.
* Only when the answer is no does the full ``jsonschema`` validator walk the body and report
  every problem with a JSON Pointer, in words a person can act on
  (:mod:`calculator.api.explanation`).

The same files, bundled into ``openapi.yaml``, are the ``components`` of the served OpenAPI
document (see :func:`served_openapi`).
"""

from __future__ import annotations

import json
import logging
from functools import cache
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from typing import Any

import jsonschema_rs
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from calculator.api.explanation import explain
from calculator.api.problems import InvalidRequest, Problem, pointer
from calculator.core.text import Text

log = logging.getLogger(__name__)

CONTRACT: Traversable = resources.files("calculator") / "contract"
SCHEMA_DIR: Traversable = CONTRACT / "schemas"
OPENAPI_FILE: Traversable = CONTRACT / "openapi.yaml"
SCHEMA_BASE = "https://alhambra.invalid/schemas/"
"""The base of every schema's ``$id`` (``.invalid``: an identifier, never fetched)."""


@cache
def schema_documents() -> dict[str, dict[str, Any]]:
    """Every schema file by file name (``tile.json``), each with its ``$id`` checked."""
    documents = {}
    files = sorted(
        (f for f in SCHEMA_DIR.iterdir() if f.name.endswith(".json")), key=lambda f: f.name
    )
    for path in files:
        document = json.loads(path.read_text("utf-8"))
        expected = SCHEMA_BASE + path.name
        if document.get("$id") != expected:
            raise RuntimeError(f"{path.name} must have $id {expected!r}")
        documents[path.name] = document
    return documents


@cache
def _registry() -> Registry[Any]:
    resources = [
        (SCHEMA_BASE + name, Resource.from_contents(document, default_specification=DRAFT202012))
        for name, document in schema_documents().items()
    ]
    return Registry().with_resources(resources)


def _retrieve(uri: str) -> dict[str, Any]:
    name = uri.removeprefix(SCHEMA_BASE)
    return schema_documents()[name]


class RequestContract:
    """The schema of one request body: a fast yes/no, and the full list of problems."""

    def __init__(self, reference: str) -> None:
        self.reference = reference
        root = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$ref": SCHEMA_BASE + reference,
        }
        self._fast = jsonschema_rs.validator_for(root, retriever=_retrieve)
        self._full = Draft202012Validator(root, registry=_registry())

    def is_valid(self, instance: Any) -> bool:
        return bool(self._fast.is_valid(instance))

    def problems(self, instance: Any) -> list[Problem]:
        """Every problem, each with a pointer to the member at fault, in document order (at one
        pointer, in the order of their keys: the same in every language)."""
        found = {
            (error.pointer, error.message): error
            for top in self._full.iter_errors(instance)
            for error in explain(top)
        }
        return sorted(found.values(), key=lambda e: (e.pointer, repr(e.message)))

    def check(self, instance: Any) -> None:
        """Raise :class:`InvalidRequest` (422) listing every problem, unless the body is valid."""
        if not self.is_valid(instance):
            problems = self.problems(instance)
            if not problems:
                # The two validators disagree (a schema relying on a regex corner where Python's
                # re and ECMA-262 differ): a bug of ours, logged, but still the caller's answer
                # is a 422, never a 500.
                log.error("%s: fast and full validators disagree on a body", self.reference)
                problems = [Problem(pointer(), Text("api.schema.disagree"))]
            raise InvalidRequest(problems)


@cache
def request_contract(reference: str) -> RequestContract:
    """The contract of a request body, e.g. ``request_contract("scores-request.json")``."""
    return RequestContract(reference)


def request_contracts() -> list[RequestContract]:
    """Every request body's contract (``*-request.json``), the game state's (the advice and
    the games check their states against it) and the record's (a record given as text is held
    to its JSON form's), compiled."""
    bodies = sorted(name for name in schema_documents() if name.endswith("-request.json"))
    return [request_contract(name) for name in [*bodies, "game-state.json", "record.json"]]


@cache
def openapi_document() -> dict[str, Any]:
    """``openapi.yaml`` as written: its schemas are ``$ref`` s into ``schemas/``."""
    return yaml.safe_load(OPENAPI_FILE.read_text("utf-8"))  # type: ignore[no-any-return]


COMPONENTS = "#/components/schemas/"
_FILE_ONLY = ("$schema", "$id", "$defs")
"""What a schema file has as a document of its own and loses as a component: the dialect (the
bundle's is OpenAPI 3.1's), the identifier and the definitions (components of their own)."""


@cache
def served_openapi() -> dict[str, Any]:
    """The spec as served: ``openapi.yaml`` with ``schemas/`` bundled into it, so a client (or
    schemathesis, or a code generator) needs nothing but ``/openapi.yaml``.

    Each schema file becomes the component ``openapi.yaml`` names it by (``tile.json``:
    ``Tile``), once, without its ``$id``; each of its ``$defs`` becomes a component of its own,
    named after both (``round-score.json#/$defs/player``: ``RoundScorePlayer``); every ``$ref``
    points at a component, and so does every schema a ``discriminator`` maps a tag to. A
    ``$ref`` into the inside of another schema (a property's schema) is replaced by a copy of
    what it points at. Every response of every operation carries the ``X-Request-Id`` header
    (the app sets it on each one), declared once under ``components/headers``; every operation
    answers the statuses ``openapi.yaml`` lists for all (:data:`EVERY_OPERATION`); and
    ``info.version`` is the package's (:func:`release`)."""
    document = {key: value for key, value in openapi_document().items() if key != EVERY_OPERATION}
    files = {
        entry["$ref"].removeprefix("schemas/"): name
        for name, entry in document["components"]["schemas"].items()
    }
    schemas: dict[str, Any] = {}
    for file, name in files.items():
        schema = schema_documents()[file]
        own = {key: value for key, value in schema.items() if key not in _FILE_ONLY}
        schemas[name] = _bundled(own, file, files)
        for definition, part in schema.get("$defs", {}).items():
            schemas[_definition_name(name, definition)] = _bundled(part, file, files)
    every = openapi_document()[EVERY_OPERATION]
    return {
        **document,
        "info": {**document["info"], "version": release()},
        "paths": {
            path: {
                method: _with_request_id_header(_with_responses(operation, every))
                for method, operation in item.items()
            }
            for path, item in document["paths"].items()
        },
        "components": {
            **document["components"],
            "schemas": schemas,
            "responses": {
                name: _with_request_id_header_on(response)
                for name, response in document["components"]["responses"].items()
            },
        },
    }


EVERY_OPERATION = "x-responses-of-every-operation"
"""The answers any request may meet (the reverse proxy's, an unknown path or method), which
``openapi.yaml`` lists once and the served document adds to every operation."""


@cache
def release() -> str:
    """The server's release: the package's version (``pyproject.toml``), the one source of the
    served document's ``info.version``."""
    return metadata.version("alhambra-calculator")


def _with_responses(operation: dict[str, Any], every: dict[str, Any]) -> dict[str, Any]:
    """``operation`` answering ``every`` status it does not answer itself, in status order."""
    responses = {**every, **operation["responses"]}
    return {**operation, "responses": dict(sorted(responses.items()))}


def _definition_name(component: str, definition: str) -> str:
    return component + "".join(word.capitalize() for word in definition.split("_"))


def _bundled(node: Any, file: str, files: dict[str, str]) -> Any:
    """``node`` of the schema file ``file`` with its references pointing into the bundle."""
    if isinstance(node, list):
        return [_bundled(item, file, files) for item in node]
    if not isinstance(node, dict):
        return node
    bundled = {key: _bundled(value, file, files) for key, value in node.items() if key != "$ref"}
    mapping = node.get("discriminator", {}).get("mapping")
    if isinstance(mapping, dict):  # OpenAPI's discriminator names its schemas by reference
        bundled["discriminator"] = {
            **node["discriminator"],
            "mapping": {
                tag: _bundled({"$ref": target}, file, files)["$ref"]
                for tag, target in mapping.items()
            },
        }
    if "$ref" not in node:
        return bundled
    target, _, fragment = node["$ref"].partition("#")
    target = target or file
    parts = [part for part in fragment.split("/") if part]
    if not parts:
        return {"$ref": COMPONENTS + files[target], **bundled}
    if len(parts) == 2 and parts[0] == "$defs":
        return {"$ref": COMPONENTS + _definition_name(files[target], parts[1]), **bundled}
    inside: Any = schema_documents()[target]
    for part in parts:
        inside = inside[part]
    return {**_bundled(inside, target, files), **bundled}


def _with_request_id_header(operation: Any) -> Any:
    if not isinstance(operation, dict) or "responses" not in operation:
        return operation
    return {
        **operation,
        "responses": {
            status: _with_request_id_header_on(response)
            for status, response in operation["responses"].items()
        },
    }


def _with_request_id_header_on(response: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in response:
        return response
    headers = {"X-Request-Id": {"$ref": "#/components/headers/RequestId"}}
    return {**response, "headers": {**headers, **response.get("headers", {})}}
