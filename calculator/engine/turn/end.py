"""The end of the game (T9, M6).

The game ends when a refill cannot fill every empty market slot. Each tile left on the market
goes to the player holding the most money (face value) in that slot's currency; on a tie, or
when nobody holds any, it stays. The receivers place their tiles (Alhambra or reserve, no
redesign); then round 3 is scored and the highest totals win, equal totals sharing the win.
A scoring round called by the same refill has been scored before (see :mod:`refill`).
"""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from calculator.core.scoring import winners
from calculator.engine.events import Event, GameEnded, MarketTileAwarded
from calculator.engine.state import FINAL_PLACEMENT, OVER, Award, Draft, Game, Player, slot_currency
from calculator.engine.turn.draws import Step
from calculator.engine.turn.rounds import score

FINAL_ROUND = 3


def receiver(players: Sequence[Player], slot: int) -> int | None:
    """T9: who gets the tile left in ``slot``: the single player holding most of its currency."""
    currency = slot_currency(slot)
    held = [
        sum(card.value for card in player.hand if card.currency is currency) for player in players
    ]
    most = max(held)
    if most == 0 or held.count(most) > 1:
        return None
    return held.index(most)


def award_market(draft: Draft) -> list[Event]:
    """T9: hand out the tiles left on the market; the receivers place them next."""
    assert draft.turn.player is not None
    seats = len(draft.players)
    first = draft.turn.player
    awards: list[Award] = []
    events: list[Event] = []
    for slot, tile in enumerate(draft.market, start=1):
        if tile is None:
            continue
        seat = receiver(draft.players, slot)
        events.append(MarketTileAwarded(slot, tile, seat))
        if seat is not None:
            draft.market[slot - 1] = None
            awards.append(Award(seat, slot, tile))
    # receivers place in seat order from the player whose turn ended, each in slot order
    awards.sort(key=lambda award: ((award.player - first) % seats, award.slot))
    draft.turn = replace(draft.turn, phase=FINAL_PLACEMENT, awarded=tuple(awards))
    return events


def next_step(game: Game) -> Step | None:
    """While awarded tiles wait, their receivers decide; then the final round."""
    return None if game.turn.awarded else final_round


def final_round(draft: Draft) -> list[Event]:
    """T9, M6: score round 3 and name the winners."""
    scored = score(draft, FINAL_ROUND)
    totals = tuple(player.score for player in draft.players)
    best = tuple(winners(totals))
    draft.over = True
    draft.winners = best
    draft.turn = replace(draft.turn, phase=OVER)
    return [scored, GameEnded(best, totals)]
