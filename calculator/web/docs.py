"""The published contract: ``/openapi.yaml`` and ``/openapi.json`` (``schemas/`` bundled in, see
``served_openapi``), the schema files of ``schemas/``, and an interactive API page at ``/docs``
that works offline.

The documents change only with a release, so each carries an ``ETag`` (a hash of its text) and
``Cache-Control``: a client that polls for a new contract revalidates with ``If-None-Match`` and
gets a bodiless 304 while nothing changed.

The page is Swagger UI 5 (OpenAPI 3.1), its files served from the ``flask-swagger-ui`` package,
never from a CDN. The HTML holds no inline script, style or event handler, so it stays within
a strict Content-Security-Policy of ``'self'``; the start-up code is ``static/docs/docs.js``.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import flask_swagger_ui
import yaml
from flask import Blueprint, Response, render_template, request, send_from_directory

from calculator.api.contract import SCHEMA_DIR, schema_documents, served_openapi
from calculator.api.problems import NoSuchDocument
from calculator.core.text import Text

blueprint = Blueprint("docs", __name__)

SWAGGER_UI = Path(flask_swagger_ui.__file__).resolve().parent / "dist"
CONTRACT_CACHE_CONTROL = "public, max-age=3600"
"""An hour fresh, then revalidated by ETag: a new release reaches clients within the hour."""


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's emitter where PyYAML has it (its wheels do): the same text as ``yaml.safe_dump``,
written in C."""


@cache
def openapi_text() -> str:
    """``/openapi.yaml``: the served spec as YAML, rendered once per process."""
    text: str = yaml.dump(served_openapi(), Dumper=_DUMPER, sort_keys=False, allow_unicode=True)
    return text


@cache
def openapi_json() -> str:
    """``/openapi.json``: the same document as JSON."""
    return json.dumps(served_openapi(), ensure_ascii=False, separators=(",", ":"))


@blueprint.get("/openapi.yaml")
def openapi() -> Response:
    return contract_document(openapi_text(), "application/yaml")


@blueprint.get("/openapi.json")
def openapi_as_json() -> Response:
    return contract_document(openapi_json(), "application/json")


@blueprint.get("/schemas/<file>")
def schema(file: str) -> Response:
    if file not in schema_documents():
        raise NoSuchDocument(Text("api.detail.no_schema", file=repr(file)))
    return contract_document(schema_text(file), "application/schema+json")


@cache
def schema_text(file: str) -> str:
    return (SCHEMA_DIR / file).read_text("utf-8")


def contract_document(text: str, mimetype: str) -> Response:
    """A document of the contract with its validators: 304 when ``If-None-Match`` has its tag."""
    response = Response(text, mimetype=mimetype)
    response.set_etag(_tag(text))
    response.headers["Cache-Control"] = CONTRACT_CACHE_CONTROL
    response.make_conditional(request)  # in place: a 304 without the body when the tag matches
    return response


@cache
def _tag(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@blueprint.get("/docs")
def docs() -> str:
    return render_template("docs.html")


@blueprint.get("/docs/swagger-ui/<path:asset>")
def swagger_ui(asset: str) -> Response:
    return send_from_directory(SWAGGER_UI, asset, max_age=86400)
