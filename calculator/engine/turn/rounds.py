"""Scoring rounds (T8, T9): the core scores (M1-M5, W4, D3); the engine adds up the totals.

Only the Alhambra counts (M1: reserve tiles never), with what the modules' pieces add (V3,
V4); walls score by the longest wall (W4).
"""

from __future__ import annotations

from msgspec.structs import replace

from calculator import modules as registry
from calculator.core.scoring import Holding, RoundScore, score_round
from calculator.core.walls import wall_length
from calculator.engine.events import RoundScored
from calculator.engine.state import Draft, Player
from calculator.engine.turn.dummy import dummy_counts


def holding(player: Player, modules: frozenset[str]) -> Holding:
    """What a player brings to a scoring round: the Alhambra's buildings (with what the
    ``modules`` played add: V3, V4) and longest wall."""
    alhambra = player.alhambra
    return Holding(
        registry.tally(alhambra.tiles, registry.counted(player, modules)).counts,
        wall_length(alhambra).length,  # W4 needs the length alone
    )


def score(draft: Draft, scoring_round: int) -> RoundScored:
    """Score ``scoring_round`` now and add each player's points to the total."""
    modules = draft.options.modules
    result: RoundScore = score_round(
        scoring_round, [holding(player, modules) for player in draft.players], dummy_counts(draft)
    )
    draft.players = [
        replace(player, score=player.score + points.points)
        for player, points in zip(draft.players, result.players, strict=True)
    ]
    draft.rounds_scored += (scoring_round,)
    return RoundScored(
        scoring_round,
        tuple(player.name for player in draft.players),
        result,
        tuple(player.score for player in draft.players),
    )
