"""JSON over HTTP, and every refusal as RFC 9457 problem+json: the one place errors map to HTTP.

* :class:`ApiJSONProvider` is ``app.json``: the one object that decides how the app reads and
  writes JSON, by the api layer's strict reader and compact writer (``api/json_text.py``).
* :func:`operation` adds a view that reads the body (:func:`json_body`: 415, 413, 400), hands
  it to an operation of :mod:`calculator.api` and sends its answer with one success status.
* The error handlers turn the api layer's :class:`~calculator.api.problems.ApiProblem`, HTTP
  errors and anything unexpected into problem+json quoting the request id.
* Every word of an answer is said here, in the request's language (:func:`request_language`):
  the layers below hand over :class:`~calculator.core.text.Text`, the JSON writer says it, and
  the answer carries ``Content-Language`` and ``Vary: Accept-Language``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Final

from flask import Blueprint, Flask, Request, Response, current_app, g, request
from flask.json.provider import JSONProvider
from werkzeug.exceptions import HTTPException

from calculator.api.json_text import parse_json, to_json
from calculator.api.problems import (
    ApiProblem,
    ContentTooLarge,
    UnsupportedMediaType,
    problem_document,
)
from calculator.core.text import Text, listed
from calculator.web.languages import accepted_language
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

    def answer(
        self, document: Any, status: int = 200, mimetype: str = JSON, language: str | None = None
    ) -> Response:
        """A JSON answer: its text on one line; with a ``language``, its words said in it."""
        if language is None:
            return Response(to_json(document) + b"\n", status=status, mimetype=mimetype)
        response = Response(to_json(document, language) + b"\n", status=status, mimetype=mimetype)
        response.headers["Content-Language"] = language
        response.vary.add("Accept-Language")
        return response


def json_response(document: Any, status: int = 200, mimetype: str = JSON) -> Response:
    """The app's JSON answer of ``document`` (:meth:`ApiJSONProvider.answer`), a document of
    no words (the contract, the probes)."""
    provider: ApiJSONProvider = current_app.json  # type: ignore[assignment]
    return provider.answer(document, status, mimetype)


def said_response(document: Any, status: int = 200, mimetype: str = JSON) -> Response:
    """The app's JSON answer of ``document``, its words in the request's language, which it
    names (``Content-Language``), and says it was chosen by ``Accept-Language`` (``Vary``)."""
    provider: ApiJSONProvider = current_app.json  # type: ignore[assignment]
    return provider.answer(document, status, mimetype, request_language())


def in_language(response: Response) -> Response:
    """``response`` (a picture with words) marked as said in the request's language."""
    response.headers["Content-Language"] = request_language()
    response.vary.add("Accept-Language")
    return response


def request_language() -> str:
    """The language of this request's answer: the one a member of the body names (a ruling's
    ``lang``, kept by :func:`speak`), else the best match of ``Accept-Language``, else English."""
    language: str | None = g.get("language")
    return language or accepted_language(request)


def speak(language: str | None) -> None:
    """Answer this request in ``language`` (a member of the body named it), refusals too."""
    if language is not None:
        g.language = language


def json_body(request: Request) -> Any:
    """The parsed body; 415 unless it is declared ``application/json`` (in UTF-8, RFC 8259),
    413 over the size limit, 400 unless it parses cleanly.

    Only ``application/json`` is JSON here: a ``+json`` type says more than JSON (a merge patch,
    a problem) and is not a request of ours. The size limit is Flask's ``MAX_CONTENT_LENGTH``: a
    declared length over it is refused before reading, a streamed (chunked) body once it reaches
    it. Either way the rest of a body a little over the limit is read and dropped first
    (:func:`drop_the_rest`).
    """
    if not request.mimetype:
        raise UnsupportedMediaType(Text("api.detail.no_content_type"))
    if request.mimetype != JSON:
        raise UnsupportedMediaType(Text("api.detail.not_json", mimetype=request.mimetype))
    charset = request.mimetype_params.get("charset")
    if charset is not None and charset.lower() not in UTF_8:
        raise UnsupportedMediaType(Text("api.detail.not_utf8", charset=charset))
    limit = request.max_content_length
    declared = request.content_length
    if limit is not None and declared is not None and declared > limit:
        if declared - limit <= OVERRUN_READ:
            drop_the_rest(request, declared)
        raise ContentTooLarge(too_large(limit))
    raw = request.get_data(cache=False)
    if declared is None and limit is not None and len(raw) >= limit:
        # Werkzeug stops reading a streamed body at the limit and returns what it has, as if
        # that were all: a body cut short could even parse. Filling the limit is exceeding it.
        drop_the_rest(request, OVERRUN_READ)
        raise ContentTooLarge(too_large(limit))
    return current_app.json.loads(raw)


