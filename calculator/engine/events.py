"""What happened: the engine reports every change it makes, automatic ones included, in order.

Events are facts for the client to show (a card drawn, a round scored); the state alone is
the truth the engine goes on from.
"""

from __future__ import annotations

from dataclasses import dataclass

from calculator.core.records import quick_init
from calculator.core.scoring import RoundScore
from calculator.core.tiles import Cell, Tile
from calculator.engine.components import DisplayCard, ExchangeCard, MoneyCard


@quick_init
@dataclass(frozen=True, slots=True)
class MoneyDealt:
    """T1: a starting money card for ``player``."""

    player: int
    card: MoneyCard


@quick_init
@dataclass(frozen=True, slots=True)
class MoneyDrawn:
    """T1, T7: a money card (V2: or an exchange card) laid face up."""

    card: DisplayCard


@quick_init
@dataclass(frozen=True, slots=True)
class PilesFormed:
    """T1: the rest of the money split into five piles, scoring cards in piles 2 and 4."""

    sizes: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class MarketFilled:
    """T1, T7: a tile drawn from the bag into a market slot."""

    slot: int
    tile: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class DummyDrew:
    """D2: the dummy drew a tile from the bag."""

    tile: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: int
    number: int


@quick_init
@dataclass(frozen=True, slots=True)
class MoneyTaken:
    """T3; V2: or an exchange card (``exchange``)."""

    player: int
    cards: tuple[MoneyCard, ...]
    exchange: tuple[ExchangeCard, ...] = ()


@quick_init
@dataclass(frozen=True, slots=True)
class TileBought:
    """T4: ``exact`` payments earn another action. V2: ``exchange``, the exchange card used,
    discarded with the payment."""

    player: int
    slot: int
    tile: Tile
    payment: tuple[MoneyCard, ...]
    exact: bool
    exchange: tuple[ExchangeCard, ...] = ()


@quick_init
@dataclass(frozen=True, slots=True)
class ExtraActionDeclined:
    """T4: the player ended the turn instead of taking the action an exact payment allowed."""

    player: int


@quick_init
@dataclass(frozen=True, slots=True)
class Passed:
    """T2: the player had no legal action."""

    player: int


@quick_init
@dataclass(frozen=True, slots=True)
class TileBuiltFromReserve:
    """T5."""

    player: int
    tile: Tile
    cell: Cell


@quick_init
@dataclass(frozen=True, slots=True)
class TileMovedToReserve:
    """T5."""

    player: int
    tile: Tile
    cell: Cell


@quick_init
@dataclass(frozen=True, slots=True)
class TilesSwapped:
    """T5: ``tile`` left the reserve for ``cell``; ``removed`` went from there to the reserve."""

    player: int
    tile: Tile
    cell: Cell
    removed: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class TilePlaced:
    """T6, T9."""

    player: int
    tile: Tile
    cell: Cell


@quick_init
@dataclass(frozen=True, slots=True)
class TileReserved:
    """T6, T9."""

    player: int
    tile: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class TileGivenToDummy:
    """D4."""

    player: int
    tile: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class TurnEnded:
    player: int


@quick_init
@dataclass(frozen=True, slots=True)
class DiscardReshuffled:
    """T7: the discard pile became the new money pile."""

    cards: int


@quick_init
@dataclass(frozen=True, slots=True)
class ScoringCardRevealed:
    """T8: set aside; the round is scored after the refill."""

    round: int


@quick_init
@dataclass(frozen=True, slots=True)
class RoundScored:
    """T8, T9: a scoring round in full (as ``/v1/scores`` gives it) and the totals after it."""

    round: int
    names: tuple[str, ...]
    result: RoundScore
    totals: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class MarketTileAwarded:
    """T9: a tile left on the market goes to ``player``; ``None`` when it stays (a tie, or
    nobody holds its currency)."""

    slot: int
    tile: Tile
    player: int | None


@quick_init
@dataclass(frozen=True, slots=True)
class GameEnded:
    """T9, M6: equal totals share the win."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class BonusCardLaid:
    """V3: the tile a bonus card depicts is in the player's Alhambra; the card lies face up."""

    player: int
    tile: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class BonusCardTakenBack:
    """V3: the depicted tile left the Alhambra; the card goes back to the player's hand."""

    player: int
    tile: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class BonusCardDealt:
    """V3, setup: a bonus card dealt face down to ``player``."""

    player: int
    tile: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class HutRevealed:
    """V4, table mode: the top hut of its colour's stack is turned face up."""

    tile: Tile


@quick_init
@dataclass(frozen=True, slots=True)
class HutTaken:
    """V4: a player took the top hut of a stack; it waits for the end of the turn."""

    player: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class VizierOffered:
    """V1: after the turn (and its refill), ``player`` is asked whether to use the vizier."""

    player: int


@dataclass(frozen=True, slots=True)
class VizierBought:
    """V1: out of turn, ``player`` bought a tile paying exactly; the vizier turns face down.
    V2: ``exchange``, the exchange card used, discarded with the payment."""

    player: int
    slot: int
    tile: Tile
    payment: tuple[MoneyCard, ...]
    exchange: tuple[ExchangeCard, ...] = ()


@dataclass(frozen=True, slots=True)
class VizierDeclined:
    """V1: the player asked let the vizier's purchase go by."""

    player: int


@dataclass(frozen=True, slots=True)
class VizierActivated:
    """V1: the player turned the vizier face up again (the turn's action)."""

    player: int


Event = (
    MoneyDealt | MoneyDrawn | PilesFormed | MarketFilled | DummyDrew | TurnStarted | MoneyTaken
    | TileBought | ExtraActionDeclined | Passed | TileBuiltFromReserve | TileMovedToReserve
    | TilesSwapped | TilePlaced | TileReserved | TileGivenToDummy | TurnEnded | DiscardReshuffled
    | ScoringCardRevealed | RoundScored | MarketTileAwarded | GameEnded | BonusCardLaid
    | BonusCardTakenBack | HutTaken | BonusCardDealt | HutRevealed
    | VizierOffered | VizierBought | VizierDeclined | VizierActivated
)  # fmt: skip
