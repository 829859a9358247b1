"""The components the engine moves around besides the tiles: money cards and scoring cards (C3, D1).

The 54 building tiles and the fountain are the core's (:mod:`calculator.core.tiles`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from calculator.core.tiles import CURRENCIES, Currency

MONEY_VALUES: Final[tuple[int, ...]] = tuple(range(1, 10))
COPIES: Final[int] = 3
"""C3: each currency has the values 1-9, three copies of each: 108 cards."""


@dataclass(frozen=True, slots=True, order=True)
class MoneyCard:
    """One money card. The three copies of a card are alike, so a hand is a multiset."""

    currency: Currency
    value: int

    def describe(self) -> str:
        return f"{self.currency.value} {self.value}"


@dataclass(frozen=True, slots=True)
class ScoringCard:
    """Scoring card 1 or 2, hidden in the money pile (T1); revealing it calls a round (T8)."""

    round: int


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


def money_counts(players: int) -> Counter[MoneyCard]:
    return Counter(money_cards(players))


def total(cards: Sequence[MoneyCard]) -> int:
    return sum(card.value for card in cards)


def without(pool: Sequence[MoneyCard], cards: Sequence[MoneyCard]) -> list[MoneyCard] | None:
    """``pool`` less one copy of each of ``cards``; ``None`` when ``pool`` lacks one of them."""
    rest = list(pool)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return rest
