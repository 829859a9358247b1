"""The ``greedy`` player: one ply, each legal action judged by the evaluation of the game
right after it (:mod:`evaluation`).

It judges on one determinisation of the seat's information set (:mod:`information`): applying
an action may refill the market and the money from hidden draws (T7), which must come from
what the seat could imagine, not from the real bag. Actions still unjudged when the time runs
out follow the judged ones, rated with the evaluation of now.
"""

from __future__ import annotations

import random

from calculator.engine.game import apply, legal_actions
from calculator.engine.players.advice import Advice, Budget, Clock, RatedAction, check_seat
from calculator.engine.players.evaluation import WEIGHTS, Weights, projections, value
from calculator.engine.players.information import determinise, information_set
from calculator.engine.state import GameState


def advise(
    state: GameState, seat: int, *, budget: Budget, seed: int = 0, weights: Weights = WEIGHTS
) -> Advice:
    """Every legal action of ``seat``, best first by the evaluation after it (ties: the
    engine's order). An iteration is one action judged."""
    check_seat(state, seat)
    clock = Clock(budget)
    information = information_set(state, seat)
    world = determinise(information, seat, random.Random(f"greedy/{seed}"))
    actions = legal_actions(information)
    limit = len(actions) if budget.iterations is None else budget.iterations
    judged: list[tuple[float, float, int]] = []  # (value, projected points, index)
    for index, action in enumerate(actions):
        if index >= limit or clock.expired():
            break
        after, _ = apply(world, action)
        judged.append((value(after, seat, weights), projections(after, weights)[seat], index))
    judged.sort(key=lambda rated: (-rated[0], rated[2]))
    now = projections(world, weights)[seat]
    unjudged = range(len(judged), len(actions))
    return Advice(
        seat,
        "greedy",
        len(judged),
        tuple(RatedAction(actions[index], round(points, 2)) for _, points, index in judged)
        + tuple(RatedAction(actions[index], round(now, 2)) for index in unjudged),
    )
