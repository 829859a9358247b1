"""After the turn: the refill (T7) and the scoring rounds it calls (T8), with the dummy's draws.

The refill fills the empty market slots from the bag in slot order 1 -> 4, then the face-up
money back to 4 cards, reshuffling the discard pile into a new pile when the pile runs out. A
scoring card revealed on the way is set aside and replaced by the next card; its round is
scored once the refill is over, before the next player's turn (T8), and in a 2-player game the
dummy draws right after it (D2). A refill that leaves a slot empty ends the game (T9).
"""

from __future__ import annotations

from calculator.core.tiles import Tile
from calculator.engine import end
from calculator.engine.components import MoneyCard, ScoringCard
from calculator.engine.draws import Draw, Outcome, Receive, Step, reshuffle_discard
from calculator.engine.dummy import draws_after_round, receive_tile
from calculator.engine.events import Event, MarketFilled, MoneyDrawn, ScoringCardRevealed
from calculator.engine.rounds import score
from calculator.engine.state import FACE_UP_MONEY, GameState, evolve
from calculator.engine.turn import next_turn


def next_step(state: GameState) -> Draw | Step:
    for slot, tile in enumerate(state.market, start=1):
        if tile is None and state.bag:
            return Draw("bag", filling(slot))
    if len(state.face_up) < FACE_UP_MONEY:
        if state.pile:
            return Draw("pile", lay_out)
        if state.discard:
            return reshuffle_discard
    if state.turn.dummy_draws:
        return Draw("bag", receive_tile)
    if state.turn.scoring_due:
        return score_due_round
    if None in state.market:
        return end.award_market  # the bag could not fill every slot: T9
    return next_turn


def filling(slot: int) -> Receive:
    def fill(state: GameState, tile: Tile, **drawn: object) -> Outcome:
        market = (*state.market[: slot - 1], tile, *state.market[slot:])
        return evolve(state, market=market, **drawn), [MarketFilled(slot, tile)]

    return fill


def lay_out(state: GameState, card: MoneyCard | ScoringCard, **drawn: object) -> Outcome:
    """T7: a card drawn for the face-up money; a scoring card is set aside for T8."""
    if isinstance(card, ScoringCard):
        turn = evolve(state.turn, scoring_due=(*state.turn.scoring_due, card.round))
        return evolve(state, turn=turn, **drawn), [ScoringCardRevealed(card.round)]
    return evolve(state, face_up=(*state.face_up, card), **drawn), [MoneyDrawn(card)]


def score_due_round(state: GameState) -> Outcome:
    """T8: the refill is over; score the round of the scoring card it revealed."""
    due = min(state.turn.scoring_due)
    state, scored = score(state, due)
    turn = evolve(
        state.turn,
        scoring_due=tuple(r for r in state.turn.scoring_due if r != due),
        dummy_draws=draws_after_round(due, len(state.bag)) if state.dummy is not None else 0,
    )
    events: list[Event] = [scored]
    return evolve(state, turn=turn), events
