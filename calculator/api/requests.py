"""The requests of the v1 operations, read after their JSON Schema said yes: one marshmallow
schema per request type, whose ``post_load`` gives the operation's record. A request's problems
are found in stages (its members, then what joins them: names, the dummy, the catalog's
totals, the Big Box modules), every problem of a stage reported together, each with a JSON
Pointer (:func:`calculator.api.problems.load`). An Alhambra is read in one pass by
:func:`calculator.api.wire.read_alhambra`, never by a schema per tile.

Each body holds one Alhambra with the Big Box pieces of the modules it names (G1, G4, H3, H4,
K1, K4): the ``alhambra`` member is read by :func:`calculator.api.wire.furnished_of` (tiles of
the catalog C1, cells B6, at most 3 huts V4), then the body as a whole by
:func:`calculator.api.expansions.one_alhambra` (each piece needs its module; the modules'
refusals). The tile to place may be a building tile, a worker hut (V4), a camp (G4) or a
bazaar (K4), read by :func:`calculator.api.wire.placeable_of`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from marshmallow import Schema, fields, post_load, validates_schema

from calculator.api import expansions
from calculator.api.expansions import AlhambraWithPieces, Expansions, piece_without_module
from calculator.api.problems import InvalidDocument, Problem, pointer, refusal, under
from calculator.api.wire import (
    CATALOG_COUNTS,
    CodecField,
    furnished_of,
    hole_rule_of,
    placeable_member,
    placeable_of,
    read_alhambra,
    tile_of,
)
from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule
from calculator.core.huts import HUTS_PER_PLAYER, is_hut, too_many_huts_message
from calculator.core.pieces import Furnished, Piece
from calculator.core.scoring import Counts, building_counts
from calculator.core.tiles import BUILDINGS, Building, Cell, Tile
from calculator.pictures import Proposal

Placing = Tile | Piece
"""What a placement places: a tile or a worker hut, or a module's piece (G4, K4)."""


@dataclass(frozen=True, slots=True)
class PlacementQuery:
    """``POST /v1/placement``: may ``placing`` go to ``cell``?"""

    position: AlhambraWithPieces
    placing: Placing
    cell: Cell


@dataclass(frozen=True, slots=True)
class OptionsQuery:
    """``POST /v1/placement/options``: where may ``placing`` go?"""

    position: AlhambraWithPieces
    placing: Placing


@dataclass(frozen=True, slots=True)
class RemovalQuery:
    """``POST /v1/removal``: may what stands at ``cell`` leave the Alhambra (T5)?"""

    position: AlhambraWithPieces
    cell: Cell


@dataclass(frozen=True, slots=True)
class RenderQuery:
    """``POST /v1/render``: the Alhambra, a proposed placement if any, and the picture's words."""

    position: AlhambraWithPieces
    proposal: Proposal | None
    title: str | None
    language: str | None


class _OneAlhambra(Schema):
    """The members of every body of one Alhambra: the Alhambra, its gates (G1), the modules
    its pieces belong to and the reading of B5 (all but the Alhambra read in
    :func:`calculator.api.expansions.one_alhambra`)."""

    alhambra = CodecField(furnished_of, required=True)
    gates = fields.Raw()
    modules = fields.Raw()
    rules = fields.Raw()


def _at(document: Any, where: tuple[str, ...]) -> Any:
    for part in where:
        document = document[part]
    return document


def _position(
    data: dict[str, Any], original: dict[str, Any], placing_at: tuple[str, ...] = ()
) -> AlhambraWithPieces:
    """The body's Alhambra with its pieces checked as a player's; with the tile or piece to
    place at ``placing_at``, also refuses a piece whose module is not named and a 4th worker
    hut (V4). Every problem of the stage together."""
    problems: list[Problem] = []
    position = None
    try:
        position = expansions.one_alhambra(original, data["alhambra"])
    except InvalidDocument as error:
        problems += error.problems
    if placing_at:
        member = placeable_member(_at(original, placing_at))
        named = frozenset(original.get("modules", ()))
        unnamed = None if member is None else piece_without_module(member, named, *placing_at)
        if unnamed is not None:
            problems.append(unnamed)
        placing = _at(data, placing_at)
        if position is not None and isinstance(placing, Tile) and placing.hut:
            held = sum(map(is_hut, position.furnished.alhambra.tiles.values()))
            if held >= HUTS_PER_PLAYER:
                where = pointer(*placing_at, "hut")
                problems.append(Problem(where, too_many_huts_message(held + 1)))
    if problems or position is None:
        raise refusal(problems)
    return position


