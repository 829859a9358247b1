"""Write the contract's actions and events (``schemas/game-action.json``, ``game-event.json``)
from their declarations: the engine's records and every module's.

    .venv/bin/python scripts/generate_game_words.py           # writes both files
    .venv/bin/python scripts/generate_game_words.py --check   # exit 1 if they differ

Each record declares its wire name (``kind``) and its fields once; the codec writes an action
or event as ``{"type": kind}`` with a member per field (:mod:`calculator.api.game_document`:
its forms, a cell as ``x`` and ``y``, the modules' cards among the money cards). Here each
record becomes one named schema, its ``type`` a ``const``, every member required but the
optional ones (a field whose default is ``None``, left out when ``None``) and no other allowed,
each member's schema following from its name and type (:data:`WHOLE_NUMBERS`,
:func:`member_schema`); the file is a ``oneOf`` of them with OpenAPI's ``discriminator`` on
``type``, so a generated client narrows on ``type`` to a kind with its members required. The
description of a kind is its record's docstring, its fields named as on the wire.

A new record, or a field of a name or type this vocabulary does not know, stops the script:
the contract gets a member only once it says what the member holds.
``tests/contract/test_game_words.py`` holds the committed files to what this writes.
"""

from __future__ import annotations

import argparse
import inspect
import json
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any, Final

import msgspec

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from calculator.api.game_document import _ACTION_FORMS, _EVENT_FORMS  # noqa: E402
from calculator.api.game_document import Form as WireForm  # noqa: E402
from calculator.core.tiles import Building, Tile  # noqa: E402
from calculator.engine.components import ModuleCard, MoneyCard  # noqa: E402
from calculator.engine.events import RoundScored  # noqa: E402

SCHEMAS: Final = ROOT / "calculator" / "contract" / "schemas"
BASE: Final = "https://alhambra.invalid/schemas/"

SEAT: Final = {
    "type": "integer",
    "minimum": 0,
    "maximum": 5,
    "x-error-message": "api.schema.seat",
}
SCORING_CARD: Final = {"enum": [1, 2], "x-error-message": "api.schema.scoring_card"}

WHOLE_NUMBERS: Final[dict[str, dict[str, Any]]] = {
    "player": SEAT,
    "slot": {
        "type": "integer",
        "minimum": 1,
        "maximum": 4,
        "x-error-message": "api.schema.slot",
    },
    "number": {"type": "integer", "minimum": 1},
    "round": {"enum": [1, 2, 3], "x-error-message": "api.schema.scoring_round"},
    "cards": {"type": "integer", "minimum": 0},
    "sizes": {"type": "integer", "minimum": 0},
    "totals": {"type": "integer", "minimum": 0},
    "winners": SEAT,
}
"""What a whole number (or a list of them) is, by its member: a seat, a market slot (C4), a
turn number, a scoring round (T8), a count of cards, a pile's size, a total, a winner's seat."""

NARROWER: Final[dict[tuple[str, str], dict[str, Any]]] = {
    ("reveal_scoring_card", "round"): SCORING_CARD,
    ("scoring_card_revealed", "round"): SCORING_CARD,
    # a tile given to the dummy was bought (D4), one the bag or a bonus card shows is a
    # building tile (C1, V3): none is a hut, which is taken from its stack (V4)
    ("give_to_dummy", "tile"): {"$ref": "game-tile.json"},
    ("reveal_tile", "tile"): {"$ref": "game-tile.json"},
    ("reveal_bonus_card", "tile"): {"$ref": "game-tile.json"},
    ("reveal_hut", "tile"): {"$ref": "hut.json"},
}
"""Members of a kind that hold less than their name and type allow, by rule."""

MONEY: Final = {
    "type": "array",
    "minItems": 1,
    "maxItems": 114,
    "items": {"$ref": "game-card.json"},
}
"""A take or a payment: money cards, and the modules' cards written among them (V2); at most
all 108 money cards and the 6 exchange cards."""


def member_schema(kind: str, member: str, annotation: Any, with_module_cards: bool) -> Any:
    """The schema of one member of a kind, from its name and its field's type."""
    if (kind, member) in NARROWER:
        return NARROWER[kind, member]
    origin, arguments = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union) and type(None) in arguments:
        (inner,) = (argument for argument in arguments if argument is not type(None))
        return {"oneOf": [member_schema(kind, member, inner, False), {"type": "null"}]}
    if origin is tuple and arguments[:1] == (MoneyCard,):
        if with_module_cards:
            return MONEY
        return {"type": "array", "items": {"$ref": "money-card.json"}}
    if origin is tuple and arguments[-1:] == (Ellipsis,):
        return {"type": "array", "items": member_schema(kind, member, arguments[0], False)}
    if annotation is int and member in WHOLE_NUMBERS:
        return WHOLE_NUMBERS[member]
    if annotation is bool:
        return {"type": "boolean"}
    if origin is typing.Literal:
        return {"enum": list(arguments)}
    if annotation is Tile:
        return {"$ref": "game-piece.json"}
    if annotation is MoneyCard:
        return {"$ref": "money-card.json"}
    if annotation == MoneyCard | ModuleCard:
        return {"$ref": "game-card.json"}
    if annotation is Building:
        return {"$ref": "building.json"}
    raise SystemExit(
        f"{kind}.{member}: no schema for {annotation!r}; say what it holds in "
        "scripts/generate_game_words.py"
    )


