"""The ``greedy`` player: each legal action judged by the evaluation of the game after it
(:mod:`evaluation`), the best few judged again with the rest of the seat's turn played out.

It judges on one determinisation of the seat's information set (:mod:`information`): carrying
out an action may refill the market and the money from hidden draws (T7), which must come from
what the seat could imagine, not from the real bag. Each action is played on a copy of that
game (the core's cheap copy).

1. :func:`judge`: every legal action, one ply (the judgement mcts starts its search from).
2. :func:`played_out`: the best :data:`CANDIDATES` of them judged again with the seat's turn
   played out: after an exact payment the seat acts again (T4), after its actions it places
   what it bought (T6), each of those decisions taken by the one-ply judgement. An action is
   worth the turn it starts: an exact payment what the further action brings, not a flat
   term; a tile bought where it is placed (its walls, W4; the reserve, T5), not as if built.
   The candidates are ranked among themselves by that; the other actions follow in the
   one-ply order.

Actions still unjudged when the time runs out follow the judged ones, rated with the
evaluation of now; candidates whose turns were not played out in time follow the others
judged again, in the one-ply order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, NamedTuple

from calculator.engine.actions import Action
from calculator.engine.core import Game, Move
from calculator.engine.game import legal_moves, play, seat_to_act
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

CANDIDATES: Final[int] = 3
"""The one-ply best judged again with the seat's turn played out (docs/performance.md)."""


def advise(
    state: GameState, seat: int, *, budget: Budget, seed: int = 0, weights: Weights = WEIGHTS
) -> Advice:
    """Every legal action of ``seat``, best first: the candidates by their turn played out,
    then the others by the evaluation after them (ties: the engine's order). An iteration is
    one action judged, a candidate twice: greedy does all its work unless the time runs out,
    whatever the iteration budget (that counts a search's games)."""
    check_seat(state, seat)
    clock = Clock.of(budget)
    information = information_set(state, seat)
    world = determinise(Unseen(information, seat), random.Random(f"greedy/{seed}"))
    moves = legal_moves(information)
    judged = judge(world, seat, moves, clock, weights)
    again: list[Judged] = []
    if len(judged) == len(moves) > 1:
        for candidate in judged[:CANDIDATES]:
            turn = played_out(world, seat, moves, candidate, clock, weights)
            if turn is None:
                break
            again.append(turn)
        again.sort(key=lambda rated: (-rated.value, rated.position))
    now = projections(world, weights)[seat] if len(judged) < len(moves) else 0.0
    return Advice(
        seat,
        "greedy",
        len(judged) + len(again),
        tuple(
            RatedAction(_record(information, moves[j.position]), round(j.points, 2))
            for j in again + judged[len(again) :]
        )
        + tuple(
            RatedAction(_record(information, moves[index]), round(now, 2))
            for index in range(len(judged), len(moves))
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


def played_out(
    world: Game,
    seat: int,
    moves: Sequence[Move],
    one_ply: Judged,
    clock: Clock,
    weights: Weights = WEIGHTS,
) -> Judged | None:
    """The action judged by ``one_ply`` (one of ``moves``), judged again once it and the rest
    of the seat's turn are played in a copy of ``world``: while the seat decides in the same
    turn (a further action after an exact payment, T4; placing the tiles bought, T6), it plays
    its one-ply best (:func:`judge`), each action paying its :func:`tempo`. Bounded by the
    turn: at most four buys and one more action (T4), one placement per tile bought. An action
    after which the seat's turn goes no further keeps its one-ply judgement; ``None`` when
    the time runs out before the turn is played out."""
    game = world.copy()
    number = game.number
    move = moves[one_ply.position]
    spent = tempo(move, weights)
    play(game, move)
    if not _goes_on(game, seat, number):
        return one_ply
    while _goes_on(game, seat, number):
        following = legal_moves(game)
        best = judge(game, seat, following, clock, weights)
        if len(best) < len(following):
            return None
        chosen = following[best[0].position]
        spent += tempo(chosen, weights)
        play(game, chosen)
    projected = projections(game, weights)
    return Judged(
        standing(projected, seat, weights) + spent,
        projected[seat],
        win_chances(projected)[seat],
        one_ply.position,
    )


def _goes_on(game: Game, seat: int, number: int) -> bool:
    """Whether ``seat`` still decides in turn ``number`` (T4, T6)."""
    return not game.over and game.number == number and seat_to_act(game) == seat
