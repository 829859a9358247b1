"""G4 Camps [``camps``]: camp tiles placed like buildings but no buildings, scoring along their
arrows at every scoring.

A camp fills its cell (B5, B6) and shares a side with the Alhambra (B4), but is no way through
and need not be reached (B3): :func:`calculator.core.pieces.furnished_violations` checks those.
Each bastion that faces a tile faces a building's wall, so camps
touch each other only with sides without bastions. A building's wall facing a bastion stays an
outer wall (W1, W3); every other side facing a camp is inner (a decision,
``docs/decisions.md``): :meth:`calculator.core.pieces.Furnished.for_walls` applies both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from msgspec import Struct

from calculator.core.alhambra import neighbour
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
from calculator.core.tiles import OPPOSITE, SIDES, Cell, Side
from calculator.engine.core import Module

NAME: Final[str] = "camps"
RULE: Final[str] = "G4"

CAMPS: Final[int] = 8
"""G4: 8 camp tiles at the table."""


class Camp(Struct, frozen=True):
    """A camp: its bastions (fortified sides) and the directions its arrows point, each one or
    two of N, E, S, W."""

    bastions: str
    arrows: str

    @property
    def on_foot(self) -> bool:
        return False  # G4: B3 does not apply to a camp, and it is no way through

    @property
    def outer_across(self) -> str:
        return self.bastions

    def named(self) -> Text:
        return Text("api.piece.camp")

    @property
    def face(self) -> Face:
        return Face("camp", points=self.arrows)


def camps_of(furnished: Furnished) -> list[tuple[Cell, Camp]]:
    """The camps of an Alhambra, sorted by (y, x)."""
    return sorted(
        ((cell, piece) for cell, piece in furnished.pieces.items() if isinstance(piece, Camp)),
        key=lambda item: (item[0][1], item[0][0]),
    )


def _one_or_two(sides: str) -> bool:
    return 1 <= len(sides) <= 2 and len(set(sides)) == len(sides) and set(sides) <= set(SIDES)


def camp_violations(furnished: Furnished) -> list[Violation]:
    """G4: each camp's faces and bastions, and the supply."""
    found = []
    occupied = furnished.occupied()
    tiles = furnished.walled()
    camps = camps_of(furnished)
    for cell, camp in camps:
        at = f"({cell[0]},{cell[1]})"
        faces = (
            ("api.G4.one_or_two_bastions", camp.bastions),
            ("api.G4.one_or_two_arrows", camp.arrows),
        )
        for key, sides in faces:
            if not _one_or_two(sides):
                shows = Text(key, cell=at)
                found.append(Violation("G4", shows, (cell,)))
        for side in SIDES:
            if side not in camp.bastions:
                continue
            across = neighbour(cell, side)
            if across not in occupied:
                continue
            tile = tiles.get(across)
            if tile is None or tile.is_fountain or tile.hut or not tile.has_wall(OPPOSITE[side]):
                found.append(
                    Violation(
                        "G4",
                        Text(
                            "api.G4.bastion",
                            side=Text(f"side.{side}"),
                            cell=at,
                            across=f"({across[0]},{across[1]})",
                        ),
                        (cell, across),
                        ((cell, side),),
                    )
                )
    if len(camps) > CAMPS:
        found.append(Violation("G4", Text("api.G4.too_many", n=len(camps), most=CAMPS), ()))
    return found


def camp_line(furnished: Furnished, cell: Cell, arrow: Side) -> tuple[Cell, ...]:
    """G4: the building tiles of the unbroken line of occupied cells from ``cell`` towards
    ``arrow``; the fountain, huts and pieces in it are passed, not counted."""
    occupied = furnished.occupied()
    tiles = furnished.alhambra.tiles
    counted = []
    here = neighbour(cell, arrow)
    while here in occupied:
        tile = tiles.get(here)
        if tile is not None and tile.building is not None and not tile.hut:
            counted.append(here)
        here = neighbour(here, arrow)
    return tuple(counted)


def camp_points(furnished: Furnished) -> dict[Cell, int]:
    """G4: each camp's points at a scoring, 1 per building tile along each of its arrows."""
    return {
        cell: sum(len(camp_line(furnished, cell, arrow)) for arrow in SIDES if arrow in camp.arrows)
        for cell, camp in camps_of(furnished)
    }


def term(table: RoundTable) -> list[Part]:
    """G4: each player's camp points (along the arrows of the Alhambra's camps, or as
    counted)."""
    parts = []
    for seat in table.seats:
        if seat.furnished is None:
            parts.append(Part(seat.camp_points, {}))
            continue
        scored = camp_points(seat.furnished)
        parts.append(
            Part(
                sum(scored.values()),
                {"camps": [{"x": x, "y": y, "points": n} for (x, y), n in scored.items()]},
            )
        )
    return parts


def camp_of(wire: Mapping[str, str]) -> Camp:
    """A camp on the wire (``{"bastions": "S", "arrows": "N"}``, schema-valid)."""
    return Camp(wire["bastions"], wire["arrows"])


def camp_points_beyond_tiles(player: int, points: int, buildings: int) -> Implausibility | None:
    """G4: a camp's arrows point different ways, so its lines hold different buildings: a camp
    scores at most the player's buildings, and the table's 8 camps at most 8 times that."""
    most = CAMPS * buildings
    if points <= most:
        return None
    return Implausibility(
        "camp-points-beyond-tiles",
        ("players", player, "camp_points"),
        Text("api.G4.points_beyond", points=points, camps=CAMPS, n=buildings, most=most),
    )


def refusals(request: ScoringRequest) -> list[Refusal]:
    """G4: the table's 8 camps."""
    held = held_in_alhambras(request, lambda furnished: len(camps_of(furnished)))
    return beyond_supply(held, CAMPS, Text("api.G4.supply", most=CAMPS))


def warnings(request: ScoringRequest) -> list[Implausibility]:
    """G4: camp points typed beside counts, beyond what the buildings allow."""
    found = [
        camp_points_beyond_tiles(index, seat.camp_points, sum(typed.values()))
        for index, seat, typed in typed_seats(request)
    ]
    return [warning for warning in found if warning is not None]


SCORING: Final[ScoringModule] = ScoringModule(
    term,
    player_fields=("camp_points",),
    piece_fields=("camp",),
    read_piece=camp_of,
    refusals=refusals,
    warnings=warnings,
    violations=camp_violations,
    most_held=CAMPS,
)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = [
    "CAMPS",
    "MODULE",
    "NAME",
    "RULE",
    "SCORING",
    "Camp",
    "camp_line",
    "camp_of",
    "camp_points",
    "camp_points_beyond_tiles",
    "camp_violations",
    "camps_of",
    "term",
]
