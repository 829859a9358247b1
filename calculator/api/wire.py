"""The wire format and the core's types, both ways; the request checks a JSON Schema cannot make.

A request body reaches this module only after its JSON Schema said yes (``contract.py``): shape,
types and bounds are settled. Loading turns it into core types and adds the checks only code
can make, each reported as a :class:`~calculator.api.problems.Problem` (a JSON Pointer and a
message), every one of them in one :class:`~calculator.api.problems.InvalidDocument`:

* a tile with a price must be one of the 54 tiles of the catalog (C1);
* a worker hut (``{"hut": colour, "walls"}``) is a tile that follows every building rule;
  one Alhambra holds at most 3 huts, and a placement cannot bring a 4th (V4);
* no tile on the fountain's cell, no two tiles on one cell (B6, raised by ``Alhambra.of``);
* player names are unique; the dummy only sits at a 2-player table (D1);
* over the players given by counts and the dummy, no building type exceeds the catalog (C1).

This module is also the one codec of a tile, a worker hut and an Alhambra (:func:`tile_of`,
:func:`dump_tile`, :func:`alhambra_of`, :func:`dump_alhambra`; as marshmallow fields,
:class:`TileField` and :class:`AlhambraField`), shared with the game documents.

marshmallow schemas load the placement, options, removal and render requests and dump
violations, cells and wall segments. ``POST /v1/scores``, the busiest operation, is loaded and
dumped by plain code (:func:`load_scores`, :func:`round_score`), whose measured share of a
request is in ``docs/performance.md``. An Alhambra is read in one pass everywhere, never by a
schema per tile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from operator import itemgetter
from types import MappingProxyType
from typing import Any, Final

from marshmallow import fields

from calculator.api.problems import InvalidDocument, Problem, pointer, refusal
from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, at
from calculator.core.errors import PositionError
from calculator.core.pieces import Furnished, Gate, Piece, furnish
from calculator.core.scoring import building_counts
from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS, CATALOG, FOUNTAIN_CELL, Building, Cell, Side, Tile
from calculator.modules import (
    ON_TILES,
    PIECES,
    TOKENS,
    beyond_limits,
)

CATALOG_COUNTS: Final[dict[Building, int]] = building_counts(CATALOG)
"""C1: how many tiles of each building type the game has."""

_BUILDING_BY_NAME: Final[dict[str, Building]] = {b.value: b for b in BUILDINGS}

CATALOG_BY_KEY: Final[dict[tuple[str, str, int], Tile]] = {
    (tile.building.value, tile.walls, tile.price): tile
    for tile in CATALOG
    if tile.building is not None and tile.price is not None
}


# --- tiles and Alhambras ---------------------------------------------------------------------


class _NotInCatalog(Exception):
    def __init__(self, message: Text) -> None:
        super().__init__(repr(message))
        self.message = message


def _tile(item: Mapping[str, Any]) -> Tile:
    """A schema-valid wire tile as a core :class:`Tile`; a priced one is the catalog's own (C1);
    a worker hut names its colour (V4)."""
    hut = item.get("hut")
    if hut is not None:
        return Tile(_BUILDING_BY_NAME[hut], item["walls"], hut=True)
    price = item.get("price")
    if price is None:
        return Tile(_BUILDING_BY_NAME[item["building"]], item["walls"])
    tile = CATALOG_BY_KEY.get((item["building"], item["walls"], int(price)))
    if tile is None:
        raise _NotInCatalog(
            Text(
                "api.C1.not_in_catalog",
                building=Text(f"building.{item['building']}"),
                price=price,
                walls=repr(item["walls"]),
            )
        )
    return tile


def tile_of(item: Mapping[str, Any]) -> Tile:
    """A wire tile (``schemas/tile.json``, ``hut.json``, ``game-tile.json``) as a core
    :class:`Tile`; refuses a priced tile that is not in the catalog, pointing at its price (C1).
    """
    try:
        return _tile(item)
    except _NotInCatalog as error:
        raise InvalidDocument([Problem("/price", error.message)]) from None


def dump_tile(tile: Tile) -> dict[str, Any]:
    """A tile on the wire: a worker hut as ``{"hut", "walls"}`` (V4), any other tile with its
    building, walls and price (when it has one)."""
    assert tile.building is not None  # the fountain is no tile of the wire
    if tile.hut:
        return {"hut": tile.building.value, "walls": tile.walls}
    wire: dict[str, Any] = {"building": tile.building.value, "walls": tile.walls}
    if tile.price is not None:
        wire["price"] = tile.price
    return wire


def dump_placed(cell: Cell, tile: Tile) -> dict[str, Any]:
    """A placed tile (``schemas/placed-tile.json``): the tile and its cell."""
    return {**dump_tile(tile), "x": cell[0], "y": cell[1]}


def dump_alhambra(alhambra: Alhambra) -> list[dict[str, Any]]:
    """An Alhambra on the wire: its placed tiles, row by row, the fountain left out."""
    by_row = sorted(alhambra.buildings(), key=lambda placed: (placed[0][1], placed[0][0]))
    return [dump_placed(cell, tile) for cell, tile in by_row]


def alhambra_of(items: Sequence[Mapping[str, Any]]) -> Alhambra:
    """A wire Alhambra of tiles (``schemas/alhambra.json``) as a core :class:`Alhambra`, in one
    pass.

    Refuses every tile out of the catalog (C1), every tile out of place (B6) and every hut
    after the third (V4), by index, in the order of the tiles.
    """
    return _alhambra(items, _catalog_tiles(items))


def _catalog_tiles(items: Sequence[Mapping[str, Any]]) -> list[Tile] | None:
    """The common case in C, no call per tile: every tile priced and of the catalog (C1)."""
    try:
        return list(map(CATALOG_BY_KEY.__getitem__, map(_CATALOG_KEY, items)))
    except KeyError:
        return None


def _alhambra(items: Sequence[Mapping[str, Any]], tiles: list[Tile] | None) -> Alhambra:
    """:func:`alhambra_of`, given the catalog's tiles when every item is one of them."""
    cells = list(map(_XY, items))
    if set(map(type, chain.from_iterable(cells))) != {int}:
        # JSON Schema's "integer" admits 2.0: such a coordinate is made an int
        cells = [(int(x), int(y)) for x, y in cells]
    problems: list[tuple[int, Problem]] = []
    if tiles is None:  # the catalog's tiles are buildings: only described ones are limited
        tiles = [_tile_or_problem(item, index, problems) for index, item in enumerate(items)]
        for index, member, message in beyond_limits(tiles):
            problems.append((index, Problem(pointer(index, member), message)))
    alhambra = _position(list(zip(cells, tiles, strict=True)), problems)
    if problems:
        problems.sort(key=itemgetter(0))  # stable: a tile's problems stay in the order found
        raise InvalidDocument(problem for _, problem in problems)
    return alhambra


