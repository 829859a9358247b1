"""What a request's JSON Schema refuses, in the game's words: one :class:`Problem` per member at
fault, never the validator's own text.

A schema may carry its own wording in the ``x-error-message`` annotation (validators ignore
``x-`` keywords): the key of its words in the catalogs, which then speak for every refusal of
that schema, citing its rule (``api.schema.tower_count``: "a count of towers is 0 to 11: the
game has 11 (C1)"). Everything else is worded here from the schema itself: the member's name
as a player says it (``api.member.start_player``: "the start player"), an object's title
(``api.thing.PlacedTile``: "a placed tile"), the items of a list (``api.item.players``), its
fields, its enums, its bounds. Each is a key of the catalogs, so every refusal is said in the
request's language.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, Final

from jsonschema.exceptions import ValidationError

from calculator import modules as registry
from calculator.api.problems import Problem, pointer
from calculator.core.text import Text, Value, listed

MESSAGE: Final = "x-error-message"
"""The annotation holding the catalog key of a schema's own wording of its refusals."""

_KINDS: Final = ("array", "boolean", "integer", "null", "number", "object", "string")
"""The kinds of JSON value, each worded by ``api.kind.<kind>``."""


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
                yield Problem(
                    pointer(*where, name), Text("api.schema.required", name=repr(name), whole=whole)
                )
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
        yield Problem(pointer(*where), Text(own))
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
        subject = _subject(where, schema)
        if all(sub.validator == "type" for subs in closest for sub in subs):
            message = _must_be(subject, _or(kinds), _kind(error.instance))
        else:
            message = Text("api.schema.must_be_only", subject=subject, expected=_or(kinds))
        yield Problem(pointer(*where), message)
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
        pointer(*tags[0].absolute_path), _must_be(subject, _one_of(kinds), _given(tags[0].instance))
    )


def _must_be(subject: Value, expected: Value, given: Value) -> Text:
    return Text("api.schema.must_be", subject=subject, expected=expected, given=given)


def _worded(error: ValidationError, subject: Value) -> Text:
    """The message of one refusal of ``subject`` by one keyword."""
    keyword, value, schema, instance = (
        error.validator,
        error.validator_value,
        error.schema if isinstance(error.schema, dict) else {},
        error.instance,
    )
    if keyword == "type":
        expected = [value] if isinstance(value, str) else list(value)
        return _must_be(subject, _or([_kind_word(kind) for kind in expected]), _kind(instance))
    if keyword == "enum":
        return _must_be(subject, _one_of(value), _given(instance))
    if keyword == "const":
        return _must_be(subject, _value(value), _given(instance))
    if keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return _must_be(subject, _bounds(schema), _given(instance))
    if keyword in ("minLength", "maxLength"):
        count = _count(schema, "minLength", "maxLength")
        return Text("api.schema.length", subject=subject, count=count)
    if keyword in ("minItems", "maxItems"):
        many = _items(_last_member(error))
        count = _count(schema, "minItems", "maxItems")
        if _last_member(error) in _SAID_BY_ITS_ITEMS and subject == _member(_last_member(error)):
            return Text("api.schema.count_items", count=count, many=many)
        return Text("api.schema.hold_items", subject=subject, count=count, many=many)
    if keyword in ("minProperties", "maxProperties"):
        count = _count(schema, "minProperties", "maxProperties")
        most: int = schema.get("maxProperties") or schema.get("minProperties") or 0
        return Text("api.schema.members", subject=subject, count=count, n=most)
    if keyword == "uniqueItems":
        name = _last_member(error)
        one = Text(f"api.item_noun.{name}") if name in _ITEM_NAMES else Text("api.entry")
        return Text("api.schema.unique", subject=subject, one=one)
    if keyword == "pattern":
        return Text("api.schema.pattern", subject=subject, pattern=value)
    if keyword == "not":
        return Text("api.schema.not", subject=subject, forbidden=_forbidden(value))
    if keyword == "dependentRequired" and isinstance(instance, dict):
        wanting = [
            Text("api.schema.needs", name=repr(name), needs=listed([repr(n) for n in needs]))
            for name, needs in value.items()
            if name in instance
        ]
        return Text("api.schema.dependent", subject=subject, wanting=wanting)
    if keyword in ("oneOf", "anyOf"):
        kinds = [_branch_phrase(branch) for branch in value]
        described = _or(kinds) if all(kinds) else Text("api.schema.any_form")
        return Text("api.schema.exactly", subject=subject, described=described)
    return Text("api.schema.not_allowed", subject=subject)


def _key_refused(error: ValidationError, where: list[Any]) -> Text:
    key_schema = error.schema if isinstance(error.schema, dict) else {}
    whole = _subject(where, {})
    if "enum" in key_schema:
        allowed = _one_of(key_schema["enum"])
        return Text("api.schema.key_one_of", key=repr(error.instance), whole=whole, allowed=allowed)
    return Text("api.schema.key_refused", key=repr(error.instance), whole=whole)


def _not_a_field(name: str, whole: Value, fields: list[str]) -> Text:
    if not fields:
        return Text("api.schema.no_fields", name=repr(name), whole=whole)
    return Text("api.schema.not_a_field", name=repr(name), whole=whole, fields=fields)


# --- naming --------------------------------------------------------------------------------


