"""Every error the service returns, as RFC 9457 problem+json; the one place errors map to HTTP."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from flask import Flask, Response, json
from werkzeug.exceptions import HTTPException, InternalServerError

from calculator.web.problems import Problem
from calculator.web.security import request_id

PROBLEM_JSON = "application/problem+json"

log = logging.getLogger(__name__)


class ApiProblem(Exception):
    """Base of the web layer's refusals; each subclass knows its status and problem type.

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


class MalformedBody(ApiProblem):
    status = 400
    type = "urn:alhambra:problem:malformed-json"
    title = "Malformed JSON"


class ContentTooLarge(ApiProblem):
    """413 outside HTTP (the console script); over HTTP, Flask's size limit raises it."""

    status = 413
    type = "about:blank"
    title = "Request Entity Too Large"


class UnsupportedMediaType(ApiProblem):
    status = 415
    type = "about:blank"
    title = "Unsupported Media Type"


def problem_document(status: int, title: str, detail: str, type_: str = "about:blank",
                     **extra: Any) -> dict[str, Any]:
    """The RFC 9457 body (``schemas/problem.json``)."""
    return {"type": type_, "title": title, "status": status, "detail": detail, **extra}


def problem(status: int, title: str, detail: str, type_: str = "about:blank",
            **extra: Any) -> Response:
    text = problem_text(status, title, detail, type_, request_id(), **extra)
    return Response(text, status=status, mimetype=PROBLEM_JSON)


def problem_text(status: int, title: str, detail: str, type_: str, request_id: str,
                 **extra: Any) -> str:
    """The problem+json text; it quotes the request id (a bug report then finds the logs)."""
    body = problem_document(status, title, detail, type_, **extra)
    body["request_id"] = request_id
    return json.dumps(body)


def api_problem_text(error: ApiProblem, request_id: str) -> str:
    return problem_text(error.status, error.title, error.detail, error.type, request_id,
                        **error.extra)


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiProblem)
    def api_problem(error: ApiProblem) -> Response:
        return Response(api_problem_text(error, request_id()), status=error.status,
                        mimetype=PROBLEM_JSON)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        status = error.code or 500
        response = problem(status, error.name, error.description or error.name)
        if status == 405 and error.valid_methods:  # type: ignore[attr-defined]
            response.headers["Allow"] = ", ".join(error.valid_methods)  # type: ignore[attr-defined]
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        # The last line of defence: log the trace, never send it.
        log.exception("unhandled error")
        server_error = InternalServerError()
        return problem(500, server_error.name, "the server could not handle this request")
