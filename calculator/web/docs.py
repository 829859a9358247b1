"""The published contract: ``/openapi.yaml`` (every schema inlined), the schema files of
``schemas/``, and an interactive API page at ``/docs`` that works offline.

The page is Swagger UI 5 (OpenAPI 3.1), its files served from the ``flask-swagger-ui`` package,
never from a CDN. The HTML holds no inline script, style or event handler, so it stays within
a strict Content-Security-Policy of ``'self'``; the start-up code is ``static/docs/docs.js``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import flask_swagger_ui
import yaml
from flask import Blueprint, Response, abort, render_template, send_from_directory

from calculator.api.contract import SCHEMA_DIR, schema_documents, served_openapi

blueprint = Blueprint("docs", __name__)

SWAGGER_UI = Path(flask_swagger_ui.__file__).resolve().parent / "dist"


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's emitter where PyYAML has it (its wheels do): the same text as ``yaml.safe_dump``,
written in C."""


@cache
def openapi_text() -> str:
    """``/openapi.yaml``: the served spec as YAML, rendered once per process."""
    text: str = yaml.dump(served_openapi(), Dumper=_DUMPER, sort_keys=False, allow_unicode=True)
    return text


@blueprint.get("/openapi.yaml")
def openapi() -> Response:
    return Response(openapi_text(), mimetype="application/yaml")


@blueprint.get("/schemas/<file>")
def schema(file: str) -> Response:
    if file not in schema_documents():
        abort(404, description=f"there is no schema {file!r}; see /openapi.yaml")
    return Response((SCHEMA_DIR / file).read_text("utf-8"), mimetype="application/schema+json")


@blueprint.get("/docs")
def docs() -> str:
    return render_template("docs.html")


@blueprint.get("/docs/swagger-ui/<path:asset>")
def swagger_ui(asset: str) -> Response:
    return send_from_directory(SWAGGER_UI, asset, max_age=86400)
