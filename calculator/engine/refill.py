"""After the turn: the refill (T7) and the scoring rounds it calls (T8), with the dummy's draws.

The refill fills the empty market slots from the bag in slot order 1 -> 4, then the face-up
money back to 4 cards, reshuffling the discard pile into a new pile when the pile runs out. A
scoring card revealed on the way is set aside and replaced by the next card; its round is
scored once the refill is over, before the next player's turn (T8), and in a 2-player game the
dummy draws right after it (D2). A refill that leaves a slot empty ends the game (T9).
With the vizier module, the players are then asked about the vizier (V1, :mod:`vizier`).
"""

from __future__ import annotations

from calculator.core.tiles import Tile
from calculator.engine import end, vizier
from calculator.engine.components import MoneyCard, ScoringCard
from calculator.engine.draws import Draw, Receive, Step, reshuffle_discard
from calculator.engine.dummy import draws_after_round, receive_tile
from calculator.engine.events import Event, MarketFilled, MoneyDrawn, ScoringCardRevealed
from calculator.engine.rounds import score
from calculator.engine.state import FACE_UP_MONEY, Draft, Game, evolve
from calculator.engine.turn import next_turn


def next_step(game: Game) -> Draw | Step:
    for slot, tile in enumerate(game.market, start=1):
        if tile is None and game.bag:
            return Draw("bag", filling(slot))
    if len(game.face_up) < FACE_UP_MONEY:
        if game.pile:
            return Draw("pile", lay_out)
        if game.discard:
            return reshuffle_discard
    if game.turn.dummy_draws:
        return Draw("bag", receive_tile)
    if game.turn.scoring_due:
        return score_due_round
    if None in game.market:
        return end.award_market  # the bag could not fill every slot: T9
    if "vizier" in game.options.modules and vizier.offered_to(game) is not None:
        return vizier.offer  # V1: before the next turn
    return next_turn


def filling(slot: int) -> Receive:
    def fill(draft: Draft, tile: Tile) -> list[Event]:
        draft.market[slot - 1] = tile
        return [MarketFilled(slot, tile)]

    return fill


def lay_out(draft: Draft, card: MoneyCard | ScoringCard) -> list[Event]:
    """T7: a card drawn for the face-up money; a scoring card is set aside for T8."""
    if isinstance(card, ScoringCard):
        draft.turn = evolve(draft.turn, scoring_due=(*draft.turn.scoring_due, card.round))
        return [ScoringCardRevealed(card.round)]
    draft.face_up.append(card)
    return [MoneyDrawn(card)]


def score_due_round(draft: Draft) -> list[Event]:
    """T8: the refill is over; score the round of the scoring card it revealed."""
    due = min(draft.turn.scoring_due)
    scored = score(draft, due)
    draft.turn = evolve(
        draft.turn,
        scoring_due=tuple(r for r in draft.turn.scoring_due if r != due),
        dummy_draws=draws_after_round(due, len(draft.bag)) if draft.dummy is not None else 0,
    )
    return [scored]