_XY = itemgetter("x", "y")
_CATALOG_KEY = itemgetter("building", "walls", "price")


_MODULE_MEMBERS: Final[frozenset[str]] = ON_TILES | frozenset(PIECES)
"""Every member a module adds to an item of an Alhambra."""
_PRICED_TILE: Final[frozenset[int]] = frozenset({5})
"""The members of a priced tile and its cell: building, walls, price, x and y."""


def read_alhambra(
    items: Sequence[Mapping[str, Any]], gates: Sequence[Mapping[str, Any]] = ()
) -> Alhambra | Furnished:
    """A player's wire Alhambra (``schemas/furnished-alhambra.json``) and gates (G1): a core
    :class:`Alhambra` when it holds tiles alone, else a :class:`Furnished` with the pieces and
    tile members each module declares (``calculator.modules``), read in the same pass as the
    tiles (:func:`alhambra_of`). Problems point from the Alhambra (``/3/price``, ``/4``)."""
    if not gates and set(map(len, items)) <= _PRICED_TILE:
        tiles = _catalog_tiles(items)
        if tiles is not None:  # the common case: priced tiles of the catalog, nothing on them
            return _alhambra(items, tiles)
    if _MODULE_MEMBERS.isdisjoint(set().union(*items)):
        tiles_alone = alhambra_of(items)
        if not gates:
            return tiles_alone
        return Furnished(tiles_alone, gates=tuple(map(gate_of, gates)))
    tile_items: list[Mapping[str, Any]] = []
    indices: list[int] = []
    pieces: list[tuple[int, Cell, Piece]] = []
    for index, item in enumerate(items):
        member = next((member for member in PIECES if member in item), None)
        if member is not None:
            pieces.append((index, (int(item["x"]), int(item["y"])), PIECES[member](item[member])))
            continue
        if ON_TILES.isdisjoint(item):
            tile_items.append(item)
        else:
            tile_items.append({k: v for k, v in item.items() if k not in ON_TILES})
        indices.append(index)
    problems: list[Problem] = []
    alhambra = None
    try:
        alhambra = alhambra_of(tile_items)
    except InvalidDocument as error:
        problems += [_moved(problem, indices) for problem in error.problems]
    taken = {FOUNTAIN_CELL} | set(map(_XY, tile_items))
    placed: dict[Cell, Piece] = {}
    for index, cell, piece in pieces:
        if cell in taken or cell in placed:
            key = "api.B6.piece_on_fountain" if cell == FOUNTAIN_CELL else "api.B6.piece_on_taken"
            problems.append(Problem(pointer(index), Text(key, piece=piece.named(), cell=at(cell))))
        placed[cell] = piece
    if problems or alhambra is None:
        raise InvalidDocument(problems)
    added: dict[Cell, str] = {}
    tokens: dict[Cell, frozenset[str]] = {}
    for index in indices:
        item = items[index]
        if ON_TILES.isdisjoint(item):
            continue
        cell = (int(item["x"]), int(item["y"]))
        if item.get("added_walls"):
            added[cell] = item["added_walls"]
        held = frozenset(token for member, token in TOKENS.items() if item.get(member))
        if held:
            tokens[cell] = held
    return Furnished(
        alhambra,
        MappingProxyType(added),
        MappingProxyType(tokens),
        MappingProxyType(placed),
        tuple(gate_of(gate) for gate in gates),
    )


