"""Where a tile may go in one of the engine's Alhambras: the core's listing (B2-B6), remembered.

The engine only ever holds legal Alhambras (a client-sent state is checked on the way in), so
it asks the core's incremental listing without the whole-Alhambra check. Listing the legal
actions and then applying one of them ask the same question of the same Alhambra, so the
latest answers are kept, keyed by value (the Alhambra, the tile and the hole rule): a bounded,
thread-safe memo. The removals of a redesign (T5) are kept the same way
(:func:`redesign.removable_cells`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, legal_cells
from calculator.core.tiles import Cell, Tile

KEPT: Final[int] = 128
"""How many answers each memo of the Alhambras keeps: a game's listings and its next action
ask about the few Alhambras of its players."""


@lru_cache(maxsize=KEPT)
def cells_for(alhambra: Alhambra, tile: Tile, hole_rule: HoleRule) -> tuple[Cell, ...]:
    """Every cell of ``alhambra`` (legal) where ``tile`` may be placed, sorted by (y, x)."""
    return tuple(legal_cells(alhambra, tile, hole_rule, known_legal=True))
