"""The game endpoints over HTTP: POST /v1/games, /v1/games/legal-actions, /v1/games/advance.

Every response is validated against its schema in ``schemas/``.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from calculator.api.contract import schema_documents
from tests.helpers.api import advance, legal, new_game, post


def test_a_new_game_is_set_up_and_the_same_seed_gives_the_same_game(client):
    state = new_game(client)
    assert state["version"] == 1 and state["turn"]["phase"] == "action"
    assert len(state["market"]) == 4 and len(state["money"]["face_up"]) == 4
    assert new_game(client) == state
    assert new_game(client, seed=43) != state


def test_without_a_seed_the_server_picks_one_and_keeps_it_in_the_state(client):
    answer = post(client, "/v1/games", {"players": ["Anna", "Ben"]})
    assert isinstance(answer["state"]["rng"]["seed"], int)
    assert answer["state"]["dummy"] is not None and len(answer["state"]["dummy"]["tiles"]) == 6


def test_the_caller_names_the_start_player(client):
    assert new_game(client, start_player=2)["turn"]["player"] == 2


def test_a_start_player_beyond_the_table_is_refused(client):
    problem = post(client, "/v1/games", {"players": ["A", "B"], "start_player": 3}, 422)
    assert problem["errors"][0]["pointer"] == "/start_player"


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ({"players": ["Anna"]}, "/players"),
        ({"players": ["A", "B", "C", "D", "E", "F", "G"]}, "/players"),
        ({"players": ["A", ""]}, "/players/1"),
        ({"players": ["A", "B"], "seed": -1}, "/seed"),
        ({"players": ["A", "B"], "options": {"mode": "paper"}}, "/options/mode"),
        ({"players": ["A", "B"], "colour": "red"}, "/colour"),
    ],
)
def test_a_bad_new_game_request_is_a_422_with_pointers(client, body, pointer):
    problem = post(client, "/v1/games", body, 422)
    assert pointer in [error["pointer"] for error in problem["errors"]]


def test_every_listed_action_is_accepted_by_advance(client):
    state = new_game(client)
    listing = legal(client, state)
    assert listing["player"] == state["turn"]["player"] and listing["phase"] == "action"
    for action in listing["actions"]:
        answer = advance(client, state, action)
        assert answer["events"][0]["player"] == listing["player"]


def test_advance_applies_several_actions_in_order(client):
    state = new_game(client)
    first = legal(client, state)["actions"][0]
    after_one = advance(client, state, first)["state"]
    second = legal(client, after_one)["actions"][0]
    both = advance(client, state, first, second)
    assert both["state"] == advance(client, after_one, second)["state"]


def test_an_illegal_action_is_a_409_naming_the_rule_and_nothing_is_applied(client):
    state = new_game(client)
    seat = state["turn"]["player"]
    take = {"type": "take_money", "player": seat, "cards": [state["money"]["face_up"][0]]}
    greedy = {
        "type": "take_money",
        "player": seat,
        "cards": [{"currency": "florin", "value": 9}] * 2,
    }
    problem = post(client, "/v1/games/advance", {"state": state, "actions": [take, greedy]}, 409)
    assert problem["rule"] == "T2" and problem["type"].endswith("not-your-turn")
    assert problem["errors"][0]["pointer"] == "/actions/1"
    problem = post(client, "/v1/games/advance", {"state": state, "actions": [greedy]}, 409)
    assert problem["rule"] == "T3" and problem["title"] == "Illegal action"
    assert problem["errors"] == [
        {"pointer": "/actions/0", "message": problem["errors"][0]["message"]}
    ]


def test_an_action_taking_the_game_past_the_bounds_of_a_state_is_a_409(client):
    """The state sent back must be one the caller can send again: an action that would take
    the turn number past the bound of ``game-state.json`` is refused and nothing is applied."""
    state = new_game(client)
    turn = schema_documents()["game-state.json"]["properties"]["turn"]
    maximum = turn["properties"]["number"]["maximum"]
    seat = state["turn"]["player"]
    take = {"type": "take_money", "player": seat, "cards": [state["money"]["face_up"][0]]}
    state["turn"]["number"] = maximum - 1
    assert advance(client, state, take)["state"]["turn"]["number"] == maximum
    state["turn"]["number"] = maximum
    problem = post(client, "/v1/games/advance", {"state": state, "actions": [take]}, 409)
    assert problem["type"].endswith("beyond-bounds")
    assert [error["pointer"] for error in problem["errors"]] == ["/actions/0"]
    says = f"the turn number must be from 0 to {maximum}, not {maximum + 1}"
    assert f"/turn/number: {says}" in problem["detail"]


def test_a_malformed_action_is_a_422_pointing_into_it(client):
    state = new_game(client)
    problem = post(
        client,
        "/v1/games/advance",
        {"state": state, "actions": [{"type": "buy", "player": 0, "slot": 5, "payment": []}]},
        422,
    )
    pointers = {error["pointer"] for error in problem["errors"]}
    assert "/actions/0/slot" in pointers or "/actions/0/payment" in pointers


def test_a_tile_not_in_the_catalog_is_a_422(client):
    """C1, worded as for every request: the problem points at the price no such tile has."""
    state = new_game(client)
    action = {"type": "reveal_tile", "tile": {"building": "tower", "walls": "NESW", "price": 9}}
    problem = post(client, "/v1/games/advance", {"state": state, "actions": [action]}, 422)
    assert problem["errors"][0] == {
        "pointer": "/actions/0/tile/price",
        "message": "no tile of the catalog is a tower at price 9 with walls 'NESW' (C1)",
    }


def inconsistent(state: dict[str, Any], change) -> dict[str, Any]:
    broken = copy.deepcopy(state)
    change(broken)
    return broken


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        (lambda s: s["bag"].append(s["bag"][0]), "/state/bag/50"),
        (lambda s: s["bag"].pop(), "/state/bag"),
        (
            lambda s: s["players"][1]["hand"].extend([s["money"]["face_up"][0]] * 3),
            "/state/players/1/hand",
        ),
        (lambda s: s["money"]["pile"].pop(0), "/state/money/pile"),
        (lambda s: s["market"][0].update(tile=None), "/state/market"),
        (lambda s: s["turn"].update(player=5), "/state/turn/player"),
        (lambda s: s["turn"].update(extra_action=True), "/state/turn/extra_action"),
        (lambda s: s["turn"].update(phase="refill"), "/state/turn/phase"),
        (lambda s: s.update(over=True), "/state/over"),
        (lambda s: s.update(rounds_scored=[2]), "/state/rounds_scored"),
        (lambda s: s["market"][0].update(currency="denar"), "/state/market/0"),
        (lambda s: s.update(dummy={"tiles": []}), "/state/dummy"),
    ],
)
def test_an_inconsistent_state_is_a_422_with_pointers(client, change, pointer):
    state = inconsistent(new_game(client), change)
    problem = post(client, "/v1/games/legal-actions", {"state": state}, 422)
    pointers = [error["pointer"] for error in problem["errors"]]
    assert any(p.startswith(pointer) for p in pointers), pointers


def test_an_illegal_alhambra_in_the_state_is_a_422_pointing_at_the_tile(client):
    state = new_game(client)
    walled = next(tile for tile in state["bag"] if "W" in tile["walls"])
    state["bag"].remove(walled)
    state["players"][0]["alhambra"].append({**walled, "x": 1, "y": 0})  # a wall on the fountain
    problem = post(client, "/v1/games/legal-actions", {"state": state}, 422)
    b2 = [e for e in problem["errors"] if e["message"].startswith("B2")]
    assert [e["pointer"] for e in b2] == ["/state/players/0/alhambra/0"]


@pytest.mark.slow
def test_a_whole_game_through_the_api(client):
    rng = random.Random(3)
    state = post(client, "/v1/games", {"players": ["Anna", "Ben"], "seed": 8})["state"]
    kinds = set()
    for _ in range(1000):
        listing = legal(client, state)
        if not listing["actions"]:
            break
        answer = advance(client, state, rng.choice(listing["actions"]))
        kinds.update(event["type"] for event in answer["events"])
        state = answer["state"]
    assert state["over"] and state["winners"]
    assert {"round_scored", "game_ended", "dummy_drew"} <= kinds
    assert legal(client, state) == {"player": None, "phase": "over", "actions": []}
    problem = post(
        client,
        "/v1/games/advance",
        {"state": state, "actions": [{"type": "pass", "player": 0}]},
        409,
    )
    assert problem["title"] == "Game over"


def test_a_table_game_through_the_api(client):
    state = new_game(client, options={"mode": "table"})
    assert state["rng"] is None and state["turn"]["phase"] == "setup"
    listing = legal(client, state)
    assert listing["player"] is None and {a["type"] for a in listing["actions"]} == {"reveal_money"}
    reveal = {"type": "reveal_money", "card": {"currency": "florin", "value": 9}}
    answer = advance(client, state, reveal, reveal, reveal)
    assert answer["events"][0] == {"type": "money_dealt", "player": 0, "card": reveal["card"]}
    dealt = answer["state"]["players"][0]["hand"]
    assert dealt == [reveal["card"]] * 3
    problem = post(
        client, "/v1/games/advance", {"state": answer["state"], "actions": [reveal]}, 409
    )
    assert problem["rule"] == "T7"  # all three florin 9 are out of the pile
