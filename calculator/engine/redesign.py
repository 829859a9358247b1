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

from collections.abc import Mapping
from typing import NoReturn

from calculator.core.alhambra import Alhambra, neighbours
from calculator.core.building import (
    Violation,
    passable,
    placement_violations,
    removal_violations,
    swap_violations,
)
from calculator.core.tiles import FOUNTAIN_CELL, OPPOSITE, Cell, Tile
from calculator.engine.actions import BuildFromReserve, Choices, MoveToReserve, Swap
from calculator.engine.cells import cells_for
from calculator.engine.errors import IllegalAction
from calculator.engine.events import (
    Event,
    TileBuiltFromReserve,
    TileMovedToReserve,
    TilesSwapped,
)
from calculator.engine.state import Draft, GameState, Player, evolve
from calculator.engine.turn import actions_done

Redesign = BuildFromReserve | MoveToReserve | Swap


def removable_cells(alhambra: Alhambra) -> list[Cell]:
    """The cells of a legal Alhambra whose tile may go to the reserve (T5), sorted by (y, x)."""
    tiles = alhambra.tiles
    holding = _cut_cells(tiles)
    return sorted(
        (
            cell
            for cell, tile in tiles.items()
            if not tile.is_fountain
            and cell not in holding  # B3
            and any(other not in tiles for _, other in neighbours(cell))  # B5
        ),
        key=lambda c: (c[1], c[0]),
    )


def _cut_cells(tiles: Mapping[Cell, Tile]) -> set[Cell]:
    """B3 for every removal at once: the cells whose tile is some other tile's only way on foot
    to the fountain (the cut vertices of the paths on foot, found in one depth-first search,
    Hopcroft-Tarjan)."""
    order: dict[Cell, int] = {}
    low: dict[Cell, int] = {}
    cut: set[Cell] = set()

    def visit(cell: Cell, parent: Cell | None) -> None:
        order[cell] = low[cell] = len(order)
        tile = tiles[cell]
        for side, other_cell in neighbours(cell):
            other = tiles.get(other_cell)
            if other is None or not passable(tile, side, other):
                continue
            if other_cell not in order:
                visit(other_cell, cell)
                low[cell] = min(low[cell], low[other_cell])
                if parent is not None and low[other_cell] >= order[cell]:
                    cut.add(cell)
            elif other_cell != parent:
                low[cell] = min(low[cell], order[other_cell])

    visit(FOUNTAIN_CELL, None)
    return cut


def swappable_cells(alhambra: Alhambra, tile: Tile) -> list[Cell]:
    """The cells of a legal Alhambra whose tile ``tile`` may replace in place (T5)."""
    tiles = alhambra.tiles
    found = []
    for cell, _ in alhambra.buildings():
        if all(
            tile.has_wall(side) == other.has_wall(OPPOSITE[side])
            for side, neighbour_cell in neighbours(cell)
            if (other := tiles.get(neighbour_cell)) is not None
        ):
            found.append(cell)
    return sorted(found, key=lambda c: (c[1], c[0]))


def legal_builds(state: GameState) -> Choices:
    seat, player = _redesigner(state)
    rule = state.options.hole_rule
    return Choices(
        [
            (BuildFromReserve, (seat, tile, cell))
            for tile in dict.fromkeys(player.reserve)
            for cell in cells_for(player.alhambra, tile, rule)
        ]
    )


def legal_removals(state: GameState) -> Choices:
    seat, player = _redesigner(state)
    return Choices([(MoveToReserve, (seat, cell)) for cell in removable_cells(player.alhambra)])


def legal_swaps(state: GameState) -> Choices:
    seat, player = _redesigner(state)
    return Choices(
        [
            (Swap, (seat, tile, cell))
            for tile in dict.fromkeys(player.reserve)
            for cell in swappable_cells(player.alhambra, tile)
        ]
    )


def legal_redesigns(state: GameState) -> Choices:
    return legal_builds(state) + legal_removals(state) + legal_swaps(state)


def _redesigner(state: GameState) -> tuple[int, Player]:
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
        player = evolve(player, alhambra=alhambra.placed(action.cell, action.tile), reserve=reserve)
        event = TileBuiltFromReserve(action.player, action.tile, action.cell)
    elif isinstance(action, MoveToReserve):
        moved = alhambra.get(action.cell)
        if moved is None or moved.is_fountain or action.cell not in removable_cells(alhambra):
            refuse(removal_violations(alhambra, action.cell, rule))
        player = evolve(
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
        player = evolve(
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
