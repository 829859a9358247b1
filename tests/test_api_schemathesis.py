"""Schemathesis 4 against the served spec, in process (WSGI): every operation, positive and
negative bodies, every check of ``call_and_validate`` (no 5xx, documented statuses, content
types and response schemas, schema-valid bodies accepted, schema-invalid ones refused).

Some refusals no JSON Schema can predict: two tiles on one cell (B6), a priced tile missing
from the catalog (C1), a name used twice, a dummy at a table not of two (D1), more buildings
of a type at the table than the game has (C1), a fourth worker hut of one player (V4).
``test_api_errors.py`` tests each of them. Here
a schema-valid body is first brought within those rules (:func:`within_the_rules`), so the
"schema-valid bodies are accepted" check holds for what is left; a schema-invalid (negative)
body is sent as generated.
"""

from __future__ import annotations

import copy
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode

from calculator import create_app
from calculator.api.contract import request_contract
from calculator.api.wire import CATALOG_COUNTS
from calculator.core.tiles import CATALOG
from tests.contract_check import ContractClient

CATALOG_KEYS = {(t.building.value, t.walls, t.price) for t in CATALOG if t.building is not None}
REQUESTS = {
    "/v1/placement": "placement-request.json",
    "/v1/placement/options": "placement-options-request.json",
    "/v1/removal": "removal-request.json",
    "/v1/alhambra/check": "alhambra-check-request.json",
    "/v1/walls": "walls-request.json",
    "/v1/scores": "scores-request.json",
    "/v1/render": "render-request.json",
}

app = create_app({"TESTING": True})
app.test_client_class = ContractClient  # also checks each response, and closes it
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app)
schema.config.generation.update(
    modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=25
)


def _tile_within_catalog(tile: dict[str, Any]) -> None:
    if "price" in tile and (tile["building"], tile["walls"], tile["price"]) not in CATALOG_KEYS:
        del tile["price"]  # described by its walls only: any walls are accepted


def _alhambra_within_rules(alhambra: list[dict[str, Any]], huts: int = 3) -> list[dict[str, Any]]:
    taken = {(0, 0)}
    kept = []
    for tile in alhambra:
        if "hut" in tile:
            if huts == 0:
                continue  # V4: at most 3 huts per player
            huts -= 1
        else:
            _tile_within_catalog(tile)
        if (tile["x"], tile["y"]) not in taken:
            taken.add((tile["x"], tile["y"]))
            kept.append(tile)
    return kept


def within_the_rules(path: str, body: Any) -> Any:
    """A schema-valid body with the refusals no schema can predict taken out (see above)."""
    body = copy.deepcopy(body)
    placing_a_hut = "hut" in body.get("tile", {})
    if "alhambra" in body:
        body["alhambra"] = _alhambra_within_rules(body["alhambra"], 3 - placing_a_hut)
    if "tile" in body and not placing_a_hut:
        _tile_within_catalog(body["tile"])
    if "highlight" in body:  # /v1/render: a proposed placement
        _tile_within_catalog(body["highlight"]["tile"])
    if path != "/v1/scores":
        return body
    names = set()
    for index, player in enumerate(body["players"]):
        if "alhambra" in player:
            player["alhambra"] = _alhambra_within_rules(player["alhambra"])
        for card in player.get("bonus_cards", []):
            _tile_within_catalog(card)
        while player["name"] in names:  # a later player of this name is renamed in turn
            player["name"] = f"#{index}" if player["name"][0] != "#" else player["name"] + "+"
        names.add(player["name"])
    if len(body["players"]) != 2:
        body.pop("dummy", None)
    holders = [player["counts"] for player in body["players"] if "counts" in player]
    dummy = body.get("dummy", {})
    for tile in dummy.get("tiles", []):
        _tile_within_catalog(tile)
    if "counts" in dummy:
        holders.append(dummy["counts"])
    for building, limit in CATALOG_COUNTS.items():
        left = limit - sum(tile["building"] == building.value for tile in dummy.get("tiles", []))
        for counts in holders:
            counts[building.value] = min(counts.get(building.value, 0), max(left, 0))
            left -= counts[building.value]
    return body


@schema.hook("map_case")  # a case hook runs in every phase (examples, coverage, fuzzing)
def bring_within_the_rules(context, case):
    path = case.operation.path
    valid = path in REQUESTS and isinstance(case.body, dict)  # every request body is an object
    if valid and request_contract(REQUESTS[path]).is_valid(case.body):
        case.body = within_the_rules(path, case.body)
    return case


@schema.exclude(tag="games").parametrize()  # tests/test_games_schemathesis.py
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_the_served_spec_holds(case):
    case.call_and_validate(session=app.test_client())
