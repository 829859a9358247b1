"""Transport hardening: request ids, security headers and CORS for companion apps.

No game rule lives here; this module is about the HTTP envelope every response travels in.

* **Request ids.** Each request carries one id: a sane incoming ``X-Request-Id`` (set by nginx
  or by a companion app that wants to correlate) is kept, anything else is replaced by a fresh
  one. The id is echoed in the ``X-Request-Id`` response header (gunicorn's access log prints
  it from there), stamped on application log records (:class:`RequestIdFilter`) and put in
  every problem+json body as ``request_id`` (see ``http.problem``), so a user's bug report
  leads straight to the log lines.
* **Security headers.** Every response says ``X-Content-Type-Options: nosniff``. HTML gets a
  strict Content-Security-Policy (``default-src 'self'``, no framing, no plugins, no inline
  script); everything else gets the deny-all policy recommended for APIs, which also keeps an
  SVG opened on its own from running script. HSTS belongs to the TLS terminator (nginx): the
  app cannot know whether it is reached over HTTPS.
* **Sealed states.** Off unless ``STATE_KEY`` names keys (``ALHAMBRA_STATE_KEY``): then every
  game state the server gives carries ``seal``, an HMAC-SHA256 of the state under the first
  key (:class:`StateSeal`), and a state sent back must carry a seal that one of the keys makes
  of it, compared in constant time; else the request is refused
  (:class:`~calculator.api.problems.SealMismatch`). A seal proves the server gave the state,
  not that it is the latest: a replay is still a game's state.
* **CORS.** Off unless ``CORS_ORIGINS`` lists exact origins (``ALHAMBRA_CORS_ORIGINS`` in the
  environment); then for the API and the contract's documents alike (:data:`CORS_PATHS`).
  flask-cors answers preflights and adds ``Vary: Origin``; this module only checks the
  allowlist, so a typo fails at start-up instead of silently opening the API.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import os
import re
from typing import Any, Final

import msgspec
from flask import Flask, Response, current_app, g, has_request_context, request
from flask_cors import CORS

from calculator.api.problems import SealMismatch
from calculator.core.text import Text

REQUEST_ID_HEADER = "X-Request-Id"
CORS_PATHS = re.compile(r"/v1/.*|/openapi\.yaml|/openapi\.json|/schemas/[^/]+")
"""What companion apps fetch from another origin: the API, and the contract their tools read
(``/openapi.yaml``, ``/openapi.json``, ``/schemas/``). The page and the probes are not theirs."""

_SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
"""Ids from proxies and clients (nginx ``$request_id`` is 32 hex digits, UUIDs, ULIDs). Anything
else (spaces, quotes, control characters, kilobytes) could forge or garble log lines."""

_ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")
"""An origin as browsers send it: scheme, host, optional port; no path, no wildcard."""

HTML_CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "img-src 'self' data:",  # icons inlined in stylesheets as data: URLs; images run no code
        "base-uri 'none'",  # no <base> tag can re-point relative URLs
        "form-action 'self'",
        "frame-ancestors 'none'",  # no clickjacking: the page is never framed
        "object-src 'none'",
    ]
)
API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

COMMON_HEADERS = {
    "X-Content-Type-Options": "nosniff",
}
HTML_HEADERS = {
    "Content-Security-Policy": HTML_CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate CSP level 2
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}
OTHER_HEADERS = {
    "Content-Security-Policy": API_CONTENT_SECURITY_POLICY,
    "Referrer-Policy": "no-referrer",
}


def request_id() -> str:
    """The current request's id ("-" outside a request, e.g. in start-up logs): settled the
    first time it is asked for and kept on ``g``, so every log line of a request carries the
    same one."""
    if not has_request_context():
        return "-"
    if "request_id" not in g:
        g.request_id = incoming_or_new_request_id(request.headers.get(REQUEST_ID_HEADER, ""))
    return str(g.request_id)


def incoming_or_new_request_id(incoming: str) -> str:
    """The id a request with this ``X-Request-Id`` header (or ``""``) goes by."""
    if _SANE_REQUEST_ID.fullmatch(incoming):
        return incoming
    return os.urandom(16).hex()  # 32 hex digits like nginx's $request_id


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every log record, so a log format can print ``%(request_id)s``."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id()
        return True


def cors_origins(configured: Any) -> list[str]:
    """The CORS allowlist from config: a list, or one comma-separated string (from the env).

    Raises ValueError on anything but exact origins: a wildcard or a path there is a mistake
    that would either open the API to every page or match nothing.
    """
    if not configured:
        return []
    items = configured.split(",") if isinstance(configured, str) else list(configured)
    origins = [str(item).strip().rstrip("/") for item in items if str(item).strip()]
    for origin in origins:
        if not _ORIGIN.fullmatch(origin):
            raise ValueError(
                f"CORS_ORIGINS: {origin!r} is not an origin like https://companion.example"
            )
    return origins


SHORTEST_STATE_KEY: Final = 32
"""The shortest state key: 32 random symbols of ``secrets.token_urlsafe``'s alphabet hold 192
bits, beyond guessing."""


def state_keys(configured: Any) -> list[bytes]:
    """The state keys from config: a list, or one comma-separated string (from the env), the
    first sealing and every one accepted (rotation: the new key first, the old after it).

    Raises ValueError on a key shorter than :data:`SHORTEST_STATE_KEY` or holding a space: a
    weak or mangled key must stop the app at start rather than seal with it.
    """
    if not configured:
        return []
    items = configured.split(",") if isinstance(configured, str) else list(configured)
    keys = [str(item).strip() for item in items if str(item).strip()]
    for key in keys:
        if len(key) < SHORTEST_STATE_KEY or any(character.isspace() for character in key):
            raise ValueError(
                f"STATE_KEY: a key is {SHORTEST_STATE_KEY} symbols long or more, without a space "
                "(python -c 'import secrets; print(secrets.token_urlsafe(32))' makes one)"
            )
    return [key.encode("utf-8") for key in keys]


class StateSeal:
    """The seal of a game state (``schemas/game-state.json``, member ``seal``): HMAC-SHA256 under
    a key of the server's, of the state's JSON without its seal, its keys sorted, written
    compactly (so a client may reorder members or whitespace, not values), in base64url."""

    def __init__(self, keys: list[bytes]) -> None:
        self.keys = keys

    @staticmethod
    def of(state: dict[str, Any], key: bytes) -> str:
        text = msgspec.json.encode(
            {member: value for member, value in state.items() if member != SEAL}, order="sorted"
        )
        digest = hmac.new(key, text, hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")

    def check(self, body: Any) -> None:
        """A request's ``state``, if it holds one, carries a seal one of the keys makes of it."""
        state = body.get("state") if isinstance(body, dict) else None
        if not isinstance(state, dict):
            return  # no state to check: the request's contract refuses what is missing
        given = state.get(SEAL)
        if not isinstance(given, str):
            raise SealMismatch(Text("api.seal.missing"))
        sent = given.encode("utf-8")
        if not any(hmac.compare_digest(self.of(state, key).encode(), sent) for key in self.keys):
            raise SealMismatch(Text("api.seal.wrong"))

    def seal(self, answer: dict[str, Any]) -> None:
        """The answer's ``state``, if it holds one, sealed under the first key."""
        state = answer.get("state")
        if isinstance(state, dict):
            answer["state"] = {**state, SEAL: self.of(state, self.keys[0])}


