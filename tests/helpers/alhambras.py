"""Helpers for describing Alhambras in tests: small pictures, random legal growth."""

from __future__ import annotations

import random
from types import MappingProxyType

from calculator.core.alhambra import Alhambra
from calculator.core.building import legal_cells
from calculator.core.pieces import Furnished, Gate, Piece
from calculator.core.tiles import CATALOG, Building, Tile


def tile(building: str = "garden", walls: str = "") -> Tile:
    return Tile(Building(building), walls)


def alhambra(*placed: tuple[int, int, str] | tuple[int, int, str, str]) -> Alhambra:
    """``alhambra((1, 0, "NE"), (2, 0, "N", "tower"))``: x, y, walls and optional building."""
    pairs = []
    for x, y, walls, *building in placed:
        pairs.append(((x, y), Tile(Building(building[0] if building else "garden"), walls)))
    return Alhambra.of(pairs)


def grow(seed: int, size: int, hole_rule: str = "region") -> Alhambra:
    """An Alhambra grown by random legal placements of catalog tiles (at most ``size`` tiles)."""
    rng = random.Random(seed)
    bag = list(CATALOG)
    rng.shuffle(bag)
    built = Alhambra()
    for candidate in bag[: size * 3]:
        cells = legal_cells(built, candidate, hole_rule)  # type: ignore[arg-type]
        if cells:
            built = built.placed(rng.choice(cells), candidate)
        if len(built) > size:
            break
    return built


def furnished(
    *placed: tuple[int, int, str] | tuple[int, int, str, str],
    added_walls: dict[tuple[int, int], str] | None = None,
    tokens: dict[tuple[int, int], frozenset[str]] | None = None,
    pieces: dict[tuple[int, int], Piece] | None = None,
    gates: tuple[Gate, ...] = (),
    huts: dict[tuple[int, int], str] | None = None,
) -> Furnished:
    """An Alhambra as :func:`alhambra` draws it (and worker huts of a colour, without walls),
    with the pieces modules add."""
    built = alhambra(*placed)
    for cell, colour in (huts or {}).items():
        built = built.placed(cell, Tile(Building(colour), "", hut=True))
    return Furnished(
        built,
        MappingProxyType(added_walls or {}),
        MappingProxyType(tokens or {}),
        MappingProxyType(pieces or {}),
        gates,
    )
