"""What a request's JSON Schema refuses, in the game's words: one :class:`Problem` per member at
fault, never the validator's own text.

A schema may carry its own wording in the ``x-error-message`` annotation (validators ignore
``x-`` keywords): it then speaks for every refusal of that schema, citing its rule (``"a count
of towers is 0 to 11: the game has 11 (C1)"``). Everything else is worded here from the schema
itself: the member's name as a player says it (``start_player`` → "the start player"), an
object's title (``PlacedTile`` → "a placed tile"), its fields, its enums, its bounds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any, Final

from jsonschema.exceptions import ValidationError

from calculator import modules as registry
from calculator.api.problems import Problem, pointer

MESSAGE: Final = "x-error-message"
"""The annotation holding a schema's own wording of its refusals."""

_MEMBERS: Final[dict[str, str]] = {
    "alhambra": "the Alhambra",
    "bag_empty": "the bag-empty flag",
    "budget_ms": "the time budget in milliseconds",
    "discard": "the discard pile",
    "dummy_draws": "the dummy's draws",
    "end_of_game": "the end-of-game flag",
    "face_up": "the face-up money",
    "holes": "the hole rule",
    "lang": "the language",
    "number": "the turn number",
    "over": "the game-over flag",
    "pile": "the money pile",
    "rng": "the random generator",
    "x": "the x coordinate",
    "y": "the y coordinate",
    **registry.MEMBER_WORDS,
}
"""How a player names a member whose name is not plain words (by default ``start_player`` reads
"the start player"), the modules' members as each module words them."""

_ITEMS: Final[dict[str, tuple[str, str]]] = {
    "actions": ("an action", "actions"),
    "awarded": ("a tile awarded at the end", "tiles"),
    "bought": ("a tile bought this turn", "tiles"),
    "alhambra": ("a tile of an Alhambra", "tiles"),
    "bag": ("a tile of the bag", "tiles"),
    "cards": ("a card", "cards"),
    "discard": ("a discarded card", "cards"),
    "face_up": ("a face-up card", "cards"),
    "hand": ("a card of a hand", "cards"),
    "market": ("a market slot", "market slots"),
    "modules": ("a module", "modules"),
    "payment": ("a card of a payment", "cards"),
    "pile": ("a card of the money pile", "cards"),
    "players": ("a player", "players"),
    "reserve": ("a tile of a reserve", "tiles"),
    "rounds_scored": ("a scored round", "rounds"),
    "scoring_due": ("a scoring card due", "scoring cards"),
    "tiles": ("a tile", "tiles"),
    "winners": ("a winner's seat", "seats"),
    **registry.ITEM_WORDS,
}
"""The items of a list member: one (with its article) and several, the modules' as each module
words them."""

_TYPES: Final[dict[str, str]] = {
    "array": "a list",
    "boolean": "true or false",
    "integer": "a whole number",
    "null": "null",
    "number": "a number",
    "object": "an object",
    "string": "text",
}


