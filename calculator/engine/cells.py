"""Where a tile may go in one of the engine's Alhambras: the core's listing (B2-B6), remembered.

The engine only ever holds legal Alhambras (a client-sent state is checked on the way in), so
it asks the core's incremental listing without the whole-Alhambra check. Listing the legal
actions and then applying one of them ask the same question of the same (immutable) Alhambra,
so the latest answers are kept, keyed by the Alhambra object itself and the tile's walls (the
building rules see nothing else of a tile: tiles with the same walls go to the same cells).
"""

from __future__ import annotations

from typing import Final

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, legal_cells
from calculator.core.tiles import Cell, Tile

_KEPT: Final[int] = 128
_answers: dict[tuple[int, str, HoleRule], tuple[Alhambra, tuple[Cell, ...]]] = {}


def cells_for(alhambra: Alhambra, tile: Tile, hole_rule: HoleRule) -> tuple[Cell, ...]:
    """Every cell of ``alhambra`` (legal) where ``tile`` may be placed, sorted by (y, x)."""
    key = (id(alhambra), tile.walls, hole_rule)
    kept = _answers.get(key)
    if kept is not None and kept[0] is alhambra:  # the id alone could be a dead object's
        return kept[1]
    cells = tuple(legal_cells(alhambra, tile, hole_rule, known_legal=True))
    if len(_answers) >= _KEPT:
        _answers.clear()
    _answers[key] = (alhambra, cells)
    return cells
