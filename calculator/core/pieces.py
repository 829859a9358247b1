"""An Alhambra with the pieces modules add to it, and how the building rules and walls see them.

Besides its tiles (buildings, the fountain, tiles that are no building, V4) an Alhambra may hold:

* walls added to sides of its tiles: walls for every rule (B2, B3, W1-W4, T5);
* tokens on building tiles, named by the module that puts them there;
* pieces standing on cells of their own that are no building tiles (:class:`Piece`);
* gates on double walls, which people walk through (B3) and which stay inner walls (W1).

The base rules do not know what a piece means. A piece says only how they see it: whether it
is walked across like a tile without walls (and so must itself be reached, B2-B4), or only
fills its cell (B5, B6), and across which of its sides a building's wall stays an outer wall.
Each module's package says how its pieces score and which placements they make illegal.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Protocol

from calculator.core.alhambra import Alhambra, neighbour, neighbours
from calculator.core.building import HoleRule, Violation, alhambra_violations
from calculator.core.tiles import BUILDINGS, OPPOSITE, Building, Cell, Side, Tile, canonical_walls

Gate = tuple[Cell, Side]
"""A gate on one side of a tile: the double wall it stands on is that side and the one across."""


class Piece(Protocol):
    """A module's piece on a cell of its own (not a building tile), as the base rules see it."""

    @property
    def on_foot(self) -> bool:
        """True: B2 and B3 treat it as a tile without walls, walked across and to be reached.
        False: it only fills its cell (B4-B6); its module checks how it meets its neighbours."""
        ...

    @property
    def outer_across(self) -> str:
        """The sides across which a building's wall stays an outer wall (W1); a building's wall
        across any other side of a piece that is not ``on_foot`` is inner."""
        ...

    def describe(self) -> str: ...


_NO_WALLS: Final[Mapping[Cell, str]] = MappingProxyType({})
_NO_TOKENS: Final[Mapping[Cell, frozenset[str]]] = MappingProxyType({})
_NO_PIECES: Final[Mapping[Cell, Piece]] = MappingProxyType({})


def _no_walls() -> Mapping[Cell, str]:
    return _NO_WALLS  # read-only, so one empty mapping serves every Alhambra


def _no_tokens() -> Mapping[Cell, frozenset[str]]:
    return _NO_TOKENS


def _no_pieces() -> Mapping[Cell, Piece]:
    return _NO_PIECES


@dataclass(frozen=True)
class Furnished:
    """An Alhambra (its tiles as printed) and what modules add to it."""

    alhambra: Alhambra = field(default_factory=Alhambra)
    added_walls: Mapping[Cell, str] = field(default_factory=_no_walls)
    tokens: Mapping[Cell, frozenset[str]] = field(default_factory=_no_tokens)
    pieces: Mapping[Cell, Piece] = field(default_factory=_no_pieces)
    gates: tuple[Gate, ...] = ()

    def is_bare(self) -> bool:
        """Nothing the building rules or the walls see differently: no added walls, pieces or
        gates (tokens change neither)."""
        return not (self.added_walls or self.pieces or self.gates)

    def walled(self) -> dict[Cell, Tile]:
        """The tiles with their added walls: what every rule sees of their walls."""
        tiles = dict(self.alhambra.tiles)
        for cell, added in self.added_walls.items():
            tile = tiles.get(cell)
            if tile is not None and added:
                tiles[cell] = Tile(
                    tile.building, canonical_walls(tile.walls + added), tile.price, tile.hut
                )
        return tiles

    def occupied(self) -> set[Cell]:
        """Every cell holding a tile or a piece."""
        return set(self.alhambra.tiles) | set(self.pieces)

    def building_tiles(self) -> Iterator[tuple[Cell, Tile]]:
        """The building tiles (M1): neither the fountain nor a tile that is no building (V4)."""
        return (
            (cell, tile)
            for cell, tile in self.alhambra.tiles.items()
            if tile.building is not None and not tile.hut
        )

    def with_token(self, token: str) -> list[Cell]:
        """The cells whose tile carries ``token``, sorted by (y, x)."""
        return sorted(
            (cell for cell, held in self.tokens.items() if token in held),
            key=lambda cell: (cell[1], cell[0]),
        )

    def is_double_wall(self, gate: Gate) -> bool:
        """G1: both tiles on either side of the gate have a wall there (added walls count)."""
        cell, side = gate
        tiles = self.walled()
        here, there = tiles.get(cell), tiles.get(neighbour(cell, side))
        return (
            here is not None
            and there is not None
            and here.has_wall(side)
            and there.has_wall(OPPOSITE[side])
        )

    def on_foot(self) -> Alhambra:
        """What B2 and B3 see: the walled tiles, pieces walked across as tiles without walls, and
        each gate on a double wall opened on both of its sides (G1)."""
        tiles = self.walled()
        for cell, piece in self.pieces.items():
            if piece.on_foot:
                tiles[cell] = Tile(None)
        for gate in self.gates:
            if self.is_double_wall(gate):
                for cell, side in (gate, (neighbour(*gate), OPPOSITE[gate[1]])):
                    tile = tiles[cell]
                    tiles[cell] = Tile(
                        tile.building, tile.walls.replace(side, ""), tile.price, tile.hut
                    )
        return Alhambra(MappingProxyType(tiles))

    def for_walls(self) -> Alhambra:
        """What W1-W4 see: the walled tiles; pieces walked across as tiles without walls; a
        piece that only fills its cell as no tile, each building's wall across it dropped
        unless it faces one of the piece's ``outer_across`` sides."""
        tiles = self.walled()
        for cell, piece in self.pieces.items():
            if piece.on_foot:
                tiles[cell] = Tile(None)
                continue
            for side, other in neighbours(cell):
                tile = tiles.get(other)
                if tile is not None and side not in piece.outer_across:
                    facing = OPPOSITE[side]
                    tiles[other] = Tile(
                        tile.building, tile.walls.replace(facing, ""), tile.price, tile.hut
                    )
        return Alhambra(MappingProxyType(tiles))

    def filled(self) -> Alhambra:
        """What B5 sees: every tile and piece fills its cell."""
        tiles = self.walled()
        for cell in self.pieces:
            tiles[cell] = Tile(None)
        return Alhambra(MappingProxyType(tiles))


