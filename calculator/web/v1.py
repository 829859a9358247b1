"""The v1 HTTP API of ``docs/api.md``: thin views over :mod:`calculator.api.service`.

Each view reads the body strictly (415, 400, 413), hands it to the operation and sends the
answer with one success status; every refusal becomes problem+json (``http.py``).
"""

from __future__ import annotations

from flask import Blueprint, Response

from calculator.api import service
from calculator.web.http import operation, said_response

blueprint = Blueprint("v1", __name__, url_prefix="/v1")

operation(blueprint, "/placement", service.placement, "placement")
operation(blueprint, "/placement/options", service.placement_options, "placement_options")
operation(blueprint, "/removal", service.removal, "removal")
operation(blueprint, "/alhambra/check", service.alhambra_check, "alhambra_check")
operation(blueprint, "/walls", service.longest_wall, "walls")
operation(blueprint, "/scores", service.scores, "scores")


@blueprint.get("/catalog")
def catalog() -> Response:
    """The 54 tiles (C1), the point table (M2), currencies and market slots (C4)."""
    return said_response(service.catalog())
