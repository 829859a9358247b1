"""G3 Characters [``characters``]: of the ten characters, the Wise Man and the City Watch change
points. The leading scoring app's reading is followed (the printed cards were not seen).

* The Wise Man: at each scoring its owner names a building type and counts half a building
  more of it for M3, so a tie breaks in the owner's favour, and an owner with none of it is
  placed behind everyone with one or more.
* The City Watch: its owner scores the longest wall / 3 more points, rounded down.

At most one player owns each; the dummy owns none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from calculator.core.scoring import Majority, rank_places

NAME: Final[str] = "characters"
RULE: Final[str] = "G3"

WISE_MAN: Final[str] = "wise_man"
CITY_WATCH: Final[str] = "city_watch"

CITY_WATCH_PER: Final[int] = 3
"""G3: the City Watch scores one point per 3 segments of the longest wall."""


def wise_man_majorities(paid: Sequence[int], counts: Sequence[int], owner: int) -> list[Majority]:
    """G3 with M3, M4: the holders of the Wise Man's type ranked with half a building more for
    ``owner`` (counts are doubled, the owner's plus one); each keeps its own count."""
    doubled = [2 * count + (seat == owner) for seat, count in enumerate(counts)]
    return [
        Majority(count, standing.place, standing.shared_with, standing.points)
        for count, standing in zip(counts, rank_places(paid, doubled), strict=True)
    ]


def city_watch_points(wall: int) -> int:
    """G3: the City Watch's points for a longest wall of ``wall`` segments."""
    return wall // CITY_WATCH_PER


__all__ = [
    "CITY_WATCH",
    "CITY_WATCH_PER",
    "NAME",
    "RULE",
    "WISE_MAN",
    "city_watch_points",
    "wise_man_majorities",
]