def furnished_of(
    items: Sequence[Mapping[str, Any]], gates: Sequence[Mapping[str, Any]] = ()
) -> Furnished:
    """:func:`read_alhambra` as a :class:`Furnished`, with pieces or without (the rules
    endpoints, whose answers go through the rules of pieces)."""
    return furnish(read_alhambra(items, gates))


def placeable_of(item: Mapping[str, Any]) -> Tile | Piece:
    """What may be placed (``schemas/placeable-piece.json``): a tile or a worker hut
    (:func:`tile_of`), or a module's piece on a cell of its own (a camp G4, a bazaar K4)."""
    member = placeable_member(item)
    return tile_of(item) if member is None else PIECES[member](item[member])


def placeable_member(item: Mapping[str, Any]) -> str | None:
    """The member that makes a placeable item a module's piece (``"camp"``), if one does."""
    return next((member for member in PIECES if member in item), None)


def gate_of(item: Mapping[str, Any]) -> Gate:
    """A gate on the wire (``schemas/gate.json``)."""
    side: Side = item["side"]
    return (int(item["x"]), int(item["y"])), side


def _moved(problem: Problem, indices: Sequence[int]) -> Problem:
    """A problem of the tiles alone pointed at the item of the whole Alhambra it came from."""
    head, _, rest = problem.pointer.lstrip("/").partition("/")
    return Problem(pointer(indices[int(head)]) + (f"/{rest}" if rest else ""), problem.message)


def _tile_or_problem(
    item: Mapping[str, Any], index: int, problems: list[tuple[int, Problem]]
) -> Tile:
    try:
        return _tile(item)
    except _NotInCatalog as error:
        problems.append((index, Problem(pointer(index, "price"), error.message)))
        return Tile(_BUILDING_BY_NAME[item["building"]], item["walls"])


def _position(placed: list[tuple[Cell, Tile]], problems: list[tuple[int, Problem]]) -> Alhambra:
    """``Alhambra.of`` (B6) stops at the first tile out of place: to report every one, set each
    aside in turn and build again (a short loop, and only on a refusal)."""
    indices = list(range(len(placed)))
    while True:
        try:
            return Alhambra.of(placed)
        except PositionError as error:
            index = indices[error.index]
            problems.append((index, Problem(pointer(index), error.message)))
            del placed[error.index], indices[error.index]


def hole_rule_of(request: Mapping[str, Any]) -> HoleRule:
    rules = request.get("rules") or {}
    return rules.get("holes", "region")  # type: ignore[no-any-return]


class CodecField(fields.Field[Any]):
    """A marshmallow field read (and written, given ``write``; else it is only read) by one
    codec of this module; a refusal's problems are pointed at from the field's value."""

    def __init__(
        self,
        read: Callable[[Any], Any],
        write: Callable[[Any], Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(load_only=write is None, **kwargs)
        self.read, self.write = read, write

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            return self.read(value)
        except InvalidDocument as error:
            raise refusal(error.problems) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None or self.write is None:
            return None
        return self.write(value)


class TileField(CodecField):
    """A tile (or a worker hut) of any document, by :func:`tile_of` and :func:`dump_tile`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(tile_of, dump_tile, **kwargs)


class AlhambraField(CodecField):
    """An Alhambra of any document, by :func:`alhambra_of` and :func:`dump_alhambra`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(alhambra_of, dump_alhambra, **kwargs)
