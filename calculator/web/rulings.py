"""``GET /v1/rules``: every rule's text by id, in the language asked (``lang``, else
Accept-Language): a thin view over :mod:`calculator.api.rulings`."""

from __future__ import annotations

from flask import Blueprint, Response, request

from calculator.api import rulings
from calculator.web.http import json_response
from calculator.web.languages import choose_language

blueprint = Blueprint("rulings", __name__)


@blueprint.get("/v1/rules")
def rules() -> Response:
    language = choose_language(request)
    response = json_response(rulings.rules(language))
    response.headers["Content-Language"] = language
    response.vary.add("Accept-Language")
    return response
