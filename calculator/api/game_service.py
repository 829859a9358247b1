"""The game operations as plain functions, request dict in, response dict out (T1-T9, D1-D4).

Shared by the HTTP views (``games.py``) and the console script, so both give the same JSON.
Each operation checks the body against its contract (``schemas/``), loads the state (checked
for consistency, :mod:`calculator.api.game_document`), asks the engine and dumps the answer.
Nothing is kept between requests: the client holds the state.
"""

from __future__ import annotations

import secrets
from typing import Any, Final

from calculator import engine
from calculator.api.contract import request_contract
from calculator.api.game_document import (
    dump_action,
    dump_event,
    dump_state,
    dump_table_report,
    load_action,
    load_components,
    load_state,
    load_table,
)
from calculator.api.problems import (
    ApiProblem,
    InvalidDocument,
    InvalidRequest,
    Problem,
    pointer,
    under,
)
from calculator.api.wire import names_taken_twice
from calculator.engine import ActionRefused, GameOver, NotYourTurn
from calculator.engine.actions import Action
from calculator.engine.state import GameState, Options
from calculator.modules import REGISTRY

SEEDS: Final[int] = 2**53
"""A seed the server picks is below this (it stays exact as a JSON number)."""


class ActionRefusedProblem(ApiProblem):
    """409: an action the rules do not allow now; nothing of the request was applied."""

    status = 409
    type = "urn:alhambra:problem:illegal-action"
    title = "Illegal action"

    def __init__(self, index: int, refusal: ActionRefused) -> None:
        super().__init__(
            f"action {index} refused ({refusal.rule}): {refusal.message}; nothing was applied",
            [Problem(pointer("actions", index), refusal.message)],
            rule=refusal.rule,
        )


class NotYourTurnProblem(ActionRefusedProblem):
    type = "urn:alhambra:problem:not-your-turn"
    title = "Not your turn"


class GameOverProblem(ActionRefusedProblem):
    type = "urn:alhambra:problem:game-over"
    title = "Game over"


class BeyondBoundsProblem(ApiProblem):
    """409: an action takes the game past a bound of the state document (a turn number, a
    score, a count of reshuffles: ``schemas/game-state.json``), so the state could not be sent
    back; nothing of the request was applied."""

    status = 409
    type = "urn:alhambra:problem:beyond-bounds"
    title = "Beyond the state's bounds"

    def __init__(self, index: int, problems: list[Problem]) -> None:
        where = "; ".join(f"{problem.pointer}: {problem.message}" for problem in problems)
        super().__init__(
            f"action {index} takes the game past the bounds of a state ({where}); "
            "nothing was applied",
            [Problem(pointer("actions", index), problem.message) for problem in problems],
        )


def new_game(body: Any) -> dict[str, Any]:
    """``POST /v1/games``: a game set up (T1, D1, D2); the same seed gives the same game."""
    request_contract("new-game-request.json").check(body)
    problems: list[Problem] = []
    names = body["players"]
    start = body.get("start_player")
    if start is not None:
        start = int(start)  # the schema takes 2.0 for 2, as JSON Schema does
    if start is not None and start >= len(names):
        problems.append(
            Problem("/start_player", f"there is no seat {start} among {len(names)} players")
        )
    problems += names_taken_twice(names, member=None)
    wire_options = body.get("options", {})
    wire_components = wire_options.get("components", {})
    try:
        components = load_components(wire_components)
    except InvalidDocument as error:
        problems += under(("options", "components"), error.problems)
    for module in REGISTRY:  # what a module's own components must be (V4)
        if module.given_components is not None:
            problems += [
                Problem(pointer("options", "components", member), message)
                for member, message in module.given_components(wire_components)
            ]
    if problems:
        raise InvalidRequest(problems)
    options = Options(
        mode=wire_options.get("mode", "digital"),
        hole_rule=wire_options.get("holes", "region"),
        modules=frozenset(wire_options.get("modules", ())),
        components=tuple(
            (member, tuple(tiles)) for member, tiles in sorted(components.items()) if tiles
        ),
    )
    seed = int(body["seed"]) if "seed" in body else secrets.randbelow(SEEDS)
    return {"state": dump_state(engine.new_game(names, seed, start, options))}


def legal_actions(body: Any) -> dict[str, Any]:
    """``POST /v1/games/legal-actions``: who acts now, and every legal action."""
    request_contract("legal-actions-request.json").check(body)
    state = request_state(body["state"])
    return {
        "player": engine.to_act(state),
        "phase": state.turn.phase,
        "actions": [dump_action(action) for action in engine.legal_actions(state)],
    }


def advance(body: Any) -> dict[str, Any]:
    """``POST /v1/games/advance``: apply the actions in order and everything automatic after
    them; all or nothing."""
    request_contract("advance-request.json").check(body)
    state, actions = _state_and_actions(body["state"], body["actions"])
    events, steps = [], []
    for index, action in enumerate(actions):
        try:
            state, happened = engine.apply(state, action)
        except NotYourTurn as refusal:
            raise NotYourTurnProblem(index, refusal) from None
        except GameOver as refusal:
            raise GameOverProblem(index, refusal) from None
        except ActionRefused as refusal:
            raise ActionRefusedProblem(index, refusal) from None
        events += happened
        steps.append(state)
    document = _within_bounds(steps)
    return {"state": document, "events": [dump_event(event) for event in events]}


def _within_bounds(steps: list[GameState]) -> dict[str, Any]:
    """The document of the last state, which the caller can send back: it meets the state's
    contract. Else 409 at the first action that took the game past a bound."""
    contract = request_contract("game-state.json")
    document = dump_state(steps[-1])
    if contract.is_valid(document):
        return document
    documents = [dump_state(state) for state in steps]
    first = next(i for i, step in enumerate(documents) if not contract.is_valid(step))
    raise BeyondBoundsProblem(first, contract.problems(documents[first]))


def request_state(document: Any) -> GameState:
    """The request's state, checked for consistency (422 with pointers under ``/state``)."""
    state, _ = _state_and_actions(document, [])
    return state


def _state_and_actions(
    state_document: Any, action_documents: list[Any]
) -> tuple[GameState, list[Action]]:
    """The state (checked for consistency) and the actions; every problem of both at once."""
    state, problems = None, []
    try:
        state = load_state(state_document)
    except InvalidDocument as error:
        problems += under(("state",), error.problems)
    state_problems = len(problems)
    actions = []
    for index, document in enumerate(action_documents):
        try:
            actions.append(load_action(document))
        except InvalidDocument as error:
            problems += under(("actions", index), error.problems)
    if problems:
        only_the_state = state_problems == len(problems)
        raise InvalidRequest(
            problems,
            detail=(
                "the state is not one a game can reach: "
                + f"{state_problems} problem{'s' if state_problems > 1 else ''}"
                if only_the_state
                else None
            ),
        )
    assert state is not None  # loaded, or a problem was raised
    return state, actions


def table(body: Any) -> dict[str, Any]:
    """``POST /v1/table``: a described table evaluated at once (B2-B5, M1, W1-W3, T4; M1-M5
    with a round; T9 on request)."""
    request_contract("table-request.json").check(body)
    try:
        request = load_table(body)
    except InvalidDocument as error:
        raise InvalidRequest(error.problems) from None
    return dump_table_report(request["table"], request["round"], request["end_of_game"])
