"""K1 Treasure chamber [``treasure``]: chests on buildings of their colour, a majority of their
own at every scoring.

The chests of each player are ranked like a building type (M3, M4); the places pay round 1:
7; round 2: 14, 7; round 3: 22, 14, 7. The dummy holds none (a decision, ``docs/decisions.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from calculator.core.building import Violation
from calculator.core.module_scoring import (
    Part,
    Refusal,
    RoundTable,
    ScoringModule,
    ScoringRequest,
    alhambra_refusals,
    beyond_supply,
)
from calculator.core.pieces import Furnished, token_violations, tokens_by_colour
from calculator.core.plausibility import Where
from calculator.core.scoring import Majority, rank_places
from calculator.core.text import Text
from calculator.core.tiles import Building
from calculator.engine.core import Module

NAME: Final[str] = "treasure"
RULE: Final[str] = "K1"

CHEST: Final[str] = "chest"
"""The token a chest is on a building."""

CHESTS_BY_COLOUR: Final[dict[Building, int]] = {
    Building.PAVILION: 5,
    Building.SERAGLIO: 5,
    Building.ARCADES: 7,
    Building.CHAMBERS: 7,
    Building.GARDEN: 9,
    Building.TOWER: 9,
}
"""K1: the 42 chests by colour."""

CHESTS: Final[int] = sum(CHESTS_BY_COLOUR.values())

CHEST_POINTS: Final[dict[int, tuple[int, ...]]] = {1: (7,), 2: (14, 7), 3: (22, 14, 7)}
"""K1: the points of 1st, 2nd and 3rd place by scoring round."""


def chest_majorities(scoring_round: int, chests: Sequence[int]) -> list[Majority]:
    """K1 with M3, M4: each player's standing in chests, ties split as for a building type."""
    return rank_places(CHEST_POINTS[scoring_round], chests)


def chests_by_colour(furnished: Furnished) -> dict[Building, int]:
    """K1: the chests on the buildings of an Alhambra, by colour."""
    return tokens_by_colour(furnished, CHEST)


def chests_in(furnished: Furnished) -> int:
    return sum(chests_by_colour(furnished).values())


def chest_violations(furnished: Furnished) -> list[Violation]:
    """K1: a chest lies on a building of its colour, one per building; no more of a colour
    than the table has."""
    return token_violations(furnished, CHEST, RULE, CHESTS_BY_COLOUR)


def term(table: RoundTable) -> list[Part]:
    """K1: each player's chests (on the Alhambra's buildings, or as counted) ranked."""
    chests = [
        chests_in(seat.furnished) if seat.furnished is not None else seat.chests
        for seat in table.seats
    ]
    return [
        Part(m.points, {"chests": count, "place": m.place, "shared_with": m.shared_with})
        for count, m in zip(chests, chest_majorities(table.scoring_round, chests), strict=True)
    ]


def refusals(request: ScoringRequest) -> list[Refusal]:
    """K1: chests on buildings of their colour, one per building, not with the dummy; the
    table's 42 in their colours."""
    refused = alhambra_refusals(request, chest_violations, "chest")
    held: list[tuple[int, Where]] = []
    by_colour: dict[Building, list[tuple[int, Where]]] = {b: [] for b in CHESTS_BY_COLOUR}
    for index, (seat, typed) in enumerate(zip(request.seats, request.typed, strict=True)):
        if seat.furnished is not None:
            where: Where = ("players", index, "alhambra")
            colours = chests_by_colour(seat.furnished)
            held.append((sum(colours.values()), where))
            for building, count in colours.items():
                by_colour[building].append((count, where))
        elif typed is not None:
            held.append((seat.chests, ("players", index, "chests")))
            buildings = sum(typed.values())
            if seat.chests > buildings:
                refused.append(
                    Refusal(
                        ("players", index, "chests"),
                        Text("api.K1.chests_on_buildings", chests=seat.chests, n=buildings),
                    )
                )
    refused += beyond_supply(held, CHESTS, Text("api.K1.supply", most=CHESTS))
    for building, colour_held in by_colour.items():
        limit = CHESTS_BY_COLOUR[building]
        refused += beyond_supply(
            colour_held,
            limit,
            Text("api.K1.supply_colour", building=Text(f"building.{building.value}"), most=limit),
        )
    if "chests" in (request.body.get("dummy") or {}):
        refused.append(Refusal(("dummy", "chests"), Text("api.K1.dummy")))
    return refused


SCORING: Final[ScoringModule] = ScoringModule(
    term,
    player_fields=("chests",),
    piece_fields=("chest",),
    token=CHEST,
    dummy_fields=("chests",),
    refusals=refusals,
)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = [
    "CHEST",
    "CHESTS",
    "CHESTS_BY_COLOUR",
    "CHEST_POINTS",
    "MODULE",
    "NAME",
    "RULE",
    "SCORING",
    "chest_majorities",
    "chest_violations",
    "chests_by_colour",
    "chests_in",
    "term",
]
