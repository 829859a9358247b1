"""The requests of the rules endpoints, read after their JSON Schema said yes: one marshmallow
schema per request type, whose ``post_load`` gives the operation's record.

Each body holds one Alhambra with the Big Box pieces of the modules it names (G1, G4, H3, H4,
K1, K4): the ``alhambra`` member is read by :func:`calculator.api.wire.furnished_of` (tiles of
the catalog C1, cells B6, at most 3 huts V4), then the body as a whole by
:func:`calculator.api.expansions.one_alhambra` (each piece needs its module; the modules'
refusals). The tile to place may be a building tile, a worker hut (V4), a camp (G4) or a
bazaar (K4), read by :func:`calculator.api.wire.placeable_of`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from marshmallow import Schema, fields, post_load

from calculator.api import expansions
from calculator.api.expansions import AlhambraWithPieces, piece_without_module
from calculator.api.problems import InvalidDocument, Problem, pointer, refusal
from calculator.api.wire import CodecField, furnished_of, placeable_member, placeable_of
from calculator.core.huts import HUTS_PER_PLAYER, is_hut, too_many_huts_message
from calculator.core.pieces import Piece
from calculator.core.tiles import Cell, Tile
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
