"""S1 New score cards [``score_cards``]: each round's card orders the six building types from
least to most valuable, and the type at position p scores M2's row p.

Row p pays round 1: p; round 2: p + 7, p; round 3: p + 15, p + 7, p. The card in M2's own
order gives M2's table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from calculator.core.module_scoring import Refusal, ScoringModule, ScoringRequest
from calculator.core.scoring import Points
from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS, Building
from calculator.engine.core import Module

NAME: Final[str] = "score_cards"
RULE: Final[str] = "S1"


def row(position: int) -> dict[int, tuple[int, ...]]:
    """S1: the points per place of M2's row ``position`` (1...6), by scoring round."""
    return {1: (position,), 2: (position + 7, position), 3: (position + 15, position + 7, position)}


def card_points(card: Sequence[Building]) -> Points:
    """S1: the points per place of each type on a score card."""
    return {building: row(position) for position, building in enumerate(card, start=1)}


def is_score_card(card: Sequence[str]) -> bool:
    """S1: a card is an order of the six types, each once."""
    return len(card) == len(BUILDINGS) and set(card) == {b.value for b in BUILDINGS}


def refusals(request: ScoringRequest) -> list[Refusal]:
    """S1: a card is an order of the six types."""
    card = request.body.get("score_card")
    if card is None or is_score_card(card):
        return []
    return [
        Refusal(
            ("score_card",),
            Text("api.S1.score_card"),
        )
    ]


def points(body: Mapping[str, Any]) -> Points:
    """S1: the points per place of this scoring's card (a valid one: :func:`refusals`)."""
    return card_points([Building(name) for name in body["score_card"]])


SCORING: Final[ScoringModule] = ScoringModule(
    round_fields=("score_card",),
    required=("score_card",),
    refusals=refusals,
    points=points,
)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = ["MODULE", "NAME", "RULE", "SCORING", "card_points", "is_score_card", "row"]
