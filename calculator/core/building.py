"""The building rules: what makes an Alhambra legal (B2-B6), and the redesign checks of T5.

Every check is written once, in :func:`alhambra_violations`; a placement, a removal and a swap
are legal exactly when the Alhambra after them has no violation (RULES.md: "A placement is
legal when the Alhambra after it satisfies B2-B6 and the tile touches it"). Listing the legal
cells for a tile (:func:`legal_cells`) is the one hot path: on a legal Alhambra it decides each
candidate cell from its neighbourhood, and its tests prove it agrees with the full check.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from calculator.core.alhambra import Alhambra, neighbour, neighbours
from calculator.core.tiles import FOUNTAIN_CELL, OPPOSITE, SIDE_NAME, Cell, Side, Tile

HoleRule = Literal["region", "cell"]
"""B5: ``"region"`` (default) forbids any enclosed empty area; ``"cell"`` only a single empty
cell whose four neighbours are all occupied (the literal reading of the printed rule)."""

HOLE_RULES: Final[tuple[HoleRule, ...]] = ("region", "cell")


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule, with the cells (and, for B2, the sides) involved."""

    rule: str
    message: str
    cells: tuple[Cell, ...]
    sides: tuple[tuple[Cell, Side], ...] = ()


def _at(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def _cell_list(cells: Iterable[Cell]) -> str:
    return ", ".join(_at(cell) for cell in cells)


# --- the individual rules, each on a whole Alhambra ------------------------------------------


def side_mismatches(tiles: Mapping[Cell, Tile]) -> list[Violation]:
    """B2: each pair of touching sides where one carries a wall and the other does not."""
    found = []
    for cell, tile in tiles.items():
        for side in ("E", "S"):  # each shared side once
            other_cell = neighbour(cell, side)
            other = tiles.get(other_cell)
            if other is not None and tile.has_wall(side) != other.has_wall(OPPOSITE[side]):
                found.append(_mismatch(cell, tile, side, other_cell, other))
    return found


def _mismatch(cell: Cell, tile: Tile, side: Side, other_cell: Cell, other: Tile) -> Violation:
    walled, bare = (cell, other_cell) if tile.has_wall(side) else (other_cell, cell)
    walled_tile, bare_tile = (tile, other) if walled == cell else (other, tile)
    walled_side = side if walled == cell else OPPOSITE[side]
    return Violation(
        "B2",
        f"the {SIDE_NAME[walled_side]} side of {walled_tile.describe()} at {_at(walled)} has a "
        f"wall, the {SIDE_NAME[OPPOSITE[walled_side]]} side of {bare_tile.describe()} at "
        f"{_at(bare)} has none",
        (cell, other_cell),
        ((cell, side), (other_cell, OPPOSITE[side])),
    )


def passable(tile: Tile, side: Side, other: Tile) -> bool:
    """One can walk from ``tile`` across ``side`` into ``other``: neither side is walled (B3)."""
    return not tile.has_wall(side) and not other.has_wall(OPPOSITE[side])


def reachable_on_foot(tiles: Mapping[Cell, Tile]) -> set[Cell]:
    """B3: the cells that can be reached on foot from the fountain."""
    if FOUNTAIN_CELL not in tiles:
        return set()
    seen = {FOUNTAIN_CELL}
    queue = deque(seen)
    while queue:
        cell = queue.popleft()
        tile = tiles[cell]
        for side, other_cell in neighbours(cell):
            other = tiles.get(other_cell)
            if other is not None and other_cell not in seen and passable(tile, side, other):
                seen.add(other_cell)
                queue.append(other_cell)
    return seen


def unreachable_tiles(tiles: Mapping[Cell, Tile]) -> list[Violation]:
    reachable = reachable_on_foot(tiles)
    return [
        Violation(
            "B3",
            f"{tile.describe()} at {_at(cell)} cannot be reached on foot from the fountain",
            (cell,),
        )
        for cell, tile in sorted(tiles.items())
        if cell not in reachable
    ]


def isolated_tiles(tiles: Mapping[Cell, Tile]) -> list[Violation]:
    """B4: tiles that share no full side with any other tile (a corner is not enough)."""
    return [
        Violation(
            "B4",
            f"{tile.describe()} at {_at(cell)} shares no side with the Alhambra "
            "(a corner is not enough)",
            (cell,),
        )
        for cell, tile in sorted(tiles.items())
        if not tile.is_fountain and not any(other in tiles for _, other in neighbours(cell))
    ]


def enclosed_areas(tiles: Mapping[Cell, Tile], rule: HoleRule = "region") -> list[list[Cell]]:
    """B5: the holes, each a sorted list of empty cells with no way out to the open."""
    if rule == "cell":
        empty = {other for cell in tiles for _, other in neighbours(cell) if other not in tiles}
        return [
            [cell]
            for cell in sorted(empty)
            if all(other in tiles for _, other in neighbours(cell))
        ]
    # A hole is always enclosed by one group of tiles joined side to side or at corners, so
    # each group is searched within its own bounds: scattered tiles cost little.
    enclosed: set[Cell] = set()
    for group in _corner_joined_groups(tiles):
        if len(group) >= 4:  # fewer tiles enclose nothing
            enclosed |= _enclosed_by(group)
    return _regions(enclosed - tiles.keys())


_AROUND: Final[tuple[Cell, ...]] = (
    (-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0),
)  # fmt: skip
"""The eight cells around a cell, clockwise from the north-west corner."""


def _corner_joined_groups(tiles: Mapping[Cell, Tile]) -> list[set[Cell]]:
    groups = []
    unseen = set(tiles)
    while unseen:
        first = unseen.pop()
        group, stack = {first}, [first]
        while stack:
            x, y = stack.pop()
            for dx, dy in _AROUND:
                other = (x + dx, y + dy)
                if other in unseen:
                    unseen.discard(other)
                    group.add(other)
                    stack.append(other)
        groups.append(group)
    return groups


def _enclosed_by(group: set[Cell]) -> set[Cell]:
    """The empty cells within the bounds of ``group`` that no path leads out of."""
    xs = [x for x, _ in group]
    ys = [y for _, y in group]
    left, right, top, bottom = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    start = (left, top)
    outside = {start}
    stack = [start]
    while stack:
        x, y = stack.pop()
        for other in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if (
                left <= other[0] <= right
                and top <= other[1] <= bottom
                and other not in group
                and other not in outside
            ):
                outside.add(other)
                stack.append(other)
    return {
        (x, y)
        for x in range(left, right + 1)
        for y in range(top, bottom + 1)
        if (x, y) not in group and (x, y) not in outside
    }


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


def holes(tiles: Mapping[Cell, Tile], rule: HoleRule = "region") -> list[Violation]:
    found = []
    for area in enclosed_areas(tiles, rule):
        if len(area) == 1:
            message = f"the empty cell {_at(area[0])} is enclosed: no path of empty cells leads out"
        else:
            message = (
                f"the empty cells {_cell_list(area)} are enclosed: no path of empty cells "
                "leads out"
            )
        found.append(Violation("B5", message, tuple(area)))
    return found


def alhambra_violations(alhambra: Alhambra, hole_rule: HoleRule = "region") -> list[Violation]:
    """Everything that makes an Alhambra illegal (B2, B3, B4, B5), in rule order."""
    tiles = alhambra.tiles
    return (
        side_mismatches(tiles)
        + unreachable_tiles(tiles)
        + isolated_tiles(tiles)
        + holes(tiles, hole_rule)
    )


# --- placement, removal and swap (B6, T5) ----------------------------------------------------


def occupied_cell(alhambra: Alhambra, cell: Cell) -> Violation | None:
    """B6: the target cell must be free and not the fountain's."""
    tile = alhambra.get(cell)
    if tile is None:
        return None
    return Violation("B6", f"the cell {_at(cell)} is already taken by {tile.describe()}", (cell,))


def placement_violations(
    alhambra: Alhambra, tile: Tile, cell: Cell, hole_rule: HoleRule = "region"
) -> list[Violation]:
    """Why placing ``tile`` at ``cell`` is illegal: every violation, or none when it is legal."""
    taken = occupied_cell(alhambra, cell)
    if taken is not None:
        return [taken]
    return alhambra_violations(alhambra.placed(cell, tile), hole_rule)


def removal_violations(
    alhambra: Alhambra, cell: Cell, hole_rule: HoleRule = "region"
) -> list[Violation]:
    """T5: may the tile at ``cell`` go to the reserve? The Alhambra after must stay legal."""
    tile = alhambra.get(cell)
    if tile is None:
        return [Violation("T5", f"there is no tile at {_at(cell)} to remove", (cell,))]
    if tile.is_fountain:
        return [Violation("T5", "the fountain is never moved", (cell,))]
    return alhambra_violations(alhambra.removed(cell), hole_rule)


def swap_violations(
    alhambra: Alhambra, cell: Cell, tile: Tile, hole_rule: HoleRule = "region"
) -> list[Violation]:
    """T5: may a reserve tile take exactly the cell of the Alhambra tile at ``cell``?"""
    old = alhambra.get(cell)
    if old is None:
        return [Violation("T5", f"there is no tile at {_at(cell)} to swap", (cell,))]
    if old.is_fountain:
        return [Violation("T5", "the fountain is never moved", (cell,))]
    return alhambra_violations(alhambra.placed(cell, tile), hole_rule)


# --- listing the legal cells -----------------------------------------------------------------

def _splits_empty_space(tiles: Mapping[Cell, Tile], cell: Cell) -> bool:
    """Could filling ``cell`` cut empty space in two? False is certain, True needs a look.

    Filling a cell can only separate its empty side-neighbours from each other. Going round
    the ring of eight cells about it, consecutive cells share a side; so when at most one run
    of empty ring cells holds side-neighbours, they stay joined without ``cell``.
    """
    x, y = cell
    empty = [(x + dx, y + dy) not in tiles for dx, dy in _AROUND]
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


def legal_cells(
    alhambra: Alhambra, tile: Tile, hole_rule: HoleRule = "region", *, known_legal: bool = False
) -> list[Cell]:
    """Every cell where ``tile`` may be placed, sorted by (y, x).

    Each candidate is decided from its neighbourhood, using what one look at the whole
    Alhambra established; only a cell that might cut empty space in two (B5) or join stranded
    tiles (B3) gets a second look. The tests prove this agrees with ``placement_violations``.
    ``known_legal=True`` spares that look for a caller that holds only legal Alhambras (the
    engine checks every state it is given).
    """
    tiles = alhambra.tiles
    if known_legal:
        candidates, stranded = alhambra.frontier(), False
    else:
        if side_mismatches(tiles):
            return []  # B2: no placement mends a mismatch between two tiles already there
        enclosed = [cell for area in enclosed_areas(tiles, hole_rule) for cell in area]
        if len(enclosed) > 1:
            return []  # B5: one tile fills one cell, so a hole would remain
        candidates = set(enclosed) if enclosed else alhambra.frontier()
        stranded = len(reachable_on_foot(tiles)) < len(tiles)
    found = []
    for cell in candidates:
        touching = [(side, tiles[other]) for side, other in neighbours(cell) if other in tiles]
        if any(tile.has_wall(side) != other.has_wall(OPPOSITE[side]) for side, other in touching):
            continue  # B2
        if stranded:
            after = alhambra.placed(cell, tile).tiles
            if len(reachable_on_foot(after)) < len(after):
                continue  # B3 (and B4: a tile with no neighbour is never reachable)
        elif not any(passable(tile, side, other) for side, other in touching):
            continue  # B3, B4: every other tile is reachable, so this one must join them
        if _creates_hole(alhambra, cell, hole_rule):
            continue  # B5
        found.append(cell)
    return sorted(found, key=lambda c: (c[1], c[0]))


def _creates_hole(alhambra: Alhambra, cell: Cell, hole_rule: HoleRule) -> bool:
    tiles = alhambra.tiles
    if hole_rule == "cell":
        return any(
            other not in tiles
            and all(n == cell or n in tiles for _, n in neighbours(other))
            for _, other in neighbours(cell)
        )
    if not _splits_empty_space(tiles, cell):
        return False
    return bool(enclosed_areas(alhambra.placed(cell, _PLACEHOLDER).tiles, hole_rule))


_PLACEHOLDER: Final[Tile] = Tile(building=None)
"""Stands in a cell while asking where the empty space goes; its walls play no part in B5."""
