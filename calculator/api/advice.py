"""The computer players as operations, request dict in, response dict out: the advisor and the
bots' turns (the players: :mod:`calculator.engine.players`).

Stateless like the other game operations (:mod:`calculator.api.game_service`): the client
sends the state; the state is loaded and checked the same way, and the actions and events are
written the same way. Both operations are bounded by the wall clock: a request never thinks
longer than :data:`MAX_BUDGET_MS`, whatever the state, plus one iteration of a player and the
loading and writing of the documents.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Final

from calculator import engine
from calculator.api import requests
from calculator.api.contract import request_contract
from calculator.api.game_document import dump_action, dump_event, dump_state
from calculator.api.game_service import SEEDS, GameOverProblem, NotYourTurnProblem
from calculator.api.problems import ApiProblem, Problem
from calculator.core.text import Text
from calculator.engine import GameOver, NotYourTurn
from calculator.engine.players import Budget, Level, RatedAction, advise
from calculator.engine.players.advice import Clock, check_seat
from calculator.engine.state import GameState

MAX_BUDGET_MS: Final[int] = 5000
"""The most a request may think: an advice's ``budget_ms``, and all the decisions of one
bot-turns request together (its ``budget_ms`` is each decision's)."""
DEFAULT_BUDGET_MS: Final[int] = 1000
"""An advice's time without ``budget_ms``; with ``iterations`` alone, the cap instead."""
SHORTEST_DECISION_MS: Final[int] = 10
"""A bot does not start a decision with less time left than this: the request stops."""


class SeatCannotActProblem(ApiProblem):
    """409: nobody can be advised or played for now: the game is over (T9), another seat
    decides (T2, V1), or the table must reveal a draw first (T7)."""

    status = 409

    def __init__(self, where: str, refusal: NotYourTurn | GameOver) -> None:
        super().__init__(
            Text("api.detail.seat_cannot_act", why=refusal.message, rule=refusal.rule),
            [Problem(where, refusal.message)],
            rule=refusal.rule,
        )


class SeatNotToActProblem(SeatCannotActProblem):
    type = NotYourTurnProblem.type
    title = NotYourTurnProblem.title


class GameAlreadyOverProblem(SeatCannotActProblem):
    type = GameOverProblem.type
    title = GameOverProblem.title


def _refused(body: dict[str, Any], refusal: NotYourTurn | GameOver) -> SeatCannotActProblem:
    """The refusal pointed at what decides it: the state's end, else the seat asked for (or
    the turn, which names the seat that decides)."""
    if isinstance(refusal, GameOver):
        return GameAlreadyOverProblem("/state/over", refusal)
    return SeatNotToActProblem("/player" if "player" in body else "/state/turn", refusal)


def advice(body: Any) -> dict[str, Any]:
    """``POST /v1/games/advice``: every legal action of the seat that decides now, best first,
    as the ``level`` player rates them."""
    query: requests.AdviceQuery = requests.read(body, "advice-request.json", requests.ADVICE)
    state = query.state
    asked = query.player if query.player is not None else engine.to_act(state)
    iterations = query.iterations
    milliseconds = query.budget_ms
    if milliseconds is None:
        milliseconds = DEFAULT_BUDGET_MS if iterations is None else MAX_BUDGET_MS
    budget = Budget(milliseconds=float(milliseconds), iterations=iterations)
    try:
        check_seat(state, -1 if asked is None else asked)
    except (NotYourTurn, GameOver) as refusal:
        raise _refused(body, refusal) from None
    assert asked is not None  # check_seat refuses a state where nobody decides
    seed = query.seed if query.seed is not None else secrets.randbelow(SEEDS)
    answer = advise(query.level, state, asked, budget=budget, seed=seed)
    return {
        "player": answer.player,
        "level": answer.level,
        "iterations": answer.iterations,
        "actions": [_rated(rated) for rated in answer.actions],
    }


def _rated(rated: RatedAction) -> dict[str, Any]:
    document: dict[str, Any] = {
        "action": dump_action(rated.action),
        "expected_points": rated.expected_points,
    }
    if rated.win_probability is not None:
        document["win_probability"] = rated.win_probability
    if rated.visits is not None:
        document["visits"] = rated.visits
    return document


def bot_turns(body: Any) -> dict[str, Any]:
    """``POST /v1/games/bot-turns``: the bots' decisions played (turns, placements, a module's
    offers) until a seat that is not a bot must decide, the table must reveal a draw, the game
    ends, or the request's time is spent; ``stopped`` says which. ``actions`` are the decisions
    as advance takes them, so that a client keeps the game's record (its moves, in order)."""
    query: requests.BotTurnsQuery = requests.read(
        body, "bot-turns-request.json", requests.BOT_TURNS
    )
    state, bots = query.state, query.bots
    if state.over:
        raise _refused(body, GameOver("T9", Text("api.T9.game_over")))
    each = float(query.budget_ms if query.budget_ms is not None else DEFAULT_BUDGET_MS)
    seed = query.seed if query.seed is not None else secrets.randbelow(SEEDS)
    seeds = random.Random(f"bot-turns/{seed}")  # each decision's seed, in turn
    clock = Clock.of(Budget(milliseconds=MAX_BUDGET_MS))
    contract = request_contract("game-state.json")
    document = dump_state(state)
    actions: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    while True:
        stopped = _why_stop(state, bots)
        if stopped is not None:
            break
        left_ms = clock.left_ms()
        if left_ms < SHORTEST_DECISION_MS:
            stopped = "time"
            break
        seat = engine.to_act(state)
        assert seat is not None  # _why_stop: a seat decides
        budget = Budget(milliseconds=min(each, left_ms))
        action = advise(bots[seat], state, seat, budget=budget, seed=seeds.randrange(2**31)).best
        following, happened = engine.apply(state, action)
        following_document = dump_state(following)
        if not contract.is_valid(following_document):
            stopped = "bounds"  # the next state could not be sent back: stay before it
            break
        state, document = following, following_document
        actions.append(dump_action(action))
        events += [dump_event(event) for event in happened]
    return {"state": document, "actions": actions, "events": events, "stopped": stopped}


def _why_stop(state: GameState, bots: dict[int, Level]) -> str | None:
    """Why no bot decides now: ``over`` (T9), ``reveal`` (table mode: the table draws, T7),
    ``player`` (a seat that is not a bot decides); ``None`` when a bot does."""
    if state.over:
        return "over"
    seat = engine.to_act(state)
    if seat is None:
        return "reveal"
    if seat not in bots:
        return "player"
    return None
