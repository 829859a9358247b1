"""After the turn: the refill (T7) and the scoring rounds it calls (T8), with the dummy's draws.

The refill fills the empty market slots from the bag in slot order 1 -> 4, then the face-up
money back to 4 cards, reshuffling the discard pile into a new pile when the pile runs out. A
scoring card revealed on the way is set aside and replaced by the next card; its round is
scored once the refill is over, before the next player's turn (T8), and in a 2-player game the
dummy draws right after it (D2). A refill that leaves a slot empty ends the game (T9).
A module may then act between the two turns (V1).
"""

from __future__ import annotations

from typing import Final

from msgspec.structs import replace

from calculator import modules as registry
from calculator.core.tiles import MARKET_SLOTS, Tile
from calculator.engine.components import DisplayCard, ScoringCard
from calculator.engine.events import Event, MarketFilled, MoneyDrawn, ScoringCardRevealed
from calculator.engine.state import FACE_UP_MONEY, Draft, Game
from calculator.engine.turn import end, next_turn
from calculator.engine.turn.draws import Draw, Receive, Step, reshuffle_discard
from calculator.engine.turn.dummy import draws_after_round, receive_tile
from calculator.engine.turn.rounds import score


def next_step(game: Game) -> Draw | Step:
    market = game.market
    full = None not in market
    if not full and game.bag:
        return FILLING[market.index(None)]
    if len(game.face_up) < FACE_UP_MONEY:
        if game.pile:
            return LAYING_OUT
        if game.discard:
            return reshuffle_discard
    turn = game.turn
    if turn.dummy_draws:
        return DUMMY_DRAWING
    if turn.scoring_due:
        return score_due_round
    if not full:
        return end.award_market  # the bag could not fill every slot: T9
    if game.options.modules:
        for between_turns in registry.active(game.options.modules).between_turns:
            step = between_turns(game)
            if step is not None:
                return step  # a module's step before the next turn (V1)
    return next_turn


def filling(slot: int) -> Receive:
    def fill(draft: Draft, tile: Tile) -> list[Event]:
        draft.market[slot - 1] = tile
        return [MarketFilled(slot, tile)]

    return fill


def lay_out(draft: Draft, card: DisplayCard | ScoringCard) -> list[Event]:
    """T7: a card drawn for the face-up money (a module's card lies face up like money: V2); a
    scoring card is set aside for T8."""
    if isinstance(card, ScoringCard):
        draft.turn = replace(draft.turn, scoring_due=(*draft.turn.scoring_due, card.round))
        return [ScoringCardRevealed(card.round)]
    draft.face_up.append(card)
    return [MoneyDrawn(card)]


FILLING: Final[tuple[Draw, ...]] = tuple(
    Draw("bag", filling(slot)) for slot in range(1, len(MARKET_SLOTS) + 1)
)
"""T7: the draw filling each market slot, by index (slot 1 first)."""
LAYING_OUT: Final[Draw] = Draw("pile", lay_out)
"""T7: the draw laying out a card of the face-up money."""
DUMMY_DRAWING: Final[Draw] = Draw("bag", receive_tile)
"""D2: the dummy's draw of a tile."""


def score_due_round(draft: Draft) -> list[Event]:
    """T8: the refill is over; score the round of the scoring card it revealed."""
    due = min(draft.turn.scoring_due)
    scored = score(draft, due)
    draft.turn = replace(
        draft.turn,
        scoring_due=tuple(r for r in draft.turn.scoring_due if r != due),
        dummy_draws=draws_after_round(due, len(draft.bag)) if draft.dummy is not None else 0,
    )
    return [scored]
