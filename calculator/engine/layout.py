"""A player's Alhambra in the game core: tiles by cell, with the bit masks the building rules and
the walls compute on kept up to date as tiles arrive and leave (B2-B6, W1-W4, M1; T5, T6).

The rules themselves are the core's, on masks (:mod:`calculator.core.grid`,
:mod:`calculator.core.building`, :mod:`calculator.core.walls`); a layout only keeps their
inputs and remembers their answers until the Alhambra changes: the legal cells per wall pattern
(a tile is placed by its walls alone), the removals of a redesign, the longest wall's length.
The building counts of majority scoring (M1) are kept as tiles come and go. A layout holds only
legal Alhambras (a state is checked before it becomes a game, and the engine places only where
the rules allow), so the listings skip the look for what is already broken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, placement_cells
from calculator.core.grid import Grid
from calculator.core.scoring import Counts
from calculator.core.tiles import BUILDINGS, FOUNTAIN, FOUNTAIN_CELL, Cell, Tile
from calculator.core.walls import grid_wall_length
from calculator.engine.codes import BUILDS, HUT, TILE_CODE, TILES, WALLS

_EMPTY: Grid = Grid.of({FOUNTAIN_CELL: FOUNTAIN})


class Layout:
    """A player's Alhambra: the tiles placed (codes by cell, the fountain apart), its masks
    (:class:`~calculator.core.grid.Grid`, replaced as tiles come and go), the buildings of each
    type (M1) and the huts (V4) it holds, and what the rules said of it since it last changed.
    A copy shares the answers remembered, never changing them in place."""

    __slots__ = (
        "_cells",
        "_frozen",
        "_removable",
        "_tallied",
        "_wall",
        "counts",
        "grid",
        "hut_tiles",
        "tiles",
    )

    def __init__(self) -> None:
        self.tiles: dict[Cell, int] = {}
        self.grid = _EMPTY
        self.counts = [0, 0, 0, 0, 0, 0]
        self.hut_tiles = 0
        self._cells: dict[int, tuple[Cell, ...]] = {}
        self._removable: tuple[Cell, ...] | None = None
        self._wall: int | None = None
        self._tallied: tuple[tuple[Tile, ...], list[int]] | None = None
        self._frozen: Alhambra | None = Alhambra()

    @classmethod
    def of(cls, alhambra: Alhambra) -> Layout:
        """The layout of a frozen Alhambra (its masks are the Alhambra's own)."""
        layout = cls()
        for cell, tile in alhambra.tiles.items():
            if cell != FOUNTAIN_CELL:
                layout._count(TILE_CODE[tile], 1)
                layout.tiles[cell] = TILE_CODE[tile]
        layout.grid = alhambra.grid
        layout._frozen = alhambra
        return layout

    def _count(self, tile: int, step: int) -> None:
        building = BUILDS[tile]
        if building >= 0:
            self.counts[building] += step
        elif HUT[tile]:
            self.hut_tiles += step

    def _changed(self) -> None:
        self._cells = {}
        self._removable = None
        self._wall = None
        self._tallied = None
        self._frozen = None

    def place(self, cell: Cell, tile: int) -> None:
        """A tile placed on the empty ``cell``."""
        self.tiles[cell] = tile
        self.grid = self.grid.placed(cell, WALLS[tile])
        building = BUILDS[tile]
        if building >= 0:
            self.counts[building] += 1
        elif HUT[tile]:
            self.hut_tiles += 1
        self._cells = {}
        self._removable = self._wall = self._tallied = self._frozen = None

    def remove(self, cell: Cell) -> int:
        """The tile at ``cell`` taken out; its code."""
        tile = self.tiles.pop(cell)
        self.grid = self.grid.removed(cell)
        self._count(tile, -1)
        self._changed()
        return tile

    def swap(self, cell: Cell, tile: int) -> int:
        """``tile`` in place of the tile at ``cell`` (T5); the old tile's code."""
        old = self.tiles[cell]
        self.tiles[cell] = tile  # the same place among the tiles, as a frozen Alhambra has it
        self.grid = self.grid.with_walls(cell, WALLS[tile])
        self._count(old, -1)
        self._count(tile, 1)
        self._changed()
        return old

    def cells_for(self, tile: int, hole_rule: HoleRule) -> tuple[Cell, ...]:
        """B2-B6: every cell where ``tile`` may be placed, sorted by (y, x); remembered per
        wall pattern until the Alhambra changes."""
        walls = WALLS[tile]
        found = self._cells.get(walls)
        if found is None:
            found = self._cells[walls] = tuple(placement_cells(self.grid, walls, hole_rule, True))
        return found

    def removable(self, find: Callable[[Grid], tuple[Cell, ...]]) -> tuple[Cell, ...]:
        """T5: the cells whose tile may go to the reserve, as ``find`` lists them; remembered
        until the Alhambra changes."""
        if self._removable is None:
            self._removable = find(self.grid)
        return self._removable

    def wall(self) -> int:
        """W3: the longest wall's length; remembered until the Alhambra changes."""
        if self._wall is None:
            self._wall = grid_wall_length(self.grid).length
        return self._wall

    def tallied(
        self, cards: tuple[Tile, ...], tally: Callable[[Mapping[Cell, Tile]], Counts]
    ) -> list[int]:
        """M1 with what modules add (V3, V4): the counts ``tally`` makes of the tiles, with the
        player's ``cards``, by building type; remembered until the Alhambra or the cards
        change."""
        if self._tallied is None or self._tallied[0] != cards:
            counts = tally(self.tile_map())
            self._tallied = (cards, [counts.get(building, 0) for building in BUILDINGS])
        return self._tallied[1]

    def tile_map(self) -> dict[Cell, Tile]:
        """The tiles by cell, the fountain first, as a frozen Alhambra holds them."""
        tiles: dict[Cell, Tile] = {FOUNTAIN_CELL: FOUNTAIN}
        for cell, code in self.tiles.items():
            tiles[cell] = TILES[code]
        return tiles

    def frozen(self) -> Alhambra:
        """The Alhambra as a frozen record (the one it came from, while it has not changed)."""
        if self._frozen is None:
            self._frozen = Alhambra(MappingProxyType(self.tile_map()))
        return self._frozen

    def copy(self) -> Layout:
        copied = Layout.__new__(Layout)
        copied.tiles = self.tiles.copy()
        copied.grid = self.grid
        copied.counts = self.counts.copy()
        copied.hut_tiles = self.hut_tiles
        copied._cells = self._cells  # shared, never changed in place: a change starts anew
        copied._removable = self._removable
        copied._wall = self._wall
        copied._tallied = self._tallied
        copied._frozen = self._frozen
        return copied
