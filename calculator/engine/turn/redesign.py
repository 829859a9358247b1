"""Redesigning the Alhambra (T5): reserve -> Alhambra, Alhambra -> reserve, or a swap.

Whether a redesign is legal is decided by the building rules (B2-B6) of the core, written once
there. Listing every legal redesign is a hot path, so it decides each candidate from its
neighbourhood, valid because the Alhambra it starts from is legal (the engine only ever holds
legal ones); the tests prove these listings agree with the core's full checks:

* a removal cannot break B2 or B4 (no new contact), and cannot open a hole (B5) unless the
  emptied cell has no empty neighbour: every other empty cell already reaches the open. What
  remains is B3, every tile still walkable from the fountain: true unless the tile is a cut
  vertex of the paths on foot, and one search finds them all;
* a swap keeps every cell occupied (B4, B5 unchanged). When the new tile matches the walls of
  every neighbour (B2), it has a wall on an occupied side exactly where the old one had, so
  every path on foot stays open (B3 unchanged).

A refused redesign is explained by the core's full check, which names every broken rule.
"""

from __future__ import annotations

from typing import Final, NoReturn

from calculator.core.building import (
    Violation,
    fitting_walls,
    placement_violations,
    removal_violations,
    steps_on_foot,
    swap_violations,
)
from calculator.core.grid import Grid
from calculator.core.text import Text, one_after_another
from calculator.core.tiles import FOUNTAIN_CELL, Cell
from calculator.engine.actions import BuildFromReserve, MoveToReserve, Swap
from calculator.engine.codes import TILE_CODE, TILES, WALLS
from calculator.engine.core import Game, Kind, Move
from calculator.engine.errors import IllegalAction
from calculator.engine.events import TileBuiltFromReserve, TileMovedToReserve, TilesSwapped
from calculator.engine.turn import actions_done

Redesign = BuildFromReserve | MoveToReserve | Swap


def removable_cells(grid: Grid) -> tuple[Cell, ...]:
    """The cells of a legal Alhambra whose tile may go to the reserve (T5), sorted by (y, x)."""
    beside_empty = grid.touching(grid.everything & ~grid.occupied)  # B5
    buildings = grid.occupied & ~grid.bit(FOUNTAIN_CELL)
    return tuple(grid.cells(buildings & beside_empty & ~_cut_cells(grid)))


def _cut_cells(grid: Grid) -> int:
    """B3 for every removal at once: the tiles that are some other tile's only way on foot to
    the fountain (a mask: the cut vertices of the paths on foot, found in one depth-first
    search, Hopcroft-Tarjan)."""
    steps = steps_on_foot(grid)
    order: dict[int, int] = {}  # by bit index
    low: dict[int, int] = {}
    cut = 0

    def visit(index: int, parent: int | None) -> None:
        nonlocal cut
        order[index] = low[index] = len(order)
        for walkable, offset in steps:
            if not walkable >> index & 1:
                continue
            other = index + offset
            if other not in order:
                visit(other, index)
                low[index] = min(low[index], low[other])
                if parent is not None and low[other] >= order[index]:
                    cut |= 1 << index
            elif other != parent and order[other] < low[index]:
                low[index] = order[other]

    visit(grid.bit(FOUNTAIN_CELL).bit_length() - 1, None)
    return cut


def swappable_cells(grid: Grid, walls: int) -> tuple[Cell, ...]:
    """The cells of a legal Alhambra whose tile a tile walled as ``walls`` may replace in place
    (T5), sorted by (y, x): the building tiles where its sides match every neighbour's (B2)."""
    matching, _ = fitting_walls(grid, walls)
    return tuple(grid.cells(matching & grid.occupied & ~grid.bit(FOUNTAIN_CELL)))


def legal_builds(game: Game) -> list[Move]:
    seat = game.player
    assert seat is not None
    player = game.seats[seat]
    cells_for, rule = player.alhambra.cells_for, game.hole_rule
    return [
        (BUILD, seat, tile, cell)
        for tile in dict.fromkeys(player.reserve)
        for cell in cells_for(tile, rule)
    ]


