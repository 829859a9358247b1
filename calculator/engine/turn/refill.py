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

from calculator.core.tiles import MARKET_SLOTS
from calculator.engine.codes import NO_TILE, SCORING_CARD_CODES, TILES
from calculator.engine.core import Draw, Game, Receive, Step, card_of
from calculator.engine.events import MarketFilled, MoneyDrawn, ScoringCardRevealed
from calculator.engine.state import FACE_UP_MONEY
from calculator.engine.turn import next_turn
from calculator.engine.turn.draws import BAG, PILE, reshuffle_discard
from calculator.engine.turn.dummy import draws_after_round, receive_tile
from calculator.engine.turn.end import award_market
from calculator.engine.turn.rounds import score


def next_step(game: Game) -> Draw | Step:
    market = game.market
    if NO_TILE in market and game.bag:
        return FILLING[market.index(NO_TILE)]
    if len(game.face_up) < FACE_UP_MONEY:
        if game.pile:
            return LAYING_OUT
        if game.discard:
            return reshuffle_discard
    if game.dummy_draws:
        return DUMMY_DRAWING
    if game.scoring_due:
        return score_due_round
    if NO_TILE in market:
        return award_market  # the bag could not fill every slot: T9
    for between_turns in game.rules.between_turns:
        step = between_turns(game)
        if step is not None:
            return step  # a module's step before the next turn (V1)
    return next_turn


def filling(slot: int) -> Receive:
    def fill(game: Game, tile: int) -> None:
        game.market[slot - 1] = tile
        if game.log is not None:
            game.log.append(MarketFilled(slot, TILES[tile]))

    return fill


def lay_out(game: Game, card: int) -> None:
    """T7: a card drawn for the face-up money (a module's card lies face up like money: V2); a
    scoring card is set aside for T8."""
    if card in SCORING_CARD_CODES:
        scoring_round = SCORING_CARD_CODES.index(card) + 1
        game.scoring_due.append(scoring_round)
        if game.log is not None:
            game.log.append(ScoringCardRevealed(scoring_round))
        return
    game.face_up.append(card)
    if game.log is not None:
        game.log.append(MoneyDrawn(card_of(game.rules, card)))


FILLING: Final[tuple[Draw, ...]] = tuple(
    Draw(BAG, filling(slot)) for slot in range(1, len(MARKET_SLOTS) + 1)
)
"""T7: the draw filling each market slot, by index (slot 1 first)."""
LAYING_OUT: Final[Draw] = Draw(PILE, lay_out)
"""T7: the draw laying out a card of the face-up money."""
DUMMY_DRAWING: Final[Draw] = Draw(BAG, receive_tile)
"""D2: the dummy's draw of a tile."""


def score_due_round(game: Game) -> None:
    """T8: the refill is over; score the round of the scoring card it revealed."""
    due = min(game.scoring_due)
    score(game, due)
    game.scoring_due = [number for number in game.scoring_due if number != due]
    game.dummy_draws = draws_after_round(due, len(game.bag)) if game.dummy is not None else 0