class PlacementRequest(_OneAlhambra):
    tile = CodecField(placeable_of, required=True)
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> PlacementQuery:
        position = _position(data, original, ("tile",))
        return PlacementQuery(position, data["tile"], (data["x"], data["y"]))


class OptionsRequest(_OneAlhambra):
    tile = CodecField(placeable_of, required=True)

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> OptionsQuery:
        return OptionsQuery(_position(data, original, ("tile",)), data["tile"])


class RemovalRequest(_OneAlhambra):
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> RemovalQuery:
        return RemovalQuery(_position(data, original), (data["x"], data["y"]))


class CheckRequest(_OneAlhambra):
    """``POST /v1/alhambra/check`` and ``POST /v1/walls``: the Alhambra alone."""

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> AlhambraWithPieces:
        return _position(data, original)


class _Highlight(Schema):
    tile = CodecField(placeable_of, required=True)
    x = fields.Integer(required=True)
    y = fields.Integer(required=True)


class RenderRequest(_OneAlhambra):
    highlight = fields.Nested(_Highlight)
    title = fields.String()
    lang = fields.String()

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> RenderQuery:
        highlight = data.get("highlight")
        if highlight is None:
            return RenderQuery(_position(data, original), None, data.get("title"), data.get("lang"))
        position = _position(data, original, ("highlight", "tile"))
        proposal = Proposal((highlight["x"], highlight["y"]), highlight["tile"])
        return RenderQuery(position, proposal, data.get("title"), data.get("lang"))


PLACEMENT: Final = PlacementRequest()
OPTIONS: Final = OptionsRequest()
REMOVAL: Final = RemovalRequest()
CHECK: Final = CheckRequest()
RENDER: Final = RenderRequest()


# --- POST /v1/scores (M1-M5, W4, D1-D3, V3, V4; the Big Box: G, H, K, S) -------------------


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
    """The Alhambra with the modules' pieces and the player's gates, when it has any."""

    @property
    def position(self) -> Alhambra | Furnished | None:
        """The Alhambra as the rules see it: with its pieces, or its tiles alone."""
        return self.furnished or self.alhambra


@dataclass(frozen=True, slots=True)
class ScoresQuery:
    scoring_round: int
    seats: tuple[Seat, ...]
    dummy: Counts | None
    hole_rule: HoleRule
    big_box: Expansions
    huts: bool = False
    """The game is played with worker huts (V4): read by the plausibility warnings only."""


@dataclass(frozen=True, slots=True)
class _Dummy:
    counts: Counts | None
    tiles: tuple[Tile, ...]


def _counts(wire: Mapping[str, int]) -> dict[Building, int]:
    return {building: int(wire.get(building.value, 0)) for building in BUILDINGS}


def _seats(players: Sequence[Mapping[str, Any]]) -> tuple[Seat, ...]:
    """Every player: an Alhambra with its pieces and gates (G1) read in one pass, or counts and
    a wall; the bonus cards (V3). Every tile's problem (C1, B6, V4)."""
    problems: list[Problem] = []
    seats = []
    for index, player in enumerate(players):
        alhambra = furnished = None
        if "alhambra" in player:
            try:
                position = read_alhambra(player["alhambra"], player.get("gates", ()))
            except InvalidDocument as error:
                problems += under((index, "alhambra"), error.problems)
            else:
                if isinstance(position, Furnished):
                    alhambra, furnished = position.alhambra, position
                else:
                    alhambra = position
        cards = []
        for card_index, item in enumerate(player.get("bonus_cards", ())):
            try:
                cards.append(tile_of(item))
            except InvalidDocument as error:
                problems += under((index, "bonus_cards", card_index), error.problems)
        counts = _counts(player["counts"]) if "counts" in player else None
        wall = int(player.get("wall", 0))
        seats.append(Seat(player["name"], alhambra, counts, wall, tuple(cards), furnished))
    if problems:
        raise InvalidDocument(problems)
    return tuple(seats)


