"""The end of the game (T9, M6).

The game ends when a refill cannot fill every empty market slot. Each tile left on the market
goes to the player holding the most money (face value) in that slot's currency; on a tie, or
when nobody holds any, it stays, and the event says which (:data:`TIE`, :data:`NOBODY_HOLDS`).
The receivers place their tiles (Alhambra or reserve, no redesign); then round 3 is scored and
the highest totals win, equal totals sharing the win. A scoring round called by the same refill
has been scored before (see :mod:`refill`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from calculator.core.scoring import winners
from calculator.engine.codes import NO_TILE, SLOT_CURRENCY, TILES
from calculator.engine.core import FINAL_PLACEMENT, OVER, Award, Game, Step
from calculator.engine.events import GameEnded, MarketTileAwarded, Stay
from calculator.engine.turn.rounds import score

FINAL_ROUND = 3

TIE: Final[Stay] = "tie"
"""Several players hold the most money in the tile's currency."""
NOBODY_HOLDS: Final[Stay] = "nobody_holds"
"""Nobody holds any money in the tile's currency."""


def receiver(held: Sequence[int]) -> tuple[int | None, Stay | None]:
    """T9: who gets a tile left on the market, given the money each player holds in its slot's
    currency: the single player holding most (and no reason to stay); else ``None`` and why
    the tile stays, a tie for the most or nobody holding any."""
    most = max(held)
    if most == 0:
        return None, NOBODY_HOLDS
    if held.count(most) > 1:
        return None, TIE
    return held.index(most), None


def award_market(game: Game) -> None:
    """T9: hand out the tiles left on the market; the receivers place them next."""
    assert game.player is not None
    seats = len(game.seats)
    first = game.player
    awards: list[Award] = []
    for slot, tile in enumerate(game.market, start=1):
        if tile == NO_TILE:
            continue
        currency = SLOT_CURRENCY[slot]
        seat, stays = receiver([player.hand.sums[currency] for player in game.seats])
        if game.log is not None:
            game.log.append(MarketTileAwarded(slot, TILES[tile], seat, stays))
        if seat is not None:
            game.market[slot - 1] = NO_TILE
            awards.append((seat, slot, tile))
    # receivers place in seat order from the player whose turn ended, each in slot order
    awards.sort(key=lambda award: ((award[0] - first) % seats, award[1]))
    game.phase = FINAL_PLACEMENT
    game.awarded = awards


def next_step(game: Game) -> Step | None:
    """While awarded tiles wait, their receivers decide; then the final round."""
    return None if game.awarded else final_round


def final_round(game: Game) -> None:
    """T9, M6: score round 3 and name the winners."""
    score(game, FINAL_ROUND)
    totals = tuple(seat.score for seat in game.seats)
    best = tuple(winners(totals))
    game.over = True
    game.winners = best
    game.phase = OVER
    if game.log is not None:
        game.log.append(GameEnded(best, totals))
