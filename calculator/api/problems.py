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

from calculator.core.text import Text


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in a request body: where (a JSON Pointer) and what."""

    pointer: str
    message: Text


class InvalidDocument(Exception):
    """A document (or part of one) that cannot be loaded: every problem found, in order."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.pointer or '/'}: {p.message!r}" for p in self.problems))


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
                Text("api.name_taken", name=repr(name), pointer=f"/players/{seen[name]}"),
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
    elif isinstance(messages, Text):
        yield Problem(pointer(*where), messages)
    else:  # marshmallow's own words, for what the contract refuses first: ours are Texts
        yield Problem(pointer(*where), Text("api.value_refused"))


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
    title = Text("api.status.400")

    def __init__(self, detail: Text, problems: Sequence[Problem] = (), **extra: Any) -> None:
        super().__init__(repr(detail))
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
    title = Text("api.title.invalid_request")

    def __init__(self, problems: Sequence[Problem], detail: Text | None = None) -> None:
        super().__init__(detail or Text("api.detail.invalid_request", n=len(problems)), problems)


class SealMismatch(ApiProblem):
    """422: a server that seals the states it gives (``ALHAMBRA_STATE_KEY``) got a state whose
    seal does not match it, or none: it did not give this state as sent."""

    status = 422
    type = "urn:alhambra:problem:seal-mismatch"
    title = Text("api.title.seal_mismatch")

    def __init__(self, message: Text) -> None:
        super().__init__(Text("api.detail.seal_mismatch"), [Problem("/state/seal", message)])


class MalformedBody(ApiProblem):
    status = 400
    type = "urn:alhambra:problem:malformed-json"
    title = Text("api.title.malformed_json")


class ContentTooLarge(ApiProblem):
    """413: a body over the size limit (``MAX_CONTENT_LENGTH`` over HTTP, the console script's
    own limit)."""

    status = 413
    type = "about:blank"
    title = Text("api.status.413")


class NoSuchDocument(ApiProblem):
    """404: a document of the contract that does not exist (``/schemas/<file>``)."""

    status = 404
    type = "about:blank"
    title = Text("api.status.404")


class UnsupportedMediaType(ApiProblem):
    status = 415
    type = "about:blank"
    title = Text("api.status.415")


def problem_document(
    status: int, title: Text, detail: Text, type_: str = "about:blank", **extra: Any
) -> dict[str, Any]:
    """The RFC 9457 body (``schemas/problem.json``)."""
    return {"type": type_, "title": title, "status": status, "detail": detail, **extra}
