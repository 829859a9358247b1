"""A described table (``POST /v1/table``, ``schemas/table-request.json``) read into the engine's
:class:`~calculator.engine.table.Table`, checked that it can exist, and its report written
(``schemas/table-report.json``): violations, walls and scores as the v1 API gives them
(:mod:`calculator.api.responses`), the purchases each player can make (T4, V2), the market's
tiles at the game's end (T9).

Its players, cards and tiles are read by the game document's fields and schemas
(:mod:`calculator.api.game_document`): a described player is a game state's player whose
tiles may lack their price.
"""

from __future__ import annotations

from typing import Any, Final

from marshmallow import Schema, fields, post_load, validates_schema

from calculator.api import responses
from calculator.api.game_document import (
    DisplayCardField,
    PlayerSchema,
    UniqueNames,
    dump_card,
    dump_display_card,
    pointer_of,
)
from calculator.api.problems import InvalidDocument, Problem, load, pointer, refusal
from calculator.api.wire import TileField, dump_tile
from calculator.core.scoring import POINTS
from calculator.core.text import Text
from calculator.core.tiles import BUILDINGS, Tile
from calculator.engine.components import MoneyCard
from calculator.engine.errors import Path
from calculator.engine.table import Purchase, Table, awards, implausibilities, scores, seats
from calculator.engine.table import inconsistencies as table_inconsistencies
from calculator.modules import EVERY_MODULE


class TablePlayerSchema(PlayerSchema):
    """A player as described at a table: tiles may lack their price; reserve, hand and score
    may be left out. The hand may hold the modules' cards (V2), as in a game state."""

    reserve = fields.List(TileField(), load_default=list)
    hand = fields.List(DisplayCardField(), load_default=list)
    score = fields.Integer(load_default=0)


class TableDummySchema(Schema):
    tiles = fields.List(TileField(), required=True)


class TableSlotSchema(Schema):
    slot = fields.Integer(required=True)
    tile = TileField(required=True, allow_none=True)


class TableRequestSchema(UniqueNames):
    """``schemas/table-request.json``."""

    players = fields.List(fields.Nested(TablePlayerSchema), required=True)
    market = fields.List(fields.Nested(TableSlotSchema), load_default=list)
    face_up = fields.List(DisplayCardField(), load_default=list)
    dummy = fields.Nested(TableDummySchema, load_default=None)
    round = fields.Integer(load_default=None)
    end_of_game = fields.Boolean(load_default=False)
    bag_empty = fields.Boolean(load_default=False)
    rules = fields.Dict(load_default=dict)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def slots_once(self, _: dict[str, Any], document: dict[str, Any], **__: Any) -> None:
        """C4: each market slot described once; checked on the document as sent, so it is
        reported beside any other problem."""
        seen: set[int] = set()
        problems = []
        for index, slot in enumerate(document.get("market", ())):
            if slot["slot"] in seen:
                problems.append(
                    Problem(
                        pointer("market", index, "slot"),
                        Text("api.C4.slot_twice", slot=slot["slot"]),
                    )
                )
            seen.add(slot["slot"])
        if problems:
            raise refusal(problems)

    @post_load
    def table(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        market: list[Tile | None] = [None] * 4
        for slot in data["market"]:
            market[slot["slot"] - 1] = slot["tile"]
        return {
            "table": Table(
                players=tuple(data["players"]),
                market=tuple(market),
                face_up=tuple(data["face_up"]),
                dummy=None if data["dummy"] is None else tuple(data["dummy"]["tiles"]),
                hole_rule=data["rules"].get("holes", "region"),
                bag_empty=data["bag_empty"],
            ),
            "round": data["round"],
            "end_of_game": data["end_of_game"],
        }


_TABLE_SCHEMA: Final = TableRequestSchema()


def load_table(document: Any) -> dict[str, Any]:
    """The table a ``POST /v1/table`` body describes, checked: it must be able to exist."""
    request: dict[str, Any] = load(_TABLE_SCHEMA, document)
    problems = [
        Problem(_table_pointer(problem.where, document), problem.message)
        for problem in table_inconsistencies(request["table"], EVERY_MODULE)
    ]
    if problems:
        raise InvalidDocument(problems)
    return request


def _table_pointer(where: Path, document: Any) -> str:
    head, *rest = where
    if head == "market":
        (slot_index,) = rest
        index = next(
            i
            for i, slot in enumerate(document["market"])
            if slot["slot"] == int(slot_index) + 1  # type: ignore[arg-type]
        )
        return pointer("market", index, "tile")
    if head == "dummy":
        return pointer("dummy", "tiles", *rest)
    if head == "face_up":
        return pointer("face_up", *rest)
    return pointer_of(where, document)


def _dump_purchase(purchase: Purchase) -> dict[str, Any]:
    """T4; V2: the ways a module's card of the hand pays the tile, under the card's member
    (``exchange``), and whether the tile needs one (``needs_exchange``); only where such a card
    pays it, so a table without them is reported without these members."""
    document: dict[str, Any] = {
        "slot": purchase.slot,
        "tile": dump_tile(purchase.tile),
        "exact": purchase.exact,
        "payments": _dump_payments(purchase.payments),
    }
    if purchase.with_cards:
        member = purchase.with_cards[0].card.wire
        document[f"needs_{member}"] = purchase.needs_card
        document[member] = [
            {
                "card": dump_display_card(way.card),
                "exact": way.exact,
                "payments": _dump_payments(way.payments),
            }
            for way in purchase.with_cards
        ]
    return document


def _dump_payments(payments: tuple[tuple[MoneyCard, ...], ...]) -> list[list[dict[str, Any]]]:
    return [[dump_card(card) for card in payment] for payment in payments]


def dump_table_report(table: Table, scoring_round: int | None, end_of_game: bool) -> dict[str, Any]:
    """``schemas/table-report.json``; violations, walls and scores as the v1 API gives them."""
    evaluated = seats(table, EVERY_MODULE)
    report: dict[str, Any] = {
        "players": [
            {
                "name": player.name,
                **responses.verdict(seat.violations),
                "counts": {building.value: seat.counts.counts[building] for building in BUILDINGS},
                **responses.added_counts(seat.counts),
                "wall": responses.wall(seat.wall),
                "purchases": [_dump_purchase(purchase) for purchase in seat.purchases],
            }
            for player, seat in zip(table.players, evaluated, strict=True)
        ]
    }
    if scoring_round is not None:
        extras = [
            {
                "wall_exact": seat.wall.exact,
                **responses.verdict(seat.violations),
                **responses.added_counts(seat.counts),
            }
            for seat in evaluated
        ]
        names = [player.name for player in table.players]
        report["scores"] = responses.round_score(
            scores(table, scoring_round, evaluated), names, extras, POINTS
        )
    report["warnings"] = responses.warnings(implausibilities(table, scoring_round))
    if end_of_game:
        report["end_of_game"] = {
            "market": [
                {
                    "slot": award.slot,
                    "tile": dump_tile(award.tile),
                    "player": award.player,
                    **({} if award.reason is None else {"reason": award.reason}),
                }
                for award in awards(table)
            ]
        }
    return report
