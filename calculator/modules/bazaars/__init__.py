"""K4 Bazaars [``bazaars``]: tiles showing three building types, scoring at the final scoring.

A bazaar is placed like a building (B2-B6) and has no walls: the building rules see it as a
tile without walls (:meth:`calculator.core.pieces.Furnished.on_foot`). It is no building for
M1. At the final scoring it scores n x c: n building tiles among its 8 neighbouring cells of
one of its types, c of its three types among them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from msgspec import Struct

from calculator.core.building import Violation
from calculator.core.module_scoring import (
    Part,
    Refusal,
    RoundTable,
    ScoringModule,
    ScoringRequest,
    beyond_supply,
    held_in_alhambras,
    typed_seats,
)
from calculator.core.pieces import Face, Furnished
from calculator.core.plausibility import Implausibility
from calculator.core.text import Text
from calculator.core.tiles import Building, Cell
from calculator.engine.core import Module

NAME: Final[str] = "bazaars"
RULE: Final[str] = "K4"

BAZAARS: Final[int] = 8
"""K4: 8 bazaar tiles at the table."""

FINAL_ROUND: Final[int] = 3
"""K4: bazaars score at the final scoring only."""

MOST_POINTS: Final[int] = 24
"""K4: 8 neighbours x 3 types."""

AROUND: Final[tuple[tuple[int, int], ...]] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
"""The 8 neighbouring cells, by sides and corners."""


class Bazaar(Struct, frozen=True):
    """A bazaar tile: the three building types it shows."""

    types: tuple[Building, ...]

    @property
    def on_foot(self) -> bool:
        return True  # K4: placed like a building, without walls

    @property
    def outer_across(self) -> str:
        return ""

    def named(self) -> Text:
        return Text("api.piece.bazaar")

    @property
    def face(self) -> Face:
        return Face("bazaar", colours=self.types)


class BazaarScore(Struct, frozen=True):
    """One bazaar's neighbours of its types (n), its types among them (c) and n x c points."""

    neighbours: tuple[Cell, ...]
    types: int

    @property
    def points(self) -> int:
        return len(self.neighbours) * self.types


def bazaars_of(furnished: Furnished) -> list[tuple[Cell, Bazaar]]:
    """The bazaars of an Alhambra, sorted by (y, x)."""
    return sorted(
        ((cell, piece) for cell, piece in furnished.pieces.items() if isinstance(piece, Bazaar)),
        key=lambda item: (item[0][1], item[0][0]),
    )


def bazaar_score(furnished: Furnished, cell: Cell, bazaar: Bazaar) -> BazaarScore:
    """K4: n x c for the bazaar at ``cell``; huts and the fountain are no building tiles."""
    tiles = furnished.alhambra.tiles
    matching = []
    for dx, dy in AROUND:
        other = (cell[0] + dx, cell[1] + dy)
        tile = tiles.get(other)
        if tile is not None and not tile.hut and tile.building in bazaar.types:
            matching.append((other, tile.building))
    return BazaarScore(
        tuple(other for other, _ in matching), len({building for _, building in matching})
    )


def bazaar_points(furnished: Furnished, scoring_round: int) -> dict[Cell, BazaarScore]:
    """K4: every bazaar's score at the final scoring; none in rounds 1 and 2."""
    if scoring_round != FINAL_ROUND:
        return {}
    return {cell: bazaar_score(furnished, cell, bazaar) for cell, bazaar in bazaars_of(furnished)}


def bazaar_violations(furnished: Furnished) -> list[Violation]:
    """K4: each bazaar shows three different types; the table has 8."""
    found = [
        Violation("K4", Text("api.K4.three_types", cell=f"({cell[0]},{cell[1]})"), (cell,))
        for cell, bazaar in bazaars_of(furnished)
        if len(set(bazaar.types)) != 3 or len(bazaar.types) != 3
    ]
    count = len(bazaars_of(furnished))
    if count > BAZAARS:
        found.append(Violation("K4", Text("api.K4.too_many", n=count, most=BAZAARS), ()))
    return found


def term(table: RoundTable) -> list[Part]:
    """K4: each player's bazaar points at the final scoring (from the Alhambra's bazaars, or
    as counted); nothing before it."""
    parts = []
    for seat in table.seats:
        if seat.furnished is None:
            parts.append(Part(seat.bazaar_points, {}))
            continue
        scored = bazaar_points(seat.furnished, table.scoring_round)
        parts.append(
            Part(
                sum(score.points for score in scored.values()),
                {
                    "bazaars": [
                        {
                            "x": x,
                            "y": y,
                            "neighbours": len(s.neighbours),
                            "types": s.types,
                            "points": s.points,
                        }
                        for (x, y), s in scored.items()
                    ]
                },
            )
        )
    return parts


def bazaar_of(wire: Sequence[str]) -> Bazaar:
    """A bazaar on the wire (its three building types, schema-valid)."""
    return Bazaar(tuple(Building(name) for name in wire))


def bazaar_points_beyond_tiles(
    player: int, points: int, buildings: int, types: int
) -> Implausibility | None:
    """K4: a bazaar scores n x c with n at most its 8 neighbours and the player's buildings,
    c at most 3 and the player's types; the table has 8 bazaars."""
    most = BAZAARS * min(len(AROUND), buildings) * min(3, types)
    if points <= most:
        return None
    return Implausibility(
        "bazaar-points-beyond-tiles",
        ("players", player, "bazaar_points"),
        Text(
            "api.K4.points_beyond",
            points=points,
            bazaars=BAZAARS,
            n=buildings,
            types=types,
            most=most,
        ),
    )


def refusals(request: ScoringRequest) -> list[Refusal]:
    """K4: bazaar points at the final scoring only; the table's 8 bazaars."""
    refused = [
        Refusal(
            ("players", index, "bazaar_points"),
            Text("api.K4.final_only", round=request.scoring_round),
        )
        for index, player in enumerate(request.body["players"])
        if "bazaar_points" in player and request.scoring_round != FINAL_ROUND
    ]
    held = held_in_alhambras(request, lambda furnished: len(bazaars_of(furnished)))
    return refused + beyond_supply(held, BAZAARS, Text("api.K4.supply", most=BAZAARS))


def warnings(request: ScoringRequest) -> list[Implausibility]:
    """K4: bazaar points typed beside counts, beyond what the buildings allow."""
    found = [
        bazaar_points_beyond_tiles(
            index,
            seat.bazaar_points,
            sum(typed.values()),
            sum(1 for count in typed.values() if count),
        )
        for index, seat, typed in typed_seats(request)
    ]
    return [warning for warning in found if warning is not None]


SCORING: Final[ScoringModule] = ScoringModule(
    term,
    player_fields=("bazaar_points",),
    piece_fields=("bazaar",),
    read_piece=bazaar_of,
    refusals=refusals,
    warnings=warnings,
    most_held=BAZAARS,
)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = [
    "BAZAARS",
    "FINAL_ROUND",
    "MODULE",
    "MOST_POINTS",
    "NAME",
    "RULE",
    "SCORING",
    "Bazaar",
    "BazaarScore",
    "bazaar_of",
    "bazaar_points",
    "bazaar_points_beyond_tiles",
    "bazaar_score",
    "bazaar_violations",
    "bazaars_of",
    "term",
]
