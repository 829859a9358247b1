"""Sealed states (docs/deploying.md, docs/clients.md): with ``ALHAMBRA_STATE_KEY`` every game
state the server gives carries an HMAC of itself (``seal``), and a state sent back whose seal
does not match is refused (422, ``urn:alhambra:problem:seal-mismatch``). Off by default."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from flask import Flask

from calculator import create_app
from calculator.web.security import StateSeal, state_keys
from tests.helpers.contract_check import ContractClient

KEY = "k3y-0f-th3-t0urn4m3nt-s3rv3r-wh1ch-s34ls"
OLD_KEY = "an-0ld3r-k3y-st1ll-4cc3pt3d-f0r-a-wh1l3"
MISMATCH = "urn:alhambra:problem:seal-mismatch"


def sealing(keys: Any) -> Flask:
    app = create_app({"TESTING": True, "STATE_KEY": keys})
    app.test_client_class = ContractClient
    return app


@pytest.fixture
def sealed():
    return sealing(KEY).test_client()


def new_game(client) -> dict[str, Any]:
    answer = client.post("/v1/games", json={"players": ["Anna", "Ben"], "seed": 3})
    assert answer.status_code == 200
    return answer.get_json()["state"]


def first_action(client, state: dict[str, Any]) -> dict[str, Any]:
    answer = client.post("/v1/games/legal-actions", json={"state": state})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["actions"][0]


def refused(answer, message: str) -> None:
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["type"] == MISMATCH and problem["title"] == "Seal mismatch"
    assert [error["pointer"] for error in problem["errors"]] == ["/state/seal"]
    assert message in problem["errors"][0]["message"]


def test_by_default_no_state_is_sealed_and_a_seal_is_ignored(client, sealed):
    state = new_game(client)
    assert "seal" not in state
    from_a_sealing_server = new_game(sealed)
    assert (
        client.post("/v1/games/legal-actions", json={"state": from_a_sealing_server}).status_code
        == 200
    )


def test_every_state_given_is_sealed_and_taken_back(sealed):
    state = new_game(sealed)
    assert state["seal"] == StateSeal.of(state, KEY.encode())
    advanced = sealed.post(
        "/v1/games/advance", json={"state": state, "actions": [first_action(sealed, state)]}
    )
    assert advanced.status_code == 200
    after = advanced.get_json()["state"]
    assert after["seal"] == StateSeal.of(after, KEY.encode()) != state["seal"]
    turns = sealed.post(
        "/v1/games/bot-turns",
        json={"state": after, "bots": {"0": "random", "1": "random"}, "seed": 1},
    )
    assert turns.status_code == 200
    assert turns.get_json()["state"]["seal"] == StateSeal.of(
        turns.get_json()["state"], KEY.encode()
    )
    advice = sealed.post("/v1/games/advice", json={"state": after, "level": "greedy", "seed": 1})
    assert advice.status_code == 200


def test_the_seal_covers_the_values_not_the_spelling(sealed):
    """Members in any order, any whitespace: the same state, the same seal."""
    state = new_game(sealed)
    spelled = json.dumps({"state": dict(reversed(state.items()))}, sort_keys=True, indent=3)
    answer = sealed.post("/v1/games/legal-actions", data=spelled, content_type="application/json")
    assert answer.status_code == 200


@pytest.mark.parametrize(
    "edit",
    [
        lambda state: state["bag"].reverse(),  # the bag's order: consistent, yet changed
        lambda state: state["rng"].update(seed=state["rng"]["seed"] + 1),
        lambda state: state["players"][0]["hand"].append(state["money"]["pile"].pop(0)),
        lambda state: state["players"][1].update(name="Bea"),
    ],
    ids=["bag-order", "seed", "card-from-the-pile", "a-name"],
)
@pytest.mark.parametrize("path", ["/v1/games/legal-actions", "/v1/games/advance"])
def test_a_state_edited_after_sealing_is_refused(sealed, edit, path):
    state = new_game(sealed)
    action = first_action(sealed, state)
    edited = copy.deepcopy(state)
    edit(edited)
    answer = sealed.post(path, json={"state": edited, "actions": [action]})
    refused(answer, "its seal does not match it")


def test_a_state_without_its_seal_is_refused(sealed, client):
    unsealed = new_game(client)
    answer = sealed.post("/v1/games/legal-actions", json={"state": unsealed})
    refused(answer, "send the state back as it came, with its seal")


def test_a_seal_of_another_key_is_refused(sealed):
    other = sealing("an0th3r-s3rv3r-w1th-1ts-0wn-k3y-0f-32-or-m0r3").test_client()
    answer = sealed.post("/v1/games/legal-actions", json={"state": new_game(other)})
    refused(answer, "its seal does not match it")


def test_key_rotation_the_new_key_seals_the_old_one_still_opens():
    """``ALHAMBRA_STATE_KEY="new,old"``: states sealed under the old key still load, and come
    back sealed under the new one; without the old key they no longer load."""
    before = new_game(sealing(OLD_KEY).test_client())
    rotated = sealing(f"{KEY},{OLD_KEY}").test_client()
    answer = rotated.post(
        "/v1/games/advance", json={"state": before, "actions": [first_action(rotated, before)]}
    )
    assert answer.status_code == 200
    after = answer.get_json()["state"]
    assert after["seal"] == StateSeal.of(after, KEY.encode())
    retired = sealing(KEY).test_client()
    refused(retired.post("/v1/games/legal-actions", json={"state": before}), "does not match")


def test_the_key_is_read_as_written_from_the_environment(monkeypatch):
    """Flask reads ``ALHAMBRA_*`` as JSON: a key of digits would become a number. It is read as
    the text it is."""
    digits = "1234567890" * 4
    monkeypatch.setenv("ALHAMBRA_STATE_KEY", digits)
    app = create_app({"TESTING": True})
    assert app.config["STATE_KEY"] == digits
    state = new_game(app.test_client())
    assert state["seal"] == StateSeal.of(state, digits.encode())


@pytest.mark.parametrize("keys", ["short", f"{KEY},short", f"{KEY[:20]} {KEY[20:]}"])
def test_a_weak_or_mangled_key_stops_the_app(keys):
    with pytest.raises(ValueError, match="32 symbols long or more"):
        create_app({"TESTING": True, "STATE_KEY": keys})


def test_keys_are_a_list_or_a_comma_separated_text():
    assert state_keys(f" {KEY} , {OLD_KEY} ") == [KEY.encode(), OLD_KEY.encode()]
    assert state_keys([KEY]) == [KEY.encode()]
    assert state_keys("") == state_keys([]) == []
