"""A player's money in the game core: the cards in the order held, and per currency the count of
each value packed in one integer, from which the payments are found and remembered (T3, T4, T9).

The cards keep their order because a state does (a hand is written as it was dealt and taken).
The packed counts (3 bits per value, value 1 in the lowest bits) and the total per currency are
kept up to date with them: a purchase's payments depend on the values held in the slot's
currency alone, so they are remembered by that one integer and the price
(:func:`payments`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from calculator.engine.codes import CURRENCY, VALUE
from calculator.engine.memo import Memo

VALUE_BITS: Final[int] = 3
"""Bits per value in a packed currency: up to 7 copies (there are 3 of each card, C3)."""

PACKED: Final[tuple[int, ...]] = tuple(1 << VALUE_BITS * (value - 1) for value in VALUE)
"""What one money card (by code) adds to its currency's packed values."""

PAYMENT_MEMO: Final[int] = 4096
"""How many answers the memo of payments keeps: hands repeat within a game, while a server
asked about every possible hand keeps no more."""


class Hand:
    """A player's money cards (codes), in the order held, with the values per currency packed
    (:data:`VALUE_BITS` per value) and totalled."""

    __slots__ = ("cards", "packed", "sums")

    def __init__(self, cards: Iterable[int] = ()) -> None:
        self.cards: list[int] = []
        self.packed = [0, 0, 0, 0]
        self.sums = [0, 0, 0, 0]
        for card in cards:
            self.add(card)

    def add(self, card: int) -> None:
        self.cards.append(card)
        currency = CURRENCY[card]
        self.packed[currency] += PACKED[card]
        self.sums[currency] += VALUE[card]

    def remove(self, card: int) -> None:
        """Take out the first copy of ``card`` (which the hand holds)."""
        self.cards.remove(card)
        currency = CURRENCY[card]
        self.packed[currency] -= PACKED[card]
        self.sums[currency] -= VALUE[card]

    def holds(self, cards: Iterable[int]) -> bool:
        """Does the hand hold every one of ``cards`` (copies counted)?"""
        packed = list(self.packed)
        for card in cards:
            currency, shift = CURRENCY[card], VALUE_BITS * (VALUE[card] - 1)
            if not packed[currency] >> shift & 7:
                return False
            packed[currency] -= 1 << shift
        return True

    @property
    def total(self) -> int:
        return sum(self.sums)

    def copy(self) -> Hand:
        copied = Hand.__new__(Hand)
        copied.cards = self.cards.copy()
        copied.packed = self.packed.copy()
        copied.sums = self.sums.copy()
        return copied


def values(packed: int) -> tuple[int, ...]:
    """The values a packed currency holds, ascending."""
    found: list[int] = []
    value = 1
    while packed:
        found += [value] * (packed & 7)
        packed >>= VALUE_BITS
        value += 1
    return tuple(found)


_PAYMENTS: Final[Memo[int, tuple[tuple[int, ...], ...]]] = Memo(PAYMENT_MEMO)
_PAID_WITH: Final[Memo[int, tuple[tuple[int, ...], ...]]] = Memo(2 * PAYMENT_MEMO)


def payments(currency: int, packed: int, price: int) -> tuple[tuple[int, ...], ...]:
    """T4: the canonical payments (each distinct multiset of cards that pays the price with no
    card to spare, :func:`minimal_payments`) for a tile of ``price`` from the values ``packed``
    in ``currency``, as cards (codes, ascending), in the order of :func:`minimal_payments`.
    Remembered as cards (:data:`PAYMENT_MEMO` answers) and, whatever the currency, as values
    (twice as many)."""
    key = packed << 6 | price
    found = _PAYMENTS.get(key << 2 | currency)
    if found is None:
        paid = _PAID_WITH.get(key)
        if paid is None:
            paid = _PAID_WITH.keep(key, _minimal(_held(packed), price))
        base = 9 * currency - 1
        found = _PAYMENTS.keep(
            key << 2 | currency,
            tuple(tuple([base + value for value in payment]) for payment in paid),
        )
    return found


def minimal_payments(values: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of ``values`` with total >= ``price`` and no card to spare,
    each in ascending order.

    A payment has no card to spare when dropping its smallest card leaves less than the price.
    Listed by counting values, largest first, each value taken as often as held down to none
    (the combinations of the cards would be exponential in the copies held).
    """
    return _minimal(_counted(values), price)


def _minimal(available: list[tuple[int, int, int]], price: int) -> tuple[tuple[int, ...], ...]:
    """:func:`minimal_payments` from the values held as (value, copies, worth of the smaller
    values held), largest first."""
    found: list[tuple[int, ...]] = []

    def extend(index: int, chosen: tuple[int, ...], paid: int) -> None:
        # paid < price: each count of this value (most first) pays, or leaves the rest to the
        # smaller values, until even they cannot make up the price
        value, copies, smaller = available[index]
        index += 1
        for count in range(copies, -1, -1):
            total = paid + value * count
            if total >= price:
                if total - value < price:  # the smallest card chosen (this value) is needed
                    found.append((value,) * count + chosen)
            elif total + smaller >= price:
                extend(index, (value,) * count + chosen, total)
            else:
                break  # fewer copies pay even less

    if available:
        value, copies, smaller = available[0]
        if value * copies + smaller >= price:
            extend(0, (), 0)
    return tuple(found)


def _held(packed: int) -> list[tuple[int, int, int]]:
    """The values a packed currency holds, as :func:`_largest_first` gives them."""
    held: list[tuple[int, int]] = []
    value = 0
    while packed:
        value += 1
        copies = packed & 7
        if copies:
            held.append((value, copies))
        packed >>= VALUE_BITS
    return _largest_first(held)


def _counted(values: tuple[int, ...]) -> list[tuple[int, int, int]]:
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return _largest_first(sorted(counts.items()))


def _largest_first(held: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """The values held as (value, copies), smallest first, as (value, copies, worth of the
    smaller values held), largest first."""
    found: list[tuple[int, int, int]] = []
    worth = 0
    for value, copies in held:
        found.append((value, copies, worth))
        worth += value * copies
    found.reverse()
    return found


_SUMS: Final[Memo[int, int]] = Memo(PAYMENT_MEMO)


def exact_payment(packed: int, price: int) -> bool:
    """T4: can some of the values ``packed`` (of one currency) pay ``price`` exactly? A set of
    cards totalling the price has no card to spare, so it is a canonical payment (V1 asks
    this of every player between two turns)."""
    return bool(totals_of(packed) >> price & 1)


def totals_of(packed: int) -> int:
    """The totals some of the values ``packed`` make exactly, one bit per total (bit 0: none
    of them), remembered by the values."""
    totals = _SUMS.get(packed)
    if totals is None:
        totals = 1  # bit t: some of the cards total t
        value, left = 1, packed
        while left:
            for _ in range(left & 7):
                totals |= totals << value
            left >>= VALUE_BITS
            value += 1
        _SUMS.keep(packed, totals)
    return totals
