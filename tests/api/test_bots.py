"""The computer players over HTTP (issue 14): POST /v1/games/advice and /v1/games/bot-turns.

Every response is validated against its schema in ``schemas/``. Budgets are small (a few
iterations, or milliseconds). The tests of the time bound run on the worst state we can build,
on a clock that moves at each look (:class:`tests.helpers.clocks.Ticks`): what they hold is
that the players look at the clock often enough and stop at the first look past the request's
time.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from calculator.api.advice import MAX_BUDGET_MS
from calculator.api.game_document import dump_state
from calculator.engine import Options, apply, new_game, to_act
from calculator.engine.components import CARD
from calculator.engine.players import greedy
from calculator.engine.players.random_play import random_action
from calculator.engine.simulate import NAMES
from calculator.modules import ruleset
from calculator.modules.exchange.records import EXCHANGE_CARDS
from calculator.modules.exchange.rules import held
from tests.helpers.api import advance, legal, post, valid
from tests.helpers.clocks import ticking
from tests.helpers.engine_scenes import holding_exchange, with_hand

ALL_MODULES = ["vizier", "exchange", "bonus", "huts"]


def a_game(client, players: int = 2, **options: Any) -> dict[str, Any]:
    body = {"players": list(NAMES[:players]), "seed": 42, "options": options}
    return valid(post(client, "/v1/games", body), "game-response.json")["state"]


def ask(client, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    answer = post(client, "/v1/games/advice", body, status)
    return valid(answer, "advice.json") if status == 200 else answer


def bots(client, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    answer = post(client, "/v1/games/bot-turns", body, status)
    return valid(answer, "bot-turns.json") if status == 200 else answer


def key(action: dict[str, Any]) -> str:
    return repr(sorted(action.items()))


# --- advice ---------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_advice_lists_every_legal_action_of_the_seat_once(client, level):
    state = a_game(client, players=3)
    listing = legal(client, state)
    answer = ask(client, {"state": state, "level": level, "iterations": 30, "seed": 1})
    assert answer["player"] == listing["player"] and answer["level"] == level
    advised = [key(rated["action"]) for rated in answer["actions"]]
    assert sorted(advised) == sorted(key(action) for action in listing["actions"])


def test_mcts_rates_actions_with_visits_and_chances_best_first(client):
    state = a_game(client)
    answer = ask(client, {"state": state, "iterations": 200, "seed": 1})
    assert answer["level"] == "mcts" and answer["iterations"] == 200
    tried = [rated for rated in answer["actions"] if "visits" in rated and rated["visits"] > 0]
    assert tried == answer["actions"][: len(tried)]
    assert all(0 <= rated["win_probability"] <= 1 for rated in tried)


def test_greedy_judges_every_action_and_its_best_again(client):
    state = a_game(client, players=3)
    answer = ask(client, {"state": state, "level": "greedy", "seed": 1})
    assert all(
        "visits" not in rated and "win_probability" not in rated for rated in answer["actions"]
    )
    # every action one ply, then the best few again with the seat's turn played out
    listed = len(answer["actions"])
    assert listed > greedy.CANDIDATES
    assert answer["iterations"] == listed + greedy.CANDIDATES


def test_the_same_seed_and_iterations_give_the_same_advice(client):
    state = a_game(client)
    body = {"state": state, "iterations": 60, "seed": 5}
    assert ask(client, body) == ask(client, body)


def test_t2_only_the_seat_that_decides_now_is_advised(client):
    state = a_game(client)
    problem = ask(client, {"state": state, "player": 1, "level": "greedy"}, 409)
    assert problem["type"] == "urn:alhambra:problem:not-your-turn" and problem["rule"] == "T2"
    assert [error["pointer"] for error in problem["errors"]] == ["/player"]


def test_t9_a_finished_game_gets_no_advice(client):
    state = finished(client)
    problem = ask(client, {"state": state, "level": "greedy"}, 409)
    assert problem["type"] == "urn:alhambra:problem:game-over" and problem["rule"] == "T9"
    assert [error["pointer"] for error in problem["errors"]] == ["/state/over"]


@pytest.mark.slow
def test_table_mode_a_reveal_comes_first_then_the_player_is_advised(client):
    state = a_game(client, mode="table")
    problem = ask(client, {"state": state, "level": "greedy"}, 409)
    assert problem["rule"] == "T7"  # the table deals the money first
    assert [error["pointer"] for error in problem["errors"]] == ["/state/turn"]
    state = revealed(client, state)
    listing = legal(client, state)
    answer = ask(client, {"state": state, "level": "mcts", "iterations": 30, "seed": 2})
    assert answer["player"] == listing["player"]
    assert len(answer["actions"]) == len(listing["actions"])


def test_v1_the_seat_offered_the_vizier_is_advised(client):
    state = a_game(client, players=3, modules=["vizier"])
    while legal(client, state)["phase"] != "vizier":
        state = step(client, state)
    listing = legal(client, state)
    answer = ask(client, {"state": state, "level": "greedy", "seed": 1})
    assert answer["player"] == listing["player"]
    assert {a["action"]["type"] for a in answer["actions"]} <= {"vizier_buy", "decline_vizier"}


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"level": "random"}, "/level"),
        ({"budget_ms": 5001}, "/budget_ms"),
        ({"budget_ms": 9}, "/budget_ms"),
        ({"iterations": 0}, "/iterations"),
        ({"player": 6}, "/player"),
        ({"seed": -1}, "/seed"),
        ({"hint": True}, "/hint"),
    ],
)
def test_a_bad_advice_request_is_refused_with_a_pointer(client, change, pointer):
    state = a_game(client)
    problem = ask(client, {"state": state, **change}, 422)
    assert pointer in [error["pointer"] for error in problem["errors"]]


@pytest.mark.parametrize("path", ["/v1/games/advice", "/v1/games/bot-turns"])
def test_an_impossible_state_is_refused_with_pointers_into_it(client, path):
    state = a_game(client)
    state["bag"].append(state["bag"][0])  # a tile twice (C1)
    problem = post(
        client,
        path,
        {"state": state, "bots": {"0": "greedy"}}
        if path.endswith("bot-turns")
        else {"state": state},
        422,
    )
    twice = f"/state/bag/{len(state['bag']) - 1}"
    assert [error["pointer"] for error in problem["errors"]] == [twice]


# --- bot-turns ------------------------------------------------------------------------------


def test_the_bots_play_until_a_person_decides(client):
    state = a_game(client, players=3)
    assert legal(client, state)["player"] == 0
    answer = bots(
        client, {"state": state, "bots": {"0": "greedy", "1": "mcts"}, "budget_ms": 50, "seed": 1}
    )
    assert answer["stopped"] == "player"
    assert legal(client, answer["state"])["player"] == 2
    played = {event["player"] for event in answer["events"] if event["type"] == "turn_ended"}
    assert played == {0, 1}


def test_no_bot_to_play_leaves_the_state_as_it_is(client):
    state = a_game(client)
    answer = bots(client, {"state": state, "bots": {"1": "greedy"}})
    assert answer == {"state": state, "actions": [], "events": [], "stopped": "player"}


@pytest.mark.slow
def test_bots_alone_play_a_game_with_every_module_to_the_end(client):
    state = a_game(client, players=3, modules=ALL_MODULES)
    everyone = {"0": "greedy", "1": "random", "2": "greedy"}
    events: list[dict[str, Any]] = []
    stopped = None
    while stopped != "over":
        answer = bots(client, {"state": state, "bots": everyone, "budget_ms": 10, "seed": 4})
        state, stopped = answer["state"], answer["stopped"]
        events += answer["events"]
        assert stopped in ("over", "time")
    assert state["over"] and events[-1]["type"] == "game_ended"
    assert any(event["type"].startswith("vizier_") for event in events)  # V1 offers played


def test_the_bots_moves_played_by_advance_give_their_state_and_events(client):
    """The actions the bots played are the moves of the game's record: advance plays them to
    the very state and events bot-turns gave, and so does a replay of the record (T1: the
    draws follow from the seed)."""
    game = {"players": list(NAMES[:3]), "seed": 42}
    start = valid(post(client, "/v1/games", game), "game-response.json")["state"]
    everyone = {"0": "greedy", "1": "random", "2": "greedy"}
    state, actions, events, stopped = start, [], [], None
    while stopped != "over":  # a whole game, at 10 ms a decision
        answer = bots(client, {"state": state, "bots": everyone, "budget_ms": 10, "seed": 3})
        state, stopped = answer["state"], answer["stopped"]
        actions += answer["actions"]
        events += answer["events"]
    assert {action["player"] for action in actions} == {0, 1, 2}
    advanced_state, advanced_events = start, []
    for first in range(0, len(actions), 100):  # advance takes 100 at a time
        moves = actions[first : first + 100]
        advanced = post(client, "/v1/games/advance", {"state": advanced_state, "actions": moves})
        advanced_state = advanced["state"]
        advanced_events += advanced["events"]
    assert (advanced_state, advanced_events) == (state, events)
    replayed = post(client, "/v1/records/replay", {"record": {"game": game, "moves": actions}})
    assert replayed["stopped"] is None and replayed["played"] == len(actions)
    assert (replayed["state"], replayed["events"]) == (state, events)


@pytest.mark.slow
def test_table_mode_the_bots_stop_where_the_table_reveals(client):
    state = revealed(client, a_game(client, mode="table"))
    seat = legal(client, state)["player"]
    answer = bots(client, {"state": state, "bots": {str(seat): "greedy"}, "budget_ms": 20})
    assert answer["stopped"] == "reveal"
    assert legal(client, answer["state"])["player"] is None


def test_t9_a_finished_game_has_no_bot_turns(client):
    problem = bots(client, {"state": finished(client), "bots": {"0": "greedy"}}, 409)
    assert problem["type"] == "urn:alhambra:problem:game-over" and problem["rule"] == "T9"
    assert [error["pointer"] for error in problem["errors"]] == ["/state/over"]


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"bots": {"2": "greedy"}}, "/bots/2"),
        ({"bots": {}}, "/bots"),
        ({"bots": {"0": "expert"}}, "/bots/0"),
        ({"bots": {"seat": "greedy"}}, "/bots"),
        ({"budget_ms": 5001}, "/budget_ms"),
    ],
)
def test_a_bad_bot_turns_request_is_refused_with_a_pointer(client, change, pointer):
    state = a_game(client)
    problem = bots(client, {"state": state, "bots": {"1": "greedy"}, **change}, 422)
    assert pointer in [error["pointer"] for error in problem["errors"]]


# --- bounded time ---------------------------------------------------------------------------


def worst_state() -> dict[str, Any]:
    """A 6-player game late on, with every module, the seat to act holding every money card
    value of every currency and every exchange card nobody else holds (V2): hundreds of legal
    actions, large Alhambras."""
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(list(NAMES[:6]), seed=seed, options=Options(rules=ruleset(ALL_MODULES)))
        while not state.over:
            if (
                to_act(state) is not None
                and state.turn.phase == "action"
                and len(state.bag) < 20
                and not state.turn.bought
            ):
                seat = state.turn.player
                state = with_hand(state, seat, list(CARD.values()))
                in_hands = {card for player in state.players for card in held(player.parts)}
                free = [
                    card
                    for card in EXCHANGE_CARDS
                    if card not in in_hands and card not in state.face_up
                ]
                return dump_state(holding_exchange(state, seat, *free))
            state, _ = apply(state, random_action(state, rng))
    raise AssertionError("no such state in 200 games")


@pytest.fixture(scope="module")
def worst() -> dict[str, Any]:
    return worst_state()


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_advice_on_the_worst_state_keeps_to_its_time(client, worst, level, monkeypatch):
    assert len(legal(client, worst)["actions"]) > 500
    ticks = ticking(monkeypatch)
    response = client.post(
        "/v1/games/advice",
        json={"state": worst, "level": level, "budget_ms": 200, "iterations": 1_000_000},
    )
    # the player stops at its first look past the 200 ms, however many iterations were asked
    assert 200 <= ticks.readings <= 200 + 2, ticks.readings
    assert len(valid(response.get_json(), "advice.json")["actions"]) > 500


def test_bot_turns_stop_when_the_requests_time_is_spent(client, worst, monkeypatch):
    everyone = {str(seat): "mcts" for seat in range(6)}
    ticks = ticking(monkeypatch, step_ms=50)
    response = client.post(
        "/v1/games/bot-turns", json={"state": worst, "bots": everyone, "budget_ms": 5000}
    )
    answer = valid(response.get_json(), "bot-turns.json")
    assert answer["stopped"] == "time"
    spent_ms = ticks.readings * ticks.step_ms
    # a few looks past the request's time: the deciding player's last look, its answer's
    # clocks, and the request's own look before the next decision
    assert MAX_BUDGET_MS <= spent_ms <= MAX_BUDGET_MS + 6 * ticks.step_ms, spent_ms
    assert answer["events"]  # the decisions taken within the time are kept


# --- helpers ---------------------------------------------------------------------------------


def step(client, state: dict[str, Any]) -> dict[str, Any]:
    """The state after the first legal action."""
    return advance(client, state, legal(client, state)["actions"][0])["state"]


def revealed(client, state: dict[str, Any]) -> dict[str, Any]:
    """Table mode: the table's reveals made (the first listed each time) until a player
    decides."""
    while legal(client, state)["player"] is None:
        state = step(client, state)
    return state


def finished(client) -> dict[str, Any]:
    state = a_game(client)
    everyone = {"0": "random", "1": "random"}
    while not state["over"]:
        state = bots(client, {"state": state, "bots": everyone, "budget_ms": 10})["state"]
    return state