def legal_removals(game: Game) -> list[Move]:
    seat = game.player
    assert seat is not None
    return [(REMOVE, seat, cell) for cell in game.seats[seat].alhambra.removable(removable_cells)]


def legal_swaps(game: Game) -> list[Move]:
    seat = game.player
    assert seat is not None
    player = game.seats[seat]
    swappable = player.alhambra.swappable
    return [
        (SWAP, seat, tile, cell)
        for tile in dict.fromkeys(player.reserve)
        for cell in swappable(tile, swappable_cells)
    ]


def legal_redesigns(game: Game) -> list[Move]:
    return legal_builds(game) + legal_removals(game) + legal_swaps(game)


def check_redesign(game: Game, action: Redesign) -> Move:
    player = game.seats[action.player]
    alhambra = player.alhambra
    rule = game.hole_rule
    if isinstance(action, BuildFromReserve):
        tile = _in_reserve(game, action)
        if action.cell not in alhambra.cells_for(tile, rule):
            refuse(placement_violations(alhambra.frozen(), action.tile, action.cell, rule))
        return (BUILD, action.player, tile, action.cell)
    if isinstance(action, MoveToReserve):
        if action.cell not in alhambra.tiles or action.cell not in alhambra.removable(
            removable_cells
        ):
            refuse(removal_violations(alhambra.frozen(), action.cell, rule))
        return (REMOVE, action.player, action.cell)
    tile = _in_reserve(game, action)
    if action.cell not in alhambra.tiles or action.cell not in swappable_cells(
        alhambra.grid, WALLS[tile]
    ):
        refuse(swap_violations(alhambra.frozen(), action.cell, action.tile, rule))
    return (SWAP, action.player, tile, action.cell)


def _in_reserve(game: Game, action: BuildFromReserve | Swap) -> int:
    tile = TILE_CODE.get(action.tile)
    if tile is None or tile not in game.seats[action.player].reserve:
        told = Text("api.T5.not_in_reserve", tile=action.tile.named(), price=action.tile.price or 0)
        raise IllegalAction("T5", told)
    return tile


def refuse(violations: list[Violation]) -> NoReturn:
    """Raise the refusal of an illegal redesign or placement, naming every broken rule."""
    raise IllegalAction(violations[0].rule, one_after_another([v.message for v in violations]))


def _build(game: Game, move: Move) -> None:
    _, seat, tile, cell = move
    player = game.seats[seat]
    player.reserve.remove(tile)
    player.alhambra.place(cell, tile)
    game.touched |= 1 << seat
    if game.log is not None:
        game.log.append(TileBuiltFromReserve(seat, TILES[tile], cell))
    actions_done(game)


def _remove(game: Game, move: Move) -> None:
    _, seat, cell = move
    player = game.seats[seat]
    tile = player.alhambra.remove(cell)
    player.reserve.append(tile)
    game.touched |= 1 << seat
    if game.log is not None:
        game.log.append(TileMovedToReserve(seat, TILES[tile], cell))
    actions_done(game)


def _swap(game: Game, move: Move) -> None:
    _, seat, tile, cell = move
    player = game.seats[seat]
    player.reserve.remove(tile)
    removed = player.alhambra.swap(cell, tile)
    player.reserve.append(removed)
    game.touched |= 1 << seat
    if game.log is not None:
        game.log.append(TilesSwapped(seat, TILES[tile], cell, TILES[removed]))
    actions_done(game)


BUILD: Final[Kind] = Kind(
    "build_from_reserve",
    _build,
    lambda game, move: BuildFromReserve(move[1], TILES[move[2]], move[3]),
)
"""T5: ``(BUILD, seat, tile, cell)``."""
REMOVE: Final[Kind] = Kind(
    "move_to_reserve", _remove, lambda game, move: MoveToReserve(move[1], move[2])
)
"""T5: ``(REMOVE, seat, cell)``."""
SWAP: Final[Kind] = Kind(
    "swap",
    _swap,
    lambda game, move: Swap(move[1], TILES[move[2]], move[3]),
)
"""T5: ``(SWAP, seat, tile, cell)``."""
