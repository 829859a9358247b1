"""Placing tiles at the end of a turn (T6), the dummy's gift (D4), the awarded tiles (T9).

After its actions, each tile bought this turn goes, in any order the player chooses, into the
Alhambra (legally) or onto the reserve; in a 2-player game it may go to the dummy instead (D4).
A tile a module's rule bought is placed the same way (V1).
The market tiles awarded at the end of the game are placed the same way, but not given away.
"""

from __future__ import annotations

from msgspec.structs import replace

from calculator import modules as registry
from calculator.core.building import placement_violations
from calculator.core.tiles import Tile
from calculator.engine.actions import Choices, GiveToDummy, PlaceTile, ReserveTile
from calculator.engine.errors import IllegalAction
from calculator.engine.events import Event, TileGivenToDummy, TilePlaced, TileReserved
from calculator.engine.state import BOUGHT, FINAL_PLACEMENT, PLACEMENT, Draft, Game
from calculator.engine.turn import end_turn
from calculator.engine.turn.cells import cells_for
from calculator.engine.turn.redesign import refuse

Placement = PlaceTile | ReserveTile | GiveToDummy


def placer(game: Game) -> int:
    """Who places now: the current player (T6), or the first receiver of an award (T9)."""
    turn = game.turn
    if turn.phase == FINAL_PLACEMENT:
        return turn.awarded[0].player
    # a module's placing phase says who places (V1)
    seat = turn.player if turn.phase == PLACEMENT else registry.PHASES[turn.phase].to_act(game)
    assert seat is not None
    return seat


def waiting_tiles(game: Game, seat: int) -> tuple[Tile, ...]:
    turn = game.turn
    if turn.phase == FINAL_PLACEMENT:
        return tuple(award.tile for award in turn.awarded if award.player == seat)
    return turn.bought


def legal_placements(state: Game) -> Choices:
    found = Choices([])
    for tile in dict.fromkeys(waiting_tiles(state, placer(state))):
        found += placements_of(state, tile)
    return found


def placements_of(state: Game, tile: Tile) -> Choices:
    """Where one waiting tile may go: a legal cell, the reserve, or the dummy (D4)."""
    seat = placer(state)
    rule = state.options.hole_rule
    found: list[tuple[type, tuple[object, ...]]] = [
        (PlaceTile, (seat, tile, cell))
        for cell in cells_for(state.players[seat].alhambra, tile, rule)
    ]
    found.append((ReserveTile, (seat, tile)))
    if state.dummy is not None and state.turn.phase in BOUGHT and not tile.hut:
        found.append((GiveToDummy, (seat, tile)))
    return Choices(found)


def place(draft: Draft, action: Placement) -> list[Event]:
    turn = draft.turn
    if action.tile not in waiting_tiles(draft, action.player):
        raise IllegalAction(
            "T9" if turn.phase == FINAL_PLACEMENT else "T6",
            f"{action.tile.describe()} (price {action.tile.price}) is not waiting to be placed",
        )
    player = draft.players[action.player]
    event: Event
    if isinstance(action, PlaceTile):
        rule = draft.options.hole_rule
        if action.cell not in cells_for(player.alhambra, action.tile, rule):
            refuse(placement_violations(player.alhambra, action.tile, action.cell, rule))
        player = replace(player, alhambra=player.alhambra.placed(action.cell, action.tile))
        event = TilePlaced(action.player, action.tile, action.cell)
    elif isinstance(action, ReserveTile):
        player = replace(player, reserve=(*player.reserve, action.tile))
        event = TileReserved(action.player, action.tile)
    else:
        if draft.dummy is None:
            raise IllegalAction("D4", "there is a dummy only in a 2-player game")
        if turn.phase not in BOUGHT:
            raise IllegalAction("D4", "only a tile bought this turn can go to the dummy")
        if action.tile.hut:
            raise IllegalAction("V4", "a worker hut is placed or kept, never given to the dummy")
        draft.dummy = (*draft.dummy, action.tile)
        event = TileGivenToDummy(action.player, action.tile)
    draft.players[action.player] = player
    events: list[Event] = [event]
    if turn.phase == FINAL_PLACEMENT:
        awarded = list(turn.awarded)
        awarded.remove(
            next(a for a in awarded if a.player == action.player and a.tile == action.tile)
        )
        draft.turn = replace(turn, awarded=tuple(awarded))
        return events
    bought = list(turn.bought)
    bought.remove(action.tile)
    draft.turn = replace(turn, bought=tuple(bought))
    if not bought:
        rules = registry.PHASES.get(turn.phase)
        placed = end_turn if rules is None or rules.placed is None else rules.placed
        events += placed(draft)
    return events
