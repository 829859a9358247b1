"""A game's record on the wire (``schemas/record.json``, ``schemas/record-text.json``): read from
its JSON form or from its text, checked, and written both ways.

The JSON form's game is a body of ``POST /v1/games``, read by that request's own schema, and
its moves are actions read by the game document's codec, so a record is refused for exactly
what those requests would be refused for, with pointers into it. A record given as text is
read by the notation (:mod:`calculator.records.notation`), then checked as its JSON form would
be: a problem is reported at the text, naming the tag or the line it is written on.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from marshmallow import Schema, fields, post_load, validates_schema
from msgspec import Struct

from calculator.api.contract import request_contract
from calculator.api.game_document import dump_action
from calculator.api.problems import InvalidDocument, Problem, load, pointer, refusal
from calculator.api.requests import NewGameQuery, NewGameRequest, load_actions
from calculator.api.wire import CodecField, dump_tile
from calculator.core.text import Text, Value
from calculator.records.notation import (
    COMPONENT_TAGS,
    HOLES_TAG,
    MODE_TAG,
    MODULES_TAG,
    PLAYER_TAG,
    SEED_TAG,
    START_TAG,
    NotationError,
    is_game_tag,
    read,
)
from calculator.records.record import Record, Setup, modules_in_order, ordered_tags


class GivenRecord(Struct, frozen=True):
    """A record as a request gave it, and, when given as text, the line of each move."""

    record: Record
    lines: tuple[int, ...] | None = None

    def line_of(self, move: int) -> int | None:
        return None if self.lines is None or move >= len(self.lines) else self.lines[move]


class RecordSchema(Schema):
    """``schemas/record.json``: the game as ``POST /v1/games`` reads it, the moves as
    ``/v1/games/advance`` does, the tags a person gave."""

    game = fields.Nested(NewGameRequest, required=True)
    moves = CodecField(load_actions, required=True)
    tags = fields.Dict(keys=fields.String(), values=fields.String(), load_default=dict)

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def replayable(self, _: dict[str, Any], document: dict[str, Any], **__: Any) -> None:
        """T1: a digital game's draws follow from its seed, so its record must give it; a tag a
        person gives is not one of the game's own."""
        problems = []
        game = document["game"]
        if game.get("options", {}).get("mode", "digital") == "digital" and "seed" not in game:
            problems.append(Problem("/game/seed", Text("api.T1.record_seed")))
        problems += [
            Problem(pointer("tags", name), Text("api.record.own_tag", name=repr(name)))
            for name in document.get("tags", {})
            if is_game_tag(name)
        ]
        if problems:
            raise refusal(problems)

    @post_load
    def record(self, data: dict[str, Any], **_: Any) -> Record:
        query: NewGameQuery = data["game"]
        setup = Setup(query.names, query.seed, query.start_player, query.options)
        return Record(setup, data["moves"], ordered_tags(data["tags"].items()))


_RECORD_SCHEMA: Final = RecordSchema()


def load_record(document: Any) -> Record:
    """The record a JSON form (``schemas/record.json``, already met) describes, checked."""
    return load(_RECORD_SCHEMA, document)  # type: ignore[no-any-return]


def dump_record(record: Record) -> dict[str, Any]:
    """A record's canonical JSON form: the game without the options' defaults, its modules in
    the order of their rules; each move as ``/v1/games/legal-actions`` writes it; the tags, if
    any. ``load_record(dump_record(r)) == r``."""
    setup = record.setup
    game: dict[str, Any] = {"players": list(setup.names)}
    if setup.seed is not None:
        game["seed"] = setup.seed
    if setup.start_player is not None:
        game["start_player"] = setup.start_player
    options: dict[str, Any] = {}
    if setup.options.mode != "digital":
        options["mode"] = setup.options.mode
    if setup.options.hole_rule != "region":
        options["holes"] = setup.options.hole_rule
    if setup.options.modules:
        options["modules"] = modules_in_order(setup.options.modules)
    components = {
        member: [dump_tile(tile) for tile in tiles] for member, tiles in setup.options.components
    }
    if components:
        options["components"] = components
    if options:
        game["options"] = options
    document: dict[str, Any] = {"game": game, "moves": [dump_action(m) for m in record.moves]}
    if record.tags:
        document["tags"] = dict(record.tags)
    return document


def given_record(value: Any) -> GivenRecord:
    """A request's ``record``: its JSON form (met by the contract already), or its text, read
    and then held to the JSON form's contract and checks; every problem is pointed at the
    member (the caller puts it under ``/record``)."""
    if not isinstance(value, str):
        return GivenRecord(load_record(value))
    try:
        reading = read(value)
    except NotationError as error:
        message = _at_line(error.line, error.column, error.message)
        raise InvalidDocument([Problem("", message)]) from None
    document = dump_record(reading.record)
    contract = request_contract("record.json")
    problems = [] if contract.is_valid(document) else contract.problems(document)
    if not problems:
        try:
            return GivenRecord(load_record(document), reading.lines)
        except InvalidDocument as error:
            problems = list(error.problems)
    raise InvalidDocument([Problem("", _in_text(problem, reading.lines)) for problem in problems])


def _at_line(line: int, column: int | None, message: Value) -> Text:
    if column is None:
        return Text("api.notation.line", line=line, what=message)
    return Text("api.notation.line_column", line=line, column=column, what=message)


_GAME_MEMBERS: Final[dict[str, str]] = {
    "seed": SEED_TAG,
    "start_player": START_TAG,
    "options/mode": MODE_TAG,
    "options/holes": HOLES_TAG,
    "options/modules": MODULES_TAG,
    **{f"options/components/{member}": tag for tag, member in COMPONENT_TAGS.items()},
}


def _in_text(problem: Problem, lines: Sequence[int]) -> Text:
    """A problem of a record read from text, said of the tag or the move where it is
    written."""
    parts = problem.pointer.split("/")[1:]
    message = problem.message
    if parts[:1] == ["moves"] and len(parts) > 1 and parts[1].isdigit():
        move = int(parts[1])
        return _at_line(lines[move], None, Text("api.notation.move", move=move, what=message))
    if parts[:1] == ["tags"] and len(parts) > 1:
        return Text("api.notation.tag", tag=parts[1], what=message)
    if parts[:2] == ["game", "players"]:
        if len(parts) > 2 and parts[2].isdigit():
            return Text("api.notation.tag", tag=f"{PLAYER_TAG}{int(parts[2]) + 1}", what=message)
        tags = f"{PLAYER_TAG}1, {PLAYER_TAG}2, ..."
        return Text("api.notation.tags", tags=tags, what=message)
    within = "/".join(parts[1:])
    for member, tag in _GAME_MEMBERS.items():
        if re.fullmatch(re.escape(member) + r"(/.*)?", within):
            return Text("api.notation.tag", tag=tag, what=message)
    return message
