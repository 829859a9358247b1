"""H3 Street traders [``street_traders``]: residents on buildings of their colour, scored in
sets of different colours at every scoring.

A set of 1 to 6 colours scores 1, 3, 6, 10, 15 or 21 points. The grouping is the one that
scores most: for each k = 1...7 one set holds every colour of which the player has at least k
residents (:func:`resident_sets`).
"""

from __future__ import annotations

from collections.abc import Mapping
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
from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS, Building
from calculator.engine.core import Module

NAME: Final[str] = "street_traders"
RULE: Final[str] = "H3"

RESIDENT: Final[str] = "resident"
"""The token a resident is on a building."""

RESIDENTS_PER_COLOUR: Final[int] = 7
"""H3: 42 residents, 7 per building colour."""

SET_POINTS: Final[tuple[int, ...]] = (0, 1, 3, 6, 10, 15, 21)
"""H3: the points of a set of 0 to 6 colours."""


def resident_sets(residents: Mapping[Building, int]) -> tuple[int, ...]:
    """H3: the sizes of the sets that score most, largest first: set k holds every colour of
    which the player has at least k residents."""
    sets = []
    for k in range(1, RESIDENTS_PER_COLOUR + 1):
        size = sum(1 for building in BUILDINGS if residents.get(building, 0) >= k)
        if size == 0:
            break
        sets.append(size)
    return tuple(sets)


def resident_points(residents: Mapping[Building, int]) -> int:
    """H3: a player's points for their residents."""
    return sum(SET_POINTS[size] for size in resident_sets(residents))


def residents_in(furnished: Furnished) -> dict[Building, int]:
    """H3: the residents on the buildings of an Alhambra, by colour."""
    return tokens_by_colour(furnished, RESIDENT)


def resident_violations(furnished: Furnished) -> list[Violation]:
    """H3: a resident lives on a building of its colour, one per building; 7 of a colour."""
    return token_violations(
        furnished, RESIDENT, RULE, dict.fromkeys(BUILDINGS, RESIDENTS_PER_COLOUR)
    )


def term(table: RoundTable) -> list[Part]:
    """H3: each player's residents (on the Alhambra's buildings, or as counted) in sets."""
    parts = []
    for seat in table.seats:
        residents = residents_in(seat.furnished) if seat.furnished is not None else seat.residents
        parts.append(
            Part(
                resident_points(residents),
                {
                    "residents": {b.value: n for b, n in residents.items() if n},
                    "sets": list(resident_sets(residents)),
                },
            )
        )
    return parts


def refusals(request: ScoringRequest) -> list[Refusal]:
    """H3: residents on buildings of their colour, one per building; 7 of a colour at the
    table."""
    refused = alhambra_refusals(request, resident_violations, "resident")
    by_colour: dict[Building, list[tuple[int, Where]]] = {b: [] for b in BUILDINGS}
    for index, (seat, typed) in enumerate(zip(request.seats, request.typed, strict=True)):
        if seat.furnished is not None:
            for building, count in residents_in(seat.furnished).items():
                by_colour[building].append((count, ("players", index, "alhambra")))
            continue
        for building, count in seat.residents.items():
            where: Where = ("players", index, "residents", building.value)
            by_colour[building].append((count, where))
            held = typed.get(building, 0) if typed is not None else 0
            if count > held:
                refused.append(
                    Refusal(
                        where,
                        Text(
                            "api.H3.residents_on_buildings",
                            count=count,
                            building=Text(f"building.{building.value}"),
                            n=held,
                        ),
                    )
                )
    for building, held_by in by_colour.items():
        refused += beyond_supply(
            held_by,
            RESIDENTS_PER_COLOUR,
            Text(
                "api.H3.supply_colour",
                building=Text(f"building.{building.value}"),
                most=RESIDENTS_PER_COLOUR,
            ),
        )
    return refused


SCORING: Final[ScoringModule] = ScoringModule(
    term,
    player_fields=("residents",),
    piece_fields=("resident",),
    token=RESIDENT,
    refusals=refusals,
)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = [
    "MODULE",
    "NAME",
    "RESIDENT",
    "RESIDENTS_PER_COLOUR",
    "RULE",
    "SCORING",
    "SET_POINTS",
    "resident_points",
    "resident_sets",
    "resident_violations",
    "residents_in",
    "term",
]
