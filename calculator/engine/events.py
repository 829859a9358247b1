"""What happened: the engine reports every change it makes, automatic ones included, in order.

Events are facts for the client to show (a card drawn, a round scored); the state alone is
the truth the engine goes on from. A module declares its own events in its package, as
subclasses of :class:`ModuleEvent`, each with its wire name.
"""

from __future__ import annotations

from typing import ClassVar

from msgspec import Struct

from calculator.core.scoring import RoundScore
from calculator.core.tiles import Cell, Tile
from calculator.engine.components import DisplayCard, ModuleCard, MoneyCard


class MoneyDealt(Struct, frozen=True):
    """T1: a starting money card for ``player``."""

    player: int
    card: MoneyCard


class MoneyDrawn(Struct, frozen=True):
    """T1, T7: a money card (or a module's card) laid face up."""

    card: DisplayCard


class PilesFormed(Struct, frozen=True):
    """T1: the rest of the money split into five piles, scoring cards in piles 2 and 4."""

    sizes: tuple[int, ...]


class MarketFilled(Struct, frozen=True):
    """T1, T7: a tile drawn from the bag into a market slot."""

    slot: int
    tile: Tile


class DummyDrew(Struct, frozen=True):
    """D2: the dummy drew a tile from the bag."""

    tile: Tile


class TurnStarted(Struct, frozen=True):
    player: int
    number: int


class MoneyTaken(Struct, frozen=True):
    """T3; or a module's card (``module_cards``)."""

    player: int
    cards: tuple[MoneyCard, ...]
    module_cards: tuple[ModuleCard, ...] = ()


class TileBought(Struct, frozen=True):
    """T4: ``exact`` payments earn another action. ``module_cards``: a module's card that
    helped pay, discarded with the payment."""

    player: int
    slot: int
    tile: Tile
    payment: tuple[MoneyCard, ...]
    exact: bool
    module_cards: tuple[ModuleCard, ...] = ()


class ExtraActionDeclined(Struct, frozen=True):
    """T4: the player ended the turn instead of taking the action an exact payment allowed."""

    player: int


class Passed(Struct, frozen=True):
    """T2: the player had no legal action."""

    player: int


class TileBuiltFromReserve(Struct, frozen=True):
    """T5."""

    player: int
    tile: Tile
    cell: Cell


class TileMovedToReserve(Struct, frozen=True):
    """T5."""

    player: int
    tile: Tile
    cell: Cell


class TilesSwapped(Struct, frozen=True):
    """T5: ``tile`` left the reserve for ``cell``; ``removed`` went from there to the reserve."""

    player: int
    tile: Tile
    cell: Cell
    removed: Tile


class TilePlaced(Struct, frozen=True):
    """T6, T9."""

    player: int
    tile: Tile
    cell: Cell


class TileReserved(Struct, frozen=True):
    """T6, T9."""

    player: int
    tile: Tile


class TileGivenToDummy(Struct, frozen=True):
    """D4."""

    player: int
    tile: Tile


class TurnEnded(Struct, frozen=True):
    player: int


class DiscardReshuffled(Struct, frozen=True):
    """T7: the discard pile became the new money pile."""

    cards: int


class ScoringCardRevealed(Struct, frozen=True):
    """T8: set aside; the round is scored after the refill."""

    round: int


class RoundScored(Struct, frozen=True):
    """T8, T9: a scoring round in full (as ``/v1/scores`` gives it) and the totals after it."""

    round: int
    names: tuple[str, ...]
    result: RoundScore
    totals: tuple[int, ...]


class MarketTileAwarded(Struct, frozen=True):
    """T9: a tile left on the market goes to ``player``; ``None`` when it stays (a tie, or
    nobody holds its currency)."""

    slot: int
    tile: Tile
    player: int | None


class GameEnded(Struct, frozen=True):
    """T9, M6: equal totals share the win."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


class ModuleEvent(Struct, frozen=True):
    """What a module's rules did (its subclass, in the module's package); ``kind`` is its wire
    name (``type``)."""

    kind: ClassVar[str]


Event = (
    MoneyDealt | MoneyDrawn | PilesFormed | MarketFilled | DummyDrew | TurnStarted | MoneyTaken
    | TileBought | ExtraActionDeclined | Passed | TileBuiltFromReserve | TileMovedToReserve
    | TilesSwapped | TilePlaced | TileReserved | TileGivenToDummy | TurnEnded | DiscardReshuffled
    | ScoringCardRevealed | RoundScored | MarketTileAwarded | GameEnded | ModuleEvent
)  # fmt: skip