def _dummy(dummy: Mapping[str, Any]) -> _Dummy:
    """The dummy's counts or tiles (D3), each tile of the catalog if priced (C1)."""
    problems: list[Problem] = []
    tiles = []
    for index, item in enumerate(dummy.get("tiles", ())):
        try:
            tiles.append(tile_of(item))
        except InvalidDocument as error:
            problems += under(("tiles", index), error.problems)
    if problems:
        raise InvalidDocument(problems)
    return _Dummy(_counts(dummy["counts"]) if "counts" in dummy else None, tuple(tiles))


class ScoresRequest(Schema):
    """``POST /v1/scores``: the players and the dummy read member by member, then what joins
    them (names, the dummy's table D1, the catalog's totals C1, the Big Box modules)."""

    round = fields.Integer(required=True)
    players = CodecField(_seats, required=True)
    dummy = fields.Raw()
    """Read with what joins the members: its problems follow the table's size (D1)."""
    modules = fields.Raw()
    rules = fields.Raw()
    attack = fields.Raw()
    score_card = fields.Raw()

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def joined(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        """Names, D1, C1 and the Big Box's refusals, whether or not every member loaded."""
        players = original["players"]
        problems = list(names_taken_twice([player["name"] for player in players]))
        if "dummy" in original and len(players) != 2:
            problems.append(
                Problem(
                    "/dummy",
                    f"the dummy only sits at a 2-player table (D1); this table has {len(players)}",
                )
            )
        seats = data.get("players")
        dummy = None
        if "dummy" in original:
            try:
                dummy = _dummy(original["dummy"])
            except InvalidDocument as error:
                problems += under(("dummy",), error.problems)
        problems += _beyond_catalog(
            [(i, _counts(p["counts"])) for i, p in enumerate(players) if "counts" in p],
            None if dummy is None else dummy.counts,
            () if dummy is None else dummy.tiles,
        )
        problems += expansions.scores_problems(
            original,
            int(original["round"]),
            None if seats is None else [seat.position for seat in seats],
            [] if seats is None else [seat.counts for seat in seats],
        )
        if problems:
            raise refusal(problems)

    @post_load(pass_original=True)
    def query(self, data: dict[str, Any], original: Any, **kwargs: Any) -> ScoresQuery:
        seats: tuple[Seat, ...] = data["players"]
        scoring_round = int(data["round"])
        held = None
        if "dummy" in data:  # read again: the check above let it through
            dummy = _dummy(data["dummy"])
            held = dummy.counts if dummy.counts is not None else building_counts(dummy.tiles)
        big_box = expansions.expansions_of(
            original,
            scoring_round,
            [seat.position for seat in seats],
            [seat.counts for seat in seats],
        )
        return ScoresQuery(
            scoring_round,
            seats,
            held,
            hole_rule_of(original),
            big_box,
            "huts" in original.get("modules", ()),
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


_PLURAL: Final[dict[Building, str]] = {
    Building.PAVILION: "pavilions",
    Building.SERAGLIO: "seraglios",
    Building.ARCADES: "arcades",
    Building.CHAMBERS: "chambers",
    Building.GARDEN: "gardens",
    Building.TOWER: "towers",
}


def _beyond_catalog(
    counted: Sequence[tuple[int, Counts]], dummy_counts: Counts | None, dummy_tiles: Sequence[Tile]
) -> Iterator[Problem]:
    """C1: over the players given by counts and the dummy, at most the catalog's tiles of each
    type; the problem points at the count (or dummy tile) that takes the total past it.

    Players given as an Alhambra are checked as positions, not summed: a described table of
    six full Alhambras is a request this API must answer (``docs/api.md``, "Errors").
    """
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


SCORES: Final = ScoresRequest()
