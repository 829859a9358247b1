"""The common ``POST /v1/scores`` body read, checked and loaded in one compiled pass.

A referee's or an app's table is nearly always the same shape: every player gives an
Alhambra of catalog tiles, each with its price, and there is no dummy (it only sits at a
2-player table, D1). For that shape, and only for a body that is *clean* (no
problem to report), msgspec reads the bytes straight into typed records, checking types,
bounds, enums and unknown members as it goes: about the cost of parsing alone, where the
general path parses, asks the compiled JSON Schema validator, then loads the dictionaries
(``bench/scores_profile.py``; figures in the README).

Anything else is answered by the general path (:func:`calculator.web.service.scores`), which
words every refusal: this reader only ever says "here is the query" or "not mine"
(``None``). So it may be stricter than the contract, never looser:

* its bounds, enums and the names' text rule are read from ``schemas/`` (one contract), and a
  member it does not know refuses the body (``forbid_unknown_fields``);
* JSON that only the strict reader would refuse is left to it: a ``\\`` anywhere (escapes,
  lone surrogates) and a key given twice (msgspec keeps the last; the colons of the body and
  of the records written back are counted by ``body.keys_all_kept``); NaN and bytes that are not
  UTF-8 msgspec refuses itself;
* every check only code can make goes the same way: a priced tile not of the catalog (C1),
  two tiles on one cell or on the fountain (B6), a name given twice.

``tests/test_clean_scores.py`` holds the two paths to the same query and the same answer,
over bodies generated from the schema and mutated.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from calculator.core.alhambra import Alhambra
from calculator.core.building import HoleRule
from calculator.core.errors import PositionError
from calculator.web.body import keys_all_kept
from calculator.web.contract import schema_documents
from calculator.web.wire import CATALOG_BY_KEY, ScoresQuery, Seat

_SCHEMAS = schema_documents()


def _schema(name: str, *path: str) -> dict[str, Any]:
    node = _SCHEMAS[name]
    for part in path:
        node = node[part]
    return node


def _integer(schema: dict[str, Any]) -> Any:
    """An int within the schema's ``minimum`` and ``maximum``."""
    return Annotated[int, Meta(ge=schema["minimum"], le=schema["maximum"])]


def _one_of(schema: dict[str, Any]) -> Any:
    """A str among the schema's ``enum``."""
    return Literal[tuple(schema["enum"])]  # type: ignore[valid-type]


def _list(item: Any, schema: dict[str, Any]) -> Any:
    """A list within the schema's ``minItems`` and ``maxItems``."""
    return Annotated[list[item], Meta(min_length=schema.get("minItems"),  # type: ignore[valid-type]
                                      max_length=schema["maxItems"])]


def _name(schema: dict[str, Any]) -> Any:
    """A str of the schema's length whose text does not match its ``not`` pattern: a search
    for the forbidden text must fail, from the start (``\\A``), across newlines (``(?s)``)."""
    return Annotated[str, Meta(
        min_length=schema["minLength"],
        max_length=schema["maxLength"],
        pattern=rf"(?s)\A(?!.*(?:{schema['not']['pattern']}))",
    )]


Building = _one_of(_schema("building.json"))
Walls = _one_of(_schema("walls.json"))
Coordinate = _integer(_schema("coordinate.json"))
Price = _integer(_schema("tile.json", "properties", "price"))
Name = _name(_schema("player-name.json"))
_REQUEST = _schema("scores-request.json")
_PLAYER = _REQUEST["$defs"]["player"]


class CatalogTile(Struct, forbid_unknown_fields=True):
    """``tile.json`` with its price: one of the catalog's tiles, if the catalog says so (C1)."""

    building: Building
    walls: Walls
    price: Price


class PlacedCatalogTile(Struct, forbid_unknown_fields=True):
    """``placed-tile.json``: a priced building tile at a cell (no worker hut)."""

    building: Building
    walls: Walls
    price: Price
    x: Coordinate
    y: Coordinate


class PlayerWithAlhambra(Struct, forbid_unknown_fields=True):
    """The first of a player's two shapes: an Alhambra, maybe face-up bonus cards (V3)."""

    name: Name
    alhambra: _list(PlacedCatalogTile, _schema("alhambra.json"))
    bonus_cards: _list(CatalogTile, _PLAYER["properties"]["bonus_cards"]) | UnsetType = UNSET


_HOLES = _schema("rules.json", "properties", "holes")


class Rules(Struct, forbid_unknown_fields=True):
    holes: _one_of(_HOLES) | UnsetType = UNSET


class ScoresBody(Struct, forbid_unknown_fields=True):
    """A scores request of players with Alhambras only, no dummy."""

    round: _integer(_REQUEST["properties"]["round"])
    players: _list(PlayerWithAlhambra, _REQUEST["properties"]["players"])
    rules: Rules | UnsetType = UNSET


_DECODER: Final = msgspec.json.Decoder(ScoresBody)
_ENCODER: Final = msgspec.json.Encoder()
_CELL = attrgetter("x", "y")
_CATALOG_KEY = attrgetter("building", "walls", "price")
_IN_CATALOG = CATALOG_BY_KEY.__getitem__


def clean_scores_query(raw: bytes) -> ScoresQuery | None:
    """The query of a clean body of the common shape; ``None`` for anything else."""
    if b"\\" in raw:
        return None
    try:
        body = _DECODER.decode(raw)
    except (msgspec.MsgspecError, ValueError):  # ValueError: bytes that are not UTF-8
        return None
    if not keys_all_kept(raw, _ENCODER.encode(body)):
        return None  # a key given twice (msgspec keeps the last one)
    seats = []
    try:
        for player in body.players:
            tiles = list(map(_IN_CATALOG, map(_CATALOG_KEY, player.alhambra)))
            alhambra = Alhambra.of(list(zip(map(_CELL, player.alhambra), tiles, strict=True)))
            cards = tuple(map(_IN_CATALOG, map(_CATALOG_KEY, player.bonus_cards or ())))
            seats.append(Seat(player.name, alhambra, None, 0, cards))
    except (KeyError, PositionError):  # C1, B6: the general path says which and where
        return None
    if len({seat.name for seat in seats}) != len(seats):
        return None
    holes = body.rules.holes if body.rules else UNSET
    hole_rule: HoleRule = _HOLES["default"] if holes is UNSET else holes
    return ScoresQuery(body.round, tuple(seats), None, hole_rule)
