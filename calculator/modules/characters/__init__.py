"""G3 Characters [``characters``]: of the ten characters, the Wise Man and the City Watch change
points. The leading scoring app's reading is followed (the printed cards were not seen).

* The Wise Man: at each scoring its owner names a building type and counts half a building
  more of it for M3, so a tie breaks in the owner's favour, and an owner with none of it is
  placed behind everyone with one or more.
* The City Watch: its owner scores the longest wall / 3 more points, rounded down.

At most one player owns each; the dummy owns none, but he takes part in the Wise Man's
majority like any other holder (D3): what the Wise Man moves of his points is his part.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from calculator.core.module_scoring import Part, Refusal, RoundTable, ScoringModule, ScoringRequest
from calculator.core.scoring import Majority, rank_places
from calculator.core.text import Text
from calculator.engine.core import Module

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


def wise_man_changes(table: RoundTable) -> list[int] | None:
    """G3: what the Wise Man moves in his type's majority for every holder, the players in the
    table's order then the dummy (D3: he takes part in that majority like any other); ``None``
    when nobody owns him."""
    owner = next((i for i, seat in enumerate(table.seats) if seat.wise_man is not None), None)
    if owner is None:
        return None
    building = table.seats[owner].wise_man
    assert building is not None
    counts = [seat.counts.get(building, 0) for seat in table.seats]
    if table.dummy is not None:
        counts.append(table.dummy.get(building, 0))
    paid = table.points[building][table.scoring_round]
    plain = rank_places(paid, counts)
    wise = wise_man_majorities(paid, counts, owner)
    return [moved.points - before.points for moved, before in zip(wise, plain, strict=True)]


def term(table: RoundTable) -> list[Part]:
    """G3: what the Wise Man moves in his type's majority (for every holder: the owner gains,
    others may lose) and the City Watch's points."""
    changes = wise_man_changes(table)
    parts = []
    for index, seat in enumerate(table.seats):
        detail: dict[str, object] = {}
        change = 0
        if changes is not None:
            change = detail["wise_man"] = changes[index]
        watch = city_watch_points(seat.wall) if seat.city_watch else 0
        if seat.city_watch:
            detail["city_watch"] = watch
        parts.append(Part(change + watch, detail))
    return parts


def dummy_term(table: RoundTable) -> Part | None:
    """G3, D3: what the Wise Man moves of the dummy's points in his type's majority (the dummy
    owns no character, so nothing else)."""
    changes = wise_man_changes(table)
    if changes is None or table.dummy is None:
        return None
    return Part(changes[-1], {"wise_man": changes[-1]})


def refusals(request: ScoringRequest) -> list[Refusal]:
    """G3: each character has at most one owner, never the dummy."""
    refused = []
    owner: dict[str, int] = {}
    for index, player in enumerate(request.body["players"]):
        for character, owned in player.get("characters", {}).items():
            if owned is False:
                continue
            if character in owner:
                refused.append(
                    Refusal(
                        ("players", index, "characters", character),
                        Text(
                            "api.G3.owned",
                            name=request.body["players"][owner[character]]["name"],
                            character=Text(f"api.member.{character}"),
                        ),
                    )
                )
            else:
                owner[character] = index
    if "characters" in (request.body.get("dummy") or {}):
        refused.append(Refusal(("dummy", "characters"), Text("api.G3.dummy")))
    return refused


SCORING: Final[ScoringModule] = ScoringModule(
    term,
    dummy_term=dummy_term,
    player_fields=("characters",),
    dummy_fields=("characters",),
    refusals=refusals,
)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = [
    "CITY_WATCH",
    "CITY_WATCH_PER",
    "MODULE",
    "NAME",
    "RULE",
    "SCORING",
    "WISE_MAN",
    "city_watch_points",
    "dummy_term",
    "term",
    "wise_man_changes",
    "wise_man_majorities",
]
