"""A player's Alhambra in the game core: tiles by cell, with the bit masks the building rules and
the walls compute on kept up to date as tiles arrive and leave (B2-B6, W1-W4, M1; T5, T6).

The rules themselves are the core's, on masks (:mod:`calculator.core.grid`,
:mod:`calculator.core.building`, :mod:`calculator.core.walls`); a layout only keeps their
inputs, and their answers are remembered by the masks (:class:`Findings`): the legal cells per
wall pattern (a tile is placed by its walls alone), the bounds grown for a tile beyond them,
the removals and swaps of a redesign, the longest wall's length. A search meets the same
Alhambras again and again, in game after game it plays from one position, so what was found
for one is found for all of them.
The building counts of majority scoring (M1) are kept as tiles come and go. A layout holds only
legal Alhambras (a state is checked before it becomes a game, and the engine places only where
the rules allow), so the listings skip the look for what is already broken.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, placement_cells
from calculator.core.grid import Grid
from calculator.core.scoring import Counts
from calculator.core.tiles import BUILDINGS, FOUNTAIN, FOUNTAIN_CELL, Cell, Tile
from calculator.core.walls import grid_wall_length
from calculator.engine.codes import BUILDS, HUT, TILE_CODE, TILES, WALLS
from calculator.engine.memo import Memo

_FOUNTAIN_ALONE: Final[Alhambra] = Alhambra()
"""Where every layout starts (a frozen value, shared)."""

Cells = tuple[Cell, ...]


class Findings:
    """What the rules said of one Alhambra, found when first asked: the legal cells by wall
    pattern (and hole rule), the masks on bounds grown for a tile placed beyond them (by its
    cell), the cells of a removal, the cells of a swap by wall pattern, the longest wall's
    length."""

    __slots__ = ("cells", "grown", "removable", "swappable", "wall")

    def __init__(self) -> None:
        self.cells: dict[int, Cells] = {}
        self.grown: dict[Cell, Grid] = {}
        self.removable: Cells | None = None
        self.swappable: dict[int, Cells] = {}
        self.wall: int | None = None


FINDINGS_MEMO: Final[int] = 4096
"""How many Alhambras' findings are remembered (a search's, and a game's few at a time)."""

_FINDINGS: Final[Memo[Grid, Findings]] = Memo(FINDINGS_MEMO)

_BY_CELL: Final[int] = 16
"""Added to a wall pattern in :attr:`Findings.cells` for the hole rule ``"cell"`` (B5)."""


def findings(grid: Grid) -> Findings:
    """What was found of the Alhambra of masks ``grid`` (nothing yet, the first time)."""
    found = _FINDINGS.get(grid)
    if found is None:
        found = _FINDINGS.keep(grid, Findings())
    return found


class Layout:
    """A player's Alhambra: the tiles placed (codes by cell, the fountain apart), its masks
    (:class:`~calculator.core.grid.Grid`, replaced as tiles come and go), the buildings of each
    type (M1) and the huts (V4) it holds, and what the rules said of it (its :class:`Findings`,
    looked up by the masks when first asked after a change)."""

    __slots__ = (
        "_found",
        "_frozen",
        "_tallied",
        "counts",
        "grid",
        "hut_tiles",
        "tiles",
    )

    def __init__(self) -> None:
        self.tiles: dict[Cell, int] = {}
        self.grid = _FOUNTAIN_ALONE.grid
        self.counts = [0, 0, 0, 0, 0, 0]
        self.hut_tiles = 0
        self._found: Findings | None = None
        self._tallied: tuple[tuple[Tile, ...], list[int]] | None = None
        self._frozen: Alhambra | None = _FOUNTAIN_ALONE

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
        self._found = None
        self._tallied = None
        self._frozen = None

    def place(self, cell: Cell, tile: int) -> None:
        """A tile placed on the empty ``cell``."""
        self.tiles[cell] = tile
        grid = self.grid
        if not grid.inside(cell):  # on the border: the bounds grow, found once per cell
            grown = self.findings().grown
            bigger = grown.get(cell)
            if bigger is None:
                bigger = grown[cell] = grid.grown(cell)
            grid = bigger
        self.grid = grid.with_walls(cell, WALLS[tile])
        self._count(tile, 1)
        self._changed()

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

    def findings(self) -> Findings:
        """What the rules said of the Alhambra as it stands."""
        found = self._found
        if found is None:
            found = self._found = findings(self.grid)
        return found

    def cells_for(self, tile: int, hole_rule: HoleRule) -> Cells:
        """B2-B6: every cell where ``tile`` may be placed, sorted by (y, x); found once per
        wall pattern."""
        walls = WALLS[tile]
        found = self.findings()
        key = walls if hole_rule == "region" else walls + _BY_CELL
        cells = found.cells.get(key)
        if cells is None:
            cells = found.cells[key] = tuple(placement_cells(self.grid, walls, hole_rule, True))
        return cells

    def removable(self, find: Callable[[Grid], Cells]) -> Cells:
        """T5: the cells whose tile may go to the reserve, as ``find`` lists them; found once."""
        found = self.findings()
        if found.removable is None:
            found.removable = find(self.grid)
        return found.removable

    def swappable(self, tile: int, find: Callable[[Grid, int], Cells]) -> Cells:
        """T5: the cells whose tile ``tile`` may replace, as ``find`` lists them for its wall
        pattern; found once per pattern."""
        walls = WALLS[tile]
        found = self.findings()
        cells = found.swappable.get(walls)
        if cells is None:
            cells = found.swappable[walls] = find(self.grid, walls)
        return cells

    def wall(self) -> int:
        """W3: the longest wall's length; found once."""
        found = self.findings()
        if found.wall is None:
            found.wall = grid_wall_length(self.grid).length
        return found.wall

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
        copied._found = self._found
        copied._tallied = self._tallied
        copied._frozen = self._frozen
        return copied
