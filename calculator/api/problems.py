"""The refusals of the API: a problem of a request (where, a JSON Pointer, RFC 6901, and what)
in one form from loading to the response (``errors: [{pointer, message}]``), and the
:class:`ApiProblem` hierarchy each operation raises, which knows its status and problem type;
its RFC 9457 document is :func:`problem_document` (``schemas/problem.json``).

Every loader reports a flat list of :class:`Problem`, pointers relative to the part it loads;
the caller that knows where that part sits moves them there (:func:`under`). Lists concatenate,
so two problems at nested places can always be reported together. marshmallow's nested error
messages become problems in one place, :func:`load`, the only caller of ``Schema.load``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
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


class ApiProblem(Exception):
    """Base of the API's refusals; each subclass knows its status and problem type.

    ``problems`` (each a pointer and a message) are written as the body's ``errors``.
    """

    status = 400
    type = "about:blank"
    title = "Bad Request"

    def __init__(self, detail: str, problems: Sequence[Problem] = (), **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.problems = tuple(problems)
        if problems:
            extra["errors"] = [{"pointer": p.pointer, "message": p.message} for p in problems]
        self.extra = extra

    def document(self) -> dict[str, Any]:
        """This refusal's RFC 9457 body (``schemas/problem.json``)."""
        return problem_document(self.status, self.title, self.detail, self.type, **self.extra)


class InvalidRequest(ApiProblem):
    """422: the body is JSON but not a request this endpoint accepts; lists every problem."""

    status = 422
    type = "urn:alhambra:problem:invalid-request"
    title = "Invalid request"

    def __init__(self, problems: Sequence[Problem], detail: str | None = None) -> None:
        count = len(problems)
        super().__init__(
            detail or f"the request has {count} problem{'s' if count != 1 else ''}", problems
        )


class SealMismatch(ApiProblem):
    """422: a server that seals the states it gives (``ALHAMBRA_STATE_KEY``) got a state whose
    seal does not match it, or none: it did not give this state as sent."""

    status = 422
    type = "urn:alhambra:problem:seal-mismatch"
    title = "Seal mismatch"

    def __init__(self, message: str) -> None:
        super().__init__(
            "the state is not one this server gave, as sent (its seal); nothing was applied",
            [Problem("/state/seal", message)],
        )


class MalformedBody(ApiProblem):
    status = 400
    type = "urn:alhambra:problem:malformed-json"
    title = "Malformed JSON"


class ContentTooLarge(ApiProblem):
    """413: a body over the size limit (``MAX_CONTENT_LENGTH`` over HTTP, the console script's
    own limit)."""

    status = 413
    type = "about:blank"
    title = "Request Entity Too Large"


class UnsupportedMediaType(ApiProblem):
    status = 415
    type = "about:blank"
    title = "Unsupported Media Type"


def problem_document(
    status: int, title: str, detail: str, type_: str = "about:blank", **extra: Any
) -> dict[str, Any]:
    """The RFC 9457 body (``schemas/problem.json``)."""
    return {"type": type_, "title": title, "status": status, "detail": detail, **extra}
