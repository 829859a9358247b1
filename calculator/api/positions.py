"""``POST /v1/games/position``: the position editor, request dict in, state out. A referee
enters only what lies on the table and gets the table-mode state of the game at the start of a
player's turn, everything unseen pooled (:mod:`calculator.records.position`).

The players, their cards and tiles and the modules' pieces are read by the game document's
fields (:mod:`calculator.api.game_document`), the market and the dummy as a described table's
(:mod:`calculator.api.table_document`); a refusal points into the request, at the member the
rule it cites is about.
"""

from __future__ import annotations

from typing import Any, Final

from marshmallow import Schema, fields, post_load

from calculator.api import requests
from calculator.api.game_document import (
    GAME_PART_FIELDS,
    DisplayCardField,
    PlayerSchema,
    UniqueNames,
    dump_state,
    game_parts,
    load_components,
    pointer_of,
)
from calculator.api.problems import InvalidDocument, Problem, load, pointer
from calculator.api.table_document import TableDummySchema, TableSlotSchema
from calculator.api.wire import CodecField, TileField
from calculator.core.tiles import Tile
from calculator.engine.state import Options, Player
from calculator.modules import ruleset
from calculator.records.position import PositionRefused, Seat, Table, position


class PositionPlayerSchema(PlayerSchema):
    """A player at the table: the known hand (money, and a module's cards, V2), else its size;
    reserve and score may be left out."""

    reserve = fields.List(TileField(), load_default=list)
    hand = fields.List(DisplayCardField(), load_default=list)
    hand_size = fields.Integer()
    score = fields.Integer(load_default=0)

    @post_load
    def player(self, data: dict[str, Any], **kwargs: Any) -> Seat:
        hidden = data.pop("hand_size", None)
        seen: Player = super().player(data, **kwargs)
        return Seat(seen, hidden)


class _PositionOptions(Schema):
    holes = fields.String(load_default="region")
    modules = fields.List(fields.String(), load_default=list)
    components = CodecField(load_components, load_default=dict)


class PositionSchema(UniqueNames):
    """``schemas/position-request.json``."""

    class Meta:
        include = GAME_PART_FIELDS

    players = fields.List(fields.Nested(PositionPlayerSchema), required=True)
    market = fields.List(fields.Nested(TableSlotSchema), required=True)
    face_up = fields.List(DisplayCardField(), load_default=list)
    discard = fields.List(DisplayCardField())
    dummy = fields.Nested(TableDummySchema, load_default=None)
    round = fields.Integer(load_default=1)
    turn = fields.Integer(required=True)
    number = fields.Integer(load_default=1)
    options = fields.Nested(_PositionOptions, load_default=lambda: {})

    @post_load
    def table(self, data: dict[str, Any], **_: Any) -> Table:
        market: list[Tile | None] = [None] * 4
        for slot in data["market"]:
            market[slot["slot"] - 1] = slot["tile"]
        options = data["options"]
        components = options.get("components", {})
        discard = data.get("discard")
        return Table(
            seats=tuple(data["players"]),
            market=tuple(market),
            face_up=tuple(data["face_up"]),
            turn=data["turn"],
            scoring_round=data["round"],
            number=data["number"],
            discard=None if discard is None else tuple(discard),
            dummy=None if data["dummy"] is None else tuple(data["dummy"]["tiles"]),
            options=Options(
                mode="table",
                hole_rule=options.get("holes", "region"),
                rules=ruleset(options.get("modules", ())),
                components=tuple(
                    (member, tuple(tiles)) for member, tiles in sorted(components.items()) if tiles
                ),
            ),
            parts=game_parts(data),
        )


POSITION: Final = PositionSchema()


def _read(body: Any) -> Any:
    """The state of the table the body describes; every reason it cannot be a game's, pointed
    into the body."""
    table: Table = load(POSITION, body)
    try:
        return position(table)
    except PositionRefused as refused:
        raise InvalidDocument(
            [Problem(_where(problem.where, body), problem.message) for problem in refused.problems]
        ) from None


def _where(path: tuple[Any, ...], body: Any) -> str:
    """A problem's place in the state built, as a pointer into the request: the members the
    request and the state share have one name (a player's hand, a cell of an Alhambra, a
    market slot); the face-up money and the discard are the request's own members."""
    if not path:
        return pointer()
    head = path[0]
    if head in ("face_up", "discard"):
        return pointer(*path)
    if head == "market" and len(path) > 1:
        return pointer("market", _slot_index(body, path[1]), "tile")
    return pointer_of(path, body)


def _slot_index(body: Any, index: object) -> object:
    """Where market slot ``index + 1`` is described in the request (the market lists slots in
    any order)."""
    slots = [slot.get("slot") for slot in body.get("market", [])]
    return slots.index(index + 1) if isinstance(index, int) and index + 1 in slots else index


def position_of(body: Any) -> dict[str, Any]:
    """``POST /v1/games/position``: the table-mode state of the table described, at the start
    of the turn of the seat ``turn``, everything unseen pooled."""
    state = requests.read(body, "position-request.json", _read)
    return {"state": dump_state(state)}
