"""The building rules: what makes an Alhambra legal (B2-B6), and the redesign checks of T5.

Every check is written once, in :func:`alhambra_violations`; a placement, a removal and a swap
are legal exactly when the Alhambra after them has no violation (RULES.md: "A placement is
legal when the Alhambra after it satisfies B2-B6 and the tile touches it"). Listing the legal
cells for a tile (:func:`legal_cells`) is the one hot path: it decides B2 and B3 for every
candidate cell at once on the Alhambra's bit masks, and B5 from each cell's 3 x 3 block (the
empty space is flooded only where the block cannot tell); its tests prove it agrees with the
full check.
"""

from __future__ import annotations

from collections import deque
from typing import Final, Literal

from calculator.core.alhambra import Alhambra, neighbour, neighbours
from calculator.core.grid import EAST, NORTH, SOUTH, WEST, Grid, flood, wall_pattern
from calculator.core.record import FrozenRecord
from calculator.core.text import Text
from calculator.core.tiles import FOUNTAIN_CELL, OPPOSITE, Cell, Side, Tile

HoleRule = Literal["region", "cell"]
"""B5: ``"region"`` (default) forbids any enclosed empty area; ``"cell"`` only a single empty
cell whose four neighbours are all occupied (the literal reading of the printed rule)."""

HOLE_RULES: Final[tuple[HoleRule, ...]] = ("region", "cell")


class Violation(FrozenRecord, frozen=True):
    """One broken rule, with the cells (and, for B2, the sides) involved."""

    rule: str
    message: Text
    cells: tuple[Cell, ...]
    sides: tuple[tuple[Cell, Side], ...] = ()


def at(cell: Cell) -> str:
    """A cell as the messages write it: "(2,0)"."""
    return f"({cell[0]},{cell[1]})"


# --- the individual rules, each on a whole Alhambra at once (see grid.py) ---------------------


def mismatched_sides(grid: Grid) -> tuple[int, int]:
    """B2: the cells whose east side, and whose south side, disagree with their neighbour's."""
    occupied, width = grid.occupied, grid.width
    east = (grid.wall_e ^ (grid.wall_w >> 1)) & occupied & (occupied >> 1)
    south = (grid.wall_s ^ (grid.wall_n >> width)) & occupied & (occupied >> width)
    return east, south


def steps_on_foot(grid: Grid) -> tuple[tuple[int, int], ...]:
    """B3, one step at a time: for each side, the tiles from which one may walk across it (a
    mask: a tile stands there and neither has a wall on the shared edge), and how far a cell's
    bit moves that way."""
    occupied, width = grid.occupied, grid.width
    east = occupied & (occupied >> 1) & ~(grid.wall_e | grid.wall_w >> 1)
    south = occupied & (occupied >> width) & ~(grid.wall_s | grid.wall_n >> width)
    # a shared edge is crossed both ways: west from the cell east of it, north from the one south
    return (east, 1), (east << 1, -1), (south, width), (south << width, -width)


def reachable_on_foot(grid: Grid) -> int:
    """B3: the cells that can be reached on foot from the fountain (a mask)."""
    occupied, width = grid.occupied, grid.width
    (east, _), (west, _), (south, _), (north, _) = steps_on_foot(grid)
    return flood(grid.bit(FOUNTAIN_CELL) & occupied, east, west, south, north, width)


def isolated(grid: Grid) -> int:
    """B4: the building tiles that share no side with any other tile (a mask)."""
    occupied = grid.occupied
    return occupied & ~grid.touching(occupied) & ~grid.bit(FOUNTAIN_CELL)


def enclosed(grid: Grid, rule: HoleRule = "region") -> int:
    """B5: the empty cells that are holes (a mask)."""
    occupied, width = grid.occupied, grid.width
    empty = grid.everything & ~occupied
    if rule == "cell":
        return empty & occupied << 1 & occupied >> 1 & occupied << width & occupied >> width
    # Flood the empty space from the border inwards: what it cannot reach is enclosed.
    east, south = empty & (empty >> 1), empty & (empty >> width)
    outside = flood(grid.border & empty, east, east << 1, south, south << width, width)
    return empty & ~outside


def _mismatch(cell: Cell, tile: Tile, side: Side, other_cell: Cell, other: Tile) -> Violation:
    walled, bare = (cell, other_cell) if tile.has_wall(side) else (other_cell, cell)
    walled_tile, bare_tile = (tile, other) if walled == cell else (other, tile)
    walled_side = side if walled == cell else OPPOSITE[side]
    return Violation(
        "B2",
        Text(
            "api.B2",
            side=Text(f"side.{walled_side}"),
            tile=walled_tile.named(),
            cell=at(walled),
            other_side=Text(f"side.{OPPOSITE[walled_side]}"),
            other_tile=bare_tile.named(),
            other_cell=at(bare),
        ),
        (cell, other_cell),
        ((cell, side), (other_cell, OPPOSITE[side])),
    )


def _holes(cells: list[Cell]) -> list[Violation]:
    found = []
    for area in _regions(set(cells)):
        message = Text("api.B5", n=len(area), cells=[at(cell) for cell in area])
        found.append(Violation("B5", message, tuple(area)))
    return found


