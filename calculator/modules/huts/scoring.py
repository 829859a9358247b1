"""The Vizier's Favour, worker huts (V4) in scoring: how many huts exist and how many a player
may own, what a hut adds to its colour's count, and the walls huts carry.

A hut is a :class:`~calculator.core.tiles.Tile` with ``hut=True``: no building itself (M1), it
follows every building rule (B2-B6) and the longest wall (W) as any tile. It adds one building
of its colour per open side onto a building of that colour (:func:`hut_counts`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, Final

from msgspec import Struct

from calculator.core.module_scoring import ScoringModule
from calculator.core.plausibility import WallCarriers
from calculator.core.scoring import Added
from calculator.core.text import Text
from calculator.core.tiles import OFFSET, OPPOSITE, Building, Cell, Tile

HUTS_PER_PLAYER: Final[int] = 3
"""V4: a player owns at most 3 huts, reserve included."""

HUTS_BY_COLOUR: Final[dict[Building, int]] = {
    Building.PAVILION: 3,
    Building.SERAGLIO: 3,
    Building.ARCADES: 4,
    Building.CHAMBERS: 4,
    Building.GARDEN: 5,
    Building.TOWER: 5,
}
"""V4: the 24 huts by colour."""


is_hut: Final = attrgetter("hut")
"""``is_hut(tile)``: is this tile a worker hut?"""


def huts_beyond_limit(tiles: Iterable[Tile]) -> list[int]:
    """V4: the positions in ``tiles`` (one player's, reserve included) of every hut after the
    third."""
    huts = [index for index, tile in enumerate(tiles) if tile.hut]
    return huts[HUTS_PER_PLAYER:]


def too_many_huts_message(count: int) -> Text:
    return Text("api.V4.too_many_huts", count=count, most=HUTS_PER_PLAYER)


class HutCount(Struct, frozen=True):
    """V4: a hut adds one building of its colour per open side onto a building of that colour."""

    cell: Cell
    building: Building
    neighbours: tuple[Cell, ...]

    @property
    def adds(self) -> int:
        return len(self.neighbours)


def hut_counts(alhambra: Mapping[Cell, Tile]) -> list[HutCount]:
    """V4: what each hut of the Alhambra adds, in the order of their cells."""
    found = []
    for (x, y), hut in sorted((cell, tile) for cell, tile in alhambra.items() if tile.hut):
        if hut.building is None:
            continue
        joined = []
        for side, (dx, dy) in OFFSET.items():
            other_cell = (x + dx, y + dy)
            other = alhambra.get(other_cell)
            if (
                other is not None
                and not other.hut
                and other.building == hut.building
                and not hut.has_wall(side)
                and not other.has_wall(OPPOSITE[side])
            ):
                joined.append(other_cell)
        found.append(HutCount((x, y), hut.building, tuple(joined)))
    return found


def _shown(hut: HutCount, dump_tile: Callable[[Tile], Any]) -> dict[str, Any]:
    """A hut in a player's answer: its cell, its colour, the buildings it joins and adds (no
    tile to write)."""
    return {
        "x": hut.cell[0],
        "y": hut.cell[1],
        "hut": hut.building.value,
        "adds": hut.adds,
        "neighbours": [{"x": x, "y": y} for x, y in hut.neighbours],
    }


def added_by_huts(alhambra: Mapping[Cell, Tile]) -> Added | None:
    """V4: what the Alhambra's huts add to its counts, hut by hut; ``None`` for an Alhambra
    without huts (most have none)."""
    if not any(map(is_hut, alhambra.values())):
        return None
    huts = hut_counts(alhambra)
    adds: dict[Building, int] = {}
    for hut in huts:
        adds[hut.building] = adds.get(hut.building, 0) + hut.adds
    return Added("huts", adds, tuple(huts), _shown)


def beyond_limit(tiles: Sequence[Tile]) -> list[tuple[int, str, Text]]:
    """V4: every hut of one player's after the third, pointed at its colour."""
    return [
        (index, "hut", too_many_huts_message(count))
        for count, index in enumerate(huts_beyond_limit(tiles), start=HUTS_PER_PLAYER + 1)
    ]


SCORING: Final[ScoringModule] = ScoringModule(
    alhambra_adds=added_by_huts,
    beyond_limit=beyond_limit,
    wall_carriers=WallCarriers(HUTS_PER_PLAYER, Text("api.V4.carriers", most=HUTS_PER_PLAYER)),
    most_held=HUTS_PER_PLAYER,
)

__all__ = [
    "HUTS_BY_COLOUR",
    "HUTS_PER_PLAYER",
    "SCORING",
    "HutCount",
    "added_by_huts",
    "beyond_limit",
    "hut_counts",
    "huts_beyond_limit",
    "is_hut",
    "too_many_huts_message",
]