SEAL: Final = "seal"
"""The state's member that holds its seal."""


def state_seal() -> StateSeal | None:
    """The app's seal of game states, ``None`` when it seals none (the default)."""
    seal: StateSeal | None = current_app.extensions.get("state_seal")
    return seal


def _add_headers(response: Response) -> Response:
    headers = response.headers
    headers[REQUEST_ID_HEADER] = request_id()
    # one look at the names the response already has, then the missing headers in one go
    present = {name.lower() for name, _ in headers}
    headers.extend(
        [
            (name, value)
            for name, value in security_headers(response.mimetype or "")
            if name.lower() not in present
        ]
    )
    return response


_HTML_SECURITY_HEADERS: Final = tuple((COMMON_HEADERS | HTML_HEADERS).items())
_OTHER_SECURITY_HEADERS: Final = tuple((COMMON_HEADERS | OTHER_HEADERS).items())


def security_headers(mimetype: str) -> tuple[tuple[str, str], ...]:
    """The security headers of a response of this media type (unless it sets its own)."""
    return _HTML_SECURITY_HEADERS if mimetype == "text/html" else _OTHER_SECURITY_HEADERS


def register_security(app: Flask) -> None:
    """Request ids and security headers on every response; sealed states when keys are set;
    CORS when an allowlist is set."""
    app.after_request(_add_headers)
    keys = state_keys(app.config.get("STATE_KEY"))
    app.extensions["state_seal"] = StateSeal(keys) if keys else None
    origins = cors_origins(app.config.get("CORS_ORIGINS"))
    app.config["CORS_ORIGINS"] = origins
    if origins:
        CORS(
            app,
            resources={rf"(?:{CORS_PATHS.pattern})\Z": {}},
            origins=origins,
            methods=["GET", "POST", "OPTIONS"],
            allow_headers=["Content-Type", REQUEST_ID_HEADER],
            expose_headers=[REQUEST_ID_HEADER],
            supports_credentials=False,  # the API is stateless: no cookies, no auth to leak
            max_age=600,  # browsers cap it anyway (Chrome: 2 h); 10 min bounds a revoked origin
            vary_header=True,
            allow_private_network=False,
        )
        # flask-cors adds Vary only with two or more origins, yet with one the answer still
        # differs by Origin (header or none): a shared cache must not hand one to the other.
        app.after_request(_vary_on_origin)


def _vary_on_origin(response: Response) -> Response:
    if CORS_PATHS.fullmatch(request.path):
        response.vary.add("Origin")
    return response
