"""JSON over HTTP, and every refusal as RFC 9457 problem+json: the one place errors map to HTTP.

* :class:`ApiJSONProvider` is ``app.json``: the one object that decides how the app reads and
  writes JSON, by the api layer's strict reader and compact writer (``api/json_text.py``).
* :func:`operation` adds a view that reads the body (:func:`json_body`: 415, 413, 400), hands
  it to an operation of :mod:`calculator.api` and sends its answer with one success status.
* The error handlers turn the api layer's :class:`~calculator.api.problems.ApiProblem`, HTTP
  errors and anything unexpected into problem+json quoting the request id.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Flask, Request, Response, current_app, request
from flask.json.provider import JSONProvider
from werkzeug.exceptions import HTTPException, InternalServerError

from calculator.api.json_text import parse_json, to_json
from calculator.api.problems import (
    ApiProblem,
    ContentTooLarge,
    UnsupportedMediaType,
    problem_document,
)
from calculator.web.security import request_id, state_seal

JSON = "application/json"
PROBLEM_JSON = "application/problem+json"

log = logging.getLogger(__name__)


class ApiJSONProvider(JSONProvider):
    """Strict reading and compact UTF-8 writing, for every JSON the app reads or sends."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return to_json(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return parse_json(s.encode() if isinstance(s, str) else s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        return self.answer(self._prepare_response_obj(args, kwargs))

    def answer(self, document: Any, status: int = 200, mimetype: str = JSON) -> Response:
        """A JSON answer: its text on one line."""
        return Response(to_json(document) + b"\n", status=status, mimetype=mimetype)


def json_response(document: Any, status: int = 200, mimetype: str = JSON) -> Response:
    """The app's JSON answer of ``document`` (:meth:`ApiJSONProvider.answer`)."""
    provider: ApiJSONProvider = current_app.json  # type: ignore[assignment]
    return provider.answer(document, status, mimetype)


def json_body(request: Request) -> Any:
    """The parsed body; 415 unless it is declared ``application/json`` (in UTF-8, RFC 8259),
    413 over the size limit, 400 unless it parses cleanly.

    Only ``application/json`` is JSON here: a ``+json`` type says more than JSON (a merge patch,
    a problem) and is not a request of ours. The size limit is Flask's ``MAX_CONTENT_LENGTH``: a
    declared length over it is refused before reading, a streamed (chunked) body once it reaches
    it.
    """
    if not request.mimetype:
        raise UnsupportedMediaType(
            "send the body as application/json: the request has no Content-Type header"
        )
    if request.mimetype != JSON:
        raise UnsupportedMediaType(f"send the body as application/json, not {request.mimetype}")
    charset = request.mimetype_params.get("charset")
    if charset is not None and charset.lower() not in UTF_8:
        raise UnsupportedMediaType(
            f"send the body as application/json in UTF-8 (RFC 8259), not in {charset}"
        )
    limit = request.max_content_length
    if limit is not None and request.content_length is not None and request.content_length > limit:
        raise ContentTooLarge(too_large(limit))
    raw = request.get_data(cache=False)
    if request.content_length is None and limit is not None and len(raw) >= limit:
        # Werkzeug stops reading a streamed body at the limit and returns what it has, as if
        # that were all: a body cut short could even parse. Filling the limit is exceeding it.
        raise ContentTooLarge(too_large(limit))
    return current_app.json.loads(raw)


UTF_8 = ("utf-8", "utf8")
"""The charset a JSON body may declare: JSON exchanged between systems is UTF-8 (RFC 8259)."""


def too_large(limit: int) -> str:
    return f"the body is larger than the limit of {limit} bytes ({limit // 1024} KiB)"


def operation(
    blueprint: Blueprint, path: str, operate: Callable[[Any], dict[str, Any]], name: str
) -> None:
    """``POST path`` on ``blueprint``: the JSON body to ``operate``, its answer as JSON; with
    sealed states, a ``state`` in the body is checked and one in the answer sealed
    (:class:`~calculator.web.security.StateSeal`)."""

    def view() -> Response:
        body = json_body(request)
        seal = state_seal()
        if seal is None:
            return json_response(operate(body))
        seal.check(body)
        answer = operate(body)
        seal.seal(answer)
        return json_response(answer)

    view.__name__ = name
    view.__doc__ = operate.__doc__
    blueprint.add_url_rule(path, name, view, methods=["POST"])


def problem_response(document: dict[str, Any]) -> Response:
    """The problem+json answer of an RFC 9457 ``document``; it quotes the request id (a bug
    report then finds the logs)."""
    return json_response({**document, "request_id": request_id()}, document["status"], PROBLEM_JSON)


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiProblem)
    def api_problem(error: ApiProblem) -> Response:
        return problem_response(error.document())

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        response = problem_response(problem_document(status, error.name, _detail(error)))
        valid_methods = getattr(error, "valid_methods", None)
        if status == 405 and valid_methods:
            response.headers["Allow"] = ", ".join(valid_methods)
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        # The last line of defence: log the trace, never send it.
        log.exception("unhandled error")
        server_error = InternalServerError()
        return problem_response(
            problem_document(500, server_error.name, "the server could not handle this request")
        )

    app.after_request(_precondition_failed)


def _detail(error: HTTPException) -> str:
    """A refusal Flask or Werkzeug raised, in our words: the description a view gave, else what
    the status means for this request."""
    if error.description and error.description != type(error).description:
        return error.description  # a view's own words: abort(404, description=...)
    status = error.code
    if status == 404:
        return f"there is no {request.path} on this server: its paths are listed in /openapi.yaml"
    if status == 405:
        methods = [m for m in getattr(error, "valid_methods", None) or () if m not in AUTOMATIC]
        return f"{request.path} answers {' and '.join(methods)}, not {request.method}"
    if status == 413:
        return too_large(request.max_content_length or 0)
    if status == 416:
        return "the range asked for (the Range header) is not within the file"
    return f"{error.name.lower()}: {request.method} {request.path}"


AUTOMATIC = ("HEAD", "OPTIONS")
"""The methods Flask adds to every rule; the Allow header lists them, a refusal's words do not."""


def _precondition_failed(response: Response) -> Response:
    """412, which Werkzeug's conditional answers send with the document itself as the body (an
    ``If-Match`` naming another version), as a problem like any refusal."""
    if response.status_code != 412 or response.mimetype == PROBLEM_JSON:
        return response
    response.close()  # a file's answer holds the file open
    document = problem_document(
        412,
        "Precondition Failed",
        f"{request.path} has changed: If-Match names another version than its ETag",
    )
    response.direct_passthrough = False
    response.set_data(to_json({**document, "request_id": request_id()}) + b"\n")
    response.mimetype = PROBLEM_JSON
    return response