def _subject(where: list[Any], schema: dict[str, Any], entry: bool = False) -> Value:
    """The value at ``where`` as a player names it: its member's name, the item of a list, the
    entry of a map (``entry``), or the thing its schema's title names."""
    if entry and len(where) >= 2:
        return Text("api.schema.entry", key=repr(where[-1]), member=_member(str(where[-2])))
    if where and isinstance(where[-1], str):
        return _member(where[-1])
    if len(where) >= 2 and isinstance(where[-2], str) and where[-2] in _ITEM_NAMES:
        return Text(f"api.item.{where[-2]}")
    title = schema.get("title")
    if isinstance(title, str):
        return _noun(title)
    if len(where) >= 2 and isinstance(where[-2], str):
        return Text("api.schema.item_of", member=_member(where[-2]))
    return Text("api.schema.request")


def _member(name: str) -> Text:
    """``api.member.<name>``: every member of a request has its words (a test holds them)."""
    return Text(f"api.member.{name}")


def _noun(title: str) -> Text:
    """``api.thing.<Title>``: what a schema's title names, with its article (``PlacedTile``: "a
    placed tile")."""
    return Text(f"api.thing.{title}")


def _items(name: str) -> Text:
    """The items of the list member ``name``, several (``api.items.<name>``)."""
    return Text(f"api.items.{name}") if name in _ITEM_NAMES else Text("api.entries")


_ITEM_NAMES: Final = registry.LISTED_ITEMS | {
    "actions", "alhambra", "awarded", "bag", "bought", "cards", "discard", "face_up", "hand",
    "market", "modules", "payment", "pile", "players", "reserve", "rounds_scored", "scoring_due",
    "tiles", "winners",
}  # fmt: skip
"""The list members whose items have words of their own (``api.item.<name>``: "a player";
``api.items.<name>``: "players"); a test holds each in every language."""


_SAID_BY_ITS_ITEMS: Final = frozenset({"actions", "cards", "modules", "players", "tiles"})
"""The list members named as their items are ("the players": players): "there must be 2 to 6
players", not "the players must hold 2 to 6 players"."""


def _last_member(error: ValidationError) -> str:
    names = [part for part in error.absolute_path if isinstance(part, str)]
    return names[-1] if names and error.absolute_path[-1] == names[-1] else ""


# --- values -------------------------------------------------------------------------------


def _kind_word(kind: str) -> Text:
    return Text(f"api.kind.{kind}")


def _kind(instance: Any) -> Value:
    """What was sent, as a kind of value (a number or true/false is quoted as given)."""
    if isinstance(instance, bool):
        return json.dumps(instance)
    if isinstance(instance, int | float):
        return _value(instance)
    if isinstance(instance, str):
        return _kind_word("string")
    if isinstance(instance, list):
        return _kind_word("array")
    if isinstance(instance, dict):
        return _kind_word("object")
    return _kind_word("null")


def _given(instance: Any) -> Value:
    """A short value as sent (JSON), else its kind."""
    if isinstance(instance, str) and len(instance) <= 40:
        return _value(instance)
    if isinstance(instance, str | list | dict):
        return _kind(instance)
    return _value(instance)


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _one_of(values: Sequence[Any]) -> Value:
    """``["region", "cell"]`` → "region or cell"; strings unquoted, but the empty one."""
    words = [v if isinstance(v, str) and v else _value(v) for v in values]
    if len(words) <= 2:
        return listed(words, "or")
    return Text("api.schema.one_of", values=words)


def _bounds(schema: dict[str, Any]) -> Text:
    low, high = schema.get("minimum"), schema.get("maximum")
    if "exclusiveMinimum" in schema:
        return Text("api.bounds.more_than", low=schema["exclusiveMinimum"])
    if "exclusiveMaximum" in schema:
        return Text("api.bounds.less_than", high=schema["exclusiveMaximum"])
    if low is not None and high is not None:
        return Text("api.bounds.between", low=low, high=high)
    if low is not None:
        return Text("api.bounds.at_least", low=low)
    return Text("api.bounds.at_most", high=schema["maximum"])


def _count(schema: dict[str, Any], least: str, most: str) -> Text:
    low, high = schema.get(least), schema.get(most)
    if low is not None and high is not None:
        if low == high:
            return Text("api.count.exactly", low=low)
        return Text("api.count.between", low=low, high=high)
    if low is not None:
        return Text("api.count.at_least", low=low)
    return Text("api.count.at_most", high=schema[most])


def _branch_phrase(branch: Any) -> Value | None:
    """One alternative of a choice in words, when it can be said in a few: a kind of value, a
    schema file's thing, an object with certain members."""
    if not isinstance(branch, dict):
        return None
    if set(branch) == {"type"} and isinstance(branch["type"], str):
        return _kind_word(branch["type"])
    ref = branch.get("$ref")
    if set(branch) == {"$ref"} and isinstance(ref, str) and not ref.startswith("#"):
        return _noun("".join(w.title() for w in ref.split("#")[0].removesuffix(".json").split("-")))
    if set(branch) == {"required"}:
        return Text("api.schema.one_with", names=listed([repr(n) for n in branch["required"]]))
    required = branch.get("required")
    if branch.get("type") == "object" and isinstance(required, list) and len(required) == 1:
        return _noun(str(required[0]).title())  # a piece named by its one member: "a camp"
    return None


def _forbidden(schema: Any) -> Value:
    """What a ``not`` keeps out, when it can be said briefly."""
    if isinstance(schema, dict) and set(schema) == {"required"}:
        return Text("api.forbidden.with", names=listed([repr(n) for n in schema["required"]]))
    if isinstance(schema, dict) and set(schema) == {"anyOf"}:
        return listed([_forbidden(branch) for branch in schema["anyOf"]], "or")
    return Text("api.forbidden.form")


def _or(words: Sequence[Value | None]) -> Value:
    return listed([w for w in words if w], "or")
