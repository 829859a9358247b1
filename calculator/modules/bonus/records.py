"""The bonus cards' words (V3): the reveal, the events and the parts of the state, each
declared once, with its wire name. A bonus card is the tile it depicts."""

from __future__ import annotations

from typing import Final

from msgspec import Struct

from calculator.core.tiles import Tile
from calculator.engine.actions import ModuleReveal
from calculator.engine.events import ModuleEvent
from calculator.engine.parts import Part

NAME: Final[str] = "bonus"


class Cards(Struct, frozen=True):
    """V3, a player's part: the face-up bonus cards (each depicts one building tile) and those
    not (or no longer) laid, face down."""

    bonus_cards: tuple[Tile, ...] = ()
    bonus_hand: tuple[Tile, ...] = ()


class Aside(Struct, frozen=True):
    """V3, the game's part: the bonus cards not dealt. Before the deal (a setup step) the deck,
    in digital mode shuffled (the top card first), then the cards set aside unseen. Table mode
    knows them as a set, what no player was dealt, kept in the game's order like the bag."""

    bonus_aside: tuple[Tile, ...] = ()


CARDS: Final[Part[Cards]] = Part(NAME, Cards)
ASIDE: Final[Part[Aside]] = Part(NAME, Aside)


class RevealBonusCard(ModuleReveal, frozen=True):
    """Table mode, V3: the bonus card just dealt (to the first player short of their share)."""

    kind = "reveal_bonus_card"
    tile: Tile


class BonusCardLaid(ModuleEvent, frozen=True):
    """V3: the tile a bonus card depicts is in the player's Alhambra; the card lies face up."""

    kind = "bonus_card_laid"
    player: int
    tile: Tile


class BonusCardTakenBack(ModuleEvent, frozen=True):
    """V3: the depicted tile left the Alhambra; the card goes back to the player's hand."""

    kind = "bonus_card_taken_back"
    player: int
    tile: Tile


class BonusCardDealt(ModuleEvent, frozen=True):
    """V3, setup: a bonus card dealt face down to ``player``."""

    kind = "bonus_card_dealt"
    player: int
    tile: Tile


EVENTS: Final[tuple[type[ModuleEvent], ...]] = (BonusCardLaid, BonusCardTakenBack, BonusCardDealt)
