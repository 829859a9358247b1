"""The wire contract: ``schemas/*.json`` (JSON Schema 2020-12), loaded once, used two ways.

The files ship inside the package (``calculator/contract/``) and are read through
``importlib.resources``, so an installed wheel finds them wherever it is.

* Every request asks a compiled validator (``jsonschema_rs``) one question: is this body
  valid? Compiled code answers the common yes cheaply.
* Only when the answer is no does the full ``jsonschema`` validator walk the body and report
  every problem with a JSON Pointer, in words a person can act on
  (:mod:`calculator.api.explanation`). It walks only where something is wrong: at each
  ``$ref`` and each choice of shapes it first asks the compiled validator of the schema there,
  and a member that fits (the common case: all but one tile of a whole game state) is not
  walked again.

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
from urllib.parse import quote, urljoin

import jsonschema_rs
import yaml
from jsonschema import Draft202012Validator
from jsonschema.protocols import Validator
from jsonschema.validators import extend
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


DIALECT = "https://json-schema.org/draft/2020-12/schema"
"""Every schema file's ``$schema``: each is read as JSON Schema 2020-12."""


@cache
def _walked() -> dict[str, dict[str, Any]]:
    """The documents the full validator walks, by URI: the files without their ``$schema``.
    jsonschema picks a validator class afresh at each ``$schema`` it meets, which would drop
    :data:`_Explaining`'s own ``$ref`` below the first file; the dialect is the root's anyway."""
    return {
        SCHEMA_BASE + name: {key: value for key, value in document.items() if key != "$schema"}
        for name, document in schema_documents().items()
    }


@cache
def _registry() -> Registry[Any]:
    return Registry().with_resources(
        (uri, Resource.from_contents(document, default_specification=DRAFT202012))
        for uri, document in _walked().items()
    )


@cache
def _locations() -> dict[int, str]:
    """The URI of each schema of the walked documents that holds a ``$ref`` or a choice, by
    the schema object: the schema it names when it is only a ``$ref`` (so that each schema
    named is compiled once), else its own, its file's with the JSON Pointer to it."""
    found: dict[int, str] = {}

    def visit(node: Any, uri: str, at: str) -> None:
        if isinstance(node, dict):
            if node.keys() <= {"$ref", "description"}:
                found[id(node)] = urljoin(uri, node["$ref"])
            elif not WALKED_WHERE_WRONG.isdisjoint(node):
                found[id(node)] = f"{uri}#{quote(at, safe='/~$')}"
            for key, value in node.items():
                visit(value, uri, f"{at}/{key.replace('~', '~0').replace('/', '~1')}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                visit(value, uri, f"{at}/{index}")

    for uri, document in _walked().items():
        visit(document, uri, "")
    return found


@cache
def _compiled_registry() -> jsonschema_rs.Registry:
    return jsonschema_rs.Registry(
        [(SCHEMA_BASE + name, document) for name, document in schema_documents().items()]
    )


@cache
def _compiled(uri: str) -> jsonschema_rs.Validator:
    """The compiled validator of the schema at ``uri`` (a file, or a part of one)."""
    return jsonschema_rs.validator_for(
        {"$schema": DIALECT, "$ref": uri}, registry=_compiled_registry()
    )


def _where_wrong(walk: Any) -> Any:
    """``walk``, one keyword's walk of the full validator, done only where the compiled
    validator of the schema holding the keyword refuses the instance: a member that fits has no
    problem to report, so the problems found are those of a whole walk."""

    def keyword(validator: Validator, value: Any, instance: Any, schema: dict[str, Any]) -> Any:
        location = _locations().get(id(schema))
        if location is not None and _compiled(location).is_valid(instance):
            return
        yield from walk(validator, value, instance, schema)

    return keyword


WALKED_WHERE_WRONG = frozenset({"$ref", "oneOf", "anyOf"})
"""The keywords whose walk the compiled validator spares: where the contract names another
schema, or offers a choice of shapes (every branch is walked to report a choice)."""

_Explaining = extend(
    Draft202012Validator,
    {name: _where_wrong(Draft202012Validator.VALIDATORS[name]) for name in WALKED_WHERE_WRONG},
)
"""The full validator, walking only the members the compiled one refuses."""


class RequestContract:
    """The schema of one request body: a fast yes/no, and the full list of problems."""

    def __init__(self, reference: str) -> None:
        self.reference = reference
        self._fast = _compiled(SCHEMA_BASE + reference)
        self._full = _Explaining({"$ref": SCHEMA_BASE + reference}, registry=_registry())

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
