"""``POST /v1/render``: a picture of an Alhambra (SVG) for referees and the phone page.

Thin: the body is read strictly, :func:`calculator.api.service.render` checks it (schema, then
wire) and draws it with :mod:`calculator.pictures`; the answer is ``image/svg+xml``.
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from calculator.api import service
from calculator.web.http import json_body
from calculator.web.languages import accepted_language

blueprint = Blueprint("render", __name__)


@blueprint.post("/v1/render")
def render() -> Response:
    svg = service.render(json_body(request), accepted_language(request))
    response = Response(svg, mimetype="image/svg+xml")
    # A name for the file when a referee saves it (curl -OJ, "save as" in a browser).
    response.headers["Content-Disposition"] = 'inline; filename="alhambra.svg"'
    return response
