"""Where a tile may go in one of the engine's Alhambras: the core's listing (B2-B6), remembered.

The engine only ever holds legal Alhambras (a client-sent state is checked on the way in), so
it asks the core's incremental listing without the whole-Alhambra check. Listing the legal
actions and then applying one of them ask the same question of the same (immutable) Alhambra,
so the latest answers are kept, keyed by the Alhambra object itself and the tile's walls (the
building rules see nothing else of a tile: tiles with the same walls go to the same cells).
The removals of a redesign (T5) are kept the same way (:func:`redesign.removable_cells`).
"""

from __future__ import annotations

from typing import Final

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, legal_cells
from calculator.core.tiles import Cell, Tile

_KEPT: Final[int] = 128
_answers: dict[tuple[int, str, str], tuple[Alhambra, tuple[Cell, ...]]] = {}


def cells_for(alhambra: Alhambra, tile: Tile, hole_rule: HoleRule) -> tuple[Cell, ...]:
    """Every cell of ``alhambra`` (legal) where ``tile`` may be placed, sorted by (y, x)."""
    key = (id(alhambra), tile.walls, hole_rule)
    kept = kept_answer(key, alhambra)
    if kept is None:
        kept = keep_answer(key, alhambra, legal_cells(alhambra, tile, hole_rule, known_legal=True))
    return kept


def kept_answer(key: tuple[int, str, str], alhambra: Alhambra) -> tuple[Cell, ...] | None:
    """The answer kept for ``key`` (whose first part is ``id(alhambra)``), if any."""
    kept = _answers.get(key)
    if kept is not None and kept[0] is alhambra:  # the id alone could be a dead object's
        return kept[1]
    return None


def keep_answer(
    key: tuple[int, str, str], alhambra: Alhambra, cells: list[Cell]
) -> tuple[Cell, ...]:
    """Keep ``cells``, the answer to ``key`` about ``alhambra`` (the latest few are kept)."""
    if len(_answers) >= _KEPT:
        _answers.clear()
    _answers[key] = (alhambra, tuple(cells))
    return _answers[key][1]
