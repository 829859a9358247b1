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

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import itemgetter
from types import MappingProxyType
from typing import Any, Final

from marshmallow import Schema, fields, post_dump, post_load

from calculator.api.problems import InvalidDocument, Problem, pointer, refusal, under
from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule, Violation
from calculator.core.errors import PositionError
from calculator.core.pieces import Furnished, Gate, Piece
from calculator.core.plausibility import Implausibility, WallCarriers
from calculator.core.scoring import Counts, Majority, RoundScore, Tally, building_counts
from calculator.core.tiles import BUILDINGS, CATALOG, FOUNTAIN_CELL, Building, Cell, Side, Tile
from calculator.core.walls import Wall
from calculator.modules import (
    HUTS_PER_PLAYER,
    ON_TILES,
    PIECES,
    TOKENS,
    huts_beyond_limit,
    is_hut,
    too_many_huts_message,
    wall_carriers,
)
from calculator.pictures import Proposal

CATALOG_COUNTS: Final[dict[Building, int]] = building_counts(CATALOG)
"""C1: how many tiles of each building type the game has."""

_PLURAL: Final[dict[Building, str]] = {
    Building.PAVILION: "pavilions",
    Building.SERAGLIO: "seraglios",
    Building.ARCADES: "arcades",
    Building.CHAMBERS: "chambers",
    Building.GARDEN: "gardens",
    Building.TOWER: "towers",
}

_BUILDING_NAMES: Final[dict[Building, str]] = {b: b.value for b in BUILDINGS}
"""The wire names, read once (an enum's ``.value`` is a property lookup each time)."""
_BUILDING_BY_NAME: Final[dict[str, Building]] = {b.value: b for b in BUILDINGS}

CATALOG_BY_KEY: Final[dict[tuple[str, str, int], Tile]] = {
    (tile.building.value, tile.walls, tile.price): tile
    for tile in CATALOG
    if tile.building is not None and tile.price is not None
}


# --- tiles and Alhambras ---------------------------------------------------------------------


class _NotInCatalog(Exception):
    pass


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
            f"no tile of the catalog is a {item['building']} at price {price} with walls "
            f"{item['walls']!r} (C1)"
        )
    return tile


def tile_of(item: Mapping[str, Any]) -> Tile:
    """A wire tile (``schemas/tile.json``, ``hut.json``, ``game-tile.json``) as a core
    :class:`Tile`; refuses a priced tile that is not in the catalog, pointing at its price (C1).
    """
    try:
        return _tile(item)
    except _NotInCatalog as error:
        raise InvalidDocument([Problem("/price", str(error))]) from None


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
    """A wire Alhambra (``schemas/alhambra.json``) as a core :class:`Alhambra`, in one pass.

    Refuses every tile out of the catalog (C1), every tile out of place (B6) and every hut
    after the third (V4), by index, in the order of the tiles.
    """
    cells = list(map(_XY, items))
    if set(map(type, chain.from_iterable(cells))) != {int}:
        # JSON Schema's "integer" admits 2.0: such a coordinate is made an int
        cells = [(int(x), int(y)) for x, y in cells]
    problems: list[tuple[int, Problem]] = []
    try:
        # the common case in C, no call per tile: every tile priced and of the catalog (C1)
        tiles = list(map(CATALOG_BY_KEY.__getitem__, map(_CATALOG_KEY, items)))
    except KeyError:
        tiles = [_tile_or_problem(item, index, problems) for index, item in enumerate(items)]
    for count, index in enumerate(huts_beyond_limit(tiles), start=4):
        problems.append((index, Problem(pointer(index, "hut"), too_many_huts_message(count))))
    alhambra = _position(list(zip(cells, tiles, strict=True)), problems)
    if problems:
        problems.sort(key=itemgetter(0))  # stable: a tile's problems stay in the order found
        raise InvalidDocument(problem for _, problem in problems)
    return alhambra


_XY = itemgetter("x", "y")
_CATALOG_KEY = itemgetter("building", "walls", "price")


_MODULE_MEMBERS: Final[frozenset[str]] = ON_TILES | frozenset(PIECES)
"""Every member a module adds to an item of an Alhambra."""


def furnished_of(
    items: Sequence[Mapping[str, Any]], gates: Sequence[Mapping[str, Any]] = ()
) -> Furnished:
    """A wire Alhambra with the modules' pieces (``schemas/furnished-alhambra.json``) and the
    player's gates (G1) as a core :class:`Furnished`: its tiles read by :func:`alhambra_of`,
    the pieces and tile members each module declares (``calculator.modules``). Problems point
    from the player (``/alhambra/3/price``, ``/alhambra/4``)."""
    if _MODULE_MEMBERS.isdisjoint(set().union(*items)):
        # the common case, tiles alone: one pass over the members, in C
        try:
            return Furnished(alhambra_of(items), gates=tuple(map(gate_of, gates)))
        except InvalidDocument as error:
            raise InvalidDocument(under(("alhambra",), error.problems)) from None
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
            what = "the fountain's cell" if cell == FOUNTAIN_CELL else "a taken cell"
            problems.append(
                Problem(
                    pointer("alhambra", index),
                    f"{piece.describe()} cannot stand on {what} ({cell[0]},{cell[1]}) (B6)",
                )
            )
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


