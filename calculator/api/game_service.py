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
from calculator.api import requests
from calculator.api.contract import request_contract
from calculator.api.game_document import dump_action, dump_event, dump_state
from calculator.api.problems import ApiProblem, Problem, pointer
from calculator.api.table_document import dump_table_report, load_table
from calculator.core.text import Text
from calculator.engine import ActionRefused, GameOver, NotYourTurn
from calculator.engine.state import GameState

SEEDS: Final[int] = 2**53
"""A seed the server picks is below this (it stays exact as a JSON number)."""


class ActionRefusedProblem(ApiProblem):
    """409: an action the rules do not allow now; nothing of the request was applied."""

    status = 409
    type = "urn:alhambra:problem:illegal-action"
    title = Text("api.title.illegal_action")

    def __init__(self, index: int, refusal: ActionRefused) -> None:
        super().__init__(
            Text("api.detail.action_refused", index=index, rule=refusal.rule, why=refusal.message),
            [Problem(pointer("actions", index), refusal.message)],
            rule=refusal.rule,
        )


class NotYourTurnProblem(ActionRefusedProblem):
    type = "urn:alhambra:problem:not-your-turn"
    title = Text("api.title.not_your_turn")


class GameOverProblem(ActionRefusedProblem):
    type = "urn:alhambra:problem:game-over"
    title = Text("api.title.game_over")


class BeyondBoundsProblem(ApiProblem):
    """409: an action takes the game past a bound of the state document (a turn number, a
    score, a count of reshuffles: ``schemas/game-state.json``), so the state could not be sent
    back; nothing of the request was applied."""

    status = 409
    type = "urn:alhambra:problem:beyond-bounds"
    title = Text("api.title.beyond_bounds")

    def __init__(self, index: int, problems: list[Problem]) -> None:
        where = [Text("api.at", pointer=p.pointer, what=p.message) for p in problems]
        super().__init__(
            Text("api.detail.beyond_bounds", index=index, where=where),
            [Problem(pointer("actions", index), problem.message) for problem in problems],
        )


def new_game(body: Any) -> dict[str, Any]:
    """``POST /v1/games``: a game set up (T1, D1, D2); the same seed gives the same game."""
    query: requests.NewGameQuery = requests.read(body, "new-game-request.json", requests.NEW_GAME)
    seed = query.seed if query.seed is not None else secrets.randbelow(SEEDS)
    start = query.start_player
    return {"state": dump_state(engine.new_game(list(query.names), seed, start, query.options))}


def legal_actions(body: Any) -> dict[str, Any]:
    """``POST /v1/games/legal-actions``: who acts now, and every legal action."""
    state: GameState = requests.read(body, "legal-actions-request.json", requests.LEGAL_ACTIONS)
    return {
        "player": engine.to_act(state),
        "phase": str(state.turn.phase),
        "actions": [dump_action(action) for action in engine.legal_actions(state)],
    }


def advance(body: Any) -> dict[str, Any]:
    """``POST /v1/games/advance``: apply the actions in order and everything automatic after
    them; all or nothing."""
    query: requests.AdvanceQuery = requests.read(body, "advance-request.json", requests.ADVANCE)
    state = query.state
    events, steps = [], []
    for index, action in enumerate(query.actions):
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


def table(body: Any) -> dict[str, Any]:
    """``POST /v1/table``: a described table evaluated at once (B2-B5, M1, W1-W3, T4; M1-M5
    with a round; T9 on request)."""
    request: dict[str, Any] = requests.read(body, "table-request.json", load_table)
    return dump_table_report(request["table"], request["round"], request["end_of_game"])