def _regions(cells: set[Cell]) -> list[list[Cell]]:
    """Split cells into their 4-connected groups, each sorted, the groups in order."""
    regions = []
    unseen = set(cells)
    for first in sorted(cells):
        if first not in unseen:
            continue
        unseen.discard(first)
        region, queue = [first], deque([first])
        while queue:
            for _, other in neighbours(queue.popleft()):
                if other in unseen:
                    unseen.discard(other)
                    region.append(other)
                    queue.append(other)
        regions.append(sorted(region))
    return regions


def alhambra_violations(alhambra: Alhambra, hole_rule: HoleRule = "region") -> list[Violation]:
    """Everything that makes an Alhambra illegal (B2, B3, B4, B5), in rule order."""
    tiles, grid = alhambra.tiles, alhambra.grid
    east, south = mismatched_sides(grid)
    stranded = grid.occupied & ~reachable_on_foot(grid)
    alone = isolated(grid)
    holes = enclosed(grid, hole_rule)
    if not (east or south or stranded or alone or holes):
        return []  # the common case: a legal Alhambra
    found = []
    sides: tuple[tuple[Side, int], ...] = (("E", east), ("S", south))
    for side, mask in sides:
        for cell in grid.cells(mask):
            other_cell = neighbour(cell, side)
            found.append(_mismatch(cell, tiles[cell], side, other_cell, tiles[other_cell]))
    found.sort(key=lambda v: (v.cells[0][1], v.cells[0][0], v.sides[0][1]))
    found += [
        Violation("B3", Text("api.B3", tile=tiles[cell].named(), cell=at(cell)), (cell,))
        for cell in sorted(grid.cells(stranded))
    ]
    found += [
        Violation("B4", Text("api.B4", tile=tiles[cell].named(), cell=at(cell)), (cell,))
        for cell in sorted(grid.cells(alone))
    ]
    return found + _holes(grid.cells(holes))


# --- placement, removal and swap (B6, T5) ----------------------------------------------------


def occupied_cell(alhambra: Alhambra, cell: Cell) -> Violation | None:
    """B6: the target cell must be free and not the fountain's."""
    tile = alhambra.get(cell)
    if tile is None:
        return None
    return Violation("B6", Text("api.B6", cell=at(cell), tile=tile.named()), (cell,))


def placement_violations(
    alhambra: Alhambra, tile: Tile, cell: Cell, hole_rule: HoleRule = "region"
) -> list[Violation]:
    """Why placing ``tile`` at ``cell`` is illegal: every violation, or none when it is legal."""
    taken = occupied_cell(alhambra, cell)
    if taken is not None:
        return [taken]
    return alhambra_violations(alhambra.placed(cell, tile), hole_rule)


def unremovable(alhambra: Alhambra, cell: Cell) -> Violation | None:
    """T5: a removal needs a tile at ``cell``, and never moves the fountain."""
    tile = alhambra.get(cell)
    if tile is None:
        return Violation("T5", Text("api.T5.nothing_to_remove", cell=at(cell)), (cell,))
    if tile.is_fountain:
        return Violation("T5", Text("api.T5.fountain"), (cell,))
    return None


def removal_violations(
    alhambra: Alhambra, cell: Cell, hole_rule: HoleRule = "region"
) -> list[Violation]:
    """T5: may the tile at ``cell`` go to the reserve? The Alhambra after must stay legal."""
    refused = unremovable(alhambra, cell)
    if refused is not None:
        return [refused]
    return alhambra_violations(alhambra.removed(cell), hole_rule)


def swap_violations(
    alhambra: Alhambra, cell: Cell, tile: Tile, hole_rule: HoleRule = "region"
) -> list[Violation]:
    """T5: may a reserve tile take exactly the cell of the Alhambra tile at ``cell``?"""
    old = alhambra.get(cell)
    if old is None:
        return [Violation("T5", Text("api.T5.nothing_to_swap", cell=at(cell)), (cell,))]
    if old.is_fountain:
        return [Violation("T5", Text("api.T5.fountain"), (cell,))]
    return alhambra_violations(alhambra.placed(cell, tile), hole_rule)


# --- listing the legal cells -----------------------------------------------------------------

_AROUND: Final[tuple[Cell, ...]] = (
    (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0),
)  # fmt: skip
"""The eight cells around a cell, clockwise from the north-west corner."""


def _ring_splits(ring: int) -> bool:
    """Could filling a cell cut empty space in two? False is certain, True needs a look.

    ``ring`` has a bit for each cell of the 3 x 3 block around the cell, row by row from the
    north-west corner (bit ``dx + 1 + 3 * (dy + 1)``), set where a tile stands. Filling a cell
    can only separate its empty side-neighbours from each other. Going round the ring of eight
    cells about it, consecutive cells share a side; so when at most one run of empty ring cells
    holds side-neighbours, they stay joined without the cell.
    """
    empty = [not ring >> (dx + 1 + 3 * (dy + 1)) & 1 for dx, dy in _AROUND]
    if all(empty):
        return False
    start = empty.index(False)  # begin at a filled cell, so no run wraps around
    runs_with_side, in_run, run_has_side = 0, False, False
    for step in range(1, 9):
        index = (start + step) % 8
        if empty[index]:
            if not in_run:
                in_run, run_has_side = True, False
            run_has_side = run_has_side or index % 2 == 1  # odd ring positions are sides
        elif in_run:
            runs_with_side += run_has_side
            in_run = False
    return runs_with_side > 1


