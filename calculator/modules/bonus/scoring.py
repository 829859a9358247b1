"""The Vizier's Favour, bonus cards (V3) in scoring: a face-up card adds one building of its
type while the tile it depicts is in the Alhambra."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from msgspec import Struct

from calculator.core.module_scoring import ScoringModule
from calculator.core.scoring import Added
from calculator.core.tiles import Building, Cell, Tile


class BonusCardCount(Struct, frozen=True):
    """V3: a face-up bonus card adds one building while the tile it depicts is in the Alhambra."""

    card: Tile
    in_alhambra: bool


def depicts(card: Tile, tile: Tile) -> bool:
    """Does a bonus card show this tile? Building and walls, and the price when the card has one."""
    return (
        not tile.hut
        and card.building == tile.building
        and card.walls == tile.walls
        and (card.price is None or card.price == tile.price)
    )


def _shown(card: BonusCardCount, dump_tile: Callable[[Tile], Any]) -> dict[str, Any]:
    """A card in a player's answer: the card, and whether it counts."""
    return {"card": dump_tile(card.card), "counts": card.in_alhambra}


def added_by_cards(alhambra: Mapping[Cell, Tile], cards: Sequence[Tile]) -> Added | None:
    """V3: what the face-up ``cards`` add to the Alhambra's counts, card by card (a card
    counts while its tile is in the Alhambra); ``None`` for a player without cards."""
    if not cards:
        return None
    adds: dict[Building, int] = {}
    counted = []
    for card in cards:
        present = any(depicts(card, tile) for tile in alhambra.values())
        counted.append(BonusCardCount(card, present))
        if present and card.building is not None:
            adds[card.building] = adds.get(card.building, 0) + 1
    return Added("bonus_cards", adds, tuple(counted), _shown)


SCORING: Final[ScoringModule] = ScoringModule(cards_add=added_by_cards, cards_member="bonus_cards")

__all__ = ["SCORING", "BonusCardCount", "added_by_cards", "depicts"]
