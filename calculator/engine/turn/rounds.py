"""Scoring rounds (T8, T9): the core scores (M1-M5, W4, D3); the engine adds up the totals.

Only the Alhambra counts (M1: reserve tiles never), with what the modules played add (V3,
V4); walls score by the longest wall (W4), its length kept by the layout until it changes.
"""

from __future__ import annotations

from calculator.core.scoring import Holding, score_round
from calculator.engine.core import Game
from calculator.engine.events import RoundScored
from calculator.engine.turn.dummy import by_building, dummy_counts


def holdings(game: Game) -> list[Holding]:
    """What each player brings to a scoring round: the Alhambra's buildings (with what the
    modules played add: V3, V4) and longest wall (W4 needs the length alone)."""
    counts = game.rules.counts
    return [
        Holding(by_building(counts(seat.alhambra, seat.parts)), seat.alhambra.wall())
        for seat in game.seats
    ]


def score(game: Game, scoring_round: int) -> None:
    """Score ``scoring_round`` now and add each player's points to the total."""
    dummy = dummy_counts(game)
    result = score_round(
        scoring_round, holdings(game), None if dummy is None else by_building(dummy)
    )
    for seat, points in zip(game.seats, result.players, strict=True):
        seat.score += points.points
    game.rounds_scored.append(scoring_round)
    if game.log is not None:
        game.log.append(
            RoundScored(
                scoring_round,
                tuple(seat.name for seat in game.seats),
                result,
                tuple(seat.score for seat in game.seats),
            )
        )
