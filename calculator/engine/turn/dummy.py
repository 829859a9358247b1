"""The dummy of a 2-player game (D2, D3): he takes no turns, he collects tiles.

* D2: 6 tiles from the bag at setup, 6 more right after scoring round 1, and after scoring
  round 2 one third of the tiles left in the bag, rounded down;
* D3: his tiles count in every majority like an Alhambra; he never scores walls, never wins;
* D4 (a player's gift to him) is a way to place a bought tile: see :mod:`placement`.
"""

from __future__ import annotations

from typing import Final

from msgspec.structs import replace

from calculator.core.scoring import building_counts
from calculator.core.tiles import Building, Tile
from calculator.engine.events import DummyDrew, Event
from calculator.engine.state import Draft, Game

SETUP_TILES: Final[int] = 6
AFTER_ROUND_1: Final[int] = 6


def draws_after_round(scoring_round: int, bag: int) -> int:
    """D2: how many tiles the dummy draws right after a scoring round, from a bag of ``bag``."""
    if scoring_round == 1:
        return min(AFTER_ROUND_1, bag)
    if scoring_round == 2:
        return bag // 3
    return 0


def receive_tile(draft: Draft, tile: Tile) -> list[Event]:
    """The dummy's draw (D2), at setup or after a scoring round."""
    assert draft.dummy is not None
    draft.dummy = (*draft.dummy, tile)
    if draft.turn.dummy_draws:
        draft.turn = replace(draft.turn, dummy_draws=draft.turn.dummy_draws - 1)
    return [DummyDrew(tile)]


def dummy_counts(game: Game) -> dict[Building, int] | None:
    """D3: the dummy's buildings for a majority, or ``None`` without a dummy."""
    return None if game.dummy is None else building_counts(game.dummy)
