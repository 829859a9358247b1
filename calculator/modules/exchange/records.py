"""The exchange cards' words (V2): the card and the player's part of the state, each declared
once. Taking or paying with a card is the base's take-money or buy action, its card in the
action's ``module_cards``; on the wire the card lies among the money cards it goes with."""

from __future__ import annotations

from itertools import combinations
from typing import ClassVar, Final

from msgspec import Struct

from calculator.core.text import Text
from calculator.core.tiles import CURRENCIES, Currency
from calculator.engine.components import ModuleCard
from calculator.engine.parts import Part

NAME: Final[str] = "exchange"


class ExchangeCard(ModuleCard, frozen=True, order=True):
    """V2: an exchange card, showing two currencies (in alphabetical order, so a card has one
    form); it lets one purchase be paid in both. It is no money: it has no value. On the wire
    ``{"exchange": ["denar", "dirham"]}``, the member ``wire``."""

    wire: ClassVar[str] = "exchange"
    currencies: tuple[Currency, Currency]

    def __post_init__(self) -> None:
        first, second = self.currencies
        if not first < second:
            raise ValueError("an exchange card shows two currencies, in alphabetical order")

    def describe(self) -> str:
        return f"exchange card {self.currencies[0].value}/{self.currencies[1].value}"

    def named(self) -> Text:
        first, second = (Text(f"currency.{currency.value}") for currency in self.currencies)
        return Text("api.card.exchange_pair", first=first, second=second)

    def to_wire(self) -> object:
        return [currency.value for currency in self.currencies]

    @classmethod
    def from_wire(cls, value: object) -> ExchangeCard:
        try:
            first, second = (Currency(currency) for currency in value)  # type: ignore[attr-defined]
            return exchange_card(first, second)
        except (TypeError, ValueError):
            raise ValueError(
                'an exchange card shows two different currencies: {"exchange": ["denar", '
                '"dirham"]} (V2)'
            ) from None


EXCHANGE_CARDS: Final[tuple[ExchangeCard, ...]] = tuple(
    ExchangeCard(pair) for pair in combinations(CURRENCIES, 2)
)
"""V2: 6 exchange cards, one per pair of currencies."""


def exchange_card(first: Currency, second: Currency) -> ExchangeCard:
    """V2: the exchange card showing ``first`` and ``second``, in either order."""
    return ExchangeCard((first, second) if first < second else (second, first))


class Held(Struct, frozen=True, rename={"exchange_cards": "hand"}):
    """V2, a player's part: the exchange cards in the player's hand; on the wire they are in
    ``hand``, among the money."""

    exchange_cards: tuple[ExchangeCard, ...] = ()


HELD: Final[Part[Held]] = Part(NAME, Held)
