"""Taking money (T3): one face-up card of any value, or several whose values total at most 5.

A module's face-up card is taken by the module's rule (V2)."""

from __future__ import annotations

from itertools import combinations
from typing import Final

from calculator.core.text import Text
from calculator.engine.actions import Action, TakeMoney
from calculator.engine.codes import CARD_CODE, MONEY, MONEY_CARDS, VALUE
from calculator.engine.core import Game, Kind, Move, card_of
from calculator.engine.errors import IllegalAction
from calculator.engine.events import MoneyTaken
from calculator.engine.memo import Memo
from calculator.engine.turn import actions_done

SMALL_CHANGE: Final[int] = 5
"""T3: several cards may be taken together when their values total at most 5."""

TAKES_MEMO: Final[int] = 8192
"""How many sets of small face-up cards the memo of takes keeps (there are fewer than 5000:
at most four of the 16 cards worth less than 5)."""

_SEVERAL: Final[Memo[tuple[int, ...], tuple[tuple[int, ...], ...]]] = Memo(TAKES_MEMO)


def several(small: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """T3: every distinct set of two or more of the cards ``small`` (codes, sorted, each worth
    less than 5) totalling at most 5. Remembered."""
    found = _SEVERAL.get(small)
    if found is None:
        choices: dict[tuple[int, ...], None] = {}
        for size in range(2, len(small) + 1):
            for cards in combinations(small, size):
                if sum([VALUE[card] for card in cards]) <= SMALL_CHANGE:
                    choices[cards] = None
        found = _SEVERAL.keep(small, tuple(choices))
    return found


def legal_takes(game: Game) -> list[Move]:
    """T3: every distinct choice of the face-up money (copies of a card are alike): each card
    alone, then each set of two or more totalling at most 5 (so of cards worth at most 4),
    the cards in their order. A module's face-up card is taken by its own rule (V2)."""
    seat = game.player
    money = sorted(game.face_up)
    while money and money[-1] >= MONEY:  # a module's cards are numbered after the money
        money.pop()
    moves: list[Move] = []
    last = -1
    small: list[int] = []
    for card in money:
        if card != last:
            moves.append((TAKE, seat, (card,)))
            last = card
        if VALUE[card] < SMALL_CHANGE:
            small.append(card)
    if len(small) > 1:
        for cards in several(tuple(small)):
            moves.append((TAKE, seat, cards))
    return moves


def check_take(game: Game, action: TakeMoney) -> Move:
    if not action.cards:
        raise IllegalAction("T3", Text("api.T3.take_one"))
    cards = tuple(CARD_CODE[card] for card in action.cards)
    left = list(game.face_up)
    for card in cards:
        if card not in left:
            shown = [card_of(game.rules, c).named() for c in game.face_up] or [Text("api.none")]
            raise IllegalAction("T3", Text("api.T3.not_face_up", shown=shown))
        left.remove(card)
    paid = sum(VALUE[card] for card in cards)
    if len(cards) > 1 and paid > SMALL_CHANGE:
        raise IllegalAction("T3", Text("api.T3.small_change", most=SMALL_CHANGE, paid=paid))
    return (TAKE, action.player, cards)


def take_money(game: Game, move: Move) -> None:
    _, seat, cards = move
    hand = game.seats[seat].hand
    face_up = game.face_up
    for card in cards:
        face_up.remove(card)
        hand.add(card)
    if game.log is not None:
        game.log.append(MoneyTaken(seat, tuple(MONEY_CARDS[card] for card in cards)))
    actions_done(game)


def _record(game: Game, move: Move) -> Action:
    return TakeMoney(move[1], tuple(MONEY_CARDS[card] for card in move[2]))


TAKE: Final[Kind] = Kind("take_money", take_money, _record)
"""T3: ``(TAKE, seat, cards)``, the cards as codes."""