_SPLITS: Final[tuple[bool, ...]] = tuple(_ring_splits(ring) for ring in range(1 << 9))
""":func:`_ring_splits` for every 3 x 3 block, worked out once."""


def fitting(grid: Grid, tile: Tile) -> tuple[int, int]:
    """B2 and B3 at every cell at once, for ``tile`` put there (on an empty cell, or in place of
    the tile there): the cells where each of its sides agrees with the facing side of the tile
    next to it, and the cells where one of its sides opens onto a tile whose facing side is
    open too (a way in on foot); two masks."""
    return fitting_walls(grid, wall_pattern(tile.walls))


def fitting_walls(grid: Grid, walls: int) -> tuple[int, int]:
    """:func:`fitting` for a tile walled as ``walls`` (:func:`~calculator.core.grid.
    wall_pattern`)."""
    occupied, width = grid.occupied, grid.width
    # per side of the cell, the neighbour there moved onto the cell: a walled side of the tile
    # mismatches a neighbour open towards it, an open side a neighbour walled towards it (B2);
    # an open side facing an open neighbour is a way in on foot (B3)
    wall_s, wall_w, wall_n, wall_e = grid.wall_s, grid.wall_w, grid.wall_n, grid.wall_e
    entered = 0
    if walls & NORTH:
        mismatched = (occupied & ~wall_s) << width
    else:
        mismatched = wall_s << width
        entered = (occupied & ~wall_s) << width
    if walls & EAST:
        mismatched |= (occupied & ~wall_w) >> 1
    else:
        mismatched |= wall_w >> 1
        entered |= (occupied & ~wall_w) >> 1
    if walls & SOUTH:
        mismatched |= (occupied & ~wall_n) >> width
    else:
        mismatched |= wall_n >> width
        entered |= (occupied & ~wall_n) >> width
    if walls & WEST:
        mismatched |= (occupied & ~wall_e) << 1
    else:
        mismatched |= wall_e << 1
        entered |= (occupied & ~wall_e) << 1
    return ~mismatched, entered


def legal_cells(
    alhambra: Alhambra, tile: Tile, hole_rule: HoleRule = "region", *, known_legal: bool = False
) -> list[Cell]:
    """Every cell where ``tile`` may be placed, sorted by (y, x).

    B2 and B3 are decided for every candidate cell at once, on the masks of one look at the
    whole Alhambra; only a cell that might cut empty space in two (B5) or join stranded tiles
    (B3) gets a second look. The tests prove this agrees with ``placement_violations``.
    ``known_legal=True`` spares the look for what is already broken, for a caller that holds
    only legal Alhambras (the engine checks every state it is given).
    """
    return placement_cells(alhambra.grid, wall_pattern(tile.walls), hole_rule, known_legal)


def placement_cells(
    grid: Grid, walls: int, hole_rule: HoleRule = "region", known_legal: bool = False
) -> list[Cell]:
    """:func:`legal_cells` on an Alhambra's masks, for a tile walled as ``walls``
    (:func:`~calculator.core.grid.wall_pattern`): the listing the engine keeps per pattern."""
    occupied, width = grid.occupied, grid.width
    # the cells beside a tile: no tile stands on the border, so no shift leaves the bounds
    frontier = (occupied << 1 | occupied >> 1 | occupied << width | occupied >> width) & ~occupied
    if known_legal:
        candidates, stranded = frontier, 0
    else:
        if any(mismatched_sides(grid)):
            return []  # B2: no placement mends a mismatch between two tiles already there
        holes = enclosed(grid, hole_rule)
        if holes & (holes - 1):
            return []  # B5: one tile fills one cell, so a hole would remain
        candidates = holes or frontier
        stranded = grid.occupied & ~reachable_on_foot(grid)
    matching, entered = fitting_walls(grid, walls)
    candidates &= matching  # B2
    if stranded:
        candidates &= grid.touching(stranded)  # B3: a tile elsewhere cannot bring them back
    else:
        candidates &= entered  # B3, B4: every other tile is reachable, so this one must join them
    found = []
    by_cell = hole_rule == "cell"
    for cell, block in grid.cells_and_blocks(candidates):
        if stranded:
            after = grid.with_walls(cell, walls)
            if reachable_on_foot(after) != after.occupied:
                continue  # B3 (and B4: a tile with no neighbour is never reachable)
        if (by_cell or _SPLITS[block]) and enclosed(grid.with_walls(cell, 0), hole_rule):
            # B5 (a block that cannot split the empty space needs no look). At most the cell
            # itself was a hole before (else there is no candidate), so any hole after is new.
            continue
        found.append(cell)
    return found
