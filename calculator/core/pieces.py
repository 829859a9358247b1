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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final, Protocol

from msgspec import Struct

from calculator.core import building
from calculator.core.alhambra import Alhambra, neighbour, neighbours
from calculator.core.building import HoleRule, Violation, alhambra_violations, at
from calculator.core.grid import flood
from calculator.core.text import Text
from calculator.core.tiles import (
    BUILDINGS,
    FOUNTAIN,
    FOUNTAIN_CELL,
    OPPOSITE,
    Building,
    Cell,
    Side,
    Tile,
    canonical_walls,
)

Gate = tuple[Cell, Side]
"""A gate on one side of a tile: the double wall it stands on is that side and the one across."""


class Face(Struct, frozen=True):
    """What a picture shows of a piece, beside its fortified sides (``outer_across``): its name,
    the directions it points (G4's arrows) and the building colours it shows (K4)."""

    name: str
    points: str = ""
    colours: tuple[Building, ...] = ()


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

    def named(self) -> Text:
        """The piece as a sentence names it: "the camp at"... ("the camp")."""
        ...

    @property
    def face(self) -> Face:
        """What a picture shows of it."""
        ...


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

    def placed(self, cell: Cell, placing: Tile | Piece) -> Furnished:
        """This Alhambra with a tile or a piece placed on the free ``cell``."""
        if isinstance(placing, Tile):
            return replace(self, alhambra=self.alhambra.placed(cell, placing))
        return replace(self, pieces=MappingProxyType({**self.pieces, cell: placing}))

    def removed(self, cell: Cell) -> Furnished:
        """This Alhambra without what stands on ``cell``: a tile goes with its added walls and
        tokens (H4: an added wall stays with its tile), and the gates on its sides with it
        (G1: a gate stands on the double wall the tile is half of)."""
        if cell in self.pieces:
            pieces = dict(self.pieces)
            del pieces[cell]
            return replace(self, pieces=MappingProxyType(pieces))
        return Furnished(
            self.alhambra.removed(cell),
            MappingProxyType({c: w for c, w in self.added_walls.items() if c != cell}),
            MappingProxyType({c: t for c, t in self.tokens.items() if c != cell}),
            self.pieces,
            tuple(g for g in self.gates if cell not in (g[0], neighbour(*g))),
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
        if self.is_bare():
            return self.alhambra
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


def furnish(position: Alhambra | Furnished) -> Furnished:
    """An Alhambra as one with pieces (none), or the one with pieces as it is."""
    return position if isinstance(position, Furnished) else Furnished(position)


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
        Violation(rule, Text(f"api.{token}.no_building", cell=at(cell)), (cell,))
        for cell in furnished.with_token(token)
        if (tile := tiles.get(cell)) is None or tile.building is None or tile.hut
    ]
    for colour, count in tokens_by_colour(furnished, token).items():
        if count > supply[colour]:
            found.append(
                Violation(
                    rule,
                    Text(
                        f"api.{token}.beyond_supply",
                        n=count,
                        building=Text(f"building.{colour.value}"),
                        most=supply[colour],
                    ),
                    (),
                )
            )
    return found


_ON_FOOT: Final[frozenset[str]] = frozenset({"B2", "B3"})
"""The rules a piece that only fills its cell is no part of."""


PieceRules = Callable[[Furnished], list[Violation]]
"""A module's rules of its pieces (G4's bastions, K4's types): the violations of an Alhambra."""


def furnished_violations(
    furnished: Furnished, hole_rule: HoleRule = "region", pieces_rules: Sequence[PieceRules] = ()
) -> list[Violation]:
    """B2-B5 on an Alhambra with pieces: B2 and B3 on :meth:`Furnished.on_foot`, B4 and B5 on
    :meth:`Furnished.filled` (every piece is part of the Alhambra a tile joins, and fills its
    cell), then the modules' ``pieces_rules``. A piece is named as itself in the messages."""
    if furnished.is_bare():
        return alhambra_violations(furnished.alhambra, hole_rule)
    found = [v for v in alhambra_violations(furnished.on_foot(), hole_rule) if v.rule in _ON_FOOT]
    filled = furnished.filled()
    found += [v for v in alhambra_violations(filled, hole_rule) if v.rule not in _ON_FOOT]
    if furnished.pieces:
        found = [_named(violation, furnished.pieces) for violation in found]
        alone = {cell for violation in found if violation.rule == "B4" for cell in violation.cells}
        found += [
            Violation(
                "B4",
                Text("api.B4.detached", tile=furnished.pieces[cell].named(), cell=at(cell)),
                (cell,),
            )
            for cell in _detached(filled, furnished.pieces)
            if cell not in alone
        ]
    for rules in pieces_rules:
        found += rules(furnished)
    return found