OVERRUN_READ: Final = 256 * 1024
"""How far past the size limit a body is still read (and dropped) before its 413 is sent."""


def drop_the_rest(request: Request, at_most: int) -> None:
    """Read and drop up to ``at_most`` more bytes of a refused body, until it ends.

    A server that closes a connection with bytes of the request unread resets it (TCP), and a
    client still sending then reads "connection reset" instead of the 413. Reading on a little
    lets a body somewhat over the limit end cleanly, as Go's ``net/http`` does; a longer one is
    cut off. The raw input is read because Werkzeug's stream ends at the limit; a declared
    length is read only as far as it goes, a chunked one until the server's reader ends it.
    """
    stream = request.environ["wsgi.input"]
    while at_most > 0 and (chunk := stream.read(min(at_most, 64 * 1024))):
        at_most -= len(chunk)


UTF_8 = ("utf-8", "utf8")
"""The charset a JSON body may declare: JSON exchanged between systems is UTF-8 (RFC 8259)."""


def too_large(limit: int) -> Text:
    return Text("api.detail.too_large", limit=limit, kib=limit // 1024)


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
            return said_response(operate(body))
        seal.check(body)
        answer = operate(body)
        seal.seal(answer)
        return said_response(answer)

    view.__name__ = name
    view.__doc__ = operate.__doc__
    blueprint.add_url_rule(path, name, view, methods=["POST"])


def problem_response(document: dict[str, Any]) -> Response:
    """The problem+json answer of an RFC 9457 ``document``, in the request's language; it quotes
    the request id (a bug report then finds the logs)."""
    return said_response({**document, "request_id": request_id()}, document["status"], PROBLEM_JSON)


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiProblem)
    def api_problem(error: ApiProblem) -> Response:
        return problem_response(error.document())

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        response = problem_response(problem_document(status, status_title(status), _detail(error)))
        valid_methods = getattr(error, "valid_methods", None)
        if status == 405 and valid_methods:
            response.headers["Allow"] = ", ".join(valid_methods)
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        # The last line of defence: log the trace, never send it.
        log.exception("unhandled error")
        return problem_response(
            problem_document(500, status_title(500), Text("api.detail.server_error"))
        )

    app.after_request(_precondition_failed)


STATUSES: Final = (400, 404, 405, 406, 408, 412, 413, 415, 416, 429, 500, 503)
"""The statuses a refusal of the framework or the server can have, each titled in the catalog
(``api.status.404``); another is titled by its number."""


def status_title(status: int) -> Text:
    if status in STATUSES:
        return Text(f"api.status.{status}")
    return Text("api.status.other", status=status)


def _detail(error: HTTPException) -> Text:
    """A refusal Flask or Werkzeug raised, in our words: what the status means for this
    request."""
    status, method = error.code or 500, request.method
    if status == 404:
        return Text("api.detail.no_path", path=request.path)
    if status == 405:
        methods = [m for m in getattr(error, "valid_methods", None) or () if m not in AUTOMATIC]
        allowed = listed(methods)
        return Text(
            "api.detail.wrong_method", path=request.path, methods=allowed, method=request.method
        )
    if status == 413:
        return too_large(request.max_content_length or 0)
    if status == 416:
        return Text("api.detail.range")
    return Text("api.detail.other", method=method, path=request.path, status=status)


AUTOMATIC = ("HEAD", "OPTIONS")
"""The methods Flask adds to every rule; the Allow header lists them, a refusal's words do not."""


def _precondition_failed(response: Response) -> Response:
    """412, which Werkzeug's conditional answers send with the document itself as the body (an
    ``If-Match`` naming another version), as a problem like any refusal."""
    if response.status_code != 412 or response.mimetype == PROBLEM_JSON:
        return response
    response.close()  # a file's answer holds the file open
    document = problem_document(
        412, status_title(412), Text("api.detail.precondition", path=request.path)
    )
    language = request_language()
    response.direct_passthrough = False
    response.set_data(to_json({**document, "request_id": request_id()}, language) + b"\n")
    response.mimetype = PROBLEM_JSON
    response.headers["Content-Language"] = language
    response.vary.add("Accept-Language")
    return response
