"""A player's Alhambra: the grid of placed tiles around the fountain (conventions of RULES.md).

An :class:`Alhambra` is immutable: placing or removing a tile returns a new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from calculator.core.errors import PositionError
from calculator.core.grid import Grid
from calculator.core.text import Text
from calculator.core.tiles import FOUNTAIN, FOUNTAIN_CELL, OFFSET, SIDES, Cell, Side, Tile


def neighbour(cell: Cell, side: Side) -> Cell:
    dx, dy = OFFSET[side]
    return (cell[0] + dx, cell[1] + dy)


def neighbours(cell: Cell) -> Iterator[tuple[Side, Cell]]:
    x, y = cell
    for side in SIDES:
        dx, dy = OFFSET[side]
        yield side, (x + dx, y + dy)


@dataclass(frozen=True)
class Alhambra:
    """Tiles by cell, the fountain at ``(0, 0)`` included."""

    tiles: Mapping[Cell, Tile] = field(
        default_factory=lambda: MappingProxyType({FOUNTAIN_CELL: FOUNTAIN})
    )

    grid: Grid = field(init=False, repr=False, compare=False)
    """The tiles as bit masks (``grid.py``), shared by the building rules and the walls."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "grid", Grid.of(self.tiles))

    @classmethod
    def of(cls, placed: Iterable[tuple[Cell, Tile]]) -> Alhambra:
        """Build an Alhambra from ``(cell, tile)`` pairs, the fountain excluded.

        Raises :class:`PositionError` for a tile on the fountain's cell or two on one cell,
        naming the index of the offending pair.
        """
        pairs = list(placed)
        tiles: dict[Cell, Tile] = {FOUNTAIN_CELL: FOUNTAIN}
        tiles.update(pairs)
        if len(tiles) == len(pairs) + 1:
            return cls(MappingProxyType(tiles))  # no cell taken twice, the fountain's included
        tiles = {FOUNTAIN_CELL: FOUNTAIN}  # name the first pair out of place
        for index, (cell, tile) in enumerate(pairs):
            if cell == FOUNTAIN_CELL:
                raise PositionError(index, "B6", Text("api.B6.on_fountain"))
            if cell in tiles:
                raise PositionError(
                    index, "B6", Text("api.B6.two_tiles", cell=f"({cell[0]},{cell[1]})")
                )
            tiles[cell] = tile
        return cls(MappingProxyType(tiles))

    def __hash__(self) -> int:
        # a value: equal Alhambras hold equal tiles, so their grids are equal too
        return hash(self.grid)

    def __contains__(self, cell: object) -> bool:
        return cell in self.tiles

    def __len__(self) -> int:
        """The number of tiles, the fountain included."""
        return len(self.tiles)

    def get(self, cell: Cell) -> Tile | None:
        return self.tiles.get(cell)

    def buildings(self) -> Iterator[tuple[Cell, Tile]]:
        """Every placed building tile, the fountain excluded."""
        return ((cell, tile) for cell, tile in self.tiles.items() if not tile.is_fountain)

    def placed(self, cell: Cell, tile: Tile) -> Alhambra:
        tiles = dict(self.tiles)
        tiles[cell] = tile
        return Alhambra(MappingProxyType(tiles))

    def removed(self, cell: Cell) -> Alhambra:
        tiles = dict(self.tiles)
        del tiles[cell]
        return Alhambra(MappingProxyType(tiles))

    def frontier(self) -> set[Cell]:
        """The empty cells that share a side with a tile: the only candidates for B4."""
        tiles = self.tiles
        return {other for cell in tiles for _, other in neighbours(cell) if other not in tiles}
