"""What happened: the engine reports every change it makes, automatic ones included, in order.

Events are facts for the client to show (a card drawn, a round scored); the state alone is
the truth the engine goes on from. Each record declares its wire name (``kind``); its fields
are its members, and the codec follows from them (:mod:`calculator.api.game_document`). A
module declares its own events in its package, as subclasses of :class:`ModuleEvent`.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from msgspec import Struct

from calculator.core.scoring import RoundScore
from calculator.core.tiles import Cell, Tile
from calculator.engine.components import DisplayCard, ModuleCard, MoneyCard


class MoneyDealt(Struct, frozen=True):
    """T1: a starting money card for ``player``."""

    kind: ClassVar[str] = "money_dealt"
    player: int
    card: MoneyCard


class MoneyDrawn(Struct, frozen=True):
    """T1, T7: a money card (or a module's card) laid face up."""

    kind: ClassVar[str] = "money_drawn"
    card: DisplayCard


class PilesFormed(Struct, frozen=True):
    """T1: the rest of the money split into five piles, scoring cards in piles 2 and 4."""

    kind: ClassVar[str] = "piles_formed"
    sizes: tuple[int, ...]


class MarketFilled(Struct, frozen=True):
    """T1, T7: a tile drawn from the bag into a market slot."""

    kind: ClassVar[str] = "market_filled"
    slot: int
    tile: Tile


class DummyDrew(Struct, frozen=True):
    """D2: the dummy drew a tile from the bag."""

    kind: ClassVar[str] = "dummy_drew"
    tile: Tile


class TurnStarted(Struct, frozen=True):
    kind: ClassVar[str] = "turn_started"
    player: int
    number: int


class MoneyTaken(Struct, frozen=True):
    """T3; or a module's card (``module_cards``)."""

    kind: ClassVar[str] = "money_taken"
    player: int
    cards: tuple[MoneyCard, ...]
    module_cards: tuple[ModuleCard, ...] = ()


class TileBought(Struct, frozen=True):
    """T4: ``exact`` payments earn another action. ``module_cards``: a module's card that
    helped pay, discarded with the payment."""

    kind: ClassVar[str] = "tile_bought"
    player: int
    slot: int
    tile: Tile
    payment: tuple[MoneyCard, ...]
    exact: bool
    module_cards: tuple[ModuleCard, ...] = ()


class ExtraActionDeclined(Struct, frozen=True):
    """T4: the player ended the turn instead of taking the action an exact payment allowed."""

    kind: ClassVar[str] = "extra_action_declined"
    player: int


class Passed(Struct, frozen=True):
    """T2: the player had no legal action."""

    kind: ClassVar[str] = "passed"
    player: int


class TileBuiltFromReserve(Struct, frozen=True):
    """T5."""

    kind: ClassVar[str] = "tile_built_from_reserve"
    player: int
    tile: Tile
    cell: Cell


class TileMovedToReserve(Struct, frozen=True):
    """T5."""

    kind: ClassVar[str] = "tile_moved_to_reserve"
    player: int
    tile: Tile
    cell: Cell


class TilesSwapped(Struct, frozen=True):
    """T5: ``tile`` left the reserve for ``cell``; ``removed`` went from there to the reserve."""

    kind: ClassVar[str] = "tiles_swapped"
    player: int
    tile: Tile
    cell: Cell
    removed: Tile


class TilePlaced(Struct, frozen=True):
    """T6, T9."""

    kind: ClassVar[str] = "tile_placed"
    player: int
    tile: Tile
    cell: Cell


class TileReserved(Struct, frozen=True):
    """T6, T9."""

    kind: ClassVar[str] = "tile_reserved"
    player: int
    tile: Tile


class TileGivenToDummy(Struct, frozen=True):
    """D4."""

    kind: ClassVar[str] = "tile_given_to_dummy"
    player: int
    tile: Tile


class TurnEnded(Struct, frozen=True):
    kind: ClassVar[str] = "turn_ended"
    player: int


class DiscardReshuffled(Struct, frozen=True):
    """T7: the discard pile became the new money pile."""

    kind: ClassVar[str] = "discard_reshuffled"
    cards: int


class ScoringCardRevealed(Struct, frozen=True):
    """T8: set aside; the round is scored after the refill."""

    kind: ClassVar[str] = "scoring_card_revealed"
    round: int


class RoundScored(Struct, frozen=True):
    """T8, T9: a scoring round in full (as ``/v1/scores`` gives it) and the totals after it."""

    kind: ClassVar[str] = "round_scored"
    round: int
    names: tuple[str, ...]
    result: RoundScore
    totals: tuple[int, ...]


Stay = Literal["tie", "nobody_holds"]
"""T9: why a tile left on the market stays there (:func:`calculator.engine.turn.end.receiver`)."""


class MarketTileAwarded(Struct, frozen=True):
    """T9: a tile left on the market goes to ``player``; ``None`` when it stays, and then
    ``reason`` says why: ``tie`` (several players hold the most of its currency) or
    ``nobody_holds`` (nobody holds any); ``reason`` is left out when the tile goes to a
    player."""

    kind: ClassVar[str] = "market_tile_awarded"
    slot: int
    tile: Tile
    player: int | None
    reason: Stay | None = None


class GameEnded(Struct, frozen=True):
    """T9, M6: equal totals share the win."""

    kind: ClassVar[str] = "game_ended"
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