def description(record: type, form: WireForm) -> str | None:
    """The record's docstring as one paragraph, its fields named by their members."""
    text = inspect.cleandoc(record.__doc__) if record.__doc__ else None
    if not text:
        return None
    _, members, cards_with, _ = form
    names = {name: f"`{member}`" for name, member in members if name != member}
    names["cell"] = "`x`, `y`"
    if cards_with is not None:
        names["module_cards"] = f"`{cards_with}`"
    text = re.sub(r"``(\w+)``", lambda found: names.get(found[1], f"`{found[1]}`"), text)
    return " ".join(text.split())


def kind_schema(record: type, form: WireForm) -> dict[str, Any]:
    """One kind: its ``type`` and its members, each required but the optional ones (given only
    with a value), none other allowed."""
    kind, members, cards_with, optional = form
    fields = {field.name: field.type for field in msgspec.structs.fields(record)}
    properties: dict[str, Any] = {"type": {"const": kind}}
    required = ["type"]
    for name, member in members:
        if name == "cell":
            properties["x"] = properties["y"] = {"$ref": "coordinate.json"}
            required += ["x", "y"]
            continue
        annotation = fields[name]
        if name in optional:  # given only with a value
            (annotation,) = (a for a in typing.get_args(annotation) if a is not type(None))
        else:
            required.append(member)
        properties[member] = member_schema(kind, member, annotation, member == cards_with)
    said = description(record, form)
    return {
        **({"description": said} if said else {}),
        "type": "object",
        "required": required,
        "properties": properties,
        "additionalProperties": False,
    }


ROUND_SCORED: Final = {
    "description": "T8, T9: a scoring round in full (`scores`, as POST /v1/scores gives it) "
    "and each player's total after it (`totals`, in seat order).",
    "type": "object",
    "required": ["type", "round", "scores", "totals"],
    "properties": {
        "type": {"const": RoundScored.kind},
        "round": WHOLE_NUMBERS["round"],
        "scores": {"$ref": "round-score.json"},
        "totals": {"type": "array", "items": WHOLE_NUMBERS["totals"]},
    },
    "additionalProperties": False,
}
"""A scored round is written by hand in the codec too (``dump_event``): its names and result
are the whole ``scores`` document."""


def union(title: str, file: str, said: str, kinds: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The file: a ``oneOf`` of the kinds, each a ``$defs`` entry, keyed on ``type``."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": BASE + file,
        "title": title,
        "description": said,
        "oneOf": [{"$ref": f"#/$defs/{kind}"} for kind in kinds],
        "discriminator": {
            "propertyName": "type",
            "mapping": {kind: f"#/$defs/{kind}" for kind in kinds},
        },
        "$defs": kinds,
    }


def action_schema() -> dict[str, Any]:
    return union(
        "GameAction",
        "game-action.json",
        "One action, as /v1/games/legal-actions lists it and /v1/games/advance takes it, told "
        "by its `type`. A player's action names the player (seat index); reveals (table mode) "
        "come from the table. Generated from the engine's and the modules' records "
        "(scripts/generate_game_words.py).",
        {form[0]: kind_schema(record, form) for record, form in _ACTION_FORMS.items()},
    )


def event_schema() -> dict[str, Any]:
    kinds = {form[0]: kind_schema(record, form) for record, form in _EVENT_FORMS.items()}
    return union(
        "GameEvent",
        "game-event.json",
        "Something that happened, in order, told by its `type`: the action itself and "
        "everything automatic after it (draws, refills, scoring rounds, the dummy's draws, the "
        "end). Generated from the engine's and the modules' records "
        "(scripts/generate_game_words.py).",
        {**kinds, RoundScored.kind: ROUND_SCORED},
    )


WIDTH: Final = 100


def text(schema: dict[str, Any]) -> str:
    """The file's text as the hand-written schemas read: a value on one line where it fits in
    :data:`WIDTH` columns, else one member or item per line."""
    return _written(schema, 0, "") + "\n"


def _written(node: Any, depth: int, key: str) -> str:
    flat = json.dumps(node, ensure_ascii=False)
    if not isinstance(node, dict | list) or 2 * depth + len(key) + len(flat) + 1 <= WIDTH:
        return flat
    inner = "  " * (depth + 1)
    if isinstance(node, list):
        items = [inner + _written(item, depth + 1, "") for item in node]
        return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"
    members = []
    for name, value in node.items():
        named = json.dumps(name, ensure_ascii=False) + ": "
        members.append(inner + named + _written(value, depth + 1, named))
    return "{\n" + ",\n".join(members) + "\n" + "  " * depth + "}"


FILES: Final = {"game-action.json": action_schema, "game-event.json": event_schema}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a file differs")
    arguments = parser.parse_args()
    stale = []
    for name, schema in FILES.items():
        path = SCHEMAS / name
        written = text(schema())
        if path.read_text("utf-8") != written:
            stale.append(name)
            if not arguments.check:
                path.write_text(written, "utf-8")
    if arguments.check and stale:
        print(f"stale: {', '.join(stale)}; run scripts/generate_game_words.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
