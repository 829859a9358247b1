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

from functools import lru_cache
from typing import NoReturn

from msgspec.structs import replace

from calculator.core.alhambra import Alhambra
from calculator.core.building import (
    Violation,
    fitting,
    placement_violations,
    removal_violations,
    steps_on_foot,
    swap_violations,
)
from calculator.core.grid import Grid
from calculator.core.tiles import FOUNTAIN_CELL, Cell, Tile
from calculator.engine.actions import BuildFromReserve, Choices, MoveToReserve, Swap
from calculator.engine.errors import IllegalAction
from calculator.engine.events import (
    Event,
    TileBuiltFromReserve,
    TileMovedToReserve,
    TilesSwapped,
)
from calculator.engine.state import Draft, Game, Player
from calculator.engine.turn import actions_done
from calculator.engine.turn.cells import KEPT, cells_for

Redesign = BuildFromReserve | MoveToReserve | Swap


@lru_cache(maxsize=KEPT)
def removable_cells(alhambra: Alhambra) -> tuple[Cell, ...]:
    """The cells of a legal Alhambra whose tile may go to the reserve (T5), sorted by (y, x).

    Kept per Alhambra (:mod:`cells`): listing the removals and then checking the one chosen
    ask the same question of the same Alhambra, and the answer takes a depth-first search."""
    grid = alhambra.grid
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


def swappable_cells(alhambra: Alhambra, tile: Tile) -> list[Cell]:
    """The cells of a legal Alhambra whose tile ``tile`` may replace in place (T5), sorted by
    (y, x): the building tiles where ``tile``'s sides match every neighbour's (B2)."""
    grid = alhambra.grid
    matching, _ = fitting(grid, tile)
    return grid.cells(matching & grid.occupied & ~grid.bit(FOUNTAIN_CELL))


def legal_builds(state: Game) -> Choices:
    seat, player = _redesigner(state)
    rule = state.options.hole_rule
    return Choices(
        [
            (BuildFromReserve, (seat, tile, cell))
            for tile in dict.fromkeys(player.reserve)
            for cell in cells_for(player.alhambra, tile, rule)
        ]
    )


def legal_removals(state: Game) -> Choices:
    seat, player = _redesigner(state)
    return Choices([(MoveToReserve, (seat, cell)) for cell in removable_cells(player.alhambra)])


def legal_swaps(state: Game) -> Choices:
    seat, player = _redesigner(state)
    return Choices(
        [
            (Swap, (seat, tile, cell))
            for tile in dict.fromkeys(player.reserve)
            for cell in swappable_cells(player.alhambra, tile)
        ]
    )


def legal_redesigns(state: Game) -> Choices:
    return legal_builds(state) + legal_removals(state) + legal_swaps(state)


def _redesigner(state: Game) -> tuple[int, Player]:
    seat = state.turn.player
    assert seat is not None
    return seat, state.players[seat]


def redesign(draft: Draft, action: Redesign) -> list[Event]:
    player = draft.players[action.player]
    rule = draft.options.hole_rule
    alhambra = player.alhambra
    event: Event
    if isinstance(action, BuildFromReserve):
        reserve = _reserve_without(player, action.tile)
        if action.cell not in cells_for(alhambra, action.tile, rule):
            refuse(placement_violations(alhambra, action.tile, action.cell, rule))
        player = replace(
            player, alhambra=alhambra.placed(action.cell, action.tile), reserve=reserve
        )
        event = TileBuiltFromReserve(action.player, action.tile, action.cell)
    elif isinstance(action, MoveToReserve):
        moved = alhambra.get(action.cell)
        if moved is None or moved.is_fountain or action.cell not in removable_cells(alhambra):
            refuse(removal_violations(alhambra, action.cell, rule))
        player = replace(
            player, alhambra=alhambra.removed(action.cell), reserve=(*player.reserve, moved)
        )
        event = TileMovedToReserve(action.player, moved, action.cell)
    else:
        reserve = _reserve_without(player, action.tile)
        removed = alhambra.get(action.cell)
        if (
            removed is None
            or removed.is_fountain
            or action.cell not in swappable_cells(alhambra, action.tile)
        ):
            refuse(swap_violations(alhambra, action.cell, action.tile, rule))
        player = replace(
            player,
            alhambra=alhambra.placed(action.cell, action.tile),
            reserve=(*reserve, removed),
        )
        event = TilesSwapped(action.player, action.tile, action.cell, removed)
    draft.players[action.player] = player
    return [event, *actions_done(draft)]


def _reserve_without(player: Player, tile: Tile) -> tuple[Tile, ...]:
    if tile not in player.reserve:
        raise IllegalAction("T5", f"{tile.describe()} (price {tile.price}) is not in the reserve")
    index = player.reserve.index(tile)
    return player.reserve[:index] + player.reserve[index + 1 :]


def refuse(violations: list[Violation]) -> NoReturn:
    """Raise the refusal of an illegal redesign or placement, naming every broken rule."""
    raise IllegalAction(violations[0].rule, "; ".join(v.message for v in violations))
