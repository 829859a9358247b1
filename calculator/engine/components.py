"""The components the engine moves around besides the tiles: money cards and scoring cards (C3,
D1), and the cards a module adds to the money (:class:`ModuleCard`, declared by the module).

The 54 building tiles and the fountain are the core's (:mod:`calculator.core.tiles`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import msgspec
from msgspec import Struct

from calculator.core.text import Text
from calculator.core.tiles import CURRENCIES, Currency

MONEY_VALUES: Final[tuple[int, ...]] = tuple(range(1, 10))
COPIES: Final[int] = 3
"""C3: each currency has the values 1-9, three copies of each: 108 cards."""


class MoneyCard(Struct, frozen=True, order=True):
    """One money card. The three copies of a card are alike, so a hand is a multiset."""

    currency: Currency
    value: int

    def describe(self) -> str:
        return f"{self.currency.value} {self.value}"

    def named(self) -> Text:
        """The card as a refusal names it: "denar 3"."""
        return Text(
            "api.card.money", currency=Text(f"currency.{self.currency.value}"), value=self.value
        )


class ScoringCard(Struct, frozen=True):
    """Scoring card 1 or 2, hidden in the money pile (T1); revealing it calls a round (T8)."""

    round: int


class ModuleCard(Struct, frozen=True, order=True):
    """A card a module shuffles into the money piles (:attr:`calculator.engine.core.Module.
    pile_cards`): drawn, laid face up, taken, held and discarded like money, but no money: it
    has no value and counts for nothing where money is counted. Each module's cards are a
    subclass, declared in its package: on the wire a card is ``{wire: ...}``, what
    :meth:`to_wire` writes and :meth:`from_wire` reads: its fields, unless the module writes
    them otherwise."""

    wire: ClassVar[str]

    def describe(self) -> str:
        """The card as the text notation names it."""
        return f"{self.wire} card"

    def named(self) -> Text:
        """The card as a refusal names it: each module's card by its key ``api.card.<wire>``."""
        return Text(f"api.card.{self.wire}")

    def to_wire(self) -> object:
        """The value of the card's member on the wire (JSON types only)."""
        return msgspec.to_builtins(self)

    @classmethod
    def from_wire(cls, value: object) -> ModuleCard:
        """The card a member's value names; :class:`ValueError` (its message in the game's
        words) when it names none."""
        try:
            return msgspec.convert(value, cls)
        except msgspec.ValidationError as error:
            raise ValueError(f"not a {cls.wire} card: {error}") from None


DisplayCard = MoneyCard | ModuleCard
"""A card that can lie face up, in a hand or in the discard pile: money, or a module's card.
The money pile also holds the scoring cards."""

SCORING_CARDS: Final[tuple[ScoringCard, ...]] = (ScoringCard(1), ScoringCard(2))

CARD: Final[dict[tuple[Currency, int], MoneyCard]] = {
    (currency, value): MoneyCard(currency, value)
    for currency in CURRENCIES
    for value in MONEY_VALUES
}
"""One shared object per kind of card: the engine never builds cards while playing."""


def copies_per_card(players: int) -> int:
    """D1: a 2-player game removes one card of each value in each currency (3 copies -> 2)."""
    return COPIES - 1 if players == 2 else COPIES


def money_cards(players: int) -> tuple[MoneyCard, ...]:
    """Every money card of a game: 108, or 72 for two players (C3, D1), in catalog order."""
    return tuple(card for card in CARD.values() for _ in range(copies_per_card(players)))


def total(cards: Sequence[MoneyCard]) -> int:
    return sum(card.value for card in cards)
