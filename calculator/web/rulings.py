"""``GET /v1/rules``: every rule's text by id, in the language asked (``lang``, else
Accept-Language): a thin view over :mod:`calculator.api.rulings`."""

from __future__ import annotations

from flask import Blueprint, Response, request

from calculator.api import rulings
from calculator.web.http import request_language, said_response, speak
from calculator.web.languages import choose_language

blueprint = Blueprint("rulings", __name__)


@blueprint.get("/v1/rules")
def rules() -> Response:
    speak(choose_language(request))
    return said_response(rulings.rules(request_language()))
