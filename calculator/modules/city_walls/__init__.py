"""H4 City walls [``city_walls``]: wooden walls laid on sides of tiles without a printed wall.

An added wall is a wall for every rule (B2, B3, W1-W4, T5) and stays with its tile:
:meth:`calculator.core.pieces.Furnished.walled` gives every rule the tiles with them.
"""

from __future__ import annotations

from typing import Final

from calculator.core.building import Violation
from calculator.core.module_scoring import (
    Refusal,
    ScoringModule,
    ScoringRequest,
    alhambra_refusals,
    beyond_supply,
    held_in_alhambras,
)
from calculator.core.pieces import Furnished
from calculator.core.text import Text
from calculator.core.tiles import SIDES
from calculator.engine.core import Module

NAME: Final[str] = "city_walls"
RULE: Final[str] = "H4"

ADDED_WALLS: Final[int] = 12
"""H4: 12 wooden walls at the table, so at most 12 in one Alhambra."""


def added_walls_count(furnished: Furnished) -> int:
    return sum(len(walls) for walls in furnished.added_walls.values())


def added_wall_violations(furnished: Furnished) -> list[Violation]:
    """H4: added walls lie on sides of building tiles or huts without a printed wall; at
    most 12. The fountain is walled by none (C2)."""
    found = []
    tiles = furnished.alhambra.tiles
    for cell in sorted(furnished.added_walls, key=lambda cell: (cell[1], cell[0])):
        tile = tiles.get(cell)
        at = f"({cell[0]},{cell[1]})"
        if tile is None or tile.is_fountain:
            key = "api.H4.on_nothing" if tile is None else "api.H4.on_fountain"
            found.append(Violation("H4", Text(key, cell=at), (cell,)))
            continue
        for side in SIDES:
            if side in furnished.added_walls[cell] and tile.has_wall(side):
                found.append(
                    Violation(
                        "H4",
                        Text(
                            "api.H4.printed", side=Text(f"side.{side}"), tile=tile.named(), cell=at
                        ),
                        (cell,),
                        ((cell, side),),
                    )
                )
    count = added_walls_count(furnished)
    if count > ADDED_WALLS:
        found.append(Violation("H4", Text("api.H4.too_many", n=count, most=ADDED_WALLS), ()))
    return found


def refusals(request: ScoringRequest) -> list[Refusal]:
    """H4: added walls only where none is printed, on tiles; 12 at the table."""
    held = held_in_alhambras(request, added_walls_count)
    return alhambra_refusals(request, _on_tiles, "added_walls") + beyond_supply(
        held, ADDED_WALLS, Text("api.H4.supply", most=ADDED_WALLS)
    )


def _on_tiles(furnished: Furnished) -> list[Violation]:
    """H4 on one Alhambra, its count aside (the table's supply counts every Alhambra)."""
    return [violation for violation in added_wall_violations(furnished) if violation.cells]


SCORING: Final[ScoringModule] = ScoringModule(piece_fields=("added_walls",), refusals=refusals)

MODULE: Final[Module] = Module(NAME, RULE, scoring=SCORING)


__all__ = [
    "ADDED_WALLS",
    "MODULE",
    "NAME",
    "RULE",
    "SCORING",
    "added_wall_violations",
    "added_walls_count",
]
