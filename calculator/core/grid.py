"""An Alhambra as bit masks: the representation the building rules and the walls compute on.

Each cell of the Alhambra's bounds is one bit of a Python integer, row by row, so a whole rule
is a handful of shifts and ands over every cell at once instead of a loop in Python. The bounds
keep at least one empty cell of border on every side: a shift east from the last column lands
in the border of the next row, never on a tile.

A grid is made from a whole Alhambra (:meth:`Grid.of`) or kept up to date as tiles come and go
(:meth:`Grid.with_walls`, :meth:`Grid.removed`): a tile on the border (not :meth:`Grid.inside`)
first grows the bounds (:meth:`Grid.grown`), with a margin, so that the next few tiles fit
without moving the masks again.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final

from calculator.core.record import FrozenRecord
from calculator.core.tiles import Cell, Tile


class Grid(FrozenRecord, frozen=True):
    left: int
    top: int
    width: int
    height: int
    occupied: int
    wall_n: int
    wall_e: int
    wall_s: int
    wall_w: int

    @classmethod
    def of(cls, tiles: Mapping[Cell, Tile]) -> Grid:
        """The masks of ``tiles``."""
        if not tiles:
            raise ValueError("an Alhambra holds at least the fountain")
        xs = [x for x, _ in tiles]
        ys = [y for _, y in tiles]
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        left, top = left - 1, top - 1
        width = right - left + 2
        origin = top * width + left  # the bit of (x, y) is y * width + x - origin
        occupied = wall_n = wall_e = wall_s = wall_w = 0
        for (x, y), tile in tiles.items():
            bit = 1 << (y * width + x - origin)
            occupied |= bit
            walls = tile.walls
            if walls:
                north, east, south, west = walled_sides(walls)
                if north:
                    wall_n |= bit
                if east:
                    wall_e |= bit
                if south:
                    wall_s |= bit
                if west:
                    wall_w |= bit
        height = bottom - top + 2
        return cls(left, top, width, height, occupied, wall_n, wall_e, wall_s, wall_w)

    def with_tile(self, cell: Cell, tile: Tile) -> Grid:
        """The same bounds with ``tile`` at ``cell`` (which must lie within them)."""
        return self.with_walls(cell, wall_pattern(tile.walls))

    def with_walls(self, cell: Cell, walls: int) -> Grid:
        """The same bounds with a tile walled as ``walls`` (:func:`wall_pattern`) at ``cell``,
        which must lie within them (in place of the tile there, if any)."""
        bit = self.bit(cell)
        keep = ~bit
        return Grid(
            self.left,
            self.top,
            self.width,
            self.height,
            self.occupied | bit,
            self.wall_n & keep | (bit if walls & NORTH else 0),
            self.wall_e & keep | (bit if walls & EAST else 0),
            self.wall_s & keep | (bit if walls & SOUTH else 0),
            self.wall_w & keep | (bit if walls & WEST else 0),
        )

    def inside(self, cell: Cell) -> bool:
        """Does ``cell`` lie within the bounds, inside their border of empty cells?"""
        x, y = cell
        left, top = self.left, self.top
        return left < x < left + self.width - 1 and top < y < top + self.height - 1

    def removed(self, cell: Cell) -> Grid:
        """The masks without the tile at ``cell`` (the bounds stay)."""
        keep = ~self.bit(cell)
        return Grid(
            self.left,
            self.top,
            self.width,
            self.height,
            self.occupied & keep,
            self.wall_n & keep,
            self.wall_e & keep,
            self.wall_s & keep,
            self.wall_w & keep,
        )

    def grown(self, cell: Cell) -> Grid:
        """The same tiles on bounds that hold ``cell`` with :data:`MARGIN` empty cells beyond
        it (and at least one of border everywhere): every mask moved row by row."""
        x, y = cell
        old_right, old_bottom = self.left + self.width - 1, self.top + self.height - 1
        left = min(self.left, x - MARGIN)
        top = min(self.top, y - MARGIN)
        right = max(old_right, x + MARGIN)
        bottom = max(old_bottom, y + MARGIN)
        width, height = right - left + 1, bottom - top + 1
        shift = (self.top - top) * width + self.left - left
        old_width, row = self.width, (1 << self.width) - 1
        masks = []
        for mask in (self.occupied, self.wall_n, self.wall_e, self.wall_s, self.wall_w):
            moved = 0
            line = shift
            while mask:
                moved |= (mask & row) << line
                mask >>= old_width
                line += width
            masks.append(moved)
        return Grid(left, top, width, height, *masks)

    def bit(self, cell: Cell) -> int:
        return 1 << ((cell[1] - self.top) * self.width + cell[0] - self.left)

    def cells(self, mask: int) -> list[Cell]:
        """The cells of ``mask``, row by row (sorted by y, then x)."""
        found = []
        width, left, top = self.width, self.left, self.top
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            found.append((left + index % width, top + index // width))
            mask ^= low
        return found

    def cells_and_blocks(self, mask: int) -> list[tuple[Cell, int]]:
        """The cells of ``mask`` as :meth:`cells` gives them, each with the tiles of the 3 x 3
        block centred on it: 9 bits, row by row from the north-west corner (bit
        ``dx + 1 + 3 * (dy + 1)``); beyond the bounds is empty."""
        found = []
        width, left, top = self.width, self.left, self.top
        around = self.occupied << (width + 1)  # each block's north-west corner on its centre
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            window = around >> index
            block = window & 7 | (window >> width & 7) << 3 | (window >> 2 * width & 7) << 6
            found.append(((left + index % width, top + index // width), block))
            mask ^= low
        return found

    @property
    def everything(self) -> int:
        return (1 << (self.width * self.height)) - 1

    @property
    def border(self) -> int:
        return _border(self.width, self.height)

    def touching(self, mask: int) -> int:
        """The cells that share a side with a cell of ``mask``."""
        width = self.width
        return ((mask << 1) | (mask >> 1) | (mask << width) | (mask >> width)) & self.everything


NORTH, EAST, SOUTH, WEST = 1, 2, 4, 8
"""The bit of each side in a wall pattern (:func:`wall_pattern`)."""

MARGIN: Final[int] = 3
"""Empty cells a grid grown for a new tile keeps beyond it (:meth:`Grid.grown`)."""


def wall_pattern(walls: str) -> int:
    """A tile's walls as 4 bits, one per walled side (:data:`NORTH`, :data:`EAST`...): 16
    patterns, the keys a listing of legal cells is remembered by."""
    pattern = _PATTERNS.get(walls)
    if pattern is None:
        pattern = sum(1 << bit for bit, side in enumerate("NESW") if side in walls)
    return pattern


def _sides(walls: str) -> tuple[bool, bool, bool, bool]:
    """Which of the sides N, E, S, W ``walls`` holds."""
    return "N" in walls, "E" in walls, "S" in walls, "W" in walls


_SIDES: Final[dict[str, tuple[bool, bool, bool, bool]]] = {
    walls: _sides(walls)
    for walls in (
        "".join(side for bit, side in enumerate("NESW") if pattern >> bit & 1)
        for pattern in range(16)
    )
}
"""The sides of each canonical pattern of walls (N, E, S, W order)."""


_PATTERNS: Final[dict[str, int]] = {
    walls: sum(1 << bit for bit, side in enumerate("NESW") if side in walls) for walls in _SIDES
}


def walled_sides(walls: str) -> tuple[bool, bool, bool, bool]:
    """Whether a tile with ``walls`` has a wall on its north, east, south and west side."""
    return _SIDES.get(walls) or _sides(walls)


def flood(start: int, east: int, west: int, south: int, north: int, width: int) -> int:
    """Everything ``start`` reaches on a lattice of rows ``width`` bits long, one step at a
    time: from a bit of ``east`` to the next bit, of ``west`` to the one before, of ``south``
    to the bit a row further, of ``north`` a row back. Each step is a few shifts of the whole
    mask; it stops when a step adds nothing."""
    while True:
        grown = (
            start
            | (start & east) << 1
            | (start & west) >> 1
            | (start & south) << width
            | (start & north) >> width
        )
        if grown == start:
            return start
        start = grown


@lru_cache(maxsize=256)  # the sizes of the Alhambras in use
def _border(width: int, height: int) -> int:
    row = (1 << width) - 1
    mask = row | (row << (width * (height - 1)))
    for y in range(1, height - 1):
        mask |= (1 | (1 << (width - 1))) << (y * width)
    return mask
