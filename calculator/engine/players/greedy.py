"""The ``greedy`` player: one ply, each legal action judged by the evaluation of the game
right after it (:mod:`evaluation`).

It judges on one determinisation of the seat's information set (:mod:`information`): carrying
out an action may refill the market and the money from hidden draws (T7), which must come from
what the seat could imagine, not from the real bag. Each action is played on a copy of that
game (the core's cheap copy). Actions still unjudged when the time runs out follow the judged
ones, rated with the evaluation of now.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from calculator.engine.actions import Action
from calculator.engine.core import Game, Move
from calculator.engine.game import legal_moves, play
from calculator.engine.players.advice import Advice, Budget, Clock, RatedAction, check_seat
from calculator.engine.players.evaluation import (
    WEIGHTS,
    Weights,
    projections,
    standing,
    tempo,
    win_chances,
)
from calculator.engine.players.information import Unseen, determinise, information_set
from calculator.engine.state import GameState


def advise(
    state: GameState, seat: int, *, budget: Budget, seed: int = 0, weights: Weights = WEIGHTS
) -> Advice:
    """Every legal action of ``seat``, best first by the evaluation after it (ties: the
    engine's order). An iteration is one action judged: greedy judges them all unless the
    time runs out, whatever the iteration budget (that counts a search's games)."""
    check_seat(state, seat)
    clock = Clock.of(budget)
    information = information_set(state, seat)
    world = determinise(Unseen(information, seat), random.Random(f"greedy/{seed}"))
    moves = legal_moves(information)
    judged = judge(world, seat, moves, clock, weights)
    now = projections(world, weights)[seat]
    unjudged = range(len(judged), len(moves))
    return Advice(
        seat,
        "greedy",
        len(judged),
        tuple(
            RatedAction(_record(information, moves[j.position]), round(j.points, 2)) for j in judged
        )
        + tuple(
            RatedAction(_record(information, moves[index]), round(now, 2)) for index in unjudged
        ),
    )


def _record(game: Game, move: Move) -> Action:
    action: Action = move[0].record(game, move)
    return action


class Judged(NamedTuple):
    value: float
    points: float
    """The seat's projected points after the action."""
    chance: float
    """The seat's chance of winning after the action, from the projections."""
    position: int
    """The action's place in the listing judged."""


def judge(
    world: Game,
    seat: int,
    moves: Sequence[Move],
    clock: Clock,
    weights: Weights = WEIGHTS,
) -> list[Judged]:
    """The evaluation after each of ``moves`` in ``world`` (as many as the clock allows),
    best first; ties keep the listing's order."""
    judged = []
    for index, move in enumerate(moves):
        if clock.expired():
            break
        after = world.copy()
        play(after, move)
        projected = projections(after, weights)
        judged.append(
            Judged(
                standing(projected, seat, weights) + tempo(move, weights),
                projected[seat],
                win_chances(projected)[seat],
                index,
            )
        )
    judged.sort(key=lambda rated: (-rated.value, rated.position))
    return judged
