"""The dummy of a 2-player game (D2, D3): he takes no turns, he collects tiles.

* D2: 6 tiles from the bag at setup, 6 more right after scoring round 1, and after scoring
  round 2 one third of the tiles left in the bag, rounded down;
* D3: his tiles count in every majority like an Alhambra; he never scores walls, never wins;
* D4 (a player's gift to him) is a way to place a bought tile: see :mod:`placement`.
"""

from __future__ import annotations

from typing import Final

from calculator.core.tiles import BUILDINGS, Building
from calculator.engine.codes import BUILDS, TILES
from calculator.engine.core import Game
from calculator.engine.events import DummyDrew

SETUP_TILES: Final[int] = 6
AFTER_ROUND_1: Final[int] = 6


def draws_after_round(scoring_round: int, bag: int) -> int:
    """D2: how many tiles the dummy draws right after a scoring round, from a bag of ``bag``."""
    if scoring_round == 1:
        return min(AFTER_ROUND_1, bag)
    if scoring_round == 2:
        return bag // 3
    return 0


def receive_tile(game: Game, tile: int) -> None:
    """The dummy's draw (D2), at setup or after a scoring round."""
    assert game.dummy is not None
    game.dummy.append(tile)
    if game.dummy_draws:
        game.dummy_draws -= 1
    if game.log is not None:
        game.log.append(DummyDrew(TILES[tile]))


def dummy_counts(game: Game) -> list[int] | None:
    """D3: the dummy's buildings of each type (in ``BUILDINGS``' order) for a majority, or
    ``None`` without a dummy."""
    if game.dummy is None:
        return None
    counts = [0] * len(BUILDINGS)
    for tile in game.dummy:
        building = BUILDS[tile]
        if building >= 0:
            counts[building] += 1
    return counts


def by_building(counts: list[int]) -> dict[Building, int]:
    """Counts in ``BUILDINGS``' order as the core's scoring takes them."""
    return dict(zip(BUILDINGS, counts, strict=True))
