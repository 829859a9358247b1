"""Buying a tile (T4): pay at least the price in the slot's currency, no change given; an exact
payment earns another action. The market is not refilled during the turn.

Payments are listed canonically: each distinct multiset of cards (copies of a card are alike)
that pays the price and from which no card can be dropped while still paying it
(:func:`calculator.engine.hand.payments`). Any larger payment is still legal (T4 allows paying
more), it only wastes a card: it is never exact, so it never earns the extra action, and the
minimal payment it contains is listed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from calculator.core.text import Text, Value, listed
from calculator.core.tiles import CURRENCIES
from calculator.engine.actions import Action, Buy
from calculator.engine.codes import (
    CARD_CODE,
    CURRENCY,
    MONEY_CARDS,
    NO_TILE,
    PRICE,
    SLOT_CURRENCY,
    TILES,
    VALUE,
)
from calculator.engine.components import ModuleCard
from calculator.engine.core import Game, Kind, Move
from calculator.engine.errors import IllegalAction
from calculator.engine.events import TileBought
from calculator.engine.hand import payments
from calculator.engine.turn import actions_done


def legal_buys(game: Game) -> list[Move]:
    """T4: for each market slot, the canonical payments in its currency."""
    seat = game.player
    assert seat is not None
    hand = game.seats[seat].hand
    packed, sums = hand.packed, hand.sums
    found: list[Move] = []
    slot = 0
    for tile in game.market:
        slot += 1
        if tile == NO_TILE:
            continue
        price = PRICE[tile]
        currency = SLOT_CURRENCY[slot]
        if price and sums[currency] >= price:  # else no payment can be enough
            for payment in payments(currency, packed[currency], price):
                found.append((BUY, seat, slot, payment))
    return found


def check_buy(game: Game, action: Buy) -> Move:
    """T4: a purchase paid in the slot's currency (with a module's card, the module's rule
    claims it: V2)."""
    payment = check_payment(
        game, action, (SLOT_CURRENCY[action.slot] if 1 <= action.slot <= 4 else -1,)
    )
    return (BUY, action.player, action.slot, payment)


def check_payment(game: Game, action: Buy, currencies: Sequence[int]) -> tuple[int, ...]:
    """T4: the tile of the slot, paid with cards of ``currencies`` (the slot's, or those a
    module's card allows: V2) totalling at least its price; the payment's codes."""
    slot = action.slot
    tile = game.market[slot - 1] if 1 <= slot <= len(game.market) else NO_TILE
    if tile == NO_TILE or not PRICE[tile]:
        raise IllegalAction("T4", Text("api.T4.slot_empty", slot=slot))
    if not action.payment:
        raise IllegalAction("T4", Text("api.T4.pay_something"))
    cards = tuple(CARD_CODE[card] for card in action.payment)
    names: list[Value] = [
        Text(f"currency.{CURRENCIES[currency].value}") for currency in currencies if currency >= 0
    ]
    foreign = [
        card
        for card, code in zip(action.payment, cards, strict=True)
        if CURRENCY[code] not in currencies
    ]
    if foreign:
        cannot = [card.named() for card in foreign]
        if len(names) == 1:
            told = Text("api.T4.slot_takes_only", slot=slot, currency=names[0], cards=cannot)
        else:
            told = Text(
                "api.T4.slot_takes", slot=slot, currencies=listed(names, "or"), cards=cannot
            )
        raise IllegalAction("T4", told)
    if not game.seats[action.player].hand.holds(cards):
        raise IllegalAction("T4", Text("api.T4.not_held"))
    paid = sum(VALUE[card] for card in cards)
    price = PRICE[tile]
    if paid < price:
        told = Text(
            "api.T4.too_little",
            paid=paid,
            currencies=listed(names),
            tile=TILES[tile].named(),
            price=price,
        )
        raise IllegalAction("T4", told)
    return cards


def pay(
    game: Game,
    seat: int,
    slot: int,
    payment: tuple[int, ...],
    module_cards: tuple[ModuleCard, ...] = (),
) -> None:
    """T4: take the tile of the slot for ``payment`` (the cards go to the discard pile); an
    exact payment earns another action, any other ends the turn's actions. ``module_cards``:
    a module's card that helped pay (V2), reported with the purchase."""
    tile = game.market[slot - 1]
    hand = game.seats[seat].hand
    for card in payment:
        hand.remove(card)
    game.market[slot - 1] = NO_TILE
    game.discard += payment
    exact = sum(map(VALUE.__getitem__, payment)) == PRICE[tile]
    if game.log is not None:
        bought = TILES[tile]
        game.log.append(
            TileBought(
                seat,
                slot,
                bought,
                tuple(MONEY_CARDS[card] for card in payment),
                exact,
                module_cards,
            )
        )
    game.buys += 1
    game.bought.append(tile)
    game.extra_action = exact
    if not exact:
        actions_done(game)


def _buy(game: Game, move: Move) -> None:
    _, seat, slot, payment = move
    pay(game, seat, slot, payment)


def _record(game: Game, move: Move) -> Action:
    return Buy(move[1], move[2], tuple(MONEY_CARDS[card] for card in move[3]))


BUY: Final[Kind] = Kind("buy", _buy, _record)
"""T4: ``(BUY, seat, slot, payment)``, the payment as codes."""
