"""Placing tiles at the end of a turn (T6), the dummy's gift (D4), the awarded tiles (T9).

After its actions, each tile bought this turn goes, in any order the player chooses, into the
Alhambra (legally) or onto the reserve; in a 2-player game it may go to the dummy instead (D4).
A tile a module's rule bought is placed the same way (V1).
The market tiles awarded at the end of the game are placed the same way, but not given away.
"""

from __future__ import annotations

from typing import Final

from calculator.core.building import placement_violations
from calculator.core.text import Text
from calculator.engine.actions import GiveToDummy, PlaceTile, ReserveTile
from calculator.engine.codes import HUT, TILE_CODE, TILES
from calculator.engine.core import FINAL_PLACEMENT, PLACEMENT, Game, Kind, Move
from calculator.engine.errors import IllegalAction
from calculator.engine.events import TileGivenToDummy, TilePlaced, TileReserved
from calculator.engine.turn import end_turn
from calculator.engine.turn.redesign import refuse

Placement = PlaceTile | ReserveTile | GiveToDummy


def placer(game: Game) -> int:
    """Who places now: the current player (T6), or the first receiver of an award (T9)."""
    phase = game.phase
    if phase is FINAL_PLACEMENT:
        return game.awarded[0][0]
    # a module's placing phase says who places (V1)
    seat = game.player if phase is PLACEMENT else game.rules.phase_rules[phase].to_act(game)
    assert seat is not None
    return seat


def waiting_tiles(game: Game, seat: int) -> list[int]:
    """The tiles ``seat`` has to place now."""
    if game.phase is FINAL_PLACEMENT:
        return [tile for player, _, tile in game.awarded if player == seat]
    return game.bought


def legal_placements(game: Game) -> list[Move]:
    seat = placer(game)
    found: list[Move] = []
    for tile in dict.fromkeys(waiting_tiles(game, seat)):
        found += placements_of(game, seat, tile)
    return found


def placements_of(game: Game, seat: int, tile: int) -> list[Move]:
    """Where one waiting tile may go: a legal cell, the reserve, or the dummy (D4)."""
    found: list[Move] = [
        (PLACE, seat, tile, cell)
        for cell in game.seats[seat].alhambra.cells_for(tile, game.hole_rule)
    ]
    found.append((RESERVE, seat, tile))
    if game.dummy is not None and game.phase.bought and not HUT[tile]:
        found.append((GIVE, seat, tile))
    return found


def check_placement(game: Game, action: Placement) -> Move:
    tile = TILE_CODE.get(action.tile)
    if tile is None or tile not in waiting_tiles(game, action.player):
        raise IllegalAction(
            "T9" if game.phase is FINAL_PLACEMENT else "T6",
            Text("api.T6.not_waiting", tile=action.tile.named(), price=action.tile.price or 0),
        )
    if isinstance(action, PlaceTile):
        alhambra = game.seats[action.player].alhambra
        rule = game.hole_rule
        if action.cell not in alhambra.cells_for(tile, rule):
            refuse(placement_violations(alhambra.frozen(), action.tile, action.cell, rule))
        return (PLACE, action.player, tile, action.cell)
    if isinstance(action, ReserveTile):
        return (RESERVE, action.player, tile)
    if game.dummy is None:
        raise IllegalAction("D4", Text("api.D4.no_dummy"))
    if not game.phase.bought:
        raise IllegalAction("D4", Text("api.D4.bought_only"))
    if HUT[tile]:
        raise IllegalAction("V4", Text("api.V4.hut_to_dummy"))
    return (GIVE, action.player, tile)


def _place(game: Game, move: Move) -> None:
    _, seat, tile, cell = move
    game.seats[seat].alhambra.place(cell, tile)
    game.touched |= 1 << seat
    if game.log is not None:
        game.log.append(TilePlaced(seat, TILES[tile], cell))
    _placed(game, seat, tile)


def _reserve(game: Game, move: Move) -> None:
    _, seat, tile = move
    game.seats[seat].reserve.append(tile)
    if game.log is not None:
        game.log.append(TileReserved(seat, TILES[tile]))
    _placed(game, seat, tile)


def _give(game: Game, move: Move) -> None:
    _, seat, tile = move
    assert game.dummy is not None
    game.dummy.append(tile)
    if game.log is not None:
        game.log.append(TileGivenToDummy(seat, TILES[tile]))
    _placed(game, seat, tile)


def _placed(game: Game, seat: int, tile: int) -> None:
    """A waiting tile is placed: the next one waits, or the turn goes on."""
    if game.phase is FINAL_PLACEMENT:
        awarded = game.awarded
        awarded.remove(next(award for award in awarded if award[0] == seat and award[2] == tile))
        return
    game.bought.remove(tile)
    if not game.bought:
        rules = game.rules.phase_rules.get(game.phase)
        placed = end_turn if rules is None or rules.placed is None else rules.placed
        placed(game)


PLACE: Final[Kind] = Kind(
    "place", _place, lambda game, move: PlaceTile(move[1], TILES[move[2]], move[3])
)
"""T6, T9: ``(PLACE, seat, tile, cell)``."""
RESERVE: Final[Kind] = Kind(
    "reserve", _reserve, lambda game, move: ReserveTile(move[1], TILES[move[2]])
)
"""T6, T9: ``(RESERVE, seat, tile)``."""
GIVE: Final[Kind] = Kind(
    "give_to_dummy", _give, lambda game, move: GiveToDummy(move[1], TILES[move[2]])
)
"""D4: ``(GIVE, seat, tile)``."""