def gate_of(item: Mapping[str, Any]) -> Gate:
    """A gate on the wire (``schemas/gate.json``)."""
    side: Side = item["side"]
    return (int(item["x"]), int(item["y"])), side


def _moved(problem: Problem, indices: Sequence[int]) -> Problem:
    """A problem of the tiles alone pointed at the item of the whole Alhambra it came from."""
    head, _, rest = problem.pointer.lstrip("/").partition("/")
    return Problem(
        pointer("alhambra", indices[int(head)]) + (f"/{rest}" if rest else ""), problem.message
    )


def _tile_or_problem(
    item: Mapping[str, Any], index: int, problems: list[tuple[int, Problem]]
) -> Tile:
    try:
        return _tile(item)
    except _NotInCatalog as error:
        problems.append((index, Problem(pointer(index, "price"), str(error))))
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
            problems.append((index, Problem(pointer(index), f"{error.message} ({error.rule})")))
            del placed[error.index], indices[error.index]


def hole_rule_of(request: Mapping[str, Any]) -> HoleRule:
    rules = request.get("rules") or {}
    return rules.get("holes", "region")  # type: ignore[no-any-return]


# --- requests: placement, options, removal, check, walls (marshmallow) -----------------------


@dataclass(frozen=True, slots=True)
class PlacementQuery:
    alhambra: Alhambra
    tile: Tile
    cell: Cell
    hole_rule: HoleRule


@dataclass(frozen=True, slots=True)
class OptionsQuery:
    alhambra: Alhambra
    tile: Tile
    hole_rule: HoleRule


@dataclass(frozen=True, slots=True)
class RemovalQuery:
    alhambra: Alhambra
    cell: Cell
    hole_rule: HoleRule


@dataclass(frozen=True, slots=True)
class RenderQuery:
    """``POST /v1/render``: the Alhambra, a proposed placement if any, and the picture's words."""

    alhambra: Alhambra
    proposal: Proposal | None
    hole_rule: HoleRule
    title: str | None
    language: str | None


class _CodecField(fields.Field[Any]):
    """A marshmallow field read and written by one codec of this module; a refusal's problems
    are pointed at from the field's value."""

    def __init__(
        self, read: Callable[[Any], Any], write: Callable[[Any], Any], **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.read, self.write = read, write

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            return self.read(value)
        except InvalidDocument as error:
            raise refusal(error.problems) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else self.write(value)


class TileField(_CodecField):
    """A tile (or a worker hut) of any document, by :func:`tile_of` and :func:`dump_tile`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(tile_of, dump_tile, **kwargs)


class AlhambraField(_CodecField):
    """An Alhambra of any document, by :func:`alhambra_of` and :func:`dump_alhambra`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(alhambra_of, dump_alhambra, **kwargs)


class RulesSchema(Schema):
    holes = fields.String(load_default="region")


class _AlhambraRequest(Schema):
    alhambra = AlhambraField(required=True)
    rules = fields.Nested(RulesSchema)


def _no_fourth_hut(alhambra: Alhambra, tile: Tile) -> None:
    """V4: a player holding 3 huts in the Alhambra cannot have a 4th to place."""
    if tile.hut:
        held = sum(map(is_hut, alhambra.tiles.values()))
        if held >= HUTS_PER_PLAYER:
            raise refusal([Problem("/tile/hut", too_many_huts_message(held + 1))])


class PlacementRequest(_AlhambraRequest):
    tile = TileField(required=True)
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> PlacementQuery:
        _no_fourth_hut(data["alhambra"], data["tile"])
        cell = (data["x"], data["y"])
        return PlacementQuery(data["alhambra"], data["tile"], cell, hole_rule_of(data))


class OptionsRequest(_AlhambraRequest):
    tile = TileField(required=True)

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> OptionsQuery:
        _no_fourth_hut(data["alhambra"], data["tile"])
        return OptionsQuery(data["alhambra"], data["tile"], hole_rule_of(data))


class RemovalRequest(_AlhambraRequest):
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> RemovalQuery:
        return RemovalQuery(data["alhambra"], (data["x"], data["y"]), hole_rule_of(data))


class HighlightSchema(Schema):
    tile = TileField(required=True)
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)


