"""Every response the tests see, checked against the served OpenAPI document.

:func:`check_response` finds the operation for a request's path and method and validates the
response's status, media type and body against what the spec documents for it. An unknown path
must be a documented 404 problem, a known path with another method a documented 405 problem.
:class:`ContractClient` runs it on every request; the conftest's ``client`` fixture and the
schemathesis test both use it, so no test can see an undocumented answer.

A body is checked as the app checks a request (``calculator.api.contract``): a compiled
validator (``jsonschema_rs``) answers the common yes cheaply; only on a no does the full
``jsonschema`` validator walk the body to say what is wrong. A body the compiled validator
refuses fails the test even when the full one finds nothing to report.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any
from urllib.parse import quote

import jsonschema_rs
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from werkzeug.test import TestResponse

from calculator.api.contract import openapi_document, served_openapi

SPEC_URI = "urn:alhambra:openapi"
JSON_TYPES = ("application/json", "application/problem+json", "application/schema+json")
AUTOMATIC_METHODS = {"HEAD", "OPTIONS"}  # added by Flask to every rule; not API operations


@cache
def _registry() -> Registry[Any]:
    spec = served_openapi()
    return Registry().with_resource(
        SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012)
    )


@cache
def _compiled_registry() -> jsonschema_rs.Registry:
    return jsonschema_rs.Registry([(SPEC_URI, served_openapi())], draft=jsonschema_rs.Draft202012)


@cache
def _compiled(location: str) -> jsonschema_rs.Validator:
    """The compiled validator of the schema at ``location`` (a JSON Pointer into the served
    spec); formats are annotations, as for :func:`_validator`."""
    fragment = quote(location, safe="/~+")  # a URI's fragment: "{file}" is "%7Bfile%7D"
    return jsonschema_rs.Draft202012Validator(
        {"$ref": f"{SPEC_URI}#{fragment}"}, registry=_compiled_registry(), validate_formats=False
    )


@cache
def _validator(location: str) -> Draft202012Validator:
    """The full validator of the schema at ``location``: every problem, in words."""
    return Draft202012Validator({"$ref": f"{SPEC_URI}#{location}"}, registry=_registry())


def check_body(location: str, body: Any, where: str) -> None:
    """Assert that ``body`` matches the schema at ``location``; say why when it does not."""
    if _compiled(location).is_valid(body):
        return
    explained = sorted(_validator(location).iter_errors(body), key=lambda e: list(e.absolute_path))
    problems = [(list(e.absolute_path), e.message) for e in explained] or [
        (e.instance_path, e.message) for e in _compiled(location).iter_errors(body)
    ]
    raise AssertionError(
        f"{where}: " + "; ".join(f"{'/'.join(map(str, at))}: {why}" for at, why in problems[:5])
    )


@cache
def _component(file: str) -> str:
    """The component the served spec bundles a schema file as (``problem.json``: ``Problem``)."""
    schemas = openapi_document()["components"]["schemas"]
    return next(name for name, entry in schemas.items() if entry["$ref"] == f"schemas/{file}")


def check_schema_file(file: str, body: Any, where: str) -> None:
    """Assert that ``body`` matches the schema file ``file`` (``problem.json``), as bundled in
    the served spec (tests/contract/test_contract.py holds the two to the same verdicts)."""
    check_body(f"/components/schemas/{_component(file)}", body, where)


@cache
def _routes() -> list[tuple[re.Pattern[str], str]]:
    """Each documented path as a pattern; literal paths first so they win over templates."""
    paths = sorted(served_openapi()["paths"], key=lambda path: ("{" in path, path))
    return [
        (re.compile("^" + re.sub(r"\\\{[^}]+\\\}", ".+", re.escape(path)) + "$"), path)
        for path in paths
    ]


def documented_path(path: str) -> str | None:
    return next((template for pattern, template in _routes() if pattern.match(path)), None)


def _escape(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def _response_location(template: str | None, method: str, status: int) -> str:
    """Where the spec documents this answer, as a JSON Pointer; fails when it does not."""
    paths = served_openapi()["paths"]
    if template is None:
        assert status == 404, f"{method} of an undocumented path answered {status}, not 404"
        return "/components/responses/NotFound"
    operation = paths[template].get(method.lower())
    if operation is None:
        assert status == 405, f"{method} {template} is no operation but answered {status}"
        return "/components/responses/MethodNotAllowed"
    responses = operation["responses"]
    assert str(status) in responses, f"{method} {template}: status {status} is not documented"
    location = f"/paths/{_escape(template)}/{method.lower()}/responses/{status}"
    reference = responses[str(status)].get("$ref")
    return reference.removeprefix("#") if reference else location


def _resolve(location: str) -> Any:
    node: Any = served_openapi()
    for part in location.strip("/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def check_response(method: str, path: str, response: TestResponse) -> None:
    """Assert that the spec documents this response and that its body matches the schema."""
    if method in AUTOMATIC_METHODS:
        return
    location = _response_location(documented_path(path), method, response.status_code)
    content = _resolve(location).get("content", {})
    if not content:  # a 304: documented without a body
        assert response.get_data() == b"", f"{method} {path}: a body where none is documented"
        return
    mimetype = response.mimetype
    if mimetype in content:
        media = mimetype
    else:
        assert "*/*" in content, f"{method} {path}: {mimetype} is not a documented media type"
        media = "*/*"
    if "schema" not in content[media]:
        return
    if mimetype in JSON_TYPES:
        body = json.loads(response.get_data(as_text=True))
    elif mimetype.startswith("text/") or mimetype == "application/yaml":
        body = response.get_data(as_text=True)  # a document as text (/openapi.yaml: a string)
    else:
        body = ""
    pointer = f"{location}/content/{_escape(media)}/schema"
    check_body(pointer, body, f"{method} {path} -> {response.status_code}")


class ContractClient(FlaskClient):
    """A test client that checks each response against the spec (:func:`check_response`)."""

    def open(self, *args: Any, **kwargs: Any) -> TestResponse:
        response = super().open(*args, **kwargs)
        response.get_data()  # buffer the body, then release the app's iterator (an open file
        response.close()  # for static assets) so that no test leaks it
        check_response(response.request.method, response.request.path, response)
        return response