def explain(error: ValidationError) -> Iterator[Problem]:
    """One jsonschema error as problems that point at the member at fault, each in words."""
    where = list(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    if "propertyNames" in error.absolute_schema_path and isinstance(error.instance, str):
        # A key refused: the error is the key's, found at the object that holds it.
        yield Problem(pointer(*where), _key_refused(error, where))
        return
    if error.validator == "required" and isinstance(error.instance, dict):
        whole = _subject(where, schema)
        for name in error.validator_value:
            if name not in error.instance:
                yield Problem(pointer(*where, name), f"{name!r} is required in {whole}")
        return
    if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(
        error.instance, dict
    ):
        fields = list(schema.get("properties", {}))
        whole = _subject(where, schema)
        for name in sorted(set(error.instance) - set(fields)):
            yield Problem(pointer(*where, name), _not_a_field(name, whole, fields))
        return
    own = schema.get(MESSAGE)
    if isinstance(own, str):
        yield Problem(pointer(*where), own)
        return
    if error.validator in ("oneOf", "anyOf") and error.context:
        yield from _choice(error, where, schema)
        return
    entry = list(error.absolute_schema_path)[-2:-1] == ["additionalProperties"]
    yield Problem(pointer(*where), _worded(error, _subject(where, schema, entry)))


def _choice(error: ValidationError, where: list[Any], schema: dict[str, Any]) -> Iterator[Problem]:
    """A choice between shapes that none of them fits: the problems of the alternative that came
    closest, or, when the value is none of the kinds offered, the kinds.

    An alternative refused by a ``const`` is of another kind (an action whose ``type`` names
    another action), so alternatives of the value's own kind are preferred; when no kind fits,
    the member that names the kind says so, by its own schema or here.
    """
    by_branch: dict[int, list[ValidationError]] = {}
    for sub in error.context or ():
        by_branch.setdefault(sub.schema_path[0], []).append(sub)
    own_kind = {
        branch: subs
        for branch, subs in by_branch.items()
        if not any(sub.validator == "const" for sub in subs)
    }
    if not own_kind:
        yield from _no_kind_fits(list(by_branch.values()), where, schema)
        return
    fewest = min(len(subs) for subs in own_kind.values())
    closest = [subs for subs in own_kind.values() if len(subs) == fewest]
    kinds = [_branch_phrase(branch) for branch in error.validator_value]
    at_the_value = all(len(sub.absolute_path) == len(where) for subs in closest for sub in subs)
    if len(closest) > 1 and at_the_value and all(kinds):
        given = ""
        if all(sub.validator == "type" for subs in closest for sub in subs):
            given = f", not {_kind(error.instance)}"
        yield Problem(pointer(*where), f"{_subject(where, schema)} must be {_or(kinds)}{given}")
        return
    best = min(closest, key=lambda subs: -max(len(sub.absolute_path) for sub in subs))
    if all(sub.validator == "not" for sub in best):
        yield Problem(pointer(*where), _worded(error, _subject(where, schema)))
        return
    for sub in best:
        yield from explain(sub)


def _no_kind_fits(
    branches: list[list[ValidationError]], where: list[Any], schema: dict[str, Any]
) -> Iterator[Problem]:
    """Every alternative names another kind (``const``): the kinds, at the member naming them,
    unless that member's own schema already refuses the value."""
    tags = [sub for subs in branches for sub in subs if sub.validator == "const"]
    member = tags[0].absolute_path[-1] if tags[0].absolute_path else None
    if member in schema.get("properties", {}):
        return
    kinds = list(dict.fromkeys(tag.validator_value for tag in tags))
    subject = _subject(list(tags[0].absolute_path), {})
    yield Problem(
        pointer(*tags[0].absolute_path),
        f"{subject} must be {_one_of(kinds)}, not {_given(tags[0].instance)}",
    )


def _worded(error: ValidationError, subject: str) -> str:
    """The message of one refusal of ``subject`` by one keyword."""
    keyword, value, schema, instance = (
        error.validator,
        error.validator_value,
        error.schema if isinstance(error.schema, dict) else {},
        error.instance,
    )
    if keyword == "type":
        expected = [value] if isinstance(value, str) else list(value)
        return f"{subject} must be {_or([_TYPES[t] for t in expected])}, not {_kind(instance)}"
    if keyword == "enum":
        return f"{subject} must be {_one_of(value)}, not {_given(instance)}"
    if keyword == "const":
        return f"{subject} must be {_value(value)}, not {_given(instance)}"
    if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{subject} must be {_bounds(schema)}, not {_given(instance)}"
    if keyword in ("minLength", "maxLength"):
        return f"{subject} must be {_count(schema, 'minLength', 'maxLength')} characters long"
    if keyword in ("minItems", "maxItems"):
        many = _ITEMS.get(_last_member(error), ("", "entries"))[1]
        count = _count(schema, "minItems", "maxItems")
        if subject.endswith(many):
            return f"there must be {count} {many}"
        return f"{subject} must hold {count} {many}"
    if keyword in ("minProperties", "maxProperties"):
        count = _count(schema, "minProperties", "maxProperties")
        return f"{subject} must have {count} {'member' if count.endswith(' 1') else 'members'}"
    if keyword == "uniqueItems":
        one = _ITEMS.get(_last_member(error), ("an entry", ""))[0]
        return f"{subject} must not hold the same {one.split(' ', 1)[1]} twice"
    if keyword == "pattern":
        return f"{subject} must have the form {value}"
    if keyword == "not":
        return f"{subject} must not be {_forbidden(value)}"
    if keyword == "dependentRequired" and isinstance(instance, dict):
        wanting = [
            f"{name!r} needs {_and(needs)}" for name, needs in value.items() if name in instance
        ]
        return f"in {subject}, {'; '.join(wanting)} beside it"
    if keyword in ("oneOf", "anyOf"):
        kinds = [_branch_phrase(branch) for branch in value]
        described = _or(kinds) if all(kinds) else "one of the forms the contract gives"
        return f"{subject} must be exactly {described}"
    return f"{subject} is not allowed here"


def _key_refused(error: ValidationError, where: list[Any]) -> str:
    key_schema = error.schema if isinstance(error.schema, dict) else {}
    whole = _subject(where, {})
    if "enum" in key_schema:
        return (
            f"{error.instance!r} cannot be a key of {whole}: a key is {_one_of(key_schema['enum'])}"
        )
    return f"{error.instance!r} cannot be a key of {whole}"


def _not_a_field(name: str, whole: str, fields: list[str]) -> str:
    if not fields:
        return f"{name!r} is not a field of {whole}, which has none"
    return f"{name!r} is not a field of {whole}; the fields are {', '.join(fields)}"


# --- naming --------------------------------------------------------------------------------


def _subject(where: list[Any], schema: dict[str, Any], entry: bool = False) -> str:
    """The value at ``where`` as a player names it: its member's name, the item of a list, the
    entry of a map (``entry``), or the thing its schema's title names."""
    if entry and len(where) >= 2:
        return f"the entry {where[-1]!r} of {_member(str(where[-2]))}"
    if where and isinstance(where[-1], str):
        return _member(where[-1])
    if len(where) >= 2 and isinstance(where[-2], str) and where[-2] in _ITEMS:
        return _ITEMS[where[-2]][0]
    title = schema.get("title")
    if isinstance(title, str):
        return _noun(title)
    if len(where) >= 2 and isinstance(where[-2], str):
        return f"an item of {_member(where[-2])}"
    return "the request"


def _member(name: str) -> str:
    return _MEMBERS.get(name, "the " + name.replace("_", " "))


def _noun(title: str) -> str:
    """A schema title as a noun with its article: ``PlacedTile`` → "a placed tile",
    ``GameOptions`` → "the options", ``Alhambra`` → "an Alhambra"."""
    words = re.findall(r"[A-Z][a-z]*", title) or [title]
    if len(words) > 1 and words[0] == "Game" and words[1] != "State":
        words = words[1:]  # a game's card, tile, action: what the player calls it
    text = " ".join(word if word == "Alhambra" else word.lower() for word in words)
    if text.endswith("s") and not text.endswith("ss"):
        return "the " + text
    return ("an " if text[0].lower() in "aeiou" else "a ") + text


def _last_member(error: ValidationError) -> str:
    names = [part for part in error.absolute_path if isinstance(part, str)]
    return names[-1] if names and error.absolute_path[-1] == names[-1] else ""


# --- values -------------------------------------------------------------------------------


def _kind(instance: Any) -> str:
    """What was sent, in the words of :data:`_TYPES` (a number is quoted as given)."""
    if isinstance(instance, bool):
        return json.dumps(instance)
    if isinstance(instance, int | float):
        return _value(instance)
    if isinstance(instance, str):
        return "text"
    if isinstance(instance, list):
        return "a list"
    if isinstance(instance, dict):
        return "an object"
    return "null"


def _given(instance: Any) -> str:
    """A short value as sent (JSON), else its kind."""
    if isinstance(instance, str) and len(instance) <= 40:
        return _value(instance)
    if isinstance(instance, str | list | dict):
        return _kind(instance)
    return _value(instance)


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _one_of(values: Sequence[Any]) -> str:
    """``["region", "cell"]`` → "region or cell"; strings unquoted, but the empty one."""
    words = [v if isinstance(v, str) and v else _value(v) for v in values]
    if len(words) == 1:
        return words[0]
    return "one of " + ", ".join(words) if len(words) > 2 else " or ".join(words)


def _bounds(schema: dict[str, Any]) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if "exclusiveMinimum" in schema:
        return f"more than {schema['exclusiveMinimum']}"
    if "exclusiveMaximum" in schema:
        return f"less than {schema['exclusiveMaximum']}"
    if low is not None and high is not None:
        return f"from {low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _count(schema: dict[str, Any], least: str, most: str) -> str:
    low, high = schema.get(least), schema.get(most)
    if low is not None and high is not None:
        return f"exactly {low}" if low == high else f"{low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _branch_phrase(branch: Any) -> str | None:
    """One alternative of a choice in words, when it can be said in a few: a kind of value, a
    schema file's thing, an object with certain members."""
    if not isinstance(branch, dict):
        return None
    if set(branch) == {"type"} and isinstance(branch["type"], str):
        return _TYPES[branch["type"]]
    ref = branch.get("$ref")
    if set(branch) == {"$ref"} and isinstance(ref, str) and not ref.startswith("#"):
        return _noun("".join(w.title() for w in ref.split("#")[0].removesuffix(".json").split("-")))
    if set(branch) == {"required"}:
        return "one with " + _and([repr(name) for name in branch["required"]])
    required = branch.get("required")
    if branch.get("type") == "object" and isinstance(required, list) and len(required) == 1:
        return _noun(str(required[0]).title())  # a piece named by its one member: "a camp"
    return None


def _forbidden(schema: Any) -> str:
    """What a ``not`` keeps out, when it can be said briefly."""
    if isinstance(schema, dict) and set(schema) == {"required"}:
        return "given with " + _and([repr(name) for name in schema["required"]])
    if isinstance(schema, dict) and set(schema) == {"anyOf"}:
        named = [_forbidden(branch) for branch in schema["anyOf"]]
        return " or ".join(named)
    return "in this form"


def _or(words: Sequence[str | None]) -> str:
    said = [w for w in words if w]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