def _detached(filled: Alhambra, pieces: Mapping[Cell, Piece]) -> list[Cell]:
    """B4 for pieces B3 does not reach (a camp, G4): the cells of those not joined to the
    fountain by a path of occupied cells, sorted by (y, x). A tile so cut off is B3's."""
    grid = filled.grid
    occupied, width = grid.occupied, grid.width
    east, south = occupied & (occupied >> 1), occupied & (occupied >> width)
    joined = flood(grid.bit(FOUNTAIN_CELL), east, east << 1, south, south << width, width)
    return sorted(
        (
            cell
            for cell, piece in pieces.items()
            if not piece.on_foot and not grid.bit(cell) & joined
        ),
        key=lambda cell: (cell[1], cell[0]),
    )


def placement_violations(
    furnished: Furnished,
    placing: Tile | Piece,
    cell: Cell,
    hole_rule: HoleRule = "region",
    pieces_rules: Sequence[PieceRules] = (),
) -> list[Violation]:
    """Why placing a tile or a piece at ``cell`` is illegal: the cell is free (B6), and the
    Alhambra after it breaks none of B2-B5 nor its pieces' rules (a camp, G4; a bazaar is
    placed like a building, K4)."""
    if furnished.is_bare() and isinstance(placing, Tile):
        return building.placement_violations(furnished.alhambra, placing, cell, hole_rule)
    piece = furnished.pieces.get(cell)
    if piece is not None:
        return [Violation("B6", Text("api.B6", cell=at(cell), tile=piece.named()), (cell,))]
    taken = building.occupied_cell(furnished.alhambra, cell)
    if taken is not None:
        return [taken]
    return furnished_violations(furnished.placed(cell, placing), hole_rule, pieces_rules)


def removal_violations(
    furnished: Furnished,
    cell: Cell,
    hole_rule: HoleRule = "region",
    pieces_rules: Sequence[PieceRules] = (),
) -> list[Violation]:
    """T5: may what stands at ``cell`` leave the Alhambra? What is left must stay legal."""
    if furnished.is_bare():
        return building.removal_violations(furnished.alhambra, cell, hole_rule)
    if cell not in furnished.pieces:
        refused = building.unremovable(furnished.alhambra, cell)
        if refused is not None:
            return [refused]
    return furnished_violations(furnished.removed(cell), hole_rule, pieces_rules)


def legal_cells(
    furnished: Furnished,
    placing: Tile | Piece,
    hole_rule: HoleRule = "region",
    pieces_rules: Sequence[PieceRules] = (),
) -> list[Cell]:
    """Every cell where a tile or a piece may be placed, sorted by (y, x): the free cells
    beside the Alhambra (B4) where :func:`placement_violations` finds nothing. Without pieces,
    added walls or gates, a tile's are :func:`calculator.core.building.legal_cells`."""
    if furnished.is_bare() and isinstance(placing, Tile):
        return building.legal_cells(furnished.alhambra, placing, hole_rule)
    occupied = furnished.occupied()
    beside = {other for cell in occupied for _, other in neighbours(cell) if other not in occupied}
    return [
        cell
        for cell in sorted(beside, key=lambda cell: (cell[1], cell[0]))
        if not placement_violations(furnished, placing, cell, hole_rule, pieces_rules)
    ]


def _named(violation: Violation, pieces: Mapping[Cell, Piece]) -> Violation:
    """The violation with each piece it concerns described as itself, not as a bare tile."""
    values = dict(violation.message.values)
    for tile, where in (("tile", "cell"), ("other_tile", "other_cell")):
        piece = next((p for c, p in pieces.items() if at(c) == values.get(where)), None)
        if piece is not None and values.get(tile) == FOUNTAIN.named():
            values[tile] = piece.named()  # a piece stands as the fountain in the rules' view
    message = Text(violation.message.key, **values)
    return Violation(violation.rule, message, violation.cells, violation.sides)
