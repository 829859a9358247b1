"""The position editor (POST /v1/games/position, ``alhambra position``): a referee enters only
what lies on the table and gets its table-mode state, everything unseen pooled (C1, C3, D1,
T1, T8; V1-V4 with the modules), and every refusal names what is impossible, where, and by
which rule.

The strongest check: tables read off real games (at the start of a turn, in table mode, with
and without modules) give back those games' states, but for the order of what nobody sees.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from calculator.api.game_document import dump_state
from calculator.cli import parser
from calculator.engine import to_act
from calculator.engine.core import ACTION
from calculator.modules import NAMES as MODULES
from calculator.records.replay import Step, steps
from tests.helpers.api import pointers
from tests.helpers.record_games import played

TABLE: dict[str, Any] = {
    "players": [
        {
            "name": "Anna",
            "alhambra": [{"building": "tower", "walls": "", "price": 12, "x": 1, "y": 0}],
            "hand": [{"currency": "florin", "value": 5}],
            "score": 8,
        },
        {"name": "Ben", "alhambra": [], "hand_size": 4},
    ],
    "market": [
        {"slot": 1, "tile": {"building": "pavilion", "walls": "NW", "price": 5}},
        {"slot": 2, "tile": {"building": "garden", "walls": "", "price": 10}},
        {"slot": 3, "tile": {"building": "seraglio", "walls": "S", "price": 8}},
        {"slot": 4, "tile": {"building": "arcades", "walls": "", "price": 9}},
    ],
    "face_up": [
        {"currency": "denar", "value": 3},
        {"currency": "ducat", "value": 1},
        {"currency": "dirham", "value": 7},
        {"currency": "florin", "value": 2},
    ],
    "dummy": {  # D2: 6 tiles at setup and 6 after scoring round 1
        "tiles": [
            {"building": "chambers", "walls": "", "price": 11},
            {"building": "pavilion", "walls": "NEW", "price": 2},
            {"building": "pavilion", "walls": "SW", "price": 3},
            {"building": "pavilion", "walls": "ES", "price": 4},
            {"building": "seraglio", "walls": "ESW", "price": 3},
            {"building": "seraglio", "walls": "NE", "price": 4},
            {"building": "seraglio", "walls": "SW", "price": 5},
            {"building": "arcades", "walls": "NES", "price": 4},
            {"building": "arcades", "walls": "NW", "price": 5},
            {"building": "chambers", "walls": "NSW", "price": 5},
            {"building": "chambers", "walls": "ES", "price": 6},
            {"building": "chambers", "walls": "SW", "price": 7},
        ]
    },
    "round": 2,
    "turn": 1,
}


def post(client, body: dict[str, Any]) -> Any:
    return client.post("/v1/games/position", json=body)


def test_t1_t8_what_is_unseen_is_pooled(client):
    state = post(client, TABLE).get_json()["state"]
    assert state["options"]["mode"] == "table" and state["rng"] is None
    assert state["turn"]["player"] == 1 and state["turn"]["phase"] == "action"
    assert state["rounds_scored"] == [1]  # round 2 is the one to come (T8)
    in_sight = 1 + 4 + 12  # Anna's tower, the market, the dummy's tiles
    assert len(state["bag"]) == 54 - in_sight
    pile = state["money"]["pile"]
    assert {"scoring_card": 2} in pile and {"scoring_card": 1} not in pile
    money = [card for card in pile if "currency" in card]
    assert len(money) == 72 - 1 - 4 - 4  # D1: 72 cards; Anna's, Ben's, the face-up ones
    ben = state["players"][1]["hand"]
    assert len(ben) == 4
    assert sorted(ben + money, key=lambda c: (c["currency"], c["value"])) == ben + money


def test_the_state_is_one_the_game_operations_take(client):
    state = post(client, TABLE).get_json()["state"]
    legal = client.post("/v1/games/legal-actions", json={"state": state}).get_json()
    assert legal["player"] == 1 and legal["actions"]
    advice = client.post(
        "/v1/games/advice", json={"state": state, "level": "greedy", "budget_ms": 200}
    )
    assert advice.status_code == 200
    action = advice.get_json()["actions"][0]["action"]
    assert (
        client.post("/v1/games/advance", json={"state": state, "actions": [action]}).status_code
        == 200
    )


def table_of(state: dict[str, Any]) -> dict[str, Any]:
    """What a referee reads off the table of ``state`` (a state document at a turn's start):
    every hand known, the discard kept apart, each hut stack's top."""
    table: dict[str, Any] = {
        "players": copy.deepcopy(state["players"]),
        "market": [{"slot": slot["slot"], "tile": slot["tile"]} for slot in state["market"]],
        "face_up": state["money"]["face_up"],
        "discard": state["money"]["discard"],
        "round": len(state["rounds_scored"]) + 1,
        "turn": state["turn"]["player"],
        "number": state["turn"]["number"],
        "options": {"holes": state["options"]["holes"]},
    }
    if state["dummy"] is not None:
        table["dummy"] = state["dummy"]
    if "modules" in state["options"]:
        table["options"]["modules"] = state["options"]["modules"]
    if "hut_stacks" in state:
        table["hut_stacks"] = [stack[:1] for stack in state["hut_stacks"]]
    return table


def turn_starts(players: int, seed: int, modules: tuple[str, ...]) -> list[dict[str, Any]]:
    """States of a table game at the start of turns, spread over the game."""
    record = played(players, seed, "table", modules)
    found = []
    for step in steps(record):
        assert isinstance(step, Step)
        state = step.after
        if state.turn.phase == ACTION and not state.turn.buys and to_act(state) is not None:
            found.append(dump_state(state))
    return found[:: max(1, len(found) // 4)]


def as_multiset(cards: list[Any]) -> Counter[str]:
    return Counter(json.dumps(card, sort_keys=True) for card in cards)


@pytest.mark.parametrize(
    ("players", "modules"), [(2, ()), (3, MODULES), (4, ("vizier", "exchange")), (6, ())]
)
def test_a_table_read_off_a_game_gives_back_its_state(client, players, modules):
    """C1, C3, T8, V1-V4: the state built is the game's, but for the order of what nobody
    sees: the bag, the money pile, the hut stacks below their tops (each the same set)."""
    for real in turn_starts(players, 5, modules):
        built = post(client, table_of(real)).get_json()["state"]
        for member in ("bag",):
            assert as_multiset(built[member]) == as_multiset(real[member])
        assert as_multiset(built["money"]["pile"]) == as_multiset(real["money"]["pile"])
        if "hut_stacks" in real:
            for ours, theirs in zip(built["hut_stacks"], real["hut_stacks"], strict=True):
                assert ours[:1] == theirs[:1] and as_multiset(ours) == as_multiset(theirs)
        if "bonus_aside" in real:
            assert as_multiset(built["bonus_aside"]) == as_multiset(real["bonus_aside"])
        unseen = {"bag", "money", "hut_stacks", "bonus_aside", "hidden_tops"}
        assert {k: v for k, v in built.items() if k not in unseen} == {
            k: v for k, v in real.items() if k not in unseen
        }
        assert built["money"]["face_up"] == real["money"]["face_up"]


def test_a_hand_not_known_is_dealt_from_what_is_unseen_and_keeps_its_size(client):
    real = turn_starts(3, 2, ())[-1]
    table = table_of(real)
    hidden = len(table["players"][2].pop("hand"))
    table["players"][2]["hand_size"] = hidden
    del table["discard"]  # pooled with the pile
    built = post(client, table).get_json()["state"]
    assert len(built["players"][2]["hand"]) == hidden
    unseen = real["players"][2]["hand"] + real["money"]["pile"] + real["money"]["discard"]
    assert as_multiset(built["players"][2]["hand"] + built["money"]["pile"]) == as_multiset(unseen)


def test_v3_bonus_cards_not_known_are_dealt_from_those_nobody_shows(client):
    """V3: a player whose bonus cards in hand are not known shows fewer than their share; the
    rest are dealt face down from the cards nobody shows, none whose tile the player has built
    (it would lie face up), and the others stay set aside."""
    real = next(s for s in turn_starts(3, 5, MODULES) if s["players"][1].get("bonus_hand"))
    table = table_of(real)
    hidden = table["players"][1].pop("bonus_hand")
    built = post(client, table).get_json()["state"]
    dealt = built["players"][1]["bonus_hand"]
    assert len(dealt) == len(hidden)
    assert as_multiset(dealt + built["bonus_aside"]) == as_multiset(hidden + real["bonus_aside"])
    alhambra = [
        {k: t[k] for k in ("building", "walls", "price")} for t in real["players"][1]["alhambra"]
    ]
    assert not [card for card in dealt if card in alhambra]
    others = {k: v for k, v in built["players"][1].items() if k != "bonus_hand"}
    assert others == {k: v for k, v in real["players"][1].items() if k != "bonus_hand"}


# --- refusals ----------------------------------------------------------------------------------


def refused(client, body: dict[str, Any]) -> dict[str, Any]:
    response = post(client, body)
    assert response.status_code == 422, response.get_json()
    return response.get_json()


def test_c1_a_tile_twice_is_refused_where_it_is_again(client):
    body = copy.deepcopy(TABLE)
    body["players"][1]["alhambra"] = [{**body["market"][0]["tile"], "x": 1, "y": 0}]
    problem = refused(client, body)
    assert "/players/1/alhambra/0" in pointers(problem)
    assert any("(C1)" in error["message"] for error in problem["errors"])


def test_c3_d1_more_copies_of_a_card_than_the_game_has(client):
    body = copy.deepcopy(TABLE)
    body["players"][0]["hand"] = [{"currency": "denar", "value": 3}] * 2  # one more face up
    problem = refused(client, body)
    assert "D1" in problem["errors"][0]["message"]


def test_a_hidden_hand_larger_than_what_is_unseen(client):
    body = copy.deepcopy(TABLE)
    body["players"][1]["hand_size"] = 100
    assert pointers(refused(client, body)) == ["/players/1/hand_size"]


def test_b2_an_illegal_alhambra_is_refused_at_its_tile(client):
    body = copy.deepcopy(TABLE)
    body["players"][0]["alhambra"].append(
        {"building": "garden", "walls": "W", "price": 10, "x": 2, "y": 0}
    )
    problem = refused(client, body)
    assert "/players/0/alhambra/1" in pointers(problem)
    assert any(error["message"].startswith("B2") for error in problem["errors"])


def test_t4_the_market_is_full_when_a_turn_begins(client):
    body = copy.deepcopy(TABLE)
    body["market"] = body["market"][:3]
    assert "/market" in pointers(refused(client, body))


def test_v1_with_the_vizier_every_player_shows_a_token(client):
    body = copy.deepcopy(TABLE)
    body["options"] = {"modules": ["vizier"]}
    body["players"][0]["vizier"] = True
    problem = refused(client, body)
    assert pointers(problem) == ["/players/1/vizier"]
    assert "(V1)" in problem["errors"][0]["message"]


def test_a_hand_is_known_or_counted_not_both(client):
    body = copy.deepcopy(TABLE)
    body["players"][1]["hand"] = []
    assert pointers(refused(client, body)) == ["/players/1"]


def test_the_command_prints_the_apis_answer(tmp_path, client, capsys):
    path = tmp_path / "table.json"
    path.write_text(json.dumps(TABLE))
    arguments = parser().parse_args(["position", str(path)])
    assert arguments.run(arguments) == 0
    assert json.loads(capsys.readouterr().out) == post(client, TABLE).get_json()
