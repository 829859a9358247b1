"""The game core's Alhambra (B2-B6, W1-W4, M1, T5): its masks kept up to date as tiles arrive
and leave are those of the whole Alhambra, and what it remembers is what the core's rules say
of the Alhambra as it is now."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from calculator.core.building import legal_cells, removal_violations
from calculator.core.grid import EAST, NORTH, SOUTH, WEST, Grid
from calculator.core.tiles import CATALOG, FOUNTAIN_CELL, Cell
from calculator.core.walls import wall_length
from calculator.engine.codes import BUILDS, TILE_CODE, TILES, WALLS
from calculator.engine.layout import Layout
from calculator.engine.turn.redesign import removable_cells


def pictured(grid: Grid) -> dict[Cell, int]:
    """What the masks hold: each occupied cell with its wall pattern."""
    found = {}
    for cell in grid.cells(grid.occupied):
        bit = grid.bit(cell)
        walls = 0
        for mask, side in (
            (grid.wall_n, NORTH),
            (grid.wall_e, EAST),
            (grid.wall_s, SOUTH),
            (grid.wall_w, WEST),
        ):
            if mask & bit:
                walls |= side
        found[cell] = walls
    return found


def _agrees(layout: Layout) -> None:
    frozen = layout.frozen()
    expected = {cell: WALLS[tile] for cell, tile in layout.tiles.items()}
    expected[FOUNTAIN_CELL] = 0
    assert pictured(layout.grid) == expected == pictured(Grid.of(frozen.tiles))
    counts = [0] * 6
    for tile in layout.tiles.values():
        if BUILDS[tile] >= 0:
            counts[BUILDS[tile]] += 1
    assert layout.counts == counts
    assert layout.wall() == wall_length(frozen).length
    for tile in CATALOG[::7]:
        assert list(layout.cells_for(TILE_CODE[tile], "region")) == legal_cells(frozen, tile)
    removable = {
        c for c in frozen.tiles if c != FOUNTAIN_CELL and not removal_violations(frozen, c)
    }
    assert set(layout.removable(removable_cells)) == removable


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40))
def test_b2_b6_a_layout_kept_up_to_date_agrees_with_its_whole_alhambra(seed, steps):
    """Tiles placed where the rules allow, removed and swapped as a redesign may (T5), in any
    order and far from the fountain (the bounds grow): after each change the masks, counts,
    wall, legal cells and removals are those of the Alhambra made whole."""
    rng = random.Random(seed)
    layout = Layout()
    copy = layout.copy()
    pool = [TILE_CODE[tile] for tile in CATALOG]
    rng.shuffle(pool)
    for _ in range(steps):
        choice = rng.random()
        if choice < 0.65 and pool:
            tile = pool.pop()
            cells = layout.cells_for(tile, "region")
            if cells:
                layout.place(rng.choice(cells), tile)
        elif choice < 0.85:
            removable = layout.removable(removable_cells)
            if removable:
                pool.append(layout.remove(rng.choice(removable)))
        elif pool:
            tile = pool[-1]
            frozen = layout.frozen()
            swaps = [
                cell
                for cell in layout.tiles
                if not removal_violations(frozen, cell)
                and layout.tiles[cell] != tile
                and cell in legal_cells(frozen.removed(cell), TILES[tile])
            ]
            if swaps:
                pool.pop()
                pool.append(layout.swap(rng.choice(swaps), tile))
        _agrees(layout)
    assert copy.tiles == {} and pictured(copy.grid) == {FOUNTAIN_CELL: 0}  # never changed
