"""Buying a tile (T4): pay at least the price in the slot's currency, no change given; an exact
payment earns another action. The market is not refilled during the turn.

Payments are listed canonically: each distinct multiset of cards (copies of a card are alike)
that pays the price and from which no card can be dropped while still paying it. Any larger
payment is still legal (T4 allows paying more), it only wastes a card: it is never exact, so
it never earns the extra action, and the minimal payment it contains is listed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from msgspec.structs import replace

from calculator.core.tiles import MARKET_SLOTS, Currency
from calculator.engine.actions import Buy, Choices
from calculator.engine.components import CARD, MoneyCard, total, without
from calculator.engine.errors import IllegalAction
from calculator.engine.events import Event, TileBought
from calculator.engine.state import Draft, Game, slot_currency
from calculator.engine.turn import actions_done

PAYMENT_MEMO = 4096
"""How many answers each payment memo keeps: hands repeat within a game, while a server asked
about every possible hand keeps no more."""


@lru_cache(maxsize=PAYMENT_MEMO)
def minimal_payments(values: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of ``values`` with total >= ``price`` and no card to spare,
    each in ascending order.

    A payment has no card to spare when dropping its smallest card leaves less than the price.
    Remembered: hands repeat, and the answer depends on the values alone.
    """
    available = sorted(Counter(values).items(), reverse=True)  # (value, copies), largest first
    found: list[tuple[int, ...]] = []
    left_after = [0] * (len(available) + 1)
    for index in range(len(available) - 1, -1, -1):
        value, copies = available[index]
        left_after[index] = left_after[index + 1] + value * copies

    def extend(index: int, chosen: list[int], paid: int) -> None:
        if paid >= price:
            if paid - chosen[-1] < price:  # chosen[-1] is the smallest card chosen
                found.append(tuple(reversed(chosen)))
            return  # any further card could be dropped again
        if index == len(available) or paid + left_after[index] < price:
            return
        value, copies = available[index]
        for count in range(copies, -1, -1):
            extend(index + 1, chosen + [value] * count, paid + value * count)

    extend(0, [], 0)
    return tuple(found)


def payments_for(
    hand: Sequence[MoneyCard], currency: Currency, price: int
) -> tuple[tuple[MoneyCard, ...], ...]:
    """The canonical payments for a tile of ``price`` in a slot of ``currency``."""
    values = [card.value for card in hand if card.currency is currency]
    values.sort()
    return _payments(currency, tuple(values), price)


@lru_cache(maxsize=PAYMENT_MEMO)
def _payments(
    currency: Currency, values: tuple[int, ...], price: int
) -> tuple[tuple[MoneyCard, ...], ...]:
    """:func:`minimal_payments` in cards of ``currency``."""
    return tuple(
        tuple(CARD[currency, value] for value in payment)
        for payment in minimal_payments(values, price)
    )


def legal_buys(state: Game) -> Choices:
    seat = state.turn.player
    assert seat is not None
    values = _values_by_slot(state.players[seat].hand)
    return Choices(
        [
            (Buy, (seat, slot, payment))
            for slot, tile in enumerate(state.market, start=1)
            if tile is not None
            and tile.price is not None
            and sum(values[slot - 1]) >= tile.price  # else no payment can be enough
            for payment in _payments(slot_currency(slot), values[slot - 1], tile.price)
        ]
    )


def _values_by_slot(hand: Sequence[MoneyCard]) -> list[tuple[int, ...]]:
    """The values of ``hand``'s cards in the currency of each market slot, sorted: one look
    at the hand for the four slots."""
    values: dict[Currency, list[int]] = {currency: [] for currency in MARKET_SLOTS}
    for card in hand:
        values[card.currency].append(card.value)
    by_slot = []
    for currency in MARKET_SLOTS:
        held = values[currency]
        by_slot.append(tuple(sorted(held)))
    return by_slot


def buy(draft: Draft, action: Buy) -> list[Event]:
    """T4: a purchase paid in the slot's currency (with a module's card, the module's rule
    claims it: V2)."""
    return pay(draft, action, (slot_currency(action.slot),))


def pay(draft: Draft, action: Buy, currencies: tuple[Currency, ...]) -> list[Event]:
    """T4: take the tile of the slot, paid with cards of ``currencies`` (the slot's, or those
    a module's card allows: V2) totalling at least its price."""
    tile = draft.market[action.slot - 1]
    if tile is None or tile.price is None:
        raise IllegalAction("T4", f"market slot {action.slot} is empty until the end of the turn")
    if not action.payment:
        raise IllegalAction("T4", "pay with at least one money card")
    foreign = [card for card in action.payment if card.currency not in currencies]
    if foreign:
        raise IllegalAction(
            "T4",
            f"market slot {action.slot} takes {' or '.join(currencies)}"
            f"{' only' if len(currencies) == 1 else ''}; "
            f"{', '.join(card.describe() for card in foreign)} cannot pay there",
        )
    player = draft.players[action.player]
    hand = without(player.hand, action.payment)
    if hand is None:
        raise IllegalAction("T4", "the payment holds cards the player does not have")
    paid = total(action.payment)
    if paid < tile.price:
        raise IllegalAction(
            "T4",
            f"{paid} {' and '.join(currencies)} do not pay {tile.describe()}'s price of "
            f"{tile.price}",
        )
    exact = paid == tile.price
    draft.players[action.player] = replace(player, hand=tuple(hand))
    draft.market[action.slot - 1] = None
    draft.discard += action.payment
    turn = draft.turn
    events: list[Event] = [
        TileBought(action.player, action.slot, tile, action.payment, exact, action.module_cards)
    ]
    draft.turn = replace(turn, buys=turn.buys + 1, bought=(*turn.bought, tile), extra_action=exact)
    if not exact:
        events += actions_done(draft)
    return events
