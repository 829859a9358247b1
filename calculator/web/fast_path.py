"""``POST /v1/scores`` past Flask's dispatch: the same answer, less work per request.

The scores of a table are the API's hot path (issue #2: throughput within 0.8 of an endpoint
that only parses and echoes the body). For one request Flask pushes contexts, matches the URL
against every rule, runs the hooks and builds request and response objects; here that costs
about as much as parsing the body. :class:`ScoresFastPath` sits in front of the Flask app
(``app.wsgi_app``) and answers the common case itself, with the very functions the Flask view
and hooks use:

* the body is read whole (its declared length, within ``MAX_CONTENT_LENGTH``);
* the answer is ``service.scores_of_bytes``: a clean body of the common shape read, checked
  and loaded in one pass (``clean_scores.py``), anything else parsed strictly
  (``body.parse_json``: duplicate keys, NaN, lone surrogates refused) and given to
  ``service.scores`` (contract, every rule check); written by ``v1.answer_text``;
* a refusal (400, 422) is the problem+json of ``errors.api_problem_text``;
* every answer carries the request id and security headers of ``security.py``, and any log
  line of the request its id.

Everything else goes to Flask untouched: another path or method, another media type (even
``application/json; charset=utf-8``), no Content-Length (a streamed body) or one over the
limit (413), a body shorter than declared, CORS switched on (flask-cors decides those
headers), and any unexpected error (Flask logs it and answers 500).
``tests/test_api_fast_path.py`` holds both ways to the same status, headers and body.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from werkzeug.http import HTTP_STATUS_CODES

from calculator.web import service
from calculator.web.errors import PROBLEM_JSON, ApiProblem, api_problem_text
from calculator.web.security import (
    REQUEST_ID_HEADER,
    fast_path_request_id,
    incoming_or_new_request_id,
    security_headers,
)
from calculator.web.v1 import JSON, answer_text

WsgiApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

PATH = "/v1/scores"

_HEADERS = {mimetype: list(security_headers(mimetype).items()) for mimetype in (JSON, PROBLEM_JSON)}
_STATUS = {code: f"{code} {phrase.upper()}" for code, phrase in HTTP_STATUS_CODES.items()}
"""Status lines as werkzeug writes them (``422 UNPROCESSABLE ENTITY``)."""


class ScoresFastPath:
    """WSGI middleware: ``POST /v1/scores`` answered directly, everything else by ``flask``."""

    def __init__(self, app: Flask, flask: WsgiApp) -> None:
        self.app = app
        self.flask = flask

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        length = self._declared_length(environ)
        if length is None:
            return self.flask(environ, start_response)
        raw = environ["wsgi.input"].read(length) if length else b""
        if len(raw) != length:
            return self._by_flask(environ, raw, start_response)
        request_id = incoming_or_new_request_id(environ.get("HTTP_X_REQUEST_ID", ""))
        stamp = fast_path_request_id.set(request_id)  # on any log line of this request
        try:
            status, mimetype = 200, JSON
            text = answer_text(service.scores_of_bytes(raw))
        except ApiProblem as problem:
            status, mimetype = problem.status, PROBLEM_JSON
            text = api_problem_text(problem, request_id)
        except Exception:  # Flask answers it (500) and logs the trace
            return self._by_flask(environ, raw, start_response)
        finally:
            fast_path_request_id.reset(stamp)
        answer = text.encode()
        start_response(_STATUS[status], [
            ("Content-Type", mimetype),
            ("Content-Length", str(len(answer))),
            (REQUEST_ID_HEADER, request_id),
            *_HEADERS[mimetype],
        ])
        return [answer]

    def _declared_length(self, environ: dict[str, Any]) -> int | None:
        """The body's length when this request is the fast path's to answer, else None."""
        if (
            environ.get("PATH_INFO") != PATH
            or environ.get("REQUEST_METHOD") != "POST"
            or environ.get("CONTENT_TYPE") != JSON
            or self.app.config["CORS_ORIGINS"]
        ):
            return None
        declared = environ.get("CONTENT_LENGTH", "")
        if not (declared.isascii() and declared.isdigit()):
            return None
        length = int(declared)
        limit = self.app.config["MAX_CONTENT_LENGTH"]
        return None if limit is not None and length > limit else length

    def _by_flask(self, environ: dict[str, Any], raw: bytes,
                  start_response: Callable[..., Any]) -> Iterable[bytes]:
        """Flask answers, reading the same bytes the fast path read."""
        return self.flask({**environ, "wsgi.input": io.BytesIO(raw)}, start_response)
