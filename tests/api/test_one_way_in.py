"""Every request body takes one way in (issue 20): its contract, then one loader per request
type (``calculator.api.requests.read``); an Alhambra with its pieces is read by one function
(``wire.read_alhambra``), its tiles by another it calls (``wire.alhambra_of``), whichever
endpoint asks."""

from __future__ import annotations

from typing import Any

import pytest

from bench.spec import body_operations
from bench.within_the_rules import REQUEST_SCHEMAS
from calculator import create_app
from calculator.api import requests, wire
from tests.helpers.hostile import send

OPERATIONS = [op for op in body_operations() if op.method == "POST"]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.id)
def test_every_request_body_is_read_once_by_its_contract_and_its_loader(
    client, monkeypatch, operation
):
    seen: list[str] = []
    read = requests.read

    def watched(body: Any, contract: str, loader: Any) -> Any:
        seen.append(contract)
        return read(body, contract, loader)

    monkeypatch.setattr(requests, "read", watched)
    response = send(client, operation, operation.example)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert seen == [REQUEST_SCHEMAS[operation.path]]


ALHAMBRA_OPERATIONS = {
    "/v1/placement",
    "/v1/placement/options",
    "/v1/removal",
    "/v1/alhambra/check",
    "/v1/walls",
    "/v1/render",
}
"""The operations whose body holds one Alhambra with pieces."""


@pytest.mark.parametrize(
    "operation", [op for op in OPERATIONS if op.path in ALHAMBRA_OPERATIONS], ids=lambda op: op.id
)
def test_an_alhambra_with_pieces_is_read_by_one_function(client, monkeypatch, operation):
    """B6, C1, G4, K4: each endpoint's Alhambra goes through ``read_alhambra``."""
    seen: list[int] = []
    read = wire.read_alhambra

    def watched(items: Any, gates: Any = ()) -> Any:
        seen.append(len(items))
        return read(items, gates)

    monkeypatch.setattr(wire, "read_alhambra", watched)
    assert send(client, operation, operation.example).status_code == 200
    assert seen == [len(operation.example["alhambra"])]


def test_the_players_alhambras_of_a_scores_request_are_read_by_the_same_function(
    client, monkeypatch
):
    (operation,) = [op for op in OPERATIONS if op.path == "/v1/scores"]
    seen: list[int] = []
    read = wire.read_alhambra

    def watched(items: Any, gates: Any = ()) -> Any:
        seen.append(len(items))
        return read(items, gates)

    monkeypatch.setattr(requests, "read_alhambra", watched)  # the name the loader calls
    assert send(client, operation, operation.example).status_code == 200
    players = operation.example["players"]
    assert seen == [len(player["alhambra"]) for player in players if "alhambra" in player]
