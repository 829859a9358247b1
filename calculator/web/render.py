"""The pictures: ``POST /v1/render``, an Alhambra (SVG) for referees and the phone page; and
``POST /v1/rulings``, a ruling a referee shows (SVG or PNG).

Thin: the body is read strictly, the api layer checks it (schema, then wire) and draws it with
:mod:`calculator.pictures` (:func:`calculator.api.service.render`,
:func:`calculator.api.rulings.ruling`).
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from calculator.api import rulings, service
from calculator.web.http import in_language, json_body, request_language, speak
from calculator.web.languages import body_language

blueprint = Blueprint("render", __name__)


@blueprint.post("/v1/render")
def render() -> Response:
    body = json_body(request)
    speak(body_language(body))
    svg = service.render(body, request_language())
    response = Response(svg, mimetype="image/svg+xml")
    # A name for the file when a referee saves it (curl -OJ, "save as" in a browser).
    response.headers["Content-Disposition"] = 'inline; filename="alhambra.svg"'
    return in_language(response)


@blueprint.post("/v1/rulings")
def ruling() -> Response:
    body = json_body(request)
    speak(body_language(body))
    picture = rulings.ruling(body, request_language())
    response = Response(picture.content, mimetype=picture.media_type)
    response.headers["Content-Disposition"] = f'inline; filename="{picture.filename}"'
    return in_language(response)
