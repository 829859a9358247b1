"""A problem of a request: where (a JSON Pointer, RFC 6901) and what; one form from loading to
the 422 response (``errors: [{pointer, message}]``).

Every loader reports a flat list of :class:`Problem`, pointers relative to the part it loads;
the caller that knows where that part sits moves them there (:func:`under`). Lists concatenate,
so two problems at nested places can always be reported together. marshmallow's nested error
messages become problems in one place, :func:`load`, the only caller of ``Schema.load``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in a request body: where (a JSON Pointer) and what."""

    pointer: str
    message: str


class InvalidDocument(Exception):
    """A document (or part of one) that cannot be loaded: every problem found, in order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.pointer or '/'}: {p.message}" for p in self.problems))


def pointer(*parts: object) -> str:
    """A JSON Pointer (RFC 6901) from path parts."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def under(parts: Iterable[object], problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` found in a part of a document, pointed at from the document that holds the
    part at ``parts``."""
    prefix = pointer(*parts)
    return [Problem(prefix + problem.pointer, problem.message) for problem in problems]


def load(schema: Schema, document: Any) -> Any:
    """``schema.load(document)``; its refusal as :class:`InvalidDocument`.

    A field or hook of ours reports a refusal as ``ValidationError`` holding problems pointed
    at from the value it loads; marshmallow files them under that value's path, and here they
    are pointed at from ``document``.
    """
    try:
        return schema.load(document)
    except ValidationError as error:
        raise InvalidDocument(_problems(error.messages, ())) from None


def _problems(messages: Any, where: tuple[object, ...]) -> Iterator[Problem]:
    """marshmallow's error messages (nested by member name or index, ``"_schema"`` for the
    object itself) as problems, in their order."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            yield from _problems(value, where if key == "_schema" else (*where, key))
    elif isinstance(messages, list):
        for message in messages:
            yield from _problems(message, where)
    elif isinstance(messages, Problem):
        yield Problem(pointer(*where) + messages.pointer, messages.message)
    else:
        yield Problem(pointer(*where), str(messages))


def refusal(problems: Iterable[Problem]) -> ValidationError:
    """The ``ValidationError`` a marshmallow field or hook of ours raises for ``problems``,
    pointed at from the value it loads (see :func:`load`)."""
    return ValidationError(list(problems))
