"""The Vizier's Favour, bonus cards (V3) in scoring: a face-up card adds one building of its
type while the tile it depicts is in the Alhambra."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from calculator.core.scoring import Added
from calculator.core.tiles import Building, Cell, Tile
from calculator.modules.scoring import ScoringModule


def depicts(card: Tile, tile: Tile) -> bool:
    """Does a bonus card show this tile? Building and walls, and the price when the card has one."""
    return (
        not tile.hut
        and card.building == tile.building
        and card.walls == tile.walls
        and (card.price is None or card.price == tile.price)
    )


def added_by_cards(alhambra: Mapping[Cell, Tile], cards: Sequence[Tile]) -> Added | None:
    """V3: what the face-up ``cards`` add to the Alhambra's counts, shown per card (whether it
    counts: its tile is in the Alhambra); ``None`` for a player without cards."""
    if not cards:
        return None
    adds: dict[Building, int] = {}
    shown: list[dict[str, Any]] = []
    for card in cards:
        present = any(depicts(card, tile) for tile in alhambra.values())
        shown.append({"card": card, "counts": present})
        if present and card.building is not None:
            adds[card.building] = adds.get(card.building, 0) + 1
    return Added("bonus_cards", adds, tuple(shown))


SCORING: Final[ScoringModule] = ScoringModule(cards_add=added_by_cards)

__all__ = ["SCORING", "added_by_cards", "depicts"]
