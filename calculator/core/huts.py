"""Worker huts of the Vizier's Favour (V4): how many exist and how many a player may own.

A hut is a :class:`~calculator.core.tiles.Tile` with ``hut=True``; the building rules (B2-B6)
and the longest wall (W) treat it as any tile, and :func:`calculator.core.scoring.tally`
counts what it adds in majority scoring. This module holds the limits.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import Final

from calculator.core.tiles import Building, Tile

HUTS_PER_PLAYER: Final[int] = 3
"""V4: a player owns at most 3 huts, reserve included."""

HUTS_BY_COLOUR: Final[dict[Building, int]] = {
    Building.PAVILION: 3,
    Building.SERAGLIO: 3,
    Building.ARCADES: 4,
    Building.CHAMBERS: 4,
    Building.GARDEN: 5,
    Building.TOWER: 5,
}
"""V4: the 24 huts by colour."""


is_hut: Final = attrgetter("hut")
"""``is_hut(tile)``: is this tile a worker hut?"""


def huts_beyond_limit(tiles: Iterable[Tile]) -> list[int]:
    """V4: the positions in ``tiles`` (one player's, reserve included) of every hut after the
    third."""
    huts = [index for index, tile in enumerate(tiles) if tile.hut]
    return huts[HUTS_PER_PLAYER:]


def too_many_huts_message(count: int) -> str:
    return (
        f"that is hut number {count} of one player; a player owns at most "
        f"{HUTS_PER_PLAYER} worker huts, reserve included (V4)"
    )