class RenderRequest(_AlhambraRequest):
    highlight = fields.Nested(HighlightSchema)
    title = fields.String()
    lang = fields.String()

    @post_load
    def query(self, data: dict[str, Any], **kwargs: Any) -> RenderQuery:
        highlight = data.get("highlight")
        proposal = None
        if highlight is not None:
            proposal = Proposal((highlight["x"], highlight["y"]), highlight["tile"])
        return RenderQuery(
            data["alhambra"], proposal, hole_rule_of(data), data.get("title"), data.get("lang")
        )


# --- the scores request (plain code: the busiest operation) ----------------------------------


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at a scoring round: an Alhambra (counts and wall to compute) with the face-up
    bonus cards (V3), or counts and a wall length as given."""

    name: str
    alhambra: Alhambra | None
    counts: Counts | None
    wall: int
    bonus_cards: tuple[Tile, ...] = ()
    furnished: Furnished | None = None
    """The Alhambra with the modules' pieces and the player's gates (``alhambra`` its tiles)."""


@dataclass(frozen=True, slots=True)
class ScoresQuery:
    scoring_round: int
    seats: tuple[Seat, ...]
    dummy: Counts | None
    hole_rule: HoleRule
    carriers: WallCarriers | None = None
    """The tiles of the modules named that carry walls but are no building (V4): read by the
    plausibility warnings only."""


def _counts(wire: Mapping[str, int]) -> dict[Building, int]:
    return {building: int(wire.get(building.value, 0)) for building in BUILDINGS}


def load_scores(request: Mapping[str, Any]) -> ScoresQuery:
    """A schema-valid ``POST /v1/scores`` body as a :class:`ScoresQuery`; raises
    :class:`InvalidDocument` with every problem: tiles (C1, B6), names, the dummy (D1), the
    catalog totals (C1)."""
    problems: list[Problem] = []
    seats = []
    for index, player in enumerate(request["players"]):
        alhambra = furnished = None
        if "alhambra" in player:
            try:
                furnished = furnished_of(player["alhambra"], player.get("gates", ()))
                alhambra = furnished.alhambra
            except InvalidDocument as error:
                problems += under(("players", index), error.problems)
        counts = _counts(player["counts"]) if "counts" in player else None
        cards = []
        for card_index, item in enumerate(player.get("bonus_cards", ())):
            try:
                cards.append(tile_of(item))
            except InvalidDocument as error:
                problems += under(("players", index, "bonus_cards", card_index), error.problems)
        seats.append(
            Seat(
                player["name"],
                alhambra,
                counts,
                int(player.get("wall", 0)),
                tuple(cards),
                furnished,
            )
        )
    problems += names_taken_twice([seat.name for seat in seats])

    dummy_wire = request.get("dummy")
    dummy_counts: dict[Building, int] | None = None
    dummy_tiles: list[Tile] = []
    if dummy_wire is not None:
        if len(seats) != 2:
            problems.append(
                Problem(
                    "/dummy",
                    f"the dummy only sits at a 2-player table (D1); this table has {len(seats)}",
                )
            )
        if "counts" in dummy_wire:
            dummy_counts = _counts(dummy_wire["counts"])
        for index, item in enumerate(dummy_wire.get("tiles", ())):
            try:
                dummy_tiles.append(tile_of(item))
            except InvalidDocument as error:
                problems += under(("dummy", "tiles", index), error.problems)
    problems += _beyond_catalog(seats, dummy_counts, dummy_tiles)
    dummy = None
    if dummy_wire is not None:
        dummy = dummy_counts if dummy_counts is not None else building_counts(dummy_tiles)
    if problems:
        raise InvalidDocument(problems)
    return ScoresQuery(
        int(request["round"]),
        tuple(seats),
        dummy,
        hole_rule_of(request),
        wall_carriers(request.get("modules", ())),
    )


def names_taken_twice(names: Sequence[str], member: str | None = "name") -> Iterator[Problem]:
    """Player names are unique in every request that takes them: a problem at each name given
    again (``/players/i/name``, or ``/players/i`` when ``member`` is None: a list of names)."""
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        if name in seen:
            yield Problem(
                pointer("players", index, *(() if member is None else (member,))),
                f"the name {name!r} is taken by /players/{seen[name]}; names are unique",
            )
        else:
            seen[name] = index


def _beyond_catalog(
    seats: Sequence[Seat], dummy_counts: Counts | None, dummy_tiles: Sequence[Tile]
) -> Iterator[Problem]:
    """C1: over the players given by counts and the dummy, at most the catalog's tiles of each
    type; the problem points at the count (or dummy tile) that takes the total past it.

    Players given as an Alhambra are checked as positions, not summed: a described table of
    six full Alhambras is a request this API must answer (``docs/api.md``, "Errors").
    """
    counted = [(index, seat.counts) for index, seat in enumerate(seats) if seat.counts is not None]
    if not counted and dummy_counts is None and not dummy_tiles:
        return  # nothing to sum
    for building in BUILDINGS:
        holdings: list[tuple[tuple[str | int, ...], int]] = [
            (("players", index, "counts", building.value), counts[building])
            for index, counts in counted
        ]
        if dummy_counts is not None:
            holdings.append((("dummy", "counts", building.value), dummy_counts[building]))
        holdings.extend(
            (("dummy", "tiles", index), 1)
            for index, tile in enumerate(dummy_tiles)
            if tile.building == building
        )
        limit, total = CATALOG_COUNTS[building], 0
        for where, count in holdings:
            total += count
            if total > limit:
                yield Problem(
                    pointer(*where),
                    f"that makes {total} {_PLURAL[building]} at the "
                    f"table; the game has {limit} (C1)",
                )
                break


# --- results ---------------------------------------------------------------------------------


class CellSchema(Schema):
    x = fields.Function(lambda cell: cell[0])
    y = fields.Function(lambda cell: cell[1])


class SegmentSchema(Schema):
    """A wall segment or a B2 side: ``((x, y), side)`` as ``{"x", "y", "side"}``."""

    x = fields.Function(lambda segment: segment[0][0])
    y = fields.Function(lambda segment: segment[0][1])
    side = fields.Function(lambda segment: segment[1])


class ViolationSchema(Schema):
    rule = fields.String()
    message = fields.String()
    cells = fields.List(fields.Nested(CellSchema))
    sides = fields.List(fields.Nested(SegmentSchema))

    @post_dump
    def only_b2_names_sides(self, wire: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if not wire["sides"]:
            del wire["sides"]
        return wire


VIOLATIONS: Final = ViolationSchema(many=True)
CELLS: Final = CellSchema(many=True)
SEGMENTS: Final = SegmentSchema(many=True)


def verdict(violations: Sequence[Violation]) -> dict[str, Any]:
    """``schemas/verdict.json``."""
    if not violations:
        return {"legal": True, "violations": []}  # the common case, without a schema's dump
    return {"legal": False, "violations": VIOLATIONS.dump(violations)}


def legal_cells(cells: Sequence[Cell]) -> dict[str, Any]:
    """``schemas/legal-cells.json``."""
    return {"cells": CELLS.dump(cells)}


def wall(found: Wall) -> dict[str, Any]:
    """A longest wall (W1-W3): its length, segments and whether the search was exact."""
    return {"length": found.length, "segments": SEGMENTS.dump(found.segments), "exact": found.exact}


def longest_wall(found: Wall, violations: Sequence[Violation]) -> dict[str, Any]:
    """``schemas/longest-wall.json``."""
    return {**wall(found), **verdict(violations)}


def catalog_tiles(tiles: Iterable[Tile]) -> list[dict[str, Any]]:
    """Tiles (or worker huts) of the catalog, each as :func:`dump_tile` writes it."""
    return [dump_tile(tile) for tile in tiles]


def vizier_counts(counts: Tally) -> dict[str, Any]:
    """What the modules added to a player's majority counts, each under its member: per worker
    hut (V4) the buildings of its colour it joins and adds, per bonus card (V3) whether it
    counts (its tile is in the Alhambra), each as its module writes it, with :func:`dump_tile`.
    Empty when the player has neither."""
    return {
        added.member: [added.show(item, dump_tile) for item in added.items]
        for added in counts.added
    }


def _majorities(standing: Mapping[Building, Majority]) -> dict[str, Any]:
    found = {}
    for building, name in _BUILDING_NAMES.items():
        majority = standing[building]
        found[name] = {
            "count": majority.count,
            "place": majority.place,
            "shared_with": majority.shared_with,
            "points": majority.points,
        }
    return found


def warnings(found: Iterable[Implausibility]) -> list[dict[str, str]]:
    """``schemas/warning.json``: each warning with a JSON Pointer to the request's entry."""
    return [
        {"code": warning.code, "pointer": pointer(*warning.where), "message": warning.message}
        for warning in found
    ]


def round_score(
    result: RoundScore, names: Sequence[str], extras: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """``schemas/round-score.json``: each player's score under their name (with ``extras``,
    the legality of a given Alhambra), then the dummy's."""
    wire: dict[str, Any] = {
        "round": result.scoring_round,
        "players": [
            {
                "name": name,
                "points": score.points,
                "wall": score.wall,
                "majorities": _majorities(score.majorities),
                **extra,
            }
            for name, score, extra in zip(names, result.players, extras, strict=True)
        ],
    }
    if result.dummy is not None:
        wire["dummy"] = {
            "points": result.dummy.points,
            "majorities": _majorities(result.dummy.majorities),
        }
    return wire
