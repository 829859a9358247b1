"""S4 Art of the Moors [``art_of_the_moors``]: culture counters score at every scoring.

How a counter's state turns into points is in no source the project has (a decision,
``docs/decisions.md``): the table reads each player's culture points off the counters and the
service adds them. A counter scores at most 21 points, and the table has 20 counters.
"""

from __future__ import annotations

from typing import Final

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


__all__ = ["COUNTERS", "MOST_PER_COUNTER", "MOST_POINTS", "NAME", "RULE", "counters_needed"]
