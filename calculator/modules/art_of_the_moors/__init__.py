"""S4 Art of the Moors [``art_of_the_moors``]: culture counters score at every scoring.

How a counter's state turns into points is in no source the project has (a decision,
``docs/decisions.md``): the table reads each player's culture points off the counters and the
service adds them. A counter scores at most 21 points, and the table has 20 counters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from calculator.core.module_scoring import (
    Part,
    Refusal,
    RoundTable,
    ScoringModule,
    ScoringRequest,
    beyond_supply,
)
from calculator.core.plausibility import Implausibility
from calculator.core.text import Text
from calculator.engine.core import Module

NAME: Final[str] = "art_of_the_moors"
RULE: Final[str] = "S4"

COUNTERS: Final[int] = 20
"""S4: the culture counters at the table."""

MOST_PER_COUNTER: Final[int] = 21
"""S4: a counter scores at most 21 points."""

MOST_POINTS: Final[int] = COUNTERS * MOST_PER_COUNTER
"""S4: the most culture points all the table's counters can show in one scoring."""


def counters_needed(points: int) -> int:
    """S4: the fewest counters that show ``points`` culture points (ceiling of points / 21)."""
    return -(-points // MOST_PER_COUNTER)


def term(table: RoundTable) -> list[Part]:
    """S4: each player's culture points as the table read them off the counters."""
    return [Part(seat.culture_points, {}) for seat in table.seats]


def culture_beyond_counters(points: Sequence[int]) -> Implausibility | None:
    """S4: each player's culture points need at least ⌈points / 21⌉ counters of their own, and
    the table has 20; the warning points at the player whose counters pass them."""
    needed = 0
    for player, player_points in enumerate(points):
        needed += counters_needed(player_points)
        if needed > COUNTERS:
            return Implausibility(
                "culture-points-beyond-counters",
                ("players", player, "culture_points"),
                Text("api.S4.counters", n=needed, most=MOST_PER_COUNTER, counters=COUNTERS),
            )
    return None


def refusals(request: ScoringRequest) -> list[Refusal]:
    """S4: the table's 20 counters show at most 420 points."""
    held = [
        (seat.culture_points, ("players", index, "culture_points"))
        for index, seat in enumerate(request.seats)
    ]
    return beyond_supply(
        held, MOST_POINTS, Text("api.S4.supply", counters=COUNTERS, most=MOST_POINTS)
    )


def warnings(request: ScoringRequest) -> list[Implausibility]:
    """S4: culture points beyond what the table's counters can show, one player's each."""
    found = culture_beyond_counters([seat.culture_points for seat in request.seats])
    return [found] if found is not None else []


SCORING: Final[ScoringModule] = ScoringModule(
    term,
    player_fields=("culture_points",),
    refusals=refusals,
    warnings=warnings,
)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = [
    "COUNTERS",
    "MODULE",
    "MOST_PER_COUNTER",
    "MOST_POINTS",
    "NAME",
    "RULE",
    "SCORING",
    "counters_needed",
    "culture_beyond_counters",
    "term",
]
