"""``POST /v1/render``: a picture of an Alhambra (SVG) for referees and the page.

Thin: check the body against ``schemas/render-request.json``, load it into core types,
draw with :mod:`calculator.pictures`, answer ``image/svg+xml``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule
from calculator.core.errors import PositionError
from calculator.core.tiles import Building, Tile, is_catalog_tile
from calculator.pictures import Proposal, render_alhambra
from calculator.web.body import json_body
from calculator.web.contract import request_contract
from calculator.web.errors import FieldError, InvalidRequest, pointer
from calculator.web.i18n import LANGUAGES, choose_language, picture_labels

blueprint = Blueprint("render", __name__)

SVG = "image/svg+xml"


@blueprint.post("/v1/render")
def render() -> Response:
    body = json_body(request)
    request_contract("render-request.json").check(body)
    alhambra, proposal = _position(body)
    hole_rule: HoleRule = body.get("rules", {}).get("holes", "region")
    language = body.get("lang") or choose_language(request)
    picture = render_alhambra(
        alhambra,
        proposal=proposal,
        hole_rule=hole_rule,
        labels=picture_labels(language if language in LANGUAGES else "en"),
        title=body.get("title"),
    )
    response = Response(picture.svg, mimetype=SVG)
    # A name for the file when a referee saves it (curl -OJ, "save as" in a browser).
    response.headers["Content-Disposition"] = 'inline; filename="alhambra.svg"'
    response.headers["Content-Language"] = language
    return response


def _tile(item: dict[str, Any], where: tuple[str | int, ...], problems: list[FieldError]) -> Tile:
    tile = Tile(Building(item["building"]), item["walls"], item.get("price"))
    if tile.price is not None and not is_catalog_tile(tile):
        problems.append(FieldError(
            pointer(*where, "price"),
            f"C1: there is no {item['building']} tile with price "
            f"{tile.price} and walls {tile.walls or 'none'!r} in the catalog "
            "(leave the price out for a tile described by hand)",
        ))
    return tile


def _position(body: dict[str, Any]) -> tuple[Alhambra, Proposal | None]:
    """The Alhambra and proposed placement of a (schema-valid) request; 422 listing every tile
    at fault (a price not in the catalog, a tile on the fountain or on a taken cell)."""
    problems: list[FieldError] = []
    placed = [((item["x"], item["y"]), _tile(item, ("alhambra", index), problems))
              for index, item in enumerate(body["alhambra"])]
    highlight = body.get("highlight")
    proposal = None
    if highlight is not None:
        tile = _tile(highlight["tile"], ("highlight", "tile"), problems)
        proposal = Proposal((highlight["x"], highlight["y"]), tile)
    alhambra = Alhambra()
    try:
        alhambra = Alhambra.of(placed)
    except PositionError as error:
        problems.append(FieldError(pointer("alhambra", error.index), f"{error.rule}: {error}"))
    if problems:
        raise InvalidRequest(problems)
    return alhambra, proposal