def tokens_by_colour(furnished: Furnished, token: str) -> dict[Building, int]:
    """The buildings carrying ``token``, by colour (a token on a hut or the fountain counts
    for none: :func:`token_violations` refuses it)."""
    counts = dict.fromkeys(BUILDINGS, 0)
    tiles = furnished.alhambra.tiles
    for cell in furnished.with_token(token):
        tile = tiles.get(cell)
        if tile is not None and tile.building is not None and not tile.hut:
            counts[tile.building] += 1
    return counts


def token_violations(
    furnished: Furnished, token: str, rule: str, supply: Mapping[Building, int]
) -> list[Violation]:
    """A token lies on a building, of its colour (not on a hut, the fountain or nothing), one
    per building; no more of a colour than the table's ``supply``. ``rule`` is the module's."""
    tiles = furnished.alhambra.tiles
    found = [
        Violation(
            rule,
            f"a {token} at ({cell[0]},{cell[1]}), where no building stands to hold it",
            (cell,),
        )
        for cell in furnished.with_token(token)
        if (tile := tiles.get(cell)) is None or tile.building is None or tile.hut
    ]
    for building, count in tokens_by_colour(furnished, token).items():
        if count > supply[building]:
            found.append(
                Violation(
                    rule,
                    f"{count} {token}s on {building.value} buildings; the table has "
                    f"{supply[building]} of that colour",
                    (),
                )
            )
    return found


_ON_FOOT: Final[frozenset[str]] = frozenset({"B2", "B3"})
"""The rules a piece that only fills its cell is no part of."""


def furnished_violations(furnished: Furnished, hole_rule: HoleRule = "region") -> list[Violation]:
    """B2-B5 on an Alhambra with pieces: B2 and B3 on :meth:`Furnished.on_foot`, B4 and B5 on
    :meth:`Furnished.filled` (every piece is part of the Alhambra a tile joins, and fills its
    cell). A piece is named as itself in the messages."""
    found = [v for v in alhambra_violations(furnished.on_foot(), hole_rule) if v.rule in _ON_FOOT]
    found += [
        v for v in alhambra_violations(furnished.filled(), hole_rule) if v.rule not in _ON_FOOT
    ]
    if not furnished.pieces:
        return found
    return [_named(violation, furnished.pieces) for violation in found]


def _named(violation: Violation, pieces: Mapping[Cell, Piece]) -> Violation:
    """The violation with each piece it concerns described as itself, not as a bare tile."""
    message = violation.message
    for cell in violation.cells:
        piece = pieces.get(cell)
        if piece is not None:
            message = message.replace(
                f"the fountain at ({cell[0]},{cell[1]})",
                f"{piece.describe()} at ({cell[0]},{cell[1]})",
            )
    return Violation(violation.rule, message, violation.cells, violation.sides)
