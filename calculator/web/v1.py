"""The v1 HTTP API of ``API.md``: thin views over :mod:`calculator.web.service`.

Each view reads the body strictly (``body.py``: 415, 400, 413), hands it to the service and
sends the answer with one success status; every refusal becomes problem+json in ``errors.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, request

from calculator.web import service
from calculator.web.body import json_body

blueprint = Blueprint("v1", __name__, url_prefix="/v1")


def operation(
    blueprint: Blueprint, path: str, operate: Callable[[Any], dict[str, Any]], name: str
) -> None:
    """``POST path`` on ``blueprint``: the JSON body to ``operate``, its answer as JSON."""

    def view() -> Response:
        return _json(operate(json_body(request)))

    view.__name__ = name
    view.__doc__ = operate.__doc__
    blueprint.add_url_rule(path, name, view, methods=["POST"])


def _json(document: dict[str, Any]) -> Response:
    return Response(answer_text(document), mimetype=JSON)


JSON = "application/json"


def answer_text(document: dict[str, Any]) -> str:
    """A success answer's body: its JSON text on one line."""
    return service.to_json(document) + "\n"


operation(blueprint, "/placement", service.placement, "placement")
operation(blueprint, "/placement/options", service.placement_options, "placement_options")
operation(blueprint, "/removal", service.removal, "removal")
operation(blueprint, "/alhambra/check", service.alhambra_check, "alhambra_check")
operation(blueprint, "/walls", service.longest_wall, "walls")
operation(blueprint, "/scores", service.scores, "scores")


@blueprint.get("/catalog")
def catalog() -> Response:
    """The 54 tiles (C1), the point table (M2), currencies and market slots (C4)."""
    return _json(service.catalog())
